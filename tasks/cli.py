"""Make user mistakes one line on the luigi command line, never a traceback."""
from __future__ import annotations

import logging

from luigi.parameter import ParameterException

from pipeline.errors import UserError

_MARK = "pipeline.errors.UserError: "


class UserErrorFilter(logging.Filter):
    """Rewrite Luigi's log records about a UserError into one line naming the problem.

    Each such line is shown once: two tasks that fail for the same reason (missing NLTK
    data stops both the stopword stage and the WordNet table) say it once.
    """

    def __init__(self) -> None:
        super().__init__()
        self.shown: set[str] = set()

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._rewrite(record):
            return True
        if record.msg in self.shown:
            return False
        self.shown.add(record.msg)
        return True

    def _rewrite(self, record: logging.LogRecord) -> bool:
        """Make a record about a UserError its one line; True if it was one."""
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, ParameterException):  # e.g. a required --keyword left out
            exc = UserError(f"{exc}: see `luigi --module tasks <Task> --help` for the options")
        if isinstance(exc, UserError):
            record.msg, record.args, record.exc_info, record.exc_text = str(exc), (), None, None
            record.levelno, record.levelname = logging.ERROR, "ERROR"
            return True
        msg = record.getMessage() if isinstance(record.msg, str) else ""
        if _MARK in msg:
            line = msg.rsplit(_MARK, 1)[1].strip().splitlines()[0]
            record.msg, record.args = line, ()
            record.levelno, record.levelname = logging.ERROR, "ERROR"
            return True
        return False


def install() -> None:
    """Attach the filter to Luigi's loggers (idempotent)."""
    for name in ("luigi-interface", "luigi"):
        log = logging.getLogger(name)
        if not any(isinstance(f, UserErrorFilter) for f in log.filters):
            log.addFilter(UserErrorFilter())
