"""The printed result cards (issue 40): one A6 page per team, to hand out
with the final ranking — its place, points, parties won, lot, and the QR
code of its own results page (the team's page of the concours).

For a player who gave no address or has no phone: the same words as the
result mail, on paper. Prints what it is given (queries.result_cards):
no query of its own, and never a score.
"""

from __future__ import annotations

import io

from django.utils.translation import gettext
from reportlab.lib.pagesizes import A6
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, SimpleDocTemplate, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.features.messages.queries import Card
from tournaments.pdf.base import FONT, FONT_BOLD, INK, RULE, fitted, para, pdf_styles, when_where
from tournaments.pdf.qr import QRCode, printed_link

MARGIN = 8 * mm
#: The frame's own padding (6 points a side) taken off: a name fitted to it never wraps.
WIDTH = A6[0] - 2 * MARGIN - 12
QR_SIZE = 44 * mm


def _card(tournament, card: Card) -> list[Flowable]:
    styles = pdf_styles()
    lines = [
        [gettext("Points"), card.points],
        [gettext("Parties gagnées"), card.won],
    ]
    if card.lot:
        lines.append([gettext("Lot gagné"), card.lot])
    figures = PdfTable(
        [[para(a, styles.body), para(b, styles.cell_bold)] for a, b in lines],
        colWidths=[WIDTH * 0.45, WIDTH * 0.55],
        style=[
            ("LINEBELOW", (0, 0), (-1, -2), 0.4, RULE),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("FONT", (0, 0), (-1, -1), FONT, 9.5),
            ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ],
    )
    code = PdfTable(
        [[QRCode(card.link, QR_SIZE)], [printed_link(card.link, styles.url, WIDTH)]],
        colWidths=[WIDTH],
        style=[("ALIGN", (0, 0), (-1, -1), "CENTER"), ("FONT", (0, 0), (-1, -1), FONT_BOLD)],
    )
    return [
        para(tournament.name, styles.kicker),
        para(when_where(tournament), styles.small),
        Spacer(0, 2 * mm),
        fitted(card.team, WIDTH, 13, 8),
        Spacer(0, 0.8 * mm),
        para(gettext("Équipe n° %(number)s") % {"number": card.number}, styles.small),
        Spacer(0, 1.5 * mm),
        fitted(card.place, WIDTH, 22, 12),
        Spacer(0, 1.5 * mm),
        figures,
        Spacer(0, 2 * mm),
        para(gettext("Vos parties, table par table :"), styles.small),
        code,
    ]


def result_cards_pdf(tournament, cards: list[Card]) -> bytes:
    """One A6 page per team, in the order of the ranking."""
    pdf_styles()  # the fonts registered before the first page
    buffer = io.BytesIO()
    title = gettext("Cartes de résultat — %(name)s") % {"name": tournament.name}
    doc = SimpleDocTemplate(
        buffer,
        pagesize=A6,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        author=tournament.name,
    )
    story: list[Flowable] = []
    for index, card in enumerate(cards):
        if index:
            story.append(PageBreak())
        story.extend(_card(tournament, card))
    if not story:
        story.append(para(gettext("Aucune équipe classée."), pdf_styles().body))
    doc.build(story)
    return buffer.getvalue()
