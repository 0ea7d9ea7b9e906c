"""Tests for scoring/tagtree.py: the tag-tree parent check that stars candidates."""
from __future__ import annotations

import pytest

from pipeline.parse import content_tree, parse_tree
from pipeline.indexer import index_items
from scoring.tagtree import Evidence, labels, related_section_links, section_heading, section_titles, star_labelled, stemmed

PAGE = "http://example.com/ml"
KW = "machine learning"


def root_of(body: str):
    return parse_tree(f"<html><head><title>t</title></head><body>{body}</body></html>")


def star_page(root, page: str, phrases: set[str], keyword: str):
    """The star rule on a tree as stage 9 reads one: the index's entries, then star_labelled."""
    entries = [(path, text, labs or ()) for path, _, text, _, labs in index_items(root, page)]
    return star_labelled(entries, page, phrases, keyword)


def star(body: str, phrases=("deep learning",), keyword: str = KW):
    return star_page(root_of(body), PAGE, set(phrases), keyword)


# --- each label kind ---------------------------------------------------------------------

def test_section_heading():
    found = star("<h2>Machine learning</h2><ul><li>Deep learning</li></ul>")
    assert found == {"deep learning": [
        Evidence(PAGE, "/html/body/ul/li", "section heading", "Machine learning")]}


def test_section_heading_found_from_nested_containers():
    found = star("<h2>Machine learning</h2><p>x</p><div><div><ul><li>Deep learning</li></ul></div></div>")
    assert found["deep learning"] == [
        Evidence(PAGE, "/html/body/div/div/ul/li", "section heading", "Machine learning")]


def test_section_heading_inside_preceding_sibling_uses_its_last_heading():
    found = star("<div><h2>Other</h2><h3>Machine learning</h3></div><ul><li>Deep learning</li></ul>")
    assert [(e.via, e.label) for e in found["deep learning"]] == [("section heading", "Machine learning")]


def test_heading_after_the_item_does_not_count():
    assert star("<ul><li>Deep learning</li></ul><h2>Machine learning</h2>") == {"deep learning": []}


def test_parent_item():
    found = star("<ul><li>Machine learning<ul><li>Deep learning</li></ul></li></ul>")
    assert found == {"deep learning": [
        Evidence(PAGE, "/html/body/ul/li/ul/li", "parent item", "Machine learning")]}


def test_definition_term():
    found = star("<dl><dt>Machine learning</dt><dd>Methods:<ul><li>Deep learning</li></ul></dd></dl>")
    assert found == {"deep learning": [
        Evidence(PAGE, "/html/body/dl/dd/ul/li", "definition term", "Machine learning")]}


def test_table_header_cell():
    found = star("<table><tr><th>Machine learning</th><td><ul><li>Deep learning</li></ul></td></tr></table>")
    assert found == {"deep learning": [
        Evidence(PAGE, "/html/body/table/tr/td/ul/li", "table header", "Machine learning")]}


def test_table_caption():
    found = star("<table><caption> Machine  learning topics </caption>"
                 "<tr><td><ul><li>Deep learning</li></ul></td></tr></table>")
    assert found == {"deep learning": [
        Evidence(PAGE, "/html/body/table/tr/td/ul/li", "table header", "Machine learning topics")]}


def test_lead_in_paragraph():
    found = star("<h2>Overview</h2><p>Fields of machine learning:</p><ul><li>Deep learning</li></ul>")
    assert found == {"deep learning": [
        Evidence(PAGE, "/html/body/ul/li", "lead-in", "Fields of machine learning:")]}


def test_long_lead_in_is_not_a_label():
    para = "Machine learning " + "word " * 14  # 16 words
    assert star(f"<h2>Overview</h2><p>{para}</p><ul><li>Deep learning</li></ul>") == {"deep learning": []}


def test_lead_in_of_fifteen_words_counts():
    para = "Machine learning " + "word " * 13  # 15 words
    found = star(f"<p>{para}</p><ul><li>Deep learning</li></ul>")
    assert [e.via for e in found["deep learning"]] == ["lead-in"]


