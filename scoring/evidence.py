"""The default ranking ("evidence"): the published counts, used with direction and definitions.

Every factor is a count or a fact a person can check in the run's artifacts:

    score = S1 x max(NPMI, 0) x 1.5 if the candidate's own page defines it through the
            keyword x 2 if that page's first sentence calls it a kind or branch of the
            keyword x 2 if its name is the keyword's with modifiers before it (a kind
            by its name, unless it is a proper name borrowing the word: borrowed_word)
            x 1.5 if the tag-tree check starred it x 1.5 if a section of the
            keyword's own page is titled so x 2 if its page's site files it under a class
            named after the keyword x 2 if WordNet files it under the keyword
            (x 1/1.5 if beside it)
            x 1.5 if sentences of the collection read it as under the keyword, else x 0.8
            if they list it just before the keyword x 1.5 if the keyword's own page links
            to it (without such a page: if paragraphs naming the keyword on two or more
            pages do) x 1/1.5 if it has a page of its own and nothing above (the link aside)
            ties it to the keyword x 1/1.5 if no sentence of the collection names both
            and nothing above ties it x 1/1.5 if its page calls it a field of study without
            putting it under the keyword x 1/1.5 if the collection has no page about the
            keyword and nothing above ties it (x 1/3 more if, besides, no sentence of the
            collection names both) x 0.5 for a generic word
            x (n(b)/n(CP))^0.5 if the collection has no page about the keyword

- S1 = n(b) / sqrt(n(k) n(CP)), the published association.
- NPMI = log(P(k, CP) / (P(k) P(CP))) / -log P(k, CP), with P(x) = n(x) / N over the N
  documents of the index: how much more often the two occur together than chance would
  have them, scaled to [-1, 1]. It punishes what S1 cannot: a term frequent everywhere
  ("research", "process") co-occurs with any frequent keyword often, but not more often
  than chance; and it does not need one threshold across keywords whose n(k) differ 20x.
- Defines: the index keeps, for every page, its title and its first paragraph. A page
  whose title is the candidate and whose first paragraph mentions the keyword (Porter
  stems, as a contiguous run) describes the candidate in terms of the keyword ("Robotics
  is a branch of engineering ..."): the direction a sub-topic has and a parent field or
  a generic word lacks.
- Is a: the page's first sentence names the keyword in what it says the candidate is
  ("Swarm robotics is an approach to the coordination of multiple robots ... robotics"
  no; "Computational chemistry is a branch of chemistry that ..." yes): the keyword
  within the IS_A_WINDOW words after the first "is/are/was/were/refers to", plurals
  folded (not Porter stems: "physical" is not "physics"). The pattern is Hearst's
  "X is a (kind of) Y", the definition's genus: what a taxonomy puts under Y. Only with
  Defines (the same first paragraph).
- Named kind: the candidate's name is the keyword's with modifiers before it ("Spectral
  graph theory", "inkjet printers" for "printer"; not after a hyphen, conjunction,
  preposition or possessive: `names_a_kind`). A compound's head names its genus, as a
  first sentence's is-a does: the same strength, 2 (session 21: 0.93 of 240 judged top-10
  places so named were hits). Not a tie: the name says nothing of where the collection
  puts it.
- Starred: a parent node of one of the candidate's lists mentions the keyword.
- Sectioned: a section heading (<h2>..<h6>) of the keyword's own page names the
  candidate (concept_key: case, plurals and a trailing qualifier aside): the page about
  the keyword divides it into that part ("Hidden Markov models" on "Speech recognition",
  "Public-key cryptography" on "Cryptography"). The star turned round: there a heading
  over the candidate names the keyword, here the keyword's page heads a section with
  the candidate. Session 10: 38 of 45 judged top-25 places with it were hits.
- WordNet: an outside taxonomy files the candidate under the keyword, as a kind ("Goose"
  under "birds"), a part ("Beak") or a term of its topic domain ("Quark" under
  "physics"): scoring/taxonomy.py. Lexicographers' is-a, where the is-a factor reads the
  collection's own page; the same strength, 2. Silent for names WordNet 3.0 lacks (most
  of computing after 2006). Turned round (session 14, scoring.taxonomy.placement): filed
  beside the keyword, a sense of each directly under one parent, 1/1.5; filed above it,
  a broader term, listed apart.
- Filed: the candidate's own page is filed by its site under a class whose head is the
  keyword (a wiki's category box, a breadcrumb trail: pipeline.filing, `filed_as`):
  "Paging" in "Virtual memory". The site editors' is-a, at WordNet's strength, 2, and a
  tie like it (session 19: 0.92 of 334 judged top-10 places so filed were hits).
- Said: the collection's sentences that name both, read with Hearst's patterns ("K such as
  C", "C and other K", "C is a kind of K"): scoring/hearst.py. Two such sentences, or one
  that is at least SAID_MIN_SHARE of the sentences naming both, are x1.5;
  without one, the candidate listed just before the keyword ("C and K", as sibling fields
  are listed) in COORDINATED_SHARE of them is x0.8.
- Unsaid: not one sentence of the collection names both, and no page, star, section,
  link or WordNet ties the candidate to the keyword: the two share documents (long pages,
  lists of everything) but the collection never says anything of them together
  (session 15: 3 of 33 judged top-25 places so placed were hits). 1/1.5.
- Linked: the keyword's own page (the one whose sections count) links to the candidate,
  the link's anchor text its name (concept_key). A page about a subject links its reader
  to the concepts it is made of and uses (session 13: 0.81 of 453 judged top-10 places
  so linked were hits, 0.59 of the 417 others).
- Cited: the collection has no page about the keyword, and paragraphs (list items, table
  cells) that name it link to the candidate by this name on MIN_CITING_PAGES pages or
  more of the run's pages (chrome removed): what authors link to where they write about
  the subject stands in for the missing page's links. The link's factor, 1.5, and a tie
  like it (session 18: 0.65 of 194 judged top-25 places of keywords without a page so
  cited were hits, 0.27 of 198 cited nowhere; for keywords with a page the same factor
  measured worse, so it is not counted there). Not counted either when no sentence of the
  collection names both (the link always sits in another sentence of the paragraph: 2 of
  20 judged places so cited were hits).
- Quiet page: a page titled as the candidate whose first paragraph does not mention the
  keyword, with no star, section, WordNet or kind-of sentence either: the definition
  turned round, 1/1.5 (session 12: a sibling field's page, mostly).
- Another field: the page's first sentence says the candidate is a field, discipline,
  branch, area, science or study (names_a_field) and does not name the keyword as its
  genus (no is-a): a sibling or parent field more often than a part, 1/1.5 (session 14).
- No keyword page: the collection has no page about the keyword, and no definition,
  star, kind-of sentence or WordNet placement ties the candidate to it: the top 10 is
  then made of the lists of neighbouring pages, 0.29 of such judged places hits
  (session 16). 1/1.5. And whatever ties it, P(k|CP) = n(b)/n(CP) to the power 0.5:
  how often the candidate's own documents name the keyword (session 20).

Works (books, textbooks, films, journals, fictional characters: `read_page_kind`) are ranked
apart after people and organisations, as they are, unless the keyword names a kind of
work (session 20).

Candidates come from six sources (scoring.sources): the mined lists; definitions (`definition_candidates`:
a page whose first paragraph mentions the keyword names a concept described through
it, and so does a glossary's entry whose description mentions it, session 29); the section headings of the keyword's own page and the anchor texts of its links
(`page_name_candidates`), which name its parts and what it uses whether or not a list
holds them word for word; without such a page, the anchors its citing paragraphs link
by (source "cited"); and the names WordNet files under the keyword
(`taxonomy_candidates`).

Type III candidates (n(CP) > n(k)) are ranked with the rest: for a rare keyword a real
sub-concept can be more frequent than the keyword itself.


Chosen by measurement on bench/quality's references (see README "Quality"): NPMI beat
raw ratios, lower confidence bounds of P(k|CP), log-likelihood ratio and IDF penalties;
the two evidence factors each added a little; 1.5 is "half again", not a tuned constant
(2 and 3 measured within one reference hit of it).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Sequence

from pipeline.text import contains_phrase, singular_words, words

from .hearst import Said
from .kinds import KINDS
from .names import reads_as_description
from .taxonomy import POLYSEMY, UNDER, describe

# Bump when a rule or factor below changes: evidence runs are filed under it (tasks/topic.py),
# so a finished run made by an older ranking is redone, not reused.
RANKING_VERSION = 231  # what each version changed: docs/ranking-versions.md
# A definition that names the keyword is a tie when something else says so too, or when the
# sentence sets the candidate in the keyword ("In particle physics, quantum electrodynamics is
# ..."); by itself, anywhere else in the sentence, the keyword is as often the candidate's use,
# place or neighbour ("MythTV is a ... application ... for the living room TV", "Office Open
# XML is a ... file format ... for representing spreadsheets", "DRM exposes an API that user
# space programs can use"). Session 69, over version 203's judged top 10s: candidates nothing
# but such a definition lifted (no other factor over 1) were hits in 114 of 253 places (0.45;
# the drawn sets 62 of 146), against 28 of 34 when the sentence opens on the keyword's setting
# and 97 of 194 with a link that ties nothing alone beside it. The definition keeps its weight in
# the score and ties nothing alone (defined_alone), so such a candidate is weak evidence.
# Without a page about the keyword, citing paragraphs beside such a definition tie nothing
# either: both are the collection naming the two together, and a candidate whose own page names
# the keyword without calling it a kind of it and without setting it there is the keyword's
# neighbour ("CMOS technology is used for constructing ... microprocessors", "Edge detection
# ... in a digital image", "Clade" and "speciation" for ancestor). Session 70, over version 207's
# judged top 10s: candidates of keywords with no page that nothing but those two lifted were hits
# in 33 of 90 places (0.37; the drawn sets 12 of 41), against 0.54 for citing paragraphs alone,
# 3 of 3 when the definition opens on the keyword's setting, and 149 of 270 (0.55) for such a
# definition beside a link from the keyword's own page. A definition that opens on the keyword,
# among its first three words, is about a name holding it or about the keyword itself ("GNU
# Privacy Guard (GnuPG) is ...", "Filesystem in Userspace (FUSE) is ...", scikit-learn's
# "Unsupervised Outlier Detection." for OneClassSVM): 8 of those 11 places were hits, and the
# rule without that exemption cost scikit-learn's site 5 of the 8 places it took there.
DEFINES_FACTOR = 1.5
IS_A_FACTOR = 2.0  # on top of DEFINES_FACTOR: the genus is the strongest thing a definition says
STAR_FACTOR = 1.5
TAXONOMY_FACTOR = IS_A_FACTOR  # an outside is-a weighs what the page's own is-a weighs
SECTION_FACTOR = 1.5  # "half again", as the star and the definition: not tuned (1.25-2 measured)
# The collection's sentences read the candidate as under the keyword (scoring/hearst.py):
# "half again", as the star; or list it just before the keyword, as fields are listed beside
# each other, in at least COORDINATED_SHARE of the sentences naming both: a quarter less.
# Such sentences alone, with no page, link, section, star, name or WordNet placement beside
# them, read neighbours as kinds as often as kinds ("web browsers such as Mozilla", "speech
# synthesis" for speech recognition, "Complexity theory" for information theory): session 69,
# over version 205's judged top 10s, candidates nothing but them lifted were hits in 24 of 61
# places (0.39; the drawn sets 15 of 40), against 0.70 and over for the sections, WordNet
# placements and names that lift candidates alone. They keep their weight in the score and tie
# nothing alone (_alone), so such a candidate is weak evidence.
SAID_FACTOR = 1.5
# One kind-of sentence among very many naming both is an accident of wording more than a
# reading ("1 of 175 sentences" for "Pascal" under "compiler"): it counts when two or more
# sentences read so, or one that is at least SAID_MIN_SHARE of them (session 13: one of
# over 50 was a hit in 0.53 of 40 judged places, one of 50 or fewer in 0.78 of 156).
SAID_MIN_SHARE = 0.02
COORDINATED_FACTOR = 0.8
COORDINATED_SHARE = 0.1
# The definition turned round: the candidate has a page of its own, and neither its first
# paragraph, nor a list heading, nor the keyword's sections, nor WordNet, nor the
# collection's sentences tie it to the keyword. Mostly sibling fields, described without
# the keyword (session 12: 0.26 of 57 judged top-10 places were hits).
QUIET_PAGE_FACTOR = 1 / DEFINES_FACTOR
# Never said together: no sentence of the collection names both, and nothing else (page,
# star, section, link, WordNet) ties the candidate to the keyword. The two share documents,
# long pages and lists, but the collection never makes a statement about them together
# (session 15: 3 of 33 judged top-25 places so placed were hits; 0.72 of those with a tie).
# The turned-round factors' strength, 1/1.5; with a page it adds to the quiet-page factor.
UNSAID_FACTOR = 1 / DEFINES_FACTOR
# A field of study of its own: the candidate's page calls it a field, discipline, branch,
# science or study ("Computer vision is an interdisciplinary scientific field that ..."),
# but its first sentence does not put it under the keyword (no is-a). A sibling or a
# parent field more often than a part (session 14: 24 of 56 judged top-10 places so
# described were hits, 0.43; 0.84 of 31 fields whose page names the keyword as their genus).
# The definition turned round again: 1/1.5, as the quiet page.
OTHER_FIELD_FACTOR = 1 / DEFINES_FACTOR
# Without the keyword's page: the collection has no page about the keyword, so no section
# or link can tie a candidate to it and the lists of neighbouring pages fill the top 10.
# A candidate that no definition, star, kind-of sentence or WordNet ties to the keyword
# is then a neighbour's term more often than not (session 16: 0.29 of 128 judged top-10
# places of keywords without a page, 0.73 of 153 with a tie; with a page, untied
# candidates are rare in a top 10 and this factor is not applied). 1/1.5, as the others.
NO_KEYWORD_PAGE_FACTOR = 1 / DEFINES_FACTOR
# Both at once: no page about the keyword, no sentence of the collection naming the two, and
# nothing else tying the candidate to it. Sharing documents is then all the evidence (a
# long page, an index of everything: the anime robots of "Index of robotics articles" for
# "chemical engineering"), and the two turned-round factors above leave such names in the
# top 10: session 37, 3 of 163 judged top-10 places so placed were hits (0.02), against
# 0.53 for the other places of keywords without a page. A third turned-round factor, 1/3:
# simulated on the 506 judged keywords, 1/2, 1/3, 1/5 and listing them after all others
# took out 86-153 places holding 6-9 hits and brought in 9 hits among the 30 judged
# newcomers (the rest judged after the run): the middle of that range, not a tuned value.
# Version 131 applies it with a keyword page too, when nothing ties the candidate (not the
# page's sections or links either) and no sentence names both: on the shared corpus no
# such candidate reaches a top 10, but on the documentation sites 25 of 26 judged top-10
# places so placed were misses, a general index's entries sharing its few documents with
# a rare keyword ("formatting, printf", "sdterr" for "simple statement") and a manual's
# option lists ("no-comments", "disable-triggers" for "table access method").
SHARED_DOCUMENTS_ONLY_FACTOR = 1 / 3
# Without a page about the keyword, the lists, links and sentences around it are mostly its
# neighbours' ("keyboard", "mouse" and "headphones" beside "computer monitor"), and how often
# a candidate's own documents name the keyword, P(k|C) = n(b)/n(CP), tells a part from a
# neighbour better than the symmetric S1 does: the score is multiplied by P(k|C) to this
# power (session 20: on the 64 judged keywords without a page, the 92 top-10 places it
# moved out held 24 hits; the 92 it brought in, judged after, 37; the references, with
# version 72's works apart too: P@10 0.573 unchanged, P@25 0.453 -> 0.467). A square root: the
# association's direction weighs, S1 still counts. With a page, its sections and links
# already say what is a part (session 10: P(k|C)^0.3-0.5 for all keywords was a draw).
NO_KEYWORD_PAGE_DIRECTION = 0.5
# WordNet files a sense of the candidate and one of the keyword directly under one parent
# (co-hyponyms: "Political science" and "sociology", "backgammon" and "chess"): a sibling.
# Session 14: 5 of 17 judged top-10 places so filed were hits. The WordNet factor turned
# round, at the strength of the other turned-round factors.
SIBLING_FACTOR = 1 / DEFINES_FACTOR
# The keyword's own page links to the candidate, the anchor text its name: the page about
# the keyword points its reader there ("head-mounted display" on "Virtual reality"). Half
# again, as the star and the section; not a tie that lifts the quiet-page factor (a page
# links to its sibling fields too: session 13 measured that as worse).
LINK_FACTOR = 1.5
# Without a page about the keyword: the collection's paragraphs (and list items, table
# cells) that name the keyword link to the candidate by this name on MIN_CITING_PAGES
# pages or more (pipeline.links.links_naming). What authors link to where they write about
# a subject stands in for the links of a page about it (session 18: 0.65 of 194 judged
# top-25 places of keywords without a page were hits when so cited, 0.43 of 105 cited on
# one page, 0.27 of 198 cited nowhere). The link's strength; one page is an anecdote.
CITED_FACTOR = LINK_FACTOR
MIN_CITING_PAGES = 2
# A keyword that is another name of a page's subject, an abbreviation ("nlp", "ai") or an
# alias its first sentence gives ("machine intelligence"), has that page as its own when most
# of the keyword's documents also name the page's title: a majority, so the collection's
# usual meaning of the name wins over a page that happens to abbreviate to it ("Citizen
# science (CS)").
OTHER_NAME_SHARE = 0.5
# Filed under the keyword: the candidate's own page is filed by its site under a class whose
# head is the keyword (`filed_as`: "Paging" in "Virtual memory", "QBasic" in "BASIC interpreters",
# "Daisy wheel printer" in "Computer printers"): pipeline.filing. The site's editors' is-a,
# where WordNet's is a lexicographer's: the same strength, 2, and a tie like it. Session 19:
# 0.92 of 334 judged top-10 places so filed were hits, 0.62 of 613 with a page not so filed.
# But a site's class of a field collects the fields around it too ("Natural language processing"
# in "Speech recognition", "Philosophy of mind" in "Qualia", "Operations research" in
# "Management science"): session 68, over version 201's judged top 10s, pages calling themselves
# a field of study, filed so, that neither define themselves through the keyword nor have a
# WordNet placement or a kind-of sentence under it were hits in 4 of 21 places; such a filing
# ties nothing and weighs nothing (Facts.filed_under_keyword), and OTHER_FIELD_FACTOR holds.
# And a class collects what is about the keyword beside its parts ("Theory of mind" holds
# "Monism" and "Solipsism", "Version control systems" holds "Revision control" for control
# system, "Device drivers" holds "User space"): session 69, over version 203's judged top 10s,
# pages that nothing but such a filing tied (no link from the keyword's page, definition
# through it, section, star, WordNet placement, kind-of sentence or name holding it) were hits
# in 22 of 55 places, against 79 of 113 filed and linked in ways that tie nothing alone (from
# a section's running text, to a page that says nothing of the keyword) and 1,395 of 1,570
# filed and tied otherwise. A filing alone keeps its weight in the score and
# ties nothing (filed_alone), so such a page is weak evidence.
FILED_FACTOR = TAXONOMY_FACTOR
# A kind by its name: the candidate's name is the keyword's with modifiers before it
# ("Spectral graph theory" for "graph theory", "inkjet printers" for "printer"), the
# compound's head naming its genus, as a first sentence's is-a does; the substring rule
# of taxonomy induction (SemEval-2015 TExEval's strongest baseline). Session 21: 0.93 of
# 240 judged top-10 places so named were hits, 0.80 of those ranked 11-30 (against 0.61
# and 0.44 for the other names); the is-a's strength, 2. Not a tie that lifts the
# turned-round factors: a name alone says nothing of where the collection puts it.
NAMED_KIND_FACTOR = IS_A_FACTOR
# Something of the keyword by its name: the candidate's name is the keyword's followed by a head
# written in lower case ("Search engine optimization", "interrupt request", "fossil record",
# "Printer driver"; names.names_after), for a keyword that is no name (a name's are its parts:
# NAMED_PART_FACTOR). English puts the head last, so the compound names a thing, an activity or a
# part that concerns the keyword, as a section of its page would: the section's weight, and a tie.
# Session 65, over version 191's judged top-25 places of keywords that are no names: such
# candidates that nothing else tied, listed apart as weak, were hits in 38 of 39 (0.27 for the
# other untied ones); those listed, in 211 of 255 (0.83). A title's capitals after the keyword
# ("Human Rights Watch", "Consumer Electronics Show", "Network Security Toolkit") name an
# organisation, an event or a work, not a part: 6 of 13 such untied places were hits.
NAMED_AFTER_FACTOR = SECTION_FACTOR
# A keyword the collection writes as a name (SentencePool.name_share at least NAME_SHARE:
# "Python", "USB", "Ethernet", "World Wide Web"; not "router" or "Markov chain") names one
# thing, not a class: its sub-topics are its parts, versions and kinds, which its name
# is part of ("Linux kernel", "Unix-like", "T-SQL", "Bash (Unix shell)"), and the things its
# page calls by the keyword's own genus are its siblings ("Python is a ... programming
# language", "Ruby is a ... programming language"). Session 24: 18 of the 326 judged
# keywords are so written (0.78-1.0; the next, "internet protocol", 0.69); names holding
# the keyword's words, x2 (the is-a's strength), and siblings by genus, x1/2, move 34 of
# their top-10 places: 12 of the 34 out were hits, 29 of the 34 in (judged after). The
# keywords written as common nouns are left as they were: for a class, a shared genus is
# its kinds' ("PHP is a ... scripting language"), and a name holding it, its kinds' too.
# Siblings without a page of their own ("OCaml", "Scala" for "Haskell") show their kind
# where a mined list holds them beside the keyword itself (scoring.peers): session 25,
# of the judged top-10 places of name keywords so listed, not defined through the keyword
# and not holding its name, 8 of 31 were hits (0.64 for the rest); the same x1/2. For a
# class, such lists hold its parts as often as its siblings (sessions 3, 13, 18: no rule).
# A page sharing the keyword's genus that names the keyword without saying it is one of
# its kinds is a sibling too ("Peru is a country ... bordered ... in the south by Chile"):
# session 49, of the judged top-25 places of version 144 so placed, 2 of 7 were hits,
# against 3 of 3 whose page said it is a kind of the keyword.
NAME_SHARE = 0.75
NAMED_PART_FACTOR = IS_A_FACTOR
CO_INSTANCE_FACTOR = 1 / 2
# "Data", "applications", "Resources": one word that a tenth of any collection uses and
# no page defines through the keyword co-occurs with every frequent keyword.
GENERIC_SHARE = 0.1
GENERIC_FACTOR = 0.5
# A section heading that most pages of the collection hold ("See also", "External links")
# is the pages' structure, not a part of the keyword: such headings are no candidates.
STRUCTURE_SHARE = 0.5
MAX_NAME_WORDS = 15  # as for list items: longer is a sentence, not a name
# WordNet's one- and two-letter names ("J", "IE", "Pi") are counted as index tokens, which
# stand for a letter or an abbreviation of anything: their counts do not measure the concept.
MIN_NAME_CHARS = 3
# One document holding both the keyword and the candidate is an anecdote, not an
# association: such candidates are ranked after those with more (their scores kept).
MIN_SHARED_DOCUMENTS = 2
# The per-keyword cut (issue 4's calibration): a candidate whose documents overlap the
# keyword's no more than random documents would (one-sided hypergeometric test, as
# bench/calibrate_s1.py uses to set the published threshold) is listed after the
# associated ones of its kind. It depends on the keyword's own n(k), not on a threshold
# shared by keywords whose n(k) differ 20x.
CHANCE_P = 0.01
# The confidence floor (issue 4's rank cut): a concept scoring below it is more likely a
# miss than a hit, so the report lists it apart, under "Weak evidence", not among the
# concepts; so does one that shares a single document with the keyword (an anecdote,
# MIN_SHARED_DOCUMENTS), whatever its score, unless it is a section of the keyword's own
# page (is_weak). bench/quality/calibrate_floor.py fits P(hit) against log(score) over
# the hand-judged top 10s of four collections and takes the score where P(hit) = 1/2
# (session 44: 0.146 on the Wikipedia corpus, 0.11-0.125 on the three documentation sites
# alone, 0.14 pooled over 6,585 places). The score is a product of ratios in [0, 1] and
# factors, not a count, so one floor serves collections of any size; rerun the script to
# check it on another collection.
CONCEPT_FLOOR = 0.14
# A concept that nothing but its hit counts ties to the keyword (no factor over 1: `tied`) is
# weak evidence too, whatever its score: the floor's reading by kind of evidence rather than
# by score. Session 50, over the judged top 10s of version 147: such places were hits in 37
# of 138 on the shared corpus (0.27; 12 of 36 on the drawn blind sets), 4 of 15 on the
# PostgreSQL manual, 0 of 10 on scikit-learn's site and 2 of 21 on Python's, against 0.71
# for the rest. Listing them apart lets tied concepts ranked after them in (about 0.6 hits
# judged), so the lists lose few hits and hold fewer misses.

# The floor for a keyword that is a name (a program, a distribution, a place, a period), read
# by kind of evidence as the tie rule is: its page's sections, links and lists name its
# neighbours (the distributions built on it, the programs beside it, the periods before and
# after) as often as its parts, so a concept nothing but such a place ties to it (no page
# calling it a kind of the keyword, no name holding the keyword's, no WordNet placement under
# it: `names_only`) is a hit less often at every score. Session 61, over the judged top 10s of
# version 187 (before this floor), 370 such places of 142 name keywords of the shared corpus:
# hits in 0.38 of them at 0.15-0.2, 0.47 at 0.2-0.3, 0.50 at 0.3-0.5 and 0.70 over 0.5, and a
# logistic fit crosses P(hit) = 1/2 at 0.32 (bench/quality/calibrate_floor.py's second table
# reads it on later versions, where the floor has already moved such places down). The
# documentation sites have almost no such places (their chapter titles are no names: below).
NAME_FLOOR = 0.3
# The floor for what WordNet files as a kind of a keyword that has no page here. Without a page
# the score carries P(k|C)^0.5 (NO_KEYWORD_PAGE_DIRECTION), which a kind pays in full when its
# documents are about other things too ("milk" and "beer" for drink: 11 of 46 and 12 of 83 of
# their documents name it), so WordNet's kinds sit under CONCEPT_FLOOR while still more likely
# hits than misses. Session 67, over version 197's judged first 10s with the floor ignored, tied
# places of keywords without a page that WordNet files as kinds of the keyword were hits in 0.57
# of those scoring 0.075-0.1, 0.64 at 0.1-0.125, 0.78 at 0.125-0.15 (0.32 at 0.05-0.075); WordNet's
# parts and topic domains 0.5 and 0.47 over 0.075-0.15 (23 and 21 places; on the Python manual its
# domain "mathematics" brought general terms, "matrix", "regression", all judged misses there), the
# other tied places of such keywords 0.45, 0.44 and 0.47 in the same bands. Half the floor, not a
# fitted value (the logistic half point, 0.057, leans on a few places under 0.05).
WORDNET_FLOOR = CONCEPT_FLOOR / 2
# The same lower floor for a concept whose name is the keyword's after a modifier ("Financial
# accounting", "proper subset", "green politics": names_a_kind), the collection's own word for a
# kind of it, as WordNet's is-a is the lexicon's. Its score pays P(k|C) like any other, and a
# kind's documents are about more than the keyword. Session 70, over version 206's judged first
# 10s with the floor ignored: such places scoring 0.07-0.14 were hits in 29 of 35 (0.83; 19 of 24
# for keywords with no page here, 10 of 11 with one), against 0.77 for all listed places and
# 0.23 for the rest of those under the floor. Not for a name holding a name keyword's ("Boston
# Cannons", "Stanford Stadium"), a part or a neighbour as often as a kind (NAMED_PART_FACTOR).
NAMED_KIND_FLOOR = CONCEPT_FLOOR / 2


def names_only(facts: Facts) -> bool:
    """True if the keyword is a name whose page says what it is, and nothing but where the
    collection names the candidate ties it: no page calling it a kind of the keyword, no name
    holding the keyword's, no WordNet placement under it (NAME_FLOOR)."""
    # Without a page saying what the keyword is, its capitals may be a manual's typography, not a
    # name: the Python library's and Octave's chapter titles ("Markup Processing", "Linear
    # Algebra") are written so in their tables of contents and running heads, and their sections
    # and lists are their parts (14 of the 17 places the floor took there were hits; session 61).
    return (facts.keyword_is_name and facts.keyword_has_genus and not facts.called_a_kind
            and not facts.holds_keyword and facts.wordnet not in UNDER)


