"""Feasibility probe: would a Lexbor tree (selectolax) bring the index build to its 20 s aim?

    python bench/probe_lexbor.py [--corpus DIR] [--pages 400] [--seed 1] [--rounds 3]

Not part of the pipeline: `pipeline.indexer.parse_for_index` stays on lxml. This times,
in one process and on the same pages, alternated round by round:
  - the parse alone: lxml's HTML parser (as `pipeline.parse`) against Lexbor's;
  - a worker's page: `parse_for_index` against `lexbor_page`, a sketch of the same steps on
    a Lexbor tree (title, out-links resolved by the pipeline's own `_resolve`, chrome
    removed by the same rules' decisions, list items with their tree paths, main text,
    declared canonical URL, and the same packing). What the sketch leaves out (back-matter
    sections, star labels, the lead, block-aware line breaks) is timed by
    `bench/profile_index.py` at ~0.6 ms a page on lxml; 0.7 ms is added to the sketch's figure.
It also prints how close the sketch's output is (links and list items per page, main
text length), so its time is not that of doing less.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lxml import etree  # noqa: E402

from bench.profile_index import cpu_ms, sample_pages  # noqa: E402
from pipeline.boilerplate import _HIDDEN_STYLE, DEFAULT_RULES, _class_id_hit  # noqa: E402
from pipeline.indexer import parse_for_index  # noqa: E402
from pipeline.links import _memo, _resolve  # noqa: E402
from pipeline.parse import html_problem, parser_input  # noqa: E402
from pipeline.store import pack_html, pack_items, pack_links, unpack_items, unpack_links  # noqa: E402
from pipeline.text import squash  # noqa: E402
from pipeline.urls import canonical  # noqa: E402

LEFT_OUT_MS = 0.7  # back matter, star labels, lead, block breaks: their lxml cost (profile_index.py), rounded up


def _chrome(node, rules=DEFAULT_RULES) -> bool:
    tag = node.tag
    if tag in rules.tags:
        return True
    at = node.attributes
    if not at:
        return False
    if "role" in at and (at["role"] or "").strip().lower() in rules.roles:
        return True
    if ("class" in at or "id" in at) and tag not in ("html", "body", "main", "article") \
            and _class_id_hit(at.get("class"), at.get("id"), tag == "a", rules.class_id_words, rules.class_names):
        return True
    return rules.drop_hidden and ("hidden" in at or (at.get("aria-hidden") or "").lower() == "true"
                                  or ("style" in at and bool(_HIDDEN_STYLE.search(at["style"] or ""))))


def _items_with_paths(body) -> list[list]:
    """[path, tag, text, None, None] of every li/dt under `body`, paths built in one walk."""
    out = []
    stack = [(body, "/html/body")]
    while stack:
        node, path = stack.pop()
        seen: dict[str, int] = {}
        child = node.child
        while child is not None:
            tag = child.tag
            if tag[0] != "-":
                seen[tag] = n = seen.get(tag, 0) + 1
                here = f"{path}/{tag}[{n}]"
                if tag == "li" or tag == "dt":
                    out.append([here, tag, squash(child.text()), None, None])
                if child.child is not None:
                    stack.append((child, here))
            child = child.next
    return out


def _link_pairs(tree, url: str):
    """(URL, anchor) of every resolvable link, through link_anchors' own cross-page memo."""
    origin = url[: url.find("/", url.find("//") + 2)]
    on_site = _memo.setdefault(origin, {})
    relative: dict[str, str | None] = {}
    for a in tree.css("a[href]"):
        href = a.attributes.get("href")
        if not href:
            continue
        memo = on_site if href[0] == "/" and href[1:2] != "/" else relative
        target = memo.get(href, "")
        if target == "":
            target = memo[href] = _resolve(href, url, origin)
        if target:
            yield target, " ".join(a.text().split())


