"""Interim results of a crawl benchmark that is still running (or was stopped).

    python bench/crawl_progress.py --corpus ../shared/corpora/wikipedia-cs-2020.tar.xz --topics 30 --max-pages 1000
    python bench/crawl_progress.py ... --augment-seeds --port 8767

Takes the same parameters as `CrawlBenchmark` (any of them; the rest are luigi.cfg's),
finds the topics whose every crawl has finished, and measures those exactly as the task
will measure all of them: metrics.csv, pairwise.csv, precision.png, recall.png and
summary.md/.json in `<the benchmark's folder>/partial/`. It starts no crawl and never
writes the benchmark's own summary.json, so the task still runs to the end; its tables
say how many topics they cover. A full benchmark takes hours (330 crawls of 1,000
pages): this is how to read it before it ends.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    os.chdir(ROOT)  # luigi.cfg and the relative paths of the tasks
    sys.path.insert(0, str(ROOT))
    from tasks.benchmark import CrawlBenchmark, summary_markdown

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--topics", type=int, default=30)
    ap.add_argument("--max-pages", type=int, default=1000)
    ap.add_argument("--step", type=int, default=0)
    ap.add_argument("--min-members", type=int, default=20)
    ap.add_argument("--n-seeds", type=int, default=10)
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--strategies", default=None)
    ap.add_argument("--augment-seeds", action="store_true")
    ap.add_argument("--output-root", default="output")
    args = ap.parse_args(argv)
    params = dict(corpus=args.corpus, topics=args.topics, max_pages=args.max_pages, step=args.step,
                  min_members=args.min_members, n_seeds=args.n_seeds,
                  port=args.port, augment_seeds=args.augment_seeds, output_root=args.output_root)
    if args.strategies:
        params["strategies"] = args.strategies
    task = CrawlBenchmark(**params)
    if not task.topic_task().complete():
        print(f"crawl_progress: no test bed yet for {args.corpus}: start the benchmark first", file=sys.stderr)
        return 2
    done = task.finished_topics()
    total = len(task.chosen_topics())
    if not done:
        print(f"crawl_progress: no topic has all its crawls yet (0 of {total}) in {task.folder()}")
        return 1
    folder = task.folder() / "partial"
    summary = task.measure(task.crawl_tasks(), done, folder)
    text = summary_markdown(summary, task)
    (folder / "summary.md").write_text(text, encoding="utf-8")
    (folder / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    print(text)
    print(f"{len(done)} of {total} topics measured -> {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
