"""The default ranking's factors (scoring/evidence.py) and the store facts it reads."""
from __future__ import annotations

import math
from dataclasses import replace

import pytest

from pipeline import store
from pipeline.search import LocalBackend
from scoring.hearst import Said
from scoring.evidence import (COORDINATED_FACTOR, COORDINATED_SHARE, DEFINES_FACTOR, field_beside, wordnet_sibling,
                              describes_an_aspect, ASPECT_MAX_DOCUMENTS, evidence_score, explain, Facts,
                              IS_A_FACTOR, is_structure, LINK_FACTOR, NO_KEYWORD_PAGE_FACTOR, npmi,
                              OTHER_FIELD_FACTOR, QUIET_PAGE_FACTOR, rank_key, reads_under, SAID_FACTOR,
                              SAID_MIN_SHARE, SECTION_FACTOR, SHARED_DOCUMENTS_ONLY_FACTOR, SIBLING_FACTOR,
                              STAR_FACTOR, TAXONOMY_FACTOR, UNSAID_FACTOR)
from scoring.sources import choose_page, definition_candidates, page_name_candidates
from scoring.kinds import (could_be_a_name, names_an_occupation, names_an_organisation, names_works, page_kind, person_by_name,
                           read_page_kind, role_of_a_person, wordnet_kind)
from scoring.lead import (defining_sentence, DEFINING_SENTENCES, genus_heads, in_setting, is_broader, keyword_is_a_field,
                          setting_names, names_a_field, opens_as_biography, says_is_a)
from scoring.names import concept_key, fold_variants, is_fragment, names_a_list, names_a_qualification, names_its_study, names_itself, names_keyword_chapter, part_of_keyword, reads_as_description
from scoring.sentences import first_sentence, sentences


def test_npmi_independent_is_zero():
    # P(k) = 0.1, P(CP) = 0.2, P(both) = 0.02 = P(k) P(CP)
    assert npmi(100, 200, 20, 1000) == pytest.approx(0.0, abs=1e-12)


def test_npmi_always_together_is_one_and_never_is_minus_one():
    assert npmi(50, 50, 50, 1000) == pytest.approx(1.0)
    assert npmi(50, 80, 0, 1000) == -1.0
    assert npmi(0, 80, 0, 1000) == -1.0


def test_npmi_by_hand():
    p_b, p_k, p_c = 30 / 1000, 100 / 1000, 60 / 1000
    expected = math.log(p_b / (p_k * p_c)) / -math.log(p_b)
    assert npmi(100, 60, 30, 1000) == pytest.approx(expected)
    # A term everywhere co-occurs often but not more than chance: S1 is high, NPMI is not.
    assert npmi(500, 900, 450, 1000) < npmi(500, 60, 50, 1000)


def test_defining_sentence_first_sentence_with_the_keyword_stems():
    lead = ("Deep learning is part of a broader family of methods. It is based on artificial "
            "neural networks with machine-learning roots. Learning can be supervised.")
    assert defining_sentence(lead, "machine learning") == (
        "It is based on artificial neural networks with machine-learning roots.")
    assert defining_sentence(lead, "neural network") == (
        "It is based on artificial neural networks with machine-learning roots.")
    assert defining_sentence(lead, "computer vision") is None
    assert defining_sentence("", "machine learning") is None


def test_a_keyword_counted_by_a_number_defines_nothing():
    # "64-bit" measures another noun: a version, not a kind of bit.
    assert defining_sentence("x86-64 (also known as x64) is a 64-bit version of the x86 instruction set.",
                             "bit") is None
    assert defining_sentence("A dual-core design. It has two-way caches.", "way") is None
    assert not says_is_a("x86-64 is a 64-bit version of x86.", "bit")
    assert says_is_a("A nibble is a four-bit aggregation, or half a bit string.", "bit string")
    # A compound with the keyword first, or a prefix that is no number, says more of it.
    assert defining_sentence("FreeBSD is a free and open-source Unix-like operating system.", "unix")
    assert defining_sentence("A microkernel (often abbreviated as \u03bc-kernel) is software.", "kernel")
    assert says_is_a("FreeBSD is a Unix-like operating system.", "unix")
    # A hyphenated keyword, or one its compound spells out whole, still counts.
    assert defining_sentence("Peer-to-peer computing is a distributed architecture.", "peer-to-peer")
    assert defining_sentence("Deep learning is part of a family of machine-learning methods.", "machine learning")


def test_a_keyword_denied_by_a_prefix_defines_nothing():
    # A "non-fiction book" is no kind of fiction and no definition through it; "anti-" makes no kind either.
    lead = "Human Compatible is a 2019 non-fiction book by computer scientist Stuart Russell."
    assert defining_sentence(lead, "fiction") is None and not says_is_a(lead, "fiction")
    assert not says_is_a("A cofactor is a non-protein chemical compound.", "protein")
    assert not says_is_a("Copyleft is an anti-copyright movement.", "copyright")
    # "Anti-" opposes: a group against phishing still says its page is about phishing.
    assert defining_sentence("Copyleft grew out of anti-copyright sentiment.", "copyright")
    # The keyword named whole elsewhere in the sentence, or after another prefix, still counts.
    assert says_is_a("Neuromancer is a 1984 science fiction novel.", "fiction")
    assert defining_sentence("A nonfiction novel mixes non-fiction with fiction.", "fiction")
    assert says_is_a("A coprocessor is a co-processor, a kind of processor.", "processor")



def test_a_keyword_named_as_one_item_of_an_enumeration_defines_nothing():
    # Between commas, before the "and" closing the list, or after it: one of several things
    # the subject touches, not what defines it.
    assert defining_sentence("Intelligence has been defined in many ways: the capacity for logic, understanding, "
                             "self-awareness, learning and reasoning.", "understanding") is None
    codes = "Codes are used for data compression, cryptography, error detection and correction, data transmission and data storage."
    assert defining_sentence(codes, "data transmission") is None
    assert defining_sentence(codes, "data storage") is None
    # ... but a later sentence naming it alone still defines.
    assert defining_sentence("Video is an electronic medium for the recording, copying, playback, broadcasting, and "
                             "display of moving media. A display shows it.", "display") == "A display shows it."
    # The opening setting is no such list; nor is a genus that names several kinds at once.
    assert defining_sentence("In machine learning, pattern recognition, and image processing, feature extraction "
                             "starts from measured data.", "pattern recognition")
    assert defining_sentence("Alan Turing (23 June 1912 \u2013 7 June 1954) was an English mathematician, computer "
                             "scientist, logician and philosopher.", "computer scientist")
    # Two things joined without a list, or a comma in another clause, are no enumeration.
    assert defining_sentence("Bioinformatics combines biology and computer science.", "computer science")
    assert defining_sentence("Since 2005, it has been studied in robotics.", "robotics")

def test_a_keyword_set_beside_the_subject_or_likened_to_it_names_no_kind_and_defines_nothing():
    # "along with", "together with", "as well as", "alongside": one more item beside the subject
    assert defining_sentence("Together with authentication and throttling, permissions determine whether a "
                             "request should be granted.", "authentication") is None
    lead = "It is one of several views of epistemology, along with rationalism and skepticism."
    assert defining_sentence(lead, "rationalism") is None and not says_is_a(lead, "rationalism")
    assert not says_is_a("Reinforcement learning is one of three paradigms, alongside supervised learning.",
                         "supervised learning")
    # A likeness or a contrast after the copula makes a sibling, not a kind
    lead = "Throttling is similar to permissions, in that it determines if a request should be authorized."
    assert defining_sentence(lead, "permissions") is None and not says_is_a(lead, "permissions")
    assert not says_is_a("Machine vision is distinct from computer vision.", "computer vision")
    assert not says_is_a("AAA is analogous to the film industry term blockbuster.", "film")
    # The keyword named plainly in the same sentence still counts
    assert says_is_a("Empiricism is a view of epistemology, along with rationalism.", "epistemology")
    assert defining_sentence("Collaboration is a form of cooperation, similar to teamwork.", "cooperation")


def test_a_copula_inside_a_wh_clause_says_nothing_of_what_the_subject_is():
    lead = "An API client handles the details of how network requests are made and how responses are decoded."
    assert not says_is_a(lead, "responses")
    # The sentence's own copula after such a clause still reads
    assert says_is_a("Asked what, a machine is a kind of abstract machine.", "abstract machine")


def test_defining_sentence_reads_only_the_leads_first_two_sentences():
    lead = ("Scareware is a form of malware. It uses social engineering to cause shock. "
            "According to the Anti-Phishing Working Group, the number of scareware packages rose.")
    assert defining_sentence(lead, "social engineering") == "It uses social engineering to cause shock."
    assert defining_sentence(lead, "phishing") is None
    assert DEFINING_SENTENCES == 2
    # The keyword's own page is found by its whole lead.
    assert defining_sentence(lead, "phishing", within=None).startswith("According to the Anti-Phishing")
    assert choose_page([("u", "Scareware", lead)], "phishing")[3] is None
    assert choose_page([("u", "Scareware", lead)], "phishing", within=None)[3] is not None


def test_defining_sentence_cheap_test_keeps_stem_variants():
    # The substring pre-test must not lose words Porter rewrites at the end.
    assert defining_sentence("Flying robots are studied here.", "fly") == "Flying robots are studied here."
    assert defining_sentence("A robotic arm.", "robotics") == "A robotic arm."
    assert defining_sentence("Studies of philosophies abound.", "philosophy") == "Studies of philosophies abound."
    assert defining_sentence("A robotic arm.", "biology") is None


@pytest.mark.parametrize("lead, keyword, expected", [
    # The keyword named only to set the subject against it: a neighbour, not defined through it.
    ("Unlike abstract algebra, elementary algebra is not concerned with algebraic structures.",
     "abstract algebra", None),
    ("In contrast to supervised learning that uses labelled data, unsupervised learning models densities.",
     "supervised learning", None),
    ("Application software is a program. This contrasts with system software, which runs the computer.",
     "system software", None),
    ("Machine vision can be considered distinct from computer vision, a form of computer science.",
     "computer vision", None),
    ("Unlike grid computers, computer clusters have each node set to perform the same task.", "grid computing", None),
    ("Machine Learning is a journal. It should be distinguished from the journal Machine intelligence.",
     "machine intelligence", None),
    # What the subject does without, or uses in the keyword's place, is set against it.
    ("Artix Linux is a distribution based on Arch Linux that uses OpenRC instead of systemd.", "systemd", None),
    ("uClinux is a variation of the Linux kernel that targets microcontrollers without a memory management unit.",
     "memory management unit", None),
    ("A type theory is a formal system, some of which can serve as alternatives to set theory.", "set theory", None),
    ("Short Code statements represented expressions rather than a machine instruction.", "machine instruction", None),
    # What the subject a sentence defines uses is its instrument, not its genus.
    ("Algebraic topology is a branch of mathematics that uses tools from abstract algebra to study spaces.",
     "abstract algebra", None),
    ("Sentiment analysis refers to the use of natural language processing, text analysis and biometrics.",
     "natural language processing", None),
    ("Chrome OS is an operating system that uses the Google Chrome web browser as its interface.", "web browser", None),
    ("A branch of chemistry that uses computer simulation to assist in solving chemical problems.",
     "computer simulation", None),  # a glossary's entry, without its copula
    # Too far after the verb, past a comma, or with no copula before it (a manual's fragment
    # saying how a part works), the keyword still names the subject's kind.
    ("Chrome OS is a system that uses many tools, of which the web browser is the first.", "web browser",
     "Chrome OS is a system that uses many tools, of which the web browser is the first."),
    ("Solves linear One-Class SVM using Stochastic Gradient Descent.", "stochastic gradient descent",
     "Solves linear One-Class SVM using Stochastic Gradient Descent."),
    ("A fuzzy control system is a control system based on fuzzy logic.", "fuzzy logic",
     "A fuzzy control system is a control system based on fuzzy logic."),
    # A replacement is still defined through the keyword.
    ("GNU Bison is a parser generator and an upward-compatible replacement for Yacc.", "yacc",
     "GNU Bison is a parser generator and an upward-compatible replacement for Yacc."),
    # The contrast falls on something else: the keyword still defines the subject.
    ("Static program analysis is the analysis of software, in contrast with dynamic analysis.",
     "program analysis", "Static program analysis is the analysis of software, in contrast with dynamic analysis."),
    # A later sentence naming the keyword plainly defines it.
    ("Unlike supervised learning, it uses no labels. It is a kind of supervised learning in the wide sense.",
     "supervised learning", "It is a kind of supervised learning in the wide sense."),
    # One mention set against it, another plain, in the same sentence: plain wins.
    ("Unlike supervised learning in general, this supervised learning method needs few labels.",
     "supervised learning", "Unlike supervised learning in general, this supervised learning method needs few labels."),
])
def test_defining_sentence_skips_sentences_that_only_contrast_with_the_keyword(lead, keyword, expected):
    assert defining_sentence(lead, keyword) == expected


def test_definition_candidates_names_concepts_defined_through_the_keyword():
    pages = [
        ("u1", "Automated reasoning - Wikipedia", "Automated reasoning is an area of computer science "
         "and artificial intelligence."),
        ("u2", "Android (robot) - Wikipedia", "An android is a robot built to look like a human, studied in artificial "
         "intelligence labs."),
        ("u3", "List of AI projects - Wikipedia", "This is a list of artificial intelligence projects."),
        ("u4", "Artificial intelligence - Wikipedia", "Artificial intelligence is intelligence of machines."),
        ("u5", "Intelligence - Wikipedia", "Intelligence, as in artificial intelligence, ..."),
        ("u6", "Automated reasoning - Wikipedia", "Automated reasoning (a copy) in artificial intelligence."),
        ("u7", "Cooking - Wikipedia", "Cooking uses heat. Nothing about machines here."),
        ("u8", "Timeline of artificial intelligence", "Artificial intelligence events by year."),
    ]
    pages.append(("u9", "John McCarthy (computer scientist) - Wikipedia", "John McCarthy (September 4, 1927 – "
                  "October 24, 2011) was an American computer scientist, a founder of artificial intelligence."))
    found = definition_candidates("artificial intelligence", pages)
    assert [(d["phrase"], d["display"], d["page"], d["kind"]) for d in found] == [
        ("automated reasoning", "Automated reasoning", "u1", "concept"),
        ("android", "Android (robot)", "u2", "concept"),
        ("john mccarthy", "John McCarthy (computer scientist)", "u9", "person")]
    assert found[0]["defining_sentence"] == ("Automated reasoning is an area of computer science "
                                             "and artificial intelligence.")
    # "an area of computer science and artificial intelligence": the keyword is in its genus;
    # the android's lead names it eleven words after "is"; McCarthy, "a founder of AI", within ten.
    assert [d["is_a"] for d in found] == [True, False, True]


@pytest.mark.parametrize("term, description, expected", [
    ("Community ecology", "A branch of ecology which studies species.", "Community ecology is a branch of ecology which studies species."),
    ("Optics", "The branch of physics which involves light.", "Optics is the branch of physics which involves light."),
    ("Fractional calculus", "Is a branch of mathematical analysis.", "Fractional calculus is a branch of mathematical analysis."),
    ("subatomic particle", "Any particle that is smaller than an atom.", "subatomic particle is any particle that is smaller than an atom."),
    ("graph database (GDB)", "A database that uses graphs.", "graph database is a database that uses graphs."),
    # A description naming its term, or opening otherwise, says it itself.
    ("eye", "The eye is usually calm.", "The eye is usually calm."),
    ("Cramer's rule", "In linear algebra, a formula.", "In linear algebra, a formula."),
    ("Alan Turing", "British mathematician.", "British mathematician."),
    ("Another", "Another thing.", "Another thing."),  # "An" opens no word here
    ("", "A branch of ecology.", "A branch of ecology."),
    # A parameter's or attribute's description in a reference manual: what value it holds.
    ("index_name", "The name of the index.", "The name of the index."),
    ("sys.version", "A string holding the version.", "A string holding the version."),
    ("c", "The column.", "The column."), ("__doc__", "The docstring.", "The docstring."),
])
def test_a_glossary_description_is_read_as_its_terms_first_sentence(term, description, expected):
    from scoring.lead import gloss_as_sentence
    assert gloss_as_sentence(term, description) == expected


def test_definition_candidates_read_a_glossary_entry_as_what_its_term_is():
    entries = [("g#1", "Community ecology", "A branch of ecology which studies the interactions between species."),
               ("g#2", "Optics", "The branch of physics which involves the behaviour of light, as ecology does not."),
               ("g#3", "central bank", "The institution that manages a state's currency, as in ecology.")]
    found = definition_candidates("ecology", entries, glossary=True)
    assert [(d["phrase"], d["is_a"], d["field"], d["kind"]) for d in found] == [
        ("community ecology", True, True, "concept"), ("optics", False, True, "concept"),
        ("central bank", False, False, "concept")]
    # The sentence quoted is the description's own; read as a page's lead, it says nothing.
    assert found[0]["defining_sentence"] == entries[0][2]
    assert [(d["is_a"], d["field"]) for d in definition_candidates("ecology", entries)] == [(False, False)] * 3


def test_definition_candidates_read_a_developer_as_a_person_when_the_title_is_a_persons_name():
    pages = [("u1", "Greg Kroah-Hartman", "Greg Kroah-Hartman (GKH) is a major Linux kernel developer."),
             ("u3", "Pamela Jones", "Pamela Jones is the editor of Groklaw, a website on the Linux kernel's lawsuits."),
             ("u2", "Linux Kernel Developer", "Linux Kernel Developer is a developer of the Linux kernel's tools.")]
    persons = {"Greg Kroah-Hartman", "Pamela Jones"}.__contains__  # stands for taxonomy.reads_as_person
    assert [(d["phrase"], d["kind"], d["kind_because"]) for d in definition_candidates("linux kernel", pages, persons)] == [
        ("greg kroah hartman", "person",
         'its page\'s first sentence calls it a "developer", and its title is a given name and a surname'),
        ("pamela jones", "person",
         'its page\'s first sentence calls it an "editor", and its title is a given name and a surname'),
        ("linux kernel developer", "concept", "")]
    assert [d["kind"] for d in definition_candidates("linux kernel", pages)] == ["concept", "concept", "concept"]


@pytest.mark.parametrize("lead, keyword", [
    ("Computational chemistry is a branch of chemistry that uses computer simulation.", "chemistry"),
    ("A humanoid robot is a robot with its body shape built to resemble the human body.", "robots"),
    ("Swarm robotics refers to an approach to the coordination of robotics systems.", "robotics"),
    ("Ornithology is a branch of zoology that concerns the study of birds.", "zoology"),
    ("Galliformes are an order of heavy-bodied ground-feeding birds.", "bird"),
])
def test_says_is_a_finds_the_keyword_in_the_genus(lead, keyword):
    assert says_is_a(lead, keyword)


@pytest.mark.parametrize("lead, keyword", [
    # The keyword is in the differentia, after the genus phrase's ten words.
    ("Biology is the natural science that studies life and living organisms, including their physical "
     "structure and the physics of cells.", "physics"),
    # Porter would fold these; plurals only are folded.
    ("Biology is the natural science that studies physical structure.", "physics"),
    # In the first paragraph, not in the first sentence.
    ("Sociology is the study of society. It borrows from economics.", "economics"),
    # Before the copula: the subject, not what it is said to be.
    ("Economics of information is the study of how information affects decisions.", "economics"),
    # After a relative pronoun: what the subject does or uses, not what it is.
    ("Computational chemistry is a branch of chemistry that uses computer simulation.", "computer simulation"),
    ("Ornithology is a branch of zoology which concerns the study of birds.", "birds"),
    # After an example cue: an example of the genus, which is broader than it or holds it.
    ("Propagule is any structure capable of generating a new plant; includes seeds, spores.", "seeds"),
    ("The mind is the set of cognitive faculties including consciousness, imagination.", "consciousness"),
    ("Microbiology is the study of microscopic organisms, such as bacteria, viruses.", "bacteria"),
    ("A near-Earth object is any small Solar System body, e.g. an asteroid or comet.", "asteroid"),
    ("", "economics"),
    ("No verb here, only economics.", "economics"),
])
def test_says_is_a_only_in_the_first_sentences_genus(lead, keyword):
    assert not says_is_a(lead, keyword)


