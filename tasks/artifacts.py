"""Atomic, human-readable artifact writers and readers (JSON, JSONL, CSV) for Luigi targets."""
from __future__ import annotations

import contextlib
import csv
import json
import os
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

import luigi


@contextlib.contextmanager
def atomic_path(target: luigi.LocalTarget) -> Iterator[str]:
    """A temporary path that replaces `target` when the block ends without error.

    Luigi's temporary_path() refuses to replace an existing file, and a task with several
    outputs that was killed between two of them leaves one behind: the re-run must be
    able to overwrite it.
    """
    with target.temporary_path() as tmp:
        yield tmp
        if os.path.exists(target.path):
            os.remove(target.path)


def write_json(target: luigi.LocalTarget, data: Any) -> None:
    """Write `data` as indented JSON, atomically."""
    with atomic_path(target) as tmp:
        Path(tmp).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def write_jsonl(target: luigi.LocalTarget, rows: Iterable[dict]) -> None:
    """Write one JSON object per line, atomically."""
    with atomic_path(target) as tmp, open(tmp, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def write_csv(target: luigi.LocalTarget, header: Sequence[str], rows: Iterable[Sequence]) -> None:
    """Write a CSV with a header row, atomically."""
    with atomic_path(target) as tmp, open(tmp, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def write_text(target: luigi.LocalTarget, text: str) -> None:
    """Write plain text, atomically."""
    with atomic_path(target) as tmp:
        Path(tmp).write_text(text, encoding="utf-8")


def read_json(target: luigi.LocalTarget) -> Any:
    """Read a JSON artifact."""
    with open(target.path, encoding="utf-8") as f:
        return json.load(f)


def read_jsonl(target: luigi.LocalTarget) -> list[dict]:
    """Read a JSONL artifact."""
    with open(target.path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_csv(target: luigi.LocalTarget) -> list[dict]:
    """Read a CSV artifact as dicts (values are strings)."""
    with open(target.path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))
