"""Precision of the topic-concept ranking against the collection's own reference pages.

    python -m bench.quality.evaluate [--corpus PATH] [--keywords "a,b"] [--min-pages N]
                                     [--min-terms N] [--out bench/results/quality]

1. References (bench/quality/references.py): every outline, glossary, index and
   list-of-topics page of the collection, its terms extracted, merged per keyword.
2. A second collection without any reference page (symlinks to the corpus folder's files,
   or the archive's files extracted, minus the reference pages), indexed by the pipeline's
   own BuildIndex (luigi config [BuildIndex] corpus set to it; output under `--out`).
   No run can mine the page its reference comes from.
3. Keywords: every reference keyword with at least `--min-terms` terms whose exact phrase
   occurs in at least `--min-pages` pages of that index (default: the [TopicConcepts]
   `pages` setting, so a run can find its full quota of pages).
4. Per keyword: TopicConcepts with the default parameters (luigi.cfg) on that index:
   `method=published` and the default `method=evidence`; and YAKE (language en, n-grams up to 3, dedup default)
   on the concatenated main text of the same pages the run mined (02-pages.jsonl, kept
   pages, text from LocalBackend.fetch). Each list is scored against the reference with
   the matching rule of references.py: P@10 and P@25 (matches among the first k / k; a
   list shorter than k counts its missing ranks as misses). Evidence: the report's order,
   every concept (Type III included, as the method ranks them; the people,
   organisations and works it lists apart are not in its main list). Published: the main list,
   Types I and II in rank order (Type III excluded). YAKE: its top 25 after removing
   phrases equal to the keyword (the pipeline never proposes the keyword itself).
5. quality.md and quality.json (and references.json) in `--out`; quality.md is printed.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import io
import json
import os
import shutil
import statistics
import sys
import tarfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))

from bench.quality.references import (
    Reference,
    build_references,
    iter_corpus_html,
    match_key,
    reference_pages,
    title_from_name,
)
from pipeline.corpus import HTML_SUFFIXES, is_archive
from pipeline.urls import file_url
from scoring.evidence import listed_concepts

DEFAULT_OUT = "bench/results/quality"
KS = (10, 25)
YAKE_TOP = 25
YAKE_ASK = 30  # asked for, so that 25 remain after the keyword itself is removed
PUBLISHED = "published"
PUBLISHED_LABEL = "published (method=published)"
EVIDENCE = "evidence"
EVIDENCE_LABEL = "evidence (default)"
YAKE = "yake"
YAKE_LABEL = "YAKE (en, n<=3, top 25)"
METHODS = (EVIDENCE, PUBLISHED, YAKE)


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


# --- the collection without reference pages ---------------------------------------------

def corpus_files(corpus: Path) -> list[str]:
    """Relative paths of the collection's HTML files (archive member names or folder paths)."""
    if is_archive(corpus):
        with tarfile.open(corpus, "r:*") as tar:
            return [m.name for m in tar if m.isfile() and m.name.lower().endswith(HTML_SUFFIXES)]
    return [p.relative_to(corpus).as_posix() for p in sorted(corpus.rglob("*"))
            if p.name.lower().endswith(HTML_SUFFIXES) and p.is_file()]


