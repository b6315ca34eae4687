"""The sentences of a sheet typed with totals only (« Totaux seulement »):
a total no partie can give (a team's, both together, none at the target),
one far from what the deals usually give,
together or one team's, and the organizers' sum that disagrees with the
deals, belotes and capots they counted.

Responsible for: those sentences, in the active language. Must not:
decide whether a total is refused or asked about (services/sheet_totals.py
and scoring.bounds do).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.display.labels import number, side_label, signed

SHEET_MISTAKES = {
    "deal_missing": _("une donne oubliée"),
    "deal_twice": _("une donne comptée deux fois"),
    "belote_missing": _("une belote oubliée"),
    "belote_twice": _("une belote comptée deux fois"),
    "capot_missing": _("un capot compté 162 au lieu de 252"),
    "capot_twice": _("un capot compté 252 de trop"),
    "pot_lost": _("un litige encore en attente à la dernière donne (ses points sont perdus)"),
    "addition": _("une addition fausse sur la feuille"),
}


def sheet_mismatch(total: int, expected: int, sheet: Mapping[str, int]) -> str:
    """« Les totaux font 3 100 ; pour 12 donnes, 2 belotes et 0 capot la
    feuille devrait faire 3 184 (écart −84). Sans doute : … »."""
    from scoring.sheet import likely_mistakes

    causes = [str(SHEET_MISTAKES[key]) for key in likely_mistakes(total - expected)]
    return gettext(
        "Les totaux font %(total)s ; pour %(deals)s donnes, %(belotes)s belotes et %(capots)s "
        "capots, la feuille devrait faire %(expected)s (écart %(gap)s). Sans doute : %(causes)s. "
        "Vérifiez la feuille, ou cochez « enregistrer malgré l'écart »."
    ) % {
        "total": number(total),
        "deals": sheet["deals"],
        "belotes": sheet.get("belotes", 0),
        "capots": sheet.get("capots", 0),
        "expected": number(expected),
        "gap": signed(total - expected),
        "causes": gettext(" ou ").join(causes),
    }


def total_unusual(total: int, deals: int, low: int, high: int) -> str:
    """« Les deux totaux font 12 500 : 12 donnes donnent d'habitude de 720 à
    9 360 en tout. C'est bien ça ? … »"""
    return gettext(
        "Les deux totaux font %(total)s en tout : %(deals)s donnes donnent d'habitude de "
        "%(low)s à %(high)s. C'est bien ça ? Vérifiez la feuille, ou cochez « Oui, c'est "
        "bien ça » pour l'enregistrer."
    ) % {"total": number(total), "deals": deals, "low": number(low), "high": number(high)}


def team_total_unusual(side: str, total: int, deals: int, low: int, high: int) -> str:
    """« Est-Ouest : 0 en 12 donnes, quand une équipe y marque d'habitude de
    880 à 4 780. C'est bien ça ? … »"""
    return gettext(
        "%(side)s : %(total)s en %(deals)s donnes, quand une équipe y marque d'habitude de "
        "%(low)s à %(high)s. C'est bien ça ? Vérifiez la feuille, ou cochez « Oui, c'est "
        "bien ça » pour l'enregistrer."
    ) % {
        "side": side_label(side),
        "total": number(total),
        "deals": deals,
        "low": number(low),
        "high": number(high),
    }


def total_not_rounded(total: int) -> str:
    """« 3 ne peut pas être un total : sous ces règles chaque marque est
    arrondie à la dizaine, un total finit donc par 0. Vérifiez la feuille. »"""
    return gettext(
        "%(total)s ne peut pas être un total : sous ces règles chaque marque est arrondie à la "
        "dizaine, un total finit donc par 0. Vérifiez la feuille."
    ) % {"total": number(total)}


def total_out_of_range(total: int, deals: int, highest: int) -> str:
    """« 99 999 est impossible en 12 donnes : sous ces règles, une équipe
    marque de 0 à 3 264. Vérifiez la feuille. »"""
    return gettext(
        "%(total)s est impossible en %(deals)s donnes : sous ces règles, une équipe y marque "
        "de 0 à %(highest)s. Vérifiez la feuille."
    ) % {"total": number(total), "deals": deals, "highest": number(highest)}


def sum_out_of_range(total: int, deals: int, highest: int) -> str:
    """« Les deux totaux font 6 000 en tout, impossible en 12 donnes : sous
    ces règles, les deux équipes y marquent ensemble au plus 3 264. … »"""
    return gettext(
        "Les deux totaux font %(total)s en tout, impossible en %(deals)s donnes : sous ces "
        "règles, les deux équipes y marquent ensemble au plus %(highest)s. Vérifiez la feuille."
    ) % {"total": number(total), "deals": deals, "highest": number(highest)}


def target_not_reached(target: int) -> str:
    """« Aucune équipe n'atteint les 1 000 points : la partie n'est pas finie. … »"""
    return gettext(
        "Aucune équipe n'atteint les %(target)s points : la partie n'est pas finie. Vérifiez "
        "la feuille."
    ) % {"target": number(target)}
