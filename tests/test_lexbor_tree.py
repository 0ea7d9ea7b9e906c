"""pipeline.lexbor_tree: Lexbor's parse as the tree html5lib's lxml builder gives, node for node."""
from __future__ import annotations

import warnings

import pytest
from lxml import etree

from pipeline.lexbor_tree import parse_tree_lexbor
from pipeline.parse import parse_tree_html5
from test_parse import _MERGED_BODY, _ODD_NAMES


def shape(root: etree._Element) -> list[tuple]:
    """Every node in document order: tag (namespace included), attributes, text and tail."""
    return [(el.tag if isinstance(el.tag, str) else "#comment", dict(el.attrib) if isinstance(el.tag, str) else None,
             el.text, el.tail) for el in root.iter()]


def html5lib_shape(html: str | bytes) -> list[tuple]:
    with warnings.catch_warnings():  # html5lib warns when it escapes a name lxml cannot take
        warnings.simplefilter("ignore")
        return shape(parse_tree_html5(html))


FOREIGN = ('<html><body><svg viewBox="0 0 1 1" xmlns:xlink="http://www.w3.org/1999/xlink"><foreignObject><p>hi</p>'
           '<svg><g/></svg></foreignObject><linearGradient/><use xlink:href="#a"/><desc><b>d</b></desc></svg>'
           '<math><mi>x<mglyph/><b>y</b></mi><annotation-xml encoding="text/html"><div>h</div><svg><rect/></svg>'
           '</annotation-xml><annotation-xml><svg><circle/></svg><mrow/></annotation-xml><mtext><b>t</b></mtext>'
           '</math></body></html>')
BROKEN = [
    "<html><body><b><i>x</b></i></body></html>",  # misnested: the adoption agency
    "<html><body><table>stray<tr><td>1</td></tr></table><p><ul><li>z</p></ul></body></html>",  # foster parenting
    "<html><body><a href=x><div>b</div></a><p>one<p>two</li></dt><dl><dt>t<dd>d</dl></body></html>",  # stray ends
    "<html><head><title>x</title><body><h2>Types<li>a<li>b</body></html>",  # items with no list
    "<p>no html tag<ul><li>x",
    "",
]


@pytest.mark.parametrize("html", [_ODD_NAMES, _MERGED_BODY, FOREIGN, *BROKEN,
                                  "<html><body><template><ul><li>a</li></ul>t<template><b>n</b></template></template>"
                                  "<p>x</body></html>",
                                  "<!-- before --><html><!-- in --><body><!--a-- b--><p>x\x0cy</body></html>"])
def test_lexbor_builds_the_tree_html5lib_builds(html):
    assert shape(parse_tree_lexbor(html)) == html5lib_shape(html)
    assert shape(parse_tree_lexbor(html.encode())) == html5lib_shape(html)


def test_foreign_content_keeps_its_namespaces_and_html_inside_integration_points():
    root = parse_tree_lexbor(FOREIGN)
    svg, mathml = "{http://www.w3.org/2000/svg}", "{http://www.w3.org/1998/Math/MathML}"
    assert root.find(f"body/{svg}svg/{svg}foreignObject/p").text == "hi"
    assert root.find(f"body/{svg}svg/{svg}use").get("{http://www.w3.org/1999/xlink}href") == "#a"
    assert root.find(f"body/{mathml}math/{mathml}mi/{mathml}mglyph") is not None
    assert root.find(f"body/{mathml}math/{mathml}annotation-xml/div").text == "h"


@pytest.mark.slow
def test_lexbor_labels_every_page_of_the_collection_lxml_had_to_repair_as_html5lib_does(tmp_path):
    from integration_support import extract_slice
    from pipeline.boilerplate import DEFAULT_RULES, strip_boilerplate
    from pipeline.indexer import index_items
    from pipeline.parse import needs_repair

    # The 13 pages of the shared corpus whose lxml parse needed repair: the star check reads
    # their labels from a browser-grade tree.
    titles = ["Antarctica", "Backpropagation", "Chordate", "Convolutional_neural_network", "Expert_system",
              "Expert_systems", "Fuzzy_logic", "Mathematical_economics", "Quantum_computer", "Sample_complexity",
              "System_on_a_chip", "X11", "X_Window_System"]
    pages = sorted(extract_slice(tmp_path / "corpus", extra=0, titles=titles).glob("*.html"))
    assert [p.stem for p in pages] == titles and all(needs_repair(p.read_bytes()) for p in pages)
    for path in pages:
        raw = path.read_bytes()
        ours, theirs = parse_tree_lexbor(raw), parse_tree_html5(raw)
        assert shape(ours) == shape(theirs), path.name
        for root in (ours, theirs):
            strip_boilerplate(root.find("body"), DEFAULT_RULES)
        url = "https://en.wikipedia.org/wiki/" + path.stem
        items = [[(p, text, labels) for p, _, text, _, labels in index_items(root, url)] for root in (ours, theirs)]
        assert items[0] == items[1] and items[0], path.name


def test_characters_lxml_refuses_are_dropped_where_html5lib_fails():
    html = '<html><body><p title="a\x01b">x\x0by\ufffez</p><!-- c\x02 --></body></html>'
    with pytest.raises(ValueError):
        parse_tree_html5(html)  # html5lib's lxml builder cannot take them
    p = parse_tree_lexbor(html).find("body/p")
    assert (p.text, p.get("title"), p.getnext().text) == ("xyz", "ab", " c ")


def test_escaping_names_and_comments_lxml_cannot_take_is_silent():
    html = '<p @click="1" a<b="2">x<!-- a -- b -->\x0cy</p>'
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        ours, theirs = parse_tree_lexbor(html), parse_tree_html5(html)
    assert [str(w.message) for w in seen] == []
    assert shape(ours) == shape(theirs)
    p = ours.find("body/p")
    assert sorted(p.attrib) == ["U00040click", "aU0003Cb"] and p[0].text == " a - - b "


def test_a_set_up_without_selectolax_gets_one_line_saying_what_to_do(monkeypatch):
    import sys

    from pipeline.errors import UserError

    monkeypatch.setitem(sys.modules, "selectolax.lexbor", None)  # import fails as if not installed
    with pytest.raises(UserError, match="selectolax is not installed .* run `make setup`, or pass --star-parser html5lib"):
        parse_tree_lexbor("<p>x")
