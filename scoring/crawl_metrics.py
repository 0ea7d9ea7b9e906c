"""The published crawl-evaluation metrics, as pure functions.

Sources: Pant & Menczer 2002/2006 (precision@N as the mean TF-IDF cosine between the
topic description and the first N crawled pages; target recall@N; paired one-tailed
t-tests over topics); Uluhan 2006 and Chakrabarti et al. 1999 (harvest rate); Aggarwal
et al. 2001 (predicate satisfaction: the page contains the topic's keywords).

Every per-crawl value here is for one topic and one crawler; average them over topics
with mean_and_se() and compare two crawlers with paired_t().
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from pipeline.text import contains_phrase, words
from pipeline.vectors import cosine, tf_vector

Document = str | Mapping[str, float]

NAN = float("nan")


# -- TF-IDF similarity (precision@N) ----------------------------------------------------

class TfIdf:
    """TF-IDF weights over a collection C (Pant & Menczer's precision@N).

    w(t, d) = (0.5 + 0.5 * tf(t, d) / max_tf(d)) * ln(|C| / df(t)), where df(t) is the
    number of documents of C holding t. For precision@N, C is every page crawled by every
    crawler for the topic. Documents are texts (turned into term counts by
    pipeline.vectors.tf_vector: stopwords removed, Porter stems, the crawlers' setting) or
    term Counters made by tf_vector.

    A term that no document of C holds has no defined idf and gets no weight (it is
    dropped); a term every document holds has idf 0, so it is dropped too. max_tf is
    taken over all of a document's terms, dropped ones included.
    """

    def __init__(self, documents: Iterable[Document], stemming: bool = True):
        self.stemming = stemming
        self.n_docs = 0
        self.df: Counter[str] = Counter()
        for doc in documents:
            self.n_docs += 1
            self.df.update(t for t, tf in self.terms(doc).items() if tf > 0)
        # C is fixed once built: every term's idf looked up, not recomputed per page and term.
        self._idf = {t: math.log(self.n_docs / df) for t, df in self.df.items() if df}

    def terms(self, doc: Document) -> Mapping[str, float]:
        """Term counts of a document: a text goes through tf_vector, a mapping is used as is."""
        return tf_vector(doc, self.stemming) if isinstance(doc, str) else doc

    def idf(self, term: str) -> float:
        """ln(|C| / df(term)); 0 for a term no document holds."""
        return self._idf.get(term, 0.0)

    def weights(self, doc: Document) -> dict[str, float]:
        """The TF-IDF vector of a document (terms of weight 0 left out)."""
        tf = {t: c for t, c in self.terms(doc).items() if c > 0}
        if not tf:
            return {}
        max_tf = max(tf.values())
        idf = self._idf
        out = {}
        for t, c in tf.items():
            w = (0.5 + 0.5 * c / max_tf) * idf.get(t, 0.0)
            if w > 0:
                out[t] = w
        return out

    def similarity(self, description: Document, page: Document) -> float:
        """Cosine of the TF-IDF vectors of the topic description and a page (same weighting)."""
        return cosine(self.weights(description), self.weights(page))

    def similarities(self, description: Document, pages: Iterable[Document]) -> list[float]:
        """similarity(description, page) for each page, in order (description weighted once)."""
        d = self.weights(description)
        return [cosine(d, self.weights(p)) for p in pages]


def page_measures(pages: Mapping[str, Sequence[tuple[str, str]]], description: str, keywords: str,
                  vector_cache: dict[tuple[str, int], Counter] | None = None
                  ) -> tuple[dict[str, float], dict[str, bool]]:
    """(similarity, holds) per crawled URL, from {crawler: [(URL, main text), ...]} of one topic.

    similarity: TF-IDF cosine with the description, C = every page any crawler fetched,
    each page once (its first text); holds: the page satisfies the keyword predicate.
    Every crawler of a topic fetches a page from the same static site, so each is worked
    out once per page rather than once per crawler. `vector_cache`, shared across topics,
    keeps each page's term vector (keyed by URL and text, in case a text differs).
    """
    union: dict[str, str] = {}
    for rows in pages.values():
        for url, text in rows:
            union.setdefault(url, text)
    cache = vector_cache if vector_cache is not None else {}
    vectors = {}
    for url, text in union.items():
        key = (url, hash(text))
        if key not in cache:
            cache[key] = tf_vector(text)
        vectors[url] = cache[key]
    tfidf = TfIdf(vectors.values())
    similarity = dict(zip(vectors, tfidf.similarities(description, vectors.values())))
    holds = {url: satisfies_predicate(text, keywords) for url, text in union.items()}
    return similarity, holds


def _check_ns(ns: Sequence[int]) -> None:
    if any(n < 1 for n in ns):
        raise ValueError(f"every N must be >= 1, got {list(ns)}")


def precision_at(similarities: Sequence[float], ns: Sequence[int]) -> dict[int, float]:
    """Precision@N for each N: the mean similarity of the first N crawled pages.

    `similarities` are in crawl order (TfIdf.similarities of the crawled pages). When the
    crawl holds fewer than N pages, the mean is over the pages there are (so a short crawl
    is not punished for pages it never fetched); with no pages at all it is nan.
    """
    _check_ns(ns)
    out = {}
    for n in ns:
        head = similarities[:n]
        out[n] = math.fsum(head) / len(head) if head else NAN
    return out


# -- target recall ------------------------------------------------------------------------

def target_hits(crawled_urls_in_order: Iterable[str], targets: set[str]) -> list[int]:
    """1 for each crawled URL that is a target seen for the first time, else 0 (crawl order)."""
    seen: set[str] = set()
    hits = []
    for url in crawled_urls_in_order:
        hit = url in targets and url not in seen
        if hit:
            seen.add(url)
        hits.append(int(hit))
    return hits


def target_recall_at(crawled_urls_in_order: Sequence[str], targets: set[str],
                     ns: Sequence[int]) -> dict[int, float]:
    """Target recall@N for each N: |targets ∩ first N crawled URLs| / |targets|.

    URLs must be in the same form on both sides (canonical URLs, e.g.
    TestTopic.target_urls(prefix) against the crawl's URLs). A crawl shorter than N counts
    what it has. Raises ValueError for an empty target set (recall is undefined).
    """
    _check_ns(ns)
    if not targets:
        raise ValueError("target recall needs at least one target")
    targets = set(targets)
    return {n: len(targets.intersection(crawled_urls_in_order[:n])) / len(targets) for n in ns}


# -- harvest rate and predicate satisfaction -----------------------------------------------

def harvest_rate(relevances: Iterable[float], threshold: float) -> float:
    """Fraction of crawled pages with relevance >= `threshold` (nan when nothing was crawled).

    The relevance is whatever the caller judges a page by, typically its cosine with the
    topic description as the crawl log records it. The threshold is the caller's choice
    and must be reported with the result: there is no published value for this
    collection, and harvest rates at different thresholds are not comparable.
    """
    values = list(relevances)
    if not values:
        return NAN
    return sum(1 for r in values if r >= threshold) / len(values)


def satisfies_predicate(text: str, keywords: str) -> bool:
    """True if the page's main text holds the keyword phrase (whole words, case-insensitive)."""
    return contains_phrase(words(text), words(keywords))


def predicate_satisfaction(texts: Iterable[str], keywords: str) -> float:
    """Fraction of crawled pages whose main text holds the keyword phrase (nan for none)."""
    return fraction_true(satisfies_predicate(t, keywords) for t in texts)


def fraction_true(flags: Iterable[bool]) -> float:
    """Share of true flags (nan for none)."""
    values = list(flags)
    return sum(values) / len(values) if values else NAN


# -- over topics ----------------------------------------------------------------------------

def mean_and_se(values: Sequence[float]) -> tuple[float, float]:
    """(mean, standard error of the mean) over topics; the SE uses the sample std (n - 1).

    No values: (nan, nan); one value: (value, nan). A nan among the values propagates:
    drop the topics a crawler has no value for before calling, for every crawler alike.
    """
    n = len(values)
    if n == 0:
        return NAN, NAN
    mean = math.fsum(values) / n
    if n < 2:
        return mean, NAN
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def paired_t(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Paired one-tailed t-test over topics that crawler a beats crawler b: (t, p).

    H1: mean(a - b) > 0 (scipy.stats.ttest_rel, alternative="greater"); a[i] and b[i] are
    the two crawlers' values for topic i. Fewer than 2 topics, or a nan value: (nan, nan).
    When every difference is the same (up to rounding, 1e-12) the t statistic has no
    spread to divide by: identical vectors give (0.0, 0.5), the value of a zero t (no
    evidence either way); a constant positive difference gives (inf, 0.0) and a constant
    negative one (-inf, 1.0).
    """
    if len(a) != len(b):
        raise ValueError(f"paired test needs one value per topic from each crawler ({len(a)} != {len(b)})")
    if len(a) < 2:
        return NAN, NAN
    diffs = [x - y for x, y in zip(a, b)]
    if any(math.isnan(d) for d in diffs):
        return NAN, NAN
    low, high = min(diffs), max(diffs)
    if high - low <= 1e-12 * max(1.0, abs(low), abs(high)):  # constant up to rounding
        d = math.fsum(diffs) / len(diffs)
        if abs(d) <= 1e-12:
            return 0.0, 0.5
        return (math.inf, 0.0) if d > 0 else (-math.inf, 1.0)
    from scipy.stats import ttest_rel

    result = ttest_rel(a, b, alternative="greater")
    return float(result.statistic), float(result.pvalue)


# The orderings the literature reports, to check on any test bed: (better, worse, source).
PUBLISHED_FINDINGS = (
    ("hub", "dom", "Pant & Menczer: Hub-Seeking >= DOM on target recall"),
    ("dom", "naive", "Pant & Menczer: DOM >= Naive Best-First on target recall"),
    ("naive", "bfs", "Pant & Menczer: Naive Best-First >= Breadth-First on target recall"),
    ("bestfirstN", "bestfirst", "Uluhan: Best-First-N ahead of Best-First"),
    ("sharkN", "shark", "Uluhan: Shark-Search-N ahead of Shark-Search"),
    ("urlcombined", "bestfirst", "Uluhan: URL-Combined ahead of Best-First"),
)


def pairwise_tests(per_topic: dict[str, dict[str, Sequence[float]]],
                   metrics: Sequence[str] = ("precision", "recall")) -> list[dict]:
    """For every ordered pair of crawlers (a, b) and metric: mean(a - b) over topics and the
    one-tailed paired t-test that a beats b (`paired_t`)."""
    rows = []
    for metric in metrics:
        for a in per_topic:
            for b in per_topic:
                if a == b:
                    continue
                xs, ys = per_topic[a][metric], per_topic[b][metric]
                t, p = paired_t(xs, ys)
                diff = math.fsum(x - y for x, y in zip(xs, ys)) / len(xs) if xs else NAN
                rows.append({"a": a, "b": b, "metric": metric, "mean_diff": diff, "t": t, "p": p})
    return rows


def findings_check(per_topic: dict[str, dict[str, Sequence[float]]], metric: str = "recall",
                   findings: Sequence[tuple[str, str, str]] = PUBLISHED_FINDINGS) -> list[dict]:
    """Each published ordering whose two crawlers ran: both means, the one-tailed p that the
    first beats the second, and whether the means are in the published order: "yes", "tie"
    (equal to 1e-9: the two crawls found the same targets) or "no"."""
    out = []
    for a, b, source in findings:
        if a not in per_topic or b not in per_topic:
            continue
        ma, mb = mean_and_se(per_topic[a][metric])[0], mean_and_se(per_topic[b][metric])[0]
        t, p = paired_t(per_topic[a][metric], per_topic[b][metric])
        out.append({"better": a, "worse": b, "source": source, "metric": metric, "mean_better": ma,
                    "mean_worse": mb, "t": t, "p": p,
                    "holds": "tie" if abs(ma - mb) <= 1e-9 else ("yes" if ma > mb else "no")})
    return out


# -- curves -------------------------------------------------------------------------------------

def curve(values_in_crawl_order: Sequence[float], step: int, kind: str = "mean",
          total: float | None = None) -> list[tuple[int, float]]:
    """(N, value@N) at N = step, 2·step, ... and at the crawl's last page, for plotting.

    kind "mean": the mean of the first N values (precision@N from similarities).
    kind "sum": the sum of the first N values divided by `total` (target recall@N from
    target_hits() with total = |targets|).
    """
    if step < 1:
        raise ValueError(f"step must be >= 1, got {step}")
    if kind not in ("mean", "sum"):
        raise ValueError(f"kind must be 'mean' or 'sum', got {kind!r}")
    if kind == "sum" and not total:
        raise ValueError("kind 'sum' needs a positive total (|targets| for recall)")
    n_values = len(values_in_crawl_order)
    ns = list(range(step, n_values + 1, step))
    if n_values and (not ns or ns[-1] != n_values):
        ns.append(n_values)
    points = []
    running = 0.0
    done = 0
    for n in ns:
        running += math.fsum(values_in_crawl_order[done:n])
        done = n
        points.append((n, running / n if kind == "mean" else running / total))
    return points


def milestones(ns: Sequence[int]) -> list[int]:
    """The N of `ns` at a tenth, a quarter, half and all of the budget (the last N): the
    points a summary table reports; fractions that fall between steps are skipped."""
    if not ns:
        return []
    last, have = ns[-1], set(ns)
    return [last // f for f in (10, 4, 2, 1) if last % f == 0 and last // f in have]


def mean_curves(rows: Iterable[Sequence], names: Sequence[str], ns: Sequence[int]) -> dict[str, dict[int, tuple[float, float]]]:
    """Average over topics of (precision@N, target recall@N) per crawler and N, from rows of
    (crawler, topic, N, precision, recall) such as a benchmark's metrics.csv; NaN where a
    crawler has no row for that N."""
    sums: dict[tuple[str, int], list[float]] = {}
    for name, _topic, n, prec, rec in rows:
        acc = sums.setdefault((name, int(n)), [0.0, 0.0, 0])
        acc[0] += float(prec)
        acc[1] += float(rec)
        acc[2] += 1
    out: dict[str, dict[int, tuple[float, float]]] = {}
    for name in names:
        out[name] = {}
        for n in ns:
            acc = sums.get((name, n))
            out[name][n] = (acc[0] / acc[2], acc[1] / acc[2]) if acc else (NAN, NAN)
    return out


def by_crawler_and_n(rows: Iterable[Sequence]) -> dict[tuple[str, int], dict[str, tuple[float, float]]]:
    """{(crawler, N): {topic: (precision, recall)}}, topics in row order, from rows of
    (crawler, topic, N, precision, recall) as metrics.csv holds them."""
    out: dict[tuple[str, int], dict[str, tuple[float, float]]] = {}
    for name, topic, n, prec, rec in rows:
        out.setdefault((name, int(n)), {})[topic] = (float(prec), float(rec))
    return out


def per_topic_at(rows: Iterable[Sequence], n: int) -> dict[str, dict[str, list[float]]]:
    """{crawler: {"precision": [...], "recall": [...]}} at one N, topics in row order, from
    rows of (crawler, topic, N, precision, recall): the input of paired tests at that N."""
    return {name: {"precision": [p for p, _ in values.values()], "recall": [r for _, r in values.values()]}
            for (name, n_), values in by_crawler_and_n(rows).items() if n_ == n}


def seeding_effect(plain: Iterable[Sequence], augmented: Iterable[Sequence], names: Sequence[str],
                   ns: Sequence[int]) -> list[dict]:
    """Per crawler and N, target recall with plain and with augmented seeds over the topics
    both runs measured: both means, their difference and the one-tailed paired p that the
    augmented seeds raise recall (rows of (crawler, topic, N, precision, recall) each); p is
    None where no test is possible."""
    def by_key(rows: Iterable[Sequence]) -> dict[tuple[str, int], dict[str, float]]:
        return {key: {t: rec for t, (_p, rec) in values.items()} for key, values in by_crawler_and_n(rows).items()}

    a, b = by_key(plain), by_key(augmented)
    result = []
    for name in names:
        for n in ns:
            pa, pb = a.get((name, n), {}), b.get((name, n), {})
            topics = [t for t in pa if t in pb]
            if not topics:
                continue
            xs, ys = [pa[t] for t in topics], [pb[t] for t in topics]
            _t, p = paired_t(ys, xs)
            result.append({"strategy": name, "N": n, "topics": len(topics), "plain": sum(xs) / len(xs),
                           "augmented": sum(ys) / len(ys), "diff": (sum(ys) - sum(xs)) / len(xs),
                           "p": None if math.isnan(p) else p})  # None: too few topics to test
    return result
