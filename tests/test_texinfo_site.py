"""A Texinfo manual (GNU Octave 7.3, tests/data/octave-docs): its site name in every title, its
redirect stubs, its "Next / Previous / Up" header and its permalink marks are no content, and a
chapter titled with more words than the keyword is the keyword's page when it says what the
keyword is."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import luigi
import pytest

from pipeline.parse import main_text, parse_tree, parser_input
from pipeline.search import LocalBackend
from tasks import TopicConcepts

from integration_support import site_index

DOCS = Path(__file__).with_name("data") / "octave-docs"
PREFIX = "https://docs.octave.org/v7.3.0/"
SITE = "(GNU Octave (version 7.3.0))"


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    with site_index(tmp_path_factory.mktemp("texinfo"), DOCS, PREFIX) as found:
        yield found


def test_the_header_s_neighbours_and_the_permalink_marks_are_no_content():
    text = main_text(parse_tree(parser_input((DOCS / "Accumulation.html").read_bytes())))
    assert "accumarray" in text and "\u00b6" not in text
    # The head's "Next: Miscellaneous Techniques, Previous: Function Application, Up: Vectorization
    # ...": its parent stays (the page is part of it). The same line at a leaf page's foot
    # carries no rel, and stays: the words it holds are no marked navigation.
    head = text.split("19.4 Accumulation", 1)[0]
    assert "Miscellaneous Techniques" not in head and "Function Application" not in head
    assert "Vectorization and Faster Code Execution" in head


def test_the_index_takes_the_site_name_off_the_titles_and_folds_the_stubs(env):
    summary = json.loads(Path(env["index"]).with_name("summary.json").read_text(encoding="utf-8"))
    assert summary["site_asides"] == {"docs.octave.org": SITE}
    assert (summary["pages"], summary["copies"]) == (14, 2)
    con = sqlite3.connect(env["index"])
    try:
        titles = dict(con.execute("SELECT url, title FROM pages WHERE duplicate_of IS NULL"))
        stubs = dict(con.execute("SELECT url, duplicate_of FROM pages WHERE duplicate_of IS NOT NULL"))
    finally:
        con.close()
    assert titles[PREFIX + "Accumulation"] == "Accumulation" and not any(SITE in t for t in titles.values())
    assert stubs == {PREFIX + "XREFaccumarray": PREFIX + "Accumulation", PREFIX + "XREFbsxfun": PREFIX + "Broadcasting"}
    backend = LocalBackend(env["index"])
    try:
        assert [u for u, _, _ in backend.pages_about("broadcasting")] == [PREFIX + "Broadcasting"]
        assert backend.document_count() == 12
    finally:
        backend.con.close()


def test_a_chapter_that_says_what_the_keyword_is_is_its_page(env):
    task = TopicConcepts(keyword="vectorization", output_root=str(env["out"]), pages=30, min_support=2.0)
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    r = json.loads(Path(task.output()["json"].path).read_text(encoding="utf-8"))
    # "Vectorization and Faster Code Execution": "Vectorization is a programming technique ..."
    assert r["keyword_page"] == PREFIX + "Vectorization-and-Faster-Code-Execution"
    assert r["keyword_page_by"] == "opening"  # and the report says why
    assert "Page by opening" in Path(task.output()["md"].path).read_text(encoding="utf-8")
    concepts = [c["phrase"] for c in r["candidates"] if c["evidence"]["kind"] == "concept"
                and not c["evidence"]["ruled_out"]]
    top = concepts[:6]
    assert {"Basic Vectorization", "Broadcasting", "Function Application", "Miscellaneous Techniques"} <= set(top), top
    # Neither the chapter itself nor the neighbour its header links to ("Next: Nonlinear Equations").
    assert "Vectorization and Faster Code Execution" not in concepts and "Nonlinear Equations" not in top


def test_the_navigation_line_is_no_first_paragraph():
    from pipeline.testbed import first_paragraph

    lead = first_paragraph((DOCS / "Vectorization-and-Faster-Code-Execution.html").read_bytes())
    assert lead.startswith("Vectorization is a programming technique"), lead
