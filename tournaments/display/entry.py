"""How a table's entry stands, in one line for the desk and the phone.

Names the team that did each thing: who entered the deals, who confirmed or
disputed them (the other team), or that the organizer validated the table.
Must not: query the database or change the state (services/table_side.py).
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
