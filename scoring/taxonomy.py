"""Does an outside taxonomy (WordNet) file a candidate under the keyword?

The page store says what pages say of themselves; WordNet says what lexicographers
filed a name under, independent of the collection. A candidate is under the keyword
when one of its noun senses reaches one of the keyword's:

- "kind": up its is-a links ("Goose" -> ... -> "bird", "Astronomy" -> "physics"),
- "part": up is-a and part-of links with at least one part-of ("Beak" -> "bird"),
- "domain": WordNet files the sense, or what it is directly a kind of, under a topic
  domain that is the keyword or a kind of it ("Relativity", "Quark" under physics;
  "normal distribution" under statistics).

The lookups go through any object with the methods of `Graph` (pipeline.wordnet.Taxonomy
has them), so the rules are tested on small graphs too.
"""
from __future__ import annotations

import os
import re
import weakref
from types import MappingProxyType
from typing import Callable, Mapping, NamedTuple, Protocol, Sequence

from pipeline.nltkdata import stopwords
from pipeline.text import (content_words, fold_accents, normalise, qualifier, singular, singular_last, without_qualifier,
                           words)

from .given_names import census_given_names

MAX_DEPTH = 20  # WordNet 3.0's deepest noun path is 19 links


# WordNet 3.0's ids (byte offsets in data.noun) of the two synsets a name's kind is read from.
PERSON = 7846  # person.n.01 "a human being"
ORGANISATION = 8008335  # organization.n.01 "a group of people who work together"
LOCATION = 27167  # location.n.01 "a point or extent in space": cities, states, countries
DISCIPLINE = 5996646  # discipline.n.01 "a branch of knowledge": the fields of study


_IS_A = frozenset({"is_a", "instance_of"})  # a kind of, or an individual of (a named person, a company)
_ANY = _IS_A | {"part_of"}


class Graph(Protocol):
    def synsets(self, name: str) -> tuple[int, ...]: ...
    def up(self, synset: int) -> tuple[tuple[int, str], ...]: ...
    def domains(self, synset: int) -> tuple[int, ...]: ...
    def down(self, synset: int) -> tuple[tuple[int, str], ...]: ...
    def members(self, domain: int) -> tuple[int, ...]: ...
    def names(self, synset: int) -> tuple[tuple[str, str], ...]: ...
    def gloss(self, synset: int) -> str: ...
    def starting_with(self, word: str) -> tuple[int, ...]: ...


def lookup_names(phrase: str) -> list[str]:
    """The names to look `phrase` up by: as written (a trailing "(...)" dropped), then its last
    word singular, then both without accents (WordNet writes "Evariste Galois"), then all of
    these without a leading "the" (a heading's "The United Nations")."""
    name = normalise(without_qualifier(phrase))
    if not name:
        return []
    out = dict.fromkeys([name, singular_last(name)])
    out.update(dict.fromkeys(fold_accents(n) for n in list(out)))
    out.update(dict.fromkeys(n[4:] for n in list(out) if n.startswith("the ") and len(n) > 4))
    return list(out)


def _lookup(graph: Graph, phrase: str) -> tuple[str, tuple[int, ...]]:
    """(the name WordNet knows `phrase` by, its noun synsets), or ("", ())."""
    for name in lookup_names(phrase):
        found = graph.synsets(name)
        if found:
            return name, found
    return "", ()


def senses(graph: Graph, phrase: str) -> tuple[int, ...]:
    """The noun synsets of the first name of `phrase` WordNet knows ("Birds" by "bird")."""
    return _lookup(graph, phrase)[1]


def senses_in_context(graph: Graph, phrase: str, context: str) -> tuple[int, ...]:
    """The noun senses of `phrase` that `context` (the keyword's own page's first paragraph)
    is about: those whose gloss or names share a content word with it (Lesk 1986).

    Every sense when none shares a word, or there is no context: a name alone does not
    say which meaning a user has in mind. "Topology" on a page that opens "In mathematics,
    topology is ..." keeps the branch of mathematics and drops the configuration of a
    communication network.
    """
    found = senses(graph, phrase)
    if len(found) < 2 or not context.strip():
        return found
    own = set(_content(phrase))
    ctx = set(_content(context)) - own
    overlap = {s: len(ctx & (set(_content(graph.gloss(s) + " " + " ".join(w for _, w in graph.names(s)))) - own))
               for s in found}
    if not any(overlap.values()):
        return found
    return tuple(s for s in found if overlap[s])


