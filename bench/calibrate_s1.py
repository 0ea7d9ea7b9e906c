"""Calibrate the default S1 threshold (Type I vs Type II) for a local index, from data.

S1 = n(b)/sqrt(n(CP)·n(k)) is never 0 by chance alone on a small index: a phrase that
co-occurs with the keyword only as often as independence predicts (E[n(b)] =
n(CP)·n(k)/N) already scores sqrt(n(CP)·n(k))/N. The published 0.005 was set for web
counts (N ~ 10^10) and filters nothing on 6,000 pages. So this script asks the index:
which S1 value best separates candidates whose co-occurrence with their keyword is
significantly above chance (one-sided hypergeometric test, p < 0.01) from the rest?

Keywords come from the index itself (page titles of 1 to 3 words, n(k) between 20 and
2,000, a fixed random seed) and exclude the four keywords the README reports on, so the
default is not tuned to them. The threshold maximises Youden's J (sensitivity +
specificity - 1) over the pooled Type I/II candidates of all calibration keywords.

    python bench/calibrate_s1.py [--keywords 24] [--out bench/results]
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
from pathlib import Path

import luigi
from scipy.stats import hypergeom

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipeline.search import LocalBackend  # noqa: E402
from pipeline.store import connect  # noqa: E402
from pipeline.text import normalise, words  # noqa: E402
from tasks import BuildIndex, TopicConcepts  # noqa: E402

REPORTED = {"artificial intelligence", "machine learning", "data mining", "computer vision"}


def calibration_keywords(db: str, n: int, seed: int = 2006) -> list[str]:
    """Keywords sampled from page titles, with enough but not too many documents."""
    backend = LocalBackend(db)
    con = connect(db, readonly=True)
    titles = sorted({normalise(re.sub(r"\s+-\s+Wikipedia$", "", t)) for (t,) in con.execute("SELECT title FROM pages")})
    rng = random.Random(seed)
    rng.shuffle(titles)
    out = []
    for t in titles:
        if t in REPORTED or not 1 <= len(words(t)) <= 3:
            continue
        if 20 <= backend.hit_count([t]) <= 2000:
            out.append(t)
        if len(out) == n:
            break
    return out


def youden(points: list[tuple[float, bool]]) -> tuple[float, float]:
    """The threshold on the score maximising sensitivity + specificity - 1, and that J."""
    pos = sum(1 for _, y in points if y)
    neg = len(points) - pos
    best = (0.0, -1.0)
    for t in sorted({s for s, _ in points}):
        tp = sum(1 for s, y in points if y and s >= t)
        tn = sum(1 for s, y in points if not y and s < t)
        j = tp / max(pos, 1) + tn / max(neg, 1) - 1
        if j > best[1]:
            best = (t, j)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--keywords", type=int, default=24)
    ap.add_argument("--alpha", type=float, default=0.01)
    ap.add_argument("--out", default="bench/results")
    ap.add_argument("--output-root", default="output", help="where the index and runs live")
    args = ap.parse_args()
    index = BuildIndex(output_root=args.output_root)
    luigi.build([index], local_scheduler=True, log_level="WARNING")
    db = index.output()["db"].path
    n_docs = connect(db, readonly=True).execute("SELECT count(*) FROM pages").fetchone()[0]
    kws = calibration_keywords(db, args.keywords)
    points: list[tuple[float, bool]] = []
    per_kw = []
    for kw in kws:
        task = TopicConcepts(keyword=kw, output_root=args.output_root)
        luigi.build([task], local_scheduler=True, log_level="WARNING")
        rep = json.loads(Path(task.output()["json"].path).read_text())
        n_k = rep["n_k"]
        sig = 0
        for c in rep["candidates"]:
            if c["type"] == "III":
                continue
            p = hypergeom.sf(c["n_b"] - 1, n_docs, c["n_cp"], n_k)
            points.append((c["s1"], bool(p < args.alpha)))
            sig += bool(p < args.alpha)
        per_kw.append({"keyword": kw, "n_k": n_k, "candidates": len(rep["candidates"]), "significant": sig})
        print(f"{kw!r}: n(k)={n_k}, {len(rep['candidates'])} candidates, {sig} above chance", flush=True)
    threshold, j = youden(points)
    result = {"documents": n_docs, "alpha": args.alpha, "keywords": per_kw, "pooled_candidates": len(points),
              "significant": int(sum(bool(y) for _, y in points)), "threshold": round(threshold, 4), "youden_j": round(j, 3),
              "suggested_default": float(f"{threshold:.1g}")}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "calibrate_s1.json").write_text(json.dumps(result, indent=2) + "\n")
    print(f"S1 threshold {threshold:.4f} (J={j:.3f}) over {len(points)} candidates of {len(kws)} keywords; "
          f"suggested default {result['suggested_default']}")


if __name__ == "__main__":
    main()
