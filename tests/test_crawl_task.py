"""The Crawl task over the shared corpus served locally, and topic mining on what it collected."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import luigi
import pytest

from tasks import BuildIndex, Crawl, TopicConcepts
from tasks.crawl import closing_line, failures
from pipeline.errors import UserError

from integration_support import StartedTasks, extract_slice, free_port, luigi_config



@pytest.fixture(scope="module")
def crawled(tmp_path_factory):
    base = tmp_path_factory.mktemp("crawltask")
    site = extract_slice(base / "corpus")
    task = Crawl(strategy="bestfirst", keywords="machine learning", seeds="Machine_learning,Data_mining",
                 site=str(site), port=free_port(), max_pages=25, output_root=str(base / "out"))
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    return base, task


def test_crawl_writes_store_log_and_summary(crawled):
    _, task = crawled
    summary = json.loads(Path(task.output()["summary"].path).read_text())
    assert summary["pages"] == 25 and summary["stopped"] == "page budget"
    log = [json.loads(x) for x in Path(task.output()["log"].path).read_text().splitlines()]
    assert [r["order"] for r in log] == list(range(1, len(log) + 1))
    assert all(r["url"].startswith("http://127.0.0.1:") for r in log)
    ok = [r for r in log if r["error"] is None]
    assert len(ok) == 25 and ok[0]["url"].endswith("/wiki/Machine_learning")
    con = sqlite3.connect(task.output()["store"].path)
    assert con.execute("SELECT count(*) FROM pages WHERE error IS NULL").fetchone()[0] == 25
    assert not (task.folder() / "checkpoint.json").exists()


def test_finished_crawl_is_not_redone(crawled):
    _, task = crawled
    with StartedTasks() as started:
        assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    assert started.families == []


def test_topic_mining_reads_a_crawl(crawled):
    base, task = crawled
    store = task.output()["store"].path
    with luigi_config(BuildIndex={"corpus": store, "url_prefix": ""}):
        index = BuildIndex(output_root=str(base / "out"))
        topic = TopicConcepts(keyword="machine learning", pages=25, min_support=2, output_root=str(base / "out"))
        assert luigi.build([topic], local_scheduler=True, log_level="WARNING")
        summary = json.loads(Path(index.output()["summary"].path).read_text())
        report = json.loads(Path(topic.output()["json"].path).read_text())
    assert summary["pages"] == 25
    assert report["n_k"] > 0 and report["candidates"]
    assert all(p.startswith("http://127.0.0.1:") for c in report["candidates"] for p in c["pages"])


def test_the_closing_line_gives_the_commonest_failure_reasons():
    counts = {"error: http 404": 1072, "error: timeout": 3, "error: http 500": 3, "error: not HTML (pdf)": 1,
              "failed": 1079, "pages": 300}
    assert failures({"failed": 1079, "counts": counts}) == \
        "1079 failed (http 404 1072, http 500 3, timeout 3, 1 other reason)"
    assert failures({"failed": 2, "counts": {"error: timeout": 2}}) == "2 failed (timeout 2)"
    assert failures({"failed": 0, "counts": {"pages": 5}}) == "0 failed"


def test_the_closing_line_says_to_check_the_seeds_when_nothing_was_fetched(tmp_path):
    summary = {"pages": 0, "seconds": 0.04, "pages_per_second": 0.0, "failed": 1, "stopped": "frontier empty",
               "counts": {"error: http 404": 1}}
    first, hint = closing_line("bfs", summary, tmp_path).splitlines()
    assert first == f"Crawl bfs: 0 pages in 0.04 s (0.0 pages/s), 1 failed (http 404 1), stopped: frontier empty -> {tmp_path}"
    assert hint.startswith("No page could be fetched: check --seeds")
    assert "\n" not in closing_line("bfs", {**summary, "pages": 3}, tmp_path)


def test_a_missing_site_is_a_one_line_error(tmp_path):
    task = Crawl(strategy="bfs", keywords="x", seeds="A", site=str(tmp_path / "missing.tar.xz"),
                 output_root=str(tmp_path / "out"))
    with pytest.raises(UserError, match=r"site '.*missing.tar.xz' does not exist: pass --site with a folder"):
        task.validate()
    assert not (tmp_path / "out").exists()
