"""Where the default method's candidates come from, apart from the mined lists: which stored page
is the keyword's own (or a candidate's), the concepts pages define through the keyword, the names
the keyword's page gives (section headings, link anchors) and the names WordNet files under it.
Pure functions of what the pipeline read (pipeline.evidence_stage does the reading); the factors
and the score are scoring.evidence's."""
from __future__ import annotations

from typing import Callable, Sequence

from pipeline.search import MAX_TWIN_WORDS
from pipeline.store import numbering_depth, title_name
from pipeline.text import contains_phrase, name_marks, normalise, qualifier, singular_last, without_qualifier, words

from .evidence import MAX_NAME_WORDS, MIN_NAME_CHARS
from .kinds import kind_of_page
from .lead import (DEFINING_SENTENCES, defining_sentence, genus_of, gloss_as_sentence, is_disambiguation, names_a_field,
                   opens_on, says_is_a)
from .names import concept_key, names_a_list, part_of_keyword
from .taxonomy import below, kind_of


def by_sense(pages: list[tuple[str, str, str]], keyword: str,
             count: Callable[[Sequence[str]], int]) -> list[tuple[str, str, str]]:
    """`pages` about the keyword (pages_about's rows), its senses in the order the collection uses them.

    With no page titled exactly so, a name of several meanings has only qualified pages
    ("Android (robot)", "Android (operating system)"), in store order; the one whose
    qualifier the keyword's documents name most often ("operating system": 322 documents
    with "android", "robot": 49) is the sense the collection, and so the run's pages, are
    about. Before that, a name in the singular, as a wiki titles a thing: "String (computer
    science)" for "string" or "strings" before "Strings (Unix)", a command (a plural title
    names a class or, as there, a name), which "unix" beside "string" would otherwise put
    first; "Bird" for "birds" before "Birds (film)". Exact titles keep their place first;
    ties keep store order.
    """
    key = normalise(keyword)
    exact = [p for p in pages if normalise(title_name(p[1])) == key]
    if exact or len(pages) < 2:
        return pages
    def uses(page: tuple[str, str, str]) -> int:
        q = qualifier(title_name(page[1]))
        return count([keyword, q]) if words(q) else 0
    weights = {p[0]: uses(p) for p in pages}
    one = singular_last(key)
    in_singular = {p[0] for p in pages if normalise(without_qualifier(title_name(p[1]))) == one}
    return sorted(pages, key=lambda p: (p[0] not in in_singular, -weights[p[0]]))


def choose_page(pages: list[tuple[str, str, str]], keyword: str,
                within: int | None = DEFINING_SENTENCES) -> tuple[str, str, str, str | None] | None:
    """(url, title, lead, defining sentence or None) of the page that speaks for a candidate.

    `pages` are (url, title, lead), the exact title first, then qualified ones ("Kernel
    (operating system)"): the first whose lead defines the candidate through the keyword
    (in its first `within` sentences), else the first page. A name with several meanings
    is judged by the one that concerns the keyword. The keyword's own page is found with
    `within=None`: its lead may name its subject late ("... These factors contributed to
    the emergence of the philosophy of artificial intelligence."). A disambiguation page
    ("AI may refer to: ...") speaks for none of the meanings it lists: never chosen.
    """
    pages = [p for p in pages if not is_disambiguation(p[1], p[2])]
    for url, title, lead in pages:
        sentence = defining_sentence(lead, keyword, within)
        if sentence is not None:
            return url, title, lead, sentence
    return (*pages[0], None) if pages else None


def marked_alike(pages: list[tuple[str, str, str]], written: str) -> list[tuple[str, str, str]]:
    """The pages whose title's name carries the marks `written` carries (pipeline.text.name_marks),
    else, for a name with marks no title carries, those whose title has none. The index reads "C",
    "C++" and "C#" as one word and "humanities" as "Humanity+": a title's marks name something else
    ("C++" is no page of "C"), while a name's marks may be what no title here spells ("C#", whose
    page is "C Sharp (programming language)"; its counts are "c"'s)."""
    def marks_of(page: tuple[str, str, str]) -> str:
        return name_marks(without_qualifier(title_name(page[1])))
    wanted = name_marks(written)
    alike = [p for p in pages if marks_of(p) == wanted]
    return alike if alike or not wanted else [p for p in pages if not marks_of(p)]


def titled_as(title: str, keyword: str) -> bool:
    """True if a page's title names the keyword itself, or the keyword and its twin
    (pipeline.search.MAX_TWIN_WORDS), plurals, a qualifier and a table of contents'
    numbering aside ("Chapter 11. Indexes" for "index", "Backup and Restore" for "backup")."""
    name, kw = concept_key(title_name(title)), concept_key(keyword)
    twin = len(name) - len(kw) - 1
    return (name == kw or (name[:len(kw) + 1] == (*kw, "and") and 0 < twin <= MAX_TWIN_WORDS)
            or is_chapter_on(title, keyword))


def is_chapter_on(title: str, keyword: str, depth: int = 1) -> bool:
    """True if a manual's chapter is titled with the keyword among more words ("Chapter 14.
    Performance Tips" for "performance"): a numbered chapter only, which Wikipedia has none of;
    with `depth` 2, a chapter's numbered section ("4.2. References and Borrowing" for "borrowing")."""
    name, kw = concept_key(title_name(title)), concept_key(keyword)
    return numbering_depth(title) == depth and len(name) > len(kw) and contains_phrase(list(name), list(kw))