def _content(text: str) -> list[str]:
    return [singular(w) for w in content_words(text)]


# A run asks for the same synsets' ancestors over and over (each candidate's senses, the
# keyword's against each candidate, every name's kind): the answers are kept per graph, which
# does not change once built (session 38: with the two changes beside it, an Evidence stage
# 0.75-0.85x for most keywords, the same rows).
_ANCESTORS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def ancestors(graph: Graph, synset: int, via: frozenset[str] = _ANY) -> Mapping[int, bool]:
    """{synset reached going up `via` links: True if the path used a part-of link}, `synset` excluded."""
    try:
        memo = _ANCESTORS.setdefault(graph, {})
    except TypeError:  # a graph that cannot be weakly referenced or hashed: no memo
        return MappingProxyType(_ancestors(graph, synset, via))
    found = memo.get((synset, via))
    if found is None:
        found = memo[synset, via] = MappingProxyType(_ancestors(graph, synset, via))
    return found


def _ancestors(graph: Graph, synset: int, via: frozenset[str]) -> dict[int, bool]:
    seen: dict[int, bool] = {}
    frontier = [(synset, False)]
    for _ in range(MAX_DEPTH):
        nxt = []
        for node, part in frontier:
            for parent, relation in graph.up(node):
                if relation not in via:
                    continue
                through_part = part or relation == "part_of"
                if parent not in seen or (seen[parent] and not through_part):
                    seen[parent] = through_part
                    nxt.append((parent, through_part))
        if not nxt:
            break
        frontier = nxt
    return seen




def _comparable(graph: Graph, candidate: str, keyword: str,
                keyword_senses: tuple[int, ...] | None) -> tuple[set[int], tuple[int, ...]] | None:
    """(the keyword's senses, the candidate's) when both have nouns and the candidate is no synonym, else None."""
    kw = set(senses(graph, keyword) if keyword_senses is None else keyword_senses)
    cand = senses(graph, candidate)
    if not kw or not cand or set(senses(graph, keyword)).intersection(cand):
        return None
    return kw, cand


def relation(graph: Graph, candidate: str, keyword: str, keyword_senses: tuple[int, ...] | None = None) -> str | None:
    """"kind", "part" or "domain" when WordNet files `candidate` under `keyword` (module doc), else None.

    Every noun sense of both counts: the candidates co-occur with the keyword in the
    collection, which keeps a stray sense's names out. None too when either
    has no noun in WordNet or the candidate has the keyword's sense (a synonym is the
    keyword, not a sub-topic of it).
    """
    both = _comparable(graph, candidate, keyword, keyword_senses)
    if both is None:
        return None
    kw, cand = both
    found = None
    for c in cand:
        up = ancestors(graph, c)
        hits = [up[k] for k in kw if k in up]
        if hits:
            if not all(hits):  # a path of is-a links only
                return "kind"
            found = "part"
            continue
        if found is None:
            parents = [p for p, r in graph.up(c) if r in _IS_A]
            for d in {d for s in (c, *parents) for d in graph.domains(s)}:
                if d in kw or kw.intersection(ancestors(graph, d, _IS_A)):
                    found = "domain"
                    break
    return found


UNDER = frozenset({"kind", "part", "domain"})  # relation()'s answers: filed under the keyword

# A name of many noun senses is filed under the keyword by one of them, and its documents may mean
# any: "class", "score" and "cluster" are kinds of collection, "purpose" and "ambition" traits,
# "reason" and "focus" modules, in the sense of some synset, while a technical site's pages use
# the words in their own. Session 84, over version 225's judged top 10s of the shared collection:
# places WordNet filed under the keyword were hits in 0.91 of 1,323 whose name has one noun sense,
# 0.77 (2 senses), 0.75 (3) and 0.49 of 191 with 4 or more (0.40 of 142 where WordNet alone offered
# the name); on the Rust book (blind, mdBook) 19 of its 30 WordNet-only places had 4 or more
# senses, all misses. Four is where the share falls under one half, not a fitted value.
POLYSEMY = 4


def polysemous(graph: Graph, name: str) -> bool:
    """True if WordNet has POLYSEMY or more noun senses of the name: it cannot say which one a
    document means."""
    return len(senses(graph, name)) >= POLYSEMY


