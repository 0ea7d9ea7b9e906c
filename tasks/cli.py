"""Make user mistakes one line on the luigi command line, never a traceback."""
from __future__ import annotations

import configparser
import logging
import re
from pathlib import Path

import luigi.configuration
from luigi.parameter import ParameterException

from pipeline.errors import UserError

_MARK = "pipeline.errors.UserError: "


class UserErrorFilter(logging.Filter):
    """Rewrite Luigi's log records about a UserError into one line naming the problem.

    A line is not repeated within REPEAT_SECONDS: two tasks of one build that fail for the
    same reason (missing NLTK data stops both the stopword stage and the WordNet table)
    say it once, while a later build in the same process (a script calling luigi.build
    in a loop) still says it again.
    """

    REPEAT_SECONDS = 30.0

    def __init__(self) -> None:
        super().__init__()
        self.shown: dict[str, float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        if not self._rewrite(record):
            return True
        last = self.shown.get(record.msg)
        self.shown[record.msg] = record.created
        return last is None or record.created - last > self.REPEAT_SECONDS

    def _rewrite(self, record: logging.LogRecord) -> bool:
        """Make a record about a UserError its one line; True if it was one."""
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, ParameterException):  # e.g. a required --keyword left out
            exc = UserError(parameter_error_line(str(exc)))
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


# Luigi names the task by its whole call ("Crawl[args=(), kwargs={'strategy': 'bfs', ...}]"),
# which repeats the command line back; the task's name says the same.
_TASK_CALL = re.compile(r"^(\w+)\[args=\(.*\), kwargs=\{.*\}\]:", re.S)


def parameter_error_line(message: str) -> str:
    """Luigi's message about a missing or bad parameter as one line: the task's name, what is
    wrong (an empty value counts as not set), and where the options are listed."""
    m = _TASK_CALL.match(message)
    task = m.group(1) if m else "<Task>"
    message = _TASK_CALL.sub(r"\1:", message)
    if "requires the '" in message:
        message += " (an empty value counts as not set)"
    return f"{message}: see `luigi --module tasks {task} --help` for the options"


REPOSITORY_CONFIG = Path(__file__).resolve().parents[1] / "luigi.cfg"


def ensure_retcodes(config=None, source: Path = REPOSITORY_CONFIG) -> dict[str, str]:
    """Give Luigi the repository's [retcode] exit codes where its configuration lacks them; those set.

    Luigi reads luigi.cfg from the working directory, and without a [retcode] section it
    exits 0 when a task fails: a cron job started in $HOME would never see a failure. The
    codes stay written once, in the repository's luigi.cfg; a section the user's own
    configuration has wins, key by key.
    """
    config = config if config is not None else luigi.configuration.get_config()
    ours = configparser.ConfigParser(interpolation=None)
    try:
        ours.read(source)
    except configparser.Error:
        return {}
    if not ours.has_section("retcode"):
        return {}
    if not config.has_section("retcode"):
        config.add_section("retcode")
    added = {key: value for key, value in ours.items("retcode") if not config.has_option("retcode", key)}
    for key, value in added.items():
        config.set("retcode", key, value)
    return added


def install() -> None:
    """Attach the filter to Luigi's loggers and make failures exit non-zero (idempotent)."""
    ensure_retcodes()
    for name in ("luigi-interface", "luigi"):
        log = logging.getLogger(name)
        if not any(isinstance(f, UserErrorFilter) for f in log.filters):
            log.addFilter(UserErrorFilter())
