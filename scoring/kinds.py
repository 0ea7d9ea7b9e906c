"""What kind of thing a page or a name is: a person, an organisation, a work or a concept.

The default ranking lists people, organisations and works apart from the concepts (KINDS
is the report's order). Read from a page's first sentence and title (`page_kind`), or from
a name alone when no page describes it.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Callable, Mapping, NamedTuple

from pipeline.store import title_name
from pipeline.text import indefinite_article, singular, without_qualifier, words

from .lead import BRACKETED, DEFINITION, genus_heads, genus_of, gloss_as_sentence, opens_as_biography
from .lexicon import (FRAGMENT_ENDS, NAME_ORGANISATION_WORDS, OCCUPATION_HEADS, ORGANISATION_NOUNS, PERSON_NOUNS, ROLE_NOUNS,
                      WORK_NOUNS)
from .names import names_a_kind
from .sentences import first_sentence

_QUALIFIER_WORDS = re.compile(r"\(\s*(?:[^()]*\s)?([A-Za-z]+)\s*\)\s*$")  # the last word of a trailing "(...)"
# "the financial center of Northern California" is a place, "a research centre at" an institution.
_CENTRE = frozenset({"centre", "center"})
_PLACE_CENTRE = re.compile(r"\bcent(?:er|re)\s+of\b", re.I)
# A title's qualifier may say "series" or "character" alone ("Batman (TV series)", "Kirby
# (character)"); a first sentence's "a series of operating systems" names no work.
_WORK_QUALIFIERS = WORK_NOUNS | {"series", "character"}
# "a television series", "a comic book series", "a series of novels": works in a row; "a
# series of operating systems" or "a video game series" are products.
_WORK_SERIES = re.compile(r"\b(?:television|tv|web|book|film|comic|anime|manga|novel|radio|documentary)\s+series\b"
                          r"|\bseries\s+of\s+(?:books|novels|films|comics|episodes|monographs|albums|short stories)\b",
                          re.I)
# A first sentence that is only a predicate, a noun phrase after its article: a glossary's
# description ("A device that ...", "The British society of ...").
_PREDICATE_ONLY = re.compile(r"(?:A|An|The)\s+[A-Za-z]")
KINDS = ("concept", "broader", "sibling", "aspect", "person", "organisation", "work")  # the report's order: concepts first


class Kind(NamedTuple):
    """What kind of thing a candidate is, and the words that say why (empty for a concept)."""

    kind: str
    because: str = ""


CONCEPT = Kind("concept")


def wordnet_kind(kind: str) -> Kind:
    """The kind of a name WordNet files under the keyword (taxonomy.kind_of its synset), and why."""
    return CONCEPT if kind == "concept" else Kind(kind, f"WordNet files it under {_PLURAL.get(kind, kind)}")


_PLURAL = {"person": "people", "organisation": "organisations"}


def page_kind(lead: str, title: str = "") -> str:
    """What a page says its subject is: "person", "organisation", "work" or "concept" (read_page_kind)."""
    return read_page_kind(lead, title).kind


def read_page_kind(lead: str, title: str = "") -> Kind:
    """What a page says its subject is, and why (_lead_kind), its title read when the lead says
    nothing else: "Electronic Frontier Foundation", "Computer Pioneer Award" (headed_by_organisation)."""
    kind = _lead_kind(lead, title)
    if kind.kind == "concept" and title and headed_by_organisation(title_name(title)):
        last = without_qualifier(title_name(title)).split()[-1].strip(",.()")
        return Kind("organisation", f'its page\'s title ends with "{last}", as an organisation\'s name does')
    return kind


def kind_of_page(lead: str, title: str, persons_name: Callable[[str], bool] | None = None) -> Kind:
    """read_page_kind, and a person's when the first sentence calls its subject what products
    are called too (role_of_a_person: "a major Linux kernel developer") and `persons_name` reads
    the title as a person's name (taxonomy.reads_as_person: "Greg Kroah-Hartman")."""
    kind = read_page_kind(lead, title)
    if kind.kind != "concept" or persons_name is None or not title:
        return kind
    # The title first: most are no person's name, and reading it is cheaper than the genus.
    if not persons_name(without_qualifier(title_name(title))):
        return kind
    role = role_of_a_person(genus_of(lead))
    if role:
        return Kind("person", f'its page\'s first sentence calls it {indefinite_article(role)} "{role}", and its title '
                              "is a given name and a surname")
    return kind


