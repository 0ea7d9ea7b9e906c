#!/usr/bin/env python
"""Benchmark the topic-concept chain end to end, with baselines measured in the same run.

    python bench/bench_topic.py [--corpus PATH] [--pages-limit N] [--out bench/results]

1. Index build: pipeline.indexer.build_index over the corpus (pages/s, MB/s of HTML);
   baselines: the same pages parsed by lxml and nothing else on the same processes (the
   build's floor; medians of --index-repeats back-to-back pairs), and parse_tree (lxml)
   vs parse_tree_html5 (html5lib) on a sample.
2. Topic run per keyword: every stage of tasks/topic.py timed on its own by calling the
   same pure functions the tasks' run() methods call; baselines: mlxtend apriori vs
   fpgrowth, star_parser auto vs html5lib (and lxml). Then one real Luigi run per keyword
   on the built index, and a second run that must do no work; the same with --method
   published (issue 2's chain, in an output root of its own); then the `luigi` command
   itself, a new process per run (start-up and imports included), three runs a keyword;
   and the keywords as one TopicBatch on one Luigi worker and on two.
3. Hit counts: LocalBackend.hit_count (cold) vs CachedHitCounts over diskcache (warm).
4. A table on stdout, bench_topic.json (all figures) and bench_topic.md (README-ready).

The index the benchmark builds is written exactly where tasks.index.BuildIndex expects
it (<tmp>/luigi-output/index/<corpus>-<hash>/pages.sqlite + summary.json), so the Luigi
runs find BuildIndex complete and reuse it: the index is built once, by the timed call.
"""
from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import os
import platform
import shutil
import statistics
import sqlite3
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("NLTK_DATA", str(ROOT.parent / "shared" / "nltk_data"))

DEFAULT_CORPUS = "/tmp/corpus/repository"
DEFAULT_ARCHIVE = str(ROOT.parent / "shared" / "corpora" / "wikipedia-cs-2020.tar.xz")
URL_PREFIX = "https://en.wikipedia.org/wiki/"
KEYWORDS = ("artificial intelligence", "machine learning", "data mining", "computer vision")
# The defaults of tasks.topic.TopicStage (and of luigi.cfg's [topicminer] section).
PARAMS = {"pages": 100, "domain": "", "mode": "word", "stemming": False, "min_support": 3.0,
          "s1_threshold": 0.06, "backend": "local", "star_parser": "auto",
          "itemsets": "fpgrowth"}
WARM_TARGET_QPS = 5000
STAGES = ("search", "noisy", "items", "transactions", "itemsets", "candidates", "hit_counts",
          "scores", "star", "report")
STAGE_TASK = {"search": "SearchResults", "noisy": "NoisyFilter", "items": "ListItems",
              "transactions": "Transactions", "itemsets": "FrequentItemsets",
              "candidates": "CandidatePhrases", "hit_counts": "HitCounts", "scores": "Scores",
              "star": "TagTreeCheck", "report": "TopicConcepts"}


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


class Timer:
    """`with Timer() as t: ...; t.s` -> elapsed seconds (perf_counter)."""

    def __enter__(self):
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.s = time.perf_counter() - self.t0
        return False


def rate(n: float, s: float) -> float | None:
    return round(n / s, 2) if s > 0 else None


def ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a and b else None


# --------------------------------------------------------------------------- corpus


def prepare_corpus(args, tmp: Path) -> tuple[Path, dict]:
    """The corpus folder: --corpus when it is a folder, else an archive unpacked into `tmp`."""
    p = Path(args.corpus)
    info = {"requested": str(p), "unpacked_from": None, "unpack_seconds": None}
    if p.is_dir():
        return p.resolve(), info
    archive = p if p.is_file() else Path(args.archive)
    if not archive.is_file():
        sys.exit(f"corpus {p} is missing and archive {archive} does not exist: pass --corpus or --archive")
    dest = tmp / "corpus"
    dest.mkdir()
    log(f"corpus {p} not found: unpacking {archive} into {dest}")
    with Timer() as t, tarfile.open(archive, "r:*") as tar:
        if sys.version_info >= (3, 11, 4) or hasattr(tarfile, "data_filter"):
            tar.extractall(dest, filter="data")
        else:  # pragma: no cover - old Pythons
            tar.extractall(dest)
    info.update(unpacked_from=str(archive), unpack_seconds=round(t.s, 2))
    from pipeline.indexer import collection_root
    return collection_root(dest).resolve(), info


def collection_items(corpus: Path, limit: int | None):
    """(url, bytes or path) of the pages build_index will read, in its order, up to `limit`."""
    from pipeline.indexer import iter_collection
    items = iter_collection(corpus, URL_PREFIX)
    return [x for _, x in zip(range(limit), items)] if limit else list(items)


def item_bytes(source) -> bytes:
    return source if isinstance(source, bytes) else Path(source).read_bytes()


# --------------------------------------------------------------------------- 1. index


