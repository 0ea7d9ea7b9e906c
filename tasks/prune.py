"""PruneRuns: find (and with --apply, delete) topic runs an earlier ranking made.

Each RANKING_VERSION gives a run a new folder (tasks.topic.run_folder_name), so that a
changed ranking is never served from an old run; the old folders stay behind, a few MB
each. A finished run (it has report.json) is superseded when its folder is the one the
same parameters and index got under an earlier ranking version: recognised positively,
by recomputing that name, never guessed from dates or sizes. Runs of the published
method, unfinished runs and folders not recognised are left alone and counted.

    luigi --module tasks PruneRuns --local-scheduler            # list what would go
    luigi --module tasks PruneRuns --apply --local-scheduler    # delete it

The listing is written to output/prune/prune-<time>.json either way.
"""
from __future__ import annotations

import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

import luigi

from scoring.evidence import RANKING_VERSION

from .artifacts import write_json
from .base import Stage
from .topic import run_folder_name


def superseded_version(folder: Path, report: dict, current: int = RANKING_VERSION) -> int | None:
    """The earlier ranking version whose run of the same parameters and index `folder` is, or None."""
    params = report.get("parameters") or {}
    index = report.get("index")
    if params.get("method") != "evidence" or not index or "keyword" not in params:
        return None
    # The index path is stored as the run was given it (relative to where it ran, which
    # is where output/ sits): resolve it there.
    base = folder.parent.parent
    path = index if Path(index).is_absolute() else str(base / index)
    names = {run_folder_name(params, p, v): v for p in {index, path} for v in range(1, current)}
    return names.get(folder.name)


def _size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


class PruneRuns(Stage):
    """List, and with `apply` delete, the topic-run folders of earlier ranking versions."""

    output_root = luigi.Parameter(default="output", description="folder whose topic runs are read")
    apply = luigi.BoolParameter(default=False, description="delete the stale run folders (default: list them)")
    # One listing per invocation: pruning is a housekeeping job, run again whenever wanted.
    when = luigi.Parameter(default=datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S"),
                           description="name of this listing (default: now, UTC)")

    def output(self):
        return luigi.LocalTarget(str(Path(self.output_root) / "prune" / f"prune-{self.when}.json"))

    def run(self):
        root = Path(self.output_root)
        stale, kept, unreadable = [], 0, 0
        folders = sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
        for i, folder in enumerate(folders, 1):
            if i % 500 == 0:
                self.set_status_message(f"{i} of {len(folders)} folders read")
            report_path = folder / "report.json"
            if not report_path.is_file():
                continue  # an index, a crawl, an unfinished run: not this task's
            try:
                report = json.loads(report_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                unreadable += 1
                continue
            version = superseded_version(folder, report)
            if version is None:
                kept += 1
                continue
            stale.append({"folder": str(folder), "keyword": report.get("keyword"), "ranking_version": version,
                          "bytes": _size(folder)})
        removed = 0
        if self.apply:
            for row in stale:
                shutil.rmtree(row["folder"], ignore_errors=True)
                removed += not Path(row["folder"]).exists()
        total = sum(r["bytes"] for r in stale)
        write_json(self.output(), {"output_root": str(root), "ranking_version": RANKING_VERSION,
                                   "applied": bool(self.apply), "superseded": len(stale), "removed": removed,
                                   "bytes": total, "runs_kept": kept, "reports_unreadable": unreadable,
                                   "folders": stale})
        verb = f"removed {removed}" if self.apply else "would remove (pass --apply)"
        print(f"PruneRuns: {len(stale)} runs of earlier rankings ({total / 1e6:.0f} MB) under {root}: {verb}; "
              f"{kept} other finished runs kept. Listing: {self.output().path}")
