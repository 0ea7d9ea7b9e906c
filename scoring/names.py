"""What a candidate's name says of it: a fragment, a list page, a kind or part of the keyword, one
concept under several names.

Pure functions of the names as written (plurals folded by `pipeline.text.singular`); the
default ranking (`scoring.evidence`) reads its facts from them.
"""
from __future__ import annotations

import functools
import re

from pipeline.store import title_name
from pipeline.text import (compound_groups, contains_phrase, normalise, phrase_starts, qualifier, singular, singular_words, stem, stemmed,
                           without_qualifier, words, words_as_written)

from .lexicon import (API_PART_NAMES, BRITISH_WORDS, CLASS_PREPOSITIONS, CONTRAST_ENDS, DESCRIPTION_WORDS,
                      DOCUMENT_PART_HEADS, DOUBLED_L_STEMS, FRAGMENT_ENDS, NOT_KIND_MODIFIERS, RELEASE_NOTE_PARTS, STUDY_HEADS)

# Pages that list or compare rather than describe one thing: their title names no concept.
# "Machine vision glossary": a glossary named the other way round is as much an index page, and
# so is a wiki's "Boolean algebra topics" (its "List of ... topics" pages; session 65: all 4
# judged names ending in "topics" were misses, "Requirements analysis topics", "Major topics"; a
# heading of that one word is left to the other rules). A wiki's category, portal or navigation
# template ("Category:Computing mascots", "Portal:Physics") indexes the pages filed under it, as a
# blog's "Category: Film formats" does (session 83: the 2 judged places so named were misses).
_INDEX_LIKE = re.compile(r"^(?:(?:lists? of|comparison of|outline of|glossary of|index of|timeline of)\b"
                         r"|(?:category|portal|template)\s*:|.*\bglossary$|.+\stopics$)",
                         re.I)


def filed_as(classes: list[str], keyword: str) -> str | None:
    """The first of a page's classes (pipeline.filing) named after the keyword, or None.

    Named after it: the keyword is the head of the class's name. English puts a noun
    phrase's head last, before any prepositional phrase: the class's words up to its
    first preposition (a trailing qualifier dropped, plurals folded) end with the keyword's
    ("Hard disk drives", "Computer printers", "Java (programming language)" for "java").
    The class is then the keyword or a kind of it. Where the keyword only modifies
    another head ("Dynamic programming languages" for "dynamic programming") or follows
    a preposition ("History of the Internet", "Unsolved problems in neuroscience"), the
    class is something else that concerns it. A preposition inside the keyword's own name
    ("Voice over IP software" for "voice over ip") is no such cut.
    """
    kw = singular_words(keyword)
    if not kw:
        return None
    n = len(kw)
    for name in classes:
        bare = without_qualifier(name)
        ws, groups = words(bare), compound_groups(bare)
        # A word joined by a hyphen to the one before is no preposition ("Unix-like", "Peer-to-peer").
        cuts = [w in CLASS_PREPOSITIONS and (i == 0 or groups[i] != groups[i - 1]) for i, w in enumerate(ws)]
        folded = [singular(w) for w in ws]
        for i in range(len(ws) - n + 1):
            if folded[i:i + n] == kw and (i + n == len(ws) or cuts[i + n]):
                return name
            if cuts[i]:
                break
    return None


def names_its_study(phrase: str, keyword: str) -> bool:
    """True if `phrase` is the keyword and a word for the study of it ("probability theory" for
    probability, "computer science" for computer): the field named after the keyword, broader
    than its parts. The keyword is the modifier there, not the head, so this is no kind of it."""
    bare = without_qualifier(phrase)
    ws = words(bare)
    kw = singular_words(keyword)
    return bool(kw) and len(ws) == len(kw) + 1 and ws[-1] in STUDY_HEADS and singular_words(bare)[:-1] == kw


