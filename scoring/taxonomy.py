"""Does an outside taxonomy (WordNet) file a candidate under the keyword?

The page store says what pages say of themselves; WordNet says what lexicographers
filed a name under, independent of the collection. A candidate is under the keyword
when one of its noun senses reaches one of the keyword's:

- "kind": up its is-a links ("Goose" -> ... -> "bird", "Astronomy" -> "physics"),
- "part": up is-a and part-of links with at least one part-of ("Beak" -> "bird"),
- "domain": WordNet files the sense, or what it is directly a kind of, under a topic
  domain that is the keyword or a kind of it ("Relativity", "Quark" under physics;
  "normal distribution" under statistics).

The lookups go through any object with `synsets(name)`, `up(synset)` and
`domains(synset)` (pipeline.wordnet.Taxonomy), so the rule is tested on small graphs.
"""
from __future__ import annotations

from typing import Protocol

from pipeline.text import normalise, singular

RELATIONS = ("kind", "part", "domain")
MAX_DEPTH = 20  # WordNet 3.0's deepest noun path is 19 links


class Graph(Protocol):
    def synsets(self, name: str) -> tuple[int, ...]: ...
    def up(self, synset: int) -> tuple[tuple[int, str], ...]: ...
    def domains(self, synset: int) -> tuple[int, ...]: ...


def lookup_names(phrase: str) -> list[str]:
    """The names to look `phrase` up by: as written (a trailing "(...)" dropped), then its last word singular."""
    base = phrase.strip()
    if base.endswith(")") and "(" in base:
        base = base[:base.rfind("(")]
    name = normalise(base)
    if not name:
        return []
    ws = name.split()
    folded = " ".join(ws[:-1] + [singular(ws[-1])])
    return [name] if folded == name else [name, folded]


def senses(graph: Graph, phrase: str) -> tuple[int, ...]:
    """The noun synsets of the first name of `phrase` WordNet knows ("Birds" by "bird")."""
    for name in lookup_names(phrase):
        found = graph.synsets(name)
        if found:
            return found
    return ()


def ancestors(graph: Graph, synset: int, via: frozenset[str] = frozenset({"is_a", "part_of"})) -> dict[int, bool]:
    """{synset reached going up `via` links: True if the path used a part-of link}, `synset` excluded."""
    seen: dict[int, bool] = {}
    frontier = [(synset, False)]
    for _ in range(MAX_DEPTH):
        nxt = []
        for node, part in frontier:
            for parent, relation in graph.up(node):
                if relation not in via:
                    continue
                through_part = part or relation == "part_of"
                if parent not in seen or (seen[parent] and not through_part):
                    seen[parent] = through_part
                    nxt.append((parent, through_part))
        if not nxt:
            break
        frontier = nxt
    return seen


_IS_A = frozenset({"is_a"})


def relation(graph: Graph, candidate: str, keyword: str) -> str | None:
    """"kind", "part" or "domain" when WordNet files `candidate` under `keyword` (module doc), else None.

    None too when either has no noun in WordNet or the two share a sense (a synonym is
    the keyword, not a sub-topic of it).
    """
    kw = set(senses(graph, keyword))
    cand = senses(graph, candidate)
    if not kw or not cand or kw.intersection(cand):
        return None
    found = None
    for c in cand:
        up = ancestors(graph, c)
        hits = [up[k] for k in kw if k in up]
        if hits:
            if not all(hits):  # a path of is-a links only
                return "kind"
            found = "part"
            continue
        if found is None:
            parents = [p for p, r in graph.up(c) if r == "is_a"]
            for d in {d for s in (c, *parents) for d in graph.domains(s)}:
                if d in kw or kw.intersection(ancestors(graph, d, _IS_A)):
                    found = "domain"
                    break
    return found


def describe(kind: str | None) -> str:
    """The relation in words, for the report."""
    return {"kind": "a kind of the keyword", "part": "a part of the keyword (or of a kind of it)",
            "domain": "a term of the keyword's domain"}.get(kind or "", "")
