"""What the collection's own sentences say of a candidate and the keyword together.

Hearst's lexico-syntactic patterns (Hearst 1992; KnowItAll and most taxonomy learners
since) read "X such as Y", "Y and other X", "Y is a kind of X" as Y under X. Read over
every sentence of the index that names the keyword, they say, with a sentence a person
can check, that the collection files a candidate under the keyword:

- "K such as / including / especially / like ... C" (C within ENUMERATION_CHARS of the cue),
  "such K as ... C";
- "C ... and/or other K";
- "C is/are a/an/the/one of the ... <kind noun> of/in/within/for K" ("Grid computing is the
  most distributed form of parallel computing"; kind nouns in KIND_NOUNS);
- "types/kinds/branches/... of K include/are ... C";
- "K include(s)/encompasses/comprises/covers ... C".

And one pattern for the opposite direction: C coordinated *before* the keyword ("C, K",
"C and K", "C or K", "C/K"), the way fields are listed beside each other. Coordination
is a classic sibling signal (co-hyponyms are coordinated; Widdows and Dorow 2002); of the
judged candidates it fired for, 0.41 were hits against 0.61 for all (session 12), while
"K and C" was not a signal (0.60): lists of a field's parts put the field first.

The same cues also find candidates: `SentencePool.named_under` splits the enumerations they
introduce ("insects such as bees, wasps and ants") into names (Hearst's own use of them).

Phrases match as words (case, punctuation and hyphens aside, as the index counts them),
the last word in the singular or plural. Pure: the texts come from the backend.
"""
from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from pipeline.text import fold_in_place, plurals, singular, singular_words, without_qualifier, words, words_as_written

from .sentences import sentence_around

ENUMERATION_CHARS = 80  # an enumeration longer than this has wandered off the cue
KIND_NOUNS = ("type|types|kind|kinds|form|forms|branch|branches|subfield|subfields|sub-field|field|fields|"
              "area|areas|class|classes|family|subset|example|examples|variant|part|parts|component|"
              "components|method|methods|technique|techniques|approach|approaches|model|models|algorithm|"
              "algorithms|topic|topics|concept|concepts|discipline|subdiscipline|sub-discipline|application|"
              "tool|problem|task|member|category|species|order")
MAX_EXAMPLE_CHARS = 300
NEAR_CHARS = 250  # keyword and candidate further apart than this fit no pattern
# A run reads at most this many of the keyword's sentences, from its best-matching documents
# on: "artificial intelligence" has 1,963, "law" 4,335; "software" would read 18,268 (47 MB
# of text, 1.1 s). Enough for a kind-of sentence to show up where the collection has one.
MAX_SENTENCES = 5000


def _plural_forms(word: str) -> list[str]:
    one = singular(word)
    return sorted({word, one, *plurals(one)}, key=lambda form: (-len(form), form))


@functools.lru_cache(maxsize=50_000)
def name_pattern(name: str) -> str | None:
    """A regex (no groups) for `name` as words, its trailing qualifier dropped and its last
    word in the singular or plural; None when it has no words."""
    # Folded as words() folds (diacritics off): the text is searched folded the same way
    # (fold_in_place), so "Godel" finds "Gödel" as the index does.
    ws = words(without_qualifier(name))
    if not ws:
        return None
    head = "".join(re.escape(w) + r"[\W_]+" for w in ws[:-1])
    return r"\b" + head + "(?:" + "|".join(map(re.escape, _plural_forms(ws[-1]))) + r")\b"


