"""A documentation site's navigation tree, read as the page's contents: the entries nested
under the page's own entry (pipeline.links.contents_links), and its number for the page
(pipeline.links.numbered_title).

mdBook (the Rust book) writes a chapter's opening page as one paragraph and its sections as
pages that only the sidebar nests under it; the markup below is mdBook 0.4's, as Debian's
rust-doc 1.63 ships it (a chapter's sections in the list item after the chapter's own).
"""
from __future__ import annotations

import pytest

from integration_support import WIKI, tiny_store
from pipeline.boilerplate import DEFAULT_RULES
from pipeline.evidence_stage import keyword_page_names
from pipeline.indexer import build_index
from pipeline.links import contents_links, may_link_to_itself_bare, numbered_title
from pipeline.parse import parse_tree, parser_input
from pipeline.search import LocalBackend
from pipeline.store import numbering_depth
from scoring.sources import keyword_chapter

BOOK = "https://doc.rust-lang.org/1.63.0/book/"


def sidebar(active: str, label: str = "Table of contents") -> str:
    """mdBook's sidebar with the entry linking to `active` marked as the reader's place."""
    def entry(href: str, number: str, title: str) -> str:
        mark = ' class="active"' if href == active else ""
        return (f'<li class="chapter-item expanded "><a href="{href}"{mark}>'
                f'<strong aria-hidden="true">{number}</strong> {title}</a></li>')
    return (f'<nav id="sidebar" class="sidebar" aria-label="{label}"><div class="sidebar-scrollbox">'
            '<ol class="chapter">' + entry("ch04-00-understanding-ownership.html", "4.", "Understanding Ownership")
            + '<li><ol class="section">' + entry("ch04-01-what-is-ownership.html", "4.1.", "What is Ownership?")
            + "</ol></li>" + entry("ch05-00-structs.html", "5.", "Using Structs to Structure Related Data")
            + '<li><ol class="section">'
            + entry("ch05-01-defining-structs.html", "5.1.", "Defining and Instantiating Structs")
            + entry("ch05-03-method-syntax.html", "5.3.", "Method Syntax")
            + "</ol></li>" + entry("ch06-00-enums.html", "6.", "Enums and Pattern Matching")
            + '<li><ol class="section">' + entry("ch06-01-defining-an-enum.html", "6.1.", "Defining an Enum")
            + "</ol></li></ol></div></nav>")


def page(active: str, body: str = "<p>Structs let you name related values.</p>", label: str = "Table of contents") -> str:
    return (f"<html><head><title>Structs</title></head><body>{sidebar(active, label)}"
            f'<div id="content"><main><h1>Using Structs to Structure Related Data</h1>{body}</main></div>'
            '<nav class="nav-wrapper" aria-label="Page navigation">'
            '<a rel="next" href="ch05-01-defining-structs.html">Next</a></nav></body></html>')


def read(html: str, url: str) -> dict[str, str]:
    return contents_links(parse_tree(parser_input(html.encode())), url)


def test_a_chapter_s_sections_are_the_entries_after_its_own_in_the_sidebar():
    links = read(page("ch05-00-structs.html"), BOOK + "ch05-00-structs.html")
    assert links == {"Defining and Instantiating Structs": BOOK + "ch05-01-defining-structs.html",
                     "Method Syntax": BOOK + "ch05-03-method-syntax.html"}


def test_the_own_entry_is_found_under_the_collection_s_name_for_the_page():
    # A corpus file ch05-00-structs.html is the page .../ch05-00-structs (pipeline.urls.file_url).
    links = read(page("ch05-00-structs.html"), BOOK + "ch05-00-structs")
    assert list(links) == ["Defining and Instantiating Structs", "Method Syntax"]


def test_a_sidebar_marking_no_entry_as_the_page_s_own_is_not_read():
    # The same tree is on every page: without the reader's place in it, it is the site's
    # contents, not this page's (the book's title page, or a page the tree does not list).
    assert read(page("none.html"), BOOK + "index.html") == {}


