"""The Luigi chain on a slice of the shared corpus: artifacts, report agreement, no rework, resume."""
from __future__ import annotations

import csv
import json
import math
import os
import re
from collections import Counter
from pathlib import Path
from urllib.parse import unquote

import luigi
import pytest

from pipeline.text import singular, singular_words, words
from scoring.lead import name_words, setting_names, subject_names
from scoring.evidence import GENERIC_SHARE, STRUCTURE_SHARE
from scoring.kinds import KINDS
from scoring.names import concept_key
from tasks import BuildIndex, TopicConcepts
from tasks.topic import STAGES
from tasks.report import ranked

from integration_support import WIKI, StartedTasks, extract_slice, luigi_config

KEYWORD = "machine learning"
PARAMS = dict(pages=40, min_support=2.0)


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    base = tmp_path_factory.mktemp("chain")
    corpus = extract_slice(base / "corpus")
    out = base / "output"
    with luigi_config(BuildIndex={"corpus": corpus, "url_prefix": WIKI}):
        yield {"corpus": corpus, "out": out}


def run(task) -> bool:
    return luigi.build([task], local_scheduler=True, log_level="WARNING")


def topic(env, **kw) -> TopicConcepts:
    return TopicConcepts(keyword=kw.pop("keyword", KEYWORD), output_root=str(env["out"]), **{**PARAMS, **kw})


def test_build_index_summary_and_idempotence(env):
    task = BuildIndex(output_root=str(env["out"]))
    assert run(task)
    summary = json.loads(Path(task.output()["summary"].path).read_text())
    n_files = len(list(env["corpus"].glob("*.html")))
    assert summary["pages"] + summary["skipped"] == n_files
    assert summary["pages"] >= 60
    db = Path(task.output()["db"].path)
    mtime = db.stat().st_mtime_ns
    with StartedTasks() as started:
        assert run(BuildIndex(output_root=str(env["out"])))
    assert started.families == []
    assert db.stat().st_mtime_ns == mtime


@pytest.fixture(scope="module")
def report(env):
    task = topic(env)
    with StartedTasks() as started:
        assert run(task)
    assert "TopicConcepts" in started.families
    return task, json.loads(Path(task.output()["json"].path).read_text())


def test_every_stage_writes_its_artifact(report):
    task, _ = report
    folder = task.run_dir()
    for cls in STAGES:
        target = task.clone(cls).output()
        targets = target.values() if isinstance(target, dict) else [target]
        for t in targets:
            assert Path(t.path).is_file() and Path(t.path).stat().st_size > 0, t.path
            assert Path(t.path).parent == folder
    assert not list(folder.glob("*luigi-tmp*"))


def test_report_schema_and_order(report):
    task, rep = report
    evidence = json.loads((task.run_dir() / "10-evidence.json").read_text())
    body_keys = {concept_key(t) for t in evidence["keyword_links"] if t not in evidence["keyword_related_links"]}
    assert rep["keyword"] == KEYWORD
    assert rep["parameters"]["pages"] == PARAMS["pages"]
    assert rep["n_k"] > 0
    cands = rep["candidates"]
    assert len(cands) >= 10
    # The default order: by score, one-shared-document candidates after the rest, then those at
    # chance, and the names a rule scores 0 last.
    keys = [(c["evidence"]["ruled_out"], c["evidence"]["weak"], c["evidence"]["thin"], c["evidence"]["chance"],
             -c["evidence"]["score"])
            for c in cands if c["evidence"]["kind"] == "concept"]
    assert keys == sorted(keys)
    for c in cands:
        assert set(c) >= {"phrase", "type", "n_cp", "n_b", "s1", "s2", "s3", "s4", "s5", "s6", "starred", "pages"}
        assert c["type"] in ("I", "II", "III")
        assert c["n_b"] <= min(c["n_cp"], rep["n_k"])
        assert (c["type"] == "III") == (c["n_cp"] > rep["n_k"])
        if c["type"] != "III":
            assert (c["type"] == "I") == (c["s1"] >= rep["parameters"]["s1_threshold"])
        if c["evidence"]["source"] == "lists":  # mined from list items, digits dropped
            assert not re.search(r"\d", c["phrase"])
            assert c["pages"] and all(p.startswith(WIKI) for p in c["pages"])
        elif c["evidence"]["source"] == "definition":  # a page's title: names keep their digits ("x86")
            assert c["pages"] == [] and c["evidence"]["page"].startswith(WIKI)
        else:  # a section heading, main article or link of the keyword's own page, no digits; no list holds it
            assert c["evidence"]["source"] in ("section", "main", "link") and c["pages"] == [] and c["support"] == 0
            assert not re.search(r"\d", c["phrase"])
            if c["evidence"]["source"] == "section":
                assert c["evidence"]["sectioned"]
            else:  # linked from the page's body, or only from its "See also" list
                assert c["evidence"]["linked"] == (concept_key(c["phrase"]) in body_keys)


