"""Judge the default method's top 10s against a Texinfo manual's own table of contents and indices.

    python -m bench.quality.tocjudge --corpus output/sites/octave-7 \\
        --url-prefix https://docs.octave.org/v7.3.0/ --output-root output/sites/runs-octave \\
        --keywords bench/quality/keywords-octave.tsv --out bench/results/quality/tocjudge-octave.md

An external taxonomy nobody here wrote: each keyword names one chapter of the manual (a
line "keyword<TAB>chapter title" of --keywords, written down before any run). A listed
concept is a hit when its name, as `scoring.names.concept_key` folds it (case, plurals, a
trailing qualifier), is the title of a node under that chapter (its sections and their
subsections, not the chapter itself), or an entry of the manual's concept or function
index that points into the chapter's nodes; anything else is a miss, a sub-topic the
manual files elsewhere included. Nothing is judged by a person, so the figure is
reproducible, and strict: the manual's indices do not list every term its chapters treat.

A Sphinx site (its contents page holds `toctree-l1` entries, Django's contents.html) is read
the same way with any node of its table of contents as the "chapter": a keyword's line names
a node's title (every node so titled, when several are), and the names filed under it are
the titles of the nodes below it, the section headings of every page its toctrees lead to,
and the entries of the general index (genindex.html) that point into those pages.

An MkDocs site (Django REST framework's) has no index and no page under a page: a keyword's line
names a page's title (its first heading), and the names filed under it are the page's other
headings.
"""
from __future__ import annotations

import argparse
import html
import posixpath
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import lxml.html

from bench.quality.toplists import add_site_arguments, publish, run_reports, site_from
from scoring.evidence import listed_concepts
from pipeline.text import squash
from scoring.names import concept_key

# Texinfo 6-7's table of contents: <li><a id="toc-..." href="Node.html">18.3 Matrix Factorizations</a>
_TOC_ENTRY = re.compile(r'<li><a id="toc-[^"]*" href="([^"#]+)[^"]*"[^>]*>(\d[\d.]*\s+)?(.*?)</a>'
                        r'|(<ul)|(</ul>)', re.S)
# An index's entry: <a href="Complex-Arithmetic.html#index-abs"><code>abs</code></a>
_INDEX_ENTRY = re.compile(r'<a href="([^"#]+)#index-[^"]*">(.*?)</a>', re.S)
_TAG = re.compile(r"<[^>]+>")


def _text(fragment: str) -> str:
    return html.unescape(_TAG.sub("", fragment)).strip()


@dataclass
class Chapter:
    """One chapter of the manual: its title, its nodes' pages and the names filed under it."""

    title: str
    pages: set[str] = field(default_factory=set)
    names: dict[tuple, str] = field(default_factory=dict)  # concept key -> the name as the manual writes it


def chapters(toc_html: str) -> dict[str, Chapter]:
    """Chapter title -> Chapter (its pages and node titles) from a Texinfo table of contents."""
    out: dict[str, Chapter] = {}
    depth, current = 0, None
    for m in _TOC_ENTRY.finditer(toc_html):
        if m.group(4):
            depth += 1
        elif m.group(5):
            depth -= 1
        elif depth == 1:  # the contents' own list holds the chapters
            current = out.setdefault(_text(m.group(3)), Chapter(_text(m.group(3))))
            current.pages.add(m.group(1))
        elif depth > 1 and current is not None:
            current.pages.add(m.group(1))
            name = _text(m.group(3))
            current.names.setdefault(concept_key(name), name)
    return out


def add_index(chapters_: dict[str, Chapter], index_html: str) -> None:
    """File each entry of a Texinfo index (concepts, functions) under the chapter holding its node."""
    by_page = {page: ch for ch in chapters_.values() for page in ch.pages}
    for page, entry in _INDEX_ENTRY.findall(index_html):
        ch = by_page.get(page)
        name = _text(entry)
        if ch is not None and name:
            ch.names.setdefault(concept_key(name), name)


_UTF8 = lxml.html.HTMLParser(encoding="utf-8")  # Sphinx writes UTF-8; a test page may not say so


def _page_of(base: str, href: str) -> str:
    """The site-relative path of the page a link on page `base` leads to, anchor dropped."""
    return posixpath.normpath(posixpath.join(posixpath.dirname(base), href.split("#", 1)[0]))


