"""Benchmark crawl throughput on the local corpus site, with a Scrapy baseline in the same run.

    python bench/bench_crawl.py [--pages 2000] [--threads 4] [--parse-workers 0,2]
                                [--scrapy both] [--repeat 1] [--out bench/results]

1. The corpus is served by pipeline.testsite.CorpusSite in a separate process (its own
   GIL) on a free 127.0.0.1 port; every page is read into the server's cache before timing.
2. topicminer: pipeline.crawler.Crawler, BFS, from /wiki/Machine_learning, once per
   --parse-workers value (0: pages parsed in the fetcher threads, the old way; N: a pool of
   N parse processes, default one per CPU), each in a fresh spawned process so no run
   inherits another's warm caches or peak memory. CPU = getrusage delta around
   Crawler.run() of that process plus its parse workers (RUSAGE_CHILDREN: they are joined
   when the crawl ends); peak RSS = its VmHWM plus each parse worker's peak private
   memory (what it does not share with its parent: it is forked), sampled twice a second;
   MB = decompressed HTML blobs of every stored row (404 bodies included).
3. Scrapy: a plain scrapy.Spider in a subprocess, breadth-first, same seed and host, one
   item per 200 HTML page, stopped by CLOSESPIDER_ITEMCOUNT (usable pages, the same unit
   as the crawler's max_pages; in-flight requests make it overshoot a little); with
   --scrapy both (default) also with a spider-side seen-set of yielded URLs, usually
   Scrapy's faster configuration. CPU = getrusage(RUSAGE_CHILDREN) delta (includes
   interpreter start and imports); wall, bytes and peak RSS are reported by the child.
   Every row's "x Scrapy" is its pages/s over the best Scrapy row of the same run.
4. Parse throughput: lxml (parse_tree) vs html5lib (parse_tree_html5) on 100 corpus pages.

With --repeat R every configuration runs R times (interleaved) and the run with the
median pages/s is reported.

Writes <out>/bench_crawl.md and <out>/bench_crawl.json and prints the table.
No traffic leaves 127.0.0.1.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))

UNPACKED = Path("/tmp/corpus/repository")
ARCHIVE = ROOT.parent / "shared" / "corpora" / "wikipedia-cs-2020.tar.xz"
SEED_TITLE = "Machine_learning"
PARSE_SAMPLE = 100


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def corpus_dir() -> Path:
    if UNPACKED.is_dir():
        return UNPACKED
    from pipeline.testsite import default_unpack_dir, unpack_corpus

    return Path(unpack_corpus(ARCHIVE, default_unpack_dir(ARCHIVE)))


# --------------------------------------------------------------------------- topicminer
def peak_rss_mb() -> float:
    """VmHWM of this process in MB (ru_maxrss is not used: on Linux it survives exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_self() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _worker_private_mb() -> dict[int, float]:
    """Private memory in MB (not shared with the parent) of each child of this process:
    the crawler's forked parse workers."""
    me, out = os.getpid(), {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) != me:
                continue
            kb = sum(int(line.split()[1]) for line in (stat.parent / "smaps_rollup").read_text().splitlines()
                     if line.startswith(("Private_Clean:", "Private_Dirty:")))
            out[int(stat.parent.name)] = kb / 1024
        except (OSError, ValueError, IndexError):
            continue
    return out


def crawler_label(threads: int, workers: int) -> str:
    parse = "parse in threads" if workers == 0 else f"{workers} parse processes"
    return f"topicminer (bfs, {threads} threads, {parse})"


def run_topicminer(base: str, pages: int, threads: int, workers: int, in_flight: int = 0) -> dict:
    from pipeline.crawler import CrawlConfig, Crawler
    from pipeline.store import decompress
    from scoring.strategies import Topic, make_strategy

    seed = f"{base}/wiki/{SEED_TITLE}"
    strategy = make_strategy("bfs", Topic("machine learning", "machine learning", seeds=[seed]))
    config = CrawlConfig(max_pages=pages, threads=threads, allowed_sites=frozenset({"127.0.0.1"}),
                         obey_robots=False, parse_workers=workers, in_flight=in_flight)
    peaks: dict[int, float] = {}
    last = [0.0]

    def sample(_summary: dict) -> None:  # the workers' peak memory, at most twice a second
        now = time.monotonic()
        if now - last[0] >= 0.5:
            last[0] = now
            for pid, mb in _worker_private_mb().items():
                peaks[pid] = max(mb, peaks.get(pid, 0.0))

    with tempfile.TemporaryDirectory(prefix="bench-crawl-") as tmp:
        crawler = Crawler(strategy, [seed], tmp, config)
        rss_before = peak_rss_mb()
        cpu0, kids0, t0 = cpu_self(), cpu_children(), time.perf_counter()
        summary = crawler.run(sample if workers else None)
        wall = time.perf_counter() - t0
        cpu_main, cpu_workers = cpu_self() - cpu0, cpu_children() - kids0
        rss_mb = peak_rss_mb()
        con = sqlite3.connect(str(Path(tmp) / "pages.sqlite"))
        nbytes = sum(len(decompress(h)) for (h,) in con.execute(
            "SELECT html FROM pages WHERE html IS NOT NULL"))
        con.close()
    return {"crawler": crawler_label(threads, workers), "parse_workers": workers,
            "pages": summary["pages"], "fetches": summary["fetched"], "failed": summary["failed"],
            "bytes": nbytes, "wall": wall, "cpu": cpu_main + cpu_workers, "cpu_main": cpu_main,
            "cpu_workers": cpu_workers, "rss_mb": rss_mb + sum(peaks.values()), "rss_mb_main": rss_mb,
            "rss_mb_workers": sorted(peaks.values()), "rss_mb_before_crawl": rss_before,
            "stopped": summary["stopped"], "counts": summary["counts"]}


def _topicminer_child(conn, *args) -> None:
    try:
        conn.send(("ok", run_topicminer(*args)))
    except BaseException as exc:  # noqa: BLE001 - reported by the parent
        conn.send(("error", repr(exc)))
        raise


def run_topicminer_isolated(base: str, pages: int, threads: int, workers: int, in_flight: int = 0) -> dict:
    """run_topicminer in a fresh spawned process: cold caches and its own peak memory."""
    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe()
    proc = ctx.Process(target=_topicminer_child, args=(child, base, pages, threads, workers, in_flight))
    proc.start()
    try:
        if not parent.poll(3600):
            raise RuntimeError("topicminer run did not finish within an hour")
        status, result = parent.recv()
    finally:
        proc.join(30)
        if proc.is_alive():
            proc.terminate()
            proc.join(5)
    if status != "ok":
        raise RuntimeError(f"topicminer run failed: {result}")
    return result


# --------------------------------------------------------------------------- Scrapy
SCRAPY_CHILD = r'''
import json, resource, sys, time
from urllib.parse import urlsplit

import scrapy
from scrapy import signals
from scrapy.crawler import CrawlerProcess
from scrapy.http import HtmlResponse

seed, limit, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
SEEN = set() if sys.argv[4:] == ["seen"] else None  # optional spider-side dedup of links
HOST = urlsplit(seed).hostname
acc = {"bytes": 0, "responses": 0, "t_open": None, "t_close": None}


class BenchSpider(scrapy.Spider):
    name = "bench"
    allowed_domains = [HOST]
    start_urls = [seed]

    @classmethod
    def from_crawler(cls, crawler, *args, **kwargs):
        spider = super().from_crawler(crawler, *args, **kwargs)
        crawler.signals.connect(spider.on_response, signal=signals.response_received)
        crawler.signals.connect(spider.on_open, signal=signals.spider_opened)
        crawler.signals.connect(spider.on_close, signal=signals.spider_closed)
        return spider

    def on_open(self, spider):
        acc["t_open"] = time.perf_counter()

    def on_close(self, spider, reason):
        acc["t_close"] = time.perf_counter()
        acc["reason"] = reason

    def on_response(self, response, request, spider):
        acc["responses"] += 1
        acc["bytes"] += len(response.body)

    def parse(self, response):
        if response.status != 200 or not isinstance(response, HtmlResponse):
            return
        yield {"url": response.url, "title": response.css("title::text").get()}
        for href in response.css("a::attr(href)").getall():
            url = response.urljoin(href)
            parts = urlsplit(url)
            if parts.scheme in ("http", "https") and parts.hostname == HOST:
                if SEEN is not None:
                    if url in SEEN:
                        continue
                    SEEN.add(url)
                yield scrapy.Request(url, callback=self.parse)


settings = {
    "LOG_LEVEL": "ERROR", "ROBOTSTXT_OBEY": False, "TELNETCONSOLE_ENABLED": False,
    "HTTPCACHE_ENABLED": False, "AUTOTHROTTLE_ENABLED": False, "DOWNLOAD_DELAY": 0,
    "COOKIES_ENABLED": False,  # no cookies here; also keeps tldextract off the network
    "CONCURRENT_REQUESTS": 16, "CONCURRENT_REQUESTS_PER_DOMAIN": 16,
    "DEPTH_PRIORITY": 1, "SCHEDULER_DISK_QUEUE": "scrapy.squeues.PickleFifoDiskQueue",
    "SCHEDULER_MEMORY_QUEUE": "scrapy.squeues.FifoMemoryQueue",
    "CLOSESPIDER_ITEMCOUNT": limit,
}
process = CrawlerProcess(settings)
crawler = process.create_crawler(BenchSpider)
process.crawl(crawler)
process.start()
stats = crawler.stats.get_stats()
r = resource.getrusage(resource.RUSAGE_SELF)
hwm = [ln for ln in open("/proc/self/status") if ln.startswith("VmHWM:")]
rss = int(hwm[0].split()[1]) / 1024 if hwm else r.ru_maxrss / 1024
json.dump({"items": stats.get("item_scraped_count", 0),
           "responses": acc["responses"], "bytes": acc["bytes"],
           "wall": acc["t_close"] - acc["t_open"], "reason": acc.get("reason"),
           "cpu_self": r.ru_utime + r.ru_stime, "rss_mb": rss,
           "stats": {k: (v if isinstance(v, (int, float, str)) else str(v)) for k, v in stats.items()}},
          open(out, "w"))
'''


def ensure_scrapy() -> str:
    try:
        import scrapy
    except ImportError:
        log("installing scrapy into the venv (benchmark only)")
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "scrapy"], check=True)
        import scrapy
    return scrapy.__version__


