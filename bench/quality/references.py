"""Reference term lists built from the collection's own outline, glossary and index pages.

A reference page is recognised by its title alone (the file name, `_` read as a space):

    Outline of X            -> keyword X
    Glossary of X [terms]   -> keyword X       ("Glossary of chemistry terms" -> "chemistry")
    Index of X [articles]   -> keyword X       ("Index of robotics articles" -> "robotics")
    List of X topics        -> keyword X

Pages whose keywords have the same match key (below) are merged: "Outline of birds" and
"Glossary of bird terms" give one reference for "birds" (the name is taken from the
page kinds in the order outline, index, list of topics, glossary, then by title).

Terms of a page, from its main content (pipeline.parse.content_tree: chrome removed with
the default boilerplate rules, the same tree the pipeline mines):

- glossary pages: the own text of every `<dt>`, and the term of every top-level `<li>`
  (not inside another `<li>` nor a `<dd>`: those are parts of definitions);
- outline, index and list-of-topics pages: the term of every `<li>`, nested ones included
  (an outline's nested lists are sub-topics).

The term of a list item (`item_term`): the text of its leading element (`<a>`, `<b>`,
`<dfn>`, ... with no text before it: "<b><a>Abstract data type</a></b> – (ADT), is ...")
or else the text before the first spaced dash (" – ", " — ", " - "); an item with neither
("A form of <a>intelligence</a>") has no term. Texts are cleaned with
mining.listitems.clean_item_text (citation markers, dangling separators). A term is
dropped when it has no word, more than `MAX_TERM_WORDS` words, or names another list
page ("Outline of ...", "Glossary of ...", "Index of ...", "List(s) of ...": the
"See also" links of these pages).

The matching rule (`match_key`, `Reference.matches`): a phrase is compared by its words
(pipeline.text.words: lowercase runs of letters and digits, as pipeline.text.normalise),
each Porter-stemmed (pipeline.text.stem), in order. So case and plural/singular do not
matter ("Neural Networks" = "neural network"), word order does ("network neural" is not
"neural network"), and punctuation separates words ("k-nearest neighbor" = "k nearest
neighbors"). A candidate matches a reference when its key, or its key with one trailing
parenthetical removed, equals the key of one of the reference's terms, or the key of
that term with one trailing parenthetical removed ("abductive logic programming (ALP)"
is also "abductive logic programming"; "Morphology (biology)" is also "morphology"; the
abbreviation "ALP" alone does not match). The rule is the same on both sides: a
qualifier in brackets says which sense is meant, written by a glossary or by a page title. Porter stemming can merge unrelated words
("universe"/"university"); that is accepted.
"""
from __future__ import annotations

import re
import tarfile
import urllib.parse
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from mining.listitems import clean_item_text, iter_items, own_text
from pipeline.boilerplate import DEFAULT_RULES, BoilerplateRules
from pipeline.corpus import HTML_SUFFIXES, is_archive
from pipeline.parse import content_tree
from pipeline.text import stem, words

MAX_TERM_WORDS = 15  # as mining.listitems.MAX_WORDS: a longer "term" is a sentence
KIND_ORDER = ("outline", "index", "topics", "glossary")
_TITLE_RULES = (
    ("outline", re.compile(r"^Outline of (?P<kw>.+)$")),
    ("glossary", re.compile(r"^Glossary of (?P<kw>.+?)(?: terms)?$")),
    ("index", re.compile(r"^Index of (?P<kw>.+?)(?: articles)?$")),
    ("topics", re.compile(r"^List of (?P<kw>.+) topics$")),
)
_LIST_PAGE = re.compile(r"^(?:outline|glossary|index|list|lists) of\b", re.IGNORECASE)
_DASH = re.compile(r"\s[\u2013\u2014-]\s")
_TRAILING_PAREN = re.compile(r"\s*\([^()]*\)\s*$")
# Inline elements whose text is an item's term when the item starts with one.
_LEADING_TAGS = frozenset({"a", "b", "strong", "dfn", "i", "em", "span", "abbr", "code"})

Key = tuple[str, ...]


# --- matching --------------------------------------------------------------------------

def match_key(text: str) -> Key:
    """The form phrases are compared in: Porter stems of the lowercase words, in order."""
    return tuple(stem(w) for w in words(text))


def term_keys(term: str) -> set[Key]:
    """Keys a term matches: its own, and its key without one trailing parenthetical."""
    keys = {match_key(term)}
    if term.rstrip().endswith(")"):
        keys.add(match_key(_TRAILING_PAREN.sub("", term)))
    keys.discard(())
    return keys


# --- titles ----------------------------------------------------------------------------

def title_from_name(name: str) -> str:
    """A page title from a corpus file name or URL: last path part, no suffix, unquoted, `_` as space."""
    base = name.rstrip("/").rsplit("/", 1)[-1]
    for suffix in HTML_SUFFIXES:
        if base.lower().endswith(suffix):
            base = base[: -len(suffix)]
            break
    return urllib.parse.unquote(base).replace("_", " ").strip()


def reference_kind(title: str) -> tuple[str, str] | None:
    """(kind, keyword) when `title` names a reference page, else None."""
    for kind, rule in _TITLE_RULES:
        m = rule.match(title)
        if m and words(m.group("kw")):
            return kind, m.group("kw").strip()
    return None


# --- terms of a page -------------------------------------------------------------------

def _leading_element(item: etree._Element) -> etree._Element | None:
    """The inline element an item starts with (no text before it), or None."""
    if (item.text or "").strip():
        return None
    for child in item:
        if not isinstance(child.tag, str):  # a comment before the first element
            if (child.tail or "").strip():
                return None
            continue
        return child if child.tag in _LEADING_TAGS else None
    return None


