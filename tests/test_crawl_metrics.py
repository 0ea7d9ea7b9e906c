"""The crawl metrics, each checked against values worked out by hand."""
from __future__ import annotations

import math
from collections import Counter

import pytest

from pipeline.vectors import tf_vector
from scoring.crawl_metrics import (
    TfIdf,
    curve,
    findings_check,
    harvest_rate,
    mean_curves,
    milestones,
    pairwise_tests,
    per_topic_at,
    mean_and_se,
    paired_t,
    precision_at,
    predicate_satisfaction,
    fraction_true,
    satisfies_predicate,
    seeding_effect,
    target_hits,
    target_recall_at,
)

LN3, LN15 = math.log(3), math.log(1.5)
# |C| = 3; df: a = 1, b = 2, c = 2, so idf(a) = ln 3 and idf(b) = idf(c) = ln 1.5.
DOCS = [Counter(a=2, b=1), Counter(b=1, c=1), Counter(c=3)]


def test_tfidf_weights_for_a_three_document_collection():
    tfidf = TfIdf(DOCS)
    assert tfidf.n_docs == 3 and tfidf.df == Counter(a=1, b=2, c=2)
    # d1: max_tf = 2, so a: (0.5 + 0.5*2/2) ln 3 = ln 3; b: (0.5 + 0.5*1/2) ln 1.5 = 0.75 ln 1.5
    w = tfidf.weights(DOCS[0])
    assert w == pytest.approx({"a": LN3, "b": 0.75 * LN15})
    assert w["a"] == pytest.approx(1.0986123) and w["b"] == pytest.approx(0.3040988)
    # d2: max_tf = 1, both terms get the full tf factor 1
    assert tfidf.weights(DOCS[1]) == pytest.approx({"b": LN15, "c": LN15})
    assert tfidf.weights(DOCS[2]) == pytest.approx({"c": LN15})


def test_terms_outside_the_collection_or_in_every_document_get_no_weight():
    tfidf = TfIdf([Counter(a=1, z=1), Counter(z=2)])
    # "new" is in no document (no idf); "z" is in all (idf ln 1 = 0); max_tf = 4 still counts "new"
    assert tfidf.weights(Counter(a=2, z=1, new=4)) == pytest.approx({"a": (0.5 + 0.5 * 2 / 4) * math.log(2)})
    assert tfidf.weights(Counter()) == {}


def test_similarity_is_the_cosine_of_the_weighted_vectors():
    tfidf = TfIdf(DOCS)
    description = Counter(a=1, c=1)  # weights: a = ln 3, c = ln 1.5
    d1 = LN3 * LN3 / (math.hypot(LN3, LN15) * math.hypot(LN3, 0.75 * LN15))
    assert tfidf.similarity(description, DOCS[0]) == pytest.approx(d1)
    # 1.206949 / (sqrt(1.206949 + 0.164402) * sqrt(1.206949 + 0.092476)) = 1.206949 / 1.334904
    assert d1 == pytest.approx(0.904147, abs=1e-6)
    assert tfidf.similarity(description, DOCS[2]) == pytest.approx(LN15 / math.hypot(LN3, LN15))
    assert tfidf.similarities(description, DOCS) == pytest.approx(
        [tfidf.similarity(description, d) for d in DOCS])
    assert tfidf.similarity(Counter(q=1), DOCS[0]) == 0.0


def test_texts_go_through_the_crawlers_tf_vector():
    texts = ["Learning machines learn.", "The machine is a machine.", "Penguins swim."]
    from_texts, from_counters = TfIdf(texts), TfIdf(tf_vector(t) for t in texts)
    assert from_texts.df == from_counters.df and from_texts.df["learn"] == 1  # stemmed, no stopwords
    assert from_texts.similarity("machine learning", texts[0]) == pytest.approx(
        from_counters.similarity(tf_vector("machine learning"), tf_vector(texts[0])))


