"""WordNetTable: WordNet's noun taxonomy as a SQLite table, built once per output root."""
from __future__ import annotations

from pathlib import Path

import luigi

from pipeline.wordnet import TABLE_VERSION, build_table, wordnet_zip

from .artifacts import atomic_path
from .base import Stage


class WordNetTable(Stage):
    """`output/wordnet/nouns-v<N>.sqlite` from NLTK's corpora/wordnet.zip (pipeline/wordnet.py).

    WordNet 3.0 does not change, so the table is named by its format version only: to
    build it from another WordNet, delete the file.
    """

    output_root = luigi.Parameter(default="output", description="folder the table is written under (wordnet/)")

    def output(self):
        return luigi.LocalTarget(str(Path(self.output_root) / "wordnet" / f"nouns-v{TABLE_VERSION}.sqlite"))

    def run(self):
        source = wordnet_zip()
        self.set_status_message(f"reading {source}")
        Path(self.output().path).parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(self.output()) as tmp:
            summary = build_table(source, tmp)
        print(f"WordNetTable: {summary['synsets']} noun synsets from {source} -> {self.output().path}")
