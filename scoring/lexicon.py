"""The closed word lists the default ranking reads names and first sentences by.

Data, not rules: `scoring.names`, `scoring.lead` and `scoring.kinds` hold the rules that use
them. Each list is closed on purpose (an open rule such as "-ly ends an adverb" also
catches nouns); what each list is for is said beside it.
"""
from __future__ import annotations

# What a first sentence calls a field of study (scoring.lead.names_a_field).
FIELD_NOUNS = frozenset({"field", "subfield", "sub-field", "discipline", "subdiscipline", "sub-discipline", "branch",
                         "area", "science", "study"})
# Modifiers that make no kind: a conjunction or preposition joins another name to the
# keyword's ("Parallel and distributed computing", "Voice over Internet Protocol"), a
# determiner, quantifier or time word picks out instances or an era ("first
# microprocessors", "Modern cryptography").
NOT_KIND_MODIFIERS = frozenset({
    "and", "or", "nor", "but", "of", "for", "over", "in", "on", "with", "without", "to", "by", "from", "as",
    "at", "into", "via", "versus", "vs", "than", "the", "a", "an", "not", "no", "this", "that", "these",
    "those", "its", "their", "his", "her", "our", "your", "my", "other", "another", "some", "any", "all",
    "each", "every", "many", "most", "more", "several", "various", "such", "same", "first", "last", "early",
    "earliest", "modern", "recent"})
# Words a name or noun phrase does not end with: an item ending so was cut from a longer
# phrase ("Philosophy of" in a list of "Philosophy of: mind, science, ...").
FRAGMENT_ENDS = frozenset({"a", "an", "the", "of", "in", "on", "at", "by", "for", "with", "from", "to",
                           "into", "onto", "and", "or", "nor", "but", "as", "than", "via", "per", "about"})
# The head of a heading that names a part of a document, not a subject: a manual's
# "Logical Decoding Examples", "A Complete Trigger Example", "Administrator's Overview",
# "Caveats" (scoring.names.names_a_document_part). Not "background" ("Cosmic microwave
# background") nor "concepts" ("Fundamental modeling concepts").
DOCUMENT_PART_HEADS = frozenset({"example", "examples", "overview", "introduction", "summary", "conclusion",
                                 "conclusions", "caveats"})
# A whole heading that names a part of an API reference's entry (Sphinx, numpydoc, Javadoc):
# alone, not as a head ("Diminishing returns" is a subject). No judged phrase of the shared
# corpus or the PostgreSQL manual is one of them.
API_PART_NAMES = frozenset({"parameters", "other parameters", "returns", "return type", "return value",
                            "attributes", "methods", "raises", "yields", "warns", "throws", "type parameters"})
# A whole heading that names a part of a release's notes (a changelog: pandas' "whatsnew",
# Django's release notes), alone, not as a head: the sections every release repeats, none a
# subject. No judged phrase of the four hand-judged collections is one of them (session 46).
RELEASE_NOTE_PARTS = frozenset({
    "bug fixes", "bugfixes", "notable bug fixes", "enhancements", "other enhancements", "new features", "deprecations",
    "api changes", "other api changes", "api breaking changes", "backwards incompatible changes",
    "backward incompatible changes", "performance improvements", "highlights", "highlights include",
    "minor features", "major features", "removals", "deprecated features", "features deprecated",
    "features removed", "known issues", "contributors", "security fixes", "what s new", "whats new", "changelog"})
# Where a noun phrase's head ends and its modifier begins ("History of the Internet").
# The words that name a field after what it studies: "probability theory", "computer science",
# "game studies". Not "analysis" ("cluster analysis", "time series analysis" are methods, parts of
# their subject), nor "study" alone ("case study", "user study").
STUDY_HEADS = frozenset({"theory", "theories", "science", "sciences", "studies"})
PREPOSITIONS = frozenset({"of", "in", "on", "at", "by", "for", "from", "to", "with", "into", "onto", "upon", "as"})
# The prepositions that end a class's head (names.filed_as): all of English's simple ones
# that open a qualifier of a noun, "Linux distributions without systemd" and "Books about
# Linux" are filed under what they are, not under the noun after the preposition. "Like" is
# left out: in a class's name it is an adjective far more often ("Unix-like operating systems").
CLASS_PREPOSITIONS = PREPOSITIONS | frozenset({
    "about", "above", "across", "after", "against", "along", "among", "around", "before", "behind", "below",
    "beneath", "beside", "besides", "between", "beyond", "during", "except", "inside", "near", "outside",
    "over", "per", "since", "through", "throughout", "toward", "towards", "under", "until", "versus", "via",
    "within", "without"})
