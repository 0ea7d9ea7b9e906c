"""Crawl: one focused crawl with one strategy, into a page store topic mining can read."""
from __future__ import annotations

import contextlib
import dataclasses
import json
from pathlib import Path

import luigi

from pipeline.crawler import CHECKPOINT, CrawlConfig, Crawler
from pipeline.errors import UserError
from pipeline.fetch import FetchConfig
from pipeline.text import slug
from pipeline.urls import host
from scoring.strategies import STRATEGIES, Topic, make_strategy

from .artifacts import short_digest, write_json
from .base import Stage
from .index import load_rules
from .params import FloatParam, IntParam


def failures(summary: dict, most: int = 3) -> str:
    """"N failed" with the commonest reasons, for the crawl's closing line.

    A bare count worries a reader ("1072 failed") that its reasons settle: a collection
    served as a site answers 404 for every link to a page it does not hold.
    """
    reasons = sorted(((n, k[len("error: "):]) for k, n in summary.get("counts", {}).items()
                      if k.startswith("error: ")), key=lambda x: (-x[0], x[1]))
    if not summary.get("failed") or not reasons:
        return f"{summary.get('failed', 0)} failed"
    shown = ", ".join(f"{why} {n}" for n, why in reasons[:most])
    rest = len(reasons) - most
    more = f", {rest} other reason{'s' if rest > 1 else ''}" if rest > 0 else ""
    return f"{summary['failed']} failed ({shown}{more})"


def closing_line(strategy: str, summary: dict, folder: Path) -> str:
    """The line a crawl ends with: pages, speed, failures and why it stopped; a hint when no
    page could be fetched (the seeds are then the likely mistake)."""
    line = (f"Crawl {strategy}: {summary['pages']} pages in {summary['seconds']} s "
            f"({summary['pages_per_second']} pages/s), {failures(summary)}, "
            f"stopped: {summary['stopped']} -> {folder}")
    if not summary["pages"]:
        line += ("\nNo page could be fetched: check --seeds (full URLs, or page titles such as "
                 "Machine_learning with --site) and the failure reasons above")
    return line


def read_list(value: str) -> list[str]:
    """Items of a comma/newline separated value, or of the file it names (one per line)."""
    path = Path(value)
    if value and "\n" not in value and path.is_file():
        value = path.read_text(encoding="utf-8")
    return [x.strip() for x in value.replace(",", "\n").splitlines() if x.strip()]


def read_text(value: str) -> str:
    """The value itself, or the text of the file it names when it starts with '@'."""
    if value.startswith("@"):
        path = Path(value[1:])
        if not path.is_file():
            raise UserError(f"description file {str(path)!r} does not exist: pass text or @FILE")
        return path.read_text(encoding="utf-8")
    return value


