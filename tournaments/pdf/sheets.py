"""The score sheets (« feuilles de marque ») of a partie: one page per table
that plays, with the teams, the rule profile, the grid of the deals, the
signature boxes and the QR code of the table's entry page.

Reads the partie's tables, teams, deals and adjustments in a fixed number of
queries, and pre-fills the grid with the deals already entered: their
contract and card points as the players said them, the marques and the
running totals as `scoring` (through the services) stored them. It never
scores a deal: a sheet prints what was stored, or blank rows to fill in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.db.models import Prefetch
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import Flowable, KeepInFrame, PageBreak, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.models import Adjustment, Deal, Round, Table, Tournament, running_totals
from tournaments.pdf.base import (
    CONTENT_HEIGHT,
    CONTENT_WIDTH,
    FONT,
    FONT_BOLD,
    GREY,
    INK,
    LIGHT,
    RED,
    RULE,
    SHADE,
    TOTAL_SHADE,
    _p,
    _rule_summary,
    _styles,
    _team_related,
    _when_where,
    build,
)
from tournaments.pdf.qr import QRCode

QR_COLUMN = 46 * mm
QR_SIZE = 32 * mm
GRID_COLUMNS = (14, 17, 37, 26, 23, 23, 23, 23)  # Donne … Total E-O, sums to 186
GRID_HEADER_ROW = 8 * mm
GRID_ROW_MAX = 11 * mm
GRID_ROW_MIN = 5 * mm
TARGET_MODE_ROWS = 20  # a partie played to a score has no fixed number of deals
SIGNATURE_HEIGHT = 22 * mm

GRID_HEADINGS = (
    "Donne",
    "Preneur",
    "Contrat",
    "Points",
    "Marque N-S",
    "Marque E-O",
    "Total N-S",
    "Total E-O",
)


def score_sheets(round: Round, *, entry_url: Callable[[Table], str | None]) -> bytes:
    """The score sheet (« feuille de marque ») of every table of a partie that
    plays, one per page, in table order: the teams, the rule profile, a grid
    of the deals pre-filled with those already entered, signature boxes and,
    when `entry_url(table)` gives one, a QR code of the table's entry page."""
    tournament = round.tournament
    tables = list(
        round.tables.filter(team_b__isnull=False)
        .select_related(*_team_related("team_a", "team_b"))
        .prefetch_related(
            Prefetch("deals", queryset=Deal.objects.order_by("number")),
            Prefetch("adjustments", queryset=Adjustment.objects.order_by("created_at")),
        )
        .order_by("number")
    )
    context = _SheetContext.of(round)
    story: list[Flowable] = []
    for table in tables:
        if story:
            story.append(PageBreak())
        story.extend(_score_sheet(context, table, entry_url(table)))
    if not story:
        story.append(_p(f"Partie {round.number} : aucune table à jouer.", _styles().title))
    title = f"Feuilles de marque — Partie {round.number} — {tournament.name}"
    return build(story, title=title, tournament=tournament)


@dataclass(frozen=True)
class _SheetContext:
    """What every sheet of a partie shares."""

    tournament: Tournament
    round: Round
    summary: str
    end: str
    planned: int
    surcoinche_factor: int

    @classmethod
    def of(cls, round: Round) -> _SheetContext:
        tournament = round.tournament
        if tournament.end_mode == Tournament.EndMode.DEALS:
            planned, end = tournament.end_deals, f"en {tournament.end_deals} donnes"
        else:
            planned = TARGET_MODE_ROWS
            end = f"en {labels.number(tournament.end_target)} points"
        factor = tournament.rule_profile.surcoinche_factor
        return cls(tournament, round, _rule_summary(tournament), end, planned, factor)


