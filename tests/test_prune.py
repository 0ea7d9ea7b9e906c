"""PruneRuns: runs of earlier rankings are found by their folder names, and only they go."""
from __future__ import annotations

import json
from pathlib import Path

import luigi

from scoring.evidence import RANKING_VERSION
from tasks.prune import PruneRuns, superseded_version
from tasks.topic import run_folder_name

PARAMS = {"keyword": "haskell", "pages": 100, "domain": "", "mode": "word", "stemming": False, "min_support": 3.0,
          "s1_threshold": 0.06, "backend": "local", "star_parser": "auto", "itemsets": "fpgrowth",
          "method": "evidence"}


def make_run(root: Path, params: dict, index: str, version: int, finished: bool = True) -> Path:
    folder = root / run_folder_name(params, index, version)
    folder.mkdir(parents=True)
    (folder / "01-search.jsonl").write_text("{}\n")
    if finished:
        (folder / "report.json").write_text(json.dumps({"keyword": params["keyword"], "parameters": params,
                                                        "index": index, "candidates": []}))
    return folder


def test_only_finished_runs_of_earlier_rankings_are_pruned(tmp_path):
    root = tmp_path / "output"
    index = str(root / "index" / "corpus-0000" / "pages.sqlite")
    old = make_run(root, PARAMS, index, RANKING_VERSION - 1)
    older = make_run(root, dict(PARAMS, keyword="prolog"), index, 3)
    current = make_run(root, PARAMS, index, RANKING_VERSION)
    published = make_run(root, dict(PARAMS, method="published"), index, 1)
    unfinished = make_run(root, dict(PARAMS, keyword="lisp"), index, 2, finished=False)
    other_index = make_run(root, dict(PARAMS, keyword="java"), str(tmp_path / "elsewhere.sqlite"), RANKING_VERSION)
    (root / "index").mkdir(exist_ok=True)

    dry = PruneRuns(output_root=str(root), when="dry")
    assert luigi.build([dry], local_scheduler=True, log_level="WARNING")
    listing = json.loads(Path(dry.output().path).read_text())
    assert {Path(f["folder"]).name: f["ranking_version"] for f in listing["folders"]} == {
        old.name: RANKING_VERSION - 1, older.name: 3}
    assert listing["applied"] is False and listing["removed"] == 0 and listing["runs_kept"] == 3
    assert old.is_dir() and older.is_dir()  # a dry run deletes nothing

    wet = PruneRuns(output_root=str(root), apply=True, when="wet")
    assert luigi.build([wet], local_scheduler=True, log_level="WARNING")
    assert json.loads(Path(wet.output().path).read_text())["removed"] == 2
    assert not old.exists() and not older.exists()
    for kept in (current, published, unfinished, other_index, root / "index"):
        assert kept.is_dir(), kept


def test_a_relative_index_is_resolved_where_the_output_root_sits(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the runs were made from here, with the default relative paths
    index = "output/index/corpus-0000/pages.sqlite"
    old = make_run(Path("output"), PARAMS, index, 5)
    report = json.loads((old / "report.json").read_text())
    monkeypatch.chdir("/")  # pruned from elsewhere, with an absolute output root
    assert superseded_version(tmp_path / old, report) == 5
    assert superseded_version(tmp_path / old, dict(report, parameters=dict(PARAMS, pages=50))) is None
