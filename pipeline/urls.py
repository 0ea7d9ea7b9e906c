"""URL helpers: canonical form, host, and the rule that maps a corpus file to its URL."""
from __future__ import annotations

import functools
import re
from urllib.parse import unquote, urljoin, urlsplit, urlunsplit

from .corpus import HTML_SUFFIXES

_DEFAULT_PORTS = {"http": "80", "https": "443"}
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def normalise_percent(part: str) -> str:
    """RFC 3986 percent-encoding normalisation: unreserved characters decoded, other escapes uppercase.

    Reserved characters stay encoded ("AT%26T" keeps its %26), so the URL still means the same.
    """
    def fix(m: re.Match) -> str:
        ch = chr(int(m.group(1), 16))
        return ch if ch in _UNRESERVED else "%" + m.group(1).upper()

    return _PERCENT.sub(fix, part) if "%" in part and _NEEDS_FIX.search(part) else part


# An escape normalise_percent would change: a lowercase hex digit, or an unreserved
# character (-, ., 0-9, A-Z, _, a-z, ~) escaped. One C-level search instead of a Python
# call per escape: hrefs in other scripts hold dozens of escapes, almost all already fine.
_NEEDS_FIX = re.compile(r"%(?:[a-f][0-9A-Fa-f]|[0-9A-F][a-f]|2[DE]|3[0-9]|4[1-9A-F]|5[0-9AF]|6[1-9A-F]|7[0-9AE])")


def canonical(url: str, base: str | None = None) -> str | None:
    """Absolute http(s) URL without fragment, lowercase scheme/host, no default port; else None."""
    url = url.strip()
    if base and not url.startswith(("http://", "https://")):
        try:
            url = urljoin(base, url)
        except ValueError:
            return None
    return _canonical_absolute(url.split("#", 1)[0])


# Already canonical: lowercase http(s) host, optional port, a path, no fragment or space.
_SIMPLE = re.compile(r"https?://[a-z0-9.\-]+(?::(\d+))?/[^\s#]*")


def _already_canonical(url: str) -> bool:
    m = _SIMPLE.fullmatch(url)
    port = m.group(1) if m else None
    if m is None or (port and (port in ("80", "443") or int(port) > 65535)) or "//" in url[8:].split("?", 1)[0]:
        return False
    return "%" not in url or normalise_percent(url) == url


@functools.lru_cache(maxsize=500_000)
def _canonical_absolute(url: str) -> str | None:
    if _already_canonical(url):  # most links: skip urlsplit, the crawler's hot spot
        return url
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    host = parts.hostname.lower()
    try:
        port = parts.port
    except ValueError:
        return None
    if ":" in host:  # IPv6 literal: keep its brackets
        host = f"[{host}]"
    netloc = host if port is None or str(port) == _DEFAULT_PORTS[scheme] else f"{host}:{port}"
    path = normalise_percent(parts.path) or "/"
    return urlunsplit((scheme, netloc, path, normalise_percent(parts.query), ""))


@functools.lru_cache(maxsize=200_000)
def host(url: str) -> str:
    """Lowercase host of `url` without a leading `www.`: `www.host` and `host` are one site."""
    h = (urlsplit(url).hostname or "").lower()
    return h[4:] if h.startswith("www.") else h


def file_url(relpath: str, url_prefix: str) -> str:
    """The URL of a corpus file: `url_prefix` + its path with the `.html`/`.htm` suffix removed.

    The path is used as it is, percent-encoding kept, so `repository/AT%26T.html` with the
    prefix `https://en.wikipedia.org/wiki/` (after dropping the top folder) maps to
    `https://en.wikipedia.org/wiki/AT%26T`, exactly the href other pages use.
    """
    return url_prefix + without_file_suffix(relpath)


def without_file_suffix(path: str) -> str:
    """The path less an HTML file's suffix (`indexes.html` -> `indexes`), as `file_url` names files."""
    low = path.lower()
    for suffix in HTML_SUFFIXES:
        if low.endswith(suffix):
            return path[: -len(suffix)]
    return path


