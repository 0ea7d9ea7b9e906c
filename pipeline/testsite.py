"""Serve a page collection over HTTP on 127.0.0.1, so crawlers can walk it like a real site.

Used by tests, benchmarks and demos. The rule is the one `pipeline.urls.file_url` uses to
give every corpus file its URL: `GET <prefix><Title>` returns the file `<Title>.html` of
the folder (and so does `GET <prefix><Title>.html`, how a saved or mirrored site's own
pages link to it), the title taken exactly as it appears in the request line, **without**
percent-decoding (the file names keep their percent-encoding: `AT%26T_Corporation.html`
is `/wiki/AT%26T_Corporation`, the href other pages use; `/wiki/AT&T_Corporation` is a
404). A query string is ignored. `/robots.txt` serves the text given, if any. Anything
else is a 404 with a small HTML body. Titles with "/" (subpages) map to subfolders;
"..", ".", empty segments and anything resolving outside the folder (symlinks included)
are 404s, so a request never reads a file outside the root.

    with CorpusSite("/tmp/corpus/repository") as site:
        requests.get(site.url_for("Machine_learning"))

The server is `http.server.ThreadingHTTPServer` in a background thread, HTTP/1.1 with
`Content-Length` (keep-alive, so a `requests.Session` reuses its connections), no
per-request logging. File bytes are kept in memory after the first request, up to
`cache_bytes` in all (files beyond that are read from disk every time).

Demo: `python -m pipeline.testsite CORPUS [--port N]` serves a folder of pages or a
`.tar.xz`/`.tar.gz` of one (unpacked once into a cache folder) until Ctrl-C.
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import hashlib
import os
import shutil
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from .corpus import check_corpus, iter_archive, iter_folder
from .errors import UserError

try:  # POSIX: serialise concurrent unpacks of one archive into one folder
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

if TYPE_CHECKING:
    from typing import Self  # only for type checkers: no runtime need for 3.11

HTML_TYPE = "text/html; charset=utf-8"
TEXT_TYPE = "text/plain; charset=utf-8"
NOT_FOUND_BODY = (b"<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head>"
                  b"<body><h1>Not Found</h1><p>No such page.</p></body></html>\n")
SERVER_ERROR_BODY = (b"<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>"
                     b"<body><h1>Internal Server Error</h1><p>The page cannot be read.</p></body></html>\n")
PAGE_SUFFIX = ".html"
DEFAULT_CACHE_BYTES = 256 * 2**20
SENTINEL = ".unpacked"  # written last by unpack_corpus: its presence means "complete"
PAGES_DIR = "pages"


class QuietHTTPServer(ThreadingHTTPServer):
    """A threading HTTP server that does not print a traceback when a client hangs up."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A client that hangs up mid-request (a crawler dropping a 404 it will not read, a
        # fetcher giving up on a huge body) is normal traffic, not an error worth a traceback.
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionResetError, BrokenPipeError, TimeoutError)):
            return
        super().handle_error(request, client_address)


class _Server(QuietHTTPServer):
    request_queue_size = 128  # the default backlog (5) drops SYNs when many clients connect at once

    def __init__(self, address: tuple[str, int], site: CorpusSite):
        self.site = site
        self.connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()
        super().__init__(address, _Handler)

    def close_connections(self) -> None:
        """Shut down every open keep-alive connection, waking the threads that serve them."""
        with self.connections_lock:
            conns = list(self.connections)
            self.connections.clear()
        for conn in conns:
            with contextlib.suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive; every response carries Content-Length
    disable_nagle_algorithm = True  # headers and body are two writes: avoid the 40 ms Nagle stall
    timeout = 60  # an idle keep-alive connection is closed after this many seconds
    server: _Server

    def setup(self) -> None:
        super().setup()
        with self.server.connections_lock:
            self.server.connections.add(self.connection)
        self.server.site._count_connection()

    def finish(self) -> None:
        with self.server.connections_lock:
            self.server.connections.discard(self.connection)
        with contextlib.suppress(OSError):
            super().finish()

    def do_GET(self) -> None:  # http.server's naming
        self._respond(send_body=True)

    def do_HEAD(self) -> None:
        self._respond(send_body=False)

    def _respond(self, send_body: bool) -> None:
        status, content_type, body = self.server.site.lookup(self.path)
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if send_body:
            self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:  # silence per-request logging
        pass


def require_folder(root: Path) -> None:
    """A UserError unless `root` is a folder a site can serve."""
    if not root.is_dir():
        raise UserError(f"page folder {str(root)!r} does not exist or is not a folder: pass a folder of "
                        ".html pages (the Crawl task unpacks a .tar.xz/.tar.gz archive first)")


