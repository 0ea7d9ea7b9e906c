"""Tests for pipeline/fetch.py: real HTTP against a misbehaving server on 127.0.0.1."""
from __future__ import annotations

import gzip
import socket
import struct
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from pipeline.fetch import ERRORS, FetchConfig, Fetcher, FetchResult, error_kind
from pipeline.testsite import QuietHTTPServer

PAGE = b"<html><head><title>Neural networks</title></head><body><ul><li>a</li></ul></body></html>"
LATIN1 = "<html><head><title>Caf\u00e9</title></head><body>D\u00e9j\u00e0 vu</body></html>".encode(
    "iso-8859-1")
PDF = b"%PDF-1.4\n" + b"0" * 50_000
HUGE = 5_000_000
HTML = "text/html"

# path -> (status, content type or None, body, extra headers)
STATIC: dict[str, tuple[int, str | None, bytes, dict[str, str]]] = {
    "/ok": (200, "text/html; charset=utf-8", PAGE, {"ETag": '"v1"', "X-Other": "dropped"}),
    "/latin1": (200, "text/html; charset=ISO-8859-1", LATIN1, {}),
    "/xhtml": (200, "application/xhtml+xml", PAGE, {}),
    "/notfound": (404, HTML, b"<html><body>gone</body></html>", {}),
    "/gone": (410, HTML, b"", {}),
    "/error": (500, HTML, b"<html><body>oops</body></html>", {}),
    "/unavailable": (503, HTML, b"", {}),
    "/redirect-no-location": (302, HTML, b"", {}),
    "/pdf": (200, "application/pdf", PDF, {}),
    "/pdf-lying": (200, "text/html; charset=utf-8", PDF, {}),
    "/png-untyped": (200, None, b"\x89PNG\r\n\x1a\n" + b"\x00" * 5000, {}),
    "/robots.txt": (200, "text/plain", b"User-agent: *\nDisallow: /private\n", {}),
    "/no-type": (200, None, PAGE, {}),
    "/soft404": (200, HTML, b"<html><head><title>Page not found</title></head><body>x</body></html>", {}),
    "/soft404-h1": (200, HTML, (b"<html><head><title>Example site</title></head>"
                                b"<body><h1>Error <b>404</b></h1></body></html>"), {}),
    "/article-404": (200, HTML, (b"<html><head><title>HTTP 404 - Wikipedia</title></head>"
                                 b"<body><h1>HTTP 404</h1>A page that is not found ...</body></html>"), {}),
    "/empty": (200, HTML, b"", {}),
    "/blank": (200, HTML, b"  \r\n\t ", {}),
    "/exact": (200, HTML, b"<html><body>" + b"x" * (10_000 - 12), {}),
    "/bad-gzip": (200, HTML, b"this is not gzip at all", {"Content-Encoding": "gzip"}),
    "/gzip-bomb": (200, HTML, gzip.compress(b"<html><body>" + b"a" * 20_000_000),
                   {"Content-Encoding": "gzip"}),
    "/redirect-chain": (302, HTML, b"", {"Location": "/hop/2"}),
    "/hop/2": (301, HTML, b"", {"Location": "{base}/hop/sub/3"}),  # absolute
    "/hop/sub/3": (307, HTML, b"", {"Location": "../../ok#frag"}),  # relative, with a fragment
    "/loop": (302, HTML, b"", {"Location": "/loop"}),
    "/ping": (302, HTML, b"", {"Location": "/pong"}),
    "/pong": (302, HTML, b"", {"Location": "/ping"}),
    "/redirect-to-ftp": (302, HTML, b"", {"Location": "ftp://127.0.0.1/file.html"}),
    "/redirect-to-refused": (302, HTML, b"", {"Location": "http://127.0.0.1:{refused}/x"}),
}


