"""Random but valid deals, for the demo tournament, the benchmark and the
property tests.

Responsible for: dealing a real shuffled pack, deriving belotes and declared
announcements from the hands, playing the eight tricks to random winners and
writing the SPEC §8 deal object (in its various accepted shapes). Must not:
score (it only produces input), or depend on anything but :mod:`random`.
"""

from __future__ import annotations

import random
from typing import Any

from .announcements import resolve_items
from .cards import RANKS, SUITS, card_points_table
from .rules import Rules

_TEAM_OF_PLAYER = ("A", "B", "A", "B")  # North, East, South, West


def _hand_items(hand: list[int]) -> list[dict[str, str]]:
    """A player's announcements, carrés first, each card used once (FFB)."""
    cards = set(hand)
    items: list[dict[str, str]] = []
    for rank in range(8):
        four = {suit * 8 + rank for suit in range(4)}
        if four <= cards:
            items.append({"kind": "carre", "high": RANKS[rank]})
            cards -= four
    for suit in range(4):
        run: list[int] = []
        for rank in [*range(8), 99]:
            if rank < 8 and suit * 8 + rank in cards:
                run.append(rank)
                continue
            length = len(run)
            if length >= 5:
                items.append({"kind": "cent", "high": RANKS[run[-1]], "suit": SUITS[suit]})
                if length == 8:
                    items.append({"kind": "tierce", "high": RANKS[run[2]], "suit": SUITS[suit]})
            elif length == 4:
                items.append({"kind": "cinquante", "high": RANKS[run[-1]], "suit": SUITS[suit]})
            elif length == 3:
                items.append({"kind": "tierce", "high": RANKS[run[-1]], "suit": SUITS[suit]})
            run = []
    return items


def random_deal(rng: random.Random, rules: Rules) -> dict[str, Any]:
    """A random deal in SPEC §8 input format, always accepted by
    :func:`scoring.score_deal` under ``rules``."""
    if rng.random() < 0.03:
        return {"taker": None}
    taker = rng.choice("AB")
    suits = list(SUITS)
    trump = rng.choice([*suits, "SA", "TA"]) if rules.sa_ta and rng.random() < 0.3 else None
    if trump is None:
        trump = rng.choice(suits)
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [deck[i * 8 : i * 8 + 8] for i in range(4)]

    # Belotes: king and queen of a trump suit in one hand (sometimes forgotten).
    belote = {"A": 0, "B": 0}
    trump_suits = [] if trump == "SA" else (range(4) if trump == "TA" else [SUITS.index(trump)])
    for player, hand in enumerate(hands):
        for s in trump_suits:
            if s * 8 + 5 in hand and s * 8 + 6 in hand and rng.random() < 0.9:
                belote[_TEAM_OF_PLAYER[player]] += 1

    # Announcements from the hands.
    declared: dict[str, list[dict[str, str]]] = {"A": [], "B": []}
    if rules.announcements:
        for player, hand in enumerate(hands):
            declared[_TEAM_OF_PLAYER[player]].extend(_hand_items(hand))

    # Tricks: a random pile of 8 tricks, each won by the takers with probability p.
    values = card_points_table(trump, rules.ta_scale)
    point_of = [values[SUITS[c // 8]][RANKS[c % 8]] for c in range(32)]
    roll = rng.random()
    if roll < 0.04:
        winners = [taker] * 8
    elif roll < 0.05:
        winners = ["B" if taker == "A" else "A"] * 8
    else:
        p = rng.uniform(0.3, 0.9)
        winners = [taker if rng.random() < p else ("B" if taker == "A" else "A") for _ in range(8)]
    rng.shuffle(deck)
    points = {"A": 0, "B": 0}
    for trick in range(8):
        points[winners[trick]] += sum(point_of[c] for c in deck[trick * 4 : trick * 4 + 4])
    capot = winners[0] if len(set(winners)) == 1 else None
    if capot:
        points = {capot: 252, ("B" if capot == "A" else "A"): 0}
    else:
        points[winners[7]] += 10

    deal: dict[str, Any] = {"taker": taker, "trump": trump}
    if rules.counting != "belote":
        taker_total = points[taker] + 20 * belote[taker]
        if (capot == taker and rng.random() < 0.5) or rng.random() < 0.01:
            deal["bid"] = "capot"
        else:
            guess = taker_total + rng.choice((-40, -30, -20, -10, 0, 0, 10, 20, 30))
            deal["bid"] = max(80, min(160, guess - guess % 10))
        level = rng.random()
        if level < 0.12:
            deal["coinche"] = 1
        elif level < 0.16:
            deal["coinche"] = 2
        elif level < 0.2:
            deal["coinche"] = 0
    shape = rng.random()
    if capot and shape < 0.5:
        pass  # points may be omitted with a capot
    elif shape < 0.15:
        deal["points"] = {"A": points["A"]}
    elif shape < 0.3:
        deal["points"] = {"B": points["B"]}
    else:
        deal["points"] = dict(points)
    if capot or rng.random() < 0.05:
        deal["capot"] = capot
    if belote["A"] or belote["B"] or rng.random() < 0.1:
        deal["belote"] = belote
    if rules.generale != "off":  # its own numbers: every other draw stays as it was
        _generale(random.Random(f"générale {deal}"), deal, capot, taker)
    if declared["A"] or declared["B"]:
        if rng.random() < 0.7:
            deal["announcements"] = declared
        else:
            a, b = resolve_items(declared, trump, (belote["A"], belote["B"]))
            deal["announcement_points"] = {"A": a, "B": b}
    return deal


def _generale(rng: random.Random, deal: dict[str, Any], capot: str | None, taker: str) -> None:
    """Half the capots taken by one player alone (``"generale"``); a générale
    bid on half of the takers' own, and now and then on a deal it fails."""
    alone = capot is not None and rng.random() < 0.5
    if alone:
        deal["generale"] = capot
        if rng.random() < 0.5:
            deal.pop("capot", None)
    if (alone and capot == taker and rng.random() < 0.5) or rng.random() < 0.02:
        deal["bid"] = "generale"
