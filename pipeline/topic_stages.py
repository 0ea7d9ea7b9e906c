"""The topic chain's stages as functions: the previous stage's rows in, this stage's rows out.

Luigi tasks (tasks/topic.py) add only reading and writing artifacts around these, and
the benchmarks time exactly these, so there is one implementation of each stage. The
default method's own stage, Evidence, is in pipeline/evidence_stage.py.
"""
from __future__ import annotations

import os
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterable, Sequence

from mining.itemsets import frequent_itemsets, frequent_phrases, min_count
from mining.listitems import extract_items
from mining.transactions import phrase_transaction, word_transaction
from mining.wordorder import phrase_candidates, restore_order
from scoring.evidence import RANKING_VERSION
from scoring.hitscores import concept_type, scores
from scoring.tagtree import star_labelled

from .boilerplate import BoilerplateRules
from .indexer import index_items
from .noisy import noisy_reason
from .parse import content_tree, main_text
from .page_cache import PageCache
from .search import SearchBackend
from .text import plurals, singular, words

Progress = Callable[[int, int], None] | None
SCORE_COLUMNS = ["phrase", "n_k", "n_cp", "n_b", "s1", "s2", "s3", "s4", "s5", "s6", "type"]
_POOL_MIN_JOBS = 8  # below this, starting worker processes costs more than it saves


def map_pages(fn: Callable, jobs: Sequence, progress: Progress = None) -> Iterable:
    """fn over jobs in order, on every core when there are enough jobs."""
    total = len(jobs)
    if total < _POOL_MIN_JOBS or (os.cpu_count() or 1) < 2:
        results = map(fn, jobs)
        pool = None
    else:
        pool = ProcessPoolExecutor()
        results = pool.map(fn, jobs, chunksize=4)
    try:
        for i, result in enumerate(results, 1):
            if progress:
                progress(i, total)
            yield result
    finally:
        if pool:
            pool.shutdown()


def noisy_pages(backend: SearchBackend, urls: Sequence[str], rules: BoilerplateRules,
                progress: Progress = None) -> list[dict]:
    """Stage 2: each page kept, or dropped with the phrases that made it noisy."""
    rows = []
    for i, url in enumerate(urls, 1):
        page = backend.fetch(url)
        text = page.text
        if text is None:  # a backend without stored main text: extract it the index's way
            root, _ = content_tree(page.raw or b"", rules, "lxml", page.content_type)
            text = main_text(root, rules) if root is not None else ""
        reason = noisy_reason(text)
        rows.append({"url": url, "kept": reason is None, "reason": reason})
        if progress:
            progress(i, len(urls))
    return rows


def _items_of_page(job: tuple) -> list[dict]:
    url, raw, content_type, rules = job
    root, _ = content_tree(raw, rules, "lxml", content_type)
    return [vars(item) for item in extract_items(root, url)] if root is not None else []


def stored_items(url: str, rows: list) -> list[dict]:
    """List items as the index stored them, in the ListItems artifact's form."""
    return [{"page": url, "path": path, "tag": tag, "text": text, "reason": reason}
            for path, tag, text, reason, _ in rows]


def list_items(backend: SearchBackend, urls: Sequence[str], rules: BoilerplateRules,
               progress: Progress = None) -> list[dict]:
    """Stage 3: every <li>/<dt> of every page's main content, kept or with its drop reason.

    Pages whose list items the index stored are not parsed again; the others are.
    """
    found: dict[str, list[dict]] = {}
    jobs = []
    for url in urls:
        page = backend.fetch(url)
        if page.items is not None:
            found[url] = stored_items(url, page.items)
        else:
            jobs.append((url, page.raw or b"", page.content_type, rules))
    for job, rows in zip(jobs, map_pages(_items_of_page, jobs, progress)):
        found[job[0]] = rows
    return [row for url in urls for row in found[url]]


def transactions(items: Iterable[dict], mode: str, stemming: bool) -> list[dict]:
    """Stage 4: kept items as word sets (word mode) or normalised phrases (phrase mode)."""
    rows = []
    for i, item in enumerate(items):
        if item["reason"]:
            continue
        row = {"item": i, "page": item["page"], "text": item["text"]}
        if mode == "word":
            row["words"] = word_transaction(item["text"], stemming)
        else:
            row["phrase"] = phrase_transaction(item["text"])
        rows.append(row)
    return rows


def itemsets(tx: Sequence[dict], mode: str, min_support: float,
             algorithm: str = "fpgrowth") -> tuple[list[tuple[int, int, str]], int]:
    """Stage 5: (support, size, itemset text) of every frequent itemset, and the support count used."""
    threshold = min_count(min_support, len(tx))
    if mode == "word":
        found = frequent_itemsets([r["words"] for r in tx], threshold, max_len=3, algorithm=algorithm)
        return [(c, len(s), " ".join(sorted(s))) for s, c in found], threshold
    return [(c, len(p.split()), p) for p, c in frequent_phrases([r["phrase"] for r in tx], threshold)], threshold


