"""Tests for pipeline/boilerplate.py: every chrome rule on small inline pages."""
from __future__ import annotations

import json

import pytest
from lxml import etree

from pipeline.boilerplate import (
    DEFAULT_RULES,
    BoilerplateRules,
    attribute_words,
    is_chrome,
    strip_boilerplate,
)
from pipeline.text import squash


def tree(html: str) -> etree._Element:
    return etree.fromstring(html, etree.HTMLParser(recover=True, no_network=True))


def stripped_text(html: str, rules: BoilerplateRules = DEFAULT_RULES) -> str:
    """Text left in <body> after chrome removal, whitespace squashed."""
    root = strip_boilerplate(tree(html), rules)
    body = root.find("body")
    return squash(" ".join((body if body is not None else root).itertext()))


def page(body: str, body_attrs: str = "") -> str:
    return f"<html><head><title>T</title></head><body{body_attrs}>{body}</body></html>"


# --- tag rule -------------------------------------------------------------------

@pytest.mark.parametrize("tag", ["nav", "footer", "aside", "header", "form"])
def test_chrome_tags_are_removed(tag):
    html = page(f"<p>content</p><{tag}><p>chrome words</p></{tag}>")
    assert stripped_text(html) == "content"


def test_script_and_style_are_removed():
    html = page("<p>content</p><script>var x = 1;</script><style>p {color: red}</style>")
    assert stripped_text(html) == "content"


def test_is_chrome_reports_tag_rule():
    root = tree(page("<nav>x</nav>"))
    assert is_chrome(root.find(".//nav"), DEFAULT_RULES) == "tag:nav"


# --- role rule ------------------------------------------------------------------

def test_role_navigation_is_removed():
    html = page('<div role="navigation"><a href="/">Home</a></div><p>content</p>')
    assert stripped_text(html) == "content"


def test_role_is_matched_case_insensitively_and_reported():
    root = tree(page('<div role=" Navigation ">x</div>'))
    assert is_chrome(root.find(".//div"), DEFAULT_RULES) == "role:navigation"


def test_unknown_role_is_content():
    html = page('<div role="main"><p>content</p></div>')
    assert stripped_text(html) == "content"


# --- class / id words -------------------------------------------------------------

@pytest.mark.parametrize(
    "attrs",
    [
        'class="navbox"',
        'class="vertical-navbox nowraplinks"',
        'id="mw-normal-catlinks"',
        'class="NavFrame collapsed"',
        'id="toc"',
        'class="noprint"',
        'class="sidebar_box"',
        'id="site:footer"',
    ],
)
def test_class_and_id_words_mark_chrome(attrs):
    html = page(f"<p>content</p><div {attrs}><ul><li>chrome item</li></ul></div>")
    assert stripped_text(html) == "content"


def test_class_words_are_whole_words_only():
    # "navigator" and "tocsin" contain "nav"/"toc" but are not those words.
    html = page('<div class="navigator">kept one</div><div id="tocsin">kept two</div>')
    assert stripped_text(html) == "kept one kept two"


def test_attribute_words_split_at_separators_and_camel_case():
    assert attribute_words("vertical-navbox") == frozenset({"vertical", "navbox"})
    assert attribute_words("mw-normal-catlinks") == frozenset({"mw", "normal", "catlinks"})
    assert attribute_words("NavFrame") == frozenset({"nav", "frame"})
    assert attribute_words("a_b:c.d e") == frozenset({"a", "b", "c", "d", "e"})
    assert attribute_words("") == frozenset()


def test_is_chrome_reports_smallest_matching_class_word():
    root = tree(page('<div class="toc navbox">x</div>'))
    assert is_chrome(root.find(".//div"), DEFAULT_RULES) == "class/id:navbox"


@pytest.mark.parametrize("rel, chrome", [("next", True), ("prev", True), ("PREV", True), ("contents", True),
                                        ("Up", False), ("nofollow", False), ("noopener external", False), ("", False)])
def test_a_link_in_a_sequence_s_navigation_is_chrome(rel, chrome):
    # Texinfo's header on every page: "Next: <a rel=next>Nonlinear Equations</a>, Previous: ..."
    root = tree(page(f'<p>Next: <a href="n.html" rel="{rel}">Nonlinear Equations</a>, in text.</p>'))
    assert (is_chrome(root.find(".//a"), DEFAULT_RULES) == "rel:navigation") is chrome
    assert ("Nonlinear Equations" in stripped_text(page(f'<p>Next: <a href="n.html" rel="{rel}">Nonlinear '
                                                        f'Equations</a>, in text.</p>'))) is not chrome