# The words a section heading that tells part of its page's story is written with and a
# name seldom is ("Courtship and breeding", "Uses by the blind", "When to switch", "Other sed
# commands": names.reads_as_description): conjunctions, prepositions, articles, determiners,
# quantifiers and question words.
DESCRIPTION_WORDS = CLASS_PREPOSITIONS | frozenset({
    "and", "or", "nor", "but", "versus", "vs", "than", "not", "the", "a", "an", "this", "that", "these", "those",
    "its", "their", "his", "her", "our", "your", "my", "other", "another", "some", "any", "all", "each", "every",
    "many", "most", "several", "various", "such", "when", "how", "why", "what", "where", "which", "who", "whose"})
# What an organisation's first sentence calls it, as the head of what it "is" ("an American
# multinational technology company", "a non-profit organization"): scoring.kinds.
ORGANISATION_NOUNS = frozenset({
    "company", "corporation", "conglomerate", "firm", "manufacturer", "publisher",
    "retailer", "subsidiary", "startup", "organization", "organisation", "foundation", "institute",
    "institution", "agency", "consortium", "association", "society", "federation", "charity", "nonprofit",
    "university", "college", "laboratory", "department", "government", "club", "union",
    "conference", "symposium", "workshop", "congress", "prize", "award", "studio", "council", "commission",
    "committee", "academy", "museum", "broadcaster", "airline", "centre", "center", "non-profit",
    "not-for-profit", "party"})  # and their events and prizes
# Words that make a name in title case an organisation's, an event's or a prize's, when no
# page says what it is: "American Society for Cybernetics", "Dijkstra Prize", "Symposium on
# Principles of Distributed Computing". Fewer than ORGANISATION_NOUNS: "Disjoint Union" and
# "Department" are also written so in lists of concepts. "Center" and "Centre" name an
# institution when no page says otherwise ("Joslin Diabetes Center"), but also products
# ("Ubuntu Software Center"): a page's title alone does not make it one (headed_by_organisation).
NAME_ORGANISATION_WORDS = frozenset({
    "company", "corporation", "inc", "ltd", "llc", "foundation", "institute", "association", "society",
    "federation", "consortium", "university", "college", "laboratory", "laboratories", "agency",
    "symposium", "conference", "workshop", "congress", "prize", "award", "medal", "studios", "council",
    "commission", "committee", "institution", "academy", "museum", "bureau", "alliance", "initiative",
    "school", "hospital", "center", "centre", "party",
    # A firm's legal form ("ARM Holdings", "Pearson PLC"; not "AG", two letters that name too
    # much else, nor "Limited", which names trains: "Lake Shore Limited"): session 61, "ABN-AMRO
    # Holding", "RFS Holdings", "Sega Sammy Holdings" were judged top-10 misses, read as concepts.
    "holding", "holdings", "plc", "gmbh"})
# What a biography without dates calls its subject: "Kunihiko Fukushima (Japanese: ...) is a
# Japanese computer scientist". Occupations only: no word a product or program is also
# called ("developer", "designer", "editor", "assistant", "agent" stay out).
PERSON_NOUNS = frozenset({
    "scientist", "mathematician", "physicist", "chemist", "biologist", "astronomer", "statistician", "logician",
    "philosopher", "psychologist", "neuroscientist", "economist", "sociologist", "anthropologist", "linguist",
    "historian", "theorist", "engineer", "inventor", "entrepreneur", "businessman", "businesswoman", "executive",
    "investor", "philanthropist", "programmer", "hacker", "cryptographer", "researcher", "academic", "professor",
    "lecturer", "author", "writer", "novelist", "poet", "journalist", "artist", "actor", "actress",
    "musician", "composer", "politician", "activist", "diplomat", "explorer", "pioneer", "scholar", "educator"})
# What a person and a product or a company are both called ("a Linux kernel developer", "a
# text editor", "a window manager"): a person's role only when the page's title is a
# person's name (kinds.role_of_a_person; session 59: "Greg Kroah-Hartman (GKH) is a major
# Linux kernel developer" ranked as a concept of linux kernel).
ROLE_NOUNS = frozenset({"developer", "designer", "editor", "maintainer", "creator", "founder", "co-founder",
                        "contributor", "expert", "director", "consultant", "advocate", "critic", "analyst",
                        "administrator"})
