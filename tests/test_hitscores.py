"""Tests for scoring/hitscores.py: S1..S6 and the concept-type rule."""
from __future__ import annotations

import math

import pytest

from scoring.hitscores import concept_type, scores


def test_scores_worked_example():
    # n_k=100, n_cp=25, n_b=10
    s = scores(100, 25, 10)
    assert set(s) == {"s1", "s2", "s3", "s4", "s5", "s6"}
    assert s["s1"] == pytest.approx(10 / math.sqrt(2500)) == 0.2
    assert s["s2"] == pytest.approx(10 / 2500) == 0.004
    assert s["s3"] == pytest.approx(100 / 2500) == 0.04
    assert s["s4"] == pytest.approx(10 / 100) == 0.1
    assert s["s5"] == pytest.approx(25 / 100) == 0.25
    assert s["s6"] == pytest.approx(10 / 25) == 0.4


def test_scores_phrase_more_frequent_than_keyword():
    s = scores(n_k=10, n_cp=40, n_b=8)
    assert s == pytest.approx({"s1": 8 / 20, "s2": 8 / 400, "s3": 64 / 400,
                               "s4": 8 / 40, "s5": 4.0, "s6": 0.2})


def test_scores_perfect_association():
    assert scores(7, 7, 7) == pytest.approx(
        {"s1": 1.0, "s2": 1 / 7, "s3": 1.0, "s4": 1.0, "s5": 1.0, "s6": 1.0})


def test_scores_phrase_never_seen():
    assert scores(100, 0, 0) == {"s1": 0.0, "s2": 0.0, "s3": 0.0, "s4": 0.0, "s5": 0.0, "s6": 0.0}


def test_scores_keyword_never_seen():
    s = scores(0, 25, 0)
    assert s == {"s1": 0.0, "s2": 0.0, "s3": 0.0, "s4": 0.0, "s5": 0.0, "s6": 0.0}


def test_scores_no_common_documents():
    s = scores(100, 25, 0)
    assert s == {"s1": 0.0, "s2": 0.0, "s3": 0.0, "s4": 0.0, "s5": 0.25, "s6": 0.0}


def test_scores_all_zero():
    assert all(v == 0.0 for v in scores(0, 0, 0).values())


def test_scores_are_floats():
    assert all(isinstance(v, float) for v in scores(0, 0, 0).values())
    assert all(isinstance(v, float) for v in scores(4, 2, 1).values())


def test_concept_type_iii_when_phrase_more_general_even_with_high_s1():
    assert concept_type(n_k=10, n_cp=11, s1=0.99, threshold=0.1) == "III"


def test_concept_type_i_at_exact_threshold():
    assert concept_type(n_k=100, n_cp=25, s1=0.2, threshold=0.2) == "I"
    assert concept_type(100, 25, scores(100, 25, 10)["s1"], 0.2) == "I"


def test_concept_type_ii_below_threshold():
    assert concept_type(n_k=100, n_cp=25, s1=0.1999, threshold=0.2) == "II"


def test_concept_type_equal_counts_not_iii():
    assert concept_type(n_k=50, n_cp=50, s1=0.5, threshold=0.2) == "I"
    assert concept_type(n_k=50, n_cp=50, s1=0.0, threshold=0.2) == "II"
