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


def test_the_name_floors_places_are_a_name_keywords_concepts_tied_only_where_they_are_named():
    from bench.quality.calibrate_floor import names_only_place, pooled_rows

    def cand(phrase, score, **ev):
        return {"phrase": phrase, "evidence": {"kind": "concept", "score": score, "weak": score < 0.14, "defines": False,
                                               "is_a": False, "holds_keyword": False, "wordnet": None, "tied": True,
                                               "thin": False, **ev}}
    report = {"keyword_is_name": True, "keyword_genus": ["library"],
              "candidates": [cand("musl-gcc", 0.9, holds_keyword=True), cand("Alpine Linux", 0.5),
                             cand("C standard library", 0.4, defines=True, is_a=True), cand("OpenWrt", 0.2),
                             cand("glibc", 0.1, tied=False), cand("uClibc", 0.3, thin=True)]}
    judged = {"musl": {"hits": ["musl-gcc", "C standard library", "uClibc"], "misses": ["Alpine Linux", "OpenWrt", "glibc"]}}
    assert judged_places([("musl", report)], judged, names_only_place) == [(0.5, False), (0.2, False)]
    # A keyword that is no name, or one whose page does not say what it is, has no such places.
    assert judged_places([("musl", {**report, "keyword_is_name": False})], judged, names_only_place) == []
    assert judged_places([("musl", {**report, "keyword_genus": []})], judged, names_only_place) == []
    # A collection whose hits do not rise with the score has no 1/2 point, and says so.
    rows = pooled_rows({"shared": [(0.1, False), (0.2, False), (0.5, True), (0.6, True), (0.3, True), (0.15, True)],
                        "postgresql": [(0.1, True), (0.5, False)]}, floor=0.24)
    assert [r["collection"] for r in rows] == ["shared", "postgresql", "all pooled", "all but the shared corpus"]
    assert rows[1]["half_point"] is None and rows[0]["half_point"] is not None
    assert rows[0]["kept_by_floor"] == 3 and rows[0]["kept_hit_rate"] == 1.0
