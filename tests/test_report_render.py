"""The rendered report and console summary: the few-pages warning."""
from __future__ import annotations

import pytest

from tasks.report import few_pages_note, no_documents_note, no_pages_note, render_markdown, summary_lines


def _report(n_k: int, pages: int | None = 100, method: str = "evidence") -> dict:
    params = {"pages": pages, "method": method} if pages is not None else {"method": method}
    cand = {"phrase": "Qubit", "type": "I", "n_cp": 7, "n_b": 3, "starred": False, "pages": ["u"], "support": 3,
            **{f"s{i}": 0.1 for i in range(1, 7)},
            "evidence": {"kind": "concept", "score": 0.1, "why": "S1 0.100 x NPMI 1.000 = 0.1000", "npmi": 1.0,
                         "lists": 1, "source": "lists", "defines": False, "is_a": False}}
    return {"keyword": "quantum computing", "parameters": params, "n_k": n_k, "n_docs": 5444, "candidates": [cand]}


@pytest.mark.parametrize("method", ["evidence", "published"])
def test_few_pages_warning_when_fewer_documents_than_pages_asked(method):
    rep = _report(32, method=method)
    note = few_pages_note(rep)
    assert note.startswith("Few pages: only 32 documents contain the keyword (100 pages were asked for)")
    assert f"**{note}**" in render_markdown(rep)
    lines = summary_lines(rep, "out/report.md")
    assert lines[-2:] == [note, "Report: out/report.md"]


@pytest.mark.parametrize("n_k, pages", [(100, 100), (500, 100), (0, 100), (32, None)])
def test_no_warning_when_the_keyword_fills_the_pages_or_nothing_is_known(n_k, pages):
    rep = _report(n_k, pages)
    assert few_pages_note(rep) is None
    assert "Few pages" not in render_markdown(rep)
    assert summary_lines(rep, "r.md")[-1] == "Report: r.md" and "Few pages" not in " ".join(summary_lines(rep, "r.md"))


def test_a_field_of_study_shows_in_the_table_and_the_csv():
    from tasks.report import EVIDENCE_COLUMNS, report_table

    rep = _report(100)
    rep["candidates"][0]["evidence"].update(defines=True, field=True, page="u", defining_sentence="Qubits are ...")
    row = next(line for line in render_markdown(rep).splitlines() if line.startswith("| 1 | Qubit |"))
    assert "| yes, a field |" in row
    header, rows = report_table(rep)
    assert header[header.index("field")] == "field" and rows[0][header.index("field")] is True
    rep["candidates"][0]["evidence"].update(is_a=True, field=False)
    assert "| is a |" in next(line for line in render_markdown(rep).splitlines() if line.startswith("| 1 | Qubit |"))
    assert "field" in EVIDENCE_COLUMNS


def test_no_keyword_page_warning_only_when_the_run_found_none():
    from tasks.report import no_keyword_page_note

    rep = _report(300)
    assert no_keyword_page_note(rep) is None  # an older report, or the published method: nothing known
    rep["keyword_page"] = "https://en.wikipedia.org/wiki/Quantum_computing"
    assert no_keyword_page_note(rep) is None
    rep["keyword_page"] = None
    note = no_keyword_page_note(rep)
    assert note.startswith("No page about the keyword")
    assert f"**{note}**" in render_markdown(rep)
    assert summary_lines(rep, "r.md")[-2:] == [note, "Report: r.md"]
    rep["n_k"] = 32  # both warnings, few pages first
    assert summary_lines(rep, "r.md")[-3:] == [few_pages_note(rep), note, "Report: r.md"]


def _linked(*targets: tuple[str, int]) -> list[dict]:
    return [{"title": t, "page": None, "pages": n} for t, n in targets]


