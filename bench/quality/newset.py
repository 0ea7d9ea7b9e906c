"""Check keywords for a new held-out set before anyone sees their lists.

    python -m bench.quality.newset "hash function" "robotics" "ecology"
    python -m bench.quality.newset --draw 49 --count 20
    python -m bench.quality.newset --draw 50 --pool links

A held-out keyword must be one nobody has judged (not in judgements.json), not a keyword
of the reference evaluation (`bench/results/quality/quality.json`, written by
`python -m bench.quality.evaluate`: its outline and glossary terms measure every ranking
change, so its keywords are not unseen; session 36's set v held 11 of them by mistake),
and contained in at least MIN_DOCUMENTS documents of the index (fewer, and the list is
what a handful of pages happen to hold). Prints each keyword's n(k) and what rules it out;
never a concept list, so checking does not spoil the set.

`--draw SEED` draws the keywords instead of taking them from the developer: the corpus
archive's page names that read as common-noun subjects (`subject_titles`), shuffled with
`random.Random(SEED)`, checked in that order until `--count` are usable. A chosen set leans
towards what its chooser knows the method does well; a drawn one does not (set ac, session 49).
By session 64 every usable page title of the 6,000-page corpus had been judged (seed 49 gave
sets ac-bo; seed 50 found 3 left), so `--pool links` draws from the titles of the articles the
corpus's pages link to and does not hold: subjects with no page of their own in the collection,
which is also how a user's keyword often stands.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import tarfile
import urllib.parse
from pathlib import Path
from typing import Iterable, Iterator

from pipeline.text import singular_words

ROOT = Path(__file__).resolve().parents[2]
JUDGEMENTS = Path(__file__).with_name("judgements.json")
QUALITY = ROOT / "bench" / "results" / "quality" / "quality.json"
MIN_DOCUMENTS = 20


def written(keyword: str) -> str:
    """The keyword as the judgements write it: lower case, one space between words, and a
    page name's underscores read as spaces ("Differential_geometry"), as the index's words
    read them; compared raw, such a name passed for unjudged (session 57)."""
    return " ".join(keyword.replace("_", " ").lower().split())


def judged_forms(judged: set[str]) -> dict[tuple[str, ...], str]:
    """{a judged keyword's words, plurals folded: the keyword} (the first in sorted order)."""
    forms: dict[tuple[str, ...], str] = {}
    for k in sorted(judged):
        forms.setdefault(tuple(singular_words(k)), k)
    return forms


def problems(keyword: str, n_k: int, judged: set[str], references: set[str],
             forms: dict[tuple[str, ...], str] | None = None) -> list[str]:
    """What rules a keyword out of a held-out set ([] if nothing does). A keyword judged in
    another number or spelling of its words ("transistors" after "transistor", "open source
    software" after "open-source software") lists much the same concepts: judged before too.
    `forms`: judged_forms(judged), passed when many keywords are checked against one set."""
    out = []
    keyword = written(keyword)
    same_words = (judged_forms(judged) if forms is None else forms).get(tuple(singular_words(keyword)))
    if keyword in judged:
        out.append("judged before")
    elif same_words:
        out.append(f"judged before as {same_words!r}")
    if keyword in references:
        out.append("a reference keyword")
    if n_k < MIN_DOCUMENTS:
        out.append(f"in {n_k} documents (fewer than {MIN_DOCUMENTS})")
    return out


_FIRST_WORD = re.compile(r"[A-Z][a-z]+(?:-[a-z]+)?")
_LATER_WORD = re.compile(r"[a-z]+(?:-[a-z]+)?")


def is_subject_title(title: str) -> bool:
    """Whether a page title of one to three words reads as a common noun in Wikipedia's sentence
    case: a capitalised first word, lowercase words after it, no digits, acronyms or parentheses.
    Proper names ("Alan Turing", "Python (programming language)", "IBM") are what the people,
    organisation and work lists are for, not subjects to mine."""
    first, *rest = title.split() or [""]
    return len(rest) <= 2 and bool(_FIRST_WORD.fullmatch(first)) and all(_LATER_WORD.fullmatch(w) for w in rest)


def page_title(name: str) -> str | None:
    """The title of a page file name ("repository/Binary_file.html" -> "Binary file"), None if not a page."""
    stem = name.rsplit("/", 1)[-1]
    if not stem.endswith(".html"):
        return None
    return urllib.parse.unquote(stem[:-len(".html")]).replace("_", " ")


def subject_titles(names: list[str]) -> list[str]:
    """The lowercased titles, in the order given, of the page file names that `is_subject_title`."""
    titles = (page_title(name) for name in names)
    return [title.lower() for title in titles if title is not None and is_subject_title(title)]


_WIKI_LINK = re.compile(r'href="/wiki/([^"#?:]+)"')


def linked_subject_titles(pages: Iterable[tuple[str, str]]) -> list[str]:
    """The lowercased titles, sorted, of the articles the pages link to ("/wiki/Machine_code")
    that are not pages themselves and that `is_subject_title`. `pages`: (file name, HTML) pairs,
    read once, so an archive's pages can stream through. When every usable page title of a
    corpus has been judged, the articles its pages cite are the next pool of subjects (session
    64): real article names, chosen by no one here."""
    own: set[str] = set()
    found: set[str] = set()
    for name, html in pages:
        title = page_title(name)
        if title is not None:
            own.add(title.lower())
        for target in _WIKI_LINK.findall(html):
            linked = urllib.parse.unquote(target).replace("_", " ")
            if is_subject_title(linked):
                found.add(linked.lower())
    return sorted(found - own)


def shuffled(titles: list[str], seed: int) -> list[str]:
    """`titles` shuffled by `random.Random(seed)`: the same draw on every machine."""
    out = list(titles)
    random.Random(seed).shuffle(out)
    return out


def drawn(names: list[str], seed: int) -> list[str]:
    """`subject_titles` of the sorted `names`, shuffled by `random.Random(seed)`: the same draw on every machine."""
    return shuffled(subject_titles(sorted(names)), seed)


def archive_names(archive: Path) -> list[str]:
    """The file names in a corpus archive (a .tar.xz as luigi.cfg's `corpus`)."""
    with tarfile.open(archive) as tar:
        return [member.name for member in tar if member.isfile()]


def archive_pages(archive: Path) -> Iterator[tuple[str, str]]:
    """(file name, text) of each .html page in a corpus archive, read as UTF-8 (bad bytes
    replaced), one at a time: the 6,000-page corpus is 900 MB unpacked."""
    with tarfile.open(archive) as tar:
        for member in tar:
            if member.isfile() and member.name.endswith(".html"):
                yield member.name, tar.extractfile(member).read().decode("utf-8", "replace")


def reference_keywords(path: Path = QUALITY) -> set[str] | None:
    """The reference evaluation's keywords, or None when it has not been run here."""
    if not path.is_file():
        return None
    return {entry["keyword"] for entry in json.loads(path.read_text(encoding="utf-8"))["keywords"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("keywords", nargs="*", help="the keywords written down for the set, in order")
    ap.add_argument("--draw", type=int, metavar="SEED", help="draw the keywords from the corpus's page titles instead")
    ap.add_argument("--count", type=int, default=20, help="with --draw: stop after this many usable (default 20)")
    ap.add_argument("--pool", choices=("pages", "links"), default="pages",
                    help="with --draw: draw the corpus's page titles (default) or the titles of the articles its pages link to")
    args = ap.parse_args(argv)
    if bool(args.keywords) == (args.draw is not None):
        ap.error("give the keywords written down for the set, or --draw SEED, not both")
    references = reference_keywords()
    if references is None:
        print(f"no reference results at {QUALITY}: run python -m bench.quality.evaluate first", file=sys.stderr)
        return 2
    judged = set(json.loads(JUDGEMENTS.read_text(encoding="utf-8"))["keywords"])
    os.chdir(ROOT)  # luigi.cfg and the index's relative path
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pipeline.search import LocalBackend
    from tasks.index import BuildIndex

    index = BuildIndex()
    db = Path(index.output()["db"].path)
    if not db.is_file():
        print(f"no index at {db}: build it with luigi --module tasks BuildIndex --local-scheduler", file=sys.stderr)
        return 2
    keywords = args.keywords
    if args.draw is not None:
        archive = Path(index.corpus)
        if not archive.is_file():
            print(f"--draw reads a corpus archive; [BuildIndex] corpus {archive} is not one", file=sys.stderr)
            return 2
        if args.pool == "pages":
            keywords = drawn(archive_names(archive), args.draw)
        else:
            keywords = shuffled(linked_subject_titles(archive_pages(archive)), args.draw)
    backend = LocalBackend(db)
    forms = judged_forms(judged)
    usable = checked = 0
    for keyword in keywords:
        n_k = backend.hit_count([keyword])
        found = problems(keyword, n_k, judged, references, forms)
        usable += not found
        checked += 1
        print(f"{keyword}: n(k) {n_k}, {'; '.join(found) if found else 'usable'}")
        if args.draw is not None and usable == args.count:
            break
    print(f"{usable} of {checked} usable")
    return 0


if __name__ == "__main__":
    sys.exit(main())
