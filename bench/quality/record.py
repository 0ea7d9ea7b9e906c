"""Record one held-out set's verdicts in judgements.json, checked against the lists they judge.

    python -m bench.quality.record TAG --family taxonomy --about about.txt \\
        --verdicts verdicts.json --keywords-file keywords.txt

The held-out procedure (README, "Judged by hand: the held-out sets"): write the keywords down
(`newset` checks them), run them once (`luigi --module tasks TopicBatch --keywords-file ...`),
read each keyword's first 10 (`toplists`: the listed concepts, then the weak ones filling the
ten), judge every place once, and record the verdicts here. `verdicts.json` is
{keyword: {phrase: true for a hit, false for a miss}} with the phrases in the order shown; the
set is refused, and nothing written, if a phrase list differs from the run's first 10, if a
keyword was judged before, if the tag is taken or the family unknown. A keyword listing fewer
than 10 concepts is noted with why, as the sets before it were. Prints the listed hits.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .handjudged import FAMILIES, JUDGEMENTS, TOP
from .toplists import first_places, run_reports


class RecordError(ValueError):
    """Why a set's verdicts were not recorded (one line)."""


def shown(report: dict, top: int = TOP) -> tuple[list[str], list[str]]:
    """(listed, weak) phrases of a report's first `top`, as `toplists` shows them (first_places)."""
    listed, weak = first_places(report, top)
    return [c["phrase"] for c in listed], [c["phrase"] for c in weak]


def fewer_note(listed: int) -> str:
    """What judgements.json says of a keyword that lists fewer than 10 concepts."""
    if listed:
        return (f"{listed} concept{'s' if listed != 1 else ''} over the confidence floor; "
                "the weak candidates filling its first 10 judged")
    return "every candidate is weak (none over the confidence floor); the weak candidates filling its first 10 judged"


def record_set(data: dict, tag: str, family: str, about: str, lists: dict[str, tuple[list[str], list[str]]],
               verdicts: dict[str, dict[str, bool]]) -> dict:
    """`data` (judgements.json) with set `tag` added: its keywords (in `lists`' order) and their
    verdicts; `lists` gives each keyword's (listed, weak) phrases as the run shows them.
    RecordError, `data` untouched, if anything does not match."""
    if tag in data["sets"]:
        raise RecordError(f"set {tag!r} exists already: choose the next tag")
    if family not in FAMILIES:
        raise RecordError(f"unknown family {family!r}: use one of {', '.join(FAMILIES)}")
    if not about.strip():
        raise RecordError("the set's note is empty: say how its keywords were chosen, when, and what was found")
    if set(verdicts) != set(lists):
        raise RecordError(f"verdicts for {sorted(set(verdicts) ^ set(lists))} do not match the set's keywords")
    keywords, fewer = list(lists), {}
    for keyword in keywords:
        if keyword in data["keywords"]:
            raise RecordError(f"{keyword!r} was judged before: a held-out set holds new keywords only")
        listed, weak = lists[keyword]
        if list(verdicts[keyword]) != listed + weak:
            raise RecordError(f"the verdicts for {keyword!r} do not follow its first {TOP} as shown "
                              f"({listed + weak}): judge the run's lists, in their order")
        if len(listed) < TOP:
            fewer[keyword] = fewer_note(len(listed))
    out = json.loads(json.dumps(data))
    for keyword in keywords:
        out["keywords"][keyword] = {"hits": [p for p, hit in verdicts[keyword].items() if hit],
                                    "misses": [p for p, hit in verdicts[keyword].items() if not hit]}
    out["sets"][tag] = {"about": about.strip(), "family": family, "keywords": keywords, "fewer_than_ten": fewer}
    return out


def listed_hits(lists: dict[str, tuple[list[str], list[str]]], verdicts: dict[str, dict[str, bool]]) -> tuple[int, int, int, int]:
    """(hits among listed places, listed places, hits among weak places, weak places)."""
    lh = sum(verdicts[k][p] for k, (listed, _) in lists.items() for p in listed)
    wh = sum(verdicts[k][p] for k, (_, weak) in lists.items() for p in weak)
    return lh, sum(len(v[0]) for v in lists.values()), wh, sum(len(v[1]) for v in lists.values())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tag", help="the set's name in judgements.json, e.g. held-out-2026-12-02fa")
    ap.add_argument("--family", required=True, help=f"how its keywords were chosen: {', '.join(FAMILIES)}")
    ap.add_argument("--about", type=Path, required=True, help="a text file: the set's note")
    ap.add_argument("--verdicts", type=Path, required=True, help="{keyword: {phrase: hit?}} in the order shown")
    ap.add_argument("--keywords-file", type=Path, required=True, help="the set's keywords, one a line, in order")
    ap.add_argument("--judgements", type=Path, default=JUDGEMENTS, help="the file to add to (default: %(default)s)")
    args = ap.parse_args(argv)
    try:
        keywords = [k.strip() for k in args.keywords_file.read_text(encoding="utf-8").splitlines() if k.strip()]
        verdicts = json.loads(args.verdicts.read_text(encoding="utf-8"))
        about = args.about.read_text(encoding="utf-8")
        data = json.loads(args.judgements.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        print(f"cannot read the set's files: {e}", file=sys.stderr)
        return 2
    reports = run_reports(keywords)
    if reports is None:
        return 1
    lists = {keyword: shown(report) for keyword, report in reports}
    try:
        updated = record_set(data, args.tag, args.family, about, lists, verdicts)
    except RecordError as e:
        print(e, file=sys.stderr)
        return 2
    tmp = args.judgements.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(updated, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(args.judgements)  # whole or not at all
    lh, ln, wh, wn = listed_hits(lists, verdicts)
    print(f"{args.tag}: {lh} of {ln} listed places hits; weak {wh} of {wn}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
