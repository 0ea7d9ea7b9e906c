"""The topic-concept chain: one Luigi task per stage, each writing an artifact in the run folder.

    SearchResults -> NoisyFilter -> ListItems -> Transactions -> FrequentItemsets
      -> CandidatePhrases -> HitCounts -> Scores -> TagTreeCheck -> TopicConcepts

Every stage of one run shares the run's parameters and writes into
`output/<keyword-slug>-<hash>/`, the hash covering every parameter and the index.
"""
from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import luigi

from pipeline import evidence_stage, topic_stages as stages
from pipeline.errors import UserError
from pipeline.page_cache import PageCache
from pipeline.results import collect_results
from pipeline.search import BACKENDS, CachedHitCounts, open_backend
from pipeline.text import slug, words
from pipeline.wordnet import Taxonomy
from scoring.evidence import RANKING_VERSION

from .artifacts import (iter_jsonl, read_csv, read_json, read_jsonl, short_digest, write_csv, write_json, write_jsonl,
                        write_text)
from .base import Stage
from .index import BuildIndex, configured_index, load_rules
from .wordnet import WordNetTable
from .params import FloatParam, IntParam, KeywordParam, stray_quote_error
from .report import already_done_line, render_markdown, report_table, summary_lines

MODES = ("word", "phrase")
METHODS = ("evidence", "published")
ITEMSET_ALGORITHMS = ("fpgrowth", "apriori")
STAR_PARSERS = ("auto", "lexbor", "html5lib", "lxml")


_QUERIES: dict[tuple[str, str], str] = {}  # (index file, keyword) -> the form searched (TopicStage.query)
# 2 (session 43): a keyword no document holds as typed is searched in the plural
# (pipeline.topic_stages.search_form); 3 (session 45): also when PLURAL_SHARE times as many
# documents hold the plural. The default method's runs carry RANKING_VERSION instead.
SEARCH_VERSION = 3


def run_folder_name(params: dict, index: str, ranking_version: int = RANKING_VERSION) -> str:
    """The folder of a topic run: the keyword's slug and a digest of every parameter, the index and the ranking."""
    key = dict(params, index=str(Path(index).resolve()))
    if params.get("method") == "evidence":
        # A changed ranking must not be served from an earlier run's folder as if current.
        key["ranking_version"] = ranking_version
    else:
        # Nor a published run made before a keyword found nowhere was searched in the plural.
        key["search_version"] = SEARCH_VERSION
    return f"{slug(params['keyword'])}-{short_digest(json.dumps(key, sort_keys=True))}"


