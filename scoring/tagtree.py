"""The tag-tree parent check: star a candidate whose list a parent node ties to the keyword.

Exact rule. For every occurrence of the candidate as a list item (an <li>/<dt> whose
cleaned own text normalises to the candidate phrase) in a chrome-free, repaired tree,
collect the labels of its list's parents, walking from the item up to <body>:
  - "parent item": the own text of an enclosing <li>/<dt> (the item is in a nested list);
  - "definition term": the <dt> before an enclosing <dd>;
  - "table header": the <th> cells of an enclosing table row, and the table's <caption>;
  - "label": the title / aria-label attribute of an enclosing element;
  - "lead-in": the element just before the item's own list, if it is short text
    (at most 15 words: "Subfields of machine learning include:");
  - "section heading": the nearest <h1>..<h6> before the item in document order.
The candidate is starred when one label contains the keyword as a contiguous run of
Porter-stemmed words (so "Neural networks" mentions "neural network").
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from lxml import etree

from mining.listitems import LIST_TAGS, iter_items, own_text, clean_item_text
from pipeline.boilerplate import class_id_words
from pipeline.parse import text_of
from pipeline.store import without_numbering
from pipeline.text import contains_phrase, normalise, squash, stemmed, words

from .sentences import sentences

HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
LEAD_IN_WORDS = 15


@dataclass(frozen=True)
class Evidence:
    """Why a candidate is starred: the page, the item's path, and the label that names the keyword."""

    page: str
    path: str
    via: str
    label: str


def section_heading(el: etree._Element) -> etree._Element | None:
    """The nearest heading before `el` in document order."""
    node = el
    while node is not None:
        for sib in node.itersiblings(preceding=True):
            if not isinstance(sib.tag, str):
                continue
            if sib.tag in HEADINGS:
                return sib
            inner = [h for h in sib.iter(*HEADINGS)]
            if inner:
                return inner[-1]
        node = node.getparent()
    return None


def nearest_headings(root: etree._Element) -> dict[etree._Element, etree._Element]:
    """Each <li>/<dt> under `root` mapped to the nearest heading before it in document order.

    One C-level pass over headings and items: the same answer as section_heading() per
    item, without walking every item's preceding siblings (the index labels every page).
    """
    out: dict[etree._Element, etree._Element] = {}
    last = None
    for el in root.iter(*HEADINGS, "li", "dt"):
        if el.tag in ("li", "dt"):
            if last is not None:
                out[el] = last
        else:
            last = el
    return out


# Headings of a section that points the reader to related pages rather than dividing
# the subject: what its links name are neighbours (siblings, parents) more often than
# parts. Generic web and wiki wording ("See also" on wikis, "SEE ALSO" in manuals).
RELATED_HEADINGS = frozenset({"see also", "related", "related topics", "related articles", "related pages",
                              "related fields", "related subjects", "related concepts", "related links"})


def related_section_links(root: etree._Element) -> set[etree._Element]:
    """The <a> elements of a tree whose nearest heading before them is a RELATED_HEADINGS one."""
    out: set[etree._Element] = set()
    related = False
    for el in root.iter(*HEADINGS, "a"):
        if el.tag == "a":
            if related:
                out.add(el)
        else:
            related = normalise(text_of(el)) in RELATED_HEADINGS
    return out


# A link in a paragraph whose sentence names neither the page's subject nor opens on a
# pronoun standing for it mentions the target in passing: "Translations of the time
# included ... the works of Avicenna and al-Razi", "Pope Clement IV" in Roger Bacon's
# story on the alchemy page. Session 50, over the judged top 10s of version 149, names
# with no page of their own that only such links tie to the keyword were hits in 40 of 134
# places of the drawn blind sets and 128 of 252 of the chosen keywords (0.44), against 0.52
# when the sentence names the keyword and 0.57 in list items.
# Not pipeline.links._block: its BLOCK_TAGS stop at a <div> or <section> too, and a link
# with no paragraph, item or cell around it (a bare div's) was not measured as prose here.
_BLOCKS = frozenset({"p", "li", "td", "th", "dd", "dt", "caption", "figcaption"})
_LISTED = frozenset({"li", "td", "th", "dd", "dt"})
_STANDS_FOR_SUBJECT = re.compile(r"\s*(?:It|Its|They|Their)\b")