class CorpusSite:
    """A local web site serving the `<Title>.html` files of `root` at `<prefix><Title>`.

    `start()` binds `host:port` (port 0 picks a free one) and serves from a daemon thread;
    `stop()` shuts the server and its open connections down. Use it as a context manager.
    """

    def __init__(self, root: Path | str, prefix: str = "/wiki/", robots_txt: str | None = None,
                 host: str = "127.0.0.1", port: int = 0, *, cache_bytes: int = DEFAULT_CACHE_BYTES):
        self.root = Path(root)
        require_folder(self.root)
        if not prefix.startswith("/") or not prefix.endswith("/"):
            raise ValueError(f"prefix must start and end with '/': {prefix!r}")
        self.prefix = prefix
        self.robots_txt = robots_txt
        self._robots_body = robots_txt.encode("utf-8") if robots_txt is not None else None
        self.host = host
        self.port = port
        self.cache_bytes = cache_bytes
        self._root_resolved = self.root.resolve()
        self._cache: dict[str, bytes] = {}
        self._cached_bytes = 0
        self._lock = threading.Lock()
        self._hits: collections.Counter[str] = collections.Counter()
        self._connections = 0
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    # -- life cycle -----------------------------------------------------------------------
    def start(self) -> CorpusSite:
        """Bind and start serving in a background thread (no-op if already started)."""
        if self._server is not None:
            return self
        server = _Server((self.host, self.port), self)
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                                        name=f"CorpusSite:{server.server_address[1]}", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving, close the listening socket and every open connection (idempotent)."""
        server, thread = self._server, self._thread
        if server is None:
            return
        self._server = self._thread = None
        server.shutdown()
        server.server_close()
        server.close_connections()
        if thread is not None:
            thread.join(timeout=5)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- addresses ------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        """`http://HOST:PORT` of the running server (no trailing slash)."""
        if self._server is None:
            raise RuntimeError("CorpusSite is not started: call start() or use it in a with block")
        host, port = self._server.server_address[:2]
        if ":" in host:  # IPv6 literal
            host = f"[{host}]"
        return f"http://{host}:{port}"

    def url_for(self, title: str) -> str:
        """The URL of page `title` (a file stem, used verbatim: keep its percent-encoding)."""
        return self.base_url + self.prefix + title

    def titles(self) -> Iterator[str]:
        """Every title the site serves (file stems of the `.html` files, sorted)."""
        for relpath, _ in iter_folder(self.root):
            if relpath.endswith(PAGE_SUFFIX):
                yield relpath[: -len(PAGE_SUFFIX)]

    def connection_count(self) -> int:
        """TCP connections accepted since start() (keep-alive clients reuse theirs)."""
        with self._lock:
            return self._connections

    def _count_connection(self) -> None:
        with self._lock:
            self._connections += 1

    def request_count(self, path: str | None = None) -> int:
        """Requests served so far: all of them, or those for `path` (query string ignored)."""
        with self._lock:
            return sum(self._hits.values()) if path is None else self._hits[path]

    # -- request handling (no HTTP needed, so it is testable on its own) ------------------
    def lookup(self, raw_path: str) -> tuple[int, str, bytes]:
        """(status, content type, body) for a request target as sent on the request line."""
        if raw_path.startswith(("http://", "https://")):  # absolute-form request target
            try:
                raw_path = urlsplit(raw_path).path or "/"
            except ValueError:
                raw_path = ""
        path = raw_path.split("?", 1)[0].split("#", 1)[0]
        with self._lock:
            self._hits[path] += 1
        if path == "/robots.txt" and self._robots_body is not None:
            return 200, TEXT_TYPE, self._robots_body
        if not path.startswith(self.prefix):
            return 404, HTML_TYPE, NOT_FOUND_BODY
        title = path[len(self.prefix):]
        body = self._cache.get(title)
        if body is not None:
            return 200, HTML_TYPE, body
        file = self._page_file(title)
        if file is None:
            return 404, HTML_TYPE, NOT_FOUND_BODY
        try:
            body = file.read_bytes()
        except OSError:
            return 500, HTML_TYPE, SERVER_ERROR_BODY
        with self._lock:
            if title not in self._cache and self._cached_bytes + len(body) <= self.cache_bytes:
                self._cache[title] = body
                self._cached_bytes += len(body)
        return 200, HTML_TYPE, body

    def _page_file(self, title: str) -> Path | None:
        """The file serving `title`, or None: missing, or outside the root in any way."""
        if not title or "\x00" in title or title.startswith("/"):
            return None
        if any(part in ("", ".", "..") for part in title.split("/")):
            return None
        # `<Title>` serves `<Title>.html`; a saved or mirrored site links its files by their
        # own names, so `<Title>.html` serves it too.
        names = [title + PAGE_SUFFIX] + ([title] if title.lower().endswith((".html", ".htm")) else [])
        for name in names:
            try:
                resolved = (self.root / name).resolve()  # follows symlinks
                if resolved.is_relative_to(self._root_resolved) and resolved.is_file():
                    return resolved
            except (OSError, RuntimeError, ValueError):  # name too long, symlink loop, ...
                return None
        return None


# -- serving from a process of its own -------------------------------------------------------
def _serve_in_child(root: str, prefix: str, host: str, port: int, robots_txt: str | None, warm: bool,
                    conn, stop) -> None:
    """Child process: serve `root`, send ("ok", base URL) or ("error", message), wait for `stop`."""
    try:
        site = CorpusSite(root, prefix=prefix, robots_txt=robots_txt, host=host, port=port).start()
    except (OSError, UserError) as exc:
        conn.send(("error", f"cannot serve {root!r} on {host}:{port} "
                            f"({getattr(exc, 'strerror', None) or exc}): pass another --port (0 picks a free one)"))
        return
    try:
        if warm:  # read every page once, so timing never includes the disk
            for title in site.titles():
                site.lookup(site.prefix + title)
        conn.send(("ok", site.base_url))
        # Serve until told to stop, or until the parent is gone: a killed crawl must not
        # leave its server holding the port the resumed crawl needs.
        import multiprocessing

        parent = multiprocessing.parent_process()
        while not stop.wait(0.5):
            if parent is not None and not parent.is_alive():
                break
    finally:
        site.stop()


class SiteProcess:
    """A `CorpusSite` in a child process: the server never competes with the crawler for its GIL.

    In the crawler's own process, the server's request handling (several thousand requests
    a crawl, most of them 404s for pages the collection lacks) took the interpreter lock
    from the crawler. Same URLs and answers as `CorpusSite`; `warm` reads every page into
    the server's memory before serving.
    """

    def __init__(self, root: Path | str, prefix: str = "/wiki/", robots_txt: str | None = None,
                 host: str = "127.0.0.1", port: int = 0, *, warm: bool = False, start_timeout: float = 120):
        import multiprocessing

        self.root, self.prefix, self.host, self.port = str(root), prefix, host, port
        self.robots_txt, self.warm, self.start_timeout = robots_txt, warm, start_timeout
        require_folder(Path(root))
        # spawn, not fork: the parent may hold threads (Luigi's, a crawler's) whose locks a
        # forked child would inherit mid-use.
        self._ctx = multiprocessing.get_context("spawn")
        self._proc = None
        self.base_url = ""

    def __enter__(self) -> SiteProcess:
        parent, child = self._ctx.Pipe(duplex=False)
        self._stop = self._ctx.Event()
        self._proc = self._ctx.Process(target=_serve_in_child, daemon=True, name="SiteProcess",
                                       args=(self.root, self.prefix, self.host, self.port, self.robots_txt,
                                             self.warm, child, self._stop))
        self._proc.start()
        child.close()
        try:
            if not parent.poll(self.start_timeout):
                raise RuntimeError(f"the corpus server for {self.root!r} did not start in {self.start_timeout:g} s")
            status, value = parent.recv()
        except EOFError:
            status, value = "error", f"the corpus server for {self.root!r} exited before serving"
        finally:
            parent.close()
        if status != "ok":
            self._shutdown()
            raise UserError(value)
        self.base_url = value
        return self

    def __exit__(self, *exc) -> None:
        self._shutdown()

    def _shutdown(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        self._stop.set()
        proc.join(10)
        if proc.is_alive():
            proc.terminate()
            proc.join(5)

    def url_for(self, title: str) -> str:
        """The URL of page `title` (a file stem, used verbatim: keep its percent-encoding)."""
        return self.base_url + self.prefix + title


# -- unpacking an archived collection ------------------------------------------------------
def _archive_identity(archive: Path) -> str:
    st = archive.stat()
    return f"{archive.resolve()}\n{st.st_size}\n{st.st_mtime_ns}\n"


def _safe_relpath(relpath: str) -> PurePosixPath | None:
    """`relpath` as a relative path that stays inside its folder, or None."""
    if not relpath or "\x00" in relpath or "\\" in relpath:
        return None
    p = PurePosixPath(relpath)
    if p.is_absolute() or any(part in ("", ".", "..") for part in relpath.split("/")):
        return None
    return p


@contextlib.contextmanager
def _locked(lock_file: Path):
    with open(lock_file, "a+b") as fh:
        if fcntl is not None:
            fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(fh, fcntl.LOCK_UN)


def unpack_corpus(archive: Path | str, dest: Path | str) -> Path:
    """Unpack a `.tar.xz`/`.tar.gz`/`.tar` page collection once into `dest`; return the page folder.

    The pages go to `dest/pages/` with the archive's single top folder dropped (the paths
    `pipeline.corpus.iter_archive` gives, so the URLs are the ones the index uses). A
    sentinel file `dest/.unpacked`, written last and naming the archive (path, size,
    mtime), marks a complete unpack: a later call returns at once, while a killed unpack
    or a different archive is unpacked again from scratch. Members with absolute paths or
    ".." are refused (UserError); only regular HTML files are written, never links.
    """
    archive, dest = Path(archive), Path(dest)
    check_corpus(archive)
    if archive.is_dir():
        raise UserError(f"{str(archive)!r} is a folder, not an archive: serve it directly")
    dest.mkdir(parents=True, exist_ok=True)
    pages, sentinel = dest / PAGES_DIR, dest / SENTINEL
    identity = _archive_identity(archive)
    with _locked(dest / ".lock"):
        if sentinel.is_file() and pages.is_dir() and sentinel.read_text("utf-8") == identity:
            return pages
        sentinel.unlink(missing_ok=True)
        tmp = dest / f".{PAGES_DIR}.partial"
        for stale in (tmp, pages):
            if stale.exists():
                shutil.rmtree(stale)
        tmp.mkdir()
        made: set[Path] = {tmp}
        for relpath, data in iter_archive(archive):
            rel = _safe_relpath(relpath)
            if rel is None:
                shutil.rmtree(tmp, ignore_errors=True)
                raise UserError(f"archive {str(archive)!r} has an unsafe member path {relpath!r} "
                                "(absolute or with '..'): refusing to unpack it")
            target = tmp / rel
            if target.parent not in made:
                target.parent.mkdir(parents=True, exist_ok=True)
                made.add(target.parent)
            target.write_bytes(data)
        os.replace(tmp, pages)
        part = dest / (SENTINEL + ".tmp")
        part.write_text(identity, "utf-8")
        os.replace(part, sentinel)
    return pages


def default_unpack_dir(archive: Path) -> Path:
    """A per-archive cache folder: `$XDG_CACHE_HOME/topicminer/testsite/<name>-<hash>`."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    digest = hashlib.sha1(str(archive.resolve()).encode()).hexdigest()[:10]
    name = archive.name.split(".", 1)[0] or "corpus"
    return cache / "topicminer" / "testsite" / f"{name}-{digest}"


