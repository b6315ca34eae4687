"""Amounts of money as the desk types them, read into whole cents.

« 5 », « 5,50 », « 5.50 », « 5 € », « 1 200 € » are all read; what cannot
be an amount is refused with a code (`AmountError.code`) that
`display/money.py` turns into a sentence next to the field. Negative and
huge amounts are refused: a fee or a line of the cash box is a positive
amount, its kind (income or expense) says which way it goes.

Pure: no Django import, no database.
"""

from __future__ import annotations

import re

#: Spaces of every kind a keyboard or a copied figure brings (thousands).
#: The largest amount of one line or fee: 10 000 € (a concours' hall hire
#: fits; a slip of the keyboard does not).
MAX_CENTS = 1_000_000

_SPACES = re.compile(r"[\s\u00a0\u202f']+")
_AMOUNT = re.compile(r"(?P<units>[0-9]+)(?:[.,](?P<cents>[0-9]{1,2}))?")


class AmountError(ValueError):
    """Why a typed amount was refused: `code` is one of `empty`, `negative`,
    `unreadable`, `decimals`, `too_large`."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def parse_amount(text: str, *, maximum: int) -> int:
    """`text` in cents; `maximum` is the largest amount allowed, in cents."""
    cleaned = _SPACES.sub("", (text or "").strip())
    cleaned = cleaned.removesuffix("€").removesuffix("EUR").removesuffix("eur")
    cleaned = cleaned.removeprefix("€")
    if not cleaned:
        raise AmountError("empty")
    if cleaned.startswith(("-", "−")):
        raise AmountError("negative")
    cleaned = cleaned.removeprefix("+")
    if re.fullmatch(r"[0-9]+[.,][0-9]{3,}", cleaned):
        raise AmountError("decimals")
    match = _AMOUNT.fullmatch(cleaned)
    if match is None:
        raise AmountError("unreadable")
    if len(match["units"].lstrip("0")) > len(str(maximum)):
        raise AmountError("too_large")  # before int(): a pasted page of digits
    units = int(match["units"])
    if units > maximum // 100:
        raise AmountError("too_large")
    cents = units * 100 + int((match["cents"] or "0").ljust(2, "0"))
    if cents > maximum:
        raise AmountError("too_large")
    return cents


def format_plain(cents: int) -> str:
    """Cents as the desk types them back: « 5 », « 5,50 », « -12,30 »
    (a form's initial value; the French display is `display/money.py`'s)."""
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return f"{sign}{units}" if rest == 0 else f"{sign}{units},{rest:02d}"
