"""pipeline/sentence_reader.py: the keyword's sentences read in a forked worker give the same answers."""
from __future__ import annotations

import os

import pytest

from pipeline import store
from pipeline.search import LocalBackend
from pipeline.sentence_reader import SentenceReader
from scoring.hearst import SentencePool, keyword_sentences

TEXTS = {
    "Operating system": "An operating system runs programs. Operating systems such as Minix and Linux are portable. Ken Thompson wrote Unix. "
                        "Andrew Tanenbaum wrote Minix, and other operating systems followed.",
    "Minix": "Minix is a small type of operating system. Andrew Tanenbaum taught operating systems with it.",
    "Kernel": "A kernel is the core of an operating system. Linux and Minix have one.",
    "Seed": "A kernel is the inner part of a seed.",  # no keyword: never read
}
NAMES = ["Minix", "Linux", "Unix", "Andrew Tanenbaum", "Ken Thompson", "kernel", "seed", "()"]


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    path = tmp_path_factory.mktemp("store") / "pages.sqlite"
    con = store.connect(path)
    for title, text in TEXTS.items():
        store.insert_page(con, "http://w.org/" + title.replace(" ", "_"), "w.org", title, text,
                          store.pack_html(b"<html><body>x</body></html>"), store.pack_links([]), lead=text)
    con.commit()
    con.close()
    b = LocalBackend(path)
    yield b
    b.close()


def read_all(reader: SentenceReader) -> tuple:
    said = reader.said(NAMES)
    neighbours = reader.neighbours(NAMES)
    return reader.name_share(), said.result(), neighbours.result()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_the_forked_worker_answers_as_this_process_would(backend):
    with SentenceReader(backend, "operating system", fork=True) as forked:
        assert forked._executor is not None  # the worker really runs
        there = read_all(forked)
        worker = forked._executor._processes.copy()
    assert worker and all(pid != os.getpid() for pid in worker)
    with SentenceReader(backend, "operating system", fork=False) as local:
        here = read_all(local)
    assert there == here
    pool = SentencePool("operating system", keyword_sentences(backend.texts_mentioning("operating system"),
                                                               "operating system"))
    assert here[1] == {n: pool.said(n) for n in NAMES}
    assert here[1]["Minix"].sentences == 3 and here[1]["Minix"].kind_of == 3
    assert here[1]["seed"].sentences == 0
    assert here[2]["Andrew Tanenbaum"][1]["wrote"] == 1  # "Andrew Tanenbaum wrote Minix, and ..."


def test_the_parent_connection_is_left_alone_and_usable_after_the_worker_stops(backend):
    with SentenceReader(backend, "operating system", fork=True) as reader:
        assert reader.name_share() == 0.0  # "operating systems" is never written as a name
    assert backend.hit_count(["minix"]) == 3


def test_a_keyword_no_text_names_gives_an_empty_reading(backend):
    with SentenceReader(backend, "quantum chromodynamics", fork=True) as reader:
        share, said, _ = read_all(reader)
    assert share == 0.0 and all(s.sentences == 0 for s in said.values())
