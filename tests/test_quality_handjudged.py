"""bench/quality/handjudged.py: a top list counted against hand judgements, names folded as the ranking folds them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.quality.handjudged import FAMILIES, JUDGEMENTS, families, judge, render, top_concepts


def test_plurals_and_qualifiers_match_and_the_rest_is_unjudged():
    entry = {"hits": ["Hash table", "Stack (data structure)"], "misses": ["Serialization"]}
    got = judge("data structure", ["Hash tables", "stack", "Serialization", "Trie"], entry)
    assert got.hits == ["Hash tables", "stack"]
    assert got.misses == ["Serialization"]
    assert got.unjudged == ["Trie"]
    assert got.precision == 2 / 3


def test_a_hit_verdict_wins_over_a_miss_for_the_same_name():
    got = judge("k", ["Neural networks"], {"hits": ["neural network"], "misses": ["Neural Networks"]})
    assert got.hits == ["Neural networks"] and not got.misses


def test_top_concepts_skip_people_and_organisations_in_report_order():
    cands = [{"phrase": p, "evidence": {"kind": k}} for p, k in
             [("Linux", "concept"), ("Linus Torvalds", "person"), ("Unix", "concept"), ("IBM", "organisation")]]
    assert top_concepts({"candidates": cands}, top=2) == ["Linux", "Unix"]


def test_render_totals_count_unjudged_apart():
    rows = [judge("a", ["x", "y", "z"], {"hits": ["x"], "misses": ["y"]}), judge("b", ["w"], {"hits": ["w"]})]
    last = render(rows)[-1]
    assert last.startswith("2 hits of 3 judged places (0.67); 1 places unjudged")
    assert "best 3" in last


def test_top_concepts_stop_at_the_confidence_floor():
    cands = [{"phrase": "Linux", "evidence": {"kind": "concept", "score": 0.5}},
             {"phrase": "Vim", "evidence": {"kind": "concept", "score": 0.05, "weak": True}}]
    assert top_concepts({"candidates": cands}) == ["Linux"]


def test_render_gives_each_set_its_own_totals():
    rows = [judge("a", ["x", "y"], {"hits": ["x"], "misses": ["y"]}), judge("b", ["w"], {"hits": ["w"]})]
    lines = render(rows, {"old": ["a"], "fresh": ["b"]})
    assert lines[-2] == ("- set old (1 keywords): 1 hits of 2 judged places (0.50); 0 places unjudged (worst case 1 of 2, "
                         "best 1); 2 places listed of 10 slots, hits over all slots 0.10.")
    assert lines[-1].startswith("- set fresh (1 keywords): 1 hits of 1 judged places (1.00)")


def test_the_judgements_file_holds_its_sets_with_ten_or_more_verdicts_a_keyword():
    data = json.loads(JUDGEMENTS.read_text(encoding="utf-8"))
    keywords, sets = data["keywords"], data["sets"]
    assert len(sets["untuned"]["keywords"]) == 40 and len(sets["fresh-2026-11-25"]["keywords"]) == 25
    assert len(sets["test-2026-11-25"]["keywords"]) == 22 and len(sets["held-out-2026-11-25b"]["keywords"]) == 22
    assert sorted(k for s in sets.values() for k in s["keywords"]) == sorted(keywords)  # each keyword in one set
    # A keyword whose run lists fewer than 10 concepts is named, with the reason, by its set.
    short = {k: why for s in sets.values() for k, why in s.get("fewer_than_ten", {}).items()}
    # Before the confidence floor, three; since, a set lists only the concepts over it (sets y, z, aa, ab, ac, ad, ae and af).
    assert {"recommender system", "propaganda", "feminism"} <= set(short)
    # The sets are kept in the order they were judged; the floor came with set y.
    names = list(sets)
    since_floor = {k for name in names[names.index("held-out-2026-11-28y"):] for k in sets[name]["keywords"]}
    assert set(short) - {"recommender system", "propaganda", "feminism"} <= since_floor
    assert all(len(v["hits"]) + len(v["misses"]) >= 10 for k, v in keywords.items() if k not in short)
    judged = {k: len(keywords[k]["hits"]) + len(keywords[k]["misses"]) for k in short}
    # A keyword whose run has no candidate at all (set da's first) has nothing to judge; any other short list has.
    assert all(judged[k] == 0 for k, why in short.items() if why.startswith("no candidate at all"))
    assert all(judged[k] >= 1 for k, why in short.items()
               if not why.startswith(("every candidate is weak", "no candidate at all")))


def test_top_table_bolds_hits_and_marks_the_unjudged():
    from bench.quality.handjudged import top_table

    rows = [judge("db", ["SQL", "Servers", "Trie"], {"hits": ["SQL"], "misses": ["Servers"]})]
    assert top_table(rows, {"db": ["SQL", "Servers", "Trie"]}, {"db": 7})[2] == "| db (7) | **SQL**, Servers, Trie (?) | 1 |"


def test_the_manual_s_judgements_hold_two_sets_with_ten_or_more_verdicts_a_keyword():
    path = JUDGEMENTS.with_name("judgements-postgresql.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    keywords, sets = data["keywords"], data["sets"]
    assert [len(sets[s]["keywords"]) for s in ("manual-development", "manual-held-out", "manual-held-out-2",
                                                "manual-held-out-3")] == [12, 15, 15, 15]
    assert sorted(k for s in sets.values() for k in s["keywords"]) == sorted(keywords)
    short = {k for s in sets.values() for k in s.get("fewer_than_ten", {})}
    assert short == {"data manipulation", "database management", "coding convention", "generic wal record",
                     "custom wal resource manager"}
    assert all(len(v["hits"]) + len(v["misses"]) >= 10 for k, v in keywords.items() if k not in short)


def test_another_site_is_scored_with_its_own_judgements_and_the_configuration_restored(tmp_path):
    import luigi

    from bench.quality.handjudged import main

    docs = Path(__file__).with_name("data") / "postgresql-docs"
    verdicts = tmp_path / "j.json"
    verdicts.write_text(json.dumps({"keywords": {"index": {"hits": ["Index Types", "B-Tree"],
                                                            "misses": ["Introduction"]}}}), encoding="utf-8")
    out = tmp_path / "out.md"
    cfg = luigi.configuration.get_config()
    before = cfg.get("BuildIndex", "corpus", None)
    assert main(["--judgements", str(verdicts), "--out", str(out), "--corpus", str(docs),
                 "--url-prefix", "https://www.postgresql.org/docs/15/", "--output-root", str(tmp_path / "runs")]) == 0
    text = out.read_text(encoding="utf-8")
    assert "| index | 2 | 0 |" in text  # both hits in its top 10, "Introduction" not there
    assert cfg.get("BuildIndex", "corpus", None) == before
    with pytest.raises(SystemExit) as stop:  # --url-prefix and --output-root are needed too
        main(["--corpus", str(docs)])
    assert stop.value.code == 2


def test_families_group_the_sets_keywords_and_the_drawn_ones_together():
    sets = {"s1": {"family": "chosen", "keywords": ["a"]}, "s2": {"family": "drawn-links", "keywords": ["b", "c"]},
            "s3": {"family": "drawn-pages", "keywords": ["d"]}, "s4": {"family": "drawn-links", "keywords": ["e"]}}
    got = families(sets)
    assert got == {"chosen": ["a"], "drawn-pages": ["d"], "drawn-links": ["b", "c", "e"], "drawn": ["d", "b", "c", "e"]}
    # A site's judgements name no family: no family line, and no KeyError.
    assert families({"manual-held-out": {"keywords": ["x"]}}) == {}


def test_render_gives_each_family_its_totals_before_the_sets():
    rows = [judge("a", ["x", "y"], {"hits": ["x"], "misses": ["y"]}), judge("b", ["w"], {"hits": ["w"]})]
    lines = render(rows, {"old": ["a"]}, {"taxonomy": ["a"]})
    assert lines[-2].startswith("- family taxonomy (1 keywords): 1 hits of 2 judged places (0.50)")
    assert lines[-1].startswith("- set old (1 keywords): 1 hits of 2 judged places (0.50)")


def test_every_judged_set_names_its_family():
    sets = json.loads(JUDGEMENTS.read_text(encoding="utf-8"))["sets"]
    assert {name: entry.get("family") for name, entry in sets.items() if entry.get("family") not in FAMILIES} == {}
    # The drawn-from-links sets say so in their notes; no other family's does.
    for name, entry in sets.items():
        assert (entry["family"] == "drawn-links") == any(
            cue in entry["about"] for cue in ("link to and do not hold", "links to and does not hold", "pool links",
                                              "new pool")), name


def site_places(name: str, later: dict[str, int], fewest: int) -> dict[str, dict]:
    """A documentation site's verdicts (judgements-<name>.json), checked: its 25 keywords, each in
    one set, judged once; each keyword's places, listed then weak, number `fewest` to 10 but where
    a later version's newcomers were judged when they came in (`later`: keyword -> places)."""
    data = json.loads(JUDGEMENTS.with_name(f"judgements-{name}.json").read_text(encoding="utf-8"))
    keywords, sets = data["keywords"], data["sets"]
    assert sorted(k for s in sets.values() for k in s["keywords"]) == sorted(keywords)
    assert len(keywords) == 25
    counts = {k: len(v["hits"]) + len(v["misses"]) for k, v in keywords.items()}
    assert all(fewest <= n <= 10 for k, n in counts.items() if k not in later)
    assert {k: counts[k] for k in later} == later
    assert all(not set(v["hits"]) & set(v["misses"]) for v in keywords.values())
    return keywords


