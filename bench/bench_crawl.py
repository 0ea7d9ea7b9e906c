"""Benchmark crawl throughput on the local corpus site, with a Scrapy baseline in the same run.

    python bench/bench_crawl.py [--pages 2000] [--threads 4] [--out bench/results]

1. The corpus is served by pipeline.testsite.CorpusSite in a separate process (its own
   GIL) on a free 127.0.0.1 port; every page is read into the server's cache before timing.
2. topicminer: pipeline.crawler.Crawler, BFS, from /wiki/Machine_learning, in-process.
   CPU = getrusage(RUSAGE_SELF) delta around Crawler.run(); MB = decompressed HTML blobs
   of every stored row (404 bodies included).
3. Scrapy: a plain scrapy.Spider in a subprocess, breadth-first, same seed and host, one
   item per 200 HTML page, stopped by CLOSESPIDER_ITEMCOUNT (usable pages, the same unit
   as the crawler's max_pages; in-flight requests make it overshoot a little).
   CPU = getrusage(RUSAGE_CHILDREN) delta (includes interpreter start and imports); wall,
   bytes and peak RSS are reported by the child itself.
4. Parse throughput: lxml (parse_tree) vs html5lib (parse_tree_html5) on 100 corpus pages.

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


# --------------------------------------------------------------------------- server process
def _serve(root: str, conn, stop) -> None:
    """Child process: serve `root` on 127.0.0.1, warm the cache, send the base URL, wait."""
    from pipeline.testsite import CorpusSite

    site = CorpusSite(root, host="127.0.0.1", port=0).start()
    for title in site.titles():  # read every page once so both crawlers see a warm cache
        site.lookup(site.prefix + title)
    conn.send(site.base_url)
    stop.wait()
    site.stop()


class Server:
    def __init__(self, root: Path):
        ctx = mp.get_context("spawn")
        self.parent, child = ctx.Pipe()
        self.stop = ctx.Event()
        self.proc = ctx.Process(target=_serve, args=(str(root), child, self.stop), daemon=True)

    def __enter__(self) -> str:
        self.proc.start()
        if not self.parent.poll(120):
            raise RuntimeError("corpus server did not start")
        return self.parent.recv()

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.proc.join(10)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join(5)


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


def run_topicminer(base: str, pages: int, threads: int) -> dict:
    from pipeline.crawler import CrawlConfig, Crawler
    from pipeline.store import decompress
    from scoring.strategies import Topic, make_strategy

    seed = f"{base}/wiki/{SEED_TITLE}"
    strategy = make_strategy("bfs", Topic("machine learning", "machine learning", seeds=[seed]))
    config = CrawlConfig(max_pages=pages, threads=threads, allowed_sites=frozenset({"127.0.0.1"}),
                         obey_robots=False)
    with tempfile.TemporaryDirectory(prefix="bench-crawl-") as tmp:
        crawler = Crawler(strategy, [seed], tmp, config)
        rss_before = peak_rss_mb()
        cpu0, t0 = cpu_self(), time.perf_counter()
        summary = crawler.run()
        wall, cpu = time.perf_counter() - t0, cpu_self() - cpu0
        rss_mb = peak_rss_mb()
        con = sqlite3.connect(str(Path(tmp) / "pages.sqlite"))
        nbytes = sum(len(decompress(h)) for (h,) in con.execute(
            "SELECT html FROM pages WHERE html IS NOT NULL"))
        con.close()
    return {"crawler": f"topicminer (bfs, {threads} threads)", "pages": summary["pages"],
            "fetches": summary["fetched"], "failed": summary["failed"], "bytes": nbytes,
            "wall": wall, "cpu": cpu, "rss_mb": rss_mb, "rss_mb_before_crawl": rss_before, "stopped": summary["stopped"],
            "counts": summary["counts"]}


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


def markdown(rows: list[dict], ratio: float, facts: dict, parse: dict, args) -> str:
    lines = [f"# Crawl throughput: topicminer vs Scrapy ({args.pages} pages, local corpus site)", "",
             "| crawler | pages | wall s | pages/s | fetches/s | MB/s | CPU s | peak RSS MB |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['crawler']} | {r['pages']} | {r['wall_s']} | {r['pages_per_s']} | "
                     f"{r['fetches_per_s']} | {r['mb_per_s']} | {r['cpu_s']} | {r['peak_rss_mb']} |")
    lines += ["", f"topicminer / Scrapy pages/s ratio: {ratio} (against Scrapy's best row; aim: 2.0)", "",
              (f"Parse ({parse['pages']} corpus pages, {parse['mb']} MB): lxml "
              f"{parse['lxml']['pages_per_s']} pages/s, html5lib {parse['html5lib']['pages_per_s']} "
              f"pages/s, lxml/html5lib {parse['lxml_over_html5lib']}x"), "",
              "Machine: " + ", ".join(f"{k} {v}" for k, v in facts.items()), "",
              ("Notes: pages = usable 200 HTML pages; fetches = every response incl. 404s; "
              "Scrapy stops by CLOSESPIDER_ITEMCOUNT (one item per 200 HTML page), so it can "
              "overshoot by the requests in flight; Scrapy CPU is RUSAGE_CHILDREN of its process "
              "(interpreter start and imports included), its wall is spider open to close; "
              "topicminer peak RSS is the benchmark process's. The server runs in its own "
              "process with every page pre-cached."), ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--scrapy-seen-set", action="store_true",
                    help="also run Scrapy with a spider-side set of yielded URLs (skips most "
                         "Request objects the dupefilter would drop)")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    import lxml.etree

    scrapy_version = ensure_scrapy()
    root = corpus_dir()
    log(f"corpus {root}")
    with Server(root) as base:
        log(f"serving on {base}")
        log(f"topicminer: {args.pages} pages, {args.threads} threads")
        tm = run_topicminer(base, args.pages, args.threads)
        log(f"topicminer done in {tm['wall']:.1f}s")
        log(f"scrapy: {args.pages} pages")
        sc = run_scrapy(base, args.pages)
        log(f"scrapy done in {sc['wall']:.1f}s")
        sc2 = None
        if args.scrapy_seen_set:
            sc2 = run_scrapy(base, args.pages, seen_set=True)
            log(f"scrapy + seen-set done in {sc2['wall']:.1f}s")
    log("parse benchmark")
    parse = parse_bench(root)

    rows = [row(tm), row(sc)] + ([row(sc2)] if sc2 else [])
    best = max(rows[1:], key=lambda r: r["pages_per_s"])  # Scrapy's best row
    ratio = round(rows[0]["pages_per_s"] / best["pages_per_s"], 2)
    facts = {"cpus": os.cpu_count(), "python": platform.python_version(),
             "lxml": ".".join(map(str, lxml.etree.LXML_VERSION)), "scrapy": scrapy_version,
             "platform": platform.platform()}
    md = markdown(rows, ratio, facts, parse, args)
    (out / "bench_crawl.md").write_text(md, encoding="utf-8")
    (out / "bench_crawl.json").write_text(json.dumps(
        {"args": vars(args), "machine": facts, "rows": rows, "ratio_pages_per_s": ratio,
         "parse": parse, "raw": {"topicminer": tm, "scrapy": sc, "scrapy_seen_set": sc2}}, indent=2, default=str),
        encoding="utf-8")
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
