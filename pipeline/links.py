"""Out-links with the text around them, for crawl strategies that score links by context."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from lxml import etree

from .boilerplate import class_id_words
from .corpus import HTML_SUFFIXES
from .parse import BLOCK_TAGS, text_of
from .store import numbering_depth, title_name, without_numbering
from .text import contains_phrase, fold, normalise, words
from .urls import canonical, without_file_suffix

CONTEXT_WORDS = 20  # words on each side of the anchor
# A "block" of more words than this is a container holding text directly (a <div> of a
# whole article on a site without <p>), not one paragraph: naming the phrase somewhere in
# it says nothing of its links.
MAX_BLOCK_WORDS = 400


@dataclass
class Link:
    """An out-link with the text a strategy may score."""

    url: str
    anchor: str = ""
    context: str = ""   # up to CONTEXT_WORDS words either side of the anchor, inside its block
    parent: str = ""    # all text under the link's parent element (the DOM aggregation node)


def _block(el: etree._Element) -> etree._Element:
    node = el.getparent()
    while node is not None and node.tag not in BLOCK_TAGS:
        node = node.getparent()
    return node if node is not None else el


def _window(block_words: list[str], anchor_words: list[str], n: int) -> str:
    k = len(anchor_words)
    for i in range(len(block_words) - k + 1):
        if block_words[i:i + k] == anchor_words:
            return " ".join(block_words[max(0, i - n):i + k + n])
    return " ".join(block_words[: 2 * n])


_MEMO_SIZE = 200_000
_memo: dict[str, dict[str, str | None]] = {}  # origin -> {site-absolute href: resolved URL or None}


def _resolve(href: str, base: str, origin: str) -> str | None:
    if href.startswith(("#", "javascript:", "mailto:")):
        return None
    # Site-absolute paths are most links: join them by hand, urljoin is the hot spot.
    if href.startswith("/") and not href.startswith("//"):
        return canonical(origin + href)
    return canonical(href, base)


_MISSING = object()


def link_anchors(root: etree._Element, url: str) -> Iterator[tuple[etree._Element, str, str]]:
    """(element, absolute canonical URL, anchor text) of every http(s) link, in document order.

    hrefs are resolved through a memo shared by every page a process parses: pages of
    one site repeat most hrefs (menus, common articles), and a dict lookup is cheaper
    than even canonical()'s fast path. Site-absolute hrefs ("/wiki/X", most links) are
    memoised per origin across pages; all others, which depend on the page's own base
    URL, only within the page. The hot loop hashes the href string alone.
    """
    base_el = root.find(".//base[@href]")
    base = (canonical(base_el.get("href"), url) if base_el is not None else None) or url
    origin = base[: base.find("/", base.find("//") + 2)] if base.count("/") >= 3 else base
    if len(_memo) > _MEMO_SIZE:  # a crawl over very many hosts
        _memo.clear()
    on_site = _memo.setdefault(origin, {})
    if len(on_site) > _MEMO_SIZE:
        on_site.clear()
    relative: dict[str, str | None] = {}
    for a in root.iter("a"):
        href = a.get("href")
        if not href:
            continue
        memo = on_site if href[0] == "/" and href[1:2] != "/" else relative
        target = memo.get(href, _MISSING)
        if target is _MISSING:
            target = memo[href] = _resolve(href, base, origin)
        if not target:
            continue
        text = a.text if len(a) == 0 else text_of(a)
        yield a, target, " ".join(text.split()) if text else ""


def extract_links(root: etree._Element, url: str, context: bool = False, parent: bool = False) -> list[Link]:
    """Every http(s) link of a page in document order, with context and parent text when asked for."""
    blocks: dict[etree._Element, list[str]] = {}
    parents: dict[etree._Element, str] = {}
    out = []
    for a, target, anchor in link_anchors(root, url):
        link = Link(target, anchor)
        if context:
            block = _block(a)
            if block not in blocks:
                blocks[block] = text_of(block).split()
            link.context = _window(blocks[block], anchor.split(), CONTEXT_WORDS)
        if parent:
            p = a.getparent()
            if p is not None:
                if p not in parents:
                    parents[p] = " ".join(text_of(p).split())
                link.parent = parents[p]
        out.append(link)
    return out


def link_blocks(root: etree._Element, url: str) -> tuple[list[list], list[str]]:
    """The page's links with anchor text as [anchor, absolute URL, block number], in document
    order, and the text of each block (`_block`) they sit in: what `links_naming` reads,
    whatever the phrase (kept per page by pipeline.page_cache: bump its VERSION when this
    reads a tree differently)."""
    numbers: dict[etree._Element, int] = {}
    texts: list[str] = []
    links = []
    for a, target, anchor in link_anchors(root, url):
        if not anchor:
            continue
        block = _block(a)
        n = numbers.get(block)
        if n is None:
            n = numbers[block] = len(texts)
            texts.append(text_of(block))
        links.append([anchor, target, n])
    return links, texts


def links_naming(links: list[list], texts: list[str], phrase_words: list[str]) -> list[tuple[str, str]]:
    """(anchor text, absolute URL) of every link of a page's `link_blocks` whose block
    (paragraph, list item, cell) names the phrase, its words as a contiguous run, in
    document order.

    What the collection's authors link to where they write about a subject: a surrogate for
    the links of a page about it, where the collection has none.
    """
    if not phrase_words:
        return []
    names: dict[int, bool] = {}
    out = []
    for anchor, target, n in links:
        named = names.get(n)
        if named is None:
            named = names[n] = _names_phrase(texts[n], phrase_words)
        if named:
            out.append((anchor, target))
    return out


def _names_phrase(text: str, phrase_words: list[str]) -> bool:
    # Each of the phrase's words is in the folded text wherever the run is: most blocks lack
    # one, and are settled without splitting their text into words.
    folded = fold(text)
    if not all(w in folded for w in phrase_words):
        return False
    block_words = words(text)
    return len(block_words) <= MAX_BLOCK_WORDS and contains_phrase(block_words, phrase_words)


# "toctree": Sphinx's list of a page's sub-pages (<div class="toctree-wrapper">).
_CONTENTS_WORDS = frozenset({"toc", "toctree"})
_LIST_ITEMS = frozenset({"li", "dt", "dd"})


def _classed_contents(el: etree._Element) -> bool:
    return bool(_CONTENTS_WORDS & class_id_words(el)) or (el.get("role") or "").strip().lower() == "doc-toc"


def _named_contents(el: etree._Element) -> bool:
    # A box's accessible name says what it is where its class does not: mdBook's sidebar is
    # <nav id="sidebar" class="sidebar" aria-label="Table of contents">.
    return "contents" in (el.get("aria-label") or "").lower().split()


def _is_contents(el: etree._Element) -> bool:
    return _classed_contents(el) or _named_contents(el)


def _in_list_item(a: etree._Element, box: etree._Element) -> bool:
    """True if the link sits in an item of a list inside the box: a table of contents lists
    its entries, while the buttons and notes beside it ("Prev", "Next", "Other versions",
    "cite us" in a theme's sidebar box classed "toc") are not entries."""
    for up in a.iterancestors():
        if up is box:
            return False
        if up.tag in _LIST_ITEMS:
            return True
    return False


def contents_links(root: etree._Element, url: str) -> dict[str, str]:
    """{anchor: URL} of the links of the page's tables of contents that lead to other pages,
    in document order, each anchor less its numbering ("11.2. Index Types" -> "Index Types").

    A manual's chapter lists the pages of its sections there: what the chapter is made of.
    Only links in the box's list items count (entries, not a sidebar's buttons and notes), and
    in a navigation tree that marks the page's own entry, only the entries under it; a box
    that only its accessible name calls a table of contents (mdBook's sidebar) is read only so.
    Chrome removal drops a contents box (it repeats a page's own headings), and a Wikipedia
    contents box links only within its page (#fragments, which link_anchors skips), so this
    reads the raw tree and is empty for such a page.
    """
    page = url.split("#", 1)[0]
    own = _page_key(page)
    out: dict[str, str] = {}
    for box in root.iter():
        if not isinstance(box.tag, str) or not _is_contents(box):
            continue
        if any(_is_contents(up) for up in box.iterancestors()):
            continue  # read once, from the outermost box
        scopes = _own_entries(box, page)
        if not scopes and not _classed_contents(box):
            # A box named contents but not classed so is a whole site's tree on every page
            # (mdBook's sidebar): only the entries under the page's own say what it holds.
            continue
        for scope in scopes or [box]:
            for a, target, anchor in link_anchors(scope, url):
                name = without_numbering(anchor)
                if name and without_file_suffix(target.split("#", 1)[0]) != own and _in_list_item(a, box):
                    out.setdefault(name, target)
    return out


def numbered_title(root: etree._Element, url: str, title: str,
                   anchors: list[tuple[etree._Element, str, str]] | None = None, bare_marks: bool = True) -> str:
    """The page's title with the number its own entry in the site's table of contents gives it
    ("8. Common Collections - The Rust Programming Language"), when the title has none and the
    entry names the page as its title does; else the title as it is.

    A manual numbers its chapters in the contents and may leave the number out of <title>
    (mdBook's "Common Collections - The Rust Programming Language" is "8. Common Collections" in
    its sidebar): the number says a chapter from a section (store.numbering_depth), as a
    DocBook manual's "Chapter 11. Indexes" says it in its title. `anchors`: the page's
    link_anchors, if the caller has them; `bare_marks`: False when the page holds no href
    "", "#" or "./" (a byte search of the raw page says so).
    """
    if not title or numbering_depth(title):
        return title
    name = normalise(title_name(title))
    page = url.split("#", 1)[0]
    # Only a link to the page itself marks its entry: those first, then their contents box,
    # rather than every box of the page confirmed (a Wikipedia page holds dozens of elements
    # classed "toc...": 10 ms a page, against a tenth of one from the anchors the parse reads).
    own = _page_key(page)
    forms = {own} | {own + suffix for suffix in HTML_SUFFIXES}
    links = [a for a, target, _ in (link_anchors(root, url) if anchors is None else anchors)
             if target in forms and "#" not in (a.get("href") or "")]
    if bare_marks:
        links += _BARE_SELF_LINKS(root)
    seen: set = set()
    for link in links:
        box = None
        for up in link.iterancestors():
            if _is_contents(up):
                box = up  # the outermost, as contents_links reads it
        if box is None or box in seen:
            continue
        seen.add(box)
        entries = _own_entries(box, page)
        if not entries:
            continue
        a = next((a for a in entries[0].iter("a") if a.get("href") is not None), None)
        text = " ".join(text_of(a).split()) if a is not None else ""
        bare = without_numbering(text)
        if bare != text and normalise(bare) == name:
            return text[: len(text) - len(bare)] + title
    return title


# The hrefs that name the page itself and that link_anchors skips (no target of their own).
_BARE_SELF_LINKS = etree.XPath('//a[@href="" or @href="#" or @href="./" or @href="."]')
# The raw page's bytes say whether that search can find anything: one pass of one pattern,
# quoted, unquoted or spaced (0.33 ms a page of the shared collection, against 0.70 for the
# seven substring scans of session 87, which missed href=# and href='.'); a page whose
# attribute names are capitalised (HREF) is the rare one it misses.
_BARE_SELF_MARK = re.compile(rb"""href\s*=\s*(?:(["'])(?:#|\.?/?)\1|(?:#|\.?/?)(?=[\s>]))""")


def may_link_to_itself_bare(raw: bytes) -> bool:
    """True if the raw page may hold a link to itself with no target of its own (href "", "#",
    "./" or "."): numbered_title's `bare_marks`. False means it holds none."""
    return _BARE_SELF_MARK.search(raw) is not None


def _page_key(url: str) -> str:
    """The page's address as its self-links resolve: canonical, less its fragment and file suffix."""
    page = url.split("#", 1)[0]
    return without_file_suffix(canonical(page) or page)


def _own_entries(box: etree._Element, page: str) -> list[etree._Element]:
    """The list item of a navigation tree that links to the page itself (href "" or "#", or
    the page's own address: the theme marks where the reader is), whose nested entries are the
    page's contents, and the item after it when that holds only the nested list (mdBook writes
    a chapter's sections as <li><ol class="section">...</ol></li> after the chapter's own
    item); the entries around them are the page's parents and siblings ("User Guide" above
    "1. Supervised learning"). Empty when the box has no such entry, as a chapter's own
    contents box has not."""
    own = _page_key(page)
    for a in box.iter("a"):
        href = a.get("href")
        if href is None:
            continue
        if href not in ("", "#") and ("#" in href or without_file_suffix(canonical(href, page) or "") != own):
            continue
        for up in a.iterancestors():
            if up is box:
                break
            if up.tag in _LIST_ITEMS:
                return [up] + _nested_after(up)
    return []


def _nested_after(item: etree._Element) -> list[etree._Element]:
    """[the next list item] if the item holds no list of its own and the next holds a list and
    no link outside it: the own entry's sub-entries written beside it, not inside it."""
    if any(el.tag in ("ol", "ul", "dl") for el in item.iterdescendants()):
        return []
    after = item.getnext()
    if after is None or after.tag != item.tag:
        return []
    lists = [el for el in after if el.tag in ("ol", "ul")]
    loose = (after.text or "").strip() or any(el.tag not in ("ol", "ul") for el in after)
    return [after] if lists and not loose else []
