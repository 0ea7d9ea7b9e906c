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


# Pairs of quote marks a keyword may arrive wrapped in: search engines taught people to
# quote a phrase, and a keywords file copied from a query log keeps them. Every keyword is
# already searched as a phrase, so the quotes add nothing and would only make another run.
QUOTE_PAIRS = {'"': '"', "\u201c": "\u201d", "\u201e": "\u201c"}
QUOTE_MARKS = frozenset('"\u201c\u201d\u201e')


def clean_keyword(text: str) -> str:
    """The keyword as every count reads it: whitespace squashed, one pair of wrapping quotes off."""
    text = squash(text)
    if len(text) >= 2 and QUOTE_PAIRS.get(text[0]) == text[-1]:
        text = squash(text[1:-1])
    return text


def stray_quote_error(keyword: str) -> UserError | None:
    """A one-line error for a keyword that starts or ends with an unpaired double quote, else None."""
    # '"virtual' and 'address"' are what a shell makes of a quoted phrase that lost its
    # quoting on the way (xargs, an unquoted $(...)): two wrong runs, so refuse them.
    if keyword and (keyword[0] in QUOTE_MARKS or keyword[-1] in QUOTE_MARKS):
        return UserError(f"keyword {keyword!r} starts or ends with an unpaired quote mark: a quoted phrase was "
                         "split on its way here; pass the whole phrase as one argument, e.g. "
                         "--keyword \"virtual address\"")
    return None


class KeywordParam(luigi.Parameter):
    """A keyword: surrounding and repeated whitespace and one pair of wrapping quotes dropped, so
    '  machine   learning ' and '"machine learning"' are the run "machine learning" is (same
    task id, same folder), as every count reads it."""

    def normalize(self, x):
        return clean_keyword(x) if isinstance(x, str) else x
