"""The final phase on paper: each bracket as a grid (a column a round, each
match spanning the two it comes from), winners in bold, then the final
ranking.

The brackets and the ranking come from `services.brackets` (read in a fixed
number of queries); this module only lays them out. It never decides a
match."""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display.brackets import dead_heat_rule_sentence, level_name
from tournaments.models import Table, Tournament
from tournaments.pdf.base import CONTENT_WIDTH, base_grid, build, para, pdf_styles, when_where
from tournaments.queries.brackets import MatchView, bracket_views, final_ranking


def _side(view: MatchView, side: str) -> str:
    team = view.team_a if side == "a" else view.team_b
    seed = view.seed_a if side == "a" else view.seed_b
    if team is None:
        text = gettext("exempt") if view.bye and side == "b" else "…"
        return f"<font color='#777777'>{escape(text)}</font>"
    label = escape(f"{seed}. {team.display_name}" if seed else team.display_name)
    table = view.table
    if table is not None and table.status != Table.Status.NOT_STARTED:
        total = table.total_a if side == "a" else table.total_b
        label += f" <font color='#555555'>({total})</font>"
    if view.winner_id is not None and view.winner_id == team.pk:
        label = f"<b>{label}</b>"
    return label


def _cell(view: MatchView, style) -> Paragraph:
    lines = [_side(view, "a"), _side(view, "b")]
    if view.table is not None:
        lines.append(
            "<font size='7' color='#777777'>"
            + escape(
                gettext("%(round)s, table %(table)s")
                % {"round": view.table.round, "table": view.table.number}
            )
            + "</font>"
        )
    return Paragraph("<br/>".join(lines), style)


def _grid(view, styles) -> PdfTable:
    columns = len(view.levels)
    rows = view.size // 2
    width = CONTENT_WIDTH / columns
    data = [[level_name(level.key) for level in view.levels]]
    data += [["" for _ in range(columns)] for _ in range(rows)]
    commands = [*base_grid(), ("VALIGN", (0, 1), (-1, -1), "MIDDLE")]
    for c, level in enumerate(view.levels):
        span = 2**c
        for match in level.matches:
            top = 1 + match.position * span
            data[top][c] = _cell(match, styles.cell)
            if span > 1:
                commands.append(("SPAN", (c, top), (c, top + span - 1)))
    return PdfTable(
        data,
        colWidths=[width] * columns,
        rowHeights=[None] + [14 * mm] * rows,
        repeatRows=1,
        style=commands,
    )


def brackets_pdf(tournament: Tournament) -> bytes:
    styles = pdf_styles()
    views = bracket_views(tournament)
    story: list[Flowable] = [
        para(tournament.name, styles.heading),
        para(when_where(tournament), styles.small),
        Spacer(1, 2 * mm),
    ]
    if not views:
        story.append(para(gettext("La phase finale n'est pas encore créée."), styles.body))
    else:
        story.append(para(dead_heat_rule_sentence(views[0].bracket.tie_rule), styles.body))
    for view in views:
        title = view.bracket.get_kind_display()
        if view.champion is not None:
            title += " — " + gettext("vainqueur : %(team)s") % {"team": view.champion}
        story += [Spacer(1, 4 * mm), KeepTogether([para(title, styles.title), _grid(view, styles)])]
    if views:
        ranking = final_ranking(tournament)
        data: list[list] = [[gettext("Rang"), gettext("Équipe"), gettext("Tableau")]]
        for row in ranking:
            data.append(
                [
                    str(row.place) if row.place else "–",
                    Paragraph(escape(str(row.team)), styles.cell),
                    row.bracket.get_kind_display() if row.bracket else gettext("Qualifications"),
                ]
            )
        story += [
            Spacer(1, 5 * mm),
            para(gettext("Classement final"), styles.title),
            PdfTable(
                data,
                colWidths=[16 * mm, CONTENT_WIDTH - 66 * mm, 50 * mm],
                repeatRows=1,
                style=[*base_grid(), ("ALIGN", (0, 0), (0, -1), "RIGHT")],
            ),
        ]
    return build(story, title=gettext("Phase finale"), tournament=tournament)
