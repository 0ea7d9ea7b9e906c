"""Uluhan's single-topic crawler comparison: one keyword, every strategy, one table and one plot.

Uluhan (2006) compared the crawlers on a single topic: the keyword "artificial
intelligence", a description made from the top search results, seeds that link to
those results, and the top 100 results as the targets a crawler should find. Here the
search engine is the corpus's own index (`BuildIndex`, pipeline/search.py) and the
back-links come from its link graph (pipeline/hubseeds.inlink_graph).

Choices (README, "Uluhan's single-topic comparison"):

- Results are counted per article. About 9% of the corpus's pages are saved copies of
  redirects (GOFAI, Symbolic_AI and Symbolic_artificial_intelligence show one article and
  share its stored title); an article counts once, under its best-ranked name, so the
  description does not repeat a paragraph, a target is hit when a crawler fetches any
  of its names, and no name of a target can be a seed.
- Description: the first paragraph of running text of each of the top
  `description_results` articles (pipeline.testbed.first_paragraph, the test bed's rule),
  one per line; a page without one contributes its stored main text cut at 1,000
  characters (at a word boundary).
- Targets: the top `target_results` articles.
- Seeds: stored pages linking to at least one of the description articles, ranked by how
  many of them they link to, ties by URL, one name per article, at most `n_seeds`.
  Targets and description articles are never seeds: a seed is "found" before the crawl
  starts, so target hits would measure the seeding, not the crawler. With no such page,
  the description articles' out-links (stored pages, same ranking and exclusions) are
  the seeds, and inputs.json / summary.json say so.
"""
from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path

import luigi

from pipeline.errors import UserError
from pipeline.hubseeds import inlink_graph
from pipeline.search import LocalBackend
from pipeline.store import unpack_links
from pipeline.testbed import WIKI, first_paragraph
from pipeline.text import slug
from pipeline.urls import canonical
from scoring import crawl_metrics as cm
from scoring.strategies import STRATEGIES

from .artifacts import atomic_path, read_json, short_digest, write_csv, write_json, write_text
from .base import Stage
from .benchmark import ALL_STRATEGIES, HARVEST_THRESHOLD, crawled_pages
from .crawl import Crawl
from .index import BuildIndex, configured_index
from .params import IntParam, KeywordParam, stray_quote_error

FALLBACK_CHARS = 1000  # main text kept for a description page without a first paragraph