def floor_of(facts: Facts) -> float:
    """The score under which the candidate is weak evidence: NAME_FLOOR if `names_only`, WORDNET_FLOOR if
    the keyword has no page and WordNet files the candidate as a kind of it, NAMED_KIND_FLOOR if its
    name is the keyword's after a modifier, else CONCEPT_FLOOR."""
    if names_only(facts):
        return NAME_FLOOR
    if not facts.keyword_page and facts.wordnet == "kind":
        return WORDNET_FLOOR
    return NAMED_KIND_FLOOR if named_a_kind(facts) else CONCEPT_FLOOR


def npmi(n_k: int, n_cp: int, n_b: int, n_docs: int) -> float:
    """Normalised pointwise mutual information of keyword and candidate over n_docs documents.

    -1 when they never co-occur, 0 when independent, 1 when they always occur together.
    """
    if n_b <= 0 or n_k <= 0 or n_cp <= 0 or n_docs <= 0:
        return -1.0
    p_b = min(n_b / n_docs, 1.0)
    if p_b >= 1.0:
        return 1.0
    return math.log(p_b / ((n_k / n_docs) * (n_cp / n_docs))) / -math.log(p_b)


def is_structure(n_cp: int, n_docs: int) -> bool:
    """A heading in more than STRUCTURE_SHARE of all documents: a page part, not a concept."""
    return n_docs > 0 and n_cp > STRUCTURE_SHARE * n_docs


