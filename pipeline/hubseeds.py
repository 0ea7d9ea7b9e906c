"""Seed augmentation with hubs (Pant & Menczer): pages that link to several seeds join the seeds.

Pant & Menczer asked a search engine for each seed's back-links, scored every page by
how many seeds it links to (its hub score) and added the best hubs to the seeds, after
dropping copies of the topic's own directory listing. Here the back-links come from the
page store's link graph instead of a search engine:

1. each seed's in-linkers: stored pages whose out-links include the seed;
2. "top 10" in-linkers of a seed, which a search engine would have ranked for us: the
   in-linkers that link to the most seeds, ties by URL, so the choice is deterministic
   and favours the pages the method is looking for anyway;
3. hub score: the number of distinct seeds a candidate links to;
4. the 10 best candidates linking to at least 2 seeds, ties by URL;
5. of those, a page whose term vector, restricted to the description's terms, has a
   cosine above 0.9 with the description is a copy of the topic's listing and is dropped.
"""
from __future__ import annotations

import json
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence

from .store import decompress
from .vectors import Vector, cosine, tf_vector


def inlink_graph(con: sqlite3.Connection, targets: Iterable[str] | None = None) -> dict[str, list[str]]:
    """Target URL -> sorted URLs of the stored pages linking to it (each page once).

    Only targets in `targets` are kept, or, when None, targets that are stored pages:
    the graph then stays the size of the store, not of the web its pages link to.
    """
    if targets is None:
        keep = {url for (url,) in con.execute("SELECT url FROM pages")}
    else:
        keep = set(targets)
    graph: dict[str, list[str]] = defaultdict(list)
    # ORDER BY url: every in-link list comes out sorted without a sort per target. A copy
    # of a page (same declared canonical URL) repeats its links: it is not another hub.
    marks_copies = any(row[1] == "duplicate_of" for row in con.execute("PRAGMA table_info(pages)"))
    rows = con.execute("SELECT url, links FROM pages WHERE links IS NOT NULL"
                       + (" AND duplicate_of IS NULL" if marks_copies else "") + " ORDER BY url")
    for source, blob in rows:
        # One decompress and one json.loads per page; the set intersection runs in C and
        # dedupes a seed linked twice from the same page (one back-link, not two).
        hits = keep.intersection([pair[0] for pair in json.loads(decompress(blob))])
        hits.discard(source)  # a page is not its own back-link
        for target in hits:
            graph[target].append(source)
    return dict(graph)


def hub_candidates(seeds: Sequence[str], graph: Mapping[str, Sequence[str]],
                   per_seed: int = 10, exclude: Iterable[str] = ()) -> dict[str, int]:
    """Each seed's top `per_seed` in-linkers with their hub scores, best first (ties by URL).

    Hub score: how many distinct seeds the page links to. "Top" in-linkers of a seed:
    highest hub score first, ties by URL (no search engine ranks them here). Seeds are
    never candidates: they are in the seed list already; nor are pages in `exclude`.
    """
    seed_set = set(seeds)
    barred = seed_set | set(exclude)
    inlinkers = {s: set(graph.get(s, ())) - barred for s in seed_set}
    score: Counter[str] = Counter()
    for pages in inlinkers.values():
        score.update(pages)
    chosen: set[str] = set()
    for pages in inlinkers.values():
        chosen.update(sorted(pages, key=lambda u: (-score[u], u))[:per_seed])
    return {u: score[u] for u in sorted(chosen, key=lambda u: (-score[u], u))}


def projected_cosine(text: str, description: Vector) -> float:
    """Cosine of a page's terms, restricted to the description's terms, with the description.

    The projection ignores what the page says besides the topic, so a page that lists the
    topic's members with their descriptions scores near 1 however much else it holds.
    """
    page = {t: x for t, x in tf_vector(text).items() if t in description}
    return cosine(page, description)


def augment_seeds(seeds: Sequence[str], graph: Mapping[str, Sequence[str]], description: str,
                  text_of: Callable[[str], str | None], keep: int = 10, min_count: int = 2,
                  max_cosine: float = 0.9, per_seed: int = 10,
                  exclude: Iterable[str] = ()) -> tuple[list[str], list[dict]]:
    """The seeds followed by the kept hubs (best first), and one decision row per candidate.

    The `keep` best candidates with a hub score of at least `min_count` are chosen first,
    then copies of the listing (projected cosine above `max_cosine`) are dropped from them,
    as the published steps go: fewer than `keep` hubs may be added. Rows: url, hub_score,
    cosine (None for candidates never compared), decision ("kept"/"dropped") and reason.
    """
    candidates = hub_candidates(seeds, graph, per_seed, exclude)
    best = [u for u, c in candidates.items() if c >= min_count][:keep]
    chosen = set(best)
    desc = tf_vector(description)
    added, rows = [], []
    for url, count in candidates.items():
        row = {"url": url, "hub_score": count, "cosine": None, "decision": "dropped", "reason": ""}
        if count < min_count:
            row["reason"] = f"links to {count} seed{'' if count == 1 else 's'}, fewer than {min_count}"
        elif url not in chosen:
            row["reason"] = f"not among the {keep} best hubs"
        else:
            # Only the chosen few are compared: main text and stemming cost ~10 ms a page.
            cos = projected_cosine(text_of(url) or "", desc)
            row["cosine"] = round(cos, 4)
            if cos > max_cosine:
                row["reason"] = f"copy of the topic's listing: projected cosine above {max_cosine}"
            else:
                row["decision"], row["reason"] = "kept", f"links to {count} seeds"
                added.append(url)
        rows.append(row)
    return list(seeds) + added, rows
