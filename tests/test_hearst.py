"""scoring/hearst.py: what the keyword's sentences say of a candidate, pattern by pattern."""
from __future__ import annotations

import re

import pytest

from scoring import hearst
from scoring.hearst import Said, SentencePool, keyword_sentences, name_pattern
from scoring.sentences import sentence_around


def said(keyword: str, phrase: str, *texts: str) -> Said:
    return SentencePool(keyword, keyword_sentences(texts, keyword)).said(phrase)


def test_name_pattern_takes_either_number_of_the_last_word_and_any_separator():
    p = re.compile(name_pattern("Neural network (computing)"), re.I)
    assert p.search("deep neural-networks are")
    assert p.search("a Neural Network.")
    assert not p.search("neural networking")
    assert re.search(name_pattern("library"), "libraries and a library")
    assert name_pattern("()") is None


@pytest.mark.parametrize("sentence", [
    "Operating systems such as Linux, BSD and Minix are portable.",
    "Many operating systems, including the widely used Minix, are written in C.",
    "Such operating systems as Minix are small.",
    "Minix, Plan 9 and other operating systems were studied.",
    "Minix is a small type of operating system.",
    "Types of operating systems include batch systems and Minix.",
    "Operating systems include Minix and many more.",
])
def test_each_kind_of_pattern_reads_the_candidate_as_under_the_keyword(sentence):
    got = said("operating system", "Minix", sentence)
    assert (got.sentences, got.kind_of, got.coordinated) == (1, 1, 0)
    assert got.example == sentence


@pytest.mark.parametrize("sentence", [
    "SUCH OPERATING SYSTEMS AS Minix are small.",        # the cue words before the keyword, in capitals
    "TYPES OF operating systems INCLUDE Minix.",
    "Minix AND OTHER operating systems were studied.",  # "other", in capitals
    "Minix And Other Operating Systems were studied.",
])
def test_the_patterns_cue_words_match_in_any_case(sentence):
    assert said("operating system", "Minix", sentence).kind_of == 1


def test_only_o_t_h_e_r_fold_to_the_letters_of_other_so_a_lowercase_check_can_stand_before_the_pattern():
    import sys

    for letter in "other":
        folds = re.compile(letter, re.I)
        assert [c for c in map(chr, range(sys.maxunicode + 1)) if folds.fullmatch(c) and c.lower() != letter] == []


def test_a_candidate_inside_every_keyword_mention_shares_its_sentences_but_is_no_kind_of_it():
    texts = ("Artificial intelligence includes robotics.", "Robotics and artificial intelligence grew.")
    inside = said("artificial intelligence", "Intelligence", *texts)
    assert (inside.sentences, inside.kind_of, inside.coordinated) == (2, 0, 0)
    beside = said("artificial intelligence", "robotics", *texts)
    assert (beside.sentences, beside.kind_of, beside.coordinated) == (2, 1, 1)


@pytest.mark.parametrize("sentence", [
    "Minix was written by Andrew Tanenbaum to teach operating systems.",   # names both, says nothing
    "Operating systems such as Linux run the many programs that thousands of volunteers wrote over the years, "
    "and Minix was ported to them.",  # the enumeration has wandered off: over 80 characters
    "Minix is a small kernel; operating systems differ.",                  # the cue stops at ';'
])
def test_sentences_that_only_name_both_are_counted_but_not_read_as_kind_of(sentence):
    got = said("operating system", "Minix", sentence)
    assert (got.sentences, got.kind_of) == (1, 0)
    assert got.example is None


def test_a_candidate_listed_just_before_the_keyword_is_coordinated_not_the_reverse_order():
    before = said("image processing", "computer vision",
                  "Research in computer vision and image processing grew.",
                  "It covers computer vision, image processing and graphics.")
    assert (before.sentences, before.coordinated, before.kind_of) == (2, 2, 0)
    assert before.coordinated_share == 1.0
    after = said("image processing", "computer vision", "Research in image processing and computer vision grew.")
    assert (after.sentences, after.coordinated) == (1, 0)


def test_keyword_sentences_are_distinct_whole_sentences_that_name_the_keyword():
    text = ("Dr. Smith studied robots. Robotics is a branch of engineering. It is old. "
            "Robotics is a branch of engineering. Mobile robotics (e.g. rovers) is a part of robotics.")
    got = keyword_sentences([text, "Nothing here."], "robotics")
    assert got == ["Robotics is a branch of engineering.",
                   "Mobile robotics (e.g. rovers) is a part of robotics."]


