"""« Pourquoi cette marque ? »: a deal's marques explained in the active language.

Responsible for turning the engine's explanation (:func:`scoring.explain_deal`,
structured steps with numbers) into two or three short sentences, the sides
named Nord-Sud / Est-Ouest, e.g. « Nord-Sud joue 100 ♥ coinché et réussit :
118 ≥ 100 et 118 > 44 + 50 (annonces) = 94. Nord-Sud : 2 × [160 (base) + 50
(annonces adverses) + 100 (contrat)] = 620 ; Est-Ouest : 0. » Must not: compute
a marque (every figure comes from the engine's steps), query the database, or
decide a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext

import scoring
from scoring.deal import DEAL_KEYS
from tournaments.display.labels import (
    announcement_item,
    card_rank,
    coinche_label,
    number,
    side_label,
    trump_sign,
)
from tournaments.domain import deal_shapes

_OTHER = {"A": "B", "B": "A"}


def explain(deal: Any, rules: scoring.Rules, *, pot: int = 0) -> str:
    """Why ``deal`` marks what it marks under ``rules``: a stored deal (a
    ``Deal`` or its field values) or an engine deal (SPEC §8). ``pot`` is the
    litige pending before it (it then says who wins it). An empty string if
    the engine refuses the deal (a refused deal has no marque to explain)."""
    try:
        explanation = scoring.explain_deal(engine_deal(deal), rules, pot=pot)
    except scoring.ScoringError:
        return ""
    return explanation_text(explanation)


def marque_formula(deal: dict[str, Any], rules: scoring.Rules, side: str) -> str:
    """How ``side``'s marque of an engine deal is made, e.g. « 160 (chute)
    + 2 × 90 (contrat) = 340 » (the club's count asked by example)."""
    for key, params in scoring.explain_deal(deal, rules).steps:
        if key == "marque" and params["side"] == side:
            return _formula(
                params["terms"],
                params["factor"],
                params["extra"],
                params["raw"],
                params["value"],
                params.get("lead"),
            )
    return ""


def engine_deal(deal: Any) -> dict[str, Any]:
    """The engine's deal from a ``Deal``, stored field values or an engine deal."""
    if hasattr(deal, "to_engine"):
        return deal.to_engine()
    if isinstance(deal, Mapping) and set(deal) <= DEAL_KEYS:
        return dict(deal)
    return deal_shapes.fields_to_engine(deal)


def explanation_text(explanation: scoring.Explanation) -> str:
    """The sentences of an explanation, in the active language."""
    sentences: list[str] = []
    marques: list[str] = []
    opening = ""
    for key, params in explanation.steps:
        if key == "contract":
            opening = _opening(params)
        elif key == "test":
            sentences.insert(0, _verdict(opening, params))
        elif key == "generale":
            sentences.insert(0, _generale_verdict(opening, params))
        elif key == "marque":
            marques.append(_side_marque(params))
        else:
            sentences.append(_SENTENCES[key](params))
        if key == "marque" and len(marques) == 2:
            sentences.append(
                gettext("%(first)s ; %(second)s.") % {"first": marques[0], "second": marques[1]}
            )
    return " ".join(sentences)


# -- numbers and formulas -----------------------------------------------------------------


def _term(kind: str, value: int) -> str:
    n = number(value)
    labels: dict[str, Callable[[], str]] = {
        "cards": lambda: n,
        "belote": lambda: gettext("%(n)s (belote)") % {"n": n},
        "belote_other": lambda: gettext("%(n)s (belote adverse)") % {"n": n},
        "announcements": lambda: gettext("%(n)s (annonces)") % {"n": n},
        "announcements_other": lambda: gettext("%(n)s (annonces adverses)") % {"n": n},
        "contract": lambda: gettext("%(n)s (contrat)") % {"n": n},
        "capot_contract": lambda: gettext("%(n)s (capot demandé)") % {"n": n},
        "capot_bid": lambda: gettext("%(n)s (capot demandé)") % {"n": n},
        "generale": lambda: gettext("%(n)s (générale)") % {"n": n},
        "generale_base": lambda: gettext("%(n)s (base)") % {"n": n},
        "base": lambda: gettext("%(n)s (base)") % {"n": n},
        "capot": lambda: gettext("%(n)s (capot)") % {"n": n},
        "chute": lambda: gettext("%(n)s (chute)") % {"n": n},
        "chute_capot": lambda: gettext("%(n)s (chute capot)") % {"n": n},
        "uncoinched": lambda: gettext("%(n)s (marque sans coinche)") % {"n": n},
        "uncoinched_no_belote": lambda: (
            gettext("%(n)s (marque sans coinche, hors belote)") % {"n": n}
        ),
    }
    return labels[kind]() if kind in labels else n


def _sum(terms: list[list[Any]]) -> str:
    return " + ".join(_term(kind, value) for kind, value in terms)


def _expression(terms: list[list[Any]], total: int) -> str:
    """« 70 + 20 (belote) = 90 », or the one term alone (no card points of 0
    next to announcements)."""
    terms = [term for term in terms if term[1]] or terms
    if len(terms) <= 1:
        return _sum(terms) or number(total)
    return f"{_sum(terms)} = {number(total)}"


def _formula(
    terms: list[list[Any]],
    factor: int,
    extra: list[list[Any]],
    raw: int,
    value: int,
    lead: list[list[Any]] | None = None,
) -> str:
    """« 2 × [160 (base) + 100 (contrat)] = 520 », « 160 (chute) + 2 × 90
    (contrat) = 340 », « 65, arrondi à 70 », « 0 »."""
    text = _sum(terms) or number(0)
    if factor > 1:
        text = f"{factor} × [{text}]" if len(terms) > 1 else f"{factor} × {text}"
    if lead:  # contract_only: what is not multiplied comes first
        text = f"{_sum(lead)} + {text}"
    if extra:
        text = f"{text} + {_sum(extra)}"
    if factor > 1 or extra or lead or len(terms) > 1:
        text = f"{text} = {number(raw)}"
    if value != raw:
        text = gettext("%(formula)s, arrondi à %(value)s") % {
            "formula": text,
            "value": number(value),
        }
    return text


# -- the contract and its test --------------------------------------------------------------


def _opening(p: dict[str, Any]) -> str:
    """« Nord-Sud prend à ♥ » (classic belote), « Nord-Sud joue 100 ♥ coinché »."""
    taker, trump = side_label(p["taker"]), trump_sign(p["trump"])
    if p["counting"] == "belote":
        return gettext("%(side)s prend à %(trump)s") % {"side": taker, "trump": trump}
    if p.get("generale_bid"):
        bid = gettext("générale")
    else:
        bid = gettext("capot") if p["capot_bid"] else str(p["bid"])
    contract = " ".join(part for part in (bid, trump, coinche_label(p["coinche"])) if part)
    return gettext("%(side)s joue %(contract)s") % {"side": taker, "contract": contract}


def _comparison(left: str, right: str, order: int) -> str:
    sign = ">" if order > 0 else ("=" if order == 0 else "<")
    return f"{left} {sign} {right}"


def _test_detail(p: dict[str, Any]) -> str:
    """« 118 ≥ 100 et 118 > 44 + 50 (annonces) = 94 », « 97 < 100 »…"""
    taker = _expression(p["taker_terms"], p["taker_total"])
    defence = _expression(p["defence_terms"], p["defence_total"])
    total_t, total_d = p["taker_total"], p["defence_total"]
    order = (total_t > total_d) - (total_t < total_d)
    if p["bid"] is None:  # classic belote: the takers against the defence
        return _comparison(taker, defence, order)
    if p["capot_bid"]:
        reached = gettext("capot réalisé") if p["took_all"] else gettext("capot manqué")
        against = _comparison(taker, defence, order)
    else:
        sign = "≥" if p["reached"] else "<"
        reached = f"{taker} {sign} {number(p['bid'])}"
        against = _comparison(number(total_t), defence, order)
    if not p["compare_defence"] or not p["reached"] or (p["made"] and p["capot_bid"]):
        return reached
    if p["made"]:
        return gettext("%(first)s et %(second)s") % {"first": reached, "second": against}
    return gettext("%(first)s mais %(second)s") % {"first": reached, "second": against}


def _verdict(opening: str, p: dict[str, Any]) -> str:
    """The first sentence: who played what, made or not, and why."""
    detail = _test_detail(p)
    if p["excluded"]:
        detail = gettext("%(test)s, annonces non comprises") % {"test": detail}
    values = {"opening": opening, "test": detail}
    if p["made"]:
        return gettext("%(opening)s et réussit : %(test)s.") % values
    if p["tie_is_chute"]:
        return gettext("%(opening)s et chute : %(test)s ; à égalité, le contrat chute.") % values
    if p["tie"] and p["bid"] is None:
        return gettext("%(opening)s : litige, %(test)s.") % values
    return gettext("%(opening)s et chute : %(test)s.") % values


def _generale_verdict(opening: str, p: dict[str, Any]) -> str:
    """A générale bid: made when one player of the takers took the eight tricks alone."""
    values = {"opening": opening}
    if p["made"]:
        return gettext("%(opening)s et réussit : un joueur fait seul les huit plis.") % values
    if p["took_all"]:
        return gettext("%(opening)s et chute : les huit plis, mais pas d'un seul joueur.") % values
    return gettext("%(opening)s et chute : la défense fait au moins un pli.") % values


# -- the other steps ----------------------------------------------------------------------------


def _side_marque(p: dict[str, Any]) -> str:
    formula = _formula(p["terms"], p["factor"], p["extra"], p["raw"], p["value"], p.get("lead"))
    return gettext("%(side)s : %(marque)s") % {"side": side_label(p["side"]), "marque": formula}


def _announcements(p: dict[str, Any]) -> str:
    points = p["points"]
    scorer = p["scorer"]
    declared = p["declared"]
    if declared is None:
        return gettext("Annonces : %(side)s marque %(points)s.") % {
            "side": side_label(scorer),
            "points": number(points[scorer]),
        }
    shown = [
        f"{side_label(side)} {' + '.join(announcement_item(item) for item in declared[side])}"
        for side in ("A", "B")
        if declared[side]
    ]
    if p["cancelled"]:
        result = gettext("égalité, aucune ne compte")
    elif scorer is None:
        result = gettext("aucune ne compte")
    elif len(shown) == 2:
        result = gettext("la plus forte est à %(side)s, qui marque %(points)s") % {
            "side": side_label(scorer),
            "points": number(points[scorer]),
        }
    else:  # only the scorer declared
        return gettext("Annonces : %(declared)s (%(points)s).") % {
            "declared": shown[0],
            "points": number(points[scorer]),
        }
    return gettext("Annonces : %(declared)s ; %(result)s.") % {
        "declared": ", ".join(shown),
        "result": result,
    }


def _scale(p: dict[str, Any]) -> str:
    values = ", ".join(f"{card_rank(rank)} {points}" for rank, points in p["values"].items())
    if p["scale"] == "SA":
        return gettext("Sans atout : %(values)s.") % {"values": values}
    if p["scale"] == "funbelote":
        return gettext("Tout atout, barème FunBelote : %(values)s.") % {"values": values}
    return gettext("Tout atout, barème FFB : %(values)s.") % {"values": values}


def _complement(p: dict[str, Any]) -> str:
    return gettext(
        "Arrondi au complément : %(cards)s → %(rounded)s pour %(side)s, "
        "160 − %(rounded)s = %(defence)s pour %(other)s."
    ) % {
        "cards": number(p["cards"]),
        "rounded": number(p["rounded"]),
        "defence": number(p["defence"]),
        "side": side_label(p["side"]),
        "other": side_label(_OTHER[p["side"]]),
    }


def _uncoinched(p: dict[str, Any]) -> str:
    """« Sans coinche, Nord-Sud marquerait 88 + 80 (contrat) = 168, arrondi à 170. »"""
    return gettext("Sans coinche, %(side)s marquerait %(marque)s.") % {
        "side": side_label(p["side"]),
        "marque": _formula(p["terms"], 1, [], p["raw"], p["value"]),
    }


def _litige(p: dict[str, Any]) -> str:
    formula = _formula(p["terms"], 1, [], p["raw"], p["pot"])
    return gettext("%(side)s met %(points)s en litige, pour le gagnant de la donne suivante.") % {
        "side": side_label(p["side"]),
        "points": formula,
    }


def _belote(p: dict[str, Any]) -> str:
    side, other = side_label(p["side"]), side_label(_OTHER[p["side"]])
    sentences = {
        "kept": gettext("%(side)s garde sa belote, imprenable."),
        "to_defence": gettext("%(side)s cède sa belote à %(other)s."),
        "lost": gettext("%(side)s perd sa belote."),
        "not_multiplied": gettext("%(side)s ajoute sa belote après la multiplication."),
    }
    return sentences[p["fate"]] % {"side": side, "other": other}


def _pot_won(p: dict[str, Any]) -> str:
    total = p["a"] if p["side"] == "A" else p["b"]
    return gettext("%(side)s gagne aussi le litige en attente : + %(pot)s, soit %(total)s.") % {
        "side": side_label(p["side"]),
        "pot": number(p["pot"]),
        "total": number(total),
    }


_SENTENCES: dict[str, Callable[[dict[str, Any]], str]] = {
    "passed": lambda p: gettext("Donne passée : personne ne marque."),
    "pot_waits": lambda p: (
        gettext("Le litige en attente (%(pot)s) reste pour la donne suivante.")
        % {"pot": number(p["pot"])}
    ),
    "scale": _scale,
    "capot": lambda p: (
        gettext("%(side)s fait tous les plis, un capot : il compte %(points)s points.")
        % {"side": side_label(p["side"]), "points": number(p["points"])}
    ),
    "announcements": _announcements,
    "complement": _complement,
    "uncoinched": _uncoinched,
    "litige": _litige,
    "belote": _belote,
    "pot_won": _pot_won,
}
