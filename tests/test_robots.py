"""Tests for pipeline/robots.py: robots.txt files served from local servers (real HTTP, no mocks)."""
from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import requests
from protego import Protego

from pipeline.robots import (
    MAX_ROBOTS_BYTES,
    RobotsCache,
    requests_fetch_text,
    site_key,
    truncate_robots,
)
from pipeline.testsite import CorpusSite, QuietHTTPServer

if TYPE_CHECKING:
    from typing import Self


class RobotsServer:
    """A site whose /robots.txt answers with a given status and body (after `delay` s).

    Counts the requests for /robots.txt; with `redirect_to`, /robots.txt redirects there.
    """

    def __init__(self, status: int = 200, body: str = "", delay: float = 0.0, redirect_to: str | None = None):
        self.status, self.body, self.delay, self.redirect_to = status, body.encode(), delay, redirect_to
        self.robots_hits = 0
        self.lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self):
                path = self.path.split("?", 1)[0]
                status, body, headers = 200, b"ok", {}
                if path == "/robots.txt":
                    with outer.lock:
                        outer.robots_hits += 1
                    time.sleep(outer.delay)
                    status, body = outer.status, outer.body
                    if outer.redirect_to:
                        status, body, headers = 301, b"", {"Location": outer.redirect_to}
                elif path == "/real-robots.txt":
                    body = outer.body
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Type", "text/plain; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = QuietHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                       daemon=True)

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def session() -> Iterator[requests.Session]:
    with requests.Session() as s:
        yield s


@contextmanager
def corpus_site(tmp_path: Path, robots_txt: str | None) -> Iterator[CorpusSite]:
    (tmp_path / "pages").mkdir(exist_ok=True)
    with CorpusSite(tmp_path / "pages", robots_txt=robots_txt) as site:
        yield site


def cache_for(session: requests.Session, user_agent: str = "topicminer") -> RobotsCache:
    return RobotsCache(requests_fetch_text(session, timeout=5), user_agent=user_agent)


def test_disallow_and_allow_precedence(tmp_path: Path, session):
    robots = """# comment
User-agent: *
Disallow: /private/
Disallow: /wiki/
Allow: /wiki/Data_mining
Allow: /a
Disallow: /a/b
"""
    with corpus_site(tmp_path, robots) as site:
        rc = cache_for(session)
        b = site.base_url
        assert not rc.allowed(b + "/private/x.html")
        assert rc.allowed(b + "/privately")
        assert rc.allowed(b + "/")
        assert not rc.allowed(b + "/wiki/Machine_learning")
        assert rc.allowed(b + "/wiki/Data_mining")  # the longer Allow wins over Disallow: /wiki/
        assert rc.allowed(b + "/wiki/Data_mining_tools")
        assert not rc.allowed(b + "/a/b/c")  # the longer Disallow wins, whatever the order
        assert rc.allowed(b + "/a/c")
        assert rc.allowed(b + "/robots.txt")
        assert rc.crawl_delay(b + "/") is None
        assert site.request_count("/robots.txt") == 1


def test_wildcards_and_end_anchor(tmp_path: Path, session):
    robots = "User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?action=\nDisallow: /w/*/edit\n"
    with corpus_site(tmp_path, robots) as site:
        rc = cache_for(session)
        b = site.base_url
        assert not rc.allowed(b + "/docs/paper.pdf")
        assert rc.allowed(b + "/docs/paper.pdf?download=1")  # "$": must end there
        assert rc.allowed(b + "/docs/paper.pdfx")
        assert not rc.allowed(b + "/wiki/X?action=edit")
        assert rc.allowed(b + "/wiki/X?oldid=3")
        assert not rc.allowed(b + "/w/Page/edit")
        assert rc.allowed(b + "/w/Page/view")