def test_the_keyword_must_start_a_word_and_case_does_not_matter():
    assert keyword_sentences(["Telerobotics is remote. ROBOTICS is fun."], "robotics") == ["ROBOTICS is fun."]


def test_a_phrase_must_occur_as_a_whole_word_run_to_count():
    got = said("operating system", "Unix", "Operating systems such as Unixware are sold.")
    assert got == Said()
    assert said("operating system", "", "Operating systems such as Unix.") == Said()


def test_sentence_around_finds_the_sentence_holding_a_span_and_keeps_abbreviations_inside():
    text = "First one here. Nintendo Co., Ltd. is a company. Last."
    i = text.index("company")
    assert sentence_around(text, i, i + 7) == "Nintendo Co., Ltd. is a company."
    assert sentence_around(text, 0, 5) == "First one here."
    j = text.index("Last")
    assert sentence_around(text, j, j + 4) == "Last."


def test_keyword_sentences_stop_at_the_limit_keeping_the_first_texts_sentences():
    texts = ["Robotics is one. Robotics is two.", "Robotics is three."]
    assert keyword_sentences(texts, "robotics", limit=2) == ["Robotics is one.", "Robotics is two."]
    assert keyword_sentences(texts, "robotics", limit=1) == ["Robotics is one."]
    assert len(keyword_sentences(texts, "robotics")) == 3


def test_offsets_survive_characters_whose_lowercase_is_longer():
    text = "İstanbul. Operating systems such as Minix run there."
    assert keyword_sentences([text], "operating system") == ["Operating systems such as Minix run there."]
    got = SentencePool("operating system", ["İİİ operating systems such as Minix."]).said("Minix")
    assert (got.sentences, got.kind_of) == (1, 1)
    assert keyword_sentences(["A flaw in law."], "law") == ["A flaw in law."]
    assert keyword_sentences(["İ: a flaw."], "law") == []  # "law" inside "flaw" is no mention


def test_a_keyword_typed_without_its_diacritics_finds_them_as_the_index_does():
    assert keyword_sentences(["Gödel proved it. Godel was right. Kurt GÖDEL wrote."], "godel") == [
        "Gödel proved it.", "Godel was right.", "Kurt GÖDEL wrote."]
    pool = SentencePool("classifier", ["Classifiers such as naïve Bayes are simple."])
    assert (pool.said("naive Bayes").kind_of, pool.said("naïve Bayes").kind_of) == (1, 1)  # however the name is typed
    pool = SentencePool("classifier", ["Classifiers such as naive Bayes are simple."])
    assert pool.said("naïve Bayes").kind_of == 1  # and however the text writes it


def test_a_keyword_with_a_dotted_capital_i_matches_however_the_text_writes_it():
    assert keyword_sentences(["İstanbul is big. Istanbul is old. ISTANBUL is loud."], "İstanbul") == [
        "İstanbul is big.", "Istanbul is old.", "ISTANBUL is loud."]


def test_words_before_are_read_as_written_from_the_keywords_sentences():
    pool = SentencePool("set theory", [
        "In 1908, Ernst Zermelo proposed the first axiomatic set theory.",
        "Zermelo set theory and (Ernst Zermelo's) axioms of set theory.",
        "The Zermelo–Fraenkel axioms of set theory are standard.",
        "Abraham Fraenkel improved it; Zermelo worked on set theory elsewhere.",
    ])
    # As written, punctuation after the word kept (the rules read "it;" as no name); a
    # sentence-initial mention has no word before it.
    assert pool.words_before("Zermelo") == {"Ernst": 2, "The": 1, "it;": 1}
    assert pool.words_before("Fraenkel") == {"Abraham": 1}  # "Zermelo–Fraenkel": a dash, no word before
    assert pool.words_before("Cantor") == {}
    # After: the next whole word, its trailing punctuation dropped; a possessive or a dash
    # after the name is no word after it.
    assert pool.words_after("Ernst Zermelo") == {"proposed": 1}
    assert pool.words_after("Zermelo") == {"proposed": 1, "set": 1, "worked": 1}
    assert pool.words_after("Abraham Fraenkel") == {"improved": 1}
    assert pool.words_after("Cantor") == {}