def passing_links(root: etree._Element, names: Sequence[str]) -> set[etree._Element]:
    """The <a> elements of a tree that sit in a paragraph (not a list item or a table cell) in
    a sentence naming none of `names` (Porter stems; the page's subject) and not opening on
    "It", "Its", "They" or "Their"."""
    subject = [s for s in (stemmed(n) for n in names) if s]
    out: set[etree._Element] = set()
    read: dict[etree._Element, list[tuple[str, bool]]] = {}
    for a in root.iter("a"):
        anchor = text_of(a).strip()
        block = next((el for el in a.iterancestors() if el.tag in _BLOCKS), None)
        if not anchor or block is None or block.tag in _LISTED:
            continue
        if block not in read:
            read[block] = [(s, bool(_STANDS_FOR_SUBJECT.match(s))
                            or any(contains_phrase(stemmed(s), n) for n in subject))
                           for s in sentences(text_of(block))]
        held = next((named for s, named in read[block] if anchor in s), None)
        if held is False:
            out.add(a)
    return out


# A link from the running text of a section (a paragraph after the page's first section
# heading, not a list item or a table cell) names what the section's prose talks about: the
# subject's makers, rivals, influences, places and periods as often as its parts ("Ned
# Block" on intentionality, "Turing degree" on the halting problem, "Triassic" on the
# Permian). Session 58, over the judged top 10s of version 178: candidates that only the
# keyword page's link tied were hits in 103 of 276 places so linked (0.37; drawn sets 57 of
# 182), against 60 of 95 linked from the introduction (the paragraphs before the first
# heading) and 186 of 317 from a list item or a table cell.
def section_prose_links(root: etree._Element) -> set[etree._Element]:
    """The <a> elements in a paragraph (their nearest block a <p>, not a list item or a table
    cell) that comes after the first section heading following the page's first paragraph."""
    out: set[etree._Element] = set()
    seen_paragraph = in_sections = False
    for el in root.iter(*HEADINGS, "p", "a"):
        if el.tag == "p":
            seen_paragraph = True
        elif el.tag != "a":
            in_sections = in_sections or seen_paragraph
        elif in_sections:
            block = next((b for b in el.iterancestors() if b.tag in _BLOCKS), None)
            if block is not None and block.tag == "p":
                out.add(el)
    return out


# A summary box beside the text (a wiki's infobox, an hCard) lists the subject's properties:
# developers, influences, releases, the platforms it runs on. Its links name neighbours
# and attributes, not parts (session 19: 0 of 8 judged top-10 places linked only from an
# infobox were hits: "Scala", "Kotlin", "Python" and "Stable release" on "Java").
SUMMARY_BOX_WORDS = frozenset({"infobox", "vcard"})


def summary_box_links(root: etree._Element) -> set[etree._Element]:
    """The <a> elements inside a table whose class or id holds a SUMMARY_BOX_WORDS word."""
    out: set[etree._Element] = set()
    for table in root.iter("table"):
        if class_id_words(table) & SUMMARY_BOX_WORDS:
            out.update(table.iter("a"))
    return out


_NO_HEADING = object()


def labels(item: etree._Element, heading: object = _NO_HEADING) -> list[tuple[str, str]]:
    """(kind, text) of every label of the item's parents, nearest first.

    `heading` is the item's nearest heading when the caller already knows it
    (nearest_headings), None for none; by default it is looked up.
    """
    out: list[tuple[str, str]] = []
    own_list = item.getparent()
    node = own_list
    while node is not None and node.tag not in ("body", "html"):
        tag = node.tag
        if tag in ("li", "dt"):
            out.append(("parent item", clean_item_text(own_text(node))))
        elif tag == "dd":
            dt = next((s for s in node.itersiblings(preceding=True) if s.tag == "dt"), None)
            if dt is not None:
                out.append(("definition term", clean_item_text(own_text(dt))))
        elif tag == "tr":
            out += [("table header", squash(text_of(th))) for th in node if th.tag == "th"]
        elif tag == "table":
            cap = node.find("caption")
            if cap is not None:
                out.append(("table header", squash(text_of(cap))))
        for attr in ("title", "aria-label"):
            if node.get(attr):
                out.append(("label", node.get(attr)))
        node = node.getparent()
    if own_list is not None and own_list.tag in LIST_TAGS:
        prev = own_list.getprevious()
        while prev is not None and not isinstance(prev.tag, str):
            prev = prev.getprevious()
        if prev is not None and prev.tag not in HEADINGS:
            text = squash(text_of(prev))
            if text and len(words(text)) <= LEAD_IN_WORDS:
                out.append(("lead-in", text))
    h = section_heading(item) if heading is _NO_HEADING else heading
    if h is not None:
        out.append(("section heading", squash(text_of(h))))
    return out


def section_titles(root: etree._Element) -> list[str]:
    """The text of every section heading (<h2>..<h6>) of a chrome-free tree, in document order.

    What a page about a subject divides it into: the default ranking reads the keyword's
    own page this way (scoring.evidence, "sectioned"). <h1> is the page's own title.
    """
    return [t for t in (heading_name(text_of(h)) for h in root.iter(*HEADINGS[1:])) if t]