def headed_by_organisation(name: str) -> bool:
    """True for a name in title case of two or more words whose last word is a
    NAME_ORGANISATION_WORDS word: "Electronic Frontier Foundation", "W. H. Freeman and
    Company", "BCS Lovelace Medal"; not "Library of Congress Control Number", "Python Software
    Foundation License", "University of Michigan Executive System" (an operating system), nor
    "Ubuntu Software Center" (a centre's title names products too: its lead decides)."""
    name = without_qualifier(name)
    if " v. " in name or not names_an_organisation(name):  # "SCO Group, Inc. v. Novell, Inc.": a lawsuit
        return False
    return name.split()[-1].lower().strip(",.()") in NAME_ORGANISATION_WORDS - _CENTRE


def _lead_kind(lead: str, title: str = "") -> Kind:
    """What a page says its subject is: "person", "organisation", "work" or "concept", and why.

    Read from the first sentence of its lead (a biography's dates, else the head noun of
    what a named subject "is": an occupation, an organisation or a work), and from its
    title's qualifier: "Amazon (company)" is an organisation whatever its first sentence
    looks like, "Flushed Away (film)" a work.
    """
    if opens_as_biography(lead) and not _years_of_a_body(lead):
        return Kind("person", "its page opens as a biography (a name, then a birth date or life span)")
    qualifier = _QUALIFIER_WORDS.search(title_name(title)) if title else None
    if qualifier:
        said = f'its page\'s title says "({qualifier.group(0).strip()[1:-1].strip()})"'
        word = qualifier.group(1).lower()
        if word in PERSON_NOUNS:  # "David Wheeler (computer scientist)"
            return Kind("person", said)
        if word in ORGANISATION_NOUNS:
            return Kind("organisation", said)
        if word in _WORK_QUALIFIERS:
            return Kind("work", said)
    if not lead:
        return CONCEPT
    first = first_sentence(lead)
    m = DEFINITION.search(first)
    name = title_name(title) if title else ""
    if m is None and _PREDICATE_ONLY.match(first) and _proper(name):
        # A glossary's description says what its term is without naming it: "The British
        # society of electrical and electronics engineers." reads as its term's "is the ..."
        # (lead.gloss_as_sentence). Only a proper name's: "central bank", "The institution
        # that ...", is a kind of institution, a concept. A sentence naming the title is about
        # it, an apposition: "The University of Michigan Executive System (UMES), a batch
        # operating system ...".
        first = gloss_as_sentence(name, first)
        m = DEFINITION.search(first)
    # "A bank is a financial institution": a kind of organisation, a concept; a named one
    # ("Google LLC is ...") has no indefinite article before its verb. A bracket before the
    # verb is an aside, not the subject: 'Good Copy Bad Copy (subtitled "A documentary about
    # ...") is a 2007 documentary film'.
    if m is None or re.search(r"(?:^|\W)an?\s", BRACKETED.sub(" ", first[:m.start()]), re.I):
        return CONCEPT
    # Each conjunct's head counts: "a Japanese multinational video game developer and
    # publisher", "a consumer electronics and video game company".
    heads = genus_heads(m.group(1))

    def calls(head: str) -> str:
        return f'its page\'s first sentence calls it {indefinite_article(head)} "{head}"'

    person = [h for h in heads if h in PERSON_NOUNS]
    if person:
        return Kind("person", calls(person[0]))
    organisation = [h for h in heads if h in ORGANISATION_NOUNS - _CENTRE]
    if organisation:
        return Kind("organisation", calls(organisation[0]))
    if _CENTRE & set(heads) and not _PLACE_CENTRE.search(m.group(1)):
        return Kind("organisation", calls(next(h for h in heads if h in _CENTRE)))
    if "tank" in heads and re.search(r"\bthink[\s-]tank\b", m.group(1), re.I):
        return Kind("organisation", calls("think tank"))
    if "character" in heads and re.search(r"\bfictional\b", m.group(1), re.I) is not None:
        return Kind("work", calls("fictional character"))
    if "series" in heads and _WORK_SERIES.search(m.group(1)) is not None:
        return Kind("work", calls(_WORK_SERIES.search(m.group(1)).group(0).lower()))
    work = [h for h in heads if h in WORK_NOUNS]
    return Kind("work", calls(work[0])) if work else CONCEPT