# The patterns are compiled once, over sentences whose keyword and candidate mentions are
# replaced by one marker character each: a per-candidate compile of the alternation cost
# ~1.5 ms, more than a topic run could spare for 400 candidates.
_K, _C = "\x01", "\x02"
_SPAN = rf"[^.;:()]{{0,{ENUMERATION_CHARS}}}?"
# Each kind-of pattern holds both markers. Searched as one alternation, re tries every
# position of a stretch against all six; split by what each needs first, the cheap ones run
# on every stretch (re scans for their leading marker at C speed) and the others only where
# their cue words are: 4.4x faster over 27,000 stretches of three keywords, the same answers.
_KIND_OF_AT_MARKER = re.compile("|".join([
    rf"{_K},?\s+(?:such as|including|especially|particularly|e\.g\.,?|like|notably)\s+{_SPAN}{_C}",
    rf"{_C}\s+(?:is|are|was|were)\s+(?:a|an|the|one of the)\s+(?:[\w-]+\s+){{0,4}}?(?:{KIND_NOUNS})\s+"
    rf"(?:of|in|within|for)\s+(?:the\s+)?(?:[\w-]+\s+){{0,2}}?{_K}",
    rf"{_K}\s+(?:include|includes|included|encompasses|comprises|covers)\s+{_SPAN}{_C}",
]), re.I)
# Its lazy span tries the cue at each of up to 80 characters after the candidate: only
# where "other" is written (no character but o, t, h, e, r themselves folds to them).
_AND_OTHER = re.compile(rf"{_C}[^.;]{{0,{ENUMERATION_CHARS}}}?,?\s+(?:and|or)\s+other\s+(?:\w+\s+)?{_K}", re.I)
# These start with words: only where the keyword's marker follows "such" or "of".
_KIND_OF_AFTER_WORDS = re.compile("|".join([
    rf"\bsuch\s+{_K}\s+as\s+{_SPAN}{_C}",
    rf"\b(?:types|kinds|forms|branches|subfields|areas|classes|examples|fields|methods|techniques|topics|"
    rf"families)\s+of\s+{_K}\s+(?:include|includes|are|such as)\s+{_SPAN}{_C}",
]), re.I)
_ENDS_SUCH_OR_OF = re.compile(r"(?:such|of)\Z", re.I)


def _such_or_of_before_keyword(stretch: str) -> bool:
    """True if the keyword's marker follows "such" or "of" and whitespace somewhere in `stretch`."""
    at = stretch.find(_K)
    while at >= 0:
        head = stretch[:at]
        word = head.rstrip()
        if len(word) < len(head) and _ENDS_SUCH_OR_OF.search(word[-4:]):
            return True
        at = stretch.find(_K, at + 1)
    return False


def reads_as_kind_of(stretch: str) -> bool:
    """True if a marked stretch (candidate _C, keyword _K) fits a kind-of pattern."""
    return bool(_KIND_OF_AT_MARKER.search(stretch)
                or ("other" in stretch.lower() and _AND_OTHER.search(stretch))
                or (_such_or_of_before_keyword(stretch) and _KIND_OF_AFTER_WORDS.search(stretch)))


# Harvesting (Hearst's own use of the patterns: finding hyponyms, not only checking them).
# The enumerations after "K such as / including / especially", "such K as", "types of K
# include", and before "and/or other K", split into names. A name's clause ends at the
# first word no name of a kind is made of (a verb, a relative pronoun, a preposition but
# "of"): "bees in the hive" -> "bees"; "projects include uncrewed beetles" -> "uncrewed beetles".
HARVEST_CHARS = 120      # the enumeration read after the cue (names within ENUMERATION_CHARS of it are checked by said())
HARVEST_MAX_WORDS = 4    # a longer "name" in running text is a clause, not a name
_ENUMERATION = rf"([^.;:()\[\]{_K}{_C}]{{1,{HARVEST_CHARS}}})"
_HARVEST_AFTER = [re.compile(p, re.I) for p in (
    rf"{_K},?\s+(?:such as|including|especially|particularly|notably|e\.g\.,?)\s+{_ENUMERATION}",
    rf"\bsuch\s+{_K}\s+as\s+{_ENUMERATION}",
    rf"\b(?:types|kinds|forms|branches|subfields|classes|examples|varieties)\s+of\s+{_K}\s+"
    rf"(?:include|includes|are|such as)\s*{_ENUMERATION}",
)]
_ITEM_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|as well as)\s+", re.I)
_CLAUSE_WORDS = frozenset(
    "which that who whom whose where when while because although though is are was were be been being has have "
    "had can could may might will would should must do does did to in on at by with from into within for through "
    "using used than but not also etc include includes including".split())
_OTHER_KEYWORD = rf",?\s+(?:and|or)\s+other\s+(?:[\w-]+\s+)?{_K}"
_HARVEST_BEFORE = re.compile(_ENUMERATION + _OTHER_KEYWORD, re.I)
# The enumeration that opens _HARVEST_BEFORE is tried at every position of the sentence and
# backtracks through up to HARVEST_CHARS characters each time; its ending ("..., and other
# K") is searched first, and the whole pattern only where that ending is: the same answers,
# 0.44 s of 0.45 for the 4,162 sentences of "birds" before, 0.02 s after (session 38).
_ENDS_OTHER_KEYWORD = re.compile(_OTHER_KEYWORD, re.I)
_NEXT_WORD = re.compile(r"\s+([a-z][\w-]*)")
_ENDS_A_PHRASE = _CLAUSE_WORDS | {"and", "or", "such"}  # a word after the keyword that leaves it the head
_DETERMINERS = frozenset("the a an some many various several certain most other both all these those such their its "
                         "his her our more less".split())


