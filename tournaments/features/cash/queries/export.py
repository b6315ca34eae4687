"""The cash box's summary as a CSV file for the treasurer's spreadsheet
(semicolons, UTF-8 with BOM, decimal commas in French, as French
spreadsheet programs expect).

Every text cell goes through `safe_cell`: a team name or a line typed as
« =HYPERLINK(…) » must reach the spreadsheet as text, never as a formula.
Amounts stay numbers. Returns bytes; the view only wraps them.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils import formats
from django.utils.translation import gettext as _

from tournaments.features.cash import display as words
from tournaments.features.cash.models import Payment
from tournaments.features.cash.queries.summary import CashSummary
from tournaments.models import Tournament
from tournaments.queries.exports import csv_file, inert


def safe_cell(value: object) -> str:
    """A cell as written. Numbers stay numbers, written as the active
    language writes them (« -240,50 » in French: no grouping, no currency
    sign), so the spreadsheet adds them up; text that a spreadsheet would
    read as a formula is made inert as in every export (`exports.inert`:
    also after spaces, and in full-width signs)."""
    if isinstance(value, (int, Decimal)) and not isinstance(value, bool):
        return formats.number_format(value, use_l10n=True)
    return inert("" if value is None else str(value))


def _amount(cents: int) -> Decimal:
    """Cents as euros, a number with its two decimals."""
    return (Decimal(cents) / 100).quantize(Decimal("0.01"))


def cash_csv(tournament: Tournament, summary: CashSummary) -> bytes:
    rows: list[list[object]] = [
        [_("Caisse"), tournament.name, ""],
        [_("Rubrique"), _("Libellé"), _("Montant (€)")],
        [
            _("Droits d'inscription dus"),
            words.fee_rule(summary.fee_cents, per_player=summary.per_player, melee=summary.melee),
            _amount(summary.due_cents),
        ],
    ]
    methods = dict(Payment.Method.choices)
    for method, cents in summary.collected_by_method:
        rows.append([_("Encaissé"), str(methods[method]), _amount(cents)])
    rows.append([_("Total encaissé"), "", _amount(summary.collected_cents)])
    for unpaid in summary.unpaid:
        label = words.entrant_label(unpaid.entrant)
        rows.append([_("Non payé"), label, _amount(unpaid.amount_cents)])
    rows.append([_("Reste dû"), "", _amount(summary.unpaid_cents)])
    for entry in summary.income:
        rows.append([_("Recette"), entry.label, _amount(entry.amount_cents)])
    rows.append([_("Total des autres recettes"), "", _amount(summary.income_cents)])
    for entry in summary.expenses:
        rows.append([_("Dépense"), entry.label, _amount(-entry.amount_cents)])
    rows.append([_("Total des dépenses"), "", _amount(-summary.expenses_cents)])
    rows.append([_("Solde de la caisse"), "", _amount(summary.balance_cents)])
    return csv_file(rows, safe_cell)
