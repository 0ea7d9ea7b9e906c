"""Seed augmentation with hubs: the graph, the candidate rules, the listing-copy filter, the test bed."""
from __future__ import annotations

import csv
import json
import random
import sqlite3
from pathlib import Path

import luigi
import pytest

from pipeline.hubseeds import augment_seeds, hub_candidates, inlink_graph, projected_cosine
from pipeline.store import connect, insert_page, pack_links
from pipeline.vectors import cosine, tf_vector
from tasks import CrawlBenchmark

from integration_support import StartedTasks, extract_slice, free_port

S = "http://t.example/"


def u(name: str) -> str:
    return S + name


def graph_of(links: dict[str, list[str]]) -> dict[str, list[str]]:
    """Target -> in-linkers, from page -> out-links (names), sorted as inlink_graph returns them."""
    graph: dict[str, list[str]] = {}
    for src, targets in links.items():
        for t in set(targets):
            graph.setdefault(u(t), []).append(u(src))
    return {t: sorted(v) for t, v in graph.items()}


# -- inlink_graph ------------------------------------------------------------------------

def _store(path: Path) -> sqlite3.Connection:
    con = connect(path)
    pages = {
        "A": [(u("B"), "b"), (u("B"), "b again"), (u("C"), "c"), (u("A"), "self"), ("http://elsewhere.org/x", "x")],
        "B": [(u("C"), "c")],
        "C": [],
    }
    for name, links in pages.items():
        insert_page(con, u(name), "t.example", name, f"page {name}", None, pack_links(links))
    insert_page(con, u("D"), "t.example", "D", None, None, None, status=404, error="http 404")  # no links blob
    con.commit()
    return con


def test_inlink_graph_keeps_stored_targets_once_per_source(tmp_path):
    con = _store(tmp_path / "pages.sqlite")
    graph = inlink_graph(con)
    # B linked twice from A is one in-link; A's self-link and the off-store URL are not kept.
    assert graph == {u("B"): [u("A")], u("C"): [u("A"), u("B")]}


def test_inlink_graph_with_targets_of_interest(tmp_path):
    con = _store(tmp_path / "pages.sqlite")
    assert inlink_graph(con, {u("C"), "http://elsewhere.org/x"}) == {
        u("C"): [u("A"), u("B")], "http://elsewhere.org/x": [u("A")]}
    assert inlink_graph(con, set()) == {}


# -- hub_candidates ----------------------------------------------------------------------

def test_hub_score_counts_distinct_seeds():
    graph = graph_of({"H": ["A", "B", "C", "A"], "P": ["A"], "Q": ["B", "C"], "X": ["Z"]})
    assert hub_candidates([u("A"), u("B"), u("C")], graph) == {u("H"): 3, u("Q"): 2, u("P"): 1}


def test_seeds_are_not_candidates():
    graph = graph_of({"A": ["B"], "B": ["A"], "H": ["A", "B"]})
    assert hub_candidates([u("A"), u("B")], graph) == {u("H"): 2}


def test_excluded_pages_are_not_candidates():
    graph = graph_of({"H": ["A", "B"], "T": ["A", "B"], "Q": ["A", "B"]})
    assert hub_candidates([u("A"), u("B")], graph, exclude={u("T")}) == {u("H"): 2, u("Q"): 2}


def test_top_in_linkers_per_seed_by_hub_score_then_url():
    # Seed A has 13 in-linkers: H (links to both seeds) and L00..L11 (only to A).
    links = {f"L{i:02d}": ["A"] for i in range(12)} | {"H": ["A", "B"]}
    graph = graph_of(links)
    got = hub_candidates([u("A"), u("B")], graph)
    # H first (score 2), then the nine smallest URLs among the ties; L09..L11 are not in A's top 10.
    assert list(got) == [u("H")] + [u(f"L{i:02d}") for i in range(9)]
    assert got[u("H")] == 2 and all(got[u(f"L{i:02d}")] == 1 for i in range(9))
    assert list(hub_candidates([u("A"), u("B")], graph, per_seed=3)) == [u("H"), u("L00"), u("L01")]


def test_candidates_do_not_depend_on_list_order():
    links = {f"L{i:02d}": ["A"] for i in range(12)} | {"H": ["A", "B"], "G": ["B", "A"]}
    graph = graph_of(links)
    shuffled = {t: random.Random(7).sample(v, len(v)) for t, v in reversed(graph.items())}
    assert list(hub_candidates([u("B"), u("A")], shuffled).items()) == list(hub_candidates([u("A"), u("B")], graph).items())
    assert list(hub_candidates([u("A"), u("B")], graph))[:2] == [u("G"), u("H")]  # equal scores: URL order


