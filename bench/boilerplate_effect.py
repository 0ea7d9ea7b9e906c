"""Measure what chrome removal changes: the same topic runs on an index built with and without it.

Both indexes are built by the real BuildIndex task (boilerplate rules on: the default;
off: `--BuildIndex-boilerplate none`, which keeps navigation boxes, tables of contents,
sidebars, reference lists and footers in the main text and in the list items). For each
keyword it reports n(k), list items, Type I candidates and the top 10 of both runs.

    python bench/boilerplate_effect.py [--output-root output] [--out bench/results]
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import luigi

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tasks import BuildIndex, TopicConcepts  # noqa: E402

KEYWORDS = ["artificial intelligence", "machine learning", "data mining", "computer vision"]


def run(keyword: str, output_root: str, boilerplate: str) -> dict:
    """One topic run on the index built with the given rules; the report plus item counts."""
    cfg = luigi.configuration.get_config()
    cfg.set("BuildIndex", "boilerplate", boilerplate)
    task = TopicConcepts(keyword=keyword, output_root=output_root)
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    rep = json.loads(Path(task.output()["json"].path).read_text())
    items = [json.loads(x) for x in (task.run_dir() / "03-items.jsonl").read_text().splitlines()]
    idx = json.loads(Path(BuildIndex(output_root=output_root).output()["summary"].path).read_text())
    rep["items"] = len(items)
    rep["items_kept"] = sum(1 for i in items if not i["reason"])
    rep["index_seconds"] = idx["seconds"]
    return rep


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--output-root", default="output")
    ap.add_argument("--out", default="bench/results")
    args = ap.parse_args()
    rows, lines = [], ["| keyword | rules | n(k) | list items (kept) | candidates | Type I | top 10 |",
                       "|---|---|---|---|---|---|---|"]
    for kw in KEYWORDS:
        for label, rules in (("on", ""), ("off", "none")):
            rep = run(kw, args.output_root, rules)
            top = [c["phrase"] for c in rep["candidates"] if c["type"] != "III"][:10]
            type1 = sum(c["type"] == "I" for c in rep["candidates"])
            rows.append({"keyword": kw, "rules": label, "n_k": rep["n_k"], "items": rep["items"],
                         "items_kept": rep["items_kept"], "candidates": len(rep["candidates"]),
                         "type_1": type1, "top10": top})
            lines.append(f"| {kw} | {label} | {rep['n_k']} | {rep['items']} ({rep['items_kept']}) | "
                         f"{len(rep['candidates'])} | {type1} | {', '.join(top)} |")
            print(lines[-1], flush=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "boilerplate_effect.json").write_text(json.dumps(rows, indent=2) + "\n")
    (out / "boilerplate_effect.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