def test_several_senses_when_the_name_is_linked_to_two_qualified_pages_of_it():
    from tasks.report import senses_note

    rep = _report(130)
    rep.update(keyword="plasma", keyword_page=None,
               keyword_link_senses=_linked(("Plasma (physics)", 4), ("KDE Plasma Workspaces", 3), ("Plasma (KDE)", 3),
                                           ("KDE", 1), ("KDE Plasma 5", 1), ("Plasma TV", 1), ("Blood plasma", 1)))
    note = senses_note(rep)
    assert note.startswith("Several senses: the paragraphs naming the keyword link it to more than one page: "
                           "Plasma (physics) (4 pages), KDE Plasma Workspaces (3 pages), Plasma (KDE) (3 pages), "
                           "KDE (1 page), KDE Plasma 5 (1 page) and 2 other pages.")
    assert f"**{note}**" in render_markdown(rep)
    assert summary_lines(rep, "r.md")[-2:] == [note, "Report: r.md"]


@pytest.mark.parametrize("keyword, targets", [
    # spellings of one title are one sense; names holding the keyword's are no sense of it;
    # a sense linked from one page is an anecdote
    ("solid-state physics", (("Solid-state physics", 10), ("Solid state physics", 5), ("Physics", 3))),
    ("camera", (("Camera", 8), ("Camera phone", 7), ("Point-and-shoot camera", 2))),
    ("meteorology", (("Meteorology", 13), ("Meteorology (Aristotle)", 1))),
    ("plasma", ()),
])
def test_no_senses_note_for_one_sense_of_the_name(keyword, targets):
    from scoring.names import senses_of_name
    from tasks.report import senses_note

    rep = _report(130)
    rep.update(keyword=keyword, keyword_page=None, keyword_link_senses=_linked(*targets))
    assert senses_note(rep) is None
    assert "Several senses" not in render_markdown(rep)
    assert sum(senses_of_name(keyword, rep["keyword_link_senses"]).values()) == (
        {"solid-state physics": 15, "camera": 8, "meteorology": 14, "plasma": 0}[keyword])


def test_other_senses_when_other_pages_bear_the_keywords_name():
    from tasks.report import other_pages_note

    rep = _report(130)
    rep.update(keyword="squid", keyword_page="https://en.wikipedia.org/wiki/Squid",
               keyword_other_pages=[{"title": "Squid (software)", "url": "https://en.wikipedia.org/wiki/Squid_(software)"}])
    note = other_pages_note(rep)
    assert note == ("Other senses: a page of this name besides the keyword's own: Squid (software). The concepts follow "
                    "the keyword's page (https://en.wikipedia.org/wiki/Squid); for another sense, ask for it by a longer "
                    "name (the words of its title).")
    assert f"**{note}**" in render_markdown(rep)
    assert summary_lines(rep, "r.md")[-2:] == [note, "Report: r.md"]
    rep["keyword_other_pages"] = [{"title": f"Squid ({q})", "url": ""} for q in "abcdefg"]
    assert "pages of this name besides the keyword's own: Squid (a), Squid (b), Squid (c), Squid (d), Squid (e) and 2 more." \
        in other_pages_note(rep)


@pytest.mark.parametrize("page, others", [
    ("https://en.wikipedia.org/wiki/Squid", []),  # one page of the name
    (None, [{"title": "Squid (software)", "url": ""}]),  # no page of its own: the senses note's case
])
def test_no_other_senses_note_without_two_pages_of_the_name(page, others):
    from tasks.report import other_pages_note

    rep = _report(130)
    rep.update(keyword="squid", keyword_page=page, keyword_other_pages=others)
    assert other_pages_note(rep) is None
    assert "Other senses" not in render_markdown(rep)
    rep.pop("keyword_other_pages")  # a run from before the field
    assert other_pages_note(rep) is None


def test_the_formula_names_every_factor_the_scores_use():
    from scoring import evidence as ev

    md = render_markdown(_report(300))
    formula = md.split("### The score")[1].split("###")[0]
    assert "score = S1 x max(NPMI, 0), then" in formula
    for value in (ev.DEFINES_FACTOR, ev.IS_A_FACTOR, ev.STAR_FACTOR, ev.SECTION_FACTOR, ev.LINK_FACTOR,
                  ev.TAXONOMY_FACTOR, ev.SAID_FACTOR, ev.COORDINATED_FACTOR, ev.GENERIC_FACTOR):
        assert f"x {value:g} " in formula
    for turned in (ev.QUIET_PAGE_FACTOR, ev.UNSAID_FACTOR, ev.OTHER_FIELD_FACTOR, ev.NO_KEYWORD_PAGE_FACTOR,
                   ev.SIBLING_FACTOR, ev.SHARED_DOCUMENTS_ONLY_FACTOR):
        assert f"x 1/{1 / turned:g} " in formula
    for reason in ("no page about the keyword", "field of study", "no sentence of the collection names both",
                   "See also"):
        assert reason in formula


