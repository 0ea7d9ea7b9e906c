"""A manual's site, not Wikipedia's: numbered titles, chapters that are a table of contents,
plural chapter titles. Real pages of the PostgreSQL 15 documentation (tests/data)."""
from __future__ import annotations

import json
from pathlib import Path

import luigi
import pytest

from pipeline.links import contents_links
from pipeline.parse import parse_tree, parser_input
from pipeline.search import LocalBackend
from pipeline.store import numbering_depth, title_keys, title_name, without_numbering
from scoring.sources import is_chapter_on, titled_as
from scoring.names import is_fragment, names_a_document_part
from scoring.tagtree import heading_name
from tasks import BuildIndex, TopicConcepts

from integration_support import site_index

DOCS = Path(__file__).with_name("data") / "postgresql-docs"
PREFIX = "https://www.postgresql.org/docs/15/"


@pytest.mark.parametrize("title, name", [
    ("Chapter 11. Indexes", "Indexes"),
    ("11.2. Index Types", "Index Types"),
    ("Part II. The SQL Language", "The SQL Language"),
    ("Appendix F. Additional Supplied Modules", "Additional Supplied Modules"),
    ("Chapter 3: Search", "Search"),
    ("9. Classes — Python 3.11.2 documentation", "Classes"),
    ("F.46. tsm_system_rows", "tsm_system_rows"),
    # Numbers that are part of a name stay.
    ("Section 230", "Section 230"),
    ("1984 (novel)", "1984 (novel)"),
    ("3.5 mm jack", "3.5 mm jack"),
    ("2001: A Space Odyssey", "2001: A Space Odyssey"),
    ("Web 2.0", "Web 2.0"),
    ("A. B. Smith", "A. B. Smith"),
    ("F.C. Barcelona", "F.C. Barcelona"),
])
def test_a_table_of_contents_numbering_is_no_part_of_a_title(title, name):
    assert title_name(title) == name


@pytest.mark.parametrize("title, depth", [
    ("Chapter 35. Large Objects", 1), ("36.5. Large Objects", 2), ("11.2.1. B-Tree", 3), ("9. Classes", 1),
    ("Appendix F. Additional Supplied Modules", 1), ("F.46. tsm_system_rows", 2), ("Part II. The SQL Language", 0),
    ("Large Objects", 0),
    ("Section 230", 0), ("Machine learning - Wikipedia", 0),
])
def test_a_chapter_is_shallower_than_a_section_of_another(title, depth):
    assert numbering_depth(title) == depth


def test_title_keys_hold_the_name_without_its_numbering():
    assert title_keys("Chapter 11. Indexes") == ["chapter 11 indexes", "indexes"]
    assert title_keys("11.2. Index Types") == ["11 2 index types", "index types"]
    assert without_numbering("11.2.1. B-Tree") == "B-Tree"


def test_a_heading_loses_its_numbering_and_permalink_mark():
    assert heading_name("11.2.1. B-Tree¶") == "B-Tree"
    assert heading_name(" Partial  Indexes ") == "Partial Indexes"
    assert heading_name("C#") == "C#"


@pytest.mark.parametrize("title, keyword, expected", [
    ("Chapter 11. Indexes", "index", True),
    ("Chapter 21. Client Authentication", "client authentication", True),
    ("Chapter 26. Backup and Restore", "backup", True),  # the keyword and its twin
    ("Backup Manifest Format", "backup", False),
    ("Index", "indexes", True),
    ("11.2. Index Types", "index", False),
    ("Client Authentication Problems", "client authentication", False),
])
def test_titled_as(title, keyword, expected):
    assert titled_as(title, keyword) is expected


@pytest.mark.parametrize("title, keyword, expected", [
    ("Chapter 14. Performance Tips", "performance", True),
    ("Chapter 48. Background Worker Processes", "background worker", True),
    ("Chapter 25. Routine Database Maintenance Tasks", "maintenance", True),
    ("25.3. Log File Maintenance", "maintenance", False),   # a section, not a chapter
    ("Performance Tips", "performance", False),             # no numbering: Wikipedia's titles
    ("Chapter 14. Performance", "performance", False),      # the title itself: titled_as's case
])
def test_a_chapter_may_hold_the_keyword_among_more_words(title, keyword, expected):
    assert is_chapter_on(title, keyword) is expected


