"""The crawl engine against a small site served on 127.0.0.1: order, budgets, caps, resume."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from integration_support import free_port
from pipeline.crawler import CrawlConfig, Crawler
from pipeline.testsite import CorpusSite
from scoring.strategies import Topic, make_strategy

LOCAL = frozenset({"127.0.0.1"})
# title -> (text, links); a tree with a relevant branch (Neural*) and an irrelevant one (Cooking*).
SITE = {
    "Start": ("portal page", ["Cooking", "Neural", "Missing_page"]),
    "Cooking": ("cooking recipes pasta", ["Cooking_pasta", "Cooking_soup"]),
    "Neural": ("neural networks learn weights", ["Neural_training", "Neural_layers"]),
    "Cooking_pasta": ("pasta with tomato", []),
    "Cooking_soup": ("soup recipes", []),
    "Neural_training": ("training neural networks with data", ["Deep"]),
    "Neural_layers": ("layers of neural networks", []),
    "Deep": ("deep neural networks learn weights from training data", []),
}


def write_site(root: Path, site: dict = SITE, extra_links: dict | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for title, (text, links) in site.items():
        hrefs = [f'<li><a href="/wiki/{t}">{t.replace("_", " ")}</a></li>' for t in links]
        hrefs += (extra_links or {}).get(title, [])
        (root / f"{title}.html").write_text(
            f"<html><head><title>{title}</title></head><body><h1>{title}</h1><p>{text}</p>"
            f"<ul>{''.join(hrefs)}</ul></body></html>")
    return root


def crawl(tmp_path, served, strategy="bfs", seeds=("Start",), topic="neural networks", **cfg):
    cfg.setdefault("threads", 1)
    cfg.setdefault("allowed_sites", LOCAL)
    cfg.setdefault("obey_robots", False)
    urls = [served.url_for(s) for s in seeds]
    st = make_strategy(strategy, Topic(topic, "neural networks learn weights training data", urls), n=2)
    work = tmp_path / f"crawl-{strategy}-{len(list(tmp_path.iterdir()))}"
    summary = Crawler(st, urls, work, CrawlConfig(**cfg)).run()
    log = [json.loads(x) for x in (work / "crawl-log.jsonl").read_text().splitlines()]
    return summary, log, work


def titles(log, ok_only=True):
    return [r["url"].rsplit("/", 1)[1] for r in log if not ok_only or r["error"] is None]


@pytest.fixture
def served(tmp_path):
    with CorpusSite(write_site(tmp_path / "site")) as site:
        yield site


def test_breadth_first_order_and_dead_end(tmp_path, served):
    summary, log, _ = crawl(tmp_path, served, "bfs", max_pages=100)
    assert titles(log) == ["Start", "Cooking", "Neural", "Cooking_pasta", "Cooking_soup",
                           "Neural_training", "Neural_layers", "Deep"]
    assert summary["stopped"] == "frontier empty"
    assert summary["pages"] == 8 and summary["counts"]["error: http 404"] == 1  # Missing_page: counted, not fatal


def test_best_first_takes_the_relevant_branch_first(tmp_path, served):
    _, log, _ = crawl(tmp_path, served, "bestfirst", max_pages=100)
    order = titles(log)
    assert order.index("Neural_training") < order.index("Cooking_pasta")
    assert order.index("Deep") < order.index("Cooking_soup")


def test_batches_of_n(tmp_path, served):
    _, log, _ = crawl(tmp_path, served, "bestfirstN", max_pages=100)
    assert len(titles(log)) == 8


def test_page_budget_is_exact(tmp_path, served):
    summary, log, work = crawl(tmp_path, served, "bfs", max_pages=3, threads=4)
    assert summary["stopped"] == "page budget" and summary["pages"] == 3
    con = sqlite3.connect(work / "pages.sqlite")
    assert con.execute("SELECT count(*) FROM pages WHERE error IS NULL").fetchone()[0] == 3
    assert con.execute("SELECT count(*) FROM pages_fts").fetchone()[0] == 3


def test_store_records_status_depth_parent_anchor(tmp_path, served):
    _, _, work = crawl(tmp_path, served, "bfs", max_pages=100)
    con = sqlite3.connect(work / "pages.sqlite")
    rows = {r[0].rsplit("/", 1)[1]: r[1:] for r in con.execute(
        "SELECT url, status, depth, parent, anchor, error, crawl_order FROM pages")}
    assert rows["Deep"][:4] == (200, 3, served.url_for("Neural_training"), "Deep")
    assert rows["Missing_page"][0] == 404 and rows["Missing_page"][4] == "http 404"
    assert sorted(r[5] for r in rows.values()) == list(range(1, 10))
    hits = con.execute("SELECT count(*) FROM pages_fts WHERE pages_fts MATCH '\"neural networks\"'").fetchone()[0]
    assert hits == 4  # Neural, Neural_training, Neural_layers, Deep


def test_off_site_and_long_urls_are_never_fetched(tmp_path):
    long_url = "/wiki/" + "x" * 250
    extra = {"Start": ['<a href="https://example.org/outside">out</a>', f'<a href="{long_url}">long</a>',
                       '<a href="ftp://files.example.org/a">ftp</a>']}
    with CorpusSite(write_site(tmp_path / "site", extra_links=extra)) as site:
        summary, log, _ = crawl(tmp_path, site, "bfs", max_pages=100)
        base = site.base_url
    assert all(r["url"].startswith(base) for r in log)
    assert summary["counts"]["skipped: off-site"] == 1
    assert summary["counts"]["skipped: url too long"] == 1


def test_links_to_files_are_never_fetched(tmp_path):
    extra = {"Start": ['<a href="/wiki/File:Diagram.svg">diagram</a>', '<a href="/papers/survey.pdf">survey</a>',
                       '<a href="/wiki/Ntoskrnl.exe">kernel</a>']}
    with CorpusSite(write_site(tmp_path / "site", extra_links=extra)) as site:
        summary, log, _ = crawl(tmp_path, site, "bfs", max_pages=100)
    fetched = {r["url"].rsplit("/", 1)[1] for r in log}
    assert "File:Diagram.svg" not in fetched and "survey.pdf" not in fetched
    assert "Ntoskrnl.exe" in fetched  # an article named after a program is still a page to try
    assert summary["counts"]["skipped: file link"] == 2


def test_per_site_cap(tmp_path, served):
    summary, log, _ = crawl(tmp_path, served, "bfs", max_pages=100, per_site_cap=3)
    assert len(titles(log)) == 3 and summary["stopped"] == "frontier empty"


def test_frontier_bound(tmp_path):
    hub = {"Hub": ("hub", [f"P{i}" for i in range(30)])}
    hub.update({f"P{i}": (f"page {i}", []) for i in range(30)})
    with CorpusSite(write_site(tmp_path / "site", hub)) as site:
        summary, log, _ = crawl(tmp_path, site, "bfs", seeds=("Hub",), max_pages=100, frontier_size=5)
    assert summary["frontier_evictions"] == 25
    assert titles(log) == ["Hub"] + [f"P{i}" for i in range(5)]


def test_robots_txt_is_obeyed(tmp_path):
    import requests

    from pipeline.robots import RobotsCache, requests_fetch_text

    with CorpusSite(write_site(tmp_path / "site"), robots_txt="User-agent: *\nDisallow: /wiki/Neural\n") as site:
        urls = [site.url_for("Start")]
        st = make_strategy("bfs", Topic("neural", "neural", urls))
        robots = RobotsCache(requests_fetch_text(requests.Session()), "topicminer")
        summary = Crawler(st, urls, tmp_path / "w", CrawlConfig(threads=2, allowed_sites=LOCAL), robots=robots).run()
        log = [json.loads(x) for x in (tmp_path / "w" / "crawl-log.jsonl").read_text().splitlines()]
    fetched = titles(log)
    assert "Neural" not in fetched and "Neural_training" not in fetched and "Deep" not in fetched
    assert "Cooking_soup" in fetched
    assert summary["counts"]["robots"] == 1  # /wiki/Neural: never fetched, its children never found



RUNNER = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from pipeline.crawler import CrawlConfig, Crawler
    from pipeline.testsite import CorpusSite
    from scoring.strategies import Topic, make_strategy
    root, port, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with CorpusSite(root, port=port) as site:
        seeds = [site.url_for("Hub")]
        st = make_strategy("bfs", Topic("page", "page", seeds))
        cfg = CrawlConfig(max_pages=40, threads=1, min_delay=0.05, checkpoint_every=5,
                          allowed_sites=frozenset({"127.0.0.1"}), obey_robots=False)
        print(json.dumps(Crawler(st, seeds, work, cfg).run()))
""")


