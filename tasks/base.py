"""Shared Luigi plumbing: one-line failures for user mistakes."""
from __future__ import annotations

import luigi

from pipeline.errors import UserError


class Stage(luigi.Task):
    """Base of every topicminer task: a UserError fails the task with its one-line message."""

    def on_failure(self, exception: BaseException) -> str:
        if isinstance(exception, UserError):
            return str(exception)
        return super().on_failure(exception)
