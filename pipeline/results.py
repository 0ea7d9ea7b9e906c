"""Collect usable result pages: ask for more results until enough pages load and parse."""
from __future__ import annotations

from typing import Callable

from .parse import html_problem
from .search import SearchBackend


def collect_results(backend: SearchBackend, keyword: str, wanted: int, domain: str = "",
                    batch: int = 50, progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """Every result looked at, in rank order, each marked usable or with the reason it is not.

    Stops once `wanted` usable pages are found or the backend has no more results.
    """
    rows: list[dict] = []
    usable = offset = 0
    while usable < wanted:
        hits = backend.search(keyword, batch, offset, domain)
        if not hits:
            break
        for hit in hits:
            page = backend.fetch(hit.url)
            problem = page.problem or html_problem(page.raw or b"", page.content_type)
            rows.append({"rank": hit.rank, "url": hit.url, "title": hit.title, "score": hit.score,
                         "usable": problem is None, "reason": problem})
            usable += problem is None
            if usable >= wanted:
                break
        offset += len(hits)
        if progress:
            progress(usable, offset)
    return rows
