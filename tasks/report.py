"""Render the final report as Markdown and as a console summary."""
from __future__ import annotations

from typing import Callable

from pipeline.text import content_words, dropped_symbols, normalise, words
from scoring.evidence import CONCEPT_FLOOR, MIN_CITING_PAGES, NAME_FLOOR, NAME_SHARE, NAMED_KIND_FLOOR, OTHER_NAME_SHARE, WORDNET_FLOOR, legend, listed_concepts, names_a_section, ruled_out, weak_concepts
from scoring.kinds import KINDS
from scoring.names import senses_of_name

TOP = 10


def _fmt(x: float) -> str:
    return f"{x:.4f}" if x >= 0.0001 or x == 0 else f"{x:.2e}"


_NO_CANDIDATES = ["**No candidates.** Either no page contains the keyword, or no list item was "
                  "frequent enough: try more `--pages` or a lower `--min-support`.", ""]


def searched_as_note(report: dict) -> str | None:
    """A warning when the keyword was searched in another form: its plural, as no document or few
    hold it as typed ("pairwise metric" as "pairwise metrics"), or without what the index cannot
    read ("C++" as "c"); else None."""
    keyword = report.get("keyword", "")
    if report.get("searched_as"):
        return (f"Searched as \"{report['searched_as']}\": the collection writes it so; no document holds "
                f"\"{keyword}\" as typed, or under a third as many, so every count and page is that of "
                f"\"{report['searched_as']}\".")
    symbols = dropped_symbols(keyword)
    if not symbols:
        return None
    return (f"Searched as \"{normalise(keyword)}\": the index reads words as runs of letters and digits, so the "
            f"\"{symbols}\" of \"{keyword}\" is dropped and every count and page is that of \"{normalise(keyword)}\": "
            "read the list with that in mind.")


def counted_as_note(phrase: str) -> str:
    """" Counted as ..." for a candidate whose name holds characters the index cannot read ("C#",
    "C++": every count is "c"'s, which their row shares), else ""."""
    symbols = dropped_symbols(phrase)
    if not symbols or not words(phrase):
        return ""
    return (f" Counted as \"{normalise(phrase)}\": the index drops the \"{symbols}\" of its name, so its counts are "
            f"those of \"{normalise(phrase)}\", and any name spelled so with other marks shares this row.")


def stopwords_note(report: dict) -> str | None:
    """A warning when every word of the keyword is a stopword ("it", "the who"), else None.

    Such a keyword is in most of the collection's documents whatever its subject, so its
    counts say nothing of it; an abbreviation written in capitals ("IT") is read as the
    word the index sees ("it").
    """
    keyword = report.get("keyword", "")
    if not words(keyword) or content_words(keyword):
        return None
    n_k, n_docs = report.get("n_k", 0), report.get("n_docs")
    # "In most documents" only where it holds: a phrase of stopwords ("and or not") is rare
    # as a phrase, but where it occurs says no more of a subject than a single one does.
    share = (f"in {n_k} of {n_docs} documents, " if isinstance(n_docs, int) and n_docs > 0 and 2 * n_k >= n_docs
             else f"in {n_k} documents, ")
    return (f"Only stopwords: every word of \"{keyword}\" is one the lists' transactions drop, so the keyword is "
            f"{share}wherever such words are written whatever the subject, and its counts say little of any "
            "subject; name the subject in full (\"information technology\" for \"IT\").")


def no_documents_note(report: dict) -> str | None:
    """A warning when no document contains the keyword (so the list is empty), else None."""
    if report.get("n_k", 0) != 0:
        return None
    domain = report.get("parameters", {}).get("domain")
    where = f" on the hosts --domain {domain} allows" if domain else ""
    return (f"No documents: no page of the collection{where} contains the keyword; check its spelling, "
            "or try a broader keyword.")


