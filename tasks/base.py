"""Shared Luigi plumbing: one-line failures for user mistakes, and a lighter garbage collector."""
from __future__ import annotations

import gc

import luigi

from pipeline.errors import UserError


class Stage(luigi.Task):
    """Base of every topicminer task: a UserError fails the task with its one-line message."""

    def on_failure(self, exception: BaseException) -> str:
        if isinstance(exception, UserError):
            return str(exception)
        return super().on_failure(exception)


@Stage.event_handler(luigi.Event.START)
def _freeze_heap(task: luigi.Task) -> None:
    # Everything alive when a stage starts (luigi, pandas, mlxtend, nltk, earlier stages'
    # results) is moved out of the collector's sight: otherwise each full collection,
    # triggered by the many small rows a stage builds, rescans that whole heap. This was
    # 0.1-0.17 s of a 0.6 s topic run (bench/bench_topic.py). The garbage of the stages
    # before is collected first: frozen, a reference cycle (an FP-tree's nodes, a parsed
    # page) is out of every collection's reach for good, and one process running thousands
    # of stages (TopicBatch, the quality harness) grew by ~14 MB a topic run until the
    # system killed it (bench/bench_memory.py). The collection scans only what the stages
    # since the last freeze left: ~0.6 ms a stage.
    gc.collect()
    gc.freeze()
