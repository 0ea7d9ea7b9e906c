"""Glossary entries: the term/description pairs of a page's definition lists (`<dt>` then `<dd>`)."""
from __future__ import annotations

from lxml import etree

from mining.listitems import clean_item_text

from .parse import element_text, text_of
from .text import squash

# A glossary's description can run to several paragraphs; what a topic run reads of it
# (the sentence naming the keyword, the genus) is near its start.
MAX_DESCRIPTION_CHARS = 2000
# A glossary is a page made mostly of its entries. An article's definition lists are its
# wiki's ";Heading" paragraphs ("Fonts" on "SVG", "Second Law" on "Three Laws of
# Robotics"): parts of the article's own subject, described in passing, not definitions.
# On the shared corpus the 25 "Glossary of" pages written as definition lists hold
# 0.77-1.0 of their main text in entries; of the 246 other pages with any, 12 hold half
# or more (lists, and articles written as a glossary of their parts: "Optimizing
# compiler", 0.68), most under 0.4 (session 29). "Most of" is the rule, not a fit.
GLOSSARY_SHARE = 0.5


def _anchor(dt: etree._Element) -> str:
    """The fragment that links to the entry: the term's own id, or the first id inside it."""
    if dt.get("id"):
        return dt.get("id")
    for el in dt.iterdescendants():
        if isinstance(el.tag, str) and el.get("id"):
            return el.get("id")
    return ""


def _holds_terms(el: etree._Element) -> bool:
    """True if a term sits inside `el` outside any definition list of its own (a broken
    page's next entries), not in a nested glossary."""
    for dt in el.iter("dt"):
        node = dt.getparent()
        while node is not el and node.tag != "dl":
            node = node.getparent()
        if node is el:
            return True
    return False


def definition_entries(root: etree._Element) -> list[list[str]]:
    """[anchor, term, description] of every `<dt>` followed by one or more `<dd>`, in order.

    What a glossary page, or a "terms" list inside an article, says each term is: the
    entry a topic run reads as a small page of its own (pipeline.search.entries_mentioning).
    The description is the `<dd>`s that follow the term (and a paragraph a repairing
    parser moved out of one), up to anything else; HTML5's `<div>` around a pair is read
    the same way. A `<dt>` with no `<dd>` after it is a pseudo-heading (wikis write
    ";Term" so) and no entry, nor is one whose description is empty (a stub). The tree
    should be chrome-free: navigation boxes built of definition lists would otherwise be
    read as entries.
    """
    out = []
    for dt in root.iter("dt"):
        parts, described = [], False
        for el in dt.itersiblings():
            if not isinstance(el.tag, str):
                continue
            # Only descriptions, and a paragraph between them; anything else (another
            # term, a heading, a block a broken page wrapped the next entries in) ends it.
            if el.tag not in ("dd", "p") or _holds_terms(el):
                break
            described = described or el.tag == "dd"
            parts.append(element_text(el))  # paragraphs apart: sentences end at their ends
        term = clean_item_text(text_of(dt))  # as a list item's: Texinfo's ": sprand (s)" -> "sprand (s)"
        description = squash(" ".join(parts))[:MAX_DESCRIPTION_CHARS]
        if described and term and description:
            out.append([_anchor(dt), term, description])
    return out


def is_glossary(entries: list[list[str]], main_text: str) -> bool:
    """True if the entries hold at least GLOSSARY_SHARE of the page's main text (characters)."""
    held = sum(len(term) + len(description) for _, term, description in entries)
    return bool(entries) and held >= GLOSSARY_SHARE * len(main_text)
