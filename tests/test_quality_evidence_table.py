"""bench/quality/evidence_table.py: judged top-10 places counted by the evidence they carry."""
from __future__ import annotations

from bench.quality.evidence_table import FEATURES, judged_places, render, tally


def _ev(**kw) -> dict:
    base = {"kind": "concept", "source": "link", "said": {"sentences": 3, "kind_of": 0, "coordinated": 0}}
    return base | kw


def test_judged_places_take_the_first_concepts_and_skip_unjudged_and_people():
    report = {"candidates": [
        {"phrase": "Neural networks", "starred": True, "evidence": _ev()},
        {"phrase": "Alan Turing", "evidence": _ev(kind="person")},
        {"phrase": "Trie", "evidence": _ev()},
        {"phrase": "Politics", "evidence": _ev(source="lists")},
    ]}
    got = judged_places(report, {"hits": ["neural network"], "misses": ["politics"]}, top=3)
    assert [(e["source"], e["starred"], hit) for e, hit in got] == [("link", True, True), ("lists", False, False)]


def test_tally_counts_each_feature_with_and_without_per_group_and_page():
    places = [("held-out", True, _ev(said={"sentences": 10, "kind_of": 0, "coordinated": 5}), False),
              ("held-out", True, _ev(said={"sentences": 10, "kind_of": 0, "coordinated": 0}), True),
              ("held-out", True, _ev(said={"sentences": 10, "kind_of": 2, "coordinated": 5}), True),
              ("rest", False, _ev(said={"sentences": 0, "kind_of": 0, "coordinated": 0}, cited=2), True)]
    counts = tally(places)
    before = "listed just before the keyword"
    # The third place is listed before the keyword too, but its sentences read it as under it.
    assert counts[(before, "held-out", True, True)] == [0, 1]
    assert counts[(before, "held-out", True, False)] == [2, 2]
    assert counts[("no sentence names both", "rest", False, True)] == [1, 1]
    assert counts[("cited on 2+ pages", "rest", False, True)] == [1, 1]
    assert counts.get(("cited on 2+ pages", "held-out", True, True), [0, 0]) == [0, 0]


def test_render_gives_each_feature_a_row_per_keyword_kind_with_shares():
    counts = tally([("held-out", True, _ev(source="lists"), True), ("held-out", True, _ev(), False),
                    ("rest", True, _ev(source="lists"), False)])
    lines = render(counts)
    row = next(line for line in lines if line.startswith("| from the mined lists |"))
    assert row == "| from the mined lists | 1.00 of 1 | 0.00 of 1 | 0.00 of 1 | - |"
    assert sum(line.startswith("| ") and not line.startswith("| feature") for line in lines) == 2 * len(FEATURES)
