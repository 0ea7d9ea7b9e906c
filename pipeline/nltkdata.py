"""Locate NLTK data offline and fail with one clear message when it is missing."""
from __future__ import annotations

import functools
import importlib.abc
import os
import sys
from pathlib import Path

from .errors import UserError

# The repository keeps no data; this checkout's sibling ../shared/nltk_data holds it here.
_REPO = Path(__file__).resolve().parent.parent
_CANDIDATES = [_REPO.parent / "shared" / "nltk_data", _REPO / "nltk_data"]

HOW_TO_GET = (
    "NLTK data not found: set NLTK_DATA to a folder holding corpora/stopwords.zip and "
    "corpora/wordnet.zip (here: ../shared/nltk_data), or download it once with "
    "`python -m nltk.downloader -d ~/nltk_data stopwords wordnet`"
)


# Packages NLTK's __init__ imports only to offer features topicminer never calls (Fisher's
# exact test in nltk.metrics, the scikit-learn classifier wrapper), each inside a
# try/except ImportError: 1.2 s of a 1.7 s `import nltk` on this machine, paid by every
# `luigi` command that stems or reads stopwords (session 37: 2.6 s of a 5.6 s topic run).
OPTIONAL_HEAVY = ("scipy", "sklearn")


class _Hidden(importlib.abc.MetaPathFinder):
    """A finder that makes the named top-level packages (and their submodules) unimportable."""

    def __init__(self, names: tuple[str, ...]):
        self.names = names

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".", 1)[0] in self.names:
            raise ModuleNotFoundError(f"{fullname} hidden while NLTK loads", name=fullname)
        return None


def import_nltk():
    """`import nltk`, with OPTIONAL_HEAVY hidden while its __init__ runs unless already loaded.

    NLTK falls back by itself where they are missing; should a release need one of them
    outright, the import is retried plainly (same package, only slower)."""
    if "nltk" in sys.modules:
        return sys.modules["nltk"]
    hidden = tuple(n for n in OPTIONAL_HEAVY if n not in sys.modules)
    finder = _Hidden(hidden)
    sys.meta_path.insert(0, finder)
    try:
        import nltk
        return nltk
    except ImportError:
        for name in [m for m in sys.modules if m == "nltk" or m.startswith("nltk.")]:
            del sys.modules[name]
    finally:
        sys.meta_path.remove(finder)
    import nltk
    return nltk


@functools.lru_cache(maxsize=1)
def configure() -> None:
    """Point NLTK at NLTK_DATA if set, else at ../shared/nltk_data beside the checkout."""
    nltk = import_nltk()

    # An explicit NLTK_DATA wins (nltk reads it too); otherwise ../shared/nltk_data.
    explicit = [p for p in os.environ.get("NLTK_DATA", "").split(os.pathsep) if p]
    for path in explicit or list(map(str, _CANDIDATES)):
        if Path(path).is_dir() and path not in nltk.data.path:
            nltk.data.path.insert(0, path)


@functools.lru_cache(maxsize=4)
def stopwords(language: str = "english") -> frozenset[str]:
    """NLTK's stopword list for `language` (179 words for English)."""
    configure()
    from nltk.corpus import stopwords as sw

    try:
        return frozenset(sw.words(language))
    except LookupError:
        raise UserError(HOW_TO_GET) from None
