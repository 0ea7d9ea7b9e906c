"""What paragraphs naming a keyword link to (pipeline.links.links_naming, citing_links.cited_links).

The stand-in for the links of a page about a keyword the collection has no page for:
real HTML parsed by lxml, and a tiny real page store (LocalBackend).
"""
from __future__ import annotations

import pytest
from lxml import html as lxml_html

from integration_support import WIKI, tiny_store
from pipeline.boilerplate import DEFAULT_RULES
from pipeline.links import MAX_BLOCK_WORDS, link_blocks, links_naming
from pipeline.text import words
from pipeline.citing_links import cited_links
from scoring.names import concept_key
CRYPTO = """<html><head><title>Cryptography</title></head><body>
<div role="navigation"><p>Public-key cryptography: <a href="/wiki/Navigation_box">Navigation box</a></p></div>
<h2>Public-key cryptography</h2>
<p>In <a href="/wiki/Public-key_cryptography">public-key cryptography</a>, the
<a href="/wiki/RSA_(cryptosystem)">RSA</a> algorithm and the
<a href="/wiki/Diffie%E2%80%93Hellman_key_exchange">Diffie–Hellman key exchange</a> are used;
<a href="#cite_note-1">[1]</a></p>
<p>Symmetric ciphers such as <a href="/wiki/AES">AES</a> are faster.</p>
<ul><li>Public key cryptography and <a href="/wiki/Digital_signature">digital signatures</a></li>
<li><a href="/wiki/Block_cipher">Block ciphers</a></li></ul>
</body></html>"""
SECURITY = """<html><head><title>Computer security</title></head><body>
<p>TLS relies on public-key cryptography, chiefly <a href="/wiki/RSA">RSA</a> and
<a href="/wiki/Digital_signature">digital signature</a> schemes.</p>
<p>Unrelated: <a href="/wiki/Firewall">firewalls</a>.</p></body></html>"""


def _anchors(html: str, url: str, phrase: str) -> list[str]:
    return [a for a, _ in links_naming(*link_blocks(lxml_html.fromstring(html), url), words(phrase))]


def test_only_links_in_blocks_that_name_the_phrase():
    got = _anchors(CRYPTO, WIKI + "Cryptography", "public key cryptography")
    # "public-key" and "public key" are the same words; the fragment link is no link out.
    assert got == ["Navigation box", "public-key cryptography", "RSA", "Diffie–Hellman key exchange",
                   "digital signatures"]
    assert "AES" not in got and "Block ciphers" not in got


def test_targets_are_absolute_canonical_urls():
    links = dict(links_naming(*link_blocks(lxml_html.fromstring(SECURITY), WIKI + "Computer_security"),
                              words("public-key cryptography")))
    assert links == {"RSA": WIKI + "RSA", "digital signature": WIKI + "Digital_signature"}


def test_a_container_too_long_to_be_a_paragraph_is_not_read():
    filler = " word" * MAX_BLOCK_WORDS
    page = f"<html><body><div>public key cryptography{filler} <a href='/x'>X</a></div></body></html>"
    assert _anchors(page, WIKI + "P", "public key cryptography") == []
    short = "<html><body><div>public key cryptography <a href='/x'>X</a></div></body></html>"
    assert _anchors(short, WIKI + "P", "public key cryptography") == ["X"]


def test_a_phrase_written_with_or_without_diacritics_names_the_block_either_way():
    # The block's words are folded as the index folds them, before and after the quick
    # word check that settles most blocks.
    page = "<html><body><p>G\u00f6del numbering uses <a href='/wiki/Prime'>primes</a>.</p></body></html>"
    assert _anchors(page, WIKI + "P", "godel numbering") == ["primes"]
    assert _anchors(page, WIKI + "P", "G\u00f6del Numbering") == ["primes"]
    assert _anchors(page, WIKI + "P", "godel number") == []  # words, not prefixes of words


def test_no_phrase_no_links():
    assert _anchors(CRYPTO, WIKI + "Cryptography", "") == []


@pytest.fixture(scope="module")
def backend(tmp_path_factory):
    b = tiny_store(tmp_path_factory.mktemp("store") / "pages.sqlite",
                   {"Cryptography": (CRYPTO, "Cryptography"), "Computer security": (SECURITY, "Computer security")})
    yield b
    b.con.close()


def test_cited_links_counts_pages_and_drops_chrome_and_the_keyword(backend):
    urls = [WIKI + "Cryptography", WIKI + "Computer_security"]
    found = cited_links(backend, urls, "public-key cryptography", DEFAULT_RULES)
    assert concept_key("public-key cryptography") not in found  # the keyword itself
    assert concept_key("Navigation box") not in found  # chrome removed first
    assert found[concept_key("RSA")]["pages"] == urls
    assert found[concept_key("digital signature")]["pages"] == urls  # "signatures" folded
    assert found[concept_key("digital signature")]["anchor"] == "digital signatures"  # as first written
    assert found[concept_key("Diffie–Hellman key exchange")]["pages"] == [WIKI + "Cryptography"]
    assert found[concept_key("RSA")]["target"] == WIKI + "RSA_(cryptosystem)"
    assert cited_links(backend, [], "public-key cryptography", DEFAULT_RULES) == {}
