"""The teams' coupons, printed after the score sheets of the partie that
first gives their codes.

One coupon per team whose code of the day no earlier partie printed (issue
38: in a concours of fixed teams, partie 1 prints them all and the next
ones none), in the order of the teams' numbers, two a row, framed by dashed
lines to cut along: the team's number and name and its code (« 4821 0937 »).
The code serves every partie (issue 54, item 11), so a coupon names no
partie, table or side, and carries no table's QR code: at each partie the
team scans the sheet of its table. The organizer hands each team its
coupon: the sheet that lies on the table carries no code, so a team cannot
read the other's code and « confirm » its own entry with it.

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
from tournaments.models import Round, Table, Team
from tournaments.pdf.base import CONTENT_WIDTH, GREY, fitted, para, pdf_styles

COUPON_HEIGHT = 40 * mm
COUPON_WIDTH = CONTENT_WIDTH / 2
PADDING = 3 * mm
CUT = (3, 2)  # the dash of the cutting lines, in points


def coupons_story(
    round: Round, tables: list[Table], *, wanted: Callable[[Table], list[str]]
) -> list[Flowable]:
    """A heading that says what to do with the coupons, then the coupons
    two by two, in the order of the teams' numbers: for each table, those
    of the sides `wanted` says (a team whose code of the day an earlier
    partie printed needs none)."""
    styles = pdf_styles()
    heading = [
        para(gettext("✂ COUPONS DES ÉQUIPES — À DÉCOUPER"), styles.kicker),
        para(round.tournament.name, styles.title),
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
    teams = sorted(
        (
            (table.team_a, table.code_a) if side == "A" else (table.team_b, table.code_b)
            for table in tables
            for side in wanted(table)
        ),
        key=lambda team_code: team_code[0].number,
    )
    coupons = [_coupon(team, code) for team, code in teams]
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


def _coupon(team: Team, code: str) -> list[Flowable]:
    """« Coupon de l'équipe n° 12 », its name, its code in large type, what
    to do with it."""
    styles = pdf_styles()
    return [
        para(gettext("Coupon de l'équipe n° %(number)s") % {"number": team.number}, styles.kicker),
        fitted(team.display_name, COUPON_WIDTH - 2 * PADDING, 11, 7.5),
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


def _code_line(code: str) -> Paragraph:
    """« code 4821 0937 »: the word small, the digits large, on one line."""
    word = escape(gettext("code"))
    return Paragraph(f'<font size="9">{word}</font> {labels.team_code(code)}', pdf_styles().big)
