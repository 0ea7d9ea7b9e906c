"""The keyword's sentences, read in a second process while the Evidence stage reads the index.

The Evidence stage has two independent halves: what the index and WordNet say of each
candidate (definitions, pages, links, hit counts: SQLite, which the stage's process spends
its time on) and what the keyword's own sentences say of it (`scoring.hearst`: pure
Python over up to 5,000 sentences, 0.3-0.55 s for a broad keyword). On a machine with two
cores the second half runs in one forked worker that keeps the sentence pool between
requests, so the stage waits only for whichever half is longer. The answers are the same
either way (`SentenceReader(..., fork=False)` reads in this process; tested equal).

Fork, not spawn: the worker inherits the loaded modules and opens its own connection to the
index (`backend.reopen()`; an SQLite connection must not be used across a fork), reading
the texts lazily as `keyword_sentences` asks for them, as this process would.
"""
from __future__ import annotations

import multiprocessing as mp
import os
from collections import Counter
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Sequence

from scoring.evidence import reads_under
from scoring.hearst import Said, SentencePool, keyword_sentences

# The worker process's state: what it was asked to read, then the pool it built.
_job: tuple | None = None
_pool: SentencePool | None = None


def _read_pool(backend, keyword: str, domain: str) -> SentencePool:
    return SentencePool(keyword, keyword_sentences(backend.texts_mentioning(keyword, domain), keyword))


def _said_of(pool: SentencePool, names: Sequence[str]) -> dict[str, Said]:
    return {n: pool.said(n) for n in names}


def _neighbours_of(pool: SentencePool, names: Sequence[str]) -> dict[str, tuple[Counter, Counter, Counter]]:
    return {n: (pool.words_before(n), pool.words_after(n), pool.listed_with(n)) for n in names}


def _named_under_of(pool: SentencePool) -> dict[str, tuple[int, Said]]:
    # Only names the sentences also read as under the keyword by the factor's own bar: the
    # Evidence stage counts and looks up each name it is given, and most enumerated once
    # among many sentences would be dropped after that work.
    out = {}
    for name, enumerating in pool.named_under().most_common():
        said = pool.said(name)
        if reads_under(said):
            out[name] = (enumerating, said)
    return out


def _build() -> float:
    """(In the worker) read the keyword's sentences over a connection of its own; their name share."""
    global _pool
    backend, keyword, domain = _job
    own = backend.reopen()
    try:
        _pool = _read_pool(own, keyword, domain)
    finally:
        own.close()
    return _pool.name_share()


def _worker_said(names: Sequence[str]) -> dict[str, Said]:
    return _said_of(_pool, names)


def _worker_named_under() -> dict[str, tuple[int, Said]]:
    return _named_under_of(_pool)


def _worker_neighbours(names: Sequence[str]) -> dict[str, tuple[Counter, Counter, Counter]]:
    return _neighbours_of(_pool, names)


class _Done:
    """A result computed in this process, with Future's result()."""

    def __init__(self, value) -> None:
        self.value = value

    def result(self):
        return self.value


class SentenceReader:
    """The keyword's sentence pool, built and read in a forked worker when two cores are free."""

    def __init__(self, backend, keyword: str, domain: str = "", fork: bool | None = None):
        global _job
        if fork is None:
            fork = (os.cpu_count() or 1) >= 2 and hasattr(backend, "reopen") and "fork" in mp.get_all_start_methods()
        self._executor: ProcessPoolExecutor | None = None
        self._local: SentencePool | None = None
        if fork:
            # With the fork start method the worker is forked by this first submit, from this
            # thread, so it sees _job as just set.
            _job = (backend, keyword, domain)
            self._executor = ProcessPoolExecutor(1, mp_context=mp.get_context("fork"))
            self._share: Future | _Done = self._executor.submit(_build)
            _job = None  # the worker has its copy; this process keeps no reference to the backend
        else:
            self._local = _read_pool(backend, keyword, domain)
            self._share = _Done(self._local.name_share())

    def name_share(self) -> float:
        """SentencePool.name_share of the keyword's sentences (waits for them)."""
        return self._share.result()

    def said(self, names: Sequence[str]) -> Future | _Done:
        """SentencePool.said of each name, as {name: Said}; result() waits for it."""
        if self._executor is not None:
            return self._executor.submit(_worker_said, list(names))
        return _Done(_said_of(self._local, names))

    def named_under(self) -> Future | _Done:
        """SentencePool.named_under of the keyword's sentences, those its sentences read as
        under the keyword (scoring.evidence.reads_under) only, as {name: (sentences
        enumerating it, Said)}, most enumerated first; result() waits for it."""
        if self._executor is not None:
            return self._executor.submit(_worker_named_under)
        return _Done(_named_under_of(self._local))

    def neighbours(self, names: Sequence[str]) -> Future | _Done:
        """(words_before, words_after, listed_with) of each name, as a dict; result() waits for it."""
        if self._executor is not None:
            return self._executor.submit(_worker_neighbours, list(names))
        return _Done(_neighbours_of(self._local, names))

    def close(self) -> None:
        """Stop the worker, if any."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def __enter__(self) -> "SentenceReader":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
