"""Search backends: ranked search and exact-phrase hit counts behind one interface.

The method needs a search engine twice: the top pages for the keyword, and hit counts
(documents containing every given phrase). `LocalBackend` answers both from the page
store's FTS5 index; `CachedHitCounts` keeps answers on disk so re-runs cost nothing.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Protocol, Sequence
from urllib.parse import quote

from .errors import UserError
from .store import connect, decompress, disambiguates, title_keys, title_name, unpack_items
from .text import contains_phrase, normalise, plurals, singular, singular_last, singular_words, without_qualifier, words

# Words after "and" in a conjoined title that still name the keyword's twin: "Error
# detection and correction". With more, the two usually share a head that follows
# ("Information and communications technology" is a technology, not information).
MAX_TWIN_WORDS = 1


@dataclass(frozen=True)
class SearchHit:
    """One ranked search result."""

    rank: int
    url: str
    title: str
    score: float


class FetchedPage:
    """A result page's bytes and, when the backend keeps them, what the index extracted.

    `text` is the stored main text, `items` the stored list-item rows
    ([path, tag, text, drop reason, star labels]) and `repaired` whether lxml had to
    repair the page; each is None when the backend does not know it. The local store's
    bytes are decompressed only when `raw` is read: most stages need only text or items.
    """

    def __init__(self, url: str, raw: bytes | None = None, content_type: str | None = None,
                 text: str | None = None, problem: str | None = None, items: list | None = None,
                 repaired: bool | None = None, packed: bytes | None = None,
                 packed_items: bytes | None = None):
        self.url, self.content_type, self.text, self.problem = url, content_type, text, problem
        self.repaired = repaired
        self._raw, self._packed = raw, packed
        self._items, self._packed_items = items, packed_items

    @property
    def items(self) -> list | None:
        """The list-item rows the index stored for this page, or None."""
        if self._items is None and self._packed_items is not None:
            self._items = unpack_items(self._packed_items)
        return self._items

    @property
    def raw(self) -> bytes | None:
        """The page's bytes as fetched or stored."""
        if self._raw is None and self._packed is not None:
            self._raw = decompress(self._packed)
        return self._raw

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FetchedPage):
            return NotImplemented
        fields = ("url", "raw", "content_type", "text", "problem", "items", "repaired")
        return all(getattr(self, f) == getattr(other, f) for f in fields)

    def __repr__(self) -> str:
        size = None if self.raw is None else len(self.raw)
        return f"FetchedPage({self.url!r}, {size} bytes, problem={self.problem!r})"


class SearchBackend(Protocol):
    """What topic mining needs from a search engine."""

    name: str

    def identity(self) -> str:
        """A string that changes whenever the answers could change (for caches and run ids)."""

    def search(self, query: str, limit: int, offset: int = 0, domain: str = "") -> list[SearchHit]:
        """Results for `query` ranked best first, `limit` from `offset`, hosts under `domain`."""

    def hit_count(self, phrases: Sequence[str]) -> int:
        """Number of documents containing every phrase of `phrases` as an exact phrase."""

    def hit_counts_with(self, keyword: str, phrases: Sequence[str]) -> list[tuple[int, int]]:
        """(hit count of the phrase, hit count of the keyword and the phrase) for each phrase:
        what hit_count([p]) and hit_count([keyword, p]) give, counted together."""

    def fetch(self, url: str) -> FetchedPage:
        """The page behind a result URL."""

    def document_count(self) -> int:
        """Number of documents hit counts are taken over (N)."""

    def pages_about(self, phrase: str, with_plurals: bool = False) -> list[tuple[str, str, str]]:
        """(URL, title, first paragraph) of the pages titled `phrase`, then of those titled
        `phrase (something)`: one name, several meanings. A plural name with no such page
        is looked up in the singular; `with_plurals`, a singular name's plural titles follow
        its own (a manual's chapters: "Indexes" for "index")."""

    def pages_conjoined(self, phrase: str) -> list[tuple[str, str, str]]:
        """(URL, title, first paragraph) of the pages titled `phrase and ...` ("Error detection
        and correction" for "error detection"): one article about the phrase and its twin."""

    def leads_mentioning(self, phrase: str, domain: str = "") -> list[tuple[str, str, str]]:
        """(URL, title, first paragraph) of every page on hosts under `domain` whose main text contains `phrase`."""

    def entries_mentioning(self, phrase: str, domain: str = "") -> list[tuple[str, str, str]]:
        """(URL#anchor, term, description) of every glossary entry (pipeline.glossary) of the
        pages on hosts under `domain` whose main text contains `phrase`; the caller reads
        which descriptions name it."""

    def filed_under(self, url: str) -> list[str]:
        """The names of the classes the stored page at `url` is filed under by its site
        (category box, breadcrumb trail: pipeline.filing); [] if none or unknown."""

    def pages_ending_with(self, phrase: str) -> list[tuple[str, str, str]]:
        """(URL, title, first paragraph) of the pages whose title's name is longer than `phrase`
        and ends with its words, as a full name ends with a surname ("Geoffrey Hinton" for "Hinton")."""

    def pages_titled_with(self, phrase: str) -> list[tuple[str, str, str]]:
        """(URL, title, first paragraph) of the pages whose title's name holds `phrase`'s words,
        plurals folded, among more ("Performance Tips" for "performance")."""

    def texts_mentioning(self, phrase: str, domain: str = "") -> Iterator[str]:
        """The main text of every document on hosts under `domain` that contains `phrase`, best match first."""