def child_pids(pid: int) -> list[int]:
    """Live child processes of `pid` (Linux /proc; empty elsewhere)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(stat.parent.name))
    return out


def wait_gone(pids: list[int], seconds: float = 10) -> bool:
    """True once every pid has exited (gone, or a zombie left for init to reap)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        alive = []
        for pid in pids:
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state != "Z":
                alive.append(pid)
        if not alive:
            return True
        time.sleep(0.05)
    return False


def test_killed_crawl_resumes_from_its_checkpoint(tmp_path):
    hub = {"Hub": ("hub", [f"P{i}" for i in range(60)])}
    hub.update({f"P{i}": (f"page {i}", []) for i in range(60)})
    root = write_site(tmp_path / "site", hub)
    work, port = tmp_path / "work", free_port()
    script = tmp_path / "run.py"
    script.write_text(RUNNER)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    args = [sys.executable, str(script), str(root), str(port), str(work)]
    proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    log = work / "crawl-log.jsonl"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if (work / "checkpoint.json").exists() and log.exists() and len(log.read_text().splitlines()) >= 14:
            break
        time.sleep(0.02)
    workers = child_pids(proc.pid)  # the parse pool (default parse_workers: one per CPU)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    if sys.platform.startswith("linux"):
        assert len(workers) == (os.cpu_count() or 1)
        assert wait_gone(workers), "parse workers outlived their killed crawl"
    done_before = len(log.read_text().splitlines())
    assert 14 <= done_before < 40
    out = subprocess.run(args, env=env, capture_output=True, text=True, timeout=60)
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    assert summary["resumed"] and summary["pages"] == 40 and summary["stopped"] == "page budget"
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    assert [r["order"] for r in rows] == list(range(1, 41))
    assert len({r["url"] for r in rows}) == 40  # nothing fetched twice
    con = sqlite3.connect(work / "pages.sqlite")
    assert con.execute("SELECT count(*), count(DISTINCT url) FROM pages").fetchone() == (40, 40)


