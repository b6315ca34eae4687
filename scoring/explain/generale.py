"""A générale bid, step by step (issue 62; option ``generale``), branch for
branch as :func:`scoring.countings.count_generale` scores it.

Responsible for: the générale's verdict, its belote notes and both marques.
Must not: validate the deal or write a sentence.
"""

from __future__ import annotations

from .countings import Counted
from .steps import Hand, Step, belote_note, marque, nonzero_terms


def generale(hand: Hand) -> Counted:
    """A générale bid (``generale``): made when one player of the takers took
    the eight tricks alone; its value to the winner of the deal, belote and
    announcements added unmultiplied (scoring/countings.py, count_generale)."""
    t, d = hand.taker, hand.defence
    rules = hand.rules
    made = hand.alone
    step = Step("generale", {"taker": t, "made": made, "took_all": hand.cap_t})
    contract = rules.generale == "contract" and (hand.m > 1 or not made)
    lead = nonzero_terms(("generale_base", 160)) if contract else []
    bt, bd = hand.bt, hand.bd
    if rules.counting == "contree-annonces" and not rules.annonces_belote:
        bt = bd = 0
    if made:
        extra = nonzero_terms(("belote", bt), ("announcements", hand.at))
        extra += nonzero_terms(("announcements_other", hand.ad))
        step_t, mt = marque(hand, t, [["generale", 500]], factor=hand.m, extra=extra, lead=lead)
        step_d, md = marque(hand, d, nonzero_terms(("belote", bd)))
        note = [belote_note(t, "not_multiplied")] if bt and hand.m > 1 else []
        return [step, *note, step_t, step_d], mt, md, "made"
    kept = rules.belote_protected
    extra = nonzero_terms(("belote", bd), ("announcements", hand.ad))
    extra += nonzero_terms(("announcements_other", hand.at))
    notes: list[Step] = []
    if bt and kept:
        notes.append(belote_note(t, "kept"))
    elif bt and rules.counting == "coinche":
        notes.append(belote_note(t, "to_defence"))
        extra += nonzero_terms(("belote_other", bt))
    elif bt:
        notes.append(belote_note(t, "lost"))
    step_t, mt = marque(hand, t, nonzero_terms(("belote", bt)) if kept else [])
    step_d, md = marque(hand, d, [["generale", 500]], factor=hand.m, extra=extra, lead=lead)
    return [step, *notes, step_t, step_d], mt, md, "chute"