def test_a_section_s_page_has_no_nested_entries():
    # Its own entry nests nothing, and the next item is a sibling section with a link of its own.
    assert read(page("ch05-01-defining-structs.html"), BOOK + "ch05-01-defining-structs.html") == {}


def test_a_navigation_box_not_named_contents_is_not_read():
    # A site's menu marks where the reader is too; only a box that calls itself a table of
    # contents (by class, role or accessible name) lists what the page is made of.
    assert read(page("ch05-00-structs.html", label="Main menu"), BOOK + "ch05-00-structs.html") == {}


def test_an_own_entry_holding_its_list_reads_only_that_list():
    html = ('<html><body><nav aria-label="Contents"><ul>'
            '<li><a href="/docs/intro">Introduction</a></li>'
            '<li><a href="/docs/guide" aria-current="page">Guide</a><ul>'
            '<li><a href="/docs/guide/install">Installing</a></li><li><a href="/docs/guide/config">Configuring</a></li>'
            '</ul></li><li><ul><li><a href="/docs/api/x">Not the guide\'s</a></li></ul></li>'
            '</ul></nav><main><p>Text.</p></main></body></html>')
    assert list(read(html, "https://example.org/docs/guide")) == ["Installing", "Configuring"]


@pytest.mark.parametrize("url", ["https://example.org/page.html", "https://example.org/page"])
def test_a_link_to_a_part_of_the_page_is_neither_its_own_entry_nor_an_entry(url):
    # A page's local contents ("#setup") lists its parts, and says nothing of where the page
    # sits; its links lead to the page itself, under the name a collection gives its file too
    # (PostgreSQL's page "collation" lists "collation.html#COLLATION-CONCEPTS").
    html = ('<html><body><div class="toc"><ul><li><a href="page.html#setup">Setup</a></li>'
            '<li><a href="other.html">Other page</a></li></ul></div></body></html>')
    assert read(html, url) == {"Other page": "https://example.org/other.html"}


def test_the_keyword_s_page_names_its_chapter_s_sections(tmp_path):
    # The chapter's page itself is a paragraph: its sections come from the sidebar, read before
    # chrome removal takes the sidebar out.
    chapter = "ch05-00-structs.html"  # the store's address of it: WIKI + chapter
    store = tiny_store(tmp_path / "pages.sqlite", {chapter: (page(chapter), "Structs let you name related values.")})
    try:
        names = keyword_page_names(store, WIKI + chapter, DEFAULT_RULES, "Structs", "structs")
    finally:
        store.con.close()
    assert names.sections == ["Defining and Instantiating Structs", "Method Syntax"]
    assert names.targets["Method Syntax"] == WIKI + "ch05-03-method-syntax.html"


def test_a_page_takes_the_number_its_own_entry_gives_it():
    # mdBook numbers chapters and sections in the sidebar only: "5." says a chapter, "5.1." a
    # section (store.numbering_depth), as a DocBook manual's "Chapter 11. Indexes" says it.
    def title_of(active: str, title: str) -> str:
        html = page(active).replace("<title>Structs</title>", f"<title>{title} - The Rust Programming Language</title>")
        return numbered_title(parse_tree(parser_input(html.encode())), BOOK + active.removesuffix(".html"),
                              f"{title} - The Rust Programming Language")
    assert title_of("ch05-00-structs.html", "Using Structs to Structure Related Data") == \
        "5. Using Structs to Structure Related Data - The Rust Programming Language"
    assert numbering_depth(title_of("ch05-03-method-syntax.html", "Method Syntax")) == 2
    # An entry naming the page otherwise, or a title numbered already, is left as it is.
    assert title_of("ch05-03-method-syntax.html", "Methods") == "Methods - The Rust Programming Language"
    assert numbered_title(parse_tree(parser_input(page("ch05-00-structs.html").encode())), BOOK + "ch05-00-structs",
                          "Chapter 5. Structs") == "Chapter 5. Structs"


