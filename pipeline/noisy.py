"""The published noisy-page rule: too many mailing-list or bibliography phrases."""
from __future__ import annotations

import re
from typing import Sequence

NOISY_PHRASES = ("in proceeding", "journal", "next message", "previous message", "reply to")
NOISY_MAX = 3


def phrase_counts(text: str, phrases: Sequence[str] = NOISY_PHRASES) -> dict[str, int]:
    """Occurrences of each phrase in `text`: case-insensitive, from a word start, so
    "journal" also counts "journals" and "in proceeding" counts "in proceedings"."""
    low = text.lower()
    return {p: len(re.findall(r"\b" + re.escape(p.lower()), low)) for p in phrases}


def noisy_reason(text: str, phrases: Sequence[str] = NOISY_PHRASES, limit: int = NOISY_MAX) -> str | None:
    """Why the page is noisy (a phrase seen more than `limit` times), or None."""
    over = {p: n for p, n in phrase_counts(text, phrases).items() if n > limit}
    if not over:
        return None
    return "; ".join(f'"{p}" x{n}' for p, n in sorted(over.items(), key=lambda x: -x[1]))
