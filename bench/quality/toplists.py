"""Print the default method's top concepts, people, organisations and works for keywords, to judge by hand.

    python -m bench.quality.toplists                      # the README's twelve keywords
    python -m bench.quality.toplists "operating system" "database"

Runs TopicConcepts (luigi.cfg defaults, the index of `[BuildIndex] corpus`) for each
keyword and writes `bench/results/quality/toplists.md`: per keyword its top 10 concepts
(* starred, § a section of the keyword's page or its main article, → linked from it, d defined through the
keyword by its own page, w filed under it by WordNet, s read as under the keyword by the
collection's sentences, c linked from paragraphs naming a keyword that has no page, f filed
under a class named after the keyword by its page's site; † found
by its definition, ‡ by the section or its main article, ⇢ by the link, ⇝ by the citing paragraphs, ⊂ by the sentences' enumerations),
then its first people, organisations and works. The README's hand counts were made from it;
nothing here scores anything: the judging is a person's.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from scoring.evidence import listed_concepts, names_a_section, reads_under, ruled_out, weak_concepts
from scoring.hearst import Said
from scoring.taxonomy import UNDER

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "bench" / "results" / "quality" / "toplists.md"
# The four keywords issue 2 names, then eight nothing was developed on.
KEYWORDS = ("artificial intelligence", "machine learning", "data mining", "computer vision",
            "operating system", "cryptography", "computer network", "database", "programming language",
            "computer graphics", "compiler", "internet")


def mark(c: dict) -> str:
    """A candidate as the README's tables show it."""
    e = c["evidence"]
    return (c["phrase"] + (" *" if c["starred"] else "") + (" §" if names_a_section(e) else "")
            + (" →" if e.get("linked") else "") + (" d" if e["defines"] else "") + (" w" if e.get("wordnet") in UNDER else "")
            + (" s" if e.get("said") and reads_under(Said(**e["said"])) else "")
            + (" c" if e.get("cited") else "") + (" f" if e.get("filed") else "")
            + (" †" if e["source"] == "definition" else "") + (" ‡" if e["source"] in ("section", "main") else "")
            + (" ⇢" if e["source"] == "link" else "") + (" ⇝" if e["source"] == "cited" else "") + (" ⊂" if e["source"] == "said" else ""))


def first_places(report: dict, top: int = 10) -> tuple[list[dict], list[dict]]:
    """(listed, weak) of a report's first `top` places: its listed concepts, then the weak
    candidates filling the places the confidence floor left; the places a judge reads."""
    listed = listed_concepts(report["candidates"])[:top]
    return listed, weak_concepts(report["candidates"])[:top - len(listed)]


def lines_for(keyword: str, report: dict, top: int = 10) -> list[str]:
    """The Markdown lines of one keyword."""
    groups = {k: [c for c in report["candidates"] if c["evidence"]["kind"] == k and not ruled_out(c)]
              for k in ("person", "organisation", "work")}
    concepts, weak = first_places(report, top)
    out = [f"## {keyword} (n(k) = {report['n_k']})", ""]
    out += [f"{i}. {mark(c)}" for i, c in enumerate(concepts, 1)]
    out += ["", "Weak evidence: " + ", ".join(c["phrase"] for c in weak)] if weak else []
    out += ["", "People: " + (", ".join(c["phrase"] for c in groups["person"][:5]) or "none"),
            "Organisations: " + (", ".join(c["phrase"] for c in groups["organisation"][:5]) or "none"),
            "Works: " + (", ".join(c["phrase"] for c in groups["work"][:5]) or "none"), ""]
    return out


def publish(path: Path, lines: list[str]) -> None:
    """Write a Markdown result (lines) to `path`, its folder made if needed, and print it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


@dataclass(frozen=True)
class Site:
    """Another collection than luigi.cfg's: a folder of pages, its URL prefix, and where its
    index and runs go (apart from the shared corpus's own under output/)."""

    corpus: str
    url_prefix: str
    output_root: str


def add_site_arguments(ap: argparse.ArgumentParser) -> None:
    """--corpus, --url-prefix and --output-root: run on another collection than luigi.cfg's."""
    ap.add_argument("--corpus", help="another collection than luigi.cfg's: a folder of pages "
                                     "(with --url-prefix and --output-root)")
    ap.add_argument("--url-prefix", default="", help="the URL prefix of --corpus's pages")
    ap.add_argument("--output-root", default="", help="where --corpus's index and runs go")


def site_from(args: argparse.Namespace) -> Site | None:
    """The Site the arguments name, None for luigi.cfg's; SystemExit(2) with one line if incomplete."""
    if not args.corpus:
        return None
    if not (args.url_prefix and args.output_root):
        print("--corpus needs --url-prefix and --output-root too", file=sys.stderr)
        raise SystemExit(2)
    return Site(str(Path(args.corpus).resolve()), args.url_prefix, str(Path(args.output_root).resolve()))


def run_reports(keywords: list[str], site: Site | None = None) -> list[tuple[str, dict]] | None:
    """(keyword, report.json) of a TopicConcepts run per keyword with the luigi.cfg
    defaults (or on `site`), run or reused through Luigi; None (and a line on stderr) if
    one failed."""
    os.chdir(ROOT)  # luigi.cfg and the pipeline's relative paths
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))

    import luigi

    import tasks  # noqa: F401  (registers the tasks)
    from tasks.batch import RUN_CHUNK
    from tasks.topic import TopicConcepts

    cfg = luigi.configuration.get_config()
    saved = {key: cfg.get("BuildIndex", key, None) for key in ("corpus", "url_prefix")}
    extra = {}
    if site is not None:
        if not cfg.has_section("BuildIndex"):
            cfg.add_section("BuildIndex")
        cfg.set("BuildIndex", "corpus", site.corpus)
        cfg.set("BuildIndex", "url_prefix", site.url_prefix)
        extra["output_root"] = site.output_root
    try:
        runs = [TopicConcepts(keyword=k, **extra) for k in keywords]
        # Each run's console lines (its summary, or "done by an earlier run") go to stderr:
        # the tools print their tables on stdout. A chunk of runs a build, as TopicBatch
        # hands them to Luigi (tasks.batch.RUN_CHUNK: its scheduler slows with thousands pending).
        with contextlib.redirect_stdout(sys.stderr):
            built = all(luigi.build(runs[i:i + RUN_CHUNK], local_scheduler=True, log_level="WARNING")
                        for i in range(0, len(runs), RUN_CHUNK))
        if not built:
            print("a topic run failed: see the Luigi log above", file=sys.stderr)
            return None
        # Read while `site` is configured: a run's folder is named after its index.
        return [(task.keyword, json.loads(Path(task.output()["json"].path).read_text(encoding="utf-8")))
                for task in runs]
    finally:
        if site is not None:  # the process's configuration as it was, for whatever runs next
            for key, value in saved.items():
                if value is None:
                    cfg.remove_option("BuildIndex", key)
                else:
                    cfg.set("BuildIndex", key, value)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("keywords", nargs="*", default=list(KEYWORDS))
    ap.add_argument("--out", type=Path, default=OUT, help="the Markdown result (default: %(default)s)")
    add_site_arguments(ap)
    args = ap.parse_args(argv)
    reports = run_reports(args.keywords, site_from(args))
    if reports is None:
        return 1
    text = ["# Top concepts of the default method, to judge by hand", ""]
    for keyword, report in reports:
        text += lines_for(keyword, report)
    publish(args.out, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
