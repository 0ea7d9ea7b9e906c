"""The crawl frontier: a bounded priority queue of URLs with O(1) membership tests.

Two heaps with lazy deletion give the best entry for the crawler (max priority, first
discovered on ties: FIFO, so a constant priority is breadth-first) and the worst entry
for eviction when the frontier is full (lowest priority, newest on ties). A dict holds
the live entry of each queued URL; a set holds visited URLs.
"""
from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass, field
from typing import Callable, Iterable


@dataclass
class Entry:
    """One queued URL: its priority, discovery order and whatever the strategy attached."""

    url: str
    priority: float
    seq: int
    meta: dict = field(default_factory=dict)


class Frontier:
    """A bounded max-priority queue of unvisited URLs."""

    def __init__(self, max_size: int = 70_000,
                 merge: Callable[[float, float], float] = max,
                 site: Callable[[str], str] | None = None):
        self.max_size = max_size
        self.merge = merge
        self.site = site
        self._live: dict[str, Entry] = {}
        self._best: list[tuple[float, int, str]] = []   # (-priority, seq, url)
        self._worst: list[tuple[float, int, str]] = []  # (priority, -seq, url)
        self._seq = itertools.count()
        self.visited: set[str] = set()
        self.dropped = 0

    def __len__(self) -> int:
        return len(self._live)

    def __contains__(self, url: str) -> bool:
        return url in self._live

    def priority(self, url: str) -> float | None:
        """The queued priority of `url`, or None."""
        e = self._live.get(url)
        return e.priority if e else None

    def push(self, url: str, priority: float, meta: dict | None = None) -> bool:
        """Queue `url`, or update its priority by the merge rule if queued; False if visited or evicted."""
        if url in self.visited:
            return False
        old = self._live.get(url)
        if old is not None:
            new = self.merge(old.priority, priority)
            if new == old.priority:
                return True
            # The link that raised the priority is the reason to fetch: its metadata wins.
            entry = Entry(url, new, old.seq, {**old.meta, **(meta or {})} if new == priority else old.meta)
        else:
            entry = Entry(url, priority, next(self._seq), dict(meta or {}))
        self._live[url] = entry
        heapq.heappush(self._best, (-entry.priority, entry.seq, url))
        heapq.heappush(self._worst, (entry.priority, -entry.seq, url))
        if len(self._live) > self.max_size:
            self._evict()
        self._compact()
        return url in self._live

    def _is_current(self, url: str, priority: float, seq: int) -> bool:
        e = self._live.get(url)
        return e is not None and e.priority == priority and e.seq == seq

    def _evict(self) -> None:
        while self._worst:
            p, negseq, url = heapq.heappop(self._worst)
            if self._is_current(url, p, -negseq):
                del self._live[url]
                self.dropped += 1
                return

    def _compact(self) -> None:
        # Stale heap entries pile up with priority updates; rebuild when they dominate.
        if len(self._best) > 4 * len(self._live) + 1024:
            self._best = [(-e.priority, e.seq, e.url) for e in self._live.values()]
            self._worst = [(e.priority, -e.seq, e.url) for e in self._live.values()]
            heapq.heapify(self._best)
            heapq.heapify(self._worst)

    def pop(self) -> Entry | None:
        """Remove and return the best entry (marked visited), or None when empty."""
        while self._best:
            negp, seq, url = heapq.heappop(self._best)
            if self._is_current(url, -negp, seq):
                entry = self._live.pop(url)
                self.visited.add(url)
                return entry
        return None

    def pop_batch(self, n: int, distinct_sites: bool = False) -> list[Entry]:
        """The best `n` entries; with distinct_sites, no two from the same site (the rest stay queued)."""
        out: list[Entry] = []
        held: list[Entry] = []
        sites: set[str] = set()
        while len(out) < n:
            e = self.pop()
            if e is None:
                break
            key = self.site(e.url) if (distinct_sites and self.site) else None
            if key is not None and key in sites:
                held.append(e)
                continue
            if key is not None:
                sites.add(key)
            out.append(e)
        for e in held:  # back in line with their old place (same seq)
            self.visited.discard(e.url)
            self._live[e.url] = e
            heapq.heappush(self._best, (-e.priority, e.seq, e.url))
            heapq.heappush(self._worst, (e.priority, -e.seq, e.url))
        return out

    def mark_visited(self, url: str) -> None:
        """Record `url` as visited (seeds, resumed crawls); a queued entry is removed."""
        self.visited.add(url)
        self._live.pop(url, None)

    def snapshot(self) -> dict:
        """JSON-able state for a checkpoint (visited URLs live in the page store)."""
        entries = sorted(self._live.values(), key=lambda e: e.seq)
        return {"max_size": self.max_size, "dropped": self.dropped,
                "entries": [[e.url, e.priority, e.seq, e.meta] for e in entries]}

    def restore(self, state: dict, visited: Iterable[str]) -> None:
        """Load a checkpoint taken by `snapshot`."""
        self.visited = set(visited)
        self.dropped = state.get("dropped", 0)
        last = -1
        for url, priority, seq, meta in state["entries"]:
            if url in self.visited:
                continue
            self._live[url] = Entry(url, priority, seq, meta)
            last = max(last, seq)
        self._best = [(-e.priority, e.seq, e.url) for e in self._live.values()]
        self._worst = [(e.priority, -e.seq, e.url) for e in self._live.values()]
        heapq.heapify(self._best)
        heapq.heapify(self._worst)
        self._seq = itertools.count(last + 1)
