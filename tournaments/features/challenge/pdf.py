"""A season challenge's ranking on paper: every player with their rank,
evenings played, counted points and points evening by evening (the dropped
ones struck), the not qualified ones marked; the evenings listed below.

The lines come from `queries.board` (computed on read); this
module only lays them out."""

from __future__ import annotations

from types import SimpleNamespace
from xml.sax.saxutils import escape

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.features.challenge import display as words
from tournaments.features.challenge.queries import board
from tournaments.pdf.base import CONTENT_WIDTH, SHADE, base_grid, build, para, pdf_styles

WIDTHS = [12 * mm, 62 * mm, 16 * mm, 18 * mm]


def ranking(challenge) -> bytes:
    styles = pdf_styles()
    result = board(challenge)
    story: list[Flowable] = [
        para(challenge.name, styles.heading),
        para(words.explanation(challenge), styles.body),
    ]
    if challenge.lot_text:
        story.append(para(gettext("Lots :") + " " + challenge.lot_text, styles.body))
    story.append(Spacer(1, 3 * mm))
    rows = words.rows(result)
    if rows:
        header = [
            gettext("Rang"),
            gettext("Joueur"),
            gettext("Soirées"),
            gettext("Points"),
            gettext("Soirée par soirée"),
        ]
        data: list[list] = [header]
        grey = []
        for i, row in enumerate(rows, start=1):
            name = escape(row.name)
            if not row.line.qualified:
                name += f" <i>({escape(gettext('non qualifié'))})</i>"
                grey.append(i)
            detail = " · ".join(
                "–"
                if score is None
                else (str(score.points) if score.counted else f"<strike>{score.points}</strike>")
                for score in row.scores
            )
            data.append(
                [
                    str(row.line.rank),
                    Paragraph(name, styles.cell),
                    str(row.line.played),
                    str(row.line.total),
                    Paragraph(detail, styles.cell),
                ]
            )
        widths = [*WIDTHS, CONTENT_WIDTH - sum(WIDTHS)]
        style = [
            *base_grid(),
            ("ALIGN", (0, 0), (0, -1), "RIGHT"),
            ("ALIGN", (2, 0), (3, -1), "RIGHT"),
        ]
        style += [("BACKGROUND", (0, i), (-1, i), SHADE) for i in grey]
        story.append(PdfTable(data, colWidths=widths, repeatRows=1, style=style))
    else:
        story.append(para(gettext("Aucune soirée jouée pour l'instant."), styles.body))
    story.append(Spacer(1, 4 * mm))
    for number, t in enumerate(result.evenings, start=1):
        story.append(para(f"{number}. {t.name} — {labels.long_date(t.date)}", styles.small))
    return build(
        story,
        title=challenge.name,
        tournament=SimpleNamespace(name=challenge.name),  # only names the document's author
    )
