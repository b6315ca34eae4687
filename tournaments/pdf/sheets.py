"""The score sheets (« feuilles de marque ») of a partie: one page per table
that plays, with the teams, the rule profile, the grid of the deals, the
signature boxes and the QR code of the table's entry page, then the teams'
coupons (pdf/coupons.py). The sheet lies on the table for both teams to see:
it never carries a team's code.

Reads the partie's tables, teams, deals and penalties in a fixed number of
queries, and pre-fills the grid with the deals already entered: their
contract and card points as the players said them, the marques and the
running totals as `scoring` (through the services) stored them. It never
scores a deal: a sheet prints what was stored, or blank rows to fill in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils.translation import gettext, gettext_lazy, ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.display.brackets import dead_heat_rule_sentence, match_label
from tournaments.domain.deal_shapes import DEAL_FIELDS
from tournaments.domain.sheet_layout import (
    SheetLayout,
    SheetMark,
    qr_text,
    sheet_values,
)
from tournaments.models import (
    BracketMatch,
    Deal,
    Penalty,
    Round,
    Table,
    Tournament,
    running_totals,
)
from tournaments.pdf.base import (
    CONTENT_WIDTH,
    FONT_BOLD,
    GREY,
    INK,
    SHADE,
    build,
    para,
    pdf_styles,
    rule_summary,
    team_related,
    when_where,
)
from tournaments.pdf.coupons import coupons_story
from tournaments.pdf.grid import DigitGuide, draw_sheet_grid
from tournaments.pdf.sheet_page import SheetPage

TARGET_MODE_ROWS = 20  # a partie played to a score has no fixed number of deals
SIGNATURE_HEIGHT = 22 * mm


def score_sheets(
    round: Round, *, entry_url: Callable[[Table], str | None], only: int | None = None
) -> bytes:
    """The score sheet (« feuille de marque ») of every table of a partie that
    plays, one per page, in table order: the teams, the rule profile, a grid
    of the deals pre-filled with those already entered, signature boxes and,
    when `entry_url(table)` gives one, a QR code of the table's entry page;
    then the pages of coupons, one per team whose code no earlier partie
    printed, to cut out and hand to each team. With `only`, the sheet and
    both coupons of that table alone (a reprint)."""
    tables = _playing_tables(round, only)
    story = _sheets(round, tables, entry_url)
    # A team's code serves the whole concours (issue 38): its coupon comes
    # with the first partie that gives it that code; a reprint has both.
    printed = set() if only is not None else _codes_printed_before(round)
    if any(_new_codes(table, printed) for table in tables):
        story += [
            PageBreak(),
            *coupons_story(round, tables, wanted=lambda t: _new_codes(t, printed)),
        ]
    title = gettext("Feuilles de marque — Partie %(round)s — %(tournament)s") % {
        "round": round.number,
        "tournament": round.tournament.name,
    }
    return build(story, title=title, tournament=round.tournament)


def _codes_printed_before(round: Round) -> set[tuple[int, str]]:
    """(team, code) of the tables of the earlier parties: those coupons are
    in the teams' hands already."""
    printed: set[tuple[int, str]] = set()
    earlier = Table.objects.filter(
        round__tournament_id=round.tournament_id, round__number__lt=round.number
    ).values_list("team_a_id", "code_a", "team_b_id", "code_b")
    for team_a, code_a, team_b, code_b in earlier:
        printed.add((team_a, code_a))
        if team_b is not None:
            printed.add((team_b, code_b))
    return printed


def _new_codes(table: Table, printed: set[tuple[int, str]]) -> list[str]:
    """The sides of `table` whose team's code no earlier partie printed."""
    return [
        side
        for side, team, code in (
            ("A", table.team_a_id, table.code_a),
            ("B", table.team_b_id, table.code_b),
        )
        if (team, code) not in printed
    ]


def sheets_story(
    round: Round, *, entry_url: Callable[[Table], str | None], only: int | None = None
) -> list[Flowable]:
    """The sheets' flowables, one page a table, without the coupons (for
    documents that print them among others, such as the paper fallback
    kit)."""
    return _sheets(round, _playing_tables(round, only), entry_url)


def _playing_tables(round: Round, only: int | None) -> list[Table]:
    playing = round.tables.filter(team_b__isnull=False)
    if only is not None:
        playing = playing.filter(number=only)
    return list(
        playing.select_related(*team_related("team_a", "team_b"))
        .prefetch_related(
            Prefetch("deals", queryset=Deal.objects.order_by("number")),
            Prefetch("penalties", queryset=Penalty.objects.order_by("created_at")),
        )
        .order_by("number")
    )