class SingleTopicComparison(Stage):
    """One keyword crawled by every strategy: predicate satisfaction, target hits, harvest
    rate and mean similarity per crawler, and the moving average of similarity as it crawls.

    Writes `output/singletopic/<keyword>-<hash>/` (description.txt, seeds.txt, targets.txt,
    inputs.json: the crawls' inputs, shared by every comparison of the same keyword and
    index) and, in its `comparison-<hash>/` folder, table.csv, similarity.csv,
    moving_average.png, summary.md and summary.json (last: it marks completion).
    """

    corpus = luigi.Parameter(default="", description="page folder or .tar.xz served and crawled "
                             "(default: the [BuildIndex] corpus of luigi.cfg)")
    keyword = KeywordParam(default="artificial intelligence", description="the topic the crawlers look for")
    strategies = luigi.Parameter(default=ALL_STRATEGIES, description="comma-separated crawl strategies")
    max_pages = IntParam(default=3000, description="pages per crawler")
    description_results = IntParam(default=10, description="top results whose first paragraphs describe the topic")
    target_results = IntParam(default=100, description="top results that are the targets")
    n_seeds = IntParam(default=10, description="at most this many seeds (pages linking to the top results)")
    n = IntParam(default=10, description="batch size of the N variants")
    threads = IntParam(default=4, description="fetcher threads per crawl")
    port = IntParam(default=8766, description="port the corpus is served on during the crawls")
    window = IntParam(default=100, description="pages in the moving average of similarity")
    output_root = luigi.Parameter(default="output", description="folder of the index, crawls and results")

    # -- parameters -------------------------------------------------------------------------
    def names(self) -> list[str]:
        """The strategies to compare, in the test bed's order, each once."""
        names = list(dict.fromkeys(s.strip() for s in self.strategies.split(",") if s.strip()))
        if not names:
            raise UserError("no strategies: pass --strategies bfs,bestfirst,...")
        unknown = [s for s in names if s not in STRATEGIES]
        if unknown:
            raise UserError(f"unknown strategy {unknown[0]!r}: use one of {', '.join(STRATEGIES)}")
        order = ALL_STRATEGIES.split(",")
        return sorted(names, key=lambda s: order.index(s) if s in order else len(order))

    def validate(self) -> None:
        if not self.keyword:
            raise UserError('keyword is empty: pass --keyword, e.g. --keyword "artificial intelligence"')
        if (stray := stray_quote_error(self.keyword)) is not None:
            raise stray
        self.names()
        for name in ("max_pages", "description_results", "target_results", "n_seeds", "n", "threads", "window"):
            if getattr(self, name) < 1:
                raise UserError(f"{name} is {getattr(self, name)}: pass --{name.replace('_', '-')} 1 or more")

    def index_task(self) -> BuildIndex:
        """The index searched and whose link graph gives the seeds; its corpus is the one crawled."""
        kwargs = {"corpus": self.corpus} if self.corpus else {}
        return configured_index(self.output_root, "--corpus", url_prefix=WIKI, **kwargs)

    def requires(self):
        self.validate()
        return self.index_task()

    # -- where things go ----------------------------------------------------------------------
    def inputs_folder(self) -> Path:
        """The crawls' inputs: keyed by what decides them only, so a comparison with other
        strategies, budget or window reuses them, and with them the crawls already done."""
        key = json.dumps({"keyword": self.keyword, "description_results": self.description_results,
                          "target_results": self.target_results, "n_seeds": self.n_seeds,
                          "index": str(Path(self.index_task().output()["db"].path).resolve())}, sort_keys=True)
        digest = short_digest(key)
        return Path(self.output_root) / "singletopic" / f"{slug(self.keyword)}-{digest}"

    def folder(self) -> Path:
        """This comparison's results, inside the inputs folder."""
        params = self.to_str_params(only_significant=True)
        params.pop("output_root", None)
        params["corpus"] = str(Path(self.index_task().corpus).resolve())
        digest = short_digest(json.dumps(params, sort_keys=True))
        return self.inputs_folder() / f"comparison-{digest}"

    def output(self):
        return luigi.LocalTarget(str(self.folder() / "summary.json"))

    # -- inputs -----------------------------------------------------------------------------------
    def inputs(self) -> dict:
        """Description pages, seeds and targets: chosen once, then read back from inputs.json.

        Luigi calls run() again after the crawls it yields have run: the choice, and the
        link-graph scan it takes, must not be repeated.
        """
        folder = self.inputs_folder()
        report = luigi.LocalTarget(str(folder / "inputs.json"))
        if report.exists():
            return read_json(report)
        self.set_status_message(f"searching the index for {self.keyword!r}")
        backend = LocalBackend(self.index_task().output()["db"].path)
        try:
            chosen = choose_inputs(backend, self.keyword, self.description_results,
                                   self.target_results, self.n_seeds, self.set_status_message)
        finally:
            backend.con.close()
        folder.mkdir(parents=True, exist_ok=True)
        write_text(luigi.LocalTarget(str(folder / "description.txt")), chosen.pop("description") + "\n")
        write_text(luigi.LocalTarget(str(folder / "seeds.txt")),
                   "\n".join(s["title"] for s in chosen["seeds"]) + "\n")
        write_text(luigi.LocalTarget(str(folder / "targets.txt")),
                   "\n".join(t["title"] for t in chosen["targets"]) + "\n")
        write_json(report, chosen)  # last: marks the inputs done
        return chosen

    def crawl_tasks(self) -> dict[str, Crawl]:
        folder = self.inputs_folder()
        return {name: Crawl(strategy=name, n=self.n, keywords=self.keyword,
                            description="@" + str(folder / "description.txt"), seeds=str(folder / "seeds.txt"),
                            max_pages=self.max_pages, threads=self.threads, site=self.index_task().corpus,
                            port=self.port, obey_robots=False, output_root=self.output_root,
                            # One host: Hub-Seeking counts the seed pages a page links to.
                            hub_count="urls" if name == "hub" else "hosts")
                for name in self.names()}

    # -- the comparison -----------------------------------------------------------------------------
    def run(self):
        inputs = self.inputs()
        tasks = self.crawl_tasks()
        self.set_status_message(f"crawling: {len(tasks)} strategies x {self.max_pages} pages")
        yield list(tasks.values())  # dynamic dependencies: Luigi runs (or resumes) every crawl

        self.set_status_message("computing similarities")
        description = (self.inputs_folder() / "description.txt").read_text(encoding="utf-8")
        article_of = crawl_article_map(self.index_task().output()["db"].path, self.port)
        targets = {t["article"] for t in inputs["targets"]}
        pages = {name: crawled_pages(task.output()["store"].path) for name, task in tasks.items()}
        keyword = self.keyword
        similarity, holds = cm.page_measures(pages, description, keyword)  # as CrawlBenchmark
        table, sim_rows, curves, per_strategy = [], [], {}, {}
        ns = checkpoints(self.max_pages)
        for name in tasks:
            urls = [u for u, _ in pages[name]]
            sims = [similarity[u] for u in urls]
            found = {}  # target article -> (crawl position, name fetched), first fetch only
            for i, url in enumerate(urls, 1):
                art = article_of(url)
                if art in targets and art not in found:
                    found[art] = (i, url)
            row = {"pages": len(urls),
                   "predicate_satisfaction": cm.fraction_true(holds[u] for u in urls),
                   "target_hits": len(found),
                   "harvest_rate": cm.harvest_rate(sims, HARVEST_THRESHOLD),
                   # the mean over every page crawled: precision@N at the budget
                   "mean_similarity": cm.precision_at(sims, [self.max_pages])[self.max_pages],
                   # A crawl of half the collection finds nearly every target whatever it does:
                   # where it finds them says more.
                   "target_hits_at": {str(n): sum(pos <= n for pos, _ in found.values()) for n in ns},
                   "precision_at": {str(n): v for n, v in cm.precision_at(sims, ns).items()}}
            table.append([name, row["pages"], _r(row["predicate_satisfaction"]), row["target_hits"],
                          _r(row["harvest_rate"]), _r(row["mean_similarity"]),
                          *(row["target_hits_at"][str(n)] for n in ns),
                          *(_r(row["precision_at"][str(n)]) for n in ns)])
            curves[name] = moving_average(sims, self.window)
            sim_rows.extend([name, i + 1, _r(s), _r(m), u] for i, (s, m, u) in enumerate(zip(sims, curves[name], urls)))
            per_strategy[name] = dict(row, target_recall=len(found) / len(targets) if targets else None,
                                      targets_found=[[pos, url] for pos, url in sorted(found.values())])
        folder = self.folder()
        folder.mkdir(parents=True, exist_ok=True)
        write_csv(luigi.LocalTarget(str(folder / "table.csv")),
                  ["strategy", "pages", "predicate_satisfaction", "target_hits", "harvest_rate", "mean_similarity",
                   *(f"target_hits_at_{n}" for n in ns), *(f"precision_at_{n}" for n in ns)],
                  table)
        write_csv(luigi.LocalTarget(str(folder / "similarity.csv")),
                  ["strategy", "page", "similarity", "moving_average", "url"], sim_rows)
        plot_moving_average(curves, self.window, keyword, folder / "moving_average.png")
        summary = _no_nan({
            "keyword": keyword, "corpus": self.index_task().corpus, "index": self.index_task().output()["db"].path,
            "inputs": str(self.inputs_folder()), "max_pages": self.max_pages, "window": self.window,
            "harvest_threshold": HARVEST_THRESHOLD, "description_pages": len(inputs["description_pages"]),
            "targets": len(targets), "seeds": len(inputs["seeds"]), "seed_source": inputs["seed_source"],
            "strategies": per_strategy})
        markdown = summary_markdown(summary)
        write_text(luigi.LocalTarget(str(folder / "summary.md")), markdown)
        write_json(self.output(), summary)  # last: marks completion
        print(markdown)


