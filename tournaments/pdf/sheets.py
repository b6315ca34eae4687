"""The tournament's printed documents: score sheets, table plan, ranking, results.

One renderer per document. Each takes model objects, reads what it needs in a
fixed number of queries whatever the size of the tournament, and returns the
PDF as bytes: the view only wraps them in a response. Page geometry is in mm,
the styles are built once, and the text is set in DejaVu Sans, embedded, so
that French accents and the suit signs ♠ ♥ ♦ ♣ print.

Nothing here writes to the database or computes a score: the marques and the
totals are read as `scoring` (through the services) stored them, and the
ranking comes from `tournaments.standings`.
"""

from __future__ import annotations

import functools
import io
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date as Date
from html import escape
from pathlib import Path
from typing import Any

import segno
from django.db.models import Prefetch
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.textobject import PDFTextObject
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    KeepInFrame,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
)
from reportlab.platypus import Table as PdfTable

from tournaments.models import (
    Adjustment,
    Deal,
    Round,
    Table,
    Team,
    Tournament,
    running_totals,
)
from tournaments.standings import tournament_standings

# --- Page geometry (mm) -----------------------------------------------------

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 12 * mm
CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
CONTENT_HEIGHT = PAGE_HEIGHT - 2 * MARGIN
HEADER_BAND = 14 * mm  # running header of the multi-page documents
LEAD_BAND = 8 * mm  # a line of instructions under the running header
FOOTER_BAND = 8 * mm
COLUMN_GAP = 6 * mm

# Score sheet.
QR_COLUMN = 46 * mm
QR_SIZE = 32 * mm
QR_QUIET_ZONE = 4  # modules of white around the symbol, as ISO 18004 asks
# Choosing the best of the eight masks costs about 5 ms a symbol and any mask
# reads as well on a printed page: one is fixed (128 tables: 0.6 s saved).
QR_MASK = 0
GRID_COLUMNS = (14, 17, 37, 26, 23, 23, 23, 23)  # Donne … Total E-O, sums to 186
GRID_HEADER_ROW = 8 * mm
GRID_ROW_MAX = 11 * mm
GRID_ROW_MIN = 5 * mm
TARGET_MODE_ROWS = 20  # a partie played to a score has no fixed number of deals
SIGNATURE_HEIGHT = 22 * mm

# Ranking.
PODIUM_NAME = CONTENT_WIDTH - 68 * mm

# Table plan: two columns of large type.
PLAN_COLUMN = (CONTENT_WIDTH - COLUMN_GAP) / 2
PLAN_COLUMNS = (PLAN_COLUMN - 31 * mm, 17 * mm, 14 * mm)
PLAN_NAME_SIZES = (14, 9)  # largest and smallest type for a name before it wraps

# --- Fonts and colours --------------------------------------------------------

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),  # Debian, Ubuntu: fonts-dejavu-core
    Path("/usr/share/fonts/dejavu"),  # Alpine, older Fedora
    Path("/usr/share/fonts/dejavu-sans-fonts"),  # Fedora
    Path("/usr/share/fonts/TTF"),  # Arch
    Path("/usr/local/share/fonts"),
    Path("/usr/local/share/fonts/dejavu"),
    Path("/opt/homebrew/share/fonts"),
    Path.home() / ".local/share/fonts",
    Path("/Library/Fonts"),
    Path.home() / "Library/Fonts",
)

INK = colors.HexColor("#1a1a1a")
RED = colors.HexColor("#c8102e")
GREY = colors.HexColor("#666666")
RULE = colors.HexColor("#9a9a9a")
SHADE = colors.HexColor("#eeeeee")
LIGHT = colors.HexColor("#f6f6f6")
TOTAL_SHADE = colors.HexColor("#e4ecf5")
MEDALS = (colors.HexColor("#d4af37"), colors.HexColor("#a8a9ad"), colors.HexColor("#b0703c"))

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "SA": "SA", "TA": "TA"}
RED_SUITS = {"H", "D"}
SIDES = {"A": "N-S", "B": "E-O"}
COINCHE = {1: "coinché", 2: "surcoinché"}

DAYS = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
MONTHS = (
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
)


class FontMissing(RuntimeError):
    """DejaVu Sans is not installed where this module looks for it."""