def candidates(tx: Sequence[dict], frequent: Sequence[tuple[str, int]], mode: str, stemming: bool,
               keyword: str) -> dict:
    """Stage 6: candidate phrases in restored word order, and the itemsets dropped with why."""
    items = [(r["page"], r["text"]) for r in tx]
    if mode == "word":
        sets = [(frozenset(text.split()), n) for text, n in frequent]
        cands, dropped = restore_order(sets, items, stemming, keyword)
    else:
        cands, dropped = phrase_candidates(frequent, items, keyword)
    return {"candidates": [vars(c) for c in cands], "dropped": [vars(d) for d in dropped]}


# A plural this many times as frequent as the singular typed is what the collection calls
# the subject ("differential equations" 11 documents, "differential equation" 2).
PLURAL_SHARE = 3


def search_form(count: Callable[[Sequence[str]], int], keyword: str) -> str:
    """The keyword as the chain searches and counts it: as typed, or the plural of its last
    word that most documents hold, when no document holds it as typed or PLURAL_SHARE times
    as many hold the plural ("pairwise metric" -> "pairwise metrics": a site titles and
    writes its chapters in the plural, and a user types the singular). A search engine
    matches such forms itself; the index matches words as written, so a singular keyword
    rare as typed would count the few documents that happen to use the singular."""
    ws = words(keyword)
    # A word of one or two letters or with a digit has no plural to look for ("c", "3d", "web 2").
    if not ws or len(ws[-1]) < 3 or not ws[-1].isalpha() or singular(ws[-1]) != ws[-1]:
        return keyword
    typed = count([keyword])
    best, most = keyword, 0
    for other in plurals(ws[-1]):
        form = " ".join(ws[:-1] + [other])
        n = count([form])
        if n > most:
            best, most = form, n
    return best if most > 0 and most >= PLURAL_SHARE * typed else keyword


def hit_counts(count: Callable[[Sequence[str]], int], keyword: str, cands: Sequence[dict],
               progress: Progress = None) -> list[tuple[str, int, int, int]]:
    """Stage 7: (phrase, n(k), n(CP), n(b)) per candidate."""
    n_k = count([keyword])
    batch = getattr(count, "with_keyword", None)  # a counter that counts many phrases at once
    rows = []
    for start in range(0, len(cands), _COUNT_BATCH):
        phrases = [c["phrase"] for c in cands[start:start + _COUNT_BATCH]]
        pairs = batch(keyword, phrases) if batch else [(count([p]), count([keyword, p])) for p in phrases]
        rows += [(p, n_k, n_cp, n_b) for p, (n_cp, n_b) in zip(phrases, pairs)]
        if progress:
            progress(len(rows), len(cands))
    return rows


_COUNT_BATCH = 200  # candidates counted between progress reports


def score(hits: Iterable[tuple[str, int, int, int]], threshold: float) -> list[dict]:
    """Stage 8: S1..S6 and the type of each candidate, ranked by S1 (ties by phrase)."""
    rows = []
    for phrase, n_k, n_cp, n_b in hits:
        s = scores(n_k, n_cp, n_b)
        rows.append({"phrase": phrase, "n_k": n_k, "n_cp": n_cp, "n_b": n_b,
                     **{k: round(v, 6) for k, v in s.items()},
                     "type": concept_type(n_k, n_cp, s["s1"], threshold)})
    rows.sort(key=lambda r: (-r["s1"], r["phrase"]))
    return rows


def typed_score_row(row: dict) -> dict:
    """A score row read back from CSV, with numbers as numbers."""
    out = dict(row)
    for k in ("n_k", "n_cp", "n_b"):
        out[k] = int(row[k])
    for i in range(1, 7):
        out[f"s{i}"] = float(row[f"s{i}"])
    return out


def _star_entries_of_page(job: tuple) -> tuple[str, list | None]:
    """(parser used, [path, item text, labels] of every list item) of one page, as the index
    stores them (index_items), from the tree `parser` gives; (problem, None) if it gives none."""
    url, raw, content_type, rules, parser = job
    root, used = content_tree(raw, rules, parser, content_type)
    if root is None:
        return used, None
    return used, [[path, text, labs or []] for path, _, text, _, labs in index_items(root, url)]


def _evidence(found: dict) -> dict:
    return {p: [vars(e) for e in ev] for p, ev in found.items()}


def stored_labels_serve(page, parser: str) -> bool:
    """True when the index's stored labels give the tree `parser` asks for.

    The index labelled lxml's tree; auto uses that tree unless lxml had to repair the page.
    """
    if page.items is None or page.repaired is None:
        return False
    return parser == "lxml" or (parser == "auto" and not page.repaired)


