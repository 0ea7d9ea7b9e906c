"""A Sphinx documentation site (scikit-learn 1.2, tests/data/sklearn-docs): its links are content,
its theme's sidebar buttons are no contents, its API members are code, and a topic run on it
ranks the chapter's sections and estimators, not "fit(X, y)" or "Parameters"."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import luigi
import pytest

from pipeline.boilerplate import strip_boilerplate
from mining.listitems import iter_items
from pipeline.boilerplate import NO_RULES
from pipeline.links import contents_links
from pipeline.search import LocalBackend
from pipeline.testbed import first_paragraph
from pipeline.parse import main_text, parse_tree, parser_input
from scoring.names import concept_key, is_fragment, member_name, names_a_document_part
from tasks import TopicConcepts
from pipeline.topic_stages import search_form
from tasks.report import ranked, render_markdown

from integration_support import site_index

DOCS = Path(__file__).with_name("data") / "sklearn-docs"
PREFIX = "https://scikit-learn.org/1.2/"


def tree(name: str):
    return parse_tree(parser_input((DOCS / name).read_bytes()))


def test_a_cross_reference_link_is_content_but_a_citation_marker_is_not():
    text = main_text(tree("modules/kernel_ridge.html"))
    # Sphinx classes every link "reference internal"; its words belong to the sentence.
    assert "combines Ridge regression and classification (linear least squares" in text
    assert "with the kernel trick." in text
    wiki = parse_tree(parser_input(b'<html><body><p>Text.<sup class="reference"><a href="#c1">[1]</a></sup> '
                                   b'See <a class="reference internal" href="x.html">Lasso</a>.</p>'
                                   b'<a class="footnote-reference" href="#f1">[2]</a></body></html>'))
    strip_boilerplate(wiki)
    assert " ".join(wiki.itertext()).split() == ["Text.", "See", "Lasso", "."]


def test_an_api_entry_s_field_list_is_chrome_but_a_drupal_body_field_is_not():
    root = tree("modules/generated/sklearn.kernel_ridge.KernelRidge.html")
    strip_boilerplate(root)
    items = [text for _, text in iter_items(root)]
    # Before: "n_features_in_int", "alphafloat or array-like of shape (n_targets,), default=1.0".
    assert not any(t.startswith(("n_features_in_", "alpha", "Parameters", "Returns")) for t in items), items
    assert any(t.startswith("fit(X, y") for t in items)  # the signatures stay: the code rule reads them
    drupal = parse_tree(parser_input(b'<html><body><div class="field field--name-body"><p>Body text.</p></div>'
                                     b'<dl class="field-list simple"><dt>Speed:</dt><dd>Fast.</dd></dl></body></html>'))
    strip_boilerplate(drupal)
    assert " ".join(drupal.itertext()).split() == ["Body", "text."]


def test_a_sidebar_s_buttons_and_notes_are_no_contents():
    # The theme's box classed "sk-sidebar-toc-wrapper" holds Prev/Up/Next buttons, a versions
    # note and a "cite us" note beside the page's own contents list, which links into itself.
    assert contents_links(tree("modules/kernel_ridge.html"), PREFIX + "modules/kernel_ridge") == {}


def test_a_part_page_s_toctree_lists_its_chapters():
    links = contents_links(tree("supervised_learning.html"), PREFIX + "supervised_learning")
    assert list(links)[:3] == ["Linear Models", "Linear and Quadratic Discriminant Analysis",
                               "Kernel ridge regression"]
    assert links["Naive Bayes"] == PREFIX + "modules/naive_bayes.html"
    assert len(links) >= 17 and "Prev" not in links and "Next" not in links


@pytest.mark.parametrize("phrase, fragment", [
    ("fit(X, y)", True), ("get_depth()", True), ("set_params(**params)", True), ("coef_", True),
    ("property coef_", True), ("'auto'", True), ("class KernelRidge(alpha=1, *, kernel='linear')", True),
    ("socket()", True), ("Calendar (class in calendar)", True), ("crypt() (in module crypt)", True),
    ("accept() (socket.socket method)", True), ("abs() (built-in function)", True), ("CALL (opcode)", True),
    ("Python (programming language)", False), ("Function (mathematics)", False), ("Ship (class)", False),
    ("O(1) scheduler", False), ("Space(s)", False), ("Process(es)", False), ('"Television"', False),
    ("Gaussian Process Classification (GPC)", False), ("Fork (system call)", False), ("maintenance_work_mem", False),
    ("sklearn.isotonic.IsotonicRegression", False), ("Node.js", False), ("C#", False),
    # A Texinfo manual's (the Octave manual's) formats, properties and literals.
    ("%s", True), ("%5.2f", True), ('edgelighting: "flat"', True), ("type (read-only): string", True),
    ('"linear" (default)', True), ("Note: a remark", False), ("Derivatives / Integrals / Transforms", False),
    # A Lisp's literals (the MIT/GNU Scheme manual's); a hashtag is a name
    ("#t", True), ("#f", True), ("#\\a", True), ("#!optional", True), ("#MeToo", False), ("F#", False),
    # A class's member by its class (version 136); a product's or site's dotted name is not one
    ("Connection.in_transaction", True), ("MultiIndex.from_product", True), ("pandas.DataFrame.join", True),
    ("Pattern.pattern", True), ("Node.js", False), ("Data.gov", False), ("Amazon.com", False), ("ASP.NET", False),
    ("sklearn.svm.SVC", False),
])
def test_an_api_member_s_signature_is_code(phrase, fragment):
    assert is_fragment(phrase) is fragment


@pytest.mark.parametrize("heading, part", [
    ("Parameters", True), ("Returns", True), ("Attributes", True), ("Other Parameters", True), ("Raises", True),
    ("Diminishing returns", False), ("Parameter estimation", False), ("Attribute grammar", False),
    # A release's notes (pandas' whatsnew, Django's release notes)
    ("Bug fixes", True), ("Other Enhancements", True), ("Performance Improvements", True), ("Deprecations", True),
    ("Backwards incompatible changes", True), ("Performance tuning", False), ("New features of Java", False),
])
def test_an_api_entry_s_parts_are_no_subject(heading, part):
    assert names_a_document_part(heading) is part


@pytest.mark.parametrize("written, member", [
    ("sklearn.svm.LinearSVC", "LinearSVC"), ("discriminant_analysis.LinearDiscriminantAnalysis",
                                             "LinearDiscriminantAnalysis"),
    ("sklearn.isotonic.isotonic_regression", "isotonic_regression"), ("java.lang.Object", "Object"),
    ("ASP.NET", "ASP.NET"), ("Node.js", "Node.js"), ("socket.io", "socket.io"), ("archive.today", "archive.today"),
    ("www.example.com", "www.example.com"), ("os.path", "os.path"),
])
def test_an_api_member_is_one_name_however_qualified(written, member):
    assert member_name(written) == member
    assert concept_key(written) == concept_key(member)


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    with site_index(tmp_path_factory.mktemp("sphinx"), DOCS, PREFIX) as found:
        yield found


def report(env, keyword: str) -> dict:
    task = TopicConcepts(keyword=keyword, output_root=str(env["out"]), pages=30, min_support=2.0)
    assert luigi.build([task], local_scheduler=True, log_level="WARNING")
    return json.loads(Path(task.output()["json"].path).read_text(encoding="utf-8"))


def test_a_sectioned_page_s_first_paragraph_is_its_opening_one():
    # Sphinx wraps each heading's text in a <section>: the opening paragraph is the h1
    # section's only one, and a longer subsection must not outvote it.
    lead = first_paragraph((DOCS / "model_persistence.html").read_bytes(), NO_RULES)
    assert lead.startswith("After training a scikit-learn model, it is desirable")


def test_docutils_html4_sections_count_as_their_parent_s_paragraphs():
    # Older Sphinx builds (Django 3.2's documentation) wrap each heading's text in
    # <div class="section">: a long subsection must not outvote the opening paragraph either.
    sub = "".join(f"<p>XSS attacks allow a user to inject scripts, part {i}.</p>" for i in range(4))
    raw = (b'<html><body><div class="document"><div class="section" id="s-security-in-django">'
           b"<h1>Security in Django</h1><p>This document is an overview of Django's security features.</p>"
           b'<div class="section" id="s-xss"><h2>Cross site scripting</h2>' + sub.encode() +
           b"</div></div></div></body></html>")
    assert first_paragraph(raw).startswith("This document is an overview")
    # A box classed otherwise is still its own body
    boxed = raw.replace(b'<div class="section" id="s-xss">', b'<div class="note">')
    assert first_paragraph(boxed).startswith("XSS attacks")


def test_a_redirect_stub_is_a_copy_of_the_page_it_names(env):
    # modules/model_persistence.html redirects (meta refresh, canonical "../model_persistence.html")
    # to the page, which itself declares the site's newest version as canonical.
    backend = LocalBackend(env["index"])
    try:
        assert [u for u, _, _ in backend.pages_about("model persistence")] == [PREFIX + "model_persistence"]
    finally:
        backend.close()
    with sqlite3.connect(env["index"]) as con:
        (copy_of,) = con.execute("SELECT duplicate_of FROM pages WHERE url = ?",
                                 (PREFIX + "modules/model_persistence",)).fetchone()
    assert copy_of == PREFIX + "model_persistence"


def test_the_keyword_s_page_is_found_and_its_sections_rank(env):
    r = report(env, "model persistence")
    assert r["keyword_page"] == PREFIX + "model_persistence"
    top = [c["phrase"] for c in ranked(r)[:10]]
    assert {"Python specific serialization", "Interoperable formats"} <= set(top), top


def test_a_chapter_s_sections_and_estimators_rank_and_api_members_do_not(env):
    r = report(env, "naive bayes")
    assert r["keyword_page"] == PREFIX + "modules/naive_bayes"
    top = [c["phrase"] for c in ranked(r)[:10]]
    for name in ("Gaussian Naive Bayes", "Multinomial Naive Bayes", "GaussianNB", "MultinomialNB"):
        assert name in top, (name, top)
    assert not any(is_fragment(p) or names_a_document_part(p) for p in top), top
    # "sklearn.naive_bayes.GaussianNB" and "GaussianNB" are one estimator: it ranks once.
    keys = [concept_key(p) for p in top]
    assert len(keys) == len(set(keys)), top


def test_the_report_lists_the_names_a_rule_scores_0_apart(env):
    r = report(env, "naive bayes")
    ruled = [c for c in r["candidates"] if c["evidence"]["ruled_out"]]
    assert ruled and all(c["evidence"]["score"] == 0 for c in ruled)
    assert any(c["phrase"].startswith("fit(") for c in ruled)
    # Listed after every other candidate of its kind, and not among the concepts.
    concepts = [c for c in r["candidates"] if c["evidence"]["kind"] == "concept"]
    firsts = [i for i, c in enumerate(concepts) if c["evidence"]["ruled_out"]]
    assert firsts and firsts[0] == len(concepts) - len(firsts)
    assert not any(c["evidence"]["ruled_out"] for c in ranked(r))
    md = render_markdown(r)
    concepts_table = md.split("## Concepts", 1)[1].split("\n## ", 1)[0]
    assert "| fit(" not in concepts_table
    assert "- **fit(" in md.split("## Score 0 by a rule", 1)[1]


def test_search_form_takes_the_plural_when_the_typed_form_is_nowhere_or_rare():
    docs = {"pairwise metrics": 4, "ensemble methods": 5, "ensemble method": 2, "query": 5, "indices": 3,
            "toy datasets": 35, "toy dataset": 11, "sparse matrix": 2, "sparse matrixes": 7, "sparse matrices": 30}
    count = lambda phrases: docs.get(" ".join(phrases), 0)  # noqa: E731  (one phrase a call here)
    assert search_form(count, "pairwise metric") == "pairwise metrics"
    assert search_form(count, "ensemble method") == "ensemble method"  # the plural not PLURAL_SHARE times as common
    assert search_form(count, "toy dataset") == "toy datasets"  # 35 against 11: the collection's name for it
    assert search_form(count, "sparse matrix") == "sparse matrices"  # the commonest of its plurals
    assert search_form(count, "query") == "query"
    assert search_form(count, "index") == "indices"  # an irregular plural, when only it is written
    assert search_form(count, "unix service") == "unix service"  # nowhere in either form: as typed
    assert search_form(count, "metrics") == "metrics"  # typed in the plural: not pluralised again
    docs.update({"cs": 9, "web 2s": 1})
    assert search_form(count, "c") == "c" and search_form(count, "web 2") == "web 2"  # no plural to look for


def test_a_keyword_typed_in_the_singular_is_searched_in_the_plural_the_site_writes(env):
    r = report(env, "naive bayes method")
    assert r["searched_as"] == "naive bayes methods" and r["n_k"] >= 1
    assert ('Searched as "naive bayes methods": the collection writes it so; no document holds "naive bayes method" '
            'as typed, or under a third as many') in render_markdown(r)
    assert "searched_as" not in report(env, "naive bayes")
