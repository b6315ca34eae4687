"""How a table's entry stands, in one line for the desk and the phone, and
what the grid understood of a row typed (a capot read from the points).

Names the team that did each thing: who entered the deals, who confirmed or
disputed them (the other team), or that the organizer validated the table.
Must not: query the database or change the state (services/table_side.py),
nor decide how a row is read (forms/entry.py does).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from tournaments.display.labels import side_label


def entry_state_line(table: Any) -> str:
    """« Saisie par Nord-Sud », « Confirmée par Est-Ouest », « Contestée par
    Est-Ouest : elle annonce 2000 – 900 », « Validée par l'organisateur »…"""
    state = table.entry_state
    if state == "empty":
        return gettext("Rien de saisi")
    if state == "entered":
        if table.entered_by:
            return gettext("Saisie par %(side)s") % {"side": side_label(table.entered_by)}
        return gettext("Saisie à la table d'organisation")
    if state == "confirmed":
        if table.settled_by == "desk":
            return gettext("Validée par l'organisateur")
        if table.settled_by in ("A", "B"):
            return gettext("Confirmée par %(side)s") % {"side": side_label(table.settled_by)}
        return gettext("Confirmée")
    claimed = table.claimed_totals or {}
    side = claimed.get("by") or table.settled_by
    totals = claimed.get("totals") or []
    if side in ("A", "B") and len(totals) == 2:
        return gettext("Contestée par %(side)s, qui annonce %(a)s – %(b)s") % {
            "side": side_label(side),
            "a": totals[0],
            "b": totals[1],
        }
    return gettext("Contestée")


def capot_bid_made(taker: str, points: int) -> str:
    """« Capot demandé et 162 points : compté comme un capot réussi par Nord-Sud. »"""
    return gettext(
        "Capot demandé et %(points)s points : compté comme un capot réussi par %(side)s."
    ) % {"points": points, "side": side_label(taker)}


def all_points_without_capot(taker: str) -> str:
    """A deal of 162 points with no capot marked: said, since a capot is
    typed in « Capot »."""
    return gettext(
        "162 points à %(side)s, compté sans capot : tapez N ou E dans « Capot » "
        "si une équipe a fait tous les plis."
    ) % {"side": side_label(taker)}


def capot_bid_without_points(taker: str) -> str:
    """« Capot annoncé, sans points : compté comme un capot réussi par Nord-Sud. »"""
    return gettext(
        "Capot annoncé, sans points : compté comme un capot réussi par %(side)s. "
        "S'il est chuté, donnez les points des preneurs."
    ) % {"side": side_label(taker)}


def generale_made(taker: str) -> str:
    """« Générale annoncée : comptée faite, un joueur de Nord-Sud seul aux huit plis. »"""
    return gettext(
        "Générale annoncée : comptée faite, un joueur de %(side)s seul aux huit plis. "
        "Si elle est chutée, donnez les points des preneurs."
    ) % {"side": side_label(taker)}


def generale_shared(taker: str) -> str:
    """« Générale chutée : les deux joueurs de Nord-Sud aux huit plis… »"""
    return gettext(
        "Générale chutée : les deux joueurs de %(side)s aux huit plis. "
        "Si un seul les a faits, tapez %(keys)s au capot."
    ) % {"side": side_label(taker), "keys": "G" + side_label(taker, short=True).replace("-", "")}


def empty_row() -> str:
    """« Enregistrer » on a row with nothing in it: what is missing, by name."""
    return gettext("rien n'est choisi. Qui a pris (ou « Passe ») ?")


def points_without_taker(points: int) -> str:
    """Points typed in a row whose taker says « Passe » (or nothing): a taker
    forgotten or a tap missed, never a passed deal, which has no points."""
    return gettext(
        "%(points)s points tapés, mais qui a pris ? Une donne passée n'a pas de points."
    ) % {"points": points}
