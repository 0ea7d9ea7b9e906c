"""Generic page-chrome removal: the rules that separate a page's content from its chrome.

The rules are site-independent: HTML element names, ARIA roles, words inside class and
id attributes, hidden elements, and sections whose heading names back matter
(references, external links, ...). Every rule is data in `BoilerplateRules`, so a user
can widen or narrow it (JSON file via `BoilerplateRules.load`) without touching code.
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import asdict, dataclass
from pathlib import Path

from lxml import etree

from .text import normalise

_TOKEN_SPLIT = re.compile(r"[\s\-_:.]+|(?<=[a-z])(?=[A-Z])")

DEFAULT_TAGS = frozenset(
    "script style noscript template nav header footer aside form button select input "
    "textarea iframe object embed svg canvas map annotation".split()
)
DEFAULT_ROLES = frozenset(
    "navigation banner contentinfo complementary search menu menubar toolbar note "
    "doc-toc doc-endnotes doc-bibliography".split()
)
# Whole words of class/id values (split at spaces, '-', '_', ':' and camelCase).
DEFAULT_CLASS_ID_WORDS = frozenset(
    """nav navbox navbar navigation navframe menu menubar sidebar toc breadcrumb
    breadcrumbs footer printfooter masthead banner reflist references reference refbegin
    footnote footnotes endnotes catlinks categories noprint editsection hatnote share
    sharing social comments advert ads advertisement sponsored cookie cookies popup modal
    jump skip metadata ambox mbox sistersitebox portal pagination pager related widget
    headerlink copiable
""".split()
)
# Whole class names (not split into words, as "field" alone would take Drupal's
# "field field--name-body", its article's body): docutils' "field-list" is an API entry's
# Parameters / Returns / Attributes list (Sphinx, numpydoc), whose terms are a name and a
# type run together ("n_features_in_" + "int" -> "n_features_in_int"), not subjects.
DEFAULT_CLASS_NAMES = frozenset({"field-list"})
# "headerlink": the permalink mark ("¶") documentation generators (Sphinx, MkDocs) put in
# every heading and API signature; left in, it ends names ("re.VERBOSE¶"). Texinfo's is
# "copiable-anchor" (6.8) or "copiable-link" (7): "dbstep ¶" in the GNU manuals.
# HTML's link types for moving through a sequence of pages: a manual's "Next: Nonlinear
# Equations, Previous: Linear Algebra, Up: Top" header (Texinfo writes it on every page,
# its links marked so). The neighbouring chapters they name are no part of the page. "up"
# stays: the page's parent, whose name on a section's page is what ties the section to its
# chapter when its text does not repeat it (on the Octave manual, without it, "Handling
# Errors" shared no document with "errors and warnings").
DEFAULT_LINK_RELS = frozenset({"next", "prev", "previous", "contents", "index", "start", "first", "last"})
DEFAULT_SECTION_HEADINGS = frozenset(
    {
        "references",
        "notes",
        "footnotes",
        "citations",
        "sources",
        "bibliography",
        "external links",
        "further reading",
        "works cited",
        "notes and references",
        "references and notes",
        "selected publications",
        "publications",
    }
)
_HEADING = {f"h{i}": i for i in range(1, 7)}
# Page-level containers carry page-specific classes ("page-Related_work"); never drop them by class/id.
_PROTECTED = frozenset({"html", "body", "main", "article"})
# Texinfo 6 classes a definition's kind label "category", Texinfo 7 "category-def".
_KIND_LABEL_CLASSES = frozenset({"category", "category-def"})
# What holds a signature's return values and arguments beside its bold name: Texinfo 6 writes
# <em>, Texinfo 7 <var class="def-var-arguments"> or <code class="def-code-arguments">.
_SIGNATURE_PART_TAGS = frozenset({"em", "var", "code"})
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)


@dataclass(frozen=True)
class BoilerplateRules:
    """What counts as chrome; every field is configurable."""

    tags: frozenset[str] = DEFAULT_TAGS
    roles: frozenset[str] = DEFAULT_ROLES
    class_id_words: frozenset[str] = DEFAULT_CLASS_ID_WORDS
    class_names: frozenset[str] = DEFAULT_CLASS_NAMES
    section_headings: frozenset[str] = DEFAULT_SECTION_HEADINGS
    link_rels: frozenset[str] = DEFAULT_LINK_RELS
    drop_hidden: bool = True
    enabled: bool = True

    @classmethod
    def load(cls, path: str | Path) -> "BoilerplateRules":
        """Rules from a JSON file whose keys are this class's field names."""
        data = json.loads(Path(path).read_text())
        return cls(**{k: frozenset(v) if isinstance(v, list) else v for k, v in data.items()})

    def dump(self) -> dict:
        """The rules as JSON-able data (sorted lists)."""
        return {k: sorted(v) if isinstance(v, frozenset) else v for k, v in asdict(self).items()}

    @classmethod
    def off(cls) -> "BoilerplateRules":
        """No removal at all: the baseline the README measures against."""
        return cls(enabled=False)


NO_RULES = BoilerplateRules.off()
DEFAULT_RULES = BoilerplateRules()


@functools.lru_cache(maxsize=100_000)
def attribute_words(raw: str) -> frozenset[str]:
    """The lowercase words of a class or id value (split at separators and camelCase)."""
    return frozenset(t.lower() for t in _TOKEN_SPLIT.split(raw) if t)


def class_id_words(el: etree._Element) -> frozenset[str]:
    """The lowercase words of an element's class and id attributes."""
    return attribute_words(el.get("class") or "") | attribute_words(el.get("id") or "")