def placement(graph: Graph, candidate: str, keyword: str, keyword_senses: tuple[int, ...] | None = None) -> str | None:
    """Where WordNet files `candidate` against `keyword`: relation()'s "kind", "part" or
    "domain" (under it), or "ambiguous" when it is so filed but its name has POLYSEMY or more
    senses (no tie: `polysemous`); else "above" when the keyword is filed under the candidate (a
    broader term: "Fauna" for "mammals") or "sibling" when a sense of each is filed
    directly under one parent ("Political science" beside "sociology", both social
    sciences); else None. Co-hyponyms are the classic sibling signal; a taxonomy puts
    them beside the keyword, not under it."""
    found = relation(graph, candidate, keyword, keyword_senses)
    if found is not None and polysemous(graph, candidate):
        return "ambiguous"
    both = _comparable(graph, candidate, keyword, keyword_senses) if found is None else None
    if both is None:
        return found
    kw, cand = both
    if any(not ancestors(graph, k).keys().isdisjoint(cand) for k in kw):  # each keyword sense's ancestors once
        return "above"
    kw_parents = {p for k in kw for p, r in graph.up(k) if r in _IS_A}
    if any(p in kw_parents for c in cand for p, r in graph.up(c) if r in _IS_A):
        return "sibling"
    return None


def descendants(graph: Graph, synset: int, via: frozenset[str] = _ANY) -> set[int]:
    """Every synset below `synset` going down `via` links (its kinds, their parts, ...), itself excluded."""
    seen: set[int] = set()
    stack = [synset]
    while stack:
        for child, relation_ in graph.down(stack.pop()):
            if relation_ in via and child not in seen:
                seen.add(child)
                stack.append(child)
    seen.discard(synset)
    return seen


def below(graph: Graph, keyword: str, keyword_senses: tuple[int, ...] | None = None) -> set[int]:
    """The synsets WordNet files under the keyword that a run offers as candidates: its
    kinds (all the way down), the direct parts of it and of its kinds, and the members of
    its topic domains (the keyword's and its kinds') with their direct kinds.

    Parts one level down only: going on down part-of links walks member links from a
    class to every genus and species ("biology" is also "biota", all the life of a
    region), thousands of names to count for nothing `relation` would not give anyway.
    """
    kw = set(senses(graph, keyword) if keyword_senses is None else keyword_senses)
    out: set[int] = set()
    for k in kw:
        kinds = descendants(graph, k, _IS_A) | {k}
        for x in kinds:
            out.add(x)
            out.update(c for c, r in graph.down(x) if r == "part_of")
            for m in graph.members(x):
                out.add(m)
                out.update(c for c, r in graph.down(m) if r in _IS_A)
    return out - set(senses(graph, keyword))


def kind_of(graph: Graph, synset: int) -> str:
    """"person" or "organisation" when WordNet makes the synset a kind or instance of one, else "concept"."""
    up = ancestors(graph, synset, _IS_A)
    if PERSON in up:
        return "person"
    if ORGANISATION in up:
        return "organisation"
    return "concept"


def name_kind(graph: Graph, phrase: str) -> str:
    """"person" or "organisation" when every noun sense WordNet has for the name is a
    proper noun of one ("Einstein", also "an Einstein", a genius; "NATO"), else "concept"
    ("Newton" is also the unit of force).

    Proper nouns only, in WordNet and as written (capitalised): a role ("user", "assistant") is a
    kind of person and "military" a kind of organisation, but each names a concept.
    """
    if not any(ch.isupper() for ch in phrase):  # written as a common noun ("cis", not "CIS")
        return "concept"
    name, found = _lookup(graph, phrase)
    kinds = {kind_of(graph, s) if any(n == name and w[:1].isupper() for n, w in graph.names(s)) else "concept"
             for s in found}
    return kinds.pop() if len(kinds) == 1 else "concept"


def not_a_noun(graph: Graph, written: str) -> bool:
    """True for one word written in lower case that WordNet has no noun sense of: an
    adjective or a verb ("relational", "mutable"), which names no concept on its own.

    A capitalised word may be a name WordNet lacks ("Debian"), and several words a term
    it lacks ("cloud infrastructure"): both are left to the counts.
    """
    ws = written.split()
    return len(ws) == 1 and written.islower() and not senses(graph, written)


