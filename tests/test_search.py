"""Tests for pipeline/store.py and pipeline/search.py on a tiny page store built here."""
from __future__ import annotations

import sqlite3

import pytest

from pipeline import store
from pipeline.errors import UserError
from pipeline.search import (
    CachedHitCounts,
    in_domain,
    FetchedPage,
    LocalBackend,
    SearchHit,
    domain_clause,
    fts_phrase,
    open_backend,
)

# (url, host, title, main text)
PAGES = [
    ("http://a.example.com/intro", "a.example.com", "Intro",
     "Machine learning is fun. Deep learning is fun."),
    ("http://cs.stanford.edu/tools", "cs.stanford.edu", "Tools",
     "Learning about machine tools and a learning machine."),
    ("http://www.mit.edu/ai", "mit.edu", "AI research",
     "Artificial intelligence and machine learning research. Machine learning again."),
    ("http://d.example.net/deep", "d.example.net", "Deep learning",
     "Nothing relevant here at all."),
    ("http://e.example.com/ml", "e.example.com", "Machine Learning",
     "Machine learning is cool. Statistics is cool."),
    ("http://f.example.org/nets", "f.example.org", "Neural nets",
     "Deep learning uses neural networks."),
]
URLS = [p[0] for p in PAGES]
# Unrelated pages keep the test terms in under half of the documents, so bm25 scores
# (FTS5 floors the idf of a term in more than half the documents) are not all ~0.
FILLERS = [(f"http://filler{i}.example.org/", f"filler{i}.example.org", f"Filler {i}",
            "Cooking recipes with tomatoes and basil.") for i in range(10)]


def raw_html(title: str, text: str) -> bytes:
    return f"<html><head><title>{title}</title></head><body><p>{text}</p></body></html>".encode()


def build_store(path) -> None:
    con = store.connect(path)
    for i, (url, host, title, text) in enumerate(PAGES + FILLERS):
        links = [(URLS[(i + 1) % len(URLS)], "next page")]
        store.insert_page(con, url, host, title, text, store.pack_html(raw_html(title, text)),
                          store.pack_links(links))
    store.set_meta(con, pages=6, note="tiny")
    con.commit()
    con.close()


@pytest.fixture(scope="module")
def store_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("store") / "pages.sqlite"
    build_store(path)
    return path


@pytest.fixture()
def backend(store_path):
    b = LocalBackend(store_path)
    yield b
    b.con.close()


# --- store ----------------------------------------------------------------------------------

def test_store_round_trip(store_path):
    con = store.connect(store_path, readonly=True)
    try:
        assert store.page_count(con) == 16
        page = store.get_page(con, "http://a.example.com/intro")
        assert (page.id, page.host, page.title) == (1, "a.example.com", "Intro")
        assert page.html == raw_html("Intro", PAGES[0][3])
        assert page.links == [("http://cs.stanford.edu/tools", "next page")]
        assert store.get_text(con, "http://www.mit.edu/ai") == PAGES[2][3]
        assert store.get_page(con, "http://nope/") is None
        assert store.get_text(con, "http://nope/") is None
        assert store.get_meta(con) == {"pages": 6, "note": "tiny"}
    finally:
        con.close()


def test_insert_duplicate_url_returns_none(tmp_path):
    con = store.connect(tmp_path / "s.sqlite")
    args = ("t", "body", store.pack_html(b"<html></html>"), store.pack_links([]))
    assert store.insert_page(con, "http://x.org/", "x.org", *args) == 1
    assert store.insert_page(con, "http://x.org/", "x.org", *args) is None
    assert store.page_count(con) == 1
    assert con.execute("SELECT count(*) FROM pages_fts").fetchone()[0] == 1
    con.close()


def test_readonly_connect_does_not_create_a_file(tmp_path):
    with pytest.raises(sqlite3.OperationalError):
        store.connect(tmp_path / "missing.sqlite", readonly=True).execute("SELECT 1 FROM pages")
    assert not (tmp_path / "missing.sqlite").exists()


# --- search -----------------------------------------------------------------------------------

def test_search_title_match_ranks_first(backend):
    hits = backend.search("machine learning", limit=10)
    assert hits[0] == SearchHit(1, "http://e.example.com/ml", "Machine Learning", hits[0].score)
    assert sorted(h.url for h in hits) == sorted([URLS[0], URLS[2], URLS[4]])
    assert [h.rank for h in hits] == [1, 2, 3]
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert hits[0].score > hits[1].score


def test_search_is_a_phrase_query(backend):
    # cs.stanford.edu has "machine" and "learning" apart and "learning machine": no match.
    assert "http://cs.stanford.edu/tools" not in [h.url for h in backend.search("machine learning", 10)]
    assert [h.url for h in backend.search("learning machine", 10)] == ["http://cs.stanford.edu/tools"]


def test_search_matches_title_only_pages(backend):
    urls = [h.url for h in backend.search("deep learning", 10)]
    assert sorted(urls) == sorted([URLS[0], URLS[3], URLS[5]])
    assert urls[0] == "http://d.example.net/deep"


