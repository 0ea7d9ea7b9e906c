"""bench/quality/newset.py: what rules a keyword out of a new held-out set."""
from __future__ import annotations

import json

from bench.quality.newset import MIN_DOCUMENTS, problems, reference_keywords


def test_a_judged_a_reference_or_a_rare_keyword_is_ruled_out_with_every_reason():
    judged, references = {"robotics", "wiki"}, {"robotics", "genetics"}
    assert problems("hash function", MIN_DOCUMENTS, judged, references) == []
    assert problems("genetics", 116, judged, references) == ["a reference keyword"]
    assert problems("robotics", 254, judged, references) == ["judged before", "a reference keyword"]
    assert problems("network switch", 5, judged, references) == [f"in 5 documents (fewer than {MIN_DOCUMENTS})"]


def test_reference_keywords_are_read_from_the_evaluations_result(tmp_path):
    path = tmp_path / "quality.json"
    assert reference_keywords(path) is None
    path.write_text(json.dumps({"keywords": [{"keyword": "calculus"}, {"keyword": "medicine"}]}))
    assert reference_keywords(path) == {"calculus", "medicine"}

