"""Frequent itemsets with mlxtend's Apriori, and frequent whole phrases."""
from __future__ import annotations

import math
from collections import Counter
from typing import Sequence


def min_count(min_support: float, n_transactions: int) -> int:
    """Minimum support as a count: values >= 1 are counts, values below 1 fractions of all items."""
    if min_support < 0:
        raise ValueError("min_support must not be negative")
    if min_support >= 1:
        return int(math.ceil(min_support))
    # 0.07 * 100 is 7.000000000000001 in floating point: round before taking the ceiling.
    return max(1, int(math.ceil(round(min_support * n_transactions, 9))))


def one_hot(rows: Sequence[Sequence[str]]):
    """The transactions as mlxtend's algorithms take them: a boolean DataFrame, one row per
    transaction, one column per item, columns sorted (as mlxtend's TransactionEncoder makes it).

    Not TransactionEncoder itself: it subclasses scikit-learn's BaseEstimator, and importing
    it loads scikit-learn and SciPy, 1.1 s warm and 2.7 s cold of a topic run on this
    machine (session 37), for a one-hot matrix."""
    import numpy as np
    import pandas as pd

    columns = sorted({w for t in rows for w in t})
    at = {w: i for i, w in enumerate(columns)}
    matrix = np.zeros((len(rows), len(columns)), dtype=bool)
    for r, t in enumerate(rows):
        matrix[r, [at[w] for w in t]] = True
    return pd.DataFrame(matrix, columns=columns)


def frequent_itemsets(transactions: Sequence[Sequence[str]], threshold: int, max_len: int = 3,
                      algorithm: str = "apriori") -> list[tuple[frozenset[str], int]]:
    """Itemsets of at most `max_len` words in at least `threshold` transactions, with counts."""
    from mlxtend.frequent_patterns import apriori, fpgrowth

    rows = [list(t) for t in transactions if t]
    if not rows:
        return []
    # Words below the threshold can be in no frequent itemset: dropping them first keeps
    # the one-hot matrix small (the vocabulary of list items is mostly rare words).
    counts = Counter(w for t in rows for w in t)
    keep = {w for w, c in counts.items() if c >= threshold}
    rows = [kept for t in rows if (kept := [w for w in t if w in keep])]
    n = len(rows)  # supports below are fractions of the rows apriori sees
    if not rows:
        return []
    df = one_hot(rows)
    support = threshold / n - 1e-12
    if algorithm == "apriori":
        # low_memory: mlxtend's default materialises a rows x candidates x k boolean array
        # (2.6 GB and 6 s for "machine learning", tens of GB with chrome left in); the
        # iterator finds the same itemsets in 0.2 s and 150 MB.
        found = apriori(df, min_support=support, use_colnames=True, max_len=max_len, low_memory=True)
    else:
        found = fpgrowth(df, min_support=support, use_colnames=True, max_len=max_len)
    out = [(frozenset(s), int(round(sup * n))) for s, sup in zip(found["itemsets"], found["support"])]
    out.sort(key=lambda x: (-x[1], len(x[0]), sorted(x[0])))
    return out


def frequent_phrases(phrases: Sequence[str], threshold: int) -> list[tuple[str, int]]:
    """Whole phrases occurring in at least `threshold` items, most frequent first."""
    counts = Counter(p for p in phrases if p)
    return sorted(((p, c) for p, c in counts.items() if c >= threshold), key=lambda x: (-x[1], x[0]))
