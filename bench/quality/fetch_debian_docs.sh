#!/bin/sh
# A documentation site as HTML, from a Debian package, unpacked into a folder the pipeline
# can index: other kinds of site for the quality harness (bench/quality/README.md, "Other
# kinds of site"). Only the .html files are kept, in their folders; nothing is committed.
#   sh bench/quality/fetch_debian_docs.sh PACKAGE HTML_DIR DEST
# e.g. postgresql-doc-15 usr/share/doc/postgresql-doc-15/html output/sites/postgresql-15
#      python-sklearn-doc usr/share/doc/python-sklearn-doc/html output/sites/sklearn-1.2
#      octave-doc usr/share/doc/octave/octave.html output/sites/octave-7
#      maxima-doc usr/share/doc/maxima-doc/html output/sites/maxima-5.46
#      sqlite3-doc usr/share/doc/sqlite3 output/sites/sqlite-3.40
set -eu
if [ $# -ne 3 ]; then
    echo "usage: sh bench/quality/fetch_debian_docs.sh PACKAGE HTML_DIR DEST" >&2
    exit 2
fi
package=$1 html=$2 dest=$3
if [ -f "$dest/.complete" ]; then
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get download "$package" >/dev/null 2>&1); then
    echo "could not download Debian's $package: run 'apt-get update' (as root) and try again" >&2
    exit 1
fi
dpkg-deb -x "$tmp/$package"_*.deb "$tmp/x"
if [ ! -d "$tmp/x/$html" ]; then
    echo "$package has no folder $html: check the package's file list (dpkg-deb -c)" >&2
    exit 1
fi
rm -rf "$dest.part"
mkdir -p "$dest.part"
(cd "$tmp/x/$html" && find . -name '*.html' -type f) | while read -r f; do
    mkdir -p "$dest.part/$(dirname "$f")"
    cp "$tmp/x/$html/$f" "$dest.part/$f"
done
touch "$dest.part/.complete"
rm -rf "$dest"
mv "$dest.part" "$dest"
echo "$(find "$dest" -name '*.html' | wc -l) pages in $dest"
