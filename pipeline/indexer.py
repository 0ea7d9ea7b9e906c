"""Build the page store and its full-text index from a page collection, on every core.

Parsing is the cost (lxml, about 10 ms a page with chrome removal and link extraction),
so worker processes parse while the parent reads the collection and writes SQLite.
"""
from __future__ import annotations

import gc
import multiprocessing as mp
import os
import time
from collections import Counter
from pathlib import Path
from typing import Callable, Iterator

from .boilerplate import DEFAULT_RULES, NO_RULES, BoilerplateRules
from .corpus import check_corpus, is_archive, is_store, iter_archive, iter_folder, iter_store
from mining.listitems import item_rows
from scoring.tagtree import labels, nearest_headings

from .glossary import definition_entries, is_glossary
from .parse import declared_canonical, parse_page
from .pointers import fold_pointers
from .testbed import first_paragraph_of
from .store import (SCHEMA_VERSION, add_title_aliases, connect, insert_page, make_searchable, pack_html, pack_items, pack_links,
                    set_meta, site_aside, title_keys, unpack_items, unpack_json, url_name_key)
from .urls import canonical, collection_url, file_url, host

_rules: BoilerplateRules = DEFAULT_RULES


_link_prefix = ""  # a folder's or archive's URL prefix: its files' links are mapped to their URLs
_FILE_SUFFIXES = (".html", ".htm", ".xhtml", ".HTML", ".HTM")  # link targets have no #fragment (canonical)


def _init_worker(rules: BoilerplateRules, link_prefix: str = "") -> None:
    global _rules, _link_prefix
    _rules, _link_prefix = rules, link_prefix
    # A forked worker inherits the parent's whole heap (Luigi, pandas, NLTK when run as a
    # task); freezing it keeps the worker's garbage collections from walking it again.
    gc.freeze()


def index_items(root, url: str) -> list[list]:
    """[path, tag, text, drop reason, star labels] of every list item of a chrome-free tree.

    Stored so a topic run reads list items and tag-tree labels instead of parsing its
    pages again. The star rule looks at every item whose normalised text equals a
    candidate, dropped or not, so labels are kept for every item that can: all but the
    empty ones and those dropped for a digit or length (a candidate, made of kept
    items, has no digit and at most MAX_WORDS words, and normalising keeps both).
    """
    headings = nearest_headings(root)
    return [[item.path, item.tag, item.text, item.reason,
             None if item.reason in _NEVER_CANDIDATES or (item.reason or "").startswith("more than")
             else labels(el, headings.get(el))]
            for el, item in item_rows(root, url)]


_NEVER_CANDIDATES = frozenset({"empty", "digit"})


def parse_for_index(item: tuple[str, bytes | str], rules: BoilerplateRules | None = None):
    """Parse one collection entry into store fields, or (url, None, reason) when unusable."""
    url, source = item
    try:
        raw = source if isinstance(source, bytes) else Path(source).read_bytes()
    except OSError as exc:
        return url, None, f"unreadable ({exc.strerror})"
    page = parse_page(raw, url, rules or _rules, on_content=lambda root: _content_facts(root, url, rules or _rules))
    if page.problem:
        return url, None, page.problem
    links, declared = page.links, page.extra[2]
    if _link_prefix:  # a saved site links its files by their names: x.html is the page at x
        # endswith in C first: a Wikipedia page's ~125 links end so none, and cost nothing more.
        links = [(collection_url(target, _link_prefix), anchor) if target.endswith(_FILE_SUFFIXES)
                 else (target, anchor) for target, anchor in links]
        declared = collection_url(declared, _link_prefix)
    return url, {"host": host(url), "title": page.title, "text": page.text, "html_packed": pack_html(raw),
                 "links_packed": pack_links(links), "items_packed": pack_items(page.extra[0]),
                 "repaired": page.repaired, "lead": page.extra[1], "declared": declared,
                 "filed": page.filed,
                 "entries_packed": pack_items(page.extra[3]) if is_glossary(page.extra[3], page.text) else None}