# A code sample ("intT = { a: int; f: (int → int); }"), and a command line's syntax: a shell
# variable or psql command ("$TG_event", "\dl[+]"), an option ("-m", "-e --echo"), an optional
# argument ("\s [ filename ]"); and an aside alone, what an index adds after a name
# ("(logging.Logger method)", "(pdb command)"). "C--", "C#" and "(c)Brain" stay names.
# An API reference's members (version 124): a call or signature, a name of two or more
# characters and its parenthesised arguments and nothing after ("fit(X, y)", "get_depth()",
# "class KernelRidge(alpha=1)"; "O(1) scheduler" and "Space(s)" stay), an attribute's
# identifier ending in "_" ("coef_", "labels_"), and a quoted lower-case literal ("'auto'").
# A format's conversion ("%s", "%5.2f"), a property and its value as a reference lists them
# ("edgelighting: \"flat\"", "type (read-only): string") and a literal with its aside
# ("\"linear\" (default)"), as the Octave manual's graphics properties are listed.
# A general index's entry (Sphinx's genindex): a name and the aside saying what and where
# it is ("Calendar (class in calendar)", "crypt() (in module crypt)", "accept() (socket.socket
# method)", "CALL (opcode)"); a wiki's qualifier ("Python (programming language)") names
# no such thing. A class's member by its class ("Connection.in_transaction",
# "MultiIndex.from_product": 43 judged places of the Python docs, all misses, version 136);
# a product's or a site's name so written has a short suffix ("Node.js", "Data.gov",
# "Amazon.com"). A Lisp's literal ("#t", "#f", "#\a", "#!optional"); a hashtag ("#MeToo")
# has a word after its sign and is no code. An identifier of three or more digit groups, a
# specification's requirement marker ("R-41417-64456-42642-...", SQLite's manual) or an ISBN
# ("0-387-97926-3"); "802.11", "Windows 95" and "1990-2000" stay.
_CODE = re.compile(r"""[{};=]|^[\\$%]|^-\w|--\w|\[[^\]]*\]|^\([^()]*\)$
                   | ^(?:[A-Za-z]{1,3}-)?\d+(?:-\d+){2,}(?:-?[Xx])?$
                   | ^\#(?:[A-Za-z]{1,2}\b|[^\w\s])
                   | ^(?:class\s+)?[A-Za-z_][\w.]+\((?!e?s\)$)[^()]*\)$
                   | (?:^|\s)[A-Za-z]\w*_(?:\s|$)
                   | ^['‘"“][a-z_][\w.-]*['’"”](?:\s*\([^()]*\))?$
                   | ^[a-z]\w*(?:\s\([^()]*\))?:\s
                   | ^[A-Za-z_][\w.]+\([^()]*\)\s*\([^()]*\)$
                   | ^(?:[a-z_]\w*\.)*[A-Z]\w*\.[a-z_]\w{3,}$
                   | \((?:(?:class|exception|function|method|attribute|data)\ in\ [\w.]+|in\ module\ [\w.]+
                          |[\w.]+\ (?:method|attribute)|built-in\ (?:function|class|exception|variable)|opcode)\)$""",
                   re.X)


# Begins a cut-off phrase, not a name, when written in lower case ("in Java", "on a chip");
# an article may begin a name as listed ("the Internet").
_FRAGMENT_STARTS = FRAGMENT_ENDS - {"a", "an", "the"}


# A program's constant: capitals joined by underscores ("AF_CAN", "MAX_PREC"), perhaps after
# its module's path ("socket.AF_CAN"). Such a name is a subject only when a page is about it
# (a wiki's "SCHED_DEADLINE"): `pipeline.evidence_stage` asks.
_CONSTANT = re.compile(r"^(?:[a-z_][a-z0-9_]*\.)*[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")


def is_constant_name(phrase: str) -> bool:
    """True if the phrase is written as a program's constant: capitals joined by underscores."""
    return _CONSTANT.match(phrase.strip()) is not None


def is_fragment(phrase: str) -> bool:
    """True if the phrase names nothing: it ends with a word no name ends with ("Philosophy
    of"), begins with one written in lower case ("in Java": a link's anchor cut from its
    sentence; a title's "On the Origin of Species" is capitalised), or is a line of code or
    a command line's syntax."""
    ws = words(phrase)
    first = phrase.split(maxsplit=1)[0] if ws else ""
    return (bool(ws) and (ws[-1] in FRAGMENT_ENDS or (first.islower() and ws[0] in _FRAGMENT_STARTS))
            or _CODE.search(phrase) is not None)


def initials(ws: list[str]) -> str:
    """The first letters of words, joined ("operating system" -> "os")."""
    return "".join(w[0] for w in ws)


def acronyms(ws: list[str]) -> set[str]:
    """What a name of several words is abbreviated to: its initials, with and without the
    little words ("Institute of Electrical and Electronics Engineers" -> "ioeaee", "ieee")."""
    return {initials(ws), initials([w for w in ws if w not in _ACRONYM_SKIPS] or ws)} if len(ws) > 1 else set()


# Words before a subject in a chapter's title that say what the chapter does with it
# ("Working with missing data", "Intro to data structures"), not a kind of it.
CHAPTER_FRAMES = frozenset({"working with", "intro to", "introduction to", "an introduction to", "using", "handling",
                            "managing", "understanding", "getting started with", "a guide to", "guide to",
                            "overview of", "an overview of"})
# What follows a subject in such a title: another name for it or its twins, spaced as a
# title spaces them ("Time series / date functionality", "Merge, join, concatenate and
# compare", "Reshaping and pivot tables"); "SQL/PSM" and "TCP/IP" are names.
_CHAPTER_TAIL = re.compile(r"^\s+/\s|^\s*,\s|^\s+(?:and|&)\s", re.I)


def names_keyword_chapter(written: str, keyword: str) -> bool:
    """True if the candidate is a title of a chapter about the keyword, not a sub-topic: the
    keyword framed by what the chapter does with it ("Working with missing data"), or the
    keyword followed by another name for it or its twins ("Time series / date
    functionality", "Computational science and engineering"), plurals folded."""
    name = without_qualifier(written).strip()
    kw = singular_words(keyword)
    ws = words(name)
    if not kw or len(ws) <= len(kw):
        return False
    folded = [singular(w) for w in ws]
    if folded[-len(kw):] == kw and " ".join(ws[:-len(kw)]) in CHAPTER_FRAMES:
        return True
    if folded[:len(kw)] != kw:
        return False
    # The text right after the keyword's words as written
    m = re.match(r"^\W*" + r"\W+".join(re.escape(w) for w in ws[:len(kw)]) + r"(.*)$", name, re.I)
    return m is not None and _CHAPTER_TAIL.match(m.group(1)) is not None


