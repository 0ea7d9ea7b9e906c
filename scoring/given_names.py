"""Given names of the 1990 US Census (the `names` package's lists), for people WordNet lacks.

WordNet's 7,000 people give `taxonomy.given_name` the given names of the famous
("George", "Évariste"), not of everyone a page links to ("Janet Kolodner", "Marissa
Mayer", "Seymour Cray"). The Census lists 5,494 first names with their frequencies; the
`names` package (MIT, data public domain) ships them, so no data is copied here. US
names mostly: "Saburo Yatsude" and "Alain Colmerauer" stay unread (README, Quality).
"""
from __future__ import annotations

import functools

import names


@functools.lru_cache(maxsize=1)
def census_given_names() -> frozenset[str]:
    """Every first name the Census lists for men or women, in lower case."""
    out: set[str] = set()
    for key in ("first:male", "first:female"):
        with open(names.FILES[key], encoding="ascii") as lines:
            out.update(line.split()[0].lower() for line in lines if line.strip())
    return frozenset(out)
