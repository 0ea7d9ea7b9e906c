"""BuildIndex: the page store and FTS5 index over a page collection (the local search engine)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import luigi

from pipeline.boilerplate import DEFAULT_RULES, BoilerplateRules
from pipeline.corpus import check_corpus
from pipeline.errors import UserError
from pipeline.indexer import build_index
from pipeline.store import SCHEMA_VERSION
from pipeline.text import slug

from .artifacts import atomic_path, short_digest, write_json
from .base import Stage
from .params import IntParam


def load_rules(path: str) -> BoilerplateRules:
    """Boilerplate rules from a JSON file, the defaults for "", or no removal for "none"."""
    if not path:
        return DEFAULT_RULES
    if path == "none":
        return BoilerplateRules.off()
    try:
        return BoilerplateRules.load(path)
    except (OSError, ValueError, TypeError) as exc:
        raise UserError(f"boilerplate rules {path!r} cannot be read ({exc}): pass a JSON file "
                        "with keys tags, roles, class_id_words, section_headings") from None


class BuildIndex(Stage):
    """Parse every page of a collection once into `output/index/<name>-<hash>/pages.sqlite`."""

    corpus = luigi.Parameter(description="folder of .html files, or a .tar.xz/.tar.gz of one")
    url_prefix = luigi.Parameter(default="", description="URL = prefix + file path without .html")
    boilerplate = luigi.Parameter(default="", description='rules JSON file; "" defaults, "none" off')
    parse_workers = IntParam(default=0, significant=False, description="parser processes (0: all cores)")
    output_root = luigi.Parameter(default="output", description="folder of the runs, the index and the caches")

    def folder(self) -> Path:
        """The index folder: corpus name plus a hash of everything that changes its content."""
        # Kept per working directory (the corpus path resolves against it): a published run
        # asks for the index's folder 56 times, and the rules' dump and hash took 0.2 ms
        # each time (11 ms a run; 2.5 us with the memo).
        memo = self.__dict__.setdefault("_folders", {})
        cwd = os.getcwd()
        if cwd not in memo:
            # The rules themselves, the defaults too: an index built before a default rule
            # changed holds other texts and lists, and must not be reused.
            rules = load_rules(self.boilerplate).dump() if self.boilerplate != "none" else self.boilerplate
            key = json.dumps([str(Path(self.corpus).resolve()), self.url_prefix, rules, SCHEMA_VERSION])
            name = slug(Path(self.corpus).name.split(".")[0] or "corpus", 30)
            memo[cwd] = Path(self.output_root) / "index" / f"{name}-{short_digest(key)}"
        return memo[cwd]

    def output(self):
        return {"db": luigi.LocalTarget(str(self.folder() / "pages.sqlite")),
                "summary": luigi.LocalTarget(str(self.folder() / "summary.json"))}

    def run(self):
        check_corpus(self.corpus)
        rules = load_rules(self.boilerplate)
        self.set_status_message(f"indexing {self.corpus}")

        def progress(n: int, pages: int) -> None:
            self.set_status_message(f"parsed {n} files, {pages} pages indexed")

        db = self.output()["db"]
        Path(db.path).parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(db) as tmp:
            summary = build_index(self.corpus, tmp, self.url_prefix, rules,
                                  workers=self.parse_workers or None, progress=progress)
        write_json(self.output()["summary"], summary)
        line = (f"BuildIndex: {summary['pages']} pages ({summary['copies']} copies of others and "
                f"{summary['pointers']} pages pointing on to one, not searched), "
                f"{summary['skipped']} skipped, "
                f"{summary['seconds']} s ({summary['pages_per_second']} pages/s) -> {db.path}")
        self.set_status_message(line)
        print(line)


def configured_index(output_root: str, corpus_option: str = "--BuildIndex-corpus", **params) -> BuildIndex:
    """The index luigi.cfg's [BuildIndex] section names (`params` override it), under `output_root`."""
    try:
        return BuildIndex(output_root=output_root, **params)
    except luigi.parameter.MissingParameterException:
        # luigi.cfg is read from the working directory: a command run elsewhere (a cron job
        # started in $HOME) finds no [BuildIndex] corpus.
        raise UserError("no corpus to index: [BuildIndex] corpus is not set; run the command from the repository "
                        f"root, whose luigi.cfg sets it, or pass {corpus_option} PATH") from None