def test_the_reading_guide_follows_the_tables_and_an_empty_report_has_none():
    md = render_markdown(_report(300))
    guide = md.index("## How to read this report")
    assert md.index("## Concepts") < md.index("## Why the top concepts rank where they do") < guide
    assert md.index("Ranked by score:") < md.index("## Concepts")
    sections = [line for line in md[guide:].splitlines() if line.startswith("### ")]
    assert sections == ["### The score", "### Columns", "### Source: where a candidate came from",
                        "### Listed apart, after the concepts"]
    empty = {**_report(300), "candidates": []}
    assert "How to read this report" not in render_markdown(empty)
    assert "Ranked by score" not in render_markdown(empty)


def test_works_are_listed_apart_and_counted_in_the_summary():
    rep = _report(300)
    work = {**rep["candidates"][0], "phrase": "Quantum Computation and Quantum Information",
            "evidence": {**rep["candidates"][0]["evidence"], "kind": "work"}}
    rep["candidates"].append(work)
    head, *rest = summary_lines(rep, "r.md")
    assert head.endswith("0 broader terms, 0 sibling terms, 0 aspects, 0 people, 0 organisations and 1 work apart")
    assert "  Works: Quantum Computation and Quantum Information" in rest
    md = render_markdown(rep)
    concepts, works = md.index("## Concepts"), md.index("## Works")
    assert concepts < works and md.index("| Quantum Computation and Quantum Information |") > works


def test_each_row_ranked_apart_says_why_under_its_table():
    rep = _report(300)
    first = rep["candidates"][0]

    def apart(phrase: str, kind: str, because: str) -> dict:
        return {**first, "phrase": phrase, "evidence": {**first["evidence"], "kind": kind, "kind_because": because}}

    rep["candidates"] += [
        apart("Urban Settlements", "person", 'a given name ("Urban") and a surname that is no common noun'),
        apart("Physics", "broader", "the keyword's page calls the keyword a kind or branch of it"),
        apart("Permian", "sibling", "WordNet files it beside the keyword, under the same parent"),
        apart("courtship and breeding", "aspect", "a section heading of the keyword's page written as a description")]
    md = render_markdown(rep)
    people, why = md.index("## People"), md.index('- **Urban Settlements**: a given name ("Urban") and a surname')
    assert people < why < md.index("## Why the top concepts")
    assert md.index("## Broader terms") < md.index("- **Physics**: the keyword's page calls") < md.index("## Sibling terms")
    assert md.index("## Sibling terms") < md.index("- **Permian**: WordNet files it beside") < md.index("## Aspects")
    assert md.index("## Aspects") < md.index("- **courtship and breeding**: a section heading") < people
    head, *rest = summary_lines(rep, "r.md")
    assert "1 broader term, 1 sibling term, 1 aspect, 1 people" in head and "  Siblings: Permian" in rest
    assert "  Aspects: courtship and breeding" in rest
    # A concept has no such line: nothing put it apart.
    assert "- **Qubit**:" not in md


def _note_for_only(note_of, rep: dict, flagged: str, clean: tuple[str, ...]) -> str:
    """The note `note_of` gives `flagged` (bold in report.md), after checking it gives none
    for the `clean` keywords; `rep` is left with the flagged keyword."""
    for keyword in clean:
        rep["keyword"] = keyword
        assert note_of(rep) is None, keyword
    rep["keyword"] = flagged
    note = note_of(rep)
    assert note and f"**{note}**" in render_markdown(rep)
    return note


@pytest.mark.parametrize("method", ["evidence", "published"])
def test_a_keyword_the_index_reads_only_in_part_is_flagged(method):
    from tasks.report import searched_as_note

    rep = _report(300, method=method)
    note = _note_for_only(searched_as_note, rep, "C++", ("node.js", "TCP/IP", "AT&T", "quantum computing"))
    assert note.startswith('Searched as "c": ') and '"++" of "C++" is dropped' in note
    assert summary_lines(rep, "r.md")[-2:] == [note, "Report: r.md"]