@pytest.mark.parametrize("lead", [
    "Marvin Lee Minsky (August 9, 1927 – January 24, 2016) was an American cognitive scientist. He ...",
    "Raymond Kurzweil (/ˈkɜːrzwaɪl/ KURZ-wyle; born February 12, 1948) is an American inventor.",
    "Aristotle (Greek: Ἀριστοτέλης Aristotélēs; 384–322 BC) was a Greek philosopher.",
    "Alan Mathison Turing OBE FRS (/ˈtjʊərɪŋ/; 23 June 1912 – 7 June 1954) was an English mathematician.",
    "Sir Timothy John Berners-Lee (born 8 June 1955), also known as TimBL, is an English computer scientist.",
    # A birthplace between the years.
    "Heinz von Foerster (German spelling: Heinz von Förster; November 13, 1911, Vienna – October 2, 2002, "
    "Pescadero, California) was an Austrian American scientist combining physics and philosophy.",
    # ... whatever the sentence says next (version 159)
    "Frances Elizabeth Holberton (March 7, 1917 – December 8, 2001) was one of the six original programmers of ENIAC.",
    "Alan Emtage (born November 27, 1964) conceived and implemented the first version of Archie.",
    "Richard Matthew Stallman (/ˈstɔːlmən/; born March 16, 1953), often known by his initials, rms, and "
    "occasionally upper-cased, RMS, is an American free software movement activist.",
    # Aliases and spellings first, each in brackets; an Old Style date inside the life (session 59)
    "Gottfried Wilhelm (von) Leibniz (sometimes spelled Leibnitz) (/ˈlaɪbnɪts/; German: [ˈɡɔtfʁiːt]; 1 July 1646 "
    "[O.S. 21 June] – 14 November 1716) was a prominent German polymath.",
    "Ibn Sina (Persian: ابن سینا), also known as Abu Ali Sina (ابوعلی سینا), Pur Sina (پورسینا), and often known in "
    "the west as Avicenna (/ˌævɪˈsɛnə/; c. 980 – June 1037) was a Persian polymath.",
])
def test_biographies_open_with_a_year_in_parentheses(lead):
    assert opens_as_biography(lead)


@pytest.mark.parametrize("lead", [
    "The Free Software Foundation (FSF) is a 501(c)(3) non-profit organization founded in 1985.",
    "Machine learning (ML) is the study of computer algorithms that improve through experience.",
    "Debian (/ˈdɛbiən/) is a Linux distribution composed of free software.",
    "Introduction to the Theory of Computation (ISBN 0-534-95097-3) is a standard textbook.",
    "The Macintosh (branded as Mac since 1998) is a family of personal computers.",
    "ALGOL 60 (short for Algorithmic Language 1960) is a member of the ALGOL family.",
    "Ada (named after Ada Lovelace, 1815, London, a mathematician) is a programming language.",  # no second year
    "In 1956 the field was founded. Minsky (1927 – 2016) was an American scientist.",  # not the first sentence
    # the years of someone the sentence names after its subject's copula
    "Frankenstein; or, The Modern Prometheus is a novel written by English author Mary Shelley (1797–1851) that "
    "tells the story of Victor Frankenstein.",
    "World War II (1939–1945).",  # nothing after the parenthesis
    # a later parenthesis: only after a name, not after "The", and before the verb
    "The Battle of the Somme (French: Bataille de la Somme) (1 July – 18 November 1916) was a battle.",
    "Python (a language) (first released 1991) is a language.",
    "Unix (/ˈjuːnɪks/; trademarked as UNIX) is a family of multitasking (1970–1980) operating systems.",
    "",
])
def test_other_pages_do_not(lead):
    assert not opens_as_biography(lead)


@pytest.mark.parametrize("lead, kind", [
    ("Google LLC is an American multinational technology company that specializes in Internet services.",
     "organisation"),
    ("Intel Corporation is an American multinational corporation and technology company headquartered in "
     "Santa Clara.", "organisation"),
    ("The Free Software Foundation (FSF) is a 501(c)(3) non-profit organization founded by Richard Stallman.",
     "organisation"),
    ("The Association for Computing Machinery (ACM) is a US-based international learned society for computing.",
     "organisation"),
    ("Science is a systematic enterprise that builds and organizes knowledge.", "concept"),
    ("The MIT License is a permissive free software license originating at the Massachusetts Institute.",
     "concept"),
    ("Statistics is the discipline that concerns the collection, organization, analysis of data.", "concept"),
    ("Debian is a Linux distribution composed of free software.", "concept"),
    ("A bank is a financial institution that accepts deposits from the public.", "concept"),
    ("In computer science, a data structure is a data organization, management, and storage format.", "concept"),
    ("Marvin Lee Minsky (August 9, 1927 – January 24, 2016) was an American cognitive scientist.", "person"),
    ("", "concept"),
    # An abbreviation's full stop does not end the sentence ...
    ("Nintendo Co., Ltd. is a Japanese multinational video game company headquartered in Kyoto.", "organisation"),
    ("Amazon.com, Inc. (/ˈæməzɒn/), is an American multinational technology company based in Seattle.",
     "organisation"),
    # ... and each conjunct's head counts.
    ("Sega Corporation is a Japanese video game developer and publisher headquartered in Tokyo.", "organisation"),
    ("Nintendo is a consumer electronics and video game company headquartered in Kyoto.", "organisation"),
    # A comma joins conjuncts as "and" does.
    ("Nokia Corporation (Finnish: [ˈnokiɑ]) is a Finnish multinational telecommunications, information "
     "technology, and consumer electronics company, founded in 1865.", "organisation"),
    ("Python is an interpreted, high-level, general-purpose programming language.", "concept"),
    # A participle with its preposition ends the noun phrase.
    ("The Machine Intelligence Research Institute (MIRI) is a non-profit research institute focused on "
     "identifying risks.", "organisation"),
    ("OpenAI is an artificial intelligence research laboratory consisting of the corporation OpenAI LP.",
     "organisation"),
    ("Git is a distributed version control system for tracking changes in source code.", "concept"),
    ("Linux is a family of open-source Unix-like operating systems and tools.", "concept"),
    ("Emacs is a text editor and development environment.", "concept"),
    ("John F. Kennedy (May 29, 1917 – November 22, 1963) was an American politician.", "person"),
    # Named and called by an occupation, no dates needed; a kind of person stays a concept.
    ("Kunihiko Fukushima (Japanese: 福島 邦彦) is a Japanese computer scientist, noted for his work.", "person"),
    ("A computer scientist is a person who has acquired knowledge of computer science.", "concept"),
    ("Siri is a virtual assistant that is part of Apple's operating systems.", "concept"),
    # The keyword as a modifier of an organisation's head noun.
    ("Pixar Animation Studios is an American computer animation studio based in Emeryville.", "organisation"),
    # Works: books, films, journals, fictional characters; not a control character.
    ("Introduction to the Theory of Computation (ISBN 0-534-95097-3) is a standard textbook in theoretical "
     "computer science.", "work"),
    ("Mind is a quarterly peer-reviewed academic journal published by Oxford University Press.", "work"),
    ("The Boss Baby is a 2017 American computer-animated comedy film produced by DreamWorks Animation.", "work"),
    # An aside in brackets before the verb is not the subject's article.
    ('Good Copy Bad Copy (subtitled "A documentary about the current state of copyright and culture") is a '
     "2007 documentary film about copyright and culture.", "work"),
    ("A bank (from the Italian banca) is a financial institution that accepts deposits.", "concept"),
    ("HAL 9000 is a fictional artificial intelligence character and the main antagonist.", "work"),
    ("Newline (also line break) is a control character or sequence of control characters.", "concept"),
    ("A textbook is a book used for the study of a subject.", "concept"),
    ("macOS is a series of proprietary graphical operating systems developed by Apple.", "concept"),
    ("Lotus 1-2-3 is a discontinued spreadsheet program from Lotus Software.", "concept"),
    # A research centre is an institution; the centre of a region is a place.
    ("The Future of Humanity Institute (FHI) is an interdisciplinary research centre at the University of "
     "Oxford.", "organisation"),
    ("San Francisco is the cultural, commercial, and financial center of Northern California.", "concept"),
    ("Cisco Systems, Inc. is an American technology conglomerate headquartered in San Jose, in the center of "
     "Silicon Valley.", "organisation"),
    ("Frankenstein; or, The Modern Prometheus is an 1818 novel written by English author Mary Shelley.", "work"),
    ("Theodore Ts'o is an American software engineer mainly known for his contributions to the Linux kernel.",
     "person"),
    # Works in a row are works; a row of products is not.
    ("Steal This Film is a film series documenting the movement against intellectual property.", "work"),
    ("The Baroque Cycle is a series of novels by American writer Neal Stephenson.", "work"),
    ("Raspberry Pi is a series of small single-board computers developed in the United Kingdom.", "concept"),
    ("Mario Kart is a series of go-kart-style racing video games developed and published by Nintendo.", "concept"),
    # Two participles joined before their modifier leave the head noun the head (version 172).
    ("March of the Penguins (French La Marche de l'empereur) is a 2005 French feature-length nature documentary "
     "directed and co-written by Luc Jacquet.", "work"),
    ("The Matrix is a 1999 science fiction action film written and directed by the Wachowskis.", "work"),
])
def test_page_kind_reads_the_head_noun_of_the_first_sentence(lead, kind):
    assert page_kind(lead) == kind


@pytest.mark.parametrize("lead, title, kind, because", [
    ("Alan Turing (23 June 1912 – 7 June 1954) was an English mathematician.", "Alan Turing",
     "person", "its page opens as a biography (a name, then a birth date or life span)"),
    ("It is known for many things.", "David Wheeler (computer scientist)",
     "person", 'its page\'s title says "(computer scientist)"'),
    ("Cisco Systems, Inc. is an American technology conglomerate headquartered in San Jose.", "Cisco Systems",
     "organisation", 'its page\'s first sentence calls it a "conglomerate"'),
    ("The Baroque Cycle is a series of novels by American writer Neal Stephenson.", "The Baroque Cycle",
     "work", 'its page\'s first sentence calls it a "series of novels"'),
    ("The award is given every year.", "Computer Pioneer Award",
     "organisation", 'its page\'s title ends with "Award", as an organisation\'s name does'),
    ("Raspberry Pi is a series of small single-board computers.", "Raspberry Pi", "concept", ""),
    # A body's years are written as a life is: its genus decides (version 186).
    ("Computer Usage Company (CUC) (1955–1986), sometimes called Computer Usage Corporation, was the first "
     "independent computer software company.", "Computer Usage Company",
     "organisation", 'its page\'s first sentence calls it a "company"'),
    ("Hotwired (1994–1999) was the first commercial web magazine, launched on October 27, 1994.", "HotWired",
     "work", 'its page\'s first sentence calls it a "magazine"'),
    ("Remington Rand (1927–1955) was an early American business machines manufacturer.", "Remington Rand",
     "organisation", 'its page\'s first sentence calls it a "manufacturer"'),
    # ... but a person named with a work stays a person.
    ("Mary Shelley (30 August 1797 – 1 February 1851) was an English novelist and the author of a book.",
     "Mary Shelley", "person", "its page opens as a biography (a name, then a birth date or life span)"),
])
def test_read_page_kind_says_what_made_the_kind(lead, title, kind, because):
    assert read_page_kind(lead, title) == (kind, because)
    assert page_kind(lead, title) == kind


@pytest.mark.parametrize("written, head", [
    ("web developers", "developer"), ("Systems analyst", "analyst"), ("theoretical physicists", "physicist"),
    ("Game developer", "developer"), ("computational scientist", "scientist"),
    # A capitalised head names a product; a phrase joined by "of" names a subject.
    ("LibreOffice Writer", ""), ("Logic Theorist", ""), ("Netscape Composer", ""),
    ("Gender diversity of programmers", ""), ("Motivations of programmers", ""),
    # Heads that name programs too, and one word alone (WordNet's practitioner rule reads those).
    ("cyclic executive", ""), ("Virtual actor", ""), ("Report writer", ""), ("physicists", ""), ("Text editor", ""),
])
def test_names_an_occupation_reads_the_head_of_a_lower_case_name(written, head):
    assert names_an_occupation(written) == head


def test_role_of_a_person_is_a_role_products_share():
    assert role_of_a_person(["major", "developer"]) == "developer"
    assert role_of_a_person(["creator", "editor"]) == "creator"
    assert role_of_a_person(["scientist"]) == "" and role_of_a_person([]) == ""  # page_kind reads occupations


def test_wordnet_kind_says_wordnet_filed_it():
    assert wordnet_kind("person") == ("person", "WordNet files it under people")
    assert wordnet_kind("organisation") == ("organisation", "WordNet files it under organisations")
    assert wordnet_kind("concept") == ("concept", "")


@pytest.mark.parametrize("title, kind", [
    ("Amazon (company)", "organisation"), ("Oracle (software company) - Wikipedia", "organisation"),
    ("Python (programming language)", "concept"), ("Java", "concept"), ("Mercury (planet)", "concept"),
    ("David Wheeler (computer scientist)", "person"),
    ("Batman (TV series)", "work"), ("Arrival (film)", "work"), ("Kirby (character)", "work"),
    ("Ouroboros (protocol)", "concept"),
])
def test_page_kind_reads_the_title_qualifier(title, kind):
    assert page_kind("It is known for many things.", title) == kind


@pytest.mark.parametrize("lead, title, kind", [
    # A glossary's description is what its term is, without the term.
    ("The British society of electrical and electronics engineers.", "Institution of Engineering and Technology",
     "organisation"),
    ("An American engineer who co-invented the transistor.", "John Bardeen", "person"),
    ("A semiconductor device that lets current flow backwards.", "Zener diode", "concept"),
    # A common noun's description names a kind: a central bank is a kind of institution.
    ("The institution that manages a state's currency.", "central bank", "concept"),
    ("The study of electronic circuits.", "Electronics", "concept"),
    # A sentence with its own verb is read as written.
    ("The Beatles played music in Liverpool.", "Beatles", "concept"),
    # Without a term there is nothing to read it of.
    ("The British society of electrical and electronics engineers.", "", "concept"),
    # A code identifier's description says what value it holds: no dictionary, the work.
    ("A dictionary of key/value parameters included in the CONTENT_TYPE header.", "HttpRequest.content_params", "concept"),
])
def test_page_kind_reads_a_glossary_description_as_its_terms_predicate(lead, title, kind):
    assert page_kind(lead, title) == kind


@pytest.mark.parametrize("written, keyword, expected", [
    ("Bachelor of Technology", "electronic engineering", True),
    ("Master of Engineering", "electronic engineering", True),
    ("Engineering Doctorate", "electronic engineering", True),
    ("Master's degree", "computer science", True),
    ("Ph.D.", "computer scientist", True),
    ("Cambridge Diploma in Computer Science", "numerical analysis", True),
    ("Chartered Engineer", "electronic engineering", True),
    # Names that open the same way but are no degree.
    ("Master Boot Record", "booting", False),
    ("Master theorem", "algorithm", False),
    ("Master data management", "data management", False),
    ("Doctoral advisor", "computer scientist", False),
    # Where the keyword is about training, a degree is one of its parts.
    ("Bachelor of Science", "higher education", False),
    ("Doctor of Philosophy", "university", False),
])
def test_names_a_qualification(written, keyword, expected):
    assert names_a_qualification(written, keyword) is expected


def test_sentences_split_at_sentence_ends_only():
    lead = "Sega Co., Ltd. makes games. It was founded by Dr. Rosen and John F. Smith in 1960. Its U.S. arm is big."
    assert sentences(lead) == ["Sega Co., Ltd. makes games.", "It was founded by Dr. Rosen and John F. Smith in 1960.",
                               "Its U.S. arm is big."]
    assert first_sentence("  ") == "" and first_sentence("One. Two.") == "One."


def test_sentences_do_not_end_inside_brackets():
    lead = ("Physics (from Ancient Greek: physike, lit. 'knowledge of nature') is the natural science "
            "that studies matter. It is old.")
    assert sentences(lead) == [lead[:-len(" It is old.")], "It is old."]
    assert says_is_a(lead, "natural science")
    # an unclosed bracket joins up to the end rather than losing the rest
    assert sentences("A (b. C is d. E.") == ["A (b. C is d. E."]


def test_fragments_end_with_a_function_word():
    assert is_fragment("Philosophy of") and is_fragment("Mind and")
    assert not is_fragment("Philosophy of mind") and not is_fragment("Free will") and not is_fragment("")
    assert is_fragment("intT = { a: int; f: (int → int); }") and not is_fragment("C++")
    assert is_fragment("R-41417-64456-42642-02544") and is_fragment("0-387-97926-3") and is_fragment("0-8053-3557-X")
    assert not is_fragment("802.11") and not is_fragment("1990-2000") and not is_fragment("Windows 95")


def test_fragments_begin_with_a_lower_case_preposition_or_conjunction():
    assert is_fragment("in Java") and is_fragment("on a chip") and is_fragment("and more")
    # A title begins so in capitals; an article may begin a listed name.
    assert not is_fragment("On the Origin of Species") and not is_fragment("As We May Think")
    assert not is_fragment("the Internet") and not is_fragment("a priori knowledge")


def test_names_a_list():
    assert names_a_list("Glossary of computers") and names_a_list("list of fictional computers")
    assert names_a_list("Outline of robotics") and not names_a_list("Listing") and not names_a_list("Robotics")
    assert names_a_list("Category:Computing mascots") and names_a_list("Category: Film formats")
    assert names_a_list("Portal:Physics") and names_a_list("Template:Programming languages")
    assert not names_a_list("Category theory") and not names_a_list("Portal (video game)")
    assert names_a_list("Machine vision glossary") and not names_a_list("glossary terms")
    assert names_a_list("Boolean algebra topics") and names_a_list("Major topics")
    assert not names_a_list("Topics in algebra") and not names_a_list("topical")


def test_part_of_keyword():
    assert part_of_keyword("Operating systems", "operating system")  # the keyword in the plural
    assert part_of_keyword("Databases", "database") and part_of_keyword("libraries", "software library")
    assert part_of_keyword("OS", "operating system") and part_of_keyword("AI", "artificial intelligence")
    assert not part_of_keyword("AI", "intelligence") and not part_of_keyword("OSI", "operating system")
    assert not part_of_keyword("Robot", "robotics")  # a concept, not the keyword: no Porter stems here
    assert part_of_keyword("Intelligence", "artificial intelligence")
    assert not part_of_keyword("Artificial general intelligence", "artificial intelligence")
    assert not part_of_keyword("Robotics", "artificial intelligence")
    # Another form of each word of a longer keyword is the keyword; a longer phrase is not.
    assert part_of_keyword("Quantum computer", "quantum computing")
    assert part_of_keyword("Software engineer", "software engineering")
    assert not part_of_keyword("Quantum computer science", "quantum computing")
    assert not part_of_keyword("Computer", "computing")  # one word keeps its ending
    # The same letters with a hyphen or space more or less.
    assert part_of_keyword("Email", "e-mail") and part_of_keyword("E-mails", "email")
    assert part_of_keyword("Database", "data base") and part_of_keyword("data bases", "database")
    assert part_of_keyword("Mail", "e-mail")  # a run inside, as before
    assert not part_of_keyword("Emails server", "e-mail")
    # A heading's leading article: "The lambda calculus" is the keyword, "The Art of ..." is not.
    assert part_of_keyword("The lambda calculus", "lambda calculus")
    assert not part_of_keyword("The Art of Computer Programming", "computer programming")