class Handler(BaseHTTPRequestHandler):
    """One route per misbehaviour; `self.server` carries the shared state."""

    protocol_version = "HTTP/1.1"  # keep-alive, like real servers

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path
        self.server.agents.add(self.headers.get("User-Agent"))  # type: ignore[attr-defined]
        if path in STATIC:
            status, ctype, body, extra = STATIC[path]
            self.send_response(status)
            if ctype:
                self.send_header("Content-Type", ctype)
            for key, value in extra.items():
                self.send_header(key, value.format(base=self.server.base,  # type: ignore[attr-defined]
                                                   refused=self.server.refused_port))  # type: ignore[attr-defined]
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif path.startswith("/long-chain/"):  # /long-chain/N redirects to /long-chain/N-1 ... /ok
            n = int(path.rsplit("/", 1)[1])
            self.send_response(302)
            self.send_header("Location", f"/long-chain/{n - 1}" if n > 1 else "/ok")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/slow":
            time.sleep(1.5)
            self._quietly(self._send_page)
        elif path == "/trickle":  # headers at once, then one byte every 50 ms
            self.send_response(200)
            self.send_header("Content-Type", HTML)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self._quietly(self._drip)
        elif path == "/reset":  # read the request, then reset the connection without a word
            self.close_connection = True
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        elif path == "/huge":
            self._send_huge()
        else:
            self.send_error(404)

    def _send_page(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", HTML)
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def _drip(self) -> None:
        for _ in range(60):
            self.wfile.write(b"x")
            self.wfile.flush()
            time.sleep(0.05)

    def _send_huge(self) -> None:
        state = self.server.huge  # type: ignore[attr-defined]
        # A small send buffer, so the server feels the client hang up instead of filling RAM.
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 16_384)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(HUGE))
        self.end_headers()
        block = b"<p>" + b"x" * 65_533
        try:
            while state["sent"] < HUGE:
                self.wfile.write(block)
                state["sent"] += len(block)
        except OSError:
            state["aborted"] = True
            self.close_connection = True
        state["done"].set()

    def _quietly(self, send) -> None:  # the client may have given up already
        try:
            send()
        except OSError:
            self.close_connection = True


@pytest.fixture(scope="module")
def server() -> Iterator[ThreadingHTTPServer]:
    srv = QuietHTTPServer(("127.0.0.1", 0), Handler)
    srv.daemon_threads = True
    srv.base = f"http://127.0.0.1:{srv.server_address[1]}"  # type: ignore[attr-defined]
    srv.agents = set()  # type: ignore[attr-defined]
    srv.huge = {"sent": 0, "aborted": False, "done": threading.Event()}  # type: ignore[attr-defined]
    # Bound but not listening: connecting to it is refused, and no one else can take the port.
    refused = socket.socket()
    refused.bind(("127.0.0.1", 0))
    srv.refused_port = refused.getsockname()[1]  # type: ignore[attr-defined]
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()
    refused.close()
    thread.join(timeout=5)


@pytest.fixture()
def fetcher() -> Iterator[Fetcher]:
    f = Fetcher(FetchConfig(timeout=2.0))
    yield f
    f.close()


def get(server: ThreadingHTTPServer, path: str, **config: object) -> FetchResult:
    f = Fetcher(FetchConfig(**{"timeout": 2.0, **config}))  # type: ignore[arg-type]
    try:
        return f.fetch(server.base + path)  # type: ignore[attr-defined]
    finally:
        f.close()


def test_ok_page(server, fetcher):
    r = fetcher.fetch(server.base + "/ok")
    assert r.ok and r.error is None
    assert (r.status, r.content_type, r.charset) == (200, "text/html", "utf-8")
    assert r.body == PAGE and not r.truncated
    assert r.url == r.final_url == server.base + "/ok"
    assert r.redirects == []
    assert r.headers["content-type"] == "text/html; charset=utf-8"
    assert r.headers["etag"] == '"v1"' and r.headers["content-length"] == str(len(PAGE))
    assert set(r.headers) <= {"content-type", "content-length", "last-modified", "etag", "server",
                              "location"}
    assert "server" in r.headers and "x-other" not in r.headers and "date" not in r.headers
    assert 0 < r.elapsed < 2
    assert server.agents == {FetchConfig().user_agent}


def test_url_is_canonicalised(server, fetcher):
    url = server.base.replace("http://", "HTTP://") + "/ok#section"
    r = fetcher.fetch(url)
    assert r.ok and r.url == url and r.final_url == server.base + "/ok"


def test_latin1_body_is_returned_unchanged_with_its_charset(server, fetcher):
    r = fetcher.fetch(server.base + "/latin1")
    assert r.ok and r.status == 200
    assert r.body == LATIN1
    assert (r.content_type, r.charset) == ("text/html", "iso-8859-1")


