"""What every printed document shares: the A4 page, the font, the palette, the
paragraph styles and the one way a document becomes bytes.

Responsible for the page geometry (in mm), registering DejaVu Sans (embedded,
so that French accents and the suit signs ♠ ♥ ♦ ♣ print), the colours, the
styles (built once per process), the small layout helpers (fitted and
clipped names, the date and venue line) and `build`, the single entry point that
turns a story of flowables into a PDF, with the running header and footer of
the multi-page documents.

Knows nothing of any particular document and runs no query of its own: the
documents hand it objects they have already loaded. Like the rest of the
package it never computes a score: the documents print what the services
stored.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from django.utils.translation import get_language, gettext
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph

from tournaments.display import labels
from tournaments.display.rules import rules_summary
from tournaments.models import Tournament

# --- Page geometry (mm) -----------------------------------------------------

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN = 12 * mm
CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
CONTENT_HEIGHT = PAGE_HEIGHT - 2 * MARGIN
HEADER_BAND = 14 * mm  # running header of the multi-page documents
LEAD_BAND = 8 * mm  # a line of instructions under the running header
FOOTER_BAND = 8 * mm
COLUMN_GAP = 6 * mm

# --- Fonts and colours --------------------------------------------------------

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_DIRS = (
    # The standalone hall app carries its own copy (bin/build-app): Windows and
    # macOS have no DejaVu. Absent from the source tree.
    Path(__file__).resolve().parents[2] / "fonts",
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


class FontMissing(RuntimeError):
    """DejaVu Sans is not installed where this module looks for it."""


@functools.cache
def register_fonts() -> None:
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
    cell_centre: ParagraphStyle
    cell_centre_bold: ParagraphStyle
    cell_centre_grey: ParagraphStyle
    podium: tuple[ParagraphStyle, ParagraphStyle, ParagraphStyle]
    podium_points: ParagraphStyle
    small_right: ParagraphStyle


@functools.cache
def pdf_styles() -> _Styles:
    register_fonts()
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
        # A short word in a narrow cell that wraps rather than overflows.
        cell_centre=style("cell_centre", 9.5, alignment=TA_CENTER),
        cell_centre_bold=style("cell_centre_bold", 9.5, bold=True, alignment=TA_CENTER),
        cell_centre_grey=style("cell_centre_grey", 8.5, alignment=TA_CENTER, textColor=GREY),
        podium=(
            style("podium1", 22, bold=True, leading=27),
            style("podium2", 17, bold=True, leading=21),
            style("podium3", 15, bold=True, leading=19),
        ),
        podium_points=style("podium_points", 13, bold=True, alignment=TA_RIGHT),
        small_right=style("small_right", 8, alignment=TA_RIGHT, textColor=GREY),
    )


def base_grid(*, header_rows: int = 1) -> list[tuple]:
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


def when_where(tournament: Tournament) -> str:
    parts = [labels.long_date(tournament.date)]
    if tournament.venue:
        parts.append(tournament.venue)
    return " — ".join(parts)


def para(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(escape(text, quote=False), style)


@functools.cache
def bold_style(size: float) -> ParagraphStyle:
    return ParagraphStyle(
        f"bold{size}", fontName=FONT_BOLD, fontSize=size, leading=size * 1.18, textColor=INK
    )


def fitted(text: str, width: float, largest: float, smallest: float) -> Paragraph:
    """`text` in bold, as large as fits on one line of `width`, down to
    `smallest`; past that it wraps."""
    size = largest
    measured = pdfmetrics.stringWidth(text, FONT_BOLD, size)
    if measured > width:
        size = max(smallest, int(2 * size * width / measured) / 2)
    return para(text, bold_style(size))


def _clip(text: str, font: str, size: float, width: float) -> str:
    """`text` cut short with an ellipsis to fit on one line of `width`."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def plural_count(count: int) -> int:
    """The count to hand `ngettext`: French (the language of the source
    strings, which has no catalog to carry its plural rule) says « 0 table
    terminée », with the singular, where gettext's default says plural."""
    french = (get_language() or "fr").startswith("fr")
    return 1 if french and count == 0 else count


