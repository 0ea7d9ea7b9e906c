"""The page store: one SQLite file with pages, their out-links and an FTS5 index on main text.

Topic mining, the local search backend and (later) the crawlers all read and write this
one schema. Raw HTML, link lists and list items are stored compressed with Zstandard
(level 1: 3x faster than zlib's fastest level on pages, and smaller); stores written
with zlib before schema 4 still read, since blobs are told apart by their magic bytes.
"""
from __future__ import annotations

import json
import re
import sqlite3
import threading
import zlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from .text import normalise
from .urls import title_from_url

# Bump when the schema or what is extracted into it changes: index folders are keyed by it,
# so an old index is rebuilt rather than silently reused.
SCHEMA_VERSION = 29  # what each version changed: docs/schema-versions.md

SCHEMA = """
CREATE TABLE IF NOT EXISTS pages (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL UNIQUE,
    host TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    html BLOB,              -- compressed raw bytes as fetched or read (module doc: Zstandard)
    links BLOB,             -- compressed JSON [[url, anchor], ...]
    status INTEGER,         -- HTTP status, 200 for corpus files
    content_type TEXT,
    fetched_at REAL,
    depth INTEGER,
    parent TEXT,
    anchor TEXT,
    context TEXT,           -- text around the link that led here (crawls)
    error TEXT,             -- fetch error category, NULL when the page is usable
    headers TEXT,           -- JSON of the response headers that matter (crawls)
    crawl_order INTEGER,    -- position in the crawl's visit order (crawls)
    items BLOB,             -- compressed JSON of the page's list items (index builds):
                            -- [[path, tag, text, drop reason, star labels], ...]
    repaired INTEGER,       -- 1 when lxml had to repair the page's structure (index builds)
    lead TEXT,              -- the first paragraph of running text (index builds)
    duplicate_of TEXT,      -- index builds: the URL of the stored page this one is a copy of
                            -- (same declared canonical URL); a copy is not searched or counted
    filed TEXT,             -- index builds: JSON list of the classes its site files it under
                            -- (category box, breadcrumb trail: pipeline.filing)
    entries BLOB            -- index builds: compressed JSON [[anchor, term, description], ...] of
                            -- a glossary's definition lists (pipeline.glossary); NULL for other pages
);
-- What a page calls itself: its normalised title and each part of it between separators
-- ("Machine learning - Wikipedia" -> "machine learning wikipedia", "machine learning",
-- "wikipedia"), so a phrase finds the page that is about it on any site's title style;
-- and the name its URL spells, and the URLs of its copies ("Image_processing" saved with
-- the title "Digital image processing"): url_name_key.
CREATE TABLE IF NOT EXISTS titles (key TEXT NOT NULL, page INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS titles_key ON titles(key);
CREATE INDEX IF NOT EXISTS pages_host ON pages(host);
CREATE VIRTUAL TABLE IF NOT EXISTS pages_fts USING fts5(
    title, body, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
"""


@dataclass
class StoredPage:
    """A row of the page store, decompressed on demand."""

    id: int
    url: str
    host: str
    title: str
    html: bytes
    links: list[tuple[str, str]]


def connect(path: str | Path, readonly: bool = False) -> sqlite3.Connection:
    """Open the store; read-only connections never create a file."""
    if readonly:
        uri = f"file:{Path(path).resolve()}?mode=ro"
        con = sqlite3.connect(uri, uri=True, check_same_thread=False)
    else:
        con = sqlite3.connect(str(path), check_same_thread=False)
        # 16 KB pages for a new store (a no-op on an existing one): rows carry ~35 KB blobs
        # of compressed HTML, and the index build's inserts, FTS5 merge and commit took
        # ~25% less CPU than with SQLite's default 4 KB.
        con.execute("PRAGMA page_size = 16384")
        con.executescript(SCHEMA)
        # A store made before SCHEMA_VERSION 9 or 10 (a crawl resumed) lacks the last columns.
        columns = {row[1] for row in con.execute("PRAGMA table_info(pages)")}
        for name, kind in (("filed", "TEXT"), ("entries", "BLOB")):
            if name not in columns:
                con.execute(f"ALTER TABLE pages ADD COLUMN {name} {kind}")
    return con


_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
_local = threading.local()  # zstandard contexts are not safe to share between threads


def compress(data: bytes) -> bytes:
    """Compress a blob for the store (Zstandard level 1)."""
    cctx = getattr(_local, "cctx", None)
    if cctx is None:
        import zstandard

        cctx = _local.cctx = zstandard.ZstdCompressor(level=1)
    return cctx.compress(data)


def decompress(blob: bytes) -> bytes:
    """A stored blob's bytes, whether Zstandard (schema 4) or zlib (earlier stores)."""
    if blob[:4] != _ZSTD_MAGIC:
        return zlib.decompress(blob)
    dctx = getattr(_local, "dctx", None)
    if dctx is None:
        import zstandard

        dctx = _local.dctx = zstandard.ZstdDecompressor()
    return dctx.decompress(blob)