def test_xhtml_is_html(server, fetcher):
    r = fetcher.fetch(server.base + "/xhtml")
    assert r.ok and r.content_type == "application/xhtml+xml" and r.charset is None


@pytest.mark.parametrize("path, status", [("/notfound", 404), ("/gone", 410), ("/error", 500),
                                          ("/unavailable", 503), ("/redirect-no-location", 302)])
def test_http_error_status(server, fetcher, path, status):
    r = fetcher.fetch(server.base + path)
    assert r.error == f"http {status}" and not r.ok
    assert r.status == status and r.content_type == "text/html"
    assert r.body == b""  # the error page is not downloaded
    assert r.final_url == server.base + path and r.redirects == []


def test_error_kind_counts_statuses_by_class():
    assert [error_kind(e) for e in ("http 404", "http 410", "http 500", "http 302", "http 199")] == [
        "http 4xx", "http 4xx", "http 5xx", "http 3xx", "http other"]
    assert error_kind("timeout") == "timeout" and error_kind(None) is None
    assert len(set(ERRORS)) == len(ERRORS) == 11


def test_slow_server_times_out(server):
    start = time.monotonic()
    r = get(server, "/slow", timeout=0.5)
    assert time.monotonic() - start < 1.4
    assert r.error == "timeout" and r.status is None and r.body == b""
    assert r.final_url == server.base + "/slow"


def test_trickling_body_times_out(server):
    # Each byte comes within the read timeout, so only the body deadline stops it.
    start = time.monotonic()
    r = get(server, "/trickle", timeout=0.5)
    assert time.monotonic() - start < 1.9
    assert r.error == "timeout" and r.status == 200 and r.content_type == "text/html"
    assert 0 < len(r.body) < 100 and not r.truncated


def test_reset_is_a_connection_error(server, fetcher):
    r = fetcher.fetch(server.base + "/reset")
    assert r.error == "connection" and r.status is None and r.body == b""
    assert r.final_url == server.base + "/reset"


def test_refused_port_is_a_connection_error(server, fetcher):
    url = f"http://127.0.0.1:{server.refused_port}/x"
    r = fetcher.fetch(url)
    assert r.error == "connection" and r.status is None and r.content_type is None
    assert r.final_url == url and r.headers == {}


def test_broken_gzip_is_a_connection_error(server, fetcher):
    r = fetcher.fetch(server.base + "/bad-gzip")
    assert r.error == "connection" and r.status == 200 and r.content_type == "text/html"


def test_gzip_bomb_is_cut_at_max_bytes_of_decoded_text(server):
    r = get(server, "/gzip-bomb", max_bytes=10_000)
    assert r.ok and r.truncated and len(r.body) == 10_000
    assert r.body.startswith(b"<html><body>aaa")


def test_redirect_chain(server, fetcher):
    r = fetcher.fetch(server.base + "/redirect-chain")
    assert r.ok and r.status == 200 and r.content_type == "text/html"
    assert r.body == PAGE
    assert r.final_url == server.base + "/ok"
    assert r.redirects == [server.base + p for p in ("/redirect-chain", "/hop/2", "/hop/sub/3")]
    assert "location" not in r.headers  # headers are the final response's


@pytest.mark.parametrize("path", ["/loop", "/ping"])
def test_redirect_loop(server, fetcher, path):
    r = fetcher.fetch(server.base + path)
    assert r.error == "too many redirects" and r.status == 302
    assert r.body == b""
    assert len(r.redirects) <= 2 and r.redirects[0] == server.base + path


def test_long_chain_stops_at_max_redirects(server):
    r = get(server, "/long-chain/9", max_redirects=5)
    assert r.error == "too many redirects" and r.status == 302
    assert r.redirects == [f"{server.base}/long-chain/{n}" for n in range(9, 3, -1)]  # 6 redirects
    assert r.final_url == server.base + "/long-chain/4"
    assert r.headers["location"] == "/long-chain/3"


def test_chain_of_exactly_max_redirects_is_followed(server):
    r = get(server, "/long-chain/5", max_redirects=5)
    assert r.ok and r.final_url == server.base + "/ok" and len(r.redirects) == 5
    assert get(server, "/long-chain/1", max_redirects=0).error == "too many redirects"


