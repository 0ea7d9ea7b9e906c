"""Memory of one process running many topic runs, as TopicBatch and the quality harness do.

    python bench/bench_memory.py [--runs 60] [--seed 78]

Runs the same keywords (drawn from bench/quality/judgements.json) as new topic runs in one
process, ten at a time through luigi.build, and prints its resident memory after each ten:
once with the stages' heap freeze as it is (tasks.base: the garbage of the stages before
is collected, then the heap is frozen), and once, as the baseline, with the freeze alone
(session 77's code, which froze reference cycles out of every collection's reach). Each
side runs in a process of its own on a fresh output root that shares output/'s index and
WordNet table (bench_batch.shared_root), so every run is new and output/ is left as it was.
Needs the index built.
"""
from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def resident_mb() -> int:
    """This process's resident memory, MB (Linux)."""
    status = Path("/proc/self/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0]) // 1024


def side(keywords: list[str], out: str, freeze_only: bool) -> list[int]:
    """Resident MB after each ten runs (the first entry: before any)."""
    import gc
    import os
    import types

    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    import luigi

    import tasks  # noqa: F401  (registers the tasks)
    import tasks.base as base
    from tasks.topic import TopicConcepts

    if freeze_only:  # the baseline: the freeze without the collection before it
        base.gc = types.SimpleNamespace(collect=lambda: 0, freeze=gc.freeze)
    rss = [resident_mb()]
    for i in range(0, len(keywords), 10):
        luigi.build([TopicConcepts(keyword=k, output_root=out) for k in keywords[i:i + 10]],
                    local_scheduler=True, log_level="ERROR")
        rss.append(resident_mb())
    return rss


def run_side(keywords: list[str], freeze_only: bool) -> list[int]:
    """side() in a fresh process, on an output root of its own, removed after."""
    from bench.bench_batch import shared_root

    with tempfile.TemporaryDirectory(prefix="bench_memory-") as tmp:
        out = shared_root(Path(tmp) / "output")
        code = ("import json, sys; sys.path.insert(0, %r); from bench.bench_memory import side; "
                "print(json.dumps(side(%r, %r, %r)))" % (str(ROOT), keywords, str(out), freeze_only))
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--seed", type=int, default=78)
    args = ap.parse_args()
    judged = sorted(json.loads((ROOT / "bench/quality/judgements.json").read_text())["keywords"])
    keywords = random.Random(args.seed).sample(judged, args.runs)
    sys.path.insert(0, str(ROOT))
    now = run_side(keywords, freeze_only=False)
    old = run_side(keywords, freeze_only=True)
    print(f"{args.runs} new topic runs in one process, resident MB after each 10:")
    print("runs      " + " ".join(f"{10 * i:>6}" for i in range(len(now))))
    print("collect   " + " ".join(f"{m:>6}" for m in now))
    print("freeze    " + " ".join(f"{m:>6}" for m in old))
    # The growth from the first ten on: the first ten load the index's and WordNet's tables.
    per_now = (now[-1] - now[1]) / (args.runs - 10)
    per_old = (old[-1] - old[1]) / (args.runs - 10)
    print(f"MB a run after the first ten: {per_now:.1f} (collect, then freeze) against {per_old:.1f} "
          f"(freeze alone): {per_old / max(per_now, 0.1):.1f}x less")


if __name__ == "__main__":
    main()