def test_the_sqlite_site_s_judgements_hold_every_keyword_once_with_its_places():
    # "virtual table": 5 more on version 223, "transaction": 1 more on version 226.
    keywords = site_places("sqlite", {"virtual table": 15, "transaction": 11}, fewest=1)
    assert not set(keywords["virtual table"]["misses"]) and "light" in keywords["view"]["misses"]


def test_the_rust_book_s_judgements_hold_every_keyword_once_with_its_places():
    # Judged once on version 225: 124 places (three keywords showed none), 44 of them hits; version
    # 226's newcomers judged when they came in ("collections": 5 more, all misses), and index
    # schema 24's (the chapters' sections once the old links' stubs were read as copies: 7 hits,
    # "traits" 3 of them, and 1 miss), and version 228's (the sections mdBook's sidebar nests
    # under a chapter's own entry: 10 hits), and schema 28's (the sections of the pages the stubs
    # named in the plural point to: 12 hits, "patterns" 6 of them), and schema 29's (the sections
    # of the chapters numbered from the sidebar: 9 hits, 1 miss).
    keywords = site_places("rustbook", {"collections": 17, "traits": 13, "ownership": 11, "patterns": 16,
                                         "cargo": 11}, fewest=0)
    assert sum(len(v["hits"]) + len(v["misses"]) for v in keywords.values()) == 169
    assert sum(len(v["hits"]) for v in keywords.values()) == 82
    assert "Lifetime Elision" in keywords["lifetimes"]["hits"] and "Modules Cheat Sheet" in keywords["modules"]["misses"]
    # WordNet's everyday senses of a technical word are misses, the chapter's sections hits.
    assert "haystack" in keywords["collections"]["misses"] and "purpose" in keywords["traits"]["misses"]
    assert "Floating-Point Types" in keywords["data types"]["hits"]
