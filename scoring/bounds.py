"""The largest marque one team can get from one deal under a profile, and so
the largest total a partie of N deals can give (issue 38: « Totaux
seulement » took 99999–0 for a 12-deal partie); what every total is a
multiple of; and what a partie usually gives, measured (issue 52).

The bound is the engine's own: every candidate deal below is scored by
:func:`scoring.score_deal`, and the best one is kept with its marque, so the
bound is always reached by a deal the engine accepts (it is tight). The
candidates are the extremes of each field the engine reads (every trump the
profile plays; the lowest and highest bids, the capot bid and the générale's; no coinche,
coinched, surcoinched; a capot either way or the card points' edges; the
belotes to one side or the other; the most announcement points to one side
or none); tests/scoring/test_bounds.py checks by property that no deal the
engine accepts gives more.

A partie of N deals gives a team at most N times that marque: a litige's pot
is the takers' total of a tie (at most half of the deal's points), won by
the next deal's winner instead of the marque the takers lost, never more
than one deal's best marque; and both teams together at most N times the
most one deal puts on the sheet, its pot included (the concours checker
holds a table typed as totals only to both bounds).

Responsible for: the bounds and their witness deals. Must not: know about
tables, forms or languages.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import partie_totals
from .cards import MAX_TEAM_ANNOUNCEMENTS, SUITS, max_belotes
from .deal import score_deal
from .errors import ScoringError
from .rules import MIN_BID, Rules


@dataclass(frozen=True)
class DealBound:
    """The largest marque of team A in one deal (``marque``), the deal that
    gives it (``deal``), and the most one deal puts on the sheet: both
    marques and the pot it leaves pending (``both``)."""

    marque: int
    deal: dict[str, Any]
    both: int


def deal_bound(rules: Rules) -> DealBound:
    """The largest marque one team gets from one deal under ``rules``
    (by symmetry, team A's), with the deal that reaches it."""
    return _deal_bound(rules)


def partie_bound(rules: Rules, deals: int) -> int:
    """The largest total one team can mark in a partie of ``deals`` deals."""
    return deal_bound(rules).marque * max(deals, 0)


def partie_sum_bound(rules: Rules, deals: int) -> int:
    """The largest sum of both teams' totals a partie of ``deals`` deals can
    give: every pot won was left by one earlier deal, and won once at
    most, so the deals' marques with the pots they won add up to no more
    than each deal's marques and the pot it left."""
    return deal_bound(rules).both * max(deals, 0)


def total_step(rules: Rules) -> int:
    """What every total of a partie is a multiple of under ``rules``: 10
    when every marque is rounded to ten (and so every pot), else 1 (issue
    52: « Totaux seulement » took 5000–3 in a coinche)."""
    return 10 if rules.rounding != "none" else 1


@dataclass(frozen=True)
class Usual:
    """What a partie of some deals usually gives (99 in 100 parties the
    engine plays, widened to every partie of ordinary deals): both teams'
    totals together (``sum_low``, ``sum_high``) and one team's."""

    sum_low: int
    sum_high: int
    team_low: int
    team_high: int


def usual_partie(rules: Rules, deals: int) -> Usual:
    """What a partie of ``deals`` deals usually gives under ``rules``: the
    0.5th and 99.5th percentiles measured on parties the engine played
    under ``rules``' preset (scoring/partie_totals.py, written by `python
    -m tools.partie_totals`; beyond its number of deals, the deviation from
    the mean grows as the square root of the deals), the sum widened to
    what any partie of ordinary deals gives (the lowest bid, neither
    coinched nor a capot, no announcement: never asked about, whatever the
    hall's bids), down to half of it: the engine's random parties pass 3 %
    of their deals, a hall many more, and the low side is there for a
    missing key (125 typed for 1 250), not for a quiet table. A total outside is
    possible (a partie cut short, a string of coinches and capots): it is
    asked about, never refused. A club's options are measured as its
    preset's."""
    if deals <= 0:
        return Usual(0, 0, 0, 0)
    table = partie_totals.QUANTILES[rules.preset]
    if deals <= partie_totals.MAX_DEALS:
        sum_low, sum_high, team_low, team_high = table[deals - 1]
    else:
        mean_sum, mean_team = partie_totals.MEANS[rules.preset]
        last, spread = partie_totals.MAX_DEALS, (deals / partie_totals.MAX_DEALS) ** 0.5
        sum_low, sum_high, team_low, team_high = (
            round(deals * mean + (measured - last * mean) * spread)
            for measured, mean in zip(
                table[-1], (mean_sum, mean_sum, mean_team, mean_team), strict=True
            )
        )
    low, high = _usual_deal_sums(rules)
    most = partie_bound(rules, deals)
    return Usual(
        max(0, min(sum_low, deals * low // 2)),
        max(sum_high, deals * high),
        max(0, team_low),
        min(team_high, most),
    )


@lru_cache(maxsize=64)
def _usual_deal_sums(rules: Rules) -> tuple[int, int]:
    sums = []
    for deal in _candidates(rules):
        extraordinary = (
            deal["taker"] is None
            or deal.get("bid", MIN_BID) != MIN_BID
            or deal.get("coinche")
            or "capot" in deal
            or "generale" in deal
            or "announcement_points" in deal
        )
        if extraordinary:
            continue
        try:
            score = score_deal(deal, rules)
        except ScoringError:
            continue
        sums.append(score.a + score.b)
    return min(sums), max(sums)


@lru_cache(maxsize=1024)  # a profile each: a file has one, the suite's generator hundreds
def _deal_bound(rules: Rules) -> DealBound:
    best: tuple[int, dict[str, Any]] = (-1, {})
    both = 0
    for deal in _candidates(rules):
        try:
            score = score_deal(deal, rules)
        except ScoringError:
            continue
        if score.a > best[0]:
            best = (score.a, deal)
        both = max(both, score.a + score.b + score.pot)
    return DealBound(best[0], best[1], both)


def _candidates(rules: Rules) -> Iterator[dict[str, Any]]:
    """The extreme deals of ``rules``, team A taking or defending. The four
    suits score alike (the same card values, belote and bids; announcements
    are given as points), so one of them stands for all four."""
    yield {"taker": None}
    ann = (0, MAX_TEAM_ANNOUNCEMENTS) if rules.announcements else (0,)
    coinches = (0,) if rules.counting == "belote" else (0, 1, 2)
    for trump in sorted(t for t in rules._table.trumps if t not in SUITS[1:]):
        top = max_belotes(trump)
        bids: tuple[Any, ...] = (None,)
        if rules.counting != "belote":
            bids = (MIN_BID, rules.bid_limits(trump)[1], "capot")
            if rules.generale != "off":
                bids += ("generale",)
        belotes = {(0, 0), (top, 0), (0, top)}
        for taker, bid, coinche, cards, belote, (ann_a, ann_b) in itertools.product(
            "AB", bids, coinches, _card_shapes(rules), belotes, _announcement_sides(ann)
        ):
            deal: dict[str, Any] = {"taker": taker, "trump": trump, **cards}
            if bid is not None:
                deal["bid"], deal["coinche"] = bid, coinche
            if belote != (0, 0):
                deal["belote"] = {"A": belote[0], "B": belote[1]}
            if ann_a or ann_b:
                deal["announcement_points"] = {"A": ann_a, "B": ann_b}
            yield deal


def _card_shapes(rules: Rules) -> list[dict[str, Any]]:
    """A capot either way (and a générale, one player's capot, when played),
    and card points at the edges of every test a counting makes (a bid
    reached, more than the defence, a tie)."""
    shapes: list[dict[str, Any]] = [{"capot": "A"}, {"capot": "B"}]
    if rules.generale != "off":
        shapes += [{"generale": "A"}, {"generale": "B"}]
    for points in (0, 1, 80, 81, 82, 90, 100, 161, 162):
        shapes.append({"points": {"A": points}})
    return shapes


def _announcement_sides(values: tuple[int, ...]) -> list[tuple[int, int]]:
    return [(0, 0), *((v, 0) for v in values if v), *((0, v) for v in values if v)]
