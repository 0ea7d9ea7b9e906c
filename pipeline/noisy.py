"""The published noisy-page rule: too many mailing-list or bibliography phrases."""
from __future__ import annotations

import re
from typing import Sequence

NOISY_PHRASES = ("in proceeding", "journal", "next message", "previous message", "reply to")
NOISY_MAX = 3


_WORD_CHAR = re.compile(r"\w")


def count_from_word_start(low: str, phrase: str) -> int:
    """Occurrences of `phrase` in `low` that start a word: the count of re's \\b + phrase.

    str.find jumps between occurrences in C; the regex tests a word boundary at every
    position of the text, which made it the noisy stage's whole cost.
    """
    if not _WORD_CHAR.match(phrase):
        return len(re.findall(r"\b" + re.escape(phrase), low))
    n = 0
    i = low.find(phrase)
    while i >= 0:
        if i == 0 or not _WORD_CHAR.match(low, i - 1):
            n += 1
            i = low.find(phrase, i + len(phrase))  # matches do not overlap, as with findall
        else:
            i = low.find(phrase, i + 1)
    return n


def phrase_counts(text: str, phrases: Sequence[str] = NOISY_PHRASES) -> dict[str, int]:
    """Occurrences of each phrase in `text`: case-insensitive, from a word start, so
    "journal" also counts "journals" and "in proceeding" counts "in proceedings"."""
    low = text.lower()
    return {p: count_from_word_start(low, p.lower()) for p in phrases}


def noisy_reason(text: str, phrases: Sequence[str] = NOISY_PHRASES, limit: int = NOISY_MAX) -> str | None:
    """Why the page is noisy (a phrase seen more than `limit` times), or None."""
    over = {p: n for p, n in phrase_counts(text, phrases).items() if n > limit}
    if not over:
        return None
    return "; ".join(f'"{p}" x{n}' for p, n in sorted(over.items(), key=lambda x: -x[1]))
