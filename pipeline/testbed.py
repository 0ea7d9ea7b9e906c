"""The crawl test bed's topics, built from the collection itself.

Pant & Menczer built their topics from a human-edited directory (DMOZ): a topic is a
category with enough member pages; its keywords are the category's name, its description
the concatenated descriptions of all its member pages, a few members are the crawl's
seeds and the rest are the targets a crawler should find. Here the human-edited
directory is Wikipedia's own category system: each page lists its visible categories at
the bottom (`#mw-normal-catlinks`; hidden maintenance categories are ignored), and a
page's description is its first paragraph of running text.

    python -m pipeline.testbed ../shared/corpora/wikipedia-cs-2020.tar.xz topics.json

builds the topics of a collection and writes them as readable JSON.

Speed: each page is parsed once. The first paragraph is found without running
strip_boilerplate() over the whole page (half the cost of a page): the same chrome tests
(is_chrome) are asked only of paragraphs, headings and their ancestors, and
boilerplate's back-matter step (drop_back_matter, with drop_element) runs on the headings a
full strip would leave. On all 6,000 pages of the shared corpus the result is the same
as with a full strip first.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from lxml import etree

# The one citation-marker rule, and boilerplate's own removal steps (private names, see above).
from mining.listitems import CITATION_MARKERS

from .boilerplate import (
    DEFAULT_RULES,
    BoilerplateRules,
    drop_element,
    drop_back_matter,
    is_chrome,
    strip_boilerplate,
)
from .corpus import check_corpus, is_archive, iter_archive, iter_folder
from .errors import UserError
from .parse import declared_canonical, element_text, parse_tree, parser_input, text_of
from .text import squash, words
from .urls import canonical, file_url

WIKI = "https://en.wikipedia.org/wiki/"
FORMAT = "topicminer-testbed-topics/1"
_CATLINKS_ID = "mw-normal-catlinks"
_HEADING = {f"h{i}": i for i in range(1, 7)}
# Paragraphs inside these are not the article's running text (infobox cells, list entries, quotes).
_BOXES = frozenset({"table", "caption", "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "figure",
                    "figcaption"})
# A paragraph holding nothing but a place's coordinates ("Coordinates: 51°N 9°E / 51°N 9°E").
_COORDINATES = re.compile(r"(?:coordinates\s*:?)?[\s\d°′″'\"’.,;:/+\-−–NSEW\ufeff\u200b]*", re.IGNORECASE)
_DIGIT = re.compile(r"\d")


# -- one page ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PageFacts:
    """What the test bed needs of one page: visible categories, first paragraph, and the
    canonical URL it declares (`<link rel="canonical">`, no fragment; "" when none), which
    tells a saved redirect ("Genetic_algorithms") from the article it shows ("Genetic_algorithm").
    """

    categories: tuple[str, ...] = ()
    first_paragraph: str = ""
    canonical: str = ""


def _tree(raw: bytes) -> etree._Element | None:
    try:
        return parse_tree(parser_input(raw))
    except ValueError:
        return None


def _categories(root: etree._Element) -> list[str]:
    """Names of the links in `#mw-normal-catlinks ul li a`, as shown, in page order, once each."""
    boxes = root.xpath("id($i)", i=_CATLINKS_ID)  # libxml2's id index: no walk over the page
    if not boxes:  # an id the parser did not index (should not happen for HTML): walk
        boxes = root.xpath("//*[@id=$i]", i=_CATLINKS_ID)
    names: dict[str, None] = {}
    for box in boxes:
        for a in box.xpath(".//ul//li//a"):
            name = squash(text_of(a))
            if name:
                names.setdefault(name, None)
    return list(names)


def _canonical_link(root: etree._Element) -> str:
    """The page's declared canonical URL without its fragment, or ""."""
    return declared_canonical(root)


def _classify(p: etree._Element, top: etree._Element, rules: BoilerplateRules,
              cache: dict[etree._Element, tuple[bool, bool]]) -> tuple[bool, bool]:
    """(content, boxed) of `p`, judged on `p` and its ancestors below `top`.

    content: no element on the way is chrome, the same element tests strip_boilerplate()
    applies, asked only of a paragraph's ancestors instead of every element of the page.
    boxed: an element on the way is a table, list, quotation or figure, so the paragraph
    is not running text. `cache` holds both for every element seen, so shared ancestors
    are judged once.
    """
    chain = []
    el = p
    while el is not None and el is not top and el not in cache:
        chain.append(el)
        el = el.getparent()
    content, boxed = cache[el] if el is not None and el is not top else (True, False)
    for node in reversed(chain):  # outermost first: one chrome ancestor spoils the rest
        content = content and not (rules.enabled and is_chrome(node, rules))
        boxed = boxed or node.tag in _BOXES
        cache[node] = (content, boxed)
    return content, boxed