PRACTITIONER_PREFIX = 5  # letters a practitioner's name shares with the field's ("psycholog...")


def practitioner(graph: Graph, written: str, keyword: str, people_asked: bool | None = None,
                 page_title: str = "", page_genus: Sequence[str] = ()) -> bool:
    """True for a name every WordNet sense of which is a kind of person, written as a common
    noun or named after the keyword: who practises or uses something ("physicists",
    "composer", "Neuroscientists", "Users"; "Psychologist" for "psychology"), a person, not
    a part of the field.

    Written as a common noun means in lower case, or capitalised and plural as list items
    are: a capitalised singular may be a name WordNet also has as a role ("Git", "Commodore",
    "Copycat"), unless it shares its first PRACTITIONER_PREFIX letters with a word of the
    keyword. When the keyword is itself a kind of person ("computer scientist") its
    sub-kinds are what the user asked for, and stay concepts (`people_asked`, names_people's
    answer when the caller has read the keyword's page). WordNet 3.0 knows some terms
    only as roles ("estimator", "mod"): they go with the people too, a known loss; of the
    judged candidates so typed (sessions 3-22) none was a hit, eleven were misses.

    A title's qualifier says which sense it is: "more (command)" and "deb (file format)" are
    no people, though every sense of "more" and "deb" is one (_qualified_as_other); and so does
    the first sentence of the candidate's own page (`page_title`, `page_genus`: its genus heads),
    as names_people reads the keyword's: "Git is a distributed version-control system",
    "promoter: a region of DNA", "loader ... the part of an operating system" (_page_says_people).
    """
    ws = words(written)
    if not ws or len(ws) > 3 or _qualified_as_other(graph, written):
        return False
    if _page_says_people(graph, without_qualifier(written), page_title, page_genus) is False:
        return False
    if not only_people(graph, senses(graph, written)):
        return False
    named_after = len(ws) == 1 and any(len(os.path.commonprefix([ws[0], k])) >= PRACTITIONER_PREFIX
                                       for k in words(keyword))
    common = written.islower() or (written[:1].isupper() and written[1:].islower() and written.endswith("s"))
    if not (named_after or common):
        return False
    return not (names_people(graph, keyword) if people_asked is None else people_asked)


def only_people(graph: Graph, synsets: Sequence[int]) -> bool:
    """True if there are senses and every one of them is a kind of person."""
    return bool(synsets) and all(kind_of(graph, s) == "person" for s in synsets)


def _qualified_as_other(graph: Graph, written: str) -> bool:
    """True if `written` ends with a qualifier naming something other than a person: "(command)",
    "(file format)", "(Unix)"; not "(programmer)", nor a plural's "(s)" ("customer(s)")."""
    said = qualifier(written)
    return len(said) >= 3 and not only_people(graph, senses(graph, said))


def names_people(graph: Graph, keyword: str, page_title: str = "", page_genus: Sequence[str] = ()) -> bool:
    """True if every WordNet sense of the keyword is a kind of person ("computer scientist",
    "mathematicians"): then people are its instances, what the user asked for.

    Not one person ("Plato", an instance of a philosopher: the people his page names are
    others, not kinds of him), nor a keyword the collection's page titled with it calls
    something else (`page_genus`, the heads of what its first sentence says it is: "Git is a
    distributed version-control system", though WordNet's only git is a worthless person).
    """
    own = senses(graph, keyword)
    if not own or any(kind_of(graph, s) != "person" or _individual(graph, s) for s in own):
        return False
    said = _page_says_people(graph, keyword, page_title, page_genus)
    return True if said is None else said


def _page_says_people(graph: Graph, name: str, page_title: str, page_genus: Sequence[str]) -> bool | None:
    """What the first sentence of the page titled as `name` calls it: True if a kind of person
    (a genus head WordNet files under people, or "person" itself), False if anything else, None
    without such a page or genus."""
    if not page_genus or singular_last(normalise(without_qualifier(page_title))) != singular_last(normalise(name)):
        return None
    return any(h in _PEOPLE_WORDS or any(kind_of(graph, s) == "person" for s in senses(graph, h)) for h in page_genus)


_PEOPLE_WORDS = frozenset({"person", "people", "human", "humans"})  # WordNet's top of people, not under it