def heading_name(text: str) -> str:
    """A heading's words less a manual's numbering and a permalink's mark ("11.2.1. B-Tree¶" -> "B-Tree")."""
    return without_numbering(squash(text).rstrip("¶ ").strip())


# A heading that sets the subject beside other things ("Comparison with other programming
# paradigms", "In relation to other theories", "Comparisons with other connection methods",
# "Alternatives") or points to related pages (RELATED_HEADINGS) divides
# what surrounds the subject, not the subject: the sections under it are named after its
# neighbours. Session 50, over the judged top 10s of version 148: 0 of 16 places so placed
# were hits ("Functional programming", "Logic programming" for procedural programming;
# "Dualism" for panpsychism; "FireWire" for USB), against 509 of 621 for the other sections.
# Only the nearest enclosing heading counts: two levels down, the functional programming
# article's "Comparison to imperative programming" holds the languages that are its hits.
# "Comparison of reinforcement learning algorithms" compares the subject's own kinds: "of".
# "X versus Y" is left out: "P versus NP problem" is a name.
_BESIDE_HEADING = re.compile(r"\b(?:comparisons?|compared|relations?|relationships?|contrasts?|differences?)\s+"
                             r"(?:with|to|from|between)\b|^alternatives?\b", re.I)


def beside_heading(text: str) -> bool:
    """True if a heading sets its section's subject beside others or points to related pages."""
    return normalise(text) in RELATED_HEADINGS or bool(_BESIDE_HEADING.search(text))


def beside_sections(root: etree._Element) -> set[str]:
    """The headings (heading_name) of a chrome-free tree whose nearest enclosing heading (the last
    one before it at a higher level) is a beside_heading one, and such headings themselves."""
    out: set[str] = set()
    open_sections: list[tuple[int, str]] = []  # (level, name) of the headings enclosing the next one
    for h in root.iter(*HEADINGS[1:]):
        level, name = int(h.tag[1]), heading_name(text_of(h))
        while open_sections and open_sections[-1][0] >= level:
            open_sections.pop()
        if name and (beside_heading(name) or (open_sections and beside_heading(open_sections[-1][1]))):
            out.add(name)
        open_sections.append((level, name))
    return out


# A note opening a section that names the page the section summarises ("Main article:
# Public-key cryptography", MediaWiki's {{Main}}; "Main articles: A, B"): the page's author
# says the section's subject has a page of its own, a part of the page's subject told at
# length elsewhere. Only under a section heading (<h2>..<h6>): a note before the first one
# disambiguates the title ("For other uses, see ..."). "See also:" and "Further
# information:" notes point aside and are not read (session 54: judged places so named
# were hits in 502 of 579, 0.87, whatever their rank).
_MAIN_ARTICLE = re.compile(r"\s*main\s+(?:article|page)s?\s*:", re.I)


def main_article_notes(root: etree._Element) -> list[tuple[etree._Element, etree._Element]]:
    """(section heading, note) for every element whose text opens "Main article(s):" (or
    "Main page(s):") under an <h2>..<h6>, in document order. Read before chrome removal,
    which takes such notes out with the rest of a wiki's hatnotes."""
    out = []
    last: etree._Element | None = None
    for el in root.iter(*HEADINGS, "div", "p", "dd"):
        if el.tag in HEADINGS:
            last = el
        elif last is not None and last.tag != "h1" and el.text and _MAIN_ARTICLE.match(el.text):
            out.append((last, el))
    return out


def labelled_items(root: etree._Element) -> Iterator[tuple[etree._Element, str, list[tuple[str, str]]]]:
    """(element, cleaned own text, labels) of every list item under `root`, in document order."""
    headings = nearest_headings(root)
    for el, text in iter_items(root):
        yield el, text, labels(el, headings.get(el))


def star_labelled(entries: Iterable[tuple[str, str, Sequence[Sequence[str]]]], page: str,
                  phrases: set[str], keyword: str) -> dict[str, list[Evidence]]:
    """The star rule on (path, item text, labels) entries: evidence per candidate phrase found.

    One rule for labels the index stored when it parsed the page and for those of a tree
    parsed now (pipeline.topic_stages.stars: the same entries, pipeline.indexer.index_items).
    """
    kw = stemmed(keyword)
    found: dict[str, list[Evidence]] = {}
    for path, text, item_labels in entries:
        phrase = normalise(text)
        if phrase not in phrases:
            continue
        found.setdefault(phrase, [])
        for via, label in item_labels:
            if contains_phrase(_stemmed_label(label), kw):
                found[phrase].append(Evidence(page, path, via, label))
                break
    return found


@functools.lru_cache(maxsize=50_000)
def _stemmed_label(label: str) -> list[str]:
    return stemmed(label)  # labels repeat (one heading over many items): stem each once
