"""The whole shared corpus: index every page, then mine the four keywords the issue names."""
from __future__ import annotations

import json
import re
from pathlib import Path

import luigi
import pytest

from tasks import BuildIndex, TopicConcepts

from integration_support import CORPUS_TAR, WIKI, luigi_config, require_shared

pytestmark = pytest.mark.slow
KEYWORDS = ["artificial intelligence", "machine learning", "data mining", "computer vision"]
# Wikipedia's chrome, used only to check that none of it reaches a report.
CHROME = {"main page", "contents", "current events", "random article", "about wikipedia",
          "contact us", "donate", "help", "learn to edit", "community portal", "recent changes",
          "upload file", "what links here", "related changes", "special pages", "permanent link",
          "page information", "cite this page", "wikidata item", "download as pdf",
          "printable version", "create account", "log in", "talk", "read", "edit",
          "view history", "privacy policy", "disclaimers", "developers", "cookie statement",
          "mobile view", "references", "external links", "see also", "further reading", "notes",
          "v t e", "languages", "navigation menu", "personal tools", "namespaces", "views",
          "tools", "print export", "in other projects", "wikimedia commons"}


@pytest.fixture(scope="module")
def full(tmp_path_factory):
    require_shared()
    out = tmp_path_factory.mktemp("full")
    with luigi_config(BuildIndex={"corpus": CORPUS_TAR, "url_prefix": WIKI}):
        task = BuildIndex(output_root=str(out))
        assert luigi.build([task], local_scheduler=True, log_level="WARNING")
        yield out, json.loads(Path(task.output()["summary"].path).read_text())


def _topic_runs(out: Path, *keywords: str) -> list[tuple[TopicConcepts, dict]]:
    """Run TopicConcepts for each keyword on the whole corpus's index: (task, report.json) pairs."""
    with luigi_config(BuildIndex={"corpus": CORPUS_TAR, "url_prefix": WIKI}):
        tasks = [TopicConcepts(keyword=k, output_root=str(out)) for k in keywords]
        assert luigi.build(tasks, local_scheduler=True, log_level="WARNING")
    return [(t, json.loads(Path(t.output()["json"].path).read_text())) for t in tasks]


def test_whole_corpus_is_indexed(full):
    _, summary = full
    assert summary["pages"] + summary["skipped"] == 6000
    assert summary["pages"] >= 5990


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_keyword_gives_clean_type_one_concepts(full, keyword):
    out, _ = full
    [(task, rep)] = _topic_runs(out, keyword)
    type1 = [c for c in rep["candidates"] if c["type"] == "I"]
    assert len(type1) >= 10
    # List items with a digit are dropped; titles of pages found by their definitions keep theirs.
    mined = [c for c in rep["candidates"] if c.get("evidence", {}).get("source", "lists") == "lists"]
    assert not any(re.search(r"\d", c["phrase"]) for c in mined)
    top = [c["phrase"].lower() for c in rep["candidates"] if c["type"] != "III"][:25]
    assert not CHROME & set(top), CHROME & set(top)
    assert all(c["n_cp"] > rep["n_k"] for c in rep["candidates"] if c["type"] == "III")


def test_the_collections_own_names_place_candidates(full):
    """Sentences that write "Ernst Zermelo" make the bare "Zermelo" a person; a page saved
    under a redirect's URL ("Image_processing", titled "Digital image processing") is the
    keyword's page."""
    out, _ = full
    (sets, images) = (report for _, report in _topic_runs(out, "set theory", "image processing"))
    kinds = {c["normalised"]: c["evidence"]["kind"] for c in sets["candidates"]}
    assert kinds["zermelo"] == kinds["fraenkel"] == "person"
    assert images["keyword_page"] == WIKI + "Image_processing"


def test_a_name_that_leads_to_the_keywords_own_page_is_a_part_of_it(full):
    """"Microsoft Public License (Ms-PL)" redirects to a section of "Shared Source Initiative",
    the page of "shared source": a licence of the scheme, not the organisation that page is."""
    out, _ = full
    [(task, report)] = _topic_runs(out, "shared source")
    assert report["keyword_page"] == WIKI + "Shared_Source_Initiative"
    own = [c for c in report["candidates"] if c["evidence"]["page"] == report["keyword_page"]]
    assert "microsoft public license" in {c["normalised"] for c in own}
    assert all(c["evidence"]["kind"] == "concept" for c in own)