@functools.cache
def _register_fonts() -> None:
    """Register DejaVu Sans once per process (lazily: importing this module
    must not fail on a machine that never prints)."""
    for folder in FONT_DIRS:
        regular, bold = folder / "DejaVuSans.ttf", folder / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            pdfmetrics.registerFont(TTFont(FONT, str(regular)))
            pdfmetrics.registerFont(TTFont(FONT_BOLD, str(bold)))
            pdfmetrics.registerFontFamily(
                FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD
            )
            return
    searched = ", ".join(str(folder) for folder in FONT_DIRS)
    raise FontMissing(
        "The PDFs need the DejaVu Sans font (DejaVuSans.ttf and DejaVuSans-Bold.ttf) "
        f"and found it in none of: {searched}. "
        "Install it, e.g. `apt-get install fonts-dejavu-core` on Debian or Ubuntu."
    )


@dataclass(frozen=True)
class _Styles:
    kicker: ParagraphStyle
    title: ParagraphStyle
    heading: ParagraphStyle
    big: ParagraphStyle
    body: ParagraphStyle
    small: ParagraphStyle
    tiny: ParagraphStyle
    url: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    cell_small: ParagraphStyle
    podium: tuple[ParagraphStyle, ParagraphStyle, ParagraphStyle]
    podium_points: ParagraphStyle
    small_right: ParagraphStyle


@functools.cache
def _styles() -> _Styles:
    _register_fonts()
    # Binary page streams: ReportLab's default ASCII85 wrapping only makes the
    # files a quarter larger and, without its C accelerator, slower to write.
    rl_config.useA85 = 0

    def style(name: str, size: float, *, bold: bool = False, **extra: Any) -> ParagraphStyle:
        extra.setdefault("leading", size * 1.22)
        extra.setdefault("textColor", INK)
        return ParagraphStyle(name, fontName=FONT_BOLD if bold else FONT, fontSize=size, **extra)

    return _Styles(
        kicker=style("kicker", 8, bold=True, textColor=GREY),
        title=style("title", 15, bold=True, spaceAfter=1 * mm),
        heading=style("heading", 18, bold=True, spaceAfter=1 * mm),
        big=style("big", 20, bold=True, leading=25, spaceBefore=1 * mm),
        body=style("body", 9.5),
        small=style("small", 8, textColor=GREY),
        tiny=style("tiny", 6.5, textColor=GREY),
        url=style("url", 5.5, leading=6.6, alignment=TA_CENTER, wordWrap="CJK", textColor=GREY),
        cell=style("cell", 10),
        cell_bold=style("cell_bold", 10, bold=True),
        cell_small=style("cell_small", 7.5, textColor=GREY),
        podium=(
            style("podium1", 22, bold=True, leading=27),
            style("podium2", 17, bold=True, leading=21),
            style("podium3", 15, bold=True, leading=19),
        ),
        podium_points=style("podium_points", 13, bold=True, alignment=TA_RIGHT),
        small_right=style("small_right", 8, alignment=TA_RIGHT, textColor=GREY),
    )


def _base_grid(*, header_rows: int = 1) -> list[tuple]:
    """Table style commands shared by every grid (header shaded, thin rules)."""
    last = header_rows - 1
    return [
        ("FONT", (0, 0), (-1, -1), FONT, 9.5),
        ("FONT", (0, 0), (-1, last), FONT_BOLD, 8.5),
        ("TEXTCOLOR", (0, 0), (-1, -1), INK),
        ("BACKGROUND", (0, 0), (-1, last), SHADE),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.4, RULE),
        ("BOX", (0, 0), (-1, -1), 0.9, INK),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5 * mm),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.5 * mm),
    ]


# --- Small formatting helpers ----------------------------------------------


def _n(value: int | None) -> str:
    """A number the French way: thin space between thousands, true minus."""
    if value is None:
        return ""
    text = f"{abs(value):,}".replace(",", "\u202f")
    return f"−{text}" if value < 0 else text


def _signed(value: int) -> str:
    return f"+{_n(value)}" if value > 0 else _n(value)


def _date_fr(day: Date) -> str:
    number = "1er" if day.day == 1 else str(day.day)
    return f"{DAYS[day.weekday()]} {number} {MONTHS[day.month - 1]} {day.year}"


def _when_where(tournament: Tournament) -> str:
    parts = [_date_fr(tournament.date)]
    if tournament.venue:
        parts.append(tournament.venue)
    return " — ".join(parts)


