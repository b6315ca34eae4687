"""Amounts in words: euros as a treasurer writes them, and why a typed
amount was refused, in the active language. A core rule: the tournament's
entry fee, the calendar's fee and the cash box all word money this way.

Must not: query the database or decide anything (the reading of a typed
amount is tournaments/domain/money.py's).
"""

from __future__ import annotations

from decimal import Decimal

from django.utils import formats
from django.utils.translation import get_language, gettext


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