def _factor_follows_names(rep: dict, names: list[str], field: str, reason: str) -> None:
    """A factor of the keyword's own page holds exactly for the candidates it names, and is
    explained in `why` when the score is the product (not a rule's or a variant's reason)."""
    keys = {concept_key(t) for t in names}
    assert keys
    for c in rep["candidates"]:
        assert c["evidence"][field] == (concept_key(c["phrase"]) in keys)
        explained = c["evidence"]["why"].startswith("S1 ")
        assert (reason in c["evidence"]["why"]) == (c["evidence"][field] and explained)


def _candidates_from_names(rep: dict, names: list[str], source: str) -> None:
    """Names of the keyword's own page became candidates only when no earlier source had them,
    never one word a tenth of the collection uses ("History", "software") nor a name most
    pages hold ("See also": the pages' structure)."""
    earlier = {c["normalised"] for c in rep["candidates"] if c["evidence"]["source"] != source}
    for c in rep["candidates"]:
        if c["evidence"]["source"] == source:
            assert c["phrase"] in names and c["normalised"] not in earlier
            assert len(c["normalised"].split()) > 1 or c["n_cp"] <= GENERIC_SHARE * rep["n_docs"]
            assert c["n_cp"] <= STRUCTURE_SHARE * rep["n_docs"]


def test_report_files_agree(report):
    task, rep = report
    with open(task.output()["csv"].path, newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["phrase"] for r in rows] == [c["phrase"] for c in rep["candidates"]]
    assert [int(r["n_b"]) for r in rows] == [c["n_b"] for c in rep["candidates"]]
    # The default method's evidence is in the CSV too, column by column.
    assert [float(r["score"]) for r in rows] == [c["evidence"]["score"] for c in rep["candidates"]]
    assert [r["kind"] for r in rows] == [c["evidence"]["kind"] for c in rep["candidates"]]
    assert [r["said_kind_of"] for r in rows] == [str(c["evidence"]["said"]["kind_of"]) for c in rep["candidates"]]
    assert [r["wordnet"] for r in rows] == [c["evidence"]["wordnet"] or "" for c in rep["candidates"]]
    md = Path(task.output()["md"].path).read_text()
    main = [c for c in rep["candidates"] if c["type"] != "III"]
    positions = [md.index(f"| {c['phrase']} |") for c in main[:10]]
    assert positions == sorted(positions)


def test_second_run_does_no_work(env, report):
    task, _ = report
    stamps = {p: p.stat().st_mtime_ns for p in task.run_dir().iterdir()}
    with StartedTasks() as started:
        assert run(topic(env))
    assert started.families == []
    assert {p: p.stat().st_mtime_ns for p in task.run_dir().iterdir()} == stamps


def test_resume_starts_at_first_missing_artifact(env, report):
    task, rep = report
    folder = task.run_dir()
    before = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
    for name in ("07-hitcounts.csv", "08-scores.csv"):
        os.remove(folder / name)
    with StartedTasks() as started:
        assert run(topic(env))
    # Later artifacts still on disk do not hide the missing ones: every stage after reruns.
    assert started.families == ["HitCounts", "Scores", "TagTreeCheck", "Evidence", "TopicConcepts"]
    after = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
    for name in ("01-search.jsonl", "03-items.jsonl", "06-candidates.json"):
        assert after[name] == before[name]
    again = json.loads((folder / "report.json").read_text())
    assert again["candidates"] == rep["candidates"]


def test_a_report_names_its_ranking_and_only_a_later_ranking_supersedes_it(report):
    from scoring.evidence import RANKING_VERSION
    from tasks.prune import superseded_version

    task, rep = report
    assert rep["ranking_version"] == RANKING_VERSION
    assert superseded_version(task.run_dir(), rep) is None
    # The next version's code reads this folder as its predecessor's run, and PruneRuns would remove it.
    assert superseded_version(task.run_dir(), rep, current=RANKING_VERSION + 1) == RANKING_VERSION


def test_other_parameters_get_their_own_folder(env, report):
    task, _ = report
    other = topic(env, mode="phrase")
    assert other.run_dir() != task.run_dir()
    assert other.run_dir().name.startswith("machine-learning-")
    assert run(other)
    rep = json.loads(Path(other.output()["json"].path).read_text())
    assert rep["parameters"]["mode"] == "phrase"
    # Phrase mode: every candidate is a whole list item that occurred at least min_support times.
    assert all(c["support"] >= PARAMS["min_support"] for c in rep["candidates"]
               if c["evidence"]["source"] == "lists")


def test_a_keyword_typed_with_extra_spaces_is_the_same_run(env, report):
    task, _ = report
    spaced = topic(env, keyword="  machine \t learning ")
    assert spaced.keyword == "machine learning"
    assert spaced.task_id == task.task_id and spaced.run_dir() == task.run_dir()
    assert spaced.complete()  # nothing to run again


