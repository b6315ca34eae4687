"""Labels of the game's values: sides, suits, coinche levels, contracts, points.

Responsible for turning a deal's stored values (``taker``, ``trump``, ``bid``,
``coinche``…) and a team into the words and signs the desk, the phone, the
PDFs and the exports show, in the active language. Must not: query the
database, score, or decide a rule — the surcoinche factor, for instance, is
read from the rule profile it is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date as Date
from typing import Any, Protocol

from django.utils import formats
from django.utils.translation import get_language, gettext, ngettext, pgettext

from tournaments.domain import deal_shapes
from tournaments.models.options import features_on

SUIT_SIGNS: Mapping[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_TRUMPS = frozenset({"H", "D"})


class DealLike(Protocol):
    taker: str
    trump: str
    bid: int | None
    bid_capot: bool
    coinche: int
    points_a: int | None
    points_b: int | None
    capot: str


class TeamLike(Protocol):
    player1: Any
    player2: Any


def side_label(side: str, *, short: bool = False) -> str:
    """« Nord-Sud » / « Est-Ouest » (« N-S » / « E-O » when short)."""
    if short:
        return pgettext("side", "N-S") if side == "A" else pgettext("side", "E-O")
    return gettext("Nord-Sud") if side == "A" else gettext("Est-Ouest")


def trump_sign(trump: str) -> str:
    """♠ ♥ ♦ ♣, or the short name of Sans-Atout / Tout-Atout."""
    if trump in SUIT_SIGNS:
        return SUIT_SIGNS[trump]
    if trump == "SA":
        return pgettext("trump", "SA")
    if trump == "TA":
        return pgettext("trump", "TA")
    return trump


def is_red(trump: str) -> bool:
    return trump in RED_TRUMPS


def coinche_label(level: int) -> str:
    """« coinché » / « surcoinché » (empty when not coinched)."""
    if level == 1:
        return gettext("coinché")
    if level == 2:
        return gettext("surcoinché")
    return ""


def coinche_factor(level: int, surcoinche_factor: int) -> int:
    """The multiplier a coinche level applies under the profile (1, 2, then
    the profile's surcoinche factor: 4, or 3 where a club plays it so)."""
    return {0: 1, 1: 2}.get(level, surcoinche_factor)


def coinche_mark(level: int, surcoinche_factor: int) -> str:
    """« ×2 », « ×4 » or « ×3 »: the short form shown in a grid cell."""
    if not level:
        return ""
    return f"×{coinche_factor(level, surcoinche_factor)}"


def bid_label(deal: DealLike) -> str:
    if getattr(deal, "bid_generale", False):
        return gettext("Générale")
    if deal.bid_capot:
        return gettext("Capot")
    return "" if deal.bid is None else str(deal.bid)


def contract_label(deal: DealLike, *, surcoinche_factor: int = 4, short: bool = False) -> str:
    """The contract as the sheet reads it: « 100 ♥ coinché », « Capot ♠ ×2 »
    (short), « 80 SA », or « Passe » for a passed deal."""
    if not deal.taker:
        return gettext("Passe")
    parts = [bid_label(deal), trump_sign(deal.trump)]
    if short:
        parts.append(coinche_mark(deal.coinche, surcoinche_factor))
    else:
        parts.append(coinche_label(deal.coinche))
    return " ".join(p for p in parts if p)


def taker_points_label(deal: DealLike) -> str:
    """The takers' card points on the sheet's line: « 97 », also when only
    the defence's were typed (« 65 » given: « 97 »); empty with no taker."""
    points = deal_shapes.taker_card_points(deal.taker, deal.points_a, deal.points_b)
    return "" if points is None else str(points)


def players_line(team: TeamLike) -> str:
    """« Amélie Lefèvre & Jérôme Bérard »."""
    return f"{team.player1} & {team.player2}"


def team_code(code: str) -> str:
    """A team's code as printed and shown, in groups of four digits that do
    not break apart: « 4821 0937 » (the table side reads it back with or
    without the space)."""
    return "\u00a0".join(code[i : i + 4] for i in range(0, len(code), 4))


def number(value: int | None) -> str:
    """A whole number for print: thin space between thousands and a true minus
    in French; the active language's grouping otherwise."""
    if value is None:
        return ""
    text = formats.number_format(abs(value), decimal_pos=0, force_grouping=True)
    text = text.replace("\xa0", "\u202f").replace(" ", "\u202f")
    return f"−{text}" if value < 0 else text


def signed(value: int) -> str:
    return f"+{number(value)}" if value > 0 else number(value)


def _french() -> bool:
    return (get_language() or "fr").startswith("fr")


def ordinal(rank: int) -> str:
    """« 1er », « 2e » in French; « 1st », « 2nd », « 11th » in English."""
    if _french():
        return "1er" if rank == 1 else f"{rank}e"
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix}"


def final_place(place: int, ranked: int, points: int | None) -> str:
    """« 3e sur 24 · 4 812 points » / « 3rd of 24 · 4,812 points »: a
    player's place in a finished concours, on their page."""
    text = gettext("%(place)s sur %(ranked)s") % {"place": ordinal(place), "ranked": ranked}
    if points is not None:
        text += " · " + ngettext("%(points)s point", "%(points)s points", points) % {
            "points": number(points)
        }
    return text


def long_date(day: Date) -> str:
    """« samedi 1er décembre 2026 » / « Tuesday 1 December 2026 »."""
    if _french():
        number = "1er" if day.day == 1 else str(day.day)
        weekday, month = formats.date_format(day, "l"), formats.date_format(day, "F")
        return f"{weekday} {number} {month} {day.year}"
    return formats.date_format(day, "l j F Y")


def announcement_kind(kind: str) -> str:
    return {
        "tierce": gettext("tierce"),
        "cinquante": gettext("cinquante"),
        "cent": gettext("cent"),
        "carre": gettext("carré"),
    }.get(kind, kind)


def card_rank(rank: str) -> str:
    """A card's rank as players say it: V, D, R, As in French."""
    return {
        "J": pgettext("card", "V"),
        "Q": pgettext("card", "D"),
        "K": pgettext("card", "R"),
        "A": pgettext("card", "As"),
    }.get(rank, rank)


def announcement_item(item: Mapping[str, Any]) -> str:
    """One declared announcement as players say it: « tierce R♥ », « carré V »
    (« tierce K♥ », « four J »)."""
    high = card_rank(str(item.get("high", "")))
    suit = SUIT_SIGNS.get(item.get("suit") or "", "")
    return f"{announcement_kind(item.get('kind', ''))} {high}{suit}".strip()


def announcements_label(announcements: dict, side: str) -> str:
    """A side's announcements as entered: « tierce R♥, carré V » when declared
    card by card, the points when typed as resolved points, else nothing."""
    points = (announcements or {}).get("announcement_points")
    if points:
        return str(points.get(side) or "")
    items = ((announcements or {}).get("announcements") or {}).get(side) or []
    return ", ".join(announcement_item(item) for item in items)


def options_summary(tournament) -> str:
    """« Options : lots, caisse » from the features the tournament turned
    on (the core's and the installed features', models/options.py), empty with none."""
    on = features_on(tournament)
    if not on:
        return ""
    return gettext("Options : %(features)s") % {
        "features": ", ".join(str(feature.label) for feature in on)
    }