def _element_text(el) -> str:
    return squash("".join(el.itertext()).replace("\u00b6", " "))  # "¶": Sphinx's permalink


def sphinx_nodes(toc_html: str, toc: str = "contents.html") -> dict[str, Chapter]:
    """Node title -> Chapter from a Sphinx contents page: each node's own page (not for a node
    that is a section of a page) and the pages and titles of the nodes below it."""
    out: dict[str, Chapter] = {}
    root = lxml.html.fromstring(toc_html)
    for li in root.iter("li"):
        if not (li.get("class") or "").startswith("toctree-l") or li.find("a") is None:
            continue
        a = li.find("a")
        ch = out.setdefault(_element_text(a), Chapter(_element_text(a)))
        href = a.get("href") or ""
        if "#" not in href:
            ch.pages.add(_page_of(toc, href))
        for sub in li.iter("a"):
            if sub is not a and sub.get("href"):
                ch.names.setdefault(concept_key(_element_text(sub)), _element_text(sub))
                if "#" not in sub.get("href"):
                    ch.pages.add(_page_of(toc, sub.get("href")))
    return out


def _headings_and_children(site: Path, page: str) -> tuple[list[str], list[str]]:
    """A Sphinx page's section titles (headings with a permalink) and the pages its toctrees list."""
    path = site / page
    if not path.is_file():
        return [], []
    root = lxml.html.fromstring(path.read_bytes(), parser=_UTF8)
    titles = [_element_text(h) for h in root.iter("h1", "h2", "h3", "h4")
              if any("headerlink" in (a.get("class") or "") for a in h.iter("a"))]
    children = [_page_of(page, a.get("href")) for box in root.iter("div")
                if "toctree-wrapper" in (box.get("class") or "") for a in box.iter("a") if a.get("href")]
    return titles, children


def sphinx_taxonomy(site: Path, toc: str = "contents.html") -> dict[str, Chapter]:
    """Every node of a Sphinx site's contents, with the names filed under it: the titles of the
    nodes below, the headings of the pages its toctrees lead to, and the general index's entries
    pointing into those pages."""
    found = sphinx_nodes((site / toc).read_text(encoding="utf-8", errors="replace"), toc)
    every_page = sorted(str(p.relative_to(site)) for p in site.rglob("*.html"))
    pages: dict[str, tuple[list[str], list[str]]] = {}
    for ch in found.values():
        # A folder's index.html heads the folder's pages, listed by a toctree or not (a hidden
        # toctree, Django's topics/auth/index.html, lists nothing on the page).
        folders = [page[: -len("index.html")] for page in ch.pages if posixpath.basename(page) == "index.html"
                   and posixpath.dirname(page)]
        ch.pages.update(p for p in every_page for f in folders if p.startswith(f))
        todo = list(ch.pages)
        while todo:
            page = todo.pop()
            if page not in pages:
                pages[page] = _headings_and_children(site, page)
            for child in pages[page][1]:
                if child not in ch.pages:
                    ch.pages.add(child)
                    todo.append(child)
        for page in ch.pages:
            for title in pages[page][0]:
                ch.names.setdefault(concept_key(title), title)
    genindex = site / "genindex.html"
    if genindex.is_file():
        root = lxml.html.fromstring(genindex.read_bytes(), parser=_UTF8)
        entries = [(_page_of("genindex.html", a.get("href")), _element_text(a)) for a in root.iter("a")
                   if a.get("href") and "#" in a.get("href") and a.getparent() is not None and a.getparent().tag == "li"]
        for ch in found.values():
            for page, name in entries:
                if page in ch.pages and name:
                    ch.names.setdefault(concept_key(name), name)
    return found


def _mkdocs_page(path: Path) -> tuple[str, list[str]]:
    """An MkDocs page's title (its first <h1>) and the titles of the headings after it that carry
    an id (the Markdown toc extension's anchors: a section of the page; a theme's search box
    comes before the title)."""
    root = lxml.html.fromstring(path.read_bytes(), parser=_UTF8)
    heads = [h for h in root.iter("h1", "h2", "h3", "h4") if h.get("id")]
    start = next((i for i, h in enumerate(heads) if h.tag == "h1"), None)
    if start is None:
        return "", []
    return _element_text(heads[start]), [_element_text(h) for h in heads[start + 1:]]