def reduced_corpus(corpus: Path, files: list[str], excluded: set[str], out: Path) -> Path:
    """A folder holding every file of `corpus` but the excluded titles (reused when present).

    A folder corpus gets symlinks, an archive is extracted. The folder's name carries a
    hash of the source and the exclusion list, so BuildIndex (keyed by the corpus path)
    never reuses an index built from another selection.
    """
    key = json.dumps([str(corpus.resolve()), sorted(excluded)])
    dest = out / f"corpus-minus-references-{hashlib.sha1(key.encode()).hexdigest()[:8]}"
    manifest = dest / "MANIFEST.json"
    if manifest.is_file():
        return dest
    tmp = dest.with_name(dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    kept = [f for f in files if title_from_name(f) not in excluded]
    if is_archive(corpus):
        keep = set(kept)
        with tarfile.open(corpus, "r:*") as tar:
            for m in tar:
                if m.isfile() and m.name in keep:
                    target = tmp / m.name.removeprefix("./")
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(tar.extractfile(m).read())
    else:
        for rel in kept:
            target = tmp / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.symlink_to((corpus / rel).resolve())
    (tmp / "MANIFEST.json").write_text(json.dumps(
        {"source": str(corpus.resolve()), "files": len(kept), "excluded": sorted(excluded)}, indent=1))
    tmp.rename(dest)
    return dest


# --- runs -------------------------------------------------------------------------------

def luigi_build(tasks: list) -> None:
    """Run Luigi tasks in-process, quietly; raise when one fails."""
    import luigi
    from luigi.execution_summary import LuigiStatusCode

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        result = luigi.build(tasks, local_scheduler=True, log_level="WARNING", detailed_summary=True)
    if result.status not in (LuigiStatusCode.SUCCESS, LuigiStatusCode.SUCCESS_WITH_RETRY):
        raise RuntimeError(f"Luigi run failed: {result.summary_text}\n{buf.getvalue()}")


def precision(flags: list[bool], k: int) -> float:
    """Matches among the first k / k."""
    return round(sum(flags[:k]) / k, 4)


def score_list(phrases: list[str], ref: Reference) -> dict:
    """P@k and the first 25 phrases with the reference term each matched (or None)."""
    matched = [ref.matches(p) for p in phrases]
    flags = [m is not None for m in matched]
    out = {f"p@{k}": precision(flags, k) for k in KS}
    out["listed"] = len(phrases)
    out["top"] = [{"phrase": p, "match": m} for p, m in zip(phrases[:max(KS)], matched)]
    return out


def terms_in_pages(backend, urls: list[str], ref: Reference) -> int:
    """Reference terms whose exact phrase (any case) occurs in the main text of at least one of `urls`.

    An indicator of how much of the reference the mined pages could yield at all (FTS5
    phrase match: no stemming, so a plural-only occurrence is missed).
    """
    from pipeline.search import fts_phrase

    ids = set()
    for u in urls:
        row = backend.con.execute("SELECT id FROM pages WHERE url = ?", (u,)).fetchone()
        if row:
            ids.add(row[0])
    found = 0
    for term in ref.terms.values():
        q = fts_phrase(term)
        if q and any(r[0] in ids for r in backend.con.execute(
                "SELECT rowid FROM pages_fts WHERE pages_fts MATCH ?", ("body : " + q,))):
            found += 1
    return found


def yake_cache_key(db: str, urls: list[str]) -> str:
    """What YAKE's answer depends on: its version and settings, the index file and the pages, in order."""
    import yake

    st = Path(db).stat()
    ident = json.dumps([getattr(yake, "__version__", "?"), YAKE_ASK, 3, "en", str(Path(db).resolve()),
                        st.st_size, int(st.st_mtime), urls])
    return hashlib.sha1(ident.encode()).hexdigest()


def _yake_job(job: tuple) -> tuple[str, list[tuple[str, float]], int, float]:
    keyword, db, urls, cache_dir = job
    cached = Path(cache_dir) / f"{yake_cache_key(db, urls)}.json"
    if cached.is_file():  # the pages and settings are the same: YAKE would say the same
        hit = json.loads(cached.read_text(encoding="utf-8"))
        return keyword, [tuple(x) for x in hit["found"]], hit["chars"], hit["seconds"]
    import yake

    from pipeline.search import LocalBackend

    backend = LocalBackend(db)
    text = "\n\n".join(backend.fetch(u).text or "" for u in urls)
    started = time.perf_counter()
    found = [(p, float(s)) for p, s in yake.KeywordExtractor(lan="en", n=3, top=YAKE_ASK).extract_keywords(text)]
    seconds = time.perf_counter() - started
    cached.parent.mkdir(parents=True, exist_ok=True)
    tmp = cached.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps({"keyword": keyword, "found": found, "chars": len(text), "seconds": seconds}),
                   encoding="utf-8")
    tmp.replace(cached)
    return keyword, found, len(text), seconds


def yake_phrases(found: list[tuple[str, float]], keyword: str) -> list[str]:
    """YAKE's phrases best first, without the keyword itself, at most YAKE_TOP."""
    kw = match_key(keyword)
    return [p for p, _ in found if match_key(p) != kw][:YAKE_TOP]


