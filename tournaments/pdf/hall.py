"""The hall's documents: the poster for the wall, and the paper fallback kit.

The poster (one page, for the wall and the projector) tells players how to
join: the tournament's name, the Wi-Fi network and its password as the
organizer typed them, and a big QR code of the tournament's public page with
« Où je joue ? ». The fallback kit is what the desk prints when the laptop or
the Wi-Fi fails mid-partie: blank score sheets for the partie in play, the
organizer's list of tables with their links and team codes, and the
standings so far. Both print what is stored; nothing is computed here.
"""

from __future__ import annotations

from django.utils.translation import gettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.display import standings as columns
from tournaments.infra import links
from tournaments.models import Round, Tournament
from tournaments.pdf.base import (
    CONTENT_WIDTH,
    base_grid,
    build,
    fitted,
    para,
    pdf_styles,
    team_related,
)
from tournaments.pdf.qr import QRCode, printed_link
from tournaments.pdf.sheets import sheets_story
from tournaments.queries.standings import tournament_standings

POSTER_QR = 120 * mm


def poster(tournament: Tournament, *, public_url: str, wifi: str = "", password: str = "") -> bytes:
    """The one-page poster: join the Wi-Fi, scan, « Où je joue ? »."""
    styles = pdf_styles()
    page_url = public_url + tournament.get_absolute_url()
    story: list[Flowable] = [
        fitted(tournament.name, CONTENT_WIDTH, 30, 16),
        para(labels.long_date(tournament.date), styles.big),
        Spacer(0, 8 * mm),
    ]
    if wifi:
        # Read from across the hall: the network and its password in large type.
        story.append(fitted(gettext("1. Wi-Fi : %(name)s") % {"name": wifi}, CONTENT_WIDTH, 28, 14))
        if password:
            line = gettext("Mot de passe : %(pw)s") % {"pw": password}
            story.append(fitted(line, CONTENT_WIDTH, 28, 14))
        story.append(Spacer(0, 4 * mm))
        story.append(fitted(gettext("2. Scannez :"), CONTENT_WIDTH, 28, 14))
    else:
        story.append(fitted(gettext("Scannez avec votre téléphone :"), CONTENT_WIDTH, 28, 14))
    qr = QRCode(page_url, POSTER_QR)
    qr.hAlign = "CENTER"
    story += [
        Spacer(0, 4 * mm),
        qr,
        Spacer(0, 4 * mm),
        printed_link(page_url, styles.body, CONTENT_WIDTH),
        Spacer(0, 6 * mm),
        fitted(gettext("Où je joue ? · Classement en direct"), CONTENT_WIDTH, 24, 14),
    ]
    return build(story, title=gettext("Affiche de la salle"), tournament=tournament)


def fallback_kit(round: Round, *, public_url: str) -> bytes:
    """One PDF: the organizer's list of tables with their links and codes,
    the score sheet of every table (pre-filled with the deals entered so far,
    the rest blank), then the standings before this partie."""
    styles = pdf_styles()
    tournament = round.tournament
    story: list[Flowable] = [
        para(gettext("Secours papier — partie %(n)s") % {"n": round.number}, styles.title),
        para(
            gettext(
                "Si l'ordinateur ou le Wi-Fi tombe : les tables notent sur papier, "
                "l'organisateur reporte ensuite les donnes ou les totaux."
            ),
            styles.body,
        ),
        Spacer(0, 4 * mm),
        _tables_list(round, public_url),
        PageBreak(),
        *sheets_story(round, entry_url=lambda table: public_url + links.entry_path(table)),
        PageBreak(),
        para(gettext("Classement provisoire"), styles.title),
        _standings_so_far(tournament),
    ]
    return build(story, title=gettext("Secours papier"), tournament=tournament)


def _tables_list(round: Round, public_url: str) -> PdfTable:
    styles = pdf_styles()
    tables = round.tables.select_related(*team_related("team_a", "team_b")).order_by("number")
    rows: list[list] = [
        [
            gettext("Table"),
            labels.side_label("A"),
            labels.side_label("B"),
            gettext("Codes"),
            gettext("Lien de saisie"),
        ]
    ]
    for table in tables:
        if table.is_bye:
            # The exempt team sits at no table: no number (as on the plan).
            rows.append(["—", str(table.team_a), gettext("exempte"), "", ""])
            continue
        rows.append(
            [
                str(table.number),
                para(str(table.team_a), styles.cell),
                para(str(table.team_b), styles.cell),
                para(
                    f"{labels.team_code(table.code_a)} / {labels.team_code(table.code_b)}",
                    styles.cell_small,
                ),
                para(public_url + links.entry_path(table), styles.cell_small),
            ]
        )
    widths = [12 * mm, 38 * mm, 38 * mm, 30 * mm, CONTENT_WIDTH - 118 * mm]
    return PdfTable(rows, colWidths=widths, style=base_grid(), repeatRows=1)


def _standings_so_far(tournament: Tournament) -> PdfTable:

    shown = columns.standings_columns(tournament.criteria)
    rows: list[list] = [[gettext("Rang"), gettext("Équipe"), *[str(c.short) for c in shown]]]
    for standing in tournament_standings(tournament):
        rows.append(
            [
                labels.ordinal(standing.row.rank),
                para(str(standing.entrant or "—"), pdf_styles().cell),
                *[labels.number(columns.value(standing.row, c)) for c in shown],
            ]
        )
    fixed = 14 * len(shown)
    widths = [14 * mm, (CONTENT_WIDTH / mm - 14 - fixed) * mm, *[14 * mm] * len(shown)]
    return PdfTable(rows, colWidths=widths, style=base_grid(), repeatRows=1)