@pytest.mark.parametrize("phrase, fragment", [
    ("\\dl[+]", True), ("$TG_event", True), ("e--echo", True), ("-n--no-clean", True),
    ("\\s [ filename ]", True), ("[citation needed]", True), ("(logging.Logger method)", True),
    ("(pdb command)", True), ("-m", True), ("-p port", True), ("(c)Brain", False),
    ("C--", False), ("C#", False), ("C++", False), ("pg_dump", False), ("Object-oriented programming", False),
])
def test_a_command_line_s_syntax_names_nothing(phrase, fragment):
    assert is_fragment(phrase) is fragment


@pytest.mark.parametrize("heading, part", [
    ("Logical Decoding Examples", True), ("A Complete Trigger Example", True), ("Administrator's Overview", True),
    ("Overview of Event Trigger Behavior", True), ("Further Reading", True), ("Introduction", True),
    ("Caveats", True), ("Cosmic microwave background", False), ("Fundamental modeling concepts", False),
    ("Introduction to the Theory of Computation", False), ("Partial Indexes", False),
])
def test_a_heading_may_name_a_part_of_the_document(heading, part):
    assert names_a_document_part(heading) is part


def tree(name: str):
    return parse_tree(parser_input((DOCS / name).read_bytes()))


def test_a_chapter_s_contents_are_the_pages_of_its_sections():
    links = contents_links(tree("indexes.html"), PREFIX + "indexes")
    assert list(links)[:5] == ["Introduction", "Index Types", "B-Tree", "Hash", "GiST"]
    assert links["Partial Indexes"] == PREFIX + "indexes-partial.html"
    assert len(links) == 18 and not any(a[0].isdigit() for a in links)


def test_a_section_page_s_contents_link_no_other_page_and_wikipedia_s_link_within_it():
    # A section page's own little contents box points into itself only.
    assert contents_links(tree("indexes-types.html"), PREFIX + "indexes-types.html") == {}
    wiki = (b'<html><body><div id="toc" class="toc"><ul><li><a href="#History">1 History</a></li>'
            b'</ul></div><p>Text.</p></body></html>')
    assert contents_links(parse_tree(parser_input(wiki)), "https://en.wikipedia.org/wiki/X") == {}


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    with site_index(tmp_path_factory.mktemp("manual"), DOCS, PREFIX) as found:
        yield found


def test_a_singular_keyword_finds_the_plural_chapter_after_the_pages_titled_so(env):
    backend = LocalBackend(env["index"])
    try:
        assert [u for u, _, _ in backend.pages_about("index", with_plurals=True)] == [PREFIX + "indexes"]
        assert [u for u, _, _ in backend.pages_about("unique index", with_plurals=True)] == [
            PREFIX + "indexes-unique"]
        # Only the keyword's own page is looked up so: other names keep to what they say.
        assert backend.pages_about("unique index") == []
        assert [u for u, _, _ in backend.pages_about("unique indexes")] == [PREFIX + "indexes-unique"]
    finally:
        backend.con.close()


def test_pages_titled_with_the_keyword_among_more_words(env):
    backend = LocalBackend(env["index"])
    try:
        titles = [t for _, t, _ in backend.pages_titled_with("authentication")]
        assert {"Chapter 21. Client Authentication", "21.4. Trust Authentication"} <= set(titles)
        assert all("authentication" in t.lower() for t in titles)
        # Plurals fold: "index type" finds "11.2. Index Types"; the title itself is not "among more".
        assert [t for _, t, _ in backend.pages_titled_with("index type")] == []
        assert "11.2. Index Types" in [t for _, t, _ in backend.pages_titled_with("type")]
    finally:
        backend.con.close()


def report(env, keyword: str) -> dict:
    task = TopicConcepts(keyword=keyword, output_root=str(env["out"]), pages=30, min_support=2.0)
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    return json.loads(Path(task.output()["json"].path).read_text(encoding="utf-8"))


def test_a_chapter_is_the_keyword_s_page_and_its_contents_rank_its_sub_topics(env):
    r = report(env, "index")
    assert r["keyword_page"] == PREFIX + "indexes"
    concepts = [c for c in r["candidates"] if c["evidence"]["kind"] == "concept"]
    top = {c["phrase"]: c["evidence"] for c in concepts[:10]}
    # The chapter's sections, each both a section and a link of the keyword's page.
    for name in ("Unique Indexes", "Partial Indexes", "B-Tree", "GiST"):
        assert name in top and top[name]["sectioned"] and top[name]["linked"], (name, list(top))
    # No name keeps a table of contents' number, nor is the chapter's own title a section.
    assert not any(c["phrase"][0].isdigit() for c in concepts)
    assert "Indexes" not in [c["phrase"] for c in concepts]


