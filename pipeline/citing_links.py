"""What a collection's paragraphs link to: the links of the paragraphs and list items naming a
keyword (standing in for the links of a page about it when the collection has none), where they
link the keyword's own name (what its authors mean by it), and the titles behind anchors that
name no page themselves. Used by the evidence stage (pipeline.evidence_stage)."""
from __future__ import annotations

from typing import NamedTuple, Sequence

from scoring.evidence import MIN_CITING_PAGES
from scoring.names import acronyms, concept_key

from .boilerplate import BoilerplateRules
from .links import link_blocks, links_naming
from .page_cache import PageCache
from .parse import content_tree
from .search import SearchBackend
from .store import pack_json, title_name
from .text import normalise, without_qualifier, words
from .topic_stages import map_pages
from .urls import is_media_file, title_from_url


def link_titles(backend: SearchBackend, targets: dict[str, str]) -> dict[str, str]:
    """{anchor: its target page's title} for the anchors that name no page of the collection
    themselves but link to one it holds under another name ("passing messages" ->
    "Message passing"); anchors that name a page, abbreviations of the title ("ROM" for
    "Read-only memory": the name the collection writes most, which its counts measure) and
    links to a part of a page (a #fragment) keep their own words."""
    out = {}
    for anchor, target in targets.items():
        name = title_from_url(target)
        if not name or "#" in target or concept_key(name) == concept_key(anchor):
            continue
        if "".join(words(anchor)) in acronyms(words(without_qualifier(name))):
            continue
        if backend.pages_about(without_qualifier(anchor)):
            continue  # "Neural networks" has a page of its own: the author named a concept
        for url, title, _ in backend.pages_about(without_qualifier(name)):
            if url == target or normalise(title_name(title)) == normalise(name):
                out[anchor] = title_name(title)
                break
    return out


def _cited_of_page(job: tuple) -> tuple[list[tuple[str, str]], bytes | None]:
    """The links of one page naming the phrase, and (when asked to keep them) its link
    blocks packed: only the packed bytes cross back from the worker, not the blocks' text."""
    url, raw, content_type, rules, phrase_words, keep = job
    root, _ = content_tree(raw, rules, "lxml", content_type)
    blocks = link_blocks(root, url) if root is not None else ([], [])
    return links_naming(*blocks, phrase_words), pack_json(blocks) if keep else None


LINK_BLOCKS = "link-blocks"  # the PageCache kind of a page's link_blocks


def cited_links(backend: SearchBackend, urls: Sequence[str], keyword: str,
                rules: BoilerplateRules, cache: PageCache | None = None) -> dict[tuple[str, ...], dict]:
    """What the pages link to from their paragraphs and list items that name the keyword:
    {concept_key: {"anchor": as first written, "target": its first URL, "pages": [url, ...]}},
    the keyword itself left out (chrome removed, as for the list items). Each page's links and
    blocks are read from `cache` when a run before kept them, else parsed (and kept)."""
    return links_by_name(links_naming_keyword(backend, urls, keyword, rules, cache), keyword)


def links_naming_keyword(backend: SearchBackend, urls: Sequence[str], keyword: str, rules: BoilerplateRules,
                         cache: PageCache | None = None) -> dict[str, list[tuple[str, str]]]:
    """{page URL: [(anchor, target URL), ...]} of the links in the pages' paragraphs and list
    items that name the keyword (pipeline.links.links_naming), chrome removed."""
    phrase_words = words(keyword)
    naming: dict[str, list[tuple[str, str]]] = {}
    if cache is not None:
        for url in urls:
            kept = cache.get(LINK_BLOCKS, url)
            if kept is not None:
                naming[url] = links_naming(*kept, phrase_words)
    jobs = []
    for url in urls:
        if url not in naming:
            page = backend.fetch(url)
            if page.raw:
                jobs.append((url, page.raw, page.content_type, rules, phrase_words, cache is not None))
    for job, (links, packed) in zip(jobs, map_pages(_cited_of_page, jobs)):
        naming[job[0]] = links
        if cache is not None:
            cache.set_packed(LINK_BLOCKS, job[0], packed)
    return {url: naming[url] for url in urls if url in naming}


class Sense(NamedTuple):
    """What a collection's paragraphs mean by the keyword's own name (keyword_sense)."""

    page: str | None          # the stored page, None when the collection does not hold it
    name: tuple[str, ...]     # its name's concept_key: the stored page's title, else the link's