# A key that more pages than this answer to only through a later part of their title is
# the site's name ("Machine learning - Wikipedia"), not what any of them is about.
SITE_NAME_PAGES = 3


def without_site_name(rows: list, key: str) -> list:
    """`_title_rows` rows less those matching `key` only as a later part of their title, when
    more than SITE_NAME_PAGES pages do: "Wikipedia" names the site of every page titled
    "... - Wikipedia", and a candidate so named would otherwise take any of them as its page."""
    def by_part(row: tuple) -> bool:
        title, exact = row[1], row[3]
        return exact and normalise(title_name(title)) != key and key in title_keys(title)[2:]
    kept = [r for r in rows if not by_part(r)]
    return rows if len(rows) - len(kept) <= SITE_NAME_PAGES else kept


def fts_phrase(phrase: str) -> str | None:
    """An FTS5 phrase string for `phrase`, or None if it has no words."""
    ws = words(phrase)
    return '"' + " ".join(ws) + '"' if ws else None


def _domain(domain: str) -> str:
    return domain.strip().lstrip(".").lower()


def domain_clause(domain: str) -> tuple[str, list[str]]:
    """SQL restricting `pages.host` to `domain` (".edu", "edu", "example.com")."""
    d = _domain(domain)
    if not d:
        return "", []
    return " AND (p.host = ? OR p.host LIKE ?)", [d, "%." + d]


def in_domain(page_host: str, domain: str) -> bool:
    """domain_clause's rule for one host: True when `domain` is empty or the host is under it."""
    d = _domain(domain)
    return not d or page_host == d or page_host.endswith("." + d)