@pytest.mark.parametrize(
    "query, domain, expected",
    [
        ("machine learning", ".edu", ["http://www.mit.edu/ai"]),
        ("learning", "edu", ["http://cs.stanford.edu/tools", "http://www.mit.edu/ai"]),
        ("learning", "stanford.edu", ["http://cs.stanford.edu/tools"]),
        ("learning", "EXAMPLE.com", ["http://a.example.com/intro", "http://e.example.com/ml"]),
        ("learning", "ample.com", []),
        ("learning", "mit.edu", ["http://www.mit.edu/ai"]),
    ],
)
def test_search_domain_restriction(backend, query, domain, expected):
    assert sorted(h.url for h in backend.search(query, 10, domain=domain)) == expected


def test_search_offset_and_limit(backend):
    everything = backend.search("learning", limit=10)
    assert sorted(h.url for h in everything) == sorted(URLS)
    first, second, third = (backend.search("learning", 2, 0), backend.search("learning", 2, 2),
                            backend.search("learning", 4, 4))
    assert [h.rank for h in first + second + third] == [1, 2, 3, 4, 5, 6]
    assert [h.url for h in first + second + third] == [h.url for h in everything]
    assert [h.rank for h in backend.search("learning", 10, 5)] == [6]
    assert backend.search("learning", 2, 6) == []


def test_search_empty_query_or_zero_limit(backend):
    assert backend.search("  ?! ", 10) == []
    assert backend.search("learning", 0) == []


# --- hit counts ---------------------------------------------------------------------------------

@pytest.mark.parametrize(
    "phrases, n",
    [
        (["machine learning"], 3),
        (["deep learning"], 2),                     # d.example.net has it in its title only
        (["machine learning", "deep learning"], 1),
        (["deep learning", "machine learning"], 1),
        (["learning machine"], 1),
        (["learning"], 5),
        (["statistics", "machine learning"], 1),
        (["statistics", "deep learning"], 0),
    ],
)
def test_hit_count(backend, phrases, n):
    assert backend.hit_count(phrases) == n


def test_hit_count_case_and_punctuation_insensitive(backend):
    assert backend.hit_count(["MACHINE Learning"]) == 3
    assert backend.hit_count(["machine-learning!"]) == 3


def test_hit_count_body_only(backend):
    assert backend.hit_count(["neural nets"]) == 0     # title of f.example.org only
    assert backend.hit_count(["ai research"]) == 0     # title of www.mit.edu only
    assert backend.hit_count(["nothing relevant"]) == 1


def test_hit_count_empty_phrase(backend):
    assert backend.hit_count([""]) == 0
    assert backend.hit_count(["--"]) == 0
    assert backend.hit_count(["machine learning", ""]) == 0
    assert backend.hit_count([]) == 0


def test_hit_counts_with_equal_the_single_counts(backend):
    phrases = ["deep learning", "statistics", "learning machine", "neural networks", "--", "nothing relevant"]
    got = backend.hit_counts_with("machine learning", phrases)
    assert got == [(backend.hit_count([p]), backend.hit_count(["machine learning", p])) for p in phrases]
    assert got[0] == (2, 1) and got[4] == (0, 0)
    assert backend.hit_counts_with("--", ["deep learning"]) == [(2, 0)]


def test_pages_ending_with_finds_longer_titles_ending_with_the_words(backend):
    # Titles: "Machine Learning", "Deep learning", "AI research", "Neural nets", ...
    assert [t for _, t, _ in backend.pages_ending_with("learning")] == ["Deep learning", "Machine Learning"]
    assert backend.pages_ending_with("machine learning") == []  # the whole title: not longer
    assert backend.pages_ending_with("deep") == [] and backend.pages_ending_with("--") == []


def test_fts_phrase_and_domain_clause():
    assert fts_phrase("Machine-Learning's") == '"machine learning s"'
    assert fts_phrase("...") is None
    assert domain_clause(" .EDU ") == (" AND (p.host = ? OR p.host LIKE ?)", ["edu", "%.edu"])
    assert domain_clause("") == ("", [])


@pytest.mark.parametrize("page_host, domain, expected", [
    ("cs.stanford.edu", ".edu", True), ("stanford.edu", " EDU ", True), ("edu", ".edu", True),
    ("en.wikipedia.org", ".edu", False), ("notedu", "edu", False), ("example.com", "", True),
])
def test_in_domain_is_the_sql_rule_for_one_host(page_host, domain, expected):
    assert in_domain(page_host, domain) is expected


# --- fetch ----------------------------------------------------------------------------------------

def test_fetch_returns_raw_bytes_and_text(backend):
    page = backend.fetch("http://www.mit.edu/ai")
    assert page == FetchedPage("http://www.mit.edu/ai", raw_html("AI research", PAGES[2][3]),
                               "text/html", PAGES[2][3])
    assert page.problem is None


def test_fetch_unknown_url(backend):
    assert backend.fetch("http://unknown.org/") == FetchedPage(
        "http://unknown.org/", None, problem="not in the page store")


