"""Parse fetched pages in worker processes, so parsing runs beside the fetching process.

The crawler fetches in threads, which share one GIL; parsing a page (lxml tree,
boilerplate removal, link extraction) is CPU work that would otherwise hold that GIL
while the fetcher threads wait. `parse_body` is the crawler's one parse of a fetched
body, made only of `pipeline.parse` and `pipeline.links` functions; `parse_for_crawl`
adds the main text's term vector (`pipeline.vectors.tf_vector`, what strategies score a
page by), the other CPU-heavy step of taking in a page. The crawler calls it in a
fetcher thread (`CrawlConfig.parse_workers = 0`) or submits it to the pool `make_pool`
builds; both give the same result, so a crawl stores the same pages either way.

Start method: 'fork' on Linux, made at `Crawler.run` start, before any fetcher thread
exists, and every worker is started right away (`make_pool` waits for one task), so no
worker is ever forked while a fetch thread holds a lock. Fork is cheap (no re-import of
lxml and NLTK per worker, ~2 s each with 'spawn') and the workers inherit the parent's
warm caches and its stopword list. Threads other code already runs (a local test site's
server) are not copied into a worker, which only parses; 'forkserver' or 'spawn' would
avoid even that, at the cost of the imports and of patches made in the parent. Elsewhere
(macOS, Windows) the platform's default start method is used.
Workers ignore SIGINT (Ctrl-C reaches the whole process group; the crawler shuts the pool
down) and, on Linux, die with their parent (PR_SET_PDEATHSIG), so a crawl killed with
SIGKILL leaves no worker behind.
"""
from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from .boilerplate import DEFAULT_RULES, BoilerplateRules
from .links import extract_links
from .parse import main_text, page_title, parser_input, refresh_target, repaired_tree
from .vectors import tf_vector

# (url, anchor, context, parent): plain tuples pickle faster than Link objects.
LinkTuple = tuple[str, str, str, str]
Parsed = tuple["str | None", str, "list[LinkTuple]", str]  # (problem, title, links, main text)

_PR_SET_PDEATHSIG = 1


def parse_body(body: bytes, charset: str | None, final_url: str, parser: str = "lxml",
               needs_context: bool = False, needs_parent: bool = False,
               rules: BoilerplateRules = DEFAULT_RULES) -> Parsed:
    """(problem, title, links, main text) of a fetched HTML body; never raises.

    `parser` is repaired_tree's choice ("lxml", "auto", "lexbor" or "html5lib"); links are
    (url, anchor, context, parent) in document order, context and parent filled only when
    asked for. A body that cannot be parsed gives a problem and nothing else.
    """
    try:
        root, _ = repaired_tree(parser_input(body, charset), parser)
        title = page_title(root)
        links = [(link.url, link.anchor, link.context, link.parent)
                 for link in extract_links(root, final_url, needs_context, needs_parent)]
        moved_to = refresh_target(root, final_url)
        if moved_to and all(link[0] != moved_to for link in links):
            links.append((moved_to, "", "", ""))  # a browser follows a meta refresh: so does a crawl
        text = main_text(root, rules)
    except ValueError as exc:  # repaired_tree's "unparseable HTML"
        return str(exc), "", [], ""
    except Exception as exc:  # noqa: BLE001 - one bad page must not end a crawl
        return f"parse error: {type(exc).__name__}: {exc}"[:300], "", [], ""
    return None, title, links, text


def parse_for_crawl(body: bytes, charset: str | None, final_url: str, parser: str = "lxml",
                    needs_context: bool = False, needs_parent: bool = False,
                    rules: BoilerplateRules = DEFAULT_RULES) -> tuple[Parsed, "Counter[str] | None"]:
    """parse_body's result and the main text's term vector (what strategies score pages by).

    The vector is `tf_vector(text)`, the one `scoring.strategies.Page` would compute from
    the same text; stemming a page is CPU work too, so it is done where the page is parsed.
    """
    parsed = parse_body(body, charset, final_url, parser, needs_context, needs_parent, rules)
    return parsed, (None if parsed[0] else tf_vector(parsed[3]))


def _start_method() -> str | None:
    if sys.platform.startswith("linux") and "fork" in mp.get_all_start_methods():
        return "fork"
    return None  # the platform default ('spawn' on macOS and Windows)


def _die_with_parent(parent: int) -> None:
    """Linux: ask the kernel to kill this worker when the process that forked it dies."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def _init_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        _die_with_parent(parent)


def _ready() -> int:
    return os.getpid()


def make_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` parse processes, all started before this returns.

    Call it before starting threads: with 'fork' the workers are forked here, from the
    calling thread, and never later (the pool does not respawn them).
    """
    method = _start_method()
    ctx = mp.get_context(method) if method else mp.get_context()
    pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_init_worker,
                               initargs=(os.getpid(),))
    try:
        pool.submit(_ready).result()  # with fork, every worker is started by the first submit
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    return pool
