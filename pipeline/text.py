"""The one tokenizer and normaliser every stage uses.

Words are maximal runs of letters and digits; everything else (hyphens, apostrophes,
punctuation) separates words. This is the same rule as SQLite FTS5's `unicode61`
tokenizer, so a phrase normalised here matches the index's phrase queries exactly; and
words are folded as that tokenizer folds them with `remove_diacritics 2` (the index's
setting: "Gödel" and "Godel" are one word there, so they are one word here too: `fold`).
"""
from __future__ import annotations

import functools
import re
import sqlite3
import unicodedata
from collections.abc import Iterator

from .nltkdata import import_nltk, stopwords

# Combining marks belong to the word they sit on, as in FTS5's unicode61 (which folds them
# away): "İstanbul" lowercases to "i" + U+0307 + "stanbul", one word, not "i" and "stanbul".
_WORD = re.compile(r"(?:[^\W_]|[\u0300-\u036f])+", re.UNICODE)


def words(text: str) -> list[str]:
    """Lowercase words of `text`, in order, diacritics folded as the index folds them (`fold`)."""
    if len(text) <= _KEPT_WORDS_LENGTH:
        return list(_short_words(text))
    return _WORD.findall(fold(text))


# A run splits the same short texts again and again (the keyword itself 13,068 times of
# 65,899 calls for "artificial intelligence", 11,064 distinct texts; names, titles, list
# items): their words are kept, a fresh list handed out each time. Replaying that run's
# calls: 0.12 s against 0.21. Page-long texts are split once and not kept.
_KEPT_WORDS_LENGTH = 120


@functools.lru_cache(maxsize=32_768)
def _short_words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(fold(text)))


def fold(text: str) -> str:
    """`text` lowercased and folded as the index's tokenizer folds it: "Gödel" -> "godel",
    "naïve" -> "naive", "İstanbul" -> "istanbul"; "ø", "æ", "ß" and Greek accents stay, as
    they do in the index.

    The index counts "Gödel" and "Godel" as one word (FTS5 `unicode61 remove_diacritics 2`);
    a normaliser that kept the marks made them two names of one concept, ranked twice, and a
    keyword typed without them missed its own page.
    """
    low = text.lower()
    return low if low.isascii() else _translate_non_ascii(low, _fold_table())


def fold_in_place(text: str) -> str:
    """`text` lowercased and folded with every offset kept: only the characters that fold to
    one character are folded (all precomposed letters; "İ" becomes "i"), so a match in the
    result is a match at the same place in `text`."""
    if text.isascii():
        return text.lower()
    # "İ" is the one character whose lowercase is longer than itself (tests/test_text.py).
    low = (text.replace("\u0130", "i") if "\u0130" in text else text).lower()
    return _translate_non_ascii(low, _fold_table(one_to_one=True))


# Every character the fold tables change lies above ASCII, so only stretches holding such
# characters are translated: str.translate looks up each character of its string in the
# table's dict, ~50 ns a character, which over whole pages (a broad keyword's 600 texts)
# cost 3 s of a topic run (session 37). A short text's runs of non-ASCII characters are
# found by a regex. A page's text is cut into pieces of _PIECE characters instead: most
# are ASCII, which str.isascii() tells in C, and the rest are translated whole; half the
# time of the regex on pages (session 38: 0.20 s against 0.41 for the 13.7 M characters
# of "artificial intelligence"'s texts), 1.4x its time on names. Same results, tested.
_NON_ASCII_RUN = re.compile(r"[^\x00-\x7f]+")
_PIECE = 64
_PIECES_FROM = 2048  # characters; about where the two ways cost the same


def _translate_non_ascii(text: str, table: dict[int, str]) -> str:
    if len(text) < _PIECES_FROM:
        return _NON_ASCII_RUN.sub(lambda m: m.group().translate(table), text)
    pieces = [text[i:i + _PIECE] for i in range(0, len(text), _PIECE)]
    return "".join([p if p.isascii() else p.translate(table) for p in pieces])