# --- output -----------------------------------------------------------------------------

def fmt(x: float) -> str:
    return f"{x:.2f}"


def mark(entry: dict) -> str:
    """" ✓" for a match, with the reference term when it is not the phrase in another case."""
    m = entry["match"]
    if not m:
        return ""
    return " ✓" if m.lower() == entry["phrase"].lower() else f" ✓ ({m})"


def render(result: dict) -> str:
    rows = result["keywords"]
    params = ", ".join(f"{k}={v}" for k, v in result["parameters"].items())
    intro = (f"Measured by `python -m bench.quality.evaluate` on {result['date']}: index of "
             f"{result['index_pages']} pages ({result['excluded_pages']} reference pages excluded), "
             f"TopicConcepts with the defaults of luigi.cfg ({params}). Keywords: every reference "
             f"keyword with >= {result['min_terms']} terms occurring in >= {result['min_pages']} pages "
             "of the index. P@k = reference matches among the first k.")
    header = (f"| keyword | reference pages | terms | terms in mined pages | n(k) | pages mined | Type I "
              f"| {EVIDENCE_LABEL} P@10 | P@25 | {PUBLISHED_LABEL} P@10 | P@25 | {YAKE_LABEL} P@10 | P@25 |")
    lines = ["## Topic-concept quality against the collection's reference pages", "", intro, "", header,
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        share = r["terms_in_mined_pages"] / r["reference_terms"] if r["reference_terms"] else 0.0
        cells = [r["keyword"], ", ".join(r["reference_pages"]), r["reference_terms"],
                 f"{r['terms_in_mined_pages']} ({share:.0%})", r["n_k"], r["pages_mined"], r["type_i"],
                 *(fmt(r[m][f"p@{k}"]) for m in METHODS for k in KS)]
        lines.append("| " + " | ".join(map(str, cells)) + " |")
    avg = result["averages"]
    means = [f"**{fmt(avg[m][f'p@{k}'])}**" for m in METHODS for k in KS]
    lines.append("| " + " | ".join([f"**mean of {len(rows)}**", "", "", "", "", "", "", *means]) + " |")
    lines += ["", ("Terms in mined pages: reference terms occurring as an exact phrase in the main text "
                   "of at least one page the run mined (what any method working on those pages could find)."),
              "", ("Top 10 of each list (✓ = matches a reference term; the term in brackets when it is "
                   "written differently):"), ""]
    for r in rows:
        for method, label in ((EVIDENCE, "evidence"), (PUBLISHED, "published"), (YAKE, "YAKE")):
            top = ", ".join(t["phrase"] + mark(t) for t in r[method]["top"][:10])
            lines.append(f"- {r['keyword']}, {label}: {top}")
    if result["skipped"]:
        skipped = "; ".join(f"{s['keyword']} ({s['reason']})" for s in result["skipped"])
        lines += ["", f"References not evaluated: {skipped}."]
    t, reused = result["seconds"], result["reused"]
    note = []
    if reused["index"]:
        note.append("the index")
    if reused["topic_runs"]:
        note.append(f"{reused['topic_runs']} of {len(rows)} topic runs")
    lines += ["", (f"Run time {t['total']} s: references {t['references']} s, collection and index "
                   f"{t['index']} s, topic runs {t['topic_runs']} s, YAKE {t['yake']} s"
                   + (f" ({' and '.join(note)} reused from an earlier run)." if note else "."))]
    return "\n".join(lines) + "\n"


# --- main -------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", help="folder of .html files or a tar archive (default: luigi.cfg [BuildIndex] corpus)")
    ap.add_argument("--keywords", default="", help="comma-separated reference keywords to evaluate (default: all that qualify)")
    ap.add_argument("--min-pages", type=int, default=None, help="n(k) a keyword needs (default: [TopicConcepts] pages)")
    ap.add_argument("--min-terms", type=int, default=max(KS), help="reference terms a keyword needs (default 25)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="YAKE processes")
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    if importlib.util.find_spec(YAKE) is None:  # say so before minutes of topic runs, not after them
        print("bench.quality.evaluate needs YAKE, the peer baseline: run `make bench-quality` "
              "or `pip install -e '.[bench]'`", file=sys.stderr)
        return 2
    os.chdir(ROOT)  # luigi.cfg and the relative paths of the pipeline
    started = time.perf_counter()

    import luigi

    import tasks  # noqa: F401  (registers the tasks)
    from pipeline.search import LocalBackend
    from tasks.index import BuildIndex
    from tasks.topic import TopicConcepts

    config = luigi.configuration.get_config()
    corpus = Path(args.corpus or config.get("BuildIndex", "corpus"))
    out = Path(args.out)
    luigi_root = out / "luigi-output"
    out.mkdir(parents=True, exist_ok=True)

    # 1. references
    t0 = time.perf_counter()
    files = corpus_files(corpus)
    pages = reference_pages(title_from_name(f) for f in files)
    refs = build_references(pages, dict(iter_corpus_html(corpus, pages)))
    t_refs = time.perf_counter() - t0
    log(f"{len(pages)} reference pages, {len(refs)} keywords ({t_refs:.1f} s)")

    # 2. the collection without them, and its index
    t0 = time.perf_counter()
    reduced = reduced_corpus(corpus, files, set(pages), out)
    config.set("BuildIndex", "corpus", str(reduced))
    index_task = BuildIndex(output_root=str(luigi_root))
    index_reused = index_task.complete()
    if not index_reused:
        log(f"building the index of {reduced} ...")
    luigi_build([index_task])
    db = index_task.output()["db"].path
    backend = LocalBackend(db)
    index_pages = backend.con.execute("SELECT count(*) FROM pages").fetchone()[0]
    prefix = config.get("BuildIndex", "url_prefix")
    ref_urls = [file_url(f.rsplit("/", 1)[-1], prefix) for f in files if title_from_name(f) in pages]
    leaked = [u for u in ref_urls if backend.con.execute("SELECT 1 FROM pages WHERE url = ?", (u,)).fetchone()]
    if leaked:
        raise RuntimeError(f"reference pages in the evaluation index: {leaked}")
    t_index = time.perf_counter() - t0
    log(f"index {db}: {index_pages} pages ({t_index:.1f} s)")

    # 3. keywords
    min_pages = args.min_pages if args.min_pages is not None else config.getint("TopicConcepts", "pages", 100)
    wanted = {match_key(k) for k in args.keywords.split(",") if k.strip()}
    chosen, skipped = [], []
    for ref in refs:
        if wanted and match_key(ref.keyword) not in wanted:
            continue
        n_k = backend.hit_count([ref.keyword])
        if len(ref.terms) < args.min_terms:
            skipped.append({"keyword": ref.keyword, "reason": f"{len(ref.terms)} terms", "n_k": n_k})
        elif n_k < min_pages:
            skipped.append({"keyword": ref.keyword, "reason": f"n(k) = {n_k}", "n_k": n_k})
        else:
            chosen.append((ref, n_k))
    log(f"{len(chosen)} keywords qualify: {', '.join(r.keyword for r, _ in chosen)}")

    # 4a. topic runs, one at a time (each uses both cores for its page stages)
    t0 = time.perf_counter()
    rows = []
    runs_reused = 0
    for ref, n_k in chosen:
        t1 = time.perf_counter()
        task = TopicConcepts(keyword=ref.keyword, output_root=str(luigi_root), method=PUBLISHED)
        default = TopicConcepts(keyword=ref.keyword, output_root=str(luigi_root), method=EVIDENCE)
        runs_reused += task.complete() and default.complete()  # a new RANKING_VERSION redoes the default only
        luigi_build([task, default])
        report = json.loads(Path(task.output()["json"].path).read_text())
        ranked = json.loads(Path(default.output()["json"].path).read_text())
        run_dir = Path(task.run_dir())
        kept = [json.loads(line)["url"] for line in (run_dir / "02-pages.jsonl").read_text().splitlines()
                if line.strip() and json.loads(line)["kept"]]
        main_list = [c["phrase"] for c in report["candidates"] if c["type"] in ("I", "II")]
        row = {"keyword": ref.keyword, "reference_pages": ref.pages, "reference_terms": len(ref.terms),
               "n_k": report["n_k"], "pages_mined": len(kept), "run_dir": str(run_dir),
               "candidates": len(report["candidates"]), "main_list": len(main_list),
               "type_i": sum(c["type"] == "I" for c in report["candidates"]),
               "type_iii": sum(c["type"] == "III" for c in report["candidates"]),
               "terms_in_mined_pages": terms_in_pages(backend, kept, ref),
               PUBLISHED: score_list(main_list, ref), "_urls": kept,
               # The default's main list: every concept (Type III included) in evidence order;
               # people, organisations and works are listed apart by the method, not part of it,
               # and so are the names a rule scores 0 (the report's "Score 0 by a rule").
               EVIDENCE: score_list([c["phrase"] for c in listed_concepts(ranked["candidates"])], ref),
               "people": [c["phrase"] for c in ranked["candidates"] if c["evidence"].get("kind") == "person"][:10],
               "organisations": [c["phrase"] for c in ranked["candidates"]
                                 if c["evidence"].get("kind") == "organisation"][:10],
               "works": [c["phrase"] for c in ranked["candidates"] if c["evidence"].get("kind") == "work"][:10],
               "topic_seconds": round(time.perf_counter() - t1, 2)}
        rows.append(row)
        log(f"{ref.keyword}: n(k)={n_k}, {len(kept)} pages, {row['type_i']} Type I, published "
            f"P@10={row[PUBLISHED]['p@10']} P@25={row[PUBLISHED]['p@25']}, evidence P@10={row[EVIDENCE]['p@10']} "
            f"P@25={row[EVIDENCE]['p@25']} ({row['topic_seconds']} s)")
    parameters = json.loads(Path(rows[0]["run_dir"], "report.json").read_text())["parameters"] if rows else {}
    parameters.pop("keyword", None)
    parameters.pop("method", None)  # both methods run
    t_topic = time.perf_counter() - t0

    # 4b. YAKE on the same pages, in parallel
    t0 = time.perf_counter()
    by_kw = {r["keyword"]: r for r in rows}
    refs_by_kw = {ref.keyword: ref for ref, _ in chosen}
    jobs = [(r["keyword"], db, r.pop("_urls"), str(out / "yake-cache")) for r in rows]
    with ProcessPoolExecutor(max(1, min(args.workers, len(jobs) or 1))) as pool:
        for keyword, found, chars, secs in pool.map(_yake_job, jobs):
            row = by_kw[keyword]
            row[YAKE] = score_list(yake_phrases(found, keyword), refs_by_kw[keyword])
            row[YAKE]["text_chars"] = chars
            row["yake_seconds"] = round(secs, 2)
            log(f"{keyword}: YAKE P@10={row[YAKE]['p@10']} P@25={row[YAKE]['p@25']} "
                f"({chars} characters, {secs:.1f} s)")
    t_yake = time.perf_counter() - t0

    averages = {m: {f"p@{k}": round(statistics.mean(r[m][f"p@{k}"] for r in rows), 4) if rows else 0.0
                    for k in KS} for m in METHODS}
    result = {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "corpus": str(corpus), "evaluation_corpus": str(reduced), "index": db,
        "index_pages": index_pages, "excluded_pages": len(pages),
        "parameters": parameters, "min_pages": min_pages, "min_terms": args.min_terms,
        "methods": {EVIDENCE: EVIDENCE_LABEL, PUBLISHED: PUBLISHED_LABEL, YAKE: YAKE_LABEL},
        "matching_rule": "Porter stems of the lowercase words in order equal a reference term's, "
                         "or the term's with one trailing parenthetical removed",
        "keywords": rows, "averages": averages, "skipped": skipped,
        "seconds": {"references": round(t_refs, 1), "index": round(t_index, 1), "topic_runs": round(t_topic, 1),
                    "yake": round(t_yake, 1), "total": round(time.perf_counter() - started, 1)},
        "reused": {"index": index_reused, "topic_runs": runs_reused},
    }
    (out / "references.json").write_text(json.dumps([r.to_json() for r in refs], indent=1, ensure_ascii=False))
    (out / "quality.json").write_text(json.dumps(result, indent=1, ensure_ascii=False))
    md = render(result)
    (out / "quality.md").write_text(md)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
