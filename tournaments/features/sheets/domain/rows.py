"""A deal's row as read from a sheet: each field as read (`FieldRead`),
the row with what the checks found (`DealRead`), and the engine's deal
(SPEC §8) it makes. checks.py checks it by the rules.

Pure: plain values in and out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

INPUTS = ("bid", "points", "announce_a", "announce_b")
#: A field's flags for what the photo does not show as written (FieldRead's
#: `washed`, `stray`, `struck`): each asked by its own reason, said by its
#: own sentence, never settled.
UNSEEN = ("washed", "stray", "struck")


@dataclass
class FieldRead:
    """A field as read: its value (an int for a number; a box's name, or
    several joined for marks: "AB"; None when blank or unreadable) and
    whether it is sure."""

    value: Any
    sure: bool
    #: Each digit's probability (a number), for the stricter digits.
    probabilities: tuple[float, ...] = ()
    #: Each digit's second choice (the digit it might be instead; -1: none).
    seconds: tuple[int, ...] = ()
    #: Each digit's probability of every class (the ten digits, then
    #: « not a digit »), when the reader kept them.
    classes: tuple[tuple[float, ...], ...] = ()
    #: A box of it washed out on the photo (cells.WASHED): what was written
    #: there may be gone, so it is never settled nor confirmed, but asked.
    washed: bool = False
    #: A box of it holds only ink from elsewhere (cells.STRAY: a correction
    #: written above the row below, a digit running over): read as no digit,
    #: never settled nor confirmed, but asked.
    stray: bool = False
    #: Struck out (strikes.py): a stroke across its boxes; the number meant
    #: is written elsewhere. Read as nothing, never settled, but asked.
    struck: bool = False
    #: Nothing but a dash in its boxes (strikes.dash): read as nothing
    #: written; a last row of dashes is kept (reader._blank).
    dash: bool = False

    @property
    def unseen(self) -> bool:
        """What the photo shows of it is not what was written in its boxes."""
        return any(getattr(self, flag) for flag in UNSEEN)

    def to_json(self) -> dict[str, Any]:
        flags = {name: True for name in UNSEEN if getattr(self, name)}
        return {"value": self.value, "sure": self.sure} | flags


@dataclass
class DealRead:
    """A deal of the sheet as read and checked."""

    deal: int
    fields: dict[str, FieldRead]
    asked: list[str] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    #: The Deal fields for the desk grid's service (record_deal's `values`),
    #: None when the engine refused the deal as read.
    values: dict[str, Any] | None = None
    #: The marques the engine computes for the deal as read.
    marques: tuple[int, int] | None = None
    #: The litige's pot pending after the deal (classic belote).
    pot: int = 0
    #: Each field asked: the first reason it was asked for.
    why: dict[str, str] = field(default_factory=dict)
    #: The running totals after the deal under each reading of it nearly as
    #: likely, when settled with its totals checked (settle.Settled.afters).
    afters: frozenset[tuple[int, int]] = frozenset()

    def ask(self, reason: str, *names: str) -> None:
        if reason not in self.reasons:
            self.reasons.append(reason)
        for name in names:
            if name in self.fields and name not in self.asked:
                self.asked.append(name)
                self.why[name] = reason

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "fields": {name: read.to_json() for name, read in self.fields.items()},
            "asked": self.asked,
            "reasons": self.reasons,
            "values": self.values,
        }


def engine_deal(fields: dict[str, FieldRead]) -> dict[str, Any]:
    """The engine's deal (SPEC §8) from the fields as read."""
    return deal_of({name: read.value for name, read in fields.items()})


def deal_of(value: dict[str, Any]) -> dict[str, Any]:
    """The engine's deal from each field's value (`engine_deal`'s: a row's
    readings, scored by the thousand, need no FieldRead each)."""
    taker = value.get("taker")
    deal: dict[str, Any] = {"taker": taker}
    if taker is None:
        filled = [
            n for n in (*INPUTS, "trump", "coinche", "belote", "capot", "generale") if value.get(n)
        ]
        if filled:  # the engine refuses points without a taker: say it so
            deal["points"] = {"A": value.get("points") or 0}
        return deal
    deal["trump"] = value.get("trump")
    if value.get("bid") is not None:  # a capot bid is written 250, a générale 500
        deal["bid"] = {250: "capot", 500: "generale"}.get(value["bid"], value["bid"])
    elif value.get("coinche") and "bid" in value:
        deal["bid"] = None  # a coinche without a bid
    if value.get("coinche"):
        deal["coinche"] = int(value["coinche"])
    if value.get("generale"):  # one player of the side crossed at « Capot » alone
        deal["generale"] = value.get("capot")
    if value.get("capot"):
        deal["capot"] = value["capot"]
    elif value.get("points") is not None:
        deal["points"] = {taker: value["points"]}
    belote = value.get("belote") or ""
    if belote:
        deal["belote"] = {side: belote.count(side) for side in "AB"}  # « AA »: two (tout atout)
    announced = {s: value.get(f"announce_{s.lower()}") or 0 for s in "AB"}
    if any(announced.values()):
        deal["announcement_points"] = announced
    return deal


#: What a marque is computed from: every box of the row but the trump.
MARQUE_INPUTS = (
    *("taker", "bid", "coinche", "points", "belote", "capot", "generale"),
    *("announce_a", "announce_b"),
)


def marque_inputs(read: DealRead) -> list[str]:
    """The fields of the row a marque is computed from, written or not, all
    asked: a box crossed or missed may be at fault as well as a number (a
    coinche read uncrossed, an announcement read blank)."""
    return [name for name in MARQUE_INPUTS if name in read.fields]