# Where letters with diacritics and combining marks are: Latin, Greek, Cyrillic and their
# extensions, the combining blocks, and the Latin ligatures. Scripts beyond these have no
# marks the index folds.
_FOLD_RANGES = ((0x80, 0x2000), (0x20D0, 0x2100), (0xFB00, 0xFB50), (0xFE20, 0xFE30))


@functools.lru_cache(maxsize=2)
def _fold_table(one_to_one: bool = False) -> dict[int, str]:
    """{code point: its fold} for every lowercase character the index's tokenizer folds or
    splits at, read from SQLite's own FTS5 tokenizer once per process (~20 ms) rather than
    guessed from Unicode (NFD agrees but for 13 Latin letters and every Greek capital)."""
    chars = [c for lo, hi in _FOLD_RANGES for c in range(lo, hi)
             if chr(c).lower() == chr(c) and (unicodedata.combining(chr(c)) or unicodedata.decomposition(chr(c))
                                              or chr(c).casefold() != chr(c))]
    try:
        folded = _fts5_fold(chars)
    except sqlite3.OperationalError:  # an SQLite built without FTS5 cannot hold the index either
        folded = {c: "".join(ch for ch in unicodedata.normalize("NFD", chr(c)) if not unicodedata.combining(ch))
                  for c in chars}
    table = {c: out for c, out in folded.items() if out != chr(c)}
    return {c: out for c, out in table.items() if len(out) == 1} if one_to_one else table


def _fts5_fold(chars: list[int]) -> dict[int, str]:
    """What FTS5's unicode61 tokenizer (remove_diacritics 2) makes of each character inside a
    word: its fold, "" when it drops it, " " when it splits the word there."""
    con = sqlite3.connect(":memory:")
    try:
        con.execute("CREATE VIRTUAL TABLE t USING fts5(b, tokenize = 'unicode61 remove_diacritics 2')")
        con.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, instance)")
        con.executemany("INSERT INTO t(rowid, b) VALUES (?, ?)", [(c, f"q{chr(c)}q") for c in chars])
        terms: dict[int, list[str]] = {}
        for term, doc in con.execute("SELECT term, doc FROM v ORDER BY doc, offset"):
            terms.setdefault(doc, []).append(term)
    finally:
        con.close()
    out = {}
    for c in chars:
        found = terms.get(c, [])
        whole = len(found) == 1 and len(found[0]) >= 2 and found[0][0] == found[0][-1] == "q"
        out[c] = found[0][1:-1] if whole else " "
    return out


def singular_words(text: str) -> list[str]:
    """`words` of `text`, each folded to its singular (`singular`): how a name is compared
    whether a list writes it in the plural or a sentence in the singular."""
    return [singular(w) for w in words(text)]


# Hyphens that join words into one compound ("64-bit", "video-sharing"); a dash between
# spaced words is punctuation, not a join.
_JOINING_HYPHENS = frozenset("-\u2010\u2011")


def compound_groups(text: str) -> list[int]:
    """For each word of `text` (as `words` gives them), the number of the hyphenated compound
    it belongs to: "a 64-bit version" -> [0, 1, 1, 2]. Words joined by a hyphen alone share a number."""
    groups: list[int] = []
    group = -1
    for i, between in enumerate(_between_words(text)):
        if not (i > 0 and len(between) == 1 and between in _JOINING_HYPHENS):
            group += 1
        groups.append(group)
    return groups


def gaps(text: str) -> list[str]:
    """For each word of `text` (as `words` gives them), the characters between it and the word
    before (or the text's start), spaces dropped: "logic, understanding and more" -> ["", ",", "", ""]."""
    return ["".join(between.split()) for between in _between_words(text)]


def _between_words(text: str) -> list[str]:
    """For each word of `text` (as `words` gives them, folded), what stands between it and the
    word before (or the text's start), as written."""
    folded = fold(text)
    out: list[str] = []
    end = 0
    for m in _WORD.finditer(folded):
        out.append(folded[end:m.start()])
        end = m.end()
    return out