def test_score_is_the_product_the_explanation_shows():
    assert evidence_score(0.4, 0.5, Facts()) == pytest.approx(0.2)
    assert evidence_score(0.4, 0.5, Facts(defines=True, starred=True)) == pytest.approx(0.2 * DEFINES_FACTOR * STAR_FACTOR)
    assert evidence_score(0.4, -0.3, Facts(defines=True)) == 0.0
    why = explain(0.4, 0.5, Facts(defines=True, starred=True))
    assert why.startswith("S1 0.400 x NPMI 0.500 x 1.5 (its page defines it via the keyword) x 1.5 (starred)")
    assert why.endswith(f"= {0.2 * 1.5 * 1.5:.4f}")
    # Is-a counts on top of the definition, and only with it.
    assert evidence_score(0.4, 0.5, Facts(defines=True, is_a=True)) == pytest.approx(0.2 * DEFINES_FACTOR * IS_A_FACTOR)
    assert evidence_score(0.4, 0.5, Facts(is_a=True)) == pytest.approx(0.2)
    why = explain(0.4, 0.5, Facts(defines=True, is_a=True))
    assert "x 1.5 (its page defines it via the keyword) x 2 (its page says it is a kind or branch" in why
    assert why.endswith(f"= {0.2 * 1.5 * 2:.4f}")
    # A section of the keyword's own page titled as the candidate: one more factor, shown.
    assert evidence_score(0.4, 0.5, Facts(starred=True, sectioned=True)) == pytest.approx(0.2 * STAR_FACTOR * SECTION_FACTOR)
    why = explain(0.4, 0.5, Facts(starred=True, sectioned=True))
    assert why == (f"S1 0.400 x NPMI 0.500 x 1.5 (starred) x 1.5 (a section of the keyword's page is titled so) "
                   f"= {0.2 * 1.5 * 1.5:.4f}")
    assert "section" not in explain(0.4, 0.5, Facts(starred=True))
    # WordNet files it under the keyword: as strong as the page's own is-a, and named.
    assert evidence_score(0.4, 0.5, Facts(wordnet="part")) == pytest.approx(0.2 * TAXONOMY_FACTOR)
    assert TAXONOMY_FACTOR == IS_A_FACTOR
    why = explain(0.4, 0.5, Facts(wordnet="domain"))
    assert why == f"S1 0.400 x NPMI 0.500 x 2 (WordNet: a term of the keyword's domain) = {0.2 * 2:.4f}"
    assert "WordNet" not in explain(0.4, 0.5, Facts(wordnet=None))
    # The collection's sentences: read as under the keyword x1.5 (coordination then does not count);
    # listed just before it in at least COORDINATED_SHARE of the sentences naming both x0.8.
    under = Said(sentences=10, kind_of=2, coordinated=5, example="K such as C.")
    assert evidence_score(0.4, 0.5, Facts(said=under)) == pytest.approx(0.2 * SAID_FACTOR)
    assert explain(0.4, 0.5, Facts(said=under)) == (
        f"S1 0.400 x NPMI 0.500 x 1.5 (2 of 10 sentences with both read it as under the keyword, and nothing "
        f"else ties it: no tie) = {0.3:.4f}")
    beside = Said(sentences=10, kind_of=0, coordinated=1)
    assert beside.coordinated_share == COORDINATED_SHARE
    assert evidence_score(0.4, 0.5, Facts(said=beside)) == pytest.approx(0.2 * COORDINATED_FACTOR)
    assert "1 of 10 sentences with both list it beside the keyword" in explain(0.4, 0.5, Facts(said=beside))
    rarely = Said(sentences=11, kind_of=0, coordinated=1)
    assert evidence_score(0.4, 0.5, Facts(said=rarely)) == pytest.approx(0.2)
    # No sentence names both and nothing ties it to the keyword: shared documents, never a statement.
    assert UNSAID_FACTOR == pytest.approx(1 / DEFINES_FACTOR)
    assert evidence_score(0.4, 0.5, Facts(said=Said())) == pytest.approx(
        0.2 * UNSAID_FACTOR * SHARED_DOCUMENTS_ONLY_FACTOR)  # shared documents alone, too (version 131)
    assert "0.667 (no sentence of the collection names both" in explain(0.4, 0.5, Facts(said=Said()))
    assert evidence_score(0.4, 0.5, Facts(said=None)) == pytest.approx(0.2)  # sentences not read
    for tie in ({"linked": True}, {"sectioned": True}, {"wordnet": "kind"}):
        value = evidence_score(0.4, 0.5, Facts(said=Said(), **tie))
        assert "no sentence" not in explain(0.4, 0.5, Facts(said=Said(), **tie))
        assert value > 0.2
    assert "no sentence" not in explain(0.4, 0.5, Facts(defines=True, said=Said()))  # its page defines it via the keyword
    # A page of its own with nothing tying it to the keyword: the definition turned round.
    assert QUIET_PAGE_FACTOR == pytest.approx(1 / DEFINES_FACTOR)
    assert evidence_score(0.4, 0.5, Facts(said=rarely, has_page=True)) == pytest.approx(0.2 / 1.5)
    assert evidence_score(0.4, 0.5, Facts(said=Said(), has_page=True)) == pytest.approx(0.2 / 1.5 / 1.5 / 3)
    assert explain(0.4, 0.5, Facts(has_page=True)) == (
        f"S1 0.400 x NPMI 0.500 x 0.667 (it has a page of its own, and nothing ties it to the keyword) = {0.2 / 1.5:.4f}")
    for tie in (dict(defines=True), dict(starred=True), dict(sectioned=True), dict(wordnet="kind"), dict(said=under)):
        args = {"defines": False, "starred": False, **tie}
        assert "nothing ties it" not in explain(0.4, 0.5, Facts(has_page=True, **args))
    assert evidence_score(0.4, 0.5, Facts(has_page=False)) == pytest.approx(0.2)
    # The keyword's own page links to it: half again, named; a link alone does not lift the quiet page.
    assert LINK_FACTOR == 1.5
    assert evidence_score(0.4, 0.5, Facts(linked=True)) == pytest.approx(0.2 * LINK_FACTOR)
    assert explain(0.4, 0.5, Facts(linked=True)) == (
        f"S1 0.400 x NPMI 0.500 x 1.5 (the keyword's page links to it by this name) = {0.2 * 1.5:.4f}")
    assert evidence_score(0.4, 0.5, Facts(has_page=True, linked=True)) == pytest.approx(0.2)
    # Linked by other words than its name (link_titles): the same factor, the words quoted.
    assert explain(0.4, 0.5, Facts(linked=True, linked_as="passing messages")) == (
        f"S1 0.400 x NPMI 0.500 x 1.5 (the keyword's page links to its page as 'passing messages') = {0.2 * 1.5:.4f}")
    # WordNet files it beside the keyword: the WordNet factor turned round; no tie that lifts a quiet page.
    assert SIBLING_FACTOR == pytest.approx(1 / DEFINES_FACTOR)
    assert evidence_score(0.4, 0.5, Facts(wordnet="sibling")) == pytest.approx(0.2 / 1.5)
    assert explain(0.4, 0.5, Facts(wordnet="sibling")) == (
        f"S1 0.400 x NPMI 0.500 x 0.667 (WordNet: filed beside the keyword, under the same parent) = {0.2 / 1.5:.4f}")
    assert evidence_score(0.4, 0.5, Facts(wordnet="sibling", has_page=True)) == pytest.approx(0.2 / 1.5 / 1.5)
    assert evidence_score(0.4, 0.5, Facts(wordnet="above")) == pytest.approx(0.2)  # a broader term: its kind says so
    # A field of study whose page does not put it under the keyword: the definition turned round again.
    assert OTHER_FIELD_FACTOR == pytest.approx(1 / DEFINES_FACTOR)
    assert evidence_score(0.4, 0.5, Facts(defines=True, field=True)) == pytest.approx(0.2 * DEFINES_FACTOR / 1.5)
    assert explain(0.4, 0.5, Facts(starred=True, field=True)) == (
        f"S1 0.400 x NPMI 0.500 x 0.667 (its page calls it a field, not one of the keyword) x 1.5 (starred) "
        f"= {0.2:.4f}")
    # ... unless that page's first sentence names the keyword as its genus: a subfield.
    assert evidence_score(0.4, 0.5, Facts(defines=True, is_a=True, field=True)) == pytest.approx(
        0.2 * DEFINES_FACTOR * IS_A_FACTOR)


@pytest.mark.parametrize("lead", [
    "Computer vision is an interdisciplinary scientific field that deals with how computers see.",
    "Cognitive science is the interdisciplinary, scientific study of the mind and its processes.",
    "Operations research is a discipline that deals with the application of analytical methods.",
    "Number theory is a branch of pure mathematics devoted primarily to the study of the integers.",
    "Biology is the natural science that studies life and living organisms.",
    "Knowledge representation is an area of artificial intelligence concerned with knowledge.",
])
def test_names_a_field_reads_the_head_of_what_the_subject_is(lead):
    assert names_a_field(lead)


@pytest.mark.parametrize("lead", [
    "Linear regression is a linear approach to modelling the relationship between variables.",
    "A field is a set on which addition and multiplication are defined.",  # its head is "set"
    "Gradient descent is a first-order iterative optimization algorithm for finding a minimum.",
    "Oil is any nonpolar chemical substance. It is a field of study too.",  # only the first sentence
    "",
])
def test_names_a_field_not_for_methods_objects_and_later_sentences(lead):
    assert not names_a_field(lead)


@pytest.mark.parametrize("phrase, heads", [
    ("Japanese multinational video game developer and publisher headquartered in Tokyo", ["developer", "publisher"]),
    ("Finnish telecommunications, information technology, and consumer electronics company",
     ["telecommunications", "technology", "company"]),
    ("501(c)(3) non-profit organization founded in 1985", ["organization"]),
    ("branch of mathematics", ["branch"]),
    ("interdisciplinary, scientific study of the mind", ["interdisciplinary", "study"]),
    ("non-profit research institute focused on identifying risks", ["institute"]),
    ("distributed version control system for tracking changes", ["system"]),
    ("computer networking company", ["company"]),
    # "operating" opens a modifier only before a preposition or adverb; so do adverbs and
    # irregular participles after the noun.
    ("mobile operating system developed by Apple", ["system"]),
    ("media technology company operating mainly in Europe", ["company"]),
    ("non-profit organization focused since 2005 on identifying risks", ["organization"]),
    ("computer operating system originally designed in Cambridge", ["system"]),
    ("American computer scientist, best known for his work", ["scientist"]),
    ("book written by Mary Shelley", ["book"]),
    # two participles joined before the modifier are no second head ("co-" read as its participle)
    ("2005 French feature-length nature documentary directed and co-written by Luc Jacquet", ["documentary"]),
    ("free software library designed and developed by the GNU Project", ["library"]),
    ("product family and a brand", ["family", "brand"]),
    ("", []),
])
def test_genus_heads_one_per_conjunct(phrase, heads):
    assert genus_heads(phrase) == heads


def test_title_keys_cover_each_part_of_a_title():
    assert store.title_keys("Machine learning - Wikipedia") == [
        "machine learning wikipedia", "machine learning", "wikipedia"]
    assert store.title_keys("Acme | Data mining") == ["acme data mining", "acme", "data mining"]
    assert store.title_keys("") == []


@pytest.fixture()
def backend(tmp_path):
    con = store.connect(tmp_path / "s.sqlite")
    pages = [("http://w.org/ml", "Machine learning - Wiki", "Machine learning is a field of AI.",
              "Machine learning is a field of artificial intelligence."),
             ("http://w.org/ai", "Artificial intelligence - Wiki", "AI text", "AI is intelligence of machines."),
             ("http://w.org/x", "Unrelated", "nothing", ""),
             ("http://w.org/k1", "Kernel (linear algebra) - Wiki", "null space", "In linear algebra, the kernel ..."),
             ("http://w.org/k0", "Kernel - Wiki", "a seed", "A kernel is the inner part of a seed."),
             ("http://w.org/k2", "Kernel (operating system) - Wiki", "core",
              "The kernel is the core of an operating system."),
             ("http://w.org/k3", "Kernel panic - Wiki", "crash", "A kernel panic is a safety measure.")]
    for url, title, text, lead in pages:
        store.insert_page(con, url, "w.org", title, text, store.pack_html(b"<html><body>x</body></html>"),
                          store.pack_links([]), lead=lead)
    store.insert_page(con, "http://w.org/err", "w.org", "Machine learning", None, None, None, error="404")
    con.commit()
    con.close()
    b = LocalBackend(tmp_path / "s.sqlite")
    yield b
    b.con.close()


def test_pages_about_finds_the_pages_titled_as_the_phrase(backend):
    assert backend.pages_about("machine-learning") == [
        ("http://w.org/ml", "Machine learning - Wiki", "Machine learning is a field of artificial intelligence.")]
    assert [u for u, _, _ in backend.pages_about("Artificial Intelligence")] == ["http://w.org/ai"]
    assert backend.pages_about("deep learning") == [] and backend.pages_about("...") == []
    # The exact title first, then the qualified ones in store order; "Kernel panic" is another name.
    assert [u for u, _, _ in backend.pages_about("kernel")] == [
        "http://w.org/k0", "http://w.org/k1", "http://w.org/k2"]
    # A plural name with no page of its own is looked up in the singular, not otherwise.
    assert [u for u, _, _ in backend.pages_about("Kernels")] == [
        "http://w.org/k0", "http://w.org/k1", "http://w.org/k2"]
    assert [u for u, _, _ in backend.pages_about("machine learnings")] == ["http://w.org/ml"]
    assert [u for u, _, _ in backend.pages_about("kernel panics")] == ["http://w.org/k3"]
    assert backend.pages_about("deep learnings") == []


def test_pages_about_skips_the_site_name_every_title_ends_with(tmp_path):
    con = store.connect(tmp_path / "s.sqlite")
    titles = ["Machine learning - Wiki", "Data mining - Wiki", "Robotics - Wiki", "Kernel - Wiki", "Wiki",
              "Acme - Parser", "Lexer - Acme"]
    for i, title in enumerate(titles):
        store.insert_page(con, f"http://w.org/{i}", "w.org", title, "text", store.pack_html(b"<html></html>"),
                          store.pack_links([]), lead="")
    con.commit()
    con.close()
    b = LocalBackend(tmp_path / "s.sqlite")
    # Four pages answer to "Wiki" only as their site's name: the page titled so is the one about it.
    assert [u for u, _, _ in b.pages_about("wiki")] == ["http://w.org/4"]
    # A later part of a title that few pages share still names the page ("Site - Page" titles).
    assert [u for u, _, _ in b.pages_about("parser")] == ["http://w.org/5"]
    assert [u for u, _, _ in b.pages_about("acme")] == ["http://w.org/5", "http://w.org/6"]
    b.con.close()


def test_pages_conjoined_finds_the_keyword_and_its_twin(tmp_path):
    con = store.connect(tmp_path / "s.sqlite")
    for url, title in (("http://w.org/edc", "Error detection and correction - Wiki"),
                       ("http://w.org/ict", "Information and communications technology - Wiki"),
                       ("http://w.org/ed", "Error detection and correction of the past and more - Wiki"),
                       ("http://w.org/edq", "Error detection and recovery (computing) - Wiki")):
        store.insert_page(con, url, "w.org", title, "text", store.pack_html(b"<html><body>x</body></html>"),
                          store.pack_links([]), lead=f"{title} is a thing.")
    con.commit()
    con.close()
    b = LocalBackend(tmp_path / "s.sqlite")
    try:
        # One word after "and" names the twin (a qualifier aside); more share a head that follows.
        assert [u for u, _, _ in b.pages_conjoined("Error detection")] == ["http://w.org/edc", "http://w.org/edq"]
        assert b.pages_conjoined("information") == [] and b.pages_conjoined("error") == []
        assert b.pages_conjoined("...") == [] and b.pages_about("error detection") == []
    finally:
        b.con.close()


def test_a_page_speaks_only_for_the_name_its_title_marks_alike():
    from scoring.sources import marked_alike
    pages = [("u1", "C++ - Wikipedia", ""), ("u2", "C-- - Wikipedia", ""), ("u3", "C - Wikipedia", ""),
             ("u4", "C (programming language) - Wikipedia", ""), ("u5", "C* - Wikipedia", "")]
    assert [p[0] for p in marked_alike(pages, "C")] == ["u3", "u4"]
    assert [p[0] for p in marked_alike(pages, "c++")] == ["u1"]
    # No page titled with its marks: the unmarked pages, whose counts the index gives it ("c").
    assert [p[0] for p in marked_alike(pages, "C#")] == ["u3", "u4"]
    assert marked_alike([("u", "Humanity+ - Wikipedia", "")], "humanities") == []


def test_choose_page_takes_the_meaning_that_concerns_the_keyword(backend):
    pages = backend.pages_about("Kernel")
    assert choose_page(pages, "operating system") == (
        "http://w.org/k2", "Kernel (operating system) - Wiki", "The kernel is the core of an operating system.",
        "The kernel is the core of an operating system.")
    assert choose_page(pages, "botany") == (
        "http://w.org/k0", "Kernel - Wiki", "A kernel is the inner part of a seed.", None)
    assert choose_page([], "botany") is None


def test_disambiguates():
    assert store.disambiguates("Kernel (operating system) - Wikipedia", "kernel")
    assert not store.disambiguates("Kernel panic", "kernel") and not store.disambiguates("Kernel", "kernel")
    assert store.disambiguates("Feature detection (computer vision)", "feature detection")


def test_leads_mentioning_reads_pages_whose_text_has_the_phrase(backend):
    # Main text, not the title, decides; pages without a first paragraph are left out.
    assert backend.leads_mentioning("machine learning") == [
        ("http://w.org/ml", "Machine learning - Wiki", "Machine learning is a field of artificial intelligence.")]
    assert backend.leads_mentioning("AI") == [
        ("http://w.org/ml", "Machine learning - Wiki", "Machine learning is a field of artificial intelligence."),
        ("http://w.org/ai", "Artificial intelligence - Wiki", "AI is intelligence of machines.")]
    assert backend.leads_mentioning("AI", domain=".org") == backend.leads_mentioning("AI")
    assert backend.leads_mentioning("AI", domain=".edu") == []
    assert backend.leads_mentioning("nothing") == []  # the page has no first paragraph
    assert backend.leads_mentioning("!!") == []


def test_texts_mentioning_are_the_main_texts_with_the_phrase(backend):
    # Best match first (bm25): the shorter text holds "AI" as often in fewer words.
    assert list(backend.texts_mentioning("AI")) == ["AI text", "Machine learning is a field of AI."]
    assert list(backend.texts_mentioning("machine learning")) == ["Machine learning is a field of AI."]
    assert list(backend.texts_mentioning("Wiki")) == []  # titles are not main text
    assert list(backend.texts_mentioning("AI", domain=".edu")) == [] == list(backend.texts_mentioning("!!"))
    assert list(backend.texts_mentioning("AI", domain=".org")) == list(backend.texts_mentioning("AI"))


def test_document_count_is_what_hit_counts_count_over(backend):
    assert backend.document_count() == 7  # the failed fetch has no main text: not a document


def _row(phrase: str, score: float, n_cp: int, written: str | None = None) -> dict:
    return {"phrase": phrase, "score": score, "n_cp": n_cp, "written": written or phrase}


def test_concept_key_folds_plurals_and_a_trailing_qualifier():
    assert concept_key("Video game consoles") == concept_key("video game console")
    assert concept_key("Firefox (web browser)") == concept_key("Firefox")
    assert concept_key("Libraries") == ("library",)
    assert concept_key("Robotics") != concept_key("Robot")  # endings, not Porter stems
    assert concept_key("Kernel (operating system)") != concept_key("Operating system")
    assert concept_key("The Open Source Definition") == concept_key("Open Source Definition")  # a leading "the"
    assert concept_key("The") == ("the",)  # nothing else to name it


def test_fold_variants_keeps_the_better_scored_form():
    rows = [_row("video game consoles", 0.30, 120, "Video game consoles"),
            _row("video game console", 0.46, 130),
            _row("firefox web browser", 0.17, 40, "Firefox (web browser)"),
            _row("firefox", 1.08, 90, "Firefox"),
            _row("netscape navigator", 0.33, 30)]
    folded = fold_variants(rows)
    assert set(folded) == {"video game consoles", "firefox web browser"}
    assert folded["video game consoles"][0] == "video game console"
    assert folded["firefox web browser"][0] == "firefox"
    assert "plural or qualifier" in folded["firefox web browser"][1]


def test_american_spelling_reads_british_endings_and_listed_words_only():
    from scoring.names import american_spelling

    def us(name):
        return " ".join(american_spelling(concept_key(name)))

    assert us("Domain-specific modelling") == "domain specific modeling"
    assert us("Organisations") == "organization"  # plural folded first
    assert us("Free software licences") == "free software license"
    assert us("Emergent behaviour") == "emergent behavior" and us("analyse") == "analyze"
    assert us("Wear levelling") == "wear leveling" and us("labelled data") == "labeled data"
    # Words a rule would turn into other words keep their spelling.
    assert us("filling") == "filling" and us("tour") == "tour" and us("Notre Dame") == "notre dame"
    assert us("noise") == "noise" and us("fence") == "fence" and us("analysis") == "analysis"


def test_fold_variants_ranks_two_spellings_of_one_name_once():
    rows = [_row("domain specific modeling", 0.40, 12, "Domain-specific modeling"),
            _row("domain specific modelling", 0.30, 10, "Domain-specific modelling"),
            _row("free software licence", 0.20, 15, "Free software licence"),
            _row("free software licenses", 0.10, 30, "Free software licenses"),
            _row("filing", 0.25, 8, "Filing"), _row("filling", 0.15, 9, "Filling")]
    folded = fold_variants(rows)
    assert folded["domain specific modelling"][0] == "domain specific modeling"
    assert "another spelling" in folded["domain specific modelling"][1]
    assert folded["free software licenses"][0] == "free software licence"  # the better score keeps its spelling
    assert "filling" not in folded and "filing" not in folded


@pytest.mark.parametrize("a, b, same", [
    ("Korn shell", "KornShell", True), ("Nonverbal communication", "Non-verbal communication", True),
    ("guinea fowl", "Guineafowls", True), ("Heatsink", "heat sink", True), ("e-mail spam", "Email spam", True),
    ("I, Robot", "iRobot", False),  # a comma parts more than words
    ("Data/BASIC", "Databasic", False), ("Pascal-S", "Pascal", False), ("Xbox One S", "Xbox One", False),
    ("occam-π", "occam", False)])
def test_closed_up_joins_words_parted_by_spaces_or_hyphens_only(a, b, same):
    from scoring.names import closed_up

    assert (closed_up(a) == closed_up(b) != "") is same


def test_fold_variants_ranks_a_name_closed_up_or_hyphenated_once_unless_two_pages_differ():
    def row(phrase, score, written, page=None, kind="concept"):
        return {**_row(phrase, score, 10, written), "page": page, "kind": kind}

    folded = fold_variants([row("korn shell", 0.5, "Korn shell"), row("kornshell", 0.4, "KornShell", "wiki/KornShell"),
                            row("non verbal communication", 0.3, "Non-verbal communication"),
                            row("nonverbal communication", 0.2, "Nonverbal communication")])
    assert folded == {"kornshell": ("korn shell", "'Korn shell' with its words closed up or hyphenated the other "
                                                  "way: ranked once"),
                      "nonverbal communication": ("non verbal communication", folded["nonverbal communication"][1])}
    # Two pages: two things ("WorldWideWeb", the first browser, and the World Wide Web); two kinds, too.
    assert fold_variants([row("world wide web", 0.5, "World Wide Web", "wiki/World_Wide_Web"),
                          row("worldwideweb", 0.3, "WorldWideWeb", "wiki/WorldWideWeb")]) == {}
    assert fold_variants([row("batgirl", 0.5, "Batgirl", kind="work"), row("bat girl", 0.3, "Bat-Girl")]) == {}