def test_identity(backend, store_path):
    ident = backend.identity()
    assert ident.startswith(f"local:{store_path.resolve()}:")
    assert ident.split(":")[-2] == str(store_path.stat().st_size)


# --- cached hit counts ----------------------------------------------------------------------------

def test_cached_hit_counts_same_numbers_and_normalised_keys(backend, tmp_path):
    cached = CachedHitCounts(backend, tmp_path / "cache")
    try:
        assert cached(["machine learning"]) == 3
        assert cached(["machine learning", "deep learning"]) == 1
        assert cached(["statistics", "deep learning"]) == 0   # zero is cached too
        assert len(cached.cache) == 3
        # Same phrase set in another order or spelling: same key, no new entry.
        assert cached(["Deep-Learning", "MACHINE learning"]) == 1
        assert cached(["machine  learning"]) == 3
        assert len(cached.cache) == 3
    finally:
        cached.close()


def test_cached_counts_with_a_keyword_share_the_single_counts_cache(backend, tmp_path):
    cached = CachedHitCounts(backend, tmp_path / "cache")
    try:
        assert cached(["deep learning"]) == 2  # cached alone first
        got = cached.with_keyword("machine learning", ["deep learning", "statistics"])
        assert got == [(2, 1), (1, 1)]
        assert len(cached.cache) == 4  # deep learning, statistics, and each with the keyword
        assert cached(["Statistics", "machine-learning"]) == 1  # the batch's entries answer single calls
        assert cached.with_keyword("machine learning", ["statistics"]) == [(1, 1)]
        assert len(cached.cache) == 4
    finally:
        cached.close()


def test_cache_is_brought_to_its_size_limit_when_closed(backend, tmp_path):
    import diskcache

    limit = 256 * 1024
    cached = CachedHitCounts(backend, tmp_path / "cache", size_limit=limit)
    phrases = [f"phrase number {i} with a few words to make the key long" for i in range(6000)]
    with cached.cache.transact():
        for i, p in enumerate(phrases):
            cached.cache.set(cached._key([p]), i)
    assert len(cached.cache) == 6000 and cached.cache.volume() > limit  # sets do not cull
    cached.close()
    reopened = diskcache.Cache(str(tmp_path / "cache"))
    try:
        assert 0 < len(reopened) < 6000 and reopened.volume() <= limit
        # The oldest counts go first (least recently stored), the newest stay.
        assert reopened.get(cached._key([phrases[-1]])) == 5999
        assert reopened.get(cached._key([phrases[0]])) is None
    finally:
        reopened.close()


def test_second_instance_answers_from_cache(store_path, tmp_path):
    first_backend = LocalBackend(store_path)
    first = CachedHitCounts(first_backend, tmp_path / "cache")
    assert first(["machine learning"]) == 3
    assert first(["deep learning"]) == 2
    first.close()
    first_backend.con.close()

    second_backend = LocalBackend(store_path)
    second = CachedHitCounts(second_backend, tmp_path / "cache")
    try:
        assert len(second.cache) == 2
        second_backend.con.close()  # the backend can no longer answer: only the cache can
        assert second(["machine learning"]) == 3
        assert second(["deep learning"]) == 2
        with pytest.raises(sqlite3.ProgrammingError):
            second(["statistics"])  # not cached: goes to the closed backend
    finally:
        second.close()


def test_cache_is_keyed_by_backend_identity(store_path, tmp_path):
    other_path = tmp_path / "other.sqlite"
    con = store.connect(other_path)
    store.insert_page(con, "http://z.org/", "z.org", "t", "machine learning",
                      store.pack_html(b"x"), store.pack_links([]))
    con.commit()
    con.close()
    a, b = LocalBackend(store_path), LocalBackend(other_path)
    ca, cb = CachedHitCounts(a, tmp_path / "cache"), CachedHitCounts(b, tmp_path / "cache")
    try:
        assert ca(["machine learning"]) == 3
        assert cb(["machine learning"]) == 1
        assert len(ca.cache) == 2
    finally:
        ca.close(), cb.close(), a.con.close(), b.con.close()


# --- errors -----------------------------------------------------------------------------------------

def test_local_backend_missing_file(tmp_path):
    with pytest.raises(UserError, match="does not exist"):
        LocalBackend(tmp_path / "missing.sqlite")
    assert not (tmp_path / "missing.sqlite").exists()


def test_local_backend_on_a_directory(tmp_path):
    with pytest.raises(UserError, match="does not exist"):
        LocalBackend(tmp_path)


def test_local_backend_non_sqlite_file(tmp_path):
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"this is not a database at all\n" * 100)
    with pytest.raises(UserError, match="is not a page store"):
        LocalBackend(path)


def test_local_backend_sqlite_without_index(tmp_path):
    path = tmp_path / "plain.sqlite"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    with pytest.raises(UserError, match="is not a page store"):
        LocalBackend(path)


def test_open_backend(store_path):
    b = open_backend("local", store_path)
    try:
        assert isinstance(b, LocalBackend)
        assert b.name == "local"
    finally:
        b.con.close()
    with pytest.raises(UserError, match="unknown backend 'nope': use one of local"):
        open_backend("nope", store_path)
