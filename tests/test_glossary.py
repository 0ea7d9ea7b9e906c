"""Glossary entries: which term/description pairs of definition lists are read, and how."""
from __future__ import annotations

import sqlite3

import pytest

from pipeline.glossary import GLOSSARY_SHARE, MAX_DESCRIPTION_CHARS, definition_entries, is_glossary
from pipeline.indexer import build_index
from pipeline.parse import content_tree, parse_tree
from pipeline.search import LocalBackend
from scoring.sources import definition_candidates

from integration_support import WIKI, extract_slice


def entries(body: str) -> list[list[str]]:
    return definition_entries(parse_tree(f"<html><body>{body}</body></html>"))


def test_each_term_with_its_description_and_anchor():
    html = ('<dl class="glossary"><dt id="abc"><dfn>accretion disk</dfn></dt>'
            '<dd>A structure formed by material falling into a <a href="#bh">black hole</a>.</dd>'
            '<dt><dfn id="inner">albedo</dfn></dt><dd>The fraction of light reflected.</dd>'
            '<dt>  event\n horizon </dt><dd>A boundary.</dd></dl>')
    assert entries(html) == [["abc", "accretion disk", "A structure formed by material falling into a black hole."],
                             ["inner", "albedo", "The fraction of light reflected."],
                             ["", "event horizon", "A boundary."]]


def test_a_term_loses_its_dangling_marks_as_a_list_item_does():
    # Texinfo's function definitions: a category span (": ") before the signature.
    html = ('<dl><dt id="index-sprand"><span class="category">: </span><span><strong>sprand</strong> '
            '<em>(<var>s</var>)</em></span></dt><dd>Generate a sparse matrix.</dd></dl>')
    assert entries(html) == [["index-sprand", "sprand (s)", "Generate a sparse matrix."]]


def test_several_descriptions_and_paragraphs_stay_apart_as_sentences():
    got = entries("<dl><dt>cell</dt><dd><p>The unit of life.</p><p>Cells divide</p></dd><dd>Also a battery.</dd></dl>")
    assert got == [["", "cell", "The unit of life. Cells divide Also a battery."]]


def test_pseudo_headings_and_stubs_are_not_entries():
    # ";History" in a wiki is a <dt> alone; an empty <dd> is a glossary's stub.
    assert entries("<dl><dt>History</dt></dl><p>Text.</p><dl><dt>stub</dt><dd> </dd><dt>x</dt><dd>y.</dd></dl>") == [
        ["", "x", "y."]]
    assert entries("<dl><dd>An indented line, no term.</dd></dl>") == []


def test_html5_div_wrappers_and_nested_lists():
    got = entries("<dl><div><dt>gene</dt><dd>A unit of heredity.</dd></div>"
                  "<div><dt>allele</dt><dd>A variant of a <dl><dt>gene</dt><dd>nested.</dd></dl></dd></div></dl>")
    assert [e[1] for e in got] == ["gene", "allele", "gene"]
    assert got[1][2] == "A variant of a gene nested."


def test_long_descriptions_are_cut():
    got = entries("<dl><dt>t</dt><dd>" + "word " * 1000 + "</dd></dl>")
    assert len(got[0][2]) == MAX_DESCRIPTION_CHARS


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    base = tmp_path_factory.mktemp("glossary")
    corpus = extract_slice(base / "corpus", extra=0, titles=["Glossary_of_virology", "Computer_virus", "Three_Laws_of_Robotics"])
    build_index(corpus, base / "pages.sqlite", WIKI, workers=1)
    b = LocalBackend(base / "pages.sqlite")
    yield b
    b.con.close()


def test_the_index_stores_a_real_glossarys_entries(backend):
    got = backend.entries_mentioning("capsid")
    glossary = WIKI + "Glossary_of_virology"
    assert len(got) == 32 and all(url.startswith(glossary + "#") for url, _, _ in got)
    by_term = {term: (url, text) for url, term, text in got}
    assert by_term["capsid"] == (glossary + "#capsid",
                                 "The outer shell of protein that encloses and protects the genetic material of a virus.")
    assert by_term["bacteriophage"][1].startswith("Any virus that infects")
    # The article about computer viruses has no definition list; "virus" is on both pages.
    assert {url.split("#")[0] for url, _, _ in backend.entries_mentioning("virus")} == {glossary}
    assert backend.entries_mentioning("boot sector") == []  # only the article names it
    assert backend.entries_mentioning("capsid", domain=".edu") == [] == backend.entries_mentioning("!!")


