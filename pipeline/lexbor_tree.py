"""A browser-grade repaired tree from Lexbor (selectolax), as lxml elements shaped as html5lib builds them.

Lexbor and html5lib both implement the WHATWG tree-construction algorithm, the one
browsers use to repair broken markup, so they build the same tree; Lexbor does it in C.
html5lib, pure Python, took 0.1-0.65 s for each of the 13 pages of the shared corpus
that lxml had to repair, and this 0.01-0.2 s, with the same list items, paths and star
labels on all 13 (tests/test_lexbor_tree.py). The conversion gives the tree the shape
html5lib's lxml builder gives (pipeline.parse.parse_tree_html5, namespaceHTMLElements
off): HTML elements without a namespace, SVG and MathML elements and their adjusted
foreign attributes ("xlink:href") in their namespaces, names lxml cannot take coerced by
html5lib's own filter, a <template>'s content as its children, comments kept.

Where the two can differ: html5lib 1.1 (2020) follows an older edition of the standard
than Lexbor, so markup whose parsing the standard changed since (the customizable
<select> of 2025, for one) may come out as a current browser builds it rather than as
html5lib does.
"""
from __future__ import annotations

import functools
import re

from lxml import etree

from .errors import UserError

_HTML_POINTS_SVG = frozenset({"foreignObject", "desc", "title"})  # their children are HTML
_TEXT_POINTS_MATHML = frozenset({"mi", "mo", "mn", "ms", "mtext"})  # their children are HTML,
_MATHML_IN_TEXT_POINTS = frozenset({"mglyph", "malignmark"})  # but for these
_HTML_ENCODINGS = frozenset({"text/html", "application/xhtml+xml"})
# Characters lxml refuses in text, attribute values and comments (XML 1.0 forbids them).
# html5lib turns a form feed into a space and fails on the rest (a ValueError, so the page
# gives no tree); here they are dropped, as libxml2's own HTML parser drops them.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_text(text: str) -> str:
    """`text` as lxml takes it: a form feed as a space (as html5lib), other non-XML characters dropped."""
    if "\x0c" in text:
        text = text.replace("\x0c", " ")
    return _NOT_XML.sub("", text) if _NOT_XML.search(text) else text


@functools.lru_cache(maxsize=1)
def _names():
    """(html5lib's name filter, SVG namespace, MathML namespace, foreign attribute map)."""
    from html5lib.constants import adjustForeignAttributes, namespaces

    from .parse import _html5_tree_builder

    names = _html5_tree_builder()(namespaceHTMLElements=False).infosetFilter
    foreign = {name: ("{%s}%s" % (ns, local) if ns else local)
               for name, (_, local, ns) in adjustForeignAttributes.items()}
    return names, namespaces["svg"], namespaces["mathml"], foreign


def _namespace(tag: str, parent, parent_ns: str | None, svg: str, mathml: str) -> str | None:
    """The namespace of an element `tag` under `parent` (in `parent_ns`; None: HTML), as
    the standard's tree construction gives it."""
    if parent_ns is not None:
        ptag = parent.tag
        if parent_ns == svg and ptag not in _HTML_POINTS_SVG:
            return svg
        if parent_ns == mathml:
            if ptag in _TEXT_POINTS_MATHML:
                if tag in _MATHML_IN_TEXT_POINTS:
                    return mathml
            elif ptag == "annotation-xml":
                encoding = (parent.attributes.get("encoding") or "").strip().lower()
                if encoding not in _HTML_ENCODINGS:
                    return svg if tag == "svg" else mathml
            else:
                return mathml
    # HTML content (or an integration point's): <svg> and <math> open foreign content
    return svg if tag == "svg" else mathml if tag == "math" else None


def parse_tree_lexbor(text: str | bytes) -> etree._Element:
    """A browser-grade repaired tree: Lexbor's parse (selectolax) as lxml elements (bytes: UTF-8)."""
    try:
        from selectolax.lexbor import LexborHTMLParser
    except ImportError:  # a set-up from before selectolax was a dependency
        raise UserError("selectolax is not installed (it parses the pages lxml had to repair): run `make setup`, "
                        "or pass --star-parser html5lib") from None

    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    names, svg, mathml, foreign = _names()
    top = LexborHTMLParser(text).root
    if top is None:
        raise ValueError("unparseable HTML: empty document")

    def element(node, parent, parent_ns: str | None, parent_el):
        tag = node.tag
        ns = _namespace(tag, parent, parent_ns, svg, mathml) if parent is not None else None
        if ns is None:
            attrs = {names.coerceAttribute(k): _xml_text(v or "") for k, v in node.attributes.items()}
            name = names.coerceElement(tag)
        else:
            attrs = {foreign.get(k) or names.coerceAttribute(k): _xml_text(v or "")
                     for k, v in node.attributes.items()}
            name = "{%s}%s" % (ns, names.coerceElement(tag))
        el = etree.Element(name, attrs) if parent_el is None else etree.SubElement(parent_el, name, attrs)
        return el, ns

    root, root_ns = element(top, None, None, None)
    stack = [(top, root, root_ns)]
    while stack:
        node, el, ns = stack.pop()
        # A <template>'s content lives in a fragment of its own in Lexbor; html5lib's lxml
        # builder puts it under the element.
        first = node.template_fragments()[0].child if node.tag == "template" and ns is None else node.child
        last = None
        child = first
        while child is not None:
            if child.is_element_node:
                last, child_ns = element(child, node, ns, el)
                stack.append((child, last, child_ns))
            elif child.is_text_node:
                text = _xml_text(child.text_content)
                if last is None:
                    el.text = (el.text or "") + text
                else:
                    last.tail = (last.tail or "") + text
            elif child.is_comment_node:
                # child.html is "<!--...-->" as written; comment_content strips the spaces
                last = etree.Comment(names.coerceComment(_xml_text(child.html[4:-3])))
                el.append(last)
            child = child.next
    return root
