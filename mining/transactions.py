"""Turn kept list items into transactions: word sets (default) or whole phrases."""
from __future__ import annotations

from pipeline.text import content_words, normalise


def word_transaction(text: str, stemming: bool = False) -> list[str]:
    """The item's distinct content words (stopwords out, optional Porter stems), sorted."""
    return sorted(set(content_words(text, stemming)))


def phrase_transaction(text: str) -> str:
    """The whole item, normalised: one candidate in phrase mode."""
    return normalise(text)