def test_a_concept_the_index_reads_only_in_part_says_whose_counts_it_has():
    from tasks.report import counted_as_note
    rep = _report(100)
    phrase = rep["candidates"][0]["phrase"]
    assert "Counted as" not in render_markdown(rep)
    rep["candidates"][0]["phrase"] = "C#"
    text = render_markdown(rep)
    assert '1. **C#**: ' in text and 'Counted as "c": the index drops the "#" of its name' in text
    assert counted_as_note("node.js") == "" and counted_as_note(phrase) == ""


def test_a_definition_quotes_its_page_or_its_glossary_entry():
    rep = _report(100)
    rep["candidates"][0]["evidence"].update(defines=True, page="https://w.org/Qubit", defining_sentence="Qubits are ...")
    assert 'Its page (https://w.org/Qubit) says: "Qubits are ..."' in render_markdown(rep)
    rep["candidates"][0]["evidence"].update(page="https://w.org/Glossary_of_quantum_computing#qubit", source="definition")
    text = render_markdown(rep)
    assert ('Not in the mined lists: found by its definition. Its glossary entry '
            '(https://w.org/Glossary_of_quantum_computing#qubit) says: "Qubits are ..."') in text
    assert "Its page (" not in text


@pytest.mark.parametrize("method", ["evidence", "published"])
def test_a_keyword_of_stopwords_only_is_flagged(method):
    from tasks.report import stopwords_note

    rep = _report(300, method=method)
    note = _note_for_only(stopwords_note, rep, "IT", ("information technology", "the internet", "machine learning",
                                                      "C++"))
    assert note.startswith('Only stopwords: every word of "IT"') and "is in 300 documents, wherever" in note
    assert note in summary_lines(rep, "r.md")


def test_stopwords_warning_states_the_documents_share_only_when_most_hold_the_keyword():
    from tasks.report import stopwords_note

    common = dict(_report(3000), keyword="it")
    assert "is in 3000 of 5444 documents, wherever" in stopwords_note(common)
    rare = dict(_report(12), keyword="and or not")  # a phrase of stopwords is rare as a phrase
    assert "is in 12 documents, wherever" in stopwords_note(rare) and " of 5444" not in stopwords_note(rare)
    published = dict(_report(3000, method="published"), keyword="it")
    del published["n_docs"]  # the published method's report has no N
    assert "is in 3000 documents, wherever" in stopwords_note(published)


@pytest.mark.parametrize("method", ["evidence", "published"])
def test_no_documents_warning_only_when_nothing_contains_the_keyword(method):
    empty = dict(_report(0, method=method), candidates=[])
    note = no_documents_note(empty)
    assert note.startswith("No documents: no page of the collection contains the keyword")
    assert f"**{note}**" in render_markdown(empty)
    assert summary_lines(empty, "r.md")[-2:] == [note, "Report: r.md"]
    domain = dict(empty, parameters={**empty["parameters"], "domain": ".edu"})
    assert "on the hosts --domain .edu allows" in no_documents_note(domain)
    assert no_documents_note(_report(1, method=method)) is None


def test_a_domain_without_pages_says_no_list_was_mined():
    rep = {**_report(254), "pages_mined": 0}
    rep["parameters"] = {**rep["parameters"], "domain": ".edu"}
    note = no_pages_note(rep)
    assert note == ("No pages mined: 254 documents contain the keyword, but no usable page on the hosts "
                    "--domain .edu allows does, so no list was mined; drop --domain or name another.")
    assert f"**{note}**" in render_markdown(rep) and note in summary_lines(rep, "r.md")
    assert "No page about the keyword" not in render_markdown({**rep, "keyword_page": None})
    assert no_pages_note({**rep, "pages_mined": 3}) is None
    assert no_pages_note(_report(254)) is None  # a report from before pages_mined was recorded
    assert no_pages_note({**_report(0), "pages_mined": 0}) is None  # no_documents_note says it


