"""The topic-concept chain: one Luigi task per stage, each writing an artifact in the run folder.

    SearchResults -> NoisyFilter -> ListItems -> Transactions -> FrequentItemsets
      -> CandidatePhrases -> HitCounts -> Scores -> TagTreeCheck -> TopicConcepts

Every stage of one run shares the run's parameters and writes into
`output/<keyword-slug>-<hash>/`, the hash covering every parameter and the index.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import luigi

from mining.itemsets import frequent_itemsets, frequent_phrases, min_count
from mining.listitems import extract_items
from mining.transactions import phrase_transaction, word_transaction
from mining.wordorder import phrase_candidates, restore_order
from pipeline.errors import UserError
from pipeline.noisy import noisy_reason
from pipeline.parse import content_tree, main_text
from pipeline.results import collect_results
from pipeline.search import BACKENDS, CachedHitCounts, open_backend
from pipeline.text import slug
from scoring.hitscores import concept_type, scores
from scoring.tagtree import star_page

from .artifacts import (read_csv, read_json, read_jsonl, write_csv, write_json, write_jsonl,
                        write_text)
from .base import Stage
from .params import FloatParam, IntParam
from .index import BuildIndex, load_rules
from .report import render_markdown, summary_lines

MODES = ("word", "phrase")
STAR_PARSERS = ("auto", "html5lib", "lxml")


class TopicStage(Stage):
    """Parameters shared by every stage of a topic run, and the run's folder.

    Defaults live in luigi.cfg's [TopicConcepts] section; the final task passes its
    values to every earlier stage, so one run uses one set of parameters throughout.
    """

    keyword = luigi.Parameter(description="the subject whose sub-topics are wanted")
    pages = IntParam(default=100)
    domain = luigi.Parameter(default="")
    mode = luigi.Parameter(default="word")
    stemming = luigi.BoolParameter(default=False)
    min_support = FloatParam(default=3.0)
    s1_threshold = FloatParam(default=0.06)
    backend = luigi.Parameter(default="local")
    star_parser = luigi.Parameter(default="auto")
    output_root = luigi.Parameter(default="output")

    artifact = ""  # file name inside the run folder
    upstream: type | None = None

    def validate(self) -> None:
        """One-line errors for bad parameters, before any work starts."""
        if not self.keyword.strip():
            raise UserError("keyword is empty: pass --keyword with a subject, e.g. --keyword \"machine learning\"")
        if self.pages < 1:
            raise UserError(f"pages is {self.pages}: pass --pages 1 or more (default 100)")
        if self.mode not in MODES:
            raise UserError(f"unknown mode {self.mode!r}: use --mode word or --mode phrase")
        if self.backend not in BACKENDS:
            raise UserError(f"unknown backend {self.backend!r}: use one of {', '.join(BACKENDS)}")
        if self.min_support < 0:
            raise UserError(f"min_support is {self.min_support}: pass a count >= 1 or a fraction in (0, 1)")
        if self.s1_threshold < 0:
            raise UserError(f"s1_threshold is {self.s1_threshold}: pass a value >= 0")
        if self.star_parser not in STAR_PARSERS:
            raise UserError(f"unknown star_parser {self.star_parser!r}: use auto, html5lib or lxml")

    def index_task(self) -> BuildIndex:
        """The index this run reads (configured in the [BuildIndex] section of luigi.cfg)."""
        return BuildIndex(output_root=self.output_root)

    def requires(self):
        self.validate()
        if self.upstream is None:
            return self.index_task()
        return self.clone(self.upstream)

    def run_params(self) -> dict:
        """Every parameter that changes the result, for report.json and the run hash."""
        return {"keyword": self.keyword.strip(), "pages": self.pages, "domain": self.domain,
                "mode": self.mode, "stemming": self.stemming, "min_support": self.min_support,
                "s1_threshold": self.s1_threshold, "backend": self.backend,
                "star_parser": self.star_parser}

    def run_dir(self) -> Path:
        key = dict(self.run_params(), index=str(Path(self.index_task().output()["db"].path).resolve()))
        digest = hashlib.sha1(json.dumps(key, sort_keys=True).encode()).hexdigest()[:8]
        return Path(self.output_root) / f"{slug(self.keyword)}-{digest}"

    def output(self):
        return luigi.LocalTarget(str(self.run_dir() / self.artifact))

    def open_backend(self):
        return open_backend(self.backend, self.index_task().output()["db"].path)

    def rules(self):
        return load_rules(self.index_task().boilerplate)

    def stage_input(self, cls: type) -> luigi.LocalTarget:
        """The artifact of an earlier stage of this run."""
        return self.clone(cls).output()

    def status(self, msg: str, pct: float | None = None) -> None:
        self.set_status_message(msg)
        if pct is not None:
            self.set_progress_percentage(round(pct))


class SearchResults(TopicStage):
    """Stage 1: result pages for the keyword until `pages` usable ones are found."""

    artifact = "01-search.jsonl"

    def run(self):
        backend = self.open_backend()
        rows = collect_results(backend, self.keyword, self.pages, self.domain,
                               progress=lambda u, seen: self.status(f"{u} usable of {seen} results",
                                                                     100 * u / self.pages))
        write_jsonl(self.output(), rows)
        usable = sum(r["usable"] for r in rows)
        if usable == 0:
            print(f"WARNING: no page contains {self.keyword!r} in the {self.backend} index"
                  f"{' under ' + self.domain if self.domain else ''}: check the spelling or try a broader keyword")


class NoisyFilter(TopicStage):
    """Stage 2: drop pages whose main text repeats mailing-list or bibliography phrases."""

    artifact = "02-pages.jsonl"
    upstream = SearchResults

    def run(self):
        backend, rules = self.open_backend(), self.rules()
        results = [r for r in read_jsonl(self.input()) if r["usable"]]
        rows = []
        for i, r in enumerate(results):
            page = backend.fetch(r["url"])
            text = page.text
            if text is None:
                root, problem = content_tree(page.raw or b"", rules, "lxml", page.content_type)
                text = main_text(root, rules) if root is not None else ""
            reason = noisy_reason(text)
            rows.append({"url": r["url"], "kept": reason is None, "reason": reason})
            self.status(f"checked {i + 1}/{len(results)} pages", 100 * (i + 1) / max(1, len(results)))
        write_jsonl(self.output(), rows)


class ListItems(TopicStage):
    """Stage 3: every <li>/<dt> of each kept page's main content, kept or with a drop reason."""

    artifact = "03-items.jsonl"
    upstream = NoisyFilter

    def run(self):
        backend, rules = self.open_backend(), self.rules()
        kept = [r["url"] for r in read_jsonl(self.input()) if r["kept"]]
        rows = []
        for i, url in enumerate(kept):
            page = backend.fetch(url)
            root, _ = content_tree(page.raw or b"", rules, "lxml", page.content_type)
            if root is not None:
                rows += [vars(item) for item in extract_items(root, url)]
            self.status(f"{len(rows)} items from {i + 1}/{len(kept)} pages", 100 * (i + 1) / max(1, len(kept)))
        write_jsonl(self.output(), rows)