def _content_facts(root, url: str, rules: BoilerplateRules) -> tuple[list[list], str, str, list[list]]:
    # Items first: the lead's text extraction adds line breaks inside paragraphs. The tree
    # is chrome-free already (parse_page stripped it with `rules`): asking the rules again
    # of every paragraph and heading finds nothing more (same lead on all 6,000 pages).
    items = index_items(root, url)
    return items, first_paragraph_of(root, NO_RULES), declared_canonical(root, url), definition_entries(root)


class Copies:
    """One searchable page per declared canonical URL; the other pages naming it are copies.

    A collection can hold one article under several URLs (a wiki's redirects saved as
    pages, print views, URLs with tracking parameters). Counted as many documents, it
    would inflate the hit counts of everything on it and fill the top results with one
    page; search engines collapse such copies, and pages say which URL stands for them
    with `<link rel="canonical">`. Rule: a page whose declared canonical URL is its own,
    or that declares none, is searchable at once; a page naming another URL waits until
    the collection is read; then, per canonical URL, the page at that URL if stored, else
    the first of the group in collection order, becomes searchable, and the rest are
    stored as copies (`duplicate_of`, read by `store.get_page`), never searched or counted.
    """

    def __init__(self) -> None:
        self.owners: set[str] = set()           # canonical URLs of the pages that stand for themselves
        self.waiting: dict[str, list[tuple[int, str, str | None, str]]] = {}  # canonical -> [(rowid, title, text, url)]
        self.stored: set[str] = set()           # the URL of every waiting page

    def searchable_now(self, url: str, declared: str) -> bool:
        """True if the page stands for itself; else it waits for resolve()."""
        own = canonical(url) or url
        if not declared or declared == own:
            self.owners.add(own)
            return True
        return False

    def wait(self, declared: str, rowid: int, title: str, text: str | None, url: str) -> None:
        self.waiting.setdefault(declared, []).append((rowid, title, text, url))
        self.stored.add(url)

    def resolve(self, con) -> int:
        """Make each waiting group's stand-in searchable, mark the rest; the number of copies.

        The stand-in also answers to the names its copies' URLs spell (a wiki's redirects:
        "Knowledge_representation" for "Knowledge representation and reasoning").
        """
        copies = 0
        for declared, group in self.waiting.items():
            found = (con.execute("SELECT id FROM pages WHERE url = ?", (declared,)).fetchone()
                     if declared in self.owners or declared in self.stored else None)
            if declared in self.owners or found:
                # The page at the declared URL stands for the group, even one that itself names
                # another canonical URL: a site's redirect stub ("modules/model_persistence.html",
                # its canonical "../model_persistence.html") is a copy of the page it points to,
                # which declares the site's newest version ("stable/model_persistence.html").
                keeper, rest = declared, group
                keeper_id = found[0] if found else None
            else:
                (keeper_id, title, text, keeper), rest = group[0], group[1:]
                make_searchable(con, keeper_id, title, text, keeper)
            con.executemany("UPDATE pages SET duplicate_of = ? WHERE id = ?", [(keeper, r[0]) for r in rest])
            if keeper_id is not None:
                add_title_aliases(con, keeper_id, {url_name_key(r[3]) for r in rest})
            copies += len(rest)
        return copies


