"""Uluhan's single-topic comparison: input choice on small stores, the task end to end on a slice."""
from __future__ import annotations

import csv
import json
import math
import sqlite3
from pathlib import Path

import luigi
import pytest

from pipeline.errors import UserError
from pipeline.search import LocalBackend
from pipeline.store import connect, insert_page, pack_links
from tasks import SingleTopicComparison
from tasks.benchmark import crawled_pages
from tasks.singletopic import checkpoints, choose_inputs, moving_average

from integration_support import WIKI, StartedTasks, extract_slice, free_port, luigi_config

PNG = b"\x89PNG\r\n\x1a\n"


# -- choosing description, targets and seeds on hand-made stores ------------------------------

def _store(path: Path, pages: dict[str, tuple[str, str, list[str]]]) -> LocalBackend:
    """A page store of name -> (title, main text, out-link names), opened as the local backend."""
    con = connect(path)
    for name, (title, text, links) in pages.items():
        insert_page(con, WIKI + name, "en.wikipedia.org", title, text, None,
                    pack_links([(WIKI + t, t) for t in links]))
    con.commit()
    con.close()
    return LocalBackend(path)


AI = "artificial intelligence"


def test_seeds_link_to_the_top_results_and_are_never_targets(tmp_path):
    backend = _store(tmp_path / "pages.sqlite", {
        "AI": ("Artificial intelligence - W", f"{AI} {AI} {AI}. Machines that think.", []),
        "AI_copy": ("Artificial intelligence - W", f"{AI} {AI} {AI}. Machines that think.", []),
        "Agent": ("Agent - W", f"An agent in {AI} acts. More words about agents here.", ["AI"]),
        "Hub": ("Hub - W", "A page that links widely and never says the phrase.", ["AI", "Agent", "Other"]),
        "Linker": ("Linker - W", "Links to one top result only.", ["AI_copy"]),
        "Linker_copy": ("Linker - W", "Links to one top result only.", ["AI_copy"]),
        "Other": ("Other - W", "Nothing about the topic at all.", ["Hub"]),
    })
    chosen = choose_inputs(backend, AI, description_results=2, target_results=2, n_seeds=5)
    assert [a["title"] for a in chosen["targets"]] == ["AI", "Agent"]  # AI_copy is AI: one article
    assert [a["title"] for a in chosen["description_pages"]] == ["AI", "Agent"]
    assert chosen["description"].splitlines() == [f"{AI} {AI} {AI}. Machines that think.",
                                                  f"An agent in {AI} acts. More words about agents here."]
    # Hub links to both described articles, Linker (via the copy AI_copy) to one; Agent links
    # to AI but is a target; Linker_copy is Linker's article already.
    assert chosen["seed_source"] == "in-links"
    assert [(s["title"], s["links_to"]) for s in chosen["seeds"]] == [("Hub", 2), ("Linker", 1)]
    chosen = choose_inputs(backend, AI, description_results=2, target_results=2, n_seeds=1)
    assert [s["title"] for s in chosen["seeds"]] == ["Hub"]


def test_without_in_links_the_top_results_out_links_seed(tmp_path):
    backend = _store(tmp_path / "pages.sqlite", {
        "AI": ("AI - W", f"{AI} {AI} {AI}.", ["Logic", "Robot", "Agent", "Missing"]),
        "Agent": ("Agent - W", f"{AI} once.", ["Logic"]),
        "Logic": ("Logic - W", "Formal reasoning.", []),
        "Robot": ("Robot - W", "A machine.", []),
    })
    chosen = choose_inputs(backend, AI, description_results=2, target_results=2, n_seeds=10)
    assert chosen["seed_source"] == "out-links"
    # Logic is linked from both top results; Missing is not a stored page; Agent is a target.
    assert [(s["title"], s["links_to"]) for s in chosen["seeds"]] == [("Logic", 2), ("Robot", 1)]
    with pytest.raises(UserError, match="no page of the index contains"):
        choose_inputs(backend, "quantum gravity", 2, 2, 10)


def test_moving_average_is_trailing_and_shorter_at_the_start():
    assert moving_average([1.0, 2.0, 3.0, 4.0, 5.0], 2) == [1.0, 1.5, 2.5, 3.5, 4.5]
    assert moving_average([3.0, 0.0, 0.0], 5) == [3.0, 1.5, 1.0]
    assert moving_average([], 3) == []


# -- the task on a corpus slice ------------------------------------------------------------------

@pytest.fixture(scope="module")
def run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("singletopic")
    site = extract_slice(tmp / "corpus")
    task = SingleTopicComparison(corpus=str(site), strategies="bestfirst,bfs", max_pages=15,
                                 description_results=3, target_results=10, n_seeds=5, window=5,
                                 threads=2, port=free_port(), output_root=str(tmp / "out"))
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    return task


