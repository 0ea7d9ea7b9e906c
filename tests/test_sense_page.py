"""What a collection's links say a name means: the page a keyword it has no page for is linked
to (citing_links.keyword_sense), and the page a pageless candidate's link names, read when
two rows name one concept (evidence_stage._rank_once); and the other pages of a keyword's
name beside its own (names.other_pages_of_name).

Real HTML in tiny real page stores (LocalBackend).
"""
from __future__ import annotations

import pytest

from integration_support import WIKI, tiny_store
from pipeline.boilerplate import DEFAULT_RULES
from pipeline.citing_links import Sense, keyword_link_targets, keyword_sense, links_naming_keyword, name_links
from pipeline.evidence_stage import _rank_once, linked_own_page, lists_nothing


def _page(body: str) -> str:
    return f"<html><head><title>t</title></head><body>{body}</body></html>"


PAGES = {
    "Software": _page('<p>Learning <a href="/wiki/Computer_programming">programming</a> takes years.</p>'),
    # The same page under another spelling of its name, as a redirect's URL writes it.
    "Teaching": _page('<p>Courses in <a href="/wiki/Computer_Programming">programming</a> are common.</p>'),
    # A target the collection does not hold still counts as a page linking the name.
    "Television": _page('<p>Evening <a href="/wiki/Broadcast_programming">programming</a> starts late.</p>'),
    "Evening news": _page('<p>Late <a href="/wiki/Broadcast_programming">programming</a> follows.</p>'),
    "Operations research": _page('<p>Linear <a href="/wiki/Mathematical_programming">programming</a> '
                                 'solves it.</p>'),
    "Economics": _page('<p>Dynamic <a href="/wiki/Mathematical_programming">programming</a> helps.</p>'),
    # Chrome is no paragraph: a navigation box's link is not read.
    "Compilers": _page('<div role="navigation"><p>programming: <a href="/wiki/Navigation_box">programming</a>'
                       '</p></div><p>A compiler translates programs.</p>'),
    "Computer programming": _page("<p>Computer programming is the process of writing programs.</p>"),
    "Mathematical programming": _page("<p>Mathematical programming is optimization.</p>"),
    "Navigation box": _page("<p>A box.</p>"),
}


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    b = tiny_store(tmp_path_factory.mktemp("store") / "pages.sqlite",
                   {title: (html, title) for title, html in PAGES.items()})
    yield b
    b.con.close()


def _sense(backend, titles: list[str]) -> Sense | None:
    urls = [WIKI + t.replace(" ", "_") for t in titles]
    naming = links_naming_keyword(backend, urls, "programming", DEFAULT_RULES)
    return keyword_sense(name_links(backend, naming, "programming"))


def test_the_page_most_links_give_the_name_is_its_sense(backend):
    # Two of the three pages linking "programming" mean Computer programming, one by a
    # redirect's spelling; the third's target is not in the collection.
    assert _sense(backend, ["Software", "Teaching", "Television"]) == Sense(WIKI + "Computer_programming",
                                                                           ("computer", "programming"))


def test_no_sense_when_no_page_takes_half_the_links(backend):
    assert _sense(backend, ["Software", "Teaching", "Television", "Operations research", "Economics"]) is None


def test_a_target_the_collection_does_not_hold_is_known_by_its_name(backend):
    # "Broadcast programming" is linked by one page only: an anecdote. Linked by two of
    # three, the name its URL spells is the sense, with no page.
    assert _sense(backend, ["Television", "Evening news", "Software"]) == Sense(None, ("broadcast", "programming"))


def test_one_page_linking_is_an_anecdote(backend):
    assert _sense(backend, ["Software"]) is None


def test_chrome_links_say_nothing(backend):
    assert _sense(backend, ["Compilers", "Compilers"]) is None
    assert _sense(backend, []) is None


def test_every_page_the_name_is_linked_to_is_counted_by_the_pages_linking_it(backend):
    # A redirect's spelling counts for the stored page, under that page's title; a target
    # the collection does not hold is known by the title its URL spells; chrome says nothing.
    urls = [WIKI + t.replace(" ", "_") for t in ["Software", "Teaching", "Television", "Evening news",
                                                  "Operations research", "Compilers"]]
    naming = links_naming_keyword(backend, urls, "programming", DEFAULT_RULES)
    found = keyword_link_targets(name_links(backend, naming, "programming"))
    assert found == [{"title": "Broadcast programming", "page": None, "pages": 2},
                     {"title": "Computer programming", "page": WIKI + "Computer_programming", "pages": 2},
                     {"title": "Mathematical programming", "page": WIKI + "Mathematical_programming", "pages": 1}]
    assert keyword_link_targets(name_links(backend, {}, "programming")) == []


LINKED_LEADS = {"Microsoft Azure": "Microsoft Azure, or just Azure, is the cloud computing platform of Microsoft.",
                "Computer programming": "Computer programming or coding is the composition of sequences of "
                                        "instructions.",
                "Mainframe computer": "A mainframe computer, informally called a mainframe, is a computer used by "
                                      "large organizations.",
                "Mercury": "Mercury may refer to: Mercury (planet), Mercury (element)."}


