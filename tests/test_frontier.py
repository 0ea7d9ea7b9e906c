"""The frontier: order, bound, priority updates, batches, checkpoints."""
from pipeline.frontier import Frontier
from pipeline.urls import host


def urls(entries):
    return [e.url for e in entries]


def test_best_first_and_fifo_on_ties():
    f = Frontier()
    for u, p in [("a", 0.0), ("b", 0.5), ("c", 0.0), ("d", 0.5)]:
        f.push(u, p)
    assert urls(f.pop() for _ in range(4)) == ["b", "d", "a", "c"]
    assert f.pop() is None


def test_full_frontier_drops_the_lowest_priority_newest_first():
    f = Frontier(max_size=3)
    for u, p in [("a", 0.9), ("b", 0.1), ("c", 0.5)]:
        f.push(u, p)
    assert f.push("d", 0.7)
    assert "b" not in f and len(f) == 3 and f.dropped == 1
    assert not f.push("e", 0.05)  # lower than everything queued: dropped at once
    assert "e" not in f and f.dropped == 2
    f2 = Frontier(max_size=2)
    for u in "xyz":  # equal priorities: the newest goes, as a BFS queue would
        f2.push(u, 0.0)
    assert urls([f2.pop(), f2.pop()]) == ["x", "y"]


def test_update_keeps_max_and_the_link_that_raised_it():
    f = Frontier()
    f.push("a", 0.2, {"parent": "p1"})
    f.push("a", 0.1, {"parent": "p2"})
    assert f.priority("a") == 0.2
    f.push("a", 0.6, {"parent": "p3"})
    assert f.priority("a") == 0.6 and len(f) == 1
    e = f.pop()
    assert e.meta["parent"] == "p3"


def test_custom_merge_sums_votes():
    f = Frontier(merge=lambda old, new: old + new)
    for _ in range(3):
        f.push("a", 1.0)
    f.push("b", 2.5)
    assert f.priority("a") == 3.0
    assert f.pop().url == "a"


def test_visited_urls_are_never_queued_again():
    f = Frontier()
    f.push("a", 1)
    assert f.pop().url == "a"
    assert not f.push("a", 5)
    f.mark_visited("b")
    assert not f.push("b", 1) and "a" in f.visited and "b" in f.visited


def test_batch_with_distinct_sites_keeps_the_rest_in_order():
    f = Frontier(site=host)
    for u, p in [("http://a.org/1", 0.9), ("http://www.a.org/2", 0.8), ("http://b.org/1", 0.7),
                 ("http://c.org/1", 0.1)]:
        f.push(u, p)
    batch = f.pop_batch(3, distinct_sites=True)
    assert urls(batch) == ["http://a.org/1", "http://b.org/1", "http://c.org/1"]
    assert urls([f.pop()]) == ["http://www.a.org/2"]  # www. is the same site: held back, not lost


def test_many_updates_stay_consistent():
    f = Frontier(max_size=50)
    for i in range(5000):
        f.push(f"u{i % 200}", (i * 37) % 101 / 100)
    assert len(f) == 50
    got = []
    while (e := f.pop()) is not None:
        got.append(e.priority)
    assert got == sorted(got, reverse=True) and len(got) == 50


def test_snapshot_and_restore():
    f = Frontier()
    for u, p in [("a", 0.3), ("b", 0.9), ("c", 0.3)]:
        f.push(u, p, {"d": u})
    f.pop()
    g = Frontier()
    g.restore(f.snapshot(), visited=["b", "c"])
    assert len(g) == 1 and g.pop().meta == {"d": "a"}
    g.push("z", 0.3)
    h = Frontier()
    h.restore(f.snapshot(), visited=["b"])
    h.push("z", 0.3)  # new entries come after restored ones on ties
    assert urls([h.pop(), h.pop(), h.pop()]) == ["a", "c", "z"]
