"""Pointer pages: a few words that send the reader on to the one page about their subject.

A site that moves its pages often leaves the old URLs standing as short notes ("There is a
new edition of the book and this is an old link ... In the second edition: Ch 5.00 —
Structs") with neither a canonical link nor a refresh, so `indexer.Copies` cannot see them.
Searched and counted as pages, they answer to the subject's plainest name ("Structs") and
become its page, though they hold no list and no description, and their old editions'
copies inflate the hit counts of every word on them.

Rule: a page with fewer than POINTER_WORDS words of main text whose main text (chrome
removed) links to one page of the collection and no other, where that page's title names
the pointer's subject (the pointer's own title, as whole words, each in the singular or the
plural as names are matched everywhere: "Structs" in "Using Structs to Structure Related
Data", "Enums" in "Defining an Enum"), is a copy of that page: not searched or counted, and the target
answers to the pointer's names too. A target that names the subject with a qualifier
("Korora (operating system)" from the page "Korora") is another sense of the name, not a
continuation. A chapter's page that lists its sections (a Texinfo node's menu: "Arithmetic"
with "Complex Arithmetic" among five others) links to more than one page and stays a page.
Measured in session 86 (index schemas 24-27): the rule reads 195 of the Rust book's 429
pages as pointers (its stubs at the first edition's URLs and its first, second and 2018
editions' pages) and two empty Maxima sections ("Warning messages", whose only link is up to
"Error and warning messages"), no page of the eight other sites and
none of the shared collection's 5,444 (its two nearest, "Korora" and "Embedded C", at 148 and
162 words, link on to another subject). Without the one-page condition it also took 18 of
Maxima's chapters, 8 of Octave's, 2 of MIT Scheme's and one Django page for one of their
sections, and Maxima lost 22 of its 148 contents-judged hits; with it, a bar on the target's
length (5 times the pointer's, then more than the pointer's) only kept some of the book's
stubs as the pages of their subjects ("ownership": 97 words with its code sample, against its
chapter's opening page's fewer), so there is none. Schema 28 matched the name's words in the
singular or the plural: 6 more of the book's stubs ("Enums" -> "Defining an Enum", "Slices"
-> "The Slice Type", "Generics" -> "Generic Types, Traits, and Lifetimes"), no page of the
nine other sites or of the shared collection.
"""
from __future__ import annotations

import sqlite3

from .boilerplate import BoilerplateRules
from .links import link_anchors
from .parse import content_tree
from .store import add_title_aliases, decompress, disambiguates, title_name, url_name_key
from .text import normalise, singular_words
from .urls import collection_url

POINTER_WORDS = 100  # a paragraph: the pointers seen hold 50-97 words with their example code


def names_subject(name_key: str, target_title: str) -> bool:
    """True if the target's title holds the normalised name as whole words, unqualified, each
    word in the singular or the plural ("Enums" in "Defining an Enum")."""
    if not name_key or disambiguates(target_title, name_key):
        return False
    name, title = singular_words(name_key), singular_words(normalise(title_name(target_title)))
    return bool(name) and any(title[i:i + len(name)] == name for i in range(len(title) - len(name) + 1))


def pointer_target(name_key: str, words: int, linked: dict[str, str]) -> str | None:
    """The URL a page points on to, or None; `linked`: URL -> title of every page of the
    collection its main text links to."""
    if words >= POINTER_WORDS or len(linked) != 1:
        return None
    ((url, title),) = linked.items()
    return url if names_subject(name_key, title) else None


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
    by_id = {rowid: url for url, (rowid, _) in searchable.items()}
    pointed: dict[str, str] = {}
    # Only short bodies are read whole, and only their pages parsed: under 100 words, a body runs
    # past 40 characters a word only if it is a long identifier or URL, which no pointer is. Parsed
    # again here rather than in the build's workers, which would read every page's content links
    # to serve the few short ones (the shared collection's tests ran no slower with this pass).
    for rowid, body in con.execute("SELECT rowid, body FROM pages_fts WHERE length(body) < ?",
                                   (POINTER_WORDS * 40,)).fetchall():
        url = by_id.get(rowid)
        words = len((body or "").split())
        if url is None or words >= POINTER_WORDS:
            continue
        (html,) = con.execute("SELECT html FROM pages WHERE id = ?", (rowid,)).fetchone()
        if html is None:
            continue
        linked = {t: searchable[t][1] for t in content_targets(decompress(html), url, rules, link_prefix)
                  if t in searchable}
        target = pointer_target(normalise(title_name(searchable[url][1])), words, linked)
        if target:
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
        # Its name, not every part of its title: a site's name after a separator is no alias.
        add_title_aliases(con, target_id, {normalise(title_name(title)), url_name_key(url)})
        folded += 1
    return folded
