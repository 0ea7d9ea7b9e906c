"""The topic chain's stages as functions: the previous stage's rows in, this stage's rows out.

Luigi tasks (tasks/topic.py) add only reading and writing artifacts around these, and
the benchmarks time exactly these, so there is one implementation of each stage.
"""
from __future__ import annotations

import os
from collections import Counter
from dataclasses import asdict
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterable, Sequence

from mining.itemsets import frequent_itemsets, frequent_phrases, min_count
from mining.listitems import extract_items
from mining.transactions import phrase_transaction, word_transaction
from mining.wordorder import phrase_candidates, restore_order
from scoring.evidence import (at_chance, by_sense, chance_p, choose_page, definition_candidates, evidence_score,
                              explain, Facts, is_generic, is_structure, is_thin, MIN_CITING_PAGES,
                              MIN_SHARED_DOCUMENTS, NAME_SHARE, npmi, page_name_candidates, rank_key,
                              RANKING_VERSION, taxonomy_candidates)
from scoring.hitscores import concept_type, scores
from scoring.kinds import could_be_a_name, kind_asked_for, names_an_organisation, names_works, page_kind, person_by_name
from scoring.lead import genus_of, is_broader, names_a_field, says_is_a, shared_genus
from scoring.names import (concept_key, filed_as, fold_variants, holds_name, is_fragment, names_a_kind, names_a_list,
                           names_itself, part_of_keyword)
from scoring.peers import listed_beside
from scoring.sentences import first_sentence
from scoring.tagtree import related_section_links, section_titles, star_labelled, star_page, summary_box_links
from scoring.taxonomy import (Graph, introduced_as_person, name_kind, names_people, not_a_noun, placement,
                              practitioner, reads_as_person, relation, senses, senses_in_context)

from .boilerplate import DEFAULT_RULES, BoilerplateRules
from .noisy import noisy_reason
from .links import link_anchors, links_naming
from .parse import content_tree, main_text
from .search import SearchBackend, in_domain
from .sentence_reader import SentenceReader
from .store import title_name
from .text import normalise, without_qualifier, words
from .urls import host, title_from_url

Progress = Callable[[int, int], None] | None
SCORE_COLUMNS = ["phrase", "n_k", "n_cp", "n_b", "s1", "s2", "s3", "s4", "s5", "s6", "type"]
_POOL_MIN_JOBS = 8  # below this, starting worker processes costs more than it saves


def map_pages(fn: Callable, jobs: Sequence, progress: Progress = None) -> Iterable:
    """fn over jobs in order, on every core when there are enough jobs."""
    total = len(jobs)
    if total < _POOL_MIN_JOBS or (os.cpu_count() or 1) < 2:
        results = map(fn, jobs)
        pool = None
    else:
        pool = ProcessPoolExecutor()
        results = pool.map(fn, jobs, chunksize=4)
    try:
        for i, result in enumerate(results, 1):
            if progress:
                progress(i, total)
            yield result
    finally:
        if pool:
            pool.shutdown()


def noisy_pages(backend: SearchBackend, urls: Sequence[str], rules: BoilerplateRules,
                progress: Progress = None) -> list[dict]:
    """Stage 2: each page kept, or dropped with the phrases that made it noisy."""
    rows = []
    for i, url in enumerate(urls, 1):
        page = backend.fetch(url)
        text = page.text
        if text is None:  # a backend without stored main text: extract it the index's way
            root, _ = content_tree(page.raw or b"", rules, "lxml", page.content_type)
            text = main_text(root, rules) if root is not None else ""
        reason = noisy_reason(text)
        rows.append({"url": url, "kept": reason is None, "reason": reason})
        if progress:
            progress(i, len(urls))
    return rows


def _items_of_page(job: tuple) -> list[dict]:
    url, raw, content_type, rules = job
    root, _ = content_tree(raw, rules, "lxml", content_type)
    return [vars(item) for item in extract_items(root, url)] if root is not None else []


def stored_items(url: str, rows: list) -> list[dict]:
    """List items as the index stored them, in the ListItems artifact's form."""
    return [{"page": url, "path": path, "tag": tag, "text": text, "reason": reason}
            for path, tag, text, reason, _ in rows]


