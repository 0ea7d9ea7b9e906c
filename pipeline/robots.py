"""robots.txt rules per host, for the crawlers: fetched once per site, parsed by protego.

A site is a scheme + host + port (`http://a.org`, `https://a.org` and `http://a.org:8080`
are three sites, each with its own robots.txt); the key is the URL's canonical form
(`pipeline.urls.canonical`: lowercase host, default port dropped).

Policy (the common one: Google's, and RFC 9309's):

- 2xx: the body is parsed with `protego.Protego.parse`; `allowed()` and `crawl_delay()`
  answer from the group for our user agent, else the `*` group. Only the first 500 KB
  (500 * 1024 bytes, UTF-8) of the file count; a line cut there is dropped whole, so a
  cut never turns "Allow: /abcdef" into the broader "Allow: /a".
- 404, 410 and every other 4xx: there are no rules; everything is allowed.
  Except 429 Too Many Requests, treated as a server error (below), as Google does: a
  site that is rate-limiting us is not inviting a crawl.
- 5xx, a network failure (status None) or a `fetch_text` that raises: everything on that
  site is disallowed (the site may be down; do not hammer it).
- 3xx left over (redirects not followed, or too many of them): treated as a 4xx,
  everything allowed (RFC 9309 2.3.1.2: after five redirects the file is "unavailable").
- any other status (1xx): as a server error, everything disallowed.

The answer for a site is kept for the life of the cache (a crawl is short; a site found
down stays skipped, which is the point). `/robots.txt` itself is always allowed, and a
URL that is not absolute http(s) is never allowed (it cannot be fetched anyway).

Thread-safe: many crawler threads may call `allowed()` at once; the first to ask about a
site fetches its robots.txt and the others asking about the same site wait for that one
fetch, while threads asking about other sites go on.
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

import requests
from protego import Protego

from .urls import canonical

log = logging.getLogger(__name__)

MAX_ROBOTS_BYTES = 500 * 1024
FetchText = Callable[[str], tuple[int | None, str]]


@dataclass(frozen=True)
class SiteRules:
    """What one site's robots.txt says: allow all, disallow all, or the parsed rules."""

    status: int | None  # the HTTP status of the robots.txt fetch, None for a network failure
    allow_all: bool = False
    disallow_all: bool = False
    parser: Protego | None = None


