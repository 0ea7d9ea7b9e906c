"""What a page says it is filed under: the classes its site puts it in.

Sites file a page under named classes and show them as links in the page's chrome: a
wiki's category box ("Categories: Virtual memory | Memory management"), a blog's or a
shop's category box, a breadcrumb trail ("Home > Hardware > Printers").
Editors made those classes; together they are the site's own taxonomy, and a page filed
under a class named after the keyword is a part or a kind of it by its site's word
(scoring.evidence, "filed").

That markup is chrome: the boilerplate rules remove it (class/id words "catlinks",
"categories", "breadcrumb(s)"), so `filed_under` reads the elements the removal took out
(`strip_boilerplate(..., removed=...)`) instead of walking the tree again (each extra
walk of a page costs 0.3-1 ms, a tenth of what indexing a page costs). Rules:
- a category box (class/id word in CATEGORY_WORDS): the links of its list items (the box's
  own label, "Categories", is no list item); a part marked hidden (class/id word "hidden":
  MediaWiki's maintenance classes, "Articles with unsourced statements") is skipped;
- a breadcrumb trail (class/id word in TRAIL_WORDS): its links but the first (the site's home);
- the page's parent, as a link marked `rel="up"` names it (`parent_names`: Texinfo's "Up:
  Procedures" on every node, and its `<link rel="up" title="Procedures">`): a section of a
  manual is filed under its chapter. Such links stay in the content; the parse looks for
  them only in pages whose bytes hold the word (`may_name_parent`), so other pages pay nothing.
A box the rules keep in the content (a user's narrower rules) is not read: its text is
then the page's text, as the user asked. Tag links (`rel="tag"`) inside the content are
not read either: finding them takes a walk of the whole tree.
"""
from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

from .boilerplate import class_id_words
from .text import squash

CATEGORY_WORDS = frozenset({"catlinks", "categories"})
TRAIL_WORDS = frozenset({"breadcrumb", "breadcrumbs"})
MAX_CLASS_CHARS = 120  # longer link text is a sentence, not a class name


def _text(a: etree._Element) -> str:
    return squash("".join(a.itertext()))


def _category_links(box: etree._Element) -> list[str]:
    """The texts of a category box's list-item links, hidden parts skipped."""
    out = []
    stack = [box]
    while stack:
        el = stack.pop()
        if el is not box and "hidden" in class_id_words(el):
            continue
        if el.tag == "li":
            out += [_text(a) for a in el.iter("a")]
            continue
        stack.extend(reversed([c for c in el if isinstance(c.tag, str)]))
    return out


def filed_under(removed: Iterable[etree._Element]) -> list[str]:
    """The names of the classes a page is filed under, in page order, each once, read from
    the chrome elements the boilerplate removal took out of it."""
    out: list[str] = []
    for el in removed:
        if not isinstance(el.tag, str) or not (el.get("class") or el.get("id")):
            continue
        words = class_id_words(el)
        if words & CATEGORY_WORDS:
            names = _category_links(el)
        elif words & TRAIL_WORDS:
            names = [_text(a) for a in el.iter("a")][1:]
        else:
            continue
        for name in names:
            if name and len(name) <= MAX_CLASS_CHARS and name not in out:
                out.append(name)
    return out


_UP = (b'rel="up"', b"rel='up'", b"rel=up")


def may_name_parent(raw: bytes) -> bool:
    """True if a page's bytes may hold a link marked rel="up" (a cheap test before a search)."""
    return any(marker in raw for marker in _UP)


def parent_names(root: etree._Element) -> list[str]:
    """The names of the page's parent that its links marked rel="up" give: a `<link>`'s title
    or an `<a>`'s text, each once, in document order."""
    out: list[str] = []
    for el in root.iter("link", "a"):
        if "up" not in (el.get("rel") or "").lower().split():
            continue
        name = squash(el.get("title") or "") if el.tag == "link" else _text(el)
        if name and len(name) <= MAX_CLASS_CHARS and name not in out:
            out.append(name)
    return out