def list_items(backend: SearchBackend, urls: Sequence[str], rules: BoilerplateRules,
               progress: Progress = None) -> list[dict]:
    """Stage 3: every <li>/<dt> of every page's main content, kept or with its drop reason.

    Pages whose list items the index stored are not parsed again; the others are.
    """
    found: dict[str, list[dict]] = {}
    jobs = []
    for url in urls:
        page = backend.fetch(url)
        if page.items is not None:
            found[url] = stored_items(url, page.items)
        else:
            jobs.append((url, page.raw or b"", page.content_type, rules))
    for job, rows in zip(jobs, map_pages(_items_of_page, jobs, progress)):
        found[job[0]] = rows
    return [row for url in urls for row in found[url]]


def transactions(items: Iterable[dict], mode: str, stemming: bool) -> list[dict]:
    """Stage 4: kept items as word sets (word mode) or normalised phrases (phrase mode)."""
    rows = []
    for i, item in enumerate(items):
        if item["reason"]:
            continue
        row = {"item": i, "page": item["page"], "text": item["text"]}
        if mode == "word":
            row["words"] = word_transaction(item["text"], stemming)
        else:
            row["phrase"] = phrase_transaction(item["text"])
        rows.append(row)
    return rows


def itemsets(tx: Sequence[dict], mode: str, min_support: float,
             algorithm: str = "fpgrowth") -> tuple[list[tuple[int, int, str]], int]:
    """Stage 5: (support, size, itemset text) of every frequent itemset, and the support count used."""
    threshold = min_count(min_support, len(tx))
    if mode == "word":
        found = frequent_itemsets([r["words"] for r in tx], threshold, max_len=3, algorithm=algorithm)
        return [(c, len(s), " ".join(sorted(s))) for s, c in found], threshold
    return [(c, len(p.split()), p) for p, c in frequent_phrases([r["phrase"] for r in tx], threshold)], threshold


def candidates(tx: Sequence[dict], frequent: Sequence[tuple[str, int]], mode: str, stemming: bool,
               keyword: str) -> dict:
    """Stage 6: candidate phrases in restored word order, and the itemsets dropped with why."""
    items = [(r["page"], r["text"]) for r in tx]
    if mode == "word":
        sets = [(frozenset(text.split()), n) for text, n in frequent]
        cands, dropped = restore_order(sets, items, stemming, keyword)
    else:
        cands, dropped = phrase_candidates(frequent, items, keyword)
    return {"candidates": [vars(c) for c in cands], "dropped": [vars(d) for d in dropped]}


def hit_counts(count: Callable[[Sequence[str]], int], keyword: str, cands: Sequence[dict],
               progress: Progress = None) -> list[tuple[str, int, int, int]]:
    """Stage 7: (phrase, n(k), n(CP), n(b)) per candidate."""
    n_k = count([keyword])
    batch = getattr(count, "with_keyword", None)  # a counter that counts many phrases at once
    rows = []
    for start in range(0, len(cands), _COUNT_BATCH):
        phrases = [c["phrase"] for c in cands[start:start + _COUNT_BATCH]]
        pairs = batch(keyword, phrases) if batch else [(count([p]), count([keyword, p])) for p in phrases]
        rows += [(p, n_k, n_cp, n_b) for p, (n_cp, n_b) in zip(phrases, pairs)]
        if progress:
            progress(len(rows), len(cands))
    return rows


_COUNT_BATCH = 200  # candidates counted between progress reports


def score(hits: Iterable[tuple[str, int, int, int]], threshold: float) -> list[dict]:
    """Stage 8: S1..S6 and the type of each candidate, ranked by S1 (ties by phrase)."""
    rows = []
    for phrase, n_k, n_cp, n_b in hits:
        s = scores(n_k, n_cp, n_b)
        rows.append({"phrase": phrase, "n_k": n_k, "n_cp": n_cp, "n_b": n_b,
                     **{k: round(v, 6) for k, v in s.items()},
                     "type": concept_type(n_k, n_cp, s["s1"], threshold)})
    rows.sort(key=lambda r: (-r["s1"], r["phrase"]))
    return rows


def typed_score_row(row: dict) -> dict:
    """A score row read back from CSV, with numbers as numbers."""
    out = dict(row)
    for k in ("n_k", "n_cp", "n_b"):
        out[k] = int(row[k])
    for i in range(1, 7):
        out[f"s{i}"] = float(row[f"s{i}"])
    return out


def _stars_of_page(job: tuple) -> tuple[str, dict]:
    url, raw, content_type, rules, parser, phrases, keyword = job
    root, used = content_tree(raw, rules, parser, content_type)
    if root is None:
        return used, {}
    return used, _evidence(star_page(root, url, set(phrases), keyword))


def _evidence(found: dict) -> dict:
    return {p: [vars(e) for e in ev] for p, ev in found.items()}


