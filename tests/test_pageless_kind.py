"""pageless_kind (pipeline/evidence_stage.py): who a name is when no page of the collection is titled with it.

A tiny real page store (LocalBackend) and WordNet's real noun table.
"""
from __future__ import annotations

import pytest

from pipeline import store
from pipeline.search import LocalBackend
from collections import Counter

from pipeline.evidence_stage import _page_facts
from pipeline.name_kinds import introduced_kind, pageless_kind, person_by_page, persons_name, read_pageless_kind
from pipeline.wordnet import Taxonomy, build_table, wordnet_zip
from scoring.hearst import SentencePool, keyword_sentences

WIKI = "https://en.wikipedia.org/wiki/"
# (title, lead): the pages the collection holds.
PAGES = [
    ("Commodore International", "Commodore International was an American home computer and electronics "
                                "manufacturer founded by Jack Tramiel."),
    ("Oskar Morgenstern", "Oskar Morgenstern (January 24, 1902 – July 26, 1977) was a German-born economist."),
    ("Game theory", "Game theory is the study of mathematical models of strategic interaction."),
    ("Greg Kroah-Hartman", "Greg Kroah-Hartman (GKH) is a major Linux kernel developer."),
    ("Stanley Gill", "Stanley Gill (26 March 1926 – 1975) was a British computer scientist."),
    ("Visual Studio Code", "Visual Studio Code is a source-code editor developed by Microsoft."),
]


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    path = tmp_path_factory.mktemp("store") / "pages.sqlite"
    con = store.connect(path)
    for title, lead in PAGES:
        url = WIKI + title.replace(" ", "_")
        html = f"<html><head><title>{title}</title></head><body><p>{lead}</p></body></html>".encode()
        store.insert_page(con, url, "en.wikipedia.org", title, lead, store.pack_html(html), store.pack_links([]),
                          lead=lead)
    con.commit()
    con.close()
    b = LocalBackend(path)
    yield b
    b.con.close()


@pytest.fixture(scope="module")
def wordnet(tmp_path_factory):
    dest = tmp_path_factory.mktemp("wn") / "nouns.sqlite"
    build_table(wordnet_zip(), dest)
    tax = Taxonomy(dest)
    yield tax
    tax.close()


def test_a_given_name_and_a_surname_are_a_person(backend, wordnet):
    assert pageless_kind(backend, wordnet, "George Dantzig") == "person"
    assert pageless_kind(backend, wordnet, "Évariste Galois") == "person"  # WordNet's, accents folded
    assert pageless_kind(backend, wordnet, "Victoria Falls") == "concept"


def test_the_links_target_names_whom_a_surname_stands_for(backend, wordnet):
    # "Hendler" alone is nobody WordNet or the collection knows; its link says "James Hendler".
    assert pageless_kind(backend, wordnet, "Hendler") == "concept"
    assert pageless_kind(backend, wordnet, "Hendler", WIKI + "James_Hendler") == "person"
    assert pageless_kind(backend, wordnet, "prize", WIKI + "Deming_Prize") == "organisation"


def test_the_targets_page_speaks_when_the_collection_holds_it(backend, wordnet):
    assert pageless_kind(backend, wordnet, "Commodore", WIKI + "Commodore_International") == "organisation"
    assert pageless_kind(backend, wordnet, "the book's second author", WIKI + "Oskar_Morgenstern") == "person"
    assert pageless_kind(backend, wordnet, "strategic games", WIKI + "Game_theory") == "concept"


def test_a_target_that_only_recases_the_name_adds_nothing(backend, wordnet):
    # "heart" -> ".../Heart": the same name; a biography ending with "Heart" must not make it a person.
    assert pageless_kind(backend, wordnet, "heart", WIKI + "Heart") == "concept"
    # "gills" -> ".../Gill": the same name in the singular; "Gill" alone would end "Stanley Gill".
    assert pageless_kind(backend, wordnet, "gills", WIKI + "Gill") == "concept"
    assert pageless_kind(backend, wordnet, "Hendler", WIKI + "Hendlers") == "concept"


def test_without_wordnet_the_collection_still_speaks(backend):
    assert pageless_kind(backend, None, "George Dantzig") == "concept"  # the given names are WordNet's
    assert pageless_kind(backend, None, "Morgenstern") == "person"  # a biography's title ends with it
    assert pageless_kind(backend, None, "IEEE Computer Society") == "organisation"


def test_a_qualified_target_is_what_its_qualifier_says(backend, wordnet):
    # "Watson (computer)": a computer, though WordNet's Watsons are all people.
    assert pageless_kind(backend, wordnet, "IBM Watson", WIKI + "Watson_(computer)") == "concept"
    assert pageless_kind(backend, wordnet, "Wheeler", WIKI + "David_Wheeler_(computer_scientist)") == "person"
    assert pageless_kind(backend, wordnet, "Amazon", WIKI + "Amazon_(company)") == "organisation"


