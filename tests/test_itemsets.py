"""Tests for mining/itemsets.py: support thresholds, frequent itemsets and phrases."""
from __future__ import annotations

import pytest

from mining.itemsets import frequent_itemsets, frequent_phrases, min_count

# --- min_count -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "support, n, expected",
    [
        (3, 1000, 3),          # counts are counts
        (1, 5, 1),
        (2.5, 10, 3),          # a fractional count rounds up
        (0.01, 1000, 10),      # fractions of all transactions
        (0.015, 100, 2),       # 1.5 rounds up
        (0.5, 3, 2),
        (0.0001, 100, 1),      # at least 1
        (0, 100, 1),
        (0.5, 0, 1),
    ],
)
def test_min_count(support, n, expected):
    assert min_count(support, n) == expected


def test_min_count_negative_raises():
    with pytest.raises(ValueError, match="must not be negative"):
        min_count(-0.1, 100)


def test_min_count_fraction_without_float_error():
    assert min_count(0.07, 100) == 7
    assert min_count(0.14, 100) == 14


# --- frequent_itemsets -------------------------------------------------------------------

TRANSACTIONS = [
    ["learning", "machine"],
    ["learning", "machine"],
    ["learning", "machine", "theory"],
    ["learning", "machine", "theory"],
    ["learning", "theory"],
    ["deep", "learning", "machine", "theory"],
    ["deep", "learning", "machine", "theory"],
    ["deep", "learning", "machine", "theory"],
]

EXPECTED_3 = [
    ({"learning"}, 8),
    ({"machine"}, 7),
    ({"learning", "machine"}, 7),
    ({"theory"}, 6),
    ({"learning", "theory"}, 6),
    ({"machine", "theory"}, 5),
    ({"learning", "machine", "theory"}, 5),
    ({"deep"}, 3),
    ({"deep", "learning"}, 3),
    ({"deep", "machine"}, 3),
    ({"deep", "theory"}, 3),
    ({"deep", "learning", "machine"}, 3),
    ({"deep", "learning", "theory"}, 3),
    ({"deep", "machine", "theory"}, 3),
]


def as_sets(found):
    return [(set(s), c) for s, c in found]


@pytest.mark.parametrize("algorithm", ["apriori", "fpgrowth"])
def test_frequent_itemsets_exact(algorithm):
    found = frequent_itemsets(TRANSACTIONS, 3, max_len=3, algorithm=algorithm)
    assert as_sets(found) == EXPECTED_3
    assert all(isinstance(s, frozenset) for s, _ in found)
    assert max(len(s) for s, _ in found) == 3  # the 4-word set (count 3) is not there


def test_apriori_and_fpgrowth_agree():
    assert frequent_itemsets(TRANSACTIONS, 3, algorithm="apriori") == \
        frequent_itemsets(TRANSACTIONS, 3, algorithm="fpgrowth")


def test_frequent_itemsets_max_len_4_adds_the_four_word_set():
    found = as_sets(frequent_itemsets(TRANSACTIONS, 3, max_len=4))
    assert found == EXPECTED_3 + [({"deep", "learning", "machine", "theory"}, 3)]


def test_frequent_itemsets_max_len_1():
    assert as_sets(frequent_itemsets(TRANSACTIONS, 3, max_len=1)) == [
        ({"learning"}, 8), ({"machine"}, 7), ({"theory"}, 6), ({"deep"}, 3)]


def test_frequent_itemsets_higher_threshold():
    assert as_sets(frequent_itemsets(TRANSACTIONS, 6)) == [
        ({"learning"}, 8), ({"machine"}, 7), ({"learning", "machine"}, 7),
        ({"theory"}, 6), ({"learning", "theory"}, 6)]


def test_frequent_itemsets_empty_transactions_ignored():
    assert frequent_itemsets([[]] * 5 + TRANSACTIONS, 3) == frequent_itemsets(TRANSACTIONS, 3)


def test_frequent_itemsets_nothing_frequent():
    assert frequent_itemsets([["a"], ["b"], ["c"]], 2) == []
    assert frequent_itemsets([], 1) == []
    assert frequent_itemsets([[], []], 1) == []


@pytest.mark.parametrize("algorithm", ["apriori", "fpgrowth"])
def test_frequent_itemsets_with_transactions_of_only_rare_words(algorithm):
    tx = [["a", "b"], ["a", "b"], ["a"], ["r1"], ["r2"], ["r3"]]
    assert as_sets(frequent_itemsets(tx, 3, algorithm=algorithm)) == [({"a"}, 3)]


def test_frequent_itemsets_rare_rows_do_not_lower_the_threshold():
    tx = [["a", "b"], ["a", "b"], ["a"], ["b"], ["r1"], ["r2"], ["r3"], ["r4"]]
    assert as_sets(frequent_itemsets(tx, 3)) == [({"a"}, 3), ({"b"}, 3)]


# --- frequent_phrases -----------------------------------------------------------------------

def test_frequent_phrases():
    phrases = (["machine learning"] * 4 + ["data mining"] * 3 + ["ai"] * 2 +
               ["computer vision"] * 3 + [""] * 6)
    assert frequent_phrases(phrases, 3) == [
        ("machine learning", 4), ("computer vision", 3), ("data mining", 3)]


def test_frequent_phrases_threshold_one_and_none():
    assert frequent_phrases(["b", "a", "b"], 1) == [("b", 2), ("a", 1)]
    assert frequent_phrases(["a", "b"], 2) == []
    assert frequent_phrases([], 1) == []


def test_one_hot_is_what_mlxtends_transaction_encoder_makes():
    # The itemset stage encodes transactions itself (TransactionEncoder loads scikit-learn and
    # SciPy); mlxtend's algorithms must see the same matrix: sorted columns, one row each.
    import pandas as pd
    from mlxtend.preprocessing import TransactionEncoder

    from mining.itemsets import one_hot

    rows = [["neural", "network"], ["network", "security", "neural"], ["zeta"], ["a", "network", "a"]]
    te = TransactionEncoder()
    expected = pd.DataFrame(te.fit(rows).transform(rows), columns=te.columns_)
    got = one_hot(rows)
    assert list(got.columns) == ["a", "network", "neural", "security", "zeta"]
    pd.testing.assert_frame_equal(got, expected)
    assert got.to_numpy().sum() == 8  # 2 + 3 + 1 + 2: "a" twice in one row is one item


def test_the_itemset_stage_loads_neither_scikit_learn_nor_scipy():
    import subprocess
    import sys

    code = ("import sys; from mining.itemsets import frequent_itemsets\n"
            "found = frequent_itemsets([['a', 'b'], ['a', 'b'], ['a', 'c']], 2, algorithm='fpgrowth')\n"
            "print(sorted((sorted(s), c) for s, c in found), 'sklearn' in sys.modules, 'scipy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[(['a'], 3), (['a', 'b'], 2), (['b'], 2)] False False"
