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


SPHINX_CONTENTS = """<div class="toctree-wrapper compound"><ul>
<li class="toctree-l1"><a class="reference internal" href="topics/index.html">Using Django</a><ul>
  <li class="toctree-l2"><a class="reference internal" href="topics/db/index.html">Models and databases</a></li>
  <li class="toctree-l2"><a class="reference internal" href="topics/signals.html">Signals</a></li>
</ul></li>
<li class="toctree-l1"><a class="reference internal" href="ref/index.html">API Reference</a><ul>
  <li class="toctree-l2"><a class="reference internal" href="ref/signals.html">Signals</a><ul>
    <li class="toctree-l3"><a class="reference internal" href="ref/signals.html#model-signals">Model signals</a></li>
  </ul></li>
</ul></li></ul></div>"""


def _sphinx_page(title: str, headings: list[str], toctree: list[str] = ()) -> str:
    hs = "".join(f'<h2>{h}<a class="headerlink" href="#x">\u00b6</a></h2>' for h in headings)
    tree = "".join(f'<li class="toctree-l1"><a class="reference internal" href="{t}">{t}</a></li>' for t in toctree)
    return (f'<html><body><h1><a href="../index.html">Django documentation</a></h1>'
            f'<h1>{title}<a class="headerlink" href="#t">\u00b6</a></h1>{hs}'
            f'<div class="toctree-wrapper compound"><ul>{tree}</ul></div></body></html>')


def test_a_sphinx_site_s_nodes_hold_the_headings_of_the_pages_their_toctrees_and_folders_lead_to(tmp_path):
    from bench.quality.tocjudge import taxonomy

    files = {
        "contents.html": SPHINX_CONTENTS,
        "topics/db/index.html": _sphinx_page("Models and databases", [], ["models.html"]),
        "topics/db/models.html": _sphinx_page("Models", ["Fields", "Field types"]),
        # not in any toctree (a hidden one lists nothing), but in the node's folder
        "topics/db/queries.html": _sphinx_page("Making queries", ["Retrieving objects"]),
        "topics/signals.html": _sphinx_page("Signals", ["Listening to signals"]),
        "ref/signals.html": _sphinx_page("Signals", ["Model signals", "post_save"]),
        "topics/elsewhere.html": _sphinx_page("Elsewhere", ["Caching"]),
        "genindex.html": '<ul><li><a href="topics/db/models.html#django.db.models.ForeignKey">ForeignKey (class in '
                         'django.db.models)</a></li><li><a href="ref/signals.html#post-migrate">post_migrate</a></li>'
                         '<li><a href="topics/elsewhere.html#cache">cache</a></li></ul>',
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    toc = taxonomy(tmp_path, "contents.html")
    db = toc["Models and databases"]
    assert db.pages == {"topics/db/index.html", "topics/db/models.html", "topics/db/queries.html"}
    assert {"Models", "Fields", "Field types", "Making queries", "Retrieving objects",
            "ForeignKey (class in django.db.models)"} <= set(db.names.values())
    assert "Caching" not in db.names.values() and "Django documentation" not in db.names.values()
    # Both nodes titled "Signals" are one chapter: the topic guide and the reference
    signals = toc["Signals"]
    assert {"Listening to signals", "Model signals", "post_save", "post_migrate"} <= set(signals.names.values())
    assert judge(["post_migrate", "Fields", "Signals"], signals) == [True, False, False]
    assert judge(["ForeignKey", "cache"], db) == [True, False]  # the index entry's aside folded


def _mkdocs_page(title: str, headings: list[tuple[str, str]]) -> str:
    hs = "".join(f'<{tag} id="{text.lower().replace(" ", "-")}"><a class="toclink" href="#x">{text}</a></{tag}>'
                 for tag, text in headings)
    return (f'<html><head><script src="../../mkdocs/js/search.js"></script></head><body>'
            f'<div class="modal"><h3 id="search">Documentation search</h3></div>'
            f'<div id="main-content"><h1 id="t">{title}</h1>{hs}</div></body></html>')


def test_an_mkdocs_site_files_each_page_s_later_headings_under_its_first(tmp_path):
    from bench.quality.tocjudge import taxonomy

    files = {
        "index.html": _mkdocs_page("Home", [("h2", "Requirements")]),
        "api-guide/authentication/index.html": _mkdocs_page(
            "Authentication", [("h2", "BasicAuthentication"), ("h1", "Custom authentication"), ("h4", "By using signals")]),
        "api-guide/permissions/index.html": _mkdocs_page("Permissions", [("h2", "IsAdminUser")]),
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    toc = taxonomy(tmp_path, "index.html")
    auth = toc["Authentication"]
    # MkDocs writes a page's "#" sections as h1 too; the search box's heading before the title is chrome
    assert set(auth.names.values()) == {"BasicAuthentication", "Custom authentication", "By using signals"}
    assert auth.pages == {"api-guide/authentication/index.html"}
    assert judge(["BasicAuthentication", "IsAdminUser", "Authentication"], auth) == [True, False, False]