def _sheets(
    round: Round, tables: list[Table], entry_url: Callable[[Table], str | None]
) -> list[Flowable]:
    context = _SheetContext.of(round)
    story: list[Flowable] = []
    for table in tables:
        if story:
            story.append(PageBreak())
        story.extend(_score_sheet(context, table, entry_url(table)))
    if not story:
        empty = gettext("Partie %(round)s : aucune table à jouer.") % {"round": round.number}
        story.append(para(empty, pdf_styles().title))
    return story


@dataclass(frozen=True)
class _SheetContext:
    """What every sheet of a partie shares."""

    tournament: Tournament
    round: Round
    summary: str
    planned: int
    surcoinche_factor: int
    # A bracket partie's tables: the match's bracket and round, the tie
    # rule, and whether a tie is played out on one more row.
    matches: dict[int, tuple[str, str, bool]] = field(default_factory=dict)

    @classmethod
    def of(cls, round: Round) -> _SheetContext:
        tournament = round.tournament
        rules = rule_summary(tournament)
        if tournament.end_mode == Tournament.EndMode.DEALS:
            planned = tournament.end_deals
            summary = ngettext(
                "%(rules)s ; partie en %(count)s donne.",
                "%(rules)s ; partie en %(count)s donnes.",
                planned,
            ) % {"rules": rules, "count": planned}
        else:
            planned = TARGET_MODE_ROWS
            summary = gettext("%(rules)s ; partie en %(points)s points.") % {
                "rules": rules,
                "points": labels.number(tournament.end_target),
            }
        factor = tournament.rule_profile.surcoinche_factor
        matches = {}
        for match in BracketMatch.objects.filter(table__round=round).select_related("bracket"):
            matches[match.table_id] = (
                match_label(match),
                dead_heat_rule_sentence(match.bracket.tie_rule),
                match.bracket.tie_rule == match.bracket.DeadHeatRule.EXTRA_DEAL
                and tournament.end_mode == Tournament.EndMode.DEALS,
            )
        return cls(tournament, round, summary, planned, factor, matches)


def table_layout(table: Table) -> SheetLayout:
    """The layout of `table`'s sheet as it prints now (its rows: the
    partie's deals, one more at a bracket table whose tie is played out,
    or as many as the deals entered)."""
    context = _SheetContext.of(table.round)
    return context.tournament.sheet_layout(_rows(context, table)[0])


def _rows(context: _SheetContext, table: Table) -> tuple[int, int]:
    """The rows of `table`'s sheet, and the rows the partie plans for it."""
    match = context.matches.get(table.pk)
    planned = context.planned + (1 if match and match[2] else 0)
    numbers = [deal.number for deal in table.deals.all()]
    return max(planned, max(numbers, default=0)), planned


#: How a field is written, said under the grid where the sheet has it
#: (domain/sheet_layout.py): running totals, the defence's points, la générale.
FIELD_NOTES = {
    "total_a": gettext_lazy("Les totaux sont cumulés."),
    "points_defence": gettext_lazy(
        "Chaque équipe écrit ses points : preneurs et défense font 162 à eux deux "
        "(au capot, une croix dans « Capot » et pas de points)."
    ),
    "generale": gettext_lazy(
        "La générale s'écrit 500 au contrat ; une croix dans « Générale » quand un joueur "
        "seul de l'équipe cochée au capot a fait les huit plis."
    ),
}


