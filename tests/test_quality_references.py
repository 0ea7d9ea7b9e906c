"""Tests for bench/quality/references.py: reference terms from small pages, and the matching rule."""
from __future__ import annotations

import pytest

from bench.quality.evaluate import precision, score_list, yake_phrases
from bench.quality.references import (
    Reference,
    build_references,
    match_key,
    reference_kind,
    reference_pages,
    term_keys,
    terms_from_html,
    title_from_name,
)


def page(body: str) -> bytes:
    return f"<!DOCTYPE html><html><head><title>t</title></head><body>{body}</body></html>".encode()


# Chrome around every fixture: a table of contents, a navigation bar, a navbox and a
# References section; none of their items may become a term.
CHROME = """
<div id="toc" class="toc"><ul><li><a href="#A">A</a></li><li><a href="#B">Contents entry</a> – x</li></ul></div>
<nav><ul><li><a href="/wiki/Main_Page">Main page</a></li></ul></nav>
"""
BACK = """
<div class="navbox"><ul><li><a href="/wiki/X">Navbox entry</a> – in a navbox</li></ul></div>
<h2>References</h2><ul><li><a href="/wiki/Y">Cited work</a> – a reference</li></ul>
"""

GLOSSARY_DL = page(CHROME + """
<h2>A</h2>
<dl class="glossary">
<dt class="glossary"><dfn class="glossary"><a href="/wiki/Abductive_logic_programming">abductive logic
  programming</a> (ALP)</dfn></dt>
<dd class="glossary">A framework. Examples:
  <ul><li><a href="/wiki/Z">Part of a definition</a> – not a term</li></ul></dd>
<dt class="glossary">Agents<sup class="reference">[1]</sup></dt>
<dd class="glossary">Programs that act.</dd>
</dl>
<h2>See also</h2>
<ul><li><a href="/wiki/Outline_of_artificial_intelligence">Outline of artificial intelligence</a></li>
<li><a href="/wiki/Cognitive_science">Cognitive science</a></li></ul>
""" + BACK)

GLOSSARY_UL = page(CHROME + """
<h2>A</h2>
<ul><li><b><a href="/wiki/Abstract_data_type">Abstract data type</a></b> – (ADT), is a model
  <ul><li>the process of removing details – a nested part of the definition</li></ul></li>
<li><b>1D</b>. One-dimensional.</li>
<li>Muting The deactivation of a device</li>
<li><a href="/wiki/Actuator">Actuator</a>, a motor</li>
<li>Teach pendant – a hand-held control unit</li></ul>
""" + BACK)

OUTLINE = page(CHROME + """
<p>Artificial intelligence can be described as all of the following:</p>
<ul><li>A form of <a href="/wiki/Intelligence">intelligence</a></li>
<li><a href="/wiki/Machine_learning">Machine learning</a> – a branch of AI
  <ul><li><a href="/wiki/Deep_learning">Deep learning</a></li>
  <li>Supervised learning – learning from labelled examples</li>
  <li>Unsupervised learning - learning without labels</li></ul></li>
<li><i><a href="/wiki/AIMA">Artificial Intelligence: A Modern Approach</a></i> (1995) – a textbook</li>
<li>Types of AI
  <ul><li><a href="/wiki/Weak_AI">Weak AI</a> (narrow AI) – non-sentient machine intelligence</li></ul></li>
<li><a href="/wiki/List_of_artificial_intelligence_projects">List of artificial intelligence projects</a></li>
</ul>
""" + BACK)


# --- titles --------------------------------------------------------------------------------

@pytest.mark.parametrize("title, expected", [
    ("Outline of artificial intelligence", ("outline", "artificial intelligence")),
    ("Glossary of artificial intelligence", ("glossary", "artificial intelligence")),
    ("Glossary of chemistry terms", ("glossary", "chemistry")),
    ("Index of robotics articles", ("index", "robotics")),
    ("List of software engineering topics", ("topics", "software engineering")),
    ("List of programming languages", None),
    ("Index (search engine)", None),
    ("Artificial intelligence", None),
])
def test_reference_kind(title, expected):
    assert reference_kind(title) == expected


@pytest.mark.parametrize("name, expected", [
    ("repository/Outline_of_birds.html", "Outline of birds"),
    ("Glossary_of_machine_vision.html", "Glossary of machine vision"),
    ("https://en.wikipedia.org/wiki/Outline_of_robotics", "Outline of robotics"),
    ("%22Hello,_World!%22_program.html", '"Hello, World!" program'),
])
def test_title_from_name(name, expected):
    assert title_from_name(name) == expected


def test_reference_pages_selects_only_reference_titles():
    titles = ["Outline of robotics", "Robotics", "Glossary of robotics", "List of robots"]
    assert reference_pages(titles) == {"Outline of robotics": ("outline", "robotics"),
                                       "Glossary of robotics": ("glossary", "robotics")}


# --- terms ---------------------------------------------------------------------------------