@functools.lru_cache(maxsize=65_536)  # pure: a run asks it of the same candidates by several rules
def part_of_keyword(phrase: str, keyword: str) -> bool:
    """True if the candidate's words occur as a run inside the keyword's, plurals folded.

    "intelligence" for "artificial intelligence"; also the keyword in the plural
    ("Operating systems" for "operating system"), as its initials ("OS", "AI"), spelt
    with a hyphen or space more or less ("Email" for "e-mail"), or, for a keyword of
    several words, in another form of each word ("Quantum computer" for "quantum
    computing"). Not Porter stems for one word: "Robot" is a concept of robotics, not the keyword.
    """
    kw, ph = singular_words(keyword), singular_words(phrase)
    if len(ph) > 1 and ph[0] == "the" and kw[:1] != ["the"]:  # "The lambda calculus": a heading's article
        ph = ph[1:]
    if len(kw) > 1 and ph == [initials(kw)]:  # its initials: "OS", "AI"
        return True
    # Another form of a name of several words ("Quantum computer" for "quantum computing",
    # "Software engineer"): every word's Porter stem the same. One word alone keeps its
    # ending: "Robot" (stem "robot") is a concept of "robotics" (stem "robot").
    if len(kw) > 1 and len(ph) == len(kw) and stemmed(phrase) == stemmed(keyword):
        return True
    # The same letters spelt with or without a hyphen or space: "Email" for "e-mail",
    # "Database" for "data base", "Online" for "on-line".
    if ph and "".join(ph) == "".join(kw) and len(ph) != len(kw):
        return True
    return contains_phrase(kw, ph)


def _ing_form(base: str, form: str) -> bool:
    """True if `form` is `base` with "-ing" as English spells it: "sell"/"selling", "fledge"/"fledging",
    "shop"/"shopping"."""
    # Three letters and "-ing" spell other words too ("str" and "string"); doubled, they do not.
    return ((len(base) > 3 and (form == base + "ing" or (base.endswith("e") and form == base[:-1] + "ing")))
            or (len(base) > 2 and form == base + base[-1] + "ing"))


def verb_form_of(phrase: str, keyword: str) -> bool:
    """True if one word is the other's "-ing" form, plurals folded: "sell" for selling, "fledge" for
    fledging, "publishing" for publish: the keyword's own word as a verb or an activity, not a part of it."""
    ph, kw = singular_words(phrase), singular_words(keyword)
    return len(ph) == len(kw) == 1 and (_ing_form(ph[0], kw[0]) or _ing_form(kw[0], ph[0]))


def names_a_document_part(phrase: str) -> bool:
    """True if a heading names a part of a document ("Logical Decoding Examples", "Overview of
    Event Trigger Behavior", "Further reading", an API entry's "Parameters", a release note's
    "Bug fixes"), not a subject of it."""
    ws = words(phrase)
    return bool(ws) and (ws[-1] in DOCUMENT_PART_HEADS or ws == ["further", "reading"]
                         or " ".join(ws) in API_PART_NAMES or " ".join(ws) in RELEASE_NOTE_PARTS
                         or (len(ws) > 2 and ws[0] == "overview" and ws[1] == "of"))


def reads_as_description(phrase: str, keyword: str = "") -> bool:
    """True if a phrase of two or more words holds a conjunction, preposition, article,
    determiner or question word (DESCRIPTION_WORDS) outside the keyword's own words:
    "Courtship and breeding", "Uses by the blind", "When to switch", not "Simple reflex
    agents", "Peer-to-peer" (a hyphen joins) nor "Push video on demand" for video on demand."""
    tokens = _plain_tokens(phrase)
    kw = _plain_tokens(keyword)
    if kw:
        # The keyword's words are its name, not the heading's description.
        for i in range(len(tokens) - len(kw), -1, -1):
            if tokens[i:i + len(kw)] == kw:
                tokens[i:i + len(kw)] = ["\0"]
    return len(tokens) >= 2 and any(t in DESCRIPTION_WORDS for t in tokens)


def _plain_tokens(text: str) -> list[str]:
    """The whitespace-separated tokens of `text`, lowercased, stripped of punctuation, hyphens kept."""
    tokens = [t.strip(".,:;!?()[]\"'\u2018\u2019\u201c\u201d").lower() for t in text.split()]
    return [t for t in tokens if t]


# An academic degree or a professional title: "Bachelor of Technology", "Master's degree",
# "Engineering Doctorate", "Ph.D.", "Cambridge Diploma in Computer Science", "Chartered
# Engineer". A field's page lists them where it says how one trains for it; they are what a
# practitioner holds, not a sub-topic of the field (set z's electronic engineering, and five
# judged misses of the shared corpus before version 137, every such name a miss).
_QUALIFICATION = re.compile(
    r"^(?:bachelor|master|doctor)(?:'?s)?\b(?:\s+(?:of|in|degree)\b|$)"
    r"|\b(?:doctorate|diploma)\b"
    r"|^(?:chartered|incorporated|registered|professional)\s+(?:engineer|accountant|surveyor|architect|scientist)s?$"
    r"|^(?:ph\.?\s?d|d\.?\s?phil|m\.?\s?sc|b\.?\s?sc|b\.?\s?eng|m\.?\s?eng|b\.?\s?tech|m\.?\s?tech|engd|mba)\.?$",
    re.I)