def stored_labels_serve(page, parser: str) -> bool:
    """True when the index's stored labels give the tree `parser` asks for.

    The index labelled lxml's tree; auto uses that tree unless lxml had to repair the page.
    """
    if page.items is None or page.repaired is None:
        return False
    return parser == "lxml" or (parser == "auto" and not page.repaired)


def stars(backend: SearchBackend, rules: BoilerplateRules, cands: Sequence[dict], keyword: str,
          parser: str = "auto", progress: Progress = None) -> dict:
    """Stage 9: per candidate, starred or not with up to 5 labels as evidence; parsers used.

    Pages whose labels the index stored are checked from those; the rest are parsed.
    """
    by_page: dict[str, list[str]] = {}
    for c in cands:
        for page in c["pages"]:
            by_page.setdefault(page, []).append(c["phrase"])
    jobs, results = [], {}
    for url, phrases in sorted(by_page.items()):
        page = backend.fetch(url)
        if stored_labels_serve(page, parser):
            entries = ((path, text, labs or ()) for path, _, text, _, labs in page.items)
            results[url] = ("lxml (stored labels)",
                            _evidence(star_labelled(entries, url, set(phrases), keyword)))
        else:
            jobs.append((url, page.raw or b"", page.content_type, rules, parser, phrases, keyword))
    results.update(zip([job[0] for job in jobs], map_pages(_stars_of_page, jobs, progress)))
    evidence: dict[str, list[dict]] = {}
    parsers: Counter[str] = Counter()
    for _, (used, found) in sorted(results.items()):
        parsers[used] += 1
        for phrase, ev in found.items():
            evidence.setdefault(phrase, []).extend(ev)
    return {"parsers": dict(parsers),
            "stars": {p: {"starred": bool(ev), "evidence": ev[:5]} for p, ev in sorted(evidence.items())}}