class NameLinks(NamedTuple):
    """Where a collection's paragraphs link the keyword's own name (name_links)."""

    targets: dict[str, tuple[str | None, str, set[str]]]  # a target -> (its stored page or None, title, pages linking)
    linking: set[str]  # every page linking the name, to a section's anchor too


def name_links(backend: SearchBackend, naming: dict[str, list[tuple[str, str]]], keyword: str) -> NameLinks:
    """The links from the keyword's own name in links_naming_keyword's table, each target read
    once: a stored page by its title (a redirect's URL counts for it, as the collection answers
    its name: stored_row), any other by the title its URL spells; a section's anchor by none."""
    key = concept_key(keyword)
    linking: set[str] = set()
    targets: dict[str, tuple[str | None, str, set[str]]] = {}
    resolved: dict[str, tuple[str | None, str]] = {}
    for url, links in naming.items():
        for anchor, target in links:
            if concept_key(anchor) != key or is_media_file(target):
                continue
            linking.add(url)
            if "#" in target:
                continue
            if target not in resolved:
                row = stored_row(backend, target)
                resolved[target] = (row[0], title_name(row[1])) if row is not None else (None, title_from_url(target))
            page, title = resolved[target]
            if page is None and not concept_key(title):
                continue
            ident = page or " ".join(title.lower().split())
            targets.setdefault(ident, (page, title, set()))[2].add(url)
    return NameLinks(targets, linking)


def keyword_sense(links: NameLinks) -> Sense | None:
    """The page the collection's paragraphs link the keyword's own name to (name_links): one
    that at least half the pages linking the name, and MIN_CITING_PAGES or more, point it at,
    or None.

    Where no page is titled as the keyword, its authors still say what they mean by it:
    "[[Computer programming|programming]]", "[[Optimization (mathematics)|optimization]]".
    That page is the keyword in another name, not one of its sub-topics. A target the
    collection does not hold is known by the name its URL spells ("Computer_keyboard"), its
    words only: "Plasma (physics)" and "Plasma (KDE)" are one name here (keyword_link_targets
    keeps them apart).
    """
    by_sense: dict[Sense, set[str]] = {}
    for page, title, pages in links.targets.values():
        by_sense.setdefault(Sense(page, concept_key(title)), set()).update(pages)
    if not by_sense:
        return None
    sense, pages = max(by_sense.items(), key=lambda kv: len(kv[1]))
    return sense if len(pages) >= MIN_CITING_PAGES and 2 * len(pages) >= len(links.linking) else None


def keyword_link_targets(links: NameLinks) -> list[dict]:
    """Every page the collection's paragraphs link the keyword's own name to (name_links):
    [{"title", "page" (the stored page, None if not held), "pages" (how many pages link the
    name so)}], most pages first.

    A reader needs the senses apart that keyword_sense joins by their words: a word the
    collection uses in two senses (plasma: a state of matter, and KDE's desktop; transformers:
    the device, the films) gets a list of one of them, or of both mixed (session 64, set bq),
    and the titles say which and what to ask for instead (tasks.report.senses_note).
    """
    found = [{"title": title, "page": page, "pages": len(pages)} for page, title, pages in links.targets.values()]
    return sorted(found, key=lambda d: (-d["pages"], d["title"]))


def stored_row(backend: SearchBackend, target: str) -> tuple[str, str, str] | None:
    """(url, title, first paragraph) of the stored page a link's target names: itself, or the
    one page answering to the name its URL spells (a redirect's); None if the collection has none."""
    name = title_from_url(target)
    if not name or "#" in target:
        return None
    rows = backend.pages_about(name)
    return next((row for row in rows if row[0] == target), rows[0] if len(rows) == 1 else None)


def links_by_name(naming: dict[str, list[tuple[str, str]]], keyword: str) -> dict[tuple[str, ...], dict]:
    """cited_links' table from links_naming_keyword's: the keyword's own name left out."""
    key = concept_key(keyword)
    found: dict[tuple[str, ...], dict] = {}
    for url in naming:
        for anchor, target in naming[url]:
            k = concept_key(anchor)
            if not k or k == key or is_media_file(target):
                continue
            entry = found.setdefault(k, {"anchor": anchor, "target": target, "pages": []})
            if url not in entry["pages"]:
                entry["pages"].append(url)
    return found