def test_glossary_dt_terms_without_definitions_chrome_or_list_pages():
    assert terms_from_html(GLOSSARY_DL, "glossary") == [
        "abductive logic programming (ALP)", "Agents", "Cognitive science"]


def test_glossary_list_terms_are_leading_elements_or_text_before_a_dash():
    assert terms_from_html(GLOSSARY_UL, "glossary") == [
        "Abstract data type", "1D", "Actuator", "Teach pendant"]


def test_outline_terms_nested_lists_and_dashes():
    assert terms_from_html(OUTLINE, "outline") == [
        "Machine learning", "Deep learning", "Supervised learning", "Unsupervised learning",
        "Artificial Intelligence: A Modern Approach", "Weak AI"]


def test_outline_rule_takes_nested_list_items_of_a_glossary_page_too():
    # The same page read as an outline: nested items count, a glossary would skip them.
    assert "the process of removing details" in terms_from_html(GLOSSARY_UL, "outline")
    assert "the process of removing details" not in terms_from_html(GLOSSARY_UL, "glossary")


def test_pages_of_one_keyword_are_merged():
    pages = {"Outline of birds": ("outline", "birds"), "Glossary of bird terms": ("glossary", "bird"),
             "Glossary of machine learning": ("glossary", "machine learning")}
    html = {"Outline of birds": page("<ul><li><a href='/wiki/Beak'>Beak</a></li>"
                                     "<li><a href='/wiki/Feather'>Feathers</a></li></ul>"),
            "Glossary of bird terms": page("<dl><dt>feather</dt><dd>x</dd><dt>crest</dt><dd>y</dd></dl>"),
            "Glossary of machine learning": page("<dl><dt>Epoch</dt><dd>z</dd></dl>")}
    refs = build_references(pages, html)
    assert [r.keyword for r in refs] == ["birds", "machine learning"]
    birds = refs[0]
    assert birds.pages == ["Outline of birds", "Glossary of bird terms"]
    assert sorted(birds.terms.values()) == ["Beak", "Feathers", "crest"]  # "feather" = "Feathers"
    assert birds.page_sizes == {"Outline of birds": 2, "Glossary of bird terms": 2}


# --- matching ------------------------------------------------------------------------------

def test_match_key():
    assert match_key("Neural Networks") == ("neural", "network")
    assert match_key("k-nearest neighbors") == ("k", "nearest", "neighbor")
    assert match_key("  ") == ()


def test_term_keys_trailing_parenthetical():
    assert term_keys("Aura (satellite)") == {("aura", "satellit"), ("aura",)}
    assert term_keys("C (programming language) compiler") == {("c", "program", "languag", "compil")}
    assert term_keys("(ALP)") == {("alp",)}


@pytest.fixture()
def ref() -> Reference:
    r = Reference(keyword="machine learning")
    r.add("Glossary of machine learning", ["Neural network", "abductive logic programming (ALP)",
                                           "Support vector machine", "k-nearest neighbors"])
    return r


@pytest.mark.parametrize("phrase, expected", [
    ("Neural network", "Neural network"),
    ("NEURAL NETWORKS", "Neural network"),          # case and plural
    ("neural-network", "Neural network"),           # punctuation separates words
    ("network neural", None),                       # word order matters
    ("neural", None),                               # a part is not the term
    ("deep neural network", None),                  # nor is a longer phrase
    ("abductive logic programming", "abductive logic programming (ALP)"),  # parenthetical removed
    ("Abductive Logic Programming (ALP)", "abductive logic programming (ALP)"),
    ("ALP", None),                                  # the abbreviation alone does not match
    ("Neural network (machine learning)", "Neural network"),  # the candidate's qualifier too
    ("Deep learning (neural network)", None),      # the qualifier is dropped, not taken for the term
    ("support vector machines", "Support vector machine"),
    ("K nearest neighbor", "k-nearest neighbors"),
    ("", None),
])
def test_matches(ref, phrase, expected):
    assert ref.matches(phrase) == expected


# --- scoring -------------------------------------------------------------------------------

def test_precision_counts_missing_ranks_as_misses():
    assert precision([True, False, True], 10) == 0.2
    assert precision([True] * 30, 25) == 1.0
    assert precision([], 10) == 0.0


def test_score_list(ref):
    phrases = ["Neural networks", "Deep learning", "Support Vector Machines"] + ["x"] * 30
    s = score_list(phrases, ref)
    assert (s["p@10"], s["p@25"], s["listed"]) == (0.2, 0.08, 33)
    assert s["top"][:3] == [{"phrase": "Neural networks", "match": "Neural network"},
                            {"phrase": "Deep learning", "match": None},
                            {"phrase": "Support Vector Machines", "match": "Support vector machine"}]
    assert len(s["top"]) == 25


def test_yake_phrases_drop_the_keyword_and_keep_25():
    found = [("Machine learning", 0.1), ("machine learnings", 0.2)] + [(f"p{i}", 0.3) for i in range(30)]
    out = yake_phrases(found, "machine learning")
    assert out[:2] == ["p0", "p1"] and len(out) == 25
