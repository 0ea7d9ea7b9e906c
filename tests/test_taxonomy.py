"""WordNet's noun table (pipeline/wordnet.py) and the under-the-keyword rule (scoring/taxonomy.py)."""
import sqlite3
import zipfile

import pytest

from pipeline.errors import UserError
from pipeline.wordnet import Taxonomy, build_table, read_nouns, wordnet_zip
from scoring.sources import taxonomy_candidates
from scoring.names import fold_variants, part_of_keyword
from scoring.taxonomy import (ancestors, below, cited_as_author, common_noun, ends_in_a_plural, given_name, introduced_as_person, kind_of, listed_among_people, lookup_names, name_kind, not_a_noun,
                              names_a_discipline, names_people, person_shaped, placement, practitioner, proper_person, reads_as_person, relation, senses)

# Four synsets in data.noun's format (wndb(5)): offset, lexfile, type, word count (hex),
# words with lex ids, pointer count, pointers (symbol, offset, pos, source/target), gloss.
DATA_NOUN = """\
  1 This software and database is being provided to you, the LICENSEE, by
00000010 03 n 01 animal 0 000 | a living organism
00000020 03 n 02 bird 0 fowl 1 002 @ 00000010 n 0000 ;c 00000050 n 0000 | warm-blooded egg-laying vertebrates
00000030 03 n 01 beak 0 001 #p 00000020 n 0000 | horny projecting mouth of a bird
00000040 03 n 02 Canada_goose 0 Dalton's_law 0 002 @ 00000020 n 0000 + 00000099 v 0101 | a goose
00000050 03 n 01 zoology 0 000 | the branch of biology that studies animals
00000060 03 n 01 plumage_term 0 001 ;c 00000050 n 0000 | a word of zoology
"""


class DictGraph:
    """A taxonomy in dicts, for the rule alone."""

    def __init__(self, names, up, domains=None):
        self.names_map, self._up, self._domains = names, up, domains or {}

    def synsets(self, name):
        return tuple(self.names_map.get(name, ()))

    def up(self, synset):
        return tuple(self._up.get(synset, ()))

    def domains(self, synset):
        return tuple(self._domains.get(synset, ()))

    def names(self, synset):
        return tuple((n, n) for n, ids in self.names_map.items() if synset in ids)

    def down(self, synset):
        return tuple((c, r) for c, ups in self._up.items() for p, r in ups if p == synset)

    def members(self, domain):
        return tuple(s for s, ds in self._domains.items() if domain in ds)


def test_read_nouns_parses_words_pointers_and_gloss():
    nouns = {n.offset: n for n in read_nouns(DATA_NOUN)}
    assert sorted(nouns) == [10, 20, 30, 40, 50, 60]  # the licence line is skipped
    assert nouns[20].lemmas == ["bird", "fowl"] and nouns[20].up == [(10, "is_a")] and nouns[20].domains == [50]
    assert nouns[30].up == [(20, "part_of")]
    assert nouns[40].up == [(20, "is_a")]  # the verb pointer (+ ... v) is not a noun link
    assert nouns[20].gloss == "warm-blooded egg-laying vertebrates"


@pytest.fixture()
def small_table(tmp_path):
    src = tmp_path / "wordnet.zip"
    with zipfile.ZipFile(src, "w") as z:
        z.writestr("wordnet/data.noun", DATA_NOUN)
    dest = tmp_path / "nouns.sqlite"
    summary = build_table(src, dest)
    assert summary["synsets"] == 6
    tax = Taxonomy(dest)
    yield tax
    tax.close()


def test_table_answers_lookups_with_normalised_names(small_table):
    assert small_table.synsets("fowl") == (20,) and small_table.synsets("canada goose") == (40,)
    assert small_table.synsets("dalton s law") == (40,)  # written as pipeline.text.normalise writes it
    assert small_table.up(30) == ((20, "part_of"),) and small_table.domains(20) == (50,)
    assert small_table.name(40) == "Canada goose" and small_table.synsets("goose") == ()


def test_relation_on_the_small_table(small_table):
    assert relation(small_table, "Canada geese", "birds") is None  # "geese" is no regular plural
    assert relation(small_table, "Canada goose", "Birds") == "kind"
    assert relation(small_table, "Beaks", "bird") == "part"
    assert relation(small_table, "Beak", "animal") == "part"  # part of a kind of animal
    assert relation(small_table, "Plumage term", "zoology") == "domain"
    assert relation(small_table, "Fowl", "bird") is None  # a synonym is the keyword itself
    assert relation(small_table, "Animal", "bird") is None  # broader, not under
    assert relation(small_table, "Unknown thing", "bird") is None


