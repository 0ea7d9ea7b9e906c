"""The index stores each page's list items and star labels; topic stages read them instead of
parsing again. These tests hold the stored path to the parse path on real corpus pages."""
from __future__ import annotations

import json

import pytest

from mining.listitems import iter_items
from pipeline import topic_stages as stages
from pipeline.boilerplate import DEFAULT_RULES
from pipeline.indexer import build_index
from pipeline.parse import content_tree
from pipeline.search import LocalBackend
from scoring.tagtree import nearest_headings, section_heading

from integration_support import WIKI, extract_slice


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    base = tmp_path_factory.mktemp("stored")
    corpus = extract_slice(base / "corpus")
    build_index(corpus, base / "pages.sqlite", WIKI, workers=2)
    b = LocalBackend(base / "pages.sqlite")
    b.urls = [u for (u,) in b.con.execute("SELECT url FROM pages ORDER BY url")]
    return b


class ParseOnly:
    """The same backend without the stored items: every stage parses the page."""

    def __init__(self, backend):
        self.backend = backend

    def fetch(self, url):
        page = self.backend.fetch(url)
        page._items = page._packed_items = None
        return page


def test_every_page_has_stored_items_and_repair_flag(backend):
    pages = [backend.fetch(u) for u in backend.urls]
    assert all(p.items is not None and p.repaired is not None for p in pages)
    assert sum(len(p.items) for p in pages) > 500


def test_stored_items_equal_parsed_items(backend):
    stored = stages.list_items(backend, backend.urls, DEFAULT_RULES)
    parsed = stages.list_items(ParseOnly(backend), backend.urls, DEFAULT_RULES)
    assert stored == parsed
    assert any(r["reason"] is None for r in stored) and any(r["reason"] for r in stored)


def test_labels_stored_for_every_item_that_can_equal_a_candidate(backend):
    seen = set()
    for url in backend.urls:
        for path, tag, text, reason, labels in backend.fetch(url).items:
            never = reason in ("empty", "digit") or (reason or "").startswith("more than")
            assert (labels is None) == never, (url, path, reason)
            seen.add(reason if reason in (None, "empty", "digit") else reason.split()[0])
    assert {None, "digit", "more"} <= seen


def candidates_from(items: list[dict]) -> list[dict]:
    """Every kept item text as a candidate, with the pages it is on."""
    by_phrase: dict[str, set] = {}
    for r in items:
        if r["reason"] is None:
            by_phrase.setdefault(" ".join(r["text"].lower().split()), set()).add(r["page"])
    return [{"phrase": p, "pages": sorted(pages)} for p, pages in by_phrase.items()]


@pytest.mark.parametrize("keyword", ["learning", "data", "computer"])
def test_stars_from_stored_labels_equal_stars_from_parsing(backend, keyword):
    items = stages.list_items(backend, backend.urls, DEFAULT_RULES)
    cands = [c for c in candidates_from(items) if c["phrase"].replace(" ", "").isalpha()]
    stored = stages.stars(backend, DEFAULT_RULES, cands, keyword, "lxml")
    parsed = stages.stars(ParseOnly(backend), DEFAULT_RULES, cands, keyword, "lxml")
    assert stored["stars"] == parsed["stars"]
    assert set(stored["parsers"]) == {"lxml (stored labels)"} and set(parsed["parsers"]) == {"lxml"}
    assert any(s["starred"] for s in stored["stars"].values())


def test_auto_reparses_only_repaired_pages(backend):
    items = stages.list_items(backend, backend.urls, DEFAULT_RULES)
    cands = candidates_from(items)
    result = stages.stars(backend, DEFAULT_RULES, cands, "computer", "auto")
    repaired = sum(backend.fetch(u).repaired for u in {p for c in cands for p in c["pages"]})
    assert result["parsers"].get("lexbor", 0) == repaired
    assert json.dumps(result)  # the artifact stays JSON


def test_nearest_headings_agree_with_section_heading(backend):
    checked = 0
    for url in backend.urls:
        root, _ = content_tree(backend.fetch(url).raw, DEFAULT_RULES)
        headings = nearest_headings(root)
        for el, _ in iter_items(root):
            assert headings.get(el) is section_heading(el)
            checked += 1
    assert checked > 500
