"""The crawl engine: one loop for every strategy, so all run under identical conditions.

Loop: take the best URLs from the frontier (a batch: the strategy's N, or one per
fetcher thread), fetch them in parallel threads, parse each usable page (200 HTML) in a
pool of worker processes (pipeline.parse_pool: parsing and stemming are CPU work, and the
fetcher threads share one GIL; `parse_workers=0` parses in the fetcher threads instead,
with the same result), then, in frontier order, store each page with its out-links, let
the strategy score the unvisited out-links, and queue them. Recording results in pick
order keeps a crawl reproducible for a given site, whatever order fetches and parses
finish in.

Breadth-first does not wait for a batch to be recorded before picking the next URLs: it
keeps `in_flight` picks fetching and parsing ahead of the one being recorded, so the
fetcher threads and the parse workers do not idle while the engine stores a page. For a
FIFO frontier that picks the same URLs in the same order as batches would (see
`Crawler._pipelined`). Every other strategy picks from the scores of the pages just
recorded, so it keeps strict batches (their pages are still parsed side by side).

The engine owns the rules a strategy never sees: URL canonicalisation and length cap,
robots.txt, a per-site page cap, a minimum delay per site, distinct sites per batch, the
page and time budgets, a cap on failed fetches, checkpoints for resuming, and the log.
"""
from __future__ import annotations

import json
import os
import threading
import time
from collections import Counter, deque
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from scoring.strategies import BreadthFirst, Page, Strategy

from .boilerplate import DEFAULT_RULES, BoilerplateRules
from .fetch import FetchConfig, Fetcher, FetchResult
from .frontier import Entry, Frontier
from .links import Link
from .parse_pool import Parsed, make_pool, parse_for_crawl
from .store import connect, insert_page, pack_html, pack_links, set_meta
from .urls import canonical, host, is_download

CHECKPOINT = "checkpoint.json"


@dataclass(frozen=True)
class CrawlConfig:
    """Budgets and politeness; defaults follow the published setups where they agree."""

    max_pages: int = 1000            # usable pages to collect
    max_seconds: float = 0           # 0: no time budget
    threads: int = 4                 # fetcher threads
    frontier_size: int = 70_000      # 512 in one published setup, 70,000 in another
    per_site_cap: int = 0            # 0: no cap (100 in one published setup)
    min_delay: float = 0.0           # seconds between two fetches from one site
    distinct_sites: bool = False     # every batch from distinct sites (D = batch size)
    max_url_length: int = 200
    max_failures: int = 0            # stop after this many failed fetches (0: 20 x max_pages)
    obey_robots: bool = True
    checkpoint_every: int = 100      # pages between checkpoints
    allowed_sites: frozenset[str] = frozenset()  # if set, links to other sites are never followed
    fetch: FetchConfig = field(default_factory=FetchConfig)
    # Processes that parse fetched pages; 0: parse in the fetcher threads (one core).
    parse_workers: int = field(default_factory=lambda: os.cpu_count() or 1)
    in_flight: int = 0               # breadth-first: picks fetched/parsed ahead (0: 8 x threads)


@dataclass
class Outcome:
    """What happened to one picked URL."""

    entry: Entry
    result: FetchResult | None = None
    skipped: str | None = None       # "robots", "site cap"
    title: str = ""
    text: str = ""
    links: list[Link] = field(default_factory=list)
    problem: str | None = None       # parse problem of a fetched body
    vector: Counter[str] | None = None  # tf_vector(text), computed with the parse
    parsing: Future | None = None    # the parse running in the pool, until the engine takes it


class Politeness:
    """Minimum delay between fetches from one site, shared by all fetcher threads."""

    def __init__(self, delay: float):
        self.delay = delay
        self.lock = threading.Lock()
        self.next_time: dict[str, float] = {}

    def wait(self, site: str) -> None:
        """Block until `site` may be fetched again, and book the next slot."""
        if self.delay <= 0:
            return
        with self.lock:
            now = time.monotonic()
            at = max(now, self.next_time.get(site, 0.0))
            self.next_time[site] = at + self.delay
        if at > now:
            time.sleep(at - now)