def no_pages_note(report: dict) -> str | None:
    """A warning when documents hold the keyword but the run mined none of them, else None.

    n(k) counts the whole collection, while the pages mined are the search results on the
    hosts --domain allows that load and pass the noisy-page filter: with a domain the
    collection has no page on, the list holds only what WordNet files under the keyword.
    """
    if not report.get("n_k") or report.get("pages_mined", 1) != 0:
        return None
    domain = report.get("parameters", {}).get("domain")
    where = f" on the hosts --domain {domain} allows" if domain else ""
    fix = "drop --domain or name another" if domain else "see the run's 01-search.jsonl and 02-pages.jsonl for why"
    return (f"No pages mined: {report['n_k']} documents contain the keyword, but no usable page{where} does, "
            f"so no list was mined; {fix}.")


def few_pages_note(report: dict) -> str | None:
    """A warning when fewer documents contain the keyword than the pages the run asked for, else None.

    Then every page holding the keyword is mined, those that mention it once in passing
    too, and their lists of neighbouring fields weigh as much as the keyword's own pages:
    on the developers' hand-judged keywords, top-25 precision was 0.50 for n(k) < 100
    against 0.81 for n(k) > 500 (README "Quality").
    """
    asked = report.get("parameters", {}).get("pages")
    n_k = report.get("n_k", 0)
    if not isinstance(asked, int) or not 0 < n_k < asked:
        return None
    return (f"Few pages: only {n_k} documents contain the keyword ({asked} pages were asked for), so pages "
            "that mention it in passing weigh as much as pages about it; read the top of the list with care.")


def no_keyword_page_note(report: dict) -> str | None:
    """A warning when the default method found no page about the keyword, else None.

    Then no section, link or definition of the keyword's own page ranks the candidates,
    the mined lists are those of pages that mention it, and what their paragraphs naming
    it link to stands in for the page's links: on the developers' held-out keywords, 0.49
    of such top-10 places were sub-topics against 0.70 with a page (session 18, README
    "Quality").
    """
    if ("keyword_page" not in report or report["keyword_page"] is not None or not report.get("n_k")
            or report.get("pages_mined") == 0):  # no_pages_note says what matters then
        return None
    domain = report.get("parameters", {}).get("domain")
    where = f" on the hosts --domain {domain} allows" if domain else ""
    return (f"No page about the keyword: no page of the collection{where} is titled with it and says what it "
            "is in its first paragraph, so its lists come from pages that mention it and what their paragraphs "
            "about it link to stands in for that page's links; expect neighbours' terms among the top concepts.")


def linked_page_note(report: dict) -> str | None:
    """A note when the keyword's page is the one its name is linked to, no page being titled
    with it (pipeline.evidence_stage.linked_own_page), else None."""
    if not report.get("keyword_page_linked"):
        return None
    return (f"Page by link: no page is titled with the keyword and, without one, every concept was weak; the "
            f"collection's paragraphs link its name to {report['keyword_page']}, whose title or first sentence "
            "answers to it, so the concepts follow that page as the keyword's own. For another sense, "
            f"{_ASK_BY_NAME}")


# Why a page not titled as the keyword was read as its own (report.json's keyword_page_by,
# pipeline.evidence_stage._gather); "title" needs no note and "link" has its own.
_PAGE_ROUTES = {
    "twin": "it is titled with the keyword and its twin (as \"Error detection and correction\" is for "
            "\"error detection\")",
    "other name": "its first sentence names its subject with the keyword's words (an abbreviation, another "
                  "name, or a name holding them: \"Science fiction\" for \"fiction\") and at least "
                  f"{OTHER_NAME_SHARE:.0%} of the documents naming the keyword name that title too",
    "chapter": "it is the one numbered chapter whose title holds the keyword",
    "section": "no numbered chapter's title holds the keyword and it is the one numbered section whose title does",
    "opening": "it is the one page titled with the keyword among more words whose first sentence opens on the "
               "keyword",
}


def page_route_note(report: dict) -> str | None:
    """A note saying why the keyword's page is one not titled as the keyword, else None."""
    why = _PAGE_ROUTES.get(report.get("keyword_page_by") or "")
    if why is None or not report.get("keyword_page"):
        return None
    return (f"Page by {report['keyword_page_by']}: no page is titled with the keyword, and "
            f"{report['keyword_page']} is read as its own because {why}; the concepts follow that page. "
            f"For another sense, {_ASK_BY_NAME}")