def _clean_name(ws: list[str]) -> str | None:
    """The name left after leading determiners, if it is one: 1-HARVEST_MAX_WORDS words, a
    letter first, no digit."""
    while ws and ws[0].lower() in _DETERMINERS:
        ws = ws[1:]
    name = " ".join(ws).strip("\"'“”‘’ ")
    if (not name or len(ws) > HARVEST_MAX_WORDS or not name[0].isalpha()
            or any(ch.isdigit() for ch in name)):
        return None
    return name


def _modifies(sentence: str, span: tuple[int, int]) -> bool:
    """True if the keyword mention at `span` is written in the singular and a lower-case word
    that ends no clause follows it: "other mineral resources", "firmware distributions" name
    something else, of which the keyword is a modifier ("other minerals have been found" and
    "other software." do name the keyword)."""
    last = words(sentence[span[0]:span[1]])[-1:]
    after = _NEXT_WORD.match(sentence, span[1])
    return (bool(last) and singular(last[0]) == last[0] and after is not None
            and after.group(1).lower() not in _ENDS_A_PHRASE)


def enumerated(enumeration: str, before: bool) -> list[str]:
    """The names of an enumeration cut from a sentence, in order.

    After a cue ("such as ..."), the enumeration runs until a clause word: the part holding
    it is cut there and ends the list. Before "and other K", the first part starts after
    the last clause word, where the list begins.
    """
    parts = [p.split() for p in _ITEM_SEPARATOR.split(enumeration.strip())]
    out = []
    for i, ws in enumerate(parts):
        if before and i == 0:
            cut = max((j for j, w in enumerate(ws) if w.lower() in _CLAUSE_WORDS), default=-1)
            ws = ws[cut + 1:]
        ended = False
        if not before:
            at = next((j for j, w in enumerate(ws) if w.lower() in _CLAUSE_WORDS), None)
            if at is not None:
                ws, ended = ws[:at], True
        name = _clean_name(ws)
        if name:
            out.append(name)
        if ended:
            break
    return out


def named_as_kinds(marked: str) -> list[str]:
    """The names a sentence, its keyword mentions marked _K, enumerates as kinds of the keyword."""
    out = []
    # The patterns after the first start with a word boundary, which re tries at every
    # position of the sentence; both need the keyword's marker right after "such" or "of",
    # so they run only where it is (the same answers; 0.09 s of the 4,162 sentences of "birds").
    patterns = _HARVEST_AFTER if _such_or_of_before_keyword(marked) else _HARVEST_AFTER[:1]
    for pattern in patterns:
        for m in pattern.finditer(marked):
            names = enumerated(m.group(1), before=False)
            if marked[m.end(1):m.end(1) + 1] == _K and names and m.group(1).rstrip().endswith(names[-1]):
                names.pop()  # "emulators such as Quick Emulator": the name runs on into the keyword
            out += names
    if "other" in marked.lower() and _ENDS_OTHER_KEYWORD.search(marked):
        for m in _HARVEST_BEFORE.finditer(marked):
            out += enumerated(m.group(1), before=True)
    return out


_COORDINATED = re.compile(rf"{_C}\s*(?:,\s*|\s+(?:and|or)\s+|,\s*(?:and|or)\s+|/\s*){_K}", re.I)


def _marked(text: str, k_spans: list[tuple[int, int]], c_spans: list[tuple[int, int]]) -> str:
    """`text` with each candidate mention replaced by _C and each keyword mention outside them by _K."""
    spans = sorted([(a, b, _C) for a, b in c_spans]
                   + [(a, b, _K) for a, b in k_spans if not any(x < b and a < y for x, y in c_spans)])
    out, at = [], 0
    for a, b, mark in spans:
        if a < at:  # overlaps the mention before it (a keyword inside a longer keyword match)
            continue
        out += [text[at:a], mark]
        at = b
    out.append(text[at:])
    return "".join(out)


def _mentions(low: str, pattern: re.Pattern) -> Iterator[re.Match]:
    """Matches of a name pattern (without its leading \\b) in lowercased text, at word starts.

    A pattern that starts with a literal runs at C speed (re skips ahead by the literal);
    a leading \\b would make it try every position, 5x slower on a keyword's 28 MB of text.
    """
    for m in pattern.finditer(low):
        i = m.start()
        if i == 0 or not (low[i - 1].isalnum() or low[i - 1] == "_"):
            yield m


@functools.lru_cache(maxsize=20_000)  # re's own cache holds 512: a run asks for ~900 names, some 3 times
def _finder(name: str) -> re.Pattern | None:
    pattern = name_pattern(name)
    return None if pattern is None else re.compile(pattern[2:])  # lowercase words, no leading \b


