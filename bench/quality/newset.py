"""Check keywords for a new held-out set before anyone sees their lists.

    python -m bench.quality.newset "hash function" "robotics" "ecology"

A held-out keyword must be one nobody has judged (not in judgements.json), not a keyword
of the reference evaluation (`bench/results/quality/quality.json`, written by
`python -m bench.quality.evaluate`: its outline and glossary terms measure every ranking
change, so its keywords are not unseen; session 36's set v held 11 of them by mistake),
and contained in at least MIN_DOCUMENTS documents of the index (fewer, and the list is
what a handful of pages happen to hold). Prints each keyword's n(k) and what rules it out;
never a concept list, so checking does not spoil the set.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JUDGEMENTS = Path(__file__).with_name("judgements.json")
QUALITY = ROOT / "bench" / "results" / "quality" / "quality.json"
MIN_DOCUMENTS = 20


def problems(keyword: str, n_k: int, judged: set[str], references: set[str]) -> list[str]:
    """What rules a keyword out of a held-out set ([] if nothing does)."""
    out = []
    if keyword in judged:
        out.append("judged before")
    if keyword in references:
        out.append("a reference keyword")
    if n_k < MIN_DOCUMENTS:
        out.append(f"in {n_k} documents (fewer than {MIN_DOCUMENTS})")
    return out


def reference_keywords(path: Path = QUALITY) -> set[str] | None:
    """The reference evaluation's keywords, or None when it has not been run here."""
    if not path.is_file():
        return None
    return {entry["keyword"] for entry in json.loads(path.read_text(encoding="utf-8"))["keywords"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("keywords", nargs="+", help="the keywords written down for the set, in order")
    args = ap.parse_args(argv)
    references = reference_keywords()
    if references is None:
        print(f"no reference results at {QUALITY}: run python -m bench.quality.evaluate first", file=sys.stderr)
        return 2
    judged = set(json.loads(JUDGEMENTS.read_text(encoding="utf-8"))["keywords"])
    os.chdir(ROOT)  # luigi.cfg and the index's relative path
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from pipeline.search import LocalBackend
    from tasks.index import BuildIndex

    db = Path(BuildIndex().output()["db"].path)
    if not db.is_file():
        print(f"no index at {db}: build it with luigi --module tasks BuildIndex --local-scheduler", file=sys.stderr)
        return 2
    backend = LocalBackend(db)
    usable = 0
    for keyword in args.keywords:
        n_k = backend.hit_count([keyword])
        found = problems(keyword.lower(), n_k, judged, references)
        usable += not found
        print(f"{keyword}: n(k) {n_k}, {'; '.join(found) if found else 'usable'}")
    print(f"{usable} of {len(args.keywords)} usable")
    return 0


if __name__ == "__main__":
    sys.exit(main())