class Crawl(Stage):
    """A focused crawl: `output/crawl/<strategy>-<keywords>-<hash>/` holds pages.sqlite,
    crawl-log.jsonl (every pick: URL, priority, order, status, relevance) and summary.json.

    A killed crawl resumes from its last checkpoint (every 100 pages). With --site, the task
    serves a page folder or archive on 127.0.0.1:--port for the crawl's duration, and seeds
    may be page titles on it.
    """

    strategy = luigi.Parameter(default="bestfirst", description=", ".join(STRATEGIES))
    n = IntParam(default=10, description="batch size of the N variants")
    keywords = luigi.Parameter(description="topic keywords")
    description = luigi.Parameter(default="", description="topic description, or @FILE (default: the keywords)")
    seeds = luigi.Parameter(description="seed URLs (or titles with --site), comma separated, or a file")
    max_pages = IntParam(default=1000, description="pages to fetch")
    max_seconds = FloatParam(default=0.0, description="stop after this many seconds (0: no limit)")
    threads = IntParam(default=4, description="fetcher threads")
    frontier_size = IntParam(default=70_000, description="URLs the frontier holds at most (the lowest priority go)")
    per_site_cap = IntParam(default=0, description="pages fetched per host at most (0: no cap)")
    min_delay = FloatParam(default=0.0, description="seconds between two fetches from one host")
    distinct_sites = luigi.BoolParameter(default=False, description="every batch of N from distinct sites")
    max_bytes = IntParam(default=400_000, description="body bytes read at most (the rest is cut off)")
    timeout = FloatParam(default=10.0, description="seconds a fetch may take")
    obey_robots = luigi.BoolParameter(default=True, parsing=luigi.BoolParameter.EXPLICIT_PARSING,
                                      description="obey robots.txt (--obey-robots false to ignore it)")
    hub_count = luigi.Parameter(default="hosts", description='Hub-Seeking counts seed "hosts" or seed "urls"')
    site = luigi.Parameter(default="", description="serve this page folder/archive locally and crawl it")
    port = IntParam(default=8765, description="port of --site (fixed, so a resumed crawl finds its URLs)")
    # Not significant: parsing in processes or in threads stores the same crawl, so the
    # task id and folder stay those of the same crawl without it.
    parse_workers = IntParam(default=-1, significant=False,
                             description="processes that parse fetched pages (0: in the fetcher "
                                         "threads; -1: one per CPU)")
    output_root = luigi.Parameter(default="output", description="folder of the crawls")

    def folder(self) -> Path:
        key = json.dumps({k: v for k, v in self.to_str_params(only_significant=True).items()
                          if k != "output_root"}, sort_keys=True)
        name = f"{self.strategy}-{slug(self.keywords, 30)}-{short_digest(key)}"
        return Path(self.output_root) / "crawl" / name

    def output(self):
        return {"summary": luigi.LocalTarget(str(self.folder() / "summary.json")),
                "store": luigi.LocalTarget(str(self.folder() / "pages.sqlite")),
                "log": luigi.LocalTarget(str(self.folder() / "crawl-log.jsonl"))}

    def complete(self):
        return self.output()["summary"].exists()

    def validate(self) -> None:
        if self.strategy not in STRATEGIES:
            raise UserError(f"unknown strategy {self.strategy!r}: use one of {', '.join(STRATEGIES)}")
        if self.max_pages < 1:
            raise UserError(f"max_pages is {self.max_pages}: pass --max-pages 1 or more")
        if self.hub_count not in ("hosts", "urls"):
            raise UserError(f"hub_count {self.hub_count!r}: use hosts or urls")
        if self.threads < 1 or self.n < 1:
            raise UserError("threads and n must be 1 or more")
        if self.parse_workers < -1:
            raise UserError("parse_workers must be 0 or more (-1: one per CPU)")
        if not read_list(self.seeds):
            raise UserError("no seeds: pass --seeds with URLs (or page titles with --site), or a file of them")
        if self.site and not Path(self.site).exists():
            raise UserError(f"site {self.site!r} does not exist: pass --site with a folder of .html pages or a "
                            ".tar.xz/.tar.gz archive of one, e.g. ../shared/corpora/wikipedia-cs-2020.tar.xz")

    def requires(self):
        self.validate()
        return []

    @contextlib.contextmanager
    def _site(self):
        if not self.site:
            yield None
            return
        from pipeline.testsite import SiteProcess, default_unpack_dir, unpack_corpus

        root = Path(self.site)
        if root.is_file():
            root = unpack_corpus(root, default_unpack_dir(root))
        with SiteProcess(root, port=self.port) as served:
            yield served

    def run(self):
        config = CrawlConfig(
            max_pages=self.max_pages, max_seconds=self.max_seconds, threads=self.threads,
            frontier_size=self.frontier_size, per_site_cap=self.per_site_cap, min_delay=self.min_delay,
            distinct_sites=self.distinct_sites, obey_robots=self.obey_robots,
            fetch=FetchConfig(timeout=self.timeout, max_bytes=self.max_bytes),
            **({} if self.parse_workers < 0 else {"parse_workers": self.parse_workers}))
        with self._site() as served:
            seeds = [s if "://" in s or served is None else served.url_for(s) for s in read_list(self.seeds)]
            if served is not None:  # a local test bed: never leave it for the real web
                config = dataclasses.replace(config, allowed_sites=frozenset({host(served.base_url)}))
            topic = Topic(self.keywords, read_text(self.description) or self.keywords, seeds)
            strategy = make_strategy(self.strategy, topic, n=self.n,
                                     **({"count": self.hub_count} if self.strategy == "hub" else {}))
            robots = None
            if self.obey_robots:
                import requests

                from pipeline.robots import RobotsCache, requests_fetch_text

                robots = RobotsCache(requests_fetch_text(requests.Session(), self.timeout),
                                     config.fetch.user_agent)
            crawler = Crawler(strategy, seeds, self.folder(), config, load_rules(""), robots)

            def progress(s: dict) -> None:
                self.set_status_message(f"{s['pages']} pages, {s['failed']} failed, frontier {s['frontier']}")
                self.set_progress_percentage(round(100 * s["pages"] / self.max_pages))

            summary = crawler.run(progress)
        (self.folder() / CHECKPOINT).unlink(missing_ok=True)
        write_json(self.output()["summary"], summary)
        print(closing_line(self.strategy, summary, self.folder()))