def test_a_keyword_wrapped_in_quotes_is_the_same_run(env, report):
    task, _ = report
    for typed in ('"machine learning"', '\u201c machine learning\u201d'):
        quoted = topic(env, keyword=typed)
        assert quoted.keyword == "machine learning"
        assert quoted.task_id == task.task_id and quoted.complete()
    # One quote mark alone is kept, so validation can refuse it instead of running "machine".
    assert topic(env, keyword='"machine').keyword == '"machine'


def test_stemming_shows_surface_forms(env):
    task = topic(env, stemming=True)
    assert run(task)
    rep = json.loads(Path(task.output()["json"].path).read_text())
    assert rep["candidates"]
    # Mined candidates are shown as written in the lists, never as Porter stems.
    items = Path(task.run_dir() / "03-items.jsonl").read_text().lower()
    mined = [c for c in rep["candidates"] if c["evidence"]["source"] == "lists"][:20]
    assert len(mined) == 20
    for c in mined:
        assert c["phrase"].lower() in items


def test_keyword_without_results_gives_empty_report(env):
    task = topic(env, keyword="qwxzv unfindable")
    assert run(task)
    rep = json.loads(Path(task.output()["json"].path).read_text())
    assert rep["n_k"] == 0 and rep["candidates"] == []
    assert "No candidates" in Path(task.output()["md"].path).read_text()


def test_domain_restriction_with_no_matching_host(env):
    task = topic(env, domain=".edu")
    assert run(task)
    rep = json.loads(Path(task.output()["json"].path).read_text())
    assert rep["candidates"] == []
    # The keyword's own page is on another host: it speaks for nothing in this run.
    assert rep["keyword_page"] is None and rep["keyword_sentence"] is None
    rows = [json.loads(x) for x in (task.run_dir() / "01-search.jsonl").read_text().splitlines()]
    assert rows == []


def test_task_killed_between_two_outputs_reruns(env, report):
    task, rep = report
    md = Path(task.output()["md"].path)
    md.unlink()  # report.json and report.csv exist: as if killed before the last write
    with StartedTasks() as started:
        assert run(topic(env))
    assert started.families == ["TopicConcepts"]
    assert md.is_file() and json.loads(Path(task.output()["json"].path).read_text()) == rep