# --------------------------------------------------------------------------- parse workers
# Pages with what the parse has to get right in a worker as in a thread: chrome to strip,
# misnested tags (the DOM strategy's "auto" parser falls back to Lexbor), link context.
RICH = {
    "Start": ("<title>Start</title><body><div class='navbox'><a href='/wiki/Cooking'>menu</a></div>"
              "<p>Read about <b>neural <a href='/wiki/Neural'>networks that learn</a></p> weights</b>"
              "<p>or <a href='/wiki/Cooking'>cooking</a> and <a href='/wiki/Missing_page'>more</a></p>"),
    "Neural": ("<title>Neural</title><body><h1>Neural</h1><p>neural networks learn weights from data"
               "<table><tr><td><a href='/wiki/Neural_layers'>layers</a> of neural networks"
               "<td><a href='/wiki/Deep'>deep networks</a></table><footer><a href='/wiki/Cooking_soup'>"
               "soup</a></footer>"),
    "Cooking": ("<title>Cooking</title><body><p>cooking recipes with <i><a href='/wiki/Cooking_soup'>"
                "soup</a> and <a href='/wiki/Deep'>deep pans</i></a></p>"),
    "Neural_layers": "<title>Layers</title><body><ul><li>input layer<li>hidden <a href='/wiki/Deep'>deep</a></ul>",
    "Cooking_soup": "<title>Soup</title><body><p>soup recipes</p><script>var x = 1;</script>",
    "Deep": ("<title>Deep</title><body><p>deep neural networks learn weights from training data</p>"
             "<p>see <a href='/wiki/Start'>start</a>"),
}


