"""The crawler test bed: topics from the corpus's categories, every strategy crawls each, metrics and plots."""
from __future__ import annotations

import random
import json
import sqlite3
from collections import Counter
from pathlib import Path

import luigi

from pipeline.errors import UserError
from pipeline.hubseeds import augment_seeds, inlink_graph
from pipeline.store import connect, get_text
from pipeline.testbed import (WIKI, TestTopic, article_titles, collect_facts, iter_titled_pages, load_topics,
                              save_topics, topics_from_facts)
from pipeline.text import slug
from pipeline.urls import canonical
from scoring import crawl_metrics as cm

from .artifacts import atomic_path, json_safe, short_digest, write_csv, write_json, write_text
from .base import Stage
from .crawl import Crawl
from .index import BuildIndex
from .params import IntParam

ALL_STRATEGIES = "bfs,dfs,indegree,bestfirst,bestfirstN,shark,sharkN,urlcombined,naive,dom,hub"


class TestBedTopics(Stage):
    """Topics of the test bed: categories with at least `min_members` pages, seeds and targets split."""

    __test__ = False
    corpus = luigi.Parameter(description="folder of <Title>.html files, or a .tar.xz of one")
    min_members = IntParam(default=20, description="a category is a topic when it has this many pages or more")
    n_seeds = IntParam(default=10, description="seed pages per topic (the rest are its targets)")
    seed = IntParam(default=2006, description="random seed of the seeds/targets split")
    output_root = luigi.Parameter(default="output", description="folder of the test bed, crawls and results")

    def folder(self) -> Path:
        key = json.dumps([str(Path(self.corpus).resolve()), self.min_members, self.n_seeds, self.seed])
        return Path(self.output_root) / "testbed" / f"topics-{short_digest(key)}"

    def output(self):
        return luigi.LocalTarget(str(self.folder() / "topics.json"))

    def run(self):
        if not Path(self.corpus).exists():
            raise UserError(f"corpus {self.corpus!r} does not exist: pass --corpus a folder or .tar.xz of pages")
        self.set_status_message("reading categories and first paragraphs")
        facts = collect_facts(iter_titled_pages(self.corpus), workers=2)
        topics = topics_from_facts(facts, self.min_members, self.n_seeds, self.seed)
        if not topics:
            raise UserError(f"no category has {self.min_members} member pages in {self.corpus!r}: "
                            "lower --min-members")
        folder = self.folder()
        for i, t in enumerate(topics):  # crawl inputs a person can open; topics.json, last, marks completion
            (folder / "topics").mkdir(parents=True, exist_ok=True)
            (folder / "topics" / f"{i:03d}-{slug(t.category, 40)}.description.txt").write_text(t.description)
            (folder / "topics" / f"{i:03d}-{slug(t.category, 40)}.seeds.txt").write_text("\n".join(t.seeds) + "\n")
        # Which saved names are copies of one article (redirects saved under several names):
        # recall counts an article found under any of its names once.
        write_json(luigi.LocalTarget(str(folder / "articles.json")),
                   {t: a for t, a in article_titles(facts).items() if t != a})
        with atomic_path(self.output()) as tmp:
            save_topics(topics, tmp)
        print(f"TestBedTopics: {len(topics)} topics with >= {self.min_members} members -> {self.output().path}")


class BenchmarkParameters:
    """The parameters of a crawl benchmark, shared by the tasks that run or compare one."""

    corpus = luigi.Parameter(description="the collection served locally and crawled")
    strategies = luigi.Parameter(default=ALL_STRATEGIES, description="comma-separated crawl strategies")
    topics = IntParam(default=30, description="how many test-bed topics (a seeded random sample)")
    min_members = IntParam(default=20, description="a category is a topic when it has this many pages or more")
    n_seeds = IntParam(default=10, description="seed pages per topic (the rest are its targets)")
    max_pages = IntParam(default=1000, description="pages per crawl")
    n = IntParam(default=10, description="batch size of the N variants")
    threads = IntParam(default=4, description="fetcher threads per crawl")
    step = IntParam(default=0, description="N between curve points (0: max_pages / 20)")
    port = IntParam(default=8765, description="port the collection is served on during the crawls")
    output_root = luigi.Parameter(default="output", description="folder of the test bed, crawls and results")