def test_concepts_under_the_floor_are_listed_apart_and_counted_in_the_summary():
    from scoring.evidence import CONCEPT_FLOOR
    from tasks.report import EVIDENCE_COLUMNS, all_weak_note, report_table

    rep = _report(300)
    strong = rep["candidates"][0]
    strong["evidence"]["score"] = 0.5
    faint = {**strong, "phrase": "Quantum dot", "evidence": {**strong["evidence"], "score": 0.02, "weak": True}}
    rep["candidates"].append(faint)
    md = render_markdown(rep)
    concepts, why, weak = md.split("## Concepts")[1].replace("## Weak evidence", "## Why").split("## Why")[:3]
    assert "| 1 | Qubit |" in concepts and "Quantum dot" not in concepts
    assert "Qubit" in why and "Quantum dot" not in why  # explained only among the listed
    assert "| 1 | Quantum dot |" in weak and f"under {CONCEPT_FLOOR:g}" in weak  # after the why: a long list
    lines = summary_lines(rep, "r.md")
    assert "1 concepts ranked" in lines[0] and "1 with weak evidence (under the floor, 0.14, 0.3 or 0.07, thin, or tied by counts only)" in lines[0]
    assert "  Weak evidence: Quantum dot" in lines
    assert all_weak_note(rep) is None
    header, rows = report_table(rep)
    assert "weak" in EVIDENCE_COLUMNS and [r[header.index("weak")] for r in rows] == ["", True]


def test_a_run_whose_every_concept_is_weak_says_so_before_the_list():
    from tasks.report import all_weak_note

    rep = _report(300)
    rep["candidates"][0]["evidence"].update(score=0.01, weak=True)
    note = all_weak_note(rep)
    assert note.startswith("Weak evidence only: every concept scores under its floor (0.14; 0.3 when the keyword is a name")
    assert f"**{note}**" in render_markdown(rep) and "## Concepts" not in render_markdown(rep)
    why = render_markdown(rep).split("## Why the top concepts rank where they do")[1].split("##")[0]
    assert why.strip().startswith("No concept is listed")  # not an empty section
    assert note in summary_lines(rep, "r.md")
    rep["parameters"]["method"] = "published"  # the published method has no floor
    assert all_weak_note(rep) is None


def test_a_page_read_by_link_is_named_in_a_note():
    from tasks.report import linked_page_note

    rep = _report(40)
    rep.update(keyword="azure", keyword_page="https://en.wikipedia.org/wiki/Microsoft_Azure", keyword_page_linked=True)
    note = linked_page_note(rep)
    assert note.startswith("Page by link: no page is titled with the keyword")
    assert "link its name to https://en.wikipedia.org/wiki/Microsoft_Azure, whose title" in note
    assert f"**{note}**" in render_markdown(rep)
    rep["keyword_page_linked"] = False  # a page titled as the keyword
    assert linked_page_note(rep) is None and "Page by link" not in render_markdown(rep)
    rep.pop("keyword_page_linked")  # a run from before the field
    assert linked_page_note(rep) is None


def test_a_page_not_titled_as_the_keyword_says_why_it_was_read_as_its_own():
    from tasks.report import page_route_note

    rep = _report(40)
    rep.update(keyword="fiction", keyword_page="https://en.wikipedia.org/wiki/Science_fiction",
               keyword_page_by="other name")
    note = page_route_note(rep)
    assert note.startswith("Page by other name: no page is titled with the keyword, and "
                           "https://en.wikipedia.org/wiki/Science_fiction is read as its own because its first sentence")
    assert f"**{note}**" in render_markdown(rep)
    rep["keyword_page_by"] = "opening"
    assert "whose first sentence opens on the keyword" in page_route_note(rep)
    rep["keyword_page_by"] = "section"
    assert "no numbered chapter's title holds the keyword and it is the one numbered section" in page_route_note(rep)
    for needs_none in ("title", "link", None):  # titled so; the link's own note; a run from before the field
        rep["keyword_page_by"] = needs_none
        assert page_route_note(rep) is None and "Page by other name" not in render_markdown(rep)
    rep.update(keyword_page=None, keyword_page_by="twin")  # no page: nothing to explain
    assert page_route_note(rep) is None