def is_common(defines: bool, n_cp: int, n_docs: int) -> bool:
    """A name, of any length, in more than GENERIC_SHARE of all documents that no page defines
    through the keyword: what the generic factor weighs down.

    Of any length since version 124: a reference manual repeats its API's members on most
    pages ("set_params(**params)", "n_features_in_ : int" on a third of scikit-learn's),
    and on the shared corpus the 31 judged top-10 places of names of two or more words
    that common held 14 hits, 11 of them names their own pages define through the keyword.
    """
    return not defines and n_docs > 0 and n_cp > GENERIC_SHARE * n_docs


def is_generic(phrase: str, defines: bool, n_cp: int, n_docs: int) -> bool:
    """A single word in more than GENERIC_SHARE of all documents that no page defines through
    the keyword: too common to be offered as a heading, link or WordNet name at all."""
    return len(words(phrase)) == 1 and is_common(defines, n_cp, n_docs)


def reads_under(said: Said | None) -> bool:
    """True if the collection's sentences read the candidate as under the keyword (SAID_MIN_SHARE)."""
    return said is not None and said.kind_of > 0 and (
        said.kind_of >= 2 or said.kind_of / said.sentences >= SAID_MIN_SHARE)


@dataclass(frozen=True)
class Facts:
    """What the evidence says of one candidate: everything its factors are read from."""

    defines: bool = False          # its own page defines it through the keyword
    starred: bool = False          # the tag-tree check starred it
    generic: bool = False          # is_generic
    is_a: bool = False             # its page's first sentence calls it a kind of the keyword
    sectioned: bool = False        # a section of the keyword's page is titled so
    main_article: bool = False     # ... or names it as its main article (tagtree.main_article_notes)
    wordnet: str | None = None     # scoring.taxonomy.placement's answer
    said: Said | None = None       # scoring.hearst's reading of the keyword's sentences (None: not read)
    has_page: bool = False         # a page is titled so
    linked: bool = False           # the keyword's own page links to it by this name
    linked_as: str = ""            # ... or to its page, by these other words (link_titles)
    field: bool = False            # its page calls it a field of study (names_a_field)
    keyword_page: bool = True      # the collection has a page about the keyword
    cited: int = 0                 # pages whose paragraphs naming the keyword link to it
    filed: str | None = None       # the class named after the keyword its page is filed under (filed_as)
    n_b: int = 0                   # its hit counts, for NO_KEYWORD_PAGE_DIRECTION
    n_cp: int = 0
    n_k: int = 0                   # the keyword's, for untied_link (0: not known)
    named_kind: bool = False       # its name is the keyword's with modifiers (names_a_kind)
    named_after: bool = False      # its name is the keyword's followed by a head in lower case (names_after)
    borrowing: int = 0             # documents naming it, none using the keyword's words apart from it (borrowed_word)
    keyword_is_name: bool = False  # the collection writes the keyword as a name (NAME_SHARE)
    keyword_has_genus: bool = False  # the keyword's page says what it is ("musl is a C standard library")
    holds_keyword: bool = False    # its name holds the keyword's words (holds_name)
    same_genus: str | None = None  # the head its page and the keyword's both call their subject
    listed_beside: bool = False    # a mined list holds it beside the keyword itself (scoring.peers)
    linked_in_passing: bool = False  # every link of the keyword's page to it is in passing (tagtree.passing_links)
    linked_in_prose: bool = False  # every link of the keyword's page to it is in its sections' running text
    named_with: bool = False       # a title borrowing the keyword, one noun, before its head (names.named_with)
    proper_name: bool = False      # written as one thing's name: a title, an acronym, an identifier (names.proper_name)
    title: bool = False            # written as a title, each word capitalised (names.title_cased)
    defined_in_setting: bool = False  # its page's defining sentence opens "In <the keyword>, ..." (lead.opens_in_setting)
    defined_opening: bool = False  # that sentence names the keyword among its first words (lead.opens_with_keyword)

    @property
    def called_a_kind(self) -> bool:
        """True if its own page defines it through the keyword and calls it a kind or branch of it."""
        return self.defines and self.is_a

    @property
    def filed_under_keyword(self) -> str | None:
        """The class named after the keyword its site files its page under, if that filing ties it:
        not a field of study's that nothing else puts under the keyword (the note at FILED_FACTOR)."""
        if self.filed and self.field and not self.defines and self.wordnet not in UNDER and not reads_under(self.said):
            return None
        return self.filed


