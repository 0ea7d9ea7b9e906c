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
    # 0.1-0.17 s of a 0.6 s topic run (bench/bench_topic.py).
    gc.freeze()
