"""_no_concept (pipeline/evidence_stage.py): the rules that give a candidate score 0 whatever its counts."""
from __future__ import annotations

import pytest

from pipeline.text import normalise
from pipeline.evidence_stage import _no_concept


@pytest.mark.parametrize("written, keyword", [
    ("Boolean algebra (logic)", "boolean algebra"),  # the keyword in one of its senses
    ("Kernel (operating system)", "kernel"),
    ("Operating systems", "operating system"),  # the keyword in the plural
    ("intelligence", "artificial intelligence"),  # a part of the keyword
])
def test_the_keyword_itself_or_a_part_of_it_is_no_concept(written, keyword):
    assert _no_concept(normalise(written), written, keyword) is not None


@pytest.mark.parametrize("written, keyword", [
    ("sell", "selling"), ("shoot", "shooting"), ("fledge", "fledging"),  # the keyword's verb
    ("publishing", "publish"), ("Clustering", "clusters"), ("mapping", "map"),  # its -ing form
])
def test_the_keyword_as_a_verb_or_its_ing_form_is_no_concept(written, keyword):
    assert _no_concept(normalise(written), written, keyword) == (
        "the keyword's own word as a verb or its -ing form: the keyword again, not a part of it")


@pytest.mark.parametrize("written, keyword", [
    ("sale", "selling"), ("Robot", "robotics"), ("Computer", "computing"),  # other words of one stem
    ("str", "string"),  # three letters and "-ing" spell another word
    ("sell side", "selling"), ("Target shooting", "shooting"),  # more words than one
])
def test_other_words_of_the_keywords_stem_stay_concepts(written, keyword):
    assert _no_concept(normalise(written), written, keyword) is None


@pytest.mark.parametrize("written, keyword", [
    ("Kernel (operating system)", "operating system"),  # the qualifier names the keyword: a part of it
    ("Boolean algebras canonically defined", "boolean algebra"),  # longer than the keyword
    ("Ontology (information science)", "information science"),
])
def test_a_name_qualified_by_the_keyword_or_longer_than_it_is_a_concept(written, keyword):
    assert _no_concept(normalise(written), written, keyword) is None


@pytest.mark.parametrize("name", ["AF_CAN", "ZLIB_RUNTIME_VERSION", "socket.AF_CAN", "MAX_PREC", "SCHED_DEADLINE"])
def test_capitals_joined_by_underscores_are_written_as_a_constant(name):
    from scoring.names import is_constant_name
    assert is_constant_name(name)


@pytest.mark.parametrize("name", ["NASA", "HTTP/2", "IEEE 802.11", "CAN_*", "Node.js", "MPEG-4", "Max_prec", "X_1 norm"])
def test_acronyms_and_names_are_not_constants(name):
    from scoring.names import is_constant_name
    assert not is_constant_name(name)