def test_a_concept_that_nothing_but_its_counts_ties_to_the_keyword_is_weak(full):
    """Fields that share lists and documents with "molecular biology" ("Immunology",
    "Pharmacology") but no definition, link, section, star or sentence with it are listed
    apart as weak evidence, whatever their score; every listed concept has a tie."""
    from scoring.evidence import listed_concepts
    out, _ = full
    [(task, report)] = _topic_runs(out, "molecular biology")
    evidence = {c["normalised"]: c["evidence"] for c in report["candidates"]}
    for field in ("immunology", "pharmacology"):
        assert evidence[field]["tied"] is False and evidence[field]["weak"] is True, evidence[field]["why"]
        assert evidence[field]["score"] >= 0.14  # over the floor: weak for want of a tie alone
    listed = listed_concepts(report["candidates"])
    assert len(listed) >= 5 and all(c["evidence"]["tied"] for c in listed)


def test_people_organisations_and_works_by_what_their_pages_say(full):
    """A keyword that names a kind of person ranks its people as concepts, its instances;
    a research institute "focused since 2005 on" something and a "research centre at" a
    university are organisations."""
    out, _ = full
    (scientists, risk) = (report for _, report in _topic_runs(out, "computer scientist", "existential risk"))
    top = [c["normalised"] for c in scientists["candidates"] if c["evidence"]["kind"] == "concept"][:10]
    assert {"donald knuth", "alan turing", "grace hopper"} <= set(top), top
    kinds = {c["normalised"]: c["evidence"]["kind"] for c in risk["candidates"]}
    assert kinds["machine intelligence research institute"] == "organisation"
    assert kinds["future of humanity institute"] == "organisation"


def test_a_keyword_written_as_a_name_ranks_its_parts_above_its_siblings(full):
    """"JavaScript" is one language: names holding it ("JavaScript engine") are its parts,
    languages its page does not define through it ("Ruby", "PHP") or lists beside it
    ("TypeScript") its siblings; "router",
    written as a common noun, is a class and keeps its kinds."""
    out, _ = full
    [(js_task, js), (_, router)] = _topic_runs(out, "javascript", "router")
    assert js["keyword_is_name"] and js["keyword_name_share"] >= 0.9 and "language" in js["keyword_genus"]
    assert not router["keyword_is_name"] and router["keyword_genus"] == []
    concepts = [c for c in js["candidates"] if c["evidence"]["kind"] == "concept"]
    top = [c["normalised"] for c in concepts[:10]]
    assert {"javascript engine", "javascript library"} <= set(top), top
    siblings = [c for c in concepts if c["evidence"]["same_genus"]
                and not (c["evidence"]["defines"] and c["evidence"]["is_a"])
                and c["evidence"]["score"] > 0]  # a variant ranked once explains only that
    assert siblings and all("another of its kind" in c["evidence"]["why"] for c in siblings)
    assert not {"ruby", "php"} & set(top), top
    # Pageless siblings show their kind where a mined list holds them beside "JavaScript".
    peers = [c for c in concepts if c["evidence"]["listed_beside"] and not c["evidence"]["defines"]
             and not c["evidence"]["holds_keyword"] and c["evidence"]["score"] > 0]
    assert len(peers) >= 5 and all("another of its kind" in c["evidence"]["why"] for c in peers)
    assert not {"typescript", "perl", "scala"} & set(top), top
    assert not any(c["evidence"]["listed_beside"] for c in router["candidates"])  # a class: not read
    assert "the collection writes the keyword as a name" in Path(js_task.output()["md"].path).read_text().lower()


