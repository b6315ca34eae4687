"""The ranking, provisional or final: the podium in large type, then every
team (every player in a mêlée) with its record.

The order and every figure come from `tournaments.standings`, read in a fixed
number of queries whatever the size of the tournament; this module only lays
them out. It never ranks, breaks a tie or computes a score itself.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.models import Round, Team, Tournament
from tournaments.pdf.base import (
    CONTENT_WIDTH,
    FONT_BOLD,
    INK,
    LIGHT,
    MEDALS,
    RULE,
    _base_grid,
    _fitted,
    _n,
    _p,
    _players,
    _rule_summary,
    _signed,
    _styles,
    _when_where,
    build,
)
from tournaments.standings import tournament_standings

PODIUM_NAME = CONTENT_WIDTH - 68 * mm


def ranking(tournament: Tournament) -> bytes:
    """The ranking: the podium in large type, then every team (every player
    in a mêlée) with its record, how the ranking is computed, the rule
    profile and the date."""
    styles = _styles()
    standings = tournament_standings(tournament)
    melee = tournament.format == Tournament.Format.MELEE
    title, closed = _ranking_title(tournament)
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
    return build(
        story, title=f"{title} — {tournament.name}", tournament=tournament, running_head=title
    )


def _ranking_title(tournament: Tournament) -> tuple[str, int]:
    """The document's title (final or provisional, and as of when) and the
    number of closed parties."""
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
    return title, closed


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count in (0, 1) else many}"


def _ordinal(rank: int) -> str:
    return "1er" if rank == 1 else f"{rank}e"


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


def _extra_columns(tournament: Tournament, standings: list) -> list[tuple[str, str, int]]:
    """The columns shown only when they say something: label, attribute of
    the standing's row and width in mm."""
    criteria = set(tournament.criteria)
    byes = any(s.row.byes for s in standings)
    return [
        (label, attribute, width)
        for label, attribute, width, shown in (
            ("Ex.", "byes", 9, byes),
            ("Pts m.", "match_points", 13, Tournament.Criterion.MATCH_POINTS in criteria),
            ("Buch.", "buchholz", 15, Tournament.Criterion.BUCHHOLZ in criteria),
        )
        if shown
    ]


def _ranking_table(tournament: Tournament, standings: list, *, melee: bool) -> PdfTable:
    styles = _styles()
    extra = _extra_columns(tournament, standings)
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
    style = _ranking_style(tournament, extra)
    return PdfTable(data, colWidths=[w * mm for w in fixed], style=style, repeatRows=1)


def _ranking_style(tournament: Tournament, extra: list[tuple[str, str, int]]) -> list[tuple]:
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
    return style
