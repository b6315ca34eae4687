"""The rankings with their lots: the general ranking and each special
ranking (category), every entrant with the lot it takes.

Reads what the organizer decided (lots, rules, categories, swaps) and the
standings, in a fixed number of queries whatever the size of the
tournament, and hands them to the pure rules (`tournaments.domain.prizes` gives
the lots, `tournaments.domain.categories` ranks a category within itself). Writes
nothing and decides nothing of its own.

When players see the lots (`lots_public`): once the tournament is finished,
that is when its last partie is closed; no other click is asked of the
organizer on a busy evening. The organizer's page shows them at any time,
as the ranking stands.

A swap made by hand applies while the ranking and the list are those it
was made on (its `stamp`); after a correction changes the ranking, or the
list is edited, it is set aside (`Board.stale`) for the organizer to keep
or drop, never applied to teams it was not meant for.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field, replace
from decimal import Decimal

from tournaments.domain import categories as special
from tournaments.domain import prizes
from tournaments.domain.standings import Standing
from tournaments.models import Category, Lot, LotSwap, Player, Team, Tournament
from tournaments.queries.brackets import final_order
from tournaments.queries.standings import tournament_standings


@dataclass
class Placing(Standing):
    """A standing with its lot; in a club ranking, the club it stands for."""

    lot: Lot | None = None
    swapped: bool = False
    club: str = ""

    @property
    def lot_name(self) -> str:
        return self.lot.name if self.lot else ""


@dataclass
class Board:
    """One ranking (the general one when `category` is None) and its lots."""

    tournament: Tournament
    category: Category | None
    placings: list[Placing]
    lots: list[Lot] = field(default_factory=list)
    allocation: prizes.Allocation | None = None
    stamp: str = ""
    swaps: list[LotSwap] = field(default_factory=list)
    stale: list[LotSwap] = field(default_factory=list)

    @property
    def rule(self) -> str:
        return (self.category or self.tournament).prize_rule

    @property
    def top(self) -> int:
        return (self.category or self.tournament).prize_top

    @property
    def key(self) -> str:
        """The board's name in a form or an address: « general » or the
        category's id."""
        return str(self.category.pk) if self.category else "general"

    @property
    def has_lots(self) -> bool:
        return bool(self.lots)

    @property
    def awarded(self) -> list[Placing]:
        return [p for p in self.placings if p.lot is not None]

    @property
    def total_value(self) -> Decimal:
        return sum(
            (lot.value * lot.quantity for lot in self.lots if lot.value is not None), Decimal(0)
        )

    def placing(self, entrant: int) -> Placing | None:
        return next((p for p in self.placings if p.row.entrant == entrant), None)


def lots_public(tournament: Tournament) -> bool:
    """Whether players see the lots: prizes on, and the last partie closed."""
    return tournament.prizes_enabled and tournament.status == Tournament.Status.FINISHED


def public_board(tournament: Tournament, standings: list[Standing] | None = None) -> Board | None:
    """The general ranking with its lots when players see them, else None."""
    if not lots_public(tournament):
        return None
    return board(tournament, standings=standings)


def public_categories(tournament: Tournament) -> list[Category]:
    """The special rankings players can open (none while they are off)."""
    if not tournament.categories_enabled:
        return []
    return list(tournament.categories.all())


def _eligible(entrant: object) -> bool:
    """A withdrawn team (or player) keeps its place but takes no lot."""
    status = getattr(entrant, "status", None)
    return status not in (Team.Status.WITHDRAWN, Player.Status.WITHDRAWN)


def _club(entrant: object) -> str:
    return getattr(entrant, "club", "") or ""


def category_placings(
    standings: list[Standing], category: Category, members: set[int]
) -> list[Placing]:
    """The category's part of the ranking, ranked within itself: its
    members, or each club's best entrant for a club ranking."""
    if category.by_club:
        chosen = [
            standings[i] for i in special.best_of_each_club([_club(s.entrant) for s in standings])
        ]
    else:
        chosen = [s for s in standings if s.row.entrant in members]
    ranks = special.rerank([s.row.rank for s in chosen])
    placings = []
    for standing, rank in zip(chosen, ranks, strict=True):
        row = replace(standing.row, rank=rank)
        placings.append(
            Placing(
                row=row,
                entrant=standing.entrant,
                club=_club(standing.entrant) if category.by_club else "",
            )
        )
    return placings


def _members(tournament: Tournament, categories: list[Category]) -> dict[int, set[int]]:
    """Each category's entrants (teams, or players in a mêlée), in one query."""
    melee = tournament.format == Tournament.Format.MELEE
    through = (Category.players if melee else Category.teams).through
    column = "player_id" if melee else "team_id"
    members: dict[int, set[int]] = {c.pk: set() for c in categories}
    for category_id, entrant in through.objects.filter(
        category__in=[c.pk for c in categories]
    ).values_list("category_id", column):
        members[category_id].add(entrant)
    return members