# A company's or a magazine's years are written as a life is: "Computer Usage Company (CUC)
# (1955–1986) ... was the first independent ...", "Hotwired (1994–1999) was the first commercial
# web magazine", "Remington Rand (1927–1955) was an early American business machines
# manufacturer". Of the 501 pages of the shared corpus that open as a biography, those 5 (4
# pages) call their subject an organisation or a work and no person: the genus decides.
def _years_of_a_body(lead: str) -> bool:
    """True if the first sentence's genus names an organisation or a work and no person."""
    heads = genus_of(lead)
    return (any(h in ORGANISATION_NOUNS or h in WORK_NOUNS for h in heads)
            and not any(h in PERSON_NOUNS for h in heads))


def _proper(name: str) -> bool:
    """True if every word of a name but the little ones opens with a capital: "Institution of
    Engineering and Technology", "John Bardeen"; not "central bank" nor "Zener diode"."""
    content = [w for w in name.split() if w.lower() not in FRAGMENT_ENDS]
    return bool(content) and all(w[:1].isupper() for w in content)


def names_an_occupation(written: str) -> str:
    """The head of a name of two words or more that says who does a job, or "": written in
    lower case after its first letter, no word joining two phrases ("of", "and", "in": "Gender
    diversity of programmers" is a subject), its last word an OCCUPATION_HEADS noun ("web
    developers", "Systems analyst", "theoretical physicists"). A capitalised head names a
    product ("LibreOffice Writer", "Logic Theorist", "Netscape Composer")."""
    ws = without_qualifier(written).split()
    if len(ws) < 2 or not all(w.islower() for w in ws[1:]) or any(w in FRAGMENT_ENDS for w in ws):
        return ""
    head = singular(ws[-1])
    return head if head in OCCUPATION_HEADS else ""


def role_of_a_person(genus: list[str]) -> str:
    """The first head of a page's genus that names a person's role, when that role is also a
    product's or a company's ("developer", "editor": ROLE_NOUNS), or ""; for a page whose
    title is a person's name ("Greg Kroah-Hartman (GKH) is a major Linux kernel developer")."""
    return next((h for h in genus if h in ROLE_NOUNS), "")


def names_works(keyword: str) -> bool:
    """True if the keyword names a kind of work ("textbook", "science fiction film",
    "academic journals"): then a work is one of its instances, a concept, not apart."""
    ws = words(keyword)
    if not ws:
        return False
    last = ws[-1].lower()
    return singular(last) in _WORK_QUALIFIERS


def names_an_organisation(written: str) -> bool:
    """True for a name of two or more words in title case that holds a NAME_ORGANISATION_WORDS
    word or ends with "International" ("Amnesty International", "SRI International"); an
    ampersand joins as "and" does ("Creed & Company")."""
    content = [w for w in written.split() if w.lower() not in FRAGMENT_ENDS and w != "&"]
    return (len(content) >= 2 and all(w[:1].isupper() for w in content)
            and (any(w.lower().strip(",.()") in NAME_ORGANISATION_WORDS for w in content)
                 or content[-1] == "International"))