def test_precision_at_n_is_the_mean_of_the_first_n_and_of_what_there_is():
    sims = [0.5, 0.3, 0.1]
    assert precision_at(sims, [1, 2, 3]) == pytest.approx({1: 0.5, 2: 0.4, 3: 0.3})
    assert precision_at(sims, [10]) == pytest.approx({10: 0.3})  # only 3 pages were crawled
    assert math.isnan(precision_at([], [5])[5])
    with pytest.raises(ValueError):
        precision_at(sims, [0])


def test_target_recall_at_n():
    crawled = ["u1", "t1", "u2", "t2", "t1"]
    targets = {"t1", "t2", "t3", "t4"}
    assert target_recall_at(crawled, targets, [1, 2, 4, 100]) == {1: 0.0, 2: 0.25, 4: 0.5, 100: 0.5}
    assert target_hits(crawled, targets) == [0, 1, 0, 1, 0]  # a repeated URL is no new target
    with pytest.raises(ValueError, match="target"):
        target_recall_at(crawled, set(), [1])


def test_harvest_rate_counts_pages_at_or_above_the_threshold():
    assert harvest_rate([0.1, 0.2, 0.3, 0.4], threshold=0.2) == 0.75
    assert harvest_rate([0.1], threshold=0.5) == 0.0
    assert math.isnan(harvest_rate([], threshold=0.2))


def test_predicate_satisfaction_matches_the_keyword_phrase_as_whole_words():
    texts = ["Machine-learning methods", "A learning machine", "MACHINE LEARNING!", "machine learnings"]
    assert [satisfies_predicate(t, "machine learning") for t in texts] == [True, False, True, False]
    assert predicate_satisfaction(texts, "Machine learning") == 0.5
    assert math.isnan(predicate_satisfaction([], "x"))


def test_fraction_true():
    assert fraction_true([True, False, True, True]) == 0.75
    assert fraction_true(iter([False])) == 0.0
    assert math.isnan(fraction_true([]))


def test_mean_and_standard_error():
    mean, se = mean_and_se([1.0, 2.0, 3.0, 4.0])
    # sample variance 5/3, SE = sqrt(5/3 / 4)
    assert mean == 2.5 and se == pytest.approx(math.sqrt(5 / 12))
    assert mean_and_se([2.0])[0] == 2.0 and math.isnan(mean_and_se([2.0])[1])
    assert all(math.isnan(x) for x in mean_and_se([]))


def test_paired_t_is_one_tailed_in_favour_of_the_first_crawler():
    a = [0.30, 0.42, 0.25, 0.50, 0.38]
    b = [0.20, 0.40, 0.21, 0.31, 0.30]
    t, p = paired_t(a, b)
    # differences 0.10 0.02 0.04 0.19 0.08: mean 0.086, sample variance 0.01752 / 4 = 0.00438,
    # t = 0.086 / sqrt(0.00438 / 5) = 2.90567 with 4 degrees of freedom, one-tailed p = 0.02193
    assert t == pytest.approx(0.086 / math.sqrt(0.00438 / 5), rel=1e-9)
    assert t == pytest.approx(2.90567, abs=1e-5) and p == pytest.approx(0.021934, abs=1e-6)
    assert t > 0 and p < 0.05
    t_rev, p_rev = paired_t(b, a)
    assert t_rev == pytest.approx(-t) and p_rev == pytest.approx(1 - p)


def test_paired_t_edge_cases():
    assert paired_t([0.1, 0.2, 0.3], [0.1, 0.2, 0.3]) == (0.0, 0.5)
    assert paired_t([0.75, 0.5], [0.5, 0.25]) == (math.inf, 0.0)
    assert paired_t([0.5, 0.25], [0.75, 0.5]) == (-math.inf, 1.0)
    assert paired_t([0.2, 0.3], [0.1, 0.2]) == (math.inf, 0.0)  # 0.1 and 0.09999999999999998
    assert all(math.isnan(x) for x in paired_t([0.5], [0.1]))
    assert all(math.isnan(x) for x in paired_t([], []))
    assert all(math.isnan(x) for x in paired_t([0.5, float("nan")], [0.1, 0.2]))
    with pytest.raises(ValueError, match="one value per topic"):
        paired_t([0.1, 0.2], [0.1])