def all_weak_note(report: dict) -> str | None:
    """A warning when the default method found candidates but none scoring at the confidence floor, else None."""
    if (report.get("parameters", {}).get("method") != "evidence" or listed_concepts(report["candidates"])
            or not weak_concepts(report["candidates"])):
        return None
    return (f"Weak evidence only: every concept scores under its floor ({CONCEPT_FLOOR:g}; {NAME_FLOOR:g} when the "
            "keyword is a name whose page says what it is and nothing but where the collection names it ties a concept; "
            f"{WORDNET_FLOOR:g} for what WordNet files as a kind of a keyword with no page here, {NAMED_KIND_FLOOR:g} "
            "for a name that is the keyword's after a modifier), "
            "shares one document with the "
            "keyword or has nothing but its hit counts tying it to the keyword, so none is listed as a concept; "
            "the candidates are listed under \"Weak evidence\", more likely misses than hits. Try a broader or "
            "more common name of the subject, or mine more pages (--pages).")


SENSES_SHOWN = 5  # link targets a senses note names; the rest are counted
_ASK_BY_NAME = "ask for it by a longer name (the words of its title)."


def _first_of(names: list[str], rest_word: Callable[[int], str]) -> str:
    """The first SENSES_SHOWN names joined, the rest counted ("A, B, C, D, E and 2 other pages")."""
    rest = len(names) - SENSES_SHOWN
    return ", ".join(names[:SENSES_SHOWN]) + (f" and {rest} {rest_word(rest)}" if rest > 0 else "")


def senses_note(report: dict) -> str | None:
    """A warning when, without a page about the keyword, the collection's paragraphs link its
    name to pages of that name in two senses (scoring.names.senses_of_name: "Plasma (physics)",
    "Plasma (KDE)"), each from MIN_CITING_PAGES pages or more, else None; the note names the
    other pages they link it to as well, most linking pages first.

    Such a word is used in more than one sense ("plasma": Plasma (physics) and KDE's Plasma
    desktop), and the list follows the sense the mined pages use most, or mixes them: of set
    bq's plasma top 10, 1 concept was the physicist's (session 64).
    """
    found = report.get("keyword_link_senses") or []
    named = senses_of_name(report["keyword"], found)
    if sum(pages >= MIN_CITING_PAGES for pages in named.values()) < 2:
        return None
    shown = _first_of([f"{s['title']} ({s['pages']} page{'s' if s['pages'] != 1 else ''})" for s in found],
                      lambda n: f"other page{'s' if n != 1 else ''}")
    return (f"Several senses: the paragraphs naming the keyword link it to more than one page: {shown}. "
            f"The concepts follow the sense the mined pages use most, or mix them; for one sense, {_ASK_BY_NAME}")


def other_pages_note(report: dict) -> str | None:
    """A note when other pages of the collection bear the keyword's name than the one read as
    its page ("Data (Star Trek)" beside "Data", "tail (Unix)" beside "Tail"), else None: the list
    follows the keyword's page, and another sense is asked for by a longer name."""
    others = report.get("keyword_other_pages") or []
    if not others or not report.get("keyword_page"):
        return None
    shown = _first_of([o["title"] for o in others], lambda n: "more")
    return (f"Other senses: {'pages' if len(others) > 1 else 'a page'} of this name besides the keyword's own: "
            f"{shown}. The concepts follow the keyword's page ({report['keyword_page']}); for another sense, "
            f"{_ASK_BY_NAME}")


def notes(report: dict) -> list[str]:
    """The warnings a reader should see before the list."""
    return [n for n in (no_documents_note(report), no_pages_note(report), searched_as_note(report),
                        stopwords_note(report), few_pages_note(report), no_keyword_page_note(report),
                        linked_page_note(report), page_route_note(report), senses_note(report), other_pages_note(report),
                        all_weak_note(report)) if n]


