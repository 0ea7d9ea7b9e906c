"""Fetch one page over HTTP for the crawlers: bounded in time and bytes, never raising for network faults."""
from __future__ import annotations

import html
import http.client
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import requests
import urllib3.exceptions

from .parse import html_problem, sniff_binary
from .text import squash
from .urls import canonical

# Every value FetchResult.error can take, after error_kind() folds "http 404" into "http 4xx".
ERRORS = ("bad url", "timeout", "connection", "too many redirects", "http 3xx", "http 4xx",
          "http 5xx", "http other", "not html", "soft 404", "empty body")

_REDIRECTS = frozenset({301, 302, 303, 307, 308})
_KEPT_HEADERS = ("content-type", "content-length", "last-modified", "etag", "server", "location")
_CHUNK = 16_384
_SNIFF = 1024  # sniff_binary looks at most this far for a NUL byte
# Title or first <h1> of an error page: "404", "Error 404 ...", "... not found", "... does not exist".
_SOFT_404 = re.compile(r"^(?:error\s*)?404\b|\bnot found\b|\bdoes not exist\b")
_SOFT_404_WORDS = 10  # longer titles are articles that mention the words, not error pages
_TITLE = re.compile(rb"<title[^>]*>(.*?)</title", re.IGNORECASE | re.DOTALL)
_H1 = re.compile(rb"<h1[^>]*>(.*?)</h1", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^>]*>")


@dataclass(frozen=True)
class FetchConfig:
    """How one Fetcher fetches."""

    timeout: float = 10.0  # seconds, connect and read; the body must also arrive within it
    max_bytes: int = 400_000  # read at most this many body bytes (published setups: 400 KB or 10 KB)
    max_redirects: int = 5
    user_agent: str = "topicminer/0.1 (+https://example.invalid/topicminer)"
    html_only: bool = True  # non-HTML bodies are not downloaded beyond a sniff


@dataclass
class FetchResult:
    """What one fetch gave; `error` is None when the page is usable."""

    url: str  # as requested
    final_url: str  # the last URL requested, canonical; the requested one when it was not a URL
    status: int | None = None  # HTTP status of final_url; None when it gave no response
    content_type: str | None = None  # media type, lowercase, no parameters ("text/html")
    charset: str | None = None  # from the Content-Type header, lowercase
    body: bytes = b""  # at most max_bytes; empty when the headers alone decided the error
    truncated: bool = False  # body stopped at max_bytes
    error: str | None = None  # one of ERRORS, or "http <status>" (see error_kind)
    elapsed: float = 0.0
    redirects: list[str] = field(default_factory=list)  # URLs that answered with a redirect, in order
    headers: dict[str, str] = field(default_factory=dict)  # _KEPT_HEADERS of final_url's response

    @property
    def ok(self) -> bool:
        """True when the page is usable."""
        return self.error is None


def error_kind(error: str | None) -> str | None:
    """The ERRORS entry an error counts under: "http 404" -> "http 4xx", others unchanged."""
    if error and error.startswith("http ") and error[5:].isdigit():
        cls = f"http {error[5]}xx"
        return cls if cls in ERRORS and len(error) == 8 else "http other"
    return error


def _is_html_type(media_type: str) -> bool:
    # Ask the parse stage's own rule, so the fetcher and the parser never disagree on types.
    return html_problem(b"<html><body>", media_type) is None


def _split_content_type(value: str | None) -> tuple[str | None, str | None]:
    if not value:
        return None, None
    media, *params = value.split(";")
    charset = None
    for param in params:
        key, _, val = param.partition("=")
        if key.strip().lower() == "charset":
            charset = val.strip().strip("'\"").lower() or None
    return media.strip().lower() or None, charset


def _looks_like_error_page(raw: bytes) -> bool:
    # Only the head of the page: the title and first heading come early, and 64 KB bounds the work.
    head = raw[:65_536]
    for pattern in (_TITLE, _H1):
        m = pattern.search(head)
        if m:
            text = squash(html.unescape(_TAG.sub(" ", m.group(1).decode("latin-1")))).lower()
            if len(text.split()) <= _SOFT_404_WORDS and _SOFT_404.search(text):
                return True
    return False


def _category(exc: BaseException) -> str:
    # requests wraps a read timeout met while streaming in ConnectionError: look inside it.
    inner = exc.args[0] if isinstance(exc, requests.ConnectionError) and exc.args else None
    if isinstance(exc, (requests.Timeout, urllib3.exceptions.TimeoutError, TimeoutError)) or \
            isinstance(inner, (urllib3.exceptions.TimeoutError, TimeoutError)):
        return "timeout"
    if isinstance(exc, (requests.exceptions.InvalidURL, requests.exceptions.MissingSchema,
                        requests.exceptions.InvalidSchema, urllib3.exceptions.LocationValueError)):
        return "bad url"
    return "connection"