def test_the_table_is_written_whole_or_not_at_all(tmp_path):
    bad = tmp_path / "wordnet.zip"
    bad.write_bytes(b"not a zip")
    with pytest.raises(UserError, match="cannot be read"):
        build_table(bad, tmp_path / "out.sqlite")


def test_kind_wins_over_part_and_domain_needs_a_kind_of_the_keyword():
    g = DictGraph({"x": [1, 2], "k": [9], "sub": [8]},
                  {1: [(9, "part_of")], 2: [(5, "is_a")], 5: [(9, "is_a")], 8: [(9, "is_a")], 7: [(3, "is_a")]},
                  {7: [8], 4: [3]})
    assert relation(g, "x", "k") == "kind"  # sense 2 is a kind of k, sense 1 only a part
    g.names_map["y"] = [7]
    assert relation(g, "y", "k") == "domain"  # filed under "sub", a kind of k
    g.names_map["z"] = [4]
    assert relation(g, "z", "k") is None  # filed under 3, which is not under k
    assert ancestors(g, 1) == {9: True} and ancestors(g, 2) == {5: False, 9: False}


def test_ancestors_are_kept_per_graph_read_only_and_computed_for_unhashable_graphs():
    up = {1: [(2, "is_a")], 2: [(3, "part_of")]}
    g = DictGraph({}, up)
    first = ancestors(g, 1)
    assert first == {2: False, 3: True}
    assert ancestors(g, 1) is first  # asked again: the kept answer
    assert ancestors(g, 1, frozenset({"is_a"})) == {2: False}  # another `via`, its own answer
    assert ancestors(DictGraph({}, {1: [(4, "is_a")]}), 1) == {4: False}  # another graph, its own
    with pytest.raises(TypeError):
        first[9] = True  # shared between callers, so nobody may change it

    class Unhashable(DictGraph):
        __hash__ = None

    assert ancestors(Unhashable({}, up), 1) == {2: False, 3: True}


def test_lookup_names_drop_a_qualifier_and_fold_the_last_plural():
    assert lookup_names("Feature detection (computer vision)") == ["feature detection"]
    assert lookup_names("Neural networks") == ["neural networks", "neural network"]
    assert lookup_names("  ") == []
    assert lookup_names("Évariste Galois") == ["evariste galois"]  # folded as the index folds it; WordNet writes ASCII
    assert lookup_names("The United Nations") == ["the united nations", "the united nation", "united nations",
                                                  "united nation"]  # a heading's article dropped last


@pytest.fixture(scope="module")
def wordnet(tmp_path_factory):
    dest = tmp_path_factory.mktemp("wn") / "nouns.sqlite"
    summary = build_table(wordnet_zip(), dest)
    assert summary["synsets"] == 82115  # WordNet 3.0's noun synsets
    tax = Taxonomy(dest)
    yield tax
    tax.close()


@pytest.mark.parametrize("candidate, keyword, expected", [
    ("Goose", "birds", "kind"),
    ("Ostrich", "bird", "kind"),
    ("Beak", "birds", "part"),
    ("Genetics", "biology", "kind"),
    ("Relativity", "physics", "domain"),
    ("Quark", "physics", "domain"),
    ("Microeconomics", "economics", "kind"),
    ("Biology", "physics", None),      # a sibling science
    ("Science", "physics", None),      # broader
    ("Physics", "physics", None),      # the keyword itself
    ("Sociology", "economics", None),
])
def test_relation_on_wordnet(wordnet, candidate, keyword, expected):
    assert relation(wordnet, candidate, keyword) == expected


@pytest.mark.parametrize("candidate, keyword, expected", [
    ("Goose", "birds", "kind"),                  # under: relation()'s answer
    ("Political science", "sociology", "sibling"),  # both social sciences
    ("backgammon", "chess", "sibling"),          # both board games
    ("Fauna", "mammals", "above"),               # the keyword is filed under it
    ("Mathematics", "statistics", "above"),
    ("operating system", "Linux", "above"),      # Linux is an operating system
    ("Quark", "sociology", None),
    ("Sociology", "sociology", None),            # the keyword itself
])
def test_placement_beside_and_above_the_keyword(wordnet, candidate, keyword, expected):
    assert placement(wordnet, candidate, keyword) == expected


def test_not_a_noun_marks_lower_case_adjectives_and_verbs(wordnet):
    assert not_a_noun(wordnet, "relational") and not_a_noun(wordnet, "mutable")
    assert not not_a_noun(wordnet, "ciphers")  # a noun, in the plural
    assert not not_a_noun(wordnet, "Debian")  # capitalised: maybe a name WordNet lacks
    assert not not_a_noun(wordnet, "cloud infrastructure")  # several words: left to the counts