def test_a_keyword_its_page_spells_in_lower_case_is_a_name(full):
    """"systemd is a software suite ...": the collection seldom capitalises "systemd", but its
    page's first sentence opens on it in lower case, as only a name is spelled; so it is one
    thing, its configuration a part of it, and the distributions without it none (version 178).
    The section "Configuration of systemd" is written as a description that no other page
    uses: since version 190 an aspect, listed apart, the part-of reading kept in its evidence."""
    from scoring.evidence import NAME_SHARE, listed_concepts

    out, _ = full
    [(task, rep)] = _topic_runs(out, "systemd")
    assert rep["keyword_is_name"] and rep["keyword_name_share"] < NAME_SHARE and "suite" in rep["keyword_genus"]
    rows = {c["normalised"]: c["evidence"] for c in rep["candidates"]}
    assert rows["configuration of systemd"]["holds_keyword"]
    assert not rows["linux distributions without systemd"]["holds_keyword"]
    listed = [c["normalised"] for c in listed_concepts(rep["candidates"])]
    assert rows["configuration of systemd"]["kind"] == "aspect" and "2 (the keyword is a name and this name holds it" \
        in rows["configuration of systemd"]["why"]
    assert "configuration of systemd" not in listed and "linux distributions without systemd" not in listed, listed
    assert "opens its first sentence on it in lower case" in Path(task.output()["md"].path).read_text()


def test_names_the_sentences_enumerate_as_kinds_of_the_keyword_join_the_concepts(full):
    """"Marine mammals such as whales, dolphins and seals": names no mined list holds join
    as candidates (source "said"), each read as under the keyword and quoted."""
    from scoring.evidence import reads_under
    from scoring.hearst import Said

    out, _ = full
    [(task, rep)] = _topic_runs(out, "mammal")
    evidence = json.loads((Path(task.output()["json"].path).parent / "10-evidence.json").read_text())
    joined = [c for c in rep["candidates"] if c["evidence"]["source"] == "said"]
    assert {"whales", "dolphins"} <= {c["normalised"] for c in joined}
    assert evidence["said_named"] == len(joined)
    enumerated = {k["name"].lower() for k in evidence["sentence_kinds"]}
    for c in joined:
        said = c["evidence"]["said"]
        assert c["phrase"].lower() in enumerated and reads_under(Said(**said))
        assert "mammal" in said["example"].lower() and not c["evidence"]["thin"]
    top = [c for c in rep["candidates"] if c["evidence"]["kind"] == "concept"][:10]
    assert any(c["evidence"]["source"] == "said" for c in top)
    md = Path(task.output()["md"].path).read_text()
    assert "a name the collection's sentences list as a kind of the keyword" in md


def test_the_field_named_after_the_keyword_is_broader_than_it(full):
    """"Probability theory" is the field that studies probability, not one of its parts: the
    page of probability links it and it shares lists with it, but it is listed apart as a
    broader term, and the report's legend says why."""
    from scoring.evidence import listed_concepts
    out, _ = full
    [(task, report)] = _topic_runs(out, "probability")
    evidence = {c["normalised"]: c["evidence"] for c in report["candidates"]}
    assert evidence["probability theory"]["kind"] == "broader" and evidence["probability theory"]["score"] > 0.14
    listed = [c["normalised"] for c in listed_concepts(report["candidates"])]
    assert "probability theory" not in listed and len(listed) >= 5
    assert "the field named after the keyword that studies it" in Path(task.output()["md"].path).read_text()


def test_a_field_listed_for_a_keyword_that_is_no_field_is_broader_than_it(full):
    """Causality's page says it is an influence, not a field; "Metaphysics" is a field whose page
    does not put it under causality: the field that studies causality, listed apart as a
    broader term with its reason, not among the concepts (session 60, version 185)."""
    from scoring.evidence import listed_concepts
    out, _ = full
    [(task, report)] = _topic_runs(out, "causality")
    evidence = {c["normalised"]: c["evidence"] for c in report["candidates"]}
    metaphysics = evidence["metaphysics"]
    assert metaphysics["field"] and not metaphysics["is_a"] and metaphysics["kind"] == "broader"
    assert "the keyword is none" in metaphysics["kind_because"]
    listed = [c["normalised"] for c in listed_concepts(report["candidates"])]
    assert "metaphysics" not in listed and "four causes" in listed[:3], listed
    md = Path(task.output()["md"].path).read_text()
    assert "a field that studies the keyword or works beside it" in md  # its reason, under Broader terms
    assert "for a keyword that is no field of study, a field whose page" in md  # the legend


