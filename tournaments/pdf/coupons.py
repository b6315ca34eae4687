"""The teams' coupons of a partie, printed after its score sheets.

For each table that plays, one coupon per team whose code of the day no
earlier partie printed (issue 38: in a concours of fixed teams, partie 1
prints them all and the next ones none): its side, its number and name, its
code (« 4821 0937 ») and the QR code of the table's link, two coupons a row,
framed by dashed lines to cut along. The organizer hands each team its
coupon: the sheet that lies on the table carries no code, so a team cannot read the other's code and
« confirm » its own entry with it.

Prints what it is given (the tables the sheets have loaded): no query of
its own, and never a score.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.models import Round, Table
from tournaments.pdf.base import CONTENT_WIDTH, GREY, fitted, para, pdf_styles
from tournaments.pdf.qr import QRCode

COUPON_HEIGHT = 48 * mm
COUPON_WIDTH = CONTENT_WIDTH / 2
COUPON_QR = 27 * mm
PADDING = 3 * mm
CUT = (3, 2)  # the dash of the cutting lines, in points


def coupons_story(
    round: Round,
    tables: list[Table],
    *,
    entry_url: Callable[[Table], str | None],
    wanted: Callable[[Table], list[str]] = lambda table: ["A", "B"],
) -> list[Flowable]:
    """A heading that says what to do with the coupons, then the coupons
    two by two, in table order (the pages follow the stack of sheets): for
    each table, those of the sides `wanted` says (a team whose code of the
    day an earlier partie printed needs none)."""
    styles = pdf_styles()
    heading = [
        para(gettext("✂ COUPONS DES ÉQUIPES — À DÉCOUPER"), styles.kicker),
        para(
            gettext("Partie %(round)s — %(tournament)s")
            % {"round": round.number, "tournament": round.tournament.name},
            styles.title,
        ),
        para(
            gettext(
                "Découpez selon les pointillés et remettez à chaque équipe son coupon, "
                "en main propre. Chaque coupon porte le code de son équipe seule, valable "
                "pour toutes les parties du concours : ne les posez pas sur les tables. Un "
                "coupon perdu : le code est sur l'écran de la table, côté organisateur."
            ),
            styles.body,
        ),
        Spacer(0, 3 * mm),
    ]
    coupons = [
        _coupon(round, table, side, entry_url(table)) for table in tables for side in wanted(table)
    ]
    rows = [
        coupons[i : i + 2] + [""] * (2 - len(coupons[i : i + 2])) for i in range(0, len(coupons), 2)
    ]
    grid = PdfTable(
        rows,
        colWidths=[COUPON_WIDTH, COUPON_WIDTH],
        rowHeights=[COUPON_HEIGHT] * len(rows),
        style=[
            ("GRID", (0, 0), (-1, -1), 0.6, GREY, None, CUT),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
            ("TOPPADDING", (0, 0), (-1, -1), PADDING),
            ("BOTTOMPADDING", (0, 0), (-1, -1), PADDING),
        ],
    )
    return [*heading, grid]


def _coupon(round: Round, table: Table, side: str, url: str | None) -> PdfTable:
    """« Coupon Nord-Sud — équipe n° 12 », the table, the team's name, its
    code in large type, what to do with it; the table's QR code on the
    right."""
    styles = pdf_styles()
    team = table.team_a if side == "A" else table.team_b
    code = table.code_a if side == "A" else table.code_b
    text_width = COUPON_WIDTH - 2 * PADDING - (COUPON_QR + 2 * mm if url else 0)
    text = [
        para(
            gettext("Coupon %(side)s — équipe n° %(number)s")
            % {"side": labels.side_label(side), "number": team.number},
            styles.kicker,
        ),
        para(
            gettext("Partie %(round)s  ·  Table %(table)s")
            % {"round": round.number, "table": table.number},
            styles.body,
        ),
        fitted(team.display_name, text_width, 11, 7.5),
        Spacer(0, 1.5 * mm),
        _code_line(code),
        Spacer(0, 1 * mm),
        para(
            gettext(
                "Ce code sert pour toutes les parties : à chaque partie, scannez le QR code "
                "de la feuille de votre table et tapez-le pour saisir les donnes ou confirmer "
                "celles de l'autre équipe. Gardez-le pour votre équipe."
            ),
            styles.tiny,
        ),
    ]
    cells = [[text, QRCode(url, COUPON_QR)]] if url else [[text]]
    widths = [text_width, COUPON_QR + 2 * mm] if url else [text_width]
    return PdfTable(
        cells,
        colWidths=widths,
        style=[
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("ALIGN", (-1, 0), (-1, 0), "RIGHT"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ],
    )


def _code_line(code: str) -> Paragraph:
    """« code 4821 0937 »: the word small, the digits large, on one line."""
    word = escape(gettext("code"))
    return Paragraph(f'<font size="9">{word}</font> {labels.team_code(code)}', pdf_styles().big)