def test_practitioner_is_a_person_named_after_the_field(wordnet):
    assert practitioner(wordnet, "psychologist", "psychology")
    assert practitioner(wordnet, "Statisticians", "statistics")
    assert practitioner(wordnet, "programmer", "computer programming")
    assert practitioner(wordnet, "Psychologist", "psychology")  # capitalised, but named after the field
    assert not practitioner(wordnet, "engineer", "engineering")  # also an engine's driver... a concept sense
    assert not practitioner(wordnet, "psychology", "psychology")  # the field, not a person
    # Whether the keyword names people is the caller's reading when it has one (names_people with its page).
    assert not practitioner(wordnet, "programmers", "git")  # WordNet alone: a git is a person
    assert practitioner(wordnet, "programmers", "git", people_asked=False)


def test_practitioner_reads_a_titles_qualifier(wordnet):
    # Every WordNet sense of "more" (Thomas More) and "deb" (a debutante) is a person: the qualifier says otherwise.
    assert practitioner(wordnet, "more", "unix", people_asked=False)
    assert not practitioner(wordnet, "more (command)", "unix", people_asked=False)
    assert not practitioner(wordnet, "deb (file format)", "debian", people_asked=False)
    assert not practitioner(wordnet, "more (Unix)", "unix", people_asked=False)  # a qualifier WordNet lacks
    assert practitioner(wordnet, "customer(s)", "agile software development", people_asked=False)  # a plural's "(s)"
    assert practitioner(wordnet, "composer (musician)", "music", people_asked=False)


def test_practitioner_reads_what_the_candidates_own_page_calls_it(wordnet):
    # Every WordNet sense of "git", "loader" and "promoter" is a person; their pages say what they are here.
    assert practitioner(wordnet, "git", "btrfs", people_asked=False)
    assert not practitioner(wordnet, "git", "btrfs", False, "Git", ["system"])
    assert not practitioner(wordnet, "loader", "entry point", False, "Loader (computing)", ["part"])
    assert not practitioner(wordnet, "promoter", "dna", False, "promoter", ["region"])
    assert not practitioner(wordnet, "Debs", "debian", False, "deb (file format)", ["format"])  # its plural too
    # A page whose genus is a person keeps it a person; a page titled otherwise says nothing of it.
    assert practitioner(wordnet, "software engineers", "software", False, "Software engineer", ["person"])
    assert practitioner(wordnet, "economist", "economics", False, "economist", ["practitioner"])
    assert practitioner(wordnet, "linguists", "grammar", False, "Linguistics", ["study"])
    assert practitioner(wordnet, "composer", "music", False, "Composer", [])  # no genus read: WordNet's word


def test_practitioner_is_any_role_written_as_a_common_noun(wordnet):
    assert practitioner(wordnet, "composer", "music")
    assert practitioner(wordnet, "Neuroscientists", "human brain")  # a list item's capital, in the plural
    assert practitioner(wordnet, "physicists", "quantum mechanics")
    assert practitioner(wordnet, "clinical psychologist", "psychology")
    # A capitalised singular may be a name WordNet also has as a role ("git", a fool).
    assert not practitioner(wordnet, "Git", "version control")
    assert not practitioner(wordnet, "Commodore", "personal computer")
    assert not practitioner(wordnet, "Copycat", "cognitive architecture")  # a program named after a role
    # Sub-kinds of a keyword that is itself a kind of person are what was asked for.
    assert not practitioner(wordnet, "mathematician", "computer scientist")


def test_names_people_when_every_sense_of_the_keyword_is_a_person(wordnet):
    assert names_people(wordnet, "computer scientist")
    assert names_people(wordnet, "Mathematicians")
    assert not names_people(wordnet, "robotics")
    assert not names_people(wordnet, "engineer")  # also an engine's driver... and a concept sense
    assert not names_people(wordnet, "Ralph Griswold")  # unknown to WordNet: nothing is asked
    # One person is no kind of person: the people Plato's page names are others (session 59).
    assert not names_people(wordnet, "Plato") and not names_people(wordnet, "aristotle")
    # WordNet's only git is a worthless person; the collection's page titled "Git" says a system.
    assert names_people(wordnet, "git")
    assert not names_people(wordnet, "git", "Git", ["system"])
    assert names_people(wordnet, "computer scientist", "Computer scientist", ["person"])
    assert names_people(wordnet, "programmers", "Programmer", ["person"])
    # A page titled otherwise (a redirect to the field) does not speak for the keyword.
    assert names_people(wordnet, "linguist", "Linguistics", ["study"])