# A name with no page of its own that the keyword is in at most this share of the documents
# of (n(b) <= LINK_TIE_SHARE x n(CP): the association read from the candidate to the keyword)
# is not tied by a link to it (untied_link). Session 51, over the judged top 10s of version
# 152: names with no page so tied alone were hits in 38 of 105 places on the nine drawn sets
# and 105 of 216 on the chosen keywords ("Stasi" for mass surveillance, "predators" for
# extinction, "MacBook Air" for solid state drive), against 0.54 for the other names so tied;
# on the documentation sites none but three misses on scikit-learn's.
LINK_TIE_SHARE = 0.5


def tied_but_by_links(facts: Facts) -> bool:
    """True if something other than a link ties the candidate to the keyword: its page's
    definition or filing, a star, a section of the keyword's page, WordNet or kind-of sentences."""
    return bool(facts.defines or facts.starred or facts.sectioned or facts.main_article or facts.wordnet in UNDER
                or reads_under(facts.said) or facts.filed_under_keyword)


# A keyword that is a name with no page here (a product line, a company, a place, a person):
# a title holding its name names another thing that borrows it (the company behind it, a
# product, a film, a treaty, a person) as often as one of its parts: "Activision Blizzard",
# "Christopher Blizzard", "Samsung Galaxy", "Super Mario Galaxy", "Lisbon Treaty", "Andronicus
# of Rhodes", against "Cincinnati Zoo", "Verizon Wireless". Session 69, over version 202's
# judged top 10s of such keywords: titles holding the keyword's name that nothing but that name
# and the citing paragraphs tied were hits in 11 of 40 places (8 of 18 opening on the name, 3
# of 22 ending on it or holding it after "of"), against 16 of 17 for names not written as
# titles ("Riemann hypothesis", "mitochondrial DNA") and 20 of 21 for titles something else
# ties ("Tibetan Buddhism", "French Academy": WordNet, kind-of sentences, definitions). With a
# page about the keyword, its links and sections vouch for such titles (302 of 329 hits).
def borrowed_title(facts: Facts) -> bool:
    """True if the keyword is a name without a page, the candidate is a title holding its name,
    and nothing but that name and citing paragraphs ties it: a name given after the keyword."""
    return (facts.keyword_is_name and not facts.keyword_page and facts.holds_keyword and facts.title
            and not tied_but_by_links(facts))