def test_fold_variants_a_name_with_or_without_the_keywords_before_it_ranks_once():
    rows = [_row("mozilla thunderbird", 0.60, 40, "Mozilla Thunderbird"), _row("thunderbird", 0.35, 30, "Thunderbird"),
            _row("firefox", 0.50, 50, "Firefox"), _row("mozilla foundation", 0.20, 20, "Mozilla Foundation"),
            _row("mozilla", 0.30, 200, "Mozilla")]
    folded = fold_variants(rows, "mozilla")
    assert folded == {"thunderbird": ("mozilla thunderbird", "'Mozilla Thunderbird' with or without the keyword's "
                                                             "name before it: ranked once")}
    # A shorter name scoring better has a sense of its own: nothing folds; nor without the keyword.
    rows = [_row("class object", 0.2, 10, "class object"), _row("object", 0.3, 40, "object")]
    assert fold_variants(rows, "class") == {}
    assert fold_variants([_row("xml schema", 0.3, 10, "XML Schema"), _row("schema", 0.2, 40, "Schema")]) == {}


def test_fold_variants_nested_names_with_the_same_documents_rank_once():
    rows = [_row("experience design", 0.1241, 8), _row("user experience design", 0.1241, 8),
            _row("laws of robotics", 0.2896, 14), _row("three laws of robotics", 0.2896, 14),
            _row("interaction design", 0.176, 16), _row("design", 0.2, 16)]
    folded = fold_variants(rows)
    # Equal scores: the longer name stays. A better score wins whatever the length.
    assert folded["experience design"][0] == "user experience design"
    assert folded["laws of robotics"][0] == "three laws of robotics"
    assert folded["interaction design"][0] == "design"
    assert "same 8 documents" in folded["experience design"][1]
    assert "user experience design" not in folded and "three laws of robotics" not in folded


def test_fold_variants_leaves_different_counts_and_unrelated_names_alone():
    rows = [_row("experience design", 0.13, 9), _row("user experience design", 0.12, 8),
            _row("linux kernel", 0.48, 300), _row("kernel", 0.1, 300, "Kernel"),
            _row("operating system kernel", 0.0, 5)]
    folded = fold_variants(rows)
    assert "experience design" not in folded and "user experience design" not in folded
    assert folded == {"kernel": ("linux kernel", folded["kernel"][1])}
    assert "operating system kernel" not in folded  # a zero score is never folded into another


def test_fold_variants_ranks_two_names_of_one_page_once_when_the_page_uses_both():
    def row(phrase, score, written, page, alias):
        return {**_row(phrase, score, 10 + len(phrase), written), "page": page, "alias": alias}
    rows = [row("firefox", 0.9, "Firefox", "/Firefox", True),
            row("mozilla firefox", 0.5, "Mozilla Firefox", "/Firefox", True),
            row("x86 assembly language", 0.8, "x86 assembly language", "/X86", True),
            row("at t syntax", 0.4, "AT&T syntax", "/X86", False),  # a part the site sends to the page
            row("bluez", 0.7, "BlueZ", "/BlueZ", True),
            row("bluetooth stack", 0.3, "Bluetooth stack", "/BlueZ", True),
            row("quantum computing", 0.6, "quantum computing", "/QC", False),
            row("quantum computer", 0.2, "Quantum Computer", "/QC", True),
            row("linux", 0.5, "Linux", None, True), row("gnu linux", 0.4, "GNU/Linux", None, True),
            row("bipolar junction transistor", 0.8, "Bipolar junction transistor", "/BJT", True),
            row("junction transistor", 0.5, "junction transistor", "/BJT", True),
            row("junction transistors", 0.4, "junction transistors", None, False)]
    folded = fold_variants(rows)
    assert folded["mozilla firefox"][0] == "firefox" and "another name of 'Firefox'" in folded["mozilla firefox"][1]
    assert folded["bluetooth stack"][0] == "bluez"
    assert "at t syntax" not in folded  # the page does not call itself so
    assert "quantum computer" not in folded  # the better row's name is not the page's own
    assert "gnu linux" not in folded  # no page, no sameness to read
    # A plural of a name folded so follows it to the same row.
    assert folded["junction transistor"][0] == folded["junction transistors"][0] == "bipolar junction transistor"
    assert set(folded) == {"mozilla firefox", "bluetooth stack", "junction transistor", "junction transistors"}


def test_names_itself_reads_the_title_and_first_paragraph():
    lead = "Mozilla Firefox, or simply Firefox, is a free and open-source web browser."
    assert names_itself("Firefox", "Firefox - Wikipedia", lead)
    assert names_itself("Mozilla Firefox", "Firefox - Wikipedia", lead)
    assert names_itself("Java", "Java (programming language) - Wikipedia", "")
    assert names_itself("Java programming language", "Java (programming language) - Wikipedia", "")
    assert names_itself("IaaS", "Infrastructure as a service - Wikipedia",
                        "Infrastructure as a service (IaaS) are online services that provide APIs.")
    assert not names_itself("AT&T syntax", "x86 assembly language - Wikipedia",
                            "x86 assembly language is a family of backward-compatible assembly languages.")
    assert not names_itself("Wikipedia", "VisualAge - Wikipedia", "VisualAge is a family of environments.")
    assert not names_itself("", "Firefox - Wikipedia", lead)
    # A list's plural is the first paragraph's singular.
    drive = "A hard disk drive (HDD), hard disk, hard drive, or fixed disk, is a storage device."
    assert names_itself("hard drives", "Hard disk drive - Wikipedia", drive)
    assert names_itself("hard disk drives", "Hard disk drive - Wikipedia", drive)
    assert not names_itself("floppy disks", "Hard disk drive - Wikipedia", drive)


def test_fold_variants_ignores_zero_counts():
    assert fold_variants([_row("a b", 0.1, 0), _row("x a b", 0.1, 0)]) == {}


def test_broader_terms_are_the_keyword_pages_genus():
    lead = ("Robotics is an interdisciplinary branch of computer science and engineering. Robotics involves "
            "design, construction, operation, and use of robots.")
    assert is_broader("Computer science", lead) and is_broader("Engineering", lead)
    assert is_broader("computer science (discipline)", lead)  # a qualifier is not part of the name
    assert not is_broader("Robot", lead)  # in the second sentence, not the genus
    assert not is_broader("Motion planning", lead) and not is_broader("Computer science", "")
    linux = "Linux is a family of open-source Unix-like operating systems based on the Linux kernel."
    assert is_broader("Operating system", linux) and not is_broader("Linux kernel", linux)  # past the window


def test_the_setting_a_keywords_page_opens_on_names_broader_fields():
    halting = "In computability theory, the halting problem is the problem of determining whether a program halts."
    assert in_setting("Computability theory", halting, "halting problem")
    assert in_setting("computability theory (field)", halting, "halting problem")  # a qualifier is no part of it
    assert not in_setting("Turing machine", halting, "halting problem")
    assert not in_setting("Computability theory", "The halting problem is a decision problem.", "halting problem")
    # Several fields, joined by "and", commas and "with applications in"; the setting ends
    # at the comma before the keyword, however many commas the list of fields has.
    errors = ("In information theory and coding theory with applications in computer science and telecommunication, "
              "error detection and correction are techniques that enable reliable delivery of digital data.")
    assert setting_names(errors, "error detection") == {("information", "theory"), ("coding", "theory"),
                                                        ("computer", "science"), ("telecommunication",)}
    # A field's name keeps its "of": "Mind" is not the setting, "Philosophy of mind" is.
    qualia = "In the philosophy of mind, qualia are defined as individual instances of subjective experience."
    assert in_setting("Philosophy of mind", qualia, "qualia") and not in_setting("Mind", qualia, "qualia")
    features = "In machine learning, pattern recognition, and image processing, feature extraction starts from data."
    assert setting_names(features, "feature extraction") == {("machine", "learning"), ("pattern", "recognition"),
                                                             ("image", "processing")}
    # The keyword written in the singular, a verb in the opening: no setting read past the copula.
    agents = "In artificial intelligence, an intelligent agent (IA) refers to an autonomous entity which acts."
    assert in_setting("Artificial Intelligence", agents, "intelligent agents")
    assert setting_names("In Unix the kernel is the core, and drivers run in it.", "kernel") == set()
    assert setting_names("Kernels, in computing, are programs.", "kernel") == set()


def test_rank_key_puts_thin_evidence_after_the_rest_of_its_kind():
    def row(phrase, kind, n_b, score):
        return {"phrase": phrase, "kind": kind, "n_b": n_b, "score": score, "s1": score}
    rows = [row("one page", "concept", 1, 0.9), row("strong", "concept", 8, 0.5), row("weak", "concept", 2, 0.1),
            row("parent", "broader", 30, 0.8), row("Ada", "person", 5, 0.7), row("none", "concept", 0, 0.0)]
    assert [r["phrase"] for r in sorted(rows, key=rank_key)] == ["strong", "weak", "one page", "none", "parent", "Ada"]


def test_rank_key_puts_concepts_under_the_floor_after_every_other_of_their_kind():
    from scoring.evidence import CONCEPT_FLOOR, is_weak

    def row(phrase, n_b, score, **more):
        return {"phrase": phrase, "kind": "concept", "n_b": n_b, "score": score, "s1": score,
                "weak": is_weak(score), **more}
    rows = [row("under", 9, CONCEPT_FLOOR / 2), row("thin", 1, 0.3), row("at chance", 5, CONCEPT_FLOOR, chance=True),
            row("strong", 9, 0.6), row("ruled", 9, 0.0, ruled_out=True, weak=False)]
    assert [r["phrase"] for r in sorted(rows, key=rank_key)] == ["strong", "at chance", "thin", "under", "ruled"]
    assert is_weak(CONCEPT_FLOOR - 1e-9) and not is_weak(CONCEPT_FLOOR)
    assert is_weak(0.9, n_b=1) and not is_weak(0.9, n_b=1, sectioned=True) and not is_weak(0.9, n_b=2)


def test_listed_concepts_leave_weak_ones_to_their_own_list():
    from scoring.evidence import listed_concepts, weak_concepts
    cands = [{"phrase": "A", "evidence": {"kind": "concept", "score": 0.4, "weak": False}},
             {"phrase": "B", "evidence": {"kind": "concept", "score": 0.05, "weak": True}},
             {"phrase": "C", "evidence": {"kind": "person", "score": 0.05, "weak": True}},
             {"phrase": "D", "evidence": {"kind": "concept", "score": 0.0, "ruled_out": True}},
             {"phrase": "E", "evidence": {"kind": "concept", "score": 0.01}}]  # a report before the floor
    assert [c["phrase"] for c in listed_concepts(cands)] == ["A", "E"]
    assert [c["phrase"] for c in listed_concepts(cands, with_weak=True)] == ["A", "B", "E"]
    assert [c["phrase"] for c in weak_concepts(cands)] == ["B"]


def test_fold_variants_ranks_an_acronym_as_its_expansion():
    rows = [_row("digital signal processing", 0.49, 50, "Digital signal processing"), _row("dsp", 0.17, 40, "DSP"),
            _row("cpus", 0.3, 10, "CPUs"), _row("central processing unit", 0.2, 90, "Central processing unit"),
            _row("ai", 0.5, 300, "AI"), _row("nlp", 0.2, 30, "nlp")]
    folded = fold_variants(rows)
    assert folded["dsp"][0] == "digital signal processing" and "initials" in folded["dsp"][1]
    assert folded["cpus"][0] == "central processing unit"  # even when the acronym scores higher
    assert "ai" not in folded  # no expansion among the candidates
    assert "nlp" not in folded  # written in lower case: a word, not an acronym
    # Acronyms skip the little words of their expansion.
    rows = [_row("free and open source software", 0.4, 60, "Free and open-source software"),
            _row("foss", 0.5, 20, "FOSS"), _row("ieee", 0.3, 80, "IEEE"),
            _row("institute of electrical and electronics engineers", 0.2, 50,
                 "Institute of Electrical and Electronics Engineers"), _row("fos", 0.3, 5, "FOS")]
    folded = fold_variants(rows)
    assert folded["foss"][0] == "free and open source software"
    assert folded["ieee"][0] == "institute of electrical and electronics engineers"
    assert "fos" not in folded


def test_page_name_candidates_name_the_parts_of_the_keywords_page():
    titles = ["History", "1970-1990", "Hidden Markov models", "Speech recognition software",
              "Neural networks", "hidden Markov models", "Dynamic time warping (DTW)", "List of speech recognition software",
              "Speech", "Recognition", "A heading far too long to be the name of anything at all, it runs on and on for words"]
    got = page_name_candidates("speech recognition", titles, known={"neural network", "neural networks"})
    assert got == [{"phrase": "history", "display": "History"},
                   {"phrase": "hidden markov models", "display": "Hidden Markov models"},
                   {"phrase": "speech recognition software", "display": "Speech recognition software"},
                   {"phrase": "dynamic time warping", "display": "Dynamic time warping (DTW)"}]


def test_one_kind_of_sentence_among_very_many_is_not_a_reading():
    assert SAID_MIN_SHARE == 0.02
    assert reads_under(Said(sentences=50, kind_of=1)) and not reads_under(Said(sentences=51, kind_of=1))
    assert reads_under(Said(sentences=500, kind_of=2))
    assert not reads_under(Said()) and not reads_under(None)
    accident = Said(sentences=175, kind_of=1, coordinated=40)
    assert evidence_score(0.4, 0.5, Facts(said=accident)) == pytest.approx(0.2)  # neither factor
    assert evidence_score(0.4, 0.5, Facts(said=accident, has_page=True)) == pytest.approx(0.2 / 1.5)


def test_page_name_candidates_take_anchor_texts_as_headings():
    anchors = ["head-mounted display", "Oculus Rift", "virtual reality headset", "VR", "Virtual reality",
               "16K resolution", "List of virtual reality headsets", "Oculus Rift", "haptic"]
    got = page_name_candidates("virtual reality", anchors, known={"haptic"})
    assert [g["display"] for g in got] == ["head-mounted display", "Oculus Rift", "virtual reality headset"]


@pytest.mark.parametrize("written, expected", [
    ("American Society for Cybernetics", True),
    ("Dijkstra Prize", True),
    ("Symposium on Principles of Distributed Computing", True),
    ("Jet Propulsion Laboratory", True),
    ("National Council of Examiners for Engineering and Surveying", True),
    ("Institution of Engineering and Technology", True),
    ("Disjoint union", False),          # no organisation word the rule reads
    ("Society", False),                 # one word: a concept
    ("Open society", False),            # not in title case
    ("Foundations of Mathematics", False),  # plural: a field's name
    ("Head-mounted display", False),
    ("Harvard Museum of Natural History", True),
    ("Polish Cipher Bureau", True),
    ("Wi-Fi Alliance", True),
    ("National Nanotechnology Initiative", True),
    ("Amnesty International", True),
    ("International Phonetic Alphabet", False),  # "International" opening a name says nothing
    ("Joslin Diabetes Center", True),
    ("Harvard School of Dental Medicine", True),
    ("Massachusetts General Hospital", True),
    ("Centre for the Study of Existential Risk", True),
    ("Data center", False),             # not in title case: the concept
    ("Creed & Company", True),          # an ampersand joins as "and" does
    ("J. Lyons & Company", True),
    ("Siemens & Halske", False),        # two surnames: a firm, or a duo, a film, a game
    ("RFS Holdings", True),             # a firm's legal form
    ("Pearson PLC", True),
    ("Lake Shore Limited", False),      # a train: "Limited" is no legal form there
    ("Holding pattern", False),         # not in title case
])
def test_names_an_organisation_reads_title_case_names(written, expected):
    assert names_an_organisation(written) is expected


def test_person_by_name_reads_initials_or_a_biography_ending_with_the_name():
    bio = ("https://x/Geoffrey_Hinton", "Geoffrey Hinton - Wikipedia",
           "Geoffrey Everest Hinton (born 6 December 1947) is an English Canadian cognitive psychologist.")
    tool = ("https://x/Turbo_Pascal", "Turbo Pascal", "Turbo Pascal is a software development system.")
    assert person_by_name("Hinton", [bio]) == 'the end of the name of "Geoffrey Hinton", whose page opens as a biography'
    assert person_by_name("Hinton", []) == ""
    assert not person_by_name("Pascal", [tool])
    assert person_by_name("K. R. Rao", []) == "written as people's names are: initials and a surname"
    assert person_by_name("E. Allen Emerson", [])  # spaced initials, a given name and a surname
    assert not person_by_name("X.Org Server", [])  # an initial joined to the word: a product
    # A given name, middle initials and a surname; not a name's version ("Star Trek V", "Mac OS X").
    assert person_by_name("Ramanathan V. Guha", []) and person_by_name("Guy L. Steele Jr.", [])
    assert not person_by_name("Star Trek V", []) and not person_by_name("Washington D.C.", [])
    assert could_be_a_name("Oskar Morgenstern") and could_be_a_name("K. R. Rao") and could_be_a_name("Hinton")
    assert not could_be_a_name("JTAG") and not could_be_a_name("Seven Bridges of Königsberg")
    assert not could_be_a_name("head-mounted display") and not could_be_a_name("A B C D")


def test_a_heading_most_pages_hold_is_structure():
    assert is_structure(4095, 5396) and not is_structure(2698, 5396) and not is_structure(10, 0)


def test_chance_p_is_the_hypergeometric_tail_and_sets_the_per_keyword_cut():
    from scoring.evidence import at_chance, CHANCE_P, chance_p, rank_key

    # 100 documents, the keyword in 10, the candidate in 10: 1 shared is what chance gives,
    # 6 shared is not. Exact tails: P(X >= 1) = 1 - C(90,10)/C(100,10).
    exact = 1 - math.comb(90, 10) / math.comb(100, 10)
    assert chance_p(10, 10, 1, 100) == pytest.approx(exact)
    assert at_chance(chance_p(10, 10, 1, 100)) and not at_chance(chance_p(10, 10, 6, 100))
    assert chance_p(10, 10, 0, 100) == 1.0 and chance_p(10, 10, 3, 0) == 1.0
    assert chance_p(10, 10, 10, 100) < 1e-12 and CHANCE_P == 0.01
    # The same overlap is at chance for a frequent keyword and not for a rare one.
    assert at_chance(chance_p(60, 30, 20, 100)) and not at_chance(chance_p(20, 30, 20, 100))
    row = dict(kind="concept", n_b=5, score=0.9, s1=0.5, phrase="a", chance=True)
    other = dict(row, score=0.1, phrase="b", chance=False)
    assert sorted([row, other], key=rank_key) == [other, row]  # associated first, whatever the score


def test_chance_p_equals_scipys_hypergeometric_tail():
    from scipy.stats import hypergeom

    from scoring.evidence import chance_p

    for n_docs, n_k, n_cp, n_b in [(100, 10, 10, 1), (100, 10, 10, 6), (5444, 609, 99, 37), (5444, 2896, 2552, 1500),
                                   (5444, 20, 3000, 19), (5444, 713, 2000, 50), (5444, 713, 2000, 400),
                                   (50, 50, 10, 10), (50, 45, 45, 40), (50, 45, 45, 41), (7, 3, 2, 2)]:
        want = float(hypergeom.sf(n_b - 1, n_docs, n_cp, n_k))
        assert chance_p(n_k, n_cp, n_b, n_docs) == pytest.approx(want, rel=1e-9, abs=1e-300), (n_docs, n_k, n_cp, n_b)
    assert chance_p(10, 10, 11, 100) == 0.0  # more shared documents than either has


def test_no_keyword_page_turns_an_untied_candidate_down():
    # The collection has no page about the keyword: a candidate nothing ties to it is a
    # neighbouring page's term more often than not.
    assert NO_KEYWORD_PAGE_FACTOR == pytest.approx(1 / DEFINES_FACTOR)
    said = Said(sentences=4, kind_of=0, coordinated=0)
    assert evidence_score(0.4, 0.5, Facts(said=said)) == pytest.approx(0.2)
    assert evidence_score(0.4, 0.5, Facts(said=said, keyword_page=False)) == pytest.approx(
        0.2 * NO_KEYWORD_PAGE_FACTOR)
    assert "0.667 (no page about the keyword here, and nothing ties it" in explain(0.4, 0.5, Facts(said=said, keyword_page=False))
    # A definition, a star, a kind-of sentence or WordNet still vouches for it.
    under = Said(sentences=4, kind_of=2, coordinated=0)
    for defines, starred, tie in ((True, False, {}), (False, True, {}), (False, False, {"said": under}),
                                  (False, False, {"wordnet": "kind"})):
        why = explain(0.4, 0.5, Facts(defines=defines, starred=starred, keyword_page=False, **{"said": said, **tie}))
        assert "no page about the keyword" not in why