def bench_index(corpus: Path, out_root: Path, limit: int | None, items: list,
                repeats: int = 3) -> tuple[dict, dict, Path]:
    """Time build_index into the folder BuildIndex would use (summary.json too), each build
    right after the same pages parsed by lxml alone (its floor); medians of `repeats` pairs.

    This machine's speed drifts by ~10% within minutes: pairs measured back to back give
    a steadier ratio than one build against one baseline. The first build is kept.
    """
    from pipeline.boilerplate import DEFAULT_RULES
    from pipeline.indexer import build_index
    from tasks.index import BuildIndex

    # Read every file once first (timed on its own), so the build is measured with the corpus in
    # the OS page cache: a cold cache makes the workers wait on the disk and the figure unstable.
    with Timer() as tr:
        html_bytes = sum(len(item_bytes(s)) for _, s in items)
    log(f"corpus read pass: {html_bytes / 1e6:.0f} MB in {tr.s:.1f} s")
    task = BuildIndex(corpus=str(corpus), url_prefix=URL_PREFIX, output_root=str(out_root))
    db = Path(task.output()["db"].path)
    db.parent.mkdir(parents=True, exist_ok=True)
    builds, floors, summary = [], [], None
    for r in range(repeats):
        floors.append(bench_parse_floor(items, os.cpu_count() or 1))
        tmp_db = db.with_name(f"{db.name}.building{r}")
        log(f"index build {r + 1}/{repeats}: {len(items)} files, {html_bytes / 1e6:.0f} MB of HTML -> {tmp_db}")
        with Timer() as t:
            s = build_index(corpus, tmp_db, URL_PREFIX, DEFAULT_RULES, workers=None, limit=limit)
        builds.append(t.s)
        log(f"index build {r + 1}/{repeats}: {t.s:.2f} s, {s['pages'] / t.s:.0f} pages/s")
        if summary is None:
            summary = s
            tmp_db.rename(db)
        else:
            tmp_db.unlink()
    Path(task.output()["summary"].path).write_text(json.dumps(summary, indent=2) + "\n")
    seconds = statistics.median(builds)
    res = {
        "files": len(items), "pages": summary["pages"], "skipped": summary["skipped"],
        "skip_reasons": summary["skip_reasons"], "workers": summary["workers"],
        "html_mb": round(html_bytes / 1e6, 2), "seconds": round(seconds, 2),
        "repeats": repeats, "seconds_each": [round(b, 2) for b in builds],
        "pages_per_second": rate(summary["pages"], seconds),
        "files_per_second": rate(len(items), seconds),
        "html_mb_per_second": rate(html_bytes / 1e6, seconds),
        "index_mb": round(db.stat().st_size / 1e6, 1),
        "read_pass_seconds": round(tr.s, 2), "read_pass_mb_per_second": rate(html_bytes / 1e6, tr.s),
        "build_index_summary_seconds": summary["seconds"],
        "ratio_to_parse_each": [ratio(b, f["seconds"]) for b, f in zip(builds, floors)],
        "db": str(db),
    }
    floor_s = statistics.median(f["seconds"] for f in floors)
    floor = {"pages": floors[0]["pages"], "workers": floors[0]["workers"], "seconds": round(floor_s, 2),
             "seconds_each": [f["seconds"] for f in floors], "pages_per_second": rate(floors[0]["pages"], floor_s)}
    res["ratio_to_parse"] = statistics.median(res["ratio_to_parse_each"])
    log(f"index build: median {res['seconds']} s, {res['pages_per_second']} pages/s; "
        f"x{res['ratio_to_parse']} the parse alone (median of {repeats} pairs)")
    return res, floor, db


def _parse_only(item) -> int:
    from pipeline.parse import parse_tree, parser_input
    parse_tree(parser_input(item_bytes(item[1])))
    return 1


def bench_parse_floor(items: list, workers: int) -> dict:
    """The index build's floor: lxml parsing every page and nothing else, same processes.

    The baseline for the build: what it costs beyond this is the per-page work the index
    stores (chrome removal, links, list items and labels, main text, lead, compression,
    SQLite and FTS5).
    """
    import multiprocessing as mp
    ctx = mp.get_context("fork" if hasattr(os, "fork") else "spawn")
    with Timer() as t, ctx.Pool(workers) as pool:
        n = sum(pool.imap_unordered(_parse_only, items, chunksize=8))
    log(f"parse floor: {n} pages parsed by lxml alone in {t.s:.2f} s on {workers} processes")
    return {"pages": n, "workers": workers, "seconds": round(t.s, 2), "pages_per_second": rate(n, t.s)}


