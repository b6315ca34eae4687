"""A checked row's score and what it fills in at the desk: the engine's
score of a row as read or read otherwise (`scored`; the thousands of
readings of a row's inputs that settle.py weighs, `given_by_rules`), the pot of a
litige won on the row (classic belote), the defence's card points the engine
counted (a contract sheet has them written too), and the desk grid's Deal
fields from the engine's deal and score (the defence's card points filled in).

Pure: plain values in and out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import scoring
from tournaments.features.sheets.domain.rows import FieldRead, deal_of, engine_deal


def scored(fields: dict[str, FieldRead], rules: scoring.Rules) -> scoring.DealScore | None:
    """The engine's score of a row's `fields` (None: the rules refuse it)."""
    try:
        return scoring.score_deal(engine_deal(fields), rules)
    except scoring.ScoringError:
        return None


def given_by_rules(
    fields: Mapping[str, FieldRead], rules: scoring.Rules, pot: int
) -> Callable[[dict[str, int]], dict[str, int] | None]:
    """What the rules give for each reading of the row read as `fields`,
    after `pot` (settle.GivenOf): the values of its inputs read otherwise
    (`values`, merged into the row's values as read: no FieldRead made for
    each of the thousands of readings) scored: their marques and, on a
    contract sheet, the defence's card points; None: the rules refuse it."""
    as_read = {name: read.value for name, read in fields.items()}
    # A bid the rules refuse (out of range, a générale not played…) is
    # refused whatever the points and announcements read with it: each such
    # bid is scored once, not once a reading (nearly half the readings of
    # the large hand's coinche sheets, each raising the engine's error).
    refused: set[int | None] = set()

    def given_of(values: dict[str, int]) -> dict[str, int] | None:
        value = {**as_read, **values}
        if value.get("bid") in refused:
            return None
        try:
            score = scoring.score_deal(deal_of(value), rules)
        except scoring.ScoringError as error:
            if error.code == "bid":
                refused.add(value.get("bid"))
            return None
        a, b = with_pot(score, pot)
        given = {"marque_a": a, "marque_b": b}
        defence = defence_points(score)
        return given if defence is None else {**given, "points_defence": defence}

    return given_of


def pattern(field_read: FieldRead, sure: float) -> str:
    """A marque written as a pattern: its sure digits, "?" for a doubted one."""
    text = str(field_read.value)
    if len(text) != len(field_read.probabilities):
        return text
    return "".join(
        c if p >= sure else "?" for c, p in zip(text, field_read.probabilities, strict=True)
    )


def fits(value: int, pattern: str) -> bool:
    """Whether `value` is written as `pattern` (`pattern`'s "?" any digit)."""
    text = str(value)
    return len(text) == len(pattern) and all(
        p in ("?", c) for c, p in zip(text, pattern, strict=True)
    )


def with_pot(score: scoring.DealScore, pot: int) -> tuple[int, int]:
    """The deal's marques with a litige's pot won (classic belote)."""
    a, b = score.a, score.b
    if pot and score.outcome in ("made", "chute"):
        winner = score.taker if score.outcome == "made" else ("B" if score.taker == "A" else "A")
        a, b = (a + pot, b) if winner == "A" else (a, b + pot)
    elif pot and score.outcome == "litige":
        defence = "B" if score.taker == "A" else "A"
        a, b = (a + pot, b) if defence == "A" else (a, b + pot)
    return a, b


def defence_points(score: scoring.DealScore) -> int | None:
    """The defence's card points in a deal the engine scored: 162 minus the
    takers', a capot's 0 or 252 (None: no taker). Written beside the
    takers' on a contract sheet, they check each other's every digit."""
    if score.taker not in ("A", "B"):
        return None
    return score.card_points[1 if score.taker == "A" else 0]


def grid_values(deal: dict[str, Any], score: scoring.DealScore) -> dict[str, Any]:
    """The desk grid's Deal fields: both sides' card points filled in."""
    taker = deal.get("taker")
    if taker is None:
        return {"taker": ""}
    points_a, points_b = score.card_points
    bid = deal.get("bid")
    announced = deal.get("announcement_points")
    return {
        "taker": taker,
        "trump": deal.get("trump") or "",
        "bid": bid if isinstance(bid, int) else None,
        "bid_capot": bid == "capot",
        "bid_generale": bid == "generale",
        "generale": deal.get("generale") or "",
        "coinche": deal.get("coinche", 0),
        "points_a": points_a if not deal.get("capot") else None,
        "points_b": points_b if not deal.get("capot") else None,
        "capot": deal.get("capot") or "",
        "belote_a": (deal.get("belote") or {}).get("A", 0),
        "belote_b": (deal.get("belote") or {}).get("B", 0),
        "announcements": {"announcement_points": announced} if announced else {},
    }