class Transactions(TopicStage):
    """Stage 4: kept items as word sets (word mode) or whole normalised phrases (phrase mode)."""

    artifact = "04-transactions.jsonl"
    upstream = ListItems

    def run(self):
        rows = []
        for i, item in enumerate(read_jsonl(self.input())):
            if item["reason"]:
                continue
            row = {"item": i, "page": item["page"], "text": item["text"]}
            if self.mode == "word":
                row["words"] = word_transaction(item["text"], self.stemming)
            else:
                row["phrase"] = phrase_transaction(item["text"])
            rows.append(row)
        write_jsonl(self.output(), rows)


class FrequentItemsets(TopicStage):
    """Stage 5: Apriori itemsets of at most 3 words (word mode) or frequent phrases."""

    artifact = "05-itemsets.csv"
    upstream = Transactions

    def run(self):
        rows = read_jsonl(self.input())
        threshold = min_count(self.min_support, len(rows))
        if self.mode == "word":
            found = frequent_itemsets([r["words"] for r in rows], threshold, max_len=3)
            out = [(c, len(s), " ".join(sorted(s))) for s, c in found]
        else:
            out = [(c, len(p.split()), p) for p, c in frequent_phrases([r["phrase"] for r in rows], threshold)]
        write_csv(self.output(), ["support", "size", "itemset"], out)
        self.status(f"{len(out)} itemsets at support >= {threshold} of {len(rows)} transactions")