def _heading(report: dict, n_docs: str = "") -> list[str]:
    """Title, parameter line and the warnings, shared by both report styles."""
    p = report["parameters"]
    return [f"# Topic concepts for \"{report['keyword']}\"", "",
            f"n(k) = {report['n_k']}{n_docs} documents contain the keyword. Parameters: "
            + ", ".join(f"{k}={v}" for k, v in p.items() if k != "keyword") + ".", ""] + [
            line for note in notes(report) for line in (f"**{note}**", "")]


def render_markdown(report: dict) -> str:
    """The report as Markdown: the evidence table (default method) or the published S1..S6 table."""
    if report.get("parameters", {}).get("method", "published") == "evidence":
        return render_evidence_markdown(report)
    cands = report["candidates"]
    main = ranked(report)
    general = [c for c in cands if c["type"] == "III"]
    lines = _heading(report) + [
        f"{sum(c['type'] == 'I' for c in cands)} Type I, {sum(c['type'] == 'II' for c in cands)} Type II, "
        f"{len(general)} Type III (more general than the keyword) candidates; "
        f"* = a parent node of the candidate's list mentions the keyword.",
        "",
    ]
    if not cands:
        lines += _NO_CANDIDATES
    for title, rows in (("Candidates", main), ("Type III: more general than the keyword", general)):
        if not rows:
            continue
        lines += [f"## {title}", "", "| # | candidate | n(CP) | n(b) | S1 | S2 | S3 | S4 | S5 | S6 | type | * |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
        for i, c in enumerate(rows, 1):
            lines.append(f"| {i} | {c['phrase']} | {c['n_cp']} | {c['n_b']} | "
                         + " | ".join(_fmt(c[f's{j}']) for j in range(1, 7))
                         + f" | {c['type']} | {'*' if c['starred'] else ''} |")
        lines.append("")
    return "\n".join(lines)


# The tables of the kinds listed apart, in KINDS' order, after the concepts.
_KIND_TITLES = {"broader": "Broader terms", "sibling": "Sibling terms", "aspect": "Aspects", "person": "People",
                "organisation": "Organisations", "work": "Works"}


def kind(c: dict) -> str:
    """Where the default method put the candidate: "concept", "broader", "sibling", "aspect", "person", "organisation" or "work"."""
    return c.get("evidence", {}).get("kind", "concept")


PUBLISHED_COLUMNS = ("phrase", "type", "n_cp", "n_b", "s1", "s2", "s3", "s4", "s5", "s6", "starred", "support")
# The default method's evidence, flat, so a spreadsheet can sort and filter by it.
EVIDENCE_COLUMNS = ("score", "kind", "kind_because", "source", "npmi", "lists", "defines", "is_a", "field", "sectioned", "main_article",
                    "linked", "cited", "filed", "wordnet", "said_sentences", "said_kind_of", "said_coordinated",
                    "p_value", "chance", "thin", "tied", "floor", "weak", "ruled_out", "variant_of", "holds_keyword", "same_genus", "listed_beside")


def _defines(e: dict) -> str:
    """The report.md cell for what the candidate's page says: "is a", "yes", and "a field" when it calls it one."""
    said = ("is a" if e.get("is_a") else "yes") if e["defines"] else ""
    field = "a field" if e.get("field") else ""
    return ", ".join(x for x in (said, field) if x)


def report_table(report: dict) -> tuple[list[str], list[list]]:
    """report.csv: a row per candidate in report order; the published columns, then the evidence's."""
    evidence = report.get("parameters", {}).get("method", "published") == "evidence"
    header = ["rank", *PUBLISHED_COLUMNS, *(EVIDENCE_COLUMNS if evidence else ())]
    rows = []
    for i, c in enumerate(report["candidates"], 1):
        row = [i, *(c[k] for k in PUBLISHED_COLUMNS)]
        if evidence:
            e = c.get("evidence", {})
            said = e.get("said") or {}
            flat = {**e, "said_sentences": said.get("sentences"), "said_kind_of": said.get("kind_of"),
                    "said_coordinated": said.get("coordinated")}
            row += ["" if flat.get(k) is None else flat[k] for k in EVIDENCE_COLUMNS]
        rows.append(row)
    return header, rows


def _p(e: dict) -> str:
    """The p column: the chance of the overlap, "chance" appended at or above CHANCE_P."""
    if e.get("p_value") is None:
        return ""
    return f"{e['p_value']:.1e}" + (" chance" if e.get("chance") else "")


def _said(said: dict | None) -> str:
    """The said column: kind-of / coordinated / all sentences naming both, blank when none."""
    if not said or not said.get("sentences"):
        return ""
    return f"{said['kind_of']}/{said['coordinated']}/{said['sentences']}"


def _links_cell(e: dict) -> str:
    """The report.md "→" cell: the keyword's page links to it, or on how many pages its paragraphs do."""
    if e.get("linked"):
        return "→"
    return f"{e['cited']} pages" if e.get("cited") else ""


# The end of report.md: what a reader looks up once, not before every table.
_COLUMNS = (
    "Lists: mined pages with a list item equal to the candidate.",
    "*: a parent node of one of its lists mentions the keyword (the published star).",
    "§: a section of the keyword's own page is titled so, or names it as its main article.",
    "→: the keyword's own page links to it; without such a page, \"N pages\": paragraphs naming the keyword "
    "on N pages link to it.",
    "defines: its own page defines it through the keyword (\"is a\": as a kind or branch of it; \"a field\": "
    "the page calls it a field of study).",
    "filed: the class named after the keyword that its own page's site files it under (a wiki's category, a "
    "breadcrumb trail: pipeline/filing.py).",
    "WordNet: WordNet 3.0 files it under the keyword as a kind, a part or a term of its domain.",
    "said: sentences naming both that read it as under the keyword / that list it before the keyword / all "
    "sentences naming both (scoring/hearst.py).",
    "p: the chance that n(b) or more of the keyword's documents would hold the candidate if its n(CP) documents "
    "were drawn at random (hypergeometric); at 0.01 or more (\"chance\") the candidate is listed after the "
    "associated ones of its kind, whatever its score.",
    "type: the published Type (III: more frequent than the keyword, still ranked).",
)
_SOURCES = (
    "lists: mined from the list items.",
    "definition: not in the mined lists; the title of an indexed page whose first paragraph mentions the keyword.",
    "section: none of these; a section heading of the keyword's own page.",
    "main: none of these; the main article a section of the keyword's own page names (\"Main article: ...\").",
    "link: none of these; the anchor text of a link on the keyword's own page.",
    "cited: none of these; without a page about the keyword, the anchor text of links from paragraphs naming "
    "it on at least two pages.",
    "wordnet: none of these; a name WordNet files under the keyword that at least two documents hold with it.",
    "said: none of these; a name the collection's sentences list as a kind of the keyword.",
)
_APART = (
    "People: candidates whose page opens as a biography (a name, a birth or life span in parentheses, "
    "\"is/was a ...\"); with no page, a name written surname first as a bibliography writes an author's "
    "(\"Arora, Sanjeev\"), or a name the keyword's sentences list beside more people than other things "
    "(\"Samuel Eilenberg and Saunders Mac Lane\").",
    "Organisations: candidates whose page's first sentence calls them a company, organization, institute, "
    "university, ...; with no page, names WordNet knows only as organisations.",
    "Works: candidates whose page's first sentence or title qualifier calls them a book, textbook, film, "
    "journal, fictional character, ...",
    "Broader terms: those the keyword's own page calls it a kind or branch of, or sets it in (\"In X, the "
    "keyword is ...\"); the field named after the keyword that studies it (\"probability theory\" for "
    "probability); for a keyword that is no field of study, a field whose page does not put it under the "
    "keyword (\"Metaphysics\" for causality).",
    "Sibling terms: names WordNet files beside the keyword, under one parent (\"Permian\" for the Triassic), "
    "unless their name holds the keyword's or their page calls them a kind of it.",
    "Aspects: section headings of the keyword's page written as descriptions (\"Courtship and breeding\", "
    "\"Uses by the blind\": a conjunction, preposition, article or question word), which no other page uses and "
    "none is titled, linked or filed so.",
)


def _bulleted(title: str, intro: str, items) -> list[str]:
    """A "###" section of report.md: its title, an opening line, then one bullet an item."""
    return [f"### {title}", "", intro, "", *(f"- {item}" for item in items), ""]


def reading_guide() -> list[str]:
    """The end of the default method's report.md: the score's factors, the columns, the sources and the
    groups listed apart, one bullet each."""
    return (["## How to read this report", ""]
            + _bulleted("The score", "score = S1 x max(NPMI, 0), then (scoring/evidence.py):", legend())
            + _bulleted("Columns", "The tables' columns, after the counts S1, NPMI, n(CP) and n(b):", _COLUMNS)
            + _bulleted("Source: where a candidate came from", "The last column:", _SOURCES)
            + _bulleted("Listed apart, after the concepts", "Each row of these tables says why it is there.", _APART))


def render_evidence_markdown(report: dict) -> str:
    """The default method's report: concepts, then people, with the factors of each score and why."""
    cands = report["candidates"]
    lines = _heading(report, f" of N = {report.get('n_docs', '?')}")
    if cands:
        lines += [
            "Ranked by score: the published S1 times max(NPMI, 0), times a factor for each thing that ties the "
            "candidate to the keyword (its page's definition, a star, the keyword's page's sections and links, "
            "WordNet, the collection's sentences). The top 25 concepts' factors are spelled out under \"Why the "
            "top concepts rank where they do\"; every factor, column and group is explained at the end, under "
            "\"How to read this report\".",
            "",
        ]
    if report.get("keyword_sentence"):
        lines += [f"The keyword's own page ({report.get('keyword_page')}) says: \"{report['keyword_sentence']}\"", ""]
    if report.get("keyword_is_name"):
        genus = ", ".join(report.get("keyword_genus") or []) or "none read"
        share = report.get("keyword_name_share") or 0.0
        how = (f"The collection writes the keyword as a name ({share:.0%} of its mentions inside a sentence)"
               if share >= NAME_SHARE else
               f"The keyword's page opens its first sentence on it in lower case, as a name is spelled (the collection "
               f"capitalises {share:.0%} of its mentions inside a sentence)")
        lines += [f"{how}: one thing, not a class. Names holding it count as its parts, versions or "
                  f"kinds; what its page calls it (genus: {genus}) marks the pages of its siblings, and a mined list "
                  "holding it as an item lists its siblings beside it.", ""]
    if not cands:
        return "\n".join(lines + _NO_CANDIDATES)
    concepts = ranked(report)
    weak = weak_concepts(cands)
    groups = [("Concepts", concepts)] + [(_KIND_TITLES[k], [c for c in cands if kind(c) == k]) for k in KINDS[1:]]
    for title, rows in groups:
        lines += _evidence_table(title, rows)
        if title != "Concepts":
            lines += _apart_because(rows)
    lines += ["## Why the top concepts rank where they do", ""]
    if not concepts:
        lines += ["No concept is listed, so there is nothing to explain here; each weak candidate's factors are in "
                  "report.json (`evidence.why`).", ""]
    for i, c in enumerate(concepts[:25], 1):
        e = c["evidence"]
        line = f"{i}. **{c['phrase']}**: {e['why']}."
        if e.get("source") == "definition":
            line += " Not in the mined lists: found by its definition."
        elif e.get("source") == "section":
            line += " Not in the mined lists: a section heading of the keyword's own page."
        elif e.get("source") == "main":
            line += " Not in the mined lists: the main article a section of the keyword's own page names."
        elif e.get("source") == "link":
            line += " Not in the mined lists: the anchor text of a link on the keyword's own page."
        elif e.get("source") == "cited":
            line += (" Not in the mined lists: the anchor text of links from paragraphs naming the keyword "
                     f"on {e.get('cited', 0)} pages.")
        elif e.get("source") == "wordnet":
            line += " Not in the mined lists: a name WordNet files under the keyword."
        elif e.get("source") == "said":
            line += " Not in the mined lists: a name the collection's sentences list as a kind of the keyword."
        if e["defines"]:
            # A glossary entry (pipeline.glossary) speaks for a term as its page would.
            where = "Its glossary entry" if "#" in (e["page"] or "") else "Its page"
            line += f" {where} ({e['page']}) says: \"{e['defining_sentence']}\""
        if (e.get("said") or {}).get("example") and e["said"]["example"] != e.get("defining_sentence"):
            line += f" The collection says: \"{e['said']['example']}\""
        if e.get("chance"):
            line += (f" At chance: its overlap with the keyword (p = {e['p_value']:.2g}) is what random documents "
                     "would give, so it is listed after the associated concepts.")
        if e.get("thin"):
            line += (f" Thin evidence: only {c['n_b']} document(s) hold both it and the keyword, so it is "
                     "ranked after every concept with more, whatever its score.")
        line += counted_as_note(c["phrase"])
        lines.append(line)
    lines.append("")
    # Below the why, not beside the concepts: a rare keyword's weak candidates run to hundreds.
    lines += _evidence_table(
        "Weak evidence", weak,
        f"Concepts scoring under {CONCEPT_FLOOR:g}, at such scores more likely a miss than a hit "
        "(bench/quality/calibrate_floor.py fits that from the hand-judged lists; for a keyword that is a name whose "
        "page says what it is, "
        f"{NAME_FLOOR:g} for a concept that nothing but where the collection names it ties to the keyword: no page "
        "calling it a kind of the keyword, no name holding the keyword's, no WordNet placement under it; for a "
        f"keyword with no page here, {WORDNET_FLOOR:g} for what WordNet files as a kind of it; {NAMED_KIND_FLOOR:g} "
        "for a name that is the keyword's after a modifier, a kind of it by name; "
        "\"floor\" in report.json), and those whose overlap "
        "with the keyword is one document (\"thin\"), whatever their score, unless a section of the "
        "keyword's own page is titled so, and those that nothing but their hit counts ties to the keyword "
        "(no definition, star, section, link, citing paragraphs, filing, WordNet placement, kind-of sentence "
        "or name holding the keyword's; a link whose explanation ends \"no tie\" does not count: \"tied\" false "
        "in report.json), about a third of them hits: listed apart, in rank order, not among the concepts.")
    # Rows a rule set to 0 (part of the keyword, a fragment, another name of a ranked
    # concept): the first thing a reader asks of a name that sits at the bottom.
    ruled = [c for c in cands if ruled_out(c)]
    if ruled:
        lines += ["## Score 0 by a rule, whatever the counts", ""]
        lines += [f"- **{c['phrase']}**: {c['evidence']['why']}." for c in ruled]
        lines.append("")
    return "\n".join(lines + reading_guide())


def _evidence_table(title: str, rows: list[dict], intro: str = "") -> list[str]:
    """A report.md section: its heading, an optional line saying what it holds, and a row per candidate."""
    if not rows:
        return []
    lines = [f"## {title}", ""] + ([intro, ""] if intro else []) + [
        "| # | candidate | score | S1 | NPMI | n(CP) | n(b) | p | lists | * | § | → | defines | filed | WordNet | said "
        "| type | source |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for i, c in enumerate(rows, 1):
        e = c["evidence"]
        lines.append(f"| {i} | {c['phrase']} | {_fmt(e['score'])} | {_fmt(c['s1'])} | {e['npmi']:.3f} | "
                     f"{c['n_cp']} | {c['n_b']} | {_p(e)} | {e['lists']} | {'*' if c['starred'] else ''} | "
                     f"{'§' if names_a_section(e) else ''} | {_links_cell(e)} | "
                     f"{_defines(e)} | {e.get('filed') or ''} | {e.get('wordnet') or ''} | "
                     f"{_said(e.get('said'))} | {c['type']} | {e.get('source', 'lists')} |")
    return lines + [""]


def _apart_because(rows: list[dict]) -> list[str]:
    """Under a table of rows ranked apart from the concepts: what put each there."""
    said = [f"- **{c['phrase']}**: {c['evidence']['kind_because']}." for c in rows
            if c["evidence"].get("kind_because")]
    return ["Why each is listed here:", "", *said, ""] if said else []


def _count(n: int, noun: str) -> str:
    """"1 work", "2 works"."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def ranked(report: dict) -> list[dict]:
    """The report's main list in rank order: its concepts (default method), or its
    candidates but Type III (published), as the console summary and report.md show them."""
    if report.get("parameters", {}).get("method", "published") == "evidence":
        return listed_concepts(report["candidates"])
    return [c for c in report["candidates"] if c["type"] != "III"]



def summary_lines(report: dict, path: str) -> list[str]:
    """A short human summary for the console."""
    cands = report["candidates"]
    if report.get("parameters", {}).get("method", "published") == "evidence":
        people = [c["phrase"] for c in cands if kind(c) == "person"]
        orgs = [c["phrase"] for c in cands if kind(c) == "organisation"]
        works = [c["phrase"] for c in cands if kind(c) == "work"]
        concepts = ranked(report)
        broader = [c["phrase"] for c in cands if kind(c) == "broader" and c["evidence"]["score"] > 0]
        siblings = [c["phrase"] for c in cands if kind(c) == "sibling" and c["evidence"]["score"] > 0]
        aspects = [c["phrase"] for c in cands if kind(c) == "aspect" and c["evidence"]["score"] > 0]
        weak = weak_concepts(cands)
        out = [f"TopicConcepts \"{report['keyword']}\": n(k)={report['n_k']}, {len(concepts)} concepts "
               f"ranked by evidence (S1 x NPMI x definition x star x section x link x WordNet x sentences x field), "
               f"{len(weak)} with weak evidence (under the floor, {CONCEPT_FLOOR:g}, {NAME_FLOOR:g} or {WORDNET_FLOOR:g}, thin, "
               f"or tied by counts only), "
               f"{_count(len(broader), 'broader term')}, {_count(len(siblings), 'sibling term')}, "
               f"{_count(len(aspects), 'aspect')}, "
               f"{len(people)} people, {_count(len(orgs), 'organisation')} and "
               f"{_count(len(works), 'work')} apart"]
        for i, c in enumerate(concepts[:TOP], 1):
            out.append(f"  {i:2d}. {c['phrase']}{' *' if c['starred'] else ''}  ({c['evidence']['why']})")
        for label, names in (("Weak evidence", [c["phrase"] for c in weak]), ("Broader", broader), ("Siblings", siblings), ("Aspects", aspects),
                             ("People", people),
                             ("Organisations", orgs), ("Works", works)):
            if names:
                out.append(f"  {label}: " + ", ".join(names[:5]) + (", ..." if len(names) > 5 else ""))
        return out + _closing(report, path)
    type1 = [c for c in cands if c["type"] == "I"]
    out = [f"TopicConcepts \"{report['keyword']}\": n(k)={report['n_k']}, {len(cands)} candidates, "
           f"{len(type1)} Type I, {sum(c['type'] == 'III' for c in cands)} Type III"]
    for i, c in enumerate(ranked(report)[:TOP], 1):
        out.append(f"  {i:2d}. {c['phrase']}{' *' if c['starred'] else ''}  "
                   f"(S1={c['s1']:.3f}, n(CP)={c['n_cp']}, n(b)={c['n_b']}, type {c['type']})")
    return out + _closing(report, path)


def already_done_line(report: dict, path: str, top: int = 3) -> str:
    """One console line for a run that was finished before this command: its top and its report."""
    names = [c["phrase"] for c in ranked(report)[:top]]
    return (f"TopicConcepts \"{report['keyword']}\": done by an earlier run, nothing run again; "
            f"top: {', '.join(names) if names else 'none'}; report: {path}")


def _closing(report: dict, path: str) -> list[str]:
    return notes(report) + [f"Report: {path}"]
