"""Luigi parameters whose parse errors are one-line user errors, not tracebacks."""
from __future__ import annotations

import luigi

from pipeline.errors import UserError


class _Named:
    """Errors name the command-line option (Luigi records the attribute name itself)."""

    def option(self) -> str:
        name = getattr(self, "_attribute_name", None) or "value"
        return "--" + name.replace("_", "-")


class IntParam(_Named, luigi.IntParameter):
    """An integer parameter; a value that is not a whole number is a user error."""

    def parse(self, x):
        try:
            return int(x)
        except (TypeError, ValueError):
            raise UserError(f"{self.option()} {x!r} is not a whole number: pass an integer such as 100") from None


class FloatParam(_Named, luigi.FloatParameter):
    """A number parameter; a value that is not a number is a user error."""

    def parse(self, x):
        try:
            return float(x)
        except (TypeError, ValueError):
            raise UserError(f"{self.option()} {x!r} is not a number: pass a value such as 3 or 0.05") from None