def words_as_written(text: str) -> list[str]:
    """The words of `text` in order, their case kept (the same word rule as `words`)."""
    return _WORD.findall(text)


# Characters that only separate words ("node.js", "TCP/IP", "AT&T", "R&D"): dropping them
# loses nothing a phrase query needs. Any other non-word character ("+" in "C++", "#" in
# "C#") is part of a name the index cannot tell from its letters alone.
_SEPARATORS = frozenset("-\u2010\u2011\u2012\u2013\u2014'\u2019\u2018.,/&:;()[]{}\"\u201c\u201d!?")


def dropped_symbols(text: str) -> str:
    """The characters of `text` the word rule drops that are not mere separators ("++" for "C++"), in order."""
    kept = {m.start() + i for m in _WORD.finditer(text) for i in range(len(m.group()))}
    seen = [c for i, c in enumerate(text) if i not in kept and not c.isspace() and c not in _SEPARATORS]
    return "".join(seen)


# The marks that make another name of the same letters: "C", "C++", "C#", "C*", "C--";
# "R" and "R++"; "Humanity+" is no "humanity".
_NAME_MARKS = re.compile(r"[+#*]|(?<=\w)-{2,}(?!\w)")


def name_marks(text: str) -> str:
    """The marks of `text` that tell one name from another of the same words ("++" of "C++", "#" of "C#"), in order."""
    return "".join(_NAME_MARKS.findall(text))


_SHARP = re.compile(r"(?<=\w)#(?!\w)")


def sharp_spelled(name: str) -> str:
    """`name` as a title spells it where "#" cannot stand: "C#" -> "C Sharp" (Wikipedia's "C Sharp
    (programming language)", "F Sharp")."""
    return _SHARP.sub(" Sharp", name)


def normalise(text: str) -> str:
    """Lowercase words joined by single spaces: the form phrases are compared in."""
    return " ".join(words(text))


_PARENTHETICAL = re.compile(r"\s*\([^()]*\)\s*$")


def without_qualifier(name: str) -> str:
    """A name without its trailing parenthetical ("Android (robot)" -> "Android"), unless that is all it is."""
    return _PARENTHETICAL.sub("", name) or name


def qualifier(name: str) -> str:
    """A name's trailing parenthetical without its brackets ("Android (robot)" -> "robot"), or ""."""
    m = _PARENTHETICAL.search(name)
    return m.group().strip()[1:-1].strip() if m else ""


def indefinite_article(noun: str) -> str:
    """"an" before a vowel's letter ("an organization"), else "a": for the report's sentences."""
    return "an" if noun[:1] and noun[:1].lower() in "aeiou" else "a"


def singular_last(name: str) -> str:
    """A normalised name with its last word in the singular ("neural networks" -> "neural network")."""
    ws = name.split()
    return " ".join(ws[:-1] + [singular(ws[-1])]) if ws else name


def squash(text: str) -> str:
    """Collapse runs of whitespace to one space and strip the ends."""
    # str.split() and re's \s agree on what whitespace is (both use Unicode's
    # definition); the split runs in C without a regex engine, ~4x faster on page texts.
    return " ".join(text.split())


@functools.lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """Porter stem of one lowercase word."""
    return _porter().stem(word)


@functools.lru_cache(maxsize=1)
def _porter():
    # Imported on first use: importing anything from NLTK loads the whole package, and a
    # command that stems nothing (an index build, a re-run of a finished pipeline) should
    # not wait for it; import_nltk leaves out what NLTK loads only for features unused here.
    import_nltk()
    from nltk.stem.porter import PorterStemmer

    return PorterStemmer()


def stemmed(text: str) -> list[str]:
    """Porter stems of all words of `text`, in order (stopwords kept: phrases match as runs)."""
    return [stem(w) for w in words(text)]


