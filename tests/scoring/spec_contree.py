"""An independent reading of SPEC §6 (the three contrée countings of the
presets, versions 1 and 2), written from the SPEC's sentences and not from
scoring/countings.py: the oracle of tests/scoring/test_contree_reading.py,
and of issue 52's count of the deals the fix moved.

Only the presets' own options are read here (``chute_capot`` flat in
version 1, full in version 2): a club's option is tested by its table.
Each rule below quotes the SPEC phrase it reads.
"""

from __future__ import annotations

import random
from typing import Any

CONTREE_PRESETS = ("contree-faits-annonces", "contree-faits", "contree-annonces")


def r(x: int) -> int:
    """« R rounds to the nearest ten, 5 up »."""
    return (x + 5) // 10 * 10


def read_contree(deal: dict[str, Any], preset: str, version: int) -> tuple[int, int]:
    """The marques (A, B) SPEC §6 gives ``deal`` (taker set, suit trump)
    under ``preset`` at ``version``."""
    t = deal["taker"]
    d = "B" if t == "A" else "A"
    capot = deal.get("capot")
    points = {t: 0, d: 0}
    if capot:
        points[capot] = 252
    else:
        points = {**{"A": 162 - deal["points"].get("B", 0)}, **deal["points"]}
        points.setdefault("B", 162 - points["A"])
    belote = {side: 20 * (deal.get("belote") or {}).get(side, 0) for side in "AB"}
    capot_bid = deal["bid"] == "capot"
    bid = 250 if capot_bid else deal["bid"]
    m = (1, 2, 4)[deal.get("coinche", 0)]
    # « made when card points(T) + belote(T) ≥ bid (capot bid: all 8 tricks) »
    made = capot == t if capot_bid else points[t] + belote[t] >= bid
    winner, loser = (t, d) if made else (d, t)
    marque = {t: 0, d: 0}
    if preset == "contree-annonces":
        # « made → T bid × m, D 0 (… the belote only helps to make it);
        # chute → D 160 if not coinched, else bid × m; capot bid made → 250 × m »
        # and the defence's capot « contree-annonces is unchanged (D 160) ».
        marque[winner] = bid * m if (made or m > 1) else 160
        return marque["A"], marque["B"]
    faits_annonces = preset == "contree-faits-annonces"
    contract = bid if faits_annonces else 0
    # « a capot team keeps its belote »: the team that took no trick.
    no_trick = {side for side in "AB" if capot and capot != side}
    if capot_bid:
        # « capot bid → 500 to whoever wins the deal » (× m when coinched),
        # « a team that bid capot and failed loses » its belote.
        marque[winner] = 500 * m + belote[winner]
        if made and loser in no_trick:
            marque[loser] = belote[loser]
    elif m > 1:
        # « coinched → the winner of the deal marks (160 + bid) × m … plus its
        # own belote, the loser 0 »; « Coinched, a capot changes nothing in
        # contrée, whichever side took the eight tricks ».
        marque[winner] = (160 + contract) * m + belote[winner]
        if loser in no_trick:
            marque[loser] = belote[loser]
    elif made and capot == t:
        # « capot not bid → T 250 + bid + B_T » (faits: 250)
        marque[t] = 250 + contract + belote[t]
        marque[d] = belote[d]
    elif made:
        marque[t] = r(points[t] + belote[t]) + contract
        marque[d] = r(points[d] + belote[d])
    else:
        # « chute → T 0, D 160 + bid + the belotes »; the takers' belote goes
        # to the defence « except that a capot team keeps its belote ».
        # Version 2, a capot by the defence: « D 250 + bid, plus the belotes ».
        base = 250 if (version >= 2 and capot == d) else 160
        marque[d] = base + contract + belote[d]
        if t in no_trick:
            marque[t] = belote[t]
        else:
            marque[d] += belote[t]
    return r(marque["A"]), r(marque["B"])


def random_contree_deal(rng: random.Random) -> dict[str, Any]:
    """A random contrée deal, capots and coinches far more frequent than at a
    table (a capot either way in one deal of five, a coinche in one of two):
    the cases where the countings part."""
    taker = rng.choice("AB")
    defence = "B" if taker == "A" else "A"
    deal: dict[str, Any] = {"taker": taker, "trump": rng.choice("SHDC")}
    deal["bid"] = "capot" if rng.random() < 0.1 else rng.randrange(80, 170, 10)
    deal["coinche"] = rng.choices((0, 1, 2), (50, 35, 15))[0]
    roll = rng.random()
    if roll < 0.1:
        deal["capot"] = taker
    elif roll < 0.2:
        deal["capot"] = defence
    else:
        points = rng.choice([n for n in range(163) if n not in (1, 161)])
        deal["points"] = {taker: points}
    if rng.random() < 0.3:
        deal["belote"] = {rng.choice("AB"): 1}
    return deal