def test_default_method_ranks_by_evidence_and_explains_each_rank(report):
    task, rep = report
    assert rep["parameters"]["method"] == "evidence"
    evidence = json.loads((task.run_dir() / "10-evidence.json").read_text())
    assert evidence["n_docs"] == rep["n_docs"] > rep["n_k"]
    # Concepts by score, those with thin evidence (one shared document) after the rest.
    order_keys = [(c["evidence"]["ruled_out"], c["evidence"]["weak"], c["evidence"]["thin"], c["evidence"]["chance"],
                   -c["evidence"]["score"]) for c in rep["candidates"] if c["evidence"]["kind"] == "concept"]
    assert order_keys == sorted(order_keys) and order_keys[0][4] < 0
    # The confidence floor: every concept scoring under it, sharing one document with the
    # keyword (not a section of its page) or tied to it by nothing but its counts, and no
    # other, is weak and listed apart.
    from scoring.evidence import CONCEPT_FLOOR, NAME_FLOOR, NAMED_KIND_FLOOR, WORDNET_FLOOR
    assert {c["evidence"]["floor"] for c in rep["candidates"]} <= {CONCEPT_FLOOR, NAME_FLOOR, NAMED_KIND_FLOOR, WORDNET_FLOOR}
    assert all(c["evidence"]["weak"] == (not c["evidence"]["ruled_out"] and (
        c["evidence"]["score"] < c["evidence"]["floor"]
        or (c["n_b"] < 2 and not (c["evidence"]["sectioned"] or c["evidence"]["main_article"]))
        or not c["evidence"]["tied"])) for c in rep["candidates"])
    assert any(c["evidence"]["weak"] for c in rep["candidates"]) and any(
        not c["evidence"]["weak"] and not c["evidence"]["ruled_out"] for c in rep["candidates"])
    assert all(c["evidence"]["thin"] == (c["n_b"] < 2) for c in rep["candidates"])
    # The per-keyword cut: the hypergeometric chance of each overlap, from the report's own counts.
    from scoring.evidence import CHANCE_P, chance_p
    for c in rep["candidates"]:
        e = c["evidence"]
        assert e["p_value"] == pytest.approx(chance_p(rep["n_k"], c["n_cp"], c["n_b"], rep["n_docs"]), rel=1e-2)
        assert e["chance"] == (e["p_value"] >= CHANCE_P)
    assert 0 < evidence["at_chance"] == sum(c["evidence"]["chance"] for c in rep["candidates"]) < len(rep["candidates"])
    assert [c["normalised"] for c in rep["candidates"]] == [e["phrase"] for e in evidence["candidates"]]
    for c in rep["candidates"]:
        e = c["evidence"]
        assert e["why"].endswith(f"= {e['score']:.4f}") or e["score"] == 0
        assert e["defines"] == (e["defining_sentence"] is not None)
        if e["defines"]:
            assert e["page"] and KEYWORD.split()[0] in e["defining_sentence"].lower()
        if e["source"] == "definition":  # found by its page, not in the lists: its page defines it
            assert e["defines"] and e["lists"] == 0 and c["support"] == 0
            assert c["s1"] == pytest.approx(c["n_b"] / math.sqrt(rep["n_k"] * c["n_cp"]), abs=1e-6)
    # Sectioned: a section heading of the keyword's own page (listed in the artifact) names it.
    _factor_follows_names(rep, evidence["keyword_sections"], "sectioned", "a section of the keyword's page is titled so")
    assert any(c["evidence"]["sectioned"] for c in rep["candidates"])
    # A section's "Main article:" note names a part as its heading does (tagtree.main_article_notes;
    # version 161): the page's notes are in the artifact, each flagged, and the factor is the
    # section's, once (a candidate both sectioned and so named is explained by its heading).
    mains = evidence["keyword_main_articles"]
    assert {"Supervised learning", "Reinforcement learning", "Anomaly detection"} <= set(mains)
    keys = {concept_key(t) for t in mains}
    for c in rep["candidates"]:
        e = c["evidence"]
        assert e["main_article"] == (concept_key(c["phrase"]) in keys)
        if e["main_article"] and not e["sectioned"] and e["why"].startswith("S1 "):
            assert "names it as its main article" in e["why"] and e["tied"]
        assert e["why"].count("x 1.5 (a section of the keyword's page") <= 1
    assert sum(c["evidence"]["source"] == "main" for c in rep["candidates"]) == evidence["main_named"]
    _candidates_from_names(rep, mains, "main")
    # WordNet 3.0 has no "machine learning": no candidate is filed under it.
    assert not any(c["evidence"]["wordnet"] for c in rep["candidates"])
    sources = Counter(c["evidence"]["source"] for c in rep["candidates"])
    assert sources["lists"] > 0 and sources["definition"] == evidence["definitions_found"] > 0
    # Section headings of the keyword's page not already candidates become candidates too.
    assert sources["section"] == evidence["sections_named"] > 0
    _candidates_from_names(rep, evidence["keyword_sections"], "section")
    # "See also", like a heading that sets the subject beside others and the sections under
    # it, names no part: not offered as a section (tagtree.beside_sections; version 149).
    assert "See also" not in evidence["keyword_sections"] and len(evidence["keyword_sections"]) > 10
    assert "see also" not in {c["normalised"] for c in rep["candidates"] if c["evidence"]["source"] == "section"}
    # Linked: the keyword's own page links to it by this name (anchor texts in the artifact).
    assert len({concept_key(t) for t in evidence["keyword_links"]}) > 50
    # ... from its body: a link from its "See also" list alone does not count.
    related = evidence["keyword_related_links"]
    assert related and set(related) < set(evidence["keyword_links"])
    body_links = [t for t in evidence["keyword_links"] if t not in related]
    # An anchor naming no page is listed under its target page's title (link_titles); a
    # candidate still named by the anchor's own words is linked as well.
    renamed = evidence["keyword_link_titles"]
    assert all(t in evidence["keyword_links"] for t in renamed.values())
    _factor_follows_names(rep, body_links + [a for a, t in renamed.items() if t in body_links], "linked",
                          "the keyword's page links to it")
    # Anchors not already candidates become candidates, filtered as headings are.
    assert sources["link"] == evidence["links_named"] > 0
    _candidates_from_names(rep, evidence["keyword_links"], "link")
    md = Path(task.output()["md"].path).read_text()
    assert "## Why the top concepts rank where they do" in md
    # Filed: the candidate's own page is filed by its site under a class whose head is the
    # keyword (the classes are in the store), and the factor says which class.
    from pipeline.search import LocalBackend
    from scoring.names import filed_as
    backend = LocalBackend(BuildIndex(output_root=task.output_root).output()["db"].path)
    filed = [c for c in rep["candidates"] if c["evidence"]["filed"]]
    assert filed, "no candidate of the slice is filed under the keyword"
    lead = rep["keyword_sentence"]
    assert lead and evidence["keyword_page"]
    title = unquote(evidence["keyword_page"].rsplit("/", 1)[-1]).replace("_", " ")
    other_names = subject_names(title, lead) - {tuple(singular_words(KEYWORD))}
    settings = setting_names(lead, KEYWORD)
    assert ("ml",) in other_names, other_names
    # The other pages of the keyword's name, read beside its own page, reach the report.
    from scoring.names import other_pages_of_name
    assert rep["keyword_other_pages"] == evidence["keyword_other_pages"] == other_pages_of_name(
        backend.pages_about(KEYWORD, with_plurals=True), KEYWORD, evidence["keyword_page"])
    for c in rep["candidates"]:
        e = c["evidence"]
        classes = backend.filed_under(e["page"]) if e["page"] else []
        assert e["filed"] == filed_as(classes, KEYWORD)
        if e["filed"] and e["score"] > 0:
            assert f"(its page is filed under '{e['filed']}')" in e["why"]
        # A name the collection answers with the keyword's own page is the keyword again.
        if e["page"] and e["page"] == evidence["keyword_page"] and e["source"] != "section":
            assert e["score"] == 0 and e["why"] == "another name of the keyword: its page is the keyword's own"
        # ... so is a name its page's first sentence gives the keyword ("Machine learning (ML) is"),
        # and a field that sentence opens by setting the keyword in ("In X, ...") is broader.
        bare = name_words(c["phrase"])
        if bare in other_names and e["source"] != "section" and e["why"] != "another name of the keyword: its page is the keyword's own":
            assert e["score"] == 0 and e["why"] == "another name of the keyword: its page's first sentence calls the keyword so"
        if bare in settings and e["kind"] != "broader":
            assert e["ruled_out"] or e["kind"] in ("person", "organisation", "work")
    # People, organisations and works come after every concept, each group in score order.
    order = KINDS
    kinds = [c["evidence"]["kind"] for c in rep["candidates"]]
    assert kinds == sorted(kinds, key=order.index)
    for kind in order:
        group = [(c["evidence"]["ruled_out"], c["evidence"]["weak"], c["evidence"]["thin"], c["evidence"]["chance"],
                  -c["evidence"]["score"]) for c in rep["candidates"] if c["evidence"]["kind"] == kind]
        assert group == sorted(group)
    assert evidence["people"] == kinds.count("person") and evidence["organisations"] == kinds.count("organisation")
    assert evidence["works"] == kinds.count("work") and evidence["siblings"] == kinds.count("sibling")
    assert evidence["aspects"] == kinds.count("aspect")
    # Broader terms are what the keyword's own page, quoted in the report, calls it a kind of,
    # and the field named after the keyword that studies it ("machine learning theory").
    from scoring.names import names_its_study
    assert evidence["broader"] == kinds.count("broader")
    sentence = {singular(w) for w in words(rep["keyword_sentence"] or "")}
    for c in rep["candidates"]:
        study = names_its_study(c["phrase"], KEYWORD) and c["evidence"]["source"] not in ("section", "main")
        if c["evidence"]["kind"] == "broader":
            assert study or {singular(w) for w in words(c["phrase"])} <= sentence and rep["keyword_sentence"] in md
        elif study:
            assert c["evidence"]["ruled_out"] or c["evidence"]["kind"] in ("person", "organisation", "work")
    if evidence["people"]:
        assert "## People" in md
    # One concept, one rank: no two scored rows share a name up to plurals and qualifiers;
    # a folded row names a ranked one and says so in the report.
    ranked = {c["normalised"]: c for c in rep["candidates"]}
    keys = [concept_key(c["phrase"]) for c in rep["candidates"] if c["evidence"]["score"] > 0]
    assert len(keys) == len(set(keys))
    for c in rep["candidates"]:
        if c["evidence"]["variant_of"] is not None:
            assert c["evidence"]["score"] == 0 and ranked[c["evidence"]["variant_of"]]["evidence"]["score"] > 0
            assert f"- **{c['phrase']}**: {c['evidence']['why']}." in md


