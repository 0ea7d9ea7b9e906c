"""The crawl test bed's topics: categories, first paragraphs, topic building, the file format."""
from __future__ import annotations

import json
import random
import tarfile
import time
from pathlib import Path

import pytest
from integration_support import CORPUS_TAR

from pipeline.errors import UserError
from pipeline.testbed import (
    WIKI,
    PageFacts,
    TestTopic,
    article_titles,
    build_topics,
    collect_facts,
    first_paragraph,
    iter_titled_pages,
    load_topics,
    page_categories,
    page_facts,
    save_topics,
    topics_from_facts,
)


def wiki_page(title: str = "Thing", body: str = "", categories=("Machine learning", "Cybernetics"),
              hidden=("Articles with short description", "CS1 maint: uses authors parameter"),
              canonical: str = "") -> bytes:
    """A page shaped like a 2020 Wikipedia article: navigation, content, category box."""
    link = f'<link rel="canonical" href="{WIKI}{canonical}"/>' if canonical else ""
    cats = "".join(f'<li><a href="/wiki/Category:{c.replace(" ", "_")}" title="Category:{c}">{c}</a></li>'
                   for c in categories)
    hid = "".join(f'<li><a href="/wiki/Category:{c.replace(" ", "_")}" title="Category:{c}">{c}</a></li>'
                  for c in hidden)
    catlinks = (
        '<div id="catlinks" class="catlinks" data-mw="interface">'
        '<div id="mw-normal-catlinks" class="mw-normal-catlinks">'
        f'<a href="/wiki/Help:Category" title="Help:Category">Categories</a>: <ul>{cats}</ul></div>'
        '<div id="mw-hidden-catlinks" class="mw-hidden-catlinks mw-hidden-cats-hidden">'
        f'Hidden categories: <ul>{hid}</ul></div></div>'
    ) if categories or hidden else ""
    return f"""<!DOCTYPE html>
<html class="client-nojs" lang="en" dir="ltr"><head><meta charset="UTF-8"/>
<title>{title} - Wikipedia</title>{link}</head>
<body class="mediawiki ltr sitedir-ltr">
<div id="mw-page-base" class="noprint"></div>
<div id="content" class="mw-body" role="main">
<h1 id="firstHeading" class="firstHeading" lang="en">{title}</h1>
<div id="bodyContent" class="mw-body-content">
<div id="siteSub" class="noprint">From Wikipedia, the free encyclopedia</div>
<div id="mw-content-text" lang="en" dir="ltr" class="mw-content-ltr"><div class="mw-parser-output">
{body}
</div></div>
{catlinks}
</div></div>
<div id="mw-navigation"><h2>Navigation menu</h2>
<div id="mw-panel"><p>Main page Contents Current events</p></div></div>
<div id="footer" role="contentinfo"><p>This page was last edited on 1 May 2020.</p></div>
</body></html>""".encode()


ARTICLE = """
<div role="note" class="hatnote navigation-not-searchable">For the journal, see Thing (journal).</div>
<table class="infobox"><tbody><tr><td><p>Infobox text that is not the lead.</p></td></tr></tbody></table>
<div class="quotebox"><p>A quotation in a box.</p></div>
<p class="mw-empty-elt">
</p>
<p><span style="font-size: small;"><span id="coordinates"><a href="/wiki/Geographic_coordinate_system">Coordinates</a>:
<span class="geo-dec">51°N 9°E</span><span style="display:none">&#xfeff; / <span class="geo">51; 9</span></span>\ufeff / \ufeff51°N 9°E</span></span></p>
<p><b>Thing</b> (<b>TH</b>) is the study of things<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">&#91;1&#93;</a></sup>.
It is seen as a subset of stuff.[2] Things are<br>everywhere.<sup class="noprint Inline-Template Template-Fact"><i><a>citation needed</a></i></sup></p>
<p>Second paragraph about things.</p>
<h2><span class="mw-headline" id="References">References</span><span class="mw-editsection"><span class="mw-editsection-bracket">[</span><a>edit</a><span class="mw-editsection-bracket">]</span></span></h2>
<p>A reference paragraph.</p>
"""
LEAD = "Thing (TH) is the study of things. It is seen as a subset of stuff. Things are everywhere."


