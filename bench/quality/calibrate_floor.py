"""Calibrate the default method's confidence floor (scoring.evidence.CONCEPT_FLOOR) from hand judgements.

    python -m bench.quality.calibrate_floor                # the four judged collections there are
    python -m bench.quality.calibrate_floor --only shared  # one of them

For each judged collection (the shared corpus, and the PostgreSQL manual, scikit-learn and
Python documentation sites when `make bench-manual`, `bench-sklearn` and `bench-python-docs`
have fetched them), runs or reuses every judged keyword's TopicConcepts run, takes its
first 10 concepts as ranked with the floor ignored, and fits a logistic regression of
"judged a hit" on log10(score) over the judged places. The floor is the score where the
fit's P(hit) is 1/2: below it, a listed concept would more likely be a miss than a hit.
A second table fits the same over the places that NAME_FLOOR is for: keywords that are
names whose page says what they are, concepts a tie holds (not thin) but nothing beyond
where the collection names them (scoring.evidence.names_only).
Prints, and writes to `bench/results/quality/floor.md` and `floor.json`, each
collection's fit and 1/2 point, the pooled one, the one without the shared corpus (the
collection most of the ranking was developed on), and the hit rate by score band.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from scoring.evidence import CONCEPT_FLOOR, NAME_FLOOR, RANKING_VERSION, Facts, listed_concepts, names_only
from scoring.names import concept_key

from .handjudged import TOP, verdicts
from .toplists import ROOT, Site, publish, run_reports

OUT = ROOT / "bench" / "results" / "quality" / "floor.md"
SITES = ROOT / "output" / "sites"
# Score bands of the table: the floor's neighbourhood finer than the rest.
BANDS = (0.0, 0.01, 0.03, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.3, 0.5, math.inf)
LOWEST_SCORE = 1e-4  # a rule's 0 and the like, on the log scale


@dataclass(frozen=True)
class Collection:
    """A judged collection: its verdicts, and the site it runs on (None: luigi.cfg's corpus)."""

    name: str
    judgements: Path
    site: Site | None


COLLECTIONS = (
    Collection("shared", ROOT / "bench" / "quality" / "judgements.json", None),
    Collection("postgresql", ROOT / "bench" / "quality" / "judgements-postgresql.json",
               Site(str(SITES / "postgresql-15"), "https://www.postgresql.org/docs/15/", str(SITES / "runs"))),
    Collection("sklearn", ROOT / "bench" / "quality" / "judgements-sklearn.json",
               Site(str(SITES / "sklearn-1.2"), "https://scikit-learn.org/1.2/", str(SITES / "runs-sklearn"))),
    Collection("python", ROOT / "bench" / "quality" / "judgements-python.json",
               Site(str(SITES / "python-3.11-doc"), "https://docs.python.org/3.11/", str(SITES / "runs-python"))),
)


def fit_logistic(xs: Sequence[float], ys: Sequence[bool], rounds: int = 50) -> tuple[float, float]:
    """(a, b) of P(y) = 1 / (1 + exp(-(a + b x))), fitted by Newton's method (maximum likelihood)."""
    if len(set(ys)) < 2 or len(set(xs)) < 2:
        raise ValueError("a logistic fit needs both outcomes and two distinct values")
    a = b = 0.0
    for _ in range(rounds):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys):
            p = 1.0 / (1.0 + math.exp(-(a + b * x)))
            w = p * (1.0 - p)
            ga, gb = ga + (y - p), gb + (y - p) * x
            haa, hab, hbb = haa + w, hab + w * x, hbb + w * x * x
        det = haa * hbb - hab * hab
        if det <= 0:
            break
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = a + da, b + db
        if abs(da) + abs(db) < 1e-10:
            break
    return a, b


def half_point(scores: Sequence[float], hits: Sequence[bool]) -> float:
    """The score where a logistic fit of hit on log10(score) gives P(hit) = 1/2."""
    a, b = fit_logistic([math.log10(max(s, LOWEST_SCORE)) for s in scores], hits)
    if b <= 0:
        raise ValueError("hits do not rise with the score: no floor to read")
    return 10 ** (-a / b)


def band_rates(places: Sequence[tuple[float, bool]], edges: Sequence[float] = BANDS) -> list[dict]:
    """Judged places and hit rate in each score band [lo, hi)."""
    out = []
    for lo, hi in zip(edges, edges[1:]):
        inside = [hit for score, hit in places if lo <= score < hi]
        if inside:
            out.append({"from": lo, "to": None if math.isinf(hi) else hi, "places": len(inside), "hit_rate": round(sum(inside) / len(inside), 3)})
    return out


def names_only_place(report: dict, evidence: dict) -> bool:
    """True if the place is one NAME_FLOOR is for: the keyword is a name whose page says what it
    is, a tie holds the concept (not thin), and nothing but where the collection names it does
    (evidence.names_only)."""
    facts = Facts(keyword_is_name=bool(report.get("keyword_is_name")), keyword_has_genus=bool(report.get("keyword_genus")),
                  defines=bool(evidence.get("defines")),
                  is_a=bool(evidence.get("is_a")), holds_keyword=bool(evidence.get("holds_keyword")),
                  wordnet=evidence.get("wordnet"))
    return names_only(facts) and evidence.get("tied", True) and not evidence.get("thin")