class _Pending:
    """A site whose robots.txt is being fetched: waiters block on `done`."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.rules: SiteRules | None = None


def truncate_robots(text: str, limit: int = MAX_ROBOTS_BYTES) -> str:
    """`text` cut to `limit` UTF-8 bytes, the partial last line dropped; unchanged if shorter."""
    data = text.encode("utf-8", errors="replace")
    if len(data) < limit:
        return text
    data = data[:limit]
    if not data.endswith((b"\n", b"\r")):
        data = data[: max(data.rfind(b"\n"), data.rfind(b"\r")) + 1]
    return data.decode("utf-8", errors="ignore")


def rules_for(status: int | None, text: str) -> SiteRules:
    """The policy above, applied to one fetch result."""
    if status is None:
        return SiteRules(status, disallow_all=True)
    if 200 <= status < 300:
        try:
            parser = Protego.parse(truncate_robots(text))
        except Exception:  # protego is lenient; a crash means no usable rules
            log.warning("robots.txt could not be parsed; treating it as empty", exc_info=True)
            return SiteRules(status, allow_all=True)
        return SiteRules(status, parser=parser)
    if status == 429:
        return SiteRules(status, disallow_all=True)
    if 300 <= status < 500:
        return SiteRules(status, allow_all=True)
    return SiteRules(status, disallow_all=True)


def site_key(url: str) -> str | None:
    """`scheme://host[:port]` of an absolute http(s) URL (canonical form), else None."""
    c = canonical(url)
    if c is None:
        return None
    parts = urlsplit(c)
    return f"{parts.scheme}://{parts.netloc}"


class RobotsCache:
    """robots.txt rules for every site a crawler meets, each fetched once.

    `fetch_text(url)` returns (HTTP status, body text), or (None, "") when the site cannot
    be reached; `requests_fetch_text(session)` builds one from a requests session.
    """

    def __init__(self, fetch_text: FetchText, user_agent: str = "topicminer"):
        self.fetch_text = fetch_text
        self.user_agent = user_agent
        self._sites: dict[str, SiteRules | _Pending] = {}
        self._lock = threading.Lock()

    def allowed(self, url: str) -> bool:
        """True if robots.txt lets our user agent fetch `url`."""
        c = canonical(url)
        if c is None:
            return False
        parts = urlsplit(c)
        if parts.path == "/robots.txt":
            return True
        rules = self.rules(f"{parts.scheme}://{parts.netloc}")
        if rules.parser is not None:
            return rules.parser.can_fetch(c, self.user_agent)
        return rules.allow_all

    def crawl_delay(self, url: str) -> float | None:
        """The Crawl-delay (seconds) the site asks of our user agent, or None if it names none."""
        key = site_key(url)
        if key is None:
            return None
        rules = self.rules(key)
        return rules.parser.crawl_delay(self.user_agent) if rules.parser is not None else None

    def rules(self, key: str) -> SiteRules:
        """The rules of the site `scheme://host[:port]`, fetching its robots.txt on first use."""
        with self._lock:
            entry = self._sites.get(key)
            if entry is None:
                entry = self._sites[key] = _Pending()
                owner = True
            else:
                owner = False
        if isinstance(entry, SiteRules):
            return entry
        if not owner:
            entry.done.wait()
            assert entry.rules is not None
            return entry.rules
        rules = SiteRules(None, disallow_all=True)
        try:
            rules = self._load(key)
        finally:  # even if fetching raised something unexpected, never leave waiters hanging
            entry.rules = rules
            with self._lock:
                self._sites[key] = rules
            entry.done.set()
        return rules

    def site_count(self) -> int:
        """How many sites this cache knows (fetched, or being fetched)."""
        with self._lock:
            return len(self._sites)

    def _load(self, key: str) -> SiteRules:
        robots_url = key + "/robots.txt"
        try:
            status, text = self.fetch_text(robots_url)
        except Exception:  # a broken fetcher counts as a network failure
            log.warning("fetching %s raised; disallowing the site", robots_url, exc_info=True)
            status, text = None, ""
        rules = rules_for(status, text or "")
        if rules.parser is not None:
            # Warm protego's lazy per-agent memo and rule index now, in this one thread,
            # so that the concurrent calls that follow only read the parser.
            rules.parser.can_fetch(key + "/", self.user_agent)
            rules.parser.crawl_delay(self.user_agent)
        log.debug("robots.txt %s: status %s", robots_url, status)
        return rules


def requests_fetch_text(session: requests.Session, timeout: float = 10) -> FetchText:
    """A `fetch_text` for RobotsCache: GET with `session`, at most 500 KB read, never raises.

    Redirects are followed (requests' default, at most 30); the status is the final
    response's. The body is decoded as UTF-8 (RFC 9309), a byte-order mark dropped.
    Any failure (connection, timeout, bad URL, broken body) gives (None, "").
    """

    def fetch_text(url: str) -> tuple[int | None, str]:
        try:
            with session.get(url, timeout=timeout, stream=True) as resp:
                status = resp.status_code
                if not 200 <= status < 300:
                    return status, ""
                chunks: list[bytes] = []
                size = 0
                for chunk in resp.iter_content(chunk_size=64 * 1024):
                    chunks.append(chunk)
                    size += len(chunk)
                    if size >= MAX_ROBOTS_BYTES:
                        break
                data = b"".join(chunks)[:MAX_ROBOTS_BYTES]
                return status, data.decode("utf-8", errors="replace").removeprefix("\ufeff")
        except requests.TooManyRedirects as exc:
            resp = exc.response
            return (resp.status_code if resp is not None else 300), ""  # a 3xx: allowed
        except Exception:  # the contract is "never raises"
            log.debug("robots.txt fetch of %s failed", url, exc_info=True)
            return None, ""

    return fetch_text