def _paragraph_text(p: etree._Element, rules: BoilerplateRules) -> str:
    """A paragraph's text: its own chrome removed (citations, hidden spans), markers dropped.

    Mutates `p`.
    """
    strip_boilerplate(p, rules)
    return squash(CITATION_MARKERS.sub("", element_text(p)))


def _navigates(p: etree._Element, rules: BoilerplateRules) -> bool:
    """True for a line of links through a sequence of pages, not running text: a paragraph
    holding a link marked next, previous or up (Texinfo's "Next: ..., Previous: ..., Up:
    ..." opens every page of a manual, and was its chapters' first paragraph)."""
    marks = rules.link_rels | {"up"}
    return any(marks.intersection((a.get("rel") or "").lower().split()) for a in p.iter("a"))


def _usable(text: str) -> bool:
    """A paragraph worth describing a page with: has words and is not only coordinates."""
    if not words(text):
        return False
    return not (_DIGIT.search(text) and _COORDINATES.fullmatch(text))


def _body_of(p: etree._Element) -> etree._Element:
    """The element whose paragraphs `p` is one of: its parent, a <section> being part of the
    body that holds it (Sphinx and other HTML5 pages wrap each heading's text in one, so a
    long subsection would otherwise outvote the page's opening paragraph), and so is
    docutils' HTML4 <div class="section"> (Django's documentation)."""
    up = p.getparent()
    while (up.tag == "section" or (up.tag == "div" and "section" in (up.get("class") or "").split())) \
            and up.getparent() is not None:
        up = up.getparent()
    return up


def first_paragraph_of(root: etree._Element, rules: BoilerplateRules = DEFAULT_RULES) -> str:
    """The first usable `<p>` of running text in the page's main content ("" if none).

    Main content: what strip_boilerplate() keeps (chrome and back-matter sections such as
    References go). Running text: paragraphs outside tables, lists, quotations and
    figures; the element with the most such `<p>` children is the article body (quote
    boxes and the like hold few; the paragraphs of a <section> count as its parent's), and
    its paragraphs are read in order. Paragraphs
    that are empty or hold only coordinates are skipped. Should the body hold no usable
    paragraph, the first usable content paragraph anywhere is taken. Mutates the tree.

    Same result as a full strip_boilerplate() first, measured on all 6,000 pages of the
    shared corpus, at a fraction of the cost: the chrome rules are asked only of the
    paragraphs and their ancestors.
    """
    body = root.find("body")
    top = body if body is not None else root
    cache: dict[etree._Element, tuple[bool, bool]] = {}
    if rules.enabled:  # back matter: the headings a full strip would leave, cleaned as it would
        for h in list(top.iter(*_HEADING)):
            if _classify(h, top, rules, cache)[0]:  # its "[edit]" links and the like go
                for d in [d for d in h.iterdescendants() if not isinstance(d.tag, str) or is_chrome(d, rules)]:
                    drop_element(d)
            else:
                drop_element(h)  # chrome: gone before a full strip looks for back matter
        drop_back_matter(top, rules)
    paragraphs, running = [], []
    for p in top.iter("p"):
        content, boxed = _classify(p, top, rules, cache)
        if content:
            paragraphs.append(p)
            if not boxed:
                running.append(p)
    if not paragraphs:
        return ""
    counts = Counter(_body_of(p) for p in running or paragraphs)
    container = max(counts, key=counts.__getitem__)  # ties: the first in page order
    body_paragraphs = [p for p in paragraphs if _body_of(p) is container]
    tried = set(body_paragraphs)
    for p in body_paragraphs + [p for p in paragraphs if p not in tried]:
        if _navigates(p, rules):
            continue
        text = _paragraph_text(p, rules)
        if _usable(text):
            return text
    return ""


def page_facts(raw: bytes, rules: BoilerplateRules = DEFAULT_RULES) -> PageFacts:
    """Categories and first paragraph of one page, from a single parse."""
    root = _tree(raw)
    if root is None:
        return PageFacts()
    categories = tuple(_categories(root))  # before chrome goes: the category box is chrome
    return PageFacts(categories, first_paragraph_of(root, rules), _canonical_link(root))


