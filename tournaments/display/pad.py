"""The phone's deal pad: the row being typed on the table's phone as big
buttons (issue 38), for players who tap rather than type.

Responsible for the choices of each cell (the taker, the trump, the bid,
the coinche, the belote, the capot) with their words, the value each one
posts (the very text the desk's cell would hold, so that the form, the
outbox and the phone's provisional marque read it unchanged) and which one
is chosen in a row being corrected or refused. Must not: validate a deal or
score it (the form and the engine do), nor know about requests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

import scoring
from scoring.rules import MIN_BID
from tournaments.display import keys
from tournaments.display.labels import coinche_factor, is_red, side_label, trump_sign

#: The bids on the pad's first lines; the higher ones sit under « Plus haut ».
USUAL_BIDS = range(MIN_BID, 170, 10)
HIGHEST_BID = 180


@dataclass
class Choice:
    value: str  # what the button posts (the desk cell's text)
    label: str  # the big word or sign on the button
    said: str = ""  # its smaller line (« Nous », « Cœur »)
    checked: bool = False
    red: bool = False


@dataclass
class Group:
    name: str
    label: str
    choices: list[Choice]
    more: list[Choice] = field(default_factory=list)  # folded away, under `more_label`
    more_label: str = ""
    errors: Any = None
    hint: str = ""


def _trump_names() -> dict[str, str]:
    return {
        "S": _("Pique"),
        "H": _("Cœur"),
        "D": _("Carreau"),
        "C": _("Trèfle"),
        "SA": _("Sans-atout"),
        "TA": _("Tout-atout"),
    }


def _raw(form: Any, name: str) -> str:
    value = form[name].value() if name in form.fields else ""
    return "" if value is None else str(value).strip()


def _mark(choices: list[Choice], raw: str, same) -> list[Choice]:
    """Check the choice `same` says the cell's text `raw` means; a text no
    button stands for (typed at the desk) keeps a button of its own."""
    found = False
    for choice in choices:
        choice.checked = not found and same(choice.value, raw)
        found = found or choice.checked
    if raw and not found:
        choices.append(Choice(value=raw, label=raw, checked=True))
    return choices


def _sides(phone_side: str | None) -> list[tuple[str, str, str]]:
    """(side, its short name, « Nous » or « Eux » for the phone's team)."""
    said = {}
    if phone_side in ("A", "B"):
        other = "B" if phone_side == "A" else "A"
        said = {phone_side: _("Nous"), other: _("Eux")}
    return [(s, side_label(s, short=True), said.get(s, side_label(s))) for s in ("A", "B")]


def _taker(form: Any, phone_side: str | None) -> Group:
    choices = [
        Choice(value=keys.side_shown(side), label=short, said=said)
        for side, short, said in _sides(phone_side)
    ]
    choices.append(Choice(value="P", label=pgettext("deal", "Passe"), said=_("aucune équipe")))
    raw = _raw(form, "taker")
    return Group(
        "taker",
        _("Preneur"),
        _mark(
            choices,
            raw,
            lambda v, r: (
                bool(r) and keys.read_side(v, passed=True) == keys.read_side(r, passed=True)
            ),
        ),
    )


def _trump(form: Any, rules: scoring.Rules) -> Group:
    names = _trump_names()
    codes = ["S", "H", "D", "C"] + (["SA", "TA"] if rules.sa_ta else [])
    choices = [
        Choice(value=trump_sign(c), label=trump_sign(c), said=names[c], red=is_red(c))
        for c in codes
    ]
    raw = _raw(form, "trump")
    return Group(
        "trump",
        _("Atout"),
        _mark(choices, raw, lambda v, r: bool(r) and keys.read_trump(v) == keys.read_trump(r)),
    )


def _bid_of(text: str) -> str:
    text = text.strip().lower()
    words = {"c": "capot", "capot": "capot", "g": "generale", "générale": "generale"}
    return words.get(text, text)


def _bid(form: Any, rules: scoring.Rules) -> Group:
    raw = _raw(form, "bid")
    usual = [Choice(value=str(b), label=str(b)) for b in USUAL_BIDS]
    usual.append(Choice(value="capot", label=_("Capot"), said=_("tous les plis")))
    if rules.generale != "off":  # beside Capot, only where the tournament plays it
        usual.append(Choice(value="generale", label=_("Générale"), said=_("un joueur seul")))
    more = [Choice(value=str(b), label=str(b)) for b in range(170, HIGHEST_BID + 10, 10)]
    everything = _mark(usual + more, raw, lambda v, r: bool(r) and _bid_of(v) == _bid_of(r))
    return Group(
        "bid",
        _("Contrat"),
        everything[: len(usual)],
        more=everything[len(usual) :],
        more_label=pgettext("pad", "Plus haut"),
    )


def _none(label: str) -> Choice:
    return Choice(value="", label=label)


def _coinche(form: Any, rules: scoring.Rules) -> Group:
    factor = rules.surcoinche_factor
    choices = [
        _none(_("Non")),
        Choice(value="x", label=_("Coinchée"), said=f"×{coinche_factor(1, factor)}"),
        Choice(value="xx", label=_("Surcoinchée"), said=f"×{coinche_factor(2, factor)}"),
    ]
    raw = _raw(form, "coinche")
    marked = _mark(choices, raw, lambda v, r: keys.read_coinche(v) == keys.read_coinche(r))
    # The surcoinche, rare, folds away (issue 54: a deal on one screen).
    # The pad's own words (issue 60, item 13): in English its row said
    # « Double » beside « Coinched ×2 »; one term on the pad, the buttons'.
    return Group(
        "coinche",
        pgettext("pad", "Coinche"),
        marked[:2],
        more=marked[2:],
        more_label=pgettext("pad", "Surcoinche"),
    )


def _side_group(form: Any, name: str, label: str, phone_side: str | None, read) -> Group:
    choices = [_none(_("Non"))]
    choices += [
        Choice(value=keys.side_shown(s), label=short, said=said)
        for s, short, said in _sides(phone_side)
    ]
    raw = _raw(form, name)
    return Group(name, label, _mark(choices, raw, lambda v, r: read(v) == read(r)))


def deal_pad(form: Any, rules: scoring.Rules, phone_side: str | None) -> dict[str, Any]:
    """The pad's groups in the order a deal is told: who took, in what, for
    how much (`head`), then the rarer marks (`tail`, a line each), the
    points last (the form's own numeric field, the template's), beside
    « Enregistrer »: the numeric keypad, once up, hides nothing still to
    tap (issue 54). `bid_capot` when the capot bid is chosen: no second
    capot mark then, its hint in its place."""
    head = [_taker(form, phone_side), _trump(form, rules)]
    if "bid" in form.fields:
        head.append(_bid(form, rules))
    tail = [_coinche(form, rules)] if "coinche" in form.fields else []
    tail.append(_side_group(form, "belote", _("Belote"), phone_side, keys.read_belote))
    capot = _side_group(form, "capot", _("Capot"), phone_side, keys.read_side)
    capot.hint = _("Capot annoncé : laissez les points vides s'il est réussi.")
    tail.append(capot)
    for group in head + tail:
        group.errors = form[group.name].errors
    bid_capot = any(c.checked and c.value in ("capot", "generale") for g in head for c in g.choices)
    return {"head": head, "tail": tail, "bid_capot": bid_capot}
