"""The cash box in words: amounts in euros, the refusals of a typed amount,
the fee's rule and a payment's way, in the active language.

Must not: query the database or decide anything (the sums are
services/cash.py's, the reading of a typed amount tournaments/domain/money.py's).
"""

from __future__ import annotations

from decimal import Decimal

from django.utils import formats
from django.utils.translation import get_language, gettext

from tournaments.display import labels


def _french() -> bool:
    return (get_language() or "fr").startswith("fr")


def euros(cents: int) -> str:
    """« 1 234,50 € » in French (a true minus, a thin space between
    thousands), « €1,234.50 » in English; whole euros keep their cents
    (« 10,00 € »): a treasurer's column lines up."""
    figure = formats.number_format(
        Decimal(abs(cents)) / 100, decimal_pos=2, force_grouping=True
    ).replace("\xa0", "\u202f")
    if _french():
        figure = figure.replace(" ", "\u202f")
        return f"{'−' if cents < 0 else ''}{figure}\u00a0€"
    return f"{'−' if cents < 0 else ''}€{figure}"


def amount_error(code: str, *, maximum: int) -> str:
    """Why a typed amount was refused (tournaments.domain.money.AmountError.code)."""
    if code == "empty":
        return gettext("Indiquez un montant, par exemple 5 ou 5,50.")
    if code == "negative":
        return gettext("Un montant ne peut pas être négatif : choisissez plutôt « dépense ».")
    if code == "decimals":
        return gettext("Deux chiffres après la virgule au plus, par exemple 5,50.")
    if code == "too_large":
        return gettext("Montant trop élevé : %(max)s au plus.") % {"max": euros(maximum)}
    return gettext("Montant illisible : écrivez par exemple 5 ou 5,50.")


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
