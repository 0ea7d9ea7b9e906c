"""Stage 10 of the default method ("evidence"): every candidate's evidence and score, best first.

The phases, in order: gather the candidates of every source (the mined lists, the pages
that define a concept through the keyword, the keyword's own page's sections and links or,
without such a page, what citing paragraphs link to, WordNet's names under the keyword);
read each candidate's page, kind and WordNet placement while the keyword's sentences are
read in a second process (pipeline.sentence_reader); add the names those sentences
enumerate as the keyword's kinds; put each candidate's facts together into its score
(scoring.evidence); rank each concept once. Luigi plumbing is in tasks/topic.py.
"""
from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import asdict, dataclass
from typing import AbstractSet, Callable, Iterable, NamedTuple, Sequence

from lxml import etree

from scoring.evidence import (BORROWING_READ, CONCEPT_FLOOR, MIN_BORROWING_DOCUMENTS, OTHER_NAME_SHARE,
                              MIN_CITING_PAGES, MIN_SHARED_DOCUMENTS, NAME_SHARE, Facts, at_chance, chance_p,
                              field_beside, is_common, is_listed, is_generic, is_structure, is_thin, is_weak,
                              names_a_section, npmi, rank_key, weigh, wordnet_sibling, floor_of,
                              describes_an_aspect)
from scoring.kinds import (CONCEPT, Kind, kind_asked_for, names_an_occupation, kind_of_page, names_works, wordnet_kind)
from scoring.lead import (abbreviates, genus_of, is_broader, is_disambiguation, keyword_is_a_field, name_words, names_a_field, names_as_alias,
                          opens_in_lower_case, opens_in_setting, opens_with_keyword, says_is_a, setting_names,
                          shared_genus, subject_names)
from scoring.names import (concept_key, filed_as, fold_variants, holds_name, is_constant_name, is_fragment, linked_as_name, names_a_document_part,
                           names_a_kind, names_a_list, names_a_qualification, names_after, names_its_study, names_itself,
                           names_keyword_chapter, named_with, other_pages_of_name, part_of_keyword,
                           proper_name, title_cased, uses_apart, verb_form_of)
from scoring.peers import listed_beside
from scoring.sentences import first_sentence
from scoring.sources import (by_sense, choose_page, definition_candidates, page_name_candidates, keyword_chapter,
                             marked_alike, taxonomy_candidates, titled_as)
from scoring.tagtree import (beside_sections, heading_name, main_article_notes, passing_links, related_section_links,
                             section_prose_links, section_titles, summary_box_links)
from scoring.taxonomy import (UNDER, Graph, names_a_discipline, names_people, not_a_noun, placement,
                              practitioner, senses, senses_in_context)

from .boilerplate import DEFAULT_RULES, BoilerplateRules
from .citing_links import (Sense, keyword_link_targets, keyword_sense, link_titles, links_by_name,
                           links_naming_keyword, name_links, stored_row)
from .links import contents_links, link_anchors
from .name_kinds import introduced_kind, person_by_page, persons_name, read_pageless_kind
from .page_cache import PageCache
from .parse import content_tree, text_of
from .search import SearchBackend, in_domain
from .sentence_reader import SentenceReader
from .store import numbering_depth, title_name
from .text import normalise, sharp_spelled, singular_words, without_qualifier
from .topic_stages import Progress, hit_counts, score
from .urls import host, is_media_file, title_from_url


def evidence(backend: SearchBackend, keyword: str, scored: Sequence[dict], cands: Sequence[dict],
             star_result: dict, count: Callable[[Sequence[str]], int], threshold: float,
             domain: str = "", progress: Progress = None, rules: BoilerplateRules = DEFAULT_RULES,
             taxonomy: Graph | None = None, pages: Sequence[str] = (), items: Iterable[dict] = (),
             page_cache: PageCache | None = None) -> dict:
    """Stage 10 of the default method: each candidate's evidence and score, best first.

    The mined candidates are joined by the concepts the index's own pages define through
    the keyword (`definition_candidates`) and those the section headings of the keyword's
    own page and the anchor texts of its links name (`page_name_candidates`), and, with `taxonomy` (WordNet's noun table), by
    the names it files under the keyword (`named_by_taxonomy`), counted and scored the same
    way; each row says where it came from ("lists", "definition", "section", "link", "cited", "wordnet"
    or "said": a name the keyword's sentences enumerate as its kinds, `SentencePool.named_under`)
    and whether WordNet files it under the keyword. Definitions and sections come from
    hosts under `domain` only, as the search results do. Without a page about the keyword,
    what the run's `pages` link to from their paragraphs naming it stands in for that
    page's links (`cited_links`; source "cited"). `items` are the run's list items: those
    sharing a list with the keyword itself are its peers when it names one thing
    (scoring.peers). `page_cache` keeps what the pages' trees say for later runs.
    """
    # The items are read once, lazily and only for a name keyword; a second weighing (below)
    # asks again for what the first read.
    beside = functools.cache(functools.partial(listed_beside, items, keyword))
    # The keyword's sentences are read beside the index work below (pipeline.sentence_reader).
    with SentenceReader(backend, keyword, domain) as reader:
        n_docs = backend.document_count()
        found = _gather(backend, keyword, scored, count, threshold, domain, rules, taxonomy, pages, n_docs,
                        page_cache)
        result = _weigh(reader, backend, keyword, scored, cands, star_result, count, threshold, taxonomy, beside,
                        n_docs, found, progress)
        # No page titled as the keyword and nothing listed: the page its name links to, when it
        # answers to the name ("azure" -> "Microsoft Azure"), is read as its own page, and its
        # list kept if it lists something. Read so for every pageless keyword (version 219, a
        # trial), it cost listed precision where the paragraphs had listed well already. The
        # sources are gathered again whole: rare (8 of 2,872 judged keywords, session 81), and
        # what a page about the keyword changes runs through most of them.
        linked = (linked_own_page(backend, keyword, found.sense, domain)
                  if not found.keyword_page and lists_nothing(result["candidates"]) else None)
        if linked is None:
            return result
        by_link = _gather(backend, keyword, scored, count, threshold, domain, rules, taxonomy, pages, n_docs,
                          page_cache, linked)
        again = _weigh(reader, backend, keyword, scored, cands, star_result, count, threshold, taxonomy, beside,
                       n_docs, by_link, progress)
        if lists_nothing(again["candidates"]):
            return result
        again["keyword_link_senses"] = result["keyword_link_senses"]
        return again


def lists_nothing(rows: Sequence[dict]) -> bool:
    """True if the default method would list none of the weighed rows (scoring.evidence.is_listed)."""
    return not any(is_listed(r["kind"], bool(r.get("ruled_out")), bool(r.get("weak"))) for r in rows)