def test_a_name_written_as_a_works_title_is_a_work(backend):
    # A paper's title in quotation marks; a book's title and subtitle.
    assert pageless_kind(backend, None, '"Some philosophical problems from the standpoint of artificial '
                                        'intelligence"') == "work"
    assert pageless_kind(backend, None, "From Databases to Dataspaces: A New Abstraction for Information "
                                        "Management") == "work"
    assert pageless_kind(backend, None, "Capitalism: The Unknown Ideal") == "work"
    # A shorter subtitle in title case, joined by a small word or a comma (version 212).
    for title in ("Operating Systems: Design and Implementation", "Superintelligence: Paths, Dangers, Strategies",
                  "Warcraft III: Reign of Chaos"):
        assert pageless_kind(backend, None, title) == "work", title
    # A title opening as a periodical's, a reference work's, a textbook's or an essay's does (version 160).
    for title in ("Journal of Symbolic Computation", "Handbook of Mathematical Logic", "Introduction to Algorithms",
                  "Proceedings of the IEEE", "On the Origin of Species",
                  "On computable numbers, with an application to the Entscheidungsproblem"):
        assert pageless_kind(backend, None, title) == "work", title


@pytest.mark.parametrize("written", [
    '"spam" or "non-spam"',          # two quoted words, not one title
    "Terminal: terminal emulator",   # a list's term and its gloss
    "IEEE 802.11: Wireless LAN",     # a short subtitle: a part of the standard
    "Operation Flashpoint: Cold War Crisis",  # three title-case words, no small word: a version as often
    "Germany: BPjM and USK",         # acronyms joined: a heading's country and its bodies
    "Machine learning",
    '"strong AI"',                   # a term in quotes: lowercase first
    '"Dining Philosophers"',         # two words: a term as often as a title
    "On Windows",                    # two words: a manual's heading as often as an essay
    "Onion routing", "Foundations of mathematics", "Introduction to",
])
def test_quotes_and_colons_that_are_not_a_title_leave_the_name_a_concept(backend, written):
    assert pageless_kind(backend, None, written) == "concept"


def test_each_reading_says_what_made_the_kind(backend, wordnet):
    # The report's "Why each is listed here" quotes these: each names the rule and its evidence.
    assert read_pageless_kind(backend, wordnet, "George Dantzig") == (
        "person", 'a given name ("George") and a surname that is no common noun')
    assert read_pageless_kind(backend, wordnet, "Hendler", WIKI + "James_Hendler") == (
        "person", 'its link leads to "James Hendler": a given name ("James") and a surname that is no common noun')
    assert read_pageless_kind(backend, None, "Morgenstern") == (
        "person", 'the end of the name of "Oskar Morgenstern", whose page opens as a biography')
    assert read_pageless_kind(backend, wordnet, "NATO") == (
        "organisation", 'WordNet knows "NATO", capitalised, only as an organisation or a kind of organisation')
    assert read_pageless_kind(backend, wordnet, "Commodore", WIKI + "Commodore_International") == (
        "organisation", 'its link leads to "Commodore International": a name in title case holding a word '
                        'organisations are named with')
    assert read_pageless_kind(backend, wordnet, "the book's second author", WIKI + "Oskar_Morgenstern") == (
        "person", 'its link leads to "Oskar Morgenstern": its page opens as a biography (a name, then a birth date '
                  'or life span)')
    assert read_pageless_kind(backend, wordnet, "Wheeler", WIKI + "David_Wheeler_(computer_scientist)") == (
        "person", 'its link leads to "David Wheeler (computer scientist)": its name says "(computer scientist)"')
    assert read_pageless_kind(backend, None, "Capitalism: The Unknown Ideal").kind == "work"
    assert read_pageless_kind(backend, wordnet, "Victoria Falls") == ("concept", "")


def test_a_page_calling_a_given_name_and_surname_a_developer_is_a_persons(backend, wordnet):
    # "developer" is a program's and a company's word too: the title decides (session 59).
    kind = _page_facts(backend, "greg kroah-hartman", "linux kernel", persons=persons_name(wordnet))[3]
    assert kind == ("person", 'its page\'s first sentence calls it a "developer", and its title is a given name and a '
                              "surname")
    assert _page_facts(backend, "greg kroah-hartman", "linux kernel")[3].kind == "concept"  # no WordNet, no reading
    assert _page_facts(backend, "visual studio code", "text editor", persons=persons_name(wordnet))[3].kind == "concept"


