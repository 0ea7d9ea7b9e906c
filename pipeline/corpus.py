"""Read a page collection: a folder of HTML files, or a .tar.xz/.tar.gz/.tar of one."""
from __future__ import annotations

import os
import tarfile
from pathlib import Path
from typing import Iterator

from .errors import UserError

HTML_SUFFIXES = (".html", ".htm", ".xhtml")
_ARCHIVE_SUFFIXES = (".tar.xz", ".txz", ".tar.gz", ".tgz", ".tar.bz2", ".tar")


def is_store(path: Path) -> bool:
    """True if `path` names a page store (a crawl's pages.sqlite) rather than files."""
    return path.suffix.lower() in (".sqlite", ".db")


def iter_store(path: Path) -> Iterator[tuple[str, bytes]]:
    """(URL, raw bytes) of every usable page of a page store, in crawl order."""
    import sqlite3
    import zlib

    from .store import decompress

    try:
        con = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
        rows = con.execute("SELECT url, html FROM pages WHERE error IS NULL AND html IS NOT NULL "
                           "ORDER BY coalesce(crawl_order, id)")
        for url, html in rows:
            yield url, decompress(html)
    except (sqlite3.DatabaseError, zlib.error) as exc:
        raise UserError(f"page store {str(path)!r} cannot be read ({exc}): pass a crawl's pages.sqlite") from None


def is_archive(path: Path) -> bool:
    """True if `path` names a tar archive this reader understands."""
    return path.name.lower().endswith(_ARCHIVE_SUFFIXES)


def check_corpus(path: str | Path) -> Path:
    """The corpus path, or a UserError saying what is wrong with it."""
    p = Path(path)
    if not p.exists():
        raise UserError(f"corpus {str(path)!r} does not exist: set [BuildIndex] corpus in luigi.cfg "
                        "or pass --BuildIndex-corpus PATH (a folder of .html files or a .tar.xz/.tar.gz of one)")
    if p.is_dir():
        if not os.access(p, os.R_OK | os.X_OK):
            raise UserError(f"corpus folder {str(path)!r} is not readable: check its permissions")
        return p
    if not is_archive(p) and not is_store(p):
        raise UserError(f"corpus {str(path)!r} is neither a folder, a .tar.xz/.tar.gz/.tar archive, "
                        "nor a crawl's pages.sqlite: point --BuildIndex-corpus at one of those")
    if not os.access(p, os.R_OK):
        raise UserError(f"corpus archive {str(path)!r} is not readable: check its permissions")
    return p


def strip_top(relpath: str, top: str | None) -> str:
    """`relpath` without its first folder when that folder is `top` (the archive's root)."""
    if top and relpath.startswith(top + "/"):
        return relpath[len(top) + 1 :]
    return relpath


def iter_folder(root: Path) -> Iterator[tuple[str, Path]]:
    """(path relative to `root`, absolute path) of every HTML file under `root`, sorted."""
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for name in sorted(filenames):
            if name.lower().endswith(HTML_SUFFIXES):
                full = Path(dirpath) / name
                yield full.relative_to(root).as_posix(), full


def iter_archive(path: Path) -> Iterator[tuple[str, bytes]]:
    """(member path, bytes) of every HTML file in a tar archive, in archive order.

    The single top folder of the archive (`repository/` in the shared corpus) is dropped
    from the paths, so an archive and its unpacked folder give the same URLs.
    """
    try:
        with tarfile.open(path, "r:*") as tar:
            top: str | None = None
            for member in tar:
                if member.isdir() and "/" not in member.name.strip("/") and top is None:
                    top = member.name.strip("/")
                if not member.isfile() or not member.name.lower().endswith(HTML_SUFFIXES):
                    continue
                f = tar.extractfile(member)
                if f is None:
                    continue
                name = member.name.removeprefix("./")
                if top is None and "/" in name:
                    top = name.split("/", 1)[0]
                yield strip_top(name, top), f.read()
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise UserError(f"corpus archive {str(path)!r} cannot be read ({exc}): "
                        "check it is a complete tar archive") from None
