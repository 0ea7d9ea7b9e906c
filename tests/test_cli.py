"""The luigi command line as a user runs it: exit codes and one-line errors, never a traceback."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from integration_support import WIKI, extract_slice
from tasks.report import ranked

LUIGI = str(Path(sys.executable).parent / "luigi")


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    base = tmp_path_factory.mktemp("cli")
    corpus = extract_slice(base / "corpus", extra=5)
    (base / "luigi.cfg").write_text(
        "[core]\nlog_level = INFO\nautoload_range = false\n"
        "[retcode]\nalready_running = 10\nmissing_data = 20\nnot_run = 25\ntask_failed = 30\n"
        "scheduling_error = 35\nunhandled_exception = 40\n"
        f"[BuildIndex]\ncorpus = {corpus}\nurl_prefix = {WIKI}\n"
        "[TopicConcepts]\npages = 20\nmin_support = 2\n"
    )
    return base


def luigi_cli(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([LUIGI, "--module", "tasks", *args, "--local-scheduler"], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def error_lines(proc: subprocess.CompletedProcess) -> list[str]:
    return [line for line in (proc.stdout + proc.stderr).splitlines() if line.startswith("ERROR")]


def assert_one_error_line(proc: subprocess.CompletedProcess, code: int, says: str) -> None:
    """The command failed with `code` and one ERROR line saying `says`, and no traceback."""
    assert proc.returncode == code
    errors = error_lines(proc)
    assert len(errors) == 1 and says in errors[0], errors
    assert "Traceback" not in proc.stdout + proc.stderr


def test_main_job_runs_and_prints_summary(workdir):
    proc = luigi_cli(workdir, "TopicConcepts", "--keyword", "machine learning")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert 'TopicConcepts "machine learning": n(k)=' in proc.stdout
    report_line = [line for line in proc.stdout.splitlines() if line.startswith("Report: ")]
    assert len(report_line) == 1
    md = workdir / report_line[0].split(": ", 1)[1]
    report = json.loads(md.with_name("report.json").read_text())
    assert report["keyword"] == "machine learning" and report["candidates"]
    assert "Traceback" not in proc.stderr
    # The same command again runs nothing and says where the earlier run's report is.
    again = luigi_cli(workdir, "TopicConcepts", "--keyword", "machine learning")
    assert again.returncode == 0 and "Did not run any tasks" in again.stdout + again.stderr
    assert "done by an earlier run" not in proc.stdout
    done = [line for line in again.stdout.splitlines() if "done by an earlier run" in line]
    assert len(done) == 1 and done[0].endswith(f"report: {report_line[0].split(': ', 1)[1]}"), again.stdout
    assert done[0].split("top: ", 1)[1].split("; report:")[0] == ", ".join(
        c["phrase"] for c in ranked(report)[:3])


@pytest.mark.parametrize("args, code, says", [
    (["--keyword", "   "], 35, "keyword is empty"),
    (["--keyword", "-- ?!"], 35, "keyword '-- ?!' has no letter or digit"),
    (["--keyword", '"virtual'], 35, """keyword '"virtual' starts or ends with an unpaired quote mark"""),
    (["--keyword", "x", "--pages", "-3"], 35, "pages is -3"),
    (["--keyword", "x", "--pages", "abc"], 40, "--pages 'abc' is not a whole number"),
    (["--keyword", "x", "--mode", "sentences"], 35, "unknown mode 'sentences'"),
    (["--keyword", "x", "--backend", "bing"], 35, "unknown backend 'bing'"),
    (["--keyword", "x", "--min-support", "-1"], 35, "min_support is -1.0"),
    ([], 40, "requires the 'keyword' parameter to be set"),
    (["--keyword", "x", "--BuildIndex-corpus", "/nonexistent/pages.tar.xz"], 30,
     "corpus '/nonexistent/pages.tar.xz' does not exist"),
])
def test_user_mistakes_get_one_line(workdir, args, code, says):
    assert_one_error_line(luigi_cli(workdir, "TopicConcepts", *args), code, says)


def test_unreadable_corpus_archive(workdir):
    bad = workdir / "broken.tar.xz"
    bad.write_bytes(b"this is not an archive")
    proc = luigi_cli(workdir, "BuildIndex", "--corpus", str(bad))
    assert proc.returncode == 30
    errors = error_lines(proc)
    assert len(errors) == 1 and "cannot be read" in errors[0]
    assert not list((workdir / "output" / "index").glob("broken*/*"))  # no half-written temporary file either


def test_a_collection_without_pages_leaves_no_half_written_index(workdir):
    empty = workdir / "no-pages"
    empty.mkdir()
    (empty / "notes.txt").write_text("not a page")
    proc = luigi_cli(workdir, "BuildIndex", "--corpus", str(empty))
    assert proc.returncode == 30
    errors = error_lines(proc)
    assert len(errors) == 1 and "has no usable HTML page" in errors[0]
    assert not list((workdir / "output" / "index").glob("no-pages*/*"))


def test_keyword_with_no_results_reports_zero(workdir):
    proc = luigi_cli(workdir, "TopicConcepts", "--keyword", "zzqx unfindable")
    assert proc.returncode == 0
    assert "no page contains 'zzqx unfindable'" in proc.stdout
    assert "0 concepts" in proc.stdout
    assert "No documents: no page of the collection contains the keyword" in proc.stdout


def test_run_outside_the_repository_root_says_where_to_run_it(tmp_path):
    import os

    # No luigi.cfg in the working directory: no corpus is configured. The exit codes still
    # come from the repository's luigi.cfg (tasks.cli.ensure_retcodes), so cron sees it.
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    proc = subprocess.run([LUIGI, "--module", "tasks", "TopicConcepts", "--keyword", "robotics", "--local-scheduler"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    errors = error_lines(proc)
    assert len(errors) == 1 and "[BuildIndex] corpus is not set; run the command from the repository root" in errors[0]
    assert "Traceback" not in proc.stdout + proc.stderr
    assert not (tmp_path / "output").exists()
    assert proc.returncode == 35  # [retcode] scheduling_error: the task could not be scheduled


def test_retcodes_come_from_the_repository_config_where_the_users_lack_them(tmp_path):
    import configparser

    from tasks.cli import ensure_retcodes

    config = configparser.ConfigParser()
    config.read_string("[retcode]\ntask_failed = 7\n")
    added = ensure_retcodes(config)
    assert config.get("retcode", "task_failed") == "7"  # the user's own value wins
    assert "task_failed" not in added and added["scheduling_error"] == "35"
    assert config.get("retcode", "unhandled_exception") == "40"
    missing = configparser.ConfigParser()
    assert ensure_retcodes(missing, source=tmp_path / "none.cfg") == {} and not missing.has_section("retcode")


def test_missing_nltk_data_says_how_to_get_it(workdir, tmp_path):
    import os

    env = dict(os.environ, NLTK_DATA=str(tmp_path / "empty"))
    probe = subprocess.run([sys.executable, "-c", "from nltk.corpus import stopwords; stopwords.words('english')"],
                           env=env, capture_output=True)
    if probe.returncode == 0:
        pytest.skip("NLTK stopwords are installed system-wide, so they cannot be missing here")
    proc = subprocess.run([LUIGI, "--module", "tasks", "TopicConcepts", "--keyword", "robotics",
                           "--output-root", str(tmp_path / "out"), "--local-scheduler"],
                          cwd=workdir, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 30
    errors = error_lines(proc)
    assert len(errors) == 1 and "NLTK data not found" in errors[0] and "nltk.downloader" in errors[0]
    assert "Traceback" not in proc.stdout + proc.stderr


def test_readable_json_round_trips_and_puts_one_record_per_line():
    from tasks.artifacts import readable_json

    doc = {"keyword": "ai", "parameters": {"pages": 100, "domain": ""}, "n": 3,
           "candidates": [{"phrase": "caf\u00e9", "pages": ["a", "b"]}, {"phrase": "x", "pages": []}],
           "empty": [], "nested": [[1, 2], [3]], "none": None}
    text = readable_json(doc)
    assert json.loads(text) == doc
    lines = text.splitlines()
    assert '    {"phrase": "caf\u00e9", "pages": ["a", "b"]},' in lines
    assert '  "empty": [],' in lines and '  "n": 3,' in lines


def test_write_json_lays_out_tuples_as_lists_and_writes_nan_as_null(tmp_path):
    import luigi

    from tasks.artifacts import json_safe, readable_json, write_json

    # Tuples and lists of records read the same whether or not a nan made write_json walk
    # the data first (json_safe turns tuples into lists).
    finite = {"rows": ({"a": 1, "b": (2, 3)}, {"a": 4, "b": ()}), "pair": ("x", 1.5), "nested": ((1,), [2])}
    with_nan = {**finite, "score": float("nan"), "inf": [float("inf")]}
    for doc in (finite, with_nan):
        target = luigi.LocalTarget(str(tmp_path / "doc.json"))
        write_json(target, doc)
        assert (tmp_path / "doc.json").read_text() == readable_json(json_safe(doc)) + "\n"
    assert json.loads((tmp_path / "doc.json").read_text())["score"] is None
    assert '    {"a": 1, "b": [2, 3]},' in readable_json(finite).splitlines()


def test_a_user_error_line_is_not_repeated_within_one_build():
    import logging

    from pipeline.errors import UserError
    from tasks.cli import UserErrorFilter

    f = UserErrorFilter()

    def record(at: float, exc: BaseException | None = None, msg: str = "failed") -> logging.LogRecord:
        r = logging.LogRecord("luigi-interface", logging.ERROR, __file__, 1, msg, (),
                              (type(exc), exc, None) if exc else None)
        r.created = at
        return r

    missing = UserError("NLTK data not found: ...")
    first = record(100.0, missing)
    assert f.filter(first) and first.getMessage() == "NLTK data not found: ..." and first.exc_info is None
    assert not f.filter(record(101.0, missing))  # the second task of the same build
    assert f.filter(record(101.5, UserError("another problem")))
    assert f.filter(record(101.0 + UserErrorFilter.REPEAT_SECONDS + 1, missing))  # a later build says it again
    assert f.filter(record(102.0)) and f.filter(record(102.0))  # other log lines are never held back


@pytest.mark.parametrize("args, code, says", [
    (["--keywords-file", "/nonexistent/keywords.txt"], 35, "keywords file '/nonexistent/keywords.txt' does not exist"),
    (["--keywords-file", "empty.txt"], 35, "holds no keyword"),
    (["--keywords-file", "two.txt", "--top", "0"], 35, "top is 0"),
    ([], 40, "requires the 'keywords_file' parameter to be set"),
])
def test_batch_mistakes_get_one_line(workdir, args, code, says):
    (workdir / "empty.txt").write_text("# nothing yet\n\n")
    (workdir / "two.txt").write_text("machine learning\ndata mining\n")
    assert_one_error_line(luigi_cli(workdir, "TopicBatch", *args), code, says)


def test_batch_on_two_workers_with_an_option_for_every_run(workdir):
    # Two keywords' chains at once in two Luigi worker processes (each forks its own
    # parse and sentence workers), the published method asked for every run of the batch.
    (workdir / "pair.txt").write_text("machine learning\ncomputer vision\n")
    proc = luigi_cli(workdir, "TopicBatch", "--keywords-file", "pair.txt", "--workers", "2",
                     "--TopicConcepts-method", "published")
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    batch_line = [line for line in proc.stdout.splitlines() if line.startswith("Batch: ")]
    assert len(batch_line) == 1
    doc = json.loads((workdir / batch_line[0].split(": ", 1)[1]).with_name("batch.json").read_text())
    assert [r["keyword"] for r in doc["runs"]] == ["machine learning", "computer vision"]
    for row in doc["runs"]:
        rep = json.loads((workdir / row["report"]).with_name("report.json").read_text())
        assert rep["parameters"]["method"] == "published"
        assert row["top"] == [c["phrase"] for c in rep["candidates"] if c["type"] != "III"][:10]
    assert "Traceback" not in proc.stdout + proc.stderr


@pytest.mark.parametrize("task", ["TopicConcepts", "TopicBatch", "Crawl", "BuildIndex", "WordNetTable", "PruneRuns",
                                  "TestBedTopics", "CrawlBenchmark", "SeedingComparison", "SingleTopicComparison"])
def test_every_option_of_the_command_line_tasks_is_explained_in_help(task):
    import tasks

    params = getattr(tasks, task).get_params()
    assert [name for name, p in params if not p.description] == []


def test_a_missing_parameter_line_names_the_task_not_its_whole_call():
    from tasks.cli import parameter_error_line

    line = parameter_error_line("Crawl[args=(), kwargs={'strategy': 'bfs', 'site': 'x]y'}]: requires the 'seeds' "
                                "parameter to be set")
    assert line == ("Crawl: requires the 'seeds' parameter to be set (an empty value counts as not set): "
                    "see `luigi --module tasks Crawl --help` for the options")
    assert parameter_error_line("something else") == \
        "something else: see `luigi --module tasks <Task> --help` for the options"