def _csv(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_inputs_files(run):
    folder = run.inputs_folder()
    inputs = json.loads((folder / "inputs.json").read_text())
    targets = (folder / "targets.txt").read_text().split()
    seeds = (folder / "seeds.txt").read_text().split()
    assert targets == [t["title"] for t in inputs["targets"]] and 1 <= len(targets) <= 10
    assert [d["title"] for d in inputs["description_pages"]] == targets[:3]
    description = (folder / "description.txt").read_text()
    assert len(description.strip().splitlines()) == 3 and "intelligence" in description.lower()
    assert seeds == [s["title"] for s in inputs["seeds"]] and 1 <= len(seeds) <= 5
    assert not set(seeds) & set(targets)
    # Not even under another name: no seed is a saved copy of a target article.
    con = sqlite3.connect(run.index_task().output()["db"].path)
    title = dict(con.execute("SELECT url, title FROM pages"))
    con.close()
    assert not {title[WIKI + s] for s in seeds} & {t["article"] for t in inputs["targets"]}
    assert [title[WIKI + t] for t in targets] == [t["article"] for t in inputs["targets"]]
    # The crawls were given these files.
    for crawl in run.crawl_tasks().values():
        assert crawl.seeds == str(folder / "seeds.txt") and crawl.description == "@" + str(folder / "description.txt")


def test_table_and_similarities_are_consistent(run):
    folder = run.folder()
    inputs = json.loads((run.inputs_folder() / "inputs.json").read_text())
    n_targets = len(inputs["targets"])
    table = _csv(folder / "table.csv")
    assert [r["strategy"] for r in table] == ["bfs", "bestfirst"]
    sims = _csv(folder / "similarity.csv")
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["targets"] == n_targets and list(summary["strategies"]) == ["bfs", "bestfirst"]
    for r in table:
        name, pages, hits = r["strategy"], int(r["pages"]), int(r["target_hits"])
        store = run.crawl_tasks()[name].output()["store"].path
        crawled = [u for u, _ in crawled_pages(store)]
        assert 1 <= pages <= 15 and pages == len(crawled)
        assert 0 <= hits <= n_targets and hits <= pages
        # Every target crawled under its own name is a hit (copies may add more).
        port_prefix = f"http://127.0.0.1:{run.port}/wiki/"
        literal = {t["title"] for t in inputs["targets"]} & {u[len(port_prefix):] for u in crawled}
        assert hits >= len(literal)
        for col in ("predicate_satisfaction", "harvest_rate", "mean_similarity"):
            assert 0.0 <= float(r[col]) <= 1.0
        s = summary["strategies"][name]
        assert s["target_hits"] == hits == len(s["targets_found"]) and s["pages"] == pages
        budget = str(run.max_pages)  # the last checkpoint is the budget: the whole crawl
        assert int(r[f"target_hits_at_{budget}"]) == s["target_hits_at"][budget] == hits
        assert math.isclose(float(r[f"precision_at_{budget}"]), float(r["mean_similarity"]), abs_tol=1e-6)
        rows = [x for x in sims if x["strategy"] == name]
        assert len(rows) == pages
        assert [int(x["page"]) for x in rows] == list(range(1, pages + 1))
        assert [x["url"] for x in rows] == crawled
        values = [float(x["similarity"]) for x in rows]
        assert math.isclose(sum(values) / pages, float(r["mean_similarity"]), abs_tol=1e-5)
        for got, want in zip([float(x["moving_average"]) for x in rows], moving_average(values, 5)):
            assert math.isclose(got, want, abs_tol=1e-5)
    # Seeds are not targets: no hit is a seed page.
    seeds = {f"http://127.0.0.1:{run.port}/wiki/" + s["title"] for s in inputs["seeds"]}
    found = {url for s in summary["strategies"].values() for _, url in s["targets_found"]}
    assert found and not found & seeds


def test_outputs_and_a_second_build_does_nothing(run):
    folder = run.folder()
    assert (folder / "moving_average.png").read_bytes()[:8] == PNG
    md = (folder / "summary.md").read_text()
    assert "| bfs |" in md and "| bestfirst |" in md and "target hits" in md
    with StartedTasks() as started:
        assert luigi.build([run], local_scheduler=True, log_level="WARNING")
    assert started.families == []


def test_bad_input_is_a_one_line_error(run):
    common = {"corpus": run.corpus, "output_root": run.output_root, "port": run.port}
    with pytest.raises(UserError, match="unknown strategy 'bogus'"):
        SingleTopicComparison(strategies="bfs,bogus", **common).requires()
    with pytest.raises(UserError, match="max_pages is 0"):
        SingleTopicComparison(max_pages=0, **common).requires()
    task = SingleTopicComparison(keyword="zyxwv qwertz", strategies="bfs", **common)
    task.set_status_message = lambda message: None  # set by a Luigi worker when it runs the task
    with pytest.raises(UserError, match="no page of the index contains"):
        next(task.run())  # the index exists already (built by the run)
    assert not (task.inputs_folder() / "inputs.json").exists()


def test_corpus_defaults_to_the_build_index_one(run):
    with luigi_config(BuildIndex={"corpus": run.corpus}):
        default = SingleTopicComparison(strategies=run.strategies, max_pages=15, description_results=3,
                                        target_results=10, n_seeds=5, window=5, threads=2, port=run.port,
                                        output_root=run.output_root)
        assert default.index_task().corpus == run.corpus
        assert default.folder() == run.folder() and default.complete()


def test_checkpoints_ladder():
    assert checkpoints(3000) == [100, 500, 1000, 3000]
    assert checkpoints(1000) == [100, 500, 1000]
    assert checkpoints(15) == [15]
