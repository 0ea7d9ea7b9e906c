"""Tests for pipeline/text.py: the shared tokenizer, normaliser and phrase helpers."""
from __future__ import annotations

import pytest

from pipeline.text import (contains_phrase, content_words, fold_accents, normalise, plurals, singular, singular_words, slug,
                           squash, stem, words)


def test_words_lowercase_in_order():
    assert words("Machine Learning, and AI!") == ["machine", "learning", "and", "ai"]


def test_words_split_at_hyphen_and_apostrophe():
    assert words("state-of-the-art") == ["state", "of", "the", "art"]
    assert words("Don't stop") == ["don", "t", "stop"]
    assert words("Gödel’s theorem") == ["godel", "s", "theorem"]


def test_words_split_at_underscore_and_punctuation():
    assert words("snake_case/path.name") == ["snake", "case", "path", "name"]


def test_words_keep_unicode_letters_and_digits_with_diacritics_folded_as_the_index_folds_them():
    assert words("Café Müller naïve Ελληνικά") == ["cafe", "muller", "naive", "ελληνικά"]
    assert words("Ærø Straße Łódź") == ["ærø", "straße", "łodz"]  # letters of their own stay, as in FTS5
    assert words("COVID-19 in 2020s, x86") == ["covid", "19", "in", "2020s", "x86"]


def test_words_drop_combining_marks_as_fts5_does(tmp_path):
    import sqlite3

    assert words("İstanbul") == ["istanbul"]  # "İ".lower() is "i" and a combining dot, which folds away
    assert words("cafe\u0301 au lait") == ["cafe", "au", "lait"]  # decomposed "café"
    con = sqlite3.connect(tmp_path / "f.sqlite")
    con.execute("CREATE VIRTUAL TABLE f USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')")
    con.execute("INSERT INTO f VALUES ('İstanbul is a city')")
    phrase = '"' + " ".join(words("İstanbul")) + '"'
    assert con.execute("SELECT count(*) FROM f WHERE f MATCH ?", (phrase,)).fetchone()[0] == 1


def test_words_empty():
    assert words("") == []
    assert words(" -- ... '' ") == []


@pytest.mark.parametrize("text", ["Gödel’s Machine Learning", "x" * 119 + " Ærø", "Ærø " + "y" * 200])
def test_words_of_kept_and_long_texts_are_the_tokenizers_and_fresh_lists(text):
    import re

    from pipeline.text import fold

    expected = re.findall(r"(?:[^\W_]|[\u0300-\u036f])+", fold(text))
    first = words(text)
    assert first == expected
    first.append("changed")  # a caller may change its list: the next call's is its own
    assert words(text) == expected


def test_normalise():
    assert normalise("  Theory   of\nComputation. ") == "theory of computation"
    assert normalise("Neural-Networks") == "neural networks"
    assert normalise("!!") == ""


def test_squash():
    assert squash("  a \n\t b  c ") == "a b c"


def test_content_words_drop_stopwords():
    assert content_words("The Theory of Computation") == ["theory", "computation"]
    assert content_words("the of and") == []


def test_content_words_keep_order_and_duplicates():
    assert content_words("learning to learn learning") == ["learning", "learn", "learning"]


def test_content_words_with_porter_stemming():
    assert content_words("The Theory of Computation", stemming=True) == ["theori", "comput"]
    assert content_words("Neural Networks running studies", stemming=True) == [
        "neural", "network", "run", "studi"]


def test_stem_singular_and_plural_agree():
    assert stem("networks") == stem("network") == "network"


@pytest.mark.parametrize(
    "hay, phrase, expected",
    [
        ("a b c d", "b c", True),
        ("a b c d", "c d", True),        # at the end
        ("a b c d", "a", True),          # at the start
        ("a b c d", "a b c d", True),    # whole text
        ("a b c d", "b d", False),       # not contiguous
        ("a b c d", "d c", False),       # wrong order
        ("a b", "a b c", False),         # longer than the text
        ("a b", "", False),              # empty phrase
        ("", "a", False),                # empty text
        ("", "", False),
        ("b a b c", "b c", True),        # first start is a false start
        ("a b a b a c", "a c", True),    # several false starts
        ("x y", "y z", False),           # first word found last, the rest runs off the end
    ],
)
def test_contains_phrase(hay, phrase, expected):
    assert contains_phrase(hay.split(), phrase.split()) is expected


def test_slug():
    assert slug("Machine Learning: An Overview!") == "machine-learning-an-overview"
    assert slug("Café Müller") == "cafe-muller"  # folded as the index folds words


def test_slug_limit_strips_trailing_hyphen():
    assert slug("ab cd ef", limit=3) == "ab"
    assert slug("ab cd ef", limit=5) == "ab-cd"
    assert slug("word " * 30) == "word-word-word-word-word-word-word-word"  # 40th char "-" stripped
    assert slug("abcdefghi " * 10) == "abcdefghi-abcdefghi-abcdefghi-abcdefghi"