def test_a_wiki_page_s_contents_box_numbers_its_parts_not_the_page():
    # Wikipedia's box numbers the page's sections ("1 History") and links to them by fragment.
    html = ('<html><head><title>Robotics - Wikipedia</title></head><body><div id="toc" class="toc"><ul>'
            '<li class="toclevel-1"><a href="#History"><span class="tocnumber">1</span> History</a></li>'
            '</ul></div><p><a href="/wiki/Robotics">Robotics</a> is a field.</p></body></html>')
    root = parse_tree(parser_input(html.encode()))
    assert numbered_title(root, WIKI + "Robotics", "Robotics - Wikipedia") == "Robotics - Wikipedia"


def test_the_index_stores_the_number_and_the_numbered_chapter_is_the_keyword_s_page(tmp_path):
    # "collections" has no page of its own name: the one numbered chapter titled with it is its
    # page (sources.keyword_chapter), once the title carries the sidebar's "8.".
    def sidebar8(active: str) -> str:
        def entry(href: str, text: str) -> str:
            mark = ' class="active"' if href == active else ""
            return f'<li class="chapter-item"><a href="{href}"{mark}>{text}</a></li>'
        return ('<nav id="sidebar" aria-label="Table of contents"><ol class="chapter">'
                + entry("ch08-00-common-collections.html", "<strong>8.</strong> Common Collections")
                + '<li><ol class="section">'
                + entry("ch08-01-vectors.html", "<strong>8.1.</strong> Storing Lists of Values with Vectors")
                + "</ol></li></ol></nav>")
    corpus = tmp_path / "book"
    corpus.mkdir()
    text = " ".join(["Rust's standard library includes collections: a vector stores values next to each other."] * 5)
    for name, title in (("ch08-00-common-collections", "Common Collections"),
                        ("ch08-01-vectors", "Storing Lists of Values with Vectors")):
        (corpus / f"{name}.html").write_text(
            f"<html><head><title>{title} - The Rust Programming Language</title></head><body>{sidebar8(name + '.html')}"
            f"<main><h1>{title}</h1><p>{text}</p></main></body></html>", encoding="utf-8")
    db = tmp_path / "pages.sqlite"
    build_index(corpus, db, BOOK, workers=1)
    backend = LocalBackend(db)
    try:
        titles = dict(backend.con.execute("SELECT url, title FROM pages"))
        assert titles[BOOK + "ch08-00-common-collections"].startswith("8. Common Collections")
        assert titles[BOOK + "ch08-01-vectors"].startswith("8.1. Storing Lists")
        chapter, route = keyword_chapter(backend.pages_titled_with("collections"), "collections")
        assert (chapter[0], route) == (BOOK + "ch08-00-common-collections", "chapter")
        # No chapter is titled with "vectors": the one section that is is its page.
        section, route = keyword_chapter(backend.pages_titled_with("vectors"), "vectors")
        assert (section[0], route) == (BOOK + "ch08-01-vectors", "section")
    finally:
        backend.con.close()


@pytest.mark.parametrize("html, bare", [
    (b'<a href="#">Top</a>', True), (b"<a href=''>x</a>", True), (b'<a href="./">x</a>', True),
    (b"<a href='.'>x</a>", True), (b'<a href=#>x</a>', True), (b'<a href = "" class=y>x</a>', True),
    (b'<a href=./ class=y>x</a>', True),
    (b'<a href="#History">History</a>', False), (b'<a href="./ch01.html">x</a>', False),
    (b'<a href="/wiki/Robotics">x</a>', False), (b'<link rel="stylesheet" href="x.css">', False),
])
def test_the_byte_search_finds_every_bare_self_link_the_tree_search_would(html, bare):
    # numbered_title searches the tree for such links only where the raw bytes may hold one.
    assert may_link_to_itself_bare(b"<html><body><p>" + html + b"</p></body></html>") is bare