def test_names_a_discipline_reads_whether_a_sense_is_a_field_of_study(wordnet):
    # One sense so filed is enough: "history" is also the past, "ethics" also a motive.
    assert names_a_discipline(wordnet, "group theory") and names_a_discipline(wordnet, "Applied mathematics")
    assert names_a_discipline(wordnet, "history") and names_a_discipline(wordnet, "ethics")
    # Known, and no sense a field: a relation, a mental process, a doctrine, a person.
    for name in ("causality", "cognition", "positivism", "intelligence", "Plato", "complex number"):
        assert names_a_discipline(wordnet, name) is False, name
    assert names_a_discipline(wordnet, "deep learning") is None  # unknown to WordNet (2006)


def test_wordnet_table_is_plain_sqlite(wordnet):
    con = sqlite3.connect(wordnet.con.execute("PRAGMA database_list").fetchone()[2])
    assert con.execute("SELECT count(DISTINCT synset) FROM lemma").fetchone()[0] == 82115
    assert senses(wordnet, "Birds") == senses(wordnet, "bird") != ()


def test_below_offers_kinds_direct_parts_and_domain_members():
    # k(9) <- kind 5 <- kind 2; part 1 of k; part 3 of part 1 (two levels: not offered);
    # 7 filed under domain 5 (a kind of k), 6 a direct kind of 7; 4 under an unrelated domain.
    g = DictGraph({"k": [9]},
                  {5: [(9, "is_a")], 2: [(5, "is_a")], 1: [(9, "part_of")], 3: [(1, "part_of")],
                   6: [(7, "is_a")], 8: [(4, "is_a")]},
                  {7: [5], 4: [11]})
    assert below(g, "k") == {5, 2, 1, 7, 6}
    for synset in below(g, "k"):
        g.names_map[f"s{synset}"] = [synset]
        assert relation(g, f"s{synset}", "k") in ("kind", "part", "domain")
    assert below(g, "nothing") == set()


def test_kind_of_reads_person_and_organisation_from_wordnet(wordnet):
    assert kind_of(wordnet, senses(wordnet, "Johannes Kepler")[0]) == "person"
    assert kind_of(wordnet, senses(wordnet, "astronomer")[0]) == "person"
    assert kind_of(wordnet, senses(wordnet, "Red Cross")[0]) == "organisation"
    assert kind_of(wordnet, senses(wordnet, "quark")[0]) == "concept"
    assert name_kind(wordnet, "Albert Einstein") == "person"
    assert name_kind(wordnet, "Einstein") == "person"  # Albert Einstein, and an "Einstein", a genius
    assert name_kind(wordnet, "NATO") == "organisation" and name_kind(wordnet, "Military") == "concept"
    assert name_kind(wordnet, "The United Nations") == "organisation"  # as a section heading writes it
    assert name_kind(wordnet, "Users") == "concept"  # a role, not a named person
    assert name_kind(wordnet, "Newton") == "concept"  # also the unit of force
    assert name_kind(wordnet, "Unknown Person") == "concept"
    assert name_kind(wordnet, "CIS") == "organisation" and name_kind(wordnet, "cis") == "concept"  # cis- in genetics


def test_names_with_accents_are_found_without_them(wordnet):
    assert name_kind(wordnet, "Évariste Galois") == "person"
    assert name_kind(wordnet, "Pāṇini") == "person"


def test_given_names_come_from_wordnets_people(wordnet):
    assert given_name(wordnet, "George") and given_name(wordnet, "leonid") and given_name(wordnet, "Évariste")
    assert not given_name(wordnet, "saint")  # "Saint Peter": a title, and "Saint Petersburg" is a city
    assert not given_name(wordnet, "the") and not given_name(wordnet, "algorithm")
    assert wordnet.starting_with("george") and wordnet.starting_with("zyzzyva") == ()


def test_common_noun_and_proper_person(wordnet):
    assert common_noun(wordnet, "falls") and common_noun(wordnet, "Hopper") and not common_noun(wordnet, "McCulloch")
    assert proper_person(wordnet, "Lovelace") and not proper_person(wordnet, "hopper")
    assert common_noun(wordnet, "bell") and proper_person(wordnet, "Bell")


@pytest.mark.parametrize("written, expected", [
    ("George Dantzig", True),
    ("Arthur Cayley", True),
    ("Warren McCulloch", True),     # a warren is a thing, McCulloch no common noun
    ("Emil Artin", True),
    ("Évariste Galois", True),
    ("Linus Torvalds", True),
    ("Alexander Bell", True),       # a bell is a thing, and Bell a person WordNet knows
    ("Victoria Falls", False),      # falls: a common noun, and nobody WordNet knows
    ("Saint Petersburg", False),
    ("The Turk", False),
    ("General Electric", False),
    ("Internet Explorer", False),
    ("Monte Carlo", False),
    ("George", False),              # one word: other rules' business
    ("george dantzig", False),      # written as common nouns
    ("George Dantzig Award Fund", False),  # four words: no person's name as written
    ("Hong Kong", False),           # a given name opens it, but WordNet has the whole name as a city
    ("Solomon Islands", False),
    ("Roman Catholicism", False),
    ("Santa Fe", False),
])
def test_reads_as_person(wordnet, written, expected):
    assert reads_as_person(wordnet, written) is expected


