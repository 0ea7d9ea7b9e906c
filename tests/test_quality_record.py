"""bench/quality/record.py: a held-out set's verdicts recorded only when they judge the run's lists."""
from __future__ import annotations

import json

import pytest

from bench.quality.record import RecordError, fewer_note, listed_hits, record_set, shown

BASE = {"about": "x", "keywords": {"old": {"hits": ["a"], "misses": []}},
        "sets": {"s0": {"about": "y", "family": "chosen", "keywords": ["old"], "fewer_than_ten": {}}}}
LISTS = {"k1": (["A", "B"], ["C"]), "k2": ([f"P{i}" for i in range(10)], [])}
VERDICTS = {"k1": {"A": True, "B": False, "C": True}, "k2": {f"P{i}": i < 7 for i in range(10)}}


def test_a_set_is_added_with_its_family_keywords_verdicts_and_short_lists_noted():
    out = record_set(BASE, "s1", "drawn-links", " drawn at random \n", LISTS, VERDICTS)
    assert out["sets"]["s1"] == {"about": "drawn at random", "family": "drawn-links", "keywords": ["k1", "k2"],
                                 "fewer_than_ten": {"k1": fewer_note(2)}}
    assert out["keywords"]["k1"] == {"hits": ["A", "C"], "misses": ["B"]}
    assert out["keywords"]["k2"]["hits"] == [f"P{i}" for i in range(7)]
    assert "s1" not in BASE["sets"] and "k1" not in BASE["keywords"]  # the input is left as it was


@pytest.mark.parametrize("tag,family,about,verdicts,why", [
    ("s0", "chosen", "n", VERDICTS, "exists already"),
    ("s1", "handpicked", "n", VERDICTS, "unknown family"),
    ("s1", "chosen", "  ", VERDICTS, "note is empty"),
    ("s1", "chosen", "n", {"k1": VERDICTS["k1"]}, "do not match the set's keywords"),
    ("s1", "chosen", "n", {**VERDICTS, "k1": {"B": False, "A": True, "C": True}}, "do not follow its first 10"),
    ("s1", "chosen", "n", {**VERDICTS, "k1": {"A": True, "B": False}}, "do not follow its first 10"),
])
def test_a_set_that_does_not_match_its_runs_is_refused(tag, family, about, verdicts, why):
    with pytest.raises(RecordError, match=why):
        record_set(BASE, tag, family, about, LISTS, verdicts)


def test_a_keyword_judged_before_is_refused():
    with pytest.raises(RecordError, match="'old' was judged before"):
        record_set(BASE, "s1", "chosen", "n", {"old": (["a"], [])}, {"old": {"a": True}})


def test_shown_is_the_listed_concepts_then_the_weak_filling_ten():
    cands = ([{"phrase": f"L{i}", "evidence": {"kind": "concept", "score": 1.0}} for i in range(3)]
             + [{"phrase": "Ada Lovelace", "evidence": {"kind": "person", "score": 1.0}}]
             + [{"phrase": f"W{i}", "evidence": {"kind": "concept", "score": 0.01, "weak": True}} for i in range(9)])
    listed, weak = shown({"candidates": cands})
    assert listed == ["L0", "L1", "L2"] and weak == [f"W{i}" for i in range(7)]


def test_listed_hits_count_listed_and_weak_places_apart():
    assert listed_hits(LISTS, VERDICTS) == (8, 12, 1, 1)
    assert fewer_note(0).startswith("every candidate is weak") and fewer_note(1).startswith("1 concept over")
    assert json.dumps(fewer_note(3)).count("concepts over the confidence floor") == 1