def test_slug_of_no_words():
    assert slug("!!!") == "x"
    assert slug("") == "x"


def test_squash_agrees_with_the_regex_on_every_whitespace_character():
    import re
    import sys

    from pipeline.text import squash

    spaces = "".join(chr(c) for c in range(sys.maxunicode + 1) if re.fullmatch(r"\s", chr(c)))
    assert spaces == "".join(chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace())
    text = f"{spaces}a{spaces}b c\u00a0d{spaces}"
    assert squash(text) == re.sub(r"\s+", " ", text).strip() == "a b c d"


@pytest.mark.parametrize("plural, single", [
    ("systems", "system"), ("libraries", "library"), ("classes", "class"), ("databases", "database"),
    ("robotics", "robotic"), ("physics", "physic"), ("class", "class"), ("virus", "virus"),
    ("analysis", "analysis"), ("its", "its"), ("ties", "tie"), ("series", "series"), ("species", "species"),
    ("cookies", "cookie"), ("zombies", "zombie"), ("movies", "movie"), ("categories", "category"),
    ("switches", "switch"), ("branches", "branch"), ("crashes", "crash"), ("boxes", "box"), ("indexes", "index"),
    ("quizzes", "quiz"), ("buzzes", "buzz"), ("caches", "cache"), ("niches", "niche"), ("headaches", "headache"),
    ("drives", "drive"), ("archives", "archive"), ("bases", "base"), ("processes", "process")])
def test_singular_folds_plural_endings_only(plural, single):
    assert singular(plural) == single


@pytest.mark.parametrize("plural, single", [
    ("automata", "automaton"), ("matrices", "matrix"), ("indices", "index"), ("vertices", "vertex"),
    ("hypotheses", "hypothesis"), ("analyses", "analysis"), ("viruses", "virus"), ("buses", "bus"),
    ("statuses", "status"), ("aliases", "alias"), ("criteria", "criterion"), ("leaves", "leaf"), ("mice", "mouse")])
def test_singular_folds_listed_irregular_plurals(plural, single):
    assert singular(plural) == single


def test_plurals_give_listed_and_regular_forms_that_fold_back():
    assert plurals("index") == ["indices", "indexes"]
    assert plurals("automaton") == ["automata", "automatons"]
    assert plurals("switch") == ["switches"] and plurals("library") == ["libraries"] and plurals("key") == ["keys"]
    for word in ("index", "automaton", "switch", "library", "virus", "system", "box", "matrix", "hypothesis"):
        assert all(singular(form) == word for form in plurals(word)), word


def test_fold_accents_drops_combining_marks_only():
    assert fold_accents("Évariste Galois") == "Evariste Galois"
    assert fold_accents("Paul Erdős, Pāṇini") == "Paul Erdos, Panini"
    assert fold_accents("plain ascii") == "plain ascii"
    assert fold_accents("Ærø") == "Ærø"  # letters of their own, not marked ones, stay


def test_words_as_written_keep_case_and_split_as_words_does():
    from pipeline.text import words, words_as_written
    text = "World Wide Web (WWW), T-SQL and İstanbul_x"
    assert words_as_written(text) == ["World", "Wide", "Web", "WWW", "T", "SQL", "and", "İstanbul", "x"]
    assert [w.lower() for w in words_as_written("Unix-like USB-C")] == words("Unix-like USB-C")


def test_dropped_symbols_are_the_non_separators_the_word_rule_loses():
    from pipeline.text import dropped_symbols
    assert dropped_symbols("C++") == "++" and dropped_symbols("C#") == "#" and dropped_symbols("C++/CLI") == "++"
    assert dropped_symbols("A+ certification") == "+"
    for text in ("node.js", "TCP/IP", "AT&T", ".NET", "rock 'n' roll", "İstanbul", "résumé", "Wi-Fi", "machine learning"):
        assert dropped_symbols(text) == "", text


def test_name_marks_tell_names_of_the_same_letters_apart():
    from pipeline.text import name_marks
    assert [name_marks(n) for n in ("C", "C++", "C#", "C*", "C--", "Humanity+", "A* search")] == [
        "", "++", "#", "*", "--", "+", "*"]
    for text in ("Wi-Fi", "node.js", "TCP/IP", "Emacs -- the editor", "assignment: ="):
        assert name_marks(text) == "", text


def test_a_sharp_is_spelled_as_titles_spell_it():
    from pipeline.text import sharp_spelled
    assert sharp_spelled("C#") == "C Sharp" and sharp_spelled("C# syntax") == "C Sharp syntax"
    assert sharp_spelled("#include") == "#include" and sharp_spelled("C++") == "C++"


def test_qualifier_is_the_trailing_parenthetical():
    from pipeline.text import qualifier
    assert qualifier("Android (operating system)") == "operating system"
    assert qualifier("Android") == "" and qualifier("(robot)") == "robot"


