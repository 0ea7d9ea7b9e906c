"""The crawl test bed end to end on a slice: topics, crawls per strategy, metrics, plots."""
from __future__ import annotations

import csv
import json

import luigi
import pytest

from tasks import CrawlBenchmark

from integration_support import StartedTasks, extract_slice, free_port


def test_benchmark_on_a_slice(tmp_path):
    site = extract_slice(tmp_path / "corpus")
    task = CrawlBenchmark(corpus=str(site), strategies="bfs,bestfirst,hub", topics=2, min_members=5, n_seeds=2,
                          max_pages=12, step=4, port=free_port(), output_root=str(tmp_path / "out"))
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    folder = task.folder()
    summary = json.loads((folder / "summary.json").read_text())
    assert list(summary["strategies"]) == ["bfs", "bestfirst", "hub"]
    assert summary["N"] == 12 and set(summary["t_tests_vs_bfs"]) == {"bestfirst", "hub"}
    with open(folder / "metrics.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 3 * 2 * 3  # strategies x topics x N in (4, 8, 12)
    for r in rows:
        assert 0.0 <= float(r["precision"]) <= 1.0 and 0.0 <= float(r["target_recall"]) <= 1.0
    by = {}
    for r in rows:
        by.setdefault((r["strategy"], r["topic"]), []).append(float(r["target_recall"]))
    assert all(v == sorted(v) for v in by.values())  # recall@N never falls as N grows
    for png in ("precision.png", "recall.png"):
        assert (folder / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "| bestfirst |" in (folder / "summary.md").read_text()
    for name, s in summary["strategies"].items():  # the table along the crawl ends at the last N
        assert list(summary["at_n"][name]) == ["12"]
        assert abs(summary["at_n"][name]["12"]["recall"] - s["recall"]["mean"]) < 1e-6
    with open(folder / "pairwise.csv", newline="") as f:
        pairs = {(r["a"], r["b"], r["metric"]): float(r["mean_diff"]) for r in csv.DictReader(f)}
    assert len(pairs) == 3 * 2 * 2  # ordered pairs x (precision, recall)
    assert all(pairs[(a, b, m)] == -pairs[(b, a, m)] for a, b, m in pairs)
    assert summary["published_findings"] == []  # none of its pairs ran (hub vs dom, naive vs bfs, ...)
    copies = json.loads((task.topic_task().folder() / "articles.json").read_text())
    assert all(isinstance(k, str) and isinstance(v, str) and k != v for k, v in copies.items())
    with StartedTasks() as started:
        assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    assert started.families == []

    # Interim results: the same measurement of the finished topics, in partial/, nothing crawled.
    from bench.crawl_progress import main as progress
    common = ["--corpus", str(site), "--strategies", "bfs,bestfirst,hub", "--topics", "2", "--min-members", "5",
              "--n-seeds", "2", "--step", "4", "--port", str(task.port), "--output-root", str(tmp_path / "out")]
    with StartedTasks() as started:
        assert progress(common + ["--max-pages", "12"]) == 0
    assert started.families == []
    partial = folder / "partial"
    assert (partial / "metrics.csv").read_text() == (folder / "metrics.csv").read_text()
    assert json.loads((partial / "summary.json").read_text())["topics_measured"] == 2
    assert progress(common + ["--max-pages", "13"]) == 1  # another budget: no crawl of it has run


def test_recall_targets_merge_copies_and_drop_copies_of_seeds():
    from pipeline.testbed import TestTopic
    from tasks.benchmark import recall_targets

    prefix = "http://127.0.0.1:1/wiki/"
    copies = {prefix + "GOFAI": prefix + "Symbolic_AI", prefix + "AI_copy": prefix + "Seed_page"}
    article = lambda url: copies.get(url, url)  # noqa: E731
    topic = TestTopic("c", "c", "d", seeds=["Seed_page"],
                      targets=["GOFAI", "Symbolic_AI", "AI_copy", "Other", "AT%26T"])
    assert recall_targets(topic, prefix, article) == {
        prefix + "Symbolic_AI", prefix + "Other", prefix + "AT%26T"}


def test_summary_reads_the_orderings_along_the_crawl():
    from tasks.benchmark import summarise, summary_markdown

    ns = list(range(10, 101, 10))
    names = ["bfs", "naive", "dom", "hub"]
    # Three topics; hub leads early and BFS catches up by the last N (a saturating test bed).
    early = {"bfs": [0.1, 0.2, 0.1], "naive": [0.2, 0.2, 0.3], "dom": [0.1, 0.3, 0.2], "hub": [0.4, 0.5, 0.6]}
    rows = []
    for name in names:
        for t in range(3):
            for n in ns:
                recall = early[name][t] if n < 100 else 0.9
                rows.append([name, f"topic {t}", n, 0.05, recall])
    per_topic = {name: {"precision": [0.05] * 3, "recall": [0.9] * 3, "harvest": [0.1] * 3,
                        "predicate": [0.1] * 3} for name in names}
    summary = summarise(names, per_topic, rows, ns)
    assert list(summary["at_n"]["hub"]) == ["10", "50", "100"]
    assert summary["at_n"]["hub"]["50"]["recall"] == pytest.approx(0.5)
    assert summary["recall_p_vs_bfs_at_n"]["50"]["hub"] < 0.05  # ahead of BFS halfway ...
    assert summary["recall_p_vs_bfs_at_n"]["100"]["hub"] == 0.5  # ... and level at the end
    hub_dom = summary["published_findings_at_n"]["50"][0]
    assert (hub_dom["better"], hub_dom["worse"], hub_dom["holds"]) == ("hub", "dom", "yes")
    assert summary["published_findings_at_n"]["100"][0]["holds"] == "tie"
    text = summary_markdown(summary, CrawlBenchmark(corpus="x", topics=3, max_pages=100))
    assert "| hub | 0.500 (p 0." in text and "| recall@10 | recall@50 | recall@100 |" in text.replace("strategy ", "")
    assert "0.500 vs 0.200: yes" in text and "0.900 vs 0.900: tie" in text