def _score_sheet(context: _SheetContext, table: Table, url: str | None) -> list[Flowable]:
    """One table's page, laid out by its sheet layout (domain/sheet_layout.py):
    heading and QR code, teams, the grid of boxes, the penalties, the
    signatures and the small print, on a single page."""
    deals = list(table.deals.all())
    rows, planned = _rows(context, table)
    layout = context.tournament.sheet_layout(rows)
    printed = {field.name for field in layout.columns}
    qr = None
    if url:
        mark = SheetMark(
            context.tournament.slug, context.round.number, table.number, rows, layout.fingerprint
        )
        qr = qr_text(url, mark)
    written = {
        deal.number: sheet_values(
            {name: getattr(deal, name) for name in DEAL_FIELDS},
            (deal.marque_a, deal.marque_b),
            (total_a, total_b),
        )
        for deal, total_a, total_b in running_totals(deals)
    }
    finished = table.status == Table.Status.COMPLETE
    final = (labels.number(table.total_a), labels.number(table.total_b)) if finished else ("", "")
    below: list[Flowable] = [
        *_penalties(table),
        Spacer(0, 4 * mm),
        _signatures(table),
        Spacer(0, 2 * mm),
        para(
            gettext(
                "%(tournament)s — partie %(round)s, table %(table)s. "
                "Une croix dans la case du preneur, de l'atout, "
                "de la belote, du capot. Les marques se reportent à chaque donne. "
                "En cas de désaccord, appelez l'arbitre avant de signer. "
                "Pour saisir en ligne, chaque équipe a son code sur son propre coupon, "
                "remis par l'organisateur : il n'est pas sur cette feuille."
            )
            % {
                "tournament": context.tournament.name,
                "round": context.round.number,
                "table": table.number,
            }
            + "".join(f" {note}" for name, note in FIELD_NOTES.items() if name in printed),
            pdf_styles().tiny,
        ),
    ]
    return [
        SheetPage(
            layout,
            heading=_sheet_header(context, table, url),
            teams=_sheet_teams(table),
            below=below,
            qr=qr,
            draw_grid=lambda canvas: draw_sheet_grid(
                canvas,
                layout,
                written,
                final=final,
                surcoinche_factor=context.surcoinche_factor,
                tie_rows=frozenset(range(context.planned + 1, planned + 1)),
            ),
        )
    ]


def _sheet_header(context: _SheetContext, table: Table, url: str | None) -> list[Flowable]:
    """The tournament, the partie and the table; the QR code's caption and
    printed link, when there is one, are the page's (SheetPage)."""
    styles = pdf_styles()
    tournament = context.tournament
    heading = [
        para(gettext("FEUILLE DE MARQUE"), styles.kicker),
        para(tournament.name, styles.title),
        para(when_where(tournament), styles.body),
        para(
            gettext("Partie %(round)s  ·  Table %(table)s")
            % {"round": context.round.number, "table": table.number},
            styles.big,
        ),
    ]
    match = context.matches.get(table.pk)
    if match is not None:
        heading.append(para(match[0], styles.body))
    heading += [
        Spacer(0, 1 * mm),
        para(f"{context.summary} {match[1]}" if match else context.summary, styles.small),
        Spacer(0, 1.5 * mm),
        DigitGuide(),
    ]
    return heading


def _sheet_teams(table: Table) -> PdfTable:
    """North-South and East-West side by side: number, name and players."""
    styles = pdf_styles()
    half = CONTENT_WIDTH / 2
    return PdfTable(
        [
            [_side_heading(side, table, upper=True) for side in ("A", "B")],
            [
                para(table.team_a.display_name, styles.title),
                para(table.team_b.display_name, styles.title),
            ],
            [
                para(labels.players_line(table.team_a), styles.cell),
                para(labels.players_line(table.team_b), styles.cell),
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


def _side_heading(side: str, table: Table, text: str = "", upper: bool = False) -> str:
    """« NORD-SUD — équipe n° 5 » (`upper`), or `text` of the side and its team's
    number: « Signature Nord-Sud (équipe n° 5) », no code (the sheet is public)."""
    name = labels.side_label(side)
    return (text or gettext("%(side)s — équipe n° %(number)s")) % {
        "side": name.upper() if upper else name,
        "number": (table.team_a if side == "A" else table.team_b).number,
    }


def _penalties(table: Table) -> list[Flowable]:
    """The penalties and bonuses of the table, as stored, in one line."""
    penalties = list(table.penalties.all())
    if not penalties:
        return []
    text = " ; ".join(
        f"{labels.side_label('A' if a.team_id == table.team_a_id else 'B')} "
        f"{labels.signed(a.points)} ({a.reason})"
        for a in penalties
    )
    text = gettext("Pénalités et bonifications : %(list)s") % {"list": text}
    return [Spacer(0, 1.5 * mm), para(text, pdf_styles().body)]


def _signatures(table: Table) -> PdfTable:
    half = CONTENT_WIDTH / 2 - 2 * mm
    return PdfTable(
        [
            [
                _side_heading("A", table, gettext("Signature %(side)s (équipe n° %(number)s)")),
                "",
                _side_heading("B", table, gettext("Signature %(side)s (équipe n° %(number)s)")),
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
