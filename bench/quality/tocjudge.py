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
"""
from __future__ import annotations

import argparse
import html
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bench.quality.toplists import add_site_arguments, publish, run_reports, site_from
from scoring.evidence import listed_concepts
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


def taxonomy(site: Path, toc: str = "index.html") -> dict[str, Chapter]:
    """The manual's chapters (from its contents page `toc`), with the names its node titles and
    indices (every page holding a Texinfo index table, `<table class="index-...">`) file under each."""
    found = chapters((site / toc).read_text(encoding="utf-8", errors="replace"))
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