def test_a_definition_s_kind_label_is_chrome_but_an_infobox_cell_so_classed_is_not():
    html = page('<dl><dt id="index-bc2"><span class="category">Function: </span><span><strong>bc2</strong> '
                '<em>(solution)</em></span></dt><dd>Solves.</dd></dl>'
                '<table><tr><th>Industry</th><td class="category">Software</td></tr></table>')
    assert stripped_text(html).split() == ["bc2", "Solves.", "Industry", "Software"]


@pytest.mark.parametrize("signature, name", [
    # Texinfo 6 as the MIT/GNU Scheme manual writes it: Lisp's arguments without brackets
    ('<span><strong>string-length</strong> <em>string</em></span>', "string-length"),
    # Octave's, with the return values before the name
    ('<span><em>[<var>q</var>, <var>r</var>] =</em> <strong>qr</strong> <em>(<var>A</var>)</em></span>', "qr"),
    # Maxima's several call forms, each on a line of its own
    ('<span><strong>quad_qag</strong> <em><br><tt>quad_qag</tt> (<var>f</var>, <var>x</var>)<br>'
     '<tt>quad_qag</tt> (<var>f</var>)</em></span>', "quad_qag"),
    # Texinfo 7's classes
    ('<span><strong class="def-name">foo</strong> <var class="def-var-arguments">a b</var></span>', "foo"),
])
def test_a_definition_s_term_is_the_name_it_defines_without_its_signature(signature, name):
    for label in ("category", "category-def"):
        html = page(f'<dl><dt id="index-x"><span class="{label}">Function: </span>{signature}</dt>'
                    '<dd>Returns its length.</dd></dl>')
        assert stripped_text(html).split() == [name, "Returns", "its", "length."]


def test_bold_and_italics_in_a_term_without_a_kind_label_stay():
    # A glossary's term with its aside: no kind label says it defines a program's name
    html = page('<dl><dt><strong>Apple</strong> <em>Malus domestica</em></dt><dd>A fruit.</dd></dl>')
    assert stripped_text(html).split() == ["Apple", "Malus", "domestica", "A", "fruit."]


def test_plain_element_is_not_chrome():
    root = tree(page('<div class="content">x</div><p>y</p>'))
    assert is_chrome(root.find(".//div"), DEFAULT_RULES) is None
    assert is_chrome(root.find(".//p"), DEFAULT_RULES) is None


# --- protected containers -----------------------------------------------------------

def test_body_with_page_class_is_never_dropped():
    # "page-Related_work" contains the chrome word "related".
    html = page("<p>Related work content</p>", ' class="page-Related_work"')
    assert stripped_text(html) == "Related work content"


def test_same_class_on_a_div_is_dropped():
    html = page('<div class="page-Related_work">gone</div><p>kept</p>')
    assert stripped_text(html) == "kept"


@pytest.mark.parametrize("tag", ["main", "article"])
def test_main_and_article_are_protected_from_class_rule(tag):
    html = page(f'<{tag} class="sidebar" id="toc"><p>article text</p></{tag}>')
    assert stripped_text(html) == "article text"


def test_protected_container_still_dropped_when_hidden():
    html = page('<article hidden><p>secret</p></article><p>shown</p>')
    assert stripped_text(html) == "shown"


# --- hidden elements ------------------------------------------------------------------

@pytest.mark.parametrize(
    "attrs",
    ["hidden", 'aria-hidden="true"', 'aria-hidden="TRUE"', 'style="display: none"',
     'style="color:red; DISPLAY:none"', 'style="visibility:hidden"'],
)
def test_hidden_elements_are_removed(attrs):
    html = page(f"<p>shown</p><div {attrs}>secret</div>")
    assert stripped_text(html) == "shown"


def test_aria_hidden_false_and_visible_style_are_kept():
    html = page('<div aria-hidden="false">one</div><div style="display:block">two</div>')
    assert stripped_text(html) == "one two"


def test_drop_hidden_false_keeps_hidden_elements():
    rules = BoilerplateRules(drop_hidden=False)
    html = page('<p>shown</p><div style="display:none">secret</div>')
    assert stripped_text(html, rules) == "shown secret"


# --- tail text -------------------------------------------------------------------------

def test_tail_text_of_removed_inline_element_is_kept():
    html = page('<p>before <span style="display:none">secret</span> after</p>')
    assert stripped_text(html) == "before after"


def test_tail_text_of_removed_first_child_goes_to_parent_text():
    root = strip_boilerplate(tree(page("<div><nav>menu</nav>tail text<b>bold</b></div>")))
    div = root.find(".//div")
    assert div.text == "tail text"
    assert [c.tag for c in div] == ["b"]


