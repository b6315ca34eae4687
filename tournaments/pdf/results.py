"""The results of a partie: each table with both teams, their totals and who
won, then the bye.

Reads the partie's tables and teams in one query and prints the totals the
services stored on each table; what the bye is worth comes from the
standings' own rule (`tournaments.domain.standings.bye_points`). It never scores a
deal nor decides a winner other than by comparing the stored totals.
"""

from __future__ import annotations

from html import escape
from typing import Any

from django.utils.translation import gettext, ngettext, pgettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.domain.standings import bye_points
from tournaments.models import Round, Table, Team, Tournament
from tournaments.pdf.base import (
    CONTENT_WIDTH,
    FONT_BOLD,
    GREY,
    LIGHT,
    base_grid,
    build,
    para,
    pdf_styles,
    plural_count,
    rules_line,
    team_related,
    when_where,
)
from tournaments.queries.standings import tournament_bye


def round_results(round: Round) -> bytes:
    """The results of a partie: each table with both teams, their totals and
    who won, then the bye."""
    tournament = round.tournament
    tables = list(round.tables.select_related(*team_related("team_a", "team_b")).order_by("number"))
    story = [*_results_heading(round, tables), _results_grid(tournament, tables)]
    title = gettext("Résultats — Partie %(round)s") % {"round": round.number}
    return build(
        story, title=f"{title} — {tournament.name}", tournament=tournament, running_head=title
    )


def _results_heading(round: Round, tables: list[Table]) -> list[Flowable]:
    """The title, where the partie stands and the rules."""
    styles = pdf_styles()
    tournament = round.tournament
    complete = sum(1 for t in tables if not t.is_bye and t.status == Table.Status.COMPLETE)
    playing = sum(1 for t in tables if not t.is_bye)
    where = ngettext(
        "%(when)s — partie %(status)s — %(complete)s table terminée sur %(playing)s.",
        "%(when)s — partie %(status)s — %(complete)s tables terminées sur %(playing)s.",
        plural_count(complete),
    ) % {
        "when": when_where(tournament),
        "status": _round_status(round),
        "complete": complete,
        "playing": playing,
    }
    return [
        para(gettext("Résultats de la partie %(round)s") % {"round": round.number}, styles.heading),
        para(where, styles.body),
        para(rules_line(tournament), styles.small),
        Spacer(0, 4 * mm),
    ]


def _round_status(round: Round) -> str:
    """Where the partie stands, in lower case for the middle of a sentence."""
    if round.status == Round.Status.CLOSED:
        return pgettext("partie", "close")
    if round.status == Round.Status.PLAYING:
        return pgettext("partie", "en cours")
    return pgettext("partie", "tirée, pas commencée")


def _results_grid(tournament: Tournament, tables: list[Table]) -> PdfTable:
    """One row per table, in table order, the bye's row included."""
    played = [t for t in tables if not t.is_bye and t.status == Table.Status.COMPLETE]
    header = [
        gettext("Table"),
        labels.side_label("A"),
        gettext("Total"),
        labels.side_label("B"),
        gettext("Total"),
        gettext("Gagnant"),
    ]
    widths = [12, 0, 17, 0, 17, 22]
    widths[1] = widths[3] = (CONTENT_WIDTH / mm - sum(widths)) / 2
    data: list[list[Any]] = [header]
    style = base_grid()
    style += [
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("ALIGN", (2, 1), (2, -1), "RIGHT"),
        ("ALIGN", (4, 1), (4, -1), "RIGHT"),
        ("ALIGN", (5, 0), (5, -1), "CENTER"),
        ("ALIGN", (2, 0), (4, 0), "CENTER"),
        ("FONT", (0, 1), (0, -1), FONT_BOLD, 11),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 0), (-1, -1), 1 * mm),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.3 * mm),
    ]
    for row, table in enumerate(tables, start=1):
        if table.is_bye:
            cells, commands = _bye_row(tournament, table, played, row)
        else:
            cells, commands = _table_row(table, row)
        data.append(cells)
        style += commands
    return PdfTable(data, colWidths=[w * mm for w in widths], style=style, repeatRows=1)


def _bye_row(
    tournament: Tournament, table: Table, played: list[Table], row: int
) -> tuple[list[Any], list[tuple]]:
    """The exempt team and what the bye earns it; no table number (it sits at
    none), and across the other side that it does not play."""
    cells = [
        "—",
        _result_team(table.team_a, bold=False),
        _bye_points(tournament, played),
        para(gettext("exempte : ne joue pas cette partie"), pdf_styles().cell_centre_grey),
        "",
        "",
    ]
    commands = [
        ("SPAN", (3, row), (5, row)),
        ("TEXTCOLOR", (0, row), (0, row), GREY),
    ]
    return cells, commands


def _table_row(table: Table, row: int) -> tuple[list[Any], list[tuple]]:
    """Both teams and their totals, the winner's in bold, and the outcome; a
    table not started yet has no totals to show."""
    winner = _winning_side(table)
    started = table.status != Table.Status.NOT_STARTED
    cells = [
        str(table.number),
        _result_team(table.team_a, bold=winner == "A"),
        labels.number(table.total_a) if started else "",
        _result_team(table.team_b, bold=winner == "B"),
        labels.number(table.total_b) if started else "",
        _outcome(table, winner),
    ]
    commands: list[tuple] = [
        ("FONT", (column, row), (column, row), FONT_BOLD, 11)
        for side, column in (("A", 2), ("B", 4))
        if winner == side
    ]
    return cells, commands


def _winning_side(table: Table) -> str:
    """« A » or « B » by the stored totals of a finished table; empty for a
    tie or a table still to finish."""
    if table.status != Table.Status.COMPLETE or table.total_a == table.total_b:
        return ""
    return "A" if table.total_a > table.total_b else "B"


def _outcome(table: Table, winner: str) -> Paragraph:
    """Who won a finished table, or where the table stands (in grey), in a
    paragraph that wraps rather than overflows its cell."""
    styles = pdf_styles()
    if table.status == Table.Status.COMPLETE:
        outcome = labels.side_label(winner, short=True) if winner else pgettext("table", "égalité")
        outcome = escape(outcome)
        if table.corrected:
            outcome += "<br/>" + escape(pgettext("table", "(corrigée)"))
        return Paragraph(outcome, styles.cell_centre_bold)
    if table.status == Table.Status.IN_PROGRESS:
        return para(pgettext("table", "en cours"), styles.cell_centre_grey)
    return para(pgettext("table", "pas commencée"), styles.cell_centre_grey)


def _result_team(team: Team | None, *, bold: bool) -> list[Flowable]:
    styles = pdf_styles()
    if team is None:
        return []
    return [
        para(team.display_name, styles.cell_bold if bold else styles.cell),
        para(
            gettext("n° %(number)s") % {"number": team.number} + f" · {labels.players_line(team)}",
            styles.cell_small,
        ),
    ]


def _bye_points(tournament: Tournament, played: list[Table]) -> str:
    """What the bye is worth: the standings' own rule, fed as the standings
    feed it (both totals of each finished table of the partie)."""
    if tournament.bye_policy == Tournament.ByePolicy.NOTHING:
        return "—"
    scored = [points for t in played for points in (t.total_a, t.total_b)]
    return labels.number(bye_points(tournament_bye(tournament), scored))