def names_a_discipline(graph: Graph, phrase: str) -> bool | None:
    """True if a WordNet noun sense of the name is a field of study ("algebra", "history",
    "ethics"), False if WordNet knows the name but none of its senses is one ("causality",
    "cognition", "plato"), None if WordNet does not know it."""
    own = senses(graph, phrase)
    if not own:
        return None
    return any(DISCIPLINE in ancestors(graph, s, _IS_A) for s in own)


def _individual(graph: Graph, synset: int) -> bool:
    """True for a synset WordNet files as an instance ("Plato"), not a kind."""
    return any(rel == "instance_of" for _, rel in graph.up(synset))


# Words that open a WordNet name of a person without being anyone's given name: honorifics
# and titles ("Saint Peter", "King Lear"), name particles ("de Gaulle", "van Gogh", "ibn
# Sina") and function words. A closed class of English (and name-particle) words.
NOT_GIVEN_NAMES = frozenset({
    "saint", "st", "sir", "dame", "king", "queen", "pope", "lord", "lady", "prince", "princess", "emperor",
    "empress", "tsar", "czar", "sultan", "shah", "caliph", "pharaoh", "baron", "count", "countess", "duke",
    "duchess", "earl", "marquis", "general", "admiral", "captain", "colonel", "major", "president", "chief",
    "mother", "father", "brother", "sister", "uncle", "aunt", "doctor", "dr", "mr", "mrs", "ms", "miss",
    "reverend", "rabbi", "imam", "mahatma", "don", "dona", "el", "al", "de", "da", "di", "du", "des", "del",
    "della", "le", "la", "les", "van", "von", "der", "den", "ter", "ibn", "bin", "ben", "abu", "mac", "o",
    "the", "a", "an", "of", "and", "big", "little", "old", "young", "black", "red", "great",
})


def given_name(graph: Graph, word: str) -> bool:
    """True if WordNet names an individual person with `word` as the first of several words
    ("george" of "George Boole", "evariste" of "Evariste Galois"): a given name; not a
    title or a role, which WordNet has as a common noun for a kind of person ("commodore")."""
    word = fold_accents(word.lower())
    if word in NOT_GIVEN_NAMES or _role(graph, word):
        return False
    return any(_individual(graph, s) and kind_of(graph, s) == "person" for s in graph.starting_with(word))


def _written(graph: Graph, word: str, capitalised: bool) -> list[int]:
    """The synsets naming `word` (accents folded) written capitalised, or in lower case."""
    word = fold_accents(word.lower())
    return [s for s in graph.synsets(word)
            if any(name == word and written[:1].isupper() == capitalised for name, written in graph.names(s))]


def _role(graph: Graph, word: str) -> bool:
    # A common noun that only ever means a kind of person opens names as a title: "Commodore
    # Perry", "Captain Cook". "John" (also a toilet) and "Jack" (also a tool) stay given names;
    # titles with other senses ("king", "general") are in NOT_GIVEN_NAMES.
    return only_people(graph, _written(graph, word, capitalised=False))


def common_noun(graph: Graph, word: str) -> bool:
    """True if WordNet has `word` as a noun written in lower case ("hopper", "church")."""
    return bool(_written(graph, word, capitalised=False))


def known_otherwise(graph: Graph, written: str) -> bool:
    """True for a name of several words that WordNet has whole, capitalised, and never as a
    person: "Hong Kong", "Solomon Islands", "Roman Catholicism", "Crimean War" open with a given
    name or are listed beside people, and name a place, a faith, a war."""
    return (len(written.split()) > 1 and bool(_written(graph, written, capitalised=True))
            and not proper_person(graph, written))


def reads_as_person(graph: Graph, written: str) -> bool:
    """True for a name of two or three capitalised words, initials aside, that opens with a
    given name (given_name, census_given_name) and ends with a surname that is no common
    noun: "George Dantzig", "Émile Borel", "Edmund M. Clarke".

    For names no page of the collection describes: WordNet's 7,000 people and the Census
    give the given names, the surname tells a person ("Warren McCulloch") from a thing named
    after one ("Victoria Falls": falls are common nouns), unless WordNet also knows the
    surname as a person's ("Alexander Bell": a bell rings, and Bell invented the telephone).
    """
    ws = fold_accents(written).split()
    if len(ws) < 2 or len(ws) > 4 or known_otherwise(graph, written):
        return False
    spelled = [ws[0], *(w for w in ws[1:-1] if not _INITIAL.fullmatch(w)), ws[-1]]
    if not 2 <= len(spelled) <= 3 or not all(w[:1].isupper() and w[1:2].islower() for w in spelled):
        return False
    last = ws[-1].strip(",.")
    return ((given_name(graph, ws[0]) or census_given_name(graph, ws[0]))
            and (not common_noun(graph, last) or proper_person(graph, last)))


