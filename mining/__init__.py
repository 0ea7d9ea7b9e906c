"""List items, transactions, frequent itemsets and word-order restoration (pure functions)."""
