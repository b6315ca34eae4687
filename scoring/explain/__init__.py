"""Why a deal's marques are what they are: SPEC §4–§6 step by step, as data.

Responsible for: re-deriving, for one valid deal, the marques that
:func:`scoring.score_deal` gives, as a list of :class:`Step` (a key and plain
params) that a display layer turns into sentences in its own language. The
arithmetic is done again here, term by term, so that a property test can hold
it against ``score_deal``: the two must agree on every deal. Must not: be
called by the hot path (``score_deal`` never calls it: it runs only when an
explanation is asked for), write French or any sentence, or import Django.

Steps, in the order they come (``side``, ``taker``, ``defence``, ``scorer``
are side codes ``"A"``/``"B"``):

=================  ==========================================================
key                params
=================  ==========================================================
passed             (none): everybody passed, nobody marks
contract           taker, defence, trump, bid (int or None), capot_bid,
                   generale_bid, coinche (0/1/2), factor (1, 2, or the profile's
                   surcoinche factor), counting (a COUNTINGS name)
scale              trump ("SA"/"TA"), scale ("SA", "ffb", "funbelote"),
                   values (rank → card points, strongest card first, the
                   ranks worth nothing left out): only at SA and TA
capot              side, points (252): one team took all eight tricks
generale           taker, made, took_all: a générale bid, made when one
                   player of the takers took the eight tricks alone
announcements      points {"A", "B"} counted, scorer (or None), cancelled
                   (equal strongest announcements: none counts), declared
                   {"A": [item…], "B": [item…]} or None when typed as points,
                   for_contract (whether they count to make the contract)
test               taker_terms, taker_total, defence_terms, defence_total,
                   bid (None in classic belote), capot_bid, took_all,
                   reached, compare_defence, beaten, tie, made,
                   tie_is_chute, excluded (announcement points left out of
                   the test)
complement         side, cards, rounded, defence (160 − rounded): 002's
                   rounding of the takers' card points, 5 down
uncoinched         side, terms, raw, value, rounding: what a side would
                   mark without the coinche (``coinche_count=
                   points_multiplied``: the takers; the defence too with
                   ``coinche_defence=multiplied``), the marque that follows
                   multiplies
marque             side, role ("taker"/"defence"), lead, terms, factor,
                   extra, raw, value, rounding (the mode when value ≠ raw,
                   else "")
litige             side, terms, raw, pot, rounding: the takers' total
                   becomes the pot
belote             side, fate: "kept" (imprenable on a chute), "to_defence",
                   "lost", "not_multiplied" (added after multiplying)
pot_won            side, pot, a, b: the pending pot of an earlier litige
                   goes to side; a, b the marques with it
pot_waits          pot: a passed deal leaves the pending pot waiting
=================  ==========================================================

A term is ``[kind, value]``: ``cards``, ``belote``, ``announcements``,
``belote_other`` and ``announcements_other`` (the other side's, passed on),
``contract``, ``capot_contract`` (250 for a capot bid), ``base`` (160 of a
coinched contract, or the chute base with ``coinche_base=chute_base``),
``capot`` (250 of a capot made), ``generale`` (500 of a générale, and
``generale_base`` the 160 its ``contract`` count adds), ``capot_bid`` (500 at contrée, and at
coinche with ``capot_bid_marque=flat``), ``chute`` (the chute base),
``chute_capot`` (its capot value), ``uncoinched`` (the uncoinched marque
a ``points_multiplied`` coinche multiplies; ``uncoinched_no_belote`` the
same without the side's belote, added after). A marque is ``sum of lead +
factor × (sum of terms) + sum of extra``, then rounded (``lead`` holds what
a ``contract_only`` coinche adds unmultiplied before its contract × factor,
else it is empty); terms worth 0 are left out.
"""

from __future__ import annotations

from typing import Any

from ..announcements import parse_items
from ..cards import ALL_TRUMP, CAPOT_CARD_POINTS, CARD_POINTS, NO_TRUMP, TRICK_ORDER
from ..deal import score_deal
from ..rules import Rules
from .countings import classic, coinche, contree
from .generale import generale
from .steps import Explanation, Hand, Step

__all__ = ["Explanation", "Step", "explain_deal"]

_OTHER = {"A": "B", "B": "A"}
_BID_WORDS = {"capot": 250, "generale": 500}  # the contract a word bid stands for