def test_tail_text_of_removed_later_child_goes_to_previous_sibling_tail():
    root = strip_boilerplate(tree(page("<div><b>bold</b> one <nav>menu</nav> two</div>")))
    div = root.find(".//div")
    assert div.find("b").tail == " one  two"
    assert [c.tag for c in div] == ["b"]


def test_comments_are_removed_but_their_tail_kept():
    html = page("<p>alpha<!-- a comment -->beta</p>")
    root = strip_boilerplate(tree(html))
    assert squash("".join(root.find(".//p").itertext())) == "alphabeta"
    assert not [c for c in root.iter() if not isinstance(c.tag, str)]


# --- back-matter sections ------------------------------------------------------------------

BACK_MATTER = page(
    "<h2>Overview</h2><p>intro text</p>"
    "<h2>References</h2><ol><li>Smith 2001</li></ol><p>ref paragraph</p>"
    "<h3>Primary sources</h3><p>deeper ref</p>"
    "<h2>See also</h2><ul><li>Related topic</li></ul>"
    "<h2>External links</h2><ul><li>Official site</li></ul><p>last words</p>"
)


def test_back_matter_sections_removed_up_to_next_same_level_heading():
    assert stripped_text(BACK_MATTER) == "Overview intro text See also Related topic"


def test_back_matter_stops_at_higher_level_heading():
    html = page(
        "<h2>Topic</h2><h3>Notes</h3><p>note text</p><h3>Details</h3><p>detail text</p>"
        "<h3>Bibliography</h3><p>books</p><h2>Next part</h2><p>next text</p>"
    )
    assert stripped_text(html) == "Topic Details detail text Next part next text"


def test_back_matter_heading_matched_after_edit_link_removed():
    html = page(
        '<h2><span class="mw-headline">External links</span>'
        '<span class="mw-editsection">[edit]</span></h2><ul><li>Site</li></ul>'
        "<h2>Kept</h2><p>x</p>"
    )
    assert stripped_text(html) == "Kept x"


def test_back_matter_stops_at_section_element():
    html = page("<h2>References</h2><p>ref</p><section><p>own section</p></section>")
    assert stripped_text(html) == "own section"


def test_back_matter_heading_words_normalised():
    html = page("<h4>  FURTHER   reading: </h4><p>book list</p><h4>More</h4><p>m</p>")
    assert stripped_text(html) == "More m"


def test_see_also_alone_is_kept():
    html = page("<h2>See also</h2><ul><li>Machine learning</li></ul>")
    assert stripped_text(html) == "See also Machine learning"


# --- rule sets -----------------------------------------------------------------------------

def test_rules_off_keeps_chrome_but_drops_scripts():
    html = page(
        '<nav>menu</nav><div class="navbox">box</div><p>text</p><div hidden>secret</div>'
        "<script>code()</script><style>p{}</style><h2>References</h2><p>refs</p>"
    )
    assert stripped_text(html, BoilerplateRules.off()) == "menu box text secret References refs"


def test_rules_off_is_disabled():
    rules = BoilerplateRules.off()
    assert rules.enabled is False
    assert rules.tags == DEFAULT_RULES.tags


def test_load_rules_from_json(tmp_path):
    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"tags": ["blink"], "class_id_words": ["junk"],
                                "section_headings": ["appendix"], "drop_hidden": False}))
    rules = BoilerplateRules.load(path)
    assert rules.tags == frozenset({"blink"})
    assert rules.class_id_words == frozenset({"junk"})
    assert rules.section_headings == frozenset({"appendix"})
    assert rules.drop_hidden is False
    assert rules.roles == DEFAULT_RULES.roles  # not in the file: default
    html = page(
        '<nav>menu</nav><blink>blinking</blink><div class="junk-box">junk</div>'
        '<div class="navbox">box</div><p hidden>secret</p>'
        "<h2>Appendix</h2><p>app</p><h2>References</h2><p>refs</p>"
    )
    assert stripped_text(html, rules) == "menu box secret References refs"


def test_dump_then_load_round_trips(tmp_path):
    path = tmp_path / "rules.json"
    data = DEFAULT_RULES.dump()
    assert data["tags"] == sorted(DEFAULT_RULES.tags)
    assert data["enabled"] is True
    path.write_text(json.dumps(data))
    assert BoilerplateRules.load(path) == DEFAULT_RULES


def test_root_element_is_never_removed():
    root = tree('<html class="navbox"><body><p>x</p></body></html>')
    assert strip_boilerplate(root) is root
    assert stripped_text('<html class="navbox"><body><p>x</p></body></html>') == "x"