def test_listed_with_reads_the_names_a_list_holds_right_beside_the_name():
    pool = SentencePool("category theory", [
        "Category theory was introduced by Samuel Eilenberg and Saunders Mac Lane in 1945.",
        "Mathematicians including Saunders Mac Lane, Alfred Tarski, and others used category theory.",
        "Saunders Mac Lane & Jean-Pierre Serre wrote of category theory.",
        # A possessive names what someone owns, not a co-item; a lower-case word is no name.
        "Alexander Grothendieck's and Saunders Mac Lane work on category theory.",
        "Functors and Saunders Mac Lane's category theory.",
        "category theory, as shown by sets and Saunders Mac Lane.",
    ])
    assert pool.listed_with("Saunders Mac Lane") == {"Samuel Eilenberg": 1, "Alfred Tarski": 1,
                                                     "Jean-Pierre Serre": 1}
    # A capitalised word opening the sentence runs into the name before the list: the
    # reader of the co-items asks its tails too (taxonomy.listed_among_people).
    assert SentencePool("category theory", ["Mathematicians Samuel Eilenberg and Saunders Mac Lane founded "
                                            "category theory."]).listed_with("Saunders Mac Lane") == {
        "Mathematicians Samuel Eilenberg": 1}
    assert pool.listed_with("Georg Cantor") == {}


def test_name_share_counts_mentions_inside_sentences_written_as_names():
    pool = SentencePool("world wide web", [
        "The World Wide Web runs on the Internet.",       # a name: every word capitalised
        "Berners-Lee proposed the world wide web.",       # written as a common noun
        "World wide web pages link to each other.",       # opens the sentence: not counted
        "Pages of the World Wide Web and the World Wide Web Consortium.",  # two named mentions
    ])
    assert pool.name_share() == pytest.approx(3 / 4)
    fillers = SentencePool("internet of things", ["Devices of the Internet of Things talk."])
    assert fillers.name_share() == 1.0  # "of" may stay in lower case
    eponym = SentencePool("markov chain", ["A Markov chain is a model.", "Each Markov chain has states."])
    assert eponym.name_share() == 0.0  # one capital is an eponym's, not a name
    assert SentencePool("router", []).name_share() == 0.0


def harvest(keyword: str, *texts: str) -> dict[str, int]:
    return dict(SentencePool(keyword, keyword_sentences(texts, keyword)).named_under())


@pytest.mark.parametrize("sentence, names", [
    ("Social insects such as bees, wasps and ants live in colonies.", ["bees", "wasps", "ants live"]),
    ("Beetles, flies and other insects pollinate flowers.", ["Beetles", "flies"]),
    ("Beetles, flies, and other insects.", ["Beetles", "flies"]),
    ("Such insects as crickets and cicadas sing.", ["crickets", "cicadas sing"]),
    ("Types of insects include the dragonflies, which hunt.", ["dragonflies"]),
    ("Insects, e.g. crickets in the grass, sing.", ["crickets"]),
    ("Some projects include uncrewed beetles, moths, and other insects.", ["uncrewed beetles", "moths"]),
    ("Insects, especially the honey bee, are studied.", ["honey bee"]),
])
def test_enumerations_around_each_cue_are_harvested_as_names(sentence, names):
    # Running text is cut at commas and conjunctions and at the first clause word it knows;
    # "ants live" shows the limit: the Evidence stage keeps only names the collection or
    # WordNet knows.
    assert sorted(harvest("insect", sentence)) == sorted(names)


def test_a_keyword_that_only_modifies_a_longer_noun_harvests_nothing_before_it():
    assert harvest("mineral", "The copper industry and other important mineral resources were closed.") == {}
    assert harvest("firmware", "CyanogenMod and other firmware distributions.") == {}
    assert harvest("mineral", "Coal, iron ore and other minerals have been found.") == {"Coal": 1, "iron ore": 1}
    assert harvest("software", "Editors, compilers and other software is free.") == {"Editors": 1, "compilers": 1}


def test_a_name_that_runs_into_the_keyword_is_not_cut_short():
    # "Quick Emulator (QEMU)" is one name; "Quick" alone is none.
    assert harvest("emulator", "Boot it via emulators such as Quick Emulator (QEMU).") == {}
    assert harvest("emulator", "Emulators such as vMac, Basilisk II, and Executor.") == {
        "vMac": 1, "Basilisk II": 1, "Executor": 1}


def test_names_with_digits_long_clauses_and_bare_determiners_are_left_out():
    assert harvest("language", "Languages such as the C99 dialect, some, and a language that nobody ever wrote down "
                               "again.") == {}


