"""The letters typed in the deal grid, as on the paper sheet: one key a value.

Responsible for the keys of the taker, trump, coinche, belote and capot
cells in the active language (« N » Nord-Sud, « C » cœur, « K » carreau…),
what each cell shows once filled (« NS », « ♥ », « ×2 »), and the reading
back of what a cell holds (a key, the shown form or the sign), so that the
same words work with and without JavaScript. Must not: validate a deal (the
engine does) or know about forms.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import get_language

from tournaments.display.labels import side_label, trump_sign

# key typed → stored value, per language; "" is a passed deal (taker).
_TAKER = {
    "fr": {"n": "A", "s": "A", "e": "B", "o": "B", "p": ""},
    "en": {"n": "A", "s": "A", "e": "B", "w": "B", "p": ""},
}
_TRUMP = {
    "fr": {"p": "S", "c": "H", "k": "D", "t": "C", "s": "SA", "a": "TA"},
    "en": {"s": "S", "h": "H", "d": "D", "c": "C", "n": "SA", "a": "TA"},
}
_COINCHE = {"x": 1, "1": 1, "2": 1, "xx": 2, "4": 2, "3": 2}


def _language() -> str:
    return "en" if (get_language() or "fr").startswith("en") else "fr"


def taker_keys() -> Mapping[str, str]:
    return _TAKER[_language()]


def trump_keys(*, sa_ta: bool = True) -> Mapping[str, str]:
    """The trump keys; without `sa_ta` (a profile of suits only), no key for
    sans-atout and tout-atout."""
    found = _TRUMP[_language()]
    return found if sa_ta else {k: v for k, v in found.items() if v not in ("SA", "TA")}


def side_shown(side: str) -> str:
    """What a side cell shows: « NS » / « EO » (« NS » / « EW »)."""
    return side_label(side, short=True).replace("-", "") if side else ""


def taker_shown(taker: str) -> str:
    return side_shown(taker) if taker else "–"


def keys_shown(keys: Mapping[str, str], shown) -> dict[str, str]:
    """key → what the cell shows once the key is typed (for the grid's script)."""
    return {key: shown(value) for key, value in keys.items()}


def read_side(text: str, *, passed: bool = False) -> str | None:
    """« n », « NS », « Nord-Sud »… → "A"; « e », « EO »… → "B"; "" for an
    empty cell (or « p », « – » where a pass is allowed); None if unreadable."""
    value = text.strip().lower().replace("-", "").replace("–", "").replace(" ", "")
    if not value:
        return ""
    if passed and value in ("p", "passe", "pass"):
        return ""
    for side in ("A", "B"):
        if value in (side_shown(side).lower(), side_label(side).lower().replace("-", "")):
            return side
    keys = {k: v for k, v in taker_keys().items() if v}
    # "a" and "b", the sides' own names, are no key in any language.
    keys.update({"a": "A", "b": "B"})
    return keys.get(value) if len(value) == 1 else None


def read_trump(text: str) -> str | None:
    """A trump key, sign or short name → "S", "H", "D", "C", "SA", "TA"."""
    value = text.strip()
    if not value:
        return ""
    for code in ("S", "H", "D", "C", "SA", "TA"):
        if value in (trump_sign(code), trump_sign(code).lower()):
            return code
    if value.upper() in ("SA", "TA"):
        return value.upper()
    return trump_keys().get(value.lower()) if len(value) == 1 else None


def read_coinche(text: str) -> int | None:
    """« x » or « ×2 » → 1, « xx » or « ×4 »/« ×3 » → 2, empty → 0."""
    value = text.strip().lower().replace("×", "x").replace("*", "x")
    if not value or value in ("0", "non", "no", "-"):
        return 0
    if value.startswith("x") and value[1:].isdigit():
        return 1 if value[1:] == "2" else 2
    return _COINCHE.get(value)


def read_belote(text: str) -> tuple[int, int] | None:
    """The belotes of each side: « n » → (1, 0), « e » → (0, 1), « ne » → (1, 1);
    several letters at tout-atout. Empty → (0, 0)."""
    value = text.strip().lower().replace("-", "").replace(" ", "")
    if not value:
        return (0, 0)
    # What the cell shows (« NS NS » at tout-atout) reads back as it was.
    shown = {side_shown("A").lower(): "A", side_shown("B").lower(): "B"}
    words = text.strip().lower().split()
    if words and all(word in shown for word in words):
        a = sum(shown[w] == "A" for w in words)
        return (a, len(words) - a)
    a = b = 0
    keys = {k: v for k, v in taker_keys().items() if v}
    for letter in value:
        side = keys.get(letter)
        if side is None:
            return None
        a, b = (a + 1, b) if side == "A" else (a, b + 1)
    return (a, b)


def belote_shown(a: int, b: int) -> str:
    return " ".join([side_shown("A")] * a + [side_shown("B")] * b)


def trump_legend(*, sa_ta: bool = True) -> str:
    """« P ♠ · C ♥ · K ♦ · T ♣ · S sans-atout · A tout-atout » (the suits
    alone without `sa_ta`)."""
    return " · ".join(
        f"{key.upper()} {trump_sign(code)}" for key, code in trump_keys(sa_ta=sa_ta).items()
    )
