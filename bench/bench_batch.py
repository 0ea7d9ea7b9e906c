#!/usr/bin/env python
"""Time a TopicBatch of many keywords: its runs handed to Luigi a chunk at a time (the
default, tasks.batch.RUN_CHUNK) against one chunk of all (every run pending at once, as the
batch required them until session 77).

    python bench/bench_batch.py [--counts 100,400] [--workers 2] [--out bench/results]

Each side runs in a fresh process on a fresh output root that shares the built index and
WordNet table of `output/` (built first if missing) but not the hit-count or page caches,
so both do the same work from cold; the keywords are the last N of the hand-judged ones
(bench/quality/judgements.json), rarer names with small pages counts. Writes
bench_batch.json and bench_batch.md (a table with each side's seconds and the ratio).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JUDGEMENTS = ROOT / "bench" / "quality" / "judgements.json"

# Run in a child process: a module constant is the only difference between the two sides.
CHILD = """
import sys, luigi
sys.path.insert(0, {root!r})
import tasks, tasks.batch
tasks.batch.RUN_CHUNK = {chunk}
ok = luigi.build([tasks.TopicBatch(keywords_file={kw_file!r}, output_root={out!r})],
                 local_scheduler=True, workers={workers}, log_level="WARNING")
sys.exit(0 if ok else 1)
"""


def shared_root(base: Path) -> Path:
    """A fresh output root whose index and WordNet table are output/'s (symlinked)."""
    base.mkdir(parents=True)
    for name in ("index", "wordnet"):
        (base / name).symlink_to((ROOT / "output" / name).resolve(), target_is_directory=True)
    return base


def timed_batch(kw_file: Path, out: Path, chunk: int, workers: int) -> float:
    """Seconds of one TopicBatch in a new process; exits on a failed batch."""
    code = CHILD.format(root=str(ROOT), chunk=chunk, kw_file=str(kw_file), out=str(out), workers=workers)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if proc.returncode:
        sys.exit(f"batch failed (chunk {chunk}):\n{proc.stderr[-3000:]}")
    return seconds


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--counts", default="100,400", help="batch sizes, comma-separated")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results")
    args = ap.parse_args()
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    import luigi

    import tasks
    from tasks.batch import RUN_CHUNK

    # The shared index and WordNet table, built once (not timed).
    if not luigi.build([tasks.BuildIndex(), tasks.WordNetTable()], local_scheduler=True, log_level="WARNING"):
        sys.exit("the index could not be built: see the Luigi log above")
    judged = list(json.loads(JUDGEMENTS.read_text(encoding="utf-8"))["keywords"])
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench_batch-") as tmp:
        for n in [int(c) for c in args.counts.split(",")]:
            kw_file = Path(tmp) / f"keywords-{n}.txt"
            kw_file.write_text("\n".join(judged[-n:]) + "\n", encoding="utf-8")
            row = {"keywords": n, "tasks": 11 * n, "workers": args.workers}
            # All at once first, so the chunked side may gain from a warmer OS file cache: at 100
            # keywords, where the scheduler has little to sort, the difference is that gain.
            for side, chunk in (("all_at_once", n), ("chunked", RUN_CHUNK)):
                out = shared_root(Path(tmp) / f"{side}-{n}")
                row[side] = round(timed_batch(kw_file, out, chunk, args.workers), 1)
                print(f"{n} keywords, {side} (chunk {chunk}): {row[side]} s", flush=True)
            row["ratio"] = round(row["all_at_once"] / row["chunked"], 2)
            rows.append(row)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "bench_batch.json").write_text(json.dumps({"run_chunk": RUN_CHUNK, "rows": rows}, indent=1) + "\n")
    lines = ["| keywords (tasks) | all at once | chunks of %d | all at once / chunked |" % RUN_CHUNK, "|---|---|---|---|"]
    lines += [f"| {r['keywords']} ({r['tasks']:,}) | {r['all_at_once']} s | {r['chunked']} s | {r['ratio']}x |" for r in rows]
    (args.out / "bench_batch.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