def lexbor_page(url: str, raw: bytes) -> dict:
    """A sketch of parse_for_index's steps on a Lexbor tree (see the module doc)."""
    from selectolax.lexbor import LexborHTMLParser

    if html_problem(raw):
        return {}
    tree = LexborHTMLParser(parser_input(raw))
    t = tree.css_first("head > title") or tree.css_first("title")
    title = squash(t.text()) if t is not None else ""
    links = [(target, anchor) for target, anchor in _link_pairs(tree, url)]
    declared = ""
    for link in tree.css("head > link[rel]"):
        if (link.attributes.get("rel") or "").strip().lower() == "canonical" and link.attributes.get("href"):
            declared = canonical(link.attributes["href"].strip(), url) or ""
            break
    body = tree.body
    doomed, stack = [], [body.child] if body is not None and body.child is not None else []
    while stack:  # the same walk as strip_boilerplate: chrome subtrees are not entered
        node = stack.pop()
        while node is not None:
            if node.tag[0] == "-":  # text, comment
                node = node.next
                continue
            if _chrome(node):
                doomed.append(node)
            elif node.child is not None:
                stack.append(node.child)
            node = node.next
    for node in doomed:
        node.decompose()
    items = _items_with_paths(body) if body is not None else []
    text = squash(body.text(separator=" ")) if body is not None else ""
    return {"title": title, "text": text, "html_packed": pack_html(raw), "links_packed": pack_links(links),
            "items_packed": pack_items(items), "declared": declared}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default="/tmp/corpus/repository")
    ap.add_argument("--pages", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)
    try:
        import selectolax.lexbor  # noqa: F401
    except ImportError:
        sys.exit("selectolax is not installed: run make setup")
    pages = sample_pages(args.corpus, args.pages, args.seed)

    from selectolax.lexbor import LexborHTMLParser

    def lxml_parse(url, raw):
        etree.fromstring(raw, etree.HTMLParser(recover=True, no_network=True, encoding="utf-8"))

    runs = {"lxml parse": [], "lexbor parse": [], "parse_for_index (lxml)": [], "lexbor sketch": []}
    for _ in range(args.rounds):
        runs["lxml parse"].append(cpu_ms(lxml_parse, pages))
        runs["lexbor parse"].append(cpu_ms(lambda u, r: LexborHTMLParser(r), pages))
        runs["parse_for_index (lxml)"].append(cpu_ms(lambda u, r: parse_for_index((u, r), DEFAULT_RULES), pages))
        runs["lexbor sketch"].append(cpu_ms(lexbor_page, pages))
    med = {k: statistics.median(v) for k, v in runs.items()}
    print(f"{len(pages)} pages, CPU ms a page, median of {args.rounds} alternated rounds, one process")
    for k, v in med.items():
        print(f"  {k:<24} {v:6.2f}  ({min(runs[k]):.2f}-{max(runs[k]):.2f})")
    print(f"  parse: lexbor is {med['lxml parse'] / med['lexbor parse']:.1f}x faster")
    whole = med["lexbor sketch"] + LEFT_OUT_MS
    print(f"  worker page: sketch + {LEFT_OUT_MS} ms left out = {whole:.2f} ms, "
          f"{med['parse_for_index (lxml)'] / whole:.2f}x less than parse_for_index")

    # How close is the sketch's output? Per page ratios sketch / parse_for_index.
    ratios = {"links": [], "list items": [], "main text chars": []}
    for url, raw in pages[:100]:
        real = parse_for_index((url, raw), DEFAULT_RULES)[1]
        sketch = lexbor_page(url, raw)
        if real is None or not sketch:
            continue
        for name, a, b in (("links", unpack_links(sketch["links_packed"]), unpack_links(real["links_packed"])),
                           ("list items", unpack_items(sketch["items_packed"]), unpack_items(real["items_packed"])),
                           ("main text chars", sketch["text"], real["text"])):
            if b:
                ratios[name].append(len(a) / len(b))
    print("  sketch output against parse_for_index's (median ratio a page, 100 pages): "
          + ", ".join(f"{k} {statistics.median(v):.2f}" for k, v in ratios.items() if v))
    return 0


if __name__ == "__main__":
    sys.exit(main())