class TopicStage(Stage):
    """Parameters shared by every stage of a topic run, and the run's folder.

    Defaults live in luigi.cfg's [TopicConcepts] section; the final task passes its
    values to every earlier stage, so one run uses one set of parameters throughout.
    """

    keyword = KeywordParam(description="the subject whose sub-topics are wanted")
    pages = IntParam(default=100, description="usable result pages to mine (unusable results are skipped)")
    domain = luigi.Parameter(default="", description="only hosts under this domain: .edu, .com, example.org")
    mode = luigi.Parameter(default="word", description="word: itemsets over word sets; phrase: whole list items")
    stemming = luigi.BoolParameter(default=False, description="Porter-stem words before mining")
    min_support = FloatParam(default=3.0, description="minimum support: a count if >= 1, a share of the items if < 1")
    s1_threshold = FloatParam(default=0.06, description="S1 at or above it is Type I, below it Type II")
    backend = luigi.Parameter(default="local", description="search backend: local (the FTS5 index)")
    star_parser = luigi.Parameter(default="auto", description="tag tree of the star check: auto, lexbor, html5lib or lxml")
    # FP-Growth finds exactly the itemsets and counts Apriori finds (both are exact
    # miners; bench/bench_topic.py and tests/test_itemsets.py check it) in a third of the
    # time; the published Apriori stays one parameter away.
    itemsets = luigi.Parameter(default="fpgrowth", description="frequent-itemset miner: fpgrowth or the published apriori")
    # evidence: the default ranking (scoring/evidence.py); published: S1 order, as published.
    method = luigi.Parameter(default="evidence", description="ranking: evidence (default) or published (S1 order)")
    output_root = luigi.Parameter(default="output", description="folder of the runs, the index and the caches")

    artifact = ""  # file name inside the run folder
    upstream: type | None = None

    def validate(self) -> None:
        """One-line errors for bad parameters, before any work starts."""
        if not self.keyword:
            raise UserError("keyword is empty: pass --keyword with a subject, e.g. --keyword \"machine learning\"")
        if (stray := stray_quote_error(self.keyword)) is not None:
            raise stray
        if not words(self.keyword):
            raise UserError(f"keyword {self.keyword!r} has no letter or digit: the index searches words, runs of "
                            "letters and digits; pass a word, e.g. --keyword \"machine learning\"")
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
        if self.method not in METHODS:
            raise UserError(f"unknown method {self.method!r}: use evidence (default) or published")
        if self.itemsets not in ITEMSET_ALGORITHMS:
            raise UserError(f"unknown itemsets algorithm {self.itemsets!r}: use fpgrowth or apriori")
        if self.star_parser not in STAR_PARSERS:
            raise UserError(f"unknown star_parser {self.star_parser!r}: use auto, lexbor, html5lib or lxml")

    def index_task(self) -> BuildIndex:
        """The index this run reads (configured in the [BuildIndex] section of luigi.cfg)."""
        return configured_index(self.output_root)

    def requires(self):
        self.validate()
        if self.upstream is None:
            return self.index_task()
        return self.clone(self.upstream)

    def complete(self) -> bool:
        # Done only when every stage before is done too: a later artifact left over from an
        # earlier run must not hide a missing earlier one, which later stages also read.
        if not super().complete():
            return False
        return all(t.complete() for t in luigi.task.flatten(self.requires()))

    def run_params(self) -> dict:
        """Every parameter that changes the result, for report.json and the run hash."""
        return {"keyword": self.keyword, "pages": self.pages, "domain": self.domain,
                "mode": self.mode, "stemming": self.stemming, "min_support": self.min_support,
                "s1_threshold": self.s1_threshold, "backend": self.backend,
                "star_parser": self.star_parser, "itemsets": self.itemsets, "method": self.method}

    def run_dir(self) -> Path:
        """The run's folder (the same for every stage of one run)."""
        # Kept per task, index task and working directory: Luigi asks for each stage's
        # output about 80 times a run (every complete() walks the stages before it), and
        # each answer resolved the index's folder and paths again (0.5 ms of 0.75 a call).
        # The index task comes from luigi.cfg's [BuildIndex], which may change between two
        # builds in one process; the relative paths resolve against the cwd.
        index = self.index_task()
        memo = self.__dict__.setdefault("_run_dirs", {})
        key = (index, os.getcwd())
        if key not in memo:
            memo[key] = Path(self.output_root) / run_folder_name(self.run_params(), index.output()["db"].path)
        return memo[key]

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

    def progress(self, what: str):
        """A progress callback for a stage function: Luigi status message and percentage."""
        def report(done: int, total: int) -> None:
            if done == total or done % 10 == 0:
                self.status(f"{done}/{total} {what}", 100 * done / max(1, total))
        return report

    @contextlib.contextmanager
    def hit_counter(self):
        """Hit counts through the on-disk cache, closed afterwards."""
        counter = CachedHitCounts(self.open_backend(), Path(self.output_root) / "cache" / "hits")
        try:
            yield counter
        finally:
            counter.close()

    def query(self) -> str:
        """The keyword as searched and counted (pipeline.topic_stages.search_form): as typed, or
        its plural when no document, or few, hold it as typed. Asked once a task, after the index is built."""
        # Kept for the process per index file: every stage of a run asks, and a stage opening
        # the hit-count cache for it cost 11 ms (a published chain takes about 600).
        key = (str(Path(self.index_task().output()["db"].path).resolve()), self.keyword)
        if key not in _QUERIES:
            backend = self.open_backend()
            try:
                _QUERIES[key] = stages.search_form(backend.hit_count, self.keyword)
            finally:
                backend.close()
        return _QUERIES[key]

    @contextlib.contextmanager
    def page_cache(self):
        """What runs read from pages' parsed trees, kept on disk beside the hit counts."""
        cache = PageCache(self.open_backend(), self.rules(), Path(self.output_root) / "cache" / "pages")
        try:
            yield cache
        finally:
            cache.close()