def rule_summary(tournament: Tournament) -> str:
    """The one line that sums up the rule profile, in the active language:
    every document prints it from here."""
    return rules_summary(tournament.rule_profile)


def rules_line(tournament: Tournament) -> str:
    """« Règles : Coinche FFB — annonces, … »."""
    return gettext("Règles : %(rules)s.") % {"rules": rule_summary(tournament)}


_TEAM_PLAYERS = ("player1", "player2")


def team_related(*prefixes: str) -> list[str]:
    return [f"{prefix}__{player}" for prefix in prefixes for player in _TEAM_PLAYERS]


# --- Documents ---------------------------------------------------------------


def build(
    story: list[Flowable],
    *,
    title: str,
    tournament: Tournament,
    running_head: str | None = None,
    lead: str | None = None,
    columns: int = 1,
) -> bytes:
    """The PDF of `story` on A4 pages: the one way every document of the
    package produces its bytes. With `running_head`, each page carries the
    tournament's name, `running_head`, the page number and, when given, the
    `lead` line; the text flows in `columns` columns."""
    buffer = io.BytesIO()
    doc = _document(
        buffer,
        title=title,
        tournament=tournament,
        running_head=running_head,
        lead=lead,
        columns=columns,
    )
    return _render(doc, story, buffer)


def _document(
    buffer: io.BytesIO,
    *,
    title: str,
    tournament: Tournament,
    running_head: str | None,
    lead: str | None,
    columns: int,
) -> BaseDocTemplate:
    """A4 document in `columns` columns, decorated as `build` says."""
    pdf_styles()  # registers the fonts before the first page is laid out
    decorate = functools.partial(
        _decorate, tournament=tournament, running_head=running_head, lead=lead
    )
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
        lang=get_language() or "fr",
        # Same data, same bytes: no timestamp or random id in the file.
        invariant=True,
    )
    frames = _frames(columns, header=bool(running_head), lead=bool(lead))
    doc.addPageTemplates([PageTemplate(id="page", frames=frames, onPage=decorate)])
    return doc


def _frames(columns: int, *, header: bool, lead: bool) -> list[Frame]:
    """The page's text columns, below the running header and its lead line
    and above the footer when the document has them."""
    top = (HEADER_BAND if header else 0) + (LEAD_BAND if lead else 0)
    bottom = FOOTER_BAND if header else 0
    width = (CONTENT_WIDTH - (columns - 1) * COLUMN_GAP) / columns
    return [
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


def _decorate(
    canvas: Canvas,
    doc: BaseDocTemplate,
    *,
    tournament: Tournament,
    running_head: str | None,
    lead: str | None,
) -> None:
    """Each page's running header, lead line and footer (none without a
    `running_head`)."""
    if running_head is None:
        return
    canvas.saveState()
    _draw_header(canvas, tournament, running_head, lead)
    _draw_footer(canvas, tournament, doc.page)
    canvas.restoreState()


def _draw_header(
    canvas: Canvas, tournament: Tournament, running_head: str, lead: str | None
) -> None:
    """The tournament's name on the left, `running_head` on the right, a rule
    under both and the `lead` line below it."""
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
        lead = _clip(lead, FONT, 9.5, CONTENT_WIDTH)
        canvas.drawString(MARGIN, top - 7 * mm - LEAD_BAND + 2.5 * mm, lead)


def _draw_footer(canvas: Canvas, tournament: Tournament, page: int) -> None:
    """The date and venue on the left, the page number on the right."""
    canvas.setFont(FONT, 7.5)
    canvas.setFillColor(GREY)
    canvas.drawString(
        MARGIN, MARGIN, _clip(when_where(tournament), FONT, 7.5, CONTENT_WIDTH - 20 * mm)
    )
    canvas.drawRightString(PAGE_WIDTH - MARGIN, MARGIN, gettext("page %(page)s") % {"page": page})


def _render(doc: BaseDocTemplate, story: list[Flowable], buffer: io.BytesIO) -> bytes:
    doc.build(story)
    return buffer.getvalue()