# How running text writes the title of a paper, song or episode: in quotation marks, a
# capital first and three words or more ('"Elephants Don't Play Chess"'; '"strong AI"',
# '"line editors"' and '"Dining Philosophers"' are terms in quotes); and a book's or series' title with its subtitle
# ("Capitalism: The Unknown Ideal", "Star Trek: The Next Generation"), the subtitle opening
# with an article or four words long: a short one names a part or version ("IEEE 802.11:
# Wireless LAN"), a lowercase one is a list's term and gloss ("Terminal: terminal emulator").
# A shorter subtitle in title case joined by a small word or a comma is a title's too
# ("Operating Systems: Design and Implementation", "Superintelligence: Paths, Dangers,
# Strategies", "Warcraft III: Reign of Chaos"; _SHORT_SUBTITLE); acronyms so joined are a
# heading's ("Germany: BPjM and USK").
_QUOTED = re.compile(r"[\"\u201c\u201e][A-Z][^\"\u201c\u201d\u201e\s]*(?:\s+[^\"\u201c\u201d\u201e\s]+){2,}[\"\u201d]")
_SUBTITLED = re.compile(r"[A-Z][^:]*:\s+(?:(?:The|A|An)\s+\S+.*|[A-Z0-9]\S*(?:\s+\S+){3,})")
_TITLE_WORD = r"[A-Z][a-z][^\s,:]*"
_SHORT_SUBTITLE = re.compile(rf"[A-Z][^:]*:\s+{_TITLE_WORD}(?:,?\s+(?:(?:of|and|or|for|in|on|to|with|from|the)\s+)?{_TITLE_WORD})*")
_JOINED = re.compile(r":.*(?:,\s|\s(?:of|and|or|for|in|on|to|with|from|the)\s)")
# And the words a periodical's, a reference work's, a textbook's or an essay's title opens
# with: "Journal of Symbolic Computation", "Handbook of Mathematical Logic", "Introduction
# to Algorithms", "On the Origin of Species", "On Computable Numbers, with an Application
# to the Entscheidungsproblem" (three words or more, as written, a capital first: the 9
# judged names that open so, on the shared corpus, were all misses).
_TITLE_OPENING = re.compile(r"(?:(?:Journal|Handbook|Proceedings|Annals|Encyclopa?edia|Dictionary)\s+of"
                            r"|Transactions\s+on|Introduction\s+to|On\s+\S+)(?:\s+\S+)+")


def written_as_title(written: str) -> bool:
    """True if a name is written as a work's title: whole in quotation marks (a capital first,
    three words or more), a title and a capitalised subtitle after a colon that opens with
    an article, runs to four words or joins title-case words by a small word or a comma, or
    a title that opens as a periodical's, a reference work's, a textbook's or an essay's
    does (_TITLE_OPENING)."""
    text = written.strip()
    return bool(_QUOTED.fullmatch(text) or _SUBTITLED.fullmatch(text) or _TITLE_OPENING.fullmatch(text)
                or (_SHORT_SUBTITLE.fullmatch(text) and _JOINED.search(text)))


