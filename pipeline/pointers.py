"""Pointer pages: a few words that send the reader on to the one page about their subject.

A site that moves its pages often leaves the old URLs standing as short notes ("There is a
new edition of the book and this is an old link ... In the second edition: Ch 5.00 —
Structs") with neither a canonical link nor a refresh, so `indexer.Copies` cannot see them.
Searched and counted as pages, they answer to the subject's plainest name ("Structs") and
become its page, though they hold no list and no description, and their old editions'
copies inflate the hit counts of every word on them.

Rule: a page with fewer than POINTER_WORDS words of main text whose main text (chrome
removed) links to one page of the collection and no other, where that page's title names
the pointer's subject (the pointer's own title, as whole words: "Structs" in "Using Structs
to Structure Related Data") and it holds more words than the pointer, is a copy of
that page: not searched or counted, and the target answers to the pointer's names too. A
target that names the subject with a qualifier ("Korora (operating system)" from the page
"Korora") is another sense of the name, not a continuation. A chapter's page that lists its
sections (a Texinfo node's menu: "Arithmetic" with "Complex Arithmetic" among five others)
links to more than one page and stays a page. Measured in session 86: the rule reads 180 of
the Rust book's 429 pages as pointers (its first, second and 2018 editions' stubs) and none of
the shared collection's 5,444 (its two nearest, "Korora" and "Embedded C", at 148 and 162
words, link on to another subject); without the one-page condition it also took 18 of
Maxima's chapters, 8 of Octave's, 2 of MIT Scheme's and one Django page for one of their
sections, and Maxima lost 22 of its 148 contents-judged hits.
"""
from __future__ import annotations

import re
import sqlite3

from .boilerplate import BoilerplateRules
from .links import link_anchors
from .parse import content_tree
from .store import decompress, disambiguates, title_name, unpack_links, url_name_key
from .text import normalise
from .urls import collection_url

POINTER_WORDS = 100  # a paragraph: the pointers seen hold 50-97 words with their example code
# More words than the pointer, no more: the one-page condition is what tells a pointer from a
# chapter. A bar of 5 times (schemas 24 and 25) kept the Rust book's top-level stubs (79-97 words
# with their code samples) as the pages of "structs", "ownership" and "error handling", their
# chapters' opening pages holding 128-300 words; at 1 it reads 24 more of the book's stubs
# (180 in all) and one empty Maxima section ("Warning messages", under "Error and warning
# messages"), and no page of the other sites or the shared collection (session 86).
POINTER_RATIO = 1


def names_subject(name_key: str, target_title: str) -> bool:
    """True if the target's title holds the normalised name as whole words, unqualified."""
    if not name_key or disambiguates(target_title, name_key):
        return False
    return re.search(rf"(?<!\w){re.escape(name_key)}(?!\w)", normalise(title_name(target_title))) is not None


def pointer_target(name_key: str, words: int, targets: dict[str, tuple[str, int]]) -> str | None:
    """The one URL a short page points on to, or None; targets: URL -> (title, words)."""
    if words >= POINTER_WORDS:
        return None
    found = [url for url, (title, n) in targets.items()
             if n > POINTER_RATIO * words and names_subject(name_key, title)]
    return found[0] if len(found) == 1 else None


def _words(con: sqlite3.Connection, rowid: int) -> int:
    row = con.execute("SELECT body FROM pages_fts WHERE rowid = ?", (rowid,)).fetchone()
    return len((row[0] or "").split()) if row else 0


def content_targets(raw: bytes, url: str, rules: BoilerplateRules, link_prefix: str) -> set[str]:
    """The URLs a page's main text (chrome removed) links to, as the collection stores them."""
    root, _ = content_tree(raw, rules)
    if root is None:
        return set()
    found = {collection_url(target, link_prefix) if link_prefix else target
             for _, target, _ in link_anchors(root, url)}
    return {t.split("#", 1)[0] for t in found} - {url}


def fold_pointers(con: sqlite3.Connection, rules: BoilerplateRules, link_prefix: str = "") -> int:
    """Mark every pointer page a copy of the page it points to (module doc); the number marked.
    `rules` take the chrome off as the build did; `link_prefix` maps a saved site's file links."""
    searchable = {url: (rowid, title or "") for rowid, url, title in con.execute(
        "SELECT p.id, p.url, p.title FROM pages p JOIN pages_fts_docsize d ON d.id = p.id "
        "WHERE p.duplicate_of IS NULL")}
    # Bytes bound words from above, so only short bodies are read whole.
    short = [(rowid, body) for rowid, body in con.execute(
        "SELECT rowid, body FROM pages_fts WHERE length(body) < ?", (POINTER_WORDS * 40,))]
    sizes: dict[int, int] = {}
    pointed: dict[str, str] = {}
    by_id = {rowid: url for url, (rowid, _) in searchable.items()}
    for rowid, body in short:
        words = len((body or "").split())
        url = by_id.get(rowid)
        if url is None or words >= POINTER_WORDS:
            continue
        name_key = normalise(title_name(searchable[url][1]))
        (links,) = con.execute("SELECT links FROM pages WHERE id = ?", (rowid,)).fetchone()
        targets: dict[str, tuple[str, int]] = {}
        for href, _anchor in unpack_links(links):
            href = href.split("#", 1)[0]
            if href != url and href in searchable and href not in targets:
                target_id, title = searchable[href]
                if names_subject(name_key, title):  # read a target's size only when its title qualifies
                    if target_id not in sizes:
                        sizes[target_id] = _words(con, target_id)
                    targets[href] = (title, sizes[target_id])
        target = pointer_target(name_key, words, targets)
        if target is None:
            continue
        (html,) = con.execute("SELECT html FROM pages WHERE id = ?", (rowid,)).fetchone()
        if html is not None and content_targets(decompress(html), url, rules, link_prefix) & searchable.keys() == {target}:
            pointed[url] = target
    folded = 0
    for url, target in pointed.items():
        seen = {url}
        while target in pointed and target not in seen:  # an old edition's stub pointing at a newer stub
            seen.add(target)
            target = pointed[target]
        if target in seen:
            continue  # pointers in a ring point at nothing
        rowid, title = searchable[url]
        target_id = searchable[target][0]
        con.execute("UPDATE pages SET duplicate_of = ? WHERE id = ?", (target, rowid))
        con.execute("DELETE FROM pages_fts WHERE rowid = ?", (rowid,))
        con.execute("DELETE FROM titles WHERE page = ?", (rowid,))
        known = {k for (k,) in con.execute("SELECT key FROM titles WHERE page = ?", (target_id,))}
        # Its name, not every part of its title: a site's name after a separator is no alias.
        aliases = {normalise(title_name(title)), url_name_key(url)} - known - {""}
        con.executemany("INSERT INTO titles(key, page) VALUES (?, ?)", [(a, target_id) for a in sorted(aliases)])
        folded += 1
    return folded