def page_categories(raw: bytes) -> list[str]:
    """The page's visible categories (`#mw-normal-catlinks ul li a`) as shown, in page order.

    Hidden categories (`#mw-hidden-catlinks`) are not included.
    """
    root = _tree(raw)
    return _categories(root) if root is not None else []


def first_paragraph(raw: bytes, rules: BoilerplateRules = DEFAULT_RULES) -> str:
    """The first non-empty paragraph of the page's main content, citation markers removed."""
    root = _tree(raw)
    return first_paragraph_of(root, rules) if root is not None else ""


# -- the collection ---------------------------------------------------------------------

def iter_titled_pages(corpus: str | Path) -> Iterator[tuple[str, bytes]]:
    """(title, raw bytes) of every page of a folder of `<Title>.html` files or an archive of one.

    The title is the file name without `.html`, percent-encoding kept (`AT%26T`), so
    `WIKI + title` is the page's URL.
    """
    path = check_corpus(corpus)
    if path.is_dir():
        for relpath, full in iter_folder(path):
            yield file_url(relpath, ""), full.read_bytes()
    elif is_archive(path):
        for relpath, raw in iter_archive(path):
            yield file_url(relpath, ""), raw
    else:
        raise UserError(f"corpus {str(corpus)!r} is a page store: topics are built from a folder "
                        "of <Title>.html files or a .tar.xz of one")


def _facts_of(item: tuple[str, bytes]) -> tuple[str, PageFacts]:
    return item[0], page_facts(item[1])


def collect_facts(pages: Iterable[tuple[str, bytes]], workers: int = 1) -> dict[str, PageFacts]:
    """PageFacts of every (title, raw) page, each page parsed once; `workers` > 1 parses in processes."""
    if workers <= 1:
        return dict(_facts_of(item) for item in pages)
    from multiprocessing import get_context

    with get_context("spawn" if sys.platform == "darwin" else "fork").Pool(workers) as pool:
        return dict(pool.imap(_facts_of, pages, chunksize=16))


# -- topics -----------------------------------------------------------------------------

@dataclass
class TestTopic:
    """One test-bed topic: a category and its member pages, split into seeds and targets.

    `members`, `seeds` and `targets` are titles (file stems, percent-encoding kept);
    seed_urls()/target_urls() turn them into canonical URLs.
    """

    __test__ = False  # not a pytest test class despite its name

    category: str
    keywords: str
    description: str
    members: list[str] = field(default_factory=list)
    seeds: list[str] = field(default_factory=list)
    targets: list[str] = field(default_factory=list)

    def seed_urls(self, prefix: str = WIKI) -> list[str]:
        """The seeds as canonical URLs under `prefix` (a crawl's site: http://127.0.0.1:PORT/wiki/)."""
        return [canonical(prefix + t) or prefix + t for t in self.seeds]

    def target_urls(self, prefix: str = WIKI) -> list[str]:
        """The targets as canonical URLs under `prefix`, comparable with a crawl's URLs."""
        return [canonical(prefix + t) or prefix + t for t in self.targets]

    def crawl_topic(self, prefix: str = WIKI):
        """The topic as a crawl strategy sees it (scoring.strategies.Topic)."""
        from scoring.strategies import Topic

        return Topic(keywords=self.keywords, description=self.description, seeds=self.seed_urls(prefix))


def article_titles(facts: Mapping[str, PageFacts]) -> dict[str, str]:
    """Each title mapped to the title that stands for its article.

    Pages declaring the same canonical URL are one article saved under several names
    (redirect copies). The page whose own name is the canonical one stands for the
    article, else the first name in sorted order; a page without a canonical URL
    stands for itself.
    """
    groups: dict[str, list[str]] = defaultdict(list)
    out = {}
    for title in sorted(facts):
        if facts[title].canonical:
            groups[facts[title].canonical].append(title)
        else:
            out[title] = title
    for url, titles in groups.items():
        own = [t for t in titles if url.endswith("/" + _path_title(t))]
        for t in titles:
            out[t] = (own or titles)[0]
    return out


def _path_title(title: str) -> str:
    """A title as a canonical URL path ends with it (percent-encoding normalised)."""
    return (canonical(WIKI + title) or WIKI + title)[len(WIKI):]


