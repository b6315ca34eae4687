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
from django.utils.translation import gettext, ngettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepInFrame, PageBreak, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.display.brackets import dead_heat_rule_sentence, match_label
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
    CONTENT_HEIGHT,
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
from tournaments.pdf.grid import DealGrid
from tournaments.pdf.qr import QRCode, printed_link

QR_COLUMN = 46 * mm
QR_SIZE = 32 * mm
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


def _score_sheet(context: _SheetContext, table: Table, url: str | None) -> list[Flowable]:
    """One table's page: heading and QR code, teams, the deal grid, the
    penalties, the signatures and the small print, on a single page."""
    grid = _deal_grid(context, table, list(table.deals.all()))
    flowables: list[Flowable] = [
        _sheet_header(context, table, url),
        Spacer(0, 3 * mm),
        _sheet_teams(table),
        Spacer(0, 4 * mm),
        grid,
    ]
    flowables += [
        *_penalties(table),
        Spacer(0, 5 * mm),
        _signatures(table),
        Spacer(0, 2 * mm),
        para(
            gettext(
                "%(tournament)s — partie %(round)s, table %(table)s. "
                "Les marques se reportent à chaque donne ; les totaux sont cumulés. "
                "En cas de désaccord, appelez l'arbitre avant de signer. "
                "Pour saisir en ligne, chaque équipe a son code sur son propre coupon, "
                "remis par l'organisateur : il n'est pas sur cette feuille."
            )
            % {
                "tournament": context.tournament.name,
                "round": context.round.number,
                "table": table.number,
            },
            pdf_styles().tiny,
        ),
    ]
    return _on_one_page(flowables, grid)


def _sheet_header(context: _SheetContext, table: Table, url: str | None) -> PdfTable:
    """The tournament, the partie and the table on the left; the QR code of
    the entry page, when there is one, on the right."""
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
    ]
    qr: list[Flowable] = []
    if url:
        qr = [
            para(gettext("Saisie en ligne, avec le code du coupon de votre équipe"), styles.url),
            QRCode(url, QR_SIZE),
            printed_link(url, styles.url, QR_COLUMN),
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
    styles = pdf_styles()
    half = CONTENT_WIDTH / 2
    return PdfTable(
        [
            [_side_heading("A", table.team_a.number), _side_heading("B", table.team_b.number)],
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


def _side_heading(side: str, team: int) -> str:
    """« NORD-SUD — équipe n° 5 »."""
    return gettext("%(side)s — équipe n° %(number)s") % {
        "side": labels.side_label(side).upper(),
        "number": team,
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
    running totals, then blank rows up to the planned number of deals (one
    more, marked, at a bracket table whose tie is played out)."""
    by_number = {deal.number: (deal, a, b) for deal, a, b in running_totals(deals)}
    rows: list[tuple[str, ...]] = []
    red: set[int] = set()
    match = context.matches.get(table.pk)
    planned = context.planned + (1 if match and match[2] else 0)
    for number in range(1, max(planned, max(by_number, default=0)) + 1):
        if number not in by_number:
            tie_row = number > context.planned
            rows.append((str(number), gettext("si égalité")) if tie_row else (str(number),))
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


def _signatures(table: Table) -> PdfTable:
    half = CONTENT_WIDTH / 2 - 2 * mm
    return PdfTable(
        [
            [
                _signature_heading("A", table.team_a.number),
                "",
                _signature_heading("B", table.team_b.number),
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


def _signature_heading(side: str, team: int) -> str:
    """« Signature Nord-Sud (équipe n° 5) » (no code: the sheet lies on the
    table, for both teams to read)."""
    return gettext("Signature %(side)s (équipe n° %(number)s)") % {
        "side": labels.side_label(side),
        "number": team,
    }
