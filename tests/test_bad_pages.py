"""Pages written by careless servers: the index keeps what it can read and says what it skipped."""
from __future__ import annotations

import json
from pathlib import Path

import luigi

from pipeline.search import LocalBackend
from tasks import BuildIndex, TopicConcepts

from integration_support import StartedTasks, luigi_config

GOOD = ("<html><head><title>Robotics</title></head><body><h1>Robotics</h1>"
        "<p>Robotics joins mechanical engineering and computer science.</p>"
        "<h2>Fields of robotics</h2><ul><li>Robot kinematics</li><li>Machine vision</li>"
        "<li>Motion planning</li></ul></body></html>")


def write_corpus(root: Path) -> Path:
    site = root / "site"
    site.mkdir(parents=True)
    for i in range(3):
        (site / f"good{i}.html").write_text(GOOD.replace("Robotics</h1>", f"Robotics {i}</h1>"))
    # Latin-1 bytes with no charset declared anywhere: must not crash, text must survive.
    (site / "latin1.html").write_bytes(
        "<html><body><p>Caf\u00e9 robotics in Z\u00fcrich</p><ul><li>Motion planning</li></ul></body></html>"
        .encode("latin-1"))
    (site / "truncated.html").write_text(GOOD[: len(GOOD) // 2])  # cut mid-list, no </body>
    (site / "paper.html").write_bytes(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")
    (site / "fragment.html").write_text("<p>just a fragment, no html or body tag</p>")
    (site / "empty.html").write_text("")
    (site / "misnested.html").write_text(
        "<html><body><ul><li><b>Motion <i>planning</b></i><li>Robot kinematics</ul><p>robotics</body></html>")
    (site / "notes.txt").write_text("not an html file, not read")
    return site


def test_index_skips_unusable_pages_with_reasons(tmp_path):
    site = write_corpus(tmp_path)
    task = BuildIndex(corpus=str(site), url_prefix="http://robots.test/", output_root=str(tmp_path / "out"))
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    summary = json.loads(Path(task.output()["summary"].path).read_text())
    assert summary["pages"] == 6  # 3 good, latin1, truncated, misnested
    assert summary["skip_reasons"] == {"not HTML (pdf)": 1, "no <html> tag": 1, "empty body": 1}
    backend = LocalBackend(task.output()["db"].path)
    assert backend.hit_count(["café robotics"]) == 1
    assert backend.hit_count(["zürich"]) == 1
    assert backend.hit_count(["motion planning"]) == 5  # the truncated copy stops before it
    assert backend.fetch("http://robots.test/truncated").text.startswith("Robotics")


def test_topic_run_on_bad_pages(tmp_path):
    site = write_corpus(tmp_path)
    with luigi_config(BuildIndex={"corpus": site, "url_prefix": "http://robots.test/"}):
        task = TopicConcepts(keyword="robotics", pages=10, min_support=2, output_root=str(tmp_path / "out"))
        assert luigi.build([task], local_scheduler=True, log_level="WARNING")
        rep = json.loads(Path(task.output()["json"].path).read_text())
        phrases = {c["normalised"]: c for c in rep["candidates"]}
        assert {"motion planning", "robot kinematics", "machine vision"} <= set(phrases)
        # Listed under the heading "Fields of robotics": starred.
        assert phrases["robot kinematics"]["starred"]
        with StartedTasks() as started:
            assert luigi.build([task], local_scheduler=True, log_level="WARNING")
        assert started.families == []