def test_wordnet_beside_and_above_the_keyword(env):
    """A WordNet co-hyponym of the keyword counts x1/1.5 and is a sibling term; a name the keyword
    is filed under is a broader term."""
    from scoring.evidence import SIBLING_FACTOR

    runs = {}
    for keyword in ("cognitive science", "robotics"):
        task = topic(env, keyword=keyword)
        assert run(task)
        runs[keyword] = json.loads(Path(task.output()["json"].path).read_text())
    beside = [c for c in runs["cognitive science"]["candidates"] if c["evidence"]["wordnet"] == "sibling"]
    assert [c["normalised"] for c in beside] == ["psychology"]  # both sciences in WordNet
    assert f"x {SIBLING_FACTOR:.3g} (WordNet: filed beside the keyword" in beside[0]["evidence"]["why"]
    assert beside[0]["evidence"]["kind"] == "sibling" and "beside the keyword" in beside[0]["evidence"]["kind_because"]
    above = {c["normalised"]: c["evidence"]["kind"] for c in runs["robotics"]["candidates"]
             if c["evidence"]["wordnet"] == "above"}
    assert above == {"artificial intelligence": "broader", "computer science": "broader"}


def test_wordnet_table_is_built_once_and_its_relation_weighs_in(env, report):
    from pipeline.wordnet import Taxonomy
    from scoring.evidence import TAXONOMY_FACTOR
    from scoring.taxonomy import placement

    from pipeline.wordnet import TABLE_VERSION
    table = Path(env["out"]) / "wordnet" / f"nouns-v{TABLE_VERSION}.sqlite"
    assert table.exists()  # built by the machine-learning run, shared by every run of the root
    built = table.stat().st_mtime_ns
    task = topic(env, keyword="statistics")
    assert run(task)
    assert table.stat().st_mtime_ns == built
    rep = json.loads(Path(task.output()["json"].path).read_text())
    taxonomy = Taxonomy(table)
    try:
        for c in rep["candidates"]:
            e = c["evidence"]
            assert e["wordnet"] == placement(taxonomy, c["phrase"], "statistics")
            weighs = e["wordnet"] in ("kind", "part", "domain", "sibling")
            assert ("(WordNet: " in e["why"]) == (weighs and e["why"].startswith("S1 "))
            if e["wordnet"] == "above":  # the keyword is filed under it: a broader term
                assert e["kind"] == "broader" or e["kind"] in ("person", "organisation", "work")
    finally:
        taxonomy.close()
    filed = [c for c in rep["candidates"] if c["evidence"]["wordnet"] in ("kind", "part", "domain")
             and c["evidence"]["score"] > 0]
    assert filed, "statistics has WordNet terms among its candidates (regression analysis, variance, ...)"
    for c in filed:
        e = c["evidence"]
        assert f"x {TAXONOMY_FACTOR:g} (WordNet: " in e["why"] and e["wordnet"] in ("kind", "part", "domain")
    md = Path(task.output()["md"].path).read_text()
    assert "| WordNet |" in md and f"| {filed[0]['evidence']['wordnet']} |" in md
    # Names WordNet files under the keyword that no list, definition or heading gave come
    # in as candidates of their own, each shared by at least two documents with the keyword.
    evidence = json.loads((task.run_dir() / "10-evidence.json").read_text())
    named = [c for c in rep["candidates"] if c["evidence"]["source"] == "wordnet"]
    assert len(named) == evidence["wordnet_named"] > 0
    others = {c["normalised"] for c in rep["candidates"] if c["evidence"]["source"] != "wordnet"}
    for c in named:
        assert c["evidence"]["wordnet"] in ("kind", "part", "domain") and c["n_b"] >= 2
        assert c["normalised"] not in others
        assert c["support"] == 0 and c["evidence"]["lists"] == 0
    assert len({c["normalised"] for c in named}) == len(named)
    assert "a name WordNet files under the keyword" in md