def test_without_a_keyword_page_a_candidate_joined_to_it_by_shared_documents_alone_goes_down_further():
    # No page about the keyword, no sentence naming both, nothing tying it: the two
    # turned-round factors and a third, 1/3 ("Grendizer" beside "chemical engineering",
    # sharing the "Index of robotics articles" and one other document with it).
    assert SHARED_DOCUMENTS_ONLY_FACTOR == pytest.approx(1 / 3)
    alone = Facts(said=Said(), keyword_page=False)
    assert evidence_score(0.4, 0.5, alone) == pytest.approx(
        0.2 * NO_KEYWORD_PAGE_FACTOR * UNSAID_FACTOR * SHARED_DOCUMENTS_ONLY_FACTOR)
    assert "0.333 (no page about the keyword and no sentence naming both: only shared documents join them)" in (
        explain(0.4, 0.5, alone))
    # One sentence naming both, or any tie: not so.
    for facts in (Facts(said=Said(sentences=1), keyword_page=False),
                  Facts(said=None, keyword_page=False), Facts(said=Said(), keyword_page=False, starred=True),
                  Facts(said=Said(), keyword_page=False, wordnet="kind"),
                  Facts(said=Said(), keyword_page=False, defines=True)):
        assert "only shared documents" not in explain(0.4, 0.5, facts)
    assert evidence_score(0.4, 0.5, Facts(said=Said(sentences=1), keyword_page=False)) == pytest.approx(
        0.2 * NO_KEYWORD_PAGE_FACTOR)


def test_with_a_keyword_page_shared_documents_alone_go_down_too_unless_the_page_ties_them():
    # A general index's entry sharing a rare keyword's few documents ("sdterr" for "simple
    # statement"): no sentence names both, and neither the keyword's page nor anything else ties it.
    alone = Facts(said=Said(), keyword_page=True)
    assert evidence_score(0.4, 0.5, alone) == pytest.approx(0.2 * UNSAID_FACTOR * SHARED_DOCUMENTS_ONLY_FACTOR)
    assert "0.333 (neither the keyword's page nor any sentence names it with the keyword" in explain(0.4, 0.5, alone)
    for tie in ({"linked": True}, {"sectioned": True}, {"starred": True}, {"defines": True}, {"wordnet": "kind"}):
        assert "only shared documents" not in explain(0.4, 0.5, Facts(said=Said(), keyword_page=True, **tie))
    assert "only shared documents" not in explain(0.4, 0.5, Facts(said=Said(sentences=2), keyword_page=True))


def test_without_a_keyword_page_the_share_of_the_candidates_documents_naming_the_keyword_weighs():
    # P(k|C) = n(b)/n(CP), to NO_KEYWORD_PAGE_DIRECTION: "keyboard" (16 of its 375 documents
    # name "computer monitor") goes down far more than a name 4 of whose 5 documents do.
    from scoring.evidence import NO_KEYWORD_PAGE_DIRECTION
    assert NO_KEYWORD_PAGE_DIRECTION == 0.5
    said = Said(sentences=4, kind_of=2, coordinated=0)  # a tie: only the direction factor applies
    base = evidence_score(0.4, 0.5, Facts(said=said, keyword_page=False))
    assert base == pytest.approx(0.2 * SAID_FACTOR)
    assert evidence_score(0.4, 0.5, Facts(said=said, keyword_page=False, n_b=16, n_cp=375)) == pytest.approx(
        base * (16 / 375) ** 0.5)
    assert evidence_score(0.4, 0.5, Facts(said=said, keyword_page=False, n_b=4, n_cp=5)) == pytest.approx(
        base * (4 / 5) ** 0.5)
    why = explain(0.4, 0.5, Facts(said=said, keyword_page=False, n_b=4, n_cp=5))
    assert "0.894 (no page about the keyword: (4/5 of its documents name the keyword)^0.5)" in why
    # With a page about the keyword the counts change nothing; nor do missing counts.
    assert evidence_score(0.4, 0.5, Facts(said=said, n_b=16, n_cp=375)) == pytest.approx(0.2 * SAID_FACTOR)
    assert evidence_score(0.4, 0.5, Facts(said=said, keyword_page=False, n_b=0, n_cp=0)) == pytest.approx(base)


def test_citing_paragraphs_tie_a_candidate_to_a_keyword_without_a_page():
    # Without a page about the keyword, paragraphs naming it on two or more pages that link
    # to the candidate stand in for that page's link: the link's factor, and a tie.
    from scoring.evidence import CITED_FACTOR, MIN_CITING_PAGES
    assert CITED_FACTOR == LINK_FACTOR and MIN_CITING_PAGES == 2
    said = Said(sentences=4, kind_of=0, coordinated=0)
    untied = evidence_score(0.4, 0.5, Facts(said=said, keyword_page=False))
    assert untied == pytest.approx(0.2 * NO_KEYWORD_PAGE_FACTOR)
    assert evidence_score(0.4, 0.5, Facts(said=said, keyword_page=False, cited=3)) == pytest.approx(
        0.2 * CITED_FACTOR)
    why = explain(0.4, 0.5, Facts(said=said, keyword_page=False, cited=3))
    assert "paragraphs naming the keyword on 3 pages link to it" in why
    assert "no page about the keyword" not in why
    # One page is an anecdote: nothing changes.
    assert evidence_score(0.4, 0.5, Facts(said=said, keyword_page=False, cited=1)) == pytest.approx(untied)
    # The keyword page's own link is the stronger statement: the two do not multiply.
    assert evidence_score(0.4, 0.5, Facts(said=said, linked=True, cited=5)) == pytest.approx(0.2 * LINK_FACTOR)


def test_a_citation_no_sentence_backs_ties_nothing():
    # The link sits in the paragraph, but no sentence of the collection names both.
    silent = Said(sentences=0, kind_of=0, coordinated=0)
    why = explain(0.4, 0.5, Facts(said=silent, keyword_page=False, cited=4))
    assert "link to it" not in why
    assert "no page about the keyword here" in why and "no sentence of the collection names both" in why
    assert evidence_score(0.4, 0.5, Facts(said=silent, keyword_page=False, cited=4)) == pytest.approx(
        evidence_score(0.4, 0.5, Facts(said=silent, keyword_page=False)))


@pytest.mark.parametrize("classes, keyword, expected", [
    (["Memory management", "Virtual memory"], "virtual memory", "Virtual memory"),
    (["Computer printers", "Impact printers"], "printer", "Computer printers"),  # plural folded, a kind of it
    (["Hard disk drives"], "hard disk drive", "Hard disk drives"),
    (["Programming languages", "Java (programming language)"], "java", "Java (programming language)"),
    (["Dynamic programming languages"], "dynamic programming", None),  # the keyword modifies another head
    (["Information technology management"], "information technology", None),
    (["Virtual memory"], "memory", "Virtual memory"),  # a kind of memory
    ([], "printer", None),
    (["Printers"], "", None),
    (["Voice over IP"], "voice over ip", "Voice over IP"),  # the keyword's own preposition is no cut
    (["Voice over IP software"], "voice over ip", None),
    (["Theory of computation"], "theory of computation", "Theory of computation"),
    (["Models of computation"], "computation", None),
    (["Unix-like operating systems"], "unix", None),  # a kind of operating system, not of Unix
    (["Peer-to-peer file sharing", "Peer-to-peer"], "peer-to-peer", "Peer-to-peer"),
    (["Set-top boxes"], "set-top box", "Set-top boxes"),
])
def test_filed_as_takes_a_class_whose_name_ends_with_the_keyword(classes, keyword, expected):
    from scoring.names import filed_as
    assert filed_as(classes, keyword) == expected


def test_filed_under_the_keyword_weighs_as_wordnet_and_ties_the_candidate_with_other_evidence():
    from scoring.evidence import FILED_FACTOR, OTHER_FIELD_FACTOR, filed_alone, tied
    assert FILED_FACTOR == TAXONOMY_FACTOR
    said = Said(sentences=4, kind_of=0, coordinated=0)
    assert evidence_score(0.4, 0.5, Facts(said=said, filed="Virtual memory")) == pytest.approx(
        0.2 * FILED_FACTOR)
    linked = Facts(said=said, filed="Virtual memory", linked=True, has_page=True)
    assert "x 2 (its page is filed under 'Virtual memory')" in explain(0.4, 0.5, linked)  # no "no tie"
    assert tied(linked) and not filed_alone(linked)
    # The filing still weighs: the quiet-page, unsaid, no-keyword-page and other-field factors do not apply.
    quiet = evidence_score(0.4, 0.5, Facts(said=Said(), has_page=True, field=True, keyword_page=False))
    assert quiet == pytest.approx(0.2 * QUIET_PAGE_FACTOR * UNSAID_FACTOR * OTHER_FIELD_FACTOR
                                  * NO_KEYWORD_PAGE_FACTOR * SHARED_DOCUMENTS_ONLY_FACTOR)
    alone = Facts(said=Said(), has_page=True, keyword_page=False, filed="Paging")
    assert explain(0.4, 0.5, alone) == (f"S1 0.400 x NPMI 0.500 x 2 (its page is filed under 'Paging', but nothing "
                                        f"else ties it: no tie) = {0.4:.4f}")
    # ... but alone it ties nothing ("Monism" in "Theory of mind"): a class collects what is about the keyword too.
    assert filed_alone(alone) and not tied(alone)
    for other in (replace(alone, defines=True), replace(alone, wordnet="kind"), replace(alone, starred=True),
                  replace(alone, said=Said(sentences=3, kind_of=2)), replace(alone, keyword_page=True, linked=True)):
        assert tied(other) and not filed_alone(other)
    # A link that ties nothing by itself (from the running text of a section) leaves the filing its tie.
    assert tied(replace(alone, keyword_page=True, linked=True, linked_in_prose=True))
    # A field its page defines through the keyword, so filed: no other-field factor either.
    defined = explain(0.4, 0.5, Facts(said=Said(sentences=2), has_page=True, field=True, defines=True, filed="Paging"))
    assert "filed under 'Paging')" in defined and "calls it a field" not in defined


def test_a_field_filed_under_the_keyword_that_nothing_else_puts_under_it_is_a_field_beside_it():
    from scoring.evidence import OTHER_FIELD_FACTOR, tied
    # "Natural language processing" filed under "Speech recognition": a neighbouring field.
    beside = Facts(said=Said(sentences=3), has_page=True, field=True, filed="Speech recognition")
    assert not tied(beside) and beside.filed_under_keyword is None
    assert (f"x {OTHER_FIELD_FACTOR:.3f} (its page calls it a field, not one of the keyword, filed under "
            "'Speech recognition' beside it)") in explain(0.4, 0.5, beside)
    assert "x 2 (its page is filed" not in explain(0.4, 0.5, beside)
    # Defined through the keyword, placed under it by WordNet or read under it by a sentence: the filing ties.
    for under in (replace(beside, defines=True, linked=True), replace(beside, wordnet="kind"),
                  replace(beside, said=Said(sentences=3, kind_of=2))):
        assert tied(under) and under.filed_under_keyword == "Speech recognition"
    assert tied(replace(beside, field=False, linked=True))  # no field: its filing is the site's is-a
    assert not tied(replace(beside, field=False))  # ... that alone ties nothing (filed_alone)


@pytest.mark.parametrize("classes, keyword", [
    (["History of the Internet"], "internet"), (["Unsolved problems in neuroscience"], "neuroscience"),
    (["Fields of mathematics"], "mathematics"),
    # Prepositions past the common ten end the head too: these are distributions and books.
    (["Linux distributions without systemd"], "systemd"), (["Books about Linux"], "linux"),
    (["Conflicts between India and Pakistan"], "pakistan"),
])
def test_filed_as_wants_the_keyword_as_the_head_not_after_a_preposition(classes, keyword):
    from scoring.names import filed_as
    assert filed_as(classes, keyword) is None
    assert filed_as(classes + ["Software " + keyword], keyword) == "Software " + keyword


@pytest.mark.parametrize("keyword, works", [
    ("textbook", True), ("academic journals", True), ("science fiction film", True), ("television series", True),
    ("computer animation", False), ("television", False), ("computer program", False), ("", False),
])
def test_names_works_when_the_keyword_is_a_kind_of_work(keyword, works):
    assert names_works(keyword) is works


@pytest.mark.parametrize("phrase, keyword", [
    ("Spectral graph theory", "graph theory"), ("inkjet printers", "printer"), ("Bipolar transistors", "transistor"),
    ("Mobile e-commerce", "e-commerce"), ("Non-volatile memory", "memory"), ("Data-flow analysis", "analysis"),
    ("Static program analysis", "program analysis"), ("Graphical terminals", "terminal"),
    ("C++ templates", "template"), ("x86-64 assembly", "assembly"),  # a sign inside a modifier's word is no joint
    # the keyword's words in another form of their stem (version 220)
    ("Tiling window manager", "window management"), ("merge sort", "sorting"), ("wave soldering", "soldered"),
])
def test_a_name_that_is_the_keywords_with_a_modifier_names_a_kind(phrase, keyword):
    from scoring.names import names_a_kind
    assert names_a_kind(phrase, keyword)


@pytest.mark.parametrize("phrase, keyword", [
    ("graph theory", "graph theory"), ("Graph theories", "graph theory"),  # the keyword itself
    ("Semi-supervised learning", "supervised learning"),  # hyphen-joined: a sibling, not a kind
    ("Parallel and distributed computing", "distributed computing"),
    ("Voice over Internet Protocol", "internet protocol"), ("The Art of Computer Programming", "computer programming"),
    ("Intel's graphics processing units", "graphics processing unit"), ("first microprocessors", "microprocessor"),
    ("Modern cryptography", "cryptography"), ("NAND flash", "flash memory"), ("Vim (text editor)", "text editor"),
    ("Graph theory software", "graph theory"), ("", "graph theory"), ("graph theory", ""),
    # set beside it by a sign or a colon: two names (version 159)
    ("sed & awk", "awk"), ("Kristen Nygaard – SIMULA", "simula"), ("Terminal: terminal emulator", "terminal emulator"),
    ("Bison, Yacc", "yacc"),
    # another form of the keyword's stem with no modifier, or joined to one by a hyphen (version 220)
    ("window manager", "window management"), ("Big-endian", "endianness"), ("Sorting algorithms", "sorting"),
])
def test_other_names_holding_the_keyword_name_no_kind(phrase, keyword):
    from scoring.names import names_a_kind
    assert not names_a_kind(phrase, keyword)


def test_a_named_kind_weighs_as_an_is_a_and_is_explained():
    from scoring.evidence import NAMED_KIND_FACTOR
    assert NAMED_KIND_FACTOR == IS_A_FACTOR == 2
    said = Said(sentences=4, kind_of=0, coordinated=0)
    plain = evidence_score(0.4, 0.5, Facts(said=said))
    assert evidence_score(0.4, 0.5, Facts(said=said, named_kind=True)) == pytest.approx(plain * 2)
    why = explain(0.4, 0.5, Facts(said=said, named_kind=True))
    assert "2 (its name is the keyword's with a modifier: a kind of it)" in why
    # Not a tie: an untied candidate of a keyword without a page keeps that factor.
    untied = explain(0.4, 0.5, Facts(said=said, keyword_page=False, named_kind=True))
    assert "nothing ties it to the keyword" in untied


@pytest.mark.parametrize("text, name, keyword, expected", [
    ("Animal Planet is a channel. Animal Planet aired it.", "Animal Planet", "planet", False),
    ("Animal Planets and Animal Planet", "Animal Planet", "planet", False),  # plurals folded, still inside
    ("The Pacific Ocean is the largest of the oceans.", "Pacific Ocean", "ocean", True),
    ("Pentium Dual-Core chips, a dual core design", "Pentium Dual-Core", "dual core", True),
    ("Nothing of the kind here.", "Pacific Ocean", "ocean", None),  # the name is not in it
    ("Ocean liners cross the Pacific.", "Pacific Ocean", "ocean", None),
])
def test_uses_apart_tells_a_word_used_by_itself_from_one_only_inside_the_name(text, name, keyword, expected):
    from pipeline.text import singular_words
    from scoring.names import uses_apart
    assert uses_apart(singular_words(text), singular_words(name), singular_words(keyword)) is expected


def test_a_name_borrowing_the_keywords_word_is_no_kind_by_its_name():
    from scoring.evidence import MIN_BORROWING_DOCUMENTS, borrowed_word, named_a_kind
    said = Said(sentences=4, kind_of=0, coordinated=0)
    kind = Facts(said=said, named_kind=True, title=True)
    plain = evidence_score(0.4, 0.5, Facts(said=said, title=True))
    borrowed = replace(kind, borrowing=MIN_BORROWING_DOCUMENTS + 1)
    assert borrowed_word(borrowed) and not named_a_kind(borrowed)
    assert evidence_score(0.4, 0.5, borrowed) == pytest.approx(plain)
    assert evidence_score(0.4, 0.5, kind) == pytest.approx(plain * 2)
    why = explain(0.4, 0.5, borrowed)
    assert "none of the 3 documents naming it uses the keyword's words apart from it" in why
    assert "a kind of it)" not in why
    # Its page defining it through the keyword, or too few documents, leave it a kind.
    assert named_a_kind(replace(borrowed, defines=True))
    assert named_a_kind(replace(kind, borrowing=MIN_BORROWING_DOCUMENTS - 1))
    assert named_a_kind(replace(borrowed, title=False))  # a common name borrows nothing


def test_borrowing_reads_the_documents_naming_the_candidate(tmp_path):
    from pipeline.evidence_stage import borrowing
    rows = [("http://w.org/ap", "Animal Planet - Wiki", "Animal Planet is a television channel about animals.", ""),
            ("http://w.org/tv", "Cable television - Wiki", "Channels such as Animal Planet and Discovery.", ""),
            ("http://w.org/po", "Pacific Ocean - Wiki", "The Pacific Ocean is the largest ocean.", ""),
            ("http://w.org/at", "Atlantic - Wiki", "The Pacific Ocean lies west of the Americas.", ""),
            ("http://w.org/one", "Energy Star - Wiki", "Energy Star is a label.", "")]
    b = _backend_of(tmp_path, rows)
    try:
        assert borrowing(b, "Animal Planet", "planet") == 2  # two documents, neither speaks of planets
        assert borrowing(b, "Pacific Ocean", "ocean") == 0  # one speaks of oceans: a kind of ocean
        assert borrowing(b, "Energy Star", "star") == 0  # one document says too little
        assert borrowing(b, "Animal Planet (channel)", "planet") == 2  # the qualifier is no part of the name
    finally:
        b.con.close()


@pytest.mark.parametrize("phrase, keyword", [
    ("Search engine optimization", "search engine"), ("interrupt request", "interrupt"), ("fossil record", "fossil"),
    ("Printer driver", "printer"), ("Web application framework", "web application"),
    ("opcode prefixes", "opcodes"),  # plurals folded on both sides
    ("Control flow graph (CFG)", "control flow"),  # a trailing qualifier is no part of the name
    ("Decimal floating point", "decimal"), ("Time-sharing system evolution", "time-sharing"),
])
def test_a_name_that_is_the_keywords_before_a_lower_case_head_names_something_of_it(phrase, keyword):
    from scoring.names import names_after
    assert names_after(phrase, keyword)


@pytest.mark.parametrize("phrase, keyword", [
    ("Human Rights Watch", "human rights"), ("Consumer Electronics Show", "consumer electronics"),  # a title's capitals
    ("Regular expression Denial of Service", "regular expression"),
    ("Biogeography-based optimization", "biogeography"), ("Unix-like", "unix"),  # joined by a hyphen
    ("Addition and subtraction", "addition"), ("openness to experience", "openness"),  # a conjunction, a preposition
    ("sed & awk", "sed"), ("Bison, Yacc", "bison"),  # set beside another name
    ("Spectral graph theory", "graph theory"),  # the keyword as the head: a kind (names_a_kind)
    ("Windows 10", "windows"),  # no word after it
    ("interrupt", "interrupt"), ("Interrupts", "interrupt"), ("", "interrupt"), ("interrupt request", ""),
])
def test_other_names_opening_with_the_keyword_name_nothing_after_it(phrase, keyword):
    from scoring.names import names_after
    assert not names_after(phrase, keyword)


def test_a_name_after_the_keyword_weighs_as_a_section_and_ties_it_unless_the_keyword_is_a_name():
    from scoring.evidence import NAMED_AFTER_FACTOR, SECTION_FACTOR, tied
    assert NAMED_AFTER_FACTOR == SECTION_FACTOR == 1.5
    said = Said(sentences=4, kind_of=0, coordinated=0)
    plain = evidence_score(0.4, 0.5, Facts(said=said))
    after = Facts(said=said, named_after=True, holds_keyword=True)
    assert evidence_score(0.4, 0.5, after) == pytest.approx(plain * 1.5)
    assert "1.5 (its name is the keyword's followed by a common noun: something of the keyword)" in explain(0.4, 0.5, after)
    assert tied(after) and not tied(Facts(said=said))
    # A name keyword's names holding it weigh as its parts (NAMED_PART_FACTOR), once.
    name_kw = Facts(said=said, named_after=True, holds_keyword=True, keyword_is_name=True)
    assert evidence_score(0.4, 0.5, name_kw) == pytest.approx(plain * 2)
    assert "followed by a common noun" not in explain(0.4, 0.5, name_kw)


