"""« Explication des marques »: every deal of one table with how its marque
was obtained, printed for an arbiter.

Reads the table's deals in one query (the table comes with its round,
tournament, teams and players already loaded, as the desk's views fetch it)
and prints, for each deal, the contract, the marques the services stored and
the sentence of :func:`tournaments.display.explain.explain`, which asks the
engine for the steps (it never scores anything itself: the figures are the
engine's). Must not: write to the database.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.display.explain import explain
from tournaments.models import Deal, Table, Team
from tournaments.pdf.base import (
    CONTENT_WIDTH,
    LIGHT,
    base_grid,
    build,
    para,
    pdf_styles,
    rules_line,
    when_where,
)


def table_explanations(table: Table) -> bytes:
    """The PDF « Explication des marques » of ``table``: one row a deal."""
    tournament = table.round.tournament
    deals = list(table.deals.order_by("number"))
    title = gettext("Explication des marques — %(table)s, %(round)s") % {
        "table": table,
        "round": table.round,
    }
    story = [*_heading(table), _grid(table, deals), *_totals(table)]
    return build(
        story, title=f"{title} — {tournament.name}", tournament=tournament, running_head=title
    )


def _heading(table: Table) -> list[Flowable]:
    styles = pdf_styles()
    tournament = table.round.tournament
    return [
        para(gettext("Explication des marques"), styles.kicker),
        para(f"{table} — {table.round}", styles.heading),
        para(when_where(tournament), styles.body),
        para(_team_line("A", table.team_a), styles.body),
        para(_team_line("B", table.team_b), styles.body),
        para(rules_line(tournament), styles.small),
        Spacer(0, 4 * mm),
    ]


def _team_line(side: str, team: Team | None) -> str:
    if team is None:
        return labels.side_label(side)
    return f"{labels.side_label(side)} : {team.display_name} ({labels.players_line(team)})"


def _grid(table: Table, deals: list[Deal]) -> PdfTable | Flowable:
    """Donne, contract, both marques, and why."""
    styles = pdf_styles()
    if not deals:
        return para(gettext("Aucune donne saisie."), styles.body)
    rules = table.round.tournament.rule_profile
    header = [
        gettext("Donne"),
        gettext("Contrat"),
        labels.side_label("A", short=True),
        labels.side_label("B", short=True),
        gettext("Pourquoi ?"),
    ]
    widths = [13, 26, 16, 16, 0]
    widths[-1] = CONTENT_WIDTH / mm - sum(widths)
    data: list[list[Any]] = [header]
    pending = 0
    for deal in deals:
        contract = labels.contract_label(deal, surcoinche_factor=rules.surcoinche_factor)
        data.append(
            [
                str(deal.number),
                para(contract, styles.cell),
                labels.number(deal.marque_a),
                labels.number(deal.marque_b),
                para(explain(deal, rules, pot=pending), styles.body),
            ]
        )
        pending = deal.pot
    style = base_grid()
    style += [
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("ALIGN", (2, 0), (3, -1), "RIGHT"),
        ("VALIGN", (0, 1), (-1, -1), "TOP"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 0), (-1, -1), 1 * mm),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.3 * mm),
    ]
    return PdfTable(data, colWidths=[w * mm for w in widths], style=style, repeatRows=1)


def _totals(table: Table) -> list[Flowable]:
    """The table's totals as stored (penalties included) and a lost pot."""
    styles = pdf_styles()
    lines = [
        gettext("Totaux : %(side_a)s %(a)s, %(side_b)s %(b)s (pénalités comprises).")
        % {
            "side_a": labels.side_label("A"),
            "a": labels.number(table.total_a),
            "side_b": labels.side_label("B"),
            "b": labels.number(table.total_b),
        }
    ]
    if table.lost_pot:
        lines.append(
            gettext("Litige perdu en fin de partie : %(pot)s.")
            % {"pot": labels.number(table.lost_pot)}
        )
    return [Spacer(0, 3 * mm), *(para(line, styles.body) for line in lines)]