class CandidatePhrases(TopicStage):
    """Stage 6: restore word order; drop itemsets no list item equals."""

    artifact = "06-candidates.json"
    upstream = FrequentItemsets

    def run(self):
        tx = read_jsonl(self.stage_input(Transactions))
        items = [(r["page"], r["text"]) for r in tx]
        frequent = [(r["itemset"], int(r["support"])) for r in read_csv(self.input())]
        if self.mode == "word":
            sets = [(frozenset(text.split()), n) for text, n in frequent]
            cands, dropped = restore_order(sets, items, self.stemming, self.keyword)
        else:
            cands, dropped = phrase_candidates(frequent, items, self.keyword)
        write_json(self.output(), {"candidates": [vars(c) for c in cands],
                                   "dropped": [vars(d) for d in dropped]})


class HitCounts(TopicStage):
    """Stage 7: n(k), n(CP) and n(b) from the backend, cached on disk."""

    artifact = "07-hitcounts.csv"
    upstream = CandidatePhrases

    def run(self):
        counter = CachedHitCounts(self.open_backend(), Path(self.output_root) / "cache" / "hits")
        try:
            cands = read_json(self.input())["candidates"]
            n_k = counter([self.keyword])
            out = []
            for i, c in enumerate(cands):
                out.append((c["phrase"], n_k, counter([c["phrase"]]), counter([self.keyword, c["phrase"]])))
                if i % 50 == 0:
                    self.status(f"hit counts {i + 1}/{len(cands)}", 100 * (i + 1) / len(cands))
        finally:
            counter.close()
        write_csv(self.output(), ["phrase", "n_k", "n_cp", "n_b"], out)


class Scores(TopicStage):
    """Stage 8: S1..S6 and Type I/II/III, ranked by S1."""

    artifact = "08-scores.csv"
    upstream = HitCounts

    def run(self):
        rows = []
        for r in read_csv(self.input()):
            n_k, n_cp, n_b = int(r["n_k"]), int(r["n_cp"]), int(r["n_b"])
            s = scores(n_k, n_cp, n_b)
            rows.append([r["phrase"], n_k, n_cp, n_b, *(round(s[f"s{i}"], 6) for i in range(1, 7)),
                         concept_type(n_k, n_cp, s["s1"], self.s1_threshold)])
        rows.sort(key=lambda x: (-x[4], x[0]))
        write_csv(self.output(), ["phrase", "n_k", "n_cp", "n_b", "s1", "s2", "s3", "s4", "s5", "s6", "type"], rows)


def _star_one(args) -> tuple[str, str, dict]:
    """Worker: star evidence for one page (top-level so a process pool can run it)."""
    url, raw, content_type, rules, parser, phrases, keyword = args
    root, used = content_tree(raw, rules, parser, content_type)
    if root is None:
        return url, used, {}
    found = star_page(root, url, set(phrases), keyword)
    return url, used, {p: [vars(e) for e in ev] for p, ev in found.items()}


