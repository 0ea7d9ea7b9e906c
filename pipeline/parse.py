"""Parse a page once: decode, check it is HTML, build a tree, pull out title, links and main text."""
from __future__ import annotations

import codecs
import functools
import re
from dataclasses import dataclass, field
from typing import Callable

from lxml import etree

from .boilerplate import DEFAULT_RULES, BoilerplateRules, strip_boilerplate
from .filing import filed_under, may_name_parent, parent_names
from .text import squash
from .urls import canonical

_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([-\w.:]+)""", re.I)
# Searched in the raw bytes (a tag name is ASCII in every encoding a page can declare
# but UTF-16, which sniff_binary's NUL check turns away): no 150 KB decode a page.
_HAS_HTML = re.compile(rb"<html[\s>]", re.I)
_HAS_BODY = re.compile(rb"<body[\s>]", re.I)
_BINARY_MAGIC = {b"%PDF": "pdf", b"%!PS": "postscript", b"\x89PNG": "png", b"GIF8": "gif",
                 b"\xff\xd8\xff": "jpeg", b"PK\x03\x04": "zip", b"\x1f\x8b": "gzip"}
BLOCK_TAGS = frozenset(
    "address article aside blockquote br caption dd details dialog div dl dt fieldset "
    "figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre "
    "section summary table tbody td tfoot th thead tr ul title body html".split()
)


@dataclass
class ParsedPage:
    """What the rest of the pipeline needs to know about one page."""

    url: str
    title: str = ""
    text: str = ""
    links: list[tuple[str, str]] = field(default_factory=list)
    problem: str | None = None  # why the page is unusable, None when it is fine
    repaired: bool = False      # lxml had to repair structure (a browser's tree may differ)
    extra: object = None        # what on_content returned for the chrome-free tree
    filed: list[str] = field(default_factory=list)  # the classes its site files it under (pipeline.filing)


def sniff_binary(raw: bytes) -> str | None:
    """The kind of a non-HTML body recognised by its first bytes, or None."""
    head = raw[:8].lstrip()
    for magic, kind in _BINARY_MAGIC.items():
        if head.startswith(magic):
            return kind
    if b"\x00" in raw[:1024]:
        return "binary"
    return None


def _decode(raw: bytes, declared: str | None = None) -> tuple[str, str]:
    """(text, codec name): BOM, then declared charset, then <meta charset>, then UTF-8, then cp1252."""
    if raw.startswith(b"\xef\xbb\xbf"):
        return raw[3:].decode("utf-8", errors="replace"), "utf-8-sig"
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16", errors="replace"), "utf-16"
    tried = []
    m = _META_CHARSET.search(raw[:4096])
    for enc in (declared, m.group(1).decode("ascii", "ignore") if m else None, "utf-8"):
        if not enc or enc in tried:
            continue
        tried.append(enc)
        try:
            return raw.decode(enc), codecs.lookup(enc).name
        except (LookupError, UnicodeDecodeError):
            continue
    return raw.decode("cp1252", errors="replace"), "cp1252"


def decode_html(raw: bytes, declared: str | None = None) -> str:
    """Decode page bytes: BOM, then declared charset, then <meta charset>, then UTF-8, then cp1252."""
    return _decode(raw, declared)[0]


def parser_input(raw: bytes, declared: str | None = None) -> bytes:
    """The page as lxml should read it: UTF-8 bytes, decoded by decode_html's rules.

    Valid UTF-8 pages are passed on as they are (most of the web); others are decoded and
    re-encoded. lxml reads UTF-8 bytes ~20% faster than a str, and unlike a str it accepts
    an XML declaration naming an encoding (an XHTML page served as HTML).
    """
    text, codec = _decode(raw, declared)
    return raw if codec == "utf-8" else text.encode("utf-8", "replace")


def html_problem(raw: bytes, content_type: str | None = None) -> str | None:
    """Why `raw` is not a usable HTML page (published rule: needs <html> and <body>), or None."""
    if not raw or not raw.strip():
        return "empty body"
    if content_type:
        ctype = content_type.split(";")[0].strip().lower()
        if ctype and ctype not in ("text/html", "application/xhtml+xml"):
            return f"not HTML ({ctype})"
    kind = sniff_binary(raw)
    if kind:
        return f"not HTML ({kind})"
    if not _HAS_HTML.search(raw, 0, 200_000):
        return "no <html> tag"
    if not _HAS_BODY.search(raw):
        return "no <body> tag"
    return None


def _lxml_parse(text: str | bytes) -> tuple[etree._Element, etree.HTMLParser]:
    """The one lxml parse, of UTF-8 bytes (parser_input) or a str: the tree and the parser
    (its error log tells what was repaired)."""
    if isinstance(text, str):
        text = text.encode("utf-8", "replace")
    # No ID table: nothing looks elements up by id, and building it cost ~7% of the parse
    # (its "ID already defined" errors too, which _BENIGN_ERROR ignores): on the 6,000
    # pages of the shared corpus, the same trees and the same repaired flags (session 31).
    parser = etree.HTMLParser(recover=True, no_network=True, encoding="utf-8", collect_ids=False)
    try:
        root = etree.fromstring(text, parser)
    except (etree.ParserError, etree.XMLSyntaxError, ValueError) as exc:
        raise ValueError(f"unparseable HTML: {exc}") from None
    if root is None:
        raise ValueError("unparseable HTML: empty document")
    return root, parser


def parse_tree(text: str | bytes) -> etree._Element:
    """A tree from lxml's fast HTML parser (raises ValueError when nothing parses)."""
    return _lxml_parse(text)[0]


