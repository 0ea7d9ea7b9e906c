"""Crawl strategies: each decides only the priority of URLs; the engine does everything else.

A strategy sees a fetched page (its main text, term vector, depth and the metadata its
URL was queued with) and its out-links (anchor text, text around the link, text of the
link's parent element), and returns a priority for each link. `merge` says how a new
priority combines with the one of a URL already queued; `batch` how many URLs the
engine dequeues and fetches together (the -N variants).

Sources: Uluhan 2006 (Breadth-First, Depth-First, InDegree, Best-First, Best-First-N,
Shark-Search, Shark-Search-N, URL-Combined, all on cosine against the topic
description); Pant & Menczer 2002/2006 (Naive Best-First, DOM, Hub-Seeking, against the
topic keywords); Shark-Search after Hersovici et al. 1998.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from pipeline.links import Link
from pipeline.urls import canonical, host
from pipeline.vectors import FrozenVector, cosine, tf_vector, url_tokens


@dataclass
class Topic:
    """What a focused crawl looks for: keywords, a description, and the seeds' sites."""

    keywords: str
    description: str
    seeds: Sequence[str] = ()

    def __post_init__(self):
        self.description_vector = FrozenVector(tf_vector(self.description or self.keywords))
        self.keyword_vector = FrozenVector(tf_vector(self.keywords))
        self.seed_urls = {canonical(u) or u for u in self.seeds}  # comparable with link URLs
        self.seed_hosts = {host(u) for u in self.seed_urls}


@dataclass
class Page:
    """A fetched page as strategies see it.

    `links` are the out-links the engine may still queue (unvisited, on allowed sites,
    short enough); `out_urls` every URL the page links to (Hub-Seeking counts seeds there).
    """

    url: str
    text: str
    depth: int = 0
    priority: float = 0.0
    meta: dict = field(default_factory=dict)
    links: list[Link] = field(default_factory=list)
    out_urls: set[str] | None = None

    def __post_init__(self):
        self.vector: Counter[str] = tf_vector(self.text)
        if self.out_urls is None:
            self.out_urls = {link.url for link in self.links}


Scored = tuple[str, float, dict]


class Strategy:
    """Base class: constant priority, first-seen order."""

    name = "base"
    batch = 1
    needs_context = False
    needs_parent = False

    def __init__(self, topic: Topic):
        self.topic = topic
        self._scores: dict[tuple[str, str], float] = {}

    def text_score(self, text: str, against: str = "description") -> float:
        """cos(topic vector, text), memoised: anchors, contexts and URL words repeat across pages."""
        key = (against, text)
        score = self._scores.get(key)
        if score is None:
            vec = self.topic.description_vector if against == "description" else self.topic.keyword_vector
            score = self._scores[key] = cosine(vec, tf_vector(text)) if text else 0.0
            if len(self._scores) > 500_000:  # bound the memory of very long crawls
                self._scores.clear()
        return score

    def seed(self, url: str) -> tuple[float, dict]:
        """Priority and metadata of a seed URL."""
        return 1.0, {}

    def merge(self, old: float, new: float) -> float:
        """A URL seen again: keep the higher priority."""
        return max(old, new)

    def page_score(self, page: Page) -> float:
        """How relevant the page is, by this strategy's measure (logged, and used by the metrics)."""
        return cosine(self.topic.description_vector, page.vector)

    def links(self, page: Page) -> Iterable[Scored]:
        """(url, priority, metadata) for each out-link of `page`."""
        raise NotImplementedError


class BreadthFirst(Strategy):
    """FIFO: every link the same priority; ties go to the first discovered (Uluhan 2006; Pant & Menczer's baseline)."""

    name = "bfs"

    def merge(self, old: float, new: float) -> float:
        return old

    def links(self, page):
        return ((link.url, 0.0, {}) for link in page.links)


class DepthFirst(Strategy):
    """Child priority = parent priority + a: the deepest first (Uluhan 2006)."""

    name = "dfs"
    step = 1.0

    def links(self, page):
        return ((link.url, page.priority + self.step, {}) for link in page.links)


class InDegree(Strategy):
    """Each time a link is seen again its priority grows by a (Uluhan 2006)."""

    name = "indegree"
    step = 1.0

    def merge(self, old, new):
        return old + new

    def links(self, page):
        seen = set()
        for link in page.links:  # one vote per linking page
            if link.url not in seen:
                seen.add(link.url)
                yield link.url, self.step, {}


class BestFirst(Strategy):
    """Every out-link of p gets cos(description, p); the max if already queued (Uluhan 2006)."""

    name = "bestfirst"

    def links(self, page):
        score = self.page_score(page)
        return ((link.url, score, {}) for link in page.links)


class BestFirstN(BestFirst):
    """Best-First with the top N URLs dequeued and fetched as a batch (Uluhan 2006)."""

    def __init__(self, topic: Topic, n: int = 10):
        super().__init__(topic)
        self.batch = n
        self.name = f"bestfirst{n}"