_INITIAL = re.compile(r"[A-Z]\.")  # a middle initial: "Edmund M. Clarke"

# A bibliography's order, surname first: "Arora, Sanjeev", "Garey, Michael R.", "Odifreddi,
# P.", "Knuth, D. E.". One or two capitalised words (a hyphen inside), a comma, then a given
# name and initials, or spaced initials alone. "Washington, D.C." (initials unspaced),
# "Pixel, Pixel XL" (two words after the comma) are not so written.
_SURNAME_FIRST = re.compile(r"(?P<surname>[A-Z][a-z][\w'\u2019-]*(?: [A-Z][a-z][\w'\u2019-]*)?),\s+"
                            r"(?P<given>[A-Z][a-z][\w'\u2019-]*(?:\s[A-Z]\.)*|[A-Z]\.(?:\s[A-Z]\.)*)")


class CitedName(NamedTuple):
    """A name written surname first, read (cited_as_author)."""

    surname: str   # "Arora"
    reading: str   # the name in reading order, "Sanjeev Arora"
    sure: bool     # initials or a known given name after the comma; else the collection must confirm it


def cited_as_author(graph: Graph, written: str) -> CitedName | None:
    """The name read, for a name written as a bibliography writes an author's, surname first
    ("Arora, Sanjeev" -> CitedName("Arora", "Sanjeev Arora", False)), else None.

    After the comma: initials or a given name (given_name, census_given_name): sure; or a word
    WordNet has no sense of ("Sanjeev", "Christos", but also "Oxfordshire"): not sure, the
    collection must write the name in reading order too. A common noun or a place WordNet
    knows is no given name: "Austin, Texas", "Dulles, Virginia" (a state as well as Virginia
    Woolf's given name) and "Lisp, Scheme" are not authors. The surname is no common noun,
    unless WordNet has it as a person's ("Bell").
    """
    m = _SURNAME_FIRST.fullmatch(fold_accents(written.strip()))
    if m is None:
        return None
    surname, given = m.group("surname"), m.group("given")
    first = given.split()[0]
    if any(common_noun(graph, w) and not proper_person(graph, w) for w in surname.split()):
        return None
    reading = f"{given} {surname}"
    if _INITIAL.fullmatch(first):
        return CitedName(surname, reading, True)
    if common_noun(graph, first) or any(LOCATION in ancestors(graph, s, _IS_A)
                                        for s in _written(graph, first, capitalised=True)):
        return None
    if given_name(graph, first) or census_given_name(graph, first):
        return CitedName(surname, reading, True)
    return CitedName(surname, reading, False) if not senses(graph, first) else None


def census_given_name(graph: Graph, word: str) -> bool:
    """True if the 1990 US Census lists `word` as a first name and WordNet has no other use
    for it: no common noun ("victor", "gene", "cliff") and no name of anything but people
    ("German", "Daisy Bell"'s daisy is a flower)."""
    word = fold_accents(word.lower())
    return (word in census_given_names() and word not in NOT_GIVEN_NAMES
            and not _written(graph, word, capitalised=False)
            and all(kind_of(graph, s) == "person" for s in _written(graph, word, capitalised=True)))


# How often the collection must write a one-word name after one given name ("Ernst
# Zermelo") before the name is read as that person's surname: once could be a coincidence
# of two names ("Kit Oracle").
GIVEN_NAME_MENTIONS = 2


# Verbs of saying and proving: what the sentences have a person, not a thing, do right
# after the name ("Dana Scott showed that", "Ulric Neisser coined the term"). Past tense
# only, as a person's work is reported; "introduced", "proposed", "developed" are left
# out: languages, companies and standards do those too.
PERSON_VERBS = frozenset({"argued", "asserted", "believed", "claimed", "coined", "conjectured", "hypothesized",
                          "hypothesised", "insisted", "postulated", "proved", "realized", "realised", "recalled",
                          "remarked", "said", "showed", "speculated", "stated", "wrote"})


