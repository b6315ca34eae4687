"""Announcements as the scorer says them: « t R♥ », « 50 D♠ », « carré V ».

Responsible for reading the text of a grid's announcement cell, in the
active language, into either resolved points (a number, as before) or the
engine's declared items (SPEC §8: ``{"kind", "high", "suit"}``), and for
writing declared items back in the same short text, so that a correction
round-trips. French: « t R♥ », « tierce roi cœur », « tierce au roi de cœur »,
« 50 D♠ », « cinquante dame pique », « cent As♣ », « carré V », « c V »,
« carré de valets »; English: « tierce K♥ », « fifty Q♠ », « hundred A♣ »,
« four J », « four jacks ». Several announcements are separated by commas or
« + ». Must not: resolve who scores (the engine does, from the items) nor
check that the cards fit in the hands (the engine does, and says so).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import get_language, gettext

from tournaments.display.labels import announcement_item, card_rank
from tournaments.domain.digits import is_plain

# kind words → engine kind, per language (the first word of an announcement).
_KINDS = {
    "fr": {
        "t": "tierce",
        "tierce": "tierce",
        "50": "cinquante",
        "cinquante": "cinquante",
        "quarte": "cinquante",
        "100": "cent",
        "cent": "cent",
        "quinte": "cent",
        "c": "carre",
        "4": "carre",
        "carre": "carre",
        "carré": "carre",
    },
    "en": {
        "t": "tierce",
        "tierce": "tierce",
        "terce": "tierce",
        "50": "cinquante",
        "fifty": "cinquante",
        "quarte": "cinquante",
        "100": "cent",
        "hundred": "cent",
        "quint": "cent",
        "quinte": "cent",
        "4": "carre",
        "four": "carre",
        "carre": "carre",
        "carré": "carre",
    },
}
_RANKS = {
    "fr": {
        "7": "7",
        "sept": "7",
        "8": "8",
        "huit": "8",
        "9": "9",
        "neuf": "9",
        "10": "10",
        "dix": "10",
        "v": "J",
        "valet": "J",
        "d": "Q",
        "dame": "Q",
        "r": "K",
        "roi": "K",
        "a": "A",
        "as": "A",
    },
    "en": {
        "7": "7",
        "seven": "7",
        "8": "8",
        "eight": "8",
        "9": "9",
        "nine": "9",
        "10": "10",
        "t": "10",
        "ten": "10",
        "j": "J",
        "jack": "J",
        "q": "Q",
        "queen": "Q",
        "k": "K",
        "king": "K",
        "a": "A",
        "ace": "A",
    },
}
_SUITS = {
    "fr": {
        "♠": "S",
        "p": "S",
        "pique": "S",
        "♥": "H",
        "c": "H",
        "coeur": "H",
        "cœur": "H",
        "♦": "D",
        "k": "D",
        "carreau": "D",
        "carreaux": "D",
        "♣": "C",
        "t": "C",
        "trefle": "C",
        "trèfle": "C",
    },
    "en": {
        "♠": "S",
        "s": "S",
        "spade": "S",
        "♥": "H",
        "h": "H",
        "heart": "H",
        "♦": "D",
        "d": "D",
        "diamond": "D",
        "♣": "C",
        "c": "C",
        "club": "C",
    },
}
# Words that only make the phrase read well: « tierce au roi de cœur ».
_LINKS = {
    "fr": frozenset({"au", "aux", "à", "de", "du", "des", "la", "le", "les", "en"}),
    "en": frozenset({"to", "the", "of", "in"}),
}
_SEPARATORS = re.compile(r"[,;+]| et | and ", re.IGNORECASE)
# « d'as », « l'as »: the elided article goes, so that « d » stays the dame.
_ELISION = re.compile(r"\b[dl]['’]|['’]")
_SIGNS = re.compile(r"([♠♥♦♣♤♡♢♧])")
_SIGN_ALIASES = {"♤": "♠", "♡": "♥", "♢": "♦", "♧": "♣"}
#: The lowest top card of each sequence (SPEC §3: named by their top card).
_LOWEST = {"tierce": "9", "cinquante": "10", "cent": "J"}
_ORDER = ("7", "8", "9", "10", "J", "Q", "K", "A")


class AnnouncementTextError(ValueError):
    """A cell the scorer must retype; ``message`` says why, in the active language."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _language() -> str:
    return "en" if (get_language() or "fr").startswith("en") else "fr"