def _p(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(text, quote=False), style)


@functools.cache
def _bold_style(size: float) -> ParagraphStyle:
    return ParagraphStyle(
        f"bold{size}", fontName=FONT_BOLD, fontSize=size, leading=size * 1.18, textColor=INK
    )


def _fitted(text: str, width: float, largest: float, smallest: float) -> Paragraph:
    """`text` in bold, as large as fits on one line of `width`, down to
    `smallest`; past that it wraps."""
    size = largest
    measured = pdfmetrics.stringWidth(text, FONT_BOLD, size)
    if measured > width:
        size = max(smallest, int(2 * size * width / measured) / 2)
    return _p(text, _bold_style(size))


def _clip(text: str, font: str, size: float, width: float) -> str:
    """`text` cut short with an ellipsis to fit on one line of `width`."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _fold(text: str) -> str:
    """Sort key that puts « Élodie » with the E's, as a French reader expects."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _rule_summary(tournament: Tournament) -> str:
    return tournament.rule_profile.summary_fr()


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count in (0, 1) else many}"


def _ordinal(rank: int) -> str:
    return "1er" if rank == 1 else f"{rank}e"


def _players(team: Team) -> str:
    return f"{team.player1} & {team.player2}"


_TEAM_PLAYERS = ("player1", "player2")


def _team_related(*prefixes: str) -> list[str]:
    return [f"{prefix}__{player}" for prefix in prefixes for player in _TEAM_PLAYERS]


# --- Documents ---------------------------------------------------------------


def _document(
    buffer: io.BytesIO,
    *,
    title: str,
    tournament: Tournament,
    running_head: str | None = None,
    lead: str | None = None,
    columns: int = 1,
) -> BaseDocTemplate:
    """A4 document in `columns` columns; with `running_head`, each page
    carries the tournament's name, the document's name, the page number and
    the `lead` line when there is one."""
    _styles()  # registers the fonts before the first page is laid out

    def decorate(canvas, doc) -> None:
        if running_head is None:
            return
        canvas.saveState()
        top = PAGE_HEIGHT - MARGIN
        canvas.setFont(FONT, 9)
        canvas.setFillColor(INK)
        canvas.drawRightString(PAGE_WIDTH - MARGIN, top - 4 * mm, running_head)
        room = CONTENT_WIDTH - pdfmetrics.stringWidth(running_head, FONT, 9) - 8 * mm
        canvas.setFont(FONT_BOLD, 10)
        canvas.drawString(MARGIN, top - 4 * mm, _clip(tournament.name, FONT_BOLD, 10, room))
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, top - 7 * mm, PAGE_WIDTH - MARGIN, top - 7 * mm)
        if lead:
            canvas.setFont(FONT, 9.5)
            canvas.drawString(MARGIN, top - 7 * mm - LEAD_BAND + 2.5 * mm, lead)
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(GREY)
        canvas.drawString(
            MARGIN, MARGIN, _clip(_when_where(tournament), FONT, 7.5, CONTENT_WIDTH - 20 * mm)
        )
        canvas.drawRightString(PAGE_WIDTH - MARGIN, MARGIN, f"page {doc.page}")
        canvas.restoreState()

    top = (HEADER_BAND if running_head else 0) + (LEAD_BAND if lead else 0)
    bottom = FOOTER_BAND if running_head else 0
    width = (CONTENT_WIDTH - (columns - 1) * COLUMN_GAP) / columns
    frames = [
        Frame(
            MARGIN + i * (width + COLUMN_GAP),
            MARGIN + bottom,
            width,
            CONTENT_HEIGHT - top - bottom,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id=f"column{i}",
        )
        for i in range(columns)
    ]
    doc = BaseDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        author=tournament.name,
        subject=title,
        creator="Belote tournois",
        lang="fr-FR",
        # Same data, same bytes: no timestamp or random id in the file.
        invariant=True,
    )
    doc.addPageTemplates([PageTemplate(id="page", frames=frames, onPage=decorate)])
    return doc


def _render(doc: BaseDocTemplate, story: list[Flowable], buffer: io.BytesIO) -> bytes:
    doc.build(story)
    return buffer.getvalue()