def keyword_sentences(texts: Iterable[str], keyword: str, limit: int = MAX_SENTENCES) -> list[str]:
    """The distinct sentences of `texts` that name the keyword, in order of first sight, at most `limit`.

    Give the texts best match first: the limit then keeps the sentences of the documents
    most about the keyword.
    """
    found = _finder(keyword)
    if found is None:
        return []
    seen: dict[str, None] = {}
    for text in texts:
        covered = -1
        for m in _mentions(fold_in_place(text), found):
            if m.start() < covered:
                continue
            sentence = sentence_around(text, m.start(), m.end())
            at = text.find(sentence, max(0, m.start() - len(sentence)))
            covered = at + len(sentence) if at >= 0 else m.end()
            seen.setdefault(sentence, None)
        if len(seen) >= limit:
            break
    return list(seen)[:limit]


@dataclass(frozen=True)
class Said:
    """What the keyword's sentences say of one candidate."""

    sentences: int = 0     # distinct sentences naming both
    kind_of: int = 0       # of them, reading the candidate as a kind or part of the keyword
    coordinated: int = 0   # of them, listing the candidate just before the keyword
    example: str | None = None  # the first kind-of sentence, for the report

    @property
    def coordinated_share(self) -> float:
        """Coordinated sentences over all sentences naming both (0 with none)."""
        return self.coordinated / self.sentences if self.sentences else 0.0


# Words a name leaves in lower case: "Internet of Things", "Department of Defense".
_NAME_FILLERS = frozenset({"of", "and", "the", "for", "in", "on", "to", "a", "an", "de", "von", "van"})
# A co-item of a name in a list: up to four capitalised words (particles such as "de" and
# "van" and initials inside), then the separator, then the name; or the other way round.
_CO_ITEM = r"(?P<name>[A-Z][\w'\u2019.-]*(?:\s+(?:(?:de|van|von|der|da|di|du|la|le|bin|al)\s+)?[A-Z][\w'\u2019.-]*){0,3})"
_CO_SEPARATOR = r"(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+)"
_CO_ITEM_BEFORE = re.compile(_CO_ITEM + _CO_SEPARATOR + r"\Z")
_CO_ITEM_AFTER = re.compile(r"(?![\w'\u2019])" + _CO_SEPARATOR + _CO_ITEM)
_POSSESSIVE = re.compile(r"['\u2019]s?\Z")


