"""The crawl engine: one loop for every strategy, so all run under identical conditions.

Loop: take the best URLs from the frontier (a batch: the strategy's N, or one per
fetcher thread), fetch them in parallel, then, in frontier order, parse each page, store
it with its out-links, let the strategy score the unvisited out-links, and queue them.
Processing results in pick order keeps a crawl reproducible for a given site.

The engine owns the rules a strategy never sees: URL canonicalisation and length cap,
robots.txt, a per-site page cap, a minimum delay per site, distinct sites per batch, the
page and time budgets, a cap on failed fetches, checkpoints for resuming, and the log.
"""
from __future__ import annotations

import json
import os
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from scoring.strategies import Page, Strategy

from .boilerplate import DEFAULT_RULES, BoilerplateRules
from .fetch import FetchConfig, Fetcher, FetchResult
from .frontier import Entry, Frontier
from .links import Link, extract_links
from .parse import decode_html, main_text, page_title, repaired_tree
from .store import connect, insert_page, pack_html, pack_links, set_meta
from .urls import canonical, host

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

    def _checkpoint(self, con, log_file) -> None:
        con.commit()
        log_file.flush()
        os.fsync(log_file.fileno())
        state = {"order": self.order, "counts": dict(self.counts), "log_rows": self.counts["logged"],
                 "elapsed": self.elapsed(), "frontier": self.frontier.snapshot()}
        tmp = self.workdir / (CHECKPOINT + ".tmp")
        tmp.write_text(json.dumps(state), encoding="utf-8")
        os.replace(tmp, self.workdir / CHECKPOINT)

    def elapsed(self) -> float:
        """Seconds spent crawling, across resumes."""
        return self.elapsed_before + time.monotonic() - self.started

    # ---------------------------------------------------------------- work
    def _process(self, entry: Entry) -> Outcome:
        """Fetch and parse one URL (runs in a fetcher thread)."""
        site = host(entry.url)
        if self.config.per_site_cap and self.site_pages[site] >= self.config.per_site_cap:
            return Outcome(entry, skipped="site cap")
        if self.robots is not None and self.config.obey_robots and not self.robots.allowed(entry.url):
            return Outcome(entry, skipped="robots")
        self.politeness.wait(site)
        result = self.fetcher.fetch(entry.url)
        out = Outcome(entry, result)
        if not result.ok:
            return out
        try:
            # html5lib (~100x slower) only for strategies that read the tag tree's shape.
            parser = "auto" if self.strategy.needs_parent else "lxml"
            root, _ = repaired_tree(decode_html(result.body, result.charset), parser)
        except ValueError as exc:
            out.problem = str(exc)
            return out
        out.title = page_title(root)
        out.links = extract_links(root, result.final_url, self.strategy.needs_context,
                                  self.strategy.needs_parent)
        out.text = main_text(root, self.rules)
        return out

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
            page = Page(res.final_url, out.text, row["depth"], entry.priority, entry.meta,
                        self._eligible(out.links), {link.url for link in out.links})
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
            site = host(url)
            if cfg.allowed_sites and site not in cfg.allowed_sites:
                self.counts["skipped: off-site"] += 1
                continue
            if cfg.per_site_cap and self.site_pages[site] >= cfg.per_site_cap:
                continue
            out.append(link)
        return out

    def _queue(self, page: Page) -> None:
        anchors = {}
        for link in page.links:
            anchors.setdefault(link.url, link)
        for url, priority, meta in self.strategy.links(page):
            link = anchors[url]
            meta = {**meta, "crawl_depth": page.depth + 1, "parent": page.url,
                    "anchor": link.anchor, "context": link.context}
            self.frontier.push(url, priority, meta)  # evictions are counted by the frontier

    def _done(self) -> str | None:
        cfg = self.config
        if self.counts["pages"] >= cfg.max_pages:
            return "page budget"
        if cfg.max_seconds and self.elapsed() >= cfg.max_seconds:
            return "time budget"
        if self.counts["failed"] >= (cfg.max_failures or 20 * cfg.max_pages):
            return "too many failed fetches"
        if len(self.frontier) == 0:
            return "frontier empty"
        return None

    def run(self, progress: Callable[[dict], None] | None = None) -> dict:
        """Crawl until a budget is spent or the frontier is empty; return the summary."""
        resumed = self._restore_or_seed()
        self.started = time.monotonic()
        con = connect(self.store_path)
        batch_size = self.strategy.batch if self.strategy.batch > 1 else self.config.threads
        last_ck = self.counts["pages"]
        with open(self.log_path, "a", encoding="utf-8") as log_file, \
                ThreadPoolExecutor(self.config.threads) as pool:
            while (why := self._done()) is None:
                room = self.config.max_pages - self.counts["pages"]
                take = batch_size if self.strategy.batch > 1 else min(batch_size, max(1, room))
                entries = self.frontier.pop_batch(take, self.config.distinct_sites)
                for out in pool.map(self._process, entries):
                    self._record(out, con, log_file)
                if self.counts["pages"] - last_ck >= self.config.checkpoint_every:
                    self._checkpoint(con, log_file)
                    last_ck = self.counts["pages"]
                if progress:
                    progress(self.summary(None))
            self._checkpoint(con, log_file)
            summary = self.summary(why, resumed)
            set_meta(con, crawl=summary)
            con.commit()
        con.close()
        self.fetcher.close()
        return summary

    def summary(self, stop: str | None, resumed: bool = False) -> dict:
        """Counts, rates and the reason the crawl stopped."""
        secs = self.elapsed()
        return {"strategy": self.strategy.name, "stopped": stop, "resumed": resumed,
                "pages": self.counts["pages"], "fetched": self.counts["fetched"],
                "failed": self.counts["failed"], "seconds": round(secs, 2),
                "pages_per_second": round(self.counts["pages"] / secs, 2) if secs else None,
                "frontier": len(self.frontier), "frontier_evictions": self.frontier.dropped,
                "counts": dict(sorted(self.counts.items())), "config": _jsonable(asdict(self.config))}


def _jsonable(d: dict) -> dict:
    return json.loads(json.dumps(d, default=str))