@pytest.mark.parametrize("attr", ["title", "aria-label"])
def test_title_and_aria_label_attributes(attr):
    found = star(f'<div {attr}="Machine learning topics"><ul><li>Deep learning</li></ul></div>')
    assert found == {"deep learning": [
        Evidence(PAGE, "/html/body/div/ul/li", "label", "Machine learning topics")]}


# --- matching -------------------------------------------------------------------------------

def test_stemmed_match_plural_heading():
    found = star("<h2>Neural networks</h2><ul><li>Perceptron</li></ul>", {"perceptron"}, "neural network")
    assert found == {"perceptron": [
        Evidence(PAGE, "/html/body/ul/li", "section heading", "Neural networks")]}


def test_stemmed_match_plural_keyword():
    found = star("<h2>Neural network</h2><ul><li>Perceptron</li></ul>", {"perceptron"}, "Neural Networks")
    assert [e.label for e in found["perceptron"]] == ["Neural network"]


def test_keyword_must_be_contiguous_in_label():
    assert star("<h2>Learning about machines</h2><ul><li>Deep learning</li></ul>") == {"deep learning": []}
    assert star("<h2>Machine and learning</h2><ul><li>Deep learning</li></ul>") == {"deep learning": []}


def test_no_parent_mentions_keyword():
    body = ("<p>Machine learning is a field of study.</p><h2>History</h2><p>It began long ago.</p>"
            "<h2>Methods</h2><ul><li>Deep learning</li></ul>")
    assert star(body) == {"deep learning": []}


def test_keyword_in_unrelated_earlier_list_not_a_parent():
    body = ("<ul><li>Machine learning</li></ul><h2>History</h2><ul><li>Deep learning</li></ul>")
    assert star(body, {"deep learning", "machine learning"}) == {
        "deep learning": [], "machine learning": []}


def test_only_phrases_passed_in_are_reported():
    body = "<h2>Machine learning</h2><ul><li>Deep learning</li><li>Reinforcement learning</li></ul>"
    found = star(body, {"deep learning", "transfer learning"})
    assert list(found) == ["deep learning"]


def test_item_text_is_cleaned_and_normalised_before_matching():
    body = "<h2>Machine learning</h2><ul><li>Deep-Learning[3]</li></ul>"
    assert [e.path for e in star(body)["deep learning"]] == ["/html/body/ul/li"]


def test_every_occurrence_gives_evidence_nearest_label_first():
    body = ("<h2>Machine learning</h2><ul><li>Deep learning</li>"
            "<li>Machine learning methods<ul><li>Deep learning</li></ul></li></ul>"
            "<h2>Other</h2><ul><li>Deep learning</li></ul>")
    found = star_page(root_of(body), PAGE, {"deep learning"}, KW)
    assert found == {"deep learning": [
        Evidence(PAGE, "/html/body/ul[1]/li[1]", "section heading", "Machine learning"),
        Evidence(PAGE, "/html/body/ul[1]/li[2]/ul/li", "parent item", "Machine learning methods"),
    ]}


def test_star_page_on_content_tree_ignores_chrome_headings():
    raw = (b"<html><body><nav><h2>Machine learning</h2></nav><h2>Other</h2>"
           b"<ul><li>Deep learning</li></ul></body></html>")
    root, _ = content_tree(raw)
    assert star_page(root, PAGE, {"deep learning"}, KW) == {"deep learning": []}


# --- helpers ---------------------------------------------------------------------------------

def test_labels_nearest_first():
    root = root_of('<h2>Computer science</h2><p>Areas:</p>'
                   '<ul title="Areas list"><li>AI<ul><li>Deep learning</li></ul></li></ul>')
    inner, outer = root.xpath("//ul/li/ul/li")[0], root.xpath("/html/body/ul/li")[0]
    assert labels(inner) == [("parent item", "AI"), ("label", "Areas list"),
                             ("section heading", "Computer science")]
    assert labels(outer) == [("label", "Areas list"), ("lead-in", "Areas:"),
                             ("section heading", "Computer science")]


