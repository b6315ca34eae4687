"""The table plan for the wall: where each team (each player in a mêlée)
sits in a partie.

Reads the partie's tables and their teams in one query and lays them out in
alphabetical order, in large type, over two columns. It prints the draw as
the services stored it: it never seats anyone, nor computes a score.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, pgettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import fixed_tables, labels
from tournaments.display.reasons import reason_sentence
from tournaments.domain.search import name_order
from tournaments.models import Round, Table, Tournament
from tournaments.pdf.base import (
    COLUMN_GAP,
    CONTENT_WIDTH,
    FONT_BOLD,
    LIGHT,
    base_grid,
    build,
    fitted,
    para,
    pdf_styles,
    team_related,
)

# Two columns of large type.
PLAN_COLUMN = (CONTENT_WIDTH - COLUMN_GAP) / 2
PLAN_COLUMNS = (PLAN_COLUMN - 31 * mm, 17 * mm, 14 * mm)
PLAN_NAME_SIZES = (14, 9)  # largest and smallest type for a name before it wraps


@dataclass(frozen=True)
class _Seat:
    key: str
    name: str
    detail: str
    table: int | None
    side: str


def table_plan(round: Round) -> bytes:
    """The plan for the wall: every team (every player in a mêlée) in
    alphabetical order with its table and side, in large type, the bye
    shown as « exempte », in two columns over as many pages as needed."""
    tournament = round.tournament
    tables = list(round.tables.select_related(*team_related("team_a", "team_b")).order_by("number"))
    melee = tournament.format == Tournament.Format.MELEE
    kept = fixed_tables.kept(round, tables)
    seats = sorted(_plan_seats(tables, melee=melee, kept=kept), key=lambda s: name_order(s.key))
    head = gettext("Plan des tables — partie %(round)s") % {"round": round.number}
    story: list[Flowable] = [_plan_grid(seats, melee=melee)]
    story += _reasons(round, tables)
    return build(
        story,
        title=f"{head} — {tournament.name}",
        tournament=tournament,
        running_head=_running_head(head, round.draw_seed),
        lead=_lead(melee=melee),
        columns=2,
    )


def _running_head(head: str, seed: int | None) -> str:
    """The plan's name on every page, with the random draw's number (anyone
    can replay the draw from it): the lead line below is cut at the page's
    width, the running head is not."""
    if seed is None:
        return head
    return f"{head} — " + gettext("numéro de tirage %(seed)s") % {"seed": seed}


def _reasons(round: Round, tables: list[Table]) -> list[Flowable]:
    """Why each table: its number, its two teams' numbers, the draw's reason
    (« modifié à la main » for a table changed after the draw)."""
    rows = [t for t in tables if t.reason]
    if not rows:
        return []
    styles = pdf_styles()
    data: list[list[Any]] = [[gettext("Table"), gettext("Équipes"), gettext("Raison du tirage")]]
    for table in rows:
        teams = (
            f"{table.team_a.number}"
            if table.is_bye
            else (f"{table.team_a.number} – {table.team_b.number}")
        )
        number = "—" if table.is_bye else str(table.number)
        data.append([number, teams, para(reason_sentence(table.reason), styles.cell)])
    style = [
        *base_grid(),
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, 9),
        ("ALIGN", (0, 0), (1, -1), "CENTER"),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
    ]
    widths = [12 * mm, 18 * mm, PLAN_COLUMN - 30 * mm]
    title = gettext("Raison de chaque table")
    if round.draw_seed is not None:
        title += " — " + gettext("numéro de tirage %(seed)s") % {"seed": round.draw_seed}
    return [
        Spacer(1, 4 * mm),
        CondPageBreak(30 * mm),
        para(title, styles.title),
        PdfTable(data, colWidths=widths, style=style, repeatRows=1),
    ]


def _lead(*, melee: bool) -> str:
    """How to read the plan, with what the short side names stand for."""
    sides = ", ".join(
        f"{labels.side_label(side, short=True)} = {labels.side_label(side)}" for side in "AB"
    )
    if melee:
        lead = gettext("Cherchez votre nom (ordre alphabétique) : votre table et votre place")
    else:
        lead = gettext("Cherchez votre équipe (ordre alphabétique) : votre table et votre place")
    return f"{lead} — {sides}."


def _plan_grid(seats: list[_Seat], *, melee: bool) -> PdfTable:
    """One row per seat: the name (and its second line), the table, the side."""
    styles = pdf_styles()
    header = [
        gettext("Joueur") if melee else gettext("Équipe"),
        gettext("Table"),
        pgettext("seat", "Place"),
    ]
    data: list[list[Any]] = [header]
    style = base_grid()
    style += [
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, 10),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("FONT", (1, 1), (1, -1), FONT_BOLD, 20),
        ("FONT", (2, 1), (2, -1), FONT_BOLD, 13),
        ("TOPPADDING", (0, 1), (-1, -1), 1.2 * mm),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 1.8 * mm),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
    ]
    name_width = PLAN_COLUMNS[0] - 3 * mm  # less the cell's padding
    for row, seat in enumerate(seats, start=1):
        name: list[Flowable] = [fitted(seat.name, name_width, *PLAN_NAME_SIZES)]
        if seat.detail:
            name.append(para(seat.detail, styles.cell_small))
        if seat.table is None:
            data.append([name, gettext("exempte"), ""])
            style += [
                ("SPAN", (1, row), (2, row)),
                ("FONT", (1, row), (1, row), FONT_BOLD, 14),
            ]
        else:
            data.append([name, str(seat.table), seat.side])
    return PdfTable(
        data,
        colWidths=list(PLAN_COLUMNS),
        style=style,
        repeatRows=1,
    )


def _plan_seats(
    tables: Iterable[Table], *, melee: bool, kept: Mapping[int, int]
) -> Iterable[_Seat]:
    for table in tables:
        number = None if table.is_bye else table.number
        for team, side in ((table.team_a, "A"), (table.team_b, "B")):
            if team is None:
                continue
            place = labels.side_label(side, short=True)
            if melee:
                for player in (team.player1, team.player2):
                    name = f"{player.last_name} {player.first_name}".strip()
                    detail = gettext("équipe n° %(number)s") % {"number": team.number}
                    yield _Seat(name, name, detail, number, place)
            else:
                # A team named after its players needs no second line.
                detail = gettext("n° %(number)s") % {"number": team.number}
                if team.name:
                    detail += f" · {labels.players_line(team)}"
                if team.pk in kept:  # said in words, on every copy of the plan
                    detail += f" · {fixed_tables.mark()}"
                    if number is None:
                        detail += " " + gettext("(table %(number)s vide)") % {
                            "number": table.number
                        }
                yield _Seat(team.display_name, team.display_name, detail, number, place)