# --- QR code ------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def _qr_path(data: str) -> tuple[int, str]:
    """The QR symbol of `data`: its width in modules and the PDF path
    operators that fill its dark modules, in module units with y downwards.

    One rectangle per horizontal run of dark modules, all filled at once so
    that no seam shows between them; built once per text, as a literal."""
    matrix = segno.make_qr(data, error="m", mask=QR_MASK).matrix
    ops: list[str] = []
    for y, row in enumerate(matrix):
        x, width = 0, len(row)
        while x < width:
            if row[x]:
                start = x
                while x < width and row[x]:
                    x += 1
                ops.append(f"{start} {y} {x - start} 1 re")
            else:
                x += 1
    ops.append("f")
    return len(matrix), "\n".join(ops)


class QRCode(Flowable):
    """A QR code drawn as vector rectangles: no image, no temporary file."""

    def __init__(self, data: str, size: float) -> None:
        super().__init__()
        self.data = data
        self.width = self.height = size
        self.modules, self.path = _qr_path(data)

    def draw(self) -> None:
        module = self.width / (self.modules + 2 * QR_QUIET_ZONE)
        origin = QR_QUIET_ZONE * module
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor(colors.black)
        # Module units, origin at the symbol's top left corner, y downwards.
        canvas.transform(module, 0, 0, -module, origin, self.height - origin)
        canvas.addLiteral(self.path)
        canvas.restoreState()


# --- Score sheets -------------------------------------------------------------


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
    summary = _rule_summary(tournament)
    if tournament.end_mode == Tournament.EndMode.DEALS:
        planned, end = tournament.end_deals, f"en {tournament.end_deals} donnes"
    else:
        planned, end = TARGET_MODE_ROWS, f"en {_n(tournament.end_target)} points"
    context = _SheetContext(
        tournament=tournament,
        round=round,
        summary=summary,
        end=end,
        planned=planned,
    )
    story: list[Flowable] = []
    for table in tables:
        if story:
            story.append(PageBreak())
        story.extend(_score_sheet(context, table, entry_url(table)))
    if not story:
        story.append(_p(f"Partie {round.number} : aucune table à jouer.", _styles().title))
    buffer = io.BytesIO()
    title = f"Feuilles de marque — Partie {round.number} — {tournament.name}"
    return _render(_document(buffer, title=title, tournament=tournament), story, buffer)


@dataclass(frozen=True)
class _SheetContext:
    tournament: Tournament
    round: Round
    summary: str
    end: str
    planned: int


