"""The keywords file of a topic batch: what counts as a keyword, and one-line errors for bad files."""
from __future__ import annotations

import pytest

from pipeline.errors import UserError
from pipeline.keyword_list import keyword_list
from tasks.batch import batch_markdown, batch_row, read_keywords


def test_one_keyword_a_line_in_order_comments_blanks_and_repeats_skipped():
    text = "# computing\nmachine learning\n\n   data    mining  \n\tMachine Learning\n#data mining\nc++\n"
    assert keyword_list(text) == ["machine learning", "data mining", "c++"]


def test_windows_line_ends_and_a_missing_last_newline():
    assert keyword_list("robotics\r\ncomputer vision") == ["robotics", "computer vision"]


def test_a_hash_inside_a_keyword_is_part_of_it():
    assert keyword_list("C#\nF# (programming language)") == ["C#", "F# (programming language)"]


@pytest.mark.parametrize("content, says", [
    (None, "does not exist"),
    (b"\xff\xfe\x00bad", "cannot be read"),
    (b"# only a comment\n\n   \n", "holds no keyword"),
])
def test_bad_keywords_files_get_one_line(tmp_path, content, says):
    path = tmp_path / "keywords.txt"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(UserError) as err:
        read_keywords(str(path))
    message = str(err.value)
    assert says in message and str(path) in message and "\n" not in message


def _report(keyword, method, cands, **extra):
    return {"keyword": keyword, "n_k": 40, "parameters": {"method": method, "pages": 100}, "candidates": cands,
            **extra}


def test_batch_row_takes_the_ranked_list_the_report_shows():
    ev = [{"phrase": p, "evidence": {"kind": k}} for p, k in
          [("Deep learning", "concept"), ("Yann LeCun", "person"), ("Perceptron", "concept"),
           ("algorithm", "broader"), ("Boosting", "concept")]]
    row = batch_row(_report("machine learning", "evidence", ev, keyword_page=None), "r.md", top=2)
    assert row["top"] == ["Deep learning", "Perceptron"] and row["ranked"] == 3
    assert any(n.startswith("Few pages") for n in row["notes"])  # n(k) 40 < pages 100
    pub = [{"phrase": p, "type": t} for p, t in [("web", "III"), ("svm", "I"), ("boosting", "II")]]
    row = batch_row(_report("machine learning", "published", pub), "r.md", top=10)
    assert row["top"] == ["svm", "boosting"] and row["keyword_page"] is None
    row = batch_row(dict(_report("zzqx", "published", []), n_k=0), "r.md", top=10)
    assert row["top"] == [] and row["notes"][0].startswith("No documents:")
    assert "| zzqx | 0 | 0 | (none) | No documents. |" in batch_markdown([row], "kw.txt")


def test_batch_markdown_escapes_pipes_and_shortens_warnings():
    rows = [{"keyword": "a|b", "n_k": 3, "ranked": 0, "top": [], "report": "x/report.md",
             "notes": ["Few pages: only 3 documents contain the keyword ..."]}]
    table = batch_markdown(rows, "kw.txt").splitlines()[-1]
    assert table == "| a\\|b | 3 | 0 | (none) | Few pages. | x/report.md |"