def mkdocs_taxonomy(site: Path) -> dict[str, Chapter]:
    """Every page of an MkDocs site as a node titled by its first heading, with its other
    headings (h1-h4 with an id: MkDocs writes a page's "#" sections as h1 too) filed under it;
    pages so titled alike are one node. MkDocs keeps no index and nests no pages under a page."""
    found: dict[str, Chapter] = {}
    for path in sorted(site.rglob("*.html")):
        title, headings = _mkdocs_page(path)
        if not title:
            continue
        ch = found.setdefault(title, Chapter(title))
        ch.pages.add(str(path.relative_to(site)))
        for heading in headings:
            ch.names.setdefault(concept_key(heading), heading)
    return found


def taxonomy(site: Path, toc: str = "index.html") -> dict[str, Chapter]:
    """The manual's chapters (from its contents page `toc`), with the names its node titles and
    indices (every page holding a Texinfo index table, `<table class="index-...">`) file under each;
    a Sphinx site's nodes when `toc` is a Sphinx contents page (sphinx_taxonomy), an MkDocs
    site's pages when it is an MkDocs page (mkdocs_taxonomy)."""
    text = (site / toc).read_text(encoding="utf-8", errors="replace")
    if 'class="toctree-l1"' in text:
        return sphinx_taxonomy(site, toc)
    if "mkdocs" in text.lower():  # its search box's script and index: mkdocs/search_index.json
        return mkdocs_taxonomy(site)
    found = chapters(text)
    for page in sorted(site.glob("*.html")):
        text = page.read_text(encoding="utf-8", errors="replace")
        if '<table class="index-' in text:
            add_index(found, text)
    return found


def judge(concepts: list[str], chapter: Chapter) -> list[bool]:
    """Hit or miss for each listed concept: filed under the chapter, not the chapter itself."""
    own = concept_key(chapter.title)
    return [concept_key(c) != own and concept_key(c) in chapter.names for c in concepts]


def read_keywords(path: Path) -> list[tuple[str, str]]:
    """(keyword, chapter title) of each non-blank, non-comment line "keyword<TAB>chapter"."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            keyword, _, chapter = line.partition("\t")
            rows.append((keyword.strip(), chapter.strip()))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--keywords", type=Path, required=True, help='lines "keyword<TAB>chapter title"')
    ap.add_argument("--out", type=Path, required=True, help="the Markdown result")
    ap.add_argument("--toc", default="index.html", help="the manual's contents page (default: %(default)s)")
    add_site_arguments(ap)
    args = ap.parse_args(argv)
    site = site_from(args)
    if site is None:
        print("--corpus is required: the manual's folder (with index.html)", file=sys.stderr)
        return 2
    toc = taxonomy(Path(site.corpus), args.toc)
    rows = read_keywords(args.keywords)
    missing = [c for _, c in rows if c not in toc]
    if missing:
        print(f"no chapter titled {missing[0]!r} in {site.corpus}/{args.toc}: fix {args.keywords}", file=sys.stderr)
        return 2
    reports = run_reports([k for k, _ in rows], site)
    if reports is None:
        return 1
    lines = ["# The default method's top 10s against the manual's table of contents and indices", "",
             "| keyword (n(k)) | chapter | top 10 (filed under the chapter in bold) | hits |", "|---|---|---|---|"]
    hits = listed = 0
    for (keyword, chapter), (_, report) in zip(rows, reports):
        names = [c["phrase"] for c in listed_concepts(report["candidates"])[:10]]
        verdicts = judge(names, toc[chapter])
        hits += sum(verdicts)
        listed += len(names)
        shown = ", ".join(f"**{n}**" if v else n for n, v in zip(names, verdicts))
        lines.append(f"| {keyword} ({report['n_k']}) | {chapter} | {shown} | {sum(verdicts)} |")
    slots = 10 * len(rows)
    lines += ["", f"{len(rows)} keywords: {hits} hits of {listed} listed places "
                  f"({hits / listed if listed else 0:.2f}); {hits / slots:.2f} hits over all {slots} slots."]
    publish(args.out, lines)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