def parse_tree_html5(text: str | bytes) -> etree._Element:
    """A browser-grade repaired tree: html5lib's parser building lxml elements (bytes: UTF-8)."""
    import html5lib

    if isinstance(text, bytes):
        text = text.decode("utf-8")
    doc = html5lib.HTMLParser(tree=_html5_tree_builder(), namespaceHTMLElements=False).parse(text)
    return doc.getroot()


# Names XML allows as they are: html5lib's name coercion returns them unchanged.
_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*\Z").match


@functools.lru_cache(maxsize=1)
def _html5_tree_builder() -> type:
    """html5lib's lxml tree builder (treebuilder="lxml"), its name coercion skipped where it
    changes nothing.

    The builder makes every element and attribute name a valid XML name on the way in
    (toXmlName) and reads it back on every look-up (fromXmlName), each with a regex pass:
    ~20% of a page's parse. A plain ASCII name comes out of toXmlName as it went in, and
    fromXmlName only rewrites "U" followed by five hex digits: both are answered at once
    for such names, on this builder's own filter object only (the trees are identical:
    tests/test_parse.py compares them). html5lib 1.1 is its last release, so the builder's
    attribute `infosetFilter`, the one object its element classes use, will not move.
    """
    from html5lib._ihatexml import nonXmlNameBMPRegexp, nonXmlNameFirstBMPRegexp
    from html5lib.treebuilders import etree_lxml

    class TreeBuilder(etree_lxml.TreeBuilder):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            names = self.infosetFilter
            from_xml, escape = names.fromXmlName, names.getReplacementCharacter

            def to_xml(name: str) -> str:
                # html5lib's toXmlName without its DataLossWarning for every name it escapes
                # (the escaping is wanted here; a crawl printed one warning per odd name).
                first, rest = name[0], name[1:]
                if nonXmlNameFirstBMPRegexp.match(first):
                    first = escape(first)
                for char in set(nonXmlNameBMPRegexp.findall(rest)):
                    rest = rest.replace(char, escape(char))
                return first + rest

            def comment(data: str) -> str:  # coerceComment, as quietly
                while "--" in data:
                    data = data.replace("--", "- -")
                return data + " " if data.endswith("-") else data

            names.toXmlName = lambda name: name if _PLAIN_NAME(name) else to_xml(name)
            names.fromXmlName = lambda name: name if "U" not in name else from_xml(name)
            names.coerceComment = comment
            names.coerceCharacters = lambda data: data.replace("\x0c", " ")  # a form feed: a space, as html5lib

    return TreeBuilder


def text_of(el: etree._Element) -> str:
    """All text under `el`, as written (no separators added)."""
    return etree.tostring(el, method="text", encoding=str, with_tail=False)