def _score_sheet(context: _SheetContext, table: Table, url: str | None) -> list[Flowable]:
    styles = _styles()
    tournament = context.tournament
    deals = list(table.deals.all())
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
    header = PdfTable(
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
    half = CONTENT_WIDTH / 2
    teams = PdfTable(
        [
            [
                f"NORD-SUD — équipe n° {table.team_a.number}",
                f"EST-OUEST — équipe n° {table.team_b.number}",
            ],
            [
                _p(table.team_a.display_name, styles.title),
                _p(table.team_b.display_name, styles.title),
            ],
            [_p(_players(table.team_a), styles.cell), _p(_players(table.team_b), styles.cell)],
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
    grid = _deal_grid(context, table, deals)
    flowables: list[Flowable] = [header, Spacer(0, 3 * mm), teams, Spacer(0, 4 * mm), grid]
    adjustments = list(table.adjustments.all())
    if adjustments:
        text = " ; ".join(
            f"{'Nord-Sud' if a.team_id == table.team_a_id else 'Est-Ouest'} "
            f"{_signed(a.points)} ({a.reason})"
            for a in adjustments
        )
        flowables += [Spacer(0, 1.5 * mm), _p(f"Pénalités et bonifications : {text}", styles.body)]
    flowables += [Spacer(0, 5 * mm), _signatures(table)]
    flowables += [
        Spacer(0, 2 * mm),
        _p(
            f"{tournament.name} — partie {context.round.number}, table {table.number}. "
            "Les marques se reportent à chaque donne ; les totaux sont cumulés. "
            "En cas de désaccord, appelez l'arbitre avant de signer.",
            styles.tiny,
        ),
    ]
    # The grid takes the height the rest leaves; a partie too long even for
    # the smallest rows is shrunk as a whole: one page per table, always.
    rest = sum(f.wrap(CONTENT_WIDTH, CONTENT_HEIGHT)[1] for f in flowables if f is not grid)
    grid.fit(CONTENT_HEIGHT - rest - 1 * mm)
    if rest + grid.height < CONTENT_HEIGHT:
        return flowables
    return [KeepInFrame(CONTENT_WIDTH, CONTENT_HEIGHT, flowables, mode="shrink")]


def _contract(deal: Deal) -> str:
    if not deal.taker:
        return "passe"
    bid = "capot" if deal.bid_capot else (str(deal.bid) if deal.bid is not None else "")
    parts = [bid, SUITS.get(deal.trump, deal.trump)]
    if deal.coinche:
        parts.append(COINCHE.get(deal.coinche, ""))
    return " ".join(p for p in parts if p)


def _card_points(deal: Deal) -> str:
    a, b = deal.points_a, deal.points_b
    if a is not None and b is not None:
        return f"{a} / {b}"
    if a is not None:
        return f"N-S {a}"
    if b is not None:
        return f"E-O {b}"
    if deal.capot:
        return f"capot {SIDES.get(deal.capot, '')}".strip()
    return ""


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


def _deal_grid(context: _SheetContext, table: Table, deals: list[Deal]) -> DealGrid:
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
                SIDES.get(deal.taker, "—"),
                _contract(deal),
                _card_points(deal),
                _n(deal.marque_a),
                _n(deal.marque_b),
                _n(total_a),
                _n(total_b),
            )
        )
        if deal.trump in RED_SUITS:
            red.add(len(rows) - 1)
    finished = table.status == Table.Status.COMPLETE
    totals = (_n(table.total_a), _n(table.total_b)) if finished else ("", "")
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
        width, height, row = self.width, self.height, self.row_height
        edges, body = self.edges, len(self.rows) * row
        top_of_body = height - GRID_HEADER_ROW
        canvas.saveState()
        # Shading: heading and total rows, every other deal, the running totals.
        canvas.setFillColor(SHADE)
        canvas.rect(0, top_of_body, width, GRID_HEADER_ROW, stroke=0, fill=1)
        canvas.rect(0, 0, width, GRID_HEADER_ROW, stroke=0, fill=1)
        canvas.setFillColor(LIGHT)
        path = canvas.beginPath()
        for i in range(1, len(self.rows), 2):
            path.rect(0, top_of_body - (i + 1) * row, edges[6], row)
        canvas.drawPath(path, stroke=0, fill=1)
        canvas.setFillColor(TOTAL_SHADE)
        canvas.rect(edges[6], GRID_HEADER_ROW, width - edges[6], body, stroke=0, fill=1)
        # Thin rules between rows and columns, then the thick ones.
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
        # Words, all in one text object.
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
        canvas.restoreState()

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


# --- Table plan ----------------------------------------------------------------


@dataclass(frozen=True)
class _Seat:
    key: str
    name: str
    detail: str
    table: int | None
    side: str


def table_plan(round: Round) -> bytes:
    """The plan for the wall: every team (every player in a mêlée) in
    alphabetical order with its table and side, in large type, the bye
    shown as « exempte », in two columns over as many pages as needed."""
    tournament = round.tournament
    styles = _styles()
    tables = round.tables.select_related(*_team_related("team_a", "team_b")).order_by("number")
    melee = tournament.format == Tournament.Format.MELEE
    seats = sorted(_plan_seats(tables, melee=melee), key=lambda s: (_fold(s.key), s.key))
    header = ["Joueur" if melee else "Équipe", "Table", "Place"]
    data: list[list[Any]] = [header]
    style = _base_grid()
    style += [
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, 10),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("FONT", (1, 1), (1, -1), FONT_BOLD, 20),
        ("FONT", (2, 1), (2, -1), FONT_BOLD, 13),
        ("TOPPADDING", (0, 1), (-1, -1), 1.2 * mm),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 1.8 * mm),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
    ]
    name_width = PLAN_COLUMNS[0] - 3 * mm  # less the cell's padding
    for row, seat in enumerate(seats, start=1):
        name: list[Flowable] = [_fitted(seat.name, name_width, *PLAN_NAME_SIZES)]
        if seat.detail:
            name.append(_p(seat.detail, styles.cell_small))
        if seat.table is None:
            data.append([name, "exempte", ""])
            style += [
                ("SPAN", (1, row), (2, row)),
                ("FONT", (1, row), (1, row), FONT_BOLD, 14),
            ]
        else:
            data.append([name, str(seat.table), seat.side])
    grid = PdfTable(
        data,
        colWidths=list(PLAN_COLUMNS),
        style=style,
        repeatRows=1,
    )
    lead = (
        f"Cherchez votre {'nom' if melee else 'équipe'} (ordre alphabétique) : votre table "
        "et votre place — N-S = Nord-Sud, E-O = Est-Ouest."
    )
    buffer = io.BytesIO()
    head = f"Plan des tables — partie {round.number}"
    doc = _document(
        buffer,
        title=f"{head} — {tournament.name}",
        tournament=tournament,
        running_head=head,
        lead=lead,
        columns=2,
    )
    return _render(doc, [grid], buffer)