# A proper name ending with a common keyword's words is a kind of it when it uses them in the
# keyword's sense ("Pacific Ocean", "Mayo Clinic", "Google Toolbar"); a film, a company or a
# product that borrows the word for another sense ("Animal Planet", "Apple Pencil", "Big Brother
# Watch", "Energy Star", "ST Microelectronics") is not, and the documents that name it say so by
# never using the word otherwise: an ocean's pages speak of oceans, a channel's do not speak of
# planets. Session 74, over the judged top 10s of versions 213/214: of the title-cased names so
# made kinds, not found by a page defining them through the keyword, 4 of 19 were hits where no
# document naming them (2 or more) used the keyword's words apart from the name, against 292 of
# 355 for the others. Such a name is left to its other evidence.
BORROWING_READ = 50          # documents read per name, best match first: one use apart ends the reading
MIN_BORROWING_DOCUMENTS = 2  # fewer documents say nothing of how the word is used


def borrowed_word(facts: Facts) -> bool:
    """True if the candidate is a title-cased name made of the keyword's with a modifier, its page
    does not define it through the keyword, and none of the documents naming it uses the keyword's
    words apart from its name (`borrowing`): a name borrowing the word, no kind of it by that alone."""
    return facts.named_kind and facts.title and facts.borrowing >= MIN_BORROWING_DOCUMENTS and not facts.defines


def named_a_kind(facts: Facts) -> bool:
    """True if the candidate's name makes it a kind of the keyword (`named_kind`) and that name is
    no title borrowed from a name keyword (borrowed_title) nor a name borrowing the keyword's word
    (borrowed_word): NAMED_KIND_FACTOR and NAMED_KIND_FLOOR."""
    return facts.named_kind and not borrowed_title(facts) and not borrowed_word(facts)


# A field of study is no part of a keyword that is no field: "Metaphysics" for causality,
# "Machine learning" for intelligence, "Epistemology" for Plato, "Philosophy of science" for
# positivism are the fields that study the keyword or work beside it. Session 60, over the judged
# top 10s of version 184: 2 of 24 places so placed were hits (16 of 16 on the drawn sets), against
# 26 of 33 fields listed for keywords that are fields. A name holding the keyword's ("Philosophy
# of mind" for mind, "Signal processing" for signal) names its study after it (3 of 3 hits) and is
# left to the counts, as is a field filed under a class named after the keyword.
def field_beside(facts: Facts, keyword_field: bool | None, written: str, keyword: str) -> bool:
    """True if the candidate's page calls it a field of study, not one of the keyword's, and
    the keyword is no field (lead.keyword_is_a_field): broader than the keyword or beside it."""
    return (facts.field and not facts.called_a_kind and not facts.filed and keyword_field is False
            and not contains_phrase(singular_words(written), singular_words(keyword)))


# WordNet's co-hyponyms are siblings, not parts: "Permian" for the Triassic, "botany" for zoology,
# "Empiricism" for rationalism, "Kiwi" for the ostrich. Session 61, over the judged top 10s of
# version 186: 13 of 43 places WordNet so files were hits (4 of 22 on the drawn sets), and 6 of 34
# once names holding the keyword's ("social democracy" for democracy, "minor planet" for planet:
# its kinds, which WordNet files beside it) and pages that call themselves a kind of the keyword
# ("Puffins are ... auks") are left to the counts. SIBLING_FACTOR weighs them down but lets them
# over the floor when lists, a definition and a link all name them; a taxonomy puts them beside
# the keyword, so the report lists them apart.
def wordnet_sibling(facts: Facts) -> bool:
    """True if WordNet files the candidate beside the keyword (a co-hyponym), its name does not
    hold the keyword's and its page does not call it a kind of the keyword: a sibling term."""
    return facts.wordnet == "sibling" and not facts.holds_keyword and not facts.called_a_kind


# A section heading of the keyword's page written as a description, not a name ("Courtship and
# breeding" for the emperor penguin, "Uses by the blind" for the abacus, "Founding of Helsinki",
# "When to switch" for context switch), that no other page uses and none is titled, linked or
# filed so, tells part of the page's story: an aspect of the keyword, not a term a taxonomy files
# under it. Session 62, over the judged top 10s of version 189: 152 of 250 places so placed were
# hits (0.61, judged as "part of the subject", the taxonomy being stricter), against 0.75
# for the others; the report lists them apart, as aspects, still shown. A second document may
# copy the page (ASPECT_MAX_DOCUMENTS); past that the collection uses the words as a name.
ASPECT_MAX_DOCUMENTS = 2


def describes_an_aspect(facts: Facts, written: str, keyword: str = "") -> bool:
    """True if only a section heading of the keyword's page names the candidate, at most
    ASPECT_MAX_DOCUMENTS documents hold it, and its words read as a description
    (names.reads_as_description, the keyword's own words aside): an aspect, listed apart."""
    named_otherwise = (facts.main_article or facts.has_page or facts.linked or facts.defines or facts.starred
                       or facts.filed or facts.wordnet is not None or reads_under(facts.said))
    return (facts.sectioned and not named_otherwise and facts.n_cp <= ASPECT_MAX_DOCUMENTS
            and reads_as_description(written, keyword))


def quiet_page(facts: Facts) -> bool:
    """True if the candidate has a page of its own and nothing but a link ties it to the
    keyword (QUIET_PAGE_FACTOR)."""
    return facts.has_page and not tied_but_by_links(facts)


