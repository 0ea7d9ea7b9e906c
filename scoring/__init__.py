"""Hit-count scores, concept types and tag-tree checks (pure functions)."""
