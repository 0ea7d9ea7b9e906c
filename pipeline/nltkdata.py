"""Locate NLTK data offline and fail with one clear message when it is missing."""
from __future__ import annotations

import functools
import os
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


@functools.lru_cache(maxsize=1)
def configure() -> None:
    """Point NLTK at NLTK_DATA if set, else at ../shared/nltk_data beside the checkout."""
    import nltk

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
