"""Reads: what a page or a document needs from the database, in a fixed
number of queries whatever the size of the tournament (public lookups,
standings, pools, brackets and the final ranking, lots, exports).
Nothing here writes; the writes are `services/`."""
