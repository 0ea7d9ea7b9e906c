"""The page store's blob format: Zstandard now, zlib from earlier stores still readable."""
from __future__ import annotations

import zlib

from pipeline.store import (compress, connect, decompress, get_page, insert_page, pack_html, pack_items,
                            pack_links, unpack_items, unpack_links)


def test_compress_round_trip_and_format():
    data = b"<html><body>" + "caf\u00e9 ".encode() * 1000 + b"</body></html>"
    blob = compress(data)
    assert blob[:4] == b"\x28\xb5\x2f\xfd" and len(blob) < len(data) / 10
    assert decompress(blob) == data


def test_zlib_blobs_of_earlier_stores_still_read():
    data = b"<html>old store</html>"
    assert decompress(zlib.compress(data, 1)) == data


def test_links_and_items_round_trip():
    links = [("http://a.org/x", "caf\u00e9 link"), ("http://b.org/", "")]
    assert unpack_links(pack_links(links)) == links
    assert unpack_links(None) == []
    rows = [["/html/body/ul/li[1]", "li", "Robotics", None, [["section heading", "Fields"]]]]
    assert unpack_items(pack_items(rows)) == rows
    assert unpack_items(None) is None


def test_get_page_reads_both_formats(tmp_path):
    con = connect(tmp_path / "s.sqlite")
    insert_page(con, "http://new.org/", "new.org", "New", "text", pack_html(b"<html>new</html>"),
                pack_links([("http://x.org/", "x")]))
    insert_page(con, "http://old.org/", "old.org", "Old", "text", zlib.compress(b"<html>old</html>"),
                zlib.compress(b'[["http://y.org/", "y"]]'))
    con.commit()
    assert get_page(con, "http://new.org/").html == b"<html>new</html>"
    assert get_page(con, "http://new.org/").links == [("http://x.org/", "x")]
    old = get_page(con, "http://old.org/")
    assert (old.html, old.links) == (b"<html>old</html>", [("http://y.org/", "y")])