# libxml2 messages that do not change the tree's shape (duplicate ids, HTML5 tag names).
_BENIGN_ERROR = re.compile(r"^ID .*already defined|^Tag \w+ invalid", re.S)


def parse_tree_checked(text: str | bytes) -> tuple[etree._Element, bool]:
    """An lxml tree, and whether lxml had to repair structure (misnested or stray tags).

    When it did not, a browser (and html5lib) would build the same tree.
    """
    root, parser = _lxml_parse(text)
    return root, any(not _BENIGN_ERROR.match(e.message) for e in parser.error_log)


def needs_repair(text: str | bytes) -> bool:
    """True if lxml had to repair structure, so its tree could differ from a browser's."""
    return parse_tree_checked(text)[1]


def repaired_tree(text: str | bytes, parser: str = "auto") -> tuple[etree._Element, str]:
    """A browser-grade tree and the parser used: lexbor, html5lib, lxml, or auto.

    auto: lxml's tree when its parse needed no structural repair (then every parser builds
    the same tree and lxml is the fastest), Lexbor's otherwise. Lexbor and html5lib follow
    the same standard and build the same tree (pipeline.lexbor_tree), Lexbor 5-10x faster;
    html5lib stays one parameter away, as the issue names it.
    """
    if parser == "lxml":
        return parse_tree(text), "lxml"
    if parser == "auto":
        root, repaired = parse_tree_checked(text)
        if not repaired:
            return root, "lxml"
        parser = "lexbor"
    if parser == "lexbor":
        from .lexbor_tree import parse_tree_lexbor

        return parse_tree_lexbor(text), "lexbor"
    return parse_tree_html5(text), "html5lib"


def element_text(el: etree._Element) -> str:
    """Text under `el` with a line break around each block element (plain text glues them).

    Mutates the text and tails of block descendants, harmless once the tree is only read.
    """
    for node in el.iter(*BLOCK_TAGS):
        if node is not el:
            node.text = "\n" + node.text if node.text else "\n"
            node.tail = "\n" + node.tail if node.tail else "\n"
    return text_of(el)


def page_title(root: etree._Element) -> str:
    """The <title> text, whitespace squashed."""
    # The head's own title first: a ".//title" search walks the whole tree when the
    # page holds one title (lxml looks ahead for the next match), ~0.3 ms a page.
    t = root.find("head/title")
    if t is None:
        t = root.find(".//title")
    return squash(text_of(t)) if t is not None else ""


def page_links(root: etree._Element, url: str) -> list[tuple[str, str]]:
    """(absolute canonical URL, anchor text) of every http(s) link in the page, in order."""
    from .links import link_anchors

    return [(target, anchor) for _, target, anchor in link_anchors(root, url)]


def main_text(root: etree._Element, rules: BoilerplateRules = DEFAULT_RULES) -> str:
    """The content text of a page: chrome removed (mutates the tree), whitespace squashed."""
    body = root.find("body")
    body = body if body is not None else root
    strip_boilerplate(body, rules)  # the <head> holds no content: skip walking it
    return squash(element_text(body))


def parse_page(raw: bytes, url: str, rules: BoilerplateRules = DEFAULT_RULES,
               content_type: str | None = None,
               on_content: Callable[[etree._Element], object] | None = None) -> ParsedPage:
    """Parse raw page bytes once; `problem` says why the page is unusable.

    `on_content` sees the chrome-free tree before its text is extracted (which adds line
    breaks to block elements): the index uses it to take list items from the same parse.
    """
    problem = html_problem(raw, content_type)
    if problem:
        return ParsedPage(url=url, problem=problem)
    try:
        root, repaired = parse_tree_checked(parser_input(raw))
    except ValueError as exc:
        return ParsedPage(url=url, problem=str(exc))
    from .links import link_anchors, may_link_to_itself_bare, numbered_title  # links imports this module

    anchors = list(link_anchors(root, url))
    title = numbered_title(root, url, page_title(root), anchors, may_link_to_itself_bare(raw))
    # Every link of the page, navigation included, as a search engine's back-link query
    # sees them: the hub seeds and the single-topic comparison's seeds read this graph.
    # Session 17 stored the content's links only (after the chrome removal below): the
    # index build went from ~26 to 20.4-22.4 s, still short of its 20 s aim, but the hubs
    # found became list pages instead of the pages sharing the seeds' navigation boxes,
    # and recall with hubs added fell (Hub-Seeking 0.658 -> 0.568 at 250 pages, 30
    # topics): not kept.
    links = [(target, anchor) for _, target, anchor in anchors]
    parents = parent_names(root) if may_name_parent(raw) else []
    body = root.find("body")
    body = body if body is not None else root
    removed: list = []
    strip_boilerplate(body, rules, removed)  # the <head> holds no content: skip walking it
    extra = on_content(root) if on_content else None
    filed = filed_under(removed)
    return ParsedPage(url=url, title=title, text=squash(element_text(body)), links=links,
                      repaired=repaired, extra=extra, filed=filed + [p for p in parents if p not in filed])