def test_a_chapter_whose_first_paragraph_does_not_repeat_its_title_is_still_its_page(env):
    r = report(env, "client authentication")
    assert r["keyword_page"] == PREFIX + "client-authentication"
    top = [c for c in r["candidates"] if c["evidence"]["kind"] == "concept"][:10]
    assert {"Password Authentication", "Peer Authentication"} <= {c["phrase"] for c in top}
    assert sum(c["evidence"]["sectioned"] for c in top) >= 6  # the chapter's sections lead
    b = report(env, "backup")
    assert b["keyword_page"] == PREFIX + "backup"  # "Chapter 26. Backup and Restore"


def test_a_documentation_generator_s_permalink_mark_is_chrome():
    from pipeline.parse import main_text

    raw = (b'<html><body><h2>9.3. A First Look at Classes<a class="headerlink" href="#a-first-look">\xc2\xb6</a></h2>'
           b'<dl><dt>re.VERBOSE<a class="headerlink" href="#re.VERBOSE">\xc2\xb6</a></dt><dd>Verbose.</dd></dl>'
           b'<dl><dt id="index-dbstep"><span><strong>dbstep</strong><a href=\'#index-dbstep\' class=\'copiable-anchor\'>'
           b' \xc2\xb6</a></span></dt><dd>Step.</dd></dl>'  # Texinfo 6.8's
           b'</body></html>')
    text = main_text(parse_tree(parser_input(raw)))
    assert "\u00b6" not in text and "dbstep" in text


def test_an_index_is_keyed_by_its_rules_not_by_how_they_were_named(tmp_path):
    import dataclasses

    from pipeline.boilerplate import DEFAULT_RULES

    same, other = tmp_path / "same.json", tmp_path / "other.json"
    same.write_text(json.dumps(DEFAULT_RULES.dump()), encoding="utf-8")
    fewer = dataclasses.replace(DEFAULT_RULES, class_id_words=DEFAULT_RULES.class_id_words - {"headerlink"})
    other.write_text(json.dumps(fewer.dump()), encoding="utf-8")
    folder = {name: BuildIndex(corpus=str(DOCS), url_prefix=PREFIX, boilerplate=rules, output_root=str(tmp_path)).folder()
              for name, rules in (("default", ""), ("same", str(same)), ("other", str(other)))}
    # The defaults' index is the one a file of the same rules names; a default rule changed
    # in the code is another index, not a stale one reused.
    assert folder["default"] == folder["same"] != folder["other"]


def test_a_link_to_a_file_by_its_name_is_the_file_s_url():
    from pipeline.urls import collection_url

    assert collection_url(PREFIX + "indexes-types.html", PREFIX) == PREFIX + "indexes-types"
    assert collection_url(PREFIX + "indexes-types.html#INDEXES-TYPES-BTREE", PREFIX) == (
        PREFIX + "indexes-types#INDEXES-TYPES-BTREE")
    assert collection_url(PREFIX + "indexes-types", PREFIX) == PREFIX + "indexes-types"
    assert collection_url("https://other.org/page.html", PREFIX) == "https://other.org/page.html"
    assert collection_url(PREFIX + "x.html", "") == PREFIX + "x.html"  # no prefix: URLs are not files'


def test_the_index_stores_a_saved_site_s_links_as_its_pages_urls(env):
    import sqlite3

    from pipeline.store import unpack_links

    con = sqlite3.connect(env["index"])
    try:
        urls = {u for (u,) in con.execute("SELECT url FROM pages")}
        (blob,) = con.execute("SELECT links FROM pages WHERE url = ?", (PREFIX + "indexes",)).fetchone()
    finally:
        con.close()
    targets = {t for t, _ in unpack_links(blob)}
    assert PREFIX + "indexes-types" in targets and PREFIX + "indexes-partial" in targets
    assert not any(t.endswith(".html") for t in targets if t.startswith(PREFIX))
    assert len(targets & urls) >= 10  # the chapter's links meet the stored pages


def test_a_saved_site_is_crawled_through_its_own_links(tmp_path):
    from integration_support import free_port
    from tasks import Crawl

    task = Crawl(strategy="bfs", keywords="index", seeds="indexes", site=str(DOCS), port=free_port(),
                 max_pages=12, output_root=str(tmp_path))
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    summary = json.loads(Path(task.output()["summary"].path).read_text())
    # Before, every link of the chapter ("indexes-intro.html") was a 404: one page, then nothing.
    assert summary["pages"] == 12 and summary["stopped"] == "page budget"