def test_pairwise_tests_cover_every_ordered_pair_and_metric():
    per_topic = {"bfs": {"recall": [0.20, 0.40, 0.21, 0.31, 0.30], "precision": [0.1, 0.1, 0.1, 0.1, 0.1]},
                 "hub": {"recall": [0.30, 0.42, 0.25, 0.50, 0.38], "precision": [0.1, 0.1, 0.1, 0.1, 0.1]}}
    rows = {(r["a"], r["b"], r["metric"]): r for r in pairwise_tests(per_topic)}
    assert set(rows) == {(a, b, m) for a, b in (("bfs", "hub"), ("hub", "bfs")) for m in ("precision", "recall")}
    hub_over_bfs = rows[("hub", "bfs", "recall")]
    assert hub_over_bfs["mean_diff"] == pytest.approx(0.086)
    assert hub_over_bfs["p"] == pytest.approx(0.021934, abs=1e-6)  # as in the paired_t test above
    assert rows[("bfs", "hub", "recall")]["p"] == pytest.approx(1 - 0.021934, abs=1e-6)
    assert rows[("hub", "bfs", "precision")]["p"] == 0.5  # identical: no evidence either way


def test_findings_check_reports_the_published_orderings_that_ran():
    per_topic = {"bfs": {"recall": [0.2, 0.4, 0.2]}, "naive": {"recall": [0.3, 0.5, 0.4]},
                 "dom": {"recall": [0.1, 0.3, 0.2]}, "shark": {"recall": [0.5, 0.5, 0.5]},
                 "sharkN": {"recall": [0.5, 0.5, 0.5]}}
    found = findings_check(per_topic)
    # hub, bestfirst(N) and urlcombined did not run: their orderings are not checked.
    assert [(f["better"], f["worse"]) for f in found] == [("dom", "naive"), ("naive", "bfs"), ("sharkN", "shark")]
    dom_naive, naive_bfs, shark = found
    assert dom_naive["holds"] == "no" and dom_naive["mean_better"] == pytest.approx(0.2)
    assert naive_bfs["holds"] == "yes" and naive_bfs["p"] < 0.05
    assert shark["holds"] == "tie" and shark["p"] == 0.5
    assert "Pant & Menczer" in naive_bfs["source"]


def test_curves_for_precision_and_recall():
    sims = [1.0, 0.0, 0.5, 0.5, 0.0]
    assert curve(sims, 2) == [(2, 0.5), (4, 0.5), (5, 0.4)]
    assert curve(sims, 5) == [(5, 0.4)]
    assert curve(sims, 1) == [(1, 1.0), (2, 0.5), (3, 0.5), (4, 0.5), (5, 0.4)]
    hits = target_hits(["u1", "t1", "u2", "t2"], {"t1", "t2", "t3", "t4"})
    assert curve(hits, 2, kind="sum", total=4) == [(2, 0.25), (4, 0.5)]
    assert curve([], 3) == []
    with pytest.raises(ValueError):
        curve(sims, 0)
    with pytest.raises(ValueError):
        curve(hits, 2, kind="sum")


def test_milestones_are_the_tenth_quarter_half_and_whole_budget_when_measured():
    assert milestones(list(range(50, 1001, 50))) == [100, 250, 500, 1000]
    assert milestones(list(range(10, 101, 10))) == [10, 50, 100]  # 25 falls between steps
    assert milestones([4, 8, 12]) == [12]
    assert milestones([]) == []