def test_redirect_to_ftp_is_a_bad_url(server, fetcher):
    r = fetcher.fetch(server.base + "/redirect-to-ftp")
    assert r.error == "bad url" and r.status == 302
    assert r.redirects == [server.base + "/redirect-to-ftp"]
    assert r.headers["location"] == "ftp://127.0.0.1/file.html"  # where it tried to send us


def test_redirect_to_a_refused_port(server, fetcher):
    r = fetcher.fetch(server.base + "/redirect-to-refused")
    assert r.error == "connection" and r.status is None
    assert r.final_url == f"http://127.0.0.1:{server.refused_port}/x"
    assert r.redirects == [server.base + "/redirect-to-refused"]


def test_pdf_is_not_html_and_not_downloaded(server, fetcher):
    r = fetcher.fetch(server.base + "/pdf")
    assert r.error == "not html" and r.status == 200
    assert r.content_type == "application/pdf" and r.body == b""


def test_pdf_served_as_html_is_not_html(server, fetcher):
    r = fetcher.fetch(server.base + "/pdf-lying")
    assert r.error == "not html" and r.status == 200
    assert (r.content_type, r.charset) == ("text/html", "utf-8")
    assert r.body.startswith(b"%PDF") and len(r.body) <= 16_384 and not r.truncated


def test_untyped_image_is_not_html(server, fetcher):
    r = fetcher.fetch(server.base + "/png-untyped")
    assert r.error == "not html" and r.status == 200 and r.content_type is None


def test_html_only_off_downloads_any_type(server):
    r = get(server, "/pdf", html_only=False)
    assert r.ok and r.content_type == "application/pdf" and r.body == PDF
    r = get(server, "/robots.txt", html_only=False)
    assert r.ok and r.content_type == "text/plain" and r.body.startswith(b"User-agent")
    assert get(server, "/robots.txt").error == "not html"


def test_huge_body_is_cut_at_max_bytes(server):
    start = time.monotonic()
    r = get(server, "/huge", max_bytes=10_000)
    assert time.monotonic() - start < 1.5
    assert r.ok and r.truncated and len(r.body) == 10_000
    assert r.status == 200 and r.content_type == "text/html" and r.headers["content-length"] == str(HUGE)
    # The server sees the client hang up long before it has sent everything.
    assert server.huge["done"].wait(3)
    assert server.huge["aborted"] and server.huge["sent"] < HUGE


def test_body_of_exactly_max_bytes_is_not_truncated(server):
    r = get(server, "/exact", max_bytes=10_000)
    assert r.ok and len(r.body) == 10_000 and not r.truncated
    r = get(server, "/exact", max_bytes=9_999)
    assert r.ok and len(r.body) == 9_999 and r.truncated


def test_missing_content_type_is_sniffed(server, fetcher):
    r = fetcher.fetch(server.base + "/no-type")
    assert r.ok and r.status == 200 and r.content_type is None and r.charset is None
    assert r.body == PAGE


@pytest.mark.parametrize("path", ["/soft404", "/soft404-h1"])
def test_soft_404(server, fetcher, path):
    r = fetcher.fetch(server.base + path)
    assert r.error == "soft 404" and r.status == 200 and r.content_type == "text/html"
    assert b"404" in r.body or b"not found" in r.body  # the page is kept for the record


def test_article_about_404_is_not_a_soft_404(server, fetcher):
    assert fetcher.fetch(server.base + "/article-404").ok


@pytest.mark.parametrize("path", ["/empty", "/blank"])
def test_empty_body(server, fetcher, path):
    r = fetcher.fetch(server.base + path)
    assert r.error == "empty body" and r.status == 200 and r.content_type == "text/html"
    assert not r.truncated


@pytest.mark.parametrize("url", ["mailto:x", "ftp://127.0.0.1/file.html", "file:///etc/passwd",
                                 "javascript:void(0)", "not a url", "", "http://", "http://[::1"])
def test_bad_url(fetcher, url):
    r = fetcher.fetch(url)
    assert r.error == "bad url" and r.status is None and r.body == b""
    assert r.url == r.final_url == url and r.redirects == []


def test_many_threads_share_one_fetcher(server, fetcher):
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(fetcher.fetch, [server.base + "/ok"] * 50))
    assert len(results) == 50
    assert all(r.ok and r.body == PAGE and r.status == 200 for r in results)
    assert 1 <= len(fetcher._sessions) <= 8  # one session per thread, not per fetch
