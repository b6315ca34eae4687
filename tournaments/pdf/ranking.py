"""The ranking, provisional or final: the podium in large type, then every
team (every player in a mêlée) with its record.

The order and every figure come from `tournaments.domain.standings`, read in a fixed
number of queries whatever the size of the tournament; this module only lays
them out. It never ranks, breaks a tie or computes a score itself.
"""

from __future__ import annotations

import functools
from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.display import labels
from tournaments.display import prizes as prize_words
from tournaments.display import standings as columns
from tournaments.display import standings as standings_display
from tournaments.display.claims import claims_said
from tournaments.models import Category, Round, Team, Tournament
from tournaments.pdf.base import (
    CONTENT_WIDTH,
    FONT_BOLD,
    INK,
    LIGHT,
    MEDALS,
    RULE,
    base_grid,
    build,
    fitted,
    para,
    pdf_styles,
    plural_count,
    rules_line,
    when_where,
)
from tournaments.queries import awards
from tournaments.queries.brackets import final_order, final_places
from tournaments.queries.claims import ranking_claims
from tournaments.queries.standings import hidden_from, tournament_standings

PODIUM_NAME = CONTENT_WIDTH - 68 * mm
#: Width in mm of each number column of the ranking table, by column key.
COLUMN_WIDTHS = {
    "played": 8,
    "won": 8,
    "drawn": 8,
    "lost": 8,
    "byes": 9,
    "match_points": 13,
    "buchholz": 15,
    "best_game": 15,
    "points_for": 17,
    "points_against": 16,
    "difference": 16,
}
RANK_WIDTH = 12
#: Width in mm of the lot column, once players see the lots.
LOT_WIDTH = 38
FINAL_ORDER = gettext_noop(
    "Classement final : les places de la phase finale (tableau principal, puis consolante), "
    "puis les autres équipes dans l'ordre des qualifications."
)


def ranking(
    tournament: Tournament, *, category: Category | None = None, live: bool = False
) -> bytes:
    """The ranking: the podium in large type, then every team (every player
    in a mêlée) with its record and, once the tournament is finished, its
    lot; how the ranking is computed, the rule profile and the date. With
    `category`, that special ranking, ranked within itself. While the
    ranking is hidden (issue 38, item 12a) it is the public's, unless `live`
    (the desk's), which says it is hidden from players."""
    styles = pdf_styles()
    cutoff = hidden_from(tournament)
    standings = final_order(
        tournament, tournament_standings(tournament, before=None if live else cutoff)
    )
    lots = awards.lots_public(tournament)
    if category is not None or lots:
        board = awards.board(tournament, category, standings=standings)
        standings, lots = board.placings, lots and board.has_lots
    melee = tournament.format == Tournament.Format.MELEE
    claims = ranking_claims(tournament)
    title, closed = _ranking_title(tournament, final=claims.final)
    if category is not None:
        title = f"{category.name} — {title}"
    story: list[Flowable] = [
        para(title, styles.heading),
        para(when_where(tournament), styles.body),
    ]
    if tournament.status == Tournament.Status.FINISHED and not claims.final:
        # Every partie played, the last claims still open (issue 27.5): until when.
        story.append(para(claims_said(claims, ranking=True), styles.cell_bold))
    if cutoff is not None:
        said = standings_display.hidden_from_players_said if live else standings_display.hidden_said
        story.append(para(said(cutoff), styles.cell_bold))
    story.append(Spacer(0, 4 * mm))
    podium = [s for s in standings if s.entrant is not None][:3]
    if podium and closed:
        story += [_podium(podium, melee=melee, lots=lots), Spacer(0, 5 * mm)]
    shown = columns.standings_columns(tournament.criteria, byes=any(s.row.byes for s in standings))
    if category is not None:
        story.append(para(prize_words.category_explanation(category), styles.body))
    story += [
        para(standings_display.ranking_explanation(tournament), styles.body),
        *(
            [para(gettext(FINAL_ORDER), styles.body)]
            if final_places(tournament) is not None and category is None
            else []
        ),
        para(rules_line(tournament), styles.small),
        para(columns.legend(shown), styles.small),
        Spacer(0, 3 * mm),
        _ranking_table(tournament, standings, shown, melee=melee, lots=lots),
    ]
    return build(
        story, title=f"{title} — {tournament.name}", tournament=tournament, running_head=title
    )


def _ranking_title(tournament: Tournament, *, final: bool) -> tuple[str, int]:
    """The document's title and the number of closed parties: « final »
    once the last partie is closed and its claims are over (`final`),
    « provisoire » (and as of when) until then, the claims' window of the
    last partie included (issue 54, item 5: one word, the true one)."""
    closed = tournament.rounds.filter(status=Round.Status.CLOSED).count()
    playing = tournament.rounds.exclude(status=Round.Status.CLOSED).order_by("number").first()
    if final:
        title = gettext("Classement final")
    elif playing is not None:
        # The standings already count the finished tables of the partie in play.
        title = gettext("Classement provisoire, partie %(round)s en cours") % {
            "round": playing.number
        }
    elif closed:
        title = ngettext(
            "Classement provisoire après %(count)s partie",
            "Classement provisoire après %(count)s parties",
            closed,
        ) % {"count": closed}
    else:
        title = gettext("Classement provisoire")
    return title, closed


