"""The vocabulary of an explanation: its steps, the deal's values in
taker/defence terms, and the small builders of a marque and of the success
test that the countings share.

Responsible for: arithmetic that mirrors :mod:`scoring.deal` term by term
(rounding 5 up, the complement's 5 down) and the shape of each step's
params (see :mod:`scoring.explain`). Must not: decide which terms a counting
marks (see :mod:`scoring.explain.countings`) or write a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..rules import Rules


class Step(NamedTuple):
    """One step of an explanation: a stable key and its plain params."""

    key: str
    params: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Explanation:
    """How a deal was scored: the steps, then the figures they arrive at.

    ``a``/``b`` are the marques (with ``pot_won`` when an earlier pot was
    given and won), ``outcome`` and ``pot`` as :class:`~scoring.DealScore`.
    """

    steps: tuple[Step, ...]
    a: int
    b: int
    outcome: str
    pot: int
    pot_won: int = 0

    def keys(self) -> list[str]:
        return [step.key for step in self.steps]

    def step(self, key: str, **match: Any) -> Step | None:
        """The first step with ``key`` whose params hold ``match``, or None."""
        for step in self.steps:
            if step.key == key and all(step.params.get(k) == v for k, v in match.items()):
                return step
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "A": self.a,
            "B": self.b,
            "outcome": self.outcome,
            "pot": self.pot,
            "steps": [{"key": step.key, **step.params} for step in self.steps],
        }


@dataclass(frozen=True, slots=True)
class Hand:
    """The validated values of a deal, in taker/defence terms, named as in
    :mod:`scoring.deal`: ``pt``/``pd`` card points, ``bt``/``bd`` belote
    points, ``at``/``ad`` announcement points counted, ``m`` the coinche
    factor, ``cap_t``/``cap_d`` whether that side took every trick; ``bid``
    is 250 for a capot bid and 0 in classic belote."""

    rules: Rules
    taker: str
    defence: str
    bid: int
    capot_bid: bool
    m: int
    pt: int
    pd: int
    bt: int
    bd: int
    at: int
    ad: int
    cap_t: bool
    cap_d: bool
    generale_bid: bool = False
    alone: bool = False  # one player of the takers took the eight tricks alone

    @property
    def rounding(self) -> bool:
        return self.rules.rounding != "none"


def round_ten(x: int) -> int:
    return (x + 5) // 10 * 10


def round_down5(x: int) -> int:
    return (x + 4) // 10 * 10


def nonzero_terms(*terms: tuple[str, int]) -> list[list[Any]]:
    return [[kind, value] for kind, value in terms if value]


def marque(
    hand: Hand,
    side: str,
    terms: list[list[Any]],
    *,
    factor: int = 1,
    extra: list[list[Any]] | None = None,
    lead: list[list[Any]] | None = None,
) -> tuple[Step, int]:
    """A marque step, ``Σ lead + factor × Σ terms + Σ extra`` rounded as the
    profile says (``lead``: the terms a ``contract_only`` coinche does not
    multiply, written before the multiplied contract)."""
    extra = extra or []
    lead = lead or []
    raw = (
        sum(value for _, value in lead)
        + factor * sum(value for _, value in terms)
        + sum(value for _, value in extra)
    )
    value = round_ten(raw) if hand.rounding else raw
    role = "taker" if side == hand.taker else "defence"
    params = {
        "side": side,
        "role": role,
        "lead": lead,
        "terms": terms,
        "factor": factor,
        "extra": extra,
        "raw": raw,
        "value": value,
        "rounding": hand.rules.rounding if value != raw else "",
    }
    return Step("marque", params), value


def uncoinched_step(side: str, uncoinched: Step) -> Step:
    """``points_multiplied``: what ``side`` would mark uncoinched (the marque
    step of the same deal without the coinche), before it is multiplied."""
    p = uncoinched.params
    params = {"side": side, "terms": p["terms"], "raw": p["raw"], "value": p["value"]}
    return Step("uncoinched", {**params, "rounding": p["rounding"]})


def success_test(
    hand: Hand,
    taker_terms: list[list[Any]],
    defence_terms: list[list[Any]],
    *,
    bid: int | None,
    compare_defence: bool,
    excluded: int = 0,
) -> tuple[Step, bool, bool]:
    """The success test: (step, made, tie). Exact points, never rounded."""
    total_t = sum(value for _, value in taker_terms)
    total_d = sum(value for _, value in defence_terms)
    # A capot bid is made by taking every trick; classic belote has no bid.
    reached = hand.cap_t if hand.capot_bid else (bid is None or total_t >= bid)
    beaten = total_t > total_d
    made = reached and (beaten or not compare_defence)
    tie = total_t == total_d
    params = {
        "taker_terms": taker_terms,
        "taker_total": total_t,
        "defence_terms": defence_terms,
        "defence_total": total_d,
        "bid": bid,
        "capot_bid": hand.capot_bid,
        "took_all": hand.cap_t,
        "reached": reached,
        "compare_defence": compare_defence,
        "beaten": beaten,
        "tie": tie,
        "made": made,
        "tie_is_chute": False,
        "excluded": excluded,
    }
    return Step("test", params), made, tie


def full_success_test(
    hand: Hand, *, bid: int | None, compare_defence: bool
) -> tuple[Step, bool, bool]:
    """The test of classic belote and coinche: card points, belote and, when
    the profile says so, announcements."""
    with_ann = hand.rules.announcements_count_for_contract
    taker = [["cards", hand.pt], *nonzero_terms(("belote", hand.bt))]
    defence = [["cards", hand.pd], *nonzero_terms(("belote", hand.bd))]
    if with_ann:
        taker += nonzero_terms(("announcements", hand.at))
        defence += nonzero_terms(("announcements", hand.ad))
    excluded = 0 if with_ann else hand.at + hand.ad
    return success_test(
        hand, taker, defence, bid=bid, compare_defence=compare_defence, excluded=excluded
    )


def complement_step(hand: Hand) -> tuple[Step, int]:
    k = round_down5(hand.pt)
    params = {"side": hand.taker, "cards": hand.pt, "rounded": k, "defence": 160 - k}
    return Step("complement", params), k


def belote_note(side: str, fate: str) -> Step:
    return Step("belote", {"side": side, "fate": fate})