class SharkSearch(Strategy):
    """Shark-Search (Hersovici et al. 1998, as in Uluhan 2006).

    potential = γ·inherited + (1−γ)·neighbourhood, inherited = δ·cos(q, parent) when the
    parent is relevant (cos > 0), else δ·(parent's inherited score); neighbourhood =
    β·anchor + (1−β)·context, anchor = cos(q, anchor text), context = 1 if anchor > 0,
    else cos(q, text around the link). Depth: a child of a relevant page gets the full
    depth D, else the parent's depth − 1; pages at depth 0 are not expanded.
    """

    name = "shark"
    needs_context = True

    def __init__(self, topic: Topic, depth: int = 3, delta: float = 0.5, beta: float = 0.8,
                 gamma: float = 0.8):
        super().__init__(topic)
        self.depth, self.delta, self.beta, self.gamma = depth, delta, beta, gamma

    def seed(self, url):
        return 1.0, {"inherited": 0.0, "shark_depth": self.depth}

    def links(self, page):
        q = self.topic.description_vector
        relevance = cosine(q, page.vector)
        depth = page.meta.get("shark_depth", self.depth)
        if depth <= 0:
            return
        if relevance > 0:
            inherited, child_depth = self.delta * relevance, self.depth
        else:
            inherited, child_depth = self.delta * page.meta.get("inherited", 0.0), depth - 1
        for link in page.links:
            anchor = self.text_score(link.anchor)
            context = 1.0 if anchor > 0 else self.text_score(link.context)
            neighbourhood = self.beta * anchor + (1 - self.beta) * context
            potential = self.gamma * inherited + (1 - self.gamma) * neighbourhood
            yield link.url, potential, {"inherited": inherited, "shark_depth": child_depth}


class SharkSearchN(SharkSearch):
    """Shark-Search with the top N URLs dequeued and fetched as a batch (Uluhan 2006)."""

    def __init__(self, topic: Topic, n: int = 10, **kw):
        super().__init__(topic, **kw)
        self.batch = n
        self.name = f"shark{n}"


class URLCombined(Strategy):
    """0.5·cos(d, page) + 0.25·cos(d, anchor text) + 0.25·cos(d, URL tokens) (Uluhan 2006)."""

    name = "urlcombined"

    def links(self, page):
        d = self.topic.description_vector
        base = 0.5 * cosine(d, page.vector)
        for link in page.links:
            yield (link.url, base + 0.25 * self.text_score(link.anchor)
                   + 0.25 * self.text_score(url_tokens(link.url)), {})


class NaiveBestFirst(Strategy):
    """Best-First with the page compared to the topic keywords by term-frequency vectors (Pant & Menczer)."""

    name = "naive"

    def page_score(self, page):
        return cosine(self.topic.keyword_vector, page.vector)

    def links(self, page):
        score = self.page_score(page)
        return ((link.url, score, {}) for link in page.links)


class DOM(NaiveBestFirst):
    """link score = α·(page score) + (1−α)·cos(keywords, text under the link's parent element), α = 0.25 (Pant & Menczer)."""

    name = "dom"
    needs_parent = True
    alpha = 0.25

    def dom_scores(self, page: Page) -> Iterable[Scored]:
        """The DOM score of every out-link (the parent text's vector computed once per parent)."""
        base = self.alpha * self.page_score(page)
        for link in page.links:
            yield link.url, base + (1 - self.alpha) * self.text_score(link.parent, "keywords"), {}

    def links(self, page):
        return self.dom_scores(page)


def hub_score(n: int) -> float:
    """n(n−1)/(1+n²): 0 for one seed site, towards 1 as a page links to many (Pant & Menczer)."""
    return n * (n - 1) / (1 + n * n)


class HubSeeking(DOM):
    """link score = max(hub score of the page, DOM score), n = distinct seed sites the page links to (Pant & Menczer).

    `count="urls"` counts distinct seed pages instead of seed hosts, for a test bed that
    lives on one host (every link there goes to the same host).
    """

    name = "hub"

    def __init__(self, topic: Topic, count: str = "hosts"):
        super().__init__(topic)
        self.count = count

    def page_hub(self, page: Page) -> float:
        """The page's hub score from the seeds it links to."""
        if self.count == "urls":
            n = len(page.out_urls & self.topic.seed_urls)
        else:
            n = len({host(u) for u in page.out_urls} & self.topic.seed_hosts)
        return hub_score(n)

    def links(self, page):
        hub = self.page_hub(page)
        return ((url, max(hub, s), meta) for url, s, meta in self.dom_scores(page))


STRATEGIES = {
    "bfs": BreadthFirst, "dfs": DepthFirst, "indegree": InDegree, "bestfirst": BestFirst,
    "bestfirstN": BestFirstN, "shark": SharkSearch, "sharkN": SharkSearchN,
    "urlcombined": URLCombined, "naive": NaiveBestFirst, "dom": DOM, "hub": HubSeeking,
}


def make_strategy(name: str, topic: Topic, n: int = 10, **kw) -> Strategy:
    """A strategy by name ("bfs", "bestfirstN", ...); N-variants take `n`."""
    cls = STRATEGIES.get(name)
    if cls is None:
        from pipeline.errors import UserError

        raise UserError(f"unknown strategy {name!r}: use one of {', '.join(STRATEGIES)}")
    if cls in (BestFirstN, SharkSearchN):
        return cls(topic, n=n, **kw)
    return cls(topic, **kw)
