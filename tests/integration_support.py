"""Helpers for integration tests: the shared corpus, slices of it, and Luigi runs."""
from __future__ import annotations

import contextlib
import os
import socket
import tarfile
from pathlib import Path

import luigi
import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("TOPICMINER_SHARED", REPO.parent / "shared"))
CORPUS_TAR = SHARED / "corpora" / "wikipedia-cs-2020.tar.xz"
WIKI = "https://en.wikipedia.org/wiki/"

# A topical slice (computing pages around AI and ML) plus whatever else comes first in
# the archive: enough for real lists, small enough to index in a few seconds.
SLICE_TITLES = """Artificial_intelligence Machine_learning Deep_learning Data_mining Computer_vision
Natural_language_processing Artificial_neural_network Supervised_learning Unsupervised_learning
Reinforcement_learning Pattern_recognition Support-vector_machine Decision_tree_learning
Cluster_analysis Bioinformatics Robotics Speech_recognition Computer_science Statistics
Expert_system Knowledge_representation_and_reasoning Automated_planning_and_scheduling
Cognitive_science Information_retrieval Big_data Predictive_analytics Regression_analysis
Statistical_classification Computational_learning_theory Perceptron Backpropagation
Genetic_algorithm Fuzzy_logic Bayesian_network Semantic_Web Ontology_(information_science)
Image_processing Object_detection Optical_character_recognition Machine_translation
Data_science Anomaly_detection Association_rule_learning Feature_learning
Dimensionality_reduction Random_forest K-nearest_neighbors_algorithm""".split()


def require_shared() -> Path:
    """The shared corpus archive, or skip the test with the reason."""
    if not CORPUS_TAR.is_file():
        pytest.skip(f"shared corpus not found at {CORPUS_TAR} (set TOPICMINER_SHARED)")
    return CORPUS_TAR


def extract_slice(dest: Path, extra: int = 30, titles: list[str] | None = None) -> Path:
    """Unpack the slice's pages (or `titles`' pages), and `extra` others, into `dest/repository`;
    return that folder."""
    out = dest / "repository"
    out.mkdir(parents=True, exist_ok=True)
    wanted = {f"repository/{t}.html" for t in (SLICE_TITLES if titles is None else titles)}
    taken_extra = 0
    with tarfile.open(require_shared(), "r:xz") as tar:
        for m in tar:
            if not m.isfile() or not m.name.endswith(".html"):
                continue
            if m.name in wanted or taken_extra < extra:
                taken_extra += m.name not in wanted
                (out / Path(m.name).name).write_bytes(tar.extractfile(m).read())
    return out


@contextlib.contextmanager
def luigi_config(**sections: dict):
    """Set Luigi config values for the duration of a block, then restore them."""
    cfg = luigi.configuration.get_config()
    saved = {}
    for section, values in sections.items():
        if not cfg.has_section(section):
            cfg.add_section(section)
        for key, value in values.items():
            saved[(section, key)] = cfg.get(section, key, None)
            cfg.set(section, key, str(value))
    try:
        yield
    finally:
        for (section, key), value in saved.items():
            if value is None:
                cfg.remove_option(section, key)
            else:
                cfg.set(section, key, value)


@contextlib.contextmanager
def site_index(base: Path, docs: Path, url_prefix: str):
    """A documentation site's pages (tests/data/<site>, its README left out) copied under `base`
    and indexed through Luigi; yields {"corpus", "out", "index"} with BuildIndex configured."""
    import shutil

    from tasks import BuildIndex

    corpus = base / "docs"
    shutil.copytree(docs, corpus, ignore=shutil.ignore_patterns("README.md"))
    out = base / "output"
    with luigi_config(BuildIndex={"corpus": corpus, "url_prefix": url_prefix}):
        assert luigi.build([BuildIndex(output_root=str(out))], local_scheduler=True, log_level="WARNING")
        yield {"corpus": corpus, "out": out, "index": BuildIndex(output_root=str(out)).output()["db"].path}


class StartedTasks:
    """Records the families of tasks that start running while it is active."""

    def __init__(self):
        self.families: list[str] = []

    def __enter__(self):
        luigi.Task.event_handler(luigi.Event.START)(self._on_start)
        return self

    def _on_start(self, task):
        self.families.append(task.task_family)

    def __exit__(self, *exc):
        handlers = luigi.Task._event_callbacks.get(luigi.Task, {}).get(luigi.Event.START, set())
        handlers.discard(self._on_start)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tiny_store(path: Path, pages: dict[str, tuple[str, str]]):
    """A real page store at `path` holding {title: (html, lead)} as Wikipedia pages, opened
    as a LocalBackend (close its `con` when done)."""
    from pipeline import store
    from pipeline.search import LocalBackend

    con = store.connect(path)
    for title, (html, lead) in pages.items():
        store.insert_page(con, WIKI + title.replace(" ", "_"), "en.wikipedia.org", title, title,
                          store.pack_html(html.encode()), store.pack_links([]), lead=lead)
    con.commit()
    con.close()
    return LocalBackend(path)