# -- augment_seeds -----------------------------------------------------------------------

DESCRIPTION = ("Penguins are flightless seabirds living in the southern hemisphere. "
               "Penguins swim with flippers and eat krill, fish and squid in cold oceans.")
OTHER = "Volcanoes erupt molten rock and ash; lava flows cool into basalt on the mountain slopes."


def test_projection_ignores_what_else_a_page_says():
    page = DESCRIPTION + " " + OTHER * 3
    desc = tf_vector(DESCRIPTION)
    assert cosine(tf_vector(page), desc) < 0.9 < projected_cosine(page, desc)
    assert projected_cosine(OTHER, desc) == 0.0


def test_listing_copy_dropped_other_hub_kept_in_order():
    seeds = [u("A"), u("B"), u("C")]
    graph = graph_of({"Copy": ["A", "B", "C"], "Hub": ["A", "B"], "Hub2": ["B", "C"], "Lone": ["C"]})
    texts = {u("Copy"): "List of penguins. " + DESCRIPTION, u("Hub"): OTHER, u("Hub2"): None}
    new, rows = augment_seeds(seeds, graph, DESCRIPTION, texts.get)
    assert new == seeds + [u("Hub"), u("Hub2")]  # originals first, then hubs best first (ties by URL)
    by = {r["url"]: r for r in rows}
    assert [r["url"] for r in rows] == [u("Copy"), u("Hub"), u("Hub2"), u("Lone")]
    assert by[u("Copy")]["decision"] == "dropped" and by[u("Copy")]["cosine"] > 0.9
    assert "cosine" in by[u("Copy")]["reason"]
    assert by[u("Hub")]["decision"] == "kept" and by[u("Hub")]["cosine"] < 0.9 and by[u("Hub")]["hub_score"] == 2
    assert by[u("Hub2")]["decision"] == "kept" and by[u("Hub2")]["cosine"] == 0.0  # no main text stored
    assert by[u("Lone")]["decision"] == "dropped" and by[u("Lone")]["cosine"] is None
    assert by[u("Lone")]["hub_score"] == 1 and "fewer than 2" in by[u("Lone")]["reason"]


def test_threshold_is_strictly_above_max_cosine():
    graph = graph_of({"Copy": ["A", "B"]})
    new, rows = augment_seeds([u("A"), u("B")], graph, DESCRIPTION, lambda url: DESCRIPTION, max_cosine=1.0)
    assert new[-1] == u("Copy") and rows[0]["decision"] == "kept"


def test_keeps_the_ten_best_then_filters():
    seeds = [u(f"S{i}") for i in range(6)]
    # Twelve hubs, each in every seed's top 10 (no seed has more than 6 in-linkers):
    # H00..H03 link to 3 seeds, H04..H11 to 2.
    links = {f"H{i:02d}": [f"S{(i + j) % 6}" for j in range(3 if i < 4 else 2)] for i in range(12)}
    graph = graph_of(links)
    assert len(hub_candidates(seeds, graph)) == 12
    texts = {u("H02"): DESCRIPTION}  # among the best: a copy, dropped, and not replaced by the 11th
    new, rows = augment_seeds(seeds, graph, DESCRIPTION, texts.get)
    ranked = sorted(links, key=lambda h: (-len(links[h]), h))
    assert ranked[:4] == ["H00", "H01", "H02", "H03"]
    assert [r["url"] for r in rows] == [u(h) for h in ranked]
    assert new == seeds + [u(h) for h in ranked[:10] if h != "H02"]
    assert {r["url"] for r in rows if r["reason"] == "not among the 10 best hubs"} == {u("H10"), u("H11")}
    fewer, _ = augment_seeds(seeds, graph, DESCRIPTION, texts.get, keep=3, min_count=3)
    assert fewer == seeds + [u("H00"), u("H01")]  # the three best by score then URL, less the copy


def test_no_graph_no_hubs():
    assert augment_seeds([u("A")], {}, DESCRIPTION, lambda url: "") == ([u("A")], [])


# -- the test bed ------------------------------------------------------------------------

def test_default_benchmark_task_id_unchanged():
    # The plain benchmark's id and folder from before the switch existed: old results stay found.
    plain = CrawlBenchmark(corpus="x")
    assert plain.task_id == "CrawlBenchmark_x_1000_20_cb349774d2"
    assert plain.folder() == Path("output/benchmark/bench-5322cda2")
    augmented = CrawlBenchmark(corpus="x", augment_seeds=True)
    assert augmented.task_id != plain.task_id and augmented.folder() != plain.folder()
    assert CrawlBenchmark.from_str_params(augmented.to_str_params()).augment_seeds is True