def test_section_heading_none_without_headings():
    root = root_of("<ul><li>x</li></ul>")
    assert section_heading(root.find(".//li")) is None


def test_stemmed_keeps_stopwords():
    assert stemmed("Theory of Computations") == ["theori", "of", "comput"]


def test_section_titles_are_the_content_headings_below_the_title():
    html = b"""<html><body><h1>Speech recognition</h1>
    <nav><h2>Navigation menu</h2></nav>
    <div id="toc" class="toc"><h2>Contents</h2></div>
    <h2>Models, methods, and algorithms<span class="mw-editsection">[edit]</span></h2>
    <h3>Hidden Markov   models</h3><p>text</p><h4>Dynamic time warping</h4>
    <h3>  </h3><h2>See also</h2></body></html>"""
    root, _ = content_tree(html)
    assert section_titles(root) == ["Models, methods, and algorithms", "Hidden Markov models",
                                    "Dynamic time warping", "See also"]


def test_related_section_links_are_those_after_a_see_also_heading_until_the_next_heading():
    html = b"""<html><body><h1>Speech recognition</h1><p><a href="/a">in the lead</a></p>
    <h2>Models</h2><ul><li><a href="/b">Hidden Markov model</a></li></ul>
    <h2>See   also<span class="mw-editsection">[edit]</span></h2><ul><li><a href="/c">Speech synthesis</a></li>
    <li><a href="/d">Keyword spotting</a></li></ul>
    <h2>Related topics</h2><p><a href="/e">Phonetics</a></p>
    <h2>History</h2><p><a href="/f">Bell Labs</a></p></body></html>"""
    root, _ = content_tree(html)
    assert sorted(a.text for a in related_section_links(root)) == ["Keyword spotting", "Phonetics", "Speech synthesis"]


def test_beside_sections_are_those_a_comparing_heading_encloses_and_such_headings_themselves():
    from scoring.tagtree import beside_sections
    html = b"""<html><body><h1>Procedural programming</h1>
    <h2>Procedures and modularity</h2><h3>Modules</h3>
    <h2>Comparison with other programming paradigms</h2><p>text</p>
    <h3>Imperative programming</h3><p>text</p><h4>Structured code</h4>
    <h3>Object-oriented programming</h3>
    <h2>Comparison of procedural styles</h2><h3>Block structure</h3>
    <h2>P versus NP problem</h2><h3>Reductions</h3>
    <h2>In relation to other theories</h2><h3>Dualism</h3>
    <h2>See also</h2><h3>Languages</h3>
    <h2>History</h2><h3>ALGOL</h3></body></html>"""
    root, _ = content_tree(html)
    # A section two levels down is the neighbour's own part ("Structured code"), as "P versus
    # NP problem" is a name and "Comparison of procedural styles" compares the subject's kinds.
    assert beside_sections(root) == {"Comparison with other programming paradigms", "Imperative programming",
                                     "Object-oriented programming", "In relation to other theories", "Dualism",
                                     "See also", "Languages"}


def test_passing_links_sit_in_paragraph_sentences_that_do_not_name_the_subject():
    from scoring.tagtree import passing_links
    html = b"""<html><body><h1>Alchemy</h1>
    <p>Alchemy sought the <a href="/a">philosopher's stone</a>. Its aims included
    <a href="/b">transmutation</a>. The translations included the works of <a href="/c">al-Razi</a>
    and <a href="/d">Avicenna</a>.</p>
    <ul><li>Bacon wrote for <a href="/e">Pope Clement IV</a>.</li></ul>
    <table><tr><td>The stage <a href="/f">Zanclean</a></td></tr></table>
    <p>Alchemists, as <a href="/g">Paracelsus</a> did, wrote of alchemical ideas.</p></body></html>"""
    root, _ = content_tree(html)
    # A sentence naming the subject (stems: "alchemical" is not "alchemy", "alchemists" neither
    # is) or opening on "Its" keeps its links; list items and table cells are not prose.
    assert sorted(a.text for a in passing_links(root, ["alchemy"])) == ["Avicenna", "Paracelsus", "al-Razi"]
    assert sorted(a.text for a in passing_links(root, ["alchemy", "alchemist"])) == ["Avicenna", "al-Razi"]