def untied_link(facts: Facts) -> str:
    """Why a link to the candidate, from the keyword's page or paragraphs naming the keyword,
    ties it to nothing by itself ("" when it does): the link still counts in the score."""
    if facts.linked and facts.linked_in_prose:
        # What a section's prose talks about, not what the page is made of (tagtree.section_prose_links).
        return "but only from the running text of its sections"
    # Without a page about the keyword, paragraphs naming a common noun link the names that borrow
    # it as a capitalised word before their head ("Opera Software", "West Coast", "The Blair Witch
    # Project", "Federal Aviation Administration" for aviation): the citing paragraph names the
    # borrowing name, which names an organisation, a product, a work or a place after the keyword,
    # not one of its kinds or parts. Session 67, over the judged top 10s of version 195: such
    # names of one-word keywords without a page that nothing but the citation tied were hits in 5
    # of 27 places ("HyperText Markup Language", "Chalk Group"), against 0.63 for the other cited
    # names. Keywords of two words or more are terms of art whose names hold them on purpose
    # ("Relational Database Management System": 9 of 13 hits), and with a page about the keyword
    # its own links and sections vouch (10 of 15).
    if facts.named_with and not facts.keyword_page and not facts.keyword_is_name:
        return "but its name borrows the keyword as a capitalised word before its head, a name given after it"
    # The same paragraphs link the common things around the keyword ("flora", "sea level" for
    # climate; "supervisor mode" for user mode) as often as its parts ("NOR flash", "Simplex
    # algorithm"): session 67, over version 196's judged top 10s of keywords with no page that are
    # no names, common names (names.proper_name false, not holding the keyword's) that nothing but
    # such citations tied were hits in 115 of 288 places (0.40), under the floor's P(hit) = 1/2,
    # against 27 of 45 for acronyms, identifiers and brands' spellings ("WSDL", "LimeWire"), 0.58
    # for titles and 0.59 for names holding the keyword's so tied. On the documentation sites, where
    # a run often finds no chapter for the keyword, the rule without names.proper_name cost
    # scikit-learn 3 judged hits and nothing else ("MiniBatchNMF", "MissingIndicator",
    # "covariance.EllipticEnvelope") and Python "sys.modules"; with it, only pandas' "performance"
    # list changes (54 of 95 listed places -> 53 of 90).
    if facts.cited and not facts.keyword_page and not facts.keyword_is_name and not (facts.holds_keyword
                                                                                    or facts.proper_name):
        return ("but a common name, not the keyword's, that paragraphs about a keyword without a page link "
                "as often around it as under it")
    # Titles no page describes, not holding the keyword's name, are the companies, works, games,
    # awards and people such paragraphs mention ("Annapurna Labs" and "Cypress Semiconductor" for
    # microelectronics, "Digital Domain" and "Saturn Awards" for visual effects, "Call of Duty"
    # for in-game) more often than its kinds ("Space Race" for spaceflight, "Insulin Pumps" for
    # medical devices). Session 73, over version 213's judged top 10s of keywords with no page that are
    # no names: such titles that nothing but the citation tied were hits in 40 of 102 places, against
    # 23 of 37 for titles holding the keyword's name and 35 of 61 for acronyms and brands' spellings.
    # A title holding the keyword's words only by borrowing them (borrowed_word) holds no more
    # of its sense: session 74, 4 of 19 such judged places were hits.
    if (facts.cited and not facts.keyword_page and not facts.keyword_is_name and facts.title
            and not (facts.holds_keyword and not borrowed_word(facts)) and not facts.has_page):
        return ("but a title no page describes, not holding the keyword's name" + (
            " but borrowing its word" if facts.holds_keyword else "") + ", which paragraphs about a keyword "
                "without a page link as often beside it as under it")
    # The same for a keyword that is a name (a company, a person, a protocol, a place): paragraphs
    # naming it link its rivals, peers and neighbours ("User Datagram Protocol" for TCP, "Judaism"
    # for Christianity, "HSQLDB" for ODBC, the genera a palaeontologist named for "marsh"), and
    # its parts and works hold its name ("Riemann hypothesis", "Verizon Wireless"). Session 68,
    # over version 198's judged top 10s: names not holding the keyword's that nothing but such
    # citations tied were hits in 8 of 42 places (0.19), against 25 of 47 for those holding it.
    if facts.cited and not facts.keyword_page and facts.keyword_is_name and not facts.holds_keyword:
        return "but the keyword is a name without a page, whose paragraphs link its neighbours as often as its parts"
    if facts.cited and borrowed_title(facts):
        return "but the keyword is a name without a page, and this title borrows its name: a name given after it"
    if facts.has_page:
        # A page of its own that says nothing of the keyword: the link names a neighbour
        # (session 51: hits in 67 of 171 judged top-10 places of version 150 so tied alone).
        return "but its page says nothing of the keyword" if quiet_page(facts) else ""
    # The keyword is a name (a product, a place, a company, a geological period): its page
    # links what surrounds it (its makers, rivals, neighbours, the periods before and after)
    # as often as its parts. Session 55, over the judged top 10s of version 165: names with no
    # page of their own that nothing but such a link tied were hits in 68 of 185 places (57
    # of 163 on the drawn sets), against 0.55 for those linked from the page of a class.
    if facts.keyword_is_name and facts.linked and facts.keyword_page:
        return "but the keyword is a name, whose page links its neighbours as often as its parts"
    # A name with no page is read by its counts: the link ties it only when they put it under
    # the keyword, as a part of it is; otherwise it is something the page mentions.
    if facts.n_k and facts.n_cp > facts.n_k:
        # More general than the keyword, the published Type III (n(CP) > n(k)). Session 51, over
        # the judged top 10s of version 151: names with no page that only such a link tied were
        # hits in 26 of 92 places ("national security" for mass surveillance, "instruction" for
        # interrupt, "Microprocessor" for microcontroller), against 0.54 for the other names so tied.
        return "but more documents hold it than the keyword"
    if facts.n_cp and facts.n_b <= LINK_TIE_SHARE * facts.n_cp:
        return f"but at most {LINK_TIE_SHARE:.0%} of the documents holding it name the keyword"
    # A link in passing (tagtree.passing_links) vouches for the score, not for a tie.
    return "only in passing" if facts.linked_in_passing else ""


# A name keyword's peer (same_genus or listed_beside, CO_INSTANCE_FACTOR) that the tag-tree
# check stars sits in a list under a parent naming the keyword: a list of the keyword's
# peers ("Influenced by: Erlang, Haskell, ..." on Clojure's pages), which stars each peer.
# Session 58: such peers tied by nothing else were hits in 2 of 11 judged top-10 places of
# version 179 (set bd's "clojure": Erlang, Elixir, Haskell, Racket, Ruby).
def untied_star(facts: Facts) -> bool:
    """True if the candidate's star ties nothing: it is another of a name keyword's kind."""
    return facts.starred and bool(co_instance(facts))


def co_instance(facts: Facts) -> str:
    """Why the candidate is another of a name keyword's kind (CO_INSTANCE_FACTOR), "" if it is not."""
    if not facts.keyword_is_name:
        return ""
    if facts.same_genus and not facts.called_a_kind:
        return f"the keyword is a name and its page is a '{facts.same_genus}' as the keyword's page is: another of its kind"
    if facts.listed_beside and not (facts.defines or facts.holds_keyword):
        return "the keyword is a name and a mined list holds it beside the keyword: another of its kind"
    return ""


def factors(facts: Facts) -> list[tuple[float, str]]:
    """(factor, reason) of every piece of evidence that holds, in the order `explain` writes them;
    a definition's, a filing's or kind-of sentences' reason says when it is all that lifts the candidate (_alone)."""
    return _read(facts)[0]


def _read(facts: Facts) -> tuple[list[tuple[float, str]], str]:
    """factors() and what _alone says of them: the tags let _alone tell one factor from another
    by what it is, not by the words of its reason."""
    tagged = _tagged_factors(facts)
    alone = _alone(facts, tagged)
    noted = _ALONE_TAG.get(alone)
    return [(value, reason + (_ALONE_NOTES[alone] if tag == noted else "")) for value, reason, tag in tagged], alone