class SearchResults(TopicStage):
    """Stage 1: result pages for the keyword until `pages` usable ones are found."""

    artifact = "01-search.jsonl"

    def run(self):
        backend = self.open_backend()
        rows = collect_results(backend, self.query(), self.pages, self.domain,
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
        urls = [r["url"] for r in read_jsonl(self.input()) if r["usable"]]
        write_jsonl(self.output(), stages.noisy_pages(self.open_backend(), urls, self.rules(),
                                                      self.progress("pages checked")))


class ListItems(TopicStage):
    """Stage 3: every <li>/<dt> of each kept page's main content, kept or with a drop reason."""

    artifact = "03-items.jsonl"
    upstream = NoisyFilter

    def run(self):
        urls = [r["url"] for r in read_jsonl(self.input()) if r["kept"]]
        write_jsonl(self.output(), stages.list_items(self.open_backend(), urls, self.rules(),
                                                     self.progress("pages parsed for list items")))


class Transactions(TopicStage):
    """Stage 4: kept items as word sets (word mode) or whole normalised phrases (phrase mode)."""

    artifact = "04-transactions.jsonl"
    upstream = ListItems

    def run(self):
        write_jsonl(self.output(), stages.transactions(read_jsonl(self.input()), self.mode, self.stemming))


class FrequentItemsets(TopicStage):
    """Stage 5: frequent itemsets of at most 3 words (word mode) or frequent phrases."""

    artifact = "05-itemsets.csv"
    upstream = Transactions

    def run(self):
        tx = read_jsonl(self.input())
        rows, threshold = stages.itemsets(tx, self.mode, self.min_support, self.itemsets)
        write_csv(self.output(), ["support", "size", "itemset"], rows)
        self.status(f"{len(rows)} itemsets at support >= {threshold} of {len(tx)} transactions")


class CandidatePhrases(TopicStage):
    """Stage 6: restore word order; drop itemsets no list item equals."""

    artifact = "06-candidates.json"
    upstream = FrequentItemsets

    def run(self):
        frequent = [(r["itemset"], int(r["support"])) for r in read_csv(self.input())]
        write_json(self.output(), stages.candidates(read_jsonl(self.stage_input(Transactions)), frequent,
                                                    self.mode, self.stemming, self.query()))


class HitCounts(TopicStage):
    """Stage 7: n(k), n(CP) and n(b) from the backend, cached on disk."""

    artifact = "07-hitcounts.csv"
    upstream = CandidatePhrases

    def run(self):
        cands = read_json(self.input())["candidates"]
        with self.hit_counter() as count:
            rows = stages.hit_counts(count, self.query(), cands, self.progress("candidates counted"))
        write_csv(self.output(), ["phrase", "n_k", "n_cp", "n_b"], rows)


class Scores(TopicStage):
    """Stage 8: S1..S6 and Type I/II/III, ranked by S1."""

    artifact = "08-scores.csv"
    upstream = HitCounts

    def run(self):
        hits = [(r["phrase"], int(r["n_k"]), int(r["n_cp"]), int(r["n_b"])) for r in read_csv(self.input())]
        rows = stages.score(hits, self.s1_threshold)
        write_csv(self.output(), stages.SCORE_COLUMNS, [[r[k] for k in stages.SCORE_COLUMNS] for r in rows])


class TagTreeCheck(TopicStage):
    """Stage 9: star candidates whose list a parent node (heading, parent item, ...) ties to the keyword."""

    artifact = "09-stars.json"
    upstream = Scores

    def run(self):
        cands = read_json(self.stage_input(CandidatePhrases))["candidates"]
        with self.page_cache() as cache:
            found = stages.stars(self.open_backend(), self.rules(), cands, self.query(),
                                 self.star_parser, self.progress("tag trees checked"), cache)
        write_json(self.output(), found)


class Evidence(TopicStage):
    """Stage 10 of the default method: NPMI, lists, definitions and stars, and the ranking score."""

    artifact = "10-evidence.json"
    upstream = TagTreeCheck

    def requires(self):
        return {"stars": super().requires(), "wordnet": WordNetTable(output_root=self.output_root)}

    def run(self):
        scored = [stages.typed_score_row(r) for r in read_csv(self.stage_input(Scores))]
        taxonomy = Taxonomy(self.input()["wordnet"].path)
        try:
            with self.hit_counter() as count, self.page_cache() as pages:
                result = evidence_stage.evidence(self.open_backend(), self.query(), scored,
                                         read_json(self.stage_input(CandidatePhrases))["candidates"],
                                         read_json(self.input()["stars"]), count, self.s1_threshold, self.domain,
                                         self.progress("candidates weighed"), self.rules(), taxonomy,
                                         [r["url"] for r in read_jsonl(self.stage_input(NoisyFilter)) if r["kept"]],
                                         # read only when the keyword is a name (scoring.peers)
                                         iter_jsonl(self.stage_input(ListItems)), pages)
        finally:
            taxonomy.close()
        write_json(self.output(), result)


class TopicConcepts(TopicStage):
    """Final stage: report.json, report.csv and report.md, and a summary on the console."""

    artifact = "report.json"
    upstream = TagTreeCheck

    def requires(self):
        self.validate()
        # The published method's chain is exactly the published stages; the default adds one.
        return self.clone(Evidence if self.method == "evidence" else TagTreeCheck)

    def output(self):
        d = self.run_dir()
        return {"json": luigi.LocalTarget(str(d / "report.json")),
                "csv": luigi.LocalTarget(str(d / "report.csv")),
                "md": luigi.LocalTarget(str(d / "report.md"))}

    def run(self):
        scored = [stages.typed_score_row(r) for r in read_csv(self.stage_input(Scores))]
        if scored:
            n_k = scored[0]["n_k"]
        else:  # no candidate carries n(k): ask for it
            with self.hit_counter() as count:
                n_k = count([self.query()])
        searched = {"searched_as": self.query()} if self.query() != self.keyword else {}
        report = stages.report(self.keyword, self.run_params(), n_k,
                               read_json(self.stage_input(CandidatePhrases))["candidates"], scored,
                               read_json(self.stage_input(TagTreeCheck)),
                               read_json(self.stage_input(Evidence)) if self.method == "evidence" else None,
                               run_dir=str(self.run_dir()), index=self.index_task().output()["db"].path,
                               pages_mined=sum(1 for r in read_jsonl(self.stage_input(NoisyFilter)) if r["kept"]),
                               **searched)
        write_json(self.output()["json"], report)
        header, rows = report_table(report)
        write_csv(self.output()["csv"], header, rows)
        write_text(self.output()["md"], render_markdown(report))
        for line in summary_lines(report, self.output()["md"].path):
            print(line)


@TopicConcepts.event_handler(luigi.Event.DEPENDENCY_PRESENT)
def _say_already_done(task: TopicConcepts) -> None:
    # A finished run is not run again, and Luigi's summary then names no file: a user
    # re-running a command (or a scheduled job) is told where its report is.
    try:
        line = already_done_line(read_json(task.output()["json"]), task.output()["md"].path)
    except (OSError, ValueError, KeyError, TypeError):  # removed or rewritten since complete() saw it
        return
    print(line)


STAGES = (SearchResults, NoisyFilter, ListItems, Transactions, FrequentItemsets, CandidatePhrases,
          HitCounts, Scores, TagTreeCheck, Evidence, TopicConcepts)
PUBLISHED_STAGES = tuple(s for s in STAGES if s is not Evidence)