def write_rich_site(root: Path, extra: dict | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for title, body in {**RICH, **(extra or {})}.items():
        (root / f"{title}.html").write_text(f"<html><head>{body}</body></html>")
    return root


@pytest.fixture
def rich(tmp_path):
    with CorpusSite(write_rich_site(tmp_path / "rich")) as site:
        yield site


def stored(work: Path) -> list[tuple]:
    """Every stored row in crawl order: what the crawl kept, text and links included."""
    from pipeline.store import unpack_links

    con = sqlite3.connect(work / "pages.sqlite")
    rows = con.execute(
        "SELECT p.crawl_order, p.url, p.title, f.body, p.links, p.error, p.depth, p.parent, p.anchor, "
        "p.context FROM pages p LEFT JOIN pages_fts f ON f.rowid = p.id ORDER BY p.crawl_order").fetchall()
    con.close()
    return [r[:4] + (unpack_links(r[4]),) + r[5:] for r in rows]


def without_timing(log: list[dict]) -> list[dict]:
    return [{k: v for k, v in row.items() if k != "seconds"} for row in log]


@pytest.mark.parametrize("strategy", ["bfs", "bestfirst", "bestfirstN", "shark", "dom"])
def test_parse_workers_store_the_same_crawl(tmp_path, rich, strategy):
    _, log0, work0 = crawl(tmp_path, rich, strategy, max_pages=100, threads=2, parse_workers=0)
    _, log2, work2 = crawl(tmp_path, rich, strategy, max_pages=100, threads=2, parse_workers=2)
    rows = stored(work0)
    assert len(rows) == 7 and sum(r[5] is None for r in rows) == 6  # Missing_page: a 404
    assert any(r[3] and r[4] for r in rows)  # texts and links were stored
    assert stored(work2) == rows
    assert without_timing(log2) == without_timing(log0)  # same picks, priorities, relevance


def test_run_ahead_picks_what_strict_batches_pick(tmp_path, rich):
    # in_flight=1: pick, record, pick: the breadth-first order with no look-ahead at all.
    _, one, _ = crawl(tmp_path, rich, "bfs", max_pages=100, in_flight=1)
    _, ahead, _ = crawl(tmp_path, rich, "bfs", max_pages=100, threads=3, in_flight=50)
    assert titles(ahead, ok_only=False) == titles(one, ok_only=False)


def test_only_usable_pages_go_to_the_parse_pool(tmp_path, rich, monkeypatch):
    import pipeline.crawler as crawler_module

    make_pool, submitted = crawler_module.make_pool, []

    def recording_pool(workers):
        pool = make_pool(workers)
        submit = pool.submit

        def recording_submit(fn, *args, **kw):
            submitted.append(args[2])  # the page's final URL
            return submit(fn, *args, **kw)

        pool.submit = recording_submit
        return pool

    monkeypatch.setattr(crawler_module, "make_pool", recording_pool)
    _, log, _ = crawl(tmp_path, rich, "bfs", max_pages=100, threads=2, parse_workers=1)
    ok = [r["final_url"] for r in log if r["error"] is None]
    assert len(ok) == 6 and sorted(submitted) == sorted(ok)  # the 404 was never sent


def all_children() -> set[int]:
    """Child processes of this process, zombies included (Linux /proc; empty elsewhere)."""
    me, out = os.getpid(), set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == me:
                out.add(int(stat.parent.name))
        except OSError:
            continue
    return out


BROKEN_LINK = {"Deep": "<title>Deep</title><body><p>deep networks, <a href='/wiki/Broken'>broken</a></p>"}
# lxml refuses a decoded page that still declares an encoding: a real "unparseable HTML".
# Only a comment: the <html> and <body> the HTML check looks for are there, no element is.
BROKEN = '<!-- <html><head><title>B</title></head><body><p>x</p></body></html> -->'


@pytest.mark.parametrize("workers", [0, 2])
def test_a_page_that_fails_to_parse_is_a_problem_not_fatal(tmp_path, workers):
    root = write_rich_site(tmp_path / "site", BROKEN_LINK)
    (root / "Broken.html").write_text(BROKEN)
    before = all_children()
    with CorpusSite(root) as site:
        summary, log, _ = crawl(tmp_path, site, "bfs", max_pages=100, threads=2, parse_workers=workers)
    row = next(r for r in log if r["url"].endswith("/Broken"))
    assert row["status"] == 200 and row["error"].startswith("unparseable HTML")
    assert summary["stopped"] == "frontier empty" and summary["pages"] == 6
    assert summary["counts"]["failed"] == 2  # Broken and the 404
    assert all_children() <= before  # the pool's workers were joined: no zombies


linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                     reason="workers see the test's patches only when forked")


