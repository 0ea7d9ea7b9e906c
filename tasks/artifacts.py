"""Atomic, human-readable artifact writers and readers (JSON, JSONL, CSV) for Luigi targets."""
from __future__ import annotations

import contextlib
import csv
import hashlib
import json
import math
import os
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

import luigi


def short_digest(key: str) -> str:
    """The 8 hex digits that name a task's folder after its significant parameters (SHA-1 of `key`)."""
    return hashlib.sha1(key.encode()).hexdigest()[:8]


@contextlib.contextmanager
def atomic_path(target: luigi.LocalTarget) -> Iterator[str]:
    """A temporary path that replaces `target` when the block ends without error.

    Luigi's temporary_path() refuses to replace an existing file, and a task with several
    outputs that was killed between two of them leaves one behind: the re-run must be
    able to overwrite it. Nor does it remove the temporary file when the block fails (an
    index build that found no page): that is done here, so a failure leaves nothing
    half-written beside the artifact.
    """
    with target.temporary_path() as tmp:
        try:
            yield tmp
        except BaseException:
            with contextlib.suppress(OSError):
                os.remove(tmp)
            raise
        if os.path.exists(target.path):
            os.remove(target.path)


# One encoder for every line: json.dumps() with options builds a new one per call, and
# indent= switches to the pure-Python encoder (10x slower on the candidate lists).
_encode = json.JSONEncoder(ensure_ascii=False).encode
# The same encoder refusing nan and infinities: one pass in C says whether json_safe's
# walk in Python (0.04-0.13 s for a run's larger artifacts) is needed at all.
_encode_finite = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode


def json_safe(data: Any) -> Any:
    """`data` with every nan or infinite float as None: JSON has no NaN, and readers choke on it."""
    if isinstance(data, float):
        return data if math.isfinite(data) else None
    if isinstance(data, dict):
        return {k: json_safe(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [json_safe(v) for v in data]
    return data


def readable_json(data: Any, indent: str = "") -> str:
    """JSON for people: objects and lists of containers indented, one record per line.

    Lists of scalars and the records inside lists stay on one line each, so a candidate
    list reads like a table and is written by the C encoder.
    """
    inner = indent + "  "
    if isinstance(data, dict) and data:
        items = [f"{inner}{_encode(str(k))}: {readable_json(v, inner)}" for k, v in data.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(data, (list, tuple)) and data and any(isinstance(x, (dict, list, tuple)) for x in data):
        return "[\n" + ",\n".join(inner + _encode(x) for x in data) + "\n" + indent + "]"
    return _encode(data)


def write_json(target: luigi.LocalTarget, data: Any) -> None:
    """Write `data` as readable JSON (see readable_json; nan as null), atomically."""
    try:
        _encode_finite(data)
    except ValueError:  # a nan or an infinity somewhere
        data = json_safe(data)
    with atomic_path(target) as tmp:
        Path(tmp).write_text(readable_json(data) + "\n", encoding="utf-8")


def write_jsonl(target: luigi.LocalTarget, rows: Iterable[dict]) -> None:
    """Write one JSON object per line, atomically."""
    with atomic_path(target) as tmp, open(tmp, "w", encoding="utf-8") as f:
        f.writelines(_encode(row) + "\n" for row in rows)


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


def iter_jsonl(target: luigi.LocalTarget) -> Iterator[dict]:
    """The rows of a JSONL artifact, read only when (and as far as) they are consumed."""
    with open(target.path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def read_jsonl(target: luigi.LocalTarget) -> list[dict]:
    """Read a JSONL artifact."""
    with open(target.path, encoding="utf-8") as f:
        lines = [line for line in f if line.strip()]
    # One parse of the lines as an array: a loads() call per line costs more than the parsing.
    return json.loads("[" + ",".join(lines) + "]")


def read_csv(target: luigi.LocalTarget) -> list[dict]:
    """Read a CSV artifact as dicts (values are strings)."""
    with open(target.path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))