def drop_site_asides(con) -> dict[str, str]:
    """Take each host's name off its pages' titles where they end with it in brackets
    (store.site_aside: "Sets (GNU Octave (version 7.3.0))" -> "Sets"), so that the page
    answers to its own name and "(GNU Octave ...)" is not read as a qualifier; host -> aside."""
    by_host: dict[str, list[tuple[int, str]]] = {}
    for rowid, site, title in con.execute("SELECT id, host, title FROM pages WHERE duplicate_of IS NULL"):
        by_host.setdefault(site, []).append((rowid, title or ""))
    found = {}
    for site, rows in by_host.items():
        aside = site_aside([title for _, title in rows])
        if not aside:
            continue
        found[site] = aside
        for rowid, title in rows:
            if not title.endswith(aside) or not title[:-len(aside)].strip():
                continue
            name = title[:-len(aside)].rstrip()
            con.execute("UPDATE pages SET title = ? WHERE id = ?", (name, rowid))
            if con.execute("SELECT 1 FROM titles WHERE page = ? LIMIT 1", (rowid,)).fetchone() is None:
                continue  # a page with no main text answers to no name (make_searchable)
            con.executemany("DELETE FROM titles WHERE page = ? AND key = ?", [(rowid, k) for k in title_keys(title)])
            con.executemany("INSERT INTO titles(key, page) VALUES (?, ?)", [(k, rowid) for k in title_keys(name)])
    return found


# A definition term that this many pages of one site hold is a label of a form those pages
# share, not a term any of them defines: the MIT/GNU Scheme manual's 23 library pages each
# end with "URL", "Libraries", "Global"; PostgreSQL's reference pages with "name", "IF
# EXISTS", "CASCADE"; a wiki's pseudo-headings "Notes" (30 pages), "General" (14). Measured
# in session 46: the most any term of a real glossary of the shared corpus reaches is 4.
FORM_LABEL_PAGES = 10
FORM_LABEL = "a form's label"  # the drop reason the stored items get


def drop_form_labels(con) -> dict[str, list[str]]:
    """Mark as dropped (FORM_LABEL) the definition-list terms (`<dt>` items) that at least
    FORM_LABEL_PAGES pages of a host hold, and take them out of the pages' glossary entries;
    host -> the labels, sorted."""
    counts: dict[str, Counter] = {}
    held: dict[int, tuple[str, set[str]]] = {}  # page -> (host, its terms): the second pass reads only those
    for rowid, site, blob in con.execute("SELECT id, host, items FROM pages WHERE items IS NOT NULL "
                                         "AND duplicate_of IS NULL"):
        texts = {row[2] for row in unpack_items(blob) or [] if row[1] == "dt" and row[3] is None}
        if texts:
            counts.setdefault(site, Counter()).update(texts)
            held[rowid] = (site, texts)
    found = {site: {t for t, n in c.items() if n >= FORM_LABEL_PAGES} for site, c in counts.items()}
    found = {site: terms for site, terms in found.items() if terms}
    for rowid, (site, texts) in held.items():
        terms = found.get(site, set())
        if texts & terms:
            blob, entries_blob = con.execute("SELECT items, entries FROM pages WHERE id = ?", (rowid,)).fetchone()
            items = unpack_items(blob) or []
            for row in items:
                if row[1] == "dt" and row[3] is None and row[2] in terms:
                    row[3] = FORM_LABEL
            entries = [e for e in unpack_json(entries_blob) if e[1] not in terms] if entries_blob else []
            con.execute("UPDATE pages SET items = ?, entries = ? WHERE id = ?",
                        (pack_items(items), pack_items(entries) if entries else None, rowid))
    return {site: sorted(terms) for site, terms in found.items()}


def collection_root(path: Path) -> Path:
    """The folder whose files map to URLs: a lone top folder with no pages beside it is skipped."""
    entries = list(path.iterdir())
    dirs = [e for e in entries if e.is_dir()]
    if len(dirs) == 1 and not any(e.is_file() and e.suffix.lower() in (".html", ".htm") for e in entries):
        return dirs[0]
    return path


def iter_collection(corpus: Path, url_prefix: str) -> Iterator[tuple[str, bytes | str]]:
    """(URL, bytes or file path) for every HTML file of the collection."""
    if is_store(corpus):  # a crawl: its pages already carry their URLs
        yield from iter_store(corpus)
    elif is_archive(corpus):
        for rel, raw in iter_archive(corpus):
            yield file_url(rel, url_prefix), raw
    else:
        for rel, full in iter_folder(collection_root(corpus)):
            yield file_url(rel, url_prefix), str(full)