@pytest.fixture(scope="module")
def linked(tmp_path_factory):
    b = tiny_store(tmp_path_factory.mktemp("linked") / "pages.sqlite",
                   {title: (_page(f"<p>{lead}</p>"), lead) for title, lead in LINKED_LEADS.items()})
    yield b
    b.con.close()


@pytest.mark.parametrize("keyword, title", [("azure", "Microsoft Azure"), ("mainframes", "Mainframe computer"),
                                            ("coding", "Computer programming")])
def test_a_linked_page_answering_to_the_name_is_read_as_the_keywords_own(linked, keyword, title):
    # Its title holds the keyword's words (in the singular), or its first sentence gives the
    # keyword as another of its names ("Computer programming or coding is ...").
    url = WIKI + title.replace(" ", "_")
    assert linked_own_page(linked, keyword, Sense(url, ())) == (url, title, LINKED_LEADS[title], None)


@pytest.mark.parametrize("keyword, sense", [
    ("hacking", Sense(WIKI + "Computer_programming", ("computer", "programming"))),  # answers to another name
    ("planets", Sense(WIKI + "Mercury", ("mercury",))),  # a disambiguation page speaks for no sense
    ("azure", Sense(None, ("microsoft", "azure"))),  # a target the collection does not hold
    ("azure", None),  # no page takes half the links
    ("mainframes", Sense(WIKI + "Mainframe_computer", ("mainframe", "computer")))])  # a host --domain leaves out
def test_no_linked_page_when_it_does_not_answer_to_the_name_or_is_not_held(linked, keyword, sense):
    domain = ".edu" if keyword == "mainframes" else ""
    assert linked_own_page(linked, keyword, sense, domain) is None


def test_a_list_of_weak_ruled_out_and_other_kinds_lists_nothing():
    weak = {"kind": "concept", "weak": True, "ruled_out": False}
    ruled = {"kind": "concept", "weak": False, "ruled_out": True}
    person = {"kind": "person", "weak": False, "ruled_out": False}
    assert lists_nothing([weak, ruled, person]) and lists_nothing([])
    assert not lists_nothing([weak, {"kind": "concept", "weak": False, "ruled_out": False}])


def _row(phrase: str, score: float, page: str | None, display: str | None = None) -> dict:
    row = {"phrase": phrase, "score": score, "n_k": 50, "n_cp": 20, "n_b": 5, "s1": 0.3, "page": page,
           "kind": "concept", "sectioned": False, "ruled_out": False}
    if display is not None:
        row["display"] = display
    return row


@pytest.fixture(scope="module")
def astar(tmp_path_factory):
    leads = {"A* search algorithm": "A* is a graph traversal and path search algorithm.",
             "Dijkstra's algorithm": "Dijkstra's algorithm finds shortest paths.",
             "Index Types": "PostgreSQL provides several index types: B-tree, Hash, GiST and GIN.",
             "Laptop": "A laptop, laptop computer, or notebook computer is a small computer.",
             "Finite-state machine": "A finite-state machine (FSM) or finite-state automaton (FSA, plural: "
                                     "automata), finite automaton, or simply a state machine, is a mathematical "
                                     "model of computation."}
    b = tiny_store(tmp_path_factory.mktemp("astar") / "pages.sqlite",
                   {title: (_page(f"<p>{lead}</p>"), lead) for title, lead in leads.items()})
    yield b
    b.con.close()


def test_a_pageless_name_folds_into_the_row_of_the_page_it_links_to(astar):
    rows = [_row("a search", 0.28, None, "A* search"),
            _row("a search algorithm", 0.24, WIKI + "A*_search_algorithm"),
            _row("shortest path", 0.2, None, "shortest path")]
    linked = {"A* search": WIKI + "A*_search_algorithm", "shortest path": WIKI + "Dijkstra%27s_algorithm"}
    _rank_once(rows, astar, {}, 5000, linked)
    by_phrase = {r["phrase"]: r for r in rows}
    assert by_phrase["a search algorithm"]["ruled_out"] and by_phrase["a search algorithm"]["variant_of"] == "a search"
    assert not by_phrase["a search"]["ruled_out"]
    # A link to a page no other row has, or whose page does not call it so, folds nothing.
    assert not by_phrase["shortest path"]["ruled_out"]
    assert [r["phrase"] for r in rows if not r["ruled_out"]] == ["a search", "shortest path"]


def test_a_link_to_a_page_that_only_mentions_the_name_folds_nothing(astar):
    # A manual's "B-Tree" links to the page on index types, which lists it: two concepts.
    rows = [_row("b tree", 0.3, None, "B-Tree"), _row("index types", 0.2, WIKI + "Index_Types")]
    _rank_once(rows, astar, {}, 5000, {"B-Tree": WIKI + "Index_Types"})
    assert not any(r["ruled_out"] for r in rows)


