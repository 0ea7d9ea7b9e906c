"""bench/quality/calibrate_floor.py: the logistic fit and the score where P(hit) = 1/2."""
from __future__ import annotations

import math
import random

import pytest

from bench.quality.calibrate_floor import band_rates, fit_logistic, half_point, judged_places


def test_the_fit_recovers_the_curve_that_drew_the_outcomes():
    rng = random.Random(7)
    xs = [rng.uniform(-3, 1) for _ in range(4000)]
    ys = [rng.random() < 1 / (1 + math.exp(-(2.0 + 2.5 * x))) for x in xs]
    a, b = fit_logistic(xs, ys)
    assert a == pytest.approx(2.0, abs=0.25) and b == pytest.approx(2.5, abs=0.3)


def test_the_half_point_is_where_hits_and_misses_balance():
    # Hits above 0.2 and misses below it, with some overlap: the 1/2 point sits near 0.2.
    rng = random.Random(3)
    scores = [10 ** rng.uniform(-2.5, 0) for _ in range(3000)]
    hits = [rng.random() < 1 / (1 + (0.2 / s) ** 3) for s in scores]
    assert half_point(scores, hits) == pytest.approx(0.2, rel=0.15)


def test_a_fit_without_both_outcomes_or_rising_hits_is_refused():
    with pytest.raises(ValueError):
        fit_logistic([0.1, 0.2], [True, True])
    with pytest.raises(ValueError):
        half_point([0.01, 0.02, 0.5, 0.6], [True, True, False, False])


def test_bands_count_places_and_hit_rates():
    bands = band_rates([(0.02, False), (0.04, True), (0.04, False), (0.7, True)], (0.0, 0.03, 0.05, math.inf))
    assert bands == [{"from": 0.0, "to": 0.03, "places": 1, "hit_rate": 0.0},
                     {"from": 0.03, "to": 0.05, "places": 2, "hit_rate": 0.5},
                     {"from": 0.05, "to": None, "places": 1, "hit_rate": 1.0}]


def test_places_are_the_first_ten_concepts_with_the_floor_ignored_and_judged_ones_only():
    def cand(phrase, score, kind="concept", weak=False):
        return {"phrase": phrase, "evidence": {"kind": kind, "score": score, "weak": weak}}
    report = {"candidates": [cand("Qubits", 0.6), cand("Alan Turing", 0.5, "person"), cand("Quantum dot", 0.05, weak=True),
                             cand("Unjudged", 0.04, weak=True)]}
    places = judged_places([("quantum computing", report)],
                           {"quantum computing": {"hits": ["qubit"], "misses": ["Quantum dot", "Alan Turing"]}})
    assert places == [(0.6, True), (0.05, False)]