def content_tree(raw: bytes, rules: BoilerplateRules = DEFAULT_RULES, parser: str = "lxml",
                 content_type: str | None = None,
                 before_strip: Callable[[etree._Element], object] | None = None) -> tuple[etree._Element | None, str]:
    """The page's chrome-free tree and the parser used, or (None, problem); `before_strip`
    reads the whole tree first (what chrome removal takes out: a table of contents)."""
    problem = html_problem(raw, content_type)
    if problem:
        return None, problem
    try:
        source = parser_input(raw)
        root, used = repaired_tree(source, parser) if parser != "lxml" else (parse_tree(source), "lxml")
    except ValueError as exc:
        return None, str(exc)
    if before_strip is not None:
        before_strip(root)
    strip_boilerplate(root, rules)
    return root, used


def declared_canonical(root: etree._Element, url: str = "") -> str:
    """The canonical URL the page declares (`<link rel="canonical">` in its head, resolved
    against `url`, no fragment), else the page its meta refresh sends the reader to
    (`refresh_target`), or "" when it declares neither.

    The web's own duplicate marker: a page saved or served under several URLs (a redirect's
    copy, a print view, tracking parameters) names the one URL that stands for it. A stub
    that redirects by a meta refresh (Texinfo writes one for every anchor of a manual,
    "XREFchol.html"; Sphinx sites for moved pages) stands for its target the same way.
    """
    head = root.find("head")
    for link in head.iter("link") if head is not None else ():
        if (link.get("rel") or "").strip().lower() == "canonical" and link.get("href"):
            return canonical(link.get("href").strip(), url or None) or ""
    return refresh_target(root, url)


# A page that sends its reader on within this many seconds is a redirect, whatever it says
# meanwhile ("This page has moved; you will be redirected in 5 seconds"); a later refresh is
# a page reloading or moving through a slide show, read for itself.
MAX_REFRESH_SECONDS = 10
# content="0; url=Variables.html#XREFans", "5;URL='https://...'", "0, url=x" (HTML's rule:
# a number, then an optional ; or , then the URL, optionally after "url=" and in quotes).
_REFRESH = re.compile(r"""\s*(\d+)(?:\.[\d.]*)?\s*[;,]?\s*(?:url\s*=\s*)?(?:(["'])(.*?)\2|(.*?))\s*\Z""", re.I | re.S)


def refresh_target(root: etree._Element, url: str = "") -> str:
    """The URL a `<meta http-equiv="refresh">` sends the reader to within MAX_REFRESH_SECONDS,
    resolved against `url`, no fragment; "" for none, a later refresh, or the page itself."""
    head = root.find("head")
    for meta in (head if head is not None else root).iter("meta"):
        if (meta.get("http-equiv") or "").strip().lower() != "refresh":
            continue
        m = _REFRESH.match(meta.get("content") or "")
        target = (m.group(3) if m and m.group(2) else m.group(4) if m else "") or ""
        if not m or int(m.group(1)) > MAX_REFRESH_SECONDS or not target.strip():
            return ""  # a later refresh, or a reload (no URL): the page is read for itself
        found = canonical(target.strip(), url or None) or ""
        return "" if url and found == (canonical(url) or url) else found
    return ""
