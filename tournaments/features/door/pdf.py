"""The « Pointage à l'entrée » poster: one A4 page to stick by the door, its
title in large type, the three steps of a check-in and the QR code of the
tournament's check-in link, the address printed under it for a tablet.

Prints the address it is given (services.py makes the key, the view
the address): no query, no write.
"""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.models import Tournament
from tournaments.pdf.base import (
    CONTENT_WIDTH,
    FONT,
    FONT_BOLD,
    INK,
    build,
    para,
    pdf_styles,
    when_where,
)
from tournaments.pdf.qr import QRCode, printed_link

#: Read by a phone held at arm's length, and by a tablet's camera.
POSTER_QR = 110 * mm


def _centred(name: str, size: float, *, bold: bool = False) -> ParagraphStyle:
    return ParagraphStyle(
        name,
        fontName=FONT_BOLD if bold else FONT,
        fontSize=size,
        leading=size * 1.2,
        alignment=TA_CENTER,
        textColor=INK,
    )


def door_poster(tournament: Tournament, *, url: str) -> bytes:
    """The poster of `tournament`'s check-in at `url` (an absolute address)."""
    styles = pdf_styles()
    steps = [
        gettext("1. Scannez ce code avec l'appareil photo de votre téléphone."),
        gettext("2. Tapez trois lettres de votre nom ou de celui de votre partenaire."),
        gettext("3. Touchez votre équipe, puis « Oui, nous sommes là »."),
    ]
    qr = PdfTable([[QRCode(url, POSTER_QR)]], colWidths=[CONTENT_WIDTH])
    qr.setStyle([("ALIGN", (0, 0), (-1, -1), "CENTER")])
    story = [
        para(gettext("Pointage à l'entrée"), _centred("door-title", 40, bold=True)),
        Spacer(0, 4 * mm),
        para(tournament.name, _centred("door-name", 22, bold=True)),
        para(when_where(tournament), _centred("door-when", 14)),
        Spacer(0, 8 * mm),
        *(para(step, _centred(f"door-step{i}", 17)) for i, step in enumerate(steps)),
        Spacer(0, 6 * mm),
        qr,
        Spacer(0, 4 * mm),
        printed_link(url, _centred("door-url", 10), CONTENT_WIDTH),
        Spacer(0, 4 * mm),
        para(
            gettext("Pas de téléphone ? La tablette de l'entrée ou l'accueil vous pointe."),
            styles.body,
        ),
    ]
    return build(story, title=gettext("Pointage à l'entrée"), tournament=tournament)