# -- command line ----------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pipeline.testsite",
                                 description="Serve a page collection on a local web site until Ctrl-C.")
    ap.add_argument("corpus", help="a folder of <Title>.html files or a .tar.xz/.tar.gz of one")
    ap.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    ap.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    ap.add_argument("--prefix", default="/wiki/", help="URL path prefix of the pages (default /wiki/)")
    ap.add_argument("--robots", metavar="FILE", help="a robots.txt to serve at /robots.txt")
    ap.add_argument("--unpack-dir", metavar="DIR",
                    help="where an archive is unpacked (default: a folder under ~/.cache/topicminer)")
    args = ap.parse_args(argv)
    try:
        corpus = check_corpus(args.corpus)
        if corpus.is_dir():
            root = corpus
        else:
            dest = Path(args.unpack_dir) if args.unpack_dir else default_unpack_dir(corpus)
            print(f"unpacking {corpus} into {dest} (once) ...", file=sys.stderr, flush=True)
            root = unpack_corpus(corpus, dest)
        robots = None
        if args.robots:
            try:
                robots = Path(args.robots).read_text("utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise UserError(f"cannot read robots file {args.robots!r}: {exc}") from None
        site = CorpusSite(root, prefix=args.prefix, robots_txt=robots, host=args.host, port=args.port)
        try:
            site.start()
        except OSError as exc:
            raise UserError(f"cannot listen on {args.host}:{args.port} ({exc.strerror or exc}): "
                            "pass another --port (0 picks a free one)") from None
    except (UserError, ValueError) as exc:
        print(f"ERROR: {exc}", file=sys.stderr)
        return 2
    first = next(site.titles(), None)
    print(site.base_url, flush=True)
    if first is not None:
        print(f"e.g. {site.url_for(first)}   (Ctrl-C stops)", file=sys.stderr, flush=True)
    stop = threading.Event()
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        site.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