def linked_own_page(backend: SearchBackend, keyword: str, sense: Sense | None,
                    domain: str = "") -> tuple[str, str, str, None] | None:
    """(url, title, lead, None) of the stored page a pageless keyword's name is linked to
    (keyword_sense), on a host `domain` allows, when that page answers to the name: its title
    holds the keyword's words ("Microsoft Azure", "Mainframe computer"), or its first sentence
    gives the keyword as another of its names; else None."""
    if sense is None or sense.page is None or not in_domain(host(sense.page), domain):
        return None
    row = stored_row(backend, sense.page)
    if row is None or is_disambiguation(row[1], row[2]):
        return None
    # Its words, in any order (not names.holds_name's run of them): "Java (programming
    # language)" answers to "java language", "Static code analysis" to "static analysis".
    wanted = tuple(singular_words(keyword))
    if not wanted or not (set(wanted) <= set(singular_words(title_name(row[1])))
                          or wanted in subject_names(row[1], row[2])):
        return None
    return row[0], row[1], row[2], None


@dataclass
class _Found:
    """The candidates of every source but the sentences' own names, and what the keyword's page says."""

    todo: list[tuple[dict, str]]       # (hit-count row, source), in the order they are weighed
    display: dict[str, dict]           # phrase -> its source's entry (name as written, page, kind...)
    glossed: dict[str, dict]           # glossary terms defined through the keyword, by phrase
    known: set[str]                    # every phrase offered so far
    filed: list[dict]                  # WordNet's names under the keyword
    keyword_page: str | None           # its URL, None without such a page
    page_route: str | None             # how it was found: title, twin, other name, chapter, opening, section, link
    keyword_lead: str                  # its first paragraph ("" without such a page)
    keyword_names: set[tuple[str, ...]]  # the other names its first sentence gives the keyword (lead.subject_names)
    keyword_fields: set[tuple[str, ...]]  # the fields that sentence sets the keyword in (lead.setting_names)
    sections: list[str]                # its section headings
    main_names: list[str]              # its sections' main articles, by their pages' titles
    anchors: list[str]                 # its links' names: anchor texts, or their pages' titles (link_titles)
    related_only: set[str]             # anchors linked only from "See also" or the summary box
    passing_keys: set[tuple[str, ...]]  # names linked only in passing (tagtree.passing_links)
    prose_keys: set[tuple[str, ...]]  # names linked only from its sections' running text (tagtree.section_prose_links)
    section_keys: set[tuple[str, ...]]
    main_keys: set[tuple[str, ...]]    # the sections' main articles (tagtree.main_article_notes)
    link_keys: set[tuple[str, ...]]
    targets: dict[str, str]            # anchor -> the URL it points to
    link_titles: dict[str, str]        # anchor -> the title of the page it names (link_titles)
    linked_as: dict[tuple[str, ...], str]  # a linked page's title key -> the other words that linked it
    cited: dict[tuple[str, ...], dict]  # without a keyword page: what citing paragraphs link to
    sense: Sense | None                # without a keyword page: what they link the keyword's name to
    link_senses: list[dict]            # ... and every page they link it to, most linking pages first
    other_pages: list[dict]            # with a keyword page: the other pages titled with its name (other senses)
    most_cited: list[dict]
    kw_senses: tuple[int, ...] | None  # the keyword's WordNet senses its page is about
    counts: dict[str, int]             # how many rows each source gave, for the artifact