def judged_places(reports: list[tuple[str, dict]], judgements: dict,
                  which: Callable[[dict, dict], bool] | None = None) -> list[tuple[float, bool]]:
    """(score, hit) of each judged place among every report's first TOP concepts, the floor ignored;
    only the places `which(report, evidence)` keeps, when given."""
    out = []
    for keyword, report in reports:
        known = verdicts(judgements[keyword])
        for c in listed_concepts(report["candidates"], with_weak=True)[:TOP]:
            if which is not None and not which(report, c["evidence"]):
                continue
            verdict = known.get(concept_key(c["phrase"]))
            if verdict is not None:
                out.append((c["evidence"]["score"], verdict))
    return out


def summary(name: str, places: list[tuple[float, bool]], floor: float = CONCEPT_FLOOR) -> dict:
    """One collection's (or a pool's) places, hit rate, 1/2 point (None when hits do not rise with
    the score) and precision over the places kept by `floor`."""
    kept = [hit for score, hit in places if score >= floor]
    try:
        half: float | None = round(half_point(*zip(*places)), 3)
    except ValueError:  # one outcome only, or hits falling with the score: nothing to read
        half = None
    return {"collection": name, "places": len(places), "hit_rate": round(sum(h for _, h in places) / len(places), 3),
            "half_point": half,
            "kept_by_floor": len(kept), "kept_hit_rate": round(sum(kept) / len(kept), 3) if kept else None}


def pooled_rows(pooled: dict[str, list[tuple[float, bool]]], floor: float = CONCEPT_FLOOR) -> list[dict]:
    """A summary per collection with places, the pooled one, and the one without the shared corpus."""
    rows = [summary(name, places, floor) for name, places in pooled.items() if places]
    everything = [p for places in pooled.values() for p in places]
    if len(rows) > 1:
        rows.append(summary("all pooled", everything, floor))
        others = [p for name, places in pooled.items() if name != "shared" for p in places]
        if "shared" in pooled and others:
            rows.append(summary("all but the shared corpus", others, floor))
    return rows


def _table(rows: list[dict]) -> list[str]:
    """A fit's table, a row per collection."""
    return ["| collection | judged places | hit rate | P(hit) = 1/2 at score | places at or over the floor "
            "| their hit rate |", "|---|---|---|---|---|---|"] + [
        f"| {r['collection']} | {r['places']} | {r['hit_rate']:.2f} | "
        f"{'-' if r['half_point'] is None else format(r['half_point'], '.3f')} | "
        f"{r['kept_by_floor']} | {r['kept_hit_rate'] if r['kept_hit_rate'] is not None else '-'} |" for r in rows]


def _bands(bands: list[dict]) -> list[str]:
    """A table of hit rates by score band."""
    return ["| score | judged places | hit rate |", "|---|---|---|"] + [
        f"| {b['from']:g} to {'any' if b['to'] is None else format(b['to'], 'g')} | {b['places']} | "
        f"{b['hit_rate']:.2f} |" for b in bands]


def render(rows: list[dict], bands: list[dict], name_rows: Sequence[dict] = (),
           name_bands: Sequence[dict] = ()) -> list[str]:
    """The Markdown result."""
    lines = ["# The confidence floor, fitted to the hand judgements", "",
             f"Ranking version {RANKING_VERSION}; the floor in use is {CONCEPT_FLOOR:g}. Each judged keyword's first "
             f"{TOP} concepts with the floor ignored; P(hit) fitted against log10(score).", ""]
    lines += _table(rows) + ["", "All collections pooled, by score band:", ""] + _bands(bands)
    if name_rows:
        lines += ["", f"## Keywords that are names: NAME_FLOOR ({NAME_FLOOR:g})", "",
                  "The same fit over the places of keywords that are names whose page says what they are (a genus), "
                  "whose concept a tie holds (not thin) "
                  "but nothing beyond where the collection names it: no page calling it a kind of the keyword, "
                  "no name holding the keyword's, no WordNet placement under it (scoring.evidence.names_only). "
                  "Places at or over the floor: at or over NAME_FLOOR.", ""]
        lines += _table(list(name_rows)) + ["", "Pooled, by score band:", ""] + _bands(list(name_bands))
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", choices=[c.name for c in COLLECTIONS], action="append",
                    help="calibrate on this collection only (repeatable)")
    ap.add_argument("--out", type=Path, default=OUT, help="the Markdown result (default: %(default)s)")
    args = ap.parse_args(argv)
    chosen = [c for c in COLLECTIONS if not args.only or c.name in args.only]
    pooled: dict[str, list[tuple[float, bool]]] = {}
    names: dict[str, list[tuple[float, bool]]] = {}
    for c in chosen:
        if c.site is not None and not Path(c.site.corpus).is_dir():
            print(f"{c.name}: {c.site.corpus} is missing, skipped (make bench-{'manual' if c.name == 'postgresql' else c.name})",
                  file=sys.stderr)
            continue
        judgements = json.loads(c.judgements.read_text(encoding="utf-8"))["keywords"]
        reports = run_reports(list(judgements), c.site)
        if reports is None:
            return 1
        pooled[c.name] = judged_places(reports, judgements)
        names[c.name] = judged_places(reports, judgements, names_only_place)
    if not pooled:
        print("no judged collection to calibrate on", file=sys.stderr)
        return 1
    rows = pooled_rows(pooled)
    bands = band_rates([p for places in pooled.values() for p in places])
    name_rows = pooled_rows(names, NAME_FLOOR)
    name_bands = band_rates([p for places in names.values() for p in places])
    publish(args.out, render(rows, bands, name_rows, name_bands))
    args.out.with_suffix(".json").write_text(json.dumps({"ranking_version": RANKING_VERSION, "floor": CONCEPT_FLOOR,
                                                          "collections": rows, "bands": bands,
                                                          "name_floor": NAME_FLOOR, "names": name_rows,
                                                          "name_bands": name_bands}, indent=1) + "\n",
                                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
