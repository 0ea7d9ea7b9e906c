"""Tests for pipeline/parse.py: sniffing, decoding, parsing, links, main text, repair."""
from __future__ import annotations

import pytest
from lxml import etree

from pipeline.boilerplate import BoilerplateRules
from pipeline.parse import (
    content_tree,
    decode_html,
    html_problem,
    needs_repair,
    parse_page,
    parse_tree,
    parser_input,
    repaired_tree,
    sniff_binary,
)

URL = "http://example.com/dir/page.html"
FINE = b"<html><head><title>t</title></head><body><p>hi</p></body></html>"


# --- html_problem ----------------------------------------------------------------

@pytest.mark.parametrize("raw", [b"", b"   \n\t "])
def test_empty_body(raw):
    assert html_problem(raw) == "empty body"


def test_pdf_magic():
    assert html_problem(b"%PDF-1.4\n<html><body>x</body></html>") == "not HTML (pdf)"


def test_postscript_magic():
    assert html_problem(b"%!PS-Adobe-3.0\n") == "not HTML (postscript)"


def test_nul_bytes_are_binary():
    assert html_problem(b"<html>\x00\x01<body></body></html>") == "not HTML (binary)"


def test_pdf_content_type_wins_over_html_bytes():
    assert html_problem(FINE, "application/pdf") == "not HTML (application/pdf)"


def test_html_content_types_are_fine():
    assert html_problem(FINE, "text/html; charset=UTF-8") is None
    assert html_problem(FINE, "Application/XHTML+XML") is None


def test_no_html_tag():
    assert html_problem(b"<p>just a fragment</p><body>") == "no <html> tag"
    assert html_problem(b"<htmlx><body></body></htmlx>") == "no <html> tag"


def test_no_body_tag():
    assert html_problem(b"<html><head><title>t</title></head></html>") == "no <body> tag"


def test_fine_page():
    assert html_problem(FINE) is None
    assert html_problem(b'<HTML lang="en"><BODY class="x">y</BODY></HTML>') is None


def test_sniff_binary_kinds():
    assert sniff_binary(b"\x89PNG\r\n") == "png"
    assert sniff_binary(b"  %PDF") == "pdf"
    assert sniff_binary(b"<html>") is None


# --- decode_html -----------------------------------------------------------------------

def test_decode_utf8():
    assert decode_html("<p>café ñ</p>".encode("utf-8")) == "<p>café ñ</p>"


def test_decode_meta_charset_windows_1252():
    raw = b'<meta charset="windows-1252"><p>\x93quoted\x94 caf\xe9</p>'
    assert decode_html(raw) == '<meta charset="windows-1252"><p>\u201cquoted\u201d café</p>'


def test_decode_meta_http_equiv_latin1():
    raw = b'<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1"><p>M\xfcller</p>'
    assert decode_html(raw).endswith("<p>Müller</p>")


def test_decode_latin1_bytes_without_declaration_fall_back_to_cp1252():
    assert decode_html(b"<p>caf\xe9</p>") == "<p>café</p>"


def test_declared_charset_is_used_first():
    assert decode_html(b"caf\xe9", declared="latin-1") == "café"


def test_decode_utf8_bom_stripped():
    assert decode_html(b"\xef\xbb\xbf<html>\xc3\xa9</html>") == "<html>é</html>"


def test_decode_utf16_bom():
    assert decode_html("<html>é</html>".encode("utf-16")) == "<html>é</html>"


def test_invalid_bytes_fall_back_without_raising():
    # 0x81 is undefined even in cp1252: replaced, the rest decoded.
    assert decode_html(b"<html>\x81\xe9</html>") == "<html>\ufffdé</html>"


def test_unknown_meta_charset_ignored():
    raw = b'<meta charset="x-bogus"><p>\xc3\xa9</p>'
    assert decode_html(raw) == '<meta charset="x-bogus"><p>é</p>'


def test_wrong_meta_charset_utf8_with_latin1_bytes_does_not_raise():
    raw = b'<meta charset="utf-8"><p>caf\xe9</p>'
    assert decode_html(raw) == '<meta charset="utf-8"><p>café</p>'


# --- parser_input: UTF-8 pages go to lxml as bytes, others as decoded text ----------------

def test_an_xml_declaration_naming_an_encoding_parses():
    raw = b'<?xml version="1.0" encoding="iso-8859-1"?><html><body><p>caf\xe9</p></body></html>'
    assert parse_page(raw, URL).text == "café"
    assert parse_tree('<?xml version="1.0" encoding="utf-8"?><html><body><p>x</p></body></html>').findtext(".//p") == "x"