def item_term(item: etree._Element) -> str | None:
    """The term of a list item: its leading element's text, else the text before a spaced dash."""
    lead = _leading_element(item)
    if lead is not None:
        term = clean_item_text(own_text(lead))
    else:
        parts = _DASH.split(clean_item_text(own_text(item)), maxsplit=1)
        term = clean_item_text(parts[0]) if len(parts) == 2 else ""
    return term if keep_term(term) else None


def keep_term(term: str) -> bool:
    """False for empty or over-long terms and for links to other list pages."""
    n = len(words(term))
    return 0 < n <= MAX_TERM_WORDS and not _LIST_PAGE.match(term.strip())


def _inside(el: etree._Element, tags: frozenset[str]) -> bool:
    return any(a.tag in tags for a in el.iterancestors() if isinstance(a.tag, str))


def page_terms(root: etree._Element, kind: str) -> list[str]:
    """Terms of a chrome-free page tree, in document order (duplicates kept)."""
    out = []
    for el, text in iter_items(root):
        if el.tag == "dt":
            if kind == "glossary" and keep_term(text):
                out.append(text)
            continue
        if kind == "glossary" and _inside(el, frozenset({"li", "dd"})):
            continue
        term = item_term(el)
        if term:
            out.append(term)
    return out


def terms_from_html(raw: bytes, kind: str, rules: BoilerplateRules = DEFAULT_RULES) -> list[str]:
    """Terms of one page's HTML (chrome removed first)."""
    root, _ = content_tree(raw, rules, "lxml", "text/html")
    return page_terms(root, kind) if root is not None else []


# --- references ------------------------------------------------------------------------

@dataclass
class Reference:
    """The merged reference of one keyword: its pages and their terms (first surface form kept)."""

    keyword: str
    pages: list[str] = field(default_factory=list)  # titles
    terms: dict[Key, str] = field(default_factory=dict)  # own key -> surface form
    keys: dict[Key, str] = field(default_factory=dict)  # every matching key -> surface form
    page_sizes: dict[str, int] = field(default_factory=dict)  # title -> distinct terms of that page

    def add(self, title: str, terms: Iterable[str]) -> None:
        self.pages.append(title)
        own = set()
        for term in terms:
            key = match_key(term)
            own.add(key)
            self.terms.setdefault(key, term)
            for k in term_keys(term):
                self.keys.setdefault(k, term)
        self.page_sizes[title] = len(own)

    def matches(self, phrase: str) -> str | None:
        """The reference term `phrase` matches (see the module doc), or None."""
        for key in sorted(term_keys(phrase), key=len, reverse=True):  # the phrase as written first
            if key in self.keys:
                return self.keys[key]
        return None

    def to_json(self) -> dict:
        return {"keyword": self.keyword, "pages": self.pages, "page_sizes": self.page_sizes,
                "size": len(self.terms), "terms": sorted(self.terms.values(), key=str.lower)}


def iter_corpus_html(corpus: str | Path, only: Iterable[str] | None = None) -> Iterator[tuple[str, bytes]]:
    """(title, bytes) of the collection's HTML files (a folder or a tar archive), optionally only some titles."""
    wanted = set(only) if only is not None else None
    corpus = Path(corpus)
    if is_archive(corpus):
        with tarfile.open(corpus, "r:*") as tar:
            for member in tar:
                if member.isfile() and member.name.lower().endswith(HTML_SUFFIXES):
                    title = title_from_name(member.name)
                    if wanted is None or title in wanted:
                        f = tar.extractfile(member)
                        if f is not None:
                            yield title, f.read()
        return
    for path in sorted(corpus.rglob("*")):
        if path.name.lower().endswith(HTML_SUFFIXES) and path.is_file():
            title = title_from_name(path.name)
            if wanted is None or title in wanted:
                yield title, path.read_bytes()


def corpus_titles(corpus: str | Path) -> list[str]:
    """Titles of every HTML file of the collection (a folder or a tar archive)."""
    corpus = Path(corpus)
    if is_archive(corpus):
        with tarfile.open(corpus, "r:*") as tar:
            return [title_from_name(m.name) for m in tar
                    if m.isfile() and m.name.lower().endswith(HTML_SUFFIXES)]
    return [title_from_name(p.name) for p in sorted(corpus.rglob("*"))
            if p.name.lower().endswith(HTML_SUFFIXES)]


def reference_pages(titles: Iterable[str]) -> dict[str, tuple[str, str]]:
    """title -> (kind, keyword) for every reference page among `titles`."""
    out = {}
    for t in titles:
        found = reference_kind(t)
        if found:
            out[t] = found
    return out


def build_references(pages: dict[str, tuple[str, str]], html: dict[str, bytes],
                     rules: BoilerplateRules = DEFAULT_RULES) -> list[Reference]:
    """Merged references, one per keyword match key, from reference pages and their HTML."""
    groups: dict[Key, list[tuple[str, str, str]]] = {}
    for title, (kind, keyword) in pages.items():
        groups.setdefault(match_key(keyword), []).append((kind, title, keyword))
    refs = []
    for members in groups.values():
        members.sort(key=lambda m: (KIND_ORDER.index(m[0]), m[1]))
        ref = Reference(keyword=members[0][2])
        for kind, title, _ in members:
            ref.add(title, terms_from_html(html[title], kind, rules))
        refs.append(ref)
    refs.sort(key=lambda r: r.keyword.lower())
    return refs


def references_from_corpus(corpus: str | Path, rules: BoilerplateRules = DEFAULT_RULES) -> list[Reference]:
    """Every reference the collection holds."""
    pages = reference_pages(corpus_titles(corpus))
    html = dict(iter_corpus_html(corpus, pages))
    return build_references(pages, html, rules)
