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
    proc.send_signal(signal.SIGKILL)
    proc.wait()
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