class TagTreeCheck(TopicStage):
    """Stage 9: star candidates whose list a parent node (heading, parent item, ...) ties to the keyword."""

    artifact = "09-stars.json"
    upstream = Scores

    def run(self):
        backend, rules = self.open_backend(), self.rules()
        phrases_by_page: dict[str, list[str]] = {}
        for c in read_json(self.stage_input(CandidatePhrases))["candidates"]:
            for page in c["pages"]:
                phrases_by_page.setdefault(page, []).append(c["phrase"])
        jobs = []
        for url, phrases in sorted(phrases_by_page.items()):
            page = backend.fetch(url)
            jobs.append((url, page.raw or b"", page.content_type, rules, self.star_parser, phrases, self.keyword))
        evidence: dict[str, list[dict]] = {}
        parsers: Counter[str] = Counter()
        with ProcessPoolExecutor() as pool:
            for i, (url, used, found) in enumerate(pool.map(_star_one, jobs, chunksize=4)):
                parsers[used] += 1
                for phrase, ev in found.items():
                    evidence.setdefault(phrase, []).extend(ev)
                self.status(f"tag trees {i + 1}/{len(jobs)}", 100 * (i + 1) / max(1, len(jobs)))
        stars = {p: {"starred": bool(ev), "evidence": ev[:5]} for p, ev in sorted(evidence.items())}
        write_json(self.output(), {"parsers": dict(parsers), "stars": stars})


class TopicConcepts(TopicStage):
    """Final stage: report.json, report.csv and report.md, and a summary on the console."""

    artifact = "report.json"
    upstream = TagTreeCheck

    def output(self):
        d = self.run_dir()
        return {"json": luigi.LocalTarget(str(d / "report.json")),
                "csv": luigi.LocalTarget(str(d / "report.csv")),
                "md": luigi.LocalTarget(str(d / "report.md"))}

    def run(self):
        stars = read_json(self.input())["stars"]
        cands = {c["phrase"]: c for c in read_json(self.stage_input(CandidatePhrases))["candidates"]}
        scored = read_csv(self.stage_input(Scores))
        n_k = counts_n_k(scored, self)
        out = []
        for r in scored:
            c = cands[r["phrase"]]
            out.append({
                "phrase": c["display"], "normalised": r["phrase"], "type": r["type"],
                "n_cp": int(r["n_cp"]), "n_b": int(r["n_b"]),
                **{f"s{i}": float(r[f"s{i}"]) for i in range(1, 7)},
                "starred": stars.get(r["phrase"], {}).get("starred", False),
                "support": c["support"], "pages": c["pages"],
                "star_evidence": stars.get(r["phrase"], {}).get("evidence", []),
            })
        report = {"keyword": self.keyword.strip(), "parameters": self.run_params(), "n_k": n_k,
                  "run_dir": str(self.run_dir()), "index": self.index_task().output()["db"].path,
                  "candidates": out}
        write_json(self.output()["json"], report)
        cols = ["phrase", "type", "n_cp", "n_b", "s1", "s2", "s3", "s4", "s5", "s6", "starred", "support"]
        write_csv(self.output()["csv"], ["rank", *cols], [[i, *(c[k] for k in cols)] for i, c in enumerate(out, 1)])
        write_text(self.output()["md"], render_markdown(report))
        for line in summary_lines(report, self.output()["md"].path):
            print(line)


STAGES = (SearchResults, NoisyFilter, ListItems, Transactions, FrequentItemsets, CandidatePhrases,
          HitCounts, Scores, TagTreeCheck, TopicConcepts)


def counts_n_k(scored: list[dict], task: TopicStage) -> int:
    """n(k) from the scores, or from the backend when there is no candidate to carry it."""
    if scored:
        return int(scored[0]["n_k"])
    counter = CachedHitCounts(task.open_backend(), Path(task.output_root) / "cache" / "hits")
    try:
        return counter([task.keyword])
    finally:
        counter.close()