# -- choosing the inputs ----------------------------------------------------------------------------

def article_keys(con) -> dict[str, str]:
    """Index URL -> its article: the stored page title ("X - Wikipedia"), which every saved
    copy of a redirect shares with the article it shows; the URL for an untitled page."""
    return {url: title or url for url, title in con.execute("SELECT url, title FROM pages")}


def ranked_articles(backend: LocalBackend, keyword: str, wanted: int, key_of: dict[str, str]) -> list[dict]:
    """The top `wanted` articles for the keyword (phrase search), each under its best-ranked name."""
    seen: dict[str, dict] = {}
    offset, batch = 0, max(100, 2 * wanted)
    while len(seen) < wanted:
        hits = backend.search(keyword, batch, offset)
        for h in hits:
            art = key_of.get(h.url, h.url)
            if art not in seen and len(seen) < wanted:
                seen[art] = {"rank": len(seen) + 1, "url": h.url, "title": _stem(h.url), "article": art,
                             "search_rank": h.rank}
        if len(hits) < batch:
            break
        offset += batch
    return list(seen.values())


def page_description(page) -> str:
    """The page's first paragraph of running text, else its main text cut at a word boundary."""
    text = first_paragraph(page.raw) if page.raw else ""
    if text:
        return " ".join(text.split())
    body = " ".join((page.text or "").split())
    if len(body) <= FALLBACK_CHARS:
        return body
    cut = body[:FALLBACK_CHARS]
    return cut[: cut.rfind(" ")] if " " in cut else cut