def _entrant_name(entrant: object, *, melee: bool, club: str = "") -> tuple[str, str]:
    """The entrant's name and a second line (players or club); in a club
    ranking, the club `club` first."""
    if entrant is None:
        return "?", ""
    if club:
        name, detail = _entrant_name(entrant, melee=melee)
        return f"{club} — {name}", detail
    if melee:
        club = getattr(entrant, "club", "")
        return str(entrant), club
    team: Team = entrant  # type: ignore[assignment]
    detail = gettext("n° %(number)s") % {"number": team.number}
    if team.name:
        detail += f" · {labels.players_line(team)}"
    if team.club:
        detail += f" · {team.club}"
    return team.display_name, detail


def _podium(podium: list, *, melee: bool, lots: bool = False) -> PdfTable:
    styles = pdf_styles()
    data = []
    for place, standing in enumerate(podium):
        name, detail = _entrant_name(
            standing.entrant, melee=melee, club=getattr(standing, "club", "")
        )
        row = standing.row
        size = styles.podium[place].fontSize
        cell: list[Flowable] = [fitted(name, PODIUM_NAME - 12, size, 11)]
        if detail:
            cell.append(para(detail, styles.small))
        if getattr(standing, "lot", None) is not None and lots:
            cell.append(para(gettext("Lot : %(lot)s") % {"lot": standing.lot_name}, styles.body))
        data.append(
            [
                labels.ordinal(row.rank),
                cell,
                [
                    para(_podium_points(row.points_for), styles.podium_points),
                    para(_games_won(row.won), styles.small_right),
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


def _podium_points(points: int) -> str:
    return ngettext("%(points)s point", "%(points)s points", plural_count(points)) % {
        "points": labels.number(points)
    }


def _games_won(count: int) -> str:
    text = ngettext("%(count)s partie gagnée", "%(count)s parties gagnées", plural_count(count))
    return text % {"count": count}


def _ranking_table(
    tournament: Tournament,
    standings: list,
    shown: list[columns.Column],
    *,
    melee: bool,
    lots: bool = False,
) -> PdfTable:
    """Rank, name, the lot when `lots`, and the number columns `shown`, in
    the standings' order."""
    styles = pdf_styles()
    header = [str(columns.RANK.short), gettext("Joueur") if melee else gettext("Équipe")]
    widths = [RANK_WIDTH, 0]
    if lots:
        header.append(gettext("Lot"))
        widths.append(LOT_WIDTH)
    header += [str(column.short) for column in shown]
    widths += [COLUMN_WIDTHS[column.key] for column in shown]
    widths[1] = CONTENT_WIDTH / mm - sum(widths)
    data: list[list[Any]] = [header]
    for standing in standings:
        row = standing.row
        name, detail = _entrant_name(
            standing.entrant, melee=melee, club=getattr(standing, "club", "")
        )
        cell = [para(name, styles.cell)]
        if detail:
            cell.append(para(detail, styles.cell_small))
        lot = [para(standing.lot_name, _lot_style())] if lots else []
        data.append(
            [
                labels.ordinal(row.rank),
                cell,
                *lot,
                *[_figure(columns.value(row, column), column) for column in shown],
            ]
        )
    style = _ranking_style(columns.emphasised_key(tournament.criteria), shown, lots=lots)
    if len(data) > 2:
        # Never one team alone at the foot or at the head of a page: the
        # header and the first two rows stay together, so do the last two.
        style = [
            *style,
            ("NOSPLIT", (0, 0), (-1, 2)),
            ("NOSPLIT", (0, len(data) - 2), (-1, len(data) - 1)),
        ]
    return PdfTable(data, colWidths=[w * mm for w in widths], style=style, repeatRows=1)


@functools.cache
def _lot_style() -> ParagraphStyle:
    return ParagraphStyle("lot", parent=pdf_styles().cell, fontSize=8.5, leading=10)


def _figure(value: int, column: columns.Column) -> str:
    return labels.signed(value) if column.signed else labels.number(value)


def _ranking_style(
    emphasised: str | None, shown: list[columns.Column], *, lots: bool = False
) -> list[tuple]:
    first = 3 if lots else 2  # the first number column
    style = base_grid()
    style += [
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("ALIGN", (first, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (first, 0), (-1, 0), "CENTER"),
        ("FONT", (0, 1), (0, -1), FONT_BOLD, 9.5),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, LIGHT]),
        ("TOPPADDING", (0, 0), (-1, -1), 1 * mm),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.3 * mm),
    ]
    # The column of the first criterion in bold: what the ranking is about.
    keys = [column.key for column in shown]
    if emphasised in keys:
        index = first + keys.index(emphasised)
        style.append(("FONT", (index, 1), (index, -1), FONT_BOLD, 9.5))
    return style