# Keywords whose subject is training itself: there a degree is one of its parts.
_EDUCATION_WORDS = frozenset({"education", "university", "universities", "college", "colleges", "school", "schools",
                              "degree", "degrees", "qualification", "qualifications", "diploma", "curriculum",
                              "academia", "doctorate", "student", "students", "teaching", "training"})


def names_a_qualification(written: str, keyword: str) -> bool:
    """True if a name is an academic degree or a professional title ("Master of Engineering",
    "Ph.D.", "Chartered Engineer") and the keyword is not about education, where it would be a part."""
    return (_QUALIFICATION.search(without_qualifier(written).strip()) is not None
            and not _EDUCATION_WORDS & set(words(keyword)))


def names_a_list(phrase: str) -> bool:
    """True if the phrase is the title of an index-like page ("List of ...", "Glossary of ...")."""
    return _INDEX_LIKE.match(phrase.strip()) is not None


def names_a_kind(phrase: str, keyword: str) -> bool:
    """True if the candidate's name is the keyword's, plurals folded, after one or more
    modifiers that make a kind ("Spectral graph theory" for "graph theory"): not joined to it
    by a hyphen ("Semi-supervised learning" for "supervised learning"), a conjunction or
    preposition, nor a possessive ("Intel's graphics processing units") or NOT_KIND_MODIFIERS,
    nor set beside it by a sign or a colon ("sed & awk", "Kristen Nygaard – SIMULA",
    "Terminal: terminal emulator": two names, not a kind of one).

    The keyword's words may end the name in another form of the same stem (Porter's): "Tiling
    window manager" for window management, "merge sort" for sorting, "wave soldering" for
    soldered. Session 80, over the judged first 10s of version 218 (listed and weak places),
    such names were hits in 40 of 50 places, 17 of 22 among the weak candidates, whose hits are
    otherwise about one in ten."""
    kw, ph = concept_key(keyword), concept_key(phrase)
    if (not kw or len(ph) <= len(kw) or list(map(stem, ph[-len(kw):])) != list(map(stem, kw))
            or sets_beside(phrase, keyword)):
        return False
    # The keyword's words must be whole space-separated tokens of the name as written.
    tokens, n = without_qualifier(phrase).split(), 0
    while tokens and n < len(kw):
        n += len(words(tokens.pop()))
    modifiers = " ".join(tokens)
    return (n == len(kw) and bool(words(modifiers)) and not re.search(r"['\u2019]s?$", modifiers)
            and not any(w in NOT_KIND_MODIFIERS for w in words(modifiers)))


def uses_apart(text_words: list[str], name_words: list[str], keyword_words: list[str]) -> bool | None:
    """Whether a text (its singular_words) that names a candidate uses the keyword's words
    anywhere but inside that name: None if the name is not in it, else True or False."""
    n, k = len(name_words), len(keyword_words)
    covered = {j for i in phrase_starts(text_words, name_words) for j in range(i, i + n)}
    if not covered or not k:
        return None
    return any(not covered.issuperset(range(i, i + k)) for i in phrase_starts(text_words, keyword_words))


def names_after(phrase: str, keyword: str) -> bool:
    """True if the candidate's name is the keyword's followed by a head in lower case, a compound
    naming something of the keyword ("Search engine optimization", "interrupt request", "fossil
    record" for "fossil"): not joined to it by a hyphen ("Biogeography-based optimization"), a
    conjunction, preposition or article ("Addition and subtraction", "openness to experience"),
    nor a title's capitals after it ("Human Rights Watch", "Consumer Electronics Show": the
    name of an organisation, an event or a work), nor set beside it ("sed & awk")."""
    name = without_qualifier(phrase)
    kw, ph = singular_words(keyword), singular_words(name)
    if not kw or len(ph) <= len(kw) or ph[:len(kw)] != kw or sets_beside(phrase, keyword):
        return False
    written = words_as_written(name)
    groups = compound_groups(name)
    if (len(written) != len(ph) or groups[len(kw)] == groups[len(kw) - 1]
            or words(name)[len(kw)] in DESCRIPTION_WORDS):
        return False
    tail = [w for w in written[len(kw):] if any(c.isalpha() for c in w)]
    return bool(tail) and all(w == w.lower() for w in tail)


# A title's head: the last word before its first preposition ("National Center for
# Biotechnology Information" is a center, "Cryptanalysis of the Enigma" a cryptanalysis).
_HEAD_CUT = FRAGMENT_ENDS - {"a", "an", "the", "and", "or", "nor"}


def _title_tokens(phrase: str) -> list[str]:
    """The words of a name written as a title (two or more, each capitalised or a number but
    function words), punctuation stripped; [] for any other name."""
    tokens = [t.strip(",.:;()\"'\u201c\u201d") for t in without_qualifier(phrase).split()]
    tokens = [t for t in tokens if t]
    content = [t for t in tokens if t.lower() not in FRAGMENT_ENDS]
    if len(tokens) < 2 or not content or not all(t[:1].isupper() or t[:1].isdigit() for t in content):
        return []
    return tokens