def keyword_chapter(holding: Sequence[tuple[str, str, str]], keyword: str) -> tuple[tuple[str, str, str] | None, str]:
    """The one page of (url, title, lead) rows titled with the keyword among more words that is
    the keyword's page, and how it was found: the one numbered chapter on it ("chapter"), else
    the one page whose first sentence says what the keyword is ("opening": "Vectorization and
    Faster Code Execution": "Vectorization is a programming technique ..."), else, when no
    chapter's title holds the keyword, the one numbered section whose title does ("section":
    "4.2. References and Borrowing" for "borrowing"); (None, route) when none or several are.
    An index-like page is no chapter on the keyword even when it opens on it ("List Of Virtual
    Tables": "A virtual table is ..." beside "The Virtual Table Mechanism Of SQLite"): it lists
    kinds, the other page describes the thing."""
    holding = [p for p in holding if not names_a_list(title_name(p[1]))]
    chapters = [p for p in holding if is_chapter_on(p[1], keyword)]
    if len(chapters) == 1:
        return chapters[0], "chapter"
    openings = [p for p in holding if opens_on(p[2], keyword)]
    if len(openings) == 1 or chapters:
        # Two chapters holding the keyword say it is broader than either, and so than their sections.
        return (openings[0] if len(openings) == 1 else None), "opening"
    # A manual names a subject its chapter's part treats in the section's title (scikit-learn's
    # "6.4. Imputation of missing values"): the one such section is the keyword's page, two say
    # it is broader (the Rust book's borrowing, titled so in each of its editions).
    sections = [p for p in holding if is_chapter_on(p[1], keyword, depth=2)]
    return (sections[0], "section") if len(sections) == 1 else (None, "opening")


def definition_candidates(keyword: str, pages: list[tuple[str, str, str]],
                          persons_name: Callable[[str], bool] | None = None, glossary: bool = False) -> list[dict]:
    """Concepts whose own page defines them through the keyword, from (url, title, lead) rows,
    or (url#anchor, term, description) rows of glossary entries if `glossary`.

    A page whose first paragraph mentions the keyword ("Automated reasoning is an area of
    computer science ... artificial intelligence") names a concept described in terms of
    the keyword, listed or not. The phrase is the title's name without a trailing
    disambiguation ("Android (robot)" -> "Android": what running text calls it and hit
    counts count); the display keeps it. Index-like pages (lists, outlines, glossaries,
    comparisons, timelines), the keyword itself and parts of it are left out; copies of
    one title count once (the first page, in store order). A glossary's description is read
    as its term's first sentence (lead.gloss_as_sentence: "A branch of ecology ..." says what
    "Community ecology" is); the defining sentence quoted is the description's own.
    """
    key = normalise(keyword)
    seen: set[str] = set()
    out = []
    for url, title, lead in pages:
        display = title_name(title)
        phrase = without_qualifier(display)
        norm = normalise(phrase)
        if (not norm or norm in seen or norm == key or names_a_list(display)
                or len(norm.split()) > MAX_NAME_WORDS or part_of_keyword(phrase, keyword)):
            continue
        sentence = defining_sentence(lead, keyword)
        if sentence is None:
            continue
        seen.add(norm)
        # kinds.kind_of_page reads a description as its proper name's predicate itself; a common
        # noun's ("central bank": "The institution that ...") names a kind, not an organisation.
        read = gloss_as_sentence(display, lead) if glossary else lead
        kind = kind_of_page(lead, title, persons_name)
        out.append({"phrase": norm, "display": display, "page": url, "defining_sentence": sentence,
                    "kind": kind.kind, "kind_because": kind.because, "is_a": says_is_a(read, keyword),
                    "field": names_a_field(read), "genus": genus_of(read)})
    return out


def page_name_candidates(keyword: str, names: list[str], known: set[str]) -> list[dict]:
    """Concepts named on the keyword's own page: its section headings or its links' anchor texts.

    The page about the keyword divides it into parts ("Hidden Markov models" on "Speech
    recognition", "Unit testing" on "Software testing") and points its reader to the
    concepts it uses ("head-mounted display" on "Virtual reality"), listed or not on the
    mined pages. The phrase is the name without a trailing qualifier, normalised; the
    display keeps it as written. Left out: names with a digit (dates: "1970-1990") or of
    more than MAX_NAME_WORDS words, the keyword and parts of it, names of list pages, and
    phrases already in `known` (mined or defined candidates), each name once.
    """
    key = normalise(keyword)
    out, seen = [], set(known)
    for title in names:
        phrase = normalise(without_qualifier(title))
        if (not phrase or phrase in seen or phrase == key or any(ch.isdigit() for ch in title)
                or len(phrase.split()) > MAX_NAME_WORDS or part_of_keyword(title, keyword)
                or names_a_list(title)):
            continue
        seen.add(phrase)
        out.append({"phrase": phrase, "display": title})
    return out


def taxonomy_candidates(graph, keyword: str, known: set[str], keyword_senses: tuple[int, ...] | None = None) -> list[dict]:
    """Names WordNet files under the keyword (scoring.taxonomy.below), one entry per synset.

    Each entry holds the synset, its kind read from WordNet (scoring.taxonomy.kind_of)
    and its usable names as (phrase, as written): not in `known` (candidates already),
    not the keyword or part of it, at least MIN_NAME_CHARS characters, no digit, at most MAX_NAME_WORDS words, no list page's
    name. Which name stands for the synset is for the hit counts to say (the one the
    collection uses with the keyword most: pipeline.evidence_stage).
    """
    out = []
    for synset in sorted(below(graph, keyword, keyword_senses)):
        names = [(phrase, written) for phrase, written in graph.names(synset)
                 if phrase not in known and len(phrase) >= MIN_NAME_CHARS and not any(ch.isdigit() for ch in phrase)
                 and len(phrase.split()) <= MAX_NAME_WORDS and not part_of_keyword(written, keyword)
                 and not names_a_list(written)]
        if names:
            out.append({"synset": synset, "kind": kind_of(graph, synset), "names": names})
    return out