def test_parser_input_keeps_valid_utf8_bytes():
    raw = "<html><body><p>café – naïve</p></body></html>".encode("utf-8")
    assert parser_input(raw) is raw


@pytest.mark.parametrize("raw", [
    b"<html><body><p>caf\xe9</p></body></html>",                      # not UTF-8: cp1252
    b'<meta charset="windows-1252"><p>\x93quoted\x94</p>',             # declared cp1252
    "<html>é</html>".encode("utf-16"),                                  # BOM
    b"\xef\xbb\xbf<html><p>\xc3\xa9</p></html>",                          # UTF-8 BOM
])
def test_parser_input_decodes_everything_else(raw):
    assert parser_input(raw) == decode_html(raw).encode("utf-8")


def test_parser_input_header_charset_wins():
    raw = "<p>caf\u00e9</p>".encode("utf-8")
    assert parser_input(raw, declared="latin-1") == "<p>caf\u00c3\u00a9</p>".encode("utf-8")


@pytest.mark.parametrize("raw", [
    '<html><head><meta charset="UTF-8"></head><body><p>café ∑ 日本</p></body></html>'.encode("utf-8"),
    "<html><body><p>café ∑ 日本</p></body></html>".encode("utf-8"),
])
def test_bytes_and_text_give_the_same_tree(raw):
    assert etree.tostring(parse_tree(parser_input(raw))) == etree.tostring(parse_tree(decode_html(raw)))
    assert parse_tree(parser_input(raw)).findtext(".//p") == "café ∑ 日本"


# --- parse_page ---------------------------------------------------------------------------

LINKS_PAGE = b"""<html><head><title>  Links
   page  </title></head><body>
<nav><a href="/home">Home</a></nav>
<p>
<a href="other.html">Other  page</a>
<a href="/abs/path?q=1">Absolute path</a>
<a href="//cdn.example.org/lib">Protocol relative</a>
<a href="HTTPS://Other.COM:443/p#frag">External</a>
<a href="#top">Top</a>
<a href="mailto:me@example.com">Mail</a>
<a href="javascript:void(0)">JS</a>
<a href="ftp://files.example.com/x">FTP</a>
<a>No href</a>
<a href="section.html#part2">Section</a>
</p></body></html>"""


def test_parse_page_title_squashed():
    assert parse_page(LINKS_PAGE, URL).title == "Links page"


def test_parse_page_title_from_head_not_from_an_svg():
    raw = b"<html><head><title>Page</title></head><body><svg><title>Icon</title></svg></body></html>"
    assert parse_page(raw, URL).title == "Page"
    raw = b"<html><head></head><body><svg><title>Icon</title></svg></body></html>"
    assert parse_page(raw, URL).title == "Icon"  # no head title: the first one anywhere


def test_parse_page_links_resolved_in_order():
    links = parse_page(LINKS_PAGE, URL).links
    assert links == [
        ("http://example.com/home", "Home"),
        ("http://example.com/dir/other.html", "Other page"),
        ("http://example.com/abs/path?q=1", "Absolute path"),
        ("http://cdn.example.org/lib", "Protocol relative"),
        ("https://other.com/p", "External"),
        ("http://example.com/dir/section.html", "Section"),
    ]


def test_parse_page_base_href():
    raw = (b'<html><head><base href="http://Base.example.net/sub/"></head><body>'
           b'<a href="x.html">x</a><a href="/y">y</a><a href="http://z.org/">z</a></body></html>')
    assert parse_page(raw, URL).links == [
        ("http://base.example.net/sub/x.html", "x"),
        ("http://base.example.net/y", "y"),
        ("http://z.org/", "z"),
    ]


def test_parse_page_text_is_main_content_only():
    page = parse_page(LINKS_PAGE, URL)
    assert "Home" not in page.text  # inside <nav>
    assert "Links" not in page.text  # the title is not body text
    assert page.text.startswith("Other page Absolute path")
    assert page.problem is None
    assert page.url == URL


def test_main_text_separates_block_elements():
    raw = b"<html><body><ul><li>a</li><li>b</li></ul><p>c</p><div>d</div>e<br>f</body></html>"
    assert parse_page(raw, URL).text == "a b c d e f"