def test_each_name_counts_the_sentences_that_enumerate_it_under_its_first_spelling():
    found = harvest("insect", "Insects such as Bees, sting.", "Insects such as bees and ants, sting.",
                    "Insects such as bees; bees and more bees.")
    assert found["Bees"] == 3 and found["ants"] == 1 and "bees" not in found


def test_only_sentences_naming_the_keyword_are_harvested():
    assert harvest("insect", "Birds such as crows are clever.") == {}


def test_a_name_written_twice_in_one_sentence_counts_once_whatever_its_case():
    assert harvest("insect", "Insects such as Bees, wasps and bees.") == {"Bees": 1, "wasps": 1}


def _named_as_kinds_ungated(marked: str) -> list[str]:
    """named_as_kinds as it read before its patterns were gated (session 38): every pattern everywhere."""
    out = []
    for pattern in hearst._HARVEST_AFTER:
        for m in pattern.finditer(marked):
            names = hearst.enumerated(m.group(1), before=False)
            if marked[m.end(1):m.end(1) + 1] == hearst._K and names and m.group(1).rstrip().endswith(names[-1]):
                names.pop()
            out += names
    if "other" in marked.lower():
        for m in hearst._HARVEST_BEFORE.finditer(marked):
            out += hearst.enumerated(m.group(1), before=True)
    return out


@pytest.mark.parametrize("sentence", [
    "Beetles, flies and other insects pollinate flowers.",
    "Beetles, flies, OR OTHER insects.",
    "Beetles and other\tlarge insects, such insects as moths,\nand other\ninsects.",
    "Such\ninsects as crickets; types of\u2003insects include ants, and other insects such as bees.",
    "Kinds of insects are ants and bees; otherwise insects, and others insects are rare.",
    "The other insects and other, insects, ants, or other insects-like things, wasps or other insects.",
    "Insects such as bees and other insects, and types of insects such as wasps.",
])
def test_gated_harvest_finds_what_every_pattern_everywhere_finds(sentence):
    # The gates only skip patterns that cannot match; the names and their order are the same.
    pool = SentencePool("insect", [sentence])
    marked = hearst._marked(sentence, pool._keyword_spans[0], [])
    expected = _named_as_kinds_ungated(marked)
    assert hearst.named_as_kinds(marked) == expected
    assert expected  # each sentence enumerates something, so the comparison is not of two empty lists


def _sentences_at_once(text: str) -> list[str]:
    """scoring.sentences.sentences as written before session 38: the whole text split first."""
    from scoring.sentences import _SENTENCE_END, _ends_with_abbreviation, _open_bracket

    out: list[str] = []
    for piece in _SENTENCE_END.split(text.strip()):
        if out and (_ends_with_abbreviation(out[-1]) or _open_bracket(out[-1])):
            out[-1] += " " + piece
        else:
            out.append(piece)
    return out


def _sentence_around_at_once(text: str, start: int, end: int, reach: int = 400) -> str:
    lo = max(0, start - reach)
    window = text[lo:min(len(text), end + reach)]
    pos = 0
    for piece in _sentences_at_once(window):
        at = window.find(piece[:40], pos)
        if at < 0:
            at = pos
        if lo + at + len(piece) >= end:
            return piece.strip()
        pos = at + len(piece)
    return window.strip()


TRICKY = ("Nintendo Co., Ltd. is a company. John F. Kennedy (May 29, 1917 - Nov. 22, 1963) was a "
          "president. Physics (from Ancient Greek: lit. 'nature'. Really.) is a science! Is it? Yes. "
          "[See Dr. Smith. And Prof. X.] Then 3 cats. \"Quoted.\" (Bracketed.) e.g. this. U.S. forces.   ")


@pytest.mark.parametrize("text", ["", "   ", "One sentence", "One. Two", TRICKY, TRICKY * 3, "A. B. C. D."])
def test_sentences_read_one_at_a_time_are_the_sentences_split_at_once(text):
    from scoring.sentences import sentences

    assert sentences(text) == _sentences_at_once(text)


def test_sentence_around_stops_early_with_the_same_sentence():
    text = TRICKY * 4
    for start in range(0, len(text), 7):
        for width in (1, 5, 30):
            end = min(len(text), start + width)
            for reach in (400, 60):
                assert sentence_around(text, start, end, reach) == _sentence_around_at_once(text, start, end, reach)