def test_mean_curves_average_over_topics_per_crawler_and_n():
    rows = [("bfs", "t1", 10, 0.2, 0.0), ("bfs", "t2", 10, 0.4, 0.5),
            ("bfs", "t1", 20, 0.1, 0.5), ("bfs", "t2", 20, 0.3, 1.0), ("dom", "t1", 10, 0.6, 0.25)]
    curves = mean_curves(rows, ["bfs", "dom"], [10, 20])
    assert curves["bfs"][10] == pytest.approx((0.3, 0.25)) and curves["bfs"][20] == pytest.approx((0.2, 0.75))
    assert curves["dom"][10] == pytest.approx((0.6, 0.25))
    assert all(math.isnan(v) for v in curves["dom"][20])


def test_per_topic_at_keeps_topic_order_for_paired_tests():
    rows = [("bfs", "t1", 10, 0.2, 0.0), ("bfs", "t1", 20, 0.1, 0.5), ("bfs", "t2", 10, 0.4, 0.5),
            ("dom", "t1", 10, 0.6, 0.25), ("dom", "t2", 10, 0.7, 1.0)]
    assert per_topic_at(rows, 10) == {"bfs": {"precision": [0.2, 0.4], "recall": [0.0, 0.5]},
                                      "dom": {"precision": [0.6, 0.7], "recall": [0.25, 1.0]}}
    assert per_topic_at(rows, 30) == {}


def test_seeding_effect_pairs_topics_both_runs_measured():
    plain = [("hub", "t1", 10, 0.1, 0.2), ("hub", "t2", 10, 0.1, 0.4), ("hub", "t3", 10, 0.1, 0.5),
             ("bfs", "t1", 10, 0.1, 0.3)]
    augmented = [("hub", "t2", 10, 0.1, 0.6), ("hub", "t1", 10, 0.1, 0.3), ("hub", "t3", 10, 0.1, 0.8),
                 ("dom", "t1", 10, 0.1, 0.9)]
    rows = seeding_effect(plain, augmented, ["bfs", "hub", "dom"], [10, 20])
    assert [(r["strategy"], r["N"]) for r in rows] == [("hub", 10)]  # bfs and dom ran in one run only
    r = rows[0]
    assert r["topics"] == 3 and r["plain"] == pytest.approx(1.1 / 3) and r["augmented"] == pytest.approx(1.7 / 3)
    assert r["diff"] == pytest.approx(0.2)
    # Differences 0.1, 0.2, 0.3 paired by topic (not by row order): t = 0.2 / (0.1 / sqrt 3).
    assert r["p"] == pytest.approx(paired_t([0.3, 0.6, 0.8], [0.2, 0.4, 0.5])[1]) and r["p"] < 0.05


def test_page_measures_once_per_page_as_each_crawler_would_see_it():
    from scoring.crawl_metrics import TfIdf, page_measures

    a = ("http://s/A", "machine learning learns models from data")
    b = ("http://s/B", "birds fly south in winter")
    c = ("http://s/C", "deep machine learning uses neural networks")
    pages = {"bfs": [a, b], "dfs": [b, c], "hub": []}
    description = "machine learning and neural networks"
    cache: dict = {}
    similarity, holds = page_measures(pages, description, "machine learning", cache)
    direct = TfIdf([a[1], b[1], c[1]])  # C: every page any crawler fetched, once each
    for url, text in (a, b, c):
        assert similarity[url] == pytest.approx(direct.similarity(description, text))
    assert similarity["http://s/C"] > similarity["http://s/A"] > similarity["http://s/B"] == 0
    assert holds == {"http://s/A": True, "http://s/B": False, "http://s/C": True}
    assert len(cache) == 3
    vector = cache[("http://s/A", hash(a[1]))]
    page_measures({"bfs": [a]}, description, "machine learning", cache)
    assert cache[("http://s/A", hash(a[1]))] is vector and len(cache) == 3  # reused, not recomputed


def test_json_safe_turns_nan_and_inf_into_null_at_any_depth():
    from tasks.artifacts import json_safe

    data = {"a": float("nan"), "b": [1.5, float("inf"), {"c": (float("-inf"), 2)}], "d": "NaN"}
    assert json_safe(data) == {"a": None, "b": [1.5, None, {"c": [None, 2]}], "d": "NaN"}