def test_section_prose_links_sit_in_paragraphs_after_the_first_section_heading():
    from scoring.tagtree import section_prose_links
    html = b"""<html><body><h1>Intentionality</h1>
    <p>Intentionality is the power of <a href="/a">minds</a> to be about things.</p>
    <p>The term goes back to <a href="/b">Scholasticism</a>.</p>
    <h2>Overview</h2>
    <p>Critics such as <a href="/c">Ned Block</a> doubt it.</p>
    <ul><li><a href="/d">Collective intentionality</a></li></ul>
    <table><tr><td><a href="/e">Intension</a></td></tr></table>
    <h3>Later views</h3><div><p>See <a href="/f">Being and Nothingness</a>.</p></div>
    <div><a href="/g">Bare link</a></div></body></html>"""
    root, _ = content_tree(html)
    # The introduction's paragraphs (before the first heading after them), list items, table
    # cells and a link in no block are not a section's running text.
    assert sorted(a.text for a in section_prose_links(root)) == ["Being and Nothingness", "Ned Block"]
    # A page with no heading after its paragraphs has no sections' prose.
    root, _ = content_tree(b"<html><body><h1>T</h1><p>One <a href='/x'>link</a>.</p></body></html>")
    assert section_prose_links(root) == set()


def test_summary_box_links_are_the_links_of_an_infobox_or_hcard_table():
    from pipeline.parse import parse_tree, parser_input
    from scoring.tagtree import summary_box_links
    root = parse_tree(parser_input(b"""<html><body>
    <table class="infobox vevent"><tr><th>Influenced</th><td><a href="/wiki/Scala">Scala</a>,
    <a href="/wiki/Kotlin">Kotlin</a></td></tr></table>
    <table class="wikitable"><tr><td><a href="/wiki/JVM">JVM</a></td></tr></table>
    <table id="main-vcard"><tr><td><a href="/wiki/Sun">Sun</a></td></tr></table>
    <p>Java runs on the <a href="/wiki/Java_virtual_machine">Java virtual machine</a>.</p>
    </body></html>"""))
    assert sorted(a.text for a in summary_box_links(root)) == ["Kotlin", "Scala", "Sun"]


def test_main_article_notes_are_the_sections_notes_naming_their_main_article():
    from scoring.tagtree import main_article_notes
    root = parse_tree(b"""<html><body><h1 id="firstHeading">Cryptography</h1>
    <div role="note" class="hatnote">"Secret code" redirects here. For the album, see <a href="/a">Secret Code</a>.</div>
    <div role="note" class="hatnote">Main article: <a href="/b">Lead note</a></div>
    <h2><span class="mw-headline">Modern cryptography</span></h2>
    <div role="note" class="hatnote">Main articles: <a href="/c">Public-key cryptography</a> and
      <a href="/d">Symmetric-key algorithm</a></div>
    <p>Main article: <a href="/e">Written inline</a></p>
    <div role="note" class="hatnote">See also: <a href="/f">Clipper chip</a></div>
    <div role="note" class="hatnote">Further information: <a href="/g">Books on cryptography</a></div>
    <h3>Cryptanalysis</h3><div class="hatnote">  main page:<a href="/h">Cryptanalysis</a></div>
    <p>The main article of this section is long. <a href="/i">Not a note</a></p>
    </body></html>""")
    notes = main_article_notes(root)
    # Under the lead's <h1> a note disambiguates the title: not read. "See also" and "Further
    # information" point aside; a paragraph mentioning a main article is no note.
    assert [(h.xpath("string()"), [a.text for a in n.iter("a")]) for h, n in notes] == [
        ("Modern cryptography", ["Public-key cryptography", "Symmetric-key algorithm"]),
        ("Modern cryptography", ["Written inline"]),
        ("Cryptanalysis", ["Cryptanalysis"])]