def _tagged_factors(facts: Facts) -> list[tuple[float, str, str]]:
    """(factor, reason, tag) of every piece of evidence that holds; the tag ("defined", "cited",
    "filed", "said" or "") names the evidence _alone weighs."""
    defines, starred, sectioned, linked = facts.defines, facts.starred, facts.sectioned, facts.linked
    wordnet, said, filed, keyword_page = facts.wordnet, facts.said, facts.filed_under_keyword, facts.keyword_page
    n_b, n_cp = facts.n_b, facts.n_cp
    out: list[tuple[float, str, str]] = []

    def add(value: float, reason: str, tag: str = "") -> None:
        out.append((value, reason, tag))

    if not keyword_page and 0 < n_b <= n_cp:
        add((n_b / n_cp) ** NO_KEYWORD_PAGE_DIRECTION,
            f"no page about the keyword: ({n_b}/{n_cp} of its documents name the keyword)"
            f"^{NO_KEYWORD_PAGE_DIRECTION:g}")
    # A citing paragraph that no sentence of the collection backs (the link sits in another
    # sentence than the keyword, every time) ties nothing: 2 of 20 such judged places were hits.
    cited = facts.cited if facts.cited >= MIN_CITING_PAGES and (said is None or said.sentences > 0) else 0
    untied_pageless = not keyword_page and not (linked or cited or tied_but_by_links(facts))
    if untied_pageless:
        add(NO_KEYWORD_PAGE_FACTOR, "no page about the keyword here, and nothing ties it to the keyword")
    if quiet_page(facts):
        add(QUIET_PAGE_FACTOR, "it has a page of its own, and nothing ties it to the keyword")
    # No sentence names both, so none reads it as under the keyword: tied_but_by_links less that.
    unsaid = said is not None and said.sentences == 0 and not (linked or tied_but_by_links(facts))
    if unsaid:
        add(UNSAID_FACTOR, "no sentence of the collection names both, and nothing ties it to the keyword")
    if untied_pageless and unsaid:
        add(SHARED_DOCUMENTS_ONLY_FACTOR, "no page about the keyword and no sentence naming both: "
            "only shared documents join them")
    elif keyword_page and unsaid:
        add(SHARED_DOCUMENTS_ONLY_FACTOR, "neither the keyword's page nor any sentence names it with the "
            "keyword: only shared documents join them")
    if facts.field and not facts.called_a_kind and not filed:
        beside = f", filed under '{facts.filed}' beside it" if facts.filed else ""
        add(OTHER_FIELD_FACTOR, f"its page calls it a field, not one of the keyword{beside}")
    if defines:
        add(DEFINES_FACTOR, "its page defines it via the keyword", "defined")
    if facts.called_a_kind:
        add(IS_A_FACTOR, "its page says it is a kind or branch of the keyword")
    if borrowed_title(facts):
        add(1.0, "the keyword is a name without a page here and this title holds its name: a name given "
            "after it, no part of it by that alone")
    elif borrowed_word(facts):
        add(1.0, f"its name ends with the keyword's, but none of the {facts.borrowing} documents naming it uses "
            "the keyword's words apart from it: a name borrowing the word, no kind of it by that alone")
    elif named_a_kind(facts):
        add(NAMED_KIND_FACTOR, "its name is the keyword's with a modifier: a kind of it")
    elif facts.keyword_is_name and facts.holds_keyword:
        add(NAMED_PART_FACTOR, "the keyword is a name and this name holds it: a part, version or kind of it")
    elif facts.named_after and not facts.keyword_is_name:
        add(NAMED_AFTER_FACTOR, "its name is the keyword's followed by a common noun: something of the keyword")
    peer = co_instance(facts)
    if peer:
        add(CO_INSTANCE_FACTOR, peer)
    if starred:
        add(STAR_FACTOR, "starred, but another of the keyword's kind, whose starred list holds the "
            "keyword's peers: no tie" if untied_star(facts) else "starred")
    if sectioned:
        add(SECTION_FACTOR, "a section of the keyword's page is titled so")
    elif facts.main_article:
        # The section's own "Main article:" note says the same as a heading: one factor, not two.
        add(SECTION_FACTOR, "a section of the keyword's page names it as its main article")
    if linked or cited:
        untied = untied_link(facts)
        untied = f", {untied}: no tie" if untied else ""
    if linked:
        add(LINK_FACTOR, (f"the keyword's page links to its page as '{facts.linked_as}'" if facts.linked_as
                          else "the keyword's page links to it by this name") + untied)
    elif cited:
        add(CITED_FACTOR, f"paragraphs naming the keyword on {cited} pages link to it by this name{untied}",
            "cited")
    if filed:
        add(FILED_FACTOR, f"its page is filed under '{filed}'", "filed")
    if wordnet in UNDER:
        add(TAXONOMY_FACTOR, f"WordNet: {describe(wordnet)}")
    elif wordnet == "sibling":
        add(SIBLING_FACTOR, f"WordNet: {describe(wordnet)}")
    elif wordnet == "ambiguous":
        add(1.0, f"WordNet files one of its senses under the keyword, but its name has {POLYSEMY} or more: "
            "which one the documents mean it does not say, no tie")
    if reads_under(said):
        add(SAID_FACTOR, f"{said.kind_of} of {said.sentences} sentences with both read it as under the keyword",
            "said")
    elif said is not None and not said.kind_of and said.coordinated_share >= COORDINATED_SHARE:
        add(COORDINATED_FACTOR, f"{said.coordinated} of {said.sentences} sentences with both list it "
            "beside the keyword")
    if facts.generic:
        add(GENERIC_FACTOR, f"a generic name: in over {GENERIC_SHARE:.0%} of all documents")
    return out


# The note factors() adds to the one piece of evidence that lifts a candidate alone and ties nothing
# (_alone), and the tag of the factor that note goes to.
_ALONE_NOTES = {"defined": ", and nothing else ties it: no tie", "filed": ", but nothing else ties it: no tie",
                "said": ", and nothing else ties it: no tie",
                "defined_cited": ", and with no page about the keyword, nothing but citing paragraphs beside it: no tie"}
_ALONE_TAG = {"defined": "defined", "filed": "filed", "said": "said", "defined_cited": "defined"}


def _alone(facts: Facts, held: Sequence[tuple[float, str, str]]) -> str:
    """"defined", "filed" or "said" when that piece of evidence is the only factor over 1 in `held`
    (_tagged_factors' rows) and ties nothing alone (the notes at DEFINES_FACTOR, FILED_FACTOR and
    SAID_FACTOR); "defined_cited" when, without a page about the keyword, such a definition and
    citing paragraphs are the only two; else ""."""
    lifting = [tag for value, _, tag in held if value > 1]
    plain_definition = facts.defines and not facts.defined_in_setting and not facts.called_a_kind
    if (plain_definition and not facts.defined_opening and not facts.keyword_page
            and sorted(lifting) == ["cited", "defined"]):
        return "defined_cited"
    if len(lifting) != 1:
        return ""
    if plain_definition:
        return "defined"
    if facts.filed_under_keyword:
        return "filed"
    return "said" if reads_under(facts.said) else ""


def legend() -> list[str]:
    """Every factor of the default score with the condition it applies under, as the report explains it."""
    return [
        f"x {DEFINES_FACTOR:g} if the candidate's own page defines it through the keyword (alone, and not opening "
        "\"In <keyword>, ...\", it ties nothing; nor, without a page about the keyword, with citing paragraphs "
        "alone beside it)",
        f"x {IS_A_FACTOR:g} if that page's first sentence says it is a kind or branch of the keyword",
        f"x {NAMED_KIND_FACTOR:g} if its name is the keyword's with modifiers before it (\"Spectral graph theory\" "
        "for \"graph theory\"; not a proper name that no document naming it, two or more, uses the keyword's "
        "words apart from, and no page defines through the keyword: \"Animal Planet\" for \"planet\")",
        f"x {NAMED_PART_FACTOR:g}, when the collection writes the keyword as a name (\"Python\", \"USB\"), "
        "if its name holds the keyword's (\"Python Package Index\", \"USB-C\"; not a title holding it when "
        "the collection has no page about the keyword and nothing else ties it: \"Activision Blizzard\"); and x "
        f"1/{1 / CO_INSTANCE_FACTOR:g} if its page, not saying it is a kind of the keyword, calls it what the "
        "keyword's page calls the keyword (\"a programming language\"), or, not holding the keyword's name, "
        "a mined list holds it beside the keyword itself",
        f"x {NAMED_AFTER_FACTOR:g}, when the keyword is no name, if its name is the keyword's followed by a common "
        "noun (\"Search engine optimization\", \"interrupt request\")",
        f"x {STAR_FACTOR:g} if starred",
        f"x {SECTION_FACTOR:g} if a section of the keyword's own page is titled so, or names it as its "
        "main article (\"Main article: ...\")",
        f"x {LINK_FACTOR:g} if the keyword's own page links to it by this name (a link from its \"See also\" "
        "list or its summary box alone does not count)",
        f"x {CITED_FACTOR:g} if, without a page about the keyword, paragraphs naming it on at least "
        f"{MIN_CITING_PAGES} pages link to it by this name",
        f"x {FILED_FACTOR:g} if its own page is filed by its site under a class named after the keyword "
        "(category box, breadcrumb trail; alone it ties nothing)",
        f"x {TAXONOMY_FACTOR:g} if WordNet files it under the keyword, x 1/{1 / SIBLING_FACTOR:g} if beside it",
        f"x {SAID_FACTOR:g} if sentences of the collection read it as under the keyword (\"K such as C\", "
        f"\"C and other K\", \"C is a kind of K\", ...; alone they tie nothing), else x {COORDINATED_FACTOR:g} if at least "
        f"{COORDINATED_SHARE:.0%} of the sentences naming both list it just before the keyword (\"C and K\", "
        "as fields are listed beside each other)",
        f"x 1/{1 / QUIET_PAGE_FACTOR:g} if it has a page of its own and nothing but a link ties it to the keyword",
        f"x 1/{1 / UNSAID_FACTOR:g} if no sentence of the collection names both and nothing ties it to the keyword",
        f"x 1/{1 / OTHER_FIELD_FACTOR:g} if its page calls it a field of study, not one of the keyword",
        f"x (n(b)/n(CP))^{NO_KEYWORD_PAGE_DIRECTION:g} if the collection has no page about the keyword: the share "
        "of the candidate's documents that name the keyword, P(k|C)",
        f"x 1/{1 / NO_KEYWORD_PAGE_FACTOR:g} if the collection has no page about the keyword and no definition, "
        "star, citing paragraphs, kind-of sentence or WordNet placement ties it to the keyword",
        f"x 1/{1 / SHARED_DOCUMENTS_ONLY_FACTOR:g} more if, besides, no sentence of the collection names both "
        "(shared documents are all that joins them); with a page about the keyword, the same if no sentence "
        "names both and nothing, not that page's sections or links either, ties it",
        f"x {GENERIC_FACTOR:g} for a generic name (in over {GENERIC_SHARE:.0%} of all documents)",
    ]