# Nouns whose plural is their singular: the ending rule would make "time series" a "time sery".
SAME_IN_PLURAL = frozenset({"series", "species"})
# Plurals in -ies of nouns in -ie ("cookies", "zombies", "movies"), which the ending rule
# would fold to a "-y" word: a closed class of English nouns, listed rather than guessed.
IE_PLURALS = frozenset({
    "aunties", "birdies", "bookies", "boogies", "brownies", "budgies", "calories", "collies", "cookies",
    "coteries", "eyries", "foodies", "freebies", "genies", "goodies", "hippies", "hoodies", "indies",
    "lassies", "magpies", "movies", "neckties", "newbies", "pixies", "prairies", "reveries", "rookies",
    "selfies", "smoothies", "sorties", "techies", "yuppies", "zombies"})


# Plurals no ending rule folds right: Latin and Greek plurals ("automata", "matrices",
# "hypotheses"), "-us" nouns' "-uses" ("viruses", which the "-s" rule would make a
# "viruse"), "-f(e)" nouns' "-ves" ("leaves": "drives" and "archives" are right by the rule)
# and a few others. A closed class of English nouns, listed rather than guessed, as
# IE_PLURALS is; the words a technical text uses.
IRREGULAR_PLURALS = {
    "automata": "automaton", "criteria": "criterion", "phenomena": "phenomenon", "polyhedra": "polyhedron",
    "schemata": "schema", "lemmata": "lemma", "corpora": "corpus", "genera": "genus",
    "matrices": "matrix", "indices": "index", "vertices": "vertex", "appendices": "appendix",
    "simplices": "simplex", "apices": "apex", "cortices": "cortex", "helices": "helix", "codices": "codex",
    "radices": "radix",
    "analyses": "analysis", "hypotheses": "hypothesis", "syntheses": "synthesis", "theses": "thesis",
    "crises": "crisis", "diagnoses": "diagnosis", "prognoses": "prognosis", "parentheses": "parenthesis",
    "emphases": "emphasis", "ellipses": "ellipsis", "neuroses": "neurosis", "psychoses": "psychosis",
    "synopses": "synopsis", "metamorphoses": "metamorphosis", "oases": "oasis", "nemeses": "nemesis",
    "prostheses": "prosthesis", "antitheses": "antithesis", "paralyses": "paralysis", "catalyses": "catalysis",
    "radii": "radius", "foci": "focus", "nuclei": "nucleus", "stimuli": "stimulus", "loci": "locus",
    "fungi": "fungus", "cacti": "cactus", "syllabi": "syllabus", "alumni": "alumnus",
    "formulae": "formula", "antennae": "antenna", "vertebrae": "vertebra", "larvae": "larva", "algae": "alga",
    "viruses": "virus", "buses": "bus", "campuses": "campus", "bonuses": "bonus", "statuses": "status",
    "censuses": "census", "consensuses": "consensus", "choruses": "chorus", "octopuses": "octopus",
    "walruses": "walrus", "prospectuses": "prospectus", "syllabuses": "syllabus", "apparatuses": "apparatus",
    "hiatuses": "hiatus", "nexuses": "nexus", "plexuses": "plexus", "sinuses": "sinus",
    "thesauruses": "thesaurus", "cactuses": "cactus", "fetuses": "fetus", "circuses": "circus",
    "geniuses": "genius", "styluses": "stylus", "surpluses": "surplus", "minibuses": "minibus",
    "omnibuses": "omnibus", "abacuses": "abacus", "lotuses": "lotus", "radiuses": "radius",
    "focuses": "focus", "corpuses": "corpus", "aliases": "alias", "biases": "bias", "gases": "gas",
    "atlases": "atlas", "canvases": "canvas",
    "leaves": "leaf", "halves": "half", "shelves": "shelf", "wolves": "wolf", "knives": "knife",
    "lives": "life", "wives": "wife", "selves": "self", "thieves": "thief", "loaves": "loaf",
    "mice": "mouse", "children": "child", "women": "woman", "men": "man", "teeth": "tooth", "feet": "foot",
}
# Nouns in "-che" and "-xe" whose plural the "-ches"/"-xes" rule below would cut to "-ch"/"-x".
_E_BEFORE_S = frozenset({
    "aches", "caches", "niches", "cliches", "clichés", "psyches", "creches", "crèches", "quiches", "moustaches",
    "mustaches", "microfiches", "fiches", "attaches", "panaches", "pastiches", "brioches", "gouaches",
    "douches", "avalanches", "tranches", "apaches", "cloches", "headaches", "toothaches", "backaches",
    "earaches", "heartaches", "stomachaches", "axes", "annexes"})
