"""Which evidence holds up on keywords no rule was written for: judged top-10 places by feature.

    python -m bench.quality.evidence_table            # every judged keyword (runs or reuses their topic runs)

For each piece of evidence the default ranking reads (scoring.evidence.factors), the
judged top-10 places that have it and those that do not, with the share of hits, in two
groups of keywords: the held-out sets (judged once, after the rules they are ranked by
were written: `sets` named "held-out-..." in judgements.json) and the rest (the keywords
the rules were measured on). A piece of evidence that separates hits from misses on the
rest but not on the held-out sets was fitted to the keywords it was measured on. Keywords
with and without a page of their own are apart: the ranking reads them differently.
Writes `bench/results/quality/evidence.md` and prints it.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Callable

from scoring.evidence import COORDINATED_SHARE, MIN_CITING_PAGES, reads_under

from scoring.names import concept_key
from scoring.hearst import Said

from .handjudged import JUDGEMENTS, TOP, top_candidates, verdicts
from .toplists import publish, run_reports

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bench" / "results" / "quality" / "evidence.md"
HELD_OUT = "held-out"


def _said(evidence: dict) -> Said:
    said = evidence.get("said") or {}
    return Said(**{k: said.get(k, 0) for k in ("sentences", "kind_of", "coordinated")})


def _coordinated(evidence: dict) -> bool:
    said = _said(evidence)
    return not reads_under(said) and said.coordinated_share >= COORDINATED_SHARE


# Each feature as the report's evidence records it (report.json, candidates[].evidence).
FEATURES: dict[str, Callable[[dict], bool]] = {
    "own page defines it through the keyword": lambda e: bool(e.get("defines")),
    "its page says it is a kind of the keyword": lambda e: bool(e.get("is_a")),
    "starred": lambda e: bool(e.get("starred")),
    "a section of the keyword's page": lambda e: bool(e.get("sectioned")),
    "the keyword's page links to it": lambda e: bool(e.get("linked")),
    f"cited on {MIN_CITING_PAGES}+ pages": lambda e: (e.get("cited") or 0) >= MIN_CITING_PAGES,
    "filed under the keyword": lambda e: bool(e.get("filed")),
    "WordNet places it": lambda e: bool(e.get("wordnet")),
    "sentences read it as under the keyword": lambda e: reads_under(_said(e)),
    "listed just before the keyword": _coordinated,
    "no sentence names both": lambda e: e.get("said") is not None and _said(e).sentences == 0,
    "its name holds the keyword's": lambda e: bool(e.get("holds_keyword")),
    "a page of its own": lambda e: bool(e.get("page")),
    "its page calls it a field": lambda e: bool(e.get("field")),
    "from the mined lists": lambda e: e.get("source") == "lists",
}


def judged_places(report: dict, entry: dict, top: int = TOP) -> list[tuple[dict, bool]]:
    """(evidence, hit?) of each judged place among the report's first `top` concepts."""
    known = verdicts(entry)
    out = []
    for c in top_candidates(report, top):
        verdict = known.get(concept_key(c["phrase"]))
        if verdict is not None:
            out.append(({**c["evidence"], "starred": c.get("starred", False)}, verdict))
    return out


def tally(places: list[tuple[str, bool, dict, bool]]) -> dict[tuple[str, str, bool, bool], list[int]]:
    """{(feature, group, keyword has a page, feature holds): [hits, judged]} over
    (group, keyword has a page, evidence, hit?) places."""
    out: dict[tuple[str, str, bool, bool], list[int]] = defaultdict(lambda: [0, 0])
    for group, has_page, evidence, hit in places:
        for name, holds in FEATURES.items():
            cell = out[(name, group, has_page, holds(evidence))]
            cell[0] += hit
            cell[1] += 1
    return out


def _cell(counts: list[int]) -> str:
    hits, judged = counts
    return f"{hits / judged:.2f} of {judged}" if judged else "-"


def render(counts: dict, groups: tuple[str, str] = (HELD_OUT, "rest")) -> list[str]:
    """The Markdown table: per feature and keyword kind, the hit share with and without it, per group."""
    lines = ["# Evidence on judged top-10 places: held-out sets against the rest", "",
             "Share of hits among the judged top-10 places that have the feature (with) and that do not "
             "(without); held-out = the sets judged once, after the rules were written.", ""]
    for has_page in (True, False):
        lines += [f"## Keywords {'with' if has_page else 'without'} a page of their own", "",
                  f"| feature | with, {groups[0]} | without, {groups[0]} | with, {groups[1]} | without, {groups[1]} |",
                  "|---|---|---|---|---|"]
        for name in FEATURES:
            cells = [_cell(counts.get((name, g, has_page, holds), [0, 0])) for g in groups for holds in (True, False)]
            lines.append(f"| {name} | " + " | ".join(cells) + " |")
        lines.append("")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.parse_args(argv)
    data = json.loads(JUDGEMENTS.read_text(encoding="utf-8"))
    group_of = {k: (HELD_OUT if name.startswith(HELD_OUT) else "rest")
                for name, entry in data["sets"].items() for k in entry["keywords"]}
    reports = run_reports(list(data["keywords"]))
    if reports is None:
        return 1
    places = [(group_of.get(keyword, "rest"), bool(report.get("keyword_page")), evidence, hit)
              for keyword, report in reports
              for evidence, hit in judged_places(report, data["keywords"][keyword])]
    publish(OUT, render(tally(places)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