def test_taxonomy_candidates_one_entry_per_synset_with_usable_names(wordnet):
    offered = taxonomy_candidates(wordnet, "genetics", {"allele"})
    by_name = {p: e for e in offered for p, _ in e["names"]}
    assert "gene" in by_name and "mutation" in by_name and "allele" not in by_name  # known already
    assert all(not any(ch.isdigit() for p, _ in e["names"] for ch in p) for e in offered)
    assert all(len(p) >= 3 for e in offered for p, _ in e["names"])
    assert all(not part_of_keyword(w, "genetics") for e in offered for _, w in e["names"])
    assert len({e["synset"] for e in offered}) == len(offered)
    assert all(relation(wordnet, written, "genetics") for e in offered[:50] for _, written in e["names"][:1])


def test_named_by_taxonomy_takes_each_synsets_first_name_that_co_occurs(wordnet):
    from pipeline.evidence_stage import named_by_taxonomy

    shared = {"internet explorer": 3, "explorer": 50, "ie": 9}
    offered = [e for e in taxonomy_candidates(wordnet, "web browser", set())
               if "internet explorer" in {p for p, _ in e["names"]}]
    assert [w for _, w in offered[0]["names"]] == ["Internet Explorer", "Explorer"]  # not "IE": two letters
    picked = named_by_taxonomy(lambda phrases: shared.get(phrases[-1], 0), wordnet, "web browser", offered)
    # WordNet's own name first when two documents hold it with the keyword, not the
    # shorter synonym the collection uses more ("Explorer" is also a file manager).
    assert [p["display"] for p in picked] == ["Internet Explorer"] and picked[0]["kind"] == "concept"
    picked = named_by_taxonomy(lambda phrases: {"explorer": 5}.get(phrases[-1], 0), wordnet, "web browser", offered)
    assert [p["display"] for p in picked] == ["Explorer"]  # the first name that does
    assert named_by_taxonomy(lambda phrases: 1, wordnet, "web browser", offered) == []  # one document is an anecdote


def test_missing_wordnet_is_one_clear_error(tmp_path, monkeypatch):
    import nltk

    (tmp_path / "corpora").mkdir()
    (tmp_path / "corpora" / "stopwords.zip").write_bytes(b"")  # stopwords there, WordNet not
    wordnet_zip()  # configure NLTK's path once, as a run would
    monkeypatch.setattr(nltk.data, "path", [str(tmp_path)])
    with pytest.raises(UserError, match="wordnet.zip.*nltk.downloader"):
        wordnet_zip()
    (tmp_path / "corpora" / "wordnet").mkdir()  # an unpacked download is found too
    assert wordnet_zip() == tmp_path / "corpora" / "wordnet"


def test_table_builds_from_an_unpacked_wordnet_folder(tmp_path):
    folder = tmp_path / "wordnet"
    folder.mkdir()
    (folder / "data.noun").write_text(DATA_NOUN, encoding="utf-8")
    assert build_table(folder, tmp_path / "nouns.sqlite")["synsets"] == 6
    tax = Taxonomy(tmp_path / "nouns.sqlite")
    assert relation(tax, "Beak", "bird") == "part"
    tax.close()


class GlossGraph(DictGraph):
    """DictGraph with glosses."""

    def __init__(self, names, up, glosses):
        super().__init__(names, up)
        self.glosses = glosses

    def gloss(self, synset):
        return self.glosses.get(synset, "")


def test_senses_in_context_keeps_the_meanings_the_keyword_page_is_about():
    from scoring.taxonomy import senses_in_context

    g = GlossGraph({"topology": (1, 2), "network topology": (2,), "mathematics": (3,)}, {1: [(3, "is_a")]},
                   {1: "the branch of pure mathematics that deals with properties of figures",
                    2: "the configuration of a communication network"})
    page = "In mathematics, topology is concerned with the properties of a geometric object."
    assert senses_in_context(g, "topology", page) == (1,)
    # The network sense shares "network" with a page about networks, and the words of its names count too.
    assert senses_in_context(g, "Topology", "A star topology is a layout of a computer network.") == (2,)
    # No shared word, no page, or one sense only: every sense, as relation() reads them without context.
    assert senses_in_context(g, "topology", "Topology is a topic.") == (1, 2)
    assert senses_in_context(g, "topology", "") == (1, 2)
    assert senses_in_context(g, "mathematics", "mathematics is a science") == (3,)
    # The keyword's own words are no evidence: "topology" is in every gloss that names it.
    assert senses_in_context(GlossGraph({"topology": (1, 2)}, {}, {1: "topology of sets", 2: "topology of nets"}),
                             "topology", "Topology is old.") == (1, 2)