def _gather(backend: SearchBackend, keyword: str, scored: Sequence[dict], count: Callable[[Sequence[str]], int],
            threshold: float, domain: str, rules: BoilerplateRules, taxonomy: Graph | None, pages: Sequence[str],
            n_docs: int, page_cache: PageCache | None = None,
            linked: tuple[str, str, str, None] | None = None) -> _Found:
    """Every source's candidates, counted and scored as the mined ones are; `linked` is the page
    read as the keyword's own where none is titled so (linked_own_page)."""
    mined = {r["phrase"] for r in scored}
    # A glossary entry is a small page of its own: its description names what the term is
    # (session 29). Pages' first paragraphs come first, so a term with a page is read there.
    # A candidate with no page of its own is described by its glossary entry, if one names
    # the keyword: that entry speaks for it as its page would.
    persons = persons_name(taxonomy)
    glossed = {d["phrase"]: d for d in definition_candidates(keyword, backend.entries_mentioning(keyword, domain),
                                                             persons, glossary=True)}
    leads = backend.leads_mentioning(keyword, domain)
    from_leads = definition_candidates(keyword, leads, persons)
    by_lead = {d["phrase"] for d in from_leads}
    defined = [d for d in from_leads + [g for p, g in glossed.items() if p not in by_lead] if d["phrase"] not in mined]
    # The keyword's own page, if --domain lets the run read it: what it says the keyword is
    # a kind of is broader, not a sub-topic; what its sections are titled are parts of the
    # keyword (read only from a page about the keyword: its first paragraph names it).
    # Pages that share the keyword's title: a manual's chapter before a section of another
    # chapter ("Chapter 35. Large Objects" before "36.5. Large Objects"); otherwise as found.
    # A page titled as the keyword before one that answers only by its URL (a redirect's stub,
    # "modules/model_persistence.html" titled after the whole site).
    spelled = sharp_spelled(keyword)
    titled_pages = sorted(marked_alike(backend.pages_about(spelled, with_plurals=True), spelled),
                          key=lambda p: (not titled_as(p[1], keyword), numbering_depth(p[1])))
    own = choose_page(by_sense(titled_pages, keyword, count), keyword, within=None)
    titled = own is not None and titled_as(own[1], keyword)
    route = "title"  # how the keyword's page was found (report.json's keyword_page_by)
    if own is None:
        route = "twin"
        # No page titled so, but one about the keyword and its twin ("Error detection and
        # correction" for "error detection"; the name often redirects there): its first
        # paragraph, sections and links speak for the keyword as its own page would.
        own = choose_page(backend.pages_conjoined(keyword), keyword, within=None)
        titled = own is not None and titled_as(own[1], keyword)
    if own is None:
        route = "other name"
        own = choose_page(other_name_pages(keyword, leads, count), keyword, within=None)
    if own is None:
        # A manual may title the chapter about the keyword with more words ("Chapter 14.
        # Performance Tips", "Chapter 48. Background Worker Processes"): the one chapter whose
        # title holds the keyword is its page. Only a numbered chapter (Wikipedia numbers
        # none), and only one: two ("Monitoring Database Activity", "Monitoring Disk Usage")
        # say the keyword is broader than either. Else the one page that opens on it; else,
        # with no chapter holding it, the one numbered section that does.
        chapter, route = keyword_chapter(backend.pages_titled_with(keyword), keyword)
        if chapter is not None:
            own, titled = (*chapter, None), True
    if own is not None and not in_domain(host(own[0]), domain):
        own = None
    if linked is not None:
        own, titled, route = linked, True, "link"
    # A page that names the keyword in its first paragraph is about it; so is one titled as
    # the keyword (or the keyword and its twin) whose first paragraph does not repeat the
    # name: a manual's chapter ("Chapter 21. Client Authentication": "When a client
    # application connects ...", "Chapter 26. Backup and Restore": "... should be backed up
    # regularly"), or a chapter that is only its table of contents. A Wikipedia lead names
    # its title.
    keyword_page = own[0] if own is not None and (own[3] is not None or titled) else None
    route = route if keyword_page else None
    # Other pages of the keyword's name ("Data (Star Trek)" beside "Data"): senses the list
    # does not follow, which the report names so the user can ask for one by a longer name.
    other_pages = other_pages_of_name(titled_pages, keyword, keyword_page) if keyword_page else []
    keyword_lead = own[2] if keyword_page else ""
    sections, targets, related_only, passing, prose, main = (
        keyword_page_names(backend, own[0], rules, own[1], keyword) if keyword_page else ([], {}, set(), set(), set(), {}))
    for a, t in main.items():
        targets.setdefault(a, t)
    # An anchor that is the author's wording of a concept ("passing messages", "SOA-based
    # systems") is offered under its target page's title ("Message passing", "Service-oriented
    # architecture"): the name the collection's pages and counts use.
    titles = link_titles(backend, targets)
    in_body = {concept_key(a) for a in targets if a not in related_only}
    anchors = [titles.get(a, a) for a in targets]
    related_only = {titles.get(a, a) for a in related_only}
    passing_keys = {concept_key(n) for a in passing for n in (a, titles.get(a, a))}
    prose_keys = {concept_key(n) for a in prose for n in (a, titles.get(a, a))}
    by_name = {concept_key(a) for a in targets}
    linked_as = {concept_key(t): a for a, t in titles.items() if concept_key(t) not in by_name}
    for a, t in titles.items():
        targets.setdefault(t, targets[a])
    section_keys = {concept_key(t) for t in sections}
    # A section's main article is a part as its heading is, by the page's title when the
    # note's words are the author's (link_titles); the note is no link of the body.
    main_names = [titles.get(a, a) for a in main]
    main_keys = {concept_key(n) for a in main for n in (a, titles.get(a, a))}
    # A link from the page's "See also" list alone points to a neighbour more often than to
    # a part (session 17: 58 of 99 judged top-10 places so linked were hits, 872 of 1,160
    # linked from the body): such an anchor is still offered as a candidate, but the page's
    # link does not vouch for it. Nor does a link from the page's summary box alone (an
    # infobox's influences and releases: tagtree.summary_box_links).
    link_keys = in_body | {concept_key(t) for t in anchors if t not in related_only}
    # No page about the keyword: what the collection's paragraphs naming it link to, on
    # MIN_CITING_PAGES pages or more, stands in for that page's links (session 18: 0.65 of
    # 194 judged top-25 places of keywords without a page were hits when so cited, 0.27 of
    # 198 cited nowhere).
    naming = links_naming_keyword(backend, pages, keyword, rules, page_cache) if not keyword_page and pages else {}
    cited = {k: e for k, e in links_by_name(naming, keyword).items() if len(e["pages"]) >= MIN_CITING_PAGES}
    # And what those paragraphs mean by the keyword: the page they link its name to.
    named_links = name_links(backend, naming, keyword)
    sensed = keyword_sense(named_links)
    link_senses = keyword_link_targets(named_links)
    most_cited = sorted(cited.values(), key=lambda e: -len(e["pages"]))
    for e in most_cited:
        targets.setdefault(e["anchor"], e["target"])
    headed = page_name_candidates(keyword, sections, mined | {d["phrase"] for d in defined})
    mained = page_name_candidates(keyword, main_names, mined | {d["phrase"] for d in defined + headed})
    pointed = page_name_candidates(keyword, anchors, mined | {d["phrase"] for d in defined + headed + mained})
    quoted = page_name_candidates(keyword, [e["anchor"] for e in most_cited],
                                  mined | {d["phrase"] for d in defined + headed + mained + pointed})
    # "relational", "mutable": link text, but no name of a concept. And an anchor no
    # document but (at most) the keyword's own page holds with the keyword is an anecdote,
    # as for WordNet's names: not offered (is_thin, below).
    pointed, quoted = ([p for p in found if taxonomy is None or not not_a_noun(taxonomy, p["display"])]
                       for found in (pointed, quoted))
    display = {d["phrase"]: d for d in defined + headed + mained + pointed + quoted}
    # A heading or anchor that is one word a tenth of the collection uses names a part of
    # the page ("Users", "History") or a common word ("software"), not a concept: no list
    # vouches for it.
    named, main_rows, linked_rows, cited_rows = ([r for r in score(hit_counts(count, keyword, found), threshold)
                                                  if not is_generic(r["phrase"], False, r["n_cp"], n_docs)
                                                  and not is_structure(r["n_cp"], n_docs)
                                                  and (found is headed or found is mained or not is_thin(r["n_b"]))]
                                                 for found in (headed, mained, pointed, quoted))
    known = mined | {d["phrase"] for d in defined + headed + mained + pointed + quoted}
    # The keyword's WordNet senses its own page is about (all of them without a page).
    kw_senses = senses_in_context(taxonomy, keyword, keyword_lead) if taxonomy is not None else None
    filed = (named_by_taxonomy(count, taxonomy, keyword, taxonomy_candidates(taxonomy, keyword, known, kw_senses),
                               kw_senses)
             if taxonomy is not None else [])
    display.update((f["phrase"], f) for f in filed)
    filed_rows = [r for r in score(hit_counts(count, keyword, filed), threshold)
                  if not is_generic(r["phrase"], False, r["n_cp"], n_docs)]
    todo = ([(r, "lists") for r in scored]
            + [(r, "definition") for r in score(hit_counts(count, keyword, defined), threshold)]
            + [(r, "section") for r in named] + [(r, "main") for r in main_rows]
            + [(r, "link") for r in linked_rows]
            + [(r, "cited") for r in cited_rows] + [(r, "wordnet") for r in filed_rows])
    return _Found(todo=todo, display=display, glossed=glossed, known=known, filed=filed,
                  keyword_page=keyword_page, page_route=route, keyword_lead=keyword_lead,
                  keyword_names=(subject_names(own[1], keyword_lead) - {tuple(singular_words(keyword))}
                                 if keyword_page else set()),
                  keyword_fields=setting_names(keyword_lead, keyword),
                  sections=sections, main_names=main_names,
                  anchors=anchors, related_only=related_only, passing_keys=passing_keys, prose_keys=prose_keys,
                  section_keys=section_keys, main_keys=main_keys, link_keys=link_keys, targets=targets,
                  link_titles=titles, linked_as=linked_as,
                  cited=cited, sense=sensed, link_senses=link_senses, other_pages=other_pages,
                  most_cited=most_cited, kw_senses=kw_senses,
                  counts={"definitions_found": len(defined), "sections_named": len(named), "main_named": len(main_rows),
                          "links_named": len(linked_rows), "cited_named": len(cited_rows),
                          "wordnet_named": len(filed_rows)})


