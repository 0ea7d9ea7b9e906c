"""What the keyword's own page names (evidence_stage.keyword_page_names): its sections, its
links, and its sections' "Main article:" notes, which chrome removal would otherwise take out.

Real HTML in a tiny real page store (LocalBackend).
"""
from __future__ import annotations

import pytest

from integration_support import WIKI, tiny_store
from pipeline.boilerplate import DEFAULT_RULES
from pipeline.evidence_stage import keyword_page_names

CRYPTOGRAPHY = """<html><head><title>Cryptography</title></head><body>
<h1 id="firstHeading">Cryptography</h1>
<div role="note" class="hatnote navigation-not-searchable">For the album, see <a href="/wiki/Secret_Code">Secret Code</a>.</div>
<p><b>Cryptography</b> is the practice of secure communication.</p>
<h2><span class="mw-headline">Modern cryptography</span><span class="mw-editsection">[edit]</span></h2>
<div role="note" class="hatnote navigation-not-searchable">Main articles: <a href="/wiki/Public-key_cryptography">Public-key
 cryptography</a> and <a href="/wiki/Symmetric-key_algorithm">Symmetric-key algorithm</a></div>
<p>Modern cryptography uses <a href="/wiki/Encryption">encryption</a>.</p>
<h3><span class="mw-headline">History</span></h3>
<div role="note" class="hatnote">Main article: <a href="/wiki/Cryptography#Early">Cryptography § Early</a></div>
<div role="note" class="hatnote">Main article: <a href="/wiki/Cryptography">Cryptography</a></div>
<h2><span class="mw-headline">Comparison with other fields</span></h2>
<h3><span class="mw-headline">Steganography</span></h3>
<div role="note" class="hatnote">Main article: <a href="/wiki/Steganography">Steganography</a></div>
<h2><span class="mw-headline">See also</span></h2>
<div role="note" class="hatnote">Main article: <a href="/wiki/Outline_of_cryptography">Outline of cryptography</a></div>
<ul><li><a href="/wiki/Clipper_chip">Clipper chip</a></li></ul>
</body></html>"""


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    b = tiny_store(tmp_path_factory.mktemp("store") / "pages.sqlite",
                   {"Cryptography": (CRYPTOGRAPHY, "Cryptography")})
    yield b
    b.con.close()


def test_main_articles_of_the_sections_are_named_with_their_targets(backend):
    names = keyword_page_names(backend, WIKI + "Cryptography", DEFAULT_RULES, "Cryptography", "cryptography")
    # Under a heading that sets the subject beside others, or under "See also", a main article
    # is a neighbour's; a link to a part of a page (#) or to the page itself names no part.
    assert names.main == {"Public-key cryptography": WIKI + "Public-key_cryptography",
                          "Symmetric-key algorithm": WIKI + "Symmetric-key_algorithm"}
    # The notes go with the chrome: their links are no body links, while the headings stay.
    assert "Public-key cryptography" not in names.targets and "Encryption" in {a.lower().capitalize() for a in
                                                                                names.targets}
    assert names.sections[:2] == ["Modern cryptography", "History"]
    assert "Clipper chip" in names.related_only


def test_links_only_from_the_sections_running_text_are_named_apart(backend):
    names = keyword_page_names(backend, WIKI + "Cryptography", DEFAULT_RULES, "Cryptography", "cryptography")
    # "encryption" is linked only from a paragraph under "Modern cryptography" (version 179);
    # "Clipper chip", a list item under "See also", is no prose.
    assert names.prose == {"encryption"}
    assert "Clipper chip" not in names.prose


PENGUIN = """<html><head><title>Penguin</title></head><body>
<h1 id="firstHeading">Penguin</h1>
<p><b>Penguins</b> are flightless birds; the <a href="/wiki/Emperor_penguin">emperor penguin</a> is the largest.</p>
<p>Their calls (<a href="https://upload.wikimedia.org/wikipedia/commons/a/ab/Penguin_call.ogg">listen</a>) carry far.</p>
<div class="thumb"><a href="https://upload.wikimedia.org/wikipedia/commons/7/75/Penguins_on_ice.wmv.ogv">Play media</a>
<a href="/wiki/File:Penguin_range.svg">source and image info</a></div>
</body></html>"""


def test_links_to_pictures_sounds_and_films_name_no_concept(tmp_path):
    store = tiny_store(tmp_path / "pages.sqlite", {"Penguin": (PENGUIN, "Penguin")})
    try:
        names = keyword_page_names(store, WIKI + "Penguin", DEFAULT_RULES, "Penguin", "penguin")
    finally:
        store.con.close()
    # The player's button, a recording's "listen" and a file's description page are links to
    # files (pipeline.urls.is_media_file); the article link stays.
    assert set(names.targets) == {"emperor penguin"}
    assert names.targets["emperor penguin"] == WIKI + "Emperor_penguin"
