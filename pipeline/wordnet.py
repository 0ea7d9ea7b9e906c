"""WordNet's noun taxonomy as a small SQLite table a topic run queries in milliseconds.

NLTK's WordNet reader loads its whole database before the first lookup (about 3 s
here), longer than a whole topic run on a built index. The default ranking needs three
facts about a few hundred nouns: the synsets a name has, what each synset is a kind or
part of, and the topic domain WordNet files it under. They come from WordNet 3.0's own
`data.noun` (in NLTK's `corpora/wordnet.zip`, found the way the stopwords are), parsed
once in about half a second into `output/wordnet/nouns-v<TABLE_VERSION>.sqlite` by the
`WordNetTable` task; a person can open it with any SQLite client.

Tables: `lemma(name, synset, written)` (names as `pipeline.text.normalise` writes them,
so "Dalton's_law" is found as a candidate would be written; `written` as WordNet has it), `up(synset, parent, relation)`
with relation "is_a" (hypernym), "instance_of" (instance hypernym: "Einstein" of
"physicist") or "part_of" (part, member and substance holonym), `domain(synset, domain)` (topic domain), `gloss(synset, text)`.
"""
from __future__ import annotations

import functools
import sqlite3
import zipfile
from pathlib import Path
from typing import Iterator, NamedTuple

from .errors import UserError
from .nltkdata import HOW_TO_GET, configure, import_nltk
from .text import normalise

TABLE_VERSION = 6  # 6: names folded as the index folds words (pipeline.text.fold); 2: lemmas as written, indexes for going down; 3: lemmas by synset; 4: instance_of; 5: gloss text only
DATA_FILE = "wordnet/data.noun"
_UP = {"@": "is_a", "@i": "instance_of", "#p": "part_of", "#m": "part_of", "#s": "part_of"}
_DOMAIN = ";c"


class Noun(NamedTuple):
    """One noun synset of data.noun: its byte offset (WordNet's id), lemmas, links up, topic domains."""

    offset: int
    lemmas: list[str]
    up: list[tuple[int, str]]
    domains: list[int]
    gloss: str


def wordnet_zip() -> Path:
    """NLTK's corpora/wordnet.zip (or the corpora/wordnet folder it unpacks to), or one clear UserError."""
    configure()
    nltk = import_nltk()

    for root in nltk.data.path:
        for candidate in (Path(root) / "corpora" / "wordnet.zip", Path(root) / "corpora" / "wordnet"):
            if candidate.exists():
                return candidate
    raise UserError(HOW_TO_GET)


def _data_noun(source: Path) -> str:
    if source.is_dir():
        return (source / Path(DATA_FILE).name).read_text(encoding="utf-8")
    with zipfile.ZipFile(source) as z:
        return z.read(DATA_FILE).decode("utf-8")


def read_nouns(text: str) -> Iterator[Noun]:
    """The synsets of a data.noun file's text (format: WordNet's wndb(5))."""
    for line in text.splitlines():
        if not line or line.startswith(" "):  # the licence header lines start with two spaces
            continue
        head, _, gloss = line.partition(" | ")
        f = head.split()
        n_words = int(f[3], 16)
        lemmas = [f[4 + 2 * i] for i in range(n_words)]
        i = 4 + 2 * n_words
        n_pointers = int(f[i])
        i += 1
        up, domains = [], []
        for _ in range(n_pointers):
            symbol, target, pos = f[i], int(f[i + 1]), f[i + 2]
            i += 4
            if pos != "n":
                continue
            if symbol in _UP:
                up.append((target, _UP[symbol]))
            elif symbol == _DOMAIN:
                domains.append(target)
        yield Noun(int(f[0]), lemmas, up, domains, gloss.strip())