def title_cased(phrase: str) -> bool:
    """True for a name of two words or more written as a title, each capitalised but function
    words: a proper name ("Mayo Clinic", "Simplex Algorithm"), not a common one a title's first
    capital opens ("Simplex algorithm", "QWERTY")."""
    return bool(_title_tokens(phrase))


# What no dictionary word is written with: two capitals in a row ("WSDL", "NAND flash"), a
# capital after a lower-case letter ("LimeWire", "MiniBatchNMF"), a digit, or a dot, slash or
# underscore inside a word ("sys.modules", "z/TPF").
_CODED = re.compile(r"[A-Z]{2}|[a-z][A-Z]|\d|\w[._/]\w")


def proper_name(phrase: str) -> bool:
    """True for a name written as one thing's: a title (title_cased), an acronym, a code
    identifier or a brand's spelling (_CODED); not a common name, which a title's first
    capital may open ("Simplex algorithm", "Protista", "sea level")."""
    return title_cased(phrase) or bool(_CODED.search(without_qualifier(phrase)))


def named_with(phrase: str, keyword: str) -> bool:
    """True if the name is a title (title_cased) that holds the keyword, one word, capitalised,
    and not as its head: a name given after the keyword to something else ("Opera Software",
    "West Coast", "The Blair Witch Project" for "witch"); not "Jet Propulsion Laboratory" for
    "laboratory" (its head), nor "Cryptanalysis of the Enigma" (the head before "of")."""
    kw = singular_words(keyword)
    tokens = _title_tokens(phrase)
    if len(kw) != 1 or not tokens:
        return False
    cut = next((i for i, t in enumerate(tokens) if i and t.lower() in _HEAD_CUT), len(tokens))
    head = tokens[cut - 1]
    held = [t for t in tokens if singular_words(t) == kw]
    return bool(held) and all(t[:1].isupper() for t in held) and singular_words(head) != kw


def holds_name(phrase: str, keyword: str) -> bool:
    """True if the candidate's name holds the keyword's words as whole words, plurals folded,
    and more ("Unix shell", "Unix-like", "T-SQL" for "sql"; not "JavaScript" for "java"), does
    not set the keyword beside another name (sets_beside), and does not hold it only after a
    contrast ("Linux distributions without systemd": lexicon.CONTRAST_ENDS)."""
    kw = singular_words(keyword)
    ph = singular_words(phrase)
    if len(ph) <= len(kw) or not contains_phrase(ph, kw) or sets_beside(phrase, keyword):
        return False
    # Held after "without", "instead of", ... the keyword is what the name lacks ("Linux
    # distributions without systemd"), not what it is part or kind of.
    starts = [i for i in range(len(ph) - len(kw) + 1) if ph[i:i + len(kw)] == kw]
    return any(not follows_contrast(ph, i) for i in starts)


def follows_contrast(tokens: list[str], i: int) -> bool:
    """True if the words just before `tokens[i]` are a contrast's (lexicon.CONTRAST_ENDS: "without",
    "instead of", "unlike", ...)."""
    return any(tuple(tokens[max(0, i - len(end)):i]) == end for end in CONTRAST_ENDS)


# Where a name joins two names rather than making one: a sign with a space on each side
# ("sed & awk", "Kristen Nygaard – SIMULA", "C + Python") or a colon, semicolon or comma
# before a space ("Terminal: terminal emulator", "Bison, Yacc"). A sign inside a word joins
# a compound ("Tcl/Tk", "x86-64", "C++"), which stays one name.
_NAME_JOINT = re.compile(r"\s+[&+\-\u2013\u2014|]\s+|[:;,]\s+")


def sets_beside(phrase: str, keyword: str) -> bool:
    """True if the name sets the keyword as a name of its own beside another ("sed & awk",
    "Kristen Nygaard – SIMULA"): one of its parts at a _NAME_JOINT is the keyword, plurals folded."""
    parts = _NAME_JOINT.split(without_qualifier(phrase))
    kw = singular_words(keyword)
    return len(parts) > 1 and bool(kw) and any(singular_words(part) == kw for part in parts)


# A member of an API named by its module path: "sklearn.svm.LinearSVC", "java.lang.Object".
_QUALIFIED_MEMBER = re.compile(r"[a-z_]\w*(?:\.[A-Za-z_]\w*)*\.([A-Za-z_]*[A-Z_]\w*)")


def member_name(written: str) -> str:
    """An API member's own name without its module path ("sklearn.svm.LinearSVC" -> "LinearSVC":
    one class, however qualified); any other name as written. The path starts in lower case,
    as modules do, so "ASP.NET" and "Node.js" stay whole, and the last part is a class's
    (a capital) or a function's (an underscore), so "archive.today", "socket.io" and
    "www.example.com" stay whole too."""
    m = _QUALIFIED_MEMBER.fullmatch(written.strip())
    return m.group(1) if m else written


