"""Tests for mining/wordorder.py: word-order restoration and phrase-mode candidates."""
from __future__ import annotations

from mining.wordorder import Candidate, Dropped, phrase_candidates, restore_order

NO_ITEM = "no list item consists of exactly these words"

ITEMS = [
    ("p1", "Machine learning"),
    ("p2", "Machine learning"),
    ("p3", "machine learning"),
    ("p4", "Learning machine"),
    ("p2", "Theory of computation"),
    ("p5", "theory of computation"),
    ("p1", "Machine learning theory"),
    ("p4", "Data mining"),
]


def test_restore_order_most_frequent_order_wins():
    cands, dropped = restore_order([(frozenset({"machine", "learning"}), 4)], ITEMS, stemming=False)
    assert dropped == []
    assert cands == [Candidate("machine learning", "Machine learning", ["learning", "machine"],
                               4, 3, ["p1", "p2", "p3"])]


def test_restore_order_keeps_stopwords_of_the_item():
    cands, _ = restore_order([(frozenset({"theory", "computation"}), 2)], ITEMS, stemming=False)
    assert cands == [Candidate("theory of computation", "Theory of computation",
                               ["computation", "theory"], 2, 2, ["p2", "p5"])]


def test_restore_order_drops_itemset_without_equal_item():
    # "learning theory" words only occur inside the longer "Machine learning theory".
    cands, dropped = restore_order([(frozenset({"learning", "theory"}), 3)], ITEMS, stemming=False)
    assert cands == []
    assert dropped == [Dropped(["learning", "theory"], 3, NO_ITEM)]


def test_restore_order_drops_the_keyword():
    cands, dropped = restore_order([(frozenset({"data", "mining"}), 5)], ITEMS, stemming=False,
                                   keyword="Data  Mining")
    assert cands == []
    assert dropped == [Dropped(["data", "mining"], 5, "is the keyword")]


def test_restore_order_keyword_stopwords_ignored():
    _, dropped = restore_order([(frozenset({"theory", "computation"}), 2)], ITEMS, stemming=False,
                               keyword="the theory of computation")
    assert dropped == [Dropped(["computation", "theory"], 2, "is the keyword")]


def test_restore_order_mixed_list_keeps_itemset_order():
    itemsets = [
        (frozenset({"machine", "learning"}), 4),
        (frozenset({"learning", "theory"}), 3),
        (frozenset({"data", "mining"}), 3),
        (frozenset({"theory", "computation"}), 2),
        (frozenset({"machine", "learning", "theory"}), 1),
    ]
    cands, dropped = restore_order(itemsets, ITEMS, stemming=False, keyword="data mining")
    assert [c.phrase for c in cands] == ["machine learning", "theory of computation",
                                         "machine learning theory"]
    assert [(d.words, d.reason) for d in dropped] == [
        (["learning", "theory"], NO_ITEM), (["data", "mining"], "is the keyword")]
    assert cands[2] == Candidate("machine learning theory", "Machine learning theory",
                                 ["learning", "machine", "theory"], 1, 1, ["p1"])


def test_display_is_most_frequent_surface_form():
    items = [("a", "Machine Learning"), ("b", "machine learning"), ("c", "machine learning")]
    cands, _ = restore_order([(frozenset({"machine", "learning"}), 3)], items, stemming=False)
    assert cands[0].display == "machine learning"
    assert cands[0].equal_items == 3


def test_ties_go_to_first_seen():
    items = [("b", "Learning machine"), ("a", "machine learning"),
             ("c", "Machine Learning"), ("d", "learning machine")]
    cands, _ = restore_order([(frozenset({"machine", "learning"}), 4)], items, stemming=False)
    assert cands == [Candidate("learning machine", "Learning machine", ["learning", "machine"],
                               4, 2, ["b", "d"])]


def test_stemming_groups_singular_and_plural():
    items = [("p1", "Neural networks"), ("p2", "Neural networks"), ("p3", "neural network"),
             ("p4", "Neural network models")]
    cands, dropped = restore_order([(frozenset({"neural", "network"}), 4)], items, stemming=True)
    assert dropped == []
    assert cands == [Candidate("neural networks", "Neural networks", ["network", "neural"],
                               4, 2, ["p1", "p2"])]


def test_stemming_majority_can_be_the_singular():
    items = [("p1", "Neural networks"), ("p2", "neural network"), ("p3", "neural network")]
    cands, _ = restore_order([(frozenset({"neural", "network"}), 3)], items, stemming=True)
    assert (cands[0].phrase, cands[0].display, cands[0].pages) == (
        "neural network", "neural network", ["p2", "p3"])


def test_without_stemming_plural_items_do_not_match_singular_itemset():
    items = [("p1", "Neural networks"), ("p2", "Neural networks"), ("p3", "neural network")]
    cands, _ = restore_order([(frozenset({"neural", "network"}), 1)], items, stemming=False)
    assert (cands[0].phrase, cands[0].equal_items, cands[0].pages) == ("neural network", 1, ["p3"])


def test_stemmed_keyword_dropped():
    items = [("p1", "Neural networks")]
    _, dropped = restore_order([(frozenset({"neural", "network"}), 9)], items, stemming=True,
                               keyword="neural network")
    assert dropped == [Dropped(["network", "neural"], 9, "is the keyword")]


def test_restore_order_nothing_in():
    assert restore_order([], ITEMS, stemming=False) == ([], [])


# --- phrase mode -------------------------------------------------------------------------------

def test_phrase_candidates():
    items = [("p1", "Machine learning"), ("p2", "machine learning"), ("p3", "Machine learning"),
             ("p1", "Data mining"), ("p2", "data-mining"), ("p2", "Deep learning")]
    cands, dropped = phrase_candidates([("machine learning", 3), ("data mining", 2)], items,
                                       keyword="Data Mining")
    assert cands == [Candidate("machine learning", "Machine learning", ["machine", "learning"],
                               3, 3, ["p1", "p2", "p3"])]
    assert dropped == [Dropped(["data", "mining"], 2, "is the keyword")]


def test_phrase_candidates_words_keep_stopwords_and_order():
    items = [("p1", "Theory of Computation"), ("p2", "theory of computation")]
    cands, dropped = phrase_candidates([("theory of computation", 2)], items)
    assert dropped == []
    assert cands == [Candidate("theory of computation", "Theory of Computation",
                               ["theory", "of", "computation"], 2, 2, ["p1", "p2"])]
