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


def norm(v: Vector) -> float:
    """Euclidean length of a vector."""
    return math.sqrt(sum(x * x for x in v.values()))


def cosine(a: Vector, b: Vector) -> float:
    """Cosine similarity of two sparse vectors; 0 when either is empty."""
    if len(a) > len(b):
        a, b = b, a
    dot = sum(x * b.get(t, 0.0) for t, x in a.items())
    if dot == 0:
        return 0.0
    return dot / (norm(a) * norm(b))
