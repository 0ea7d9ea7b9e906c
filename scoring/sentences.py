"""Sentence splitting: one rule for first sentences, definitions and pattern reading."""
from __future__ import annotations

import functools
import re
from typing import Iterator

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
# A full stop that ends a word, not a sentence: "Nintendo Co., Ltd. is a ...", "Amazon.com,
# Inc. (/.../), is an ...", "John F. Kennedy (May 29, 1917 - ...) was ...".
_ABBREVIATIONS = frozenset({"inc", "ltd", "co", "corp", "llc", "plc", "bros", "jr", "sr", "st", "dr", "mr", "mrs",
                            "ms", "prof", "vs", "e.g", "i.e", "u.s", "u.k"})


def sentences(text: str) -> list[str]:
    """The sentences of a paragraph: split after . ! ? before a capital, not after an
    abbreviation (Inc., Ltd., Dr.) or a name's initial ("John F. Kennedy"), nor inside brackets."""
    return list(_iter_sentences(text))


def _iter_sentences(text: str) -> Iterator[str]:
    # One sentence at a time, the text split as it is read: sentence_around stops at the
    # sentence it looks for (half-way through its window, on average).
    current = None
    for piece in _pieces(text.strip()):
        if current is not None and (_ends_with_abbreviation(current) or _open_bracket(current)):
            current += " " + piece
        else:
            if current is not None:
                yield current
            current = piece
    if current is not None:
        yield current


def _pieces(text: str) -> Iterator[str]:
    """_SENTENCE_END.split(text), lazily."""
    at = 0
    for m in _SENTENCE_END.finditer(text):
        yield text[at:m.start()]
        at = m.end()
    yield text[at:]


def _open_bracket(sentence: str) -> bool:
    # A sentence does not end inside brackets: a lead's opening parenthesis holds the
    # etymology and pronunciation ("Physics (from Ancient Greek: ..., lit. 'knowledge of
    # nature') is the natural science ..."), whose abbreviations and quotes end nothing.
    return sentence.count("(") > sentence.count(")") or sentence.count("[") > sentence.count("]")


def _ends_with_abbreviation(sentence: str) -> bool:
    last = sentence.rsplit(None, 1)[-1].rstrip(".").lower() if sentence.strip() else ""
    return (len(last) == 1 and last.isalpha()) or last in _ABBREVIATIONS


@functools.lru_cache(maxsize=4096)  # a run reads the same leads' first sentences for several rules
def first_sentence(text: str) -> str:
    """The first sentence of a paragraph (see `sentences`)."""
    return sentences(text)[0] if text.strip() else ""


def sentence_around(text: str, start: int, end: int, reach: int = 400) -> str:
    """The sentence of `text` that holds the span [start, end), looked for within `reach`
    characters either side (a longer sentence is cut there: pages run on without stops)."""
    lo = max(0, start - reach)
    window = text[lo:min(len(text), end + reach)]
    pos = 0
    for piece in _iter_sentences(window):
        at = window.find(piece[:40], pos)
        if at < 0:  # sentences() joined pieces with one space: fall back to the running offset
            at = pos
        if lo + at + len(piece) >= end:
            return piece.strip()
        pos = at + len(piece)
    return window.strip()