def _location(resp: requests.Response) -> str | None:
    loc = resp.headers.get("location")
    if loc is None:
        return None
    # http.client decodes headers as latin-1; servers send UTF-8 (requests undoes it the same way).
    try:
        return loc.encode("latin-1").decode("utf-8")
    except UnicodeError:
        return loc


def _reader(resp: requests.Response) -> Callable[[int], bytes]:
    # read1 returns what has arrived instead of waiting until n bytes are in, so a server that
    # trickles bytes cannot hold us past the deadline; urllib3 1.x has only read.
    raw = resp.raw
    read = getattr(raw, "read1", None) or raw.read
    return lambda n: read(n, decode_content=True)  # decoded, at most n bytes: no gzip bomb


class Fetcher:
    """Fetches pages; one instance may be used from many threads at once."""

    def __init__(self, config: FetchConfig = FetchConfig()) -> None:
        self.config = config
        self._local = threading.local()
        self._sessions: list[requests.Session] = []  # every thread's, so close() reaches them all
        self._lock = threading.Lock()

    def _session(self) -> requests.Session:
        # requests.Session is not thread-safe: one per thread, each with its own connection pool.
        session = getattr(self._local, "session", None)
        if session is None:
            session = requests.Session()
            # No proxies or ~/.netrc credentials from the environment: a crawler must never send
            # credentials to whatever host a link points at, and its traffic must be predictable.
            session.trust_env = False
            session.headers.update({
                "User-Agent": self.config.user_agent,
                "Accept": "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
            })
            self._local.session = session
            with self._lock:
                self._sessions.append(session)
        return session

    def close(self) -> None:
        """Close every thread's session and its pooled connections."""
        with self._lock:
            sessions, self._sessions = self._sessions, []
        for session in sessions:
            session.close()
        self._local = threading.local()  # a later fetch starts a fresh session

    def fetch(self, url: str) -> FetchResult:
        """Fetch `url`, following redirects; any fault is reported in the result's `error`."""
        start = time.monotonic()
        result = FetchResult(url=url, final_url=url)
        current = canonical(url) if isinstance(url, str) else None
        if current is None:
            result.error = "bad url"
        else:
            session = self._session()
            session.cookies.clear()  # cookies live for one redirect chain, not the whole crawl
            try:
                self._follow(session, current, result)
            except (requests.RequestException, urllib3.exceptions.HTTPError,
                    http.client.HTTPException, OSError, ValueError) as exc:
                result.error = _category(exc)
        result.elapsed = time.monotonic() - start
        return result

    def _follow(self, session: requests.Session, current: str, result: FetchResult) -> None:
        cfg = self.config
        seen = {current}
        while True:
            result.final_url = current
            result.status, result.content_type, result.charset, result.headers = None, None, None, {}
            resp = session.get(current, stream=True, allow_redirects=False,
                               timeout=(cfg.timeout, cfg.timeout))
            try:
                result.status = resp.status_code
                result.headers = {k: resp.headers[k] for k in _KEPT_HEADERS if k in resp.headers}
                result.content_type, result.charset = _split_content_type(
                    resp.headers.get("content-type"))
                location = _location(resp) if resp.status_code in _REDIRECTS else None
                if location is None:
                    self._finish(resp, result)
                    return
                result.redirects.append(current)
                target = canonical(location, current)
                if target is None:  # ftp:, mailto:, or no host: we only speak http(s)
                    result.error = "bad url"
                    return
                if len(result.redirects) > cfg.max_redirects or target in seen:
                    result.error = "too many redirects"
                    return
                seen.add(target)
                current = target
            finally:
                resp.close()  # also drops the connection when the body was left unread

    def _finish(self, resp: requests.Response, result: FetchResult) -> None:
        # Checks that need only the headers come first, so such bodies are never downloaded.
        cfg = self.config
        if not 200 <= resp.status_code < 300:
            result.error = f"http {resp.status_code}"
            return
        if cfg.html_only and result.content_type and not _is_html_type(result.content_type):
            result.error = "not html"
            return
        read = _reader(resp)
        deadline = time.monotonic() + cfg.timeout
        body = bytearray()
        sniffed = not cfg.html_only
        while len(body) < cfg.max_bytes:
            if time.monotonic() > deadline:
                result.body = bytes(body)
                result.error = "timeout"
                return
            chunk = read(min(_CHUNK, cfg.max_bytes - len(body)))  # never more than max_bytes held
            if not chunk:
                break
            body += chunk
            if not sniffed and len(body) >= _SNIFF:
                sniffed = True
                if sniff_binary(bytes(body[:_SNIFF])):  # a PDF served as text/html, an untyped image
                    break
        else:
            result.truncated = bool(read(1))  # one probe byte tells "exactly max_bytes" from "more"
        result.body = bytes(body)
        ctype = result.content_type
        looks_html = (not ctype or _is_html_type(ctype)) and not sniff_binary(result.body)
        if not body.strip():
            result.error = "empty body"
        elif cfg.html_only and not looks_html:
            result.error = "not html"
        elif looks_html and _looks_like_error_page(result.body):
            result.error = "soft 404"
