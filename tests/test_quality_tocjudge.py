"""bench/quality/tocjudge.py: a Texinfo manual's contents and indices as the taxonomy to judge by."""
from __future__ import annotations

from bench.quality.tocjudge import add_index, chapters, judge, read_keywords

TOC = """<div class="contents"><ul class="no-bullet">
  <li><a id="toc-Preface" href="Preface.html">Preface</a></li>
  <li><a id="toc-Linear-Algebra-1" href="Linear-Algebra.html">18 Linear Algebra</a>
  <ul class="no-bullet">
    <li><a id="toc-Basic-Matrix-Functions-1" href="Basic-Matrix-Functions.html">18.2 Basic Matrix Functions</a></li>
    <li><a id="toc-Matrix-Factorizations-1" href="Matrix-Factorizations.html">18.3 Matrix Factorizations</a>
    <ul class="no-bullet">
      <li><a id="toc-X" href="Deep.html#s">18.3.1 Cholesky &amp; Friends</a></li>
    </ul></li>
  </ul></li>
  <li><a id="toc-Sets-1" href="Sets.html">27 Sets</a></li>
</ul></div>"""

INDEX = """<tr><td valign="top"><a href="Matrix-Factorizations.html#index-chol"><code>chol</code></a>:</td></tr>
<tr><td valign="top"><a href="Sets.html#index-union"><code>union</code></a>:</td></tr>
<tr><td valign="top"><a href="Elsewhere.html#index-sort"><code>sort</code></a>:</td></tr>"""


def test_chapters_hold_their_nodes_at_every_depth_and_not_the_next_chapters():
    found = chapters(TOC)
    assert list(found) == ["Preface", "Linear Algebra", "Sets"]
    la = found["Linear Algebra"]
    assert la.pages == {"Linear-Algebra.html", "Basic-Matrix-Functions.html", "Matrix-Factorizations.html", "Deep.html"}
    assert sorted(la.names.values()) == ["Basic Matrix Functions", "Cholesky & Friends", "Matrix Factorizations"]
    assert found["Sets"].names == {}


def test_index_entries_are_filed_under_the_chapter_of_their_node():
    found = chapters(TOC)
    add_index(found, INDEX)
    assert "chol" in found["Linear Algebra"].names.values()
    assert list(found["Sets"].names.values()) == ["union"]
    assert all("sort" not in ch.names.values() for ch in found.values())  # a node outside the contents


def test_judge_folds_case_and_plurals_and_never_counts_the_chapter_itself():
    found = chapters(TOC)
    add_index(found, INDEX)
    assert judge(["matrix factorization", "CHOL", "Linear algebra", "union", "QR"], found["Linear Algebra"]) == [
        True, True, False, False, False]


def test_read_keywords(tmp_path):
    path = tmp_path / "k.tsv"
    path.write_text("# a comment\nlinear algebra\tLinear Algebra\n\nset\tSets\n", encoding="utf-8")
    assert read_keywords(path) == [("linear algebra", "Linear Algebra"), ("set", "Sets")]


def test_taxonomy_reads_every_page_holding_an_index_table(tmp_path):
    from bench.quality.tocjudge import taxonomy

    (tmp_path / "maxima_toc.html").write_text(TOC, encoding="utf-8")
    (tmp_path / "maxima_377.html").write_text(f'<table class="index-fn">{INDEX}</table>', encoding="utf-8")
    # A page's own links to its definitions look like index entries, but no index table holds them.
    (tmp_path / "Sets.html").write_text('<a href="Sets.html#index-intersect">intersect</a>', encoding="utf-8")
    found = taxonomy(tmp_path, "maxima_toc.html")
    assert "chol" in found["Linear Algebra"].names.values() and list(found["Sets"].names.values()) == ["union"]