def test_inline_elements_are_not_separated():
    raw = b"<html><body><p>mach<b>ine</b> <i>learn</i>ing</p></body></html>"
    assert parse_page(raw, URL).text == "machine learning"


def test_table_cells_are_separated():
    raw = b"<html><body><table><tr><td>x</td><td>y</td></tr><tr><th>z</th></tr></table></body></html>"
    assert parse_page(raw, URL).text == "x y z"


def test_parse_page_rules_off_keeps_nav_text():
    raw = b"<html><body><nav>Menu</nav><p>Body</p></body></html>"
    assert parse_page(raw, URL, BoilerplateRules.off()).text == "Menu Body"
    assert parse_page(raw, URL).text == "Body"


def test_parse_page_problem_page():
    page = parse_page(b"%PDF-1.5 stuff", URL)
    assert page.problem == "not HTML (pdf)"
    assert (page.title, page.text, page.links) == ("", "", [])


def test_parse_page_content_type_problem():
    assert parse_page(FINE, URL, content_type="image/png").problem == "not HTML (image/png)"


def test_truncated_html_does_not_raise():
    page = parse_page(b"<html><head><title>Cut</title></head><body><p>Hello <b>wor", URL)
    assert page.problem is None
    assert page.title == "Cut"
    assert page.text == "Hello wor"


def test_malformed_html_does_not_raise():
    raw = b"<html><body><div><p>a</div></span><p>b</i><table><td>c</body></html></p>"
    page = parse_page(raw, URL)
    assert page.problem is None
    assert page.text == "a b c"


def test_main_text_separates_parent_item_text_from_nested_list():
    raw = (b"<html><body><ul><li>Machine learning<ul><li>Deep learning</li></ul></li></ul>"
           b"<div>intro<p>para</p></div></body></html>")
    assert parse_page(raw, URL).text == "Machine learning Deep learning intro para"


def test_parse_tree_of_empty_text_raises_value_error():
    with pytest.raises(ValueError, match="unparseable HTML"):
        parse_tree("")


# --- needs_repair / repaired_tree --------------------------------------------------------

@pytest.mark.parametrize(
    "html",
    [
        "<html><body><b><i>x</b></i></body></html>",
        "<html><body><p>x</p></span></body></html>",
        "<html><body><div>x</p></div></body></html>",
    ],
)
def test_needs_repair_true_for_misnested_or_stray_tags(html):
    assert needs_repair(html) is True


@pytest.mark.parametrize(
    "html",
    [
        "<html><body><p>x</p></body></html>",
        "<!DOCTYPE html><html><head><title>t</title></head>"
        "<body><nav>n</nav><section><p>a<br>b</p><ul><li>c</li></ul></section></body></html>",
        '<html><body><p id="a">x</p><p id="a">y</p></body></html>',
    ],
)
def test_needs_repair_false_for_clean_markup(html):
    assert needs_repair(html) is False


MISNESTED = "<html><body><b><i>x</b></i></body></html>"
CLEAN = "<html><body><ul><li>x</li></ul></body></html>"


def test_repaired_tree_html5lib():
    root, used = repaired_tree(MISNESTED, "html5lib")
    assert used == "html5lib"
    assert root.tag == "html"  # no XHTML namespace
    assert etree.tostring(root.find("body")) == b"<body><b><i>x</i></b></body>"


def test_repaired_tree_lxml():
    root, used = repaired_tree(MISNESTED, "lxml")
    assert used == "lxml"
    assert root.find("body/b/i").text == "x"


def test_repaired_tree_lexbor_builds_html5libs_tree():
    root, used = repaired_tree(MISNESTED, "lexbor")
    assert used == "lexbor" and root.tag == "html"
    assert etree.tostring(root.find("body")) == b"<body><b><i>x</i></b></body>"


def test_repaired_tree_auto_picks_by_repair_need():
    assert repaired_tree(MISNESTED, "auto")[1] == "lexbor"
    root, used = repaired_tree(CLEAN, "auto")
    assert used == "lxml"
    assert root.find("body/ul/li").text == "x"


def test_repaired_tree_default_is_auto():
    assert repaired_tree(CLEAN)[1] == "lxml"
    assert repaired_tree(MISNESTED)[1] == "lexbor"


# --- content_tree ---------------------------------------------------------------------------

def test_content_tree_strips_chrome_and_reports_parser():
    raw = b"<html><body><nav><ul><li>menu</li></ul></nav><ul><li>item</li></ul></body></html>"
    root, used = content_tree(raw)
    assert used == "lxml"
    assert [li.text for li in root.iter("li")] == ["item"]
    root, used = content_tree(b"<html><body><b><i>x</b></i><nav>n</nav></body></html>", parser="auto")
    assert used == "lexbor"
    assert root.find(".//nav") is None