def test_a_pages_genus_comes_with_its_facts_whatever_the_keyword(backend):
    # The last of _page_facts' answers: what the page's first sentence calls its subject, read for every
    # page (practitioner asks it); the one before only for a name keyword or an organisation.
    facts = _page_facts(backend, "visual studio code", "text editor")
    assert facts[7] == ["editor"] and facts[6] == []
    assert _page_facts(backend, "visual studio code", "text editor", read_genus=True)[6] == ["editor"]
    assert _page_facts(backend, "no such page", "text editor")[6:] == ([], [])


def test_a_page_or_a_persons_name_says_whether_a_name_is_a_persons(backend, wordnet):
    assert person_by_page(backend, wordnet, "Oskar Morgenstern") is True      # its page opens as a biography
    assert person_by_page(backend, wordnet, "Visual Studio Code") is False    # its page is a program's
    assert person_by_page(backend, wordnet, "George Dantzig") is True         # no page: a given name and a surname
    assert person_by_page(backend, wordnet, "Deep Blue") is None              # no page, and no given name opens it
    assert person_by_page(backend, wordnet, "Gilbert Islands") is None        # a given name, then a plural: a place
    assert person_by_page(backend, wordnet, "Frank Wanlass") is True          # a given name that is a common noun too


def test_the_names_listed_beside_a_pageless_name_may_make_it_a_person(backend, wordnet):
    def is_person(name):
        return person_by_page(backend, wordnet, name)
    none = Counter()
    # "Oskar Morgenstern and Chih-Tang Sah": listed beside a biography's subject.
    kind = introduced_kind(wordnet, "Chih-Tang Sah", none, none, Counter({"Oskar Morgenstern": 2}), is_person)
    assert kind.kind == "person" and kind.because == "the keyword's sentences list it beside people: Oskar Morgenstern"
    # Beside a program's page and a person: as many things as people, so nothing said.
    assert introduced_kind(wordnet, "Chih-Tang Sah", none, none,
                           Counter({"Oskar Morgenstern": 1, "Visual Studio Code": 1}), is_person) is None
    # A body's name is no person's, whoever it is listed with.
    assert introduced_kind(wordnet, "Aardman Animations", none, none, Counter({"Oskar Morgenstern": 1}), is_person) is None
    # The words before the name speak first.
    kind = introduced_kind(wordnet, "Per Martin-Löf", Counter({"logician": 1}), none, none, is_person)
    assert kind.kind == "person" and "introduce it as a person's name" in kind.because
    # A surname alone after a given name, listed beside more things than people, is one of the things:
    # "Julia Lua", an infobox's list of languages run together.
    after_julia = Counter({"Julia": 3})
    assert introduced_kind(wordnet, "Lua", after_julia, none, none, is_person).kind == "person"
    assert introduced_kind(wordnet, "Lua", after_julia, none,
                           Counter({"Visual Studio Code": 2, "Game theory": 1}), is_person) is None
    assert introduced_kind(wordnet, "Lua", after_julia, none,
                           Counter({"Visual Studio Code": 1, "Game theory": 1, "Oskar Morgenstern": 1}), is_person) is None
    assert introduced_kind(wordnet, "Lua", after_julia, none,
                           Counter({"Visual Studio Code": 1, "Oskar Morgenstern": 1}), is_person).kind == "person"


def test_a_pageless_name_the_sentences_introduce_as_a_work_twice_is_a_work(backend, wordnet):
    def is_person(name):
        return person_by_page(backend, wordnet, name)

    def read(texts: list[str], name: str):
        pool = SentencePool("selfish", keyword_sentences(texts, "selfish"))
        return introduced_kind(wordnet, name, pool.words_before(name), pool.words_after(name),
                               pool.listed_with(name), is_person)

    twice = ["Richard Dawkins argued in his 1976 book The Selfish Gene that genes are selfish.",
             "In the book The Selfish Gene, the word meme names a selfish unit of culture.",
             "The Selfish Gene was read as a defence of selfish behaviour."]  # no word before: not counted
    kind = read(twice, "The Selfish Gene")
    assert kind.kind == "work" and '"book" just before it' in kind.because
    # Once is as often a compound ("film Editing") as a title after its kind: nothing said.
    assert read(twice[:1] + twice[2:], "The Selfish Gene") is None
    # A capitalised word before the name ends another name, and fewer than half the mentions
    # after a work's word say nothing either.
    assert read(["The Selfish Gene Magazine The Selfish Gene is selfish.",
                 "A Selfish Gene Magazine The Selfish Gene, selfish again."], "The Selfish Gene") is None
    assert read(twice[:2] + ["Dawkins wrote The Selfish Gene as a selfish gene's view.",
                             "Later The Selfish Gene found selfish readers.",
                             "Critics of The Selfish Gene called it selfish."], "The Selfish Gene") is None