def _weigh(reader: SentenceReader, backend: SearchBackend, keyword: str, scored: Sequence[dict],
           cands: Sequence[dict], star_result: dict, count: Callable[[Sequence[str]], int], threshold: float,
           taxonomy: Graph | None, beside: Callable[[], frozenset[tuple[str, ...]]], n_docs: int, found: _Found,
           progress: Progress) -> dict:
    """evidence() once the sources are gathered, with the keyword's sentences read by `reader`."""
    # "Python", "USB": one thing, whose parts hold its name and whose siblings share its genus.
    name_share = reader.name_share()
    # A page that opens its first sentence on the keyword in lower case spells it as a name,
    # whatever the rest of the collection does ("systemd", "musl", "dpkg").
    keyword_is_name = name_share >= NAME_SHARE or opens_in_lower_case(found.keyword_lead, keyword)
    weigher = _Weigher(backend, keyword, taxonomy, found, cands, star_result.get("stars", {}), n_docs, keyword_is_name,
                       beside=beside() if keyword_is_name else frozenset())
    # What the sentences say of each candidate is read by the reader's worker while this
    # process reads pages and WordNet (first pass); the second pass puts the two together.
    reading = reader.said(sorted({weigher.written_of(r["phrase"], source) for r, source in found.todo}))
    enumerating = reader.named_under()  # the worker reads it after the names above
    weighed = []
    for i, (r, source) in enumerate(found.todo, 1):
        weighed.append(weigher.read(r, source))
        if progress:
            progress(i, len(found.todo))
    # The names the keyword's sentences enumerate as its kinds ("insects such as bees, wasps
    # and ants"): Hearst's patterns used to find candidates, not only to weigh them (session
    # 34). Read after the other candidates, so the worker finds them while this process weighs those.
    enumerated_kinds = enumerating.result()
    said_rows = _enumerated_rows(backend, keyword, count, threshold, taxonomy, found, list(enumerated_kinds), n_docs)
    weighed += [weigher.read(r, "said") for r in said_rows]
    neighbours = reader.neighbours(sorted({w["written"] for w in weighed if w["ask_sentences"]})).result()
    said_by_name = reading.result() | {name: said for name, (_, said) in enumerated_kinds.items()}
    rows = [weigher.row(w, neighbours, said_by_name) for w in weighed]
    # A name no page answers to, linked to a page another row has ("A* search" to "A* search
    # algorithm"): read as that page's for folding, when the page calls itself so.
    linked = {r["display"]: found.targets[r["display"]] for r in rows
              if r["page"] is None and r.get("display") in found.targets}
    _rank_once(rows, backend, weigher.shown, n_docs, linked, keyword, weigher.people_as_concepts,
               functools.partial(senses, taxonomy) if taxonomy is not None else None)
    keyword_lead, anchors = found.keyword_lead, found.anchors
    return {"method": "evidence", "n_docs": n_docs, "definitions_found": found.counts["definitions_found"],
            "sections_named": found.counts["sections_named"], "main_named": found.counts["main_named"],
            "links_named": found.counts["links_named"],
            "cited_named": found.counts["cited_named"], "keyword_links": anchors,
            "keyword_link_titles": found.link_titles,
            "cited_links": found.most_cited,
            "said_named": len(said_rows),
            "sentence_kinds": [{"name": n, "sentences": c} for n, (c, _) in enumerated_kinds.items()],
            "keyword_related_links": [a for a in anchors if a in found.related_only],
            "wordnet_named": found.counts["wordnet_named"],
            "keyword_page": found.keyword_page, "keyword_page_by": found.page_route,
            "keyword_sections": found.sections,
            "keyword_link_senses": found.link_senses, "keyword_other_pages": found.other_pages,
            "keyword_main_articles": found.main_names,
            "keyword_sentence": first_sentence(keyword_lead) if keyword_lead else None,
            "keyword_name_share": round(name_share, 3), "keyword_is_name": keyword_is_name,
            "keyword_genus": weigher.keyword_genus,
            "broader": sum(r["kind"] == "broader" for r in rows),
            "siblings": sum(r["kind"] == "sibling" for r in rows),
            "aspects": sum(r["kind"] == "aspect" for r in rows),
            "at_chance": sum(r["chance"] for r in rows),
            "people": sum(r["kind"] == "person" for r in rows),
            "organisations": sum(r["kind"] == "organisation" for r in rows),
            "works": sum(r["kind"] == "work" for r in rows), "candidates": rows}


def _enumerated_rows(backend: SearchBackend, keyword: str, count: Callable[[Sequence[str]], int], threshold: float,
                     taxonomy: Graph | None, found: _Found, names: list[str], n_docs: int) -> list[dict]:
    """Hit-count rows of the names the keyword's sentences enumerate as its kinds (source "said").

    Only a name the collection or WordNet knows (a page titled so, a glossary entry, a noun)
    is offered: running text cut at commas leaves clauses ("ants live") beside names.
    """
    harvested = [h for h in page_name_candidates(keyword, names, found.known | {f["phrase"] for f in found.filed})
                 if h["phrase"] in found.glossed or (taxonomy is not None and senses(taxonomy, h["display"]))
                 or backend.pages_about(h["display"])]
    found.display.update((h["phrase"], h) for h in harvested)
    return [r for r in score(hit_counts(count, keyword, harvested), threshold)
            if not is_generic(r["phrase"], False, r["n_cp"], n_docs) and not is_structure(r["n_cp"], n_docs)
            and not is_thin(r["n_b"])]


def borrowing(backend: SearchBackend, written: str, keyword: str) -> int:
    """How many documents name `written` without using the keyword's words apart from it: 0 as
    soon as one uses them, or when fewer than MIN_BORROWING_DOCUMENTS name it (BORROWING_READ
    at most are read, best match first; scoring.evidence.borrowed_word)."""
    name = without_qualifier(written)
    name_words, keyword_words = singular_words(name), singular_words(keyword)
    seen = 0
    for text in itertools.islice(backend.texts_mentioning(name), BORROWING_READ):
        apart = uses_apart(singular_words(text), name_words, keyword_words)
        if apart:
            return 0
        seen += apart is False
    return seen if seen >= MIN_BORROWING_DOCUMENTS else 0