@functools.lru_cache(maxsize=65_536)  # pure, and a run keys the same names ~18,000 times
def concept_key(written: str) -> tuple[str, ...]:
    """What two names of one concept share: their words, plurals folded, a trailing qualifier,
    a leading "the" and an API member's module path dropped ("Video game consoles" = "video
    game console"; "Firefox (web browser)" = "Firefox"; "sklearn.svm.SVC" = "SVC")."""
    ws = words(without_qualifier(member_name(written)))
    if len(ws) > 1 and ws[0] == "the":  # "The Open Source Definition" = "Open Source Definition"
        ws = ws[1:]
    return tuple(singular(w) for w in ws)


def senses_of_name(keyword: str, targets: list[dict]) -> dict[str, int]:
    """{qualifier: pages} of the link targets (`{"title", "pages"}`) titled with the keyword's
    own name, bare ("") or qualified as a wiki tells two senses apart ("Plasma (physics)",
    "Plasma (KDE)"); spellings of one title ("Solid state physics") add up, other names
    ("KDE Plasma Workspaces", "Camera phone") are left out."""
    key = concept_key(keyword)
    found: dict[str, int] = {}
    for target in targets:
        if concept_key(target["title"]) == key:
            sense = " ".join(qualifier(target["title"]).lower().split())
            found[sense] = found.get(sense, 0) + target["pages"]
    return found


def other_pages_of_name(pages: list[tuple[str, str, str]], keyword: str, own_url: str) -> list[dict]:
    """The other pages (`(url, title, lead)`) titled with the keyword's own name than the one
    read as its page (`own_url`), bare or qualified as a wiki tells senses apart ("Data (Star
    Trek)", "tail (Unix)" beside "Data", "Tail"), each name once, in `pages`' order, as
    `{"title", "url"}`; a disambiguation page and the own page's name again are no other sense.
    One of the two names must carry a qualifier: a manual titles sections of several chapters
    alike ("Functions", "Index", "Modules"), one subject under several headings, not two senses."""
    key = concept_key(keyword)
    own = [title_name(t) for u, t, _ in pages if u == own_url]
    seen = {normalise(n) for n in own}
    own_qualified = any(qualifier(n) for n in own)
    out = []
    for url, title, _ in pages:
        name = title_name(title)
        if (url == own_url or concept_key(name) != key or normalise(name) in seen
                or not (own_qualified or qualifier(name))
                or qualifier(name).lower() == "disambiguation"):
            continue
        seen.add(normalise(name))
        out.append({"title": name, "url": url})
    return out


def linked_as_name(link_senses: list[dict], keyword: str, key: tuple[str, ...], page: str | None,
                   min_pages: int) -> str:
    """The title of a page the collection's paragraphs link the keyword's own name to, on
    `min_pages` pages or more, that is the candidate's (its stored `page`, or its name's
    concept `key`), other than the keyword's own name; "" if none.

    `link_senses` are citing_links.keyword_link_targets' rows. For a keyword that names
    one thing and has no page here, such a target is that thing under its full name: "ODBC"
    linked to "Open Database Connectivity", "Silverlight" to "Microsoft Silverlight" (a common
    noun's name links to its narrower senses instead: "privacy" to "Internet privacy")."""
    own = concept_key(keyword)
    for sense in link_senses:
        if sense["pages"] < min_pages or concept_key(sense["title"]) == own:
            continue
        if (page is not None and sense["page"] == page) or concept_key(sense["title"]) == key:
            return sense["title"]
    return ""


_BRITISH_SUFFIX = re.compile(r"^(\w{3,})(is|ys)(ation|ations|e|es|ed|ing|er|ers)$")
_DOUBLED_L = re.compile(r"^(\w+l)l(ing|ed|er|ers)$")


def american_spelling(key: tuple[str, ...]) -> tuple[str, ...]:
    """A concept_key with British spellings made American ("domain specific modelling" ->
    "domain specific modeling", "organisation" -> "organization", "free software licence" ->
    "free software license"), so that two spellings of one name rank once."""
    out = []
    for w in key:
        if w in BRITISH_WORDS:
            w = BRITISH_WORDS[w]
        elif (m := _DOUBLED_L.match(w)) and m.group(1) in DOUBLED_L_STEMS:
            w = m.group(1) + m.group(2)
        elif m := _BRITISH_SUFFIX.match(w):
            w = m.group(1) + m.group(2)[0] + "z" + m.group(3)
        out.append(w)
    return tuple(out)


# What may part a name's words or close them up: a space or a hyphen, nothing else ("I, Robot"
# is no "iRobot", "Data/BASIC" no "Databasic").
_OPEN_OR_CLOSED = re.compile(r"[\s-]+")
_OTHER_MARKS = re.compile(r"[^\w\s-]")


def closed_up(written: str) -> str:
    """A name's words closed up, lower case, the last one singular, or "" if anything but a
    space or a hyphen parts them: "Korn shell", "KornShell" and "Korn-shells" -> "kornshell"."""
    name = without_qualifier(written).strip().lower()
    if not name or _OTHER_MARKS.search(name):
        return ""
    ws = _OPEN_OR_CLOSED.split(name)
    return "".join(ws[:-1]) + singular(ws[-1])


