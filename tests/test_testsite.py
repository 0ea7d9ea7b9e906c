"""Tests for pipeline/testsite.py: a page folder served on 127.0.0.1 (real HTTP, no mocks)."""
from __future__ import annotations

import http.client
import io
import os
import subprocess
import sys
import tarfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urljoin

import pytest
import requests

from pipeline.errors import UserError
from pipeline.testsite import SENTINEL, CorpusSite, SiteProcess, unpack_corpus

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("TOPICMINER_SHARED", REPO.parent / "shared"))
CORPUS_TAR = SHARED / "corpora" / "wikipedia-cs-2020.tar.xz"
UNPACKED = Path("/tmp/corpus/repository")

SECRET = b"TOP SECRET: never served"
PAGES = {
    "AT%26T.html": b"<html><body><p>AT&amp;T page</p></body></html>",
    "%22Hello%22.html": b"<html><body><p>Hello page</p></body></html>",
    "C%2B%2B.html": b"<html><body><p>C++ page \xc3\xa9</p></body></html>",
    "Plain.html": b"<html><body><p>plain</p></body></html>",
    "Sub/Page.html": b"<html><body><p>a subpage</p></body></html>",
}


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A page folder, with a secret file and folder beside it and a symlink out of it."""
    site = tmp_path / "site"
    for name, data in PAGES.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(data)
    (tmp_path / "secret.html").write_bytes(SECRET)
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "passwd.html").write_bytes(SECRET)
    (site / "Escape.html").symlink_to(tmp_path / "secret.html")
    (site / "EscapeDir").symlink_to(tmp_path / "secret", target_is_directory=True)
    return site


@pytest.fixture
def site(root: Path):
    with CorpusSite(root) as s:
        yield s


def raw_get(site: CorpusSite, target: str, method: str = "GET") -> tuple[int, dict, bytes]:
    """Send `target` verbatim on the request line (requests would normalise '..')."""
    host, port = site.base_url.removeprefix("http://").rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=5)
    try:
        conn.putrequest(method, target, skip_accept_encoding=True)
        conn.endheaders()
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read()
    finally:
        conn.close()


def test_percent_encoded_titles_served_verbatim(site: CorpusSite):
    with requests.Session() as s:
        for name, data in PAGES.items():
            title = name.removesuffix(".html")
            r = s.get(site.url_for(title))
            assert r.status_code == 200, title
            assert r.content == data, title
            assert r.headers["Content-Type"] == "text/html; charset=utf-8"
            assert r.headers["Content-Length"] == str(len(data))
    assert site.url_for("AT%26T") == site.base_url + "/wiki/AT%26T"


def test_a_file_is_served_under_its_own_name_too(site: CorpusSite):
    # A saved or mirrored site links its pages as "Plain.html": the same file, not a 404.
    assert raw_get(site, "/wiki/Plain.html")[0] == 200
    assert raw_get(site, "/wiki/Plain.html")[2] == raw_get(site, "/wiki/Plain")[2]


@pytest.mark.parametrize("target", ["/wiki/AT&T", "/wiki/%22Hello%22".replace("%22", '"'), "/wiki/C++",
                                    "/wiki/AT%2526T", "/wiki/at%26t", "/wiki/Missing", "/wiki/",
                                    "/wiki/Plain.html.html", "/wiki", "/", "/Plain", "/robots.txt",
                                    "/wiki/Sub", "/wiki/Sub/"])
def test_other_paths_are_404(site: CorpusSite, target: str):
    status, headers, body = raw_get(site, target)
    assert status == 404
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert body.startswith(b"<!DOCTYPE html>") and b"Not Found" in body
    assert int(headers["Content-Length"]) == len(body)


@pytest.mark.parametrize("target", [
    "/wiki/../secret", "/wiki/%2e%2e/secret", "/wiki/..%2fsecret", "/wiki/Sub/../../secret",
    "/wiki/./../secret", "/etc/passwd", "/wiki//etc/passwd", "/wiki/../secret/passwd",
    "/wiki/Escape", "/wiki/EscapeDir/passwd", "/wiki/..", "/wiki/Sub//Page", "/wiki/\\..\\secret",
    "/../secret.html", "/wiki/%00", "/wiki/" + "x" * 5000,
])
def test_traversal_is_404_and_never_reads_outside(site: CorpusSite, root: Path, target: str):
    status, _, body = raw_get(site, target)
    assert status == 404
    assert SECRET not in body
    # the same check without HTTP: an absolute path to the secret cannot be named either
    assert site.lookup(target)[0] == 404
    assert site.lookup("/wiki/" + str(root.parent / "secret"))[0] == 404


def test_subpage_inside_root_is_served(site: CorpusSite):
    r = requests.get(site.url_for("Sub/Page"), timeout=5)
    assert r.status_code == 200 and r.content == PAGES["Sub/Page.html"]


def test_absolute_form_target_and_query_string(site: CorpusSite):
    status, _, body = raw_get(site, site.base_url + "/wiki/Plain")
    assert (status, body) == (200, PAGES["Plain.html"])
    status, _, body = raw_get(site, "/wiki/Plain?action=raw&x=1")
    assert (status, body) == (200, PAGES["Plain.html"])


def test_head_has_headers_and_no_body(site: CorpusSite):
    r = requests.head(site.url_for("Plain"), timeout=5)
    assert r.status_code == 200
    assert r.headers["Content-Length"] == str(len(PAGES["Plain.html"]))
    assert r.content == b""
    assert requests.head(site.url_for("Nope"), timeout=5).status_code == 404


def test_keep_alive_one_connection_for_many_requests(site: CorpusSite):
    with requests.Session() as s:
        for i in range(60):
            title = ["Plain", "AT%26T", "Missing", "C%2B%2B"][i % 4]
            r = s.get(site.url_for(title), timeout=5)
            assert r.status_code == (404 if title == "Missing" else 200)
    assert site.connection_count() == 1  # 404s keep the connection open too
    assert site.request_count() == 60
    assert site.request_count("/wiki/Plain") == 15


def test_keep_alive_on_the_wire(site: CorpusSite):
    host, port = site.base_url.removeprefix("http://").rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=5)
    conn.connect()
    sock = conn.sock
    for title in ["Plain", "Missing", "AT%26T"] * 5:
        conn.request("GET", "/wiki/" + title)
        resp = conn.getresponse()
        resp.read()
        assert not resp.will_close
        assert conn.sock is sock
    conn.close()


def test_many_threads_distinct_pages(tmp_path: Path):
    root = tmp_path / "many"
    root.mkdir()
    expected = {}
    for i in range(400):
        title = f"Page_{i}%2C_n{i}"
        data = f"<html><body><p>page {i}</p>{'x' * (i * 37)}</body></html>".encode()
        (root / f"{title}.html").write_bytes(data)
        expected[title] = data
    local = threading.local()

    def get(title: str) -> bool:
        if not hasattr(local, "s"):
            local.s = requests.Session()
        r = local.s.get(site.url_for(title), timeout=10)
        return r.status_code == 200 and r.content == expected[title]

    with CorpusSite(root, cache_bytes=50_000) as site, ThreadPoolExecutor(8) as ex:
        assert sorted(site.titles()) == sorted(expected)
        assert all(ex.map(get, list(expected) * 2))  # second round partly from the cache
        assert site.connection_count() <= 8


def test_robots_txt_served_when_given(root: Path):
    text = "User-agent: *\nDisallow: /wiki/Plain\n# é\n"
    with CorpusSite(root, robots_txt=text) as site:
        r = requests.get(site.base_url + "/robots.txt", timeout=5)
        assert r.status_code == 200
        assert r.headers["Content-Type"] == "text/plain; charset=utf-8"
        assert r.content == text.encode("utf-8")
        assert site.request_count("/robots.txt") == 1
    with CorpusSite(root) as site:
        assert requests.get(site.base_url + "/robots.txt", timeout=5).status_code == 404


def test_prefix_parameter(root: Path):
    with CorpusSite(root, prefix="/pages/") as site:
        assert site.url_for("Plain") == site.base_url + "/pages/Plain"
        assert requests.get(site.url_for("Plain"), timeout=5).content == PAGES["Plain.html"]
        assert requests.get(site.base_url + "/wiki/Plain", timeout=5).status_code == 404
    with CorpusSite(root, prefix="/") as site:
        assert requests.get(site.base_url + "/Plain", timeout=5).status_code == 200
    with pytest.raises(ValueError):
        CorpusSite(root, prefix="wiki")


def test_life_cycle(root: Path, tmp_path: Path):
    site = CorpusSite(root)
    with pytest.raises(RuntimeError):
        _ = site.base_url
    site.start()
    url = site.url_for("Plain")
    with requests.Session() as s:
        assert s.get(url, timeout=5).status_code == 200
        site.stop()
        site.stop()  # idempotent
        with pytest.raises(requests.ConnectionError):
            s.get(url, timeout=5)
    with pytest.raises(UserError):
        CorpusSite(tmp_path / "does-not-exist")


def test_site_process_serves_the_same_answers_from_its_own_process(root: Path):
    with SiteProcess(root, robots_txt="User-agent: *\nDisallow: /wiki/Plain\n", warm=True) as site:
        with requests.Session() as s:
            r = s.get(site.url_for("AT%26T"), timeout=5)
            assert (r.status_code, r.content) == (200, PAGES["AT%26T.html"])
            assert s.get(site.url_for("Sub/Page"), timeout=5).content == PAGES["Sub/Page.html"]
            assert s.get(site.url_for("Missing"), timeout=5).status_code == 404
            assert s.get(site.url_for("Escape"), timeout=5).status_code == 404
            assert "Disallow: /wiki/Plain" in s.get(site.base_url + "/robots.txt", timeout=5).text
        url = site.url_for("Plain")
    with pytest.raises(requests.ConnectionError):  # the child is gone with the block
        requests.get(url, timeout=5)


def test_site_process_port_in_use_is_a_user_error(root: Path):
    with CorpusSite(root) as taken:
        port = int(taken.base_url.rsplit(":", 1)[1])
        with pytest.raises(UserError, match=f"127.0.0.1:{port}.*another --port"):
            with SiteProcess(root, port=port):
                pass
    with pytest.raises(UserError, match="does not exist"):
        SiteProcess(root / "nope")


# -- unpack_corpus ---------------------------------------------------------------------------
def make_tar(path: Path, members: dict[str, bytes], top: str = "repository") -> Path:
    with tarfile.open(path, "w:gz") as tar:
        if top:
            info = tarfile.TarInfo(top)
            info.type = tarfile.DIRTYPE
            tar.addfile(info)
        for name, data in members.items():
            info = tarfile.TarInfo(f"{top}/{name}" if top else name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def test_unpack_corpus_once(tmp_path: Path):
    archive = make_tar(tmp_path / "pages.tar.gz", {**PAGES, "notes.txt": b"not a page"})
    dest = tmp_path / "unpacked"
    pages = unpack_corpus(archive, dest)
    assert sorted(p.relative_to(pages).as_posix() for p in pages.rglob("*.html")) == sorted(PAGES)
    assert (pages / "AT%26T.html").read_bytes() == PAGES["AT%26T.html"]
    assert (dest / SENTINEL).is_file()
    # a second call does not unpack again: a local change survives
    (pages / "Plain.html").write_bytes(b"changed")
    assert unpack_corpus(archive, dest) == pages
    assert (pages / "Plain.html").read_bytes() == b"changed"
    with CorpusSite(pages) as site:
        assert requests.get(site.url_for("C%2B%2B"), timeout=5).content == PAGES["C%2B%2B.html"]


def test_unpack_corpus_redoes_a_killed_unpack(tmp_path: Path):
    archive = make_tar(tmp_path / "pages.tar.gz", PAGES)
    dest = tmp_path / "unpacked"
    pages = unpack_corpus(archive, dest)
    (dest / SENTINEL).unlink()  # as if killed before the sentinel was written
    (pages / "Plain.html").write_bytes(b"half-written")
    (pages / "Stale.html").write_bytes(b"from an older unpack")
    assert unpack_corpus(archive, dest) == pages
    assert (pages / "Plain.html").read_bytes() == PAGES["Plain.html"]
    assert not (pages / "Stale.html").exists()


def test_unpack_corpus_refuses_escaping_members(tmp_path: Path):
    archive = make_tar(tmp_path / "evil.tar.gz", {"Good.html": b"ok", "../../evil.html": b"evil"})
    dest = tmp_path / "a" / "unpacked"
    with pytest.raises(UserError, match="unsafe"):
        unpack_corpus(archive, dest)
    assert not list(tmp_path.rglob("evil.html"))
    assert not (dest / SENTINEL).exists()


def test_cli_serves_a_folder(root: Path):
    proc = subprocess.Popen([sys.executable, "-m", "pipeline.testsite", str(root), "--port", "0"],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        base = proc.stdout.readline().strip()
        assert base.startswith("http://127.0.0.1:"), proc.stderr.read() if proc.poll() is not None else base
        r = requests.get(base + "/wiki/AT%26T", timeout=5)
        assert r.content == PAGES["AT%26T.html"]
    finally:
        proc.terminate()
        assert proc.wait(timeout=10) == 0  # SIGTERM stops it cleanly
        proc.stdout.close()
        proc.stderr.close()


def test_cli_one_line_error(tmp_path: Path):
    out = subprocess.run([sys.executable, "-m", "pipeline.testsite", str(tmp_path / "nope")],
                         cwd=REPO, capture_output=True, text=True, timeout=30, check=False)
    assert out.returncode == 2
    assert out.stderr.startswith("ERROR: ") and out.stderr.count("\n") == 1


# -- the shared corpus -----------------------------------------------------------------------
@pytest.fixture(scope="module")
def corpus_root(tmp_path_factory) -> Path:
    if (UNPACKED / "Machine_learning.html").is_file():
        return UNPACKED
    if not CORPUS_TAR.is_file():
        pytest.skip(f"shared corpus not found: neither {UNPACKED} nor {CORPUS_TAR} (set TOPICMINER_SHARED)")
    return unpack_corpus(CORPUS_TAR, tmp_path_factory.mktemp("corpus"))  # about 6 s


def test_real_corpus_page_and_link(corpus_root: Path):
    with CorpusSite(corpus_root) as site, requests.Session() as s:
        r = s.get(site.url_for("Machine_learning"), timeout=10)
        assert r.status_code == 200
        assert r.content == (corpus_root / "Machine_learning.html").read_bytes()
        assert 'href="/wiki/Data_mining"' in r.text
        link = urljoin(r.url, "/wiki/Data_mining")
        r2 = s.get(link, timeout=10)
        assert r2.status_code == 200
        assert r2.content == (corpus_root / "Data_mining.html").read_bytes()
        for title in ["AT%26T_Corporation", "%22Hello,_World!%22_program"]:
            if (corpus_root / f"{title}.html").is_file():
                assert s.get(site.url_for(title), timeout=10).status_code == 200, title


def test_site_process_dies_with_its_parent(root: Path):
    # A crawl killed with SIGKILL cannot stop its server: the server must notice and go,
    # or the resumed crawl finds its port taken.
    script = (f"import sys, time; sys.path.insert(0, {str(Path(__file__).resolve().parent.parent)!r})\n"
              "from pipeline.testsite import SiteProcess\n"
              "if __name__ == '__main__':\n"
              f"    with SiteProcess({str(root)!r}) as s:\n"
              "        print(s.base_url, flush=True)\n"
              "        time.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        url = proc.stdout.readline().strip()
        assert requests.get(url + "/wiki/Plain", timeout=5).status_code == 200
    finally:
        proc.kill()
        proc.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            requests.get(url + "/wiki/Plain", timeout=1)
        except requests.ConnectionError:
            break
        time.sleep(0.2)
    else:
        pytest.fail("the server outlived its parent")