def evidence(backend: SearchBackend, keyword: str, scored: Sequence[dict], cands: Sequence[dict],
             star_result: dict, count: Callable[[Sequence[str]], int], threshold: float,
             domain: str = "", progress: Progress = None, rules: BoilerplateRules = DEFAULT_RULES,
             taxonomy: Graph | None = None, pages: Sequence[str] = (), items: Iterable[dict] = ()) -> dict:
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
    (scoring.peers).
    """
    # The keyword's sentences are read beside the index work below (pipeline.sentence_reader).
    with SentenceReader(backend, keyword, domain) as reader:
        return _weigh(reader, backend, keyword, scored, cands, star_result, count, threshold, domain, progress,
                      rules, taxonomy, pages, items)


def _weigh(reader: SentenceReader, backend: SearchBackend, keyword: str, scored: Sequence[dict],
           cands: Sequence[dict], star_result: dict, count: Callable[[Sequence[str]], int], threshold: float,
           domain: str, progress: Progress, rules: BoilerplateRules, taxonomy: Graph | None,
           pages: Sequence[str], items: Iterable[dict]) -> dict:
    """evidence() with the keyword's sentences read by `reader`."""
    n_docs = backend.document_count()
    pages_of = {c["phrase"]: c["pages"] for c in cands}
    shown = {c["phrase"]: c.get("display", c["phrase"]) for c in cands}  # as the lists wrote it
    star_map = star_result.get("stars", {})
    mined = {r["phrase"] for r in scored}
    # A glossary entry is a small page of its own: its description names what the term is
    # (session 29). Pages' first paragraphs come first, so a term with a page is read there.
    # A candidate with no page of its own is described by its glossary entry, if one names
    # the keyword: that entry speaks for it as its page would.
    glossed = {d["phrase"]: d for d in definition_candidates(keyword, backend.entries_mentioning(keyword, domain))}
    from_leads = definition_candidates(keyword, backend.leads_mentioning(keyword, domain))
    by_lead = {d["phrase"] for d in from_leads}
    defined = [d for d in from_leads + [g for p, g in glossed.items() if p not in by_lead] if d["phrase"] not in mined]
    # The keyword's own page, if --domain lets the run read it: what it says the keyword is
    # a kind of is broader, not a sub-topic; what its sections are titled are parts of the
    # keyword (read only from a page about the keyword: its first paragraph names it).
    own = choose_page(by_sense(backend.pages_about(keyword), keyword, count), keyword, within=None)
    if own is None:
        # No page titled so, but one about the keyword and its twin ("Error detection and
        # correction" for "error detection"; the name often redirects there): its first
        # paragraph, sections and links speak for the keyword as its own page would.
        own = choose_page(backend.pages_conjoined(keyword), keyword, within=None)
    if own is not None and not in_domain(host(own[0]), domain):
        own = None
    keyword_lead = own[2] if own is not None and own[3] is not None else ""
    sections, targets, related_only = keyword_page_names(backend, own[0], rules) if keyword_lead else ([], {}, set())
    anchors = list(targets)
    section_keys = {concept_key(t) for t in sections}
    # A link from the page's "See also" list alone points to a neighbour more often than to
    # a part (session 17: 58 of 99 judged top-10 places so linked were hits, 872 of 1,160
    # linked from the body): such an anchor is still offered as a candidate, but the page's
    # link does not vouch for it. Nor does a link from the page's summary box alone (an
    # infobox's influences and releases: tagtree.summary_box_links).
    link_keys = {concept_key(t) for t in anchors if t not in related_only}
    # No page about the keyword: what the collection's paragraphs naming it link to, on
    # MIN_CITING_PAGES pages or more, stands in for that page's links (session 18: 0.65 of
    # 194 judged top-25 places of keywords without a page were hits when so cited, 0.27 of
    # 198 cited nowhere).
    cited = ({k: e for k, e in cited_links(backend, pages, keyword, rules).items()
              if len(e["pages"]) >= MIN_CITING_PAGES} if not keyword_lead and pages else {})
    most_cited = sorted(cited.values(), key=lambda e: -len(e["pages"]))
    for e in most_cited:
        targets.setdefault(e["anchor"], e["target"])
    headed = page_name_candidates(keyword, sections, mined | {d["phrase"] for d in defined})
    pointed = page_name_candidates(keyword, anchors, mined | {d["phrase"] for d in defined + headed})
    quoted = page_name_candidates(keyword, [e["anchor"] for e in most_cited],
                                  mined | {d["phrase"] for d in defined + headed + pointed})
    # "relational", "mutable": link text, but no name of a concept. And an anchor no
    # document but (at most) the keyword's own page holds with the keyword is an anecdote,
    # as for WordNet's names: not offered (is_thin, below).
    pointed, quoted = ([p for p in found if taxonomy is None or not not_a_noun(taxonomy, p["display"])]
                       for found in (pointed, quoted))
    display = {d["phrase"]: d for d in defined + headed + pointed + quoted}
    # A heading or anchor that is one word a tenth of the collection uses names a part of
    # the page ("Users", "History") or a common word ("software"), not a concept: no list
    # vouches for it.
    named, linked_rows, cited_rows = ([r for r in score(hit_counts(count, keyword, found), threshold)
                                       if not is_generic(r["phrase"], False, r["n_cp"], n_docs)
                                       and not is_structure(r["n_cp"], n_docs)
                                       and (found is headed or not is_thin(r["n_b"]))]
                                      for found in (headed, pointed, quoted))
    known = mined | {d["phrase"] for d in defined + headed + pointed + quoted}
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
            + [(r, "section") for r in named] + [(r, "link") for r in linked_rows]
            + [(r, "cited") for r in cited_rows] + [(r, "wordnet") for r in filed_rows])
    people_asked = taxonomy is not None and names_people(taxonomy, keyword)
    # "Python", "USB": one thing, whose parts hold its name and whose siblings share its genus.
    name_share = reader.name_share()
    keyword_is_name = name_share >= NAME_SHARE
    keyword_genus = genus_of(keyword_lead) if keyword_is_name else []
    beside = listed_beside(items, keyword) if keyword_is_name else frozenset()
    # What the sentences say of each candidate is read by the reader's worker while this
    # process reads pages and WordNet (first pass); the second pass puts the two together.
    def written_of(phrase: str, source: str) -> str:  # the name as the lists or the page wrote it
        return shown.get(phrase, phrase) if source == "lists" else display[phrase]["display"]

    reading = reader.said(sorted({written_of(r["phrase"], source) for r, source in todo}))
    enumerating = reader.named_under()  # the worker reads it after the names above
    weighed = []

    def weigh(r: dict, source: str) -> None:
        phrase = r["phrase"]
        if source != "definition":
            page, title, sentence, kind, is_a, field, genus = _page_facts(backend, phrase, keyword,
                                                                          read_genus=keyword_is_name)
            written = written_of(phrase, source)
            gloss = glossed.get(normalise(without_qualifier(written))) if page is None else None
            if gloss is not None:
                page, title, sentence, kind, is_a, field = (gloss["page"], gloss["display"], gloss["defining_sentence"],
                                                            gloss["kind"], gloss["is_a"], gloss["field"])
            elif page is None:  # no page to read: the name itself, WordNet and the link's target say who it is
                kind = (display[phrase]["kind"] if source == "wordnet" and taxonomy is not None else
                        pageless_kind(backend, taxonomy, written, targets.get(written, "")))
        else:
            d = display[phrase]
            page, title, sentence, kind, is_a, field = (d["page"], d["display"], d["defining_sentence"], d["kind"],
                                                        d["is_a"], d["field"])
            genus = []  # defined through the keyword: a kind or part of it, whatever its genus
            written = title
        if kind == "work" and (names_works(keyword) or written.islower()):
            # "Flushed Away (film)" is one of "animated films"; "time", written so, is not
            # the magazine its qualified page is about.
            kind = "concept"
        if kind == "concept" and taxonomy is not None and practitioner(taxonomy, written, keyword):
            kind = "person"  # "psychologist" for "psychology", "physicists": who practises or uses it
        # A name without a page may be a person by how the sentences introduce it (second pass).
        ask_sentences = (kind == "concept" and page is None and source != "wordnet" and taxonomy is not None
                         and written[:1].isupper())
        filed = filed_as(backend.filed_under(page), keyword) if page else None
        starred = bool(star_map.get(phrase, {}).get("starred"))
        value = npmi(r["n_k"], r["n_cp"], r["n_b"], n_docs)
        # A definition from a qualified title ("file (command)") does not vouch for the bare
        # word's counts, which are what a single word's hit counts measure.
        qualified = bool(title) and normalise(title_name(title)) != phrase
        generic = is_generic(phrase, sentence is not None and not qualified, r["n_cp"], n_docs)
        is_a = is_a and sentence is not None
        key = concept_key(written)
        weighed.append(dict(r=r, source=source, page=page, sentence=sentence, kind=kind, is_a=is_a, field=field,
                            genus=genus, written=written, ask_sentences=ask_sentences, filed=filed, starred=starred,
                            value=value, generic=generic, key=key,
                            wordnet=placement(taxonomy, written, keyword, kw_senses) if taxonomy is not None else None,
                            named_kind=names_a_kind(written, keyword)))

    for i, (r, source) in enumerate(todo, 1):
        weigh(r, source)
        if progress:
            progress(i, len(todo))
    # The names the keyword's sentences enumerate as its kinds ("insects such as bees, wasps
    # and ants"): Hearst's patterns used to find candidates, not only to weigh them (session
    # 34). Only a name the collection or WordNet knows (a page titled so, a glossary entry, a
    # noun) is offered: running text cut at commas leaves clauses ("ants live") beside names.
    # Read after the other candidates, so the worker finds them while this process weighs those.
    enumerated_kinds = enumerating.result()
    harvested = [h for h in page_name_candidates(keyword, list(enumerated_kinds), known | {f["phrase"] for f in filed})
                 if h["phrase"] in glossed or (taxonomy is not None and senses(taxonomy, h["display"]))
                 or backend.pages_about(h["display"])]
    display.update((h["phrase"], h) for h in harvested)
    said_rows = [r for r in score(hit_counts(count, keyword, harvested), threshold)
                 if not is_generic(r["phrase"], False, r["n_cp"], n_docs) and not is_structure(r["n_cp"], n_docs)
                 and not is_thin(r["n_b"])]
    for r in said_rows:
        weigh(r, "said")
    neighbours = reader.neighbours(sorted({w["written"] for w in weighed if w["ask_sentences"]})).result()
    said_by_name = reading.result() | {name: said for name, (_, said) in enumerated_kinds.items()}
    rows = []
    for w in weighed:
        r, source, phrase, written, page, kind = w["r"], w["source"], w["r"]["phrase"], w["written"], w["page"], w["kind"]
        if w["ask_sentences"] and introduced_as_person(taxonomy, written, *neighbours[written]):
            kind = "person"  # "Ernst Zermelo", "the Swedish logician Per Martin-Löf": how the sentences name it
        kind = kind_asked_for(kind, written, keyword, people_asked)
        starred, value, generic, is_a, field, filed, sentence, key = (w["starred"], w["value"], w["generic"], w["is_a"],
                                                                      w["field"], w["filed"], w["sentence"], w["key"])
        sectioned = key in section_keys
        linked = key in link_keys
        citing = len(cited[key]["pages"]) if key in cited else 0
        wordnet = w["wordnet"]
        said = said_by_name[written]
        named_kind = w["named_kind"]
        facts = Facts(defines=sentence is not None, starred=starred, generic=generic, is_a=is_a,
                      sectioned=sectioned, wordnet=wordnet, said=said, has_page=page is not None, linked=linked,
                      field=field, keyword_page=bool(keyword_lead), cited=citing, filed=filed, n_b=r["n_b"],
                      n_cp=r["n_cp"], named_kind=named_kind, keyword_is_name=keyword_is_name,
                      holds_keyword=holds_name(written, keyword), same_genus=shared_genus(w["genus"], keyword_genus),
                      listed_beside=key in beside)
        row = {"phrase": phrase, "source": source, "n_k": r["n_k"], "n_cp": r["n_cp"], "n_b": r["n_b"],
               "n_docs": n_docs, "s1": r["s1"], "npmi": round(value, 6), "lists": len(pages_of.get(phrase, [])),
               "starred": starred, "page": page, "defines": sentence is not None, "defining_sentence": sentence,
               "is_a": is_a, "kind": kind, "generic": generic, "sectioned": sectioned, "linked": linked,
               "cited": citing, "wordnet": wordnet, "said": asdict(said), "field": field, "filed": filed,
               "named_kind": named_kind, "holds_keyword": facts.holds_keyword, "same_genus": facts.same_genus,
               "listed_beside": facts.listed_beside,
               "score": round(evidence_score(r["s1"], value, facts), 6),
               "why": explain(r["s1"], value, facts)}
        if source != "lists":
            # Not in the mined lists: the report needs what the published stages give the others.
            row.update(display=written, type=r["type"],
                       scores={f"s{k}": r[f"s{k}"] for k in range(1, 7)})
        zero = _no_concept(phrase, written, keyword)
        if not zero and keyword_lead and page == own[0] and source != "section":
            # "Hard drive" for "hard disk drive", "Recursion theory" for "computability theory":
            # the collection answers the name with the keyword's own page (its title, or a
            # redirect's URL). A section heading of that page names a part and stays.
            zero = "another name of the keyword: its page is the keyword's own"
        if zero:
            row["score"], row["why"] = 0.0, zero
        elif kind == "concept" and (is_broader(written, keyword_lead) or wordnet == "above"):
            row["kind"] = "broader"  # the keyword's page, or WordNet, files the keyword under it
        rows.append(row)
    # One concept, one rank: a plural, a qualified title or a name never seen outside a
    # longer one would otherwise take a second place in the top of the list.
    # Two names of one page ("Firefox", "Mozilla Firefox") rank once when the page answers
    # to both: read only for the few pages two rows share.
    pages_used = Counter(r["page"] for r in rows if r["page"])

    def alias(r: dict, written: str) -> bool:
        return pages_used[r["page"]] > 1 and any(url == r["page"] and names_itself(written, title, lead)
                                                  for url, title, lead in backend.pages_about(r["phrase"]))

    writtens = [(r, r.get("display", shown.get(r["phrase"], r["phrase"]))) for r in rows]
    folded = fold_variants([{"phrase": r["phrase"], "score": r["score"], "n_cp": r["n_cp"], "page": r["page"],
                             "alias": alias(r, w), "written": w} for r, w in writtens])
    for row in rows:
        if row["phrase"] in folded:
            row["variant_of"], row["why"] = folded[row["phrase"]]
            row["score"] = 0.0
    # Concepts first, then people, organisations and works: a sub-topic is none of them,
    # but the analyst still sees who works on the keyword and what was written about it,
    # ranked the same way.
    for row in rows:
        row["thin"] = is_thin(row["n_b"])
        row["p_value"] = float(f"{chance_p(row['n_k'], row['n_cp'], row['n_b'], n_docs):.3g}")
        row["chance"] = at_chance(row["p_value"])
    rows.sort(key=rank_key)
    return {"method": "evidence", "n_docs": n_docs, "definitions_found": len(defined), "sections_named": len(named),
            "links_named": len(linked_rows), "cited_named": len(cited_rows), "keyword_links": anchors,
            "cited_links": most_cited,
            "said_named": len(said_rows),
            "sentence_kinds": [{"name": n, "sentences": c} for n, (c, _) in enumerated_kinds.items()],
            "keyword_related_links": [a for a in anchors if a in related_only],
            "wordnet_named": len(filed_rows),
            "keyword_page": own[0] if keyword_lead else None, "keyword_sections": sections,
            "keyword_sentence": first_sentence(keyword_lead) if keyword_lead else None,
            "keyword_name_share": round(name_share, 3), "keyword_is_name": keyword_is_name,
            "keyword_genus": keyword_genus,
            "broader": sum(r["kind"] == "broader" for r in rows),
            "at_chance": sum(r["chance"] for r in rows),
            "people": sum(r["kind"] == "person" for r in rows),
            "organisations": sum(r["kind"] == "organisation" for r in rows),
            "works": sum(r["kind"] == "work" for r in rows), "candidates": rows}


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
            # A name that is also a sense of the keyword is the keyword ("fowl" for "bird").
            if relation(taxonomy, written, keyword, keyword_senses) is not None:
                seen.add(phrase)
                out.append({"phrase": phrase, "display": written, "kind": entry["kind"]})
            break
    return out