def _score_sheet(context: _SheetContext, table: Table, url: str | None) -> list[Flowable]:
    """One table's page: heading and QR code, teams, the deal grid, the
    adjustments, the signatures and the small print, on a single page."""
    grid = _deal_grid(context, table, list(table.deals.all()))
    flowables: list[Flowable] = [
        _sheet_header(context, table, url),
        Spacer(0, 3 * mm),
        _sheet_teams(table),
        Spacer(0, 4 * mm),
        grid,
    ]
    flowables += [
        *_adjustments(table),
        Spacer(0, 5 * mm),
        _signatures(table),
        Spacer(0, 2 * mm),
        _p(
            f"{context.tournament.name} — partie {context.round.number}, table {table.number}. "
            "Les marques se reportent à chaque donne ; les totaux sont cumulés. "
            "En cas de désaccord, appelez l'arbitre avant de signer.",
            _styles().tiny,
        ),
    ]
    return _on_one_page(flowables, grid)


def _sheet_header(context: _SheetContext, table: Table, url: str | None) -> PdfTable:
    """The tournament, the partie and the table on the left; the QR code of
    the entry page, when there is one, on the right."""
    styles = _styles()
    tournament = context.tournament
    heading = [
        _p("FEUILLE DE MARQUE", styles.kicker),
        _p(tournament.name, styles.title),
        _p(_when_where(tournament), styles.body),
        _p(f"Partie {context.round.number}  ·  Table {table.number}", styles.big),
        Spacer(0, 1 * mm),
        _p(f"{context.summary} ; partie {context.end}.", styles.small),
    ]
    qr: list[Flowable] = []
    if url:
        qr = [
            _p("Saisie des donnes en ligne", styles.url),
            QRCode(url, QR_SIZE),
            _p(url, styles.url),
        ]
    return PdfTable(
        [[heading, qr]],
        colWidths=[CONTENT_WIDTH - QR_COLUMN, QR_COLUMN],
        style=[
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("ALIGN", (1, 0), (1, 0), "CENTER"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ],
    )


def _sheet_teams(table: Table) -> PdfTable:
    """North-South and East-West side by side: number, name and players."""
    styles = _styles()
    half = CONTENT_WIDTH / 2
    return PdfTable(
        [
            [
                f"NORD-SUD — équipe n° {table.team_a.number}",
                f"EST-OUEST — équipe n° {table.team_b.number}",
            ],
            [
                _p(table.team_a.display_name, styles.title),
                _p(table.team_b.display_name, styles.title),
            ],
            [
                _p(labels.players_line(table.team_a), styles.cell),
                _p(labels.players_line(table.team_b), styles.cell),
            ],
        ],
        colWidths=[half, half],
        style=[
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, 8),
            ("TEXTCOLOR", (0, 0), (-1, 0), GREY),
            ("BOX", (0, 0), (-1, -1), 0.9, INK),
            ("LINEAFTER", (0, 0), (0, -1), 0.9, INK),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 2.5 * mm),
            ("TOPPADDING", (0, 1), (-1, 1), 1.5 * mm),
            ("BOTTOMPADDING", (0, 2), (-1, 2), 2 * mm),
        ],
    )


def _adjustments(table: Table) -> list[Flowable]:
    """The penalties and bonuses of the table, as stored, in one line."""
    adjustments = list(table.adjustments.all())
    if not adjustments:
        return []
    text = " ; ".join(
        f"{labels.side_label('A' if a.team_id == table.team_a_id else 'B')} "
        f"{labels.signed(a.points)} ({a.reason})"
        for a in adjustments
    )
    return [Spacer(0, 1.5 * mm), _p(f"Pénalités et bonifications : {text}", _styles().body)]


def _on_one_page(flowables: list[Flowable], grid: DealGrid) -> list[Flowable]:
    """The grid takes the height the rest leaves; a partie too long even for
    the smallest rows is shrunk as a whole: one page per table, always."""
    rest = sum(f.wrap(CONTENT_WIDTH, CONTENT_HEIGHT)[1] for f in flowables if f is not grid)
    grid.fit(CONTENT_HEIGHT - rest - 1 * mm)
    if rest + grid.height < CONTENT_HEIGHT:
        return flowables
    return [KeepInFrame(CONTENT_WIDTH, CONTENT_HEIGHT, flowables, mode="shrink")]


