"""The index build collapses copies: pages declaring another page's URL as canonical."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from lxml import html as lxml_html

from pipeline.hubseeds import inlink_graph
from pipeline.indexer import build_index
from pipeline.parse import declared_canonical, refresh_target
from pipeline.search import LocalBackend
from pipeline.store import get_page, site_aside, trailing_aside, url_name_key

WIKI = "https://en.wikipedia.org/wiki/"


def page(title: str, canonical: str | None, body: str) -> str:
    link = f'<link rel="canonical" href="{canonical}">' if canonical else ""
    return (f"<html><head><title>{title} - Wikipedia</title>{link}</head><body><div id='content'>"
            f"<h1>{title}</h1><p>{body}</p></div></body></html>")


def build(tmp_path: Path, files: dict[str, str]) -> tuple[dict, Path]:
    """Index a folder of the given files (name -> HTML), one worker; (summary, store path)."""
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name, content in files.items():
        (corpus / name).write_text(content, encoding="utf-8")
    db = tmp_path / "pages.sqlite"
    return build_index(corpus, db, WIKI, workers=1), db


def test_declared_canonical_reads_the_head_link():
    root = lxml_html.fromstring(page("A", "/wiki/A#top", "x"))
    assert declared_canonical(root, WIKI + "A_copy") == WIKI + "A"  # resolved, fragment dropped
    assert declared_canonical(lxml_html.fromstring(page("A", None, "x")), WIKI + "A") == ""


def refreshing(title: str, content: str, body: str = "") -> str:
    return (f'<html><head><title>{title}</title><meta http-equiv="Refresh" content="{content}"></head>'
            f"<body><p>{body}</p></body></html>")


@pytest.mark.parametrize("content, target", [
    ("0; url=Variables.html#XREFans", "https://m.org/doc/Variables.html"),  # Texinfo's stub, fragment dropped
    ("0;URL='../x.html'", "https://m.org/x.html"),
    ('5, url="HTTP://Example.com/a"', "http://example.com/a"),
    ("  1 ; URL = compose.html ", "https://m.org/doc/compose.html"),
    ("0.5; url=a.html", "https://m.org/doc/a.html"),
    ("30; url=other.html", ""),  # a later refresh: a page read for itself
    ("0", ""),  # a reload
    ("0; url=XREFans.html", ""),  # the page itself
    ("", ""),
])
def test_refresh_target_reads_a_meta_refresh(content, target):
    root = lxml_html.fromstring(refreshing("XREFans", content.replace('"', "&quot;")))
    assert refresh_target(root, "https://m.org/doc/XREFans.html") == target


def test_a_canonical_link_outranks_a_refresh():
    root = lxml_html.fromstring('<html><head><link rel="canonical" href="/a"><meta http-equiv="refresh" '
                                'content="0; url=/b"></head><body>x</body></html>')
    assert declared_canonical(root, "https://m.org/c") == "https://m.org/a"


def test_a_stub_that_redirects_by_meta_refresh_is_a_copy_of_its_target(tmp_path):
    text = "Variables hold values; ans holds the last result."
    files = {
        "XREFans.html": refreshing("XREFans (GNU Octave)", "0; url=Variables.html#XREFans",
                                   'The node you are looking for is at <a href="Variables.html#XREFans">XREFans</a>.'),
        "Variables.html": page("Variables", None, text),
        "Old_name.html": refreshing("Moved", "3; url=Variables.html", "This page has moved."),
        "Slides.html": refreshing("Slides", "60; url=Variables.html", text),  # a slide show: read for itself
    }
    summary, db = build(tmp_path, files)
    assert (summary["pages"], summary["searchable"], summary["copies"]) == (4, 2, 2)
    marks = dict(sqlite3.connect(db).execute("SELECT url, duplicate_of FROM pages"))
    assert marks == {WIKI + "XREFans": WIKI + "Variables", WIKI + "Variables": None,
                     WIKI + "Old_name": WIKI + "Variables", WIKI + "Slides": None}
    backend = LocalBackend(str(db))
    assert [url for url, _, _ in backend.pages_about("old name")] == [WIKI + "Variables"]  # the stub's name
    assert backend.hit_count(["node you are looking for"]) == 0


def test_a_crawl_follows_a_meta_refresh_as_a_link():
    from pipeline.parse_pool import parse_body

    body = refreshing("Moved", "0; url=/wiki/Target", "Gone.").encode()
    problem, _, links, _ = parse_body(body, "utf-8", "http://127.0.0.1/wiki/Old")
    assert problem is None and links == [("http://127.0.0.1/wiki/Target", "", "", "")]
    linked = refreshing("Moved", "0; url=/wiki/Target", 'See <a href="/wiki/Target">Target</a>.').encode()
    assert [link[0] for link in parse_body(linked, "utf-8", "http://127.0.0.1/wiki/Old")[2]] == [
        "http://127.0.0.1/wiki/Target"]  # not twice


def test_copies_are_stored_but_neither_searched_nor_counted(tmp_path):
    text = "Robotics studies robots and sensors."
    files = {
        # A's copy comes first in collection order: the page at the canonical URL still wins.
        "A_copy.html": page("Alpha", WIKI + "Alpha", text),
        "Alpha.html": page("Alpha", WIKI + "Alpha", text + ' See <a href="/wiki/Beta">Beta</a>.'),
        # Beta itself is not in the collection: the first of its copies stands for it.
        "Beta_1.html": page("Beta", WIKI + "Beta", text),
        "Beta_2.html": page("Beta", WIKI + "Beta", text + ' <a href="/wiki/Beta">Beta</a>'),
        "Gamma.html": page("Gamma", None, text),
    }
    summary, db = build(tmp_path, files)
    assert (summary["pages"], summary["searchable"], summary["copies"]) == (5, 3, 2)

    con = sqlite3.connect(db)
    marks = dict(con.execute("SELECT url, duplicate_of FROM pages"))
    assert marks == {WIKI + "A_copy": WIKI + "Alpha", WIKI + "Alpha": None, WIKI + "Beta_1": None,
                     WIKI + "Beta_2": WIKI + "Beta_1", WIKI + "Gamma": None}
    backend = LocalBackend(str(db))
    assert backend.document_count() == 3
    assert backend.hit_count(["robots and sensors"]) == 3  # five pages hold it; three documents
    assert sorted(r.url for r in backend.search("robotics", 10)) == [WIKI + "Alpha", WIKI + "Beta_1", WIKI + "Gamma"]
    assert [url for url, _, _ in backend.pages_about("beta")] == [WIKI + "Beta_1"]
    assert b"Beta" in get_page(con, WIKI + "Beta_2").html  # a copy is still stored
    # Beta_2 is a copy of Beta_1's page, not another page linking to Beta: Alpha alone is.
    assert inlink_graph(con, {WIKI + "Beta"}) == {WIKI + "Beta": [WIKI + "Alpha"]}


def test_a_page_answers_to_the_names_its_url_and_its_copies_urls_spell(tmp_path):
    text = "Pictures are processed by computers."
    files = {
        # A wiki's redirects saved as pages: the file's name is the redirect's, the page the target's.
        "Image_processing.html": page("Digital image processing", WIKI + "Digital_image_processing", text),
        "KR.html": page("Knowledge representation and reasoning", WIKI + "Knowledge_representation_and_reasoning",
                        text),
        "Knowledge_representation_and_reasoning.html": page("Knowledge representation and reasoning", None, text),
        "Knowledge_representation.html": page("Knowledge representation and reasoning",
                                              WIKI + "Knowledge_representation_and_reasoning", text),
        # A page titled with a name comes before one that only answers to it through its URL.
        "Image_processing_pictures.html": page("Image processing", None, text),
        "index.html": page("Front page", None, text),
    }
    _, db = build(tmp_path, files)
    backend = LocalBackend(str(db))
    about = [url for url, _, _ in backend.pages_about("image processing")]
    assert about[:2] == [WIKI + "Image_processing_pictures", WIKI + "Image_processing"]
    kr = WIKI + "Knowledge_representation_and_reasoning"
    assert [url for url, _, _ in backend.pages_about("knowledge representation")] == [kr]  # a copy's URL
    assert [url for url, _, _ in backend.pages_about("kr")] == [kr]
    assert backend.pages_about("index") == []  # a site's place, no name
    assert backend.document_count() == 4  # the copies are still neither searched nor counted


@pytest.mark.parametrize("url, key", [
    (WIKI + "Image_processing", "image processing"),
    ("https://example.org/articles/graph-theory.html", "graph theory"),
    (WIKI + "AT%26T_Corporation", "at t corporation"),
    ("https://example.org/index.php", ""),
    ("https://example.org/2019/05/", ""),
    ("https://example.org/", ""),
    ("", ""),
])
def test_url_name_key(url, key):
    assert url_name_key(url) == key


@pytest.mark.parametrize("title, aside", [
    ("Sets (GNU Octave (version 7.3.0))", "(GNU Octave (version 7.3.0))"),
    ("String (Java Platform SE 8 )", "(Java Platform SE 8 )"),
    ("Kernel (operating system)", "(operating system)"),
    ("Space(s)", ""),  # no space before the bracket: part of the name
    ("(GNU Octave)", ""),  # nothing before it
    ("Robotics - Wikipedia", ""),
    ("Broken (a (b)", "(b)"),  # the last balanced bracket
])
def test_trailing_aside(title, aside):
    assert trailing_aside(title) == aside


def test_a_site_names_itself_in_the_bracket_most_of_its_titles_end_with():
    manual = [f"Node {i} (GNU Octave (version 7.3.0))" for i in range(8)] + ["Index", "Kernel (operating system)"]
    assert site_aside(manual) == "(GNU Octave (version 7.3.0))"
    wiki = [f"Kernel ({q})" for q in "abcdefghij"]  # qualifiers differ page by page
    assert site_aside(wiki) == ""
    assert site_aside(manual[:5]) == ""  # too few pages to tell


def test_an_index_takes_a_site_s_bracketed_name_off_its_titles(tmp_path):
    def texinfo(title: str, body: str) -> str:
        return (f"<html><head><title>{title} (GNU Octave (version 7.3.0))</title></head>"
                f"<body><h2>{title}</h2><p>{body}</p></body></html>")
    files = {f"Node_{i}.html": texinfo(f"Node {i}", "Octave computes.") for i in range(10)}
    files["Sparse_Matrices.html"] = texinfo("Sparse Matrices", "A sparse matrix has mostly zeros.")
    summary, db = build(tmp_path, files)
    assert summary["site_asides"] == {"en.wikipedia.org": "(GNU Octave (version 7.3.0))"}
    backend = LocalBackend(str(db))
    found = backend.pages_about("sparse matrix", with_plurals=True)
    assert [(url, title) for url, title, _ in found] == [(WIKI + "Sparse_Matrices", "Sparse Matrices")]
    assert backend.pages_about("gnu octave version 7 3 0") == []



def test_a_definition_term_that_many_pages_of_a_site_hold_is_a_form_s_label(tmp_path):
    from pipeline.indexer import FORM_LABEL, FORM_LABEL_PAGES
    from pipeline.store import unpack_items, unpack_json

    def library(i: int) -> str:
        own = "fold unfold reduce append filter partition delete find remove count".split()[i]
        return page(f"SRFI {i}", None, f"Library {i} of lists.</p><dl><dt>URL</dt><dd>https://srfi.org/{i}</dd>"
                                        f"<dt>Global</dt><dd>Bound in the global environment.</dd>"
                                        f"<dt>{own}</dt><dd>Combines the elements of a list.</dd></dl><p>")
    files = {f"SRFI_{i}.html": library(i) for i in range(FORM_LABEL_PAGES)}
    files["Glossary.html"] = page("Glossary", None, "Terms.</p><dl><dt>Global</dt><dd>Seen everywhere.</dd>"
                                                    "<dt>Closure</dt><dd>A procedure with its environment.</dd></dl><p>")
    summary, db = build(tmp_path, files)
    assert summary["form_labels"] == {"en.wikipedia.org": ["Global", "URL"]}
    with sqlite3.connect(db) as con:
        rows = dict(con.execute("SELECT url, items FROM pages"))
        entries = dict(con.execute("SELECT url, entries FROM pages"))
    srfi = {text: reason for _, tag, text, reason, _ in unpack_items(rows[WIKI + "SRFI_0"]) if tag == "dt"}
    assert srfi == {"URL": FORM_LABEL, "Global": FORM_LABEL, "fold": None}
    # the same label text on another page of the site goes too; that page's own term stays
    glossary = {text: reason for _, tag, text, reason, _ in unpack_items(rows[WIKI + "Glossary"]) if tag == "dt"}
    assert glossary == {"Global": FORM_LABEL, "Closure": None}
    assert [e[1] for e in unpack_json(entries[WIKI + "Glossary"])] == ["Closure"]


def test_nine_pages_holding_a_term_are_not_enough_to_make_it_a_label(tmp_path):
    from pipeline.indexer import FORM_LABEL_PAGES

    files = {f"P_{i}.html": page(f"P {i}", None, "Text.</p><dl><dt>Global</dt><dd>Everywhere.</dd></dl><p>")
             for i in range(FORM_LABEL_PAGES - 1)}
    summary, _ = build(tmp_path, files)
    assert summary["form_labels"] == {}