_ACRONYM = re.compile(r"[A-Z]{2,6}s?")  # "DSP", "NLP", "CPUs"
_ACRONYM_SKIPS = frozenset({"and", "of", "the", "for", "in", "on", "to", "a", "an"})


def fold_variants(rows: list[dict], keyword: str = "") -> dict[str, tuple[str, str]]:
    """{phrase: (kept phrase, why)} for the rows that name a concept another row already ranks.

    `rows` carry phrase, written (as the lists or the title wrote it), score and n_cp. Two
    kinds of repeat, each ranked once, at the better score (ties: the longer name):
    - the same name up to plurals or a trailing qualifier (`concept_key`);
    - a name that only ever occurs inside a longer one: its words a run inside the other's
      and the same n(CP), so the index never has it alone ("Experience design" in "User
      experience design", "Laws of robotics" in "Three Laws of Robotics"); its counts are
      the longer name's own.
    And an acronym written in capitals ("DSP") whose expansion ranks too ("Digital signal
    processing", the initials of its words) is ranked as the expansion, whatever its score.
    And another name of the same page: a row whose `page` a better row already has, when the
    page itself calls it so (`alias`: its title or first paragraph names it, as "Mozilla
    Firefox, or simply Firefox, is ..." does), is that row's concept ("Firefox" and "Mozilla
    Firefox", "PaaS" and "Platform as a service"). A name the page does not use may be a
    part of it that the site sends to the page ("AT&T syntax" to "x86 assembly language"),
    and keeps its own rank. Rows without `page` are never folded so.
    And a person's surname alone ("Hinton") whose full name ranks too ("Geoffrey Hinton"),
    rows with `kind` "person", is ranked as the full name, whatever its score, unless full
    names with other given names end with it ("Adam Smith", "John Smith": no fold); a given
    name's short form is the same given name ("Geoff Hinton" ranks as "Geoffrey Hinton").
    And, given the `keyword`, a name that the same name after the keyword's outranks
    ("Thunderbird" under "Mozilla Thunderbird" for mozilla, "Schema" under "XML Schema" for
    xml): what a page about the keyword calls it for short.
    And another of WordNet's names of one concept (`senses`: the row's WordNet noun senses):
    two rows of the same kind, each name of one sense, the same ("general theory of
    relativity" under "General relativity", "HDTV" under "High-definition television",
    "genus Eudyptes" under "Eudyptes"), unless the collection keeps them apart, a page of
    its own for each ("Fluid mechanics" and "Hydraulics", "Knowledge" and "Cognition",
    one synset in WordNet). A name of several senses keeps its rank, and so
    does any name one of its senses shares: "opera" under "opera house" may mean the art,
    "telephone" under "Telephony" the set, and "Central processing unit" is not the
    "mainframe" (whose first sense in WordNet it is) that a list of computers means.
    And a name spelled the other side of the Atlantic ("Domain-specific modelling" under
    "Domain-specific modeling", "Free software licence": `american_spelling`).
    And a name whose words are closed up or hyphenated in the other ("KornShell" under "Korn
    shell", "Nonverbal communication", "Guineafowl": `closed_up`), of the same kind, unless
    each has a page of its own and the pages differ ("WorldWideWeb", a browser, is not the
    "World Wide Web", where the collection holds a page of each; "macOS" is not the classic
    "Mac OS"). Without a page of each, nothing tells them apart: they fold.
    """
    keyword_key = concept_key(keyword) if keyword else ()
    order = sorted((r for r in rows if r["score"] > 0),
                   key=lambda r: (-r["score"], -len(concept_key(r["written"])), r["phrase"]))
    expansions: dict[str, dict] = {}
    for r in order:
        ws = words(without_qualifier(r["written"]))
        # Acronyms skip the little words: "FOSS", "IEEE" ("... of Electrical and Electronics ...").
        for acronym in acronyms(ws):
            expansions.setdefault(acronym, r)
    full_names = _full_names_by_surname(order)
    kept_by_key: dict[tuple[str, ...], dict] = {}
    kept_by_count: dict[int, list[tuple[list[str], frozenset[str], dict]]] = {}
    kept_by_page: dict[str, dict] = {}
    kept_by_sense: dict[int, dict] = {}
    kept_by_spelling: dict[tuple[str, ...], dict] = {}
    kept_closed_up: dict[str, dict] = {}
    out: dict[str, tuple[str, str]] = {}
    for r in order:
        key = concept_key(r["written"])
        bare = r["written"].strip()
        letters = bare[:-1].lower() if bare.endswith("s") else bare.lower()
        if _ACRONYM.fullmatch(bare) and letters in expansions:
            full = expansions[letters]
            out[r["phrase"]] = (full["phrase"], f"the initials of '{full['written']}': ranked once, as the full name")
            continue
        if r.get("kind") == "person" and key and key[-1] in full_names and full_names[key[-1]] is not r:
            full = full_names[key[-1]]
            if len(key) == 1:
                out[r["phrase"]] = (full["phrase"], f"the surname of '{full['written']}': ranked once, as the full name")
                continue
            if concept_key(full["written"]) != key:
                out[r["phrase"]] = (full["phrase"], f"another form of '{full['written']}' (a given name shortened or "
                                                    "initials added): ranked once")
                continue
        if key in kept_by_key:
            kept = kept_by_key[key]
            out[r["phrase"]] = (kept["phrase"], f"another form of '{kept['written']}' (plural or qualifier): ranked once")
            continue
        spelled = american_spelling(key)
        if spelled in kept_by_spelling:
            kept = kept_by_spelling[spelled]
            out[r["phrase"]] = (kept["phrase"], f"another spelling of '{kept['written']}' (British or American): "
                                                "ranked once")
            kept_by_key.setdefault(key, kept)  # its plural goes the same way
            continue
        page = r.get("page")
        closed = closed_up(r["written"])
        joined = kept_closed_up.get(closed) if closed else None
        if (joined is not None and joined.get("kind") == r.get("kind")
                and not (page and joined.get("page") and page != joined["page"])):
            out[r["phrase"]] = (joined["phrase"], f"'{joined['written']}' with its words closed up or hyphenated "
                                                  "the other way: ranked once")
            kept_by_key.setdefault(key, joined)  # its plural goes the same way
            continue
        kept = _with_or_without(key, keyword_key, kept_by_key)
        if kept is not None:
            out[r["phrase"]] = (kept["phrase"], f"'{kept['written']}' with or without the keyword's name before it: "
                                                "ranked once")
            continue
        if page and page in kept_by_page and r.get("alias"):
            kept = kept_by_page[page]
            out[r["phrase"]] = (kept["phrase"], f"another name of '{kept['written']}': its page, which calls it "
                                                 f"so, is the same: ranked once")
            kept_by_key.setdefault(key, kept)  # its plural goes the same way ("junction transistors")
            continue
        # Counted words, not folded ones: only an exact run makes one phrase's documents
        # a subset of the other's, which is what equal n(CP) then says are the same.
        ws = r["phrase"].split()
        # A run inside the other's words needs each of its words among them: the sets are
        # compared first (the many rows of a small n(CP) meet each other's rows pairwise).
        wset = frozenset(ws)
        nest = next((k for kws, kset, k in kept_by_count.get(r["n_cp"], [])
                     if r["n_cp"] > 0 and ((wset <= kset and contains_phrase(kws, ws))
                                           or (kset <= wset and contains_phrase(ws, kws)))), None)
        if nest is not None:
            why = f"occurs in the same {r['n_cp']} documents as '{nest['written']}', one inside the other: ranked once"
            out[r["phrase"]] = (nest["phrase"], why)
            continue
        senses = tuple(r.get("senses", ()))
        synonym = kept_by_sense.get(senses[0]) if len(senses) == 1 else None
        if (synonym is not None and synonym.get("kind") == r.get("kind")
                and not (page and synonym.get("page") and page != synonym["page"])):
            out[r["phrase"]] = (synonym["phrase"], f"another name WordNet gives '{synonym['written']}' (one concept, "
                                                    "one sense): ranked once")
            continue
        if len(senses) == 1:
            kept_by_sense.setdefault(senses[0], r)
        kept_by_spelling.setdefault(spelled, r)
        if closed:
            kept_closed_up.setdefault(closed, r)
        kept_by_key[key] = r
        kept_by_count.setdefault(r["n_cp"], []).append((ws, wset, r))
        if page and r.get("alias"):  # both names the page's own: not a name it was merely found by
            kept_by_page.setdefault(page, r)
    return out


