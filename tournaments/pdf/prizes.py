"""The prize-giving's documents: the palmarès (each ranking's lots, rank,
team and players, in large type to be read out) and the lot labels (a
sheet of 2 × 7 labels to stick on the lots or cut out: the lot, the team's
number and its players).

Which team takes which lot comes from `tournaments.queries.awards` (the rules and
the organizer's swaps); this module only lays it out. It never gives a lot,
ranks anyone or computes a score.
"""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.display import prizes as words
from tournaments.models import Tournament
from tournaments.pdf.base import (
    CONTENT_HEIGHT,
    CONTENT_WIDTH,
    FONT_BOLD,
    GREY,
    INK,
    LIGHT,
    RULE,
    bold_style,
    build,
    fitted,
    para,
    pdf_styles,
    when_where,
)
from tournaments.queries import awards

RANK_WIDTH = 22 * mm
LOT_WIDTH = 70 * mm
TEAM_WIDTH = CONTENT_WIDTH - RANK_WIDTH - LOT_WIDTH
#: The label sheet: 2 columns of 7 labels filling the page inside its margins.
LABEL_COLUMNS, LABEL_ROWS = 2, 7
LABEL_WIDTH = CONTENT_WIDTH / LABEL_COLUMNS
LABEL_HEIGHT = (CONTENT_HEIGHT - 1 * mm) / LABEL_ROWS
LABEL_PADDING = 4 * mm


def _heading(tournament: Tournament, title: str) -> list[Flowable]:
    styles = pdf_styles()
    story = [para(title, styles.heading), para(when_where(tournament), styles.body)]
    if tournament.status != Tournament.Status.FINISHED:
        story.append(
            para(
                gettext(
                    "Classement provisoire : les lots suivront le classement jusqu'à la "
                    "dernière partie close."
                ),
                bold_style(10),
            )
        )
    story.append(Spacer(0, 4 * mm))
    return story


def palmares(tournament: Tournament, *, backwards: bool = False) -> bytes:
    """Each ranking with lots (the general one, then each category): rank,
    team and players, lot, in large type; `backwards` from the last up."""
    title = gettext("Palmarès")
    story = _heading(tournament, title)
    story.append(para(words.cumulation(tournament), pdf_styles().body))
    shown = [board for board in awards.boards(tournament) if board.awarded]
    for board in shown:
        placings = board.awarded[::-1] if backwards else board.awarded
        story += [
            CondPageBreak(40 * mm),
            para(words.ranking_title(board.category), bold_style(15)),
            Spacer(0, 2 * mm),
            _palmares_table(placings),
            Spacer(0, 6 * mm),
        ]
    if not shown:
        story.append(para(gettext("Aucun lot n'est encore attribué."), pdf_styles().body))
    return build(
        story, title=f"{title} — {tournament.name}", tournament=tournament, running_head=title
    )


def _palmares_table(placings: list[awards.Placing]) -> PdfTable:
    styles = pdf_styles()
    header = [gettext("Rang"), gettext("Équipe"), gettext("Lot")]
    data: list[list] = [header]
    for placing in placings:
        name, detail = words.who(placing)
        team: list[Flowable] = [fitted(name, TEAM_WIDTH - 4 * mm, 14, 10)]
        if detail:
            team.append(para(detail, styles.body))
        data.append(
            [
                labels.ordinal(placing.row.rank),
                team,
                # One size for every lot, wrapped when long: read out in turn.
                para(placing.lot_name, bold_style(13)),
            ]
        )
    style = [
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, 9),
        ("TEXTCOLOR", (0, 0), (-1, 0), GREY),
        ("FONT", (0, 1), (0, -1), FONT_BOLD, 16),
        ("TEXTCOLOR", (0, 1), (0, -1), INK),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 1), (-1, -1), 2.2 * mm),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 2.6 * mm),
    ]
    return PdfTable(data, colWidths=[RANK_WIDTH, TEAM_WIDTH, LOT_WIDTH], style=style, repeatRows=1)


def lot_labels(tournament: Tournament) -> bytes:
    """One label a lot given, 2 × 7 to an A4 sheet: the lot in large type,
    the team's number and players, the rank and the ranking."""
    cells = [
        _label(board, placing) for board in awards.boards(tournament) for placing in board.awarded
    ]
    if not cells:
        story = _heading(tournament, gettext("Étiquettes des lots"))
        story.append(para(gettext("Aucun lot n'est encore attribué."), pdf_styles().body))
        return build(story, title=gettext("Étiquettes des lots"), tournament=tournament)
    rows = [cells[i : i + LABEL_COLUMNS] for i in range(0, len(cells), LABEL_COLUMNS)]
    rows[-1] += [""] * (LABEL_COLUMNS - len(rows[-1]))
    table = PdfTable(
        rows,
        colWidths=[LABEL_WIDTH] * LABEL_COLUMNS,
        rowHeights=[LABEL_HEIGHT] * len(rows),
        style=[
            # Cutting lines, for plain paper; on a sheet of labels they fall
            # on the labels' own edges.
            ("GRID", (0, 0), (-1, -1), 0.3, RULE, None, (2, 2)),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), LABEL_PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), LABEL_PADDING),
        ],
    )
    return build(
        [table],
        title=f"{gettext('Étiquettes des lots')} — {tournament.name}",
        tournament=tournament,
    )


def _label(board: awards.Board, placing: awards.Placing) -> list[Flowable]:
    """The lot in large type, then who takes it: the team's number and name
    in bold, its players, its rank in which ranking."""
    styles = pdf_styles()
    inner = LABEL_WIDTH - 2 * LABEL_PADDING
    name, detail = words.who(placing)
    number = getattr(placing.entrant, "number", None)
    if number is not None:
        name = gettext("n° %(number)s") % {"number": number} + f" — {name}"
        detail = labels.players_line(placing.entrant)
    lines: list[Flowable] = [
        fitted(placing.lot_name, inner, 18, 10),
        Spacer(0, 2 * mm),
        fitted(name, inner, 13, 8),
    ]
    if detail:
        lines.append(para(detail, styles.body))
    where = f"{labels.ordinal(placing.row.rank)} — {words.ranking_title(board.category)}"
    lines.append(para(where, styles.small))
    return lines
