#!/bin/sh
# The PostgreSQL 15 manual as HTML, from Debian's postgresql-doc-15 package (PostgreSQL
# License), unpacked into a folder the pipeline can index: a second kind of site for the
# quality harness (bench/quality/README.md, "Another kind of site"). Nothing is committed.
#   sh bench/quality/fetch_postgresql_docs.sh [DEST]      # default output/sites/postgresql-15
set -eu
dest=${1:-output/sites/postgresql-15}
if [ -f "$dest/indexes.html" ]; then
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! (cd "$tmp" && apt-get download postgresql-doc-15 >/dev/null 2>&1); then
    echo "could not download Debian's postgresql-doc-15: run 'apt-get update' (as root) and try again" >&2
    exit 1
fi
dpkg-deb -x "$tmp"/postgresql-doc-15_*.deb "$tmp/x"
mkdir -p "$dest.part"
cp "$tmp"/x/usr/share/doc/postgresql-doc-15/html/*.html "$dest.part"/
rm -rf "$dest"
mv "$dest.part" "$dest"
echo "$(ls "$dest" | wc -l) pages in $dest"
