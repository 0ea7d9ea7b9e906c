"""What a run read from a page's parsed tree that the index does not store, kept on disk.

Two stages parse pages at run time: the tag-tree check, for pages whose stored labels do
not serve the parser asked for (a page lxml had to repair is read from a browser-grade tree:
Lexbor's, 0.01-0.2 s each, or html5lib's, 0.1-0.65 s; crawled pages are often such), and the Evidence stage without a page
about the keyword, for the links in the paragraphs naming it (about 10 ms a page, 100 pages
a run). What each reads is a property of the page, not of the keyword: the star labels of
every list item, and every link with its block's text. Kept per page, a later run on the
same pages (another keyword, another `--pages`, the other method) reads them instead of
parsing again, and answers the same.

Keys hold the backend's identity (an index rebuilt or changed gets new keys), a digest of
the boilerplate rules, the versions of the parsers, and the versions of the code that reads
the trees: the store's SCHEMA_VERSION, which the index's own items and labels follow (the
kept labels are computed by the same `index_items`), and VERSION for `link_blocks`. Values
are JSON, compressed (pipeline.store.pack_json): a worker process that parsed a page can
pack what it read, and only the packed bytes cross to the process that keeps them.
"""
from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Any

from .boilerplate import BoilerplateRules
from .search import SearchBackend
from .store import SCHEMA_VERSION, pack_json, unpack_json

VERSION = 2  # 2: values packed as JSON. Bump when pipeline.links.link_blocks (or what it calls) reads a tree differently


def _parsers() -> str:
    import html5lib
    from lxml import etree

    try:
        import selectolax
        lexbor = selectolax.__version__
    except ImportError:  # its parse says what to do, when a page needs it
        lexbor = "missing"
    return (f"lxml {etree.LXML_VERSION} libxml2 {etree.LIBXML_VERSION} html5lib {html5lib.__version__} "
            f"selectolax {lexbor}")


class PageCache:
    """Per-page analyses on disk (diskcache), keyed by backend, rules, kind and URL."""

    def __init__(self, backend: SearchBackend, rules: BoilerplateRules, cache_dir: str | Path):
        import diskcache

        self.cache = diskcache.Cache(str(cache_dir), size_limit=2**30)
        self.backend, self.rules = backend, rules

    @functools.cached_property
    def prefix(self) -> str:
        # Worked out on first use: a run whose pages all have stored labels never asks, and
        # need not import html5lib (0.1 s) to learn its version.
        ident = "\x1f".join((self.backend.identity(), json.dumps(self.rules.dump(), sort_keys=True), _parsers(),
                              f"schema {SCHEMA_VERSION} pages {VERSION}"))
        return hashlib.sha1(ident.encode()).hexdigest()[:16]

    def _key(self, kind: str, url: str) -> str:
        return "\x1f".join((self.prefix, kind, url))  # a str key is stored as it is (no pickling)

    def get(self, kind: str, url: str) -> Any | None:
        """What was kept for `url` under `kind` (tuples as lists), or None."""
        blob = self.cache.get(self._key(kind, url))
        return None if blob is None else unpack_json(blob)

    def set(self, kind: str, url: str, value: Any) -> None:
        """Keep `value` (JSON-able, not None) for `url` under `kind`."""
        self.set_packed(kind, url, pack_json(value))

    def set_packed(self, kind: str, url: str, blob: bytes) -> None:
        """Keep a value already packed by pipeline.store.pack_json."""
        self.cache.set(self._key(kind, url), blob)

    def close(self) -> None:
        """Close the cache's database."""
        self.cache.close()
