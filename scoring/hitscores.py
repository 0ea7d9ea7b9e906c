"""The published scores S1..S6 from hit counts, and the Type I/II/III rule.

n_k: documents containing the keyword; n_cp: containing the candidate phrase; n_b: both.
Zero cases: a ratio whose denominator is 0 is 0 (no evidence is no association), so a
phrase the index never saw scores 0 everywhere instead of raising or giving NaN.
"""
from __future__ import annotations

import math


def _ratio(num: float, den: float) -> float:
    return num / den if den > 0 else 0.0


def scores(n_k: int, n_cp: int, n_b: int) -> dict[str, float]:
    """S1..S6 as defined in Uluhan 2006."""
    return {
        "s1": _ratio(n_b, math.sqrt(n_cp * n_k)),
        "s2": _ratio(n_b, n_cp * n_k),
        "s3": _ratio(n_b * n_b, n_cp * n_k),
        "s4": _ratio(n_b, max(n_k, n_cp)),
        "s5": _ratio(n_cp, n_k),
        "s6": _ratio(n_b, n_cp),
    }


def concept_type(n_k: int, n_cp: int, s1: float, threshold: float) -> str:
    """'III' when the phrase is more general than the keyword (n_cp > n_k), else 'I' if S1 >= threshold, else 'II'."""
    if n_cp > n_k:
        return "III"
    return "I" if s1 >= threshold else "II"
