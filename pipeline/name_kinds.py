"""What a name no page of the collection is titled with names (a person, an organisation, a
work or a concept), read from the name as written, the URL its link leads to, WordNet, the
collection's biographies and what the keyword's sentences say around it. Used by the evidence
stage (pipeline.evidence_stage)."""
from __future__ import annotations

import functools
from collections import Counter
from typing import Callable

from scoring.kinds import (CONCEPT, Kind, could_be_a_name, introduced_as_work, names_an_organisation, page_kind,
                           person_by_name, read_page_kind, written_as_title)
from scoring.taxonomy import (Graph, cited_as_author, ends_in_a_plural, introduced_as_person, listed_among_others,
                              listed_among_people, name_kind, reads_as_person)

from .search import SearchBackend
from .text import indefinite_article, normalise, singular_last, without_qualifier
from .urls import title_from_url


def pageless_kind(backend: SearchBackend, taxonomy: Graph | None, written: str, target: str = "") -> str:
    """"person", "organisation", "work" or "concept" for a name no page of the collection is titled with."""
    return read_pageless_kind(backend, taxonomy, written, target).kind


def read_pageless_kind(backend: SearchBackend, taxonomy: Graph | None, written: str, target: str = "") -> Kind:
    """What a name no page of the collection is titled with names, and why.

    Read from the name as written (a work's title: written_as_title) and, when the keyword's
    page links to it, from the name
    its link's URL spells ("Hendler" -> ".../wiki/James_Hendler"): WordNet's proper nouns,
    an organisation word in a title-case name, a biography in the collection whose title
    ends with the name, a given name and a surname (taxonomy.reads_as_person), a surname
    first as a bibliography writes it (taxonomy.cited_as_author); last, the
    first paragraph of the target's page when the collection holds it under that title.
    """
    if written_as_title(written):
        # '"Elephants Don't Play Chess"', "Capitalism: The Unknown Ideal"
        return Kind("work", "written as titles are: in quotation marks, with a subtitle, or opening as a "
                            "journal's or a textbook's does")
    target_name = title_from_url(target) if target else ""
    if singular_last(normalise(target_name)) == singular_last(normalise(written)):
        # "heart" -> ".../Heart", "gills" -> ".../Gill": nothing new; read as a name, the
        # bare "Gill" would end a biography's title ("Stanley Gill").
        target_name = ""
    names = [n for n in (written, target_name) if n]
    for name in names:
        via = "" if name == written else f'its link leads to "{name}": '
        if without_qualifier(name) != name:
            # "Watson (computer)": the qualifier says what it is; the bare name would be
            # read as WordNet's Watsons, all people.
            kind = read_page_kind("", name)
            if kind.kind != "concept":
                return Kind(kind.kind, via + kind.because.replace("its page's title", "its name"))
            continue
        kind = name_kind(taxonomy, name) if taxonomy is not None else "concept"
        if kind != "concept":
            return Kind(kind, f'{via}WordNet knows "{name}", capitalised, only as {indefinite_article(kind)} {kind} or a kind of '
                              f"{kind}")
        if names_an_organisation(name):
            return Kind("organisation", f"{via}a name in title case holding a word organisations are named with")
        because = person_by_name(name, backend.pages_ending_with(name)) if could_be_a_name(name) else ""
        if because:
            return Kind("person", via + because)
        cited = cited_as_author(taxonomy, name) if taxonomy is not None else None
        if cited is not None and (cited.sure or backend.hit_count([cited.reading]) > 0) and all(
                page_kind(lead, title) == "person" for _, title, lead in backend.pages_about(cited.surname)):
            # "Arora, Sanjeev", as a bibliography writes him (the collection writes "Sanjeev
            # Arora" too); not "Harwell, Oxfordshire", nor "Debian, Ubuntu", whose first name
            # has a page of its own that is no biography.
            return Kind("person", f'{via}written surname first, as a bibliography writes an author ("{cited.reading}")')
        if taxonomy is not None and reads_as_person(taxonomy, name):
            return Kind("person", f'{via}a given name ("{name.split()[0]}") and a surname that is no common noun')
    if target_name:
        about = backend.pages_about(target_name)
        if about:
            url, title, lead = about[0]
            kind = read_page_kind(lead, title)
            if kind.kind != "concept":
                return Kind(kind.kind, f'its link leads to "{target_name}": {kind.because}')
    return CONCEPT


def person_by_page(backend: SearchBackend, taxonomy: Graph, name: str) -> bool | None:
    """True if the collection's page of `name` opens as a biography or, with no page, the name
    reads as a person's (taxonomy.reads_as_person); False for a page about anything else; None
    if nothing says."""
    about = backend.pages_about(name)
    if about:
        return page_kind(about[0][2], about[0][1]) == "person"
    # A given name before a common noun's plural names a place or a body ("Gilbert Islands").
    return True if reads_as_person(taxonomy, name) and not ends_in_a_plural(taxonomy, name) else None


def introduced_kind(taxonomy: Graph, written: str, before: Counter, after: Counter, listed: Counter,
                    is_person: Callable[[str], bool | None]) -> Kind | None:
    """Kind("person", why) if the keyword's sentences introduce a name no page describes as a
    person's, Kind("work", why) if as a work's ("the book The Selfish Gene": kinds.introduced_as_work),
    else None: "Ernst Zermelo", "the Swedish logician Per Martin-Löf" (the words
    before and after it: taxonomy.introduced_as_person), "Samuel Eilenberg and Saunders Mac
    Lane" (the names listed beside it, `is_person` of each: taxonomy.listed_among_people)."""
    # A surname alone is the weakest reading: listed beside things, it is one of them ("Julia Lua",
    # an infobox's list of languages run together, beside Python and Ruby).
    if introduced_as_person(taxonomy, written, before, after) and not (
            len(written.split()) == 1 and listed_among_others(listed, is_person)):
        return Kind("person", "the collection's sentences introduce it as a person's name (after a given name, "
                              "a word for a person such as \"logician\", or before \"showed\", \"said\")")
    people = listed_among_people(taxonomy, written, listed, is_person)
    if people:
        return Kind("person", "the keyword's sentences list it beside people: " + ", ".join(people[:3]))
    work = introduced_as_work(before)
    if work:
        return Kind("work", f'the collection\'s sentences introduce it as a work: "{work}" just before it '
                            "in at least half its mentions")
    return None


def persons_name(taxonomy: Graph | None) -> Callable[[str], bool] | None:
    """What reads a page's title as a person's name (taxonomy.reads_as_person), None without WordNet."""
    return None if taxonomy is None else functools.partial(reads_as_person, taxonomy)
