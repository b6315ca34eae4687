"""The calendar's pure rules: a French postcode's département, and who
of a concours's pre-registered teams plays and who waits.

A postcode is five digits; its département is its first two digits, but
for Corsica (20000–20199 → « 2A », 20200–20999 → « 2B ») and the overseas
départements (971 to 976: three digits). Errors carry a code
(`PostcodeError.code`) that display.py turns into a sentence.

The waiting list is a queue in order of registration: with a maximum of
`limit` teams the first `limit` teams still registered play, the others
wait; a cancellation moves the first waiting team up. `places` says who
plays; the service applies it under a lock. A team registered online
holds its place `HOLD_MINUTES` until its address is confirmed, then frees
it as a cancellation would.

Pure: no Django import, no database.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_POSTCODE = re.compile(r"[0-9]{5}")
#: How long a place is held for an address not yet confirmed.
HOLD_MINUTES = 30


class PostcodeError(ValueError):
    """Why a postcode was refused: `code` is `empty` or `format`."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def clean_postcode(text: str) -> str:
    """The postcode as typed, without its spaces (« 71 000 » → « 71000 »)."""
    postcode = "".join(text.split())
    if not postcode:
        raise PostcodeError("empty")
    if not _POSTCODE.fullmatch(postcode) or postcode.startswith("00"):
        raise PostcodeError("format")
    return postcode


def departement_of(postcode: str) -> str:
    """The département's code of a clean postcode: « 71 », « 2A », « 974 »."""
    if postcode.startswith("20"):
        return "2A" if int(postcode) < 20200 else "2B"
    if postcode.startswith("97") or postcode.startswith("98"):
        return postcode[:3]
    return postcode[:2]


def places(registered: Sequence[int], limit: int | None) -> tuple[list[int], list[int]]:
    """(those who play, those who wait), in order, of the teams still
    registered (`registered`, in order of registration) under a maximum of
    `limit` teams (None: no maximum)."""
    if limit is None:
        return list(registered), []
    return list(registered[:limit]), list(registered[limit:])