def _with_or_without(key: tuple[str, ...], keyword_key: tuple[str, ...], kept: dict[tuple[str, ...], dict]) -> dict | None:
    """The kept (better) row whose name is `key` with the keyword's words before it, if any.

    Only the short name folds into the long one: a short name that scores better has a
    sense of its own the long one narrows ("object" and "class object" for class in the
    Python documentation)."""
    if not keyword_key or not key or key[:len(keyword_key)] == keyword_key:
        return None
    return kept.get(keyword_key + key)


def _full_names_by_surname(rows: list[dict]) -> dict[str, dict]:
    """{surname: the best of `rows` (best first) naming a person by given name and surname},
    for the surnames whose full names all give one given name, short forms aside ("Geoff"
    for "Geoffrey")."""
    found: dict[str, dict] = {}
    given: dict[str, set[str]] = {}
    for r in rows:
        ws = words(without_qualifier(r["written"]))
        if r.get("kind") == "person" and len(ws) >= 2:
            found.setdefault(ws[-1], r)
            given.setdefault(ws[-1], set()).add(ws[0])
    return {surname: r for surname, r in found.items() if _one_given_name(given[surname])}


def _one_given_name(names: set[str]) -> bool:
    """True if every name is the longest one or a short form of it ("geoff", "geoffrey")."""
    longest = max(names, key=len)
    return all(longest.startswith(n) for n in names)


def names_itself(written: str, title: str, lead: str) -> bool:
    """True if a page's title or first paragraph names `written` (a trailing qualifier
    dropped; words in order, case, punctuation and plurals aside): the page answers to that
    name ("hard drives": "A hard disk drive (HDD), hard disk, hard drive, or fixed disk is ...")."""
    ws = singular_words(without_qualifier(written))
    return bool(ws) and (contains_phrase(singular_words(title_name(title)), ws)
                         or contains_phrase(singular_words(lead), ws))