def keyword_page_names(backend: SearchBackend, url: str,
                       rules: BoilerplateRules) -> tuple[list[str], dict[str, str], set[str]]:
    """The section headings and the links' anchor texts of the keyword's own page (chrome
    removed), in document order: headings, {anchor: the URL its first link points to},
    and the anchors linked only from a "See also"-like section (tagtree.RELATED_HEADINGS)
    or from the page's summary box (tagtree.summary_box_links); ([], {}, set()) if the
    page cannot be read.

    lxml's tree: a heading's text does not depend on how misnested markup around it is repaired.
    """
    page = backend.fetch(url)
    if page.problem or not page.raw:
        return [], {}, set()
    root, _ = content_tree(page.raw, rules, "lxml", page.content_type)
    if root is None:
        return [], {}, set()
    targets: dict[str, str] = {}
    related = related_section_links(root) | summary_box_links(root)
    in_body: set[str] = set()
    for a, target, anchor in link_anchors(root, url):
        if anchor:
            targets.setdefault(anchor, target)
            if a not in related:
                in_body.add(anchor)
    return section_titles(root), targets, {a for a in targets if a not in in_body}


def _cited_of_page(job: tuple) -> list[tuple[str, str]]:
    url, raw, content_type, rules, phrase_words = job
    root, _ = content_tree(raw, rules, "lxml", content_type)
    return links_naming(root, url, phrase_words) if root is not None else []


