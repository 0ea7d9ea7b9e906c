"""A batch of topic runs from a keywords file, and one table of their top concepts.

    luigi --module tasks TopicBatch --keywords-file keywords.txt --local-scheduler [--workers 2]

Each keyword is an ordinary TopicConcepts run (its own folder, resumed or skipped like any
run); options for every run of the batch go to TopicConcepts, as Luigi passes options to
a task family: `--TopicConcepts-method published`, `--TopicConcepts-pages 50`.
"""
from __future__ import annotations

import json
from pathlib import Path

import luigi

from pipeline.errors import UserError
from pipeline.keyword_list import keyword_list
from pipeline.text import slug

from .artifacts import read_json, short_digest, write_csv, write_json, write_text
from .base import Stage
from .params import IntParam
from .report import notes, ranked
from .topic import TopicConcepts

CSV_COLUMNS = ("keyword", "n_k", "ranked", "keyword_page", "top", "notes", "report")


def read_keywords(path: str) -> list[str]:
    """The keywords of the file at `path`, or a UserError saying what is wrong with it."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError(f"keywords file {path!r} does not exist: pass --keywords-file with a text file, "
                        "one keyword a line") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"keywords file {path!r} cannot be read ({exc}): pass a UTF-8 text file, "
                        "one keyword a line") from None
    keywords = keyword_list(text)
    if not keywords:
        raise UserError(f"keywords file {path!r} holds no keyword: write one keyword a line "
                        "(blank lines and lines starting with # are skipped)")
    return keywords


def preload_run_modules() -> None:
    """Load in this process what every topic run loads on first use (pandas and mlxtend,
    html5lib and selectolax, NLTK's stopwords and Porter stemmer).

    With --workers N, Luigi runs each task in a process forked from the scheduling one, so
    what a task loads dies with it: every stage of every keyword loaded pandas and NLTK
    again, and two workers took 1.3-1.5x the time of one (bench/bench_topic.py). Loaded once
    here, before the forks, the children share it. One worker would load the same modules
    in its first run anyway; a batch whose runs are all finished loads nothing."""
    import html5lib  # noqa: F401
    import mlxtend.frequent_patterns  # noqa: F401
    import pandas  # noqa: F401
    import selectolax.lexbor  # noqa: F401  (the star check's tree of a repaired page; the page cache's key)

    from pipeline.nltkdata import stopwords
    from pipeline.text import stem

    stopwords()
    stem("runs")


def batch_row(report: dict, report_path: str, top: int) -> dict:
    """One keyword's line of the batch table, from its report.json."""
    main = ranked(report)
    return {"keyword": report["keyword"], "n_k": report["n_k"], "ranked": len(main),
            "keyword_page": report.get("keyword_page"), "top": [c["phrase"] for c in main[:top]],
            "notes": notes(report), "report": report_path}


def batch_markdown(rows: list[dict], keywords_file: str) -> str:
    """The batch table for people: each keyword's top concepts and the warnings its report gives."""
    lines = [f"# Topic concepts for the keywords of {keywords_file}", "",
             "Each row is one run's report (its folder has every stage's artifact); "
             "warnings are the report's own.", "",
             "| keyword | n(k) | ranked | top concepts | warnings | report |", "|---|---|---|---|---|---|"]
    for r in rows:
        warn = " ".join(n.split(":", 1)[0] + "." for n in r["notes"])  # "Few pages." etc.; the report says more
        cells = [r["keyword"], str(r["n_k"]), str(r["ranked"]), ", ".join(r["top"]) or "(none)", warn, r["report"]]
        lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


# Keywords whose runs a batch hands Luigi at once (11 tasks each); the next chunk when they
# are all finished.
RUN_CHUNK = 100


class TopicBatch(Stage):
    """Topic runs for every keyword of a file, then batch.json/.csv/.md with their top concepts."""

    keywords_file = luigi.Parameter(description="UTF-8 text file, one keyword a line (# comments)")
    top = IntParam(default=10, description="concepts per keyword in the batch table")
    output_root = luigi.Parameter(default="output", description="folder of the runs, the index and the caches")

    def runs(self) -> list[TopicConcepts]:
        """One topic run a keyword of the file (read on each call: it is small)."""
        if self.top < 1:
            raise UserError(f"top is {self.top}: pass --top 1 or more (default 10)")
        return [TopicConcepts(keyword=k, output_root=self.output_root) for k in read_keywords(self.keywords_file)]

    def requires(self):
        # The runs are yielded from run() a chunk at a time (RUN_CHUNK); requires() only loads,
        # in the scheduling process, what their forked workers would each load again.
        if not all(run.complete() for run in self.runs()):
            preload_run_modules()
        return []

    def output(self):
        # Named after the file and a digest of its runs' folders, which cover every run
        # parameter, the index and the ranking's version: another keyword, option or index
        # gives another batch folder, never a table of stale runs.
        runs = [str(t.run_dir()) for t in self.runs()]  # no completeness checks, no preloading
        key = json.dumps([runs, self.top])
        folder = (Path(self.output_root) / "batches"
                  / f"{slug(Path(self.keywords_file).stem)}-{short_digest(key)}")
        return {ext: luigi.LocalTarget(str(folder / f"batch.{ext}")) for ext in ("json", "csv", "md")}

    def run(self):
        runs = self.runs()
        reports = []
        for start in range(0, len(runs), RUN_CHUNK):
            # Luigi's scheduler sorts every pending task on each request for work: a batch of
            # 800 keywords (8,800 tasks) required at once took 1.43x as long, and the gap grows
            # with the batch (bench/bench_batch.py). A finished chunk's runs are found complete.
            reports += yield runs[start:start + RUN_CHUNK]
            done = min(start + RUN_CHUNK, len(runs))
            self.set_status_message(f"{done} of {len(runs)} keywords' runs finished")
            self.set_progress_percentage(round(100 * done / len(runs)))
        rows = [batch_row(read_json(report["json"]), report["md"].path, self.top) for report in reports]
        out = self.output()
        write_json(out["json"], {"keywords_file": self.keywords_file, "top": self.top, "runs": rows})
        write_csv(out["csv"], CSV_COLUMNS,
                  [[r["keyword"], r["n_k"], r["ranked"], r["keyword_page"] or "", "; ".join(r["top"]),
                    " ".join(r["notes"]), r["report"]] for r in rows])
        write_text(out["md"], batch_markdown(rows, self.keywords_file))
        print(f"TopicBatch {self.keywords_file}: {len(rows)} keywords")
        for r in rows:
            print(f"  {r['keyword']} (n(k)={r['n_k']}): {', '.join(r['top'][:3]) or '(none)'}")
        print(f"Batch: {out['md'].path}")