def test_benchmark_with_augmented_seeds(tmp_path):
    site = extract_slice(tmp_path / "corpus")
    common = dict(corpus=str(site), strategies="bfs,hub", topics=2, min_members=5, n_seeds=2,
                  max_pages=12, step=4, port=free_port(), output_root=str(tmp_path / "out"))
    task = CrawlBenchmark(augment_seeds=True, **common)
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    folder, hubs = task.folder(), task.hub_folder()
    report = json.loads((hubs / "hubseeds.json").read_text())
    assert len(report["topics"]) == 2
    with open(hubs / "hubseeds.csv", newline="") as f:
        csv_rows = list(csv.DictReader(f))
    assert len(csv_rows) == sum(len(t["decisions"]) for t in report["topics"]) > 0
    for t in report["topics"]:
        kept = [r for r in t["decisions"] if r["decision"] == "kept"]
        assert all(r["hub_score"] >= 2 and r["cosine"] <= 0.9 for r in kept)
        assert [r["url"].rsplit("/", 1)[1] for r in kept] == t["added"]
        lines = Path(t["seeds_file"]).read_text().split()
        assert lines == t["seeds"] + t["added"] and len(t["seeds"]) == 2
    # The slice's AI pages link to each other: every chosen topic gains hubs, none a target.
    assert all(len(t["added"]) >= 1 for t in report["topics"])
    assert not any(r["target"] for t in report["topics"] for r in t["decisions"])

    # Another strategy list or budget reads the same seeds files: its crawls of bfs are these.
    other = CrawlBenchmark(augment_seeds=True, **{**common, "strategies": "bfs,dom", "max_pages": 20})
    assert other.hub_folder() == hubs and other.folder() != folder
    assert other.crawl_tasks()[("bfs", 0)].seeds == task.crawl_tasks()[("bfs", 0)].seeds
    assert CrawlBenchmark(augment_seeds=True, **{**common, "n_seeds": 3}).hub_folder() != hubs

    plain = CrawlBenchmark(**common).crawl_tasks()
    augmented = task.crawl_tasks()
    for key, crawl in augmented.items():
        assert crawl.task_id != plain[key].task_id and crawl.folder() != plain[key].folder()
        assert len(Path(plain[key].seeds).read_text().split()) == 2
        con = sqlite3.connect(crawl.output()["store"].path)
        started = con.execute("SELECT count(*) FROM pages WHERE depth = 0").fetchone()[0]
        con.close()
        n_seeds = len(Path(crawl.seeds).read_text().split())
        if crawl.strategy == "bfs":  # breadth-first fetches every seed before any link
            assert started == n_seeds > 2

    summary = json.loads((folder / "summary.json").read_text())
    added = [len(t["added"]) for t in report["topics"]]
    assert summary["seeds"]["augmented"] is True
    assert summary["seeds"]["hubs_added_mean"] == round(sum(added) / len(added), 3)
    assert "Seeds augmented with hubs" in (folder / "summary.md").read_text()
    with StartedTasks() as started_tasks:
        assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    assert started_tasks.families == []


def test_seeding_comparison_runs_both_benchmarks_and_pairs_their_topics(tmp_path):
    from tasks import SeedingComparison

    site = extract_slice(tmp_path / "corpus")
    task = SeedingComparison(corpus=str(site), strategies="bfs,hub", topics=2, min_members=5, n_seeds=2,
                             max_pages=12, step=4, port=free_port(), output_root=str(tmp_path / "out"))
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    plain, augmented = task.requires()["plain"], task.requires()["augmented"]
    assert not plain.augment_seeds and augmented.augment_seeds and plain.folder() != augmented.folder()
    with open(task.folder() / "comparison.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["strategy"], r["N"]) for r in rows] == [(s, n) for s in ("bfs", "hub") for n in ("4", "8", "12")]

    def recall_at(folder, strategy, n):
        with open(folder / "metrics.csv", newline="") as f:
            vals = [float(r["target_recall"]) for r in csv.DictReader(f) if r["strategy"] == strategy and r["N"] == n]
        return sum(vals) / len(vals)

    for r in rows:
        assert r["topics"] == "2"
        assert float(r["plain"]) == pytest.approx(recall_at(plain.folder(), r["strategy"], r["N"]), abs=1e-6)
        assert float(r["augmented"]) == pytest.approx(recall_at(augmented.folder(), r["strategy"], r["N"]), abs=1e-6)
    summary = json.loads(Path(task.output().path).read_text())
    assert summary["points"] == [12] and len(summary["effect"]) == 2
    assert (task.folder() / "recall.png").read_bytes()[:4] == b"\x89PNG"
    assert "| hub | " in (task.folder() / "summary.md").read_text()