def pack_html(raw: bytes) -> bytes:
    """Compress raw page bytes for storage (about 4x smaller)."""
    return compress(raw)


def _dumps(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), check_circular=False).encode()


def pack_links(links: list[tuple[str, str]]) -> bytes:
    """Compress an out-link list for storage."""
    return compress(_dumps(links))


def unpack_links(blob: bytes | None) -> list[tuple[str, str]]:
    """A stored out-link list as (URL, anchor) pairs."""
    return [(u, a) for u, a in json.loads(decompress(blob))] if blob else []


def pack_items(rows: list) -> bytes:
    """Compress a page's list-item rows for storage."""
    return pack_json(rows)


def unpack_items(blob: bytes | None) -> list | None:
    """A page's stored list-item rows, or None when the store has none for it."""
    return unpack_json(blob) if blob else None


def pack_json(value: object) -> bytes:
    """Any JSON-able value, compressed (tuples come back as lists)."""
    return compress(_dumps(value))


def unpack_json(blob: bytes) -> object:
    """A value `pack_json` packed."""
    return json.loads(decompress(blob))


def insert_page(con: sqlite3.Connection, url: str, host: str, title: str, text: str | None,
                html_packed: bytes | None, links_packed: bytes | None, status: int | None = 200,
                content_type: str | None = "text/html", fetched_at: float | None = None,
                depth: int | None = None, parent: str | None = None, anchor: str | None = None,
                context: str | None = None, error: str | None = None, headers: str | None = None,
                crawl_order: int | None = None, items_packed: bytes | None = None,
                repaired: bool | None = None, lead: str | None = None, searchable: bool = True,
                filed: list[str] | None = None, entries_packed: bytes | None = None) -> int | None:
    """Insert one page, and its FTS row when it has main text; None when the URL is already stored.

    `searchable=False` stores the page without its FTS and title rows (a copy, or a page
    whose turn comes later): `make_searchable` adds them.
    """
    cur = con.execute(
        "INSERT OR IGNORE INTO pages(url, host, title, html, links, status, content_type, fetched_at, "
        "depth, parent, anchor, context, error, headers, crawl_order, items, repaired, lead, filed, entries) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (url, host, title, html_packed, links_packed, status, content_type, fetched_at, depth, parent,
         anchor, context, error, headers, crawl_order, items_packed,
         None if repaired is None else int(repaired), lead,
         None if filed is None else json.dumps(filed, ensure_ascii=False), entries_packed),
    )
    if cur.rowcount == 0:
        return None
    rowid = cur.lastrowid
    if searchable:
        make_searchable(con, rowid, title, text, url)
    return rowid


def make_searchable(con: sqlite3.Connection, rowid: int, title: str, text: str | None, url: str = "") -> None:
    """Add a stored page's FTS row and title keys (and its URL's name), so search and hit counts see it."""
    if title and text is not None:
        keys = title_keys(title)
        alias = url_name_key(url)
        if alias and alias not in keys:
            keys.append(alias)
        con.executemany("INSERT INTO titles(key, page) VALUES (?, ?)", [(k, rowid) for k in keys])
    if text is not None:
        con.execute("INSERT INTO pages_fts(rowid, title, body) VALUES (?,?,?)", (rowid, title, text))


_TITLE_SEPARATORS = re.compile(r"\s+[-|\u2013\u2014\u00b7:]\s+")


# A manual's or a course's numbering before a title ("Chapter 11. Indexes", "11.2. Index
# Types", "Part II. The SQL Language", "9. Classes", an appendix's "F.46. tsm_system_rows"):
# the place in its table of contents, not part of the name. A word form needs its "." or
# ":" and a number its final ".", so "Section 230", "1984 (novel)", "3.5 mm jack" and
# "F.C. Barcelona" keep theirs.
_NUMBERING = re.compile(
    r"^(?:(?:chapter|part|appendix|section|book|volume|lesson|lecture|unit|module)\s+"
    r"(?:\d+|[ivxlcdm]+|[a-z])(?:\.\d+)*\s*[.:]|\d+(?:\.\d+)*\.|[a-z](?:\.\d+)+\.)\s+(?=\w)", re.I)


def without_numbering(name: str) -> str:
    """A title part less the table-of-contents number before it ("11.2. Index Types" -> "Index Types")."""
    return _NUMBERING.sub("", name.strip(), count=1)


def numbering_depth(title: str) -> int:
    """How deep a table of contents' numbering puts the page: 0 for none or a part, 1 for a
    chapter or appendix ("Chapter 35.", "9."), 2 for its sections ("36.5."), and so on."""
    m = _NUMBERING.match(_first_part(title))
    if m is None:
        return 0
    text = m.group(0).lower()
    if text.startswith(("part", "book", "volume")):
        return 0
    numbers = len(re.findall(r"\d+", text))
    return numbers + 1 if text[0].isalpha() and text[1] == "." else max(1, numbers)  # "F.46.": F's section