def test_relation_and_below_read_only_the_senses_given():
    g = DictGraph({"topology": (1, 2), "homotopy": (10,), "star topology": (20,)},
                  {10: [(1, "is_a")], 20: [(2, "is_a")]})
    assert relation(g, "homotopy", "topology") == "kind" and relation(g, "star topology", "topology") == "kind"
    assert relation(g, "star topology", "topology", keyword_senses=(1,)) is None
    assert relation(g, "homotopy", "topology", keyword_senses=(1,)) == "kind"
    assert below(g, "topology") == {10, 20} and below(g, "topology", keyword_senses=(1,)) == {10}
    # A name that is any sense of the keyword is still the keyword, whichever senses are read.
    assert relation(GlossGraph({"topology": (1, 2), "net layout": (2,)}, {}, {}), "net layout", "topology",
                    keyword_senses=(1,)) is None


@pytest.mark.parametrize("written, before, expected", [
    # A surname the sentences write after one given name, at least twice.
    ("Zermelo", {"Ernst": 4, "of": 10}, True),
    ("Cantor", {"Georg": 11}, True),          # a cantor sings; the sentences say Georg Cantor
    ("Zermelo", {"Ernst": 1, "the": 4}, False),  # once could be two names side by side
    ("Oracle", {"Kit": 1, "of": 14}, False),
    ("Array", {"C": 5, "Judy": 1}, False),    # "C" is no given name
    ("Python", {"the": 3}, False),
    ("Horror", {"Rocky": 7, "a": 7, "low-budget": 6, "and": 7}, False),  # a common noun, after a given name now and then
    ("Museums", {"Art": 8, "University": 6, "the": 5, "of": 27}, False),  # a common noun's plural
    ("England", {"Jersey": 2, "of": 16}, False),                         # WordNet knows it only as a country
    ("Renaissance", {"Second": 4, "In": 1}, True),  # a given name before most mentions: read as written (a known loss)
    ("Weierstrass", {"Karl": 3, "Cauchy,": 1}, True),
    ("Ohm", {"Georg": 2}, True),                    # a unit too, and WordNet's Georg Simon Ohm
    # A full name after a word that only ever means a kind of person.
    ("Per Martin-Löf", {"logician": 1, "and": 1}, True),
    ("Oskar Morgenstern", {"economist": 1}, True),
    ("Kristen Nygaard", {"inventor,": 1}, True),
    ("App Store", {"independent": 1}, False),  # a store is a thing
    ("Oskar Morgenstern", {"and": 2, "with": 1}, False),  # nothing says who
    ("Interface design", {"user": 31}, False),  # not written as a name
    ("Saunders Mac Lane Award Fund", {"mathematician": 1}, False),
    # A surname that is a common noun, after a given name: the role word alone reads it.
    ("Brigitte Helm", {"actress": 2}, True),
    ("Michael Dell", {"businessman,": 1, "CEO": 3}, True),
    ("Michael Dell", {"founder,": 1}, False),  # "founder" is also a horse's ailment: no role word
    ("Michael Dell", {"and": 1}, False),
    ("Victoria Falls", {"explorer": 1}, False),  # a common noun's plural ends it, as places are named
    ("Apple Music", {"musician": 1}, False),    # no given name opens it
    # An infobox's label is a role word too; a capitalised word alone may end the name before.
    ("Shigeru Miyamoto", {"Designer(s)": 2}, True),
    ("Shigeru Miyamoto", {"Developer(s)": 2}, False),  # a developer is also a photographic chemical
    ("Boston Bruins", {"Player,": 2, "the": 9}, False),  # "NHL Hockey Player, Boston Bruins"
    ("Xfce Screensaver", {"Manager": 1}, False),          # "Xfce Power Manager Xfce Screensaver"
    ("Theravada Buddhism", {"logician": 2}, False),       # WordNet has the whole name, a faith (version 212)
])
def test_introduced_as_person(wordnet, written, before, expected):
    assert introduced_as_person(wordnet, written, before) is expected


