"""Shared stages: fetch, parse, text, URLs, page store, search backends."""