def cited_links(backend: SearchBackend, urls: Sequence[str], keyword: str,
                rules: BoilerplateRules) -> dict[tuple[str, ...], dict]:
    """What the pages link to from their paragraphs and list items that name the keyword:
    {concept_key: {"anchor": as first written, "target": its first URL, "pages": [url, ...]}},
    the keyword itself left out (chrome removed, as for the list items)."""
    key, phrase_words = concept_key(keyword), words(keyword)
    jobs = []
    for url in urls:
        page = backend.fetch(url)
        if page.raw:
            jobs.append((url, page.raw, page.content_type, rules, phrase_words))
    found: dict[tuple[str, ...], dict] = {}
    for job, links in zip(jobs, map_pages(_cited_of_page, jobs)):
        for anchor, target in links:
            k = concept_key(anchor)
            if not k or k == key:
                continue
            entry = found.setdefault(k, {"anchor": anchor, "target": target, "pages": []})
            if job[0] not in entry["pages"]:
                entry["pages"].append(job[0])
    return found


def pageless_kind(backend: SearchBackend, taxonomy: Graph | None, written: str, target: str = "") -> str:
    """"person", "organisation", "work" or "concept" for a name no page of the collection is titled with.

    Read from the name as written and, when the keyword's page links to it, from the name
    its link's URL spells ("Hendler" -> ".../wiki/James_Hendler"): WordNet's proper nouns,
    an organisation word in a title-case name, a biography in the collection whose title
    ends with the name, a given name and a surname (taxonomy.reads_as_person); last, the
    first paragraph of the target's page when the collection holds it under that title.
    """
    target_name = title_from_url(target) if target else ""
    if normalise(target_name) == normalise(written):  # "heart" -> ".../Heart": nothing new
        target_name = ""
    names = [n for n in (written, target_name) if n]
    for name in names:
        if without_qualifier(name) != name:
            # "Watson (computer)": the qualifier says what it is; the bare name would be
            # read as WordNet's Watsons, all people.
            kind = page_kind("", name)
            if kind != "concept":
                return kind
            continue
        kind = name_kind(taxonomy, name) if taxonomy is not None else "concept"
        if kind != "concept":
            return kind
        if names_an_organisation(name):
            return "organisation"
        if could_be_a_name(name) and person_by_name(name, backend.pages_ending_with(name)):
            return "person"
        if taxonomy is not None and reads_as_person(taxonomy, name):
            return "person"
    if target_name:
        about = backend.pages_about(target_name)
        if about:
            url, title, lead = about[0]
            return page_kind(lead, title)
    return "concept"