def rank_candidates(links_to: dict[str, set[str]], key_of: dict[str, str], barred: set[str],
                    limit: int) -> list[dict]:
    """Pages ranked by how many description articles they link to (ties by URL), barred
    articles left out, one name per article, at most `limit`."""
    rows, taken = [], set()
    for url in sorted(links_to, key=lambda u: (-len(links_to[u]), u)):
        art = key_of.get(url, url)
        if art in barred or art in taken:
            continue
        taken.add(art)
        rows.append({"url": url, "title": _stem(url), "links_to": len(links_to[url])})
        if len(rows) == limit:
            break
    return rows


def choose_inputs(backend: LocalBackend, keyword: str, description_results: int, target_results: int,
                  n_seeds: int, status=lambda msg: None) -> dict:
    """Description, description pages, targets and seeds (see the module docstring)."""
    con = backend.con
    key_of = article_keys(con)
    articles = ranked_articles(backend, keyword, max(description_results, target_results), key_of)
    if not articles:
        raise UserError(f"no page of the index contains {keyword!r}: pass another --keyword")
    described, targets = articles[:description_results], articles[:target_results]
    paragraphs = [page_description(backend.fetch(a["url"])) for a in described]
    names: dict[str, list[str]] = defaultdict(list)
    for url, art in key_of.items():
        names[art].append(url)
    described_names = {u: a["article"] for a in described for u in names[a["article"]]}
    barred = {a["article"] for a in articles}
    status("finding pages that link to the top results")
    # Only the description pages' in-links are wanted: the graph stays small.
    graph = inlink_graph(con, set(described_names))
    links_to: dict[str, set[str]] = defaultdict(set)
    for target, sources in graph.items():
        for source in sources:
            links_to[source].add(described_names[target])
    seeds, source = rank_candidates(links_to, key_of, barred, n_seeds), "in-links"
    if not seeds:  # nothing links to them: their own out-links, if stored
        status("no in-links: seeding from the top results' out-links")
        stored = {canonical(u) or u: u for u in key_of}
        links_to = defaultdict(set)
        placeholders = ",".join("?" * len(described_names))
        for url, blob in con.execute(f"SELECT url, links FROM pages WHERE url IN ({placeholders})",
                                     list(described_names)):
            for link, _ in unpack_links(blob):
                target = stored.get(canonical(link) or link)
                if target is not None:
                    links_to[target].add(described_names[url])
        seeds, source = rank_candidates(links_to, key_of, barred, n_seeds), "out-links"
    if not seeds:
        raise UserError(f"no stored page links to or from the top results for {keyword!r}: "
                        "no seeds to crawl from; pass another --keyword")
    return {"keyword": keyword, "description": "\n".join(p for p in paragraphs if p),
            "description_pages": [dict(a, paragraph_chars=len(p)) for a, p in zip(described, paragraphs)],
            "seed_source": source,
            "seed_rule": "stored pages linking to the most description articles, ties by URL, one name "
                         "per article, targets and description articles excluded" +
                         ("" if source == "in-links" else "; none existed, so the description articles' "
                          "out-links were ranked the same way"),
            "seeds": seeds, "targets": targets}


# -- measuring ------------------------------------------------------------------------------------

