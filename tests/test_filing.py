"""What a page says it is filed under (pipeline.filing), through the parse and the store."""
from __future__ import annotations

import json

from pipeline.boilerplate import BoilerplateRules, strip_boilerplate
from pipeline.filing import filed_under
from pipeline.parse import parse_page, parse_tree, parser_input
from pipeline.search import LocalBackend
from pipeline.store import connect, insert_page

WIKI = b"""<html><head><title>Paging - Wikipedia</title></head><body>
<div id="content"><p>Paging is a memory management scheme.</p></div>
<div id="catlinks" class="catlinks"><div id="mw-normal-catlinks" class="mw-normal-catlinks">
<a href="/wiki/Help:Category">Categories</a>: <ul><li><a href="/wiki/Category:Memory_management">Memory management</a></li>
<li><a href="/wiki/Category:Virtual_memory">Virtual memory</a></li></ul></div>
<div id="mw-hidden-catlinks" class="mw-hidden-catlinks mw-hidden-cats-hidden">Hidden categories:
<ul><li><a href="/wiki/Category:Articles_with_short_description">Articles with short description</a></li></ul></div>
</div></body></html>"""

SHOP = b"""<html><head><title>LX-300 - Printers Ltd</title></head><body>
<nav class="breadcrumbs"><ol><li><a href="/">Home</a></li><li><a href="/hardware">Hardware</a></li>
<li><a href="/hardware/printers">Dot matrix printers</a></li></ol></nav>
<main><p>The LX-300 is a nine-pin dot matrix printer.</p></main></body></html>"""


def removed_of(raw: bytes, rules: BoilerplateRules | None = None) -> list:
    root = parse_tree(parser_input(raw))
    out: list = []
    strip_boilerplate(root, rules or BoilerplateRules(), out)
    return out


def test_a_wiki_category_box_gives_its_visible_categories_not_its_label_or_hidden_ones():
    assert filed_under(removed_of(WIKI)) == ["Memory management", "Virtual memory"]


def test_a_breadcrumb_trail_gives_its_links_but_the_home_page():
    assert filed_under(removed_of(SHOP)) == ["Hardware", "Dot matrix printers"]


def test_removed_elements_come_in_document_order():
    raw = b"""<html><body><div class="breadcrumb"><a href="/">Home</a> <a href="/a">First</a></div>
    <p>text</p><div class="catlinks"><ul><li><a href="/c">Second</a></li></ul></div></body></html>"""
    assert filed_under(removed_of(raw)) == ["First", "Second"]


def test_a_box_the_rules_keep_in_the_content_is_not_read_and_its_text_stays():
    rules = BoilerplateRules(class_id_words=BoilerplateRules().class_id_words - {"catlinks"})
    assert filed_under(removed_of(WIKI, rules)) == []
    page = parse_page(WIKI, "https://en.wikipedia.org/wiki/Paging", rules)
    assert page.filed == [] and "Virtual memory" in page.text


def test_parse_page_reports_the_classes_and_keeps_them_out_of_the_text():
    page = parse_page(WIKI, "https://en.wikipedia.org/wiki/Paging")
    assert page.filed == ["Memory management", "Virtual memory"]
    assert "Virtual memory" not in page.text and "memory management scheme" in page.text


def test_a_page_without_filing_markup_is_filed_under_nothing():
    page = parse_page(b"<html><body><ul><li><a href='/x'>Virtual memory</a></li></ul></body></html>",
                      "https://example.org/a")
    assert page.filed == []


def test_the_store_keeps_the_classes_and_the_backend_reads_them(tmp_path):
    path = tmp_path / "pages.sqlite"
    con = connect(path)
    insert_page(con, "https://en.wikipedia.org/wiki/Paging", "en.wikipedia.org", "Paging", "text", None, None,
                filed=["Memory management", "Virtual memory"])
    insert_page(con, "https://en.wikipedia.org/wiki/Other", "en.wikipedia.org", "Other", "text", None, None)
    con.commit()
    con.close()
    backend = LocalBackend(path)
    assert backend.filed_under("https://en.wikipedia.org/wiki/Paging") == ["Memory management", "Virtual memory"]
    assert backend.filed_under("https://en.wikipedia.org/wiki/Other") == []
    assert backend.filed_under("https://en.wikipedia.org/wiki/Missing") == []


def test_a_store_made_before_the_column_gains_it_when_opened_for_writing(tmp_path):
    import sqlite3

    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.execute("CREATE TABLE pages (id INTEGER PRIMARY KEY, url TEXT NOT NULL UNIQUE, host TEXT NOT NULL, "
                "title TEXT NOT NULL DEFAULT '', html BLOB, links BLOB, status INTEGER, content_type TEXT, "
                "fetched_at REAL, depth INTEGER, parent TEXT, anchor TEXT, context TEXT, error TEXT, headers TEXT, "
                "crawl_order INTEGER, items BLOB, repaired INTEGER, lead TEXT, duplicate_of TEXT)")
    old.commit()
    old.close()
    con = connect(path)
    insert_page(con, "https://example.org/a", "example.org", "A", "text", None, None, filed=["Printers"])
    assert json.loads(con.execute("SELECT filed FROM pages").fetchone()[0]) == ["Printers"]


TEXINFO = b"""<html><head><title>Continuations (MIT/GNU Scheme 12.1)</title>
<link href="Procedures.html" rel="up" title="Procedures"></head><body>
<div class="nav-panel"><p>Next: <a href="Application-Hooks.html" accesskey="n" rel="next">Application Hooks</a>,
Up: <a href="Procedures.html" accesskey="u" rel="up">Procedures</a></p></div>
<h3 class="section">12.4 Continuations</h3><p>A continuation is a procedure.</p></body></html>"""


def test_a_manual_s_section_is_filed_under_the_page_its_up_links_name():
    page = parse_page(TEXINFO, "https://www.gnu.org/software/mit-scheme/Continuations.html")
    assert page.filed == ["Procedures"]
    # read before the chrome goes: the navigation panel holding the link is chrome
    assert "Next:" not in page.text and "continuation is a procedure" in page.text


def test_up_links_are_looked_for_only_where_the_bytes_hold_one():
    from pipeline.filing import may_name_parent, parent_names
    assert may_name_parent(TEXINFO) and not may_name_parent(WIKI) and not may_name_parent(SHOP)
    assert parent_names(parse_tree(parser_input(b'<p><a rel="next up" href="u">Sets</a> '
                                                b'<a rel="upgrade" href="v">No</a></p>'))) == ["Sets"]