class _Weigher:
    """One run's context for weighing its candidates: `read` gathers what the index and WordNet
    say of one (first pass), `row` adds what the sentences say and scores it (second pass)."""

    def __init__(self, backend: SearchBackend, keyword: str, taxonomy: Graph | None, found: _Found,
                 cands: Sequence[dict], star_map: dict, n_docs: int, keyword_is_name: bool, beside: frozenset):
        self.backend, self.keyword, self.taxonomy, self.found = backend, keyword, taxonomy, found
        self.shown = {c["phrase"]: c.get("display", c["phrase"]) for c in cands}  # as the lists wrote it
        self.pages_of = {c["phrase"]: c["pages"] for c in cands}
        self.star_map, self.n_docs, self.keyword_is_name, self.beside = star_map, n_docs, keyword_is_name, beside
        keyword_genus = genus_of(found.keyword_lead)
        self.people_asked = taxonomy is not None and names_people(
            taxonomy, keyword, title_from_url(found.keyword_page or ""), keyword_genus)
        self.people_as_concepts: set[str] = set()  # people ranked as concepts, the keyword naming a kind of person
        self.keyword_genus = keyword_genus if keyword_is_name else []
        self.keyword_field = keyword_is_a_field(
            keyword, found.keyword_lead, names_a_discipline(taxonomy, keyword) if taxonomy is not None else None)
        self.persons_name = persons_name(taxonomy)  # one reader for every candidate's page
        self.is_person = functools.lru_cache(maxsize=None)(functools.partial(person_by_page, backend, taxonomy))

    def written_of(self, phrase: str, source: str) -> str:
        """The name as the lists or the page wrote it."""
        return self.shown.get(phrase, phrase) if source == "lists" else self.found.display[phrase]["display"]

    def read(self, r: dict, source: str) -> dict:
        """First pass: the candidate's page, kind, star, association and WordNet placement."""
        backend, keyword, taxonomy, found, n_docs = self.backend, self.keyword, self.taxonomy, self.found, self.n_docs
        phrase = r["phrase"]
        if source != "definition":
            written = self.written_of(phrase, source)
            page, title, sentence, kind, is_a, field, genus, own_genus = _page_facts(
                backend, phrase, keyword, read_genus=self.keyword_is_name, persons=self.persons_name, written=written)
            gloss = found.glossed.get(normalise(without_qualifier(written))) if page is None else None
            if gloss is not None:
                page, title, sentence, kind, is_a, field, own_genus = (
                    gloss["page"], gloss["display"], gloss["defining_sentence"], Kind(gloss["kind"], gloss["kind_because"]),
                    gloss["is_a"], gloss["field"], gloss["genus"])
            elif page is None and source == "wordnet" and taxonomy is not None:
                kind = wordnet_kind(found.display[phrase]["kind"])
            elif page is None:  # no page to read: the name itself, WordNet and the link's target say who it is
                kind = read_pageless_kind(backend, taxonomy, written, found.targets.get(written, ""))
        else:
            d = found.display[phrase]
            page, title, sentence, kind, is_a, field, own_genus = (d["page"], d["display"], d["defining_sentence"],
                                                                   Kind(d["kind"], d["kind_because"]), d["is_a"], d["field"],
                                                                   d["genus"])
            genus = []  # defined through the keyword: a kind or part of it, whatever its genus
            written = title
        if page is not None and page == found.keyword_page:
            # A name that leads to the keyword's own page (a redirect to one of its sections:
            # "Microsoft Public License (Ms-PL)" on "Shared Source Initiative") is a part of
            # what that page is about, not what the page is (an initiative, an organisation).
            kind = CONCEPT
        if kind.kind == "work" and (names_works(keyword) or written.islower()):
            # "Flushed Away (film)" is one of "animated films"; "time", written so, is not
            # the magazine its qualified page is about.
            kind = CONCEPT
        if kind.kind == "concept" and taxonomy is not None and practitioner(
                taxonomy, written, keyword, self.people_asked, title_name(title), own_genus):
            # "psychologist" for "psychology", "physicists": who practises or uses it
            kind = Kind("person", "a word for people: every WordNet sense of it is a kind of person "
                                  "(who practises or uses something)")
        occupation = names_an_occupation(written) if kind.kind == "concept" else ""
        if occupation:
            # "web developers", "Systems analyst", "theoretical physicists": who does a job
            # (session 59: 7 judged top-10 places so named, all misses but where the keyword
            # names people, as "programmer" does, and they stay its concepts).
            kind = Kind("person", f'its head noun, "{occupation}", says who does a job')
        # A name without a page may be a person by how the sentences introduce it (second pass).
        ask_sentences = (kind.kind == "concept" and page is None and source != "wordnet" and taxonomy is not None
                         and written[:1].isupper())
        filed = filed_as(backend.filed_under(page), keyword) if page else None
        starred = bool(self.star_map.get(phrase, {}).get("starred"))
        value = npmi(r["n_k"], r["n_cp"], r["n_b"], n_docs)
        # A definition from a qualified title ("file (command)") does not vouch for the bare
        # word's counts, which are what a single word's hit counts measure.
        qualified = bool(title) and normalise(title_name(title)) != phrase
        generic = is_common(sentence is not None and not qualified, r["n_cp"], n_docs)
        is_a = is_a and sentence is not None
        key = concept_key(written)
        named_kind = names_a_kind(written, keyword)
        return dict(r=r, source=source, page=page, sentence=sentence, kind=kind, is_a=is_a, field=field,
                    genus=genus, written=written, ask_sentences=ask_sentences, filed=filed, starred=starred,
                    value=value, generic=generic, key=key,
                    wordnet=placement(taxonomy, written, keyword, found.kw_senses) if taxonomy is not None else None,
                    named_kind=named_kind, named_after=names_after(written, keyword),
                    # Only a proper name the page does not define through the keyword can have
                    # borrowed its word (scoring.evidence.borrowed_word): read only those.
                    borrowing=borrowing(backend, written, keyword) if named_kind and sentence is None and title_cased(written) else 0,
                    # An adjective ("prehistoric": no WordNet noun) makes kinds of what it qualifies.
                    named_with=named_with(written, keyword) and found.kw_senses != (),
                    proper_name=proper_name(written), title=title_cased(written))

    def row(self, w: dict, neighbours: dict, said_by_name: dict) -> dict:
        """Second pass: the candidate's facts with the sentences' reading, its score and why."""
        keyword, found = self.keyword, self.found
        keyword_lead = found.keyword_lead
        r, source, phrase, written, page, kind = w["r"], w["source"], w["r"]["phrase"], w["written"], w["page"], w["kind"]
        if w["ask_sentences"]:
            kind = introduced_kind(self.taxonomy, written, *neighbours[written], self.is_person) or kind
        if kind.kind == "person" and self.people_asked:
            self.people_as_concepts.add(phrase)
        if kind_asked_for(kind.kind, written, keyword, self.people_asked, w["genus"]) == "concept":
            kind = CONCEPT
        starred, value, generic, is_a, field, filed, sentence, key = (w["starred"], w["value"], w["generic"], w["is_a"],
                                                                      w["field"], w["filed"], w["sentence"], w["key"])
        sectioned = key in found.section_keys
        main_article = key in found.main_keys
        linked = key in found.link_keys
        linked_as = found.linked_as.get(key, "") if linked else ""
        citing = len(found.cited[key]["pages"]) if key in found.cited else 0
        wordnet = w["wordnet"]
        said = said_by_name[written]
        named_kind, named_after = w["named_kind"], w["named_after"]
        facts = Facts(defines=sentence is not None, starred=starred, generic=generic, is_a=is_a,
                      sectioned=sectioned, main_article=main_article, wordnet=wordnet, said=said,
                      has_page=page is not None, linked=linked,
                      field=field, keyword_page=found.keyword_page is not None, cited=citing, filed=filed, n_b=r["n_b"],
                      linked_as=linked_as, linked_in_passing=key in found.passing_keys,
                      linked_in_prose=key in found.prose_keys,
                      n_cp=r["n_cp"], n_k=r["n_k"], named_kind=named_kind, named_after=named_after, borrowing=w["borrowing"],
                      named_with=w["named_with"], proper_name=w["proper_name"], title=w["title"],
                      defined_in_setting=sentence is not None and opens_in_setting(sentence, keyword),
                      defined_opening=sentence is not None and opens_with_keyword(sentence, keyword),
                      keyword_is_name=self.keyword_is_name,
                      keyword_has_genus=bool(self.keyword_genus),
                      holds_keyword=holds_name(written, keyword),
                      same_genus=shared_genus(w["genus"], self.keyword_genus), listed_beside=key in self.beside)
        score, why, is_tied = weigh(r["s1"], value, facts)
        row = {"phrase": phrase, "source": source, "n_k": r["n_k"], "n_cp": r["n_cp"], "n_b": r["n_b"],
               "n_docs": self.n_docs, "s1": r["s1"], "npmi": round(value, 6),
               "lists": len(self.pages_of.get(phrase, [])),
               "starred": starred, "page": page, "defines": sentence is not None, "defining_sentence": sentence,
               "is_a": is_a, "kind": kind.kind, "kind_because": kind.because, "generic": generic,
               "sectioned": sectioned, "main_article": main_article,
               "linked": linked,
               "cited": citing, "wordnet": wordnet, "said": asdict(said), "field": field, "filed": filed,
               "named_kind": named_kind, "named_after": named_after, "named_with": facts.named_with, "holds_keyword": facts.holds_keyword, "same_genus": facts.same_genus,
               "listed_beside": facts.listed_beside,
               "tied": is_tied, "floor": floor_of(facts), "score": round(score, 6), "why": why, "ruled_out": False}
        if source != "lists":
            # Not in the mined lists: the report needs what the published stages give the others.
            row.update(display=written, type=r["type"],
                       scores={f"s{k}": r[f"s{k}"] for k in range(1, 7)})
        zero = _no_concept(phrase, written, keyword)
        if not zero and page is None and is_constant_name(written):
            # On the Python documentation 21 judged top-10 places held such names, all misses
            # ("AF_CAN", "ZLIB_RUNTIME_VERSION"); the shared corpus's one, "SCHED_DEADLINE", has a page.
            zero = "a program's constant (capitals joined by underscores) that no page is about: code, not a subject"
        if not zero and found.keyword_page and page == found.keyword_page and source != "section":
            # "Hard drive" for "hard disk drive", "Recursion theory" for "computability theory":
            # the collection answers the name with the keyword's own page (its title, or a
            # redirect's URL). A section heading of that page names a part and stays.
            zero = "another name of the keyword: its page is the keyword's own"
        # Read once per keyword in _gather, compared here by the name's words (as lead.in_setting does).
        bare = name_words(written)
        if not zero and source != "section" and bare in found.keyword_names:
            # "predicate logic" for "first-order logic—also known as predicate logic, ...",
            # "notebook" for "A laptop computer, also known as a notebook ...": what the keyword's
            # page says the keyword is also called (session 55: 5 of the 5 judged listed places so
            # named were misses, once a label before a colon, "Chinese: 中国", gave no name).
            zero = "another name of the keyword: its page's first sentence calls the keyword so"
        if not zero and found.sense is not None and (page == found.sense.page if page else key == found.sense.name):
            # "Computer programming" for "programming", "Mathematical optimization" for
            # "optimization": what the collection means by the keyword, not a part of it.
            zero = "the keyword again: the page the collection's paragraphs link its name to"
        if not zero and self.keyword_is_name and not found.keyword_page:
            # A name names one thing: any page its own name is linked to on two pages or more is
            # that thing ("Open Database Connectivity" for "ODBC"), though most links go elsewhere
            # (to "ODBC", a redirect the collection does not hold). Session 66: the 2 judged
            # listed places so linked were misses; for common nouns, 27 of 41 were hits.
            full = linked_as_name(found.link_senses, keyword, key, page, MIN_CITING_PAGES)
            if full:
                zero = f"the keyword again under its full name: the collection's paragraphs link its name to '{full}'"
        if zero:
            row["score"], row["why"], row["ruled_out"] = 0.0, zero, True
        elif kind.kind == "concept":
            # The keyword's page (its genus or its setting), or WordNet, files the keyword under it; or
            # the name is the field that studies the keyword, named after it ("probability theory",
            # "computer science": 6 of the 7 judged places so named were misses; the hit, "Disk
            # encryption theory", a section of the keyword's own page, whose sections name its parts).
            broader = ("the keyword's page calls the keyword a kind or branch of it" if is_broader(written, keyword_lead)
                       else "the keyword's page sets the keyword in it (\"In X, the keyword is ...\")"
                       if bare in found.keyword_fields else
                       "WordNet files the keyword under it" if wordnet == "above" else
                       "the field named after the keyword, which studies it"
                       if source not in ("section", "main") and names_its_study(written, keyword) else
                       "its page calls it a field of study and the keyword is none: a field that studies the "
                       "keyword or works beside it, not a part of it"
                       if field_beside(facts, self.keyword_field, written, keyword) else "")
            if broader:
                row["kind"], row["kind_because"] = "broader", broader
            elif wordnet_sibling(facts):
                row["kind"], row["kind_because"] = "sibling", (
                    "WordNet files it beside the keyword, under the same parent; neither its name nor its page puts "
                    "it under the keyword")
            elif describes_an_aspect(facts, written, keyword):
                row["kind"], row["kind_because"] = "aspect", (
                    "a section heading of the keyword's page written as a description (a conjunction, preposition, "
                    "article or question word), which no other page uses and none is titled, linked or filed so: "
                    "part of its page's story, not a name")
        return row


