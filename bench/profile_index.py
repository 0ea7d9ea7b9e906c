"""Where the index build's CPU goes, per page: each step of parse_for_index timed alone.

    python bench/profile_index.py [--corpus DIR] [--pages 600] [--seed 1]

One process, CPU time (time.process_time_ns), a random sample of the collection read
into memory first. Each step runs on the output of the steps before it, in the order
parse_for_index runs them, so the figures add up to one page's work in a worker. The
parent's share (SQLite, FTS5) is not here: bench_topic.py measures the whole build.
"""
from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pipeline.boilerplate import DEFAULT_RULES, NO_RULES, strip_boilerplate  # noqa: E402
from pipeline.glossary import definition_entries, is_glossary  # noqa: E402
from pipeline.indexer import collection_root, index_items, iter_collection, parse_for_index  # noqa: E402
from pipeline.parse import (declared_canonical, element_text, html_problem, page_links, page_title,  # noqa: E402
                            parse_tree_checked, parser_input)
from pipeline.store import pack_html, pack_items, pack_links  # noqa: E402
from pipeline.testbed import first_paragraph_of  # noqa: E402
from pipeline.text import squash  # noqa: E402
from pipeline.urls import host  # noqa: E402

URL_PREFIX = "https://en.wikipedia.org/wiki/"


def profile(pages: list[tuple[str, bytes]]) -> dict[str, float]:
    """CPU milliseconds per page of each step, over `pages`."""
    spent: dict[str, int] = defaultdict(int)
    clock = time.process_time_ns

    def step(name, fn, *args):
        t = clock()
        out = fn(*args)
        spent[name] += clock() - t
        return out

    for url, raw in pages:
        if step("html check", html_problem, raw, None):
            continue
        source = step("decode", parser_input, raw)
        root, _ = step("lxml parse", parse_tree_checked, source)
        step("title", page_title, root)
        links = step("links", page_links, root, url)
        body = root.find("body")
        body = body if body is not None else root
        step("chrome removal", strip_boilerplate, body, DEFAULT_RULES)
        items = step("list items + labels", index_items, root, url)
        step("lead", first_paragraph_of, root, NO_RULES)
        step("canonical", declared_canonical, root, url)
        entries = step("glossary entries", definition_entries, root)
        text = step("main text", lambda b: squash(element_text(b)), body)
        step("host", host, url)
        step("pack html", pack_html, raw)
        step("pack links", pack_links, links)
        step("pack items", pack_items, items)
        if is_glossary(entries, text):
            step("pack entries", pack_items, entries)
    n = len(pages)
    return {k: v / 1e6 / n for k, v in spent.items()}


def cpu_ms(fn, pages: list[tuple[str, bytes]]) -> float:
    """CPU milliseconds per page of fn(url, raw) over `pages`."""
    t = time.process_time_ns()
    for url, raw in pages:
        fn(url, raw)
    return (time.process_time_ns() - t) / 1e6 / len(pages)


def whole(pages: list[tuple[str, bytes]]) -> float:
    """CPU milliseconds per page of parse_for_index itself, as a worker runs it."""
    return cpu_ms(lambda url, raw: parse_for_index((url, raw), DEFAULT_RULES), pages)


def sample_pages(corpus: str, pages: int, seed: int) -> list[tuple[str, bytes]]:
    """`pages` random (URL, bytes) of an unpacked collection folder; exits with one line when it is missing."""
    folder = Path(corpus)
    if not folder.is_dir():
        sys.exit(f"corpus {folder} is not a folder: unpack ../shared/corpora/wikipedia-cs-2020.tar.xz and pass --corpus")
    entries = list(iter_collection(collection_root(folder), URL_PREFIX))
    random.Random(seed).shuffle(entries)
    return [(url, Path(src).read_bytes()) for url, src in entries[:pages]]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default="/tmp/corpus/repository")
    ap.add_argument("--pages", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    pages = sample_pages(args.corpus, args.pages, args.seed)
    gc.collect()
    gc.freeze()
    whole(pages[:50])  # warm caches and memos as a worker's first pages would
    total = whole(pages)
    steps = profile(pages)
    width = max(map(len, steps))
    print(f"{len(pages)} pages, CPU ms a page, one process")
    for name, ms in steps.items():
        print(f"  {name:<{width}}  {ms:6.3f}")
    print(f"  {'sum of steps':<{width}}  {sum(steps.values()):6.3f}")
    print(f"  {'parse_for_index':<{width}}  {total:6.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