# -- categories -------------------------------------------------------------------------

def test_categories_are_the_visible_ones_as_shown_in_page_order():
    raw = wiki_page(body=ARTICLE, categories=("Machine learning", "Cybernetics", "Learning"))
    assert page_categories(raw) == ["Machine learning", "Cybernetics", "Learning"]


def test_hidden_categories_are_ignored():
    raw = wiki_page(body=ARTICLE, categories=(), hidden=("Articles with short description",))
    assert page_categories(raw) == []


def test_a_category_listed_twice_counts_once_and_entities_are_decoded():
    raw = wiki_page(categories=("AT&amp;T", "Free software", "AT&amp;T"))
    assert page_categories(raw) == ["AT&T", "Free software"]


def test_a_page_without_a_category_box_has_no_categories():
    assert page_categories(wiki_page(categories=(), hidden=())) == []
    assert page_categories(b"<html><body><p>Not Wikipedia.</p></body></html>") == []


# -- first paragraph ----------------------------------------------------------------------

def test_first_paragraph_skips_chrome_boxes_empty_and_coordinates_and_drops_markers():
    assert first_paragraph(wiki_page(body=ARTICLE)) == LEAD


def test_first_paragraph_is_the_first_of_the_running_text_not_of_a_box_before_it():
    body = ("<table><tr><td><p>Gourmet (2008)</p></td></tr><tr><td><p>Moss (2010)</p></td></tr>"
            "<tr><td><p>Misaeng (2012)</p></td></tr></table>"
            "<blockquote><p>A long quoted passage.</p></blockquote>"
            "<p>Webtoons are a type of digital comic.</p><p>More.</p>")
    assert first_paragraph(wiki_page(body=body)) == "Webtoons are a type of digital comic."


def test_back_matter_paragraphs_never_describe_a_page():
    body = ('<h2><span class="mw-headline">External links</span><span class="mw-editsection">[edit]</span></h2>'
            "<p>Official website</p>")
    assert first_paragraph(wiki_page(body=body)) == ""


def test_a_page_with_paragraphs_only_in_a_box_takes_the_first_usable_one():
    body = "<table><tr><td><p> </p><p>Only text here.</p></td></tr></table>"
    assert first_paragraph(wiki_page(body=body)) == "Only text here."


def test_a_page_without_paragraphs_or_html_has_none():
    assert first_paragraph(wiki_page(body="<ul><li>Just a list</li></ul>")) == ""
    assert first_paragraph(b"") == ""


def test_page_facts_reads_both_from_one_parse():
    facts = page_facts(wiki_page(body=ARTICLE, canonical="Thing"))
    assert facts == PageFacts(("Machine learning", "Cybernetics"), LEAD, WIKI + "Thing")


# -- topics -------------------------------------------------------------------------------

def member_pages(category: str, n: int, start: int = 0, extra=()) -> list[tuple[str, bytes]]:
    return [(f"{category.replace(' ', '_')}_{i:02d}",
             wiki_page(body=f"<p>Page {i} of {category}.</p>", categories=(category, *extra)))
            for i in range(start, start + n)]


def test_build_topics_keeps_categories_with_enough_members_sorted_by_name():
    pages = (member_pages("Robotics", 12) + member_pages("Algebra", 11, extra=("Robotics",))
             + member_pages("Penguins", 10))
    topics = build_topics(pages, min_members=11, n_seeds=4, seed=7)
    assert [(t.category, len(t.members)) for t in topics] == [("Algebra", 11), ("Robotics", 23)]
    with pytest.raises(ValueError, match="n_seeds"):
        build_topics(pages, min_members=4, n_seeds=4)


def test_topic_fields_follow_the_published_rules():
    pages = member_pages("Machine learning", 6)
    pages.append(("No_paragraph", wiki_page(body="", categories=("Machine learning",))))
    (topic,) = build_topics(pages, min_members=5, n_seeds=3, seed=2006)
    members = sorted(t for t, _ in pages)
    assert topic.category == topic.keywords == "Machine learning"
    assert topic.members == members
    assert topic.description == "\n".join(f"Page {i} of Machine learning." for i in range(6))
    assert topic.seeds == random.Random(2006).sample(members, 3)
    assert topic.targets == [m for m in members if m not in topic.seeds]
    assert set(topic.seeds) | set(topic.targets) == set(members)


