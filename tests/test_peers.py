"""scoring.peers: what the mined lists put beside the keyword itself."""
import pytest

from scoring.evidence import CO_INSTANCE_FACTOR, DEFINES_FACTOR, evidence_score, explain, Facts
from scoring.hearst import Said
from scoring.peers import list_of, listed_beside


def item(page: str, path: str, text: str, reason: str | None = None) -> dict:
    return {"page": page, "path": path, "tag": "li", "text": text, "reason": reason}


LANGS = "/html/body/div/ul[2]"
ITEMS = [
    item("http://a/fp", f"{LANGS}/li[1]", "Haskell (programming language)"),
    item("http://a/fp", f"{LANGS}/li[2]", "OCaml"),
    item("http://a/fp", f"{LANGS}/li[3]", "Scala"),
    item("http://a/fp", f"{LANGS}/li[4]", "Lisp 1.5, the first one", reason="digit"),
    # Another list of the same page, and the same path on another page: not beside it.
    item("http://a/fp", "/html/body/div/ul[3]/li[1]", "Lazy evaluation"),
    item("http://a/other", f"{LANGS}/li[1]", "Type classes"),
    # A definition list names the keyword too.
    item("http://b/x", "/html/body/dl/dt[1]", "haskell"),
    item("http://b/x", "/html/body/dl/dt[2]", "Miranda"),
]


def test_list_of_is_the_parent_element():
    assert list_of("/html/body/div/ul[2]/li[4]") == "/html/body/div/ul[2]"


def test_items_sharing_a_list_with_the_keyword_are_beside_it():
    beside = listed_beside(ITEMS, "Haskell")
    assert beside == {("ocaml",), ("scala",), ("lisp", "1", "5", "the", "first", "one"), ("miranda",)}
    # The keyword is never its own peer, and a keyword no list names has none.
    assert ("haskell",) not in beside
    assert listed_beside(ITEMS, "Erlang") == frozenset()


def test_plurals_and_a_leading_the_name_the_keyword_too():
    items = [item("p", "/ul/li[1]", "The Routers"), item("p", "/ul/li[2]", "Hubs")]
    assert listed_beside(items, "router") == {("hub",)}


def test_a_peer_of_a_name_keyword_is_halved_unless_defined_through_it_or_named_after_it():
    said = Said(sentences=4, kind_of=0, coordinated=0)
    plain = evidence_score(0.4, 0.5, Facts(said=said))
    peer = Facts(said=said, keyword_is_name=True, listed_beside=True)
    assert CO_INSTANCE_FACTOR == 0.5
    assert evidence_score(0.4, 0.5, peer) == pytest.approx(plain * CO_INSTANCE_FACTOR)
    assert "a mined list holds it beside the keyword" in explain(0.4, 0.5, peer)
    # A class keyword's lists hold its kinds beside it as often as its siblings.
    assert evidence_score(0.4, 0.5, Facts(said=said, listed_beside=True)) == pytest.approx(plain)
    # "Debian" beside "Linux", defined through it; "Emacs Lisp" beside "Lisp", holding its name.
    defined = Facts(said=said, keyword_is_name=True, listed_beside=True, defines=True)
    assert evidence_score(0.4, 0.5, defined) == pytest.approx(plain * DEFINES_FACTOR)
    named = Facts(said=said, keyword_is_name=True, listed_beside=True, holds_keyword=True)
    assert evidence_score(0.4, 0.5, named) > plain
    # Shown once when the page's genus says it too.
    both = Facts(said=said, keyword_is_name=True, listed_beside=True, same_genus="language")
    assert evidence_score(0.4, 0.5, both) == pytest.approx(plain * CO_INSTANCE_FACTOR)


def test_items_read_lazily_give_the_same_peers(tmp_path):
    import json

    import luigi

    from tasks.artifacts import iter_jsonl

    path = tmp_path / "03-items.jsonl"
    path.write_text("\n".join(json.dumps(i) for i in ITEMS) + "\n\n")
    rows = iter_jsonl(luigi.LocalTarget(str(path)))
    path.unlink()  # not opened until consumed: an unread generator touches no file
    path.write_text("\n".join(json.dumps(i) for i in ITEMS) + "\n")
    assert listed_beside(rows, "Haskell") == listed_beside(ITEMS, "Haskell")
