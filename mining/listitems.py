"""List-item extraction and the published drop rules.

An item is the text of an `<li>` or `<dt>` in a page's main content, without the text of
lists nested inside it (those are items of their own).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from lxml import etree

from pipeline.text import squash, words

ITEM_TAGS = ("li", "dt")
LIST_TAGS = frozenset({"ul", "ol", "dl", "menu"})
MAX_WORDS = 15

# Citation and editorial markers ("[12]", "[a]", "[citation needed]") carry digits that
# would make the digit rule drop good items, so they go before any rule is applied.
CITATION_MARKERS = re.compile(r"\[\s*(?:\d+|[a-z]|[ivx]+|note \d+|[a-z ]{0,30}needed|\?)\s*\]", re.I)
_SALUTATION_ABBR = re.compile(r"\b(?:Mr|Mrs|Ms|Dr|Prof)\b")  # case-sensitive: "DR-DOS" stays
_PROFESSOR = re.compile(r"\bprofessor\b", re.I)
_URL = re.compile(
    r"(?i:(?:https?|ftp)://|\bwww\.\w|[\w.+-]+@[\w-]+\.[\w.-]+)"
    # Bare domains only in lowercase, as written in addresses: "ASP.NET" is a product.
    r"|\b[\w-]+\.(?:com|org|net|edu|gov|io|info|biz|ac\.[a-z]{2}|co\.[a-z]{2})\b"
)
_PUBLICATION = re.compile(r"\b(?:conference|conferences|proceeding|proceedings|journal|journals)\b", re.I)
_DIGIT = re.compile(r"\d")
# The word rules in one scan: most items match none, and then one search replaces four
# (the index applies these rules to every item of every page). The URL pattern is the
# slow one (its e-mail and domain parts retry at every position) and every one of its
# forms holds a "." or "://", so it runs only on the quarter of items that have either.
_ANY_WORD_RULE = re.compile("|".join(f"(?:{p})" for p in (
    _SALUTATION_ABBR.pattern, f"(?i:{_PROFESSOR.pattern})",
    f"(?i:{_PUBLICATION.pattern})", _DIGIT.pattern)))


def _url_like(text: str) -> bool:
    return ("." in text or "://" in text) and _URL.search(text) is not None


def any_rule(text: str) -> bool:
    """True if any drop rule other than length could apply: one fast check for most items."""
    return _ANY_WORD_RULE.search(text) is not None or _url_like(text)


@dataclass(frozen=True)
class ListItem:
    """One list item: where it is, what it says, and why it was dropped (None: kept)."""

    page: str
    path: str
    tag: str
    text: str
    reason: str | None = None


_DANGLING = " \t-\u2013\u2014:;,.\u00b7\u2022|/*"


def clean_item_text(text: str) -> str:
    """Item text with citation markers, dangling separators ("Robotics –") and extra whitespace removed."""
    return squash(CITATION_MARKERS.sub(" ", text)).strip(_DANGLING)


def drop_reason(text: str, max_words: int = MAX_WORDS) -> str | None:
    """The published rule that drops this item text, or None when it is kept."""
    n_words = len(words(text))
    if not n_words:
        return "empty"
    if not any_rule(text):
        return f"more than {max_words} words" if n_words > max_words else None
    if _SALUTATION_ABBR.search(text) or _PROFESSOR.search(text):
        return "salutation"
    if _url_like(text):
        return "url or e-mail"
    if _PUBLICATION.search(text):
        return "publication term"
    if _DIGIT.search(text):
        return "digit"
    if n_words > max_words:
        return f"more than {max_words} words"
    return None


def own_text(el: etree._Element) -> str:
    """Text of `el` without the text of lists nested inside it."""
    parts = [el.text or ""]
    for child in el:
        if isinstance(child.tag, str) and child.tag not in LIST_TAGS:
            parts.append(own_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def iter_items(root: etree._Element) -> Iterator[tuple[etree._Element, str]]:
    """(element, cleaned own text) of every <li> and <dt> under `root`, in document order."""
    for el in root.iter(*ITEM_TAGS):
        yield el, clean_item_text(own_text(el))


def item_rows(root: etree._Element, page: str,
              max_words: int = MAX_WORDS) -> Iterator[tuple[etree._Element, ListItem]]:
    """(element, item) of every list item of a (chrome-free) tree, kept or with its drop reason."""
    tree = root.getroottree()
    for el, text in iter_items(root):
        yield el, ListItem(page, tree.getpath(el), el.tag, text, drop_reason(text, max_words))


def extract_items(root: etree._Element, page: str, max_words: int = MAX_WORDS) -> list[ListItem]:
    """Every list item of a (chrome-free) tree, kept or with its drop reason."""
    return [item for _, item in item_rows(root, page, max_words)]
