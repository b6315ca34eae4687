"""The cash box in words: the fee's rule, a payment's way, an entrant's
line, in the active language (amounts in euros are the core's:
tournaments/display/money.py, re-exported here as `euros`).

Must not: query the database or decide anything (the sums are queries/summary.py's).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext, gettext_lazy

from tournaments.display import labels
from tournaments.display.money import euros

__all__ = ["collected_as", "entrant_label", "euros", "fee_rule"]


class Action(models.TextChoices):
    """The cash box's lines in a concours's history (tournaments/models/audit.py)."""

    PAYMENT_RECORDED = "payment_recorded", gettext_lazy("Droit d'inscription encaissé")
    PAYMENT_CANCELLED = "payment_cancelled", gettext_lazy("Encaissement annulé")
    CASH_ENTRY_ADDED = "cash_entry_added", gettext_lazy("Ligne de caisse ajoutée")
    CASH_ENTRY_DELETED = "cash_entry_deleted", gettext_lazy("Ligne de caisse supprimée")


def collected_as(method: str) -> str:
    """The line of the fees collected one way: « dont espèces »."""
    if method == "cash":
        return gettext("dont espèces")
    if method == "cheque":
        return gettext("dont chèques")
    return gettext("dont autres moyens")


def fee_rule(fee_cents: int, *, per_player: bool, melee: bool) -> str:
    """« 10,00 € par équipe », « 5,00 € par joueur »."""
    if melee or per_player:
        return gettext("%(fee)s par joueur") % {"fee": euros(fee_cents)}
    return gettext("%(fee)s par équipe") % {"fee": euros(fee_cents)}


def entrant_label(entrant) -> str:
    """« n° 12 — Amélie Lefèvre & Jérôme Bérard », with the team's name
    when it has one (« n° 3 — Les As (…) »); the name for a mêlée's player."""
    number = getattr(entrant, "number", None)
    if number is None:
        return str(entrant)
    who = labels.players_line(entrant)
    if entrant.name:
        who = f"{entrant.name} ({who})"
    return gettext("n° %(number)s — %(who)s") % {"number": number, "who": who}