def crawl_article_map(index_db: str, port: int):
    """A function: crawl-site URL (http://127.0.0.1:PORT/wiki/<stem>) -> its index article, or None."""
    from pipeline.store import connect

    con = connect(index_db, readonly=True)
    try:
        by_url = {canonical(u) or u: art for u, art in article_keys(con).items()}
    finally:
        con.close()
    prefix = f"http://127.0.0.1:{port}/wiki/"

    def article_of(url: str) -> str | None:
        if not url.startswith(prefix):
            return None
        index_url = WIKI + url[len(prefix):]
        return by_url.get(canonical(index_url) or index_url)

    return article_of


def moving_average(values: list[float], window: int) -> list[float]:
    """Trailing mean of the last `window` values at each position (fewer at the start)."""
    return [math.fsum(values[max(0, i + 1 - window): i + 1]) / min(i + 1, window) for i in range(len(values))]


def plot_moving_average(curves: dict[str, list[float]], window: int, keyword: str, path: Path) -> None:
    """One line per strategy: moving average of similarity against pages crawled."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5))
    colours = plt.get_cmap("tab20").colors  # 11 strategies: the default cycle repeats after 10
    for k, (name, ys) in enumerate(curves.items()):
        ax.plot(range(1, len(ys) + 1), ys, label=name, color=colours[(2 * k) % 20], linewidth=1.2,
                linestyle="-" if k < 10 else "--")
    ax.set_xlabel("pages crawled")
    ax.set_ylabel(f"similarity to the description, moving average of {window}")
    ax.set_title(f"{keyword!r}: TF-IDF cosine of each crawled page with the description", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    with atomic_path(luigi.LocalTarget(str(path))) as tmp:
        fig.savefig(tmp, format="png", dpi=110)
    plt.close(fig)


CHECKPOINTS = (100, 500, 1000)


def checkpoints(max_pages: int) -> list[int]:
    """The crawl lengths results are also given at: 100, 500, 1,000 pages and the budget."""
    return sorted({n for n in CHECKPOINTS if n < max_pages} | {max_pages})


def summary_markdown(summary: dict) -> str:
    """The tables a person reads."""
    lines = [f"Single-topic comparison: {summary['keyword']!r}, {summary['max_pages']} pages per crawler, "
             f"{summary['targets']} targets, {summary['seeds']} seeds ({summary['seed_source']}), "
             f"description from {summary['description_pages']} pages; harvest: cosine >= "
             f"{summary['harvest_threshold']}.", "",
             "| strategy | pages | predicate satisfaction | target hits | harvest rate | mean similarity |",
             "|---|---|---|---|---|---|"]
    for name, s in summary["strategies"].items():
        cells = [_fmt(s[k]) for k in ("predicate_satisfaction",)] + [f"{s['target_hits']} / {summary['targets']}"]
        cells += [_fmt(s[k]) for k in ("harvest_rate", "mean_similarity")]
        lines.append(f"| {name} | {s['pages']} | " + " | ".join(cells) + " |")
    ns = list(next(iter(summary["strategies"].values()), {}).get("target_hits_at", {}))
    if ns:
        lines += ["", "Target hits and mean similarity (precision@N) after the first N pages:", "",
                  "| strategy | " + " | ".join(f"hits@{n}" for n in ns) + " | "
                  + " | ".join(f"precision@{n}" for n in ns) + " |",
                  "|---|" + "---|" * (2 * len(ns))]
        for name, s in summary["strategies"].items():
            lines.append(f"| {name} | " + " | ".join(str(s["target_hits_at"][n]) for n in ns) + " | "
                         + " | ".join(_fmt(s["precision_at"][n]) for n in ns) + " |")
    return "\n".join(lines) + "\n"


def _stem(url: str) -> str:
    """An index URL's file stem: the title the crawl's seeds file and site use."""
    return url[len(WIKI):] if url.startswith(WIKI) else url


def _r(x: float) -> float | None:
    return None if x is None or math.isnan(x) else round(x, 6)


def _fmt(x) -> str:
    return "–" if x is None else f"{x:.3f}"


def _no_nan(data):
    """NaN (a crawl with no usable page) as null, so summary.json is valid JSON."""
    if isinstance(data, float):
        return None if math.isnan(data) else round(data, 6)
    if isinstance(data, dict):
        return {k: _no_nan(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_no_nan(v) for v in data]
    return data