@pytest.mark.parametrize("phrase, keyword", [
    ("Opera Software", "opera"), ("West Coast", "west"), ("Star Wars", "star"),
    ("The Blair Witch Project", "witch"), ("The Lion, the Witch, and the Wardrobe", "witch"),  # articles, commas
    ("National Center for Biotechnology Information", "biotechnology"),  # after the head's preposition
    ("Transformers: Rescue Bots", "transformers"), ("KDE Plasma 5", "plasma"),  # a colon, a number
    ("Lithium Polymer Batteries", "polymers"),  # plurals folded
    ("Opera Mini (web browser)", "opera"),  # a qualifier is no part of the name
])
def test_a_title_borrowing_the_keyword_before_its_head_is_named_with_it(phrase, keyword):
    from scoring.names import named_with
    assert named_with(phrase, keyword)


@pytest.mark.parametrize("phrase, keyword", [
    ("Jet Propulsion Laboratory", "laboratory"), ("Mickey Mouse", "mouse"),  # the keyword is the head
    ("Cryptanalysis of the Enigma", "cryptanalysis"),  # the head before "of"
    ("Curiosity rover", "curiosity"), ("mouse button", "mouse"),  # no title: a lower-case word
    ("Relational Database Management System", "relational database"),  # two-word keywords: terms of art
    ("Opera", "opera"), ("Internet Explorer", "web"), ("", "opera"), ("Opera Software", ""),
])
def test_other_names_are_not_named_with_the_keyword(phrase, keyword):
    from scoring.names import named_with
    assert not named_with(phrase, keyword)


def test_a_citation_of_a_title_named_with_a_keyword_without_a_page_ties_nothing():
    from scoring.evidence import CITED_FACTOR, tied
    cited = Facts(cited=4, keyword_page=False, said=Said(sentences=3), n_k=9, n_cp=5, n_b=5, proper_name=True)
    borrowed = replace(cited, named_with=True)
    assert tied(cited) and not tied(borrowed)
    assert (f"x {CITED_FACTOR:g} (paragraphs naming the keyword on 4 pages link to it by this name, but its name "
            "borrows the keyword as a capitalised word before its head, a name given after it: no tie)"
            ) in explain(0.4, 0.5, borrowed)
    assert evidence_score(0.4, 0.5, borrowed) == evidence_score(0.4, 0.5, cited)  # the score keeps the link
    # Its own page's definition set in the keyword still ties it (a plain one beside citing paragraphs alone
    # does not: version 208); with a page about the keyword, or for a name keyword, the link does.
    assert tied(replace(borrowed, defines=True, defined_in_setting=True, has_page=True))
    assert not tied(replace(borrowed, defines=True, has_page=True))
    assert tied(replace(borrowed, keyword_is_name=True, holds_keyword=True))
    assert tied(replace(borrowed, keyword_page=True, cited=0, linked=True))


@pytest.mark.parametrize("phrase, expected", [
    ("Mayo Clinic", True), ("The Blair Witch Project", True), ("Sigma Phi Epsilon", True), ("Intel 8080", True),
    ("National Center for Biotechnology Information", True),  # function words stay lower case
    ("Simplex algorithm", False), ("sea level", False),  # a title's first capital only
    ("QWERTY", False), ("Protista", False), ("", False),  # one word: a title's capital says nothing
])
def test_a_title_cased_name_is_written_as_a_proper_name(phrase, expected):
    from scoring.names import title_cased
    assert title_cased(phrase) is expected


@pytest.mark.parametrize("phrase, expected", [
    ("Mayo Clinic", True), ("WSDL", True), ("NAND flash", True), ("LimeWire", True),  # a title, acronyms, a brand
    ("MiniBatchNMF", True), ("sys.modules", True), ("z/TPF", True), ("Intel 8080", True),  # identifiers, numbers
    ("Simplex algorithm", False), ("Protista", False), ("sea level", False), ("Folding@home", False), ("", False),
])
def test_a_proper_name_is_written_as_one_things(phrase, expected):
    from scoring.names import proper_name
    assert proper_name(phrase) is expected


def test_a_citation_of_a_common_name_ties_nothing_to_a_keyword_without_a_page():
    from scoring.evidence import CITED_FACTOR, tied
    common = Facts(cited=3, keyword_page=False, said=Said(sentences=3), n_k=9, n_cp=5, n_b=5)
    assert not tied(common)
    assert (f"x {CITED_FACTOR:g} (paragraphs naming the keyword on 3 pages link to it by this name, but a common name, "
            "not the keyword's, that paragraphs about a keyword without a page link as often around it as under it: "
            "no tie)") in explain(0.4, 0.5, common)
    # A proper name, a name holding the keyword's, a name keyword's citation, another tie: tied.
    assert tied(replace(common, proper_name=True)) and tied(replace(common, holds_keyword=True))
    assert tied(replace(common, wordnet="kind")) and tied(replace(common, defines=True, defined_in_setting=True, has_page=True))
    # The score keeps the citation: only the tie goes.
    assert evidence_score(0.4, 0.5, common) == evidence_score(0.4, 0.5, replace(common, proper_name=True))


def test_a_citation_of_a_pageless_title_ties_nothing_to_a_keyword_without_a_page():
    from scoring.evidence import CITED_FACTOR, tied
    # "Annapurna Labs" cited by paragraphs naming microelectronics, which has no page here.
    title = Facts(cited=3, keyword_page=False, title=True, proper_name=True, said=Said(sentences=3),
                  n_k=30, n_cp=3, n_b=3)
    assert not tied(title)
    assert (f"x {CITED_FACTOR:g} (paragraphs naming the keyword on 3 pages link to it by this name, but a title no "
            "page describes, not holding the keyword's name, which paragraphs about a keyword without a page link as "
            "often beside it as under it: no tie)") in explain(0.4, 0.5, title)
    # Holding the keyword's name ("Sustainable Development Goals"), a page of its own, a page about
    # the keyword, an acronym rather than a title, or another tie (WordNet, a kind-of sentence): tied.
    assert tied(replace(title, holds_keyword=True)) and tied(replace(title, keyword_page=True))
    assert tied(replace(title, title=False)) and tied(replace(title, wordnet="kind"))
    assert tied(replace(title, said=Said(sentences=3, kind_of=1)))
    assert tied(replace(title, has_page=True, defines=True, defined_in_setting=True))
    # The score keeps the citation: only the tie goes.
    assert evidence_score(0.4, 0.5, title) == evidence_score(0.4, 0.5, replace(title, holds_keyword=True))


def test_a_citation_of_a_pageless_title_borrowing_the_keywords_word_ties_nothing():
    from scoring.evidence import CITED_FACTOR, tied
    # "Animal Planet" cited by paragraphs naming planet, which has no page here; none of the 4
    # documents naming the channel speaks of planets otherwise.
    borrowed = Facts(cited=3, keyword_page=False, title=True, proper_name=True, said=Said(sentences=3),
                     n_k=30, n_cp=4, n_b=4, holds_keyword=True, named_kind=True, borrowing=4)
    assert not tied(borrowed)
    assert (f"x {CITED_FACTOR:g} (paragraphs naming the keyword on 3 pages link to it by this name, but a title no "
            "page describes, not holding the keyword's name but borrowing its word, which paragraphs about a keyword "
            "without a page link as often beside it as under it: no tie)") in explain(0.4, 0.5, borrowed)
    # A document using the word by itself ("Pacific Ocean"), or a page about the keyword: tied.
    assert tied(replace(borrowed, borrowing=0)) and tied(replace(borrowed, keyword_page=True))


def test_a_citation_ties_nothing_to_a_name_keyword_without_a_page_unless_the_name_holds_it():
    from scoring.evidence import CITED_FACTOR, tied
    # "User Datagram Protocol" cited by paragraphs naming TCP, a name with no page here: a peer.
    peer = Facts(cited=8, keyword_page=False, keyword_is_name=True, proper_name=True, said=Said(sentences=9),
                 n_k=40, n_cp=30, n_b=20)
    assert not tied(peer) and not tied(replace(peer, proper_name=False))
    assert (f"x {CITED_FACTOR:g} (paragraphs naming the keyword on 8 pages link to it by this name, but the keyword "
            "is a name without a page, whose paragraphs link its neighbours as often as its parts: no tie)"
            ) in explain(0.4, 0.5, peer)
    # Its part holds its name ("Riemann hypothesis"); WordNet or another tie vouch.
    assert tied(replace(peer, holds_keyword=True)) and tied(replace(peer, wordnet="kind"))
    assert tied(replace(peer, defines=True, defined_in_setting=True, has_page=True))
    assert evidence_score(0.4, 0.5, peer) == evidence_score(0.4, 0.5, replace(peer, keyword_is_name=False))


def test_a_title_holding_a_name_keyword_without_a_page_ties_nothing_by_its_name_alone():
    from scoring.evidence import CITED_FACTOR, NAMED_KIND_FACTOR, NAMED_PART_FACTOR, tied
    # "Blizzard Entertainment" cited by paragraphs naming "blizzard", a name with no page here.
    title = Facts(cited=15, keyword_page=False, keyword_is_name=True, holds_keyword=True, title=True, proper_name=True,
                  said=Said(sentences=4), n_k=33, n_cp=15, n_b=15)
    assert not tied(title)
    why = explain(0.674, 0.866, title)
    assert ("x 1 (the keyword is a name without a page here and this title holds its name: a name given after it, "
            "no part of it by that alone)") in why
    assert (f"x {CITED_FACTOR:g} (paragraphs naming the keyword on 15 pages link to it by this name, but the keyword "
            "is a name without a page, and this title borrows its name: a name given after it: no tie)") in why
    # "Activision Blizzard": the modifier's kind is no kind either.
    assert not tied(replace(title, named_kind=True))
    assert evidence_score(0.4, 0.5, title) * NAMED_PART_FACTOR == evidence_score(0.4, 0.5, replace(title, title=False))
    assert evidence_score(0.4, 0.5, replace(title, named_kind=True)) * NAMED_KIND_FACTOR == pytest.approx(
        evidence_score(0.4, 0.5, replace(title, named_kind=True, title=False)))
    # Not written as a title ("Riemann hypothesis"), a page about the keyword, a common-noun keyword,
    # or something else tying it ("Tibetan Buddhism": WordNet; a kind-of sentence): its name ties it.
    assert tied(replace(title, title=False)) and tied(replace(title, keyword_page=True))
    assert tied(replace(title, keyword_is_name=False)) and tied(replace(title, wordnet="kind"))
    assert tied(replace(title, said=Said(sentences=4, kind_of=2)))


@pytest.mark.parametrize("phrase, keyword, holds", [
    ("Unix shell", "unix", True), ("Unix-like", "unix", True), ("T-SQL", "sql", True),
    ("Bash (Unix shell)", "unix", True), ("Python Package Index", "python", True),
    ("Linux distributions", "linux", True), ("World Wide Web Consortium", "world wide web", True),
    ("JavaScript", "java", False),  # the keyword's letters inside another word: no part of it
    ("NoSQL", "sql", False), ("unix", "unix", False), ("Unixes", "unix", False),  # the keyword itself
    ("Web", "world wide web", False), ("", "unix", False),
    # the keyword set beside another name, not a part of it (version 159)
    ("Kristen Nygaard – SIMULA", "simula", False), ("Cisco IOS – by Cisco Systems", "cisco ios", False),
    ("Tcl/Tk", "tcl", True), ("Tcl – Tk bindings", "tcl", False), ("PL/SQL", "sql", True),
    # held only after a contrast: what the name lacks or replaces (version 178)
    ("Linux distributions without systemd", "systemd", False), ("Configuration of systemd", "systemd", True),
    ("Shells used instead of Bourne shell", "bourne shell", False),
    ("Unix without Unix tools", "unix", True),  # once outside the contrast: held
])
def test_holds_name_reads_the_keywords_words_as_whole_words(phrase, keyword, holds):
    from scoring.names import holds_name
    assert holds_name(phrase, keyword) is holds


def test_genus_of_and_shared_genus_read_first_sentences():
    from scoring.lead import genus_of, shared_genus
    python = genus_of("Python is an interpreted, high-level, general-purpose programming language. Created by ...")
    ruby = genus_of("Ruby is an interpreted, high-level, general-purpose programming language. It was ...")
    assert "language" in python and shared_genus(ruby, python) in {"interpreted", "high-level", "language"}
    assert shared_genus(genus_of("Django is a Python-based free and open-source web framework."), python) is None
    assert genus_of("") == [] and genus_of("No definition here.") == []


def test_a_name_keyword_lifts_names_holding_it_and_lowers_siblings_by_genus():
    from scoring.evidence import CO_INSTANCE_FACTOR, NAMED_PART_FACTOR
    assert NAMED_PART_FACTOR == IS_A_FACTOR == 2 and CO_INSTANCE_FACTOR == 0.5
    said = Said(sentences=4, kind_of=0, coordinated=0)
    plain = evidence_score(0.4, 0.5, Facts(said=said))
    part = Facts(said=said, keyword_is_name=True, holds_keyword=True)
    assert evidence_score(0.4, 0.5, part) == pytest.approx(plain * 2)
    assert "2 (the keyword is a name and this name holds it" in explain(0.4, 0.5, part)
    sibling = Facts(said=said, keyword_is_name=True, same_genus="language")
    assert evidence_score(0.4, 0.5, sibling) == pytest.approx(plain / 2)
    assert "its page is a 'language' as the keyword's page is" in explain(0.4, 0.5, sibling)
    # A keyword written as a common noun names a class: its kinds share its genus and its name.
    for facts in (Facts(said=said, holds_keyword=True), Facts(said=said, same_genus="language")):
        assert evidence_score(0.4, 0.5, facts) == pytest.approx(plain)
    # Said by its own page to be a kind of the keyword ("XSLT is a language for transforming
    # XML documents"): a part of it whatever its genus.
    kind_of = Facts(said=said, keyword_is_name=True, same_genus="language", defines=True, is_a=True)
    assert evidence_score(0.4, 0.5, kind_of) == pytest.approx(plain * DEFINES_FACTOR * IS_A_FACTOR)
    # Only naming the keyword ("Peru is a country ... bordered in the south by Chile"): still
    # another of its kind.
    beside = Facts(said=said, keyword_is_name=True, same_genus="country", defines=True)
    assert evidence_score(0.4, 0.5, beside) == pytest.approx(plain * DEFINES_FACTOR / 2)
    assert "its page is a 'country' as the keyword's page is" in explain(0.4, 0.5, beside)
    # Named as a kind already (the keyword's name last): counted once.
    kind = Facts(said=said, keyword_is_name=True, holds_keyword=True, named_kind=True)
    assert evidence_score(0.4, 0.5, kind) == pytest.approx(plain * 2)


@pytest.mark.parametrize("lead, title, kind", [
    # A present participle after a company or a person opens what they do.
    ("Linksys is an American company selling data networking hardware products mainly to home users.",
     "Linksys", "organisation"),
    ("Uber Technologies, Inc. is an American company offering vehicles for hire.", "Uber", "organisation"),
    ("The Foresight Institute is a Palo Alto, California-based research non-profit that promotes nanotechnology.",
     "Foresight Institute", "organisation"),
    ("The Center for Security and Emerging Technology is a think tank dedicated to policy analysis.",
     "Center for Security and Emerging Technology", "organisation"),
    ("The M1 Abrams is an American main battle tank.", "M1 Abrams", "concept"),  # a tank, no think tank
    ("A machine learning technique is a method.", "Machine learning technique", "concept"),
    # The title's last word when the lead says nothing else.
    ("The Computer Pioneer Award was established in 1981.", "Computer Pioneer Award - Wikipedia", "organisation"),
    ("The Electronic Frontier Foundation (EFF) is an international non-profit digital rights group.",
     "Electronic Frontier Foundation", "organisation"),
    ("The University of Michigan Executive System (UMES), a batch operating system developed in 1958.",
     "University of Michigan Executive System", "concept"),
    ("The Python Software Foundation License is a BSD-style permissive free software license.",
     "Python Software Foundation License", "concept"),
    ("SCO Group, Inc. v. Novell, Inc. was a lawsuit in the United States.", "SCO Group, Inc. v. Novell, Inc.",
     "concept"),
    ("A research institute is an establishment endowed for doing research.", "Research institute", "concept"),
    # A party: what its first sentence calls it, or its title when the lead says a label.
    ("The Green Party is a political party in Germany.", "Green Party", "organisation"),
    ("The Pirate Party is a label adopted by political parties in different countries.", "Pirate Party",
     "organisation"),
    ("A political party is an organized group of people.", "Political party", "concept"),
    ("Harvard Business School (HBS) is the graduate business school of Harvard University.",
     "Harvard Business School - Wikipedia", "organisation"),
    # A centre's title names products too: the lead, which calls it a front end, decides.
    ("Ubuntu Software Center, or simply Software Center, is a discontinued high-level graphical front end.",
     "Ubuntu Software Center - Wikipedia", "concept"),
])
def test_page_kind_reads_what_organisations_do_and_their_titles(lead, title, kind):
    assert page_kind(lead, title) == kind


def test_by_sense_puts_the_sense_the_collection_uses_first():
    from scoring.sources import by_sense
    robot = ("u/robot", "Android (robot) - Wikipedia", "An android is a robot ...")
    system = ("u/os", "Android (operating system) - Wikipedia", "Android is a mobile operating system ...")
    bare = ("u/bare", "Android (disambiguation) - Wikipedia", "Android may refer to ...")
    uses = {("android", "robot"): 49, ("android", "operating system"): 322}
    count = lambda phrases: uses.get(tuple(phrases), 0)  # noqa: E731
    assert by_sense([robot, system, bare], "android", count) == [system, robot, bare]
    # A page titled exactly so is the keyword's, whatever else its name means.
    exact = ("u/a", "Android - Wikipedia", "Android is ...")
    assert by_sense([robot, exact, system], "android", count) == [robot, exact, system]
    assert by_sense([robot], "android", count) == [robot]


def test_by_sense_puts_a_name_in_the_singular_before_a_plural_one():
    from scoring.sources import by_sense
    command = ("u/cmd", "Strings (Unix) - Wikipedia", "strings is a command ...")
    data = ("u/cs", "String (computer science) - Wikipedia", "In computer programming, a string is ...")
    uses = {("string", "unix"): 120, ("string", "computer science"): 40,
            ("strings", "unix"): 120, ("strings", "computer science"): 40}
    count = lambda phrases: uses.get(tuple(phrases), 0)  # noqa: E731
    # "unix" is named beside "string" more often, but a wiki titles a thing in the singular.
    assert by_sense([command, data], "string", count) == [data, command]
    assert by_sense([command, data], "strings", count) == [data, command]
    # An unqualified singular title for a plural keyword ranks before a qualified plural one.
    bird = ("u/bird", "Bird - Wikipedia", "Birds are a group of ...")
    film = ("u/film", "Birds (film) - Wikipedia", "Birds is a film ...")
    count = lambda phrases: 30 if list(phrases) == ["birds", "film"] else 0  # noqa: E731
    assert by_sense([film, bird], "birds", count) == [bird, film]
    # Among names in the singular, the qualifier the keyword's documents name most still decides.
    robot = ("u/robot", "Android (robot) - Wikipedia", "An android is a robot ...")
    system = ("u/os", "Android (operating system) - Wikipedia", "Android is a mobile operating system ...")
    count = lambda phrases: {"robot": 49, "operating system": 322}.get(list(phrases)[1], 0)  # noqa: E731
    assert by_sense([robot, system], "androids", count) == [system, robot]


@pytest.mark.parametrize("kind, written, keyword, people_asked, expected", [
    ("organisation", "Utah Data Center", "data center", False, "concept"),  # one of the data centers
    ("organisation", "Harvard Medical School", "medical school", False, "concept"),
    ("organisation", "Harvard Medical School", "public health", False, "organisation"),
    ("organisation", "Data Center Alliance", "data center", False, "organisation"),  # the keyword is not its head
    ("person", "Ralph Griswold", "computer scientist", True, "concept"),
    ("person", "Ralph Griswold", "programming language", False, "person"),
    ("work", "Utah Data Center", "data center", False, "work"),  # works have their own rule (names_works)
])
def test_kind_asked_for_keeps_instances_of_the_keyword_as_concepts(kind, written, keyword, people_asked, expected):
    from scoring.kinds import kind_asked_for
    assert kind_asked_for(kind, written, keyword, people_asked) == expected


@pytest.mark.parametrize("written, keyword, lead, expected", [
    ("DreamWorks Animation", "animation", "DreamWorks Animation LLC (also simply known as DreamWorks) is an American "
     "animation studio that is a subsidiary of Universal Pictures.", "organisation"),  # a studio
    ("Computer History Museum", "museum", "The Computer History Museum (CHM) is a museum established in 1996 in "
     "Mountain View, California.", "concept"),
    ("Science Museum", "museums", "The Science Museum is a major museum on Exhibition Road.", "concept"),  # plurals
    ("Utah Data Center", "data center", "", "concept"),  # the page says nothing of what it is
])
def test_an_organisation_named_as_a_kind_of_the_keyword_is_one_only_if_its_page_agrees(written, keyword, lead, expected):
    from scoring.kinds import kind_asked_for
    from scoring.lead import genus_of
    assert kind_asked_for("organisation", written, keyword, False, genus_of(lead)) == expected