def _rank_once(rows: list[dict], backend: SearchBackend, shown: dict[str, str], n_docs: int,
               linked: dict[str, str] | None = None, keyword: str = "", people: AbstractSet[str] = frozenset(),
               senses_of: Callable[[str], tuple[int, ...]] | None = None) -> None:
    """Fold the rows that name one concept twice, mark thin, chance and weak rows, and sort them
    (in place). `linked`: {name as written: its link's target} of rows without a page; `people`:
    the rows that name people though ranked as concepts (the keyword names a kind of person),
    folded as people are ("Sapir" into "Edward Sapir" for linguist); `senses_of`: a name's
    WordNet noun senses, so that two of WordNet's names of one concept rank once."""
    # One concept, one rank: a plural, a qualified title or a name never seen outside a
    # longer one would otherwise take a second place in the top of the list.
    # Two names of one page ("Firefox", "Mozilla Firefox") rank once when the page answers
    # to both: read only for the few pages two rows share.
    writtens = [(r, r.get("display", shown.get(r["phrase"], r["phrase"]))) for r in rows]
    # A link names the page it points to, not always the page's subject: a manual's "B-Tree"
    # links to "11.2. Index Types", whose first paragraph lists it. The page's title, or its
    # first sentence's other names of its subject, must name it.
    linked = linked or {}
    targets = {w: stored_row(backend, linked[w]) for r, w in writtens if not r["page"] and w in linked}
    answering = {w: row[0] for w, row in targets.items()
                 if row is not None and (names_itself(w, row[1], "") or names_as_alias(w, row[1], row[2]))}
    answering.update(_aliased(backend, rows, [w for r, w in writtens if not r["page"] and w not in answering]))
    pages_of = {id(r): r["page"] or answering.get(w, "") for r, w in writtens}
    pages_used = Counter(p for p in pages_of.values() if p)

    def alias(r: dict, written: str) -> bool:
        page = pages_of[id(r)]
        if pages_used[page] <= 1:
            return False
        return not r["page"] or any(url == page and names_itself(written, title, lead)
                                    for url, title, lead in backend.pages_about(r["phrase"]))

    folded = fold_variants([{"phrase": r["phrase"], "score": r["score"], "n_cp": r["n_cp"], "page": pages_of[id(r)],
                             "alias": alias(r, w), "written": w,
                             "senses": senses_of(w) if senses_of is not None and r["score"] > 0 else (),
                             "kind": "person" if r["phrase"] in people else r["kind"]} for r, w in writtens],
                           keyword)
    for row in rows:
        if row["phrase"] in folded:
            row["variant_of"], row["why"] = folded[row["phrase"]]
            row["score"], row["ruled_out"] = 0.0, True
    # Concepts first, then people, organisations and works: a sub-topic is none of them,
    # but the analyst still sees who works on the keyword and what was written about it,
    # ranked the same way.
    for row in rows:
        row["thin"] = is_thin(row["n_b"])
        row["p_value"] = float(f"{chance_p(row['n_k'], row['n_cp'], row['n_b'], n_docs):.3g}")
        row["chance"] = at_chance(row["p_value"])
        row["weak"] = not row["ruled_out"] and is_weak(row["score"], row["n_b"], names_a_section(row),
                                                       row.get("tied", True), row.get("floor", CONCEPT_FLOOR))
    rows.sort(key=rank_key)