def explain_deal(deal: dict[str, Any], rules: Rules, *, pot: int = 0) -> Explanation:
    """The steps by which ``deal`` is scored under ``rules``.

    ``pot`` is the pot pending from an earlier litige (SPEC §4): a played
    deal gives it to its winner, and the explanation's figures include it.
    Raises :class:`~scoring.errors.ScoringError` for an invalid deal, exactly
    as :func:`~scoring.score_deal` does (it validates the deal first).
    """
    score = score_deal(deal, rules)
    if score.taker is None:
        steps = [Step("passed", {})]
        if pot:
            steps.append(Step("pot_waits", {"pot": pot}))
        return Explanation(tuple(steps), 0, 0, "passed", 0)
    hand = _hand(deal, rules, score.taker, score.card_points, score.announcements, score.capot)
    steps = [_contract_step(deal, hand), *_scale_steps(deal["trump"], rules)]
    if score.capot:
        steps.append(Step("capot", {"side": score.capot, "points": CAPOT_CARD_POINTS}))
    if any(score.announcements) or _declared_anything(deal):
        steps.append(_announcements_step(deal, rules, score.announcements))
    if hand.generale_bid:
        body, mt, md, outcome = generale(hand)
        new_pot = 0
    elif rules.counting == "belote":
        body, mt, md, outcome, new_pot = classic(hand)
    elif rules.counting == "coinche":
        body, mt, md, outcome = coinche(hand)
        new_pot = 0
    else:
        body, mt, md, outcome = contree(hand)
        new_pot = 0
    steps += body
    marques = {hand.taker: mt, hand.defence: md}
    won = 0
    if pot:
        gainer = hand.taker if outcome == "made" else hand.defence
        marques[gainer] += pot
        won = pot
        steps.append(Step("pot_won", {"side": gainer, "pot": pot, **_ab(marques)}))
    return Explanation(tuple(steps), marques["A"], marques["B"], outcome, new_pot, won)


def _ab(marques: dict[str, int]) -> dict[str, int]:
    return {"a": marques["A"], "b": marques["B"]}


def _hand(
    deal: dict[str, Any],
    rules: Rules,
    taker: str,
    points: tuple[int, int],
    announcements: tuple[int, int],
    capot: str | None,
) -> Hand:
    """The deal's values once the engine has accepted it."""
    defence = _OTHER[taker]
    belote = deal.get("belote") or {}
    belotes = {"A": belote.get("A") or 0, "B": belote.get("B") or 0}
    cards = {"A": points[0], "B": points[1]}
    ann = {"A": announcements[0], "B": announcements[1]}
    bid = deal.get("bid")
    coinche = deal.get("coinche") or 0
    return Hand(
        rules=rules,
        taker=taker,
        defence=defence,
        bid=_BID_WORDS.get(bid, 0) if isinstance(bid, str) else (bid or 0),
        capot_bid=bid == "capot",
        m=(1, 2, rules.surcoinche_factor)[coinche],
        pt=cards[taker],
        pd=cards[defence],
        bt=20 * belotes[taker],
        bd=20 * belotes[defence],
        at=ann[taker],
        ad=ann[defence],
        cap_t=capot == taker,
        cap_d=capot == defence,
        generale_bid=bid == "generale",
        alone=deal.get("generale") == taker,
    )


def _contract_step(deal: dict[str, Any], hand: Hand) -> Step:
    coinche = deal.get("coinche") or 0
    return Step(
        "contract",
        {
            "taker": hand.taker,
            "defence": hand.defence,
            "trump": deal["trump"],
            "bid": None if hand.capot_bid or hand.generale_bid or not hand.bid else hand.bid,
            "capot_bid": hand.capot_bid,
            "generale_bid": hand.generale_bid,
            "coinche": coinche,
            "factor": hand.m,
            "counting": hand.rules.counting,
        },
    )


def _scale_steps(trump: str, rules: Rules) -> list[Step]:
    """The card values when they are not the usual ones (SPEC §1)."""
    if trump == NO_TRUMP:
        scale = "SA"
    elif trump == ALL_TRUMP:
        scale = rules.ta_scale
    else:
        return []
    table = CARD_POINTS["SA" if scale == "SA" else f"TA-{scale}"]
    order = TRICK_ORDER["SA" if scale == "SA" else "TA"]  # strongest first
    values = {rank: table[rank] for rank in order if table[rank]}
    return [Step("scale", {"trump": trump, "scale": scale, "values": values})]


def _declared_anything(deal: dict[str, Any]) -> bool:
    declared = deal.get("announcements")
    return isinstance(declared, dict) and any(declared.get(side) for side in ("A", "B"))


def _announcements_step(deal: dict[str, Any], rules: Rules, counted: tuple[int, int]) -> Step:
    """Who scores the announcements, and whether equal ones cancelled out."""
    declared = deal.get("announcements")
    items: dict[str, list[dict[str, Any]]] | None = None
    cancelled = False
    if isinstance(declared, dict):
        items = {side: [dict(item) for item in declared.get(side) or []] for side in ("A", "B")}
        worth = {
            side: sum(item[0] for item in parse_items(side, declared.get(side), deal["trump"]))
            for side in ("A", "B")
        }
        cancelled = counted == (0, 0) and any(worth.values())
    scorer = "A" if counted[0] else ("B" if counted[1] else None)
    return Step(
        "announcements",
        {
            "points": {"A": counted[0], "B": counted[1]},
            "scorer": scorer,
            "cancelled": cancelled,
            "declared": items,
            "for_contract": rules.announcements_count_for_contract,
        },
    )