def collection_url(target: str, url_prefix: str) -> str:
    """The URL a link names inside a collection of files: under the collection's prefix, a
    file's own name (`indexes.html`, what a saved or mirrored site links to) is the URL
    `file_url` gave that file (`indexes`); any other target is itself."""
    if url_prefix and target.startswith(url_prefix):
        path, hash_, fragment = target.partition("#")
        return without_file_suffix(path) + hash_ + fragment
    return target


_PAGE_SUFFIXES = (".html", ".htm", ".xhtml", ".php", ".asp", ".aspx", ".jsp")


# Pictures, sounds and films (the image, audio and video part of Scrapy's IGNORED_EXTENSIONS,
# with the formats wikis serve: Ogg, WebM, Opus). A link to one names the file or its player
# ("Play media", "listen", "source and image info", a wiki's "File:...svg" description page),
# never a concept's page, whatever the anchor says.
MEDIA_SUFFIXES = frozenset({
    "bmp", "gif", "ico", "jpeg", "jpg", "png", "svg", "tif", "tiff", "webp", "xcf",
    "aac", "aiff", "au", "flac", "m4a", "mid", "midi", "mp3", "oga", "ogg", "opus", "ra", "wav", "wma",
    "3gp", "asf", "avi", "flv", "m4v", "mkv", "mov", "mp4", "mpeg", "mpg", "ogv", "qt", "swf", "webm", "wmv",
})


# What a crawler never fetches as a page (pipeline.crawler): pictures, sounds and films, and the
# archives, office documents, PDF/PostScript and style sheets of Scrapy's IGNORED_EXTENSIONS.
# Programs (exe, bin) and scripts (js) stay fetchable: wikis name articles after them
# ("Ntoskrnl.exe", "Node.js"), and the fetcher turns away a real binary after a sniff anyway.
DOWNLOAD_SUFFIXES = MEDIA_SUFFIXES | frozenset({
    "7z", "bz2", "gz", "rar", "tar", "tgz", "xz", "zip",
    "doc", "docx", "odg", "odp", "ods", "odt", "pps", "ppt", "pptx", "rtf", "xls", "xlsx",
    "eps", "pdf", "ps", "css",
})


def file_suffix(url: str) -> str:
    """The lower-cased suffix of the last segment of the URL's path ("" for none; a hidden
    name such as ".png" has none)."""
    rest = url.split("#", 1)[0].split("?", 1)[0]
    start = rest.find("://")
    slash = rest.find("/", start + 3 if start >= 0 else 0)
    if slash < 0:
        return ""
    segment = rest[rest.rfind("/") + 1:]
    dot = segment.rfind(".")
    return segment[dot + 1:].lower() if dot > 0 else ""


def is_media_file(url: str) -> bool:
    """True if the URL's path ends in a picture's, a sound's or a film's file suffix (MEDIA_SUFFIXES)."""
    return file_suffix(url) in MEDIA_SUFFIXES


def is_download(url: str) -> bool:
    """True if the URL's path ends in the suffix of a file no crawler should fetch as a page
    (DOWNLOAD_SUFFIXES: media, archives, documents, style sheets)."""
    return file_suffix(url) in DOWNLOAD_SUFFIXES


def title_from_url(url: str) -> str:
    """The name a URL's last path segment spells, as wikis and many sites write it:
    percent-decoded, underscores as spaces, a page suffix dropped
    ("https://en.wikipedia.org/wiki/James_Hendler" -> "James Hendler"); "" for none."""
    path = urlsplit(url).path.rstrip("/")
    segment = unquote(path.rsplit("/", 1)[-1]) if path else ""
    for suffix in _PAGE_SUFFIXES:
        if segment.lower().endswith(suffix):
            segment = segment[: -len(suffix)]
            break
    return " ".join(segment.replace("_", " ").split())