class LocalBackend:
    """Ranked search (bm25) and exact phrase counts over a page store's FTS5 index."""

    name = "local"

    def __init__(self, index_path: str | Path):
        path = Path(index_path)
        if not path.is_file():
            raise UserError(f"index {str(path)!r} does not exist: build it first with "
                            "`luigi --module tasks BuildIndex --local-scheduler`")
        self.path = path
        try:
            self.con = connect(path, readonly=True)
            self.con.execute("SELECT count(*) FROM pages_fts WHERE rowid = 1").fetchone()
        except sqlite3.DatabaseError as exc:
            raise UserError(f"index {str(path)!r} is not a page store ({exc}): rebuild it "
                            "with `luigi --module tasks BuildIndex --local-scheduler`") from None

    def reopen(self) -> "LocalBackend":
        """The same index over a new connection (a forked process must not use this one's)."""
        return LocalBackend(self.path)

    def close(self) -> None:
        """Close the connection."""
        self.con.close()

    def identity(self) -> str:
        st = self.path.stat()
        return f"local:{self.path.resolve()}:{st.st_size}:{int(st.st_mtime)}"

    def search(self, query: str, limit: int, offset: int = 0, domain: str = "") -> list[SearchHit]:
        # The keyword is searched as a phrase: every result then contains it, as with a
        # quoted query to a web search engine. Title matches weigh 5x body matches.
        q = fts_phrase(query)
        if q is None or limit <= 0:
            return []
        extra, args = domain_clause(domain)
        rows = self.con.execute(
            "SELECT p.url, p.title, bm25(pages_fts, 5.0, 1.0) AS s FROM pages_fts "
            "JOIN pages p ON p.id = pages_fts.rowid WHERE pages_fts MATCH ?" + extra +
            " ORDER BY s, p.id LIMIT ? OFFSET ?",
            [q, *args, limit, offset],
        ).fetchall()
        return [SearchHit(offset + i + 1, url, title, round(-s, 4))
                for i, (url, title, s) in enumerate(rows)]

    def hit_count(self, phrases: Sequence[str]) -> int:
        parts = [fts_phrase(p) for p in phrases]
        if not parts or any(p is None for p in parts):
            return 0
        # Column filter: counts look at the main text only, never the title.
        match = " AND ".join("body : " + p for p in parts)
        return self.con.execute("SELECT count(*) FROM pages_fts WHERE pages_fts MATCH ?",
                                (match,)).fetchone()[0]

    def _documents(self, phrase: str) -> list[int] | None:
        q = fts_phrase(phrase)
        if q is None:
            return None
        return [r[0] for r in self.con.execute("SELECT rowid FROM pages_fts WHERE pages_fts MATCH ?",
                                               ("body : " + q,))]

    def hit_counts_with(self, keyword: str, phrases: Sequence[str]) -> list[tuple[int, int]]:
        # The keyword's documents read once, each phrase's once: one FTS query a phrase
        # instead of two, and the keyword's long doclist is not merged again each time.
        key_docs = set(self._documents(keyword) or ())
        out = []
        for phrase in phrases:
            docs = self._documents(phrase)
            out.append((0, 0) if docs is None else (len(docs), sum(1 for d in docs if d in key_docs)))
        return out

    def fetch(self, url: str) -> FetchedPage:
        row = self.con.execute(
            "SELECT p.html, p.content_type, f.body, p.items, p.repaired FROM pages p "
            "JOIN pages_fts f ON f.rowid = p.id WHERE p.url = ?", (url,)).fetchone()
        if row is None:
            return FetchedPage(url, None, problem="not in the page store")
        html, content_type, text, items, repaired = row
        return FetchedPage(url, None if html else b"", content_type, text, packed_items=items,
                           repaired=None if repaired is None else bool(repaired), packed=html or None)


    def document_count(self) -> int:
        # FTS5 keeps one row per document in its docsize table: counting it reads a few KB,
        # where count(*) on the FTS table reads every document's text (0.05-0.13 s).
        try:
            return self.con.execute("SELECT count(*) FROM pages_fts_docsize").fetchone()[0]
        except sqlite3.OperationalError:  # an FTS5 table made without sizes (columnsize=0)
            return self.con.execute("SELECT count(*) FROM pages_fts").fetchone()[0]

    def filed_under(self, url: str) -> list[str]:
        try:
            row = self.con.execute("SELECT filed FROM pages WHERE url = ?", (url,)).fetchone()
        except sqlite3.OperationalError:  # a store made before SCHEMA_VERSION 9, opened read-only
            return []
        return json.loads(row[0]) if row and row[0] else []

    def pages_about(self, phrase: str, with_plurals: bool = False) -> list[tuple[str, str, str]]:
        ws = words(phrase)
        if not ws:
            return []
        name = " ".join(ws)
        found = self._titled(name)
        if not found and singular_last(name) != name:
            # "Birds" is what the page "Bird" is about: titles are singular, names in lists
            # and keywords often plural. Only when no page has the name as written.
            found = self._titled(singular_last(name))
        elif with_plurals and singular_last(name) == name:
            # And the other way, for a keyword: a manual titles its chapters in the plural
            # ("Chapter 11. Indexes", "Triggers"); after the pages titled in the singular, which
            # may be something else ("Index": the manual's own index), choose_page reads them
            # all. Not for every name: singular_last's "economic" would find "Economics".
            seen = {row[0] for row in found}
            for other in plurals(ws[-1]):
                found += [row for row in self._titled(" ".join(ws[:-1] + [other])) if row[0] not in seen]
        return found

    def _title_rows(self, prefix: str, exact: str = "") -> list[tuple[str, str, str, bool]]:
        """(URL, title, first paragraph, exact) of the pages with a title key equal to `exact`
        or starting with `prefix` (a range on the key's index), exact ones first, then in
        store order."""
        try:
            return self.con.execute(
                "SELECT p.url, p.title, coalesce(p.lead, ''), t.key = ? AS exact FROM titles t "
                "JOIN pages p ON p.id = t.page WHERE t.key = ? OR (t.key >= ? AND t.key < ?) "
                "ORDER BY exact DESC, p.id", (exact, exact, prefix, prefix[:-1] + chr(ord(prefix[-1]) + 1))).fetchall()
        except sqlite3.OperationalError:  # a store from before titles were kept
            return []

    def _titled(self, key: str) -> list[tuple[str, str, str]]:
        # The title itself, or the title and more ("Kernel (operating system)": the key
        # "kernel operating system" starts with "kernel ").
        rows = self._title_rows(key + " ", exact=key)
        rows = without_site_name(rows, key)
        out, seen = [], set()
        # A page titled so before one that only answers to the name (its URL, a copy's URL).
        rows.sort(key=lambda r: (not r[3], r[3] and key not in title_keys(r[1])))
        for url, title, lead, exact in rows:
            if url not in seen and (exact or disambiguates(title, key)):
                seen.add(url)
                out.append((url, title, lead))
        return out

    def pages_conjoined(self, phrase: str) -> list[tuple[str, str, str]]:
        ws = words(phrase)
        if not ws:
            return []
        head = " ".join(ws) + " and "
        out, seen = [], set()
        for url, title, lead, _ in self._title_rows(head):
            # The title itself, not a key its URL spells; the twin at most MAX_TWIN_WORDS.
            name = " ".join(words(without_qualifier(title_name(title))))
            if (url not in seen and name.startswith(head)
                    and len(name[len(head):].split()) <= MAX_TWIN_WORDS):
                seen.add(url)
                out.append((url, title, lead))
        return out

    def pages_ending_with(self, phrase: str) -> list[tuple[str, str, str]]:
        ws = words(phrase)
        return [(url, title, lead) for url, title, lead, name in self._titles_holding(phrase)
                if len(name) > len(ws) and name[-len(ws):] == ws]

    def pages_titled_with(self, phrase: str) -> list[tuple[str, str, str]]:
        ws = singular_words(phrase)
        # The last word as a prefix: "records" for "record".
        return [(url, title, lead) for url, title, lead, name in self._titles_holding(phrase, prefix=True)
                if len(name) > len(ws) and contains_phrase([singular(w) for w in name], ws)]

    def _titles_holding(self, phrase: str, prefix: bool = False) -> list[tuple[str, str, str, list[str]]]:
        """(URL, title, first paragraph, the title's name as words) of the pages whose title holds
        the phrase (its last word as a prefix if asked), in store order."""
        q = fts_phrase(phrase)
        if q is None:
            return []
        rows = self.con.execute(
            "SELECT p.url, p.title, coalesce(p.lead, '') FROM pages_fts JOIN pages p ON p.id = pages_fts.rowid "
            "WHERE pages_fts MATCH ? ORDER BY p.id", ("title : " + q + (" *" if prefix else ""),)).fetchall()
        return [(url, title, lead, words(without_qualifier(title_name(title)))) for url, title, lead in rows]

    def _mentioning(self, phrase: str, domain: str, columns: str, present: str) -> list[tuple]:
        """`columns` of the pages (store order) whose main text contains the phrase and `present` holds."""
        q = fts_phrase(phrase)
        if q is None:
            return []
        extra, args = domain_clause(domain)
        try:
            return self.con.execute(
                f"SELECT {columns} FROM pages_fts JOIN pages p ON p.id = pages_fts.rowid "
                f"WHERE pages_fts MATCH ? AND {present}" + extra + " ORDER BY p.id",
                ["body : " + q, *args]).fetchall()
        except sqlite3.OperationalError:  # a store from before the column was kept
            return []

    def leads_mentioning(self, phrase: str, domain: str = "") -> list[tuple[str, str, str]]:
        """(url, title, first paragraph) of every page whose main text contains the phrase."""
        return [tuple(r) for r in self._mentioning(phrase, domain, "p.url, p.title, p.lead", "p.lead != ''")]

    def entries_mentioning(self, phrase: str, domain: str = "") -> list[tuple[str, str, str]]:
        """(URL#anchor, term, description) of every entry of the glossaries whose main text
        contains the phrase, in store and page order."""
        rows = self._mentioning(phrase, domain, "p.url, p.entries", "p.entries IS NOT NULL")
        # An entry without an id is pointed at by its term (a text fragment, as browsers read it).
        return [(f"{url}#{anchor}" if anchor else f"{url}#:~:text={quote(term)}", term, description)
                for url, blob in rows for anchor, term, description in unpack_items(blob)]

    def texts_mentioning(self, phrase: str, domain: str = "") -> Iterator[str]:
        """The main text of every document on hosts under `domain` whose main text contains the
        phrase, best match (bm25) first, read lazily: a reader that stops early reads no more."""
        q = fts_phrase(phrase)
        if q is None:
            return
        extra, args = domain_clause(domain)
        # Ids first (ordering them costs ~4 ms); texts in chunks, so the caller's limit, not
        # the keyword's 50 MB of documents, decides how much is read.
        ids = [r[0] for r in self.con.execute(
            "SELECT pages_fts.rowid FROM pages_fts JOIN pages p ON p.id = pages_fts.rowid "
            "WHERE pages_fts MATCH ?" + extra + " ORDER BY bm25(pages_fts), p.id", ["body : " + q, *args])]
        for i in range(0, len(ids), TEXT_CHUNK):
            chunk = ids[i:i + TEXT_CHUNK]
            found = dict(self.con.execute(
                f"SELECT rowid, body FROM pages_fts WHERE rowid IN ({','.join('?' * len(chunk))})", chunk))
            yield from (found[r] for r in chunk if found.get(r))