def introduced_as_person(graph: Graph, written: str, before: Mapping[str, int],
                         after: Mapping[str, int] | None = None) -> bool:
    """True if the sentences that name the keyword introduce `written` as a person: a surname
    written after one given name at least GIVEN_NAME_MENTIONS times ("Ernst Zermelo" for
    "Zermelo"), or a full name (reads_as_person's form, no word a common noun) after a word
    that only ever means a kind of person ("logician Per Martin-Löf", "economist Oskar
    Morgenstern") or before a verb of saying or proving (PERSON_VERBS: "Dana Scott showed
    that"). `before` and `after` count the words written just before and after each
    mention (hearst.SentencePool.words_before, words_after).

    For names no page describes, where the name alone says too little. One word must read as a
    surname (_surname), or follow the given name in at least half its mentions: list items and
    compounds put a given name before many a common noun ("Rocky Horror", "First General", "Art
    Museums").
    """
    ws = fold_accents(written).split()
    if not ws or not all(w[:1].isupper() and w[1:2].islower() for w in ws):
        return False
    if len(ws) == 1:
        given = [n for w, n in before.items() if n >= GIVEN_NAME_MENTIONS and w[:1].isupper() and w[1:].isalpha()
                 and w[1:].islower() and len(w) > 2 and given_name(graph, w)]
        # A common noun is a surname where a given name comes before most of its mentions:
        # "Georg Cantor" (a cantor sings; WordNet lacks the mathematician).
        return bool(given) and (_surname(graph, ws[0]) or 2 * max(given) >= sum(before.values()))
    nouns = [common_noun(graph, w.strip(",.")) for w in ws]
    if len(ws) > 3 or (any(nouns) and not _given_then_noun(graph, ws, nouns)) or known_otherwise(graph, written):
        return False
    roles = {_as_role(w) for w in before}  # "the inventor, Kristen Nygaard", "Designer(s) Shigeru Miyamoto"
    if any(w.isalpha() and w.islower() and len(w) > 3 and _role(graph, w) for w in roles):
        return True
    if any(nouns):  # a role word alone reads a surname that is a common noun
        return False
    # A verb is weaker evidence than a role noun: no word may be a common noun's plural
    # either ("Microsoft Windows showed ...").
    return (any(w in PERSON_VERBS for w in (after or {}))
            and not any(common_noun(graph, singular(w.strip(",.").lower())) for w in ws))


def _surname(graph: Graph, word: str) -> bool:
    """True if one word can be a surname a given name introduces: a name WordNet has, capitalised,
    for some individual person ("Ohm", "Berkeley", "Land"), or a word it has not at all ("Zermelo",
    "Fraenkel"); not a common noun or its plural ("Rocky Horror", "Holy Romans", "Art Museums"), nor
    a name WordNet knows only as something else ("Jersey England")."""
    known = _written(graph, word, capitalised=True)
    if known:
        return any(_individual(graph, s) and kind_of(graph, s) == "person" for s in known)
    return not common_noun(graph, word) and not ends_in_a_plural(graph, word)


def _as_role(word: str) -> str:
    """A word before a name as a role word would read: without its comma, and an infobox's label in
    lower case ("Designer(s)" -> "designer"). Any other capitalised word stays as written: it is
    as often the end of the name before ("NHL Hockey Player, Boston Bruins", "Xfce Power Manager
    Xfce Screensaver") as a role."""
    word = word.rstrip(",")
    label = word.removesuffix("(s)")
    return label.lower() if label != word and label[:1].isupper() and label[1:].islower() else word


def _given_then_noun(graph: Graph, ws: Sequence[str], nouns: Sequence[bool]) -> bool:
    """True for a given name and a surname that is a common noun in the singular ("Brigitte
    Helm", "Michael Dell", "Ronald Fisher"): a person's name when a role word comes before it;
    not "Victoria Falls" (a plural), nor "Victor Scheinman" (a victor is a thing too)."""
    last = ws[-1].strip(",.").lower()
    return (len(ws) == 2 and nouns == [False, True] and singular(last) == last
            and (given_name(graph, ws[0]) or census_given_name(graph, ws[0])))