def bench_parse(items: list, sample: int) -> dict:
    """parse_tree (lxml) vs parse_tree_html5 (html5lib) on the same decoded pages.

    Also times the rest of parse_page's per-page work (title, links, main text) on each
    parser's tree, so the full per-page cost can be compared as well.
    """
    from pipeline.boilerplate import DEFAULT_RULES
    from pipeline.parse import (decode_html, html_problem, main_text, page_links, page_title,
                                parse_tree, parse_tree_html5)

    step = max(1, len(items) // sample)
    picked = items[::step][:sample]
    pages = []
    for url, src in picked:
        raw = item_bytes(src)
        if html_problem(raw) is None:
            pages.append((url, decode_html(raw)))
    mb = sum(len(t.encode("utf-8")) for _, t in pages) / 1e6
    log(f"parse baseline: {len(pages)} pages ({mb:.1f} MB), lxml vs html5lib")
    out = {"pages": len(pages), "html_mb": round(mb, 2), "sample_step": step}
    for name, fn in (("lxml", parse_tree), ("html5lib", parse_tree_html5)):
        with Timer() as tp:
            trees = [fn(text) for _, text in pages]
        with Timer() as tr:
            for (url, _), root in zip(pages, trees):
                page_title(root)
                page_links(root, url)
                main_text(root, DEFAULT_RULES)
        out[name] = {"parse_seconds": round(tp.s, 3), "pages_per_second": rate(len(pages), tp.s),
                     "mb_per_second": rate(mb, tp.s), "ms_per_page": round(1000 * tp.s / len(pages), 2),
                     "rest_of_page_seconds": round(tr.s, 3),
                     "full_page_pages_per_second": rate(len(pages), tp.s + tr.s)}
        del trees
    out["speedup_parse"] = ratio(out["lxml"]["pages_per_second"], out["html5lib"]["pages_per_second"])
    out["speedup_full_page"] = ratio(out["lxml"]["full_page_pages_per_second"],
                                     out["html5lib"]["full_page_pages_per_second"])
    log(f"parse baseline: lxml {out['lxml']['pages_per_second']} pages/s, html5lib "
        f"{out['html5lib']['pages_per_second']} pages/s, x{out['speedup_parse']}")
    return out


# --------------------------------------------------------------------------- 2. topic stages


def star_stage(backend, rules, cands: list[dict], keyword: str, parser: str) -> tuple[float, dict]:
    """The TagTreeCheck stage function with one parser choice, timed."""
    from pipeline.topic_stages import stars

    with Timer() as t:
        result = stars(backend, rules, cands, keyword, parser)
    return t.s, {"pages": sum(result["parsers"].values()), "parsers": result["parsers"],
                 "stars": result["stars"], "starred": sum(s["starred"] for s in result["stars"].values())}


def topic_stages(keyword: str, backend, rules) -> dict:
    """Every stage of the chain timed on its own: the same stage functions the Luigi tasks call."""
    from pipeline import topic_stages as stages
    from pipeline.results import collect_results
    from tasks.report import render_markdown

    p = PARAMS
    sec: dict[str, float] = {}
    counts: dict[str, int] = {}

    with Timer() as t:
        results = collect_results(backend, keyword, p["pages"], p["domain"])
    sec["search"] = t.s
    urls = [r["url"] for r in results if r["usable"]]
    counts["results_usable"] = len(urls)

    with Timer() as t:
        pages = stages.noisy_pages(backend, urls, rules)
    sec["noisy"] = t.s
    kept = [r["url"] for r in pages if r["kept"]]
    counts["pages_kept"] = len(kept)

    with Timer() as t:
        items = stages.list_items(backend, kept, rules)
    sec["items"] = t.s
    counts["list_items"] = len(items)

    with Timer() as t:
        tx = stages.transactions(items, p["mode"], p["stemming"])
    sec["transactions"] = t.s
    counts["transactions"] = len(tx)

    with Timer() as t:  # the algorithm the tasks use (fpgrowth): also its baseline figure
        frequent, threshold = stages.itemsets(tx, p["mode"], p["min_support"], p["itemsets"])
    sec["itemsets"] = t.s
    peak_rss_mb = peak_rss()
    counts["itemsets"] = len(frequent)
    counts["support_threshold"] = threshold

    with Timer() as t:
        cand_doc = stages.candidates(tx, [(text, n) for n, _, text in frequent], p["mode"], p["stemming"], keyword)
    cands = cand_doc["candidates"]
    sec["candidates"] = t.s
    counts["candidates"] = len(cands)
    counts["itemsets_dropped"] = len(cand_doc["dropped"])

    with Timer() as t:  # straight from the backend (no cache): the cache is measured in bench_hits
        hits = stages.hit_counts(backend.hit_count, keyword, cands)
    sec["hit_counts"] = t.s
    n_k = hits[0][1] if hits else backend.hit_count([keyword])
    counts["hit_count_queries"] = 1 + 2 * len(cands)
    counts["n_k"] = n_k

    with Timer() as t:
        scored = stages.score(hits, p["s1_threshold"])
    sec["scores"] = t.s
    counts["type_I"] = sum(r["type"] == "I" for r in scored)

    sec["star"], star = star_stage(backend, rules, cands, keyword, p["star_parser"])
    counts["star_pages"] = star["pages"]
    counts["starred"] = star["starred"]

    with Timer() as t:
        report = stages.report(keyword, dict(PARAMS, keyword=keyword), n_k, cands, scored, star)
        render_markdown(report)
    sec["report"] = t.s
    out = report["candidates"]

    # ---- baselines on the same inputs
    # The used algorithm is not run twice: the stage above is its figure.
    tx_words = [r["words"] for r in tx]
    other = "apriori" if p["itemsets"] == "fpgrowth" else "fpgrowth"
    with Timer() as t:
        fp, _ = stages.itemsets(tx, p["mode"], p["min_support"], algorithm=other)
    algo = {p["itemsets"]: round(sec["itemsets"], 4), other: round(t.s, 4),
            f"peak_rss_mb_after_{p['itemsets']}": peak_rss_mb, f"peak_rss_mb_after_{other}": peak_rss()}
    algo["same_result"] = set(frequent) == set(fp)
    algo["speedup_fpgrowth"] = ratio(algo["apriori"], algo["fpgrowth"])
    algo["support_check"] = support_check([(frozenset(text.split()), n) for n, _, text in frequent],
                                          tx_words, threshold)

    star_cmp = {"auto": {"seconds": round(sec["star"], 3), "parsers": star["parsers"],
                         "starred": star["starred"]}}
    for parser in ("html5lib", "lxml"):
        s, other = star_stage(backend, rules, cands, keyword, parser)
        star_cmp[parser] = {"seconds": round(s, 3), "parsers": other["parsers"], "starred": other["starred"],
                            "same_stars_as_auto": other["stars"] == star["stars"]}
    star_cmp["pages"] = star["pages"]
    star_cmp["speedup_auto_vs_html5lib"] = ratio(star_cmp["html5lib"]["seconds"], star_cmp["auto"]["seconds"])

    return {"seconds": {k: round(v, 4) for k, v in sec.items()},
            "total_seconds": round(sum(sec.values()), 3), "counts": counts,
            "itemsets_baseline": algo, "star_baseline": star_cmp,
            "queries": [[keyword]] + [q for c in cands for q in ([c["phrase"]], [keyword, c["phrase"]])],
            "top_candidates": [o["phrase"] for o in out if o["type"] != "III"][:10]}


def peak_rss() -> float | None:
    """The process's peak resident set size so far, in MB (a high-water mark, never lower)."""
    try:
        import resource
        return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    except (ImportError, OSError):
        return None


def support_check(found, tx_words, threshold: int) -> dict:
    """Recount each reported itemset's support directly: the reported counts should be exact."""
    sets = [frozenset(w) for w in tx_words]
    wrong, below = [], 0
    for s, c in found:
        true = sum(s <= t for t in sets)
        below += true < threshold
        if true != c:
            wrong.append((sorted(s), c, true))
    return {"itemsets": len(found), "wrong_support": len(wrong), "below_threshold": below,
            "examples": [{"itemset": " ".join(w), "reported": c, "actual": a} for w, c, a in wrong[:3]]}


# --------------------------------------------------------------------------- 3. hit counts


def bench_hits(backend, queries: list[list[str]], cache_dir: Path) -> dict:
    from pipeline.search import CachedHitCounts

    seen, uniq = set(), []
    for q in queries:
        if tuple(q) not in seen:
            seen.add(tuple(q))
            uniq.append(q)
    n = len(uniq)
    log(f"hit counts: {n} distinct queries")
    with Timer() as t:
        cold = [backend.hit_count(q) for q in uniq]
    res = {"queries": n, "cold": {"seconds": round(t.s, 4), "qps": rate(n, t.s)}}
    counter = CachedHitCounts(backend, cache_dir)
    try:
        with Timer() as t:
            fill = [counter(q) for q in uniq]
        res["fill"] = {"seconds": round(t.s, 4), "qps": rate(n, t.s)}
        with Timer() as t:
            warm = [counter(q) for q in uniq]
        res["warm"] = {"seconds": round(t.s, 4), "qps": rate(n, t.s)}
    finally:
        counter.close()
    res["same_counts"] = cold == fill == warm
    res["warm_vs_cold"] = ratio(res["warm"]["qps"], res["cold"]["qps"])
    res["target_qps"] = WARM_TARGET_QPS
    res["meets_target"] = bool(res["warm"]["qps"] and res["warm"]["qps"] > WARM_TARGET_QPS)
    log(f"hit counts: cold {res['cold']['qps']} q/s, warm {res['warm']['qps']} q/s")
    return res


# --------------------------------------------------------------------------- 2b. luigi


def configure_luigi(corpus: Path, out_root: Path) -> None:
    import luigi.configuration

    cfg = luigi.configuration.get_config()
    for key, value in (("corpus", str(corpus)), ("url_prefix", URL_PREFIX), ("boilerplate", ""),
                       ("output_root", str(out_root))):
        cfg.set("BuildIndex", key, value)
    if not cfg.has_section("topicminer"):
        cfg.add_section("topicminer")
    for key, value in PARAMS.items():
        cfg.set("topicminer", key, str(value).lower() if isinstance(value, bool) else str(value))
    cfg.set("topicminer", "output_root", str(out_root))


def bench_luigi(keyword: str, out_root: Path, proc_times: dict, method: str = "evidence") -> dict:
    import luigi
    from luigi.execution_summary import _summary_dict
    from tasks.topic import TopicConcepts

    task = TopicConcepts(keyword=keyword, output_root=str(out_root), method=method, **PARAMS)
    res = {"run_dir": str(task.run_dir())}
    for run in ("first", "second"):
        proc_times.clear()
        buf = io.StringIO()
        with Timer() as t, contextlib.redirect_stdout(buf):
            out = luigi.build([task], local_scheduler=True, detailed_summary=True, log_level="WARNING")
        summ = _summary_dict(out.worker)
        done = sorted(type(x).__name__ for x in summ["completed"])
        res[run] = {"seconds": round(t.s, 3), "status": out.status.name,
                    "tasks_run": len(done), "tasks_already_done": len(summ["already_done"]),
                    "failed": sorted(str(x) for x in summ["failed"]),
                    "stage_seconds": {k: round(v, 4) for k, v in proc_times.items()},
                    "stdout": buf.getvalue().strip().splitlines()[:3]}
        if run == "first":
            mtimes = {f.name: f.stat().st_mtime_ns for f in Path(res["run_dir"]).iterdir()}
            res["built_index_reused"] = "BuildIndex" not in done
    res["second"]["artifacts_untouched"] = mtimes == {f.name: f.stat().st_mtime_ns
                                                      for f in Path(res["run_dir"]).iterdir()}
    res["ok"] = (res["first"]["status"] == "SUCCESS" and res["second"]["status"] == "SUCCESS"
                 and res["second"]["tasks_run"] == 0 and res["second"]["artifacts_untouched"])
    try:
        report = json.loads((Path(res["run_dir"]) / "report.json").read_text())
        res["candidates"] = len(report["candidates"])
        res["starred"] = sum(c["starred"] for c in report["candidates"])
    except (OSError, ValueError, KeyError):
        res["candidates"] = None
    log(f"luigi {keyword!r}: {res['first']['seconds']} s ({res['first']['tasks_run']} tasks), "
        f"rerun {res['second']['seconds']} s ({res['second']['tasks_run']} tasks)")
    return res


def ran_tasks(summary: str) -> set[str]:
    """The task families Luigi's execution summary lists under "ran successfully"."""
    out, inside = set(), False
    for line in summary.splitlines():
        if line.startswith("* "):
            inside = "ran successfully" in line
        elif inside and line.strip().startswith("- "):
            out.add(line.strip()[2:].split(" ", 1)[-1].split("(", 1)[0])
    return out


def bench_cli(keyword: str, corpus: Path, out_root: Path, runs: int = 3) -> dict:
    """A new keyword's run as a user starts it: the `luigi` command in a fresh process, the
    index and WordNet table built (shared by symlink), the run folder and hit-count cache new
    each time. Wall and CPU seconds of the whole process (start-up and imports included),
    medians of `runs`; the in-process Luigi run of the same keyword is the baseline."""
    import resource
    import subprocess

    # `python -m luigi` is the `luigi` script's own entry point, found without looking for the script.
    cmd = [sys.executable, "-m", "luigi", "--module", "tasks", "TopicConcepts", "--keyword", keyword,
           "--local-scheduler", "--BuildIndex-corpus", str(corpus), "--BuildIndex-url-prefix", URL_PREFIX,
           "--BuildIndex-boilerplate", ""]
    walls, cpus, codes, rebuilt = [], [], [], False
    for i in range(runs):
        root = out_root.parent / f"cli-{i}"
        shutil.rmtree(root, ignore_errors=True)
        root.mkdir()
        for shared in ("index", "wordnet"):
            (root / shared).symlink_to(out_root / shared, target_is_directory=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        with Timer() as t:
            done = subprocess.run([*cmd, "--TopicConcepts-output-root", str(root)], cwd=ROOT,
                                  capture_output=True, text=True)  # TopicConcepts hands its root to BuildIndex
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        walls.append(t.s)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        codes.append(done.returncode)
        rebuilt = rebuilt or "BuildIndex" in ran_tasks(done.stdout + done.stderr)
        shutil.rmtree(root, ignore_errors=True)
    res = {"runs": runs, "wall_seconds": round(statistics.median(walls), 3),
           "cpu_seconds": round(statistics.median(cpus), 3), "exit_codes": codes, "index_rebuilt": rebuilt,
           "ok": set(codes) == {0} and not rebuilt}
    log(f"luigi command {keyword!r}: {res['wall_seconds']} s wall, {res['cpu_seconds']} s CPU "
        f"(median of {runs}, exit codes {codes})")
    return res


def bench_batch(keywords: list[str], corpus: Path, out_root: Path) -> dict:
    """The keywords as one TopicBatch from the `luigi` command, on one worker and on two,
    each in a new output root beside the built index and WordNet table (no run, hit count
    or parsed page from before): the wall time of a scheduled job over several keywords."""
    import subprocess

    kw_file = out_root.parent / "batch-keywords.txt"
    kw_file.write_text("\n".join(keywords) + "\n")
    res = {"keywords": len(keywords)}
    for workers in (1, 2):
        root = out_root.parent / f"batch-{workers}"
        shutil.rmtree(root, ignore_errors=True)
        root.mkdir()
        for shared in ("index", "wordnet"):
            (root / shared).symlink_to(out_root / shared, target_is_directory=True)
        cmd = [sys.executable, "-m", "luigi", "--module", "tasks", "TopicBatch", "--keywords-file", str(kw_file),
               "--output-root", str(root), "--workers", str(workers),
               "--local-scheduler", "--BuildIndex-corpus", str(corpus), "--BuildIndex-url-prefix", URL_PREFIX,
               "--BuildIndex-boilerplate", ""]
        with Timer() as t:
            done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        ran = ran_tasks(done.stdout + done.stderr)
        res[f"workers_{workers}"] = {"wall_seconds": round(t.s, 3), "exit_code": done.returncode,
                                     "index_rebuilt": "BuildIndex" in ran}
        shutil.rmtree(root, ignore_errors=True)
        log(f"TopicBatch of {len(keywords)} keywords, {workers} worker(s): {t.s:.2f} s (exit {done.returncode})")
    res["ok"] = all(res[f"workers_{w}"]["exit_code"] == 0 and not res[f"workers_{w}"]["index_rebuilt"]
                    for w in (1, 2))
    return res


# --------------------------------------------------------------------------- output


def fmt(x, nd=2) -> str:
    if x is None:
        return "-"
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        if abs(x) >= 100:
            return f"{x:,.0f}"
        return f"{x:.{nd}f}"
    if isinstance(x, int):
        return f"{x:,}"
    return str(x)


def md_table(headers, rows) -> str:
    lines = ["| " + " | ".join(headers) + " |",
             "|" + "|".join("---" if i == 0 else "---:" for i in range(len(headers))) + "|"]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def text_table(headers, rows) -> str:
    cells = [list(map(str, headers))] + [[str(c) for c in r] for r in rows]
    w = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    out = []
    for j, r in enumerate(cells):
        out.append("  ".join(c.ljust(w[i]) if i == 0 else c.rjust(w[i]) for i, c in enumerate(r)))
        if j == 0:
            out.append("  ".join("-" * x for x in w))
    return "\n".join(out)


def faster(name: str, r: float | None) -> str:
    return f"{name} x{fmt(r)} faster" if r else "-"


ISSUE_LXML_MB_S = 80  # issue 2: "lxml parses about 80 MB/s per core", the premise of its 20 s index aim
INDEX_AIM_SECONDS = 20


def index_aim_here(lxml_mb_s: float | None) -> float | None:
    """Issue 2's 20 s index aim scaled to this machine: its parse premise over lxml's measured speed."""
    return INDEX_AIM_SECONDS * ISSUE_LXML_MB_S / lxml_mb_s if lxml_mb_s else None


def build_tables(R: dict) -> list[tuple[str, list, list]]:
    idx, prs, hits, flo = R["index"], R["parse_baseline"], R["hit_counts"], R["parse_floor"]
    kws = list(R["topic"])
    T = R["topic"]
    L = R["luigi"]
    tables = []

    n = len(kws)
    apr = sum(T[k]["itemsets_baseline"]["apriori"] for k in kws)
    fpg = sum(T[k]["itemsets_baseline"]["fpgrowth"] for k in kws)
    s_auto = sum(T[k]["star_baseline"]["auto"]["seconds"] for k in kws)
    s_h5 = sum(T[k]["star_baseline"]["html5lib"]["seconds"] for k in kws)
    pure = sum(T[k]["total_seconds"] for k in kws) / n
    lui1 = sum(L[k]["first"]["seconds"] for k in kws) / n
    lui2 = sum(L[k]["second"]["seconds"] for k in kws) / n
    P = R.get("luigi_published") or {}
    pub = sum(P[k]["first"]["seconds"] for k in kws) / n if P else None
    cli = sum(R["cli"][k]["wall_seconds"] for k in kws) / n
    # The whole collection's parse on every core, not the 100-page sample of the lxml/html5lib
    # row: the sample's MB/s ran 1.5-2x the collection's on the same machine and day.
    floor_mb_s = rate(idx["html_mb"], flo["seconds"] * flo["workers"])
    aim_here = index_aim_here(floor_mb_s)
    summary = [
        [f"Index build ({fmt(idx['pages'])} pages, {fmt(idx['html_mb'])} MB HTML, {idx['workers']} workers)"
         f" vs lxml parsing the same pages and nothing else (medians of {idx['repeats']} pairs)",
         f"{fmt(idx['pages_per_second'])} pages/s, {fmt(idx['html_mb_per_second'])} MB/s ({fmt(idx['seconds'])} s)",
         f"{fmt(flo['pages_per_second'])} pages/s ({fmt(flo['seconds'])} s)",
         f"build takes x{fmt(idx['ratio_to_parse'])} the parse alone"],
        [f"The index aim (20 s where lxml parses {ISSUE_LXML_MB_S} MB/s a core) at this machine's lxml speed "
         "(the parse floor's, every page)",
         f"{fmt(aim_here)} s (lxml here {fmt(floor_mb_s)} MB/s a core)",
         f"{fmt(idx['seconds'])} s build", f"build/aim = {fmt(ratio(idx['seconds'], aim_here))}"],
        [f"Page parse, lxml vs html5lib ({prs['pages']} pages, 1 process)",
         f"{fmt(prs['lxml']['pages_per_second'])} pages/s ({fmt(prs['lxml']['ms_per_page'])} ms/page)",
         f"{fmt(prs['html5lib']['pages_per_second'])} pages/s ({fmt(prs['html5lib']['ms_per_page'])} ms/page)",
         f"x{fmt(prs['speedup_parse'])}"],
        ["Parse + title/links/main text, lxml vs html5lib",
         f"{fmt(prs['lxml']['full_page_pages_per_second'])} pages/s",
         f"{fmt(prs['html5lib']['full_page_pages_per_second'])} pages/s", f"x{fmt(prs['speedup_full_page'])}"],
        [f"Topic chain, pure stages (mean of {n} keywords)", f"{fmt(pure)} s", "-", "-"],
        [f"Frequent itemsets, fpgrowth (used) vs apriori (published) (sum of {n})",
         f"{fmt(fpg, 3)} s (fpgrowth)", f"{fmt(apr, 3)} s (apriori)", faster("fpgrowth", ratio(apr, fpg))],
        [f"Star check, star_parser auto vs html5lib (sum of {n})", f"{fmt(s_auto)} s (auto)",
         f"{fmt(s_h5)} s (html5lib)", faster("auto", ratio(s_h5, s_auto))],
        [f"Luigi TopicConcepts on a built index (mean of {n})", f"{fmt(lui1)} s",
         f"{fmt(pure)} s pure stages", f"Luigi/pure = {fmt(ratio(lui1, pure))}"],
        [f"Luigi TopicConcepts --method published (issue 2's chain) on a built index (mean of {n})",
         f"{fmt(pub)} s", f"{fmt(pure)} s pure stages", f"Luigi/pure = {fmt(ratio(pub, pure))}"],
        [f"A new keyword from the luigi command, whole process (mean of {n}, each the median of "
         f"{R['cli'][kws[0]]['runs']})", f"{fmt(cli)} s", f"{fmt(lui1)} s Luigi in one process",
         f"command/in-process = {fmt(ratio(cli, lui1))}"],
        *([[f"TopicBatch of the {n} keywords from the luigi command, --workers 2 (new output root)",
            f"{fmt(R['batch']['workers_2']['wall_seconds'])} s",
            f"{fmt(R['batch']['workers_1']['wall_seconds'])} s on 1 worker",
            f"{fmt(ratio(R['batch']['workers_2']['wall_seconds'], R['batch']['workers_1']['wall_seconds']))}x"]]
          if R.get("batch") else []),
        ["WordNet table (WordNetTable), once per output root like the index",
         f"{fmt(R.get('wordnet_table_seconds'))} s", "-", "-"],
        ["Luigi re-run, nothing to do (mean)", f"{fmt(lui2, 3)} s",
         f"{fmt(lui1)} s first run", f"x{fmt(ratio(lui1, lui2))}"],
        [f"Hit counts cold, LocalBackend.hit_count ({fmt(hits['queries'])} queries)",
         f"{fmt(hits['cold']['qps'])} q/s", "-", "-"],
        ["Hit counts warm, CachedHitCounts (diskcache)", f"{fmt(hits['warm']['qps'])} q/s",
         f"{fmt(hits['cold']['qps'])} q/s cold", f"x{fmt(hits['warm_vs_cold'])} "
         f"({'meets' if hits['meets_target'] else 'misses'} the {fmt(WARM_TARGET_QPS)} q/s aim)"],
    ]
    tables.append(("Summary", ["Benchmark", "Result", "Baseline", "Ratio"], summary))

    rows = []
    for st in STAGES:
        rows.append([f"{st} ({STAGE_TASK[st]})", *(fmt(T[k]["seconds"][st], 3) for k in kws)])
    rows.append(["**total, pure stages**", *(f"**{fmt(T[k]['total_seconds'], 2)}**" for k in kws)])
    rows.append(["Luigi full run (wall)", *(fmt(L[k]["first"]["seconds"], 2) for k in kws)])
    rows.append(["Luigi: sum of task run() times", *(fmt(sum(L[k]["first"]["stage_seconds"].values()), 2)
                                                     for k in kws)])
    if P:
        rows.append(["Luigi full run, --method published (wall)", *(fmt(P[k]["first"]["seconds"], 2) for k in kws)])
    rows.append(["Luigi re-run, no work (wall)", *(fmt(L[k]["second"]["seconds"], 3) for k in kws)])
    rows.append(["luigi command, new run (wall, median)", *(fmt(R["cli"][k]["wall_seconds"], 2) for k in kws)])
    rows.append(["tasks run / re-run", *(f"{L[k]['first']['tasks_run']} / {L[k]['second']['tasks_run']}"
                                        for k in kws)])
    tables.append(("Topic chain per stage (seconds)", ["Stage", *kws], rows))

    rows = []
    for k in kws:
        c = T[k]["counts"]
        rows.append([k, fmt(c["results_usable"]), fmt(c["pages_kept"]), fmt(c["list_items"]),
                     fmt(c["transactions"]), fmt(c["itemsets"]), fmt(c["candidates"]),
                     fmt(c["type_I"]), fmt(c["starred"]), fmt(L[k].get("candidates"))])
    tables.append(("Work per keyword", ["Keyword", "results", "kept", "list items", "transactions",
                                         "itemsets", "candidates", "Type I", "starred", "Luigi candidates"], rows))

    rows = []
    for k in kws:
        b = T[k]["itemsets_baseline"]
        lu = L[k]["first"]["stage_seconds"].get("FrequentItemsets")
        rows.append([k, fmt(T[k]["counts"]["transactions"]), fmt(b["support_check"]["itemsets"]),
                     fmt(b["fpgrowth"], 3), fmt(lu, 3), fmt(b["apriori"], 3),
                     f"x{fmt(ratio(b['apriori'], b['fpgrowth']))}",
                     fmt(b["peak_rss_mb_after_apriori"] / 1024, 1) if b.get("peak_rss_mb_after_apriori") else "-",
                     fmt(b["same_result"]), fmt(b["support_check"]["wrong_support"]),
                     fmt(b["support_check"]["below_threshold"])])
    tables.append(("Frequent itemsets: fpgrowth (used) vs apriori (published)",
                   ["Keyword", "transactions", "itemsets", "fpgrowth s (stage)", "fpgrowth s (in Luigi)",
                    "apriori s", "fpgrowth speed-up", "peak RSS so far, GB", "same itemsets",
                    "wrong support counts",
                    "actual support < threshold"], rows))

    rows = []
    for k in kws:
        b = T[k]["star_baseline"]
        rows.append([k, fmt(b["pages"]), fmt(b["auto"]["seconds"], 3), fmt(b["html5lib"]["seconds"], 3),
                     fmt(b["lxml"]["seconds"], 3), f"x{fmt(b['speedup_auto_vs_html5lib'])}",
                     f"{b['auto']['parsers'].get('html5lib', 0)}/{b['pages']}",
                     fmt(b["html5lib"]["same_stars_as_auto"])])
    tables.append(("Star check (TagTreeCheck, 2-process pool): star_parser auto vs html5lib",
                   ["Keyword", "pages", "auto s", "html5lib s", "lxml s", "auto speed-up",
                    "auto fell back to html5lib", "same stars"], rows))

    rows = [["cold: LocalBackend.hit_count", fmt(hits["queries"]), fmt(hits["cold"]["seconds"], 3),
             fmt(hits["cold"]["qps"]), "x1.00"],
            ["first pass: CachedHitCounts (misses, fills diskcache)", fmt(hits["queries"]),
             fmt(hits["fill"]["seconds"], 3), fmt(hits["fill"]["qps"]),
             f"x{fmt(ratio(hits['fill']['qps'], hits['cold']['qps']))}"],
            ["warm: CachedHitCounts (hits)", fmt(hits["queries"]), fmt(hits["warm"]["seconds"], 3),
             fmt(hits["warm"]["qps"]), f"x{fmt(hits['warm_vs_cold'])}"]]
    tables.append((f"Hit counts (aim: warm > {fmt(WARM_TARGET_QPS)} q/s)",
                   ["Mode", "queries", "seconds", "queries/s", "vs cold"], rows))
    return tables


def machine_facts() -> dict:
    import lxml
    from lxml import etree

    facts = {"cpu_count": os.cpu_count(),
             "cpu_affinity": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
             "python": sys.version.split()[0], "implementation": platform.python_implementation(),
             "platform": platform.platform(), "lxml": lxml.__version__,
             "libxml2": ".".join(map(str, etree.LIBXML_VERSION)), "sqlite": sqlite3.sqlite_version,
             "loadavg_start": [round(x, 2) for x in os.getloadavg()]}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                facts["cpu_model"] = line.split(":", 1)[1].strip()
                break
        mem = Path("/proc/meminfo").read_text().split("\n", 1)[0].split()
        facts["memory_gb"] = round(int(mem[1]) / 2**20, 1)
    except (OSError, IndexError, ValueError):
        pass
    from importlib.metadata import PackageNotFoundError, version
    for pkg in ("html5lib", "mlxtend", "pandas", "luigi", "diskcache", "nltk"):
        try:
            facts[pkg] = version(pkg)
        except PackageNotFoundError:
            facts[pkg] = None
    return facts


def busy_cpu_seconds() -> float | None:
    """Busy CPU seconds of the whole machine so far (all cores, from /proc/stat)."""
    try:
        f = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
        user, nice, system, idle, iowait, irq, softirq, steal = map(int, f[:8])
        return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def cpu_share(start: float | None, end: float | None, wall: float) -> dict:
    """CPU seconds used by this benchmark (and its reaped children) and by everything else."""
    import resource
    own = sum(getattr(resource.getrusage(w), a) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
              for a in ("ru_utime", "ru_stime"))
    out = {"benchmark": round(own, 1), "wall": wall, "cores": os.cpu_count()}
    if start is not None and end is not None:
        out["machine"] = round(end - start, 1)
        out["other_processes"] = round(max(0.0, end - start - own), 1)
    return out


def render_markdown(R: dict, tables) -> str:
    m = R["machine"]
    lines = ["## Benchmark: topic-concept mining", "",
             f"Measured by `bench/bench_topic.py` on {R['started']}: {m['cpu_count']} CPUs"
             f"{' (' + m['cpu_model'] + ')' if m.get('cpu_model') else ''}, Python {m['python']}, "
             f"lxml {m['lxml']} (libxml2 {m['libxml2']}), html5lib {m['html5lib']}, mlxtend {m['mlxtend']}, "
             f"SQLite {m['sqlite']}. Corpus: {R['index']['pages']} pages"
             f"{' (--pages-limit ' + str(R['args']['pages_limit']) + ')' if R['args']['pages_limit'] else ''}; "
             f"topic parameters: pages={PARAMS['pages']}, min_support={PARAMS['min_support']:g}, "
             f"mode={PARAMS['mode']}, no stemming, star_parser={PARAMS['star_parser']}. "
             f"Total benchmark time {R['total_seconds']:.0f} s.", ""]
    for title, headers, rows in tables:
        lines += [f"### {title}", "", md_table(headers, rows), ""]
    if R["notes"]:
        lines += ["### Notes", ""] + [f"- {n}" for n in R["notes"]] + [""]
    return "\n".join(lines)


def notes(R: dict) -> list[str]:
    out = []
    m = R["machine"]
    c = m.get("cpu_seconds", {})
    other = c.get("other_processes")
    if other is not None and other > 0.1 * c["wall"]:
        out.append(f"Other processes used {other:.0f} CPU seconds during this {c['wall']:.0f} s run "
                   f"({100 * other / (c['wall'] * c['cores']):.0f}% of the {c['cores']} cores; the benchmark "
                   f"itself used {c['benchmark']:.0f} s; load average {m['loadavg_start'][0]} at the start): "
                   "figures are pessimistic and noisier than on an idle machine.")
    for k, t in R["topic"].items():
        sc = t["itemsets_baseline"]["support_check"]
        if sc["wrong_support"]:
            ex = sc["examples"][0]
            out.append(f"{k}: {sc['wrong_support']} of {sc['itemsets']} itemsets report a support count "
                       f"different from a direct recount (e.g. \"{ex['itemset']}\" {ex['reported']} vs "
                       f"{ex['actual']}); {sc['below_threshold']} have an actual support below the "
                       f"threshold {t['counts']['support_threshold']}.")
        if not t["itemsets_baseline"]["same_result"]:
            out.append(f"{k}: apriori and fpgrowth returned different itemsets.")
        if t["star_baseline"]["html5lib"]["same_stars_as_auto"] is False:
            out.append(f"{k}: star_parser auto and html5lib star different candidates.")
        lu = R["luigi"][k]
        # The default method's report adds candidates the lists do not hold (definitions,
        # sections, links): only the published method's must match the pure stages' count.
        if not lu["ok"]:
            out.append(f"{k}: Luigi run not clean: {lu['first']['status']}/{lu['second']['status']}, "
                       f"re-run ran {lu['second']['tasks_run']} tasks.")
        if not lu.get("built_index_reused", True):
            out.append(f"{k}: Luigi rebuilt the index instead of reusing the benchmark's.")
        pu = R.get("luigi_published", {}).get(k)
        if pu is not None and not pu["ok"]:
            out.append(f"{k}: the published method's Luigi run not clean: {pu['first']['status']}/"
                       f"{pu['second']['status']}, re-run ran {pu['second']['tasks_run']} tasks.")
        if pu is not None and pu.get("candidates") is not None and pu["candidates"] != t["counts"]["candidates"]:
            out.append(f"{k}: the published method's Luigi run reports {pu['candidates']} candidates, "
                       f"the pure stages {t['counts']['candidates']}.")
        cl = R.get("cli", {}).get(k)
        if cl is not None and not cl["ok"]:
            out.append(f"{k}: the luigi command exited {cl['exit_codes']}"
                       + (" and rebuilt the index" if cl["index_rebuilt"] else "") + ".")
    if R.get("batch") and not R["batch"]["ok"]:
        out.append(f"TopicBatch runs not clean: {R['batch']}.")
    if not R["hit_counts"]["same_counts"]:
        out.append("hit counts differ between the backend and the cache.")
    return out


# --------------------------------------------------------------------------- main


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default=DEFAULT_CORPUS,
                    help=f"folder of HTML pages or a .tar.xz of one (default {DEFAULT_CORPUS}; "
                         "unpacked from --archive into a temp dir when missing)")
    ap.add_argument("--archive", default=DEFAULT_ARCHIVE, help="archive to unpack when --corpus is missing")
    ap.add_argument("--pages-limit", type=int, default=None, help="index only the first N pages")
    ap.add_argument("--parse-sample", type=int, default=100, help="pages for the lxml/html5lib baseline")
    ap.add_argument("--index-repeats", type=int, default=3,
                    help="index builds, each after a parse-only pass; medians are reported")
    ap.add_argument("--keywords", nargs="+", default=list(KEYWORDS))
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"), help="results folder")
    ap.add_argument("--keep-temp", action="store_true", help="keep the temp dir (index, Luigi output)")
    args = ap.parse_args(argv)

    started = time.perf_counter()
    cpu0 = busy_cpu_seconds()
    tmp = Path(tempfile.mkdtemp(prefix="bench_topic-"))
    R: dict = {"started": time.strftime("%Y-%m-%d %H:%M:%S"), "args": vars(args), "params": PARAMS,
               "machine": machine_facts(), "tmp": str(tmp)}
    try:
        # Imports and one-time loads up front, so no stage pays for them.
        import html5lib  # noqa: F401
        import mlxtend.frequent_patterns  # noqa: F401
        import pandas  # noqa: F401
        import luigi

        import tasks  # noqa: F401  (registers the Luigi tasks)
        from pipeline.nltkdata import stopwords
        from pipeline.search import LocalBackend
        from tasks.index import load_rules

        stopwords()
        corpus, R["corpus"] = prepare_corpus(args, tmp)
        R["corpus"]["path"] = str(corpus)
        out_root = tmp / "luigi-output"
        items = collection_items(corpus, args.pages_limit)
        if not items:
            sys.exit(f"no HTML pages found in {corpus}")

        R["index"], R["parse_floor"], db = bench_index(corpus, out_root, args.pages_limit, items,
                                                       args.index_repeats)
        R["parse_baseline"] = bench_parse(items, args.parse_sample)
        del items

        backend, rules = LocalBackend(db), load_rules("")
        # As each Luigi stage does (tasks/base.py): collect the build's garbage now and
        # freeze what is left, so the first keyword's first stage does not pay for it.
        gc.collect()
        gc.freeze()
        R["topic"], queries = {}, []
        for kw in args.keywords:
            log(f"topic stages: {kw!r}")
            res = topic_stages(kw, backend, rules)
            queries += res.pop("queries")
            R["topic"][kw] = res
            log(f"topic stages: {kw!r}: {res['total_seconds']} s, {res['counts']['candidates']} candidates")

        R["hit_counts"] = bench_hits(backend, queries, tmp / "hits-cache")
        backend.con.close()

        configure_luigi(corpus, out_root)
        proc_times: dict[str, float] = {}

        @luigi.Task.event_handler(luigi.Event.PROCESSING_TIME)
        def _processing_time(task, seconds):  # run() time of each task, per Luigi
            proc_times[type(task).__name__] = seconds

        # Built once per output root, like the index: not part of a topic run's time.
        from tasks.wordnet import WordNetTable
        with Timer() as t:
            luigi.build([WordNetTable(output_root=str(out_root))], local_scheduler=True, log_level="WARNING")
        R["wordnet_table_seconds"] = round(t.s, 3)
        log(f"WordNet table built in {R['wordnet_table_seconds']} s (once per output root)")
        R["luigi"] = {kw: bench_luigi(kw, out_root, proc_times) for kw in args.keywords}
        # Issue 2's own chain (the published method, whose stages the pure-stage figures
        # time), in an output root of its own beside the same index and WordNet table, so
        # neither method's runs find the hit counts or parsed pages the other left.
        pub_root = tmp / "luigi-output-published"
        pub_root.mkdir()
        for shared in ("index", "wordnet"):
            (pub_root / shared).symlink_to(out_root / shared, target_is_directory=True)
        R["luigi_published"] = {kw: bench_luigi(kw, pub_root, proc_times, method="published")
                                for kw in args.keywords}
        R["cli"] = {kw: bench_cli(kw, corpus, out_root) for kw in args.keywords}
        R["batch"] = bench_batch(args.keywords, corpus, out_root)
    finally:
        if args.keep_temp:
            log(f"temp dir kept: {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    R["total_seconds"] = round(time.perf_counter() - started, 1)
    R["machine"]["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    R["machine"]["cpu_seconds"] = cpu_share(cpu0, busy_cpu_seconds(), R["total_seconds"])
    R["notes"] = notes(R)
    tables = build_tables(R)
    print()
    for title, headers, rows in tables:
        print(f"== {title}")
        print(text_table(headers, [[str(c).replace("**", "") for c in r] for r in rows]))
        print()
    for n in R["notes"]:
        print(f"NOTE: {n}")
    print(f"Total benchmark time: {R['total_seconds']} s")

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "bench_topic.json").write_text(json.dumps(R, indent=2, ensure_ascii=False, default=str) + "\n")
    (out / "bench_topic.md").write_text(render_markdown(R, tables))
    print(f"Wrote {out / 'bench_topic.json'} and {out / 'bench_topic.md'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