def test_entries_define_their_terms_through_the_keyword(backend):
    # Each entry is read as a small page: a term whose description names the keyword is
    # a concept described through it; the glossary page itself is no candidate.
    found = {d["phrase"]: d for d in definition_candidates("capsid", backend.entries_mentioning("capsid"))}
    assert "capsomere" in found and "capsid" not in found
    assert found["capsomere"]["page"] == WIKI + "Glossary_of_virology#capsomere"
    assert "capsid" in found["capsomere"]["defining_sentence"]
    assert all("capsid" in d["defining_sentence"].lower() for d in found.values())


def test_a_description_ends_where_the_descriptions_end():
    # A broken page can wrap the next entries in a block: they are not this term's words.
    got = entries("<dl><dt>a</dt><dd>First.</dd><p>More of a.</p><div><dt>b</dt><dd>Second.</dd></div>"
                  "<h3>C</h3><dd>Stray.</dd></dl>")
    assert got == [["", "a", "First. More of a."], ["", "b", "Second."]]


def test_a_glossary_is_a_page_made_mostly_of_its_entries():
    entries_ = [["", "albedo", "The fraction of light reflected."]]
    held = len("albedo") + len("The fraction of light reflected.")
    assert is_glossary(entries_, "albedo The fraction of light reflected.")
    assert is_glossary(entries_, "x" * round(held / GLOSSARY_SHARE))
    assert not is_glossary(entries_, "x" * (round(held / GLOSSARY_SHARE) + 1))  # an article's ";Heading" lists
    assert not is_glossary([], "")


def test_an_article_with_a_definition_list_stores_none(backend):
    # "Three Laws of Robotics" writes its laws as a definition list ("First Law", "Second
    # Law"...), a small part of the article: not a glossary, so nothing of it is stored.
    page = WIKI + "Three_Laws_of_Robotics"
    root, _ = content_tree(backend.fetch(page).raw)
    assert [e[1] for e in definition_entries(root)][:3] == ["First Law", "Second Law", "Third Law"]
    stored = dict(backend.con.execute("SELECT url, entries IS NOT NULL FROM pages"))
    assert stored == {WIKI + "Glossary_of_virology": 1, WIKI + "Computer_virus": 0, page: 0}
    assert all("Three_Laws" not in url for url, _, _ in backend.entries_mentioning("robot"))


def test_a_mined_candidate_without_a_page_is_described_by_its_glossary_entry(backend):
    # "capsomere" has no page here, but the glossary's entry for it names the keyword: it
    # defines the candidate as its page would. "bacteriophage"'s entry does not name it.
    from pipeline import evidence_stage, topic_stages as stages

    mined = [{"phrase": "capsomere"}, {"phrase": "bacteriophage"}]
    scored = stages.score(stages.hit_counts(backend.hit_count, "capsid", mined), 0.0)
    cands = [{"phrase": c["phrase"], "pages": [WIKI + "Glossary_of_virology"]} for c in mined]
    rows = {r["phrase"]: r for r in evidence_stage.evidence(backend, "capsid", scored, cands, {}, backend.hit_count, 0.0)["candidates"]}
    assert rows["capsomere"]["source"] == "lists" and rows["capsomere"]["defines"]
    assert rows["capsomere"]["page"] == WIKI + "Glossary_of_virology#capsomere"
    assert rows["capsomere"]["defining_sentence"].startswith("A subunit of the viral capsid")
    assert "its page defines it via the keyword" in rows["capsomere"]["why"]
    assert not rows["bacteriophage"]["defines"] and rows["bacteriophage"]["page"] is None


def test_a_store_from_before_glossary_entries_answers_with_none(tmp_path):
    # An index built by an earlier schema has no `entries` column: no entries, no error.
    con = sqlite3.connect(tmp_path / "old.sqlite")
    con.executescript("CREATE TABLE pages (id INTEGER PRIMARY KEY, url TEXT, title TEXT, lead TEXT, host TEXT);"
                      "CREATE VIRTUAL TABLE pages_fts USING fts5(title, body);"
                      "INSERT INTO pages VALUES (1, 'http://w.org/g', 'Glossary', 'A capsid is a shell.', 'w.org');"
                      "INSERT INTO pages_fts(rowid, title, body) VALUES (1, 'Glossary', 'capsid: a shell');")
    con.commit()
    con.close()
    old = LocalBackend(tmp_path / "old.sqlite")
    assert old.entries_mentioning("capsid") == []
    assert old.leads_mentioning("capsid") == [("http://w.org/g", "Glossary", "A capsid is a shell.")]