def _deal_grid(context: _SheetContext, table: Table, deals: list[Deal]) -> DealGrid:
    """The grid's rows: the deals entered, with their stored marques and
    running totals, then blank rows up to the planned number of deals."""
    by_number = {deal.number: (deal, a, b) for deal, a, b in running_totals(deals)}
    rows: list[tuple[str, ...]] = []
    red: set[int] = set()
    for number in range(1, max(context.planned, max(by_number, default=0)) + 1):
        if number not in by_number:
            rows.append((str(number),))
            continue
        deal, total_a, total_b = by_number[number]
        rows.append(
            (
                str(number),
                labels.side_label(deal.taker, short=True) if deal.taker else "—",
                labels.contract_label(
                    deal, surcoinche_factor=context.surcoinche_factor, short=True
                ),
                labels.card_points_label(deal),
                labels.number(deal.marque_a),
                labels.number(deal.marque_b),
                labels.number(total_a),
                labels.number(total_b),
            )
        )
        if deal.taker and labels.is_red(deal.trump):
            red.add(len(rows) - 1)
    finished = table.status == Table.Status.COMPLETE
    totals = (labels.number(table.total_a), labels.number(table.total_b)) if finished else ("", "")
    return DealGrid(rows, red=red, totals=totals)


class DealGrid(Flowable):
    """The grid of a score sheet: a heading row, one row per deal and the
    final total. Drawn straight on the canvas, a single path for the rules
    and a single text object for the words: 128 sheets are printed at once,
    and a general-purpose table costs ten times as much per cell."""

    PAD = 1.5 * mm
    # Columns 0–3 are centred, the marques and totals right-aligned.
    CENTRED = 4

    def __init__(
        self, rows: list[tuple[str, ...]], *, red: set[int], totals: tuple[str, str]
    ) -> None:
        super().__init__()
        self.rows, self.red, self.totals = rows, red, totals
        self.columns = [w * mm for w in GRID_COLUMNS]
        self.edges = [0.0]
        for w in self.columns:
            self.edges.append(self.edges[-1] + w)
        self.width = self.edges[-1]
        self.fit(CONTENT_HEIGHT)

    def fit(self, height: float) -> None:
        """Make the deal rows as tall as `height` allows, within bounds."""
        room = (height - 2 * GRID_HEADER_ROW) / max(len(self.rows), 1)
        self.row_height = max(GRID_ROW_MIN, min(GRID_ROW_MAX, room))
        self.size = 9.5 if self.row_height >= 6.5 * mm else 8
        self.height = 2 * GRID_HEADER_ROW + len(self.rows) * self.row_height

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        canvas.saveState()
        self._shade(canvas)
        self._rules(canvas)
        self._write(canvas)
        canvas.restoreState()

    def _shade(self, canvas: Canvas) -> None:
        """Heading and total rows, every other deal, the running totals."""
        width, row, edges = self.width, self.row_height, self.edges
        top_of_body = self.height - GRID_HEADER_ROW
        canvas.setFillColor(SHADE)
        canvas.rect(0, top_of_body, width, GRID_HEADER_ROW, stroke=0, fill=1)
        canvas.rect(0, 0, width, GRID_HEADER_ROW, stroke=0, fill=1)
        canvas.setFillColor(LIGHT)
        path = canvas.beginPath()
        for i in range(1, len(self.rows), 2):
            path.rect(0, top_of_body - (i + 1) * row, edges[6], row)
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.setFillColor(TOTAL_SHADE)
        body = len(self.rows) * row
        canvas.rect(edges[6], GRID_HEADER_ROW, width - edges[6], body, stroke=0, fill=1)

    def _rules(self, canvas: Canvas) -> None:
        """Thin rules between rows and columns, then the thick ones."""
        width, height, row, edges = self.width, self.height, self.row_height, self.edges
        top_of_body = height - GRID_HEADER_ROW
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        path = canvas.beginPath()
        for i in range(len(self.rows)):
            y = top_of_body - i * row
            path.moveTo(0, y)
            path.lineTo(width, y)
        for x in edges[1:-1]:
            path.moveTo(x, GRID_HEADER_ROW if x < edges[6] else 0)
            path.lineTo(x, height)
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.9)
        path = canvas.beginPath()
        path.rect(0, 0, width, height)
        for x in (edges[4], edges[6]):
            path.moveTo(x, 0 if x == edges[6] else GRID_HEADER_ROW)
            path.lineTo(x, height)
        path.moveTo(0, GRID_HEADER_ROW)
        path.lineTo(width, GRID_HEADER_ROW)
        canvas.drawPath(path, stroke=1, fill=0)

    def _write(self, canvas: Canvas) -> None:
        """Words, all in one text object: headings, deals, final total."""
        row = self.row_height
        top_of_body = self.height - GRID_HEADER_ROW
        text = canvas.beginText()
        text.setFillColor(INK)
        self._words(text, GRID_HEADINGS, top_of_body, GRID_HEADER_ROW, FONT_BOLD, 8.5)
        for i, cells in enumerate(self.rows):
            bottom = top_of_body - (i + 1) * row
            text.setFillColor(GREY)
            self._words(text, cells[:1], bottom, row, FONT_BOLD, 9.5)
            text.setFillColor(INK)
            self._words(text, cells, bottom, row, FONT, self.size, first=1, red=i in self.red)
        text.setFillColor(INK)
        total = ("Total final", "", "", "", "", "", *self.totals)
        self._words(text, total, 0, GRID_HEADER_ROW, FONT_BOLD, 11, spanned=6)
        canvas.drawText(text)

    def _words(
        self,
        text: PDFTextObject,
        cells: Sequence[str],
        bottom: float,
        height: float,
        font: str,
        size: float,
        *,
        first: int = 0,
        red: bool = False,
        spanned: int = 0,
    ) -> None:
        """Write a row's cells from column `first`; with `red`, the contract
        in red; with `spanned`, the first cell right-aligned across that many
        columns."""
        text.setFont(font, size)
        # Centre the digits' height (about 0.73 em in DejaVu Sans) in the row.
        baseline = bottom + (height - 0.73 * size) / 2
        for column in range(first, len(cells)):
            value = cells[column]
            if not value:
                continue
            width = pdfmetrics.stringWidth(value, font, size)
            span = spanned if spanned and column == first else 1
            right = self.edges[column + span]
            if column >= self.CENTRED or span > 1:
                x = right - self.PAD - width
            else:
                x = (self.edges[column] + right - width) / 2
            text.setTextOrigin(x, baseline)
            if red and column == 2:
                text.setFillColor(RED)
                text.textOut(value)
                text.setFillColor(INK)
            else:
                text.textOut(value)


def _signatures(table: Table) -> PdfTable:
    half = CONTENT_WIDTH / 2 - 2 * mm
    return PdfTable(
        [
            [
                f"Signature Nord-Sud (équipe n° {table.team_a.number}) · code {table.code_a}",
                "",
                f"Signature Est-Ouest (équipe n° {table.team_b.number}) · code {table.code_b}",
            ],
            ["", "", ""],
        ],
        colWidths=[half, 4 * mm, half],
        rowHeights=[6 * mm, SIGNATURE_HEIGHT],
        style=[
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, 8),
            ("TEXTCOLOR", (0, 0), (-1, 0), GREY),
            ("BOX", (0, 1), (0, 1), 0.9, INK),
            ("BOX", (2, 1), (2, 1), 0.9, INK),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ],
    )