def _page_facts(backend: SearchBackend, phrase: str, keyword: str,
                read_genus: bool = False) -> tuple[str | None, str, str | None, str, bool, bool, list[str]]:
    """(page URL, its title, defining sentence, kind, is-a, field, genus heads if `read_genus`, else [])
    of the page that speaks for a candidate."""
    about = choose_page(backend.pages_about(phrase), keyword)
    if about is None:
        return None, "", None, "concept", False, False, []
    url, title, lead, sentence = about
    return (url, title, sentence, page_kind(lead, title), says_is_a(lead, keyword), names_a_field(lead),
            genus_of(lead) if read_genus else [])


def _no_concept(phrase: str, written: str, keyword: str) -> str | None:
    """Why the candidate scores 0 whatever its counts, or None."""
    if part_of_keyword(phrase, keyword):
        # "intelligence" for "artificial intelligence": every page with the keyword has
        # it, so its counts measure the keyword, not a relation between the two.
        return "part of the keyword: its hit counts are the keyword's own"
    if without_qualifier(written) != written and part_of_keyword(without_qualifier(written), keyword):
        # "Boolean algebra (logic)" for "boolean algebra": the keyword itself, in one of its
        # senses (a page title's qualifier), not a sub-topic of it.
        return "the keyword itself, with a qualifier"
    if names_a_list(written):
        return "names a list, outline or glossary page, not a concept"
    if is_fragment(written):
        return "a fragment or a line of code, not a name"
    return None