def test_sentences_of_the_collection_weigh_in_as_counted_and_quoted(env, report):
    from pipeline.search import LocalBackend
    from scoring.evidence import COORDINATED_FACTOR, COORDINATED_SHARE, SAID_FACTOR
    from scoring.hearst import SentencePool, keyword_sentences

    task, rep = report
    backend = LocalBackend(BuildIndex(output_root=str(env["out"])).output()["db"].path)
    try:
        pool = SentencePool(KEYWORD, keyword_sentences(backend.texts_mentioning(KEYWORD), KEYWORD))
    finally:
        backend.con.close()
    md = Path(task.output()["md"].path).read_text()
    scored = [c for c in rep["candidates"] if c["evidence"]["why"].startswith("S1 ")]
    for c in scored:
        e = c["evidence"]
        written = c["phrase"]
        again = pool.said(written)
        assert e["said"] == {"sentences": again.sentences, "kind_of": again.kind_of,
                             "coordinated": again.coordinated, "example": again.example}
        said_it = f"x {SAID_FACTOR:g} ({again.kind_of} of {again.sentences} sentences with both read it as under"
        assert (said_it in e["why"]) == (again.kind_of > 0)
        beside = again.kind_of == 0 and again.sentences and again.coordinated / again.sentences >= COORDINATED_SHARE
        assert (f"x {COORDINATED_FACTOR:g} ({again.coordinated} of {again.sentences} sentences with both list it"
                in e["why"]) == bool(beside)
    under = [c for c in scored if c["evidence"]["said"]["kind_of"]]
    assert under, "some machine-learning candidates are read as under it (supervised learning, ...)"
    for c in under:
        assert KEYWORD.split()[0] in c["evidence"]["said"]["example"].lower()
    concepts = [c for c in rep["candidates"] if c["evidence"]["kind"] == "concept"][:25]
    quoted = [c for c in concepts if c["evidence"]["said"]["example"]]
    assert all(c["evidence"]["said"]["example"] in md for c in quoted)
    assert "| said |" in md


