"""The cash box's summary for the association's treasurer: the entry fees
(due, collected by way of paying, still due), the other income and the
expenses line by line, the balance, and the teams that have not paid.

Lays out the figures of `services.cash.CashSummary`; it never adds up an
amount itself beyond what the summary gives, nor queries anything.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.features.cash import display as words
from tournaments.features.cash.queries.summary import CashSummary
from tournaments.models import Tournament
from tournaments.pdf.base import (
    CONTENT_WIDTH,
    FONT,
    FONT_BOLD,
    GREY,
    INK,
    RULE,
    TOTAL_SHADE,
    base_grid,
    build,
    para,
    pdf_styles,
    plural_count,
    when_where,
)

AMOUNT = 34 * mm
LABEL = CONTENT_WIDTH - AMOUNT


def cash_summary(tournament: Tournament, summary: CashSummary) -> bytes:
    styles = pdf_styles()
    title = gettext("Caisse — bilan pour le trésorier")
    story: list[Flowable] = [
        para(title, styles.heading),
        para(when_where(tournament), styles.body),
        para(_fee_line(summary), styles.small),
        Spacer(0, 5 * mm),
        _section(gettext("Droits d'inscription"), _fee_rows(summary)),
        _section(
            gettext("Autres recettes"),
            [(entry.label, entry.amount_cents) for entry in summary.income],
            total=(gettext("Total des autres recettes"), summary.income_cents),
        ),
        _section(
            gettext("Dépenses"),
            [(entry.label, -entry.amount_cents) for entry in summary.expenses],
            total=(gettext("Total des dépenses"), -summary.expenses_cents),
        ),
        _balance(summary),
    ]
    if summary.unpaid:
        story += _unpaid(summary)
    return build(
        story, title=f"{title} — {tournament.name}", tournament=tournament, running_head=title
    )


def _fee_line(summary: CashSummary) -> str:
    return gettext("Droit d'inscription : %(rule)s.") % {
        "rule": words.fee_rule(
            summary.fee_cents, per_player=summary.per_player, melee=summary.melee
        )
    }


def _who(summary: CashSummary, count: int) -> str:
    if summary.melee:
        return ngettext("%(n)s joueur", "%(n)s joueurs", plural_count(count)) % {"n": count}
    return ngettext("%(n)s équipe", "%(n)s équipes", plural_count(count)) % {"n": count}


def _fee_rows(summary: CashSummary) -> list[tuple[str, int, bool]]:
    """(label, cents, detail): what is due, what was collected and how, what
    is still due; the ways of paying are details of the collected total."""
    rows = [
        (
            gettext("Dus (%(who)s)") % {"who": _who(summary, summary.due_count)},
            summary.due_cents,
            False,
        ),
        (
            gettext("Total encaissé (%(who)s)") % {"who": _who(summary, summary.paid_count)},
            summary.collected_cents,
            False,
        ),
    ]
    rows += [(words.collected_as(m), cents, True) for m, cents in summary.collected_by_method]
    rows.append(
        (
            gettext("Reste dû (%(who)s)") % {"who": _who(summary, len(summary.unpaid))},
            summary.unpaid_cents,
            False,
        )
    )
    return rows


def _section(heading: str, rows: list[tuple], *, total: tuple[str, int] | None = None) -> Flowable:
    """A heading and its lines, each with its amount (a line marked as a
    detail is indented, in grey), and the total."""
    styles = pdf_styles()
    data: list[list] = [[heading, ""]]
    if not rows:
        data.append([para(gettext("Aucune."), styles.cell_small), ""])
    style = [
        *base_grid(),
        ("SPAN", (0, 0), (1, 0)),
        ("ALIGN", (1, 1), (1, -1), "RIGHT"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2 * mm),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5 * mm),
    ]
    for label, cents, *detail in rows:
        if detail and detail[0]:
            row = len(data)
            data.append([para(label, styles.cell_small), words.euros(cents)])
            style += [
                ("LEFTPADDING", (0, row), (0, row), 8 * mm),
                ("TEXTCOLOR", (1, row), (1, row), GREY),
                ("FONT", (1, row), (1, row), FONT, 8.5),
            ]
        else:
            data.append([para(label, styles.cell), words.euros(cents)])
    if total is not None:
        data.append([total[0], words.euros(total[1])])
        style += [
            ("FONT", (0, -1), (-1, -1), FONT_BOLD, 9.5),
            ("BACKGROUND", (0, -1), (-1, -1), TOTAL_SHADE),
        ]
    table = PdfTable(data, colWidths=[LABEL, AMOUNT], style=style, repeatRows=1)
    return KeepTogether([table, Spacer(0, 5 * mm)])


def _balance(summary: CashSummary) -> Flowable:
    """The balance, and how it is made."""
    styles = pdf_styles()
    data = [
        [gettext("Droits encaissés"), words.euros(summary.collected_cents)],
        [gettext("Autres recettes"), words.euros(summary.income_cents)],
        [gettext("Dépenses"), words.euros(-summary.expenses_cents)],
        [gettext("Solde de la caisse"), words.euros(summary.balance_cents)],
    ]
    style = [
        ("FONT", (0, 0), (-1, -1), FONT, 9.5),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("BOX", (0, 0), (-1, -1), 0.9, INK),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5 * mm),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.5 * mm),
        ("ALIGN", (1, 0), (1, -1), "RIGHT"),
        ("FONT", (0, -1), (-1, -1), FONT_BOLD, 12),
        ("BACKGROUND", (0, -1), (-1, -1), TOTAL_SHADE),
        ("TOPPADDING", (0, -1), (-1, -1), 2 * mm),
        ("BOTTOMPADDING", (0, -1), (-1, -1), 2.5 * mm),
    ]
    return KeepTogether(
        [
            para(gettext("Solde"), styles.title),
            PdfTable(data, colWidths=[LABEL, AMOUNT], style=style),
            para(
                gettext("Droits encaissés et autres recettes, moins les dépenses."),
                styles.small,
            ),
            Spacer(0, 6 * mm),
        ]
    )


def _unpaid(summary: CashSummary) -> list[Flowable]:
    styles = pdf_styles()
    heading = (
        gettext("Joueurs qui n'ont pas payé")
        if summary.melee
        else gettext("Équipes qui n'ont pas payé")
    )
    data = [[gettext("Qui"), gettext("Montant")]]
    data += [
        [para(words.entrant_label(u.entrant), styles.cell), words.euros(u.amount_cents)]
        for u in summary.unpaid
    ]
    style = [*base_grid(), ("ALIGN", (1, 0), (1, -1), "RIGHT")]
    return [
        para(heading, styles.title),
        PdfTable(data, colWidths=[LABEL, AMOUNT], style=style, repeatRows=1),
    ]
