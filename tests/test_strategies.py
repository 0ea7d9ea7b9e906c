"""Each crawl strategy's scoring rule on hand-made pages."""
import copy
import math
import pickle

import pytest

from pipeline.links import Link
from pipeline.vectors import FrozenVector, cosine, norm, tf_vector
from scoring.strategies import (DOM, BestFirst, BestFirstN, BreadthFirst, DepthFirst, HubSeeking,
                                InDegree, NaiveBestFirst, Page, SharkSearch, Topic, URLCombined,
                                hub_score, make_strategy)

TOPIC = Topic("neural networks", "neural networks learn weights from training data", ["http://a.org/s", "http://b.org/s"])


def page(text, links, **kw):
    return Page("http://x.org/p", text, links=links, **kw)


def scores(strategy, p):
    return {u: s for u, s, _ in strategy.links(p)}


def test_frozen_vector_keeps_its_length_and_cannot_change():
    v = FrozenVector(tf_vector("neural networks learn neural weights"))
    plain = dict(v)
    assert norm(v) == v.length == pytest.approx(math.sqrt(sum(x * x for x in plain.values())))
    assert cosine(v, {"neural": 1}) == pytest.approx(cosine(plain, {"neural": 1}))
    for change in (lambda: v.__setitem__("x", 1), lambda: v.update(x=1), lambda: v.pop("neural"),
                   lambda: v.clear(), lambda: v.setdefault("x", 1), lambda: v.__delitem__("neural")):
        with pytest.raises(TypeError):
            change()
    assert dict(v) == plain
    for clone in (pickle.loads(pickle.dumps(v)), copy.deepcopy(v)):  # parse workers get copies
        assert isinstance(clone, FrozenVector) and dict(clone) == plain and clone.length == v.length


def test_cosine():
    assert cosine({"a": 1}, {"a": 2}) == pytest.approx(1.0)
    assert cosine({"a": 1}, {"b": 1}) == 0.0
    assert cosine({}, {"a": 1}) == 0.0
    assert cosine({"a": 1, "b": 1}, {"a": 1}) == pytest.approx(1 / math.sqrt(2))


def test_breadth_first_constant_and_first_seen():
    s = BreadthFirst(TOPIC)
    assert set(scores(s, page("anything", [Link("u1"), Link("u2")])).values()) == {0.0}
    assert s.merge(0.0, 5.0) == 0.0


def test_depth_first_adds_a_per_level():
    s = DepthFirst(TOPIC)
    assert scores(s, page("t", [Link("u")], priority=2.0)) == {"u": 3.0}


def test_indegree_counts_each_linking_page_once():
    s = InDegree(TOPIC)
    assert list(s.links(page("t", [Link("u"), Link("u"), Link("v")]))) == [("u", 1.0, {}), ("v", 1.0, {})]
    assert s.merge(2.0, 1.0) == 3.0


def test_best_first_gives_every_link_the_page_cosine():
    s = BestFirst(TOPIC)
    p = page("neural networks training", [Link("u"), Link("v")])
    want = cosine(TOPIC.description_vector, tf_vector("neural networks training"))
    assert scores(s, p) == {"u": pytest.approx(want), "v": pytest.approx(want)}
    assert BestFirstN(TOPIC, n=7).batch == 7


def test_shark_search_formula():
    s = SharkSearch(TOPIC)  # D=3, delta=0.5, beta=0.8, gamma=0.8
    q = TOPIC.description_vector
    p = page("neural networks", [Link("u", anchor="training data"), Link("v", anchor="click", context="learn weights")],
             meta={"shark_depth": 3, "inherited": 0.0})
    rel = cosine(q, tf_vector("neural networks"))
    got = {u: (sc, m) for u, sc, m in s.links(p)}
    a_u = cosine(q, tf_vector("training data"))
    assert got["u"][0] == pytest.approx(0.8 * 0.5 * rel + 0.2 * (0.8 * a_u + 0.2 * 1.0))
    c_v = cosine(q, tf_vector("learn weights"))
    assert got["v"][0] == pytest.approx(0.8 * 0.5 * rel + 0.2 * (0.2 * c_v))
    assert got["u"][1] == {"inherited": pytest.approx(0.5 * rel), "shark_depth": 3}


def test_shark_irrelevant_parent_inherits_and_loses_depth():
    s = SharkSearch(TOPIC)
    p = page("cooking recipes", [Link("u", anchor="pasta")], meta={"shark_depth": 2, "inherited": 0.4})
    [(url, score, meta)] = list(s.links(p))
    assert meta == {"inherited": pytest.approx(0.2), "shark_depth": 1}
    assert score == pytest.approx(0.8 * 0.2)
    dead = page("cooking", [Link("u")], meta={"shark_depth": 0, "inherited": 0.4})
    assert list(s.links(dead)) == []


def test_url_combined():
    s = URLCombined(TOPIC)
    p = page("neural networks", [Link("http://x.org/neural_networks", anchor="training")])
    d = TOPIC.description_vector
    want = (0.5 * cosine(d, tf_vector("neural networks")) + 0.25 * cosine(d, tf_vector("training"))
            + 0.25 * cosine(d, tf_vector("x org neural networks")))
    assert scores(s, p)["http://x.org/neural_networks"] == pytest.approx(want)


def test_naive_uses_keywords_not_description():
    s = NaiveBestFirst(TOPIC)
    p = page("training data weights", [Link("u")])
    assert scores(s, p)["u"] == 0.0  # the description's words, not the keywords
    assert BestFirst(TOPIC).page_score(p) > 0


def test_dom_score():
    s = DOM(TOPIC)
    p = page("networks", [Link("u", parent="neural networks list"), Link("v", parent="sports")])
    k = TOPIC.keyword_vector
    page_score = cosine(k, tf_vector("networks"))
    got = scores(s, p)
    assert got["u"] == pytest.approx(0.25 * page_score + 0.75 * cosine(k, tf_vector("neural networks list")))
    assert got["v"] == pytest.approx(0.25 * page_score)


def test_hub_score_and_hub_seeking():
    assert [hub_score(n) for n in (0, 1, 2, 3)] == [0.0, 0.0, pytest.approx(2 / 5), pytest.approx(6 / 10)]
    s = HubSeeking(TOPIC)
    hub_page = page("sports", [Link("http://a.org/x"), Link("http://www.b.org/y")])
    assert list(scores(s, hub_page).values()) == [pytest.approx(0.4)] * 2  # both seed hosts linked
    by_url = HubSeeking(TOPIC, count="urls")
    assert set(scores(by_url, page("sports", [Link("http://a.org/s"), Link("http://a.org/t")])).values()) == {0.0}


def test_make_strategy_names():
    assert make_strategy("bestfirstN", TOPIC, n=5).name == "bestfirst5"
    assert make_strategy("sharkN", TOPIC, n=4).batch == 4
    from pipeline.errors import UserError
    with pytest.raises(UserError):
        make_strategy("random", TOPIC)