def _aliased(backend: SearchBackend, rows: list[dict], names: list[str]) -> dict[str, str]:
    """{name: page} for the names no page answers to that a row's page, in score order, gives
    as another name of its subject in its first sentence: "finite automaton" is the row of
    "A finite-state machine (FSM) or finite-state automaton (FSA ...), finite automaton, or
    simply a state machine, is ...". Without a link between them: the page says so itself."""
    if not names:
        return {}
    wanted = {name: tuple(singular_words(name)) for name in names}
    found: dict[str, str] = {}
    for r in sorted((r for r in rows if r["page"]), key=lambda r: -r["score"]):
        row = stored_row(backend, r["page"])
        given = subject_names(row[1], row[2]) if row is not None else set()
        for name, ws in wanted.items():
            if name not in found and ws in given:
                found[name] = row[0]
    return found


def other_name_pages(keyword: str, leads: Sequence[tuple[str, str, str]],
                     count: Callable[[Sequence[str]], int]) -> list[tuple[str, str, str]]:
    """The pages whose subject the keyword is another name of, best first: the long form of an
    abbreviation whose first sentence gives it in brackets ("Natural language processing (NLP)
    is ..." for "nlp"), or a page whose first sentence gives the keyword as an alias of its
    title ("artificial intelligence (AI), sometimes called machine intelligence, is ..."), its
    title named in at least OTHER_NAME_SHARE of the keyword's documents.

    The share asks the collection what the name means in it: "nlp" and natural language
    processing share 25 of its 31 documents, "machine intelligence" and artificial
    intelligence 58 of 68; "cs" and citizen science 2 of 99 ("CS" is computer science there,
    which no first sentence abbreviates so), "mechanics" and BEAM robotics 5 of 272.
    """
    n_k = count([keyword])
    named = [(count([keyword, without_qualifier(title_name(p[1]))]), p) for p in leads
             if abbreviates(keyword, p[1], p[2]) or names_as_alias(keyword, p[1], p[2])]
    return [p for n, p in sorted(named, key=lambda x: -x[0]) if n_k and n >= OTHER_NAME_SHARE * n_k]


def named_by_taxonomy(count: Callable[[Sequence[str]], int], taxonomy: Graph, keyword: str,
                      offered: Sequence[dict], keyword_senses: tuple[int, ...] | None = None) -> list[dict]:
    """One candidate per synset WordNet files under the keyword: its first name, in WordNet's
    order, that at least MIN_SHARED_DOCUMENTS documents hold together with the keyword,
    each name once.

    WordNet's order puts the synset's own name first ("Internet Explorer", then "IE" and
    "Explorer"): a shorter synonym is more often another thing's name too ("Explorer" is
    also a file manager), and its counts would say so.
    """
    out, seen = [], set()
    for entry in offered:
        for phrase, written in entry["names"]:
            if phrase in seen or count([keyword, phrase]) < MIN_SHARED_DOCUMENTS:
                continue
            # Filed under the keyword as placement reads it: not a sense of the keyword itself ("fowl"
            # for "bird": the keyword), nor a name of many senses ("ambiguous": filed by one of them).
            if placement(taxonomy, written, keyword, keyword_senses) in UNDER:
                seen.add(phrase)
                out.append({"phrase": phrase, "display": written, "kind": entry["kind"]})
            break
    return out


