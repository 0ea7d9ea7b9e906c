"""A keywords file for a batch of topic runs: one keyword a line."""
from __future__ import annotations

from .text import squash


def keyword_list(text: str) -> list[str]:
    """The keywords of a keywords file, in order: one a line, whitespace squashed, blank
    lines and lines starting with "#" skipped, a repeat (ignoring case) kept once."""
    out, seen = [], set()
    for line in text.splitlines():
        keyword = squash(line)
        if not keyword or keyword.startswith("#") or keyword.casefold() in seen:
            continue
        seen.add(keyword.casefold())
        out.append(keyword)
    return out