def test_the_names_the_sentences_enumerate_as_kinds_are_in_the_evidence_artifact(env, report):
    """10-evidence.json lists what "K such as A, B and C" enumerates and the sentences read
    as under the keyword; none of the slice's is new to the run (the whole corpus's test
    checks that such names join: test_full_corpus)."""
    from pipeline.search import LocalBackend
    from scoring.evidence import reads_under
    from scoring.hearst import SentencePool, keyword_sentences

    task, rep = report
    evidence = json.loads((Path(task.output()["json"].path).parent / "10-evidence.json").read_text())
    backend = LocalBackend(BuildIndex(output_root=str(env["out"])).output()["db"].path)
    try:
        pool = SentencePool(KEYWORD, keyword_sentences(backend.texts_mentioning(KEYWORD), KEYWORD))
    finally:
        backend.con.close()
    expected = Counter({n: c for n, c in pool.named_under().items() if reads_under(pool.said(n))})
    assert evidence["sentence_kinds"] == [{"name": n, "sentences": c} for n, c in expected.most_common()]
    assert evidence["sentence_kinds"], "the slice writes machine learning methods such as neural networks"
    assert evidence["said_named"] == sum(c["evidence"]["source"] == "said" for c in rep["candidates"])


def test_published_method_is_the_published_chain(env, report):
    task, rep = report
    published = topic(env, method="published")
    with StartedTasks() as started:
        assert run(published)
    assert "Evidence" not in started.families
    assert not (published.run_dir() / "10-evidence.json").exists()
    pub = json.loads(Path(published.output()["json"].path).read_text())
    assert all("evidence" not in c for c in pub["candidates"])
    s1 = [c["s1"] for c in pub["candidates"]]
    assert s1 == sorted(s1, reverse=True)
    # The mined candidates, with the same counts, in another order; the default adds only
    # concepts found by their definitions.
    mined = {c["normalised"]: c for c in rep["candidates"] if c["evidence"]["source"] == "lists"}
    assert sorted(c["normalised"] for c in pub["candidates"]) == sorted(mined)
    assert all((c["n_cp"], c["n_b"]) == (mined[c["normalised"]]["n_cp"], mined[c["normalised"]]["n_b"])
               for c in pub["candidates"])
    assert "| S1 | S2 | S3 |" in Path(published.output()["md"].path).read_text()
    with open(published.output()["csv"].path, newline="") as f:
        header = next(csv.reader(f))
    assert header == ["rank", "phrase", "type", "n_cp", "n_b", "s1", "s2", "s3", "s4", "s5", "s6", "starred", "support"]


def test_a_keyword_without_a_page_is_read_through_the_paragraphs_that_cite_it(env):
    """No page about the keyword: what paragraphs naming it link to, on two or more pages, ranks and joins."""
    from scoring.evidence import MIN_CITING_PAGES

    task = topic(env, keyword="logistic regression")
    assert run(task)
    rep = json.loads(Path(task.output()["json"].path).read_text())
    assert rep["keyword_page"] is None
    evidence = json.loads((Path(task.output()["json"].path).parent / "10-evidence.json").read_text())
    assert evidence["cited_links"], "the slice's pages link from paragraphs naming the keyword"
    assert all(len(c["pages"]) >= MIN_CITING_PAGES for c in evidence["cited_links"])
    cited = [c for c in rep["candidates"] if c["evidence"]["cited"]]
    assert cited and all(c["evidence"]["cited"] >= MIN_CITING_PAGES for c in cited)
    for c in cited:
        if not c["evidence"]["linked"]:
            assert f"on {c['evidence']['cited']} pages link to it" in c["evidence"]["why"]
    joined = [c for c in rep["candidates"] if c["evidence"]["source"] == "cited"]
    assert joined and evidence["cited_named"] == len(joined)
    anchors = {concept_key(c["anchor"]) for c in evidence["cited_links"]}
    assert all(concept_key(c["phrase"]) in anchors for c in joined)
    # And the pages those paragraphs link the keyword's own name to reach the report.
    # The slice does not hold the page the name is linked to, so it is known by its URL's title;
    # one sense only, so no senses note.
    assert rep["keyword_link_senses"] == evidence["keyword_link_senses"] == [
        {"title": "Logistic regression", "page": None, "pages": 4}]
    assert "Several senses" not in Path(task.output()["md"].path).read_text()
    # Other pages of the name are read only beside a page of the keyword's own.
    assert rep["keyword_other_pages"] == evidence["keyword_other_pages"] == []