def read_announcements(text: str) -> int | list[dict[str, str]] | None:
    """What an announcement cell holds: None when empty, the resolved points
    when it is a number, else the declared items in the engine's shape.

    Raises :class:`AnnouncementTextError` for text that is none of these.
    """
    value = (text or "").strip()
    if not value:
        return None
    if is_plain(value):
        if len(value) > 4:
            raise AnnouncementTextError(gettext("Points d'annonces : 9999 au plus."))
        return int(value)
    language = _language()
    pieces = [piece.strip() for piece in _SEPARATORS.split(f" {value} ")]
    if not all(pieces):
        raise _unreadable(value)
    return [_item(piece, language) for piece in pieces]


def announcements_text(items: Sequence[Mapping[str, Any]]) -> str:
    """Declared items as the cell shows them: « tierce R♥, cinquante D♠ »."""
    return ", ".join(announcement_item(item) for item in items)


def _words(piece: str, language: str) -> list[str]:
    spaced = _ELISION.sub(" ", _SIGNS.sub(r" \1 ", piece.lower()))
    words = [_SIGN_ALIASES.get(word, word) for word in spaced.split()]
    return [word for word in words if word not in _LINKS[language]]


def _item(piece: str, language: str) -> dict[str, str]:
    """One announcement: its kind first, then its top card and suit in either
    order (« t R♥ », « tierce cœur roi »)."""
    words = _words(piece, language)
    kind = _KINDS[language].get(words[0]) if words else None
    if kind is None:
        raise _unreadable(piece)
    high = suit = None
    for word in words[1:]:
        for rank_found, suit_found in _readings(word, language):
            if (rank_found and high) or (suit_found and suit):
                continue
            high = high or rank_found
            suit = suit or suit_found
            break
        else:
            raise _unreadable(piece)
    return _checked(piece, kind, high, suit)


def _readings(word: str, language: str) -> list[tuple[str | None, str | None]]:
    """The ways to read one word: a rank, a suit, or a rank and a suit glued
    together (« rc » roi cœur, « 10h » ten of hearts); plurals allowed."""
    ranks, suits = _RANKS[language], _SUITS[language]
    readings: list[tuple[str | None, str | None]] = []
    for form in (word, _singular(word)):
        if form in ranks:
            readings.append((ranks[form], None))
        if form in suits:
            readings.append((None, suits[form]))
    for cut in (1, 2):
        head, tail = word[:cut], word[cut:]
        if head in ranks and tail in suits and len(tail) == 1:
            readings.append((ranks[head], suits[tail]))
    return readings


def _singular(word: str) -> str:
    """« valets » → « valet », « carreaux » stays (it is listed), « as » stays."""
    if word in ("as", "dix") or len(word) < 3 or word[-1] not in "sx":
        return word
    return word[:-1]


def _checked(piece: str, kind: str, high: str | None, suit: str | None) -> dict[str, str]:
    shown = piece.strip()
    if high is None:
        raise AnnouncementTextError(
            gettext("Annonce incomplète : « %(text)s », il manque la hauteur (7 … As).")
            % {"text": shown}
        )
    if kind == "carre":
        if suit is not None:
            raise AnnouncementTextError(
                gettext("« %(text)s » : un carré n'a pas de couleur (carré V).") % {"text": shown}
            )
        return {"kind": kind, "high": high}
    if suit is None:
        raise AnnouncementTextError(
            gettext("Annonce incomplète : « %(text)s », il manque la couleur (♠ ♥ ♦ ♣).")
            % {"text": shown}
        )
    lowest = _LOWEST[kind]
    if _ORDER.index(high) < _ORDER.index(lowest):
        raise AnnouncementTextError(
            gettext("Annonce impossible : « %(text)s », elle finit au %(lowest)s au plus bas.")
            % {"text": shown, "lowest": card_rank(lowest)}
        )
    return {"kind": kind, "high": high, "suit": suit}


def _unreadable(text: str) -> AnnouncementTextError:
    return AnnouncementTextError(
        gettext("Annonce illisible : « %(text)s ». Par exemple : %(examples)s.")
        % {"text": text.strip(), "examples": gettext("t R♥, 50 D♠, carré V")}
    )
