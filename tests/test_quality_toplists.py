"""bench/quality/toplists.py: the hand-judging list groups candidates as the default method does."""
from __future__ import annotations

from bench.quality.toplists import lines_for


def cand(phrase, kind="concept", starred=False, defines=False, source="lists"):
    return {"phrase": phrase, "starred": starred,
            "evidence": {"kind": kind, "defines": defines, "source": source}}


def test_lines_group_concepts_people_and_organisations():
    report = {"n_k": 42, "candidates": [
        cand("Kernel", starred=True, defines=True), cand("Linus Torvalds", "person"),
        cand("macOS", defines=True, source="definition"), cand("Microsoft", "organisation"),
        cand("Operating System Concepts", "work"), *[cand(f"Concept {i}") for i in range(12)]]}
    lines = lines_for("operating system", report)
    assert lines[0] == "## operating system (n(k) = 42)"
    assert lines[2:5] == ["1. Kernel * d", "2. macOS d †", "3. Concept 0"]
    assert lines[11] == "10. Concept 7"  # ten concepts, people and organisations not among them
    assert "People: Linus Torvalds" in lines and "Organisations: Microsoft" in lines
    assert "Works: Operating System Concepts" in lines


def test_empty_groups_say_none():
    lines = lines_for("x", {"n_k": 0, "candidates": []})
    assert "People: none" in lines and "Organisations: none" in lines and "Works: none" in lines


def test_a_candidate_the_sentences_read_as_under_the_keyword_is_marked_s():
    said = cand("Minix")
    said["evidence"]["said"] = {"sentences": 3, "kind_of": 1, "coordinated": 0, "example": "..."}
    only_named = cand("Plan 9")
    only_named["evidence"]["said"] = {"sentences": 3, "kind_of": 0, "coordinated": 2, "example": None}
    lines = lines_for("operating system", {"n_k": 5, "candidates": [said, only_named]})
    assert lines[2:4] == ["1. Minix s", "2. Plan 9"]


def test_a_sections_main_article_is_marked_as_a_section():
    noted = cand("Public-key cryptography", source="main")
    noted["evidence"]["main_article"] = True
    headed = cand("Cryptanalysis")
    headed["evidence"]["sectioned"] = True
    lines = lines_for("cryptography", {"n_k": 5, "candidates": [noted, headed, cand("Cipher")]})
    assert lines[2:5] == ["1. Public-key cryptography § ‡", "2. Cryptanalysis §", "3. Cipher"]
