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


def test_a_page_name_or_odd_spacing_is_checked_as_the_judgements_write_it():
    judged = {"differential geometry"}
    assert problems("differential_geometry", 23, judged, set()) == ["judged before"]
    assert problems("  Differential   Geometry ", 23, judged, set()) == ["judged before"]
    assert problems("differential_topology", 23, judged, set()) == []


def test_another_number_or_spelling_of_a_judged_keyword_counts_as_judged():
    judged = {"transistor", "open-source software"}
    assert problems("transistors", 133, judged, set()) == ["judged before as 'transistor'"]
    assert problems("Open source software", 493, judged, set()) == ["judged before as 'open-source software'"]
    assert problems("transistor radio", 40, judged, set()) == []


def test_reference_keywords_are_read_from_the_evaluations_result(tmp_path):
    path = tmp_path / "quality.json"
    assert reference_keywords(path) is None
    path.write_text(json.dumps({"keywords": [{"keyword": "calculus"}, {"keyword": "medicine"}]}))
    assert reference_keywords(path) == {"calculus", "medicine"}



def test_subject_titles_keep_common_nouns_and_drop_proper_names():
    from bench.quality.newset import subject_titles

    names = ["repository/Binary_file.html", "repository/Alan_Turing.html", "repository/Economies_of_scale.html",
             "repository/Python_(programming_language).html", "repository/IBM.html", "repository/Mv.html",
             "repository/Turing-complete.html", "repository/Outline_of_the_history_of_computing.html",
             "repository/X86-64.html", "repository/%22Hello,_World!%22_program.html", "repository/notes.txt"]
    assert subject_titles(names) == ["binary file", "economies of scale", "mv", "turing-complete"]


def test_a_draw_is_the_same_for_a_seed_whatever_order_the_archive_lists():
    from bench.quality.newset import drawn

    names = [f"repository/Topic_{chr(97 + i)}{chr(97 + j)}.html" for i in range(5) for j in range(5)]
    first = drawn(names, 49)
    assert first == drawn(list(reversed(names)), 49)
    assert sorted(first) == sorted(f"topic {chr(97 + i)}{chr(97 + j)}" for i in range(5) for j in range(5))
    assert first != drawn(names, 50)


def test_linked_subject_titles_are_the_cited_articles_the_corpus_does_not_hold():
    from bench.quality.newset import linked_subject_titles

    pages = {
        "repository/Sandgrouse.html": '<a href="/wiki/Double-banded_sandgrouse">x</a> <a href="/wiki/Bird">b</a>'
                                      ' <a href="/wiki/Thomas_Henry_Huxley">h</a> <a href="/wiki/File:A.jpg">f</a>'
                                      ' <a href="/wiki/Machine_code#Opcodes">m</a> <a href="https://en.wikipedia.org/wiki/Owl">o</a>',
        "repository/Bird.html": '<a href="/wiki/Sandgrouse">s</a> <a href="/wiki/Seed_dispersal">d</a>'
                                ' <a href="/wiki/Machine%20code">m</a> <a href="/wiki/Taxonomy_(biology)">t</a>',
    }
    assert linked_subject_titles(pages.items()) == ["double-banded sandgrouse", "machine code", "seed dispersal"]


def test_shuffled_titles_depend_on_the_seed_only():
    from bench.quality.newset import shuffled

    titles = [f"topic {i}" for i in range(30)]
    assert shuffled(titles, 50) == shuffled(list(titles), 50)
    assert sorted(shuffled(titles, 50)) == sorted(titles)
    assert shuffled(titles, 50) != shuffled(titles, 51)
    assert titles == [f"topic {i}" for i in range(30)]