def build_index(corpus: str | Path, dest: str | Path, url_prefix: str,
                rules: BoilerplateRules = DEFAULT_RULES, workers: int | None = None,
                progress: Callable[[int, int], None] | None = None,
                limit: int | None = None) -> dict:
    """Build the store at `dest` (which must not exist yet) and return a summary dict."""
    corpus = check_corpus(corpus)
    started = time.perf_counter()
    workers = workers or os.cpu_count() or 1
    con = connect(dest)
    con.execute("PRAGMA journal_mode = OFF")  # built in a temporary file, renamed when done
    con.execute("PRAGMA synchronous = OFF")
    # One big merge at the end instead of incremental ones while inserting: ~30% less
    # time in FTS5, which runs in this process beside the parsers.
    con.execute("PRAGMA cache_size = -400000")
    con.execute("INSERT INTO pages_fts(pages_fts, rank) VALUES ('automerge', 0)")
    skipped: Counter[str] = Counter()
    pages = dupes = 0
    copies = Copies()
    items = iter_collection(corpus, url_prefix)
    if limit:
        items = (x for i, x in zip(range(limit), items))
    ctx = mp.get_context("fork" if hasattr(os, "fork") else "spawn")
    link_prefix = "" if is_store(corpus) else url_prefix  # a crawl's links are the web's own
    with ctx.Pool(workers, initializer=_init_worker, initargs=(rules, link_prefix)) as pool:
        for n, row in enumerate(pool.imap(parse_for_index, items, chunksize=8), 1):
            if row[1] is None:
                skipped[row[2]] += 1
            else:
                url, fields = row
                declared = fields.pop("declared")
                now = copies.searchable_now(url, declared)
                rowid = insert_page(con, url, **fields, searchable=now)
                if rowid is None:
                    dupes += 1
                else:
                    pages += 1
                    if not now:
                        copies.wait(declared, rowid, fields["title"], fields["text"], url)
            if progress and n % 250 == 0:
                progress(n, pages)
    n_copies = copies.resolve(con)
    asides = drop_site_asides(con)
    n_pointers = fold_pointers(con, rules, link_prefix)  # after the asides: a pointer is matched on its own name
    form_labels = drop_form_labels(con)
    if pages == 0:
        con.close()
        raise_empty(corpus, skipped)
    con.execute("INSERT INTO pages_fts(pages_fts) VALUES ('optimize')")
    con.execute("INSERT INTO pages_fts(pages_fts, rank) VALUES ('automerge', 4)")  # back to the default
    seconds = time.perf_counter() - started
    summary = {
        "corpus": str(corpus),
        "url_prefix": url_prefix,
        "pages": pages,
        "searchable": pages - n_copies - n_pointers,
        "copies": n_copies,
        "pointers": n_pointers,
        "site_asides": asides,
        "form_labels": form_labels,
        "skipped": sum(skipped.values()) + dupes,
        "skip_reasons": dict(skipped.most_common()) | ({"duplicate URL": dupes} if dupes else {}),
        "seconds": round(seconds, 2),
        "pages_per_second": round(pages / seconds, 1) if seconds else None,
        "workers": workers,
        "boilerplate_rules": rules.dump(),
        "schema_version": SCHEMA_VERSION,
    }
    set_meta(con, **summary)
    con.commit()
    con.close()
    return summary


def raise_empty(corpus: Path, skipped: Counter) -> None:
    """Fail with one line when a collection gave no usable page."""
    from .errors import UserError

    why = ", ".join(f"{k}: {v}" for k, v in skipped.most_common(3)) or "no .html files found"
    raise UserError(f"corpus {str(corpus)!r} has no usable HTML page ({why}): "
                    "point --BuildIndex-corpus at a folder or archive of .html files")