def weigh(s1: float, npmi_value: float, facts: Facts) -> tuple[float, str, bool]:
    """(score, why, tied) from one reading of the candidate's factors: evidence_score, explain
    and tied at once, as the evidence stage needs all three for every row."""
    held, alone = _read(facts)
    score = s1 * max(npmi_value, 0.0)
    for value, _ in held:
        score *= value
    parts = [f"S1 {s1:.3f}", f"NPMI {max(npmi_value, 0.0):.3f}"]
    parts += [f"{value:.3g} ({reason})" for value, reason in held]
    return score, " x ".join(parts) + f" = {score:.4f}", not alone and _ties(facts, held)


def _ties(facts: Facts, held: Sequence[tuple[float, str]]) -> bool:
    """True if a factor over 1 holds once the links and stars that tie nothing are set aside
    (`held`: the candidate's factors, read again only when some are set aside)."""
    loose: dict = {}
    if untied_link(facts):
        loose.update(linked=False, cited=0)
    if untied_star(facts):
        loose.update(starred=False)
    return any(value > 1 for value, _ in (factors(replace(facts, **loose)) if loose else held))


def defined_alone(facts: Facts) -> bool:
    """True if its page's definition naming the keyword, not in an opening setting, is all that lifts
    the candidate (no other factor over 1: DEFINES_FACTOR's note)."""
    return _read(facts)[1] == "defined"


def filed_alone(facts: Facts) -> bool:
    """True if its site's filing under the keyword's class is all that lifts the candidate (FILED_FACTOR's note)."""
    # Any other factor over 1, tie or not, leaves the filing its tie: a link from the keyword's page
    # to a page filed under its class (79 of 113 places so tied alone) is not that page's only word.
    return _read(facts)[1] == "filed"


def evidence_score(s1: float, npmi_value: float, facts: Facts) -> float:
    """The default ranking score (see the module doc): S1 x max(NPMI, 0) x every factor that holds."""
    return weigh(s1, npmi_value, facts)[0]


def explain(s1: float, npmi_value: float, facts: Facts) -> str:
    """The score as the product a person can recompute."""
    return weigh(s1, npmi_value, facts)[1]


def chance_p(n_k: int, n_cp: int, n_b: int, n_docs: int) -> float:
    """P(at least n_b of the keyword's n_k documents hold the candidate) if its n_cp documents
    were drawn at random from n_docs: the one-sided hypergeometric test of association.

    Summed term by term (each from the last by the pmf's ratio, the first in log space),
    not with scipy.stats, whose import alone takes 0.5 s of a topic run that may need
    nothing else from it (equal to scipy's hypergeom.sf to 1e-9: tests/test_evidence.py).
    """
    if n_b <= 0 or n_docs <= 0:
        return 1.0
    k, n = min(n_k, n_docs), min(n_cp, n_docs)
    top = min(k, n)
    low = max(n_b, k + n - n_docs)  # fewer shared documents than that cannot happen
    if low > top:
        return 0.0

    def lchoose(a: int, b: int) -> float:
        return math.lgamma(a + 1) - math.lgamma(b + 1) - math.lgamma(a - b + 1)

    term = math.exp(lchoose(k, low) + lchoose(n_docs - k, n - low) - lchoose(n_docs, n))
    total = 0.0
    mode = (n + 1) * (k + 1) // (n_docs + 2)
    for x in range(low, top + 1):
        total += term
        if x >= mode and term < total * 1e-17:  # past the mode the terms only shrink
            break
        term *= (k - x) * (n - x) / ((x + 1) * (n_docs - k - n + x + 1))
    return min(1.0, total)


def at_chance(p_value: float) -> bool:
    """True if the co-occurrence is not distinguishable from chance at CHANCE_P."""
    return p_value >= CHANCE_P


def is_thin(n_b: int) -> bool:
    """True if fewer than MIN_SHARED_DOCUMENTS documents hold both the keyword and the candidate."""
    return n_b < MIN_SHARED_DOCUMENTS


def tied(facts: Facts) -> bool:
    """True if some evidence ties the candidate to the keyword: a factor over 1 holds (a definition,
    star, section, link, citing paragraphs, filing, WordNet placement, kind-of sentences or a name
    holding the keyword's), not only the hit counts; not a link that ties nothing (untied_link),
    nor a filing or a definition alone (filed_alone, defined_alone)."""
    return weigh(0.0, 0.0, facts)[2]


def is_weak(score: float, n_b: int = MIN_SHARED_DOCUMENTS, sectioned: bool = False, is_tied: bool = True,
            floor: float = CONCEPT_FLOOR) -> bool:
    """True if a candidate's evidence is weak: a score under its floor (CONCEPT_FLOOR, or NAME_FLOOR:
    floor_of; more likely a miss than a hit), one document shared with the keyword unless a section
    of its page is titled so, or nothing but the hit counts tying it to the keyword (`is_tied`
    False; the note at CONCEPT_FLOOR)."""
    # A section of the keyword's own page is the page's word, not a co-occurrence: its heading
    # often shares that page alone with the keyword (on the manual and the scikit-learn site,
    # 18 of the 19 such judged top-10 places at the floor or over were hits; session 44). An
    # overlap at chance only ranks later: a collection of a few dozen pages has too few
    # documents for the test to tell anything from chance.
    return score < floor or (is_thin(n_b) and not sectioned) or not is_tied


def names_a_section(evidence: dict) -> bool:
    """True if a row's evidence says a section of the keyword's page names it: its heading, or
    its "Main article:" note (the report's §, and what exempts one shared document from weak)."""
    return bool(evidence.get("sectioned") or evidence.get("main_article"))


def weak(candidate: dict) -> bool:
    """True if a report candidate's evidence is weak: a score under the floor (not a rule's 0), or
    one document shared with the keyword (unless a section of its page is titled so)."""
    # Reports before ranking version 128 listed every candidate: none is weak there.
    return bool(candidate.get("evidence", {}).get("weak", False))


def ruled_out(candidate: dict) -> bool:
    """True if a rule of its name set a report candidate's score to 0 (a fragment, the keyword
    again, another name of a ranked concept): the report lists it apart, not among the concepts."""
    e = candidate.get("evidence", {})
    # Reports before ranking version 124 did not record it; their explanation says it.
    return e.get("ruled_out", not e.get("why", "S1 ").startswith("S1 "))


def is_listed(kind: str, is_ruled_out: bool, is_weak_evidence: bool) -> bool:
    """True for what the default method lists as a concept: a concept (no person, organisation,
    work or broader term) that no rule scored 0 and whose evidence is not weak."""
    return kind == "concept" and not is_ruled_out and not is_weak_evidence


def listed_concepts(candidates: list[dict], with_weak: bool = False) -> list[dict]:
    """The report candidates the default method lists as its concepts, in order (is_listed; with
    the weak ones too if `with_weak`)."""
    return [c for c in candidates
            if is_listed(c.get("evidence", {}).get("kind", "concept"), ruled_out(c), not with_weak and weak(c))]


def weak_concepts(candidates: list[dict]) -> list[dict]:
    """The concepts the report lists apart as weak evidence, in order."""
    return [c for c in listed_concepts(candidates, with_weak=True) if weak(c)]


def rank_key(row: dict) -> tuple:
    """The default order: by kind (KINDS); those a rule of their name scores 0 last, then those
    under the confidence floor, candidates with thin evidence, then those at chance, after the
    others; then by score."""
    return (KINDS.index(row["kind"]), bool(row.get("ruled_out")), bool(row.get("weak")), is_thin(row["n_b"]),
            bool(row.get("chance")),
            -row["score"], -row["s1"], row["phrase"])