NAMES = ["Gödel", "Erdős", "Dvořák", "naïve Bayes", "Bézier curve", "Schrödinger", "Poincaré", "façade",
         "Ærø", "Łódź", "Straße", "Ελληνικά", "Άλφα", "Москва", "Йога", "İstanbul", "ﬁnance", "µ-law", "cafe\u0301",
         "Nguyễn", "Hà Nội", "Ångström", "Citroën", "São Paulo", "Kraków", "Øresund", "Þór", "ǅemal"]


def test_words_are_the_index_tokenizers_words_for_names_written_in_many_scripts(tmp_path):
    """words() and FTS5's unicode61 remove_diacritics 2 (the index's tokenizer) agree word for word."""
    import sqlite3

    con = sqlite3.connect(tmp_path / "f.sqlite")
    con.execute("CREATE VIRTUAL TABLE f USING fts5(body, tokenize = 'unicode61 remove_diacritics 2')")
    con.execute("CREATE VIRTUAL TABLE v USING fts5vocab(f, instance)")
    con.executemany("INSERT INTO f(rowid, body) VALUES (?, ?)", list(enumerate(NAMES, 1)))
    index: dict[int, list[str]] = {}
    for term, doc in con.execute("SELECT term, doc FROM v ORDER BY doc, offset"):
        index.setdefault(doc, []).append(term)
    assert {name: words(name) for name in NAMES} == {name: index[i] for i, name in enumerate(NAMES, 1)}
    assert normalise("Gödel") == normalise("Godel") == "godel"


def test_fold_in_place_keeps_every_offset():
    from pipeline.text import fold_in_place

    for name in NAMES + ["İSTANBUL", "GÖDEL'S THEOREM", "plain ASCII"]:
        assert len(fold_in_place(name)) == len(name)
    assert fold_in_place("İSTANBUL and Gödel") == "istanbul and godel"
    # "İ" is the only character whose lowercase is longer than itself: fold_in_place maps it to "i".
    assert [c for c in map(chr, range(0x110000)) if len(c.lower()) != 1] == ["\u0130"]


def test_fold_translates_only_what_the_table_holds_and_agrees_with_whole_text_translation():
    """fold and fold_in_place translate only pieces holding non-ASCII characters; the result is the
    whole text translated, character for character, Greek final sigma and "İ" included."""
    from pipeline.text import _fold_table, fold, fold_in_place

    assert all(c >= 0x80 for c in _fold_table()) and all(c >= 0x80 for c in _fold_table(one_to_one=True))
    marked = "".join(chr(c) for c in range(0x80, 0x2100) if chr(c).isprintable())
    texts = [marked, "ΟΔΟΣa ΟΔΟΣ. Σb", "x\u0130\u0130Σa Gödel's NAÏVE ﬁle", "ascii only", "É" * 50 + "e" * 50,
             marked[::7] + " and " + marked[3::11].upper(),
             # non-ASCII characters on each side of the 64-character pieces a page-long text is
             # read in (texts of 2,048 characters or more), and the same text short
             ("a" * 63 + "\u00c9\u00e9" + "b" * 62 + "\u00d6" + "c" * 64 + "\u0130\u0301" + "d" * 200 + "\u00fc") * 8,
             "a" * 63 + "\u00c9\u00e9" + "b" * 62 + "\u00d6"]
    assert len(texts[-2]) >= 2048 > len(texts[-1])
    for text in texts:
        assert fold(text) == text.lower().translate(_fold_table())
        one_to_one = text.replace("\u0130", "i").lower().translate(_fold_table(one_to_one=True))
        assert fold_in_place(text) == one_to_one
        assert len(fold_in_place(text)) == len(text)


def test_singular_words_folds_every_word_of_a_text():
    assert singular_words("Hard Disk Drives") == ["hard", "disk", "drive"]
    assert singular_words("libraries, viruses and automata") == ["library", "virus", "and", "automaton"]
    assert singular_words("") == []


def test_compound_groups_join_words_a_hyphen_alone_joins():
    from pipeline.text import compound_groups
    assert compound_groups("a 64-bit version") == [0, 1, 1, 2]
    assert compound_groups("peer-to-peer \u2013 networks") == [0, 0, 0, 1]  # a spaced dash joins nothing
    assert compound_groups("G\u00f6del-Escher and more") == [0, 0, 1, 2]  # folded as words() folds
    assert compound_groups("TCP/IP - x") == [0, 1, 2]
    assert compound_groups("") == []


def test_gaps_give_the_punctuation_before_each_word():
    from pipeline.text import gaps, words
    text = "the capacity for logic, understanding, self-awareness (and more): x"
    assert len(gaps(text)) == len(words(text))
    assert gaps(text) == ["", "", "", "", ",", ",", "-", "(", "", "):"]
    assert gaps("G\u00f6del, Escher") == ["", ","]  # folded as words() folds
    assert gaps("") == []


def test_indefinite_article_follows_the_nouns_first_letter():
    from pipeline.text import indefinite_article
    assert [indefinite_article(n) for n in ("organization", "Organisation", "person", "work", "")] == [
        "an", "an", "a", "a", "a"]