def test_seeds_are_deterministic_and_do_not_depend_on_other_topics():
    a = build_topics(member_pages("Robotics", 15), min_members=12, n_seeds=10, seed=1)
    b = build_topics(member_pages("Robotics", 15) + member_pages("Algebra", 15), min_members=12,
                     n_seeds=10, seed=1)
    assert a[0] == b[1]
    c = build_topics(member_pages("Robotics", 15), min_members=12, n_seeds=10, seed=2)
    assert c[0].seeds != a[0].seeds


def test_parsing_in_worker_processes_gives_the_same_facts():
    pages = member_pages("Robotics", 3) + [("Broken", b"")]
    assert collect_facts(pages, workers=2) == collect_facts(pages) == {
        "Robotics_00": PageFacts(("Robotics",), "Page 0 of Robotics."),
        "Robotics_01": PageFacts(("Robotics",), "Page 1 of Robotics."),
        "Robotics_02": PageFacts(("Robotics",), "Page 2 of Robotics."), "Broken": PageFacts()}


def test_topics_from_facts_with_the_default_thresholds():
    facts = {f"P{i:02d}": PageFacts(("Big",) + (("Small",) if i < 19 else ()), f"Text {i}.")
             for i in range(25)}
    topics = topics_from_facts(facts)
    assert [t.category for t in topics] == ["Big"]
    assert len(topics[0].seeds) == 10 and len(topics[0].targets) == 15


def test_urls_are_canonical_and_the_crawl_topic_carries_the_description():
    topic = TestTopic("AT&T", "AT&T", "A company.", ["AT%26T", "Caf%C3%A9", "Caf%c3%a9_x"],
                      ["AT%26T"], ["Caf%C3%A9", "Caf%c3%a9_x"])
    assert topic.seed_urls() == [WIKI + "AT%26T"]
    assert topic.target_urls("http://127.0.0.1:8000/wiki/") == [
        "http://127.0.0.1:8000/wiki/Caf%C3%A9", "http://127.0.0.1:8000/wiki/Caf%C3%A9_x"]
    crawl = topic.crawl_topic()
    assert crawl.keywords == "AT&T" and crawl.description == "A company."
    assert list(crawl.seeds) == [WIKI + "AT%26T"]


def test_a_page_declares_its_canonical_article_without_fragment():
    assert page_facts(wiki_page(canonical="Genetic_algorithm")).canonical == WIKI + "Genetic_algorithm"
    assert page_facts(wiki_page(canonical="Executable_and_Linkable_Format#86open")).canonical == (
        WIKI + "Executable_and_Linkable_Format")
    assert page_facts(wiki_page()).canonical == ""


def test_redirect_copies_are_one_article_under_its_own_name():
    ga, elf = WIKI + "Genetic_algorithm", WIKI + "Executable_and_Linkable_Format"
    facts = {"Genetic_algorithms": PageFacts(canonical=ga), "Genetic_algorithm": PageFacts(canonical=ga),
             "GAs": PageFacts(canonical=ga), "86open": PageFacts(canonical=elf),
             "ELF_(format)": PageFacts(canonical=elf), "Caf%c3%a9": PageFacts(canonical=WIKI + "Caf%C3%A9"),
             "Plain": PageFacts()}
    assert article_titles(facts) == {
        "Genetic_algorithms": "Genetic_algorithm", "Genetic_algorithm": "Genetic_algorithm",
        "GAs": "Genetic_algorithm", "86open": "86open", "ELF_(format)": "86open",
        "Caf%c3%a9": "Caf%c3%a9", "Plain": "Plain"}