@pytest.mark.parametrize("written, expected", [
    ("Saunders Mac Lane", True),      # a surname that is a common noun (lane) still ends a name
    ("Chih-Tang Sah", True),          # hyphened given names, no given name WordNet or the Census has
    ("Pierre-Simon Laplace", True),
    ("Haskell Curry", True),
    ("Edmund M. Clarke", True),       # an initial aside
    ("The Humanoid Project", False),  # a function word opens it
    ("Against Method", False),
    ("World Chess Champion", False),  # a common noun opens it
    ("British Museum", False),        # WordNet's British are a people, not a person
    ("Aardman Animations", False),    # a common noun's plural ends it, as bodies are named
    ("Georg", False),                 # one word
    ("Karl Otto Apel Foundation", False),  # four words
    ("IBM Research", False),          # not written as names are
    ("Menlo Park, California", False),  # a place and its state
    ("Crimean War", False),           # WordNet has the whole name, as a war (version 212)
])
def test_person_shaped(wordnet, written, expected):
    assert person_shaped(wordnet, written) is expected


def test_a_common_nouns_plural_ends_a_bodys_or_a_places_name(wordnet):
    assert ends_in_a_plural(wordnet, "Gilbert Islands") and ends_in_a_plural(wordnet, "Aardman Animations")
    assert not ends_in_a_plural(wordnet, "Arthur Schopenhauer")
    assert not ends_in_a_plural(wordnet, "Saunders Mac Lane")     # a common noun, in the singular
    assert not ends_in_a_plural(wordnet, "Samuel Williams")       # no common noun's plural


PEOPLE = {"Samuel Eilenberg": True, "Alfred Tarski": True, "Richard Dedekind": True, "Firefox": False,
          "Chrome": False, "Eric Sink": True, "Santo Domingo": True}


@pytest.mark.parametrize("written, listed, expected", [
    ("Saunders Mac Lane", {"Samuel Eilenberg": 2}, ["Samuel Eilenberg"]),
    ("Saunders Mac Lane", {"Mathematicians Samuel Eilenberg": 1}, ["Samuel Eilenberg"]),  # the name after a noun
    ("Saunders Mac Lane", {"The Samuel Eilenberg": 1}, ["Samuel Eilenberg"]),
    ("Georg Cantor", {"Panama Santo Domingo": 1}, []),  # two names run together: no tail after a name
    ("Georg Cantor", {"Richard Dedekind.": 1, "Vito Volterra": 1}, ["Richard Dedekind"]),  # unknown names do not count
    ("Eric Sink", {}, []),                                                  # listed with nobody
    ("Ron Sun", {"Firefox": 1, "Chrome": 1, "Eric Sink": 1}, []),          # more things than people
    ("Georg Cantor", {"Firefox": 1, "Samuel Eilenberg": 1}, []),            # as many: not more people
    ("Aardman Animations", {"Samuel Eilenberg": 1}, []),                    # no person's form
])
def test_listed_among_people(wordnet, written, listed, expected):
    assert listed_among_people(wordnet, written, listed, PEOPLE.get) == expected


@pytest.mark.parametrize("written, after, expected", [
    # A full name before a verb of saying or proving.
    ("Dana Scott", {"showed": 1, "and": 2}, True),
    ("Ulric Neisser", {"coined": 1}, True),
    ("Dana Scott", {"and": 2, "introduced": 1}, False),  # things introduce too
    ("Apache Hadoop", {"project": 3, "runs": 1}, False),
    ("Microsoft Windows", {"showed": 1}, False),  # windows are common nouns: no full name
    ("Avida", {"showed": 1}, False),  # one word: only a given name before it tells
])
def test_introduced_as_person_by_the_verb_after_the_name(wordnet, written, after, expected):
    assert introduced_as_person(wordnet, written, {}, after) is expected


@pytest.mark.parametrize("written, expected", [
    ("Janet Kolodner", True),       # a Census first name WordNet's people lack
    ("Marissa Mayer", True),
    ("Edmund M. Clarke", True),     # a middle initial
    ("Alvin E. Roth", True),
    ("Mary Jean Harrold", True),   # three names
    ("Victor Scheinman", False),    # a victor is a thing: not read as a given name from the Census alone
    ("German Wikipedia", False),    # WordNet's German is a language and a people, not only a person's name
    ("Daisy Bell", False),          # a daisy is a flower
    ("Gene Ontology", False),
    ("Edmund M. Clarke Award Fund", False),  # five words
    ("E. Clarke", False),           # initials first: kinds.person_by_name's business
])
def test_reads_as_person_with_census_given_names(wordnet, written, expected):
    assert reads_as_person(wordnet, written) is expected