def trailing_aside(title: str) -> str:
    """The bracketed part a title ends with, brackets nested inside it included ("Sets (GNU
    Octave (version 7.3.0))" -> "(GNU Octave (version 7.3.0))"), or ""."""
    title = title.rstrip()
    if not title.endswith(")"):
        return ""
    depth = 0
    for i in range(len(title) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(title[i], 0)
        if depth == 0:
            return title[i:] if i > 0 and title[i - 1].isspace() else ""
    return ""


# A site whose pages' titles mostly end with the same bracketed part names itself there, as
# a Texinfo manual does ("Sets (GNU Octave (version 7.3.0))") and Javadoc ("String (Java
# Platform SE 8 )"); a wiki's qualifiers ("Kernel (operating system)") differ page by page.
SITE_ASIDE_SHARE = 0.5
SITE_ASIDE_MIN_PAGES = 10


def site_aside(titles: list[str]) -> str:
    """The bracketed part that at least SITE_ASIDE_SHARE of a site's titles end with (of at
    least SITE_ASIDE_MIN_PAGES titles), its name rather than theirs; "" if none does."""
    if len(titles) < SITE_ASIDE_MIN_PAGES:
        return ""
    counts = Counter(trailing_aside(t) for t in titles)
    counts.pop("", None)
    if not counts:
        return ""
    aside, n = counts.most_common(1)[0]
    return aside if n >= SITE_ASIDE_SHARE * len(titles) else ""


def title_name(title: str) -> str:
    """What a page calls itself: its title up to the first separator ("Robotics - Wikipedia"),
    less a table of contents' numbering ("Chapter 11. Indexes" -> "Indexes")."""
    return without_numbering(_first_part(title))


def _first_part(title: str) -> str:
    return _TITLE_SEPARATORS.split(title.strip(), maxsplit=1)[0].strip()


_QUALIFIER = re.compile(r"^(.*?)\s*\(([^()]+)\)$")


def disambiguates(title: str, key: str) -> bool:
    """True if the title names `key` with a qualifier: "Kernel (operating system)" for "kernel"."""
    m = _QUALIFIER.match(title_name(title))
    return m is not None and normalise(m.group(1)) == key


# Last path segments that name a site's place, not a page's subject.
_PLACE_NAMES = frozenset({"index", "default", "home", "main", "start", "welcome", "page", "article", "view",
                          "show", "print", "search", "wiki"})


def url_name_key(url: str) -> str:
    """The normalised name a page's URL spells (pipeline.urls.title_from_url), or "" for none.

    A wiki saves a redirect's target under the redirect's name ("Image_processing" holds
    "Digital image processing"), many sites put the subject in the path: the page answers
    to that name as to its title. A name that is only digits or a site's place ("index",
    "home") says nothing.
    """
    key = normalise(title_from_url(url)) if url else ""
    return key if any(c.isalpha() for c in key) and key not in _PLACE_NAMES else ""


def add_title_aliases(con: sqlite3.Connection, page: int, names: set[str]) -> None:
    """Let a page answer to more names (its copies'), those it does not answer to yet."""
    known = {k for (k,) in con.execute("SELECT key FROM titles WHERE page = ?", (page,))}
    con.executemany("INSERT INTO titles(key, page) VALUES (?, ?)", [(n, page) for n in sorted(names - known - {""})])


def title_keys(title: str) -> list[str]:
    """The normalised title and each separated part of it: what a page calls itself."""
    keys = [normalise(title)] + [normalise(without_numbering(part)) for part in _TITLE_SEPARATORS.split(title)]
    return list(dict.fromkeys(k for k in keys if k))


def set_meta(con: sqlite3.Connection, **values: object) -> None:
    """Store key/value facts about the store (JSON-encoded)."""
    con.executemany("INSERT OR REPLACE INTO meta(key, value) VALUES (?,?)",
                    [(k, json.dumps(v)) for k, v in values.items()])


def get_meta(con: sqlite3.Connection) -> dict:
    """All key/value facts about the store."""
    return {k: json.loads(v) for k, v in con.execute("SELECT key, value FROM meta")}


def get_page(con: sqlite3.Connection, url: str) -> StoredPage | None:
    """One stored page by URL, or None."""
    row = con.execute("SELECT id, url, host, title, html, links FROM pages WHERE url = ?",
                      (url,)).fetchone()
    if row is None:
        return None
    pid, url, host, title, html, links = row
    return StoredPage(pid, url, host, title, decompress(html) if html else b"", unpack_links(links))


def get_text(con: sqlite3.Connection, url: str) -> str | None:
    """The stored main text of a page, or None."""
    row = con.execute("SELECT f.body FROM pages p JOIN pages_fts f ON f.rowid = p.id "
                      "WHERE p.url = ?", (url,)).fetchone()
    return row[0] if row else None


def page_count(con: sqlite3.Connection) -> int:
    """Number of pages stored."""
    return con.execute("SELECT count(*) FROM pages").fetchone()[0]