class SentencePool:
    """The keyword's sentences with a word index, so each candidate reads only its own."""

    def __init__(self, keyword: str, sentences: Sequence[str]):
        self.keyword = keyword
        self.sentences = list(sentences)
        self._by_word: dict[str, set[int]] = {}
        self._lower = [fold_in_place(s) for s in self.sentences]
        for i, low in enumerate(self._lower):
            for w in set(words(low)):
                self._by_word.setdefault(singular(w), set()).add(i)
        k_find = _finder(keyword)
        self._keyword_named = k_find is not None
        self._keyword_spans = [[m.span() for m in _mentions(low, k_find)] if k_find else []
                               for low in self._lower]

    def _mentioning(self, phrase: str) -> tuple[list[int], re.Pattern | None]:
        """The ids of the sentences holding every word of `phrase`, and its name pattern."""
        ws = singular_words(without_qualifier(phrase))
        ids = set.intersection(*(self._by_word.get(w, set()) for w in ws)) if ws else set()
        # Most candidates share no sentence with the keyword: compile their pattern only if one does.
        return sorted(ids), _finder(phrase) if ids else None

    def said(self, phrase: str) -> Said:
        """Counts (and a quotable example) of the patterns for `phrase` under the keyword."""
        if not self._keyword_named:
            return Said()
        ids, c_find = self._mentioning(phrase)
        if c_find is None:
            return Said()
        n = k = c = 0
        example = None
        for i in ids:
            s = self.sentences[i]
            c_spans = [m.span() for m in _mentions(self._lower[i], c_find)]
            if not c_spans:
                continue
            n += 1
            k_spans = [sp for sp in self._keyword_spans[i] if not any(x <= sp[0] and sp[1] <= y for x, y in c_spans)]
            # Every pattern holds both names within a few words of each other: read only the
            # stretch around the close pairs (sentences run long).
            close = [(min(a[0], b[0]), max(a[1], b[1])) for a in k_spans for b in c_spans
                     if abs(a[0] - b[0]) <= NEAR_CHARS]
            if not close:
                continue
            lo, hi = max(0, min(x for x, _ in close) - 40), max(y for _, y in close)
            stretch = _marked(s[lo:hi], _shift(k_spans, lo, hi), _shift(c_spans, lo, hi))
            if _K not in stretch:  # each keyword mention overlaps one of the candidate's: no pattern holds
                continue
            if reads_as_kind_of(stretch):
                k += 1
                if example is None:
                    example = s if len(s) <= MAX_EXAMPLE_CHARS else s[:MAX_EXAMPLE_CHARS - 1] + "…"
            if _COORDINATED.search(stretch):
                c += 1
        return Said(n, k, c, example)

    def named_under(self) -> Counter[str]:
        """The names the keyword's sentences enumerate as its kinds ("insects such as bees,
        wasps and ants"), each with the number of sentences that do, as first written."""
        found: Counter[str] = Counter()
        spelling: dict[str, str] = {}
        if not self._keyword_named:
            return found
        for s, spans in zip(self.sentences, self._keyword_spans):
            heads = [sp for sp in spans if not _modifies(s, sp)]
            if not heads:
                continue
            in_sentence: dict[str, str] = {}
            for name in named_as_kinds(_marked(s, heads, [])):
                in_sentence.setdefault(name.lower(), name)
            for key, name in in_sentence.items():  # each name once a sentence, whatever its case
                found[spelling.setdefault(key, name)] += 1
        return found

    def name_share(self) -> float:
        """The share of the keyword's mentions inside its sentences (not opening one) that are
        written as a name, every word but a filler capitalised: 0.97 for "Python", 1.0 for
        "USB" and "World Wide Web", 0.0 for "router" and "Markov chain" (one capital)."""
        mentions = named = 0
        for s, spans in zip(self.sentences, self._keyword_spans):
            for start, end in spans:
                if start == 0 or not s[:start].strip():
                    continue  # a sentence's first word is capitalised whatever it is
                mentions += 1
                ws = [w for w in words_as_written(s[start:end]) if w.lower() not in _NAME_FILLERS]
                named += bool(ws) and all(w[0].isupper() for w in ws)
        return named / mentions if mentions else 0.0

    def words_before(self, phrase: str) -> Counter[str]:
        """The word just before each mention of `phrase` in the keyword's sentences, as written
        ("Ernst" of "Ernst Zermelo", "logician" of "the Swedish logician Per Martin-Löf")."""
        return self._neighbours(phrase, after=False)

    def words_after(self, phrase: str) -> Counter[str]:
        """The word just after each mention of `phrase` in the keyword's sentences, as written
        ("showed" of "Dana Scott showed that ...")."""
        return self._neighbours(phrase, after=True)

    def listed_with(self, phrase: str) -> Counter[str]:
        """The capitalised names the keyword's sentences list right beside each mention of
        `phrase`, across a comma, "and" or "or", as written ("Samuel Eilenberg" of "Samuel
        Eilenberg and Saunders Mac Lane"): its co-items, which share its kind (Widdows and
        Dorow 2002). A possessive ("Engelbart's") names what someone owns, not a co-item, on
        either side."""
        ids, c_find = self._mentioning(phrase)
        out: Counter[str] = Counter()
        for i in ids if c_find is not None else ():
            s = self.sentences[i]
            for m in _mentions(self._lower[i], c_find):
                if s[m.end():m.end() + 1] in ("'", "\u2019"):  # "Mac Lane's category theory": its owner, no item
                    continue
                before = _CO_ITEM_BEFORE.search(s, 0, m.start())
                after = _CO_ITEM_AFTER.match(s, m.end())
                for found in (before, after):
                    if found and not _POSSESSIVE.search(found.group("name")):
                        out[found.group("name")] += 1
        return out

    def _neighbours(self, phrase: str, after: bool) -> Counter[str]:
        ids, c_find = self._mentioning(phrase)
        out: Counter[str] = Counter()
        for i in ids if c_find is not None else ():
            s = self.sentences[i]
            for m in _mentions(self._lower[i], c_find):
                if after:  # a whole word after a space: not "Scott's", not "Scott-Strachey"
                    if m.end() < len(s) and s[m.end()].isspace():
                        following = s[m.end():m.end() + 40].split()
                        if following:
                            out[following[0].strip(",.;:)\"'”’")] += 1
                else:
                    before = s[max(0, m.start() - 40):m.start()].split()
                    if before and m.start() > 0 and s[m.start() - 1].isspace():
                        out[before[-1].strip("(\"'“‘")] += 1
        return out


def _shift(spans: list[tuple[int, int]], lo: int, hi: int) -> list[tuple[int, int]]:
    """The spans inside [lo, hi), as offsets from lo."""
    return [(a - lo, b - lo) for a, b in spans if lo <= a and b <= hi]