class CrawlBenchmark(BenchmarkParameters, Stage):
    """Every strategy on every test-bed topic; precision@N, target recall@N, harvest rate,
    predicate satisfaction, averages with standard errors, paired t-tests, and plots."""

    augment_seeds = luigi.BoolParameter(default=False, description="add each topic's best hub pages to its "
                                        "seeds (Pant & Menczer), from the corpus index's link graph")

    def to_str_params(self, only_significant=False, only_public=False):
        params = super().to_str_params(only_significant, only_public)
        # Off is the plain benchmark: leaving the switch out keeps its task id and folder as they were.
        if not self.augment_seeds:
            params.pop("augment_seeds", None)
        return params

    def topic_task(self) -> TestBedTopics:
        return TestBedTopics(corpus=self.corpus, min_members=self.min_members, n_seeds=self.n_seeds,
                             output_root=self.output_root)

    def index_task(self) -> BuildIndex:
        """The page store of the crawled corpus, whose link graph gives the seeds' back-links."""
        return BuildIndex(corpus=self.corpus, url_prefix=WIKI, output_root=self.output_root)

    def requires(self):
        names = [s.strip() for s in self.strategies.split(",") if s.strip()]
        if not names:
            raise UserError("no strategies: pass --strategies bfs,bestfirst,...")
        if self.topics < 1 or self.max_pages < 1:
            raise UserError("topics and max_pages must be 1 or more")
        if not 1 <= self.n_seeds < self.min_members:
            raise UserError(f"n_seeds {self.n_seeds} must be at least 1 and below min_members {self.min_members}")
        if self.augment_seeds:
            return {"topics": self.topic_task(), "index": self.index_task()}
        return self.topic_task()

    def folder(self) -> Path:
        key = json.dumps(self.to_str_params(only_significant=True), sort_keys=True)
        return Path(self.output_root) / "benchmark" / f"bench-{short_digest(key)}"

    def output(self):
        return luigi.LocalTarget(str(self.folder() / "summary.json"))

    def chosen_topics(self) -> list:
        """(index in topics.json, topic) of the topics to crawl: a sample with a fixed seed, in name
        order, so no one picks the topics a strategy does well on."""
        topics = load_topics(self.topic_task().output().path)
        chosen = sorted(random.Random(2006).sample(range(len(topics)), min(self.topics, len(topics))))
        return [(k, topics[k]) for k in chosen]

    def topic_files(self) -> list[tuple[TestTopic, str]]:
        """(topic, path of its files without .seeds.txt) of the chosen topics, in order."""
        files = sorted((self.topic_task().folder() / "topics").glob("*.seeds.txt"))
        return [(topic, str(files[k])[: -len(".seeds.txt")]) for k, topic in self.chosen_topics()]

    def hub_folder(self) -> Path:
        """Where the augmented seeds and the hub decisions go.

        They depend on the topics drawn and the corpus, not on the strategies or the page
        budget: benchmarks that differ only in those share them, and so share each
        strategy's crawls (a 4-strategy run's crawls are the 11-strategy run's).
        """
        key = json.dumps({k: str(getattr(self, k)) for k in ("corpus", "topics", "min_members", "n_seeds")},
                         sort_keys=True)
        return Path(self.output_root) / "benchmark" / f"hubseeds-{short_digest(key)}"

    def hub_seeds_file(self, stem: str) -> Path:
        """Where a topic's augmented seeds go, named as the topic's files."""
        return self.hub_folder() / "seeds" / (Path(stem).name + ".seeds.txt")

    def write_hub_seeds(self) -> None:
        """Each chosen topic's seeds plus its hubs (titles, as Crawl reads them), and the decisions.

        Written once: hubseeds.json, last, marks them done, so a resumed run() does not
        rebuild the link graph.
        """
        folder = self.hub_folder()
        report = luigi.LocalTarget(str(folder / "hubseeds.json"))
        chosen = self.topic_files()
        if report.exists() and all(self.hub_seeds_file(stem).exists() for _, stem in chosen):
            return
        self.set_status_message("finding hubs in the index's link graph")
        db = self.index_task().output()["db"].path
        con = connect(db, readonly=True)
        try:
            # Only the seeds' in-links are needed: the graph stays a few hundred lists.
            graph = inlink_graph(con, {u for topic, _ in chosen for u in topic.seed_urls(WIKI)})
            topics_out, csv_rows = [], []
            for topic, stem in chosen:
                targets = set(topic.target_urls(WIKI))
                # Targets never become seeds: on a wiki, category members link to each other,
                # so the best hubs are often targets, and a target given as a seed is "found"
                # before the crawl starts (recall would measure the seeding, not the crawler).
                seeds, rows = augment_seeds(topic.seed_urls(WIKI), graph, topic.description,
                                            lambda url: get_text(con, url), exclude=targets)
                # The index's URLs are WIKI + file stem; the crawl's seeds files hold file stems.
                added = [u[len(WIKI):] if u.startswith(WIKI) else u for u in seeds[len(topic.seeds):]]
                for r in rows:  # a hub that is a target is found by being a seed: readers should see it
                    r["target"] = (canonical(r["url"]) or r["url"]) in targets
                    csv_rows.append([topic.category, r["url"], r["hub_score"], r["cosine"], r["decision"],
                                     r["reason"], r["target"]])
                path = self.hub_seeds_file(stem)
                path.parent.mkdir(parents=True, exist_ok=True)
                write_text(luigi.LocalTarget(str(path)), "\n".join(topic.seeds + added) + "\n")
                topics_out.append({"topic": topic.category, "seeds_file": str(path), "seeds": topic.seeds,
                                   "added": added, "added_targets": sum(r["target"] for r in rows
                                                                        if r["decision"] == "kept"),
                                   "decisions": rows})
        finally:
            con.close()
        write_csv(luigi.LocalTarget(str(folder / "hubseeds.csv")),
                  ["topic", "url", "hub_score", "cosine", "decision", "reason", "target"], csv_rows)
        write_json(report, {"index": db, "rule": "top 10 in-linkers per seed by hub score, ties by URL, targets excluded; "
                            "10 best with hub score >= 2; dropped when projected cosine > 0.9",
                            "topics": topics_out})

    def seeds_summary(self) -> dict:
        """Whether seeds were augmented and, if so, how many hubs each topic gained."""
        if not self.augment_seeds:
            return {"augmented": False}
        with open(self.hub_folder() / "hubseeds.json", encoding="utf-8") as f:
            topics = json.load(f)["topics"]
        added = {t["topic"]: len(t["added"]) for t in topics}
        return {"augmented": True, "hubs_folder": str(self.hub_folder()), "hubs_added_mean": round(sum(added.values()) / max(1, len(added)), 3),
                "hub_targets_mean": round(sum(t["added_targets"] for t in topics) / max(1, len(topics)), 3),
                "hubs_added": added}

    def article_of(self, prefix: str):
        """URL -> the URL of the article it is a copy of (itself for most pages).

        The corpus saves some articles under several names (redirects); a crawl that
        reaches a target under another name has found it.
        """
        path = self.topic_task().folder() / "articles.json"
        copies = json.loads(path.read_text()) if path.exists() else {}  # older test beds: none known
        mapping = {canonical(prefix + t): canonical(prefix + a) for t, a in copies.items()}
        return lambda url: mapping.get(url, url)

    def crawl_tasks(self) -> dict[tuple[str, int], Crawl]:
        """One Crawl per (strategy, topic), reading the topic's seeds and description files.

        With augment_seeds the seeds file is this benchmark's augmented one: a different
        Crawl parameter, so a different task id and folder from the plain crawl.
        """
        tasks = {}
        for i, (topic, stem) in enumerate(self.topic_files()):
            seeds = str(self.hub_seeds_file(stem)) if self.augment_seeds else stem + ".seeds.txt"
            for name in [s.strip() for s in self.strategies.split(",") if s.strip()]:
                tasks[(name, i)] = Crawl(
                    strategy=name, n=self.n, keywords=topic.keywords, description="@" + stem + ".description.txt",
                    seeds=seeds, max_pages=self.max_pages, threads=self.threads,
                    site=self.corpus, port=self.port, obey_robots=False, output_root=self.output_root,
                    # The test bed is one host: Hub-Seeking counts the seed pages a page links to.
                    hub_count="urls" if name == "hub" else "hosts")
        return tasks

    def run(self):
        if self.augment_seeds:  # before the crawls exist: they read these seeds files
            self.write_hub_seeds()
        tasks = self.crawl_tasks()
        yield list(tasks.values())  # dynamic dependencies: Luigi runs (or resumes) every crawl
        topics = [t for _, t in self.chosen_topics()]
        summary = self.measure(tasks, list(range(len(topics))), self.folder())
        write_text(luigi.LocalTarget(str(self.folder() / "summary.md")), summary_markdown(summary, self))
        write_json(self.output(), summary)
        print(summary_markdown(summary, self))

    def strategy_names(self, tasks: dict) -> list[str]:
        """The strategies of `tasks`, in ALL_STRATEGIES order."""
        order = ALL_STRATEGIES.split(",")
        return sorted({name for name, _ in tasks}, key=lambda s: order.index(s) if s in order else 99)

    def finished_topics(self) -> list[int]:
        """Positions (in chosen_topics order) of the topics whose every crawl is complete."""
        tasks = self.crawl_tasks()
        names = self.strategy_names(tasks)
        return [i for i in range(len(self.chosen_topics())) if all(tasks[(n, i)].complete() for n in names)]

    def measure(self, tasks: dict, positions: list[int], folder: Path) -> dict:
        """Metrics of the topics at `positions`: metrics.csv, pairwise.csv and the plots in
        `folder`; returns the summary (averages, t-tests, the published orderings)."""
        topics = [t for _, t in self.chosen_topics()]
        prefix = f"http://127.0.0.1:{self.port}/wiki/"
        step = self.step or max(1, self.max_pages // 20)
        ns = list(range(step, self.max_pages + 1, step))
        names = self.strategy_names(tasks)
        rows, per_topic = [], {name: {"precision": [], "recall": [], "harvest": [], "predicate": []} for name in names}
        article = self.article_of(prefix)
        status = self.set_status_message or (lambda message: None)  # None outside a Luigi worker
        vector_cache: dict[tuple[str, int], Counter] = {}
        for done, i in enumerate(positions, 1):
            topic = topics[i]
            pages = {name: crawled_pages(tasks[(name, i)].output()["store"].path) for name in names}
            similarity, holds = cm.page_measures(pages, topic.description, topic.keywords, vector_cache)
            targets = recall_targets(topic, prefix, article)
            for name in names:
                urls = [u for u, _ in pages[name]]
                sims = [similarity[u] for u in urls]
                prec = cm.precision_at(sims, ns)
                rec = cm.target_recall_at([article(u) for u in urls], targets, ns)
                harvest = cm.harvest_rate(sims, HARVEST_THRESHOLD)
                pred = cm.fraction_true(holds[u] for u in urls)
                for n_ in ns:
                    rows.append([name, topic.category, n_, round(prec[n_], 6), round(rec[n_], 6)])
                final = ns[-1]
                per_topic[name]["precision"].append(prec[final])
                per_topic[name]["recall"].append(rec[final])
                per_topic[name]["harvest"].append(harvest)
                per_topic[name]["predicate"].append(pred)
            status(f"metrics for {done}/{len(positions)} topics")
        folder.mkdir(parents=True, exist_ok=True)
        write_csv(luigi.LocalTarget(str(folder / "metrics.csv")),
                  ["strategy", "topic", "N", "precision", "target_recall"], rows)
        summary = summarise(names, per_topic, rows, ns)
        summary["topics_measured"] = len(positions)
        write_csv(luigi.LocalTarget(str(folder / "pairwise.csv")), ["a", "b", "metric", "mean_diff", "t", "p"],
                  [[r["a"], r["b"], r["metric"], round(r["mean_diff"], 6), round(r["t"], 4), round(r["p"], 6)]
                   for r in cm.pairwise_tests({n: {k: per_topic[n][k] for k in ("precision", "recall")}
                                               for n in names})])
        summary["seeds"] = self.seeds_summary()
        plot_curves(rows, names, ns, folder)
        return summary


HARVEST_THRESHOLD = 0.1  # a page with TF-IDF cosine >= 0.1 to the description counts as relevant


def recall_targets(topic: TestTopic, prefix: str, article) -> set[str]:
    """The topic's targets as articles: copies merged, and copies of a seed left out (found at once)."""
    seeds = {article(canonical(prefix + t)) for t in topic.seeds}
    return {article(canonical(prefix + t)) for t in topic.targets} - seeds


def crawled_pages(store: str) -> list[tuple[str, str]]:
    """(URL, main text) of a crawl's usable pages in crawl order."""
    con = sqlite3.connect(f"file:{Path(store).resolve()}?mode=ro", uri=True)
    try:
        return con.execute("SELECT p.url, f.body FROM pages p JOIN pages_fts f ON f.rowid = p.id "
                           "WHERE p.error IS NULL ORDER BY p.crawl_order").fetchall()
    finally:
        con.close()


def summarise(names: list[str], per_topic: dict, rows: list, ns: list[int]) -> dict:
    """Averages with standard errors at the last N, one-tailed paired t-tests against BFS, and
    the published orderings (`crawl_metrics.PUBLISHED_FINDINGS`) checked on target recall."""
    curves = cm.mean_curves(rows, names, ns)
    points = cm.milestones(ns)
    at = {n: cm.per_topic_at(rows, n) for n in points}
    out = {"N": ns[-1], "strategies": {}, "t_tests_vs_bfs": {},
           "published_findings": cm.findings_check(per_topic, "recall"),
           "at_n": {name: {str(n): dict(zip(("precision", "recall"), curves[name][n])) for n in points}
                    for name in names},
           # Where along the crawl an ordering holds: a small test bed can saturate by the last N.
           "published_findings_at_n": {str(n): cm.findings_check(at[n], "recall") for n in points},
           "recall_p_vs_bfs_at_n": {str(n): {name: cm.paired_t(at[n][name]["recall"], at[n]["bfs"]["recall"])[1]
                                             for name in names if name != "bfs"}
                                    for n in points if "bfs" in at[n]}}
    for name in names:
        out["strategies"][name] = {k: dict(zip(("mean", "se"), cm.mean_and_se(v))) for k, v in per_topic[name].items()}
    if "bfs" in per_topic:
        for name in names:
            if name != "bfs":
                out["t_tests_vs_bfs"][name] = {
                    k: dict(zip(("t", "p"), cm.paired_t(per_topic[name][k], per_topic["bfs"][k])))
                    for k in ("precision", "recall")}
    return json_safe(out)


def summary_markdown(summary: dict, task: CrawlBenchmark) -> str:
    """The summary table a person reads."""
    seeds = summary.get("seeds", {})
    if seeds.get("augmented"):
        how = (f"Seeds augmented with hubs: {seeds['hubs_added_mean']} added per topic on average "
               f"({seeds['hub_targets_mean']} of them targets).")
    else:
        how = "Seeds as drawn (not augmented with hubs)."
    measured = summary.get("topics_measured", task.topics)
    scope = f"{task.topics} topics" if measured >= task.topics else f"{measured} of {task.topics} topics (partial)"
    lines = [f"Crawl benchmark: {scope}, {task.max_pages} pages per crawl, N = {summary['N']}.", how, "",
             "| strategy | precision@N | target recall@N | harvest rate | predicate | p (recall > BFS) |",
             "|---|---|---|---|---|---|"]
    for name, s in summary["strategies"].items():
        p = summary["t_tests_vs_bfs"].get(name, {}).get("recall", {}).get("p")
        cells = [f"{s[k]['mean']:.3f} ± {s[k]['se'] or 0:.3f}" for k in ("precision", "recall", "harvest", "predicate")]
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {'' if p is None else f'{p:.3f}'} |")
    at_n = summary.get("at_n", {})
    points = list(next(iter(at_n.values()), {}))
    if len(points) > 1:
        lines += along_the_crawl(summary, points)
    findings = summary.get("published_findings", [])
    if findings and len(points) <= 1:  # with several points the table along the crawl has them
        lines += ["", f"Published orderings, target recall@{summary['N']} (p: one-tailed paired t-test that the "
                  "first beats the second; every pair and metric in pairwise.csv):", "",
                  "| finding | first | second | holds here | p |", "|---|---|---|---|---|"]
        for f in findings:
            p = f["p"]
            lines.append(f"| {f['source']} | {f['mean_better']:.3f} | {f['mean_worse']:.3f} | "
                         f"{f['holds']} | {'' if p is None else f'{p:.3f}'} |")
    return "\n".join(lines) + "\n"


def along_the_crawl(summary: dict, points: list[str]) -> list[str]:
    """Markdown lines: each crawler's recall (p against BFS) and precision at `points`, and the
    published orderings at each of them."""
    lines = ["", "Average target recall@N and precision@N along the crawl:", "",
             "| strategy | " + " | ".join(f"recall@{n}" for n in points) + " | "
             + " | ".join(f"precision@{n}" for n in points) + " |",
             "|---|" + "---|" * (2 * len(points))]
    vs_bfs = summary.get("recall_p_vs_bfs_at_n", {})
    for name, by_n in summary["at_n"].items():
        ps = [vs_bfs.get(n, {}).get(name) for n in points]
        lines.append(f"| {name} | " + " | ".join(
            f"{by_n[n]['recall']:.3f}" + ("" if p is None else f" (p {p:.3f})") for n, p in zip(points, ps))
            + " | " + " | ".join(f"{by_n[n]['precision']:.3f}" for n in points) + " |")
    lines.append("")
    lines.append("(p: one-tailed paired t-test that the crawler's recall at that N exceeds BFS's.)")
    along = summary.get("published_findings_at_n", {})
    if along and any(along.values()):
        lines += ["", "Published orderings along the crawl (first vs second, target recall; holds?; p: "
                  "one-tailed paired t-test that the first beats the second; every pair and metric at the "
                  "last N in pairwise.csv):", "",
                  "| finding | " + " | ".join(f"N = {n}" for n in points) + " |", "|---|" + "---|" * len(points)]
        for k, f in enumerate(along[points[-1]]):
            cells = []
            for n in points:
                g = along[n][k]
                p = "" if g["p"] is None else f", p {g['p']:.3f}"
                cells.append(f"{g['mean_better']:.3f} vs {g['mean_worse']:.3f}: {g['holds']}{p}")
            lines.append(f"| {f['source']} | " + " | ".join(cells) + " |")
    return lines


def plot_curves(rows: list, names: list[str], ns: list[int], folder: Path) -> None:
    """precision@N and target recall@N against N, averaged over topics, all strategies per figure."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curves = cm.mean_curves(rows, names, ns)
    for col, label, fname in ((0, "average precision@N", "precision.png"), (1, "average target recall@N", "recall.png")):
        fig, ax = plt.subplots(figsize=(8, 5))
        colours = plt.get_cmap("tab20").colors  # 11 strategies: the default cycle repeats after 10
        for k, name in enumerate(names):
            ys = [curves[name][n_][col] for n_ in ns]
            ax.plot(ns, ys, label=name, marker="os^v"[k % 4], markersize=3, color=colours[(2 * k) % 20],
                    linestyle="-" if k < 10 else "--")
        ax.set_xlabel("pages crawled (N)")
        ax.set_ylabel(label)
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8, ncol=2)
        fig.tight_layout()
        target = luigi.LocalTarget(str(folder / fname))
        with atomic_path(target) as tmp:
            fig.savefig(tmp, format="png", dpi=110)
        plt.close(fig)