# The head of a name in lower case that says who does a job ("web developers", "Systems
# analyst", "theoretical physicists": kinds.names_an_occupation): PERSON_NOUNS and three roles
# that name nothing else in lower case. Not "executive" ("cyclic executive"), "actor"
# ("virtual actor", the actor model) or "writer" ("report writer"), which name programs too.
OCCUPATION_HEADS = (PERSON_NOUNS - {"executive", "actor", "actress", "writer"}) | {"developer", "analyst",
                                                                                   "administrator"}
# What a work's first sentence calls it: "Introduction to the Theory of Computation is a
# standard textbook ...", "HAL 9000 is a fictional artificial intelligence character",
# "Batman is a 1960s American live action television series" (its title's qualifier). A
# book, a film or a journal about the keyword is neither a sub-topic nor a key concept.
# "program" and "game" are not here: "a spreadsheet program", "the ultimatum game" name
# concepts and products; nor "character", unless fictional: "a control character".
WORK_NOUNS = frozenset({
    "book", "textbook", "novel", "novella", "film", "movie", "documentary", "episode", "sitcom", "show",
    "album", "song", "opera", "musical", "play", "screenplay", "poem", "essay", "treatise", "monograph",
    "anthology", "paper", "article", "journal", "magazine", "newspaper", "periodical", "encyclopedia",
    "dictionary", "comic", "manga", "anime", "franchise", "trilogy", "painting", "sculpture"})
# British spellings whose American form no rule gives safely: "-our" would turn "tour" into
# "tor", "-tre" "Notre" into "noter", "-ence" "fence" into "fense", so these go word by word
# (names.american_spelling; "-isation", "-ise", "-yse" and a doubled "l" go by rule).
BRITISH_WORDS = {
    "colour": "color", "behaviour": "behavior", "labour": "labor", "favour": "favor", "honour": "honor",
    "humour": "humor", "neighbour": "neighbor", "harbour": "harbor", "flavour": "flavor", "rumour": "rumor",
    "vapour": "vapor", "vigour": "vigor", "armour": "armor", "odour": "odor", "rigour": "rigor", "tumour": "tumor",
    "centre": "center", "metre": "meter", "litre": "liter", "theatre": "theater", "fibre": "fiber",
    "calibre": "caliber", "spectre": "specter", "lustre": "luster", "sabre": "saber",
    "licence": "license", "defence": "defense", "offence": "offense", "pretence": "pretense",
    "catalogue": "catalog", "analogue": "analog", "dialogue": "dialog", "programme": "program",
    "grey": "gray", "aluminium": "aluminum", "judgement": "judgment", "ageing": "aging",
    "encyclopaedia": "encyclopedia", "archaeology": "archeology", "manoeuvre": "maneuver", "sceptic": "skeptic",
    "sceptical": "skeptical", "scepticism": "skepticism", "mould": "mold", "plough": "plow", "cosy": "cozy",
    "haemoglobin": "hemoglobin", "oestrogen": "estrogen", "paediatrics": "pediatrics", "anaemia": "anemia"}
# Stems that British spelling doubles the "l" of before -ing, -ed, -er ("modelling",
# "travelling", "labelled"); by list, since "filling" and "filing" are two words.
DOUBLED_L_STEMS = frozenset({"model", "travel", "label", "level", "signal", "cancel", "fuel", "channel", "tunnel",
                             "counsel", "dial", "marshal", "total", "equal", "jewel", "rival", "funnel", "panel",
                             "pixel", "barrel", "shovel", "quarrel", "gravel", "initial", "pedal"})
# Words that set what follows against or beside the subject rather than under it: a definition naming
# the keyword after them ("a distribution ... that uses OpenRC instead of systemd": scoring.lead)
# does not define through it, and a name holding the keyword after them ("Linux distributions
# without systemd": names.holds_name) is not one of its parts.
CONTRAST_ENDS = (("unlike",), ("contrast", "to"), ("contrast", "with"), ("contrasts", "with"),
                 ("contrasted", "with"), ("opposed", "to"), ("distinct", "from"), ("different", "from"),
                 ("differs", "from"), ("differ", "from"), ("distinguished", "from"), ("confused", "with"),
                 ("instead", "of"), ("rather", "than"), ("without",), ("alternative", "to"), ("alternatives", "to"),
                 # A likeness sets the subject beside the keyword, as a sibling: "Throttling is
                 # similar to permissions", "Collaboration is similar to cooperation" (session 89:
                 # the 3 judged definitions so read were misses).
                 ("similar", "to"), ("analogous", "to"), ("comparable", "to"), ("akin", "to"))
