"""Which terms each counting marks, and what it says about the belote: SPEC §4
(classic belote), §5 (coinche) and §6 (the three contrée countings), branch
for branch as :mod:`scoring.deal` scores them.

Responsible for: the success test, the marque of each side, the litige's
pot and the belote notes of one deal. Must not: validate the deal (it comes
from :func:`scoring.explain.explain_deal`, which has had it scored first) or
write a sentence.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..cards import CAPOT_CARD_POINTS, TOTAL_CARD_POINTS
from .steps import (
    Hand,
    Step,
    belote_note,
    complement_step,
    full_success_test,
    marque,
    nonzero_terms,
    round_ten,
    success_test,
    uncoinched_step,
)

Counted = tuple[list[Step], int, int, str]


def classic(hand: Hand) -> tuple[list[Step], int, int, str, int]:
    """SPEC §4: (steps, marque T, marque D, outcome, pot)."""
    test, made, tie = full_success_test(hand, bid=None, compare_defence=True)
    if hand.rules.classic_made == "82":  # 82 of cards and belote, the defence not compared
        made = hand.pt + hand.bt >= 82
        if made or not (tie and hand.rules.litige == "pot"):
            taker = [["cards", hand.pt], *nonzero_terms(("belote", hand.bt))]
            test, _, _ = success_test(hand, taker, [], bid=82, compare_defence=False)
            test.params["tie"] = tie = False
    t, d = hand.taker, hand.defence
    own_t = nonzero_terms(("cards", hand.pt), ("belote", hand.bt), ("announcements", hand.at))
    own_d = nonzero_terms(("cards", hand.pd), ("belote", hand.bd), ("announcements", hand.ad))
    by_complement = hand.rules.rounding == "complement"
    if made:
        steps = [test]
        if hand.cap_t and hand.rules.classic_capot == "flat":  # 250 for the eight tricks
            mt_terms = nonzero_terms(
                ("capot", 250),
                ("belote", hand.bt),
                ("announcements", hand.at),
                ("announcements_other", hand.ad),
            )
            md_terms = nonzero_terms(("belote", hand.bd))
        elif hand.cap_t:  # the defence's announcements pass to the takers
            mt_terms = own_t + nonzero_terms(("announcements_other", hand.ad))
            md_terms = nonzero_terms(("belote", hand.bd))
        elif by_complement:
            step, k = complement_step(hand)
            steps.append(step)
            mt_terms = nonzero_terms(("cards", k), ("belote", hand.bt), ("announcements", hand.at))
            md_terms = nonzero_terms(
                ("cards", 160 - k), ("belote", hand.bd), ("announcements", hand.ad)
            )
        else:
            mt_terms, md_terms = own_t, own_d
        step_t, mt = marque(hand, t, mt_terms)
        step_d, md = marque(hand, d, md_terms)
        return [*steps, step_t, step_d], mt, md, "made", 0
    if tie and hand.rules.litige == "pot":
        steps = [test]
        if by_complement:
            step, k = complement_step(hand)
            steps.append(step)
            pot_terms = nonzero_terms(("cards", k), ("belote", hand.bt), ("announcements", hand.at))
            md_terms = nonzero_terms(
                ("cards", 160 - k), ("belote", hand.bd), ("announcements", hand.ad)
            )
        else:
            pot_terms, md_terms = own_t, own_d
        raw = sum(value for _, value in pot_terms)
        pot = round_ten(raw) if hand.rounding else raw
        litige = {
            "side": t,
            "terms": pot_terms,
            "raw": raw,
            "pot": pot,
            "rounding": hand.rules.rounding if pot != raw else "",
        }
        step_t, _ = marque(hand, t, [])
        step_d, md = marque(hand, d, md_terms)
        return [*steps, Step("litige", litige), step_t, step_d], 0, md, "litige", pot
    if tie:
        test.params["tie_is_chute"] = True
    flat = hand.rules.classic_capot == "flat"
    steps, mt, md = _chute(hand, [test], capot_value=250 if flat else CAPOT_CARD_POINTS)
    return steps, mt, md, "chute", 0


def _chute(
    hand: Hand, steps: list[Step], *, capot_value: int, contract: int = 0
) -> tuple[list[Step], int, int]:
    """A failed contract at classic belote or coinche (SPEC §4, §5)."""
    # classic_capot=flat: 250 to the defence that takes the eight tricks, as to the takers
    full = hand.rules.chute_capot == "full" or hand.rules.classic_capot == "flat"
    base = ("chute_capot", capot_value) if hand.cap_d and full else ("chute", hand.rules.chute_base)
    kind = "capot_contract" if hand.capot_bid else "contract"
    points = nonzero_terms(
        base, ("announcements", hand.ad), ("belote", hand.bd), ("announcements_other", hand.at)
    )
    if hand.rules.belote_protected:
        mt_terms = nonzero_terms(("belote", hand.bt))
        notes = [belote_note(hand.taker, "kept")] if hand.bt else []
    else:
        mt_terms = []
        points += nonzero_terms(("belote_other", hand.bt))
        notes = [belote_note(hand.taker, "to_defence")] if hand.bt else []
    step_t, mt = marque(hand, hand.taker, mt_terms)
    contract_terms = nonzero_terms((kind, contract))
    if hand.m > 1 and hand.rules.coinche_count == "contract_only":
        step_d, md = marque(hand, hand.defence, contract_terms, factor=hand.m, lead=points)
    else:
        md_terms = _before_belote_other(points, contract_terms)
        step_d, md = marque(hand, hand.defence, md_terms, factor=hand.m)
    return [*steps, *notes, step_t, step_d], mt, md


def _before_belote_other(terms: list[list[Any]], contract: list[list[Any]]) -> list[list[Any]]:
    """The contract goes before the takers' belote passed on (the order the
    explanations always wrote)."""
    passed = [term for term in terms if term[0] == "belote_other"]
    return [term for term in terms if term[0] != "belote_other"] + contract + passed


def coinche(hand: Hand) -> tuple[list[Step], int, int, str]:
    """SPEC §5: (steps, marque T, marque D, outcome)."""
    test, made, tie = full_success_test(
        hand, bid=hand.bid, compare_defence=hand.rules.contract_test == "ffb"
    )
    if not made:
        if tie and test.params["reached"] and test.params["compare_defence"]:
            test.params["tie_is_chute"] = True
        steps, mt, md = _chute(hand, [test], capot_value=hand.rules.capot_value, contract=hand.bid)
        return steps, mt, md, "chute"
    attenuated = _attenuated(hand)
    if hand.m > 1 and hand.rules.coinche_count == "points_multiplied" and not attenuated:
        return _points_multiplied(hand, coinche)
    t, d = hand.taker, hand.defence
    kind = "capot_contract" if hand.capot_bid else "contract"
    steps = [test]
    capot = ("capot", hand.rules.capot_value) if _capot_bonus(hand) else None
    if hand.m == 1:
        own_t = nonzero_terms(("cards", hand.pt), ("belote", hand.bt), ("announcements", hand.at))
        if hand.capot_bid and hand.rules.capot_bid_marque == "flat":
            mt_terms = nonzero_terms(
                ("capot_bid", 500),
                ("belote", hand.bt),
                ("announcements", hand.at),
                ("announcements_other", hand.ad),
            )
            md_terms = nonzero_terms(("belote", hand.bd))
        elif hand.cap_t and capot:
            mt_terms = own_t + nonzero_terms(("announcements_other", hand.ad), (kind, hand.bid))
            md_terms = nonzero_terms(("cards", hand.pd), ("belote", hand.bd))
        elif hand.cap_t:  # capot_bonus=false: its 162 card points, as any contract made
            mt_terms = nonzero_terms(
                ("cards", TOTAL_CARD_POINTS),
                ("belote", hand.bt),
                ("announcements", hand.at),
                ("announcements_other", hand.ad),
                (kind, hand.bid),
            )
            md_terms = nonzero_terms(("belote", hand.bd))
        elif hand.rules.rounding == "complement":
            step, k = complement_step(hand)
            steps.append(step)
            mt_terms = nonzero_terms(("cards", k), ("belote", hand.bt), ("announcements", hand.at))
            mt_terms += nonzero_terms((kind, hand.bid))
            md_terms = nonzero_terms(
                ("cards", 160 - k), ("belote", hand.bd), ("announcements", hand.ad)
            )
        else:
            mt_terms = own_t + nonzero_terms((kind, hand.bid))
            md_terms = nonzero_terms(
                ("cards", hand.pd), ("belote", hand.bd), ("announcements", hand.ad)
            )
        step_t, mt = marque(hand, t, mt_terms)
    elif attenuated or hand.rules.coinche_count == "contract_only":
        base = ("base", 160) if attenuated else capot or ("base", _coinche_base(hand))
        lead = nonzero_terms(
            base,
            ("announcements", hand.at),
            ("belote", hand.bt),
            ("announcements_other", hand.ad),
        )
        contract = nonzero_terms((kind, hand.bid))
        step_t, mt = marque(hand, t, contract, factor=hand.m, lead=lead)
        md_terms = nonzero_terms(("belote", hand.bd))
    else:
        base = capot or ("base", _coinche_base(hand))
        mt_terms = nonzero_terms(base, ("announcements", hand.at))
        belote = nonzero_terms(("belote", hand.bt))
        if hand.rules.belote_multiplied:
            mt_terms += belote
            extra: list[list[Any]] = []
        else:
            extra = belote
            if hand.bt:
                steps.append(belote_note(t, "not_multiplied"))
        mt_terms += nonzero_terms(("announcements_other", hand.ad), (kind, hand.bid))
        step_t, mt = marque(hand, t, mt_terms, factor=hand.m, extra=extra)
        md_terms = nonzero_terms(("belote", hand.bd))
    step_d, md = marque(hand, d, md_terms)
    return [*steps, step_t, step_d], mt, md, "made"


def _points_multiplied(hand: Hand, count: Callable[[Hand], Counted]) -> Counted:
    """SPEC §7.1 ``points_multiplied``, a coinched contract made: the takers
    mark m × their uncoinched marque, the defence its uncoinched marque."""
    plain, _, md, outcome = count(dataclasses.replace(hand, m=1))
    marques = {step.params["side"]: step for step in plain if step.key == "marque"}
    before = [step for step in plain if step.key != "marque"]
    uncoinched = marques[hand.taker]
    value = uncoinched.params["value"]
    notes: list[Step] = []
    extra: list[list[Any]] = []
    terms = [["uncoinched", value]]
    if hand.rules.counting == "coinche" and not hand.rules.belote_multiplied and hand.bt:
        terms = [["uncoinched_no_belote", value - hand.bt]]
        extra = nonzero_terms(("belote", hand.bt))
        notes.append(belote_note(hand.taker, "not_multiplied"))
    step_t, mt = marque(hand, hand.taker, terms, factor=hand.m, extra=extra)
    steps = [*before, uncoinched_step(hand.taker, uncoinched), *notes, step_t]
    defence = hand.rules.coinche_defence
    if defence == "own":
        return [*steps, marques[hand.defence]], mt, md, outcome
    if defence == "zero":  # what the multiplied count leaves the defence
        keeps = hand.rules.counting == "coinche" or hand.rules.belote_protected or hand.cap_t
        step_d, md = marque(hand, hand.defence, nonzero_terms(("belote", hand.bd)) if keeps else [])
        return [*steps, step_d], mt, md, outcome
    own = marques[hand.defence]
    # multiplied: m × its rounded marque; product_rounded: its points × m, then rounded
    value = own.params["raw" if defence == "product_rounded" else "value"]
    terms, extra = [["uncoinched", value]], []
    if hand.rules.counting == "coinche" and not hand.rules.belote_multiplied and hand.bd:
        terms = [["uncoinched_no_belote", value - hand.bd]]
        extra = nonzero_terms(("belote", hand.bd))
    step_d, md = marque(hand, hand.defence, terms, factor=hand.m, extra=extra)
    return [*steps, uncoinched_step(hand.defence, own), step_d], mt, md, outcome


def _attenuated(hand: Hand) -> bool:
    """``capot_bid_coinched=contract_only``: a coinched capot bid made marks
    160 + 250 × m (« formule atténuée »), whatever ``coinche_count`` says."""
    rules = hand.rules
    return hand.capot_bid and hand.m > 1 and rules.capot_bid_coinched == "contract_only"


def _capot_bonus(hand: Hand) -> bool:
    """Whether the takers' capot scores as a capot: bid, or not bid with
    ``capot_bonus`` (else its 162 card points, as any contract made)."""
    return hand.cap_t and (hand.capot_bid or hand.rules.capot_bonus)


def _coinche_base(hand: Hand) -> int:
    """The base of a coinched contract made (SPEC §7.2 ``coinche_base``)."""
    return hand.rules.chute_base if hand.rules.coinche_base == "chute_base" else 160


def contree(hand: Hand) -> tuple[list[Step], int, int, str]:
    """SPEC §6, the three contrée countings: (steps, marque T, marque D, outcome)."""
    taker = [["cards", hand.pt], *nonzero_terms(("belote", hand.bt))]
    defence = [["cards", hand.pd], *nonzero_terms(("belote", hand.bd))]
    test, made, _ = success_test(
        hand, taker, defence, bid=hand.bid, compare_defence=hand.rules.contract_test == "ffb"
    )
    multiplied = hand.rules.coinche_count == "points_multiplied" and not _attenuated(hand)
    # points annoncés with its belote marked: the belote is added, never multiplied
    own_belote = hand.rules.annonces_belote and hand.rules.counting == "contree-annonces"
    multiplied = multiplied and not own_belote
    if made and hand.m > 1 and multiplied:
        return _points_multiplied(hand, contree)
    if hand.rules.counting == "contree-annonces":
        steps, mt, md = _annonces(hand, made)
    elif made:
        steps, mt, md = _contree_made(hand)
    else:
        steps, mt, md = _contree_chute(hand)
    return [test, *steps], mt, md, "made" if made else "chute"


def _annonces(hand: Hand, made: bool) -> tuple[list[Step], int, int]:
    """Points annoncés: the bid only (× the factor); the belote only helps."""
    kind = "capot_contract" if hand.capot_bid else "contract"
    marked = hand.rules.annonces_belote  # each team marks its own belote, made or not
    belote_t = nonzero_terms(("belote", hand.bt)) if marked else []
    belote_d = nonzero_terms(("belote", hand.bd)) if marked else []
    if made:
        terms = nonzero_terms((kind, hand.bid))
        step_t, mt = marque(hand, hand.taker, terms, factor=hand.m, extra=belote_t)
        step_d, md = marque(hand, hand.defence, belote_d)
    else:
        step_t, mt = marque(hand, hand.taker, belote_t)
        if hand.m == 1:
            full = hand.cap_d and hand.rules.chute_capot == "full"
            base = "chute_capot" if full and not _capot_bid_as_chute(hand) else "chute"
            value = 250 if base == "chute_capot" else hand.rules.chute_base
            terms = nonzero_terms((base, value))
            if base == "chute" and hand.rules.annonces_chute == "bid":
                terms = nonzero_terms((kind, hand.bid))  # the chuting team gives its contract
            step_d, md = marque(hand, hand.defence, terms, extra=belote_d)
        else:
            terms = nonzero_terms((kind, hand.bid))
            step_d, md = marque(hand, hand.defence, terms, factor=hand.m, extra=belote_d)
    return [step_t, step_d], mt, md


def _contree_made(hand: Hand) -> tuple[list[Step], int, int]:
    """Points faits (+ annoncés), the contract made."""
    t, d = hand.taker, hand.defence
    value = hand.bid if hand.rules.counting == "contree-faits-annonces" else 0
    kind = "capot_contract" if hand.capot_bid else "contract"
    belote_t = nonzero_terms(("belote", hand.bt))
    # The loser's belote, on a coinched deal or a capot bid, is lost unless
    # imprenable or held by a team that took no trick (cap_t: the defence).
    keeps = hand.rules.belote_protected or hand.cap_t
    steps: list[Step] = []
    bonus = _capot_bonus(hand)
    if _attenuated(hand):  # 160 + 250 × m, « formule atténuée »
        step_t, mt = marque(
            hand,
            t,
            nonzero_terms((kind, value)),
            factor=hand.m,
            extra=belote_t,
            lead=nonzero_terms(("base", 160)),
        )
        step_d, md = marque(hand, d, nonzero_terms(("belote", hand.bd)))
    elif hand.m > 1 and _contract_only(hand) and not hand.capot_bid:
        base = ("capot", 250) if bonus else ("base", _coinche_base(hand))
        step_t, mt = marque(
            hand,
            t,
            nonzero_terms((kind, value)),
            factor=hand.m,
            extra=belote_t,
            lead=nonzero_terms(base),
        )
        step_d, md = marque(hand, d, nonzero_terms(("belote", hand.bd)) if keeps else [])
        if hand.bd and not keeps:
            steps.append(belote_note(d, "lost"))
    elif hand.capot_bid or hand.m > 1:
        base = ("capot_bid", 500) if hand.capot_bid else ("base", _coinche_base(hand))
        terms = nonzero_terms(base) if hand.capot_bid else nonzero_terms(base, (kind, value))
        step_t, mt = marque(hand, t, terms, factor=hand.m, extra=belote_t)
        step_d, md = marque(hand, d, nonzero_terms(("belote", hand.bd)) if keeps else [])
        if hand.bd and not keeps:
            steps.append(belote_note(d, "lost"))
    elif bonus:
        step_t, mt = marque(hand, t, nonzero_terms(("capot", 250), (kind, value)) + belote_t)
        step_d, md = marque(hand, d, nonzero_terms(("belote", hand.bd)))
    elif hand.cap_t:  # capot_bonus=false: its 162 card points, as any contract made
        terms_t = nonzero_terms(("cards", TOTAL_CARD_POINTS), ("belote", hand.bt), (kind, value))
        step_t, mt = marque(hand, t, terms_t)
        step_d, md = marque(hand, d, nonzero_terms(("belote", hand.bd)))
    elif hand.rules.rounding == "complement":
        step, k = complement_step(hand)
        steps.append(step)
        step_t, mt = marque(
            hand, t, nonzero_terms(("cards", k), ("belote", hand.bt), (kind, value))
        )
        step_d, md = marque(hand, d, nonzero_terms(("cards", 160 - k), ("belote", hand.bd)))
    else:
        terms_t = nonzero_terms(("cards", hand.pt), ("belote", hand.bt), (kind, value))
        step_t, mt = marque(hand, t, terms_t)
        step_d, md = marque(hand, d, nonzero_terms(("cards", hand.pd), ("belote", hand.bd)))
    return [*steps, step_t, step_d], mt, md


def _contree_chute(hand: Hand) -> tuple[list[Step], int, int]:
    """Points faits (+ annoncés), the contract failed."""
    t, d = hand.taker, hand.defence
    value = hand.bid if hand.rules.counting == "contree-faits-annonces" else 0
    kind = "capot_contract" if hand.capot_bid else "contract"
    protected = hand.rules.belote_protected
    as_chute = _capot_bid_as_chute(hand)  # any chute of a contract of 250
    lead: list[list[Any]] = []
    if hand.capot_bid and not as_chute:
        kept = protected  # a failed capot bid loses its belote
        terms_d = nonzero_terms(("capot_bid", 500))
    else:
        kept = protected or hand.cap_d  # cap_d: the takers took no trick
        # Coinched, a capot changes nothing (SPEC §6), but for contract_only's 250.
        coinched = hand.m > 1 and not _contract_only(hand)
        full = hand.cap_d and hand.rules.chute_capot == "full" and not as_chute and not coinched
        base = ("chute_capot", 250) if full else ("chute", hand.rules.chute_base)
        terms_d = nonzero_terms(base, (kind, value))
        if hand.m > 1 and _contract_only(hand):
            lead, terms_d = nonzero_terms(base), nonzero_terms((kind, value))
    steps: list[Step] = []
    extra_d = nonzero_terms(("belote", hand.bd))
    if hand.bt and kept:
        steps.append(belote_note(t, "kept"))
    elif hand.bt and ((hand.capot_bid and not as_chute) or hand.m > 1):
        steps.append(belote_note(t, "lost"))
    elif hand.bt:
        steps.append(belote_note(t, "to_defence"))
        extra_d += nonzero_terms(("belote_other", hand.bt))
    step_t, mt = marque(hand, t, nonzero_terms(("belote", hand.bt)) if kept else [])
    step_d, md = marque(hand, d, terms_d, factor=hand.m, extra=extra_d, lead=lead)
    return [*steps, step_t, step_d], mt, md


def _capot_bid_as_chute(hand: Hand) -> bool:
    """``capot_bid_failed=chute``: a capot bid is failed as any chute."""
    return hand.capot_bid and hand.rules.capot_bid_failed == "chute"


def _contract_only(hand: Hand) -> bool:
    """``contract_only`` multiplies a contract at faits + annoncés only: the
    other contrée countings have none to set apart (SPEC §7.1)."""
    rules = hand.rules
    return rules.coinche_count == "contract_only" and rules.counting == "contree-faits-annonces"