def test_a_disambiguation_page_speaks_for_none_of_its_meanings():
    from scoring.lead import is_disambiguation

    assert is_disambiguation("AI (disambiguation) - Wikipedia", "")
    assert is_disambiguation("Mercury - Wiki", "Mercury may refer to: a planet, an element, a god.")
    assert is_disambiguation("AI - Wiki", "AI, A.I., Ai, or ai may also refer to:")
    assert not is_disambiguation("Mercury (planet) - Wiki", "Mercury is the smallest planet.")
    assert not is_disambiguation("Logic - Wiki", "Logic is the study of reasoning. A proof may refer to lemmas.")
    pages = [("http://w.org/ai-d", "AI (disambiguation) - Wiki", "AI, A.I., Ai, or ai may refer to: ..."),
             ("http://w.org/ai", "Artificial intelligence - Wiki", "Artificial intelligence (AI) is intelligence.")]
    assert choose_page(pages, "ai", within=None)[0] == "http://w.org/ai"
    assert choose_page(pages[:1], "ai", within=None) is None


@pytest.mark.parametrize("keyword, title, lead, expected", [
    ("nlp", "Natural language processing - Wiki", "Natural language processing (NLP) is a subfield of linguistics.", True),
    ("os", "Operating system - Wiki", "An operating system (OS) is system software.", True),
    ("ieee", "Institute of Electrical and Electronics Engineers - Wiki",
     "The Institute of Electrical and Electronics Engineers (IEEE) is a professional association.", True),
    ("nlp", "Natural language processing - Wiki", "Natural language processing is a subfield of linguistics.", False),
    ("nlp", "Neuro-linguistic programming - Wiki", "Neuro-linguistic programming is a pseudoscience.", False),
    ("np", "Natural language processing - Wiki", "Natural language processing (NLP) is a field.", False),
    ("natural language", "Natural language processing - Wiki", "Natural language processing (NLP) is a field.", False),
])
def test_abbreviates_wants_the_initials_and_the_brackets_of_the_first_sentence(keyword, title, lead, expected):
    from scoring.lead import abbreviates

    assert abbreviates(keyword, title, lead) is expected


def _backend_of(tmp_path, rows: list[tuple[str, str, str, str]]) -> LocalBackend:
    """A real page store of (url, title, main text, lead) rows, opened as the index is."""
    con = store.connect(tmp_path / "s.sqlite")
    for url, title, text, lead in rows:
        store.insert_page(con, url, "w.org", title, text, store.pack_html(b"<html><body>x</body></html>"),
                          store.pack_links([]), lead=lead)
    con.commit()
    con.close()
    return LocalBackend(tmp_path / "s.sqlite")


def test_the_long_form_page_stands_for_an_abbreviation_most_of_whose_documents_spell_it_out(tmp_path):
    from pipeline.evidence_stage import other_name_pages

    rows = [("http://w.org/nlp", "Natural language processing - Wiki",
             "Natural language processing (NLP) is a subfield of linguistics and NLP is studied widely.",
             "Natural language processing (NLP) is a subfield of linguistics."),
            ("http://w.org/nlpr", "Natural-language programming - Wiki", "Natural-language programming (NLP) is rare.",
             "Natural-language programming (NLP) is an approach to programming."),
            ("http://w.org/a", "Parsing - Wiki", "Parsers serve natural language processing and NLP.", "Parsing is ..."),
            ("http://w.org/b", "Tagging - Wiki", "Taggers are NLP tools.", "Tagging is ...")]
    b = _backend_of(tmp_path, rows)
    try:
        leads = b.leads_mentioning("nlp")
        # "nlp" is in 4 documents, "natural language processing" with it in 2 (a half): its page
        # stands for the keyword; "natural language programming" shares 1 of 4 and does not.
        assert [u for u, _, _ in other_name_pages("nlp", leads, b.hit_count)] == ["http://w.org/nlp"]
        assert other_name_pages("parsing", b.leads_mentioning("parsing"), b.hit_count) == []
    finally:
        b.con.close()


@pytest.mark.parametrize("keyword, title, lead, expected", [
    ("machine intelligence", "Artificial intelligence - Wiki",
     "In computer science, artificial intelligence (AI), sometimes called machine intelligence, is intelligence "
     "demonstrated by machines.", True),
    ("information technology security", "Computer security - Wiki",
     "Computer security, cybersecurity or information technology security (IT security) is the protection of "
     "computer systems.", True),
    ("naive bayes", "Naïve Bayes classifier - Wiki", "A naïve Bayes classifier, or naïve Bayes, is a classifier.", True),
    # The keyword after the copula is what the subject is, not another name of it.
    ("machine learning", "Deep learning - Wiki", "Deep learning is part of machine learning methods.", False),
    # Part of a hyphenated word, an etymology, or the title itself: no alias.
    ("star", "C* - Wiki", "C* (or C-star) is an object-oriented superset of ANSI C.", False),
    ("mechanics", "BEAM robotics - Wiki",
     "BEAM robotics (from biology, electronics, aesthetics and mechanics) is a style of robotics.", False),
    ("artificial intelligence", "Artificial intelligence - Wiki", "Artificial intelligence (AI) is intelligence.", False),
    # A bracket that turns to the origin glosses the words the name comes from, after the turn.
    ("skill", "Technology - Wiki", 'Technology ("science of craft", from Greek τέχνη, techne, "art, skill, cunning '
     'of hand"; and -λογία, -logia) is the sum of techniques.', False),
    ("word", "Logo - Wiki", "A logo (abbreviation of logotype, lit. 'word') is a graphic mark.", False),
    ("logotype", "Logo - Wiki", "A logo (abbreviation of logotype, lit. 'word') is a graphic mark.", True),
    ("macroinstruction", "Macro - Wiki", 'A macro (short for "macroinstruction", from Greek μακρός \'long\') is a rule.',
     True),
    # Phonetic letters spell the name's sound, they turn to no origin.
    ("community enterprise operating system", "CentOS - Wiki",
     "CentOS (/ˈsɛntɒs/, from Community Enterprise Operating System) is a Linux distribution.", True),
    # The subject must open with the title's name: a sentence about something else names no alias of it.
    ("machine intelligence", "Existential risk - Wiki",
     "Concern about machine intelligence, or superintelligence, is widespread.", False),
])
def test_names_as_alias_reads_other_names_between_the_title_and_the_copula(keyword, title, lead, expected):
    from scoring.lead import names_as_alias

    assert names_as_alias(keyword, title, lead) is expected


def test_a_page_whose_first_sentence_gives_the_keyword_as_an_alias_stands_for_it_when_most_documents_agree(tmp_path):
    from pipeline.evidence_stage import other_name_pages

    rows = [("http://w.org/ai", "Artificial intelligence - Wiki",
             "Artificial intelligence, sometimes called machine intelligence, is intelligence of machines.",
             "Artificial intelligence, sometimes called machine intelligence, is intelligence of machines."),
            ("http://w.org/ad", "Artificial development - Wiki",
             "Artificial development, also known as machine intelligence, is an area.",
             "Artificial development, also known as machine intelligence, is an area."),
            ("http://w.org/a", "Agents - Wiki", "Agents show machine intelligence, as artificial intelligence says.",
             "Agents are ..."),
            ("http://w.org/b", "Risk - Wiki", "Machine intelligence is a risk.", "Risk is ...")]
    b = _backend_of(tmp_path, rows)
    try:
        # "machine intelligence" is in 4 documents; "artificial intelligence" with it in 2 (a
        # half), "artificial development" in 1: only the first page stands for the keyword.
        leads = b.leads_mentioning("machine intelligence")
        assert [u for u, _, _ in other_name_pages("machine intelligence", leads, b.hit_count)] == ["http://w.org/ai"]
    finally:
        b.con.close()


def test_fold_variants_ranks_a_persons_surname_as_the_full_name_unless_two_given_names_share_it():
    def row(phrase, written, score, kind="person"):
        return {"phrase": phrase, "written": written, "score": score, "n_cp": 10, "page": None, "kind": kind}

    rows = [row("hinton", "Hinton", 0.9), row("geoffrey hinton", "Geoffrey Hinton", 0.5),
            row("smith", "Smith", 0.8), row("adam smith", "Adam Smith", 0.4), row("john smith", "John Smith", 0.3),
            row("lecun", "LeCun", 0.2), row("yann lecun", "Yann LeCun", 0.6), row("yann a lecun", "Yann A. LeCun", 0.1),
            row("turing", "Turing", 0.7, kind="concept"), row("alan turing", "Alan Turing", 0.6),
            row("geoff hinton", "Geoff Hinton", 0.45)]
    folded = fold_variants(rows)
    assert folded["geoff hinton"][0] == "geoffrey hinton"  # a given name's short form
    assert folded["hinton"][0] == "geoffrey hinton" and "surname" in folded["hinton"][1]
    assert folded["lecun"][0] == "yann lecun"  # one given name, whatever the initials between
    assert "smith" not in folded  # two people could be meant
    assert "turing" not in folded  # "Turing" read as a concept (a machine, a test) stays
    assert "geoffrey hinton" not in folded and "yann lecun" not in folded


def test_a_lead_defines_through_a_keyword_typed_without_its_diacritics():
    lead = "Gödel numbering is a function that assigns to each symbol of a formal language a natural number."
    assert defining_sentence(lead, "godel") == lead
    assert defining_sentence("A naïve Bayes classifier is simple.", "naive bayes") == "A naïve Bayes classifier is simple."


def test_link_titles_names_an_anchor_by_its_target_page_only_when_the_anchor_names_no_page(tmp_path):
    from pipeline.citing_links import link_titles

    wiki = "https://en.wikipedia.org/wiki/"
    b = _backend_of(tmp_path, [(wiki + t.replace(" ", "_"), t + " - Wiki", t, t + " is ...")
                               for t in ("Message passing", "Neural network", "Artificial neural network",
                                         "Kernel (operating system)")])
    try:
        targets = {"passing messages": wiki + "Message_passing",        # the author's words: renamed
                   "Neural networks": wiki + "Artificial_neural_network",  # a page's name itself: kept
                   "message passing": wiki + "Message_passing",          # already the title's name
                   "the scheduler": wiki + "Message_passing#Scheduling",   # a part of a page: kept
                   "lack of a global clock": wiki + "Clock_synchronization",  # a page the collection lacks
                   "its kernel": wiki + "Kernel",  # only a qualified page answers: not the link's page
                   "MP": wiki + "Message_passing"}  # an abbreviation of the title: the collection's own name
        assert link_titles(b, targets) == {"passing messages": "Message passing"}
    finally:
        b.con.close()


def test_weak_evidence_is_a_score_under_the_floor_or_one_shared_document_but_a_section_heading():
    from pipeline.evidence_stage import _rank_once
    from scoring.evidence import CONCEPT_FLOOR

    def row(phrase, n_b, score, sectioned=False):
        return {"phrase": phrase, "kind": "concept", "n_k": 40, "n_cp": 30, "n_b": n_b, "score": score, "s1": score,
                "page": None, "ruled_out": False, "sectioned": sectioned}
    rows = [row("faint", 9, CONCEPT_FLOOR * 0.9), row("anecdote", 1, 0.8), row("heading", 1, 0.8, sectioned=True),
            row("strong", 9, 0.5), row("Footnotes", 1, 0.01, sectioned=True),
            dict(row("counts only", 9, 0.6), tied=False)]
    _rank_once(rows, backend=None, shown={}, n_docs=6000)
    assert [(r["phrase"], r["weak"]) for r in rows] == [
        ("strong", False), ("heading", False), ("counts only", True), ("faint", True), ("anecdote", True),
        ("Footnotes", True)]


@pytest.mark.parametrize("facts, expected", [
    (Facts(), False),  # the hit counts alone
    (Facts(generic=True, has_page=True), False),  # penalties tie nothing
    (Facts(linked=True), True),
    (Facts(defines=True), False),  # a definition alone, not in the keyword's setting (version 205)
    (Facts(defines=True, defined_in_setting=True), True),
    (Facts(sectioned=True), True),
    (Facts(starred=True), True),
    (Facts(wordnet="kind"), True),
    (Facts(wordnet="sibling"), False),  # WordNet beside the keyword: a penalty, no tie
    (Facts(named_kind=True), True),
    (Facts(keyword_is_name=True, holds_keyword=True), True),
    (Facts(said=Said(sentences=10, kind_of=2, coordinated=0)), False),  # kind-of sentences alone (version 206)
    (Facts(said=Said(sentences=10, kind_of=2, coordinated=0), linked=True), True),
    (Facts(said=Said(sentences=10, kind_of=0, coordinated=9)), False),  # listed beside it: a penalty
    # A link to a page of its own that says nothing of the keyword ties nothing (version 151) ...
    (Facts(linked=True, has_page=True), False),
    (Facts(cited=3, has_page=True, keyword_page=False, said=Said(sentences=4)), False),
    (Facts(cited=3, keyword_page=False, said=Said(sentences=4), proper_name=True), True),
    # ... unless that page, or something else, ties it
    (Facts(linked=True, has_page=True, defines=True), True),
    (Facts(linked=True, has_page=True, filed="Shells"), True),
    (Facts(linked=True, has_page=True, named_kind=True), True),
    # ... nor a link to a name with no page that more documents hold than the keyword (version 152)
    (Facts(linked=True, n_k=10, n_cp=11), False),
    (Facts(cited=3, keyword_page=False, said=Said(sentences=4), n_k=10, n_cp=40), False),
    (Facts(linked=True, n_k=10, n_cp=10, n_b=6), True),
    (Facts(linked=True, n_cp=10, n_b=6), True),  # the keyword's count unknown
    # ... nor one that the keyword is in at most half the documents of (version 153)
    (Facts(linked=True, n_k=10, n_cp=8, n_b=4), False),
    (Facts(linked=True, n_k=10, n_cp=8, n_b=5), True),
    (Facts(linked=True, has_page=True, defines=True, n_k=10, n_cp=8, n_b=2), True),  # its page ties it
    (Facts(linked=True, n_k=10, n_cp=40, sectioned=True), True),
    (Facts(linked=True, n_k=10, n_cp=40, has_page=True, defines=True), True),  # its page ties it
    # A name's page linking a name without a page ties it only when something else does too.
    (Facts(linked=True, keyword_is_name=True, n_k=5, n_cp=5, n_b=3), False),
    (Facts(linked=True, keyword_is_name=True, n_k=5, n_cp=5, n_b=3, holds_keyword=True), True),
    (Facts(linked=True, keyword_is_name=True, n_k=5, n_cp=5, n_b=3, has_page=True, defines=True), True),
    (Facts(linked=True, keyword_is_name=False, n_k=5, n_cp=5, n_b=3), True),
    # A name keyword's peer that is starred: its list is the keyword's peers' (version 181).
    (Facts(starred=True, keyword_is_name=True, listed_beside=True), False),
    (Facts(starred=True, keyword_is_name=True, same_genus="language"), False),
    (Facts(starred=True, keyword_is_name=True, same_genus="language", defines=True, is_a=True), True),
    (Facts(starred=True, keyword_is_name=False, listed_beside=True), True),  # a class's lists hold its kinds
    (Facts(starred=True, keyword_is_name=True), True),
    # A link from a section's running text ties nothing (version 179); a section ties by itself.
    (Facts(linked=True, linked_in_prose=True, has_page=True, n_k=5, n_cp=5, n_b=3), False),
    (Facts(linked=True, linked_in_prose=True, sectioned=True, n_k=5, n_cp=5, n_b=3), True),
])

def test_tied_holds_when_some_evidence_beyond_the_counts_lifts_the_score(facts, expected):
    from scoring.evidence import tied
    assert tied(facts) is expected
    # ... and an untied concept is weak whatever its score
    from scoring.evidence import is_weak
    assert is_weak(0.9, n_b=9, is_tied=tied(facts)) is not expected


@pytest.mark.parametrize("facts, reason", [
    (Facts(linked=True, linked_in_passing=True), "the keyword's page links to it by this name, only in passing: no tie"),
    (Facts(linked=True, has_page=True, linked_in_prose=True),
     "the keyword's page links to it by this name, but only from the running text of its sections: no tie"),
    (Facts(linked=True, n_k=5, n_cp=9), "the keyword's page links to it by this name, but more documents hold it "
                                        "than the keyword: no tie"),
    (Facts(linked=True, has_page=True, linked_as="RE"), "the keyword's page links to its page as 'RE', but its page "
                                                        "says nothing of the keyword: no tie"),
    (Facts(cited=2, keyword_page=False, said=Said(sentences=3), n_k=5, n_cp=9, proper_name=True),
     "paragraphs naming the keyword on 2 pages link to it by this name, but more documents hold it than the keyword: "
     "no tie"),
    (Facts(linked=True, n_k=5, n_cp=5, n_b=3), "the keyword's page links to it by this name"),
    (Facts(linked=True, n_k=9, n_cp=6, n_b=3), "the keyword's page links to it by this name, but at most 50% of "
                                               "the documents holding it name the keyword: no tie"),
    # The keyword is a name ("pixar", "kerala"): its page's links to names without a page of
    # their own are its neighbours as often as its parts; a class's page ties by the same link.
    (Facts(linked=True, keyword_is_name=True, n_k=5, n_cp=5, n_b=3),
     "the keyword's page links to it by this name, but the keyword is a name, whose page links its neighbours "
     "as often as its parts: no tie"),
])
def test_the_explanation_says_when_a_link_ties_nothing(facts, reason):
    from scoring.evidence import LINK_FACTOR, explain
    assert f"x {LINK_FACTOR:g} ({reason})" in explain(0.4, 0.5, facts)


def test_the_explanation_says_when_a_star_ties_nothing():
    from scoring.evidence import STAR_FACTOR, explain
    peer = explain(0.4, 0.5, Facts(starred=True, keyword_is_name=True, listed_beside=True))
    assert (f"x {STAR_FACTOR:g} (starred, but another of the keyword's kind, whose starred list holds the keyword's "
            "peers: no tie)") in peer
    assert f"x {STAR_FACTOR:g} (starred)" in explain(0.4, 0.5, Facts(starred=True, keyword_is_name=True))


@pytest.mark.parametrize("lead, keyword, expected", [
    ("Vectorization is a programming technique that uses vector operations.", "vectorization", True),
    ("The Fourier transform (FT) is a transform.", "fourier transform", True),
    ("In computing, vectorization is the conversion of loops.", "vectorization", True),
    ("Text processing services are modules for strings.", "text processing service", True),  # plurals folded
    ("The ethics of artificial intelligence is a branch of ethics.", "artificial intelligence", False),
    ("Octave has many vectorization tools. Vectorization is fast.", "vectorization", False),  # the first sentence only
    ("", "vectorization", False),
])
def test_opens_on_reads_the_first_sentence_s_subject(lead, keyword, expected):
    from scoring.lead import opens_on
    assert opens_on(lead, keyword) is expected


@pytest.mark.parametrize("lead, keyword, expected", [
    # first sentences of the shared corpus: a name spelled in lower case (version 178)
    ("systemd is a software suite that provides an array of system components.", "systemd", True),
    ("sed (stream editor) is a Unix utility that parses and transforms text.", "sed", True),
    ("iOS (formerly iPhone OS) is a mobile operating system.", "ios", True),  # capitals inside: still a name
    ("Pragmatism is a philosophical tradition.", "pragmatism", False),  # capitalised as any sentence is
    ("sedan chairs were carried by two porters.", "sed", False),  # another word that begins so
    ("the systemd suite is a set of daemons.", "systemd", False),  # opens on another word
    ("musl is a C library. systemd is a suite.", "systemd", False),  # the first sentence only
    ("", "systemd", False),
])
def test_opens_in_lower_case_reads_a_name_spelled_so(lead, keyword, expected):
    from scoring.lead import opens_in_lower_case
    assert opens_in_lower_case(lead, keyword) is expected


@pytest.mark.parametrize("written, keyword, chapter", [
    # pandas' and Django's chapter titles, listed as their keyword's concepts before version 135
    ("Working with missing data", "missing data", True),
    ("Intro to data structures", "data structure", True),
    ("Managing static files (e.g. images, JavaScript, CSS)", "static file", True),
    ("Time series / date functionality", "time series", True),
    ("Merge, join, concatenate and compare", "merge", True),
    ("Reshaping and pivot tables", "reshaping", True),
    # judged misses of the shared corpus and scikit-learn, all so named
    ("Computational science and engineering", "computational science", True),
    ("Pairwise metrics, Affinities and Kernels", "pairwise metric", True),
    # names, kinds and sub-topics
    ("SQL/PSM", "sql", False),  # a name's slash is unspaced
    ("Density Estimation: Histograms", "density estimation", False),  # a subtitle may name a sub-topic
    ("Supervised machine learning", "machine learning", False),
    ("Machine learning", "machine learning", False),
    ("Using the Django authentication system", "authentication", False),  # more than the frame
    ("Working memory", "memory", False),  # "working" alone frames nothing
])
def test_a_title_of_a_chapter_about_the_keyword_is_the_keyword_again(written, keyword, chapter):
    assert names_keyword_chapter(written, keyword) is chapter


