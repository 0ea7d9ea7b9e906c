"""A short page that sends the reader on to the one page about its subject is a copy of it."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from integration_support import WIKI, extract_slice

from pipeline.indexer import build_index
from pipeline.pointers import POINTER_WORDS, names_subject, pointer_target
from pipeline.search import LocalBackend

BOOK = "https://doc.rust-lang.org/1.63.0/book/"
CHAPTER_TEXT = " ".join(
    "Structs let you name and package together several related values that make a meaningful "
    "group; a struct's fields each have a name and a type, and an instance gives them values."
    for _ in range(12))


@pytest.mark.parametrize("name, title, expected", [
    ("structs", "Using Structs to Structure Related Data", True),
    ("closures", "Closures: Anonymous Functions that Capture Their Environment", True),
    ("comments", "Comments", True),
    ("structs", "Method Syntax", False),
    ("struct", "Using Structs to Structure Related Data", True),  # a plural is the same name
    ("enums", "Defining an Enum", True),
    ("structure", "Using Structs to Structure Related Data", True),
    ("struct", "Structured Data", False),  # whole words only
    ("slices", "Slicing Arrays", False),
    ("korora", "Korora (operating system)", False),  # the name's other sense
    ("embedded c", "Embedded C++", True),  # held as words: the size and the one-target rule decide
    ("", "Anything", False),
])
def test_names_subject_reads_the_name_as_whole_words_and_unqualified(name, title, expected):
    assert names_subject(name, title) is expected


def test_pointer_target_wants_a_short_page_linking_to_one_page_that_names_it():
    chapter = {BOOK + "ch05-00-structs": "Using Structs to Structure Related Data"}
    assert pointer_target("structs", 52, chapter) == BOOK + "ch05-00-structs"
    assert pointer_target("structs", POINTER_WORDS, chapter) is None  # a page read for itself
    two = chapter | {BOOK + "ch17-00": "Structs and Enums Compared"}
    assert pointer_target("structs", 52, two) is None  # which one it stands for is unknown
    other = chapter | {BOOK + "ch05-03-method-syntax": "Method Syntax"}
    assert pointer_target("structs", 52, other) is None  # a chapter listing its sections
    assert pointer_target("structs", 52, {BOOK + "x": "Method Syntax"}) is None  # on to another subject
    assert pointer_target("structs", 52, {}) is None


def book_page(title: str, body: str) -> str:
    return (f"<html><head><title>{title} - The Rust Programming Language</title></head><body>"
            f"<nav class='sidebar'><a href='index.html'>Contents</a></nav><main>{body}</main></body></html>")


def stub(title: str, target: str) -> str:
    return book_page(title, (
        f"<h1>{title}</h1><p>There is a new edition of the book and this is an old link.</p>"
        "<p>A struct is a custom data type that lets us name and package together related values.</p>"
        f"<p>Here are the relevant sections in the new and old books:</p><ul>"
        f"<li>In the second edition: <a href='{target}'>Ch 5.00 — Structs</a></li>"
        f"<li>In the first edition: <a href='https://doc.rust-lang.org/1.30.0/book/first-edition/"
        f"structs.html'>Ch 3.12 — Structs</a></li></ul>"))


def test_old_editions_stubs_become_copies_and_their_name_finds_the_chapter(tmp_path: Path):
    corpus = tmp_path / "book"
    (corpus / "first-edition").mkdir(parents=True)
    (corpus / "second-edition").mkdir()
    (corpus / "ch05-00-structs.html").write_text(book_page(
        "Using Structs to Structure Related Data",
        f"<h1>Using Structs to Structure Related Data</h1><p>{CHAPTER_TEXT}</p>"), encoding="utf-8")
    (corpus / "first-edition" / "structs.html").write_text(stub("Structs", "../ch05-00-structs.html"),
                                                          encoding="utf-8")
    # The newer edition's stub keeps the chapter's own title and is read as its copy too.
    (corpus / "second-edition" / "ch05-00-structs.html").write_text(
        stub("Using Structs to Structure Related Data", "../ch05-00-structs.html"), encoding="utf-8")
    # A chapter's page listing its sections links on to more than one page: a page of its own,
    # though one section's title holds its name.
    (corpus / "ch08-00-common-collections.html").write_text(book_page(
        "Collections", "<h1>Collections</h1><p>The standard library holds several collections:</p><ul>"
        "<li><a href='ch08-01-vectors.html'>Storing Lists of Values with Vectors</a></li>"
        "<li><a href='ch08-02-collections-of-text.html'>Strings, Collections of Text</a></li></ul>"),
        encoding="utf-8")
    for name, title in (("ch08-01-vectors", "Storing Lists of Values with Vectors"),
                        ("ch08-02-collections-of-text", "Strings, Collections of Text")):
        (corpus / f"{name}.html").write_text(book_page(title, f"<h1>{title}</h1><p>{CHAPTER_TEXT}</p>"),
                                             encoding="utf-8")
    # A short page linking on to a longer one about something else stays a page.
    (corpus / "ch05-03-method-syntax.html").write_text(book_page(
        "Method Syntax", "<h1>Method Syntax</h1><p>Methods are like functions, declared in a struct's "
        "context; see <a href='ch05-00-structs.html'>structs</a>.</p>"), encoding="utf-8")
    db = tmp_path / "pages.sqlite"
    summary = build_index(corpus, db, BOOK, workers=1)
    assert (summary["pages"], summary["pointers"], summary["searchable"]) == (7, 2, 5)
    marks = dict(sqlite3.connect(db).execute("SELECT url, duplicate_of FROM pages"))
    assert marks[BOOK + "first-edition/structs"] == BOOK + "ch05-00-structs"
    assert marks[BOOK + "second-edition/ch05-00-structs"] == BOOK + "ch05-00-structs"
    assert marks[BOOK + "ch05-03-method-syntax"] is None
    assert marks[BOOK + "ch08-00-common-collections"] is None
    backend = LocalBackend(db)
    assert backend.document_count() == 5
    assert [url for url, _, _ in backend.pages_about("structs")] == [BOOK + "ch05-00-structs"]


def test_no_page_of_the_shared_collections_nearest_cases_is_read_as_a_pointer(tmp_path: Path):
    """"Korora" (the penguin, 148 words) links on to "Korora (operating system)", "Embedded C"
    to "Embedded C++": short articles about their own subjects."""
    folder = extract_slice(tmp_path, extra=0, titles=["Korora", "Korora_(operating_system)", "Embedded_C",
                                                      "Embedded_C%2B%2B"])
    summary = build_index(folder, tmp_path / "pages.sqlite", WIKI, workers=1)
    assert (summary["pages"], summary["pointers"], summary["searchable"]) == (4, 0, 4)
