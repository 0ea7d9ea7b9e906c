"""Which candidates the mined lists put beside the keyword itself, as its peers.

A list that holds the keyword as one of its items ("Haskell, OCaml, Scala, Elm" in a
page's list of functional languages) lists things of the keyword's own kind: when the
keyword names one thing, its other items are its siblings (coordination as a co-hyponym
signal, as scoring.hearst reads it in sentences; Widdows and Dorow 2002). Lists are the
items of one page under one parent element, as the tag-tree check reads them. Pure: the
items come from the ListItems stage's artifact.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Iterable

from .names import concept_key


def list_of(path: str) -> str:
    """The tag-tree path of the list an item's path sits in (its parent element)."""
    return path.rsplit("/", 1)[0]


def listed_beside(items: Iterable[dict], keyword: str) -> frozenset[tuple[str, ...]]:
    """The concept keys of every item that shares a list with an item naming the keyword.

    `items` are ListItems rows (page, path, text; dropped ones too: a list is all of its
    items). An item names the keyword when its concept key is the keyword's ("Haskell
    (programming language)" names "haskell"); the keyword's own key is left out.
    """
    lists: dict[tuple[str, str], set[tuple[str, ...]]] = defaultdict(set)
    for item in items:
        lists[(item["page"], list_of(item["path"]))].add(concept_key(item["text"]))
    key = concept_key(keyword)
    beside = set().union(*(keys for keys in lists.values() if key in keys))
    beside.discard(key)
    return frozenset(beside)