_DOUBLED_Z = frozenset({"qui", "whi"})  # "quizzes", "whizzes"; "buzzes", "fizzes" keep their zz


@functools.lru_cache(maxsize=200_000)  # pure, and a run asks it of the same words ~100,000 times
def singular(word: str) -> str:
    """An English plural folded to its singular by its ending ("systems", "libraries", "switches"),
    or by IRREGULAR_PLURALS ("automata", "viruses").

    Lighter than a stem: "robotics" stays apart from "robot", "physics" from "physical".
    """
    if word in SAME_IN_PLURAL:
        return word
    if word in IE_PLURALS:
        return word[:-1]
    irregular = IRREGULAR_PLURALS.get(word)
    if irregular is not None:
        return irregular
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith("sses"):
        return word[:-2]
    # "switches", "crashes", "boxes", "quizzes" ("-zzes" of "quiz" doubles its z): the "-s"
    # rule would leave "switche".
    if len(word) > 4 and word.endswith(("ches", "shes", "xes", "zzes")) and word not in _E_BEFORE_S:
        return word[:-3] if word.endswith("zzes") and word[:-4] in _DOUBLED_Z else word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def plurals(word: str) -> list[str]:
    """The plurals of a singular noun: any IRREGULAR_PLURALS lists ("indices") and the regular one
    ("indexes"), which texts use too, where it reads back as the noun."""
    if word.endswith("y") and not word.endswith(("ay", "ey", "oy", "uy")):
        regular = word[:-1] + "ies"
    elif word.endswith(("s", "x", "z", "ch", "sh")):
        regular = word + "es"
    else:
        regular = word + "s"
    listed = _LISTED_PLURALS.get(word, [])
    # "hypothesises" is no word: a listed noun keeps the regular form only where it folds back.
    return listed + [regular] if not listed or (regular not in listed and singular(regular) == word) else listed


_LISTED_PLURALS: dict[str, list[str]] = {}
for _many, _one in IRREGULAR_PLURALS.items():
    _LISTED_PLURALS.setdefault(_one, []).append(_many)


def content_words(text: str, stemming: bool = False) -> list[str]:
    """Words of `text` without stopwords, optionally Porter-stemmed, in order."""
    stop = stopwords()
    out = [w for w in words(text) if w not in stop]
    return [stem(w) for w in out] if stemming else out


def phrase_starts(haystack_words: list[str], phrase_words: list[str]) -> Iterator[int]:
    """The positions where `phrase_words` starts as a contiguous run in `haystack_words`, in order."""
    n = len(phrase_words)
    if n == 0:
        return
    first = phrase_words[0]
    # list.index scans in C: a page's thousands of words are checked without a Python loop.
    i = -1
    try:
        while True:
            i = haystack_words.index(first, i + 1)
            if haystack_words[i:i + n] == phrase_words:
                yield i
    except ValueError:
        return


def contains_phrase(haystack_words: list[str], phrase_words: list[str]) -> bool:
    """True if `phrase_words` occurs as a contiguous run in `haystack_words`."""
    return next(phrase_starts(haystack_words, phrase_words), None) is not None


def fold_accents(text: str) -> str:
    """`text` with combining marks removed after compatibility decomposition ("Évariste" -> "Evariste").

    WordNet writes names in ASCII ("Evariste Galois"), pages as the person writes them.
    """
    if text.isascii():
        return text
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


def slug(text: str, limit: int = 40) -> str:
    """A filesystem-safe readable slug of `text`."""
    return "-".join(words(text))[:limit].strip("-") or "x"
