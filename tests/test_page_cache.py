"""What runs read from parsed pages is kept per page (pipeline.page_cache): a later run reads
it instead of parsing again, and the stages answer exactly as without it."""
from __future__ import annotations

import pytest

from pipeline import page_cache, topic_stages as stages
from pipeline.boilerplate import DEFAULT_RULES, BoilerplateRules
from pipeline.citing_links import LINK_BLOCKS, cited_links
from pipeline.indexer import build_index
from pipeline.page_cache import PageCache
from pipeline.search import LocalBackend
from pipeline.text import normalise
from scoring.names import concept_key

from integration_support import WIKI, extract_slice

# Three pages lxml has to repair (the auto star parser reads them with Lexbor) and two it does not.
TITLES = ["Expert_system", "Fuzzy_logic", "Backpropagation", "Machine_learning", "Data_mining"]
URLS = [WIKI + t for t in TITLES]


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    base = tmp_path_factory.mktemp("pagecache")
    corpus = extract_slice(base / "corpus", extra=0, titles=TITLES)
    build_index(corpus, base / "pages.sqlite", WIKI, workers=1)
    b = LocalBackend(base / "pages.sqlite")
    yield b
    b.con.close()


def candidates(backend) -> list[dict]:
    """Every kept list item of the pages as a candidate, with the pages it is on."""
    by_phrase: dict[str, set] = {}
    for r in stages.list_items(backend, URLS, DEFAULT_RULES):
        if r["reason"] is None:
            by_phrase.setdefault(normalise(r["text"]), set()).add(r["page"])
    return [{"phrase": p, "pages": sorted(pages)} for p, pages in by_phrase.items() if p]


def test_a_cache_answers_only_for_its_backend_rules_and_code(backend, tmp_path, monkeypatch):
    cache = PageCache(backend, DEFAULT_RULES, tmp_path / "c")
    cache.set("kind", URLS[0], [["x", "y", 0]])
    assert cache.get("kind", URLS[0]) == [["x", "y", 0]]
    assert cache.get("other kind", URLS[0]) is None and cache.get("kind", URLS[1]) is None
    cache.close()
    again = PageCache(backend, DEFAULT_RULES, tmp_path / "c")  # kept on disk
    assert again.get("kind", URLS[0]) == [["x", "y", 0]]
    other_rules = PageCache(backend, BoilerplateRules.off(), tmp_path / "c")
    assert other_rules.get("kind", URLS[0]) is None  # other chrome rules, other trees
    monkeypatch.setattr(page_cache, "VERSION", page_cache.VERSION + 1)
    newer_code = PageCache(backend, DEFAULT_RULES, tmp_path / "c")
    assert newer_code.get("kind", URLS[0]) is None  # link_blocks changed: nothing kept before serves
    for c in (again, other_rules, newer_code):
        c.close()


def test_repaired_pages_are_parsed_once_then_their_labels_read_from_the_cache(backend, tmp_path):
    assert sum(backend.fetch(u).repaired for u in URLS) == 3
    cands = candidates(backend)
    plain = stages.stars(backend, DEFAULT_RULES, cands, "data mining", "auto")
    assert plain["parsers"] == {"lexbor": 3, "lxml (stored labels)": 2}
    assert any(s["starred"] for s in plain["stars"].values())
    cache = PageCache(backend, DEFAULT_RULES, tmp_path / "c")
    cold = stages.stars(backend, DEFAULT_RULES, cands, "data mining", "auto", cache=cache)
    warm = stages.stars(backend, DEFAULT_RULES, cands, "data mining", "auto", cache=cache)
    assert cold == plain and warm == plain  # parsers used included: the artifact is the same
    # The warm run read the kept entries: a label planted there shows in its stars.
    kind, url = "star-entries-auto", WIKI + "Expert_system"
    used, entries = cache.get(kind, url)
    assert used == "lexbor" and entries
    path, text, _ = next(e for e in entries if normalise(e[1]) in {c["phrase"] for c in cands})
    cache.set(kind, url, (used, [[path, text, [["section heading", "Data mining, planted"]]]]))
    planted = stages.stars(backend, DEFAULT_RULES, cands, "data mining", "auto", cache=cache)
    assert {"page": url, "path": path, "via": "section heading", "label": "Data mining, planted"} in \
        planted["stars"][normalise(text)]["evidence"]
    cache.close()


def test_cited_links_read_each_pages_links_and_blocks_from_the_cache(backend, tmp_path):
    plain = cited_links(backend, URLS, "machine learning", DEFAULT_RULES)
    assert len(plain) > 10
    cache = PageCache(backend, DEFAULT_RULES, tmp_path / "c")
    assert cited_links(backend, URLS, "machine learning", DEFAULT_RULES, cache) == plain
    assert cited_links(backend, URLS, "machine learning", DEFAULT_RULES, cache) == plain
    links, texts = cache.get(LINK_BLOCKS, URLS[0])
    # Another keyword reads the same kept blocks: what a run for "fuzzy logic" finds is what it finds unkept.
    assert cited_links(backend, URLS, "fuzzy logic", DEFAULT_RULES, cache) == \
        cited_links(backend, URLS, "fuzzy logic", DEFAULT_RULES)
    cache.set(LINK_BLOCKS, URLS[0], (links + [["Planted concept", WIKI + "Planted", len(texts)]],
                                     texts + ["Machine learning needs a planted concept."]))
    found = cited_links(backend, URLS, "machine learning", DEFAULT_RULES, cache)
    assert found[concept_key("Planted concept")] == {"anchor": "Planted concept", "target": WIKI + "Planted",
                                                     "pages": [URLS[0]]}
    cache.close()
