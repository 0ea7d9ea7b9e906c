"""Bag-of-words vectors and the one cosine similarity every crawler and metric uses."""
from __future__ import annotations

import math
from collections import Counter
from typing import Mapping

from .text import content_words, words

Vector = Mapping[str, float]


def tf_vector(text: str, stemming: bool = True) -> Counter[str]:
    """Term frequencies of `text`: stopwords removed, Porter stems (the published setting)."""
    return Counter(content_words(text, stemming))


def url_tokens(url: str) -> str:
    """The words of a URL's host and path as text ("en wikipedia org wiki Machine learning")."""
    return " ".join(words(url.split("://", 1)[-1]))


class FrozenVector(dict):
    """A term vector that cannot change, so its length is computed once.

    For the vectors a crawl compares everything with (the topic's description and
    keywords): recomputing a description's length of a few hundred terms for each of a
    crawl's hundreds of thousands of anchor and context cosines was a tenth of its time.
    """

    def __init__(self, counts: Vector = ()):
        super().__init__(counts)
        self.length = math.sqrt(sum(x * x for x in self.values()))

    def __reduce__(self):  # pickling (parse workers, checkpoints) rebuilds it whole
        return (FrozenVector, (dict(self),))

    def _frozen(self, *args, **kwargs):
        raise TypeError("a FrozenVector cannot change: build a new one")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = _frozen  # type: ignore[assignment]
    __ior__ = _frozen  # type: ignore[assignment]


def norm(v: Vector) -> float:
    """Euclidean length of a vector."""
    if isinstance(v, FrozenVector):
        return v.length
    return math.sqrt(sum(x * x for x in v.values()))


def cosine(a: Vector, b: Vector) -> float:
    """Cosine similarity of two sparse vectors; 0 when either is empty."""
    if len(a) > len(b):
        a, b = b, a
    dot = sum(x * b.get(t, 0.0) for t, x in a.items())
    if dot == 0:
        return 0.0
    return dot / (norm(a) * norm(b))