def topics_from_facts(facts: Mapping[str, PageFacts], min_members: int = 20, n_seeds: int = 10,
                      seed: int = 2006, merge_redirects: bool = False) -> list[TestTopic]:
    """Topics of every category with at least `min_members` member pages, sorted by name.

    Description: the first paragraphs of all members (seeds and targets alike, the
    published rule), in title order, one per line. Seeds: `n_seeds` members drawn by
    random.Random(seed).sample from the sorted member list; a fresh generator per topic,
    so a topic's split does not depend on which other topics exist. Targets: the rest.

    merge_redirects: count an article saved under several names (article_titles()) as
    one member, under its own name, so no target is a copy of a seed and no paragraph is
    described twice. Off by default (every page of the collection is a member).
    """
    if n_seeds < 1 or min_members <= n_seeds:
        raise ValueError(f"need 1 <= n_seeds < min_members (got n_seeds={n_seeds}, "
                         f"min_members={min_members}): every topic needs seeds and targets")
    article = article_titles(facts) if merge_redirects else {t: t for t in facts}
    members: dict[str, set[str]] = defaultdict(set)
    for title, page in facts.items():
        for category in page.categories:
            members[category].add(article[title])
    topics = []
    for category in sorted(members):
        titles = sorted(members[category])
        if len(titles) < min_members:
            continue
        seeds = random.Random(seed).sample(titles, n_seeds)
        chosen = set(seeds)
        description = "\n".join(p for p in (facts[t].first_paragraph for t in titles) if p)
        topics.append(TestTopic(category=category, keywords=category, description=description,
                                members=titles, seeds=seeds,
                                targets=[t for t in titles if t not in chosen]))
    return topics


def build_topics(pages: Iterable[tuple[str, bytes]], min_members: int = 20, n_seeds: int = 10,
                 seed: int = 2006, workers: int = 1, merge_redirects: bool = False) -> list[TestTopic]:
    """Topics from (title, raw html) pages: see topics_from_facts() for the rules."""
    return topics_from_facts(collect_facts(pages, workers), min_members, n_seeds, seed, merge_redirects)


def save_topics(topics: Iterable[TestTopic], path: str | Path) -> Path:
    """Write topics as indented UTF-8 JSON (atomically) and return the path."""
    path = Path(path)
    data = {"format": FORMAT, "topics": [asdict(t) for t in topics]}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path


def load_topics(path: str | Path) -> list[TestTopic]:
    """Topics written by save_topics()."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"topics file {str(path)!r} cannot be read ({exc.strerror or exc})") from None
    except ValueError as exc:
        raise UserError(f"topics file {str(path)!r} is not valid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("topics"), list):
        raise UserError(f"topics file {str(path)!r} was not written by save_topics() (format {FORMAT})")
    names = {f.name for f in fields(TestTopic)}
    try:
        return [TestTopic(**{k: v for k, v in t.items() if k in names}) for t in data["topics"]]
    except (TypeError, AttributeError) as exc:
        raise UserError(f"topics file {str(path)!r} holds a malformed topic ({exc})") from None


def main(argv: list[str] | None = None) -> int:
    """Build the topics of a collection, write them, print how many and how long it took."""
    ap = argparse.ArgumentParser(prog="python -m pipeline.testbed", description=main.__doc__)
    ap.add_argument("corpus", help="a folder of <Title>.html files or a .tar.xz of one")
    ap.add_argument("out", help="the topics JSON file to write")
    ap.add_argument("--min-members", type=int, default=20)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2006)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--merge-redirects", action="store_true",
                    help="count an article saved under several names once")
    args = ap.parse_args(argv)
    try:
        start = time.perf_counter()
        facts = collect_facts(iter_titled_pages(args.corpus), args.workers)
        parsed = time.perf_counter() - start
        topics = topics_from_facts(facts, args.min_members, args.seeds, args.seed, args.merge_redirects)
        save_topics(topics, args.out)
    except (UserError, ValueError) as exc:
        print(f"ERROR: {exc}", file=sys.stderr)
        return 2
    sizes: Counter[str] = Counter()
    article = article_titles(facts) if args.merge_redirects else {t: t for t in facts}
    for title, page in facts.items():
        if article[title] == title:
            sizes.update(page.categories)
    print(f"{len(facts)} pages parsed in {parsed:.1f} s, {len(sizes)} categories, "
          f"{sum(1 for p in facts.values() if not p.first_paragraph)} pages without a paragraph")
    for n in sorted({15, 20, 30, args.min_members}):
        print(f"categories with >= {n} members: {sum(1 for c in sizes.values() if c >= n)}")
    print(f"{len(topics)} topics written to {args.out}:")
    for t in topics:
        print(f"  {t.category} ({len(t.members)} members, {len(t.description)} chars of description)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