# What marks a citation marker or a reference list on a box ("<sup class=reference>" on a
# wiki) marks a cross-reference on a link: Sphinx writes every link in running text as
# <a class="reference internal">. Dropping those took their words out of sentences ("KRR
# combines  with the .") and every link out of a Sphinx page.
_CROSS_REFERENCE_WORDS = frozenset({"reference", "references"})


@functools.lru_cache(maxsize=100_000)
def _class_id_hit(cls: str | None, ident: str | None, link: bool, chrome_words: frozenset[str],
                  class_names: frozenset[str]) -> str | None:
    """The chrome rule a class/id pair meets, "class/id:<word>" or "class:<name>", or None
    (pairs repeat: decided once each, by one lookup an element)."""
    words = chrome_words - _CROSS_REFERENCE_WORDS if link else chrome_words
    hit = (attribute_words(cls or "") | attribute_words(ident or "")) & words
    if hit:
        return f"class/id:{min(hit)}"
    named = set(cls.split()) & class_names if cls and class_names else None
    return f"class:{min(named)}" if named else None


def _attribute_rule(el: etree._Element, keys: list[str], tag: str, rules: BoilerplateRules) -> str | None:
    """The attribute rule (role, class/id word, hidden) that marks `el` as chrome, or None."""
    if "role" in keys:
        role = el.get("role").strip().lower()
        if role in rules.roles:
            return f"role:{role}"
    if tag == "a" and "rel" in keys and rules.link_rels.intersection(el.get("rel").lower().split()):
        return "rel:navigation"
    if tag == "span" and el.get("class") in _KIND_LABEL_CLASSES and el.getparent() is not None \
            and el.getparent().tag == "dt":
        # A definition's kind label, Texinfo's "Function: " or "Option variable: " before the
        # name it defines ("Function: bc2 (solution, ...)"); a wiki's infobox cells classed
        # "category" are <td>s and stay.
        return "class:category"
    if ("class" in keys or "id" in keys) and tag not in _PROTECTED:
        hit = _class_id_hit(el.get("class"), el.get("id"), tag == "a", rules.class_id_words, rules.class_names)
        if hit:
            return hit
    if rules.drop_hidden and (
        "hidden" in keys
        or ("aria-hidden" in keys and el.get("aria-hidden").lower() == "true")
        or ("style" in keys and _HIDDEN_STYLE.search(el.get("style")))
    ):
        return "hidden"
    return None


def signature_parts(label: etree._Element) -> list[etree._Element]:
    """The parts of a definition's signature after its kind label `label` that are not the name
    it defines: Texinfo's return values and arguments around the bold name ("[q, r] = qr (A)",
    "string-length string", Maxima's several call forms), in document order."""
    out = []
    for box in label.itersiblings():
        if any(el.tag == "strong" for el in box):
            out.extend(el for el in box if el.tag in _SIGNATURE_PART_TAGS)
    return out


def is_chrome(el: etree._Element, rules: BoilerplateRules) -> str | None:
    """The rule that marks `el` as chrome, or None when it is content."""
    tag = el.tag if isinstance(el.tag, str) else ""
    if tag in rules.tags:
        return f"tag:{tag}"
    keys = el.keys()
    return _attribute_rule(el, keys, tag, rules) if keys else None


def drop_element(el: etree._Element) -> None:
    """Remove `el` but keep its tail text in the tree."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    if tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)


def drop_back_matter(root: etree._Element, rules: BoilerplateRules) -> int:
    """Remove sections introduced by a heading such as "References"; return how many."""
    removed = 0
    for h in list(root.iter(*_HEADING)):
        if h.getparent() is None or normalise("".join(h.itertext())) not in rules.section_headings:
            continue
        level = _HEADING[h.tag]
        sib = h.getnext()
        while sib is not None:
            if isinstance(sib.tag, str) and sib.tag in _HEADING and _HEADING[sib.tag] <= level:
                break
            if sib.tag == "section" or any(
                isinstance(x.tag, str) and x.tag in _HEADING and _HEADING[x.tag] <= level
                for x in sib.iter(*_HEADING)
            ):
                break
            nxt = sib.getnext()
            drop_element(sib)
            sib = nxt
        drop_element(h)
        removed += 1
    return removed


def strip_boilerplate(root: etree._Element, rules: BoilerplateRules = DEFAULT_RULES,
                      removed: list | None = None) -> etree._Element:
    """Remove chrome from the tree in place and return its root; `removed`, if given, receives
    the removed elements (whole subtrees, detached), in document order."""
    if not rules.enabled:
        for el in list(root.iter("script", "style", "noscript", "template", etree.Comment)):
            drop_element(el)
        return root
    # A plain walk that does not descend into chrome: measured faster than an XPath
    # pre-selection, which must still test every descendant of a removed navbox.
    doomed = []
    stack = list(root)
    tags = rules.tags
    while stack:  # the hot loop of indexing: is_chrome() inlined
        el = stack.pop()
        tag = el.tag
        if tag.__class__ is not str or tag in tags:  # comments, processing instructions, chrome tags
            doomed.append(el)
            continue
        keys = el.keys()
        rule = _attribute_rule(el, keys, tag, rules) if keys else None
        if rule:
            if rule == "class:category":
                # A definition's term is the name it defines, without its signature's arguments:
                # "string-length", not "string-length string", is what the manual's index files.
                doomed.extend(reversed(signature_parts(el)))
            doomed.append(el)
        else:
            stack.extend(el)
    for el in doomed:
        drop_element(el)
    if removed is not None:
        removed.extend(reversed(doomed))  # the walk pops the last child first
    drop_back_matter(root, rules)
    return root