def test_content_tree_problem():
    assert content_tree(b"") == (None, "empty body")
    assert content_tree(FINE, content_type="application/pdf") == (None, "not HTML (application/pdf)")


def test_relative_links_resolve_against_each_page_not_a_shared_memo():
    raw = b'<html><body><a href="x.html">X</a><a href="/top">Top</a></body></html>'
    first = parse_page(raw, "http://example.com/a/page.html").links
    second = parse_page(raw, "http://example.com/b/page.html").links
    assert first == [("http://example.com/a/x.html", "X"), ("http://example.com/top", "Top")]
    assert second == [("http://example.com/b/x.html", "X"), ("http://example.com/top", "Top")]
    other_site = parse_page(raw, "http://example.org/a/page.html").links
    assert other_site[1] == ("http://example.org/top", "Top")


def test_a_cp1252_page_is_read_by_its_meta_charset_not_as_utf8():
    raw = (b'<html><head><meta charset="windows-1252"><title>t</title></head>'
           b'<body><p>\x93quoted\x94 caf\xe9</p></body></html>')
    assert parse_page(raw, URL).text == "\u201cquoted\u201d café"


_ODD_NAMES = """<!DOCTYPE html><html lang="en"><head><title>t</title></head><body>
<div class="a" data-x.y_z-1="1" _under="2" @click="go()" :bound="v" data-Ünï="3" xmlns:foo="urn:x"
     foo:bar="4" xml:lang="en" U00041="5" dataU0004Bname="6">
<U00042>escaped-looking tag</U00042><my-widget some_attr="7"><p>text</my-widget>
<svg viewBox="0 0 10 10"><foreignObject><div>in svg</div></foreignObject><linearGradient/></svg>
<math><mi>x</mi><annotation-xml encoding="text/html"><b>m</b></annotation-xml></math>
<!-- a -- comment --><table><tr><td>c<td>d</table><ul><li>one<li>two</ul></p></small></dt>
<h2>Types <i>of</i> things</h2><dl><dt>term<dd>def</dl>
</div></body></html>"""


# html5lib stores an invalid XML name escaped ("@x" as "U00040x") and reads it back
# (fromXmlName) when it compares names: a second <body> adds the attributes the first lacks.
# And an end tag closes the element whose escaped name reads back as its own ("x@y").
_MERGED_BODY = ('<html><body @x="1" :y="2"><p>a</p><body @x="3" :y="4" class="b"><x@y>in</x@y>'
                '<p>after</p></body></html>')


@pytest.mark.parametrize("html", [_ODD_NAMES, _MERGED_BODY, "<p>no html or body tags",
                                  "<html><body>\x0cform feed</body></html>"])
def test_html5_tree_is_html5libs_own_lxml_tree(html):
    # parse_tree_html5 skips the name coercion where it changes nothing: the tree must be
    # the one html5lib's stock lxml builder gives, names, attributes, text and all.
    import html5lib

    from pipeline.parse import parse_tree_html5

    stock = html5lib.parse(html, treebuilder="lxml", namespaceHTMLElements=False).getroot()
    assert etree.tostring(parse_tree_html5(html)) == etree.tostring(stock)
    assert etree.tostring(parse_tree_html5(html.encode())) == etree.tostring(stock)


@pytest.mark.slow
def test_html5_tree_of_pages_lxml_had_to_repair(tmp_path):
    import html5lib

    from integration_support import extract_slice
    from pipeline.parse import needs_repair, parse_tree_html5

    # Three pages of the collection with stray end tags (the star check's html5lib pages), two without.
    titles = ["Backpropagation", "Expert_system", "Fuzzy_logic", "Machine_learning", "Data_mining"]
    pages = sorted(extract_slice(tmp_path / "corpus", extra=0, titles=titles).glob("*.html"))
    assert [p.stem for p in pages if needs_repair(p.read_bytes())] == ["Backpropagation", "Expert_system",
                                                                         "Fuzzy_logic"]
    for path in pages:
        raw = path.read_bytes()
        stock = html5lib.parse(raw.decode("utf-8"), treebuilder="lxml", namespaceHTMLElements=False).getroot()
        assert etree.tostring(parse_tree_html5(raw)) == etree.tostring(stock), path.name
