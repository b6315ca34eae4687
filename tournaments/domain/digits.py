"""A whole number as people and phones send it: plain digits only.

`str.isdigit()` also takes « ² » (which `int()` refuses: a server error)
and « ٣ » (which `int()` reads as 3): a check on it lets either through.

Must not: know where the text comes from (a form, a link, a file).
"""

from __future__ import annotations


def is_plain(text: str) -> bool:
    """Whether `text` is one or more ASCII digits."""
    return text.isascii() and text.isdigit()


def whole_number(text: str | None, *, digits: int) -> int | None:
    """`text` (spaces around it aside) as a whole number of 1 to `digits`
    ASCII digits, else None."""
    text = (text or "").strip()
    return int(text) if is_plain(text) and len(text) <= digits else None