def _plan_seats(tables: Iterable[Table], *, melee: bool) -> Iterable[_Seat]:
    for table in tables:
        number = None if table.is_bye else table.number
        for team, side in ((table.team_a, "N-S"), (table.team_b, "E-O")):
            if team is None:
                continue
            if melee:
                for player in (team.player1, team.player2):
                    name = f"{player.last_name} {player.first_name}".strip()
                    yield _Seat(name, name, f"équipe n° {team.number}", number, side)
            else:
                # A team named after its players needs no second line.
                detail = (
                    f"n° {team.number} · {_players(team)}" if team.name else f"n° {team.number}"
                )
                yield _Seat(team.display_name, team.display_name, detail, number, side)


# --- Ranking --------------------------------------------------------------------


def ranking(tournament: Tournament) -> bytes:
    """The ranking: the podium in large type, then every team (every player
    in a mêlée) with its record, how the ranking is computed, the rule
    profile and the date."""
    styles = _styles()
    standings = tournament_standings(tournament)
    melee = tournament.format == Tournament.Format.MELEE
    closed = tournament.rounds.filter(status=Round.Status.CLOSED).count()
    playing = tournament.rounds.exclude(status=Round.Status.CLOSED).order_by("number").first()
    if tournament.status == Tournament.Status.FINISHED:
        title = "Classement final"
    elif playing is not None:
        # The standings already count the finished tables of the partie in play.
        title = f"Classement provisoire, partie {playing.number} en cours"
    elif closed:
        title = f"Classement provisoire après {closed} partie{'s' if closed > 1 else ''}"
    else:
        title = "Classement provisoire"
    story: list[Flowable] = [
        _p(title, styles.heading),
        _p(_when_where(tournament), styles.body),
        Spacer(0, 4 * mm),
    ]
    podium = [s for s in standings if s.entrant is not None][:3]
    if podium and closed:
        story += [_podium(podium, melee=melee), Spacer(0, 5 * mm)]
    story += [
        _p(tournament.ranking_explanation(), styles.body),
        _p(f"Règles : {_rule_summary(tournament)}.", styles.small),
        _p(_ranking_legend(tournament, standings), styles.small),
        Spacer(0, 3 * mm),
        _ranking_table(tournament, standings, melee=melee),
    ]
    buffer = io.BytesIO()
    doc = _document(
        buffer,
        title=f"{title} — {tournament.name}",
        tournament=tournament,
        running_head=title,
    )
    return _render(doc, story, buffer)


def _entrant_name(entrant: object, *, melee: bool) -> tuple[str, str]:
    """The entrant's name and a second line (players or club)."""
    if entrant is None:
        return "?", ""
    if melee:
        club = getattr(entrant, "club", "")
        return str(entrant), club
    team: Team = entrant  # type: ignore[assignment]
    detail = f"n° {team.number}"
    if team.name:
        detail += f" · {_players(team)}"
    if team.club:
        detail += f" · {team.club}"
    return team.display_name, detail