def test_user_agent_group_beats_star(tmp_path: Path, session):
    robots = """User-agent: *
Disallow: /
Crawl-delay: 9

User-agent: otherbot
Disallow: /nothing-for-otherbot

User-agent: TopicMiner
Disallow: /secret
Crawl-delay: 2.5
"""
    with corpus_site(tmp_path, robots) as site:
        b = site.base_url
        ours = cache_for(session)  # "topicminer": its own group, matched case-insensitively
        assert ours.allowed(b + "/wiki/Page")
        assert not ours.allowed(b + "/secret/x")
        assert ours.crawl_delay(b + "/wiki/Page") == 2.5
        versioned = cache_for(session, user_agent="topicminer/1.0 (+https://example.org)")
        assert versioned.allowed(b + "/wiki/Page") and not versioned.allowed(b + "/secret")
        stranger = cache_for(session, user_agent="somebot")  # falls back to *
        assert not stranger.allowed(b + "/wiki/Page")
        assert stranger.crawl_delay(b + "/") == 9.0
        assert not cache_for(session, user_agent="mytopicminer").allowed(b + "/wiki/Page")


def test_crawl_delay_star_group_and_none(tmp_path: Path, session):
    with corpus_site(tmp_path, "User-agent: *\nCrawl-delay: 1.5\nDisallow: /x\n") as site:
        assert cache_for(session).crawl_delay(site.base_url + "/a") == 1.5
    with corpus_site(tmp_path, "User-agent: *\nDisallow: /x\n") as site:
        assert cache_for(session).crawl_delay(site.base_url + "/a") is None
    with corpus_site(tmp_path, "User-agent: *\nCrawl-delay: soon\n") as site:  # malformed: ignored
        assert cache_for(session).crawl_delay(site.base_url + "/a") is None


def test_missing_robots_allows_everything(tmp_path: Path, session):
    with corpus_site(tmp_path, None) as site:  # /robots.txt is a 404
        rc = cache_for(session)
        assert rc.allowed(site.base_url + "/wiki/Anything")
        assert rc.allowed(site.base_url + "/private/")
        assert rc.crawl_delay(site.base_url + "/") is None
        assert rc.rules(site_key(site.base_url)).status == 404


@pytest.mark.parametrize("status, allowed", [
    (404, True), (410, True), (401, True), (403, True),
    (429, False), (500, False), (502, False), (503, False),
])
def test_status_policy(session, status: int, allowed: bool):
    with RobotsServer(status=status, body="User-agent: *\nDisallow: /\n") as srv:
        rc = cache_for(session)
        assert rc.allowed(srv.base + "/page") is allowed
        assert rc.allowed(srv.base + "/other/page") is allowed
        assert rc.allowed(srv.base + "/robots.txt")  # always fetchable itself
        assert rc.crawl_delay(srv.base + "/page") is None
        assert srv.robots_hits == 1


def test_redirect_is_followed(session):
    with RobotsServer(body="User-agent: *\nDisallow: /no\n") as srv:
        srv.redirect_to = srv.base + "/real-robots.txt"
        rc = cache_for(session)
        assert not rc.allowed(srv.base + "/no/x")
        assert rc.allowed(srv.base + "/yes")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_connection_refused_disallows_everything(session):
    base = f"http://127.0.0.1:{free_port()}"
    fetch = requests_fetch_text(session, timeout=2)
    assert fetch(base + "/robots.txt") == (None, "")
    rc = RobotsCache(fetch)
    assert not rc.allowed(base + "/")
    assert not rc.allowed(base + "/wiki/Page")
    assert rc.crawl_delay(base + "/") is None
    assert rc.rules(base).status is None


def test_fetch_text_never_raises(session):
    fetch = requests_fetch_text(session, timeout=2)
    assert fetch("http://[::1") == (None, "")
    assert fetch("not a url") == (None, "")
    with RobotsServer(delay=1.0) as srv:  # a read timeout
        assert requests_fetch_text(session, timeout=0.2)(srv.base + "/robots.txt") == (None, "")