def stamp(
    placings: list[Placing],
    lots: list[Lot],
    rule: str,
    top: int,
    holders: frozenset[int] = frozenset(),
) -> str:
    """The ranking and the list a swap is made on, as a short digest: the
    entrants in order with their ranks and whether they take a lot (not
    when withdrawn, nor when holding a lot of another list), the lots as
    typed (not their ids: saving the same list again keeps the swaps) and
    the rule."""
    shown = (
        [
            (p.row.entrant, p.row.rank, _eligible(p.entrant) and p.row.entrant not in holders)
            for p in placings
        ],
        [(lot.name, lot.quantity, lot.last) for lot in lots],
        str(rule),  # a plain string, whether read from the database or not
        int(top) if rule == prizes.TOP else None,
    )
    return f"{zlib.crc32(repr(shown).encode()):08x}"


def _give(board: Board, holders: frozenset[int] = frozenset()) -> None:
    """Fill the board's allocation and each placing's lot, the `holders`
    of a lot of an earlier board skipped (lots that do not cumulate)."""
    board.stamp = stamp(board.placings, board.lots, board.rule, board.top, holders)
    board.stale = [s for s in board.swaps if s.stamp != board.stamp]
    board.swaps = [s for s in board.swaps if s.stamp == board.stamp]
    if not board.lots:
        return
    by_key = {lot.pk: lot for lot in board.lots}
    board.allocation = prizes.allocate(
        [prizes.Placed(p.row.entrant, p.row.rank, _eligible(p.entrant)) for p in board.placings],
        [prizes.Lot(lot.pk, lot.name, lot.quantity, lot.last) for lot in board.lots],
        rule=board.rule,
        top=board.top,
        swaps=[(s.first, s.second) for s in board.swaps],
        holders=holders,
    )
    for placing, award in zip(board.placings, board.allocation.awards, strict=True):
        placing.lot = by_key[award.lot.key] if award.lot else None
        placing.swapped = award.swapped


def boards(
    tournament: Tournament,
    *,
    standings: list[Standing] | None = None,
    only: Category | str | None = "all",
) -> list[Board]:
    """The general ranking's board, then each category's (when special
    rankings are on), with their lots (when prizes are on). `only` keeps
    one of them: None for the general ranking, or a category.

    Unless the tournament's lots cumulate, an entrant takes one lot only:
    the boards give theirs in order (the general ranking first, then the
    categories by creation), each skipping the entrants a board before it
    gave a lot to, so every board is computed even when one is asked."""
    if standings is None:
        standings = tournament_standings(tournament)
    # After a final phase, its places (services is imported here: it imports this module).

    standings = final_order(tournament, standings)
    categories: list[Category] = []
    if tournament.categories_enabled:
        categories = list(tournament.categories.all())
    lots: dict[int | None, list[Lot]] = {}
    swaps: dict[int | None, list[LotSwap]] = {}
    if tournament.prizes_enabled:
        for lot in tournament.lots.all():
            lots.setdefault(lot.category_id, []).append(lot)
        for swap in tournament.lot_swaps.all():
            swaps.setdefault(swap.category_id, []).append(swap)
    members = _members(tournament, [c for c in categories if not c.by_club]) if categories else {}
    result = []
    general = [Placing(row=s.row, entrant=s.entrant, split=s.split) for s in standings]
    result.append(Board(tournament, None, general, lots.get(None, []), swaps=swaps.get(None, [])))
    for category in categories:
        placings = category_placings(standings, category, members.get(category.pk, set()))
        result.append(
            Board(
                tournament,
                category,
                placings,
                lots.get(category.pk, []),
                swaps=swaps.get(category.pk, []),
            )
        )
    holders: frozenset[int] = frozenset()
    for board in result:
        _give(board, holders)
        if not tournament.prizes_cumulate:
            holders |= {p.row.entrant for p in board.awarded}
    if only == "all":
        return result
    return [
        b for b in result if (b.category.pk if b.category else None) == getattr(only, "pk", None)
    ]


def board(tournament: Tournament, category: Category | None = None, **kwargs) -> Board:
    """One ranking's board: the general one, or `category`'s."""
    return boards(tournament, only=category, **kwargs)[0]


def ticked_categories(tournament: Tournament) -> list[Category]:
    """The categories a team (a player in a mêlée) is ticked in: all but the
    club ranking, which follows the club typed on the team; none while
    special rankings are off."""
    if not tournament.categories_enabled:
        return []
    return list(tournament.categories.exclude(kind=Category.Kind.CLUB).order_by("pk"))