def _podium(podium: list, *, melee: bool) -> PdfTable:
    styles = _styles()
    data = []
    for place, standing in enumerate(podium):
        name, detail = _entrant_name(standing.entrant, melee=melee)
        row = standing.row
        size = styles.podium[place].fontSize
        cell: list[Flowable] = [_fitted(name, PODIUM_NAME - 12, size, 11)]
        if detail:
            cell.append(_p(detail, styles.small))
        data.append(
            [
                _ordinal(row.rank),
                cell,
                [
                    _p(f"{_n(row.points_for)} points", styles.podium_points),
                    _p(_plural(row.won, "partie gagnée", "parties gagnées"), styles.small_right),
                ],
            ]
        )
    style = [
        ("FONT", (0, 0), (0, -1), FONT_BOLD, 18),
        ("TEXTCOLOR", (0, 0), (0, -1), colors.white),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEBELOW", (0, 0), (-1, -2), 0.4, RULE),
        ("BOX", (0, 0), (-1, -1), 0.9, INK),
        ("TOPPADDING", (0, 0), (-1, -1), 2 * mm),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5 * mm),
    ]
    for place, standing in enumerate(podium):
        # Shared ranks share a medal: two seconds are both silver.
        medal = MEDALS[min(standing.row.rank, len(MEDALS)) - 1]
        style.append(("BACKGROUND", (0, place), (0, place), medal))
    return PdfTable(data, colWidths=[18 * mm, PODIUM_NAME, 50 * mm], style=style)


def _ranking_legend(tournament: Tournament, standings: list) -> str:
    words = ["J : parties jouées", "G : gagnées", "N : nulles", "P : perdues"]
    if any(s.row.byes for s in standings):
        words.append("Ex. : exempt")
    if Tournament.Criterion.MATCH_POINTS in tournament.criteria:
        words.append("Pts m. : points de match")
    if Tournament.Criterion.BUCHHOLZ in tournament.criteria:
        words.append("Buch. : points des adversaires (Buchholz)")
    words += ["Contre : points encaissés", "Diff. : différence"]
    return " · ".join(words)


def _ranking_table(tournament: Tournament, standings: list, *, melee: bool) -> PdfTable:
    styles = _styles()
    criteria = set(tournament.criteria)
    byes = any(s.row.byes for s in standings)
    extra = [
        (label, attribute, width)
        for label, attribute, width, shown in (
            ("Ex.", "byes", 9, byes),
            ("Pts m.", "match_points", 13, Tournament.Criterion.MATCH_POINTS in criteria),
            ("Buch.", "buchholz", 15, Tournament.Criterion.BUCHHOLZ in criteria),
        )
        if shown
    ]
    header = ["Rang", "Joueur" if melee else "Équipe", "J", "G", "N", "P"]
    header += [label for label, _, _ in extra] + ["Points", "Contre", "Diff."]
    fixed = [12, 0, 8, 8, 8, 8] + [w for _, _, w in extra] + [17, 16, 16]
    fixed[1] = CONTENT_WIDTH / mm - sum(fixed)
    data: list[list[Any]] = [header]
    for standing in standings:
        row = standing.row
        name, detail = _entrant_name(standing.entrant, melee=melee)
        cell = [_p(name, styles.cell)]
        if detail:
            cell.append(_p(detail, styles.cell_small))
        data.append(
            [
                _ordinal(row.rank),
                cell,
                str(row.played),
                str(row.won),
                str(row.drawn),
                str(row.lost),
                *[_n(getattr(row, attribute)) for _, attribute, _ in extra],
                _n(row.points_for),
                _n(row.points_against),
                _signed(row.difference),
            ]
        )
    style = _base_grid()
    style += [
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (2, 0), (-1, 0), "CENTER"),
        ("FONT", (0, 1), (0, -1), FONT_BOLD, 9.5),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 0), (-1, -1), 1 * mm),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.3 * mm),
    ]
    # The column of the first criterion in bold: what the ranking is about.
    columns = {"wins": 3, "points": -3, "difference": -1}
    columns.update({attribute: 6 + i for i, (_, attribute, _) in enumerate(extra)})
    column = columns.get(tournament.criteria[0])
    if column is not None:
        style.append(("FONT", (column, 1), (column, -1), FONT_BOLD, 9.5))
    return PdfTable(data, colWidths=[w * mm for w in fixed], style=style, repeatRows=1)


# --- Results of a partie ---------------------------------------------------------