def build_table(source: str | Path, dest: str | Path) -> dict:
    """Write the noun table of the WordNet zip or folder `source` to the new SQLite file `dest`; a summary."""
    try:
        text = _data_noun(Path(source))
    except (OSError, KeyError, UnicodeDecodeError, zipfile.BadZipFile) as exc:
        raise UserError(f"WordNet {str(source)!r} cannot be read ({exc}): {HOW_TO_GET}") from None
    con = sqlite3.connect(dest)
    con.executescript("""
        CREATE TABLE lemma (name TEXT NOT NULL, synset INTEGER NOT NULL, written TEXT NOT NULL);
        CREATE TABLE up (synset INTEGER NOT NULL, parent INTEGER NOT NULL, relation TEXT NOT NULL);
        CREATE TABLE domain (synset INTEGER NOT NULL, domain INTEGER NOT NULL);
        CREATE TABLE gloss (synset INTEGER PRIMARY KEY, text TEXT NOT NULL);
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
    """)
    synsets = 0
    for noun in read_nouns(text):
        synsets += 1
        names: dict[str, str] = {}
        for lemma in noun.lemmas:
            written = lemma.replace("_", " ")
            names.setdefault(normalise(written), written)
        con.executemany("INSERT INTO lemma VALUES (?, ?, ?)", [(n, noun.offset, w) for n, w in names.items() if n])
        con.executemany("INSERT INTO up VALUES (?, ?, ?)", [(noun.offset, p, r) for p, r in noun.up])
        con.executemany("INSERT INTO domain VALUES (?, ?)", [(noun.offset, d) for d in noun.domains])
        con.execute("INSERT INTO gloss VALUES (?, ?)", (noun.offset, noun.gloss))
    con.executescript("""
        CREATE INDEX lemma_name ON lemma(name);
        CREATE INDEX lemma_synset ON lemma(synset);
        CREATE INDEX up_synset ON up(synset);
        CREATE INDEX up_parent ON up(parent);
        CREATE INDEX domain_synset ON domain(synset);
        CREATE INDEX domain_domain ON domain(domain);
    """)
    summary = {"source": str(source), "synsets": synsets, "table_version": TABLE_VERSION}
    con.executemany("INSERT INTO meta VALUES (?, ?)", [(k, str(v)) for k, v in summary.items()])
    con.commit()
    con.close()
    return summary


class Taxonomy:
    """Read-only lookups in a table `build_table` wrote; each answer cached for the run."""

    def __init__(self, path: str | Path) -> None:
        self.con = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True, check_same_thread=False)
        self.synsets = functools.lru_cache(maxsize=None)(self._synsets)
        self.up = functools.lru_cache(maxsize=None)(self._up)
        self.domains = functools.lru_cache(maxsize=None)(self._domains)
        self.down = functools.lru_cache(maxsize=None)(self._down)
        self.members = functools.lru_cache(maxsize=None)(self._members)
        self.names = functools.lru_cache(maxsize=None)(self._names)
        self.gloss = functools.lru_cache(maxsize=None)(self._gloss)
        self.starting_with = functools.lru_cache(maxsize=None)(self._starting_with)

    def _synsets(self, name: str) -> tuple[int, ...]:
        """The noun synsets with the lemma `name` (normalised)."""
        return tuple(r[0] for r in self.con.execute("SELECT synset FROM lemma WHERE name = ? ORDER BY rowid", (name,)))

    def _up(self, synset: int) -> tuple[tuple[int, str], ...]:
        """(parent, "is_a", "instance_of" or "part_of") of every link up from `synset`."""
        return tuple(self.con.execute("SELECT parent, relation FROM up WHERE synset = ?", (synset,)))

    def _domains(self, synset: int) -> tuple[int, ...]:
        """The topic domains WordNet files `synset` under."""
        return tuple(r[0] for r in self.con.execute("SELECT domain FROM domain WHERE synset = ?", (synset,)))

    def _down(self, synset: int) -> tuple[tuple[int, str], ...]:
        """(child, "is_a", "instance_of" or "part_of") of every link down to `synset`: its kinds, individuals and parts."""
        return tuple(self.con.execute("SELECT synset, relation FROM up WHERE parent = ?", (synset,)))

    def _members(self, domain: int) -> tuple[int, ...]:
        """The synsets WordNet files under the topic domain `domain`."""
        return tuple(r[0] for r in self.con.execute("SELECT synset FROM domain WHERE domain = ?", (domain,)))

    def _names(self, synset: int) -> tuple[tuple[str, str], ...]:
        """(normalised name, name as WordNet writes it) of each lemma of `synset`, in WordNet's order."""
        return tuple(self.con.execute("SELECT name, written FROM lemma WHERE synset = ? ORDER BY rowid", (synset,)))

    def _starting_with(self, word: str) -> tuple[int, ...]:
        """The synsets with a lemma of two or more words whose first is `word` (normalised)."""
        # A range on the lemma index: every "word ..." sorts between "word " and "word!".
        return tuple(r[0] for r in self.con.execute(
            "SELECT DISTINCT synset FROM lemma WHERE name >= ? AND name < ?", (word + " ", word + "!")))

    def _gloss(self, synset: int) -> str:
        """WordNet's definition (and examples) of `synset`."""
        row = self.con.execute("SELECT text FROM gloss WHERE synset = ?", (synset,)).fetchone()
        return row[0] if row else ""

    def name(self, synset: int) -> str:
        """The synset's first lemma, as WordNet writes it."""
        names = self.names(synset)
        return names[0][1] if names else str(synset)

    def close(self) -> None:
        self.con.close()