TEXT_CHUNK = 100  # documents read at a time by texts_mentioning


class CachedHitCounts:
    """Hit counts through a diskcache keyed by the backend's identity and the phrase set."""

    def __init__(self, backend: SearchBackend, cache_dir: str | Path, size_limit: int = 2**30):
        import diskcache

        self.backend = backend
        # No culling on each set (cull_limit=0): diskcache otherwise looks for expired rows
        # and the file's size on every one, about half of a set's cost (48 against 23 us),
        # and a new keyword's run sets ~2,000 counts. close() culls to size_limit once.
        self.cache = diskcache.Cache(str(cache_dir), size_limit=size_limit, cull_limit=0)
        self.prefix = hashlib.sha1(backend.identity().encode()).hexdigest()[:16]

    def _key(self, phrases: Sequence[str]) -> str:
        # A str key: diskcache stores it as it is, where a tuple is pickled and optimised
        # (pickletools) on every get and set, most of a cached count's cost.
        return "\x1f".join([self.prefix, *sorted(" ".join(words(p)) for p in phrases)])

    def __call__(self, phrases: Sequence[str]) -> int:
        key = self._key(phrases)
        n = self.cache.get(key)
        if n is None:
            n = self.backend.hit_count(phrases)
            self.cache.set(key, n)
        return n

    def with_keyword(self, keyword: str, phrases: Sequence[str]) -> list[tuple[int, int]]:
        """(n(phrase), n(keyword and phrase)) for each phrase, the same counts __call__ gives
        and caches, the missing ones counted by the backend in one batch."""
        keys = [(self._key([p]), self._key([keyword, p])) for p in phrases]
        got = [(self.cache.get(a), self.cache.get(b)) for a, b in keys]
        missing = [i for i, (a, b) in enumerate(got) if a is None or b is None]
        if missing:
            fresh = self.backend.hit_counts_with(keyword, [phrases[i] for i in missing])
            with self.cache.transact():  # one commit for the batch, not one a count
                for i, pair in zip(missing, fresh):
                    self.cache.set(keys[i][0], pair[0])
                    self.cache.set(keys[i][1], pair[1])
                    got[i] = pair
        return got

    def close(self) -> None:
        """Bring the cache down to its size limit, then release its files."""
        import diskcache

        try:
            self.cache.cull()
        except diskcache.Timeout:  # another run holds the database: it culls when it closes
            pass
        self.cache.close()


BACKENDS = ("local",)


def open_backend(name: str, index_path: str | Path) -> SearchBackend:
    """The backend called `name`, or a UserError listing the known ones."""
    if name == "local":
        return LocalBackend(index_path)
    raise UserError(f"unknown backend {name!r}: use one of {', '.join(BACKENDS)}")
