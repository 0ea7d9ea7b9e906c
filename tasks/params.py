"""Luigi parameters whose parse errors are one-line user errors, not tracebacks."""
from __future__ import annotations

import luigi

from pipeline.errors import UserError
from pipeline.text import squash


class _Checked:
    """Parse with `convert`; a value it rejects is a one-line error naming the option."""

    convert: type = str
    expected = "a value"

    def parse(self, x):
        try:
            return self.convert(x)
        except (TypeError, ValueError):
            name = getattr(self, "_attribute_name", None) or "value"  # Luigi records it
            raise UserError(f"--{name.replace('_', '-')} {x!r} is not {self.expected}") from None


class IntParam(_Checked, luigi.IntParameter):
    """An integer parameter; a value that is not a whole number is a user error."""

    convert = int
    expected = "a whole number: pass an integer such as 100"


class FloatParam(_Checked, luigi.FloatParameter):
    """A number parameter; a value that is not a number is a user error."""

    convert = float
    expected = "a number: pass a value such as 3 or 0.05"


class KeywordParam(luigi.Parameter):
    """A keyword: surrounding and repeated whitespace dropped, so "  machine   learning " is
    the run "machine learning" is (same task id, same folder), as every count reads it."""

    def normalize(self, x):
        return squash(x) if isinstance(x, str) else x