def run_scrapy(base: str, pages: int, seen_set: bool = False) -> dict:
    seed = f"{base}/wiki/{SEED_TITLE}"
    with tempfile.TemporaryDirectory(prefix="bench-scrapy-") as tmp:
        out = Path(tmp) / "result.json"
        script = Path(tmp) / "scrapy_bench_spider.py"  # a file: Scrapy inspects callback source
        script.write_text(SCRAPY_CHILD, encoding="utf-8")
        cpu0, t0 = cpu_children(), time.perf_counter()
        subprocess.run([sys.executable, str(script), seed, str(pages), str(out)] + (["seen"] if seen_set else []),
                       check=True, cwd=tmp)
        total_wall, cpu = time.perf_counter() - t0, cpu_children() - cpu0
        res = json.loads(out.read_text())
    name = "Scrapy + spider seen-set" if seen_set else "Scrapy (Spider, 16 concurrent)"
    return {"crawler": name, "pages": res["items"],
            "fetches": res["responses"], "bytes": res["bytes"], "wall": res["wall"],
            "process_wall": total_wall, "cpu": cpu, "cpu_child_self": res["cpu_self"],
            "rss_mb": res["rss_mb"], "stopped": res["reason"], "stats": res["stats"]}


# --------------------------------------------------------------------------- parsing
def parse_bench(root: Path) -> dict:
    from pipeline.parse import decode_html, parse_tree, parse_tree_html5

    files = sorted(root.glob("*.html"))
    step = max(1, len(files) // PARSE_SAMPLE)
    texts = [decode_html(f.read_bytes()) for f in files[::step][:PARSE_SAMPLE]]
    out = {"pages": len(texts), "mb": round(sum(len(t.encode()) for t in texts) / 1e6, 2)}
    for name, fn in (("lxml", parse_tree), ("html5lib", parse_tree_html5)):
        t0 = time.perf_counter()
        for t in texts:
            fn(t)
        secs = time.perf_counter() - t0
        out[name] = {"seconds": round(secs, 3), "pages_per_s": round(len(texts) / secs, 1)}
    out["lxml_over_html5lib"] = round(out["lxml"]["pages_per_s"] / out["html5lib"]["pages_per_s"], 1)
    return out


# --------------------------------------------------------------------------- report
def row(r: dict) -> dict:
    w = r["wall"]
    return {"crawler": r["crawler"], "pages": r["pages"], "wall_s": round(w, 2),
            "pages_per_s": round(r["pages"] / w, 1), "fetches_per_s": round(r["fetches"] / w, 1),
            "mb_per_s": round(r["bytes"] / 1e6 / w, 2), "cpu_s": round(r["cpu"], 2),
            "peak_rss_mb": round(r["rss_mb"], 1)}


def add_ratios(rows: list[dict]) -> dict:
    """Each row's pages/s over the best Scrapy row's; returns that Scrapy row."""
    best = max((r for r in rows if r["crawler"].startswith("Scrapy")), key=lambda r: r["pages_per_s"])
    for r in rows:
        r["x_scrapy_best"] = round(r["pages_per_s"] / best["pages_per_s"], 2)
    return best


def median_run(runs: list[dict]) -> dict:
    ranked = sorted(runs, key=lambda r: r["pages"] / r["wall"])
    return ranked[(len(ranked) - 1) // 2]


def markdown(rows: list[dict], best: dict, facts: dict, parse: dict, args) -> str:
    repeat = f", median of {args.repeat} runs each" if args.repeat > 1 else ""
    lines = [f"# Crawl throughput: topicminer vs Scrapy ({args.pages} pages, local corpus site{repeat})", "",
             "| crawler | pages | wall s | pages/s | x Scrapy best | fetches/s | MB/s | CPU s | peak RSS MB |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['crawler']} | {r['pages']} | {r['wall_s']} | {r['pages_per_s']} | "
                     f"{r['x_scrapy_best']} | {r['fetches_per_s']} | {r['mb_per_s']} | {r['cpu_s']} | "
                     f"{r['peak_rss_mb']} |")
    tm = [r for r in rows if r["crawler"].startswith("topicminer")]
    top = max(tm, key=lambda r: r["pages_per_s"]) if tm else None
    if top is None or top["x_scrapy_best"] is None:
        verdict = "no topicminer or no Scrapy row"
    else:
        verdict = (f"best topicminer row {top['x_scrapy_best']}x Scrapy's best ({best['crawler']}): "
                   f"aim of 2.0 {'met' if top['x_scrapy_best'] >= 2 else 'NOT met'}")
    lines += ["", f"Ratio: {verdict}.", "",
              (f"Parse ({parse['pages']} corpus pages, {parse['mb']} MB): lxml "
              f"{parse['lxml']['pages_per_s']} pages/s, html5lib {parse['html5lib']['pages_per_s']} "
              f"pages/s, lxml/html5lib {parse['lxml_over_html5lib']}x"), "",
              "Machine: " + ", ".join(f"{k} {v}" for k, v in facts.items()), "",
              ("Notes: pages = usable 200 HTML pages; fetches = every response incl. 404s; "
              "Scrapy stops by CLOSESPIDER_ITEMCOUNT (one item per 200 HTML page), so it can "
              "overshoot by the requests in flight; Scrapy CPU is RUSAGE_CHILDREN of its process "
              "(interpreter start and imports included), its wall is spider open to close; "
              "topicminer CPU and peak RSS include its parse processes (their private memory: "
              "they are forked and share the rest with the crawler). The server runs in its own process with every page "
              "pre-cached; all crawlers share the machine's cores with it."), ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--parse-workers", default=f"0,{os.cpu_count() or 1}",
                    help="comma-separated topicminer configurations: parse processes (0: in threads)")
    ap.add_argument("--in-flight", type=int, default=0,
                    help="CrawlConfig.in_flight (0: the crawler's default, 8 x threads)")
    ap.add_argument("--scrapy", choices=("plain", "seen", "both", "none"), default="both",
                    help="Scrapy configurations: plain spider, spider with a seen-set of yielded URLs "
                         "(skips most Request objects the dupefilter would drop), both, or none")
    ap.add_argument("--repeat", type=int, default=1, help="runs per configuration (median reported)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    args = ap.parse_args(argv)
    workers = [int(w) for w in args.parse_workers.split(",") if w.strip()]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    import lxml.etree

    scrapy_version = ensure_scrapy() if args.scrapy != "none" else "not run"
    scrapy_configs = {"plain": [False], "seen": [True], "both": [False, True], "none": []}[args.scrapy]
    root = corpus_dir()
    log(f"corpus {root}")
    runs: dict[str, list[dict]] = {}
    from pipeline.testsite import SiteProcess

    with SiteProcess(root, warm=True) as site:
        base = site.base_url
        log(f"serving on {base}")
        for rep in range(args.repeat):
            for w in workers:
                log(f"{crawler_label(args.threads, w)}: {args.pages} pages (run {rep + 1})")
                r = run_topicminer_isolated(base, args.pages, args.threads, w, args.in_flight)
                runs.setdefault(r["crawler"], []).append(r)
                log(f"  {r['pages'] / r['wall']:.1f} pages/s, {r['wall']:.1f}s")
            for seen in scrapy_configs:
                r = run_scrapy(base, args.pages, seen_set=seen)
                runs.setdefault(r["crawler"], []).append(r)
                log(f"{r['crawler']}: {r['pages'] / r['wall']:.1f} pages/s, {r['wall']:.1f}s (run {rep + 1})")
    log("parse benchmark")
    parse = parse_bench(root)

    chosen = {name: median_run(rs) for name, rs in runs.items()}
    rows = [row(r) for r in chosen.values()]
    best = add_ratios(rows) if scrapy_configs else None
    if best is None:
        best = {"crawler": "none", "pages_per_s": float("nan")}
        for r in rows:
            r["x_scrapy_best"] = None
    facts = {"cpus": os.cpu_count(), "python": platform.python_version(),
             "lxml": ".".join(map(str, lxml.etree.LXML_VERSION)), "scrapy": scrapy_version,
             "platform": platform.platform()}
    md = markdown(rows, best, facts, parse, args)
    (out / "bench_crawl.md").write_text(md, encoding="utf-8")
    (out / "bench_crawl.json").write_text(json.dumps(
        {"args": vars(args), "machine": facts, "rows": rows, "scrapy_best": best["crawler"],
         "parse": parse, "raw": chosen, "all_runs": runs}, indent=2, default=str),
        encoding="utf-8")
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