def person_shaped(graph: Graph, written: str) -> bool:
    """True if `written` could be a person's full name by its form alone: two or three
    capitalised words, initials aside ("Saunders Mac Lane", "Chih-Tang Sah"), opening with a
    word that is neither a function word nor a common noun nor WordNet's name of anything but
    a person ("The Humanoid Project", "World Chess Champion", "British Museum"), not
    ending with a common noun's plural, as bodies are named ("Aardman Animations"), and not
    a name WordNet has whole as something else ("Crimean War": known_otherwise)."""
    ws = [w for w in fold_accents(written).split() if not _INITIAL.fullmatch(w)]
    if not 2 <= len(ws) <= 3 or not all(w[:1].isupper() and w[1:2].islower() and w[-1].isalpha() for w in ws):
        return False  # "Menlo Park, California": a place and its state
    if known_otherwise(graph, written):
        return False
    first = ws[0].lower()
    if first in stopwords() or common_noun(graph, first) or not all(
            kind_of(graph, s) == "person" for s in _written(graph, first, capitalised=True)):
        return False
    return not ends_in_a_plural(graph, written)


def ends_in_a_plural(graph: Graph, written: str) -> bool:
    """True if the name's last word is a common noun's plural, as bodies and places are named
    ("Aardman Animations", "Gilbert Islands"), not people."""
    last = fold_accents(written).split()[-1].lower() if written.split() else ""
    return singular(last) != last and common_noun(graph, singular(last)) and not common_noun(graph, last)


# The names the keyword's sentences list beside a name that say it is a person: at least
# one person, and more people than names of anything else (hearst.SentencePool.listed_with).
# Session 66, over every candidate of the 1,454 judged keywords: 143 person-shaped names with
# no page so listed ("Samuel Eilenberg and Saunders Mac Lane", "Georg Cantor and Richard
# Dedekind"), 140 of them people (the others: "Principia Mathematica", a book, beside its
# authors, three times); the judged ones were all misses as concepts, but where the keyword
# asks for people ("Edward Sapir" for linguist), who stay concepts (kinds.kind_asked_for).
def listed_among_people(graph: Graph, written: str, listed: Mapping[str, int],
                        person: Callable[[str], bool | None]) -> list[str]:
    """The people the keyword's sentences list `written` beside, when they say it is a person
    too, else []. `person` says whether a name is a person's (True), something else's (False)
    or unknown (None); a co-item that opens a sentence may carry a common noun or a function
    word before the name ("Mathematicians Samuel Eilenberg"), so the rest is asked too."""
    if not person_shaped(graph, written):
        return []
    people, others = [], 0
    for listed_name in listed:
        name = listed_name.rstrip(".")
        verdict = person(name)
        ws = name.split()
        if verdict is None and len(ws) > 2 and _before_a_name(graph, ws[0]):
            # "Mathematicians Samuel Eilenberg", "The Samuel Eilenberg": a common noun or a
            # function word before a name; not "Panama Santo Domingo", two names run together.
            name = " ".join(ws[1:])
            verdict = person(name)
        if verdict:
            people.append(name)
        elif verdict is False:
            others += 1
    return people if len(people) > others else []


def listed_among_others(listed: Mapping[str, int], person: Callable[[str], bool | None]) -> bool:
    """True if the keyword's sentences list a name beside more names of things than of people, two
    at least (`person` as for listed_among_people): "Lua" beside Python, Ruby and Perl, whatever an
    infobox's list put before it ("Julia Lua")."""
    verdicts = [person(name.rstrip(".")) for name in listed]
    others = sum(v is False for v in verdicts)
    return others >= 2 and others > sum(v is True for v in verdicts)


def _before_a_name(graph: Graph, word: str) -> bool:
    """True if `word`, capitalised as a sentence opens, is a function word or a common noun
    (in the plural too: "Mathematicians"), so the name may start after it."""
    low = fold_accents(word).lower()
    return low in stopwords() or common_noun(graph, low) or common_noun(graph, singular(low))


def proper_person(graph: Graph, word: str) -> bool:
    """True if WordNet has `word`, capitalised, as the name of an individual person ("Bell", "Watt")."""
    return any(kind_of(graph, s) == "person" for s in _written(graph, word, capitalised=True))


def describe(kind: str | None) -> str:
    """The relation in words, for the report."""
    return {"kind": "a kind of the keyword", "part": "a part of the keyword (or of a kind of it)",
            "domain": "a term of the keyword's domain", "sibling": "filed beside the keyword, under the same parent",
            "above": "the keyword is filed under it"}.get(kind or "", "")