@pytest.mark.parametrize("written, cited", [
    # authors as the shared corpus's bibliographies write them, listed as concepts before
    ("Arora, Sanjeev", ("Arora", "Sanjeev Arora", False)),  # a given name WordNet has no sense of
    ("Papadimitriou, Christos", ("Papadimitriou", "Christos Papadimitriou", False)),
    ("Mas-Colell, Andreu", ("Mas-Colell", "Andreu Mas-Colell", False)),
    ("Odifreddi, P.", ("Odifreddi", "P. Odifreddi", True)),  # an initial
    ("Garey, Michael R.", ("Garey", "Michael R. Garey", True)),  # a given name and an initial
    ("Knuth, D. E.", ("Knuth", "D. E. Knuth", True)),  # spaced initials
    ("Johnson, David", ("Johnson", "David Johnson", True)),
    # places, things and lists written with a comma
    ("Austin, Texas", None),              # Texas is a state
    ("Dulles, Virginia", None),           # Virginia is a given name, but also a state
    ("Cambridge, Massachusetts", None),
    ("Washington, D.C.", None),           # initials unspaced: an abbreviation
    ("Rochester, New York", None),        # two words after the comma
    ("Lisp, Scheme", None),               # a scheme is a thing
    ("Palm, Inc.", None),
    ("Arora Sanjeev", None),              # no comma
])
def test_a_name_written_surname_first_is_an_authors(wordnet, written, cited):
    assert cited_as_author(wordnet, written) == cited


def test_census_given_names_are_the_lists_of_the_names_package():
    from scoring.given_names import census_given_names
    given = census_given_names()
    assert {"janet", "marissa", "seymour", "james"} <= given and "kolodner" not in given and "the" not in given
    assert 5_000 < len(given) < 6_000


def test_two_of_wordnets_names_of_one_concept_rank_once(wordnet):
    def row(written, score, kind="concept", page=None):
        return {"phrase": written.lower(), "written": written, "score": score, "n_cp": int(score * 100),
                "page": page, "kind": kind, "senses": senses(wordnet, written)}

    rows = [row("General relativity", 0.6), row("general theory of relativity", 0.3),
            row("HDTV", 0.5), row("High-definition television", 0.45),
            row("Eudyptes", 0.4), row("genus Eudyptes", 0.2),
            row("opera house", 0.35), row("opera", 0.25),        # "opera" has other senses: the art
            row("Telephony", 0.33), row("telephone", 0.31),       # ... and the set
            row("Special relativity", 0.28),                      # another concept
            row("Magnetic core memory", 0.27, kind="work"), row("core memory", 0.26),
            row("mainframe", 0.24), row("Central processing unit", 0.23),  # WordNet's first "mainframe" is the CPU
            row("Fluid mechanics", 0.22, page="wiki/Fluid_mechanics"), row("hydraulics", 0.21, page="wiki/Hydraulics"),
            row("Kalahari", 0.2, page="wiki/Kalahari_Desert"), row("Kalahari Desert", 0.19, page="wiki/Kalahari_Desert")]
    folded = fold_variants(rows)
    assert folded["general theory of relativity"][0] == "general relativity"
    assert "WordNet" in folded["general theory of relativity"][1]
    assert folded["high-definition television"][0] == "hdtv"   # the better score keeps its name
    assert folded["genus eudyptes"][0] == "eudyptes"
    assert "opera" not in folded and "telephone" not in folded and "special relativity" not in folded
    assert "core memory" not in folded  # one concept, but rows of two kinds stay apart
    assert "central processing unit" not in folded  # a sense of a name of several senses
    assert "hydraulics" not in folded  # one synset, but the collection gives each a page
    assert folded["kalahari desert"][0] == "kalahari"  # one page: one concept
    assert not {"general relativity", "hdtv", "eudyptes", "opera house", "telephony"} & set(folded)


def test_a_name_wordnet_has_whole_as_something_else_is_no_persons(wordnet):
    from scoring.taxonomy import known_otherwise
    assert known_otherwise(wordnet, "Hong Kong") and known_otherwise(wordnet, "Crimean War")
    assert not known_otherwise(wordnet, "Alan Turing")  # WordNet has him, as a person
    assert not known_otherwise(wordnet, "John Fowler")  # WordNet lacks the name
    assert not known_otherwise(wordnet, "Newton")       # one word: a surname's reading is other rules' business
    # People listed beside it do not make it one of them.
    assert listed_among_people(wordnet, "Crimean War", {"John Fowler": 1}, lambda name: True) == []


def test_a_name_of_many_senses_filed_under_the_keyword_is_ambiguous(wordnet):
    from scoring.taxonomy import POLYSEMY, polysemous, senses

    # "class" is a kind of collection in one of its many senses: WordNet cannot say the documents mean it.
    assert relation(wordnet, "class", "collections") == "kind"
    assert len(senses(wordnet, "class")) >= POLYSEMY and polysemous(wordnet, "class")
    assert placement(wordnet, "class", "collections") == "ambiguous"
    # One sense: still a kind ("Goose" for birds), and a polysemous name not filed under stays as it was.
    assert not polysemous(wordnet, "goose") and placement(wordnet, "Goose", "birds") == "kind"
    assert placement(wordnet, "Mathematics", "statistics") == "above"