_EVIDENCE_DEFAULTS = {"source": "lists", "kind": "concept", "generic": False, "is_a": False, "variant_of": None,
                      "thin": False, "sectioned": False, "linked": False, "cited": 0, "filed": None, "field": False,
                      "wordnet": None,
                      "said": None, "p_value": None, "chance": False,
                      "holds_keyword": False, "same_genus": None, "listed_beside": False}  # evidence from before these were recorded


def report(keyword: str, parameters: dict, n_k: int, cands: Sequence[dict], scored: Sequence[dict],
           star_result: dict, evidence_result: dict | None = None, **extra) -> dict:
    """The report.json document: candidates in S1 order (published) or evidence order (default)."""
    by_phrase = {c["phrase"]: c for c in cands}
    star_map = star_result.get("stars", {})
    by_score = {r["phrase"]: r for r in scored}
    order = ([(by_score.get(e["phrase"]), e) for e in evidence_result["candidates"]]
             if evidence_result is not None else [(r, None) for r in scored])
    out = []
    for r, e in order:
        if r is None:  # a concept found by its definition, not in the mined lists
            out.append({"phrase": e["display"], "normalised": e["phrase"], "type": e["type"],
                        "n_cp": e["n_cp"], "n_b": e["n_b"], **e["scores"], "starred": False,
                        "support": 0, "pages": [], "star_evidence": []})
        else:
            c = by_phrase[r["phrase"]]
            st = star_map.get(r["phrase"], {})
            out.append({"phrase": c["display"], "normalised": r["phrase"], "type": r["type"],
                        "n_cp": r["n_cp"], "n_b": r["n_b"], **{f"s{i}": r[f"s{i}"] for i in range(1, 7)},
                        "starred": st.get("starred", False), "support": c["support"], "pages": c["pages"],
                        "star_evidence": st.get("evidence", [])})
        if e is not None:
            out[-1]["evidence"] = {k: e.get(k, _EVIDENCE_DEFAULTS.get(k))
                                   for k in ("score", "source", "kind", "npmi", "lists", "page", "defines",
                                             "is_a", "field", "generic", "sectioned", "linked", "cited", "filed", "wordnet",
                                             "said", "holds_keyword", "same_genus", "listed_beside",
                                             "defining_sentence", "variant_of",
                                             "p_value", "chance",
                                             "thin", "why")}
    if evidence_result is not None:
        extra = {"ranking_version": RANKING_VERSION,
                 "n_docs": evidence_result["n_docs"], "keyword_page": evidence_result.get("keyword_page"),
                 "keyword_sentence": evidence_result.get("keyword_sentence"),
                 "keyword_name_share": evidence_result.get("keyword_name_share"),
                 "keyword_is_name": evidence_result.get("keyword_is_name", False),
                 "keyword_genus": evidence_result.get("keyword_genus", []), **extra}
    return {"keyword": keyword, "parameters": parameters, "n_k": n_k, **extra, "candidates": out}
