"""Tests for pipeline/noisy.py: the noisy-page phrase rule."""
from __future__ import annotations

from pipeline.noisy import NOISY_PHRASES, noisy_reason, phrase_counts


def test_phrase_counts_zero_for_every_phrase():
    assert phrase_counts("nothing to see") == {p: 0 for p in NOISY_PHRASES}


def test_phrase_counts_from_word_start():
    text = "Journal; journals, JOURNAL. ajournal sub-journal"
    # "ajournal" is not at a word start; "sub-journal" is (the hyphen is a boundary).
    assert phrase_counts(text)["journal"] == 4


def test_phrase_counts_in_proceeding_matches_proceedings():
    text = "In Proceedings of X. in proceeding Y. within proceedings Z."
    assert phrase_counts(text)["in proceeding"] == 2


def test_phrase_counts_multi_word_phrases():
    text = "Next message: a. Previous message: b. Reply to this. next  message"
    counts = phrase_counts(text)
    assert counts["next message"] == 1  # two spaces are not the phrase
    assert counts["previous message"] == 1
    assert counts["reply to"] == 1


def test_phrase_counts_custom_phrases():
    assert phrase_counts("a.b a.b axb", ["a.b"]) == {"a.b": 2}  # regex characters escaped


def test_exactly_limit_occurrences_kept():
    assert noisy_reason("journal " * 3) is None


def test_over_limit_dropped_with_reason():
    assert noisy_reason("journal " * 4) == '"journal" x4'


def test_reason_lists_phrases_most_frequent_first():
    text = "journal " * 4 + "reply to " * 6 + "next message " * 2
    assert noisy_reason(text) == '"reply to" x6; "journal" x4'


def test_custom_limit():
    assert noisy_reason("journal journal", limit=1) == '"journal" x2'
    assert noisy_reason("journal journal", limit=2) is None


def test_count_from_word_start_equals_the_regex_count():
    import random
    import re

    from pipeline.noisy import count_from_word_start

    rng = random.Random(7)
    for _ in range(3000):
        text = "".join(rng.choice("a b_é.1") for _ in range(rng.randint(0, 30)))
        phrase = "".join(rng.choice("a b") for _ in range(rng.randint(1, 4)))
        expected = len(re.findall(r"\b" + re.escape(phrase), text))
        assert count_from_word_start(text, phrase) == expected, (text, phrase)
