"""Tests for pipeline/urls.py: canonical URLs, hosts and corpus-file URLs."""
from __future__ import annotations

import pytest

import itertools

from pipeline.urls import canonical, file_url, host, is_download, is_media_file, normalise_percent, title_from_url


@pytest.mark.parametrize(
    "url, expected",
    [
        ("HTTP://Example.COM/Path/Page", "http://example.com/Path/Page"),  # path case kept
        ("http://example.com:80/a", "http://example.com/a"),
        ("https://example.com:443/a", "https://example.com/a"),
        ("http://example.com:443/a", "http://example.com:443/a"),
        ("https://example.com:8443/a", "https://example.com:8443/a"),
        ("http://example.com/a?q=1#frag", "http://example.com/a?q=1"),
        ("http://example.com", "http://example.com/"),
        ("http://example.com#top", "http://example.com/"),
        ("  http://example.com/a  ", "http://example.com/a"),
        ("http://user:pw@Example.com/x", "http://example.com/x"),
    ],
)
def test_canonical_absolute(url, expected):
    assert canonical(url) == expected


@pytest.mark.parametrize(
    "url",
    ["ftp://example.com/f", "mailto:a@example.com", "javascript:void(0)", "file:///etc/passwd",
     "data:text/html,hi", "example.com/page", "/relative/path", "http://", "http:///path"],
)
def test_canonical_non_http_or_hostless_is_none(url):
    assert canonical(url) is None


@pytest.mark.parametrize("url", ["http://example.com:99999/", "http://example.com:abc/"])
def test_canonical_bad_port_is_none(url):
    assert canonical(url) is None


@pytest.mark.parametrize(
    "ref, expected",
    [
        ("other.html", "http://example.com/dir/other.html"),
        ("../up.html", "http://example.com/up.html"),
        ("/root#x", "http://example.com/root"),
        ("//CDN.example.org/lib.js", "http://cdn.example.org/lib.js"),
        ("?q=2", "http://example.com/dir/page.html?q=2"),
        ("https://Other.org:443", "https://other.org/"),
        ("mailto:x@y.z", None),
    ],
)
def test_canonical_relative_join(ref, expected):
    assert canonical(ref, "http://example.com/dir/page.html") == expected


def test_canonical_relative_without_base_is_none():
    assert canonical("page.html") is None


def test_canonical_ipv6_keeps_brackets():
    assert canonical("http://[::1]:8080/a") == "http://[::1]:8080/a"


@pytest.mark.parametrize(
    "url, expected",
    [
        ("http://www.Example.com/a", "example.com"),
        ("https://WWW.cs.example.edu:8080/", "cs.example.edu"),
        ("http://wwwx.example.com/", "wwwx.example.com"),
        ("http://en.wikipedia.org/wiki/X", "en.wikipedia.org"),
        ("not a url", ""),
    ],
)
def test_host(url, expected):
    assert host(url) == expected


WIKI = "https://en.wikipedia.org/wiki/"


@pytest.mark.parametrize(
    "relpath, expected",
    [
        ("AT%26T.html", WIKI + "AT%26T"),
        ("Machine_learning.htm", WIKI + "Machine_learning"),
        ("Page.HTML", WIKI + "Page"),
        ("Doc.xhtml", WIKI + "Doc"),
        ("C%2B%2B", WIKI + "C%2B%2B"),
        ("sub/dir/Caf%C3%A9.html", WIKI + "sub/dir/Caf%C3%A9"),
        ("notes.html.txt", WIKI + "notes.html.txt"),
    ],
)
def test_file_url(relpath, expected):
    assert file_url(relpath, WIKI) == expected


def test_file_url_strips_only_one_suffix():
    assert file_url("a.html.html", "p/") == "p/a.html"


def _percent_by_hand(part: str) -> str:
    """RFC 3986 section 6.2.2.2, written out: decode unreserved escapes, uppercase the rest."""
    out, i = [], 0
    while i < len(part):
        esc = part[i + 1:i + 3]
        if part[i] == "%" and len(esc) == 2 and all(c in "0123456789abcdefABCDEF" for c in esc):
            ch = chr(int(esc, 16))
            out.append(ch if ch.isascii() and (ch.isalnum() or ch in "-._~") else "%" + esc.upper())
            i += 3
        else:
            out.append(part[i])
            i += 1
    return "".join(out)


def test_normalise_percent_agrees_with_the_rfc_on_every_escape():
    # Every two-character escape (and malformed ones): the fast "nothing to fix" check
    # must never skip an escape that needs decoding or uppercasing.
    chars = "0123456789abcdefABCDEFgG%"
    for a, b in itertools.product(chars, repeat=2):
        part = f"/wiki/A%{a}{b}z%E2%80%93"
        assert normalise_percent(part) == _percent_by_hand(part), part


def test_normalise_percent_examples():
    assert normalise_percent("/wiki/AT%26T") == "/wiki/AT%26T"
    assert normalise_percent("/wiki/Caf%c3%a9") == "/wiki/Caf%C3%A9"
    assert normalise_percent("/wiki/%41%7e%2d") == "/wiki/A~-"


@pytest.mark.parametrize("url, expected", [
    ("https://en.wikipedia.org/wiki/James_Hendler", "James Hendler"),
    ("https://en.wikipedia.org/wiki/%C3%89variste_Galois", "Évariste Galois"),
    ("https://en.wikipedia.org/wiki/AT%26T", "AT&T"),
    ("http://example.com/people/ada_lovelace.html", "ada lovelace"),
    ("http://example.com/topics/graphs/", "graphs"),
    ("http://example.com/", ""),
    ("http://example.com", ""),
])
def test_title_from_url_spells_the_last_path_segment(url, expected):
    assert title_from_url(url) == expected


@pytest.mark.parametrize("url, expected", [
    ("https://upload.wikimedia.org/wikipedia/commons/7/75/Penguins_on_ice.wmv.ogv", True),  # the last suffix counts
    ("https://en.wikipedia.org/wiki/File:EU-Finland.svg", True),   # a wiki's file description page
    ("https://example.com/img/Photo.JPG?size=2", True),            # any case, the query aside
    ("https://example.com/sounds/hello.mp3", True),
    ("https://en.wikipedia.org/wiki/MP3", False),                  # the article about the format
    ("https://en.wikipedia.org/wiki/Ntoskrnl.exe", False),         # a program's article: no media suffix
    ("https://en.wikipedia.org/wiki/Node.js", False),
    ("https://example.com/docs/index.html", False),
    ("https://example.com/.png", False),                           # a hidden name, no suffix
    ("https://example.com/", False),
])
def test_is_media_file_reads_the_suffix_of_the_last_path_segment(url, expected):
    assert is_media_file(url) is expected


@pytest.mark.parametrize("url, expected", [
    ("https://example.com/papers/survey.PDF", True),
    ("https://example.com/dist/release-1.2.tar.gz", True),
    ("https://example.com/slides/talk.pptx?dl=1", True),
    ("https://example.com/static/site.css", True),
    ("https://en.wikipedia.org/wiki/File:Kernel_Machine.svg", True),   # media are downloads too
    ("https://en.wikipedia.org/wiki/Ntoskrnl.exe", False),           # articles named after programs
    ("https://en.wikipedia.org/wiki/Node.js", False),
    ("https://en.wikipedia.org/wiki/PDF", False),
    ("https://example.com/docs/", False),
    ("https://example.com", False),                                  # a host's dot is no suffix
    ("https://example.pdf.com/page", False),
])
def test_is_download_names_files_no_crawler_fetches_as_pages(url, expected):
    assert is_download(url) is expected