def test_batch_hands_luigi_its_runs_a_chunk_at_a_time(env, tmp_path, monkeypatch):
    # Luigi's scheduler sorts every pending task on each request for work, so a batch of
    # thousands of keywords required at once spent most of its time scheduling: the runs
    # of a chunk are scheduled only when the chunk before it has finished.
    import tasks.batch
    from tasks import TopicBatch

    monkeypatch.setattr(tasks.batch, "RUN_CHUNK", 2)
    keywords = ["computer vision", "neural networks", "speech recognition"]
    kw_file = tmp_path / "three.txt"
    kw_file.write_text("\n".join(keywords) + "\n")
    events: list[tuple[str, str]] = []

    def scheduled(task, dependency):  # a run's own dependencies are read when it is scheduled
        if task.task_family == "TopicConcepts" and ("scheduled", task.keyword) not in events:
            events.append(("scheduled", task.keyword))

    def finished(task):
        if task.task_family == "TopicConcepts":
            events.append(("finished", task.keyword))

    luigi.Task.event_handler(luigi.Event.DEPENDENCY_DISCOVERED)(scheduled)
    luigi.Task.event_handler(luigi.Event.SUCCESS)(finished)
    try:
        with luigi_config(TopicConcepts=PARAMS):
            batch = TopicBatch(keywords_file=str(kw_file), top=5, output_root=str(env["out"]))
            assert run(batch)
            doc = json.loads(Path(batch.output()["json"].path).read_text())
    finally:
        for event, handler in ((luigi.Event.DEPENDENCY_DISCOVERED, scheduled), (luigi.Event.SUCCESS, finished)):
            luigi.Task._event_callbacks.get(luigi.Task, {}).get(event, set()).discard(handler)
    first = {e for e in events if e[0] == "scheduled"}
    assert first == {("scheduled", k) for k in keywords}
    third = events.index(("scheduled", "speech recognition"))
    # Both runs of the first chunk finished before the third keyword's run was scheduled.
    assert {("finished", "computer vision"), ("finished", "neural networks")} <= set(events[:third])
    assert [r["keyword"] for r in doc["runs"]] == keywords


def test_run_dir_follows_the_index_config_and_the_cwd(tmp_path, monkeypatch):
    # run_dir is kept per task; a changed [BuildIndex] or working directory in the same
    # process must still give the folder those name, never the one computed before.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    task = TopicConcepts(keyword=KEYWORD, output_root="out")
    with luigi_config(BuildIndex={"corpus": tmp_path / "a", "url_prefix": WIKI}):
        first = task.run_dir()
        assert task.run_dir() == first
    with luigi_config(BuildIndex={"corpus": tmp_path / "b", "url_prefix": WIKI}):
        other_index = task.run_dir()
    assert other_index != first and other_index.parent == first.parent == Path("out")
    with luigi_config(BuildIndex={"corpus": tmp_path / "a", "url_prefix": WIKI}):
        assert task.run_dir() == first
        assert task.clone(STAGES[0]).run_dir() == first  # every stage of the run shares it
        (tmp_path / "elsewhere").mkdir()
        monkeypatch.chdir(tmp_path / "elsewhere")
        # The index's absolute path is in the hash: another cwd is another index file.
        assert task.run_dir() != first


def test_batch_runs_each_keyword_once_and_tabulates_their_reports(env, report, tmp_path):
    from tasks import TopicBatch

    task, rep = report
    kw_file = tmp_path / "keywords.txt"
    kw_file.write_text(f"# two subjects\n{KEYWORD}\n\ndata mining\n{KEYWORD.upper()}\n")
    with luigi_config(TopicConcepts={k: v for k, v in PARAMS.items()}):
        batch = TopicBatch(keywords_file=str(kw_file), top=5, output_root=str(env["out"]))
        with StartedTasks() as started:
            assert run(batch)
        # The finished run of the keyword is reused; only the new keyword's chain runs.
        assert Counter(started.families)["TopicConcepts"] == 1 and "TopicBatch" in started.families
        doc = json.loads(Path(batch.output()["json"].path).read_text())
        assert [r["keyword"] for r in doc["runs"]] == [KEYWORD, "data mining"]
        first = doc["runs"][0]
        assert first["report"] == task.output()["md"].path
        concepts = [c["phrase"] for c in ranked(rep)]  # the report's concepts, rule-zeroed names apart
        assert first["top"] == concepts[:5] and first["ranked"] == len(concepts) and first["n_k"] == rep["n_k"]
        with open(batch.output()["csv"].path, newline="") as f:
            rows = list(csv.DictReader(f))
        assert [r["keyword"] for r in rows] == [KEYWORD, "data mining"]
        assert rows[0]["top"] == "; ".join(concepts[:5])
        md = Path(batch.output()["md"].path).read_text()
        assert f"| {KEYWORD} | {rep['n_k']} |" in md
        with StartedTasks() as started:
            assert run(TopicBatch(keywords_file=str(kw_file), top=5, output_root=str(env["out"])))
        assert started.families == []
        folder = Path(batch.output()["json"].path).parent
    # Another option for the runs is another batch folder, not the finished table.
    with luigi_config(TopicConcepts={**PARAMS, "method": "published"}):
        other = TopicBatch(keywords_file=str(kw_file), top=5, output_root=str(env["out"]))
        assert Path(other.output()["json"].path).parent != folder
        assert not other.complete()