def test_a_wordnet_sibling_is_listed_apart_as_a_sibling_term(full):
    """WordNet files botany beside zoology (both branches of biology), and botany's page does not
    call it a kind of zoology: a sibling term, listed apart with its reason, not among the
    concepts, while the branches WordNet files under zoology stay (session 61, version 187)."""
    from scoring.evidence import listed_concepts
    out, _ = full
    [(task, report)] = _topic_runs(out, "zoology")
    evidence = {c["normalised"]: c["evidence"] for c in report["candidates"]}
    botany = evidence["botany"]
    assert botany["wordnet"] == "sibling" and botany["kind"] == "sibling" and botany["score"] > 0.14
    listed = [c["normalised"] for c in listed_concepts(report["candidates"])]
    assert "botany" not in listed and "ornithology" in listed[:3], listed
    md = Path(task.output()["md"].path).read_text()
    assert md.index("## Sibling terms") < md.index("- **botany**: WordNet files it beside the keyword")


def test_a_descriptive_section_heading_is_listed_apart_as_an_aspect(full):
    """The computer virus page's sections "Viruses and the Internet" and "Resident vs.
    non-resident viruses" are written as descriptions that no other page uses: aspects, listed
    apart with their reason; its section "Email virus", written as a name, stays a concept
    (session 62, version 190)."""
    from scoring.evidence import listed_concepts
    out, _ = full
    [(task, report)] = _topic_runs(out, "computer virus")
    evidence = {c["normalised"]: c for c in report["candidates"]}
    for heading in ("viruses and the internet", "resident vs non resident viruses"):
        row = evidence[heading]
        assert row["evidence"]["kind"] == "aspect" and row["evidence"]["sectioned"] and row["n_cp"] <= 2, row
    email = evidence["email virus"]["evidence"]
    assert email["kind"] == "concept" and email["sectioned"] and not email["weak"]
    listed = [c["normalised"] for c in listed_concepts(report["candidates"])]
    assert "email virus" in listed and "viruses and the internet" not in listed
    md = Path(task.output()["md"].path).read_text()
    assert md.index("## Aspects") < md.index("- **Viruses and the Internet**: a section heading of the keyword's page")


def test_a_name_keywords_neighbour_tied_only_where_it_is_named_has_the_name_floor(full):
    """Java is a name whose page says what it is ("a ... language"). "Clojure", another language
    its lists name beside it, scores over 0.14 but under NAME_FLOOR with nothing tying it but
    where it is named: weak evidence. "Java ME", scoring less, holds the keyword's name and is
    listed under the common floor (session 61, version 188)."""
    from scoring.evidence import CONCEPT_FLOOR, NAME_FLOOR, listed_concepts
    out, _ = full
    [(task, report)] = _topic_runs(out, "java")
    assert report["keyword_is_name"] and report["keyword_genus"]
    evidence = {c["normalised"]: c["evidence"] for c in report["candidates"]}
    clojure, java_me = evidence["clojure"], evidence["java me"]
    assert CONCEPT_FLOOR < clojure["score"] < NAME_FLOOR and clojure["floor"] == NAME_FLOOR and clojure["weak"]
    assert java_me["score"] < clojure["score"] and java_me["floor"] == CONCEPT_FLOOR and not java_me["weak"]
    listed = [c["normalised"] for c in listed_concepts(report["candidates"])]
    assert "java me" in listed and "clojure" not in listed
    assert "for a keyword that is a name whose page says what it is" in Path(task.output()["md"].path).read_text()


def test_an_author_written_surname_first_is_a_person(full):
    """The bibliographies of "computational complexity" write "Arora, Sanjeev" and
    "Papadimitriou, Christos"; no page is titled with them. Read in the order people write a
    name, they are people, listed apart, not concepts."""
    out, _ = full
    [(task, report)] = _topic_runs(out, "computational complexity")
    kinds = {c["phrase"]: c["evidence"]["kind"] for c in report["candidates"]}
    assert kinds["Arora, Sanjeev"] == kinds["Papadimitriou, Christos"] == "person"


def test_a_kind_of_persons_people_rank_once_under_their_full_names(full):
    """"linguist" names a kind of person, so its people are its concepts; a surname alone
    ("Sapir") ranks as the full name ranked beside it ("Edward Sapir"), as it does where
    people are listed apart."""
    out, _ = full
    [(_, report)] = _topic_runs(out, "linguist")
    rows = {c["phrase"]: c for c in report["candidates"]}
    assert rows["Edward Sapir"]["evidence"]["kind"] == "concept" and rows["Edward Sapir"]["evidence"]["score"] > 0
    assert rows["Sapir"]["evidence"]["variant_of"] == "edward sapir" and rows["Sapir"]["evidence"]["score"] == 0