def round_results(round: Round) -> bytes:
    """The results of a partie: each table with both teams, their totals and
    who won, then the bye."""
    tournament = round.tournament
    styles = _styles()
    tables = list(
        round.tables.select_related(*_team_related("team_a", "team_b")).order_by("number")
    )
    played = [t for t in tables if not t.is_bye and t.status == Table.Status.COMPLETE]
    header = ["Table", "Nord-Sud", "Total", "Est-Ouest", "Total", "Gagnant"]
    widths = [12, 0, 17, 0, 17, 22]
    widths[1] = widths[3] = (CONTENT_WIDTH / mm - sum(widths)) / 2
    data: list[list[Any]] = [header]
    style = _base_grid()
    style += [
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("ALIGN", (2, 1), (2, -1), "RIGHT"),
        ("ALIGN", (4, 1), (4, -1), "RIGHT"),
        ("ALIGN", (5, 0), (5, -1), "CENTER"),
        ("ALIGN", (2, 0), (4, 0), "CENTER"),
        ("FONT", (0, 1), (0, -1), FONT_BOLD, 11),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 0), (-1, -1), 1 * mm),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.3 * mm),
    ]
    for row, table in enumerate(tables, start=1):
        team_a = _result_team(table.team_a, bold=False)
        if table.is_bye:
            data.append(
                [str(table.number), team_a, _bye_points(tournament, played), "exempte", "", ""]
            )
            style += [
                ("SPAN", (3, row), (5, row)),
                ("ALIGN", (3, row), (3, row), "CENTER"),
                ("TEXTCOLOR", (3, row), (3, row), GREY),
            ]
            continue
        winner = ""
        if table.status == Table.Status.COMPLETE:
            if table.total_a > table.total_b:
                winner = "N-S"
            elif table.total_b > table.total_a:
                winner = "E-O"
            else:
                winner = "égalité"
            if table.corrected:
                winner += "\n(corrigée)"
        elif table.status == Table.Status.IN_PROGRESS:
            winner = "en cours"
        else:
            winner = "pas commencée"
        a_wins = winner.startswith("N-S")
        b_wins = winner.startswith("E-O")
        data.append(
            [
                str(table.number),
                _result_team(table.team_a, bold=a_wins),
                _n(table.total_a),
                _result_team(table.team_b, bold=b_wins),
                _n(table.total_b),
                winner,
            ]
        )
        for won, column in ((a_wins, 2), (b_wins, 4)):
            if won:
                style.append(("FONT", (column, row), (column, row), FONT_BOLD, 11))
        if table.status != Table.Status.COMPLETE:
            style.append(("TEXTCOLOR", (5, row), (5, row), GREY))
        else:
            style.append(("FONT", (5, row), (5, row), FONT_BOLD, 9.5))
    status = {
        Round.Status.DRAFT: "tirée, pas commencée",
        Round.Status.PLAYING: "en cours",
        Round.Status.CLOSED: "close",
    }.get(round.status, "")
    complete = sum(1 for t in tables if not t.is_bye and t.status == Table.Status.COMPLETE)
    playing = sum(1 for t in tables if not t.is_bye)
    story: list[Flowable] = [
        _p(f"Résultats de la partie {round.number}", styles.heading),
        _p(
            f"{_when_where(tournament)} — partie {status} — "
            f"{complete} table{'s' if complete > 1 else ''} terminée{'s' if complete > 1 else ''} "
            f"sur {playing}.",
            styles.body,
        ),
        _p(f"Règles : {_rule_summary(tournament)}.", styles.small),
        Spacer(0, 4 * mm),
        PdfTable(data, colWidths=[w * mm for w in widths], style=style, repeatRows=1),
    ]
    buffer = io.BytesIO()
    title = f"Résultats — Partie {round.number}"
    doc = _document(
        buffer,
        title=f"{title} — {tournament.name}",
        tournament=tournament,
        running_head=title,
    )
    return _render(doc, story, buffer)


def _result_team(team: Team | None, *, bold: bool) -> list[Flowable]:
    styles = _styles()
    if team is None:
        return []
    return [
        _p(team.display_name, styles.cell_bold if bold else styles.cell),
        _p(f"n° {team.number} · {_players(team)}", styles.cell_small),
    ]


def _bye_points(tournament: Tournament, played: list[Table]) -> str:
    """What the bye is worth, as the standings count it."""
    policy = tournament.bye_policy
    if policy == Tournament.ByePolicy.FIXED:
        return _n(tournament.bye_points)
    if policy == Tournament.ByePolicy.AVERAGE:
        scored = [p for t in played for p in (t.total_a, t.total_b)]
        return _n(round(sum(scored) / len(scored))) if scored else "0"
    return "—"
