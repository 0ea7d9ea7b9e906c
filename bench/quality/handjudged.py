"""Score the default method's top 10 against the developers' hand judgements (judgements.json).

    python -m bench.quality.handjudged                   # every judged keyword, totals per family and set
    python -m bench.quality.handjudged "database" "unix"

Runs TopicConcepts (luigi.cfg defaults, the index of `[BuildIndex] corpus`) for each
judged keyword, takes its top 10 concepts in report order (people, organisations and
broader terms are listed apart, as the report does), and counts each phrase as a hit, a
miss, or unjudged when no judgement names it. Writes `bench/results/quality/handjudged.md`:
the counts, then every top 10 with its hits in bold (the README's tables).

What it answers: did a ranking change move the README's hand-judged precision, without
judging all 400 places again? Only the unjudged phrases it prints need a person; add
their verdicts to judgements.json. The judgements are the developers' own (see the file's
"about"), so the figure is an estimate of issue 4's second line, not a proof of it.
"""
from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from scoring.names import concept_key
from scoring.evidence import listed_concepts

from .toplists import add_site_arguments, publish, run_reports, site_from

ROOT = Path(__file__).resolve().parents[2]
JUDGEMENTS = Path(__file__).with_name("judgements.json")
OUT = ROOT / "bench" / "results" / "quality" / "handjudged.md"
TOP = 10


@dataclass
class Judged:
    """One keyword's top list against the judgements."""

    keyword: str
    hits: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    unjudged: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float | None:
        """Hits over judged places, None when nothing was judged."""
        judged = len(self.hits) + len(self.misses)
        return len(self.hits) / judged if judged else None


def verdicts(entry: dict) -> dict[tuple[str, ...], bool]:
    """{concept key: hit?} of one keyword's judgements."""
    out = {concept_key(p): False for p in entry.get("misses", [])}
    out.update({concept_key(p): True for p in entry.get("hits", [])})
    return out


def top_candidates(report: dict, top: int = TOP) -> list[dict]:
    """The first `top` concept rows of a report, in its order (people, organisations, works and
    broader terms are listed apart, after them, and names a rule scores 0 apart too, as the report does)."""
    return listed_concepts(report["candidates"])[:top]


def top_concepts(report: dict, top: int = TOP) -> list[str]:
    """The first `top` concepts of a report, in its order, as written."""
    return [c["phrase"] for c in top_candidates(report, top)]


def judge(keyword: str, phrases: list[str], entry: dict) -> Judged:
    """Each phrase as a hit, a miss or unjudged by one keyword's judgements."""
    known = verdicts(entry)
    out = Judged(keyword)
    for phrase in phrases:
        verdict = known.get(concept_key(phrase))
        (out.unjudged if verdict is None else out.hits if verdict else out.misses).append(phrase)
    return out


def totals(rows: list[Judged]) -> str:
    """One line: hits of judged places, unjudged places, the worst and best cases, and hits over 10 slots a keyword."""
    hits = sum(len(r.hits) for r in rows)
    judged = hits + sum(len(r.misses) for r in rows)
    unjudged = sum(len(r.unjudged) for r in rows)
    share = f"{hits / judged:.2f}" if judged else "n/a"
    # The lists stop at the confidence floor (scoring.evidence.CONCEPT_FLOOR), so some
    # keywords list fewer than 10 concepts: the hits over every keyword's 10 slots as well.
    slots = TOP * len(rows)
    per_ten = f"{hits / slots:.2f}" if slots else "n/a"
    return (f"{hits} hits of {judged} judged places ({share}); {unjudged} places unjudged"
            f" (worst case {hits} of {judged + unjudged}, best {hits + unjudged}); {judged + unjudged} places"
            f" listed of {slots} slots, hits over all slots {per_ten}.")


# How a set's keywords were chosen (each set's "family" in judgements.json): the README's
# figures are totals by family, so one command gives them. "drawn-pages": at random from the
# corpus's page titles; "drawn-links": at random from the titles of the articles its pages link
# to and it lacks; "taxonomy": names of an external classification's concepts, judged in its
# sense; "chosen": written down by a developer.
FAMILIES = ("chosen", "drawn-pages", "drawn-links", "taxonomy")


def families(sets: dict[str, dict]) -> dict[str, list[str]]:
    """{family: its sets' keywords} of judgements.json's sets, in FAMILIES order; the drawn
    families together as "drawn" too (the README's drawn sets). A documentation site's sets
    (judgements-postgresql.json ...) name no family and are left out."""
    out: dict[str, list[str]] = {name: [] for name in FAMILIES}
    for entry in sets.values():
        if entry.get("family") in out:
            out[entry["family"]].extend(entry["keywords"])
    out["drawn"] = out["drawn-pages"] + out["drawn-links"]
    return {name: keywords for name, keywords in out.items() if keywords}


def render(rows: list[Judged], sets: dict[str, list[str]] | None = None,
           by_family: dict[str, list[str]] | None = None) -> list[str]:
    """The Markdown table and totals, overall, per family of sets and per set of keywords."""
    lines = ["# The default method's top 10 against the hand judgements", "",
             "| keyword | hits | misses | unjudged |", "|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r.keyword} | {len(r.hits)} | {len(r.misses)} | {', '.join(r.unjudged) or '-'} |")
    lines += ["", totals(rows)]
    for kind, groups in (("family", by_family), ("set", sets)):
        for name, keywords in (groups or {}).items():
            wanted = set(keywords)
            members = [r for r in rows if r.keyword in wanted]
            if members and len(members) < len(rows):
                lines.append(f"- {kind} {name} ({len(members)} keywords): {totals(members)}")
    return lines


def top_table(rows: list[Judged], tops: dict[str, list[str]], n_k: dict[str, int]) -> list[str]:
    """The README's table: each keyword's top 10 in order, hits in bold, unjudged marked (?)."""
    lines = ["| keyword (n(k)) | top 10 (strict hits in bold) | hits |", "|---|---|---|"]
    for r in rows:
        cells = [f"**{p}**" if p in r.hits else f"{p} (?)" if p in r.unjudged else p for p in tops[r.keyword]]
        lines.append(f"| {r.keyword} ({n_k[r.keyword]}) | {', '.join(cells)} | {len(r.hits)} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("keywords", nargs="*", help="judged keywords to score (default: all)")
    ap.add_argument("--judgements", type=Path, default=JUDGEMENTS, help="the verdicts (default: %(default)s)")
    ap.add_argument("--out", type=Path, default=OUT, help="the Markdown result (default: %(default)s)")
    add_site_arguments(ap)
    args = ap.parse_args(argv)
    site = site_from(args)
    data = json.loads(args.judgements.read_text(encoding="utf-8"))
    judgements = data["keywords"]
    unknown = [k for k in args.keywords if k not in judgements]
    if unknown:
        print(f"no judgements for {', '.join(map(repr, unknown))}: judged keywords are listed in {args.judgements}",
              file=sys.stderr)
        return 2
    reports = run_reports(args.keywords or list(judgements), site)
    if reports is None:
        return 1
    tops = {keyword: top_concepts(report) for keyword, report in reports}
    rows = [judge(keyword, tops[keyword], judgements[keyword]) for keyword, _ in reports]
    sets = {name: entry["keywords"] for name, entry in data.get("sets", {}).items()}
    lines = render(rows, sets, families(data.get("sets", {}))) + ["", "## The top 10s", ""] + top_table(
        rows, tops, {keyword: report["n_k"] for keyword, report in reports})
    publish(args.out, lines)
    return 0


if __name__ == "__main__":
    sys.exit(main())