class Crawler:
    """Run one strategy from seeds into a page store, with a log and checkpoints."""

    def __init__(self, strategy: Strategy, seeds: Sequence[str], workdir: str | Path,
                 config: CrawlConfig = CrawlConfig(), rules: BoilerplateRules = DEFAULT_RULES,
                 robots=None, log: Callable[[dict], None] | None = None):
        self.strategy = strategy
        self.config = config
        self.rules = rules
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.store_path = self.workdir / "pages.sqlite"
        self.log_path = self.workdir / "crawl-log.jsonl"
        self.seeds = [u for u in (canonical(s) for s in seeds) if u]
        if config.allowed_sites:
            self.seeds = [u for u in self.seeds if host(u) in config.allowed_sites]
        self.fetcher = Fetcher(config.fetch)
        self.robots = robots
        self.politeness = Politeness(config.min_delay)
        self.frontier = Frontier(config.frontier_size, merge=strategy.merge, site=host)
        self.counts: Counter[str] = Counter()
        self.site_pages: Counter[str] = Counter()
        self.order = 0
        self.started = time.monotonic()
        self.elapsed_before = 0.0
        self.on_log = log
        self._parse_pool: ProcessPoolExecutor | None = None
        self._sites: dict[str, str] = {}

    # ---------------------------------------------------------------- state
    def _restore_or_seed(self) -> bool:
        """Resume from a checkpoint if there is one; True when resumed."""
        ck = self.workdir / CHECKPOINT
        if ck.exists() and self.store_path.exists():
            state = json.loads(ck.read_text())
            con = connect(self.store_path)
            rows = con.execute("SELECT url, host, error FROM pages WHERE crawl_order <= ?",
                               (state["order"],)).fetchall()
            # Pages stored after the checkpoint are dropped: the log and counters say otherwise.
            con.execute("DELETE FROM pages_fts WHERE rowid IN (SELECT id FROM pages WHERE crawl_order > ?)",
                        (state["order"],))
            con.execute("DELETE FROM pages WHERE crawl_order > ?", (state["order"],))
            con.commit()
            con.close()
            self.frontier.restore(state["frontier"], [r[0] for r in rows])
            self.counts = Counter(state["counts"])
            self.site_pages = Counter({r[1]: 0 for r in rows})
            for _, site, error in rows:
                if error is None:
                    self.site_pages[site] += 1
            self.order = state["order"]
            self.elapsed_before = state.get("elapsed", 0.0)
            self._truncate_log(state["log_rows"])
            return True
        for old in (self.store_path, self.log_path):
            if old.exists():
                old.unlink()
        for url in self.seeds:
            priority, meta = self.strategy.seed(url)
            self.frontier.push(url, priority, {**meta, "crawl_depth": 0})
        return False

    def _truncate_log(self, rows: int) -> None:
        if not self.log_path.exists():
            return
        with open(self.log_path, encoding="utf-8") as f:
            kept = [line for _, line in zip(range(rows), f)]
        self.log_path.write_text("".join(kept), encoding="utf-8")

    def _checkpoint(self, con, log_file, pending: Sequence[Entry] = ()) -> None:
        con.commit()
        log_file.flush()
        os.fsync(log_file.fileno())
        frontier = self.frontier.snapshot()
        if pending:  # picked, not recorded yet: a resumed crawl picks them again, in their place
            frontier["entries"] = sorted(
                frontier["entries"] + [[e.url, e.priority, e.seq, e.meta] for e in pending],
                key=lambda row: row[2])
        state = {"order": self.order, "counts": dict(self.counts), "log_rows": self.counts["logged"],
                 "elapsed": self.elapsed(), "frontier": frontier}
        tmp = self.workdir / (CHECKPOINT + ".tmp")
        tmp.write_text(json.dumps(state), encoding="utf-8")
        os.replace(tmp, self.workdir / CHECKPOINT)

    def elapsed(self) -> float:
        """Seconds spent crawling, across resumes."""
        return self.elapsed_before + time.monotonic() - self.started

    # ---------------------------------------------------------------- work
    def _start(self, fetchers: ThreadPoolExecutor, entry: Entry) -> Future:
        """Hand one pick to the fetcher threads; the site cap is checked here, in pick order."""
        cap = self.config.per_site_cap
        if cap and self.site_pages[host(entry.url)] >= cap:
            done: Future = Future()
            done.set_result(Outcome(entry, skipped="site cap"))
            return done
        return fetchers.submit(self._process, entry)

    def _process(self, entry: Entry) -> Outcome:
        """Fetch one URL and start its parse (runs in a fetcher thread)."""
        if self.robots is not None and self.config.obey_robots and not self.robots.allowed(entry.url):
            return Outcome(entry, skipped="robots")
        self.politeness.wait(host(entry.url))
        result = self.fetcher.fetch(entry.url)
        out = Outcome(entry, result)
        if not result.ok:
            return out  # 404s and other errors never reach the parse pool
        # A browser-grade tree (Lexbor's, for pages lxml had to repair) only for strategies that
        # read the tag tree's shape.
        args = (result.body, result.charset, result.final_url,
                "auto" if self.strategy.needs_parent else "lxml",
                self.strategy.needs_context, self.strategy.needs_parent, self.rules)
        pool = self._parse_pool
        if pool is not None:
            try:
                out.parsing = pool.submit(parse_for_crawl, *args)
                return out
            except (BrokenProcessPool, RuntimeError):  # a dead or closed pool: parse here
                pass
        self._apply(out, *parse_for_crawl(*args))
        return out

    def _outcome(self, fetching: Future) -> Outcome:
        """The finished outcome of a pick: fetched, and parsed when it went to the pool."""
        out = fetching.result()
        if out.parsing is not None:
            try:
                parsed = out.parsing.result()
            except BrokenProcessPool:
                # A worker died (killed, or crashed on a page): the pages it held count as
                # problems, and the fetcher threads parse the rest of the crawl themselves.
                self._parse_pool = None
                parsed = ("parse worker died", "", [], ""), None
            out.parsing = None
            self._apply(out, *parsed)
        return out

    @staticmethod
    def _apply(out: Outcome, parsed: Parsed, vector: Counter[str] | None) -> None:
        out.problem, out.title, links, out.text = parsed
        out.links = [Link(*link) for link in links]
        out.vector = vector

    def _record(self, out: Outcome, con, log_file) -> None:
        """Store one outcome, log it, and queue the strategy's scores for its links."""
        entry, res = out.entry, out.result
        self.order += 1
        row = {"order": self.order, "url": entry.url, "priority": round(entry.priority, 6),
               "depth": entry.meta.get("crawl_depth", 0), "parent": entry.meta.get("parent")}
        error = out.skipped or (res.error if res else None) or out.problem
        if res is not None:
            row.update(status=res.status, final_url=res.final_url, seconds=round(res.elapsed, 4))
        row["error"] = error
        if out.skipped:
            self.counts[out.skipped] += 1
        else:
            self.counts["fetched"] += 1
            if error:
                self.counts["failed"] += 1
                self.counts[f"error: {error}"] += 1
            url = res.final_url if res and res.final_url else entry.url
            if url != entry.url:
                self.frontier.mark_visited(url)
            headers = json.dumps(res.headers) if res else None
            inserted = insert_page(
                con, url, host(url), out.title, None if error else out.text,
                pack_html(res.body) if res and res.body else None,
                pack_links([(link.url, link.anchor) for link in out.links]) if out.links else None,
                res.status if res else None, res.content_type if res else None, time.time(),
                row["depth"], entry.meta.get("parent"), entry.meta.get("anchor"),
                entry.meta.get("context"), error, headers, self.order)
            if inserted is None and not error:
                error = row["error"] = "duplicate"  # a redirect to a page already stored
                self.counts["duplicate"] += 1
        if not error:
            self.counts["pages"] += 1
            self.site_pages[host(res.final_url)] += 1
            # Built with no text, so Page does not stem the page again in this thread: the
            # parse already computed the same tf_vector of the same text.
            page = Page(res.final_url, "", row["depth"], entry.priority, entry.meta,
                        self._eligible(out.links), {link.url for link in out.links})
            page.text, page.vector = out.text, out.vector
            row["relevance"] = round(self.strategy.page_score(page), 6)
            row["title"] = out.title
            self._queue(page)
        log_file.write(json.dumps(row, ensure_ascii=False) + "\n")
        self.counts["logged"] += 1
        if self.on_log:
            self.on_log(row)

    def _eligible(self, links: list[Link]) -> list[Link]:
        """The out-links that may still be queued; the rest are counted, never scored."""
        cfg = self.config
        out = []
        for link in links:
            url = link.url
            if url in self.frontier.visited:
                continue
            if len(url) > cfg.max_url_length:
                self.counts["skipped: url too long"] += 1
                continue
            site = self._site(url)
            if cfg.allowed_sites and site not in cfg.allowed_sites:
                self.counts["skipped: off-site"] += 1
                continue
            if cfg.per_site_cap and self.site_pages[site] >= cfg.per_site_cap:
                continue
            if is_download(url):  # as Scrapy's link extractor: a file, never a page
                self.counts["skipped: file link"] += 1
                continue
            out.append(link)
        return out

    def _site(self, url: str) -> str:
        """host(url), memoised by scheme://netloc: a page's out-links are mostly new URLs
        (host's own cache misses) on a few sites."""
        end = url.find("/", url.find("://") + 3)
        if end < 0:
            return host(url)
        origin = url[:end]
        site = self._sites.get(origin)
        if site is None:
            if len(self._sites) > 100_000:
                self._sites.clear()
            site = self._sites[origin] = host(origin)
        return site

    def _queue(self, page: Page) -> None:
        anchors = {}
        for link in page.links:
            anchors.setdefault(link.url, link)
        for url, priority, meta in self.strategy.links(page):
            link = anchors[url]
            meta = {**meta, "crawl_depth": page.depth + 1, "parent": page.url,
                    "anchor": link.anchor, "context": link.context}
            self.frontier.push(url, priority, meta)  # evictions are counted by the frontier

    def _done(self, in_flight: int = 0) -> str | None:
        cfg = self.config
        if self.counts["pages"] >= cfg.max_pages:
            return "page budget"
        if cfg.max_seconds and self.elapsed() >= cfg.max_seconds:
            return "time budget"
        if self.counts["failed"] >= (cfg.max_failures or 20 * cfg.max_pages):
            return "too many failed fetches"
        if len(self.frontier) == 0 and not in_flight:
            return "frontier empty"
        return None

    def _pipelined(self) -> bool:
        """Whether picks may run ahead of recording without changing what is picked.

        Breadth-first is a FIFO with one priority: a URL discovered later always queues
        behind every URL queued before it, so picking early gives the same picks in the
        same order as batches. Only two things can differ, both fixed by `in_flight`, never
        by timing: which URLs a full frontier evicts, and a redirect to a URL already picked
        (stored as a duplicate instead of never being picked). Every other strategy, and
        the -N batches, picks from the scores of the pages just recorded, so it keeps
        strict batches; so does a crawl with a per-site cap (picks are checked against
        pages already recorded) or distinct sites per batch.
        """
        return (isinstance(self.strategy, BreadthFirst) and self.strategy.batch <= 1
                and not self.config.distinct_sites and not self.config.per_site_cap)

    def run(self, progress: Callable[[dict], None] | None = None) -> dict:
        """Crawl until a budget is spent or the frontier is empty; return the summary."""
        # The parse pool comes first: its workers are forked before any fetcher thread exists.
        workers = self.config.parse_workers
        pool = self._parse_pool = make_pool(workers) if workers > 0 else None
        try:
            return self._crawl(progress)
        finally:  # crawl end, exception or Ctrl-C: the workers exit and are joined
            self._parse_pool = None
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
            self.fetcher.close()

    def _crawl(self, progress: Callable[[dict], None] | None) -> dict:
        resumed = self._restore_or_seed()
        self.started = time.monotonic()
        con = connect(self.store_path)
        fetchers = ThreadPoolExecutor(self.config.threads)
        try:
            with open(self.log_path, "a", encoding="utf-8") as log_file:
                loop = self._run_ahead if self._pipelined() else self._batches
                why, pending = loop(fetchers, con, log_file, progress)
                self._checkpoint(con, log_file, pending)
                summary = self.summary(why, resumed, len(pending))
                set_meta(con, crawl=summary)
                con.commit()
        finally:
            # Before the parse pool closes: a fetcher thread may still hand it a page.
            fetchers.shutdown(wait=True, cancel_futures=True)
            con.close()
        return summary

    def _batches(self, fetchers, con, log_file, progress) -> tuple[str, list[Entry]]:
        """Pick a batch, fetch and parse it, record it in pick order; repeat."""
        batch_size = self.strategy.batch if self.strategy.batch > 1 else self.config.threads
        last_ck = self.counts["pages"]
        while (why := self._done()) is None:
            room = self.config.max_pages - self.counts["pages"]
            take = batch_size if self.strategy.batch > 1 else min(batch_size, max(1, room))
            entries = self.frontier.pop_batch(take, self.config.distinct_sites)
            for fetching in [self._start(fetchers, e) for e in entries]:
                self._record(self._outcome(fetching), con, log_file)
            if self.counts["pages"] - last_ck >= self.config.checkpoint_every:
                self._checkpoint(con, log_file)
                last_ck = self.counts["pages"]
            if progress:
                progress(self.summary(None))
        return why, []

    def _run_ahead(self, fetchers, con, log_file, progress) -> tuple[str, list[Entry]]:
        """Breadth-first: keep `in_flight` picks fetching and parsing while one is recorded.

        A pick is made only when one is recorded, so what is picked depends on the site and
        the configuration, never on how fast fetches and parses finish. Picks still in
        flight when a budget ends the crawl are not recorded; checkpoints keep them queued.
        """
        size = max(1, self.config.in_flight or 8 * self.config.threads)
        pending: deque[tuple[Entry, Future]] = deque()
        last_ck = self.counts["pages"]
        recorded = 0
        while (why := self._done(len(pending))) is None:
            while len(pending) < size and (entry := self.frontier.pop()) is not None:
                pending.append((entry, self._start(fetchers, entry)))
            _, fetching = pending.popleft()
            self._record(self._outcome(fetching), con, log_file)
            recorded += 1
            if self.counts["pages"] - last_ck >= self.config.checkpoint_every:
                self._checkpoint(con, log_file, [e for e, _ in pending])
                last_ck = self.counts["pages"]
            if progress and recorded % self.config.threads == 0:
                progress(self.summary(None, pending=len(pending)))
        return why, [e for e, _ in pending]

    def summary(self, stop: str | None, resumed: bool = False, pending: int = 0) -> dict:
        """Counts, rates and the reason the crawl stopped (`pending`: picks not recorded)."""
        secs = self.elapsed()
        return {"strategy": self.strategy.name, "stopped": stop, "resumed": resumed,
                "pages": self.counts["pages"], "fetched": self.counts["fetched"],
                "failed": self.counts["failed"], "seconds": round(secs, 2),
                "pages_per_second": round(self.counts["pages"] / secs, 2) if secs else None,
                "frontier": len(self.frontier) + pending, "frontier_evictions": self.frontier.dropped,
                "counts": dict(sorted(self.counts.items())), "config": _jsonable(asdict(self.config))}


def _jsonable(d: dict) -> dict:
    return json.loads(json.dumps(d, default=str))
