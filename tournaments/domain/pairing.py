"""Table draws of a concours: who plays whom, at which table, and which team is exempt.

Responsible for the pairing logic of every kind of draw — random, by ranking
(Swiss-like), by rotation ("North/South stay, East/West move") — for the choice
of the exempt team, for the partner draw of a mêlée, and for making random draws
reproducible from their seed.

Must not import Django, touch the database, know what a model is, or produce
user-facing text. It takes plain values (ints as team or player ids, frozensets
of two ids for the pairs that already met) and returns plain frozen values. A
draw that cannot be made raises ``DrawError`` whose ``code`` and ``params`` the
Django side turns into a sentence (``tournaments.display.errors.pairing_error``).

Words used here (the glossary of :mod:`tournaments`): a *round* (partie) is
one round of the concours; at each round the present teams sit two by two at
*tables*, the first team at North/South, the second at East/West; with an
odd number of teams one team is *exempt* (the *bye*). A *rematch* is a table
between two teams that have already met.

How pairings are computed: the teams to seat are put in a line — the ranking
for ``draw_by_ranking``, a seeded shuffle for ``draw_random`` and
``form_pairs`` — and paired by a minimum-cost perfect matching where pairing
the teams at positions i and j costs

    (i - j) ** 2                 for teams that have not met yet,
    (i - j) ** 2 + PENALTY       for a rematch, with
    PENALTY = n/2 * (n - 1) ** 2 + 1  (n = teams to seat).

No perfect matching has a sum of ``(i - j) ** 2`` above ``n/2 * (n - 1) ** 2``,
so one more rematch always costs more than any reshuffling of the other tables:
the optimum first has the fewest rematches possible (none while any rematch-free
pairing exists), then keeps neighbours in the line together. Squaring the
distance prefers two small detours to one big one: when 1 and 2 already met,
1–3 and 2–4 (4 + 4) beat 1–4 and 2–3 (9 + 1). When the plain pairing 1–2, 3–4,
… has no rematch it is the unique optimum and is returned without a matching.

Prohibited pairings (issue 38, item 12b): ``avoid`` holds pairs that should
not meet (two teams of one club, a family, a couple). Each such pair gets a
penalty of its own, on a tier above or below the rematch's:

* ``avoid_absolute=True``: a prohibited meeting costs more than any number of
  rematches, so the draw has the fewest prohibited meetings possible (none
  while any draw without one exists), then the fewest rematches, then the
  closest neighbours;
* ``avoid_absolute=False`` (a preference): a rematch costs more than any number
  of prohibited meetings, so the fewest rematches come first (exactly as
  without ``avoid``), then the fewest prohibited meetings, then neighbours.

The low tier is ``n/2 * (n - 1) ** 2 + 1`` (above any sum of squared gaps),
the high tier ``n/2 * ((n - 1) ** 2 + low) + 1`` (above any sum of gaps and
low-tier penalties).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from tournaments.domain.matching import matching as _matching
from tournaments.domain.matching import nearest_new as _nearest_new
from tournaments.domain.matching import ordered as _ordered
from tournaments.domain.matching import proven_optimal as _proven_optimal

# First number of nearest new opponents linked to each team in the sparse graph;
# doubled until the matching is proven optimal (see _pair_positions).
SPARSE_DEGREE = 16

_NO_COUNTS: Mapping[int, int] = MappingProxyType({})


@dataclass(frozen=True)
class Draw:
    """The seating of one round.

    ``tables`` are in table order (table 1 first), each as (team at North/South,
    team at East/West). ``bye`` is the exempt team, if any. ``seed`` is the seed
    of a random draw, kept so that the draw can be shown and replayed.
    """

    tables: tuple[tuple[int, int], ...]
    bye: int | None
    seed: int | None = None


#: The codes of :class:`DrawError`, with the params each one carries.
DRAW_ERROR_CODES: dict[str, tuple[str, ...]] = {
    "not_enough_teams": ("count",),
    "not_enough_players": ("count",),
    "duplicate_team": ("id",),
    "duplicate_player": ("id",),
    "invalid_previous": (),
}


class DrawError(Exception):
    """A draw that cannot be made.

    ``code`` is one of :data:`DRAW_ERROR_CODES` and stable; ``params`` holds
    plain values for the sentence (``count``: how many teams or players were
    given; ``id``: the first id given twice); the message is for developers.
    """

    code: str
    params: dict[str, int]

    def __init__(self, code: str, detail: str = "", params: dict[str, int] | None = None) -> None:
        if code not in DRAW_ERROR_CODES:  # a programming error
            raise ValueError(f"unknown draw error code {code!r}")
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.params = params if params is not None else {}


def choose_bye(
    team_ids: Sequence[int], *, byes: Mapping[int, int], order: Sequence[int]
) -> int | None:
    """Return the exempt team, or None when the number of teams is even.

    The bye goes to a team with the fewest byes so far (absent from ``byes``
    means none), so no team gets a second bye while another present team has had
    none. Among those, it goes to the one last in ``order`` (the lowest ranked,
    or the last of a random order). Teams missing from ``order`` (late entries)
    count as after every team in it, the last of them in ``team_ids`` last.
    """
    teams = _unique(team_ids, code="duplicate_team")
    if len(teams) % 2 == 0:
        return None
    fewest = min(byes.get(team, 0) for team in teams)
    rank = _rank_index(order)
    candidates = [
        (rank.get(team, len(rank)), position, team)
        for position, team in enumerate(teams)
        if byes.get(team, 0) == fewest
    ]
    return max(candidates)[2]


def draw_random(
    team_ids: Sequence[int],
    *,
    seed: int,
    played: Collection[frozenset[int]] = (),
    byes: Mapping[int, int] = _NO_COUNTS,
    avoid: Collection[frozenset[int]] = (),
    avoid_absolute: bool = False,
) -> Draw:
    """Draw the tables at random, reproducibly from ``seed``, avoiding rematches.

    The teams are sorted then shuffled by ``random.Random(seed)``, so the same
    teams (in any input order), results and seed give the same draw in any
    process. The bye is chosen by ``choose_bye`` with that random order; the
    others are paired along it (1st–2nd, 3rd–4th, …) unless that makes a
    rematch, in which case the minimum-cost matching described in the module
    docstring moves as few teams as needed. Tables come in the random order and
    the team met first in it sits North/South.
    """
    teams = _checked_teams(team_ids)
    line = sorted(teams)
    random.Random(seed).shuffle(line)
    bye = choose_bye(line, byes=byes, order=line)
    seated = [team for team in line if team != bye]
    tables = _seat(seated, played, avoid=avoid, avoid_absolute=avoid_absolute)
    return Draw(tables=tables, bye=bye, seed=seed)


def draw_by_ranking(
    ranked_team_ids: Sequence[int],
    *,
    played: Collection[frozenset[int]],
    byes: Mapping[int, int],
    avoid: Collection[frozenset[int]] = (),
    avoid_absolute: bool = False,
) -> Draw:
    """Draw a Swiss-like round: teams of close standing meet, never a needless rematch.

    ``ranked_team_ids`` is the current ranking, leader first. The bye is chosen
    first (``choose_bye``: the lowest-ranked team among those with the fewest
    byes) and removed, so an even number of teams is paired. Pairing is the
    minimum-cost perfect matching of the module docstring, positions being the
    ranks among the teams to seat: 1–2, 3–4, … when no rematch is in the way,
    otherwise the fewest rematches possible (none while any rematch-free pairing
    exists), then the smallest sum of squared rank gaps.

    Tables are ordered by the best rank at the table (table 1 = the leaders) and
    the better-ranked team sits North/South.
    """
    teams = _checked_teams(ranked_team_ids)
    bye = choose_bye(teams, byes=byes, order=teams)
    seated = [team for team in teams if team != bye]
    return Draw(tables=_seat(seated, played, avoid=avoid, avoid_absolute=avoid_absolute), bye=bye)


def draw_rotation(
    previous: Sequence[tuple[int, int]],
    team_ids: Sequence[int],
    *,
    byes: Mapping[int, int],
    order: Sequence[int],
) -> Draw:
    """Draw the classic rotation: North/South stay, East/West move one table on.

    ``previous`` is the last round's tables in table order. The North/South team
    of table i stays at table i; the East/West team of table i goes to table
    i + 1, the last one to table 1. Over m tables no two teams meet twice in
    m - 1 rounds as long as nobody comes or goes.

    Changes of the field are handled in this order:

    1. The bye (``choose_bye`` with ``order``) and teams no longer in
       ``team_ids`` (withdrawn, absent) leave their seat empty.
    2. Present teams without a seat — late entries, last round's exempt team —
       fill the empty seats table by table (North/South before East/West),
       taken in ``order`` (teams missing from it last, in ``team_ids`` order).
    3. If seats are still empty, tables left with a single team are merged two
       by two: the lone team of the later table joins the earlier table at the
       free seat, and the tables are renumbered without gaps.
    4. If newcomers are still waiting, they open new tables after the last one,
       two by two in that same order.

    With no ``previous`` round every team is a newcomer, so the tables are
    ``order`` taken two by two. Rematches are not checked: the rotation is
    chosen for its simplicity at the tables, not for its pairings.
    """
    teams = _checked_teams(team_ids)
    _check_previous(previous)
    bye = choose_bye(teams, byes=byes, order=order)
    present = set(teams) - {bye}

    count = len(previous)
    north: list[int | None] = [None] * count
    east: list[int | None] = [None] * count
    for number, (north_south, east_west) in enumerate(previous):
        if north_south in present:
            north[number] = north_south
        if east_west in present:
            east[(number + 1) % count] = east_west

    seated = {team for team in (*north, *east) if team is not None}
    rank = _rank_index(order)
    newcomers = deque(
        team
        for _, _, team in sorted(
            (rank.get(team, len(rank)), position, team)
            for position, team in enumerate(teams)
            if team in present and team not in seated
        )
    )
    for number in range(count):
        if north[number] is None and newcomers:
            north[number] = newcomers.popleft()
        if east[number] is None and newcomers:
            east[number] = newcomers.popleft()

    tables: list[list[int | None]] = []
    half_table: list[int | None] | None = None
    for seats in zip(north, east, strict=True):
        sitting = [team for team in seats if team is not None]
        if len(sitting) == 2:
            tables.append(list(seats))
        elif len(sitting) == 1 and half_table is None:
            half_table = list(seats)
            tables.append(half_table)
        elif len(sitting) == 1 and half_table is not None:
            free = half_table.index(None)
            half_table[free] = sitting[0]
            half_table = None
    while newcomers:
        tables.append([newcomers.popleft(), newcomers.popleft()])

    # An even number of teams is seated (the bye is out), so nobody is left alone.
    assert half_table is None
    return Draw(tables=tuple((_seat_of(a), _seat_of(b)) for a, b in tables), bye=bye)


def form_pairs(
    player_ids: Sequence[int],
    *,
    seed: int,
    partnered: Collection[frozenset[int]],
    sit_outs: Mapping[int, int] = _NO_COUNTS,
) -> tuple[tuple[tuple[int, int], ...], int | None]:
    """Draw the partners of a mêlée round; return (pairs, player sitting out).

    In a mêlée (individual tournament) partners are redrawn every round. The
    players are sorted then shuffled by ``random.Random(seed)`` — reproducible
    like ``draw_random``. With an odd number one sits out: the fewest sit-outs
    first, then the last in the random order. The others are paired along the
    random order by the matching of the module docstring with the pairs in
    ``partnered`` as the "already met" ones: the random positions play the role
    of small random costs and a repeated partnership gets the big penalty, so
    nobody partners the same player twice while that can be avoided.
    """
    players = _unique(player_ids, code="duplicate_player")
    if len(players) < 2:
        raise DrawError("not_enough_players", f"{len(players)} player(s)", {"count": len(players)})
    line = sorted(players)
    random.Random(seed).shuffle(line)
    sitting_out = choose_bye(line, byes=sit_outs, order=line)
    playing = [player for player in line if player != sitting_out]
    return _seat(playing, partnered), sitting_out


# -- helpers -----------------------------------------------------------------------------------


def _unique(ids: Sequence[int], *, code: str) -> list[int]:
    result = list(ids)
    if len(set(result)) != len(result):
        seen: set[int] = set()
        for one in result:
            if one in seen:
                raise DrawError(code, f"id {one} appears twice", {"id": one})
            seen.add(one)
    return result


def _checked_teams(team_ids: Sequence[int]) -> list[int]:
    teams = _unique(team_ids, code="duplicate_team")
    if len(teams) < 2:
        raise DrawError("not_enough_teams", f"{len(teams)} team(s)", {"count": len(teams)})
    return teams


def _check_previous(previous: Sequence[tuple[int, int]]) -> None:
    seen = [team for table in previous for team in table]
    if any(len(table) != 2 for table in previous) or len(set(seen)) != len(seen):
        raise DrawError("invalid_previous", "a team sits twice in the previous round")


def _rank_index(order: Sequence[int]) -> dict[int, int]:
    rank: dict[int, int] = {}
    for position, team in enumerate(order):
        rank.setdefault(team, position)
    return rank


def _seat_of(team: int | None) -> int:
    assert team is not None
    return team


def _seat(
    line: Sequence[int],
    met: Collection[frozenset[int]],
    *,
    avoid: Collection[frozenset[int]] = (),
    avoid_absolute: bool = False,
) -> tuple[tuple[int, int], ...]:
    """Pair the teams of ``line`` (even count), earlier position first, table order by it."""
    position = {team: index for index, team in enumerate(line)}
    met_positions = _positions(met, position)
    avoid_positions = _positions(avoid, position)
    pairs = _pair_positions(
        len(line), met_positions, avoid=avoid_positions, avoid_absolute=avoid_absolute
    )
    return tuple((line[i], line[j]) for i, j in pairs)


def _positions(
    pairs: Collection[frozenset[int]], position: Mapping[int, int]
) -> set[tuple[int, int]]:
    found: set[tuple[int, int]] = set()
    for pair in pairs:
        if len(pair) != 2:
            continue
        a, b = pair
        if a in position and b in position:
            found.add(_ordered(position[a], position[b]))
    return found


def _pair_positions(
    n: int,
    met: set[tuple[int, int]],
    *,
    avoid: set[tuple[int, int]] | None = None,
    avoid_absolute: bool = False,
) -> list[tuple[int, int]]:
    """Minimum-cost perfect matching of positions 0..n-1 (n even), sorted.

    networkx's blossom algorithm on the complete graph costs about 2 s for
    256 teams, so it first runs on a sparse graph: each position linked to its
    SPARSE_DEGREE nearest positions it has neither met nor may not meet. The sparse optimum M (cost
    C) is kept only when it is proven optimal on the complete graph:

    * if the sparse graph holds every pair neither met nor prohibited, any
      matching leaving it has a penalised pair and costs more than the low
      tier > C;
    * otherwise, with m(v) the cheapest pair of v in the complete graph, every
      perfect matching costs at least LB = sum(m(v)) / 2, and one using a pair
      e = (i, j) outside the sparse graph at least c(e) + LB - (m(i) + m(j)) / 2.
      If that is >= C for every such e, no matching outside the sparse graph
      beats M.

    Otherwise (no perfect matching, or no proof) the degree is doubled, up to the
    complete graph with rematches and prohibited pairs at their penalties. The result is thus
    always an exact optimum; only which of several equal optima is returned may
    depend on the graph that proved it.
    """
    if n == 0:
        return []
    avoid = avoid or set()
    # Any penalised pair: the sparse graph and its proof work on the others.
    blocked = met | avoid
    straight = [(i, i + 1) for i in range(0, n, 2)]
    if not any(pair in blocked for pair in straight):
        return straight

    low = n // 2 * (n - 1) ** 2 + 1
    high = n // 2 * ((n - 1) ** 2 + low) + 1
    rematch, prohibited = (low, high) if avoid_absolute else (high, low)

    def cost(i: int, j: int) -> int:
        return (
            (j - i) ** 2
            + (rematch if (i, j) in met else 0)
            + (prohibited if (i, j) in avoid else 0)
        )

    nearest = [_nearest_new(i, n, blocked) for i in range(n)]
    # A team penalised against every other one: its cheapest pair, counted.
    cheapest = [
        (near[0] - i) ** 2 if near else min(cost(*_ordered(i, j)) for j in range(n) if j != i)
        for i, near in enumerate(nearest)
    ]
    degree = SPARSE_DEGREE
    while degree < n - 1:
        edges = {_ordered(i, j) for i in range(n) for j in nearest[i][:degree]}
        pairs = _matching(n, edges, cost)
        holds_every_new_pair = all(len(opponents) <= degree for opponents in nearest)
        if pairs is not None and (
            holds_every_new_pair or _proven_optimal(pairs, edges, cheapest, cost, n)
        ):
            return pairs
        if holds_every_new_pair:
            break
        degree *= 2
    every_pair = {(i, j) for i in range(n) for j in range(i + 1, n)}
    pairs = _matching(n, every_pair, cost)
    assert pairs is not None, "a complete graph on an even number of nodes has a perfect matching"
    return pairs