def test_merging_redirects_counts_each_article_once():
    facts = {f"A{i:02d}": PageFacts(("Topic",), f"Article {i}.", WIKI + f"A{i:02d}") for i in range(11)}
    facts["A00_copy"] = PageFacts(("Topic",), "Article 0.", WIKI + "A00")
    facts["A01_copy"] = PageFacts(("Topic",), "Article 1.", WIKI + "A01")
    (plain,) = topics_from_facts(facts, min_members=12, n_seeds=3)
    assert len(plain.members) == 13 and plain.description.count("Article 0.") == 2
    assert topics_from_facts(facts, min_members=12, n_seeds=3, merge_redirects=True) == []
    (merged,) = topics_from_facts(facts, min_members=11, n_seeds=3, merge_redirects=True)
    assert merged.members == [f"A{i:02d}" for i in range(11)]
    assert merged.description == "\n".join(f"Article {i}." for i in range(11))


# -- files --------------------------------------------------------------------------------

def test_save_and_load_round_trip_as_readable_json(tmp_path):
    topics = build_topics(member_pages("Künstliche Intelligenz", 13), min_members=12, n_seeds=10)
    path = save_topics(topics, tmp_path / "sub" / "topics.json")
    text = path.read_text(encoding="utf-8")
    assert "Künstliche Intelligenz" in text and '\n  "topics": [' in text
    assert json.loads(text)["topics"][0]["category"] == "Künstliche Intelligenz"
    assert load_topics(path) == topics


@pytest.mark.parametrize("content, message", [
    ("{", "not valid JSON"), ('{"topics": []}', "not written by save_topics"),
    ('{"format": "topicminer-testbed-topics/1", "topics": [{"category": "x"}]}', "malformed topic"),
])
def test_loading_a_bad_file_is_one_user_error(tmp_path, content, message):
    path = tmp_path / "topics.json"
    path.write_text(content)
    with pytest.raises(UserError, match=message):
        load_topics(path)
    with pytest.raises(UserError, match="cannot be read"):
        load_topics(tmp_path / "missing.json")


def test_titled_pages_from_a_folder_and_an_archive_agree(tmp_path):
    folder = tmp_path / "repository"
    folder.mkdir()
    for name in ("AT%26T.html", "Machine_learning.html", "notes.txt"):
        (folder / name).write_bytes(name.encode())
    archive = tmp_path / "pages.tar.xz"
    with tarfile.open(archive, "w:xz") as tar:
        tar.add(folder, arcname="repository")
    expected = [("AT%26T", b"AT%26T.html"), ("Machine_learning", b"Machine_learning.html")]
    assert list(iter_titled_pages(folder)) == expected
    assert sorted(iter_titled_pages(archive)) == expected
    with pytest.raises(UserError, match="does not exist"):
        list(iter_titled_pages(tmp_path / "missing"))


# -- the shared corpus ---------------------------------------------------------------------

@pytest.mark.slow
def test_the_shared_corpus_gives_at_least_30_topics():
    if not CORPUS_TAR.is_file():
        pytest.skip(f"shared corpus not found at {CORPUS_TAR} (set TOPICMINER_SHARED)")
    unpacked = Path("/tmp/corpus/repository")
    corpus = unpacked if unpacked.is_dir() else CORPUS_TAR
    start = time.perf_counter()
    facts = collect_facts(iter_titled_pages(corpus))
    elapsed = time.perf_counter() - start
    topics = topics_from_facts(facts)
    assert len(topics) >= 30, [t.category for t in topics]
    merged = topics_from_facts(facts, merge_redirects=True)  # redirect copies counted once
    assert len(merged) >= 30 and len(merged) < len(topics)
    for t in merged:
        seeds = {facts[s].canonical for s in t.seeds} - {""}
        assert not any(facts[x].canonical in seeds for x in t.targets), t.category
    assert all(len(t.members) >= 20 and len(t.seeds) == 10 for t in topics)
    by_name = {t.category: t for t in topics}
    for name in ("Machine learning", "Artificial intelligence"):
        assert name in by_name
        assert len(by_name[name].description) > 1000
    assert "Machine_learning" in by_name["Machine learning"].members
    assert "machine learning" in by_name["Machine learning"].description.lower()
    assert not any(t.category.startswith(("Articles with", "CS1", "Wikipedia articles")) for t in topics)
    print(f"{len(topics)} topics ({len(merged)} with redirects merged) from {corpus}, "
          f"pages parsed in {elapsed:.1f} s")