def test_fetcher_that_raises_counts_as_failure():
    def broken(url: str):
        raise RuntimeError("boom")

    rc = RobotsCache(broken)
    assert not rc.allowed("http://example.invalid/page")


def test_one_fetch_per_site_from_many_threads(tmp_path: Path, session):
    with RobotsServer(body="User-agent: *\nDisallow: /private\n", delay=0.3) as srv:
        rc = cache_for(session)
        start = threading.Barrier(8)

        def worker(i: int) -> list[bool]:
            start.wait()  # all 8 ask at once, while the one fetch is still in flight
            return [rc.allowed(f"{srv.base}/{'private' if j % 2 else 'page'}/{i}-{j}") for j in range(50)]

        with ThreadPoolExecutor(8) as ex:
            results = list(ex.map(worker, range(8)))
        assert srv.robots_hits == 1
        assert all(r == [j % 2 == 0 for j in range(50)] for r in results)
        assert rc.site_count() == 1


def test_sites_are_scheme_host_port(tmp_path: Path, session):
    with RobotsServer(body="User-agent: *\nDisallow: /a\n") as one, \
         RobotsServer(body="User-agent: *\nDisallow: /b\n") as two:
        rc = cache_for(session)
        assert not rc.allowed(one.base + "/a") and rc.allowed(one.base + "/b")
        assert rc.allowed(two.base + "/a") and not rc.allowed(two.base + "/b")
        # the same site written differently is the same cache entry
        port = one.base.rsplit(":", 1)[1]
        assert not rc.allowed(f"HTTP://127.0.0.1:{port}/a?x=1#frag")
        assert (one.robots_hits, two.robots_hits) == (1, 1)
    assert site_key("HTTP://Example.COM:80/a") == "http://example.com"
    assert site_key("https://example.com:443/a") == "https://example.com"
    assert site_key("http://example.com:8080/a") == "http://example.com:8080"
    assert site_key("mailto:a@example.com") is None


def test_not_http_urls_are_never_allowed():
    rc = RobotsCache(lambda url: (404, ""))
    assert not rc.allowed("ftp://example.com/x")
    assert not rc.allowed("javascript:void(0)")
    assert not rc.allowed("/relative/path")
    assert rc.site_count() == 0


def test_robots_larger_than_500kb_is_cut(tmp_path: Path, session):
    filler = "# " + "x" * 97 + "\n"  # 100 bytes a line
    body = "User-agent: *\nDisallow: /early\n" + filler * (MAX_ROBOTS_BYTES // 100 + 100) + "Disallow: /late\n"
    with RobotsServer(body=body) as srv:
        fetch = requests_fetch_text(session)
        status, text = fetch(srv.base + "/robots.txt")
        assert status == 200 and len(text.encode()) == MAX_ROBOTS_BYTES
        rc = RobotsCache(fetch)
        assert not rc.allowed(srv.base + "/early/x")
        assert rc.allowed(srv.base + "/late/x")  # beyond the limit: ignored


def test_truncate_drops_the_cut_line():
    head = "User-agent: *\nDisallow: /\n"
    pad = "#" * (MAX_ROBOTS_BYTES - len(head) - len("Allow: /a") - 1) + "\n"
    text = head + pad + "Allow: /abcdef\n"  # the limit falls right after "Allow: /a"
    assert len((head + pad + "Allow: /a").encode()) == MAX_ROBOTS_BYTES
    assert truncate_robots(text) == head + pad  # no broader "Allow: /a" left behind
    assert truncate_robots(head) == head
    rc = RobotsCache(lambda url: (200, text))
    assert not rc.allowed("http://example.org/a")
    assert not rc.allowed("http://example.org/abcdef")  # its line was cut: not an Allow any more
    naive = Protego.parse(text.encode()[:MAX_ROBOTS_BYTES].decode())
    assert naive.can_fetch("http://example.org/a", "topicminer")  # what a plain cut would allow
