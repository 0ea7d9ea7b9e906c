"""Tests for mining/listitems.py: item extraction and the published drop rules."""
from __future__ import annotations

import pytest
from lxml import etree

from mining.listitems import ListItem, clean_item_text, drop_reason, extract_items, own_text


def tree(html: str) -> etree._Element:
    return etree.fromstring(html, etree.HTMLParser(recover=True, no_network=True))


# --- drop_reason: one rule at a time --------------------------------------------------

@pytest.mark.parametrize("text", ["", "   ", "-- / --", "[]"])
def test_empty(text):
    assert drop_reason(text) == "empty"


@pytest.mark.parametrize(
    "text",
    ["Mr. Smith", "Mrs Jones", "Ms. Lee", "Dr Watson", "Dr. Who", "Prof. Knuth", "Prof Knuth",
     "Professor of Computing", "an assistant professor", "PROFESSOR emeritus"],
)
def test_salutation(text):
    assert drop_reason(text) == "salutation"


@pytest.mark.parametrize("text", ["DR-DOS", "MS-DOS", "PROF tools", "Professional ethics",
                                  "Drupal", "Mrsa", "Doctor Who"])
def test_not_salutation(text):
    # Abbreviations are matched case-sensitively and as whole words.
    assert drop_reason(text) != "salutation"


def test_dr_dos_is_kept():
    assert drop_reason("DR-DOS") is None


def test_product_name_with_capital_tld_word_is_kept():
    assert drop_reason("ASP.NET") is None


@pytest.mark.parametrize(
    "text",
    ["http://example.org/page", "see https://x.y", "ftp://files.org", "www.example",
     "mail me at john.doe+ml@cs.example.org", "example.com", "Amazon.com store",
     "uni.ac.uk homepage"],
)
def test_url_or_email(text):
    assert drop_reason(text) == "url or e-mail"


@pytest.mark.parametrize(
    "text",
    ["International Conference on Learning", "conferences", "In Proceedings of X",
     "proceeding", "Journal of Machine Learning Research", "JOURNALS"],
)
def test_publication_term(text):
    assert drop_reason(text) == "publication term"


@pytest.mark.parametrize("text", ["Web 2.0", "x86 assembly", "Windows 95", "3D graphics"])
def test_digit(text):
    assert drop_reason(text) == "digit"


def test_sixteen_words_dropped_fifteen_kept():
    fifteen = " ".join(["word"] * 15)
    assert drop_reason(fifteen) is None
    assert drop_reason(fifteen + " more") == "more than 15 words"


def test_word_limit_counts_words_not_tokens_split_by_space():
    # 8 space-separated tokens, 16 words (hyphens split words).
    assert drop_reason(" ".join(["state-of"] * 8)) == "more than 15 words"


def test_custom_max_words():
    assert drop_reason("a b c", max_words=2) == "more than 2 words"
    assert drop_reason("a b", max_words=2) is None


@pytest.mark.parametrize("text", ["Machine learning", "Neural networks", "Theory of computation",
                                  "Natural-language processing"])
def test_kept(text):
    assert drop_reason(text) is None


# --- rule order ----------------------------------------------------------------------

@pytest.mark.parametrize(
    "text, reason",
    [
        ("Dr. Smith, www.smith.example", "salutation"),            # salutation before url
        ("Prof. Smith's Journal", "salutation"),                   # salutation before publication
        ("www.journal.example", "url or e-mail"),                  # url before publication
        ("http://example.org/2020", "url or e-mail"),              # url before digit
        ("Journal of ML, volume 12", "publication term"),          # publication before digit
        (" ".join(["w"] * 20) + " 1", "digit"),                    # digit before length
        (" ".join(["w"] * 20) + " journal", "publication term"),   # publication before length
    ],
)
def test_rule_order(text, reason):
    assert drop_reason(text) == reason


# --- clean_item_text ----------------------------------------------------------------------

@pytest.mark.parametrize(
    "raw, clean",
    [
        ("Neural networks[3]", "Neural networks"),
        ("Neural networks [12][13]", "Neural networks"),
        ("Graph theory[a]", "Graph theory"),
        ("Topology[citation needed]", "Topology"),
        ("Topology [ Citation Needed ]", "Topology"),
        ("Logic[iv] and sets[note 2]", "Logic and sets"),
        ("Dubious[?]", "Dubious"),
        ("  spaced \n  out\t text ", "spaced out text"),
        ("Array[index]", "Array[index]"),   # not a marker
    ],
)
def test_clean_item_text(raw, clean):
    assert clean_item_text(raw) == clean


def test_citation_marker_does_not_trigger_digit_rule():
    assert drop_reason(clean_item_text("Neural networks[3]")) is None
    assert drop_reason("Neural networks[3]") == "digit"


# --- own_text -----------------------------------------------------------------------------

def test_own_text_excludes_nested_lists_keeps_inline_and_tail():
    root = tree("<ul><li>Machine <b>learning</b><ul><li>Deep</li></ul> methods"
                "<ol><li>x</li></ol><dl><dt>y</dt></dl></li></ul>")
    li = root.find(".//li")
    assert own_text(li) == "Machine learning methods"


def test_own_text_excludes_lists_nested_in_inline_children():
    root = tree("<ul><li>Top<div>inner<ul><li>nested</li></ul>after</div></li></ul>")
    assert own_text(root.find(".//li")) == "Topinnerafter"


# --- extract_items ------------------------------------------------------------------------

ITEMS_PAGE = """<html><body>
<ul><li>Machine learning</li><li>Dr. Smith</li><li>Data mining[2]<ul><li>Clustering</li></ul></li></ul>
<dl><dt>Statistics</dt><dd>the study of data</dd></dl>
<ol><li></li></ol>
</body></html>"""


def test_extract_items_paths_texts_and_reasons():
    items = extract_items(tree(ITEMS_PAGE), "http://p/")
    assert items == [
        ListItem("http://p/", "/html/body/ul/li[1]", "li", "Machine learning", None),
        ListItem("http://p/", "/html/body/ul/li[2]", "li", "Dr. Smith", "salutation"),
        ListItem("http://p/", "/html/body/ul/li[3]", "li", "Data mining", None),
        ListItem("http://p/", "/html/body/ul/li[3]/ul/li", "li", "Clustering", None),
        ListItem("http://p/", "/html/body/dl/dt", "dt", "Statistics", None),
        ListItem("http://p/", "/html/body/ol/li", "li", "", "empty"),
    ]


def test_extract_items_max_words():
    items = extract_items(tree("<html><body><ul><li>a b c</li></ul></body></html>"), "p", max_words=2)
    assert [i.reason for i in items] == ["more than 2 words"]


def test_extract_items_no_lists():
    assert extract_items(tree("<html><body><p>text</p></body></html>"), "p") == []


def test_one_scan_rule_agrees_with_the_rules_one_by_one():
    from mining import listitems as li

    samples = ["Dr. Who", "DR-DOS", "professor X", "see www.x.org", "a@b.co", "ASP.NET", "asp.net",
               "Journal of AI", "proceedings", "Windows 95", "plain words here", "Professorship",
               "Mrs", "Conference room", "x" * 3, "Journals", "two-dimensional", "ftp://x",
               "http://localhost", "mail me@host", "e.g. gnu.org"]
    for text in samples:
        one_by_one = bool(li._SALUTATION_ABBR.search(text) or li._PROFESSOR.search(text)
                          or li._URL.search(text) or li._PUBLICATION.search(text) or li._DIGIT.search(text))
        assert li.any_rule(text) == bool(one_by_one), text
