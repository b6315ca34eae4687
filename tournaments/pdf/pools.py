"""The pools on paper: one block per pool with its ranking (wins first,
then the tournament's criteria) and its tables partie by partie.

The rankings come from `queries.pools.pool_standings` (computed on read);
this module only lays them out."""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.display import standings as standings_display
from tournaments.pdf.base import (
    CONTENT_WIDTH,
    base_grid,
    build,
    para,
    pdf_styles,
    when_where,
)

#: Widths in mm of the rank and the number columns (won, points, difference).
WIDTHS = (12, 18, 22, 22)


def pools_pdf(tournament, standings) -> bytes:
    styles = pdf_styles()
    title = gettext("Poules")
    story: list[Flowable] = [
        para(f"{title} — {tournament.name}", styles.heading),
        para(when_where(tournament), styles.body),
        para(
            gettext(
                "Dans chaque poule, les équipes se rencontrent toutes ; elles sont classées "
                "par parties gagnées, puis comme le classement général."
            ),
            styles.body,
        ),
        para(standings_display.ranking_explanation(tournament), styles.small),
        Spacer(0, 4 * mm),
    ]
    for standing in standings:
        story.append(KeepTogether(_pool_block(standing, styles)))
    return build(
        story, title=f"{title} — {tournament.name}", tournament=tournament, running_head=title
    )


def _pool_block(standing, styles) -> list[Flowable]:
    rank, won, points, diff = (w * mm for w in WIDTHS)
    header = [
        gettext("Rang"),
        gettext("Équipe"),
        gettext("Gagnées"),
        gettext("Points"),
        gettext("Différence"),
    ]
    data: list[list] = [header]
    for line in standing.lines:
        name = f"{line.team.number}. {line.team}"
        data.append(
            [
                str(line.row.rank),
                para(name, styles.cell),
                str(line.row.won),
                labels.number(line.row.points_for),
                labels.signed(line.row.difference),
            ]
        )
    widths = [rank, CONTENT_WIDTH - rank - won - points - diff, won, points, diff]
    style = [
        *base_grid(),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"),
        ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
    ]
    block: list[Flowable] = [
        para(str(standing.pool), styles.title),
        PdfTable(data, colWidths=widths, style=style),
        Spacer(0, 1.5 * mm),
    ]
    for match in standing.matches:
        block.append(para(_match_line(match), styles.body))
    block.append(Spacer(0, 5 * mm))
    return block


def _match_line(match) -> str:
    table = match.table
    partie = gettext("Partie %(number)s") % {"number": match.round}
    if table.is_bye:
        return gettext("%(partie)s : %(team)s exempte") % {"partie": partie, "team": table.team_a}
    line = gettext("%(partie)s : %(a)s contre %(b)s") % {
        "partie": partie,
        "a": table.team_a,
        "b": table.team_b,
    }
    if table.status == table.Status.COMPLETE:
        line += f", {labels.number(table.total_a)} – {labels.number(table.total_b)}"
    return line