class KeywordPageNames(NamedTuple):
    """What the keyword's own page names (keyword_page_names)."""

    sections: list[str]        # its section headings, in document order
    targets: dict[str, str]    # anchor -> the URL its first link points to
    related_only: set[str]     # anchors linked only from a "See also"-like section or the summary box
    passing: set[str]          # anchors linked only in passing
    prose: set[str]            # anchors linked only from the running text of its sections
    main: dict[str, str]       # anchor -> URL of the sections' main articles (tagtree.main_article_notes)


def keyword_page_names(backend: SearchBackend, url: str, rules: BoilerplateRules,
                       title: str = "", keyword: str = "") -> KeywordPageNames:
    """The section headings and the links' anchor texts of the keyword's own page (chrome
    removed), in document order: headings, {anchor: the URL its first link points to},
    the anchors linked only from a "See also"-like section (tagtree.RELATED_HEADINGS)
    or from the page's summary box (tagtree.summary_box_links), and the body's anchors
    linked only in passing (tagtree.passing_links: in paragraph sentences naming neither
    the keyword nor the page's title) or only from its sections' running text
    (tagtree.section_prose_links), and the main articles its sections name (not under a
    beside_sections heading); all empty if the page cannot be read.

    lxml's tree: a heading's text does not depend on how misnested markup around it is repaired.
    """
    nothing = KeywordPageNames([], {}, set(), set(), set(), {})
    page = backend.fetch(url)
    if page.problem or not page.raw:
        return nothing
    contents: dict[str, str] = {}
    noted: list[tuple[etree._Element, str, str]] = []

    def before_strip(whole: etree._Element) -> None:
        # A manual's chapter is its table of contents: the pages of its sections, which chrome
        # removal takes out with the contents box. Its entries are the chapter's sections and links.
        contents.update(contents_links(whole, url))
        # A wiki's notes naming a section's main article go with the chrome too; their
        # headings stay, and are read once chrome-free. A link to a part of a page ("History
        # of X § Early years") names that part, not a page of its own: left out.
        noted.extend((heading, target, anchor) for heading, note in main_article_notes(whole)
                     for a, target, anchor in link_anchors(note, url)
                     if anchor and "#" not in (a.get("href") or "") and target != url and not is_media_file(target))

    root, _ = content_tree(page.raw, rules, "lxml", page.content_type, before_strip=before_strip)
    if root is None:
        return nothing
    targets: dict[str, str] = {}
    related = related_section_links(root) | summary_box_links(root)
    in_passing = passing_links(root, [n for n in (keyword, title_name(title)) if n])
    in_prose = section_prose_links(root)
    in_body: set[str] = set()
    passing: dict[str, bool] = {}
    prose: dict[str, bool] = {}
    for a, target, anchor in link_anchors(root, url):
        if anchor and not is_media_file(target):  # a picture's or a film's link names no concept
            targets.setdefault(anchor, target)
            if a not in related:
                in_body.add(anchor)
                passing[anchor] = passing.get(anchor, True) and a in in_passing
                prose[anchor] = prose.get(anchor, True) and a in in_prose
    for anchor, target in contents.items():
        targets.setdefault(anchor, target)
        in_body.add(anchor)
    # A heading that repeats the page's title (a manual's page heads itself so) names no part.
    own = concept_key(title_name(title))
    # ... nor does one that sets the subject beside others, or a section under it (tagtree.beside_sections).
    beside = beside_sections(root)
    sections = [h for h in dict.fromkeys(section_titles(root) + list(contents))
                if concept_key(h) != own and h not in beside]
    main: dict[str, str] = {}
    for heading, target, anchor in noted:
        if heading_name(text_of(heading)) not in beside and concept_key(anchor) != own:
            main.setdefault(anchor, target)
    return KeywordPageNames(sections, targets, {a for a in targets if a not in in_body},
                            {a for a, only in passing.items() if only and a not in contents},
                            {a for a, only in prose.items() if only and a not in contents}, main)


def _page_facts(backend: SearchBackend, phrase: str, keyword: str, read_genus: bool = False,
                persons: Callable[[str], bool] | None = None, written: str = ""
                ) -> tuple[str | None, str, str | None, Kind, bool, bool, list[str], list[str]]:
    """(page URL, its title, defining sentence, kind and why, is-a, field, genus heads if `read_genus` or an
    organisation's page, else [], and the genus heads in any case) of the page that speaks for a candidate,
    titled with the marks its name is `written` with (sources.marked_alike), a "#" spelled as titles spell it."""
    spelled = sharp_spelled(written or phrase)
    pages = backend.pages_about(phrase)
    if spelled != (written or phrase):  # "C Sharp (programming language)" first
        pages = backend.pages_about(spelled) + pages
    about = choose_page(marked_alike(pages, spelled), keyword)
    if about is None:
        return None, "", None, CONCEPT, False, False, [], []
    url, title, lead, sentence = about
    kind = kind_of_page(lead, title, persons)
    own_genus = genus_of(lead)
    # An organisation's genus tells one of the keyword's kinds from a body named after it
    # (kind_asked_for): read for every organisation, few in a run. What the page calls it
    # in any case tells a practitioner's word from a thing so named ("Git", "loader").
    return (url, title, sentence, kind, says_is_a(lead, keyword), names_a_field(lead),
            own_genus if read_genus or kind.kind == "organisation" else [], own_genus)


def _no_concept(phrase: str, written: str, keyword: str) -> str | None:
    """Why the candidate scores 0 whatever its counts, or None."""
    if part_of_keyword(phrase, keyword):
        # "intelligence" for "artificial intelligence": every page with the keyword has
        # it, so its counts measure the keyword, not a relation between the two.
        return "part of the keyword: its hit counts are the keyword's own"
    if verb_form_of(written, keyword):
        # "sell" for selling, "shoot" for shooting, "publishing" for publish: WordNet files the verb's
        # noun under the activity and a glossary defines one by the other, but the word is the
        # keyword's own (session 73: 9 of the 10 judged places so named were misses, the hit "DEBUG",
        # a program, for debugging).
        return "the keyword's own word as a verb or its -ing form: the keyword again, not a part of it"
    if without_qualifier(written) != written and part_of_keyword(without_qualifier(written), keyword):
        # "Boolean algebra (logic)" for "boolean algebra": the keyword itself, in one of its
        # senses (a page title's qualifier), not a sub-topic of it.
        return "the keyword itself, with a qualifier"
    if names_keyword_chapter(written, keyword):
        # "Working with missing data", "Time series / date functionality": the title of a
        # chapter about the keyword, which its lists and links name as one of its subjects.
        return "the keyword again: a title of a chapter about it"
    if names_a_list(written):
        return "names a list, outline or glossary page, not a concept"
    if is_fragment(written):
        return "a fragment or a line of code, not a name"
    if names_a_document_part(written):
        return "a part of a document (its examples, overview, introduction), not a subject"
    if names_a_qualification(written, keyword):
        return "an academic degree or a professional title, not a subject"
    return None