def test_a_name_the_first_sentence_gives_as_the_subjects_folds(astar):
    rows = [_row("notebook", 0.3, None, "notebook"), _row("laptop", 0.2, WIKI + "Laptop")]
    _rank_once(rows, astar, {}, 5000, {"notebook": WIKI + "Laptop"})
    assert [r["phrase"] for r in rows if r["ruled_out"]] == ["laptop"]


def test_a_name_a_rows_page_gives_its_subject_folds_without_a_link(astar):
    # No link ties "finite automaton" to the page: its first sentence names it so itself.
    rows = [_row("finite state machine", 0.3, WIKI + "Finite-state_machine", "Finite-state machine"),
            _row("finite automaton", 0.25, None, "Finite automaton"),
            _row("mathematical model", 0.2, None, "mathematical model"),
            _row("notebook", 0.1, None, "notebook")]
    _rank_once(rows, astar, {}, 5000, {})
    by_phrase = {r["phrase"]: r for r in rows}
    assert by_phrase["finite automaton"]["variant_of"] == "finite state machine"
    # What the subject is (after the verb) is no other name of it, and another page's alias
    # ("notebook computer" on the laptop's page) folds only into a row that page has.
    assert [r["phrase"] for r in rows if not r["ruled_out"]] == ["finite state machine", "mathematical model",
                                                                  "notebook"]


def test_the_other_pages_of_a_keywords_name_are_its_other_senses(tmp_path):
    from scoring.names import other_pages_of_name

    b = tiny_store(tmp_path / "pages.sqlite", {
        "Tail": (_page("<p>The tail is the rear part of an animal.</p>"), "The tail is the rear part of an animal."),
        "Tail (Unix)": (_page("<p>tail is a program.</p>"), "tail is a program."),
        "Tail (disambiguation)": (_page("<p>Tail may refer to:</p>"), "Tail may refer to:"),
        "Tail rotor": (_page("<p>A tail rotor is a rotor.</p>"), "A tail rotor is a rotor."),
        "Tails (operating system)": (_page("<p>Tails is an operating system.</p>"), "Tails is an operating system."),
        # a manual's heading of the same name in another chapter: one subject, no other sense
        "Tails": (_page("<p>Tails of lists.</p>"), "Tails of lists."),
    })
    try:
        pages = b.pages_about("tail", with_plurals=True)
        # the disambiguation page is no sense, a longer name ("Tail rotor") no page of the name
        assert other_pages_of_name(pages, "tail", WIKI + "Tail") == [
            {"title": "Tail (Unix)", "url": WIKI + "Tail_(Unix)"},
            {"title": "Tails (operating system)", "url": WIKI + "Tails_(operating_system)"}]
        # read from the other side: the program's page is the keyword's, the bare names other senses
        assert sorted(o["title"] for o in other_pages_of_name(pages, "tail", WIKI + "Tail_(Unix)")) == [
            "Tail", "Tails", "Tails (operating system)"]
        assert other_pages_of_name(b.pages_about("tail rotor"), "tail rotor", WIKI + "Tail_rotor") == []
    finally:
        b.con.close()


SENSES = [{"title": "ODBC", "page": None, "pages": 16},
          {"title": "Open Database Connectivity", "page": None, "pages": 6},
          {"title": "Microsoft Access", "page": WIKI + "Microsoft_Access", "pages": 2},
          {"title": "JDBC", "page": None, "pages": 1}]


def test_a_page_the_keywords_name_links_to_is_the_keyword_under_another_name():
    from scoring.names import concept_key, linked_as_name
    assert linked_as_name(SENSES, "odbc", concept_key("Open Database Connectivity"), None, 2) == "Open Database Connectivity"
    # By the stored page, whatever the candidate is called.
    assert linked_as_name(SENSES, "odbc", concept_key("Access"), WIKI + "Microsoft_Access", 2) == "Microsoft Access"
    assert linked_as_name(SENSES, "odbc", concept_key("JDBC"), None, 2) == ""    # one linking page: an anecdote
    assert linked_as_name(SENSES, "odbc", concept_key("ODBC"), None, 2) == ""    # the keyword's own name is no other
    assert linked_as_name(SENSES, "odbc", concept_key("ADO.NET"), None, 2) == ""
    assert linked_as_name([], "odbc", concept_key("Open Database Connectivity"), None, 2) == ""



def test_cited_links_leave_out_links_to_media_files():
    from pipeline.citing_links import links_by_name
    from scoring.names import concept_key
    naming = {WIKI + "A": [("Play media", "https://upload.wikimedia.org/x/Clip.webm"), ("Set-top box", WIKI + "Set-top_box")],
              WIKI + "B": [("Play media", "https://upload.wikimedia.org/y/Other.ogv"), ("set-top box", WIKI + "Set-top_box")]}
    found = links_by_name(naming, "media")
    # A video player's button, on both pages, is no concept the pages cite; the article is, on both.
    assert list(found) == [concept_key("Set-top box")]
    assert found[concept_key("Set-top box")]["pages"] == [WIKI + "A", WIKI + "B"]