@linux_only
def test_an_exception_in_a_worker_is_a_problem_not_fatal(tmp_path, rich, monkeypatch):
    import pipeline.parse_pool as parse_pool

    real = parse_pool.main_text

    def fragile(root, rules):
        if root.findtext(".//title") == "Soup":
            raise RuntimeError("boom")
        return real(root, rules)

    monkeypatch.setattr(parse_pool, "main_text", fragile)  # before run(): the workers inherit it
    summary, log, work = crawl(tmp_path, rich, "bfs", max_pages=100, threads=2, parse_workers=2)
    row = next(r for r in log if r["url"].endswith("/Cooking_soup"))
    assert row["error"] == "parse error: RuntimeError: boom"
    assert summary["pages"] == 5 and summary["stopped"] == "frontier empty"


@linux_only
def test_a_worker_that_dies_costs_its_page_not_the_crawl(tmp_path, rich, monkeypatch):
    import pipeline.parse_pool as parse_pool

    real, crawler_pid = parse_pool.page_title, os.getpid()

    def deadly(root):
        if root.findtext(".//title") == "Soup" and os.getpid() != crawler_pid:
            os._exit(3)  # a worker crashing hard (a segfault, the OOM killer)
        return real(root)

    monkeypatch.setattr(parse_pool, "page_title", deadly)
    _, clean, clean_work = crawl(tmp_path, rich, "bfs", max_pages=100, parse_workers=0)
    before = all_children()
    # in_flight=1: one page at a time, so only the deadly page is in the pool when it dies.
    summary, log, work = crawl(tmp_path, rich, "bfs", max_pages=100, parse_workers=2, in_flight=1)
    assert titles(log, ok_only=False) == titles(clean, ok_only=False)
    errors = {r["url"].rsplit("/", 1)[1]: r["error"] for r in log if r["error"]}
    assert errors == {"Cooking_soup": "parse worker died", "Missing_page": "http 404"}
    # the rest of the crawl was parsed in the fetcher threads, as with parse_workers=0
    assert [r for r in stored(work) if r[5] is None] == \
        [r for r in stored(clean_work) if r[5] is None and not r[1].endswith("/Cooking_soup")]
    assert all_children() <= before


@pytest.mark.parametrize("strategy", ["bfs", "bestfirst"])
def test_an_interrupted_crawl_shuts_its_parse_pool_down(tmp_path, rich, strategy):
    def interrupt(row):
        if row["order"] == 3:
            raise KeyboardInterrupt

    urls = [rich.url_for("Start")]
    st = make_strategy(strategy, Topic("neural", "neural networks", urls))
    before = all_children()
    crawler = Crawler(st, urls, tmp_path / "w", CrawlConfig(threads=2, parse_workers=2, allowed_sites=LOCAL,
                                                             obey_robots=False), log=interrupt)
    with pytest.raises(KeyboardInterrupt):
        crawler.run()
    assert all_children() <= before
    assert crawler._parse_pool is None


def test_parse_workers_leave_crawl_task_ids_alone():
    from tasks import Crawl

    common = dict(strategy="bestfirst", keywords="machine learning", seeds="Machine_learning,Data_mining",
                  site="/x/corpus", port=8765, max_pages=25)
    default, in_threads = Crawl(**common), Crawl(**common, parse_workers=0)
    assert default.task_id == in_threads.task_id == "Crawl__False_70000_69355276ca"  # as before the option
    assert default.folder() == in_threads.folder() == Path("output/crawl/bestfirst-machine-learning-5f33d500")


def test_the_parse_computes_the_vector_page_would():
    from pipeline.parse_pool import parse_body, parse_for_crawl
    from scoring.strategies import Page

    body = (RICH["Neural"] + "<p>Learning networks learned weights; the weights are learnt.</p>").encode()
    body = b"<html><head>" + body + b"</body></html>"
    parsed, vector = parse_for_crawl(body, "utf-8", "http://127.0.0.1/wiki/Neural")
    assert parsed == parse_body(body, "utf-8", "http://127.0.0.1/wiki/Neural")
    assert parsed[3] and vector == Page("http://127.0.0.1/wiki/Neural", parsed[3]).vector
    assert parse_for_crawl(b"<!-- <html><body> -->", None, "http://a/")[1] is None