@pytest.mark.parametrize("written, keyword, study", [
    ("Probability theory", "probability", True),
    ("Computational complexity theory", "computational complexity", True),
    ("Computer science", "computer", True),
    ("computer sciences", "computers", True),  # plurals fold on both sides
    ("Game studies", "games", True),
    ("Graph theory (mathematics)", "graph", True),  # a qualifier is no part of the name
    ("Cluster analysis", "cluster", False),  # a method, a part of its subject
    ("Case study", "case", False),  # "study" alone names no field
    ("Set theory", "set theory", False),  # the keyword itself
    ("Theory of computation", "computation", False),  # the keyword not first
    ("Quantum field theory", "field", False),  # the keyword not first
    ("Information theory", "information retrieval", False),  # not the keyword's words
])
def test_a_field_named_after_the_keyword_is_the_study_of_it(written, keyword, study):
    assert names_its_study(written, keyword) is study


def test_subject_names_are_the_whole_names_a_first_sentence_gives_before_its_verb():
    from scoring.lead import subject_names

    fsm = ("A finite-state machine (FSM) or finite-state automaton (FSA, plural: automata), finite automaton, "
           "or simply a state machine, is a mathematical model of computation.")
    assert subject_names("Finite-state machine", fsm) == {
        ("finite", "state", "machine"), ("fsm",), ("finite", "state", "automaton"), ("fsa",), ("finite", "automaton"),
        ("state", "machine")}  # not "automata": a plural's aside names no other thing
    # A name inside a longer one is none, and what the subject is (after the verb) no name of it.
    radio = "Pirate radio or a pirate radio station is a radio station that broadcasts without a licence."
    assert subject_names("Pirate radio", radio) == {("pirate", "radio"), ("pirate", "radio", "station")}
    assert subject_names("CPU", "In computing, a central processing unit (CPU), also called a central "
                                "processor, is the electronic circuitry.") == set()  # opens on another name
    assert ("central", "processor") in subject_names("Central processing unit", "In computing, a central processing "
                                                     "unit (CPU), also called a central processor, is circuitry.")
    assert subject_names("Animation", "Animation is a method.") == {("animation",)}
    assert ("electronics",) not in subject_names("Electronic engineering", "Electronic engineering (also called "
                                                 "electronics and communications engineering) is a discipline.")
    assert subject_names("Animation", "") == set() and subject_names("Animation", "Animation, a method.") == set()
    # A label before a colon says what the next words are, it is no name: "Chinese", "pinyin".
    china = "China (Chinese: 中国; pinyin: Zhōngguó), officially the People's Republic of China (PRC), is a country."
    assert {("chinese",), ("pinyin",)}.isdisjoint(subject_names("China", china))
    assert {("china",), ("prc",), ("zhongguo",)} <= subject_names("China", china)


@pytest.mark.parametrize("keyword, lead, in_wordnet, expected", [
    # Its page calls it a field, WordNet does, or its name ends in a study word.
    ("computer vision", "Computer vision is an interdisciplinary scientific field that deals with images.", None, True),
    ("algebra", "", True, True),
    ("group theory", "In mathematics, group theory studies the algebraic structures known as groups.", None, True),
    ("Data science", "", None, True),
    # Its page calls it something else, or WordNet knows it only as other things.
    ("causality", "Causality is influence by which one event contributes to the production of another.",
     False, False),
    ("plato", "", False, False),
    ("parallel computing", "Parallel computing is a type of computation in which many calculations run at once.",
     None, False),
    # Nothing says: no page with a genus, and WordNet does not know the name.
    ("deep learning", "Deep learning is part of a broader family of machine learning methods.", None, None),
    ("overfitting", "", None, None),
])
def test_keyword_is_a_field(keyword, lead, in_wordnet, expected):
    assert keyword_is_a_field(keyword, lead, in_wordnet) is expected


def test_field_beside_a_keyword_that_is_no_field():
    field = Facts(field=True, has_page=True)
    assert field_beside(field, False, "Metaphysics", "causality")
    assert field_beside(field, False, "Epistemology", "Plato")
    # The keyword is a field, or nothing says whether it is: its fields may be its branches.
    assert not field_beside(field, True, "Algebraic topology", "topology")
    assert not field_beside(field, None, "Computer vision", "deep learning")
    # Its page puts it under the keyword, a class named after the keyword files it, or its name
    # holds the keyword's ("Philosophy of mind" for mind, plurals folded): left to the counts.
    assert not field_beside(replace(field, defines=True, is_a=True), False, "Cognitive neuroscience", "cognition")
    assert not field_beside(replace(field, filed="Cognition"), False, "Cognitive psychology", "cognition")
    assert not field_beside(field, False, "Philosophy of mind", "minds")
    # Not a field: nothing to say.
    assert not field_beside(Facts(has_page=True), False, "Determinism", "causality")


def test_a_wordnet_sibling_is_listed_apart_unless_its_name_or_page_puts_it_under_the_keyword():
    sibling = Facts(wordnet="sibling", has_page=True, defines=True)
    assert wordnet_sibling(sibling)  # "Permian" for the Triassic: a definition alone does not say "a kind of"
    # "minor planet" for planet: a name holding the keyword's names one of its kinds.
    assert not wordnet_sibling(replace(sibling, holds_keyword=True))
    # "Puffins are ... auks": the page calls it a kind of the keyword, whatever WordNet files.
    assert not wordnet_sibling(replace(sibling, is_a=True))
    assert not wordnet_sibling(replace(sibling, wordnet="kind")) and not wordnet_sibling(replace(sibling, wordnet=None))


def test_a_name_keywords_concept_tied_only_where_the_collection_names_it_has_a_higher_floor():
    from scoring.evidence import CONCEPT_FLOOR, NAME_FLOOR, floor_of, is_weak, names_only
    # "Alpine Linux" for musl: a link and a list name it, nothing says it is part of musl.
    linked = Facts(keyword_is_name=True, keyword_has_genus=True, linked=True, has_page=True, defines=True)
    assert names_only(linked) and floor_of(linked) == NAME_FLOOR > CONCEPT_FLOOR
    assert is_weak(0.2, floor=floor_of(linked)) and not is_weak(0.35, floor=floor_of(linked))
    # Its page calls it a kind of the keyword, its name holds the keyword's, WordNet files it
    # under the keyword, or the keyword is no name: the floor every concept has.
    # So does a name whose page does not say what it is: a manual's chapter title ("Linear Algebra")
    # is written in capitals by typography.
    for facts in (replace(linked, is_a=True), replace(linked, holds_keyword=True), replace(linked, wordnet="part"),
                  replace(linked, keyword_is_name=False), replace(linked, keyword_has_genus=False)):
        assert not names_only(facts) and floor_of(facts) == CONCEPT_FLOOR
        assert not is_weak(0.2, floor=floor_of(facts))
    # A WordNet sibling is not under the keyword: the name floor applies.
    assert floor_of(replace(linked, wordnet="sibling")) == NAME_FLOOR


def test_wordnets_kinds_of_a_keyword_without_a_page_have_a_lower_floor():
    from scoring.evidence import CONCEPT_FLOOR, WORDNET_FLOOR, floor_of, is_weak
    # "milk" and "beer" for drink: WordNet files them under it, the collection has no page on it.
    kind = Facts(keyword_page=False, wordnet="kind", n_k=59, n_cp=46, n_b=11)
    assert floor_of(kind) == WORDNET_FLOOR == CONCEPT_FLOOR / 2
    assert not is_weak(0.1, n_b=11, floor=floor_of(kind)) and is_weak(0.06, n_b=11, floor=floor_of(kind))
    # With a page about the keyword, or without WordNet's is-a (a part, a topic domain, a sibling, nothing),
    # the floor every concept has.
    for facts in (replace(kind, keyword_page=True), replace(kind, wordnet=None), replace(kind, wordnet="sibling"),
                  replace(kind, wordnet="part"), replace(kind, wordnet="domain")):
        assert floor_of(facts) == CONCEPT_FLOOR and is_weak(0.1, n_b=11, floor=floor_of(facts))


def test_without_a_keyword_page_a_definition_beside_citing_paragraphs_alone_ties_nothing():
    from scoring.evidence import tied, weigh
    # "CMOS technology is used for constructing ... microprocessors": its page names the keyword, paragraphs
    # naming the keyword link to it, and nothing else lifts it; the collection has no page on microprocessor.
    both = Facts(keyword_page=False, defines=True, cited=3, has_page=True, proper_name=True, said=Said(sentences=4),
                 n_k=9, n_cp=5, n_b=5)
    score, why, is_tied = weigh(0.4, 0.5, both)
    assert not is_tied and not tied(both)
    assert "its page defines it via the keyword, and with no page about the keyword, nothing but citing paragraphs " \
           "beside it: no tie" in why
    # The score keeps both factors.
    assert score > 0 and "x 1.5 (its page defines" in why and "x 1.5 (paragraphs naming the keyword on 3 pages" in why
    # Each alone keeps its own reading: citing paragraphs alone tie a name with no page of its own (with one,
    # its page must say something of the keyword: version 151), a definition alone does not (version 205).
    assert tied(replace(both, defines=False, has_page=False)) and not tied(replace(both, defines=False))
    assert not tied(replace(both, cited=0))
    # Set in the keyword, opening on it, called a kind of it, with a third piece of evidence, or with a page about
    # the keyword: tied.
    for other in (replace(both, defined_in_setting=True), replace(both, defined_opening=True), replace(both, is_a=True),
                  replace(both, starred=True),
                  replace(both, keyword_page=True, cited=0, linked=True)):
        assert tied(other) and "citing paragraphs beside it: no tie" not in weigh(0.4, 0.5, other)[1]


@pytest.mark.parametrize("sentence, keyword, expected", [
    ("GNU Privacy Guard (GnuPG or GPG) is a free-software replacement for PGP", "privacy", True),
    ("Unsupervised Outlier Detection.", "outlier detection", True),  # an API entry's one-line summary
    ("Non-Negative Matrix Factorization (NMF).", "matrix factorizations", True),  # plurals folded
    ("CMOS technology is used for constructing integrated circuit chips, including microprocessors", "microprocessor",
     False),
    ("The iPod Touch is a brand of mobile computers with a touchscreen", "touchscreen", False),  # reached late
    ("", "privacy", False), ("Privacy matters.", "", False),
])
def test_a_definition_opens_with_the_keyword_among_its_first_three_words(sentence, keyword, expected):
    from scoring.lead import opens_with_keyword
    assert opens_with_keyword(sentence, keyword) is expected


def test_a_name_made_a_kind_by_a_modifier_has_the_lower_floor():
    from scoring.evidence import CONCEPT_FLOOR, NAMED_KIND_FLOOR, floor_of, is_weak
    # "Financial accounting" for accounting: the collection's own name for a kind of the keyword.
    kind = Facts(keyword_page=False, named_kind=True, holds_keyword=True, n_k=40, n_cp=30, n_b=9)
    assert floor_of(kind) == NAMED_KIND_FLOOR == CONCEPT_FLOOR / 2
    assert floor_of(replace(kind, keyword_page=True)) == NAMED_KIND_FLOOR
    assert not is_weak(0.1, n_b=9, floor=floor_of(kind)) and is_weak(0.06, n_b=9, floor=floor_of(kind))
    # A title borrowing a name keyword's name is no kind of it: the factor and the floor go together.
    borrowed = replace(kind, keyword_is_name=True, title=True)
    assert floor_of(borrowed) == CONCEPT_FLOOR and is_weak(0.1, n_b=9, floor=floor_of(borrowed))
    assert "a kind of it" not in explain(0.4, 0.5, borrowed)
    # Holding the keyword after a head ("password policy") or not at all keeps the floor every concept has.
    for facts in (replace(kind, named_kind=False), replace(kind, named_kind=False, named_after=True)):
        assert floor_of(facts) == CONCEPT_FLOOR


@pytest.mark.parametrize("heading, described", [
    ("Courtship and breeding", True), ("Uses by the blind", True), ("When to switch", True),
    ("Other sed commands", True), ("Autonomous vs. automated", True), ("FreeBSD's and NetBSD's jemalloc", True),
    ("Simple reflex agents", False), ("Peer-to-peer", False), ("Constrained genericity", False),
    ("Zero client", False), ("Theory", False), ("The", False), ("Theory of computation", True),
])
def test_a_heading_reads_as_a_description_by_its_function_words(heading, described):
    assert reads_as_description(heading) is described


def test_a_descriptive_heading_nothing_else_names_is_an_aspect():
    heading = Facts(sectioned=True, n_cp=1)
    assert describes_an_aspect(heading, "Courtship and breeding")
    assert describes_an_aspect(replace(heading, n_cp=ASPECT_MAX_DOCUMENTS), "Uses by the blind")
    # Written as a name, it stays a concept: "Model-based reflex agents".
    assert not describes_an_aspect(heading, "Model-based reflex agents")
    # The keyword's own words are no description: "Push video on demand" names a kind of it.
    assert not describes_an_aspect(heading, "Push video on demand", "video on demand")
    assert describes_an_aspect(heading, "Video on demand in hotels", "video on demand")
    # More documents use the words: the collection uses them as a name.
    assert not describes_an_aspect(replace(heading, n_cp=ASPECT_MAX_DOCUMENTS + 1), "Courtship and breeding")
    # Not a heading of the keyword's page: the rule is about what the page's headings tell.
    assert not describes_an_aspect(replace(heading, sectioned=False), "Courtship and breeding")
    # Anything else naming it makes it a name: a page, a link, a main-article note, a
    # definition, a star, a filing or WordNet ("Philosophy of mind" has a page).
    for other in (dict(has_page=True), dict(linked=True), dict(main_article=True), dict(defines=True),
                  dict(starred=True), dict(filed="Operating systems"), dict(wordnet="kind")):
        assert not describes_an_aspect(replace(heading, **other), "Courtship and breeding"), other


@pytest.mark.parametrize("sentence, keyword, expected", [
    ("In particle physics, quantum electrodynamics (QED) is the relativistic quantum field theory of electrodynamics.",
     "particle physics", True),
    ("In computer vision and image processing feature detection includes methods, for computing abstractions.",
     "image processing", True),
    ("Within operations research, cuckoo search is an optimization algorithm.", "operations research", True),
    ("In 1998, physicists observed it in particle physics experiments.", "particle physics", False),  # not the opening phrase
    ("MythTV is a home entertainment application with a 10-foot user interface for the living room TV.",
     "living room", False),
    ("In particle physics quantum electrodynamics is a theory", "particle physics", False),  # no comma: no opening phrase
    ("", "particle physics", False),
])
def test_a_sentence_opens_in_the_keywords_setting(sentence, keyword, expected):
    from scoring.lead import opens_in_setting
    assert opens_in_setting(sentence, keyword) is expected


def test_a_definition_naming_the_keyword_ties_nothing_alone_unless_it_opens_in_its_setting():
    from scoring.evidence import DEFINES_FACTOR, defined_alone, tied
    # "Office Open XML is a ... file format ... for representing spreadsheets" for spreadsheet.
    alone = Facts(defines=True, has_page=True, said=Said(sentences=2))
    assert defined_alone(alone) and not tied(alone)
    assert f"x {DEFINES_FACTOR:g} (its page defines it via the keyword, and nothing else ties it: no tie)" in explain(
        0.4, 0.5, alone)
    # The score keeps the definition: the quiet-page factor does not apply.
    assert evidence_score(0.4, 0.5, alone) == pytest.approx(0.2 * DEFINES_FACTOR)
    # "In particle physics, quantum electrodynamics is ...": the setting ties it.
    assert tied(replace(alone, defined_in_setting=True)) and not defined_alone(replace(alone, defined_in_setting=True))
    # A kind of the keyword by its page, a link (even one that ties nothing alone), WordNet, a star: tied.
    for other in (replace(alone, is_a=True), replace(alone, linked=True), replace(alone, wordnet="kind"),
                  replace(alone, starred=True), replace(alone, linked=True, linked_in_prose=True),
                  replace(alone, said=Said(sentences=3, kind_of=2)), replace(alone, filed="Spreadsheets")):
        assert tied(other) and not defined_alone(other)
    assert "no tie" not in explain(0.4, 0.5, replace(alone, linked=True))


def test_kind_of_sentences_alone_tie_nothing():
    from scoring.evidence import SAID_FACTOR, tied
    # "web browsers such as Mozilla": nothing but the collection's sentences put it under the keyword.
    alone = Facts(said=Said(sentences=6, kind_of=3, coordinated=0), has_page=True)
    assert not tied(alone)
    assert (f"x {SAID_FACTOR:g} (3 of 6 sentences with both read it as under the keyword, and nothing else ties it: "
            "no tie)") in explain(0.4, 0.5, alone)
    assert evidence_score(0.4, 0.5, alone) == pytest.approx(0.2 * SAID_FACTOR)  # the score keeps them
    # With anything else over 1 beside them (a link, even one that ties nothing alone; WordNet; a star): tied.
    for other in (replace(alone, linked=True), replace(alone, wordnet="kind"), replace(alone, starred=True),
                  replace(alone, defines=True), replace(alone, named_kind=True)):
        assert tied(other) and "under the keyword, and nothing else" not in explain(0.4, 0.5, other)


def test_keyword_chapter_is_the_one_chapter_or_opening_on_the_keyword_and_no_list():
    from scoring.sources import keyword_chapter

    mechanism = ("u/vtab", "The Virtual Table Mechanism Of SQLite", "A virtual table is an object that is registered.")
    listing = ("u/vtablist", "List Of Virtual Tables", "A virtual table is an object that presents an SQL interface.")
    other = ("u/fts", "FTS5 Virtual Table Module", "FTS5 is an SQLite virtual table module.")
    # The list opens on the keyword too; it lists kinds and is no page on the thing.
    assert keyword_chapter([mechanism, listing, other], "virtual table") == (mechanism, "opening")
    # Two pages that open on it say neither is the keyword's page.
    twin = ("u/vt2", "Virtual Table Methods", "A virtual table is a table.")
    assert keyword_chapter([mechanism, twin], "virtual table") == (None, "opening")
    # A numbered chapter comes first, even beside a page that opens on the keyword.
    chapter = ("u/ch14", "Chapter 14. Performance Tips", "This chapter gives tips.")
    opening = ("u/perf", "Performance and Tuning", "Performance is how fast a query runs.")
    assert keyword_chapter([opening, chapter], "performance") == (chapter, "chapter")
    assert keyword_chapter([], "performance") == (None, "opening")


def test_keyword_chapter_takes_the_one_section_only_when_no_chapter_holds_the_keyword():
    from scoring.sources import keyword_chapter

    borrowing = ("u/ch04-02", "4.2. References and Borrowing - The Book", "The issue with the tuple code is that ...")
    ownership = ("u/ch04-00", "4. Understanding Ownership - The Book", "Ownership is Rust's most unique feature.")
    assert keyword_chapter([borrowing], "borrowing") == (borrowing, "section")
    # Not a chapter's part titled so: an unnumbered page or a sub-section is no section on it.
    assert keyword_chapter([("u/b", "References and Borrowing", "The issue ...")], "borrowing") == (None, "opening")
    assert keyword_chapter([("u/b", "4.2.1. More Borrowing", "The issue ...")], "borrowing") == (None, "opening")
    # Two sections say the keyword is broader than either.
    modules = ("u/ch07-02", "7.2. Defining Modules to Control Scope", "Here we talk about ...")
    files = ("u/ch07-05", "7.5. Separating Modules into Different Files", "So far, ...")
    assert keyword_chapter([modules, files], "modules") == (None, "opening")
    # A chapter holding the keyword comes first; two chapters rule out their sections too.
    chapter = ("u/ch07", "7. Managing Growing Projects with Packages, Crates, and Modules", "As you write ...")
    assert keyword_chapter([modules, chapter], "modules") == (chapter, "chapter")
    other = ("u/ch19", "19. Advanced Modules", "This chapter ...")
    assert keyword_chapter([modules, chapter, other], "modules") == (None, "opening")
    # A page that opens on the keyword comes before a section.
    opening = ("u/own", "Ownership Rules", "Ownership is a set of rules.")
    section = ("u/ch04-01", "4.1. What is Ownership?", "Rust's central feature ...")
    assert keyword_chapter([section, opening], "ownership") == (opening, "opening")
    assert keyword_chapter([section, ownership], "ownership") == (ownership, "chapter")


def test_an_ambiguous_wordnet_filing_ties_nothing_and_keeps_the_concept_floor():
    from scoring.evidence import CONCEPT_FLOOR, WORDNET_FLOOR, floor_of

    ambiguous, kind = Facts(wordnet="ambiguous", keyword_page=False), Facts(wordnet="kind", keyword_page=False)
    plain = Facts(keyword_page=False)
    assert evidence_score(0.4, 0.5, ambiguous) == pytest.approx(evidence_score(0.4, 0.5, plain))  # no x TAXONOMY_FACTOR
    # WordNet's kind ties the candidate (no untied penalty) and weighs TAXONOMY_FACTOR on top.
    assert evidence_score(0.4, 0.5, kind) >= evidence_score(0.4, 0.5, ambiguous) * TAXONOMY_FACTOR
    assert "which one the documents mean it does not say" in explain(0.4, 0.5, ambiguous)
    assert floor_of(ambiguous) == CONCEPT_FLOOR and floor_of(kind) == WORDNET_FLOOR
