"""Word-order restoration: Apriori itemsets are sets; phrases come back from the items.

For an itemset, the items made of exactly its words (same content-word set) vote for
their normalised text; the most frequent one (first seen on a tie) is the candidate. An
itemset with no such item is dropped: its words only ever occur inside longer items, so
no list names it as a concept on its own (the equality heuristic).
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from pipeline.text import content_words, normalise


@dataclass
class Candidate:
    """A candidate phrase with the evidence that produced it."""

    phrase: str               # normalised form: lowercase words, single spaces
    display: str              # the most frequent surface form in the lists
    words: list[str]          # the itemset (stems when stemming)
    support: int              # transactions containing the itemset
    equal_items: int          # items whose text equals the phrase
    pages: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Dropped:
    """An itemset that produced no candidate, and why."""

    words: list[str]
    support: int
    reason: str


def _most_common(counter: Counter, order: dict) -> str:
    return max(counter, key=lambda k: (counter[k], -order[k]))


def restore_order(itemsets: Iterable[tuple[frozenset[str], int]],
                  items: Sequence[tuple[str, str]], stemming: bool,
                  keyword: str = "") -> tuple[list[Candidate], list[Dropped]]:
    """Candidates for itemsets from kept items given as (page, text)."""
    by_set: dict[frozenset[str], list[int]] = defaultdict(list)
    norms = [normalise(t) for _, t in items]
    for i, (_, text) in enumerate(items):
        by_set[frozenset(content_words(text, stemming))].append(i)
    kw = frozenset(content_words(keyword, stemming))
    cands: list[Candidate] = []
    dropped: list[Dropped] = []
    for itemset, support in itemsets:
        ws = sorted(itemset)
        if itemset == kw:
            dropped.append(Dropped(ws, support, "is the keyword"))
            continue
        idx = by_set.get(itemset)
        if not idx:
            dropped.append(Dropped(ws, support, "no list item consists of exactly these words"))
            continue
        cands.append(_candidate([norms[i] for i in idx], [items[i] for i in idx], ws, support))
    return cands, dropped


def _candidate(norm_texts: list[str], group: list[tuple[str, str]], ws: list[str],
               support: int) -> Candidate:
    order = {}
    for i, n in enumerate(norm_texts):
        order.setdefault(n, i)
    phrase = _most_common(Counter(norm_texts), order)
    surfaces = [t for n, (_, t) in zip(norm_texts, group) if n == phrase]
    s_order: dict = {}
    for i, s in enumerate(surfaces):
        s_order.setdefault(s, i)
    display = _most_common(Counter(surfaces), s_order)
    pages = sorted({p for n, (p, _) in zip(norm_texts, group) if n == phrase})
    return Candidate(phrase, display, ws, support, len(surfaces), pages)


def phrase_candidates(phrases: Iterable[tuple[str, int]], items: Sequence[tuple[str, str]],
                      keyword: str = "") -> tuple[list[Candidate], list[Dropped]]:
    """Candidates for phrase mode: frequent normalised items are the phrases themselves."""
    groups: dict[str, list[int]] = defaultdict(list)
    norms = [normalise(t) for _, t in items]
    for i, n in enumerate(norms):
        groups[n].append(i)
    kw = normalise(keyword)
    cands, dropped = [], []
    for phrase, count in phrases:
        if phrase == kw:
            dropped.append(Dropped(phrase.split(), count, "is the keyword"))
            continue
        idx = groups.get(phrase)
        if not idx:
            dropped.append(Dropped(phrase.split(), count, "no list item equals the phrase"))
            continue
        cands.append(_candidate([norms[i] for i in idx], [items[i] for i in idx], phrase.split(), count))
    return cands, dropped