def stars(backend: SearchBackend, rules: BoilerplateRules, cands: Sequence[dict], keyword: str,
          parser: str = "auto", progress: Progress = None, cache: PageCache | None = None) -> dict:
    """Stage 9: per candidate, starred or not with up to 5 labels as evidence; parsers used.

    Pages whose labels the index stored are checked from those; the rest are parsed, or read
    from `cache` when a run before parsed them, with the same labels as the index would
    store (pipeline.indexer.index_items) and one star rule for both (star_labelled).
    """
    by_page: dict[str, list[str]] = {}
    for c in cands:
        for page in c["pages"]:
            by_page.setdefault(page, []).append(c["phrase"])
    kind = f"star-entries-{parser}"
    jobs, parsed, results = [], {}, {}
    for url, phrases in sorted(by_page.items()):
        page = backend.fetch(url)
        if stored_labels_serve(page, parser):
            entries = ((path, text, labs or ()) for path, _, text, _, labs in page.items)
            results[url] = ("lxml (stored labels)",
                            _evidence(star_labelled(entries, url, set(phrases), keyword)))
        elif cache is not None and (kept := cache.get(kind, url)) is not None:
            parsed[url] = kept
        else:
            jobs.append((url, page.raw or b"", page.content_type, rules, parser))
    for job, got in zip(jobs, map_pages(_star_entries_of_page, jobs, progress)):
        parsed[job[0]] = got
        if cache is not None:
            cache.set(kind, job[0], got)
    for url, (used, entries) in parsed.items():
        found = star_labelled(entries, url, set(by_page[url]), keyword) if entries is not None else {}
        results[url] = (used, _evidence(found))
    evidence: dict[str, list[dict]] = {}
    parsers: Counter[str] = Counter()
    for _, (used, found) in sorted(results.items()):
        parsers[used] += 1
        for phrase, ev in found.items():
            evidence.setdefault(phrase, []).extend(ev)
    return {"parsers": dict(parsers),
            "stars": {p: {"starred": bool(ev), "evidence": ev[:5]} for p, ev in sorted(evidence.items())}}


_EVIDENCE_DEFAULTS = {"source": "lists", "kind": "concept", "kind_because": "", "generic": False, "is_a": False, "variant_of": None,
                      "thin": False, "sectioned": False, "main_article": False, "linked": False, "cited": 0, "filed": None,
                      "field": False, "wordnet": None,
                      "said": None, "p_value": None, "chance": False,
                      "holds_keyword": False, "same_genus": None, "listed_beside": False,
                      "ruled_out": False, "weak": False, "tied": True, "floor": None}  # evidence from before these were recorded


def report(keyword: str, parameters: dict, n_k: int, cands: Sequence[dict], scored: Sequence[dict],
           star_result: dict, evidence_result: dict | None = None, **extra) -> dict:
    """The report.json document: candidates in S1 order (published) or evidence order (default)."""
    by_phrase = {c["phrase"]: c for c in cands}
    star_map = star_result.get("stars", {})
    by_score = {r["phrase"]: r for r in scored}
    order = ([(by_score.get(e["phrase"]), e) for e in evidence_result["candidates"]]
             if evidence_result is not None else [(r, None) for r in scored])
    out = []
    for r, e in order:
        if r is None:  # a concept found by its definition, not in the mined lists
            out.append({"phrase": e["display"], "normalised": e["phrase"], "type": e["type"],
                        "n_cp": e["n_cp"], "n_b": e["n_b"], **e["scores"], "starred": False,
                        "support": 0, "pages": [], "star_evidence": []})
        else:
            c = by_phrase[r["phrase"]]
            st = star_map.get(r["phrase"], {})
            out.append({"phrase": c["display"], "normalised": r["phrase"], "type": r["type"],
                        "n_cp": r["n_cp"], "n_b": r["n_b"], **{f"s{i}": r[f"s{i}"] for i in range(1, 7)},
                        "starred": st.get("starred", False), "support": c["support"], "pages": c["pages"],
                        "star_evidence": st.get("evidence", [])})
        if e is not None:
            out[-1]["evidence"] = {k: e.get(k, _EVIDENCE_DEFAULTS.get(k))
                                   for k in ("score", "source", "kind", "kind_because", "npmi", "lists", "page", "defines",
                                             "is_a", "field", "generic", "sectioned", "main_article", "linked", "cited", "filed", "wordnet",
                                             "said", "holds_keyword", "same_genus", "listed_beside",
                                             "defining_sentence", "variant_of",
                                             "p_value", "chance",
                                             "thin", "tied", "floor", "weak", "ruled_out", "why")}
    if evidence_result is not None:
        extra = {"ranking_version": RANKING_VERSION,
                 "n_docs": evidence_result["n_docs"], "keyword_page": evidence_result.get("keyword_page"),
                 # One fact, two fields: the route, and the flag report readers had before it.
                 "keyword_page_linked": evidence_result.get("keyword_page_by") == "link",
                 "keyword_page_by": evidence_result.get("keyword_page_by"),
                 "keyword_sentence": evidence_result.get("keyword_sentence"),
                 "keyword_link_senses": evidence_result.get("keyword_link_senses", []),
                 "keyword_other_pages": evidence_result.get("keyword_other_pages", []),
                 "keyword_name_share": evidence_result.get("keyword_name_share"),
                 "keyword_is_name": evidence_result.get("keyword_is_name", False),
                 "keyword_genus": evidence_result.get("keyword_genus", []), **extra}
    return {"keyword": keyword, "parameters": parameters, "n_k": n_k, **extra, "candidates": out}