# A name the keyword's sentences introduce with a word for a work just before it ("Dawkins's
# 1976 book The Selfish Gene", "the film Forbidden Planet", "the episode The Five Doctors"):
# the work twin of a person's role word (taxonomy.introduced_as_person), read where no page
# says what the name is. Lower case only: a capitalised word before it ends another name
# ("Cowboy Magazine"). Twice at least: once is as often a compound ("film Editing", "comic
# Books", "play Money"). Session 85, over the first 20 places of version 226's judged keywords:
# 16 pageless capitalised names so introduced, all but 2 works (novels, books, a paper, a journal,
# a painting, an episode; "comic Books" and "Netscape Composer", a program a book was written about, not);
# 4 of them listed concepts there, 3 judged misses (The Selfish Gene, The Language Instinct, The
# Five Doctors) and 1 hit (Netscape Composer).
def introduced_as_work(before: Mapping[str, int]) -> str:
    """The word for a work (WORK_NOUNS) written, in lower case, just before at least two and at
    least half the mentions of a name in the keyword's sentences (hearst.SentencePool.words_before),
    or ""."""
    total = sum(before.values())
    found: Counter[str] = Counter()
    for word, n in before.items():
        word = word.rstrip(",")
        if word in WORK_NOUNS:
            found[word] += n
    shown = sum(found.values())
    return found.most_common(1)[0][0] if shown >= 2 and 2 * shown >= total else ""


# A name as people write a person's: initials and a surname ("K. R. Rao"), or one to three
# capitalised words ("Hinton", "Oskar Morgenstern"), which a biography may end with.
# Or spaced initials and a given name before the surname ("E. Allen Emerson"), or a given
# name, middle initials and a surname ("Ramanathan V. Guha", "Guy L. Steele Jr."; session
# 54: the 420 candidates so written in version 161's reports were all people's names);
# "X.Org Server", its initial joined to the word, is a product's name.
_INITIALS_NAME = re.compile(r"(?:[A-Z]\.\s?){1,3}[A-Z][a-z][\w'\u2019-]*"
                            r"|(?:[A-Z]\.\s){1,3}[A-Z][a-z][\w'\u2019-]*\s[A-Z][a-z][\w'\u2019-]*"
                            r"|[A-Z][a-z][\w'\u2019-]*\s(?:[A-Z]\.\s?){1,2}[A-Z][a-z][\w'\u2019-]*(?:,?\s(?:Jr|Sr)\.)?")
_NAME_WORD = re.compile(r"[A-Z][a-z][\w'\u2019-]*")


def could_be_a_name(written: str) -> bool:
    """True if `written` reads as a person's name: initials and a surname, or 1-3 capitalised words."""
    ws = written.split()
    return bool(_INITIALS_NAME.fullmatch(written.strip())) or (
        0 < len(ws) <= 3 and all(_NAME_WORD.fullmatch(w) for w in ws))


def person_by_name(written: str, ending: list[tuple[str, str, str]]) -> str:
    """Why a name no page is titled with is a person's, or "": written as initials and a surname
    ("K. R. Rao"), or the end of a biography's title in the collection ("Hinton": the page
    "Geoffrey Hinton" opens as a biography). `ending` holds (url, title, lead) of the pages whose
    title ends with the name (SearchBackend.pages_ending_with)."""
    if _INITIALS_NAME.fullmatch(written.strip()):
        return "written as people's names are: initials and a surname"
    for _, title, lead in ending:
        if page_kind(lead, title) == "person":
            return f'the end of the name of "{title_name(title)}", whose page opens as a biography'
    return ""


def kind_asked_for(kind: str, written: str, keyword: str, people_asked: bool, genus: list[str] | None = None) -> str:
    """"concept" for a person or organisation that is one of what the keyword names, else `kind`:
    "Ralph Griswold" for "computer scientists" (`people_asked`: every WordNet sense of the
    keyword is a kind of person), "Utah Data Center" for "data center" (its name is a kind
    of the keyword's, names_a_kind), whoever runs it. Not when its page says it is something
    else (`genus`, the heads of what its first sentence calls it): "DreamWorks Animation ...
    is an American animation studio" is a studio, not an animation; "The Computer History
    Museum is a museum" stays one of the museums."""
    if kind == "person" and people_asked:
        return "concept"
    if kind == "organisation" and names_a_kind(written, keyword):
        ws = words(keyword)
        if not genus or singular(ws[-1]) in {singular(h) for h in genus}:
            return "concept"
    return kind
