"""Atomic, human-readable artifact writers and readers (JSON, JSONL, CSV) for Luigi targets."""
from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any, Iterable, Sequence

import luigi


def write_json(target: luigi.LocalTarget, data: Any) -> None:
    """Write `data` as indented JSON, atomically."""
    with target.temporary_path() as tmp:
        Path(tmp).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def write_jsonl(target: luigi.LocalTarget, rows: Iterable[dict]) -> None:
    """Write one JSON object per line, atomically."""
    with target.temporary_path() as tmp, open(tmp, "w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")


def write_csv(target: luigi.LocalTarget, header: Sequence[str], rows: Iterable[Sequence]) -> None:
    """Write a CSV with a header row, atomically."""
    with target.temporary_path() as tmp, open(tmp, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def write_text(target: luigi.LocalTarget, text: str) -> None:
    """Write plain text, atomically."""
    with target.temporary_path() as tmp:
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
