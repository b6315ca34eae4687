"""What the rules give for a concours file: a table's marques and totals,
the ranking after a partie, the history a draw reads, and the draw itself,
from the file's plain values through `scoring` and `tournaments.domain`.

The checker compares these with what the file says; the generator builds
its files with them. Everything here reads the file's recorded values
(the tables' totals, the parties' tables) and never the checker's own
recomputations, so one wrong marque is said once, at its table, instead of
again in every ranking and draw that follows. Must not print, word a
sentence or import Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import scoring
from tournaments.domain import fixed_tables, pairing, pools
from tournaments.domain import reasons as draw_reasons
from tournaments.domain.reasons import Reason
from tournaments.domain.standings import CHANCE, ByeScore, MatchPoints, Result, Row, lots, rank

Doc = Mapping[str, Any]

RANDOM = "random"
RANKING = "ranking"
ROTATION = "rotation"
POOLS = "pools"
BRACKET = "bracket"
#: Partie 1 or a mêlée drawn by the players' cotes: the cotes of the day are
#: not in the file, so such a draw is not replayed (its seats are checked).
RATING = "rating"

COMPLETE = "complete"
IN_PROGRESS = "in_progress"
NOT_STARTED = "not_started"

EXTRA_DEAL = "extra_deal"
QUALIFYING_TOTAL = "qualifying_total"


@dataclass(frozen=True)
class TableScore:
    """A table recomputed: each deal's (A, B, outcome, pot), the totals with
    the penalties, the pot lost at the end, and the table's state."""

    deals: tuple[tuple[int, int, str, int], ...]
    totals: tuple[int, int]
    lost_pot: int
    status: str


def rules_of(doc: Doc) -> scoring.Rules:
    return scoring.Rules.from_json(doc["rules"])


def penalties(table: Mapping[str, Any]) -> tuple[int, int]:
    """The points the organizer gave or took at the table, side A and B."""
    a = b = 0
    for penalty in table.get("penalties", ()):
        if penalty["team"] == table["a"]:
            a += penalty["points"]
        elif penalty["team"] == table.get("b"):
            b += penalty["points"]
    return a, b


def score_table(
    table: Mapping[str, Any], rules: scoring.Rules, end: Mapping[str, int], *, extra_deal: bool
) -> TableScore:
    """The table's deals through the engine, as the app scores them
    (services/scores.py): a bracket table whose tie is played out with one
    more deal goes on past the planned deals while the totals are equal.
    Raises `scoring.ScoringError` (with `.deal`) on a deal the engine refuses."""
    deals = [entry["deal"] for entry in table.get("deals", ())]
    dead_heat = extra_deal and "deals" in end and len(deals) >= end["deals"]
    game = scoring.score_game(deals, rules, {"deals": len(deals)} if dead_heat else dict(end))
    pa, pb = penalties(table)
    totals = (game.totals[0] + pa, game.totals[1] + pb)
    if not deals:
        status = NOT_STARTED
    elif game.finished and (not dead_heat or totals[0] != totals[1]):
        status = COMPLETE
    else:
        status = IN_PROGRESS
    marques = tuple((d.a, d.b, d.outcome, d.pot) for d in game.deals)
    return TableScore(marques, totals, game.lost_pot, status)


# -- the ranking --------------------------------------------------------------------------------


def is_melee(doc: Doc) -> bool:
    return bool(doc["concours"].get("format") == "melee")


def entrants(doc: Doc) -> list[int]:
    """Who is ranked: the registered teams, or in a mêlée the players."""
    if is_melee(doc):
        return [player["id"] for player in doc.get("players", ())]
    return [team["id"] for team in doc["teams"] if team.get("round") is None]


def _sides(doc: Doc) -> dict[int, tuple[int, ...]]:
    if not is_melee(doc):
        return {team["id"]: (team["id"],) for team in doc["teams"]}
    return {team["id"]: tuple(team["players"]) for team in doc["teams"]}


def bye_score(doc: Doc) -> ByeScore:
    bye = doc["ranking"]["bye"]
    return ByeScore(
        win=bye["win"],
        points=bye["points"],
        average=bye["average"],
        against=bye.get("against") is True,
    )


def entrant_keys(doc: Doc) -> dict[int, int]:
    """What each entrant draws its lot with (queries/standings.py
    `entrant_keys`): a team's number, or in a mêlée a player's place in the
    order of the players' ids."""
    if is_melee(doc):
        ids = sorted(player["id"] for player in doc.get("players", ()))
        return {pk: place for place, pk in enumerate(ids, start=1)}
    return {team["id"]: team["number"] for team in doc["teams"] if team.get("round") is None}


def drawn_lots(doc: Doc) -> dict[int, int] | None:
    """Each entrant's lot when the ranking draws lots, from the file's seed
    (None when it does not). Raises ValueError on a drawing without its seed."""
    if CHANCE not in doc["ranking"]["criteria"]:
        return None
    seed = doc["ranking"].get("chance_seed")
    if type(seed) is not int:
        raise ValueError("a drawing of lots without its seed")
    return lots(seed, entrant_keys(doc))


def match_points(doc: Doc) -> MatchPoints:
    points = doc["ranking"]["match_points"]
    return MatchPoints(points["win"], points["draw"], points["loss"])


def results(doc: Doc, *, until: int, rounds: list[Mapping[str, Any]] | None = None) -> list[Result]:
    """The finished tables of the qualifying parties numbered `until` or
    less, and their byes, as the standings read them."""
    sides = _sides(doc)
    out: list[Result] = []
    for rnd in rounds if rounds is not None else doc["rounds"]:
        if rnd["number"] > until or rnd.get("stage", "qualifying") != "qualifying":
            continue
        for table in rnd["tables"]:
            if table.get("status") == COMPLETE:
                totals = table["totals"]
                out.append(
                    Result(
                        rnd["number"],
                        sides[table["a"]],
                        sides[table["b"]],
                        totals["A"],
                        totals["B"],
                    )
                )
        out.extend(Result(rnd["number"], sides[bye], (), 0, 0) for bye in rnd.get("byes", ()))
    return out


def standings(doc: Doc, *, until: int) -> list[Row]:
    """The ranking after partie `until` (its finished tables)."""
    return rank(
        entrants(doc),
        results(doc, until=until),
        criteria=doc["ranking"]["criteria"],
        bye=bye_score(doc),
        match_points=match_points(doc),
        lots=drawn_lots(doc),
    )


# -- the draws ----------------------------------------------------------------------------------


def seated(rnd: Mapping[str, Any]) -> list[int]:
    """The teams of a partie: at its tables, then exempt."""
    return [
        *(team for table in rnd["tables"] for team in (table["a"], table["b"])),
        *rnd.get("byes", ()),
    ]


def history(doc: Doc, before: int) -> tuple[set[frozenset[int]], Counter[int]]:
    """The pairs that met and the byes each team had in the parties before."""
    played: set[frozenset[int]] = set()
    byes: Counter[int] = Counter()
    for rnd in doc["rounds"]:
        if rnd["number"] < before:
            played.update(frozenset((t["a"], t["b"])) for t in rnd["tables"])
            byes.update(rnd.get("byes", ()))
    return played, byes


def _team_order(doc: Doc, present: set[int]) -> list[int]:
    """The present teams in their registration number order."""
    numbers = {team["id"]: team["number"] for team in doc["teams"]}
    return sorted(present, key=lambda t: (numbers.get(t, 0), t))


def _previous_tables(doc: Doc, number: int) -> list[tuple[int, int]]:
    earlier = [rnd for rnd in doc["rounds"] if rnd["number"] < number]
    if not earlier:
        return []
    last = max(earlier, key=lambda rnd: rnd["number"])
    return [(t["a"], t["b"]) for t in sorted(last["tables"], key=lambda t: t["number"])]


def pool_seats(doc: Doc) -> list[list[int]]:
    """Each pool's places as team ids, an empty place as a negative
    stand-in that plays nobody (services/pools.py)."""
    out: list[list[int]] = []
    stand_in = 0
    for places in doc["pools"]["pools"]:
        seats = []
        for team in places:
            if team is None:
                stand_in -= 1
                team = stand_in
            seats.append(team)
        while len(seats) < 3:
            stand_in -= 1
            seats.append(stand_in)
        out.append(seats[:4])
    return out


def pools_split(doc: Doc) -> list[list[int]] | None:
    """The pools the split gives from the teams in them (registration order,
    or the random order of the pools' seed), in the size that makes as many
    pools as the file has; None when no size does."""
    teams = [team for places in doc["pools"]["pools"] for team in places if team is not None]
    order = pools.seeding_order(_team_order(doc, set(teams)), seed=doc["pools"].get("seed"))
    for size in pools.SIZES:
        try:
            split = pools.split(order, size=size)
        except pools.PoolError:
            continue
        if len(split) == len(doc["pools"]["pools"]):
            return split
    return None


def expected_draw(
    doc: Doc, rnd: Mapping[str, Any]
) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """The tables (team A, team B) in table order, the exempt teams and the
    tables' numbers the partie's draw gives, from its kind, its seed, the
    teams it seated and the parties before it, its fixed teams at their
    tables, then the exchanges made by hand after it.
    Raises `pairing.DrawError` or KeyError/ValueError on a draw that cannot
    be replayed."""
    draw = rnd["draw"]
    pairs, byes = draw_for(doc, rnd["number"], draw["kind"], draw.get("seed"), set(seated(rnd)))
    pairs, byes, numbers = placed(pairs, byes, fixed_of(rnd))
    pairs, byes = swapped(pairs, byes, draw.get("swaps", ()))
    return pairs, byes, numbers


def fixed_of(rnd: Mapping[str, Any]) -> dict[int, int]:
    """The teams the partie's draw kept at their table (« reste à sa
    table »), team → number, in the organizer's order."""
    return {team: table for team, table in rnd["draw"].get("fixed", ())}


def _in_table_order(
    pairs: Sequence[Sequence[int]], byes: Sequence[int], fixed: Mapping[int, int]
) -> tuple[list[int], list[int], list[int]]:
    """Where the fixed teams put the draw's tables and byes
    (domain/fixed_tables.py, as services/seating.py numbers them): the
    indexes of the tables then of the byes in table-number order, and the
    tables' numbers."""
    placement = fixed_tables.place([*pairs, *((b,) for b in byes)], fixed)
    count = len(pairs)
    tables = sorted(range(count), key=lambda i: placement.numbers[i])
    exempt = sorted(range(len(byes)), key=lambda i: placement.numbers[count + i])
    return tables, exempt, [placement.numbers[i] for i in tables]


def placed(
    pairs: Sequence[tuple[int, int]], byes: Sequence[int], fixed: Mapping[int, int]
) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """The draw's tables and byes in table-number order once the fixed
    teams sit at their numbers, with the tables' numbers."""
    tables, exempt, numbers = _in_table_order(pairs, byes, fixed)
    return [pairs[i] for i in tables], [byes[i] for i in exempt], numbers


def placed_drawn(drawn: Drawn, fixed: Mapping[int, int]) -> Drawn:
    """`placed` for a draw with its reasons: each reason follows its table
    (or its bye) to the number the fixed teams give it."""
    tables, exempt, _numbers = _in_table_order(drawn.pairs, drawn.byes, fixed)
    why = (list(drawn.reasons) + [None] * len(tables))[: len(tables)]
    why_bye = (list(drawn.bye_reasons) + [None] * len(exempt))[: len(exempt)]
    return Drawn(
        [drawn.pairs[i] for i in tables],
        [drawn.byes[i] for i in exempt],
        [why[i] for i in tables],
        [why_bye[i] for i in exempt],
    )


def expected_reasons(doc: Doc, rnd: Mapping[str, Any]) -> list[Reason | None]:
    """The reasons of the partie's tables then of its byes, in table-number
    order, as `expected_draw` seats them: the draw's, each following its
    table to the fixed teams' numbers, then the exchanges made by hand."""
    draw = rnd["draw"]
    drawn = explained_draw(doc, rnd["number"], draw["kind"], draw.get("seed"), set(seated(rnd)))
    return swapped_reasons(doc, placed_drawn(drawn, fixed_of(rnd)), draw.get("swaps", ()))


def swapped(
    pairs: list[tuple[int, int]], byes: list[int], swaps: Iterable[Sequence[int]]
) -> tuple[list[tuple[int, int]], list[int]]:
    """The seating after each exchange of two teams' seats, in order
    (services/rounds.py `swap_teams`: each takes the other's table and side)."""
    seats = [list(pair) for pair in pairs] + [[bye] for bye in byes]
    for first, second in swaps:
        where = {
            team: (i, side) for i, table in enumerate(seats) for side, team in enumerate(table)
        }
        (i, side_i), (j, side_j) = where[first], where[second]
        seats[i][side_i], seats[j][side_j] = second, first
    count = len(pairs)
    return [(a, b) for a, b in seats[:count]], [seat[0] for seat in seats[count:]]


def draw_for(
    doc: Doc, number: int, kind: str, seed: int | None, present: set[int]
) -> tuple[list[tuple[int, int]], list[int]]:
    """Partie `number`'s draw of `kind` for the `present` teams, after the
    file's parties before it (services/rounds.py `_seat_round_with`)."""
    drawn = explained_draw(doc, number, kind, seed, present)
    return drawn.pairs, drawn.byes


@dataclass(frozen=True)
class Drawn:
    """A draw replayed: the tables, the exempt teams, and the reason of each
    (tournaments/domain/reasons.py)."""

    pairs: list[tuple[int, int]]
    byes: list[int]
    reasons: list[Reason | None]
    bye_reasons: list[Reason | None]


def _kept_apart(doc: Doc, number: int) -> tuple[set[frozenset[int]], dict[str, Any]]:
    """The pairs partie `number`'s draw kept apart, as the file says, and
    the keyword arguments that give them to the pairing."""
    draw: dict[str, Any] = next((r["draw"] for r in doc["rounds"] if r["number"] == number), {})
    avoid = {frozenset(pair) for pair in draw.get("avoid", ()) if len(set(pair)) == 2}
    return avoid, {"avoid": avoid, "avoid_absolute": draw.get("avoid_absolute") is True}


def explained_draw(doc: Doc, number: int, kind: str, seed: int | None, present: set[int]) -> Drawn:
    """`draw_for` with each table's reason, as the app stores them."""
    if kind == POOLS:
        tables, pool_byes = pools.round_tables_of_pools(pool_seats(doc), number)
        exempt = [t for t in pool_byes if t in present]
        pairs: list[tuple[int, int]] = []
        for a, b in tables:
            if a in present and b in present:
                pairs.append((a, b))
            elif a in present or b in present:
                exempt.append(a if a in present else b)
        why, why_bye = draw_reasons.explain_pools(pool_seats(doc), number, pairs, exempt)
        return Drawn(pairs, exempt, list(why), list(why_bye))
    played, byes_had = history(doc, number)
    team_ids = _team_order(doc, present)
    order = [row.entrant for row in standings(doc, until=number - 1) if row.entrant in present]
    avoid, apart = _kept_apart(doc, number)
    if kind == RANKING:
        draw = pairing.draw_by_ranking(order, played=played, byes=byes_had, **apart)
        explained = draw_reasons.explain_ranking(
            draw, order, played=played, byes=byes_had, avoid=avoid
        )
    elif kind == ROTATION:
        previous = _previous_tables(doc, number)
        draw = pairing.draw_rotation(previous, team_ids, byes=byes_had, order=order)
        explained = draw_reasons.explain_rotation(draw, previous, byes=byes_had)
    elif kind == RANDOM:
        if type(seed) is not int:
            raise ValueError("a random draw without its seed")
        draw = pairing.draw_random(team_ids, seed=seed, played=played, byes=byes_had, **apart)
        explained = draw_reasons.explain_random(
            draw, team_ids, seed=seed, played=played, byes=byes_had, avoid=avoid
        )
    else:
        raise ValueError(f"no draw of kind {kind!r} is replayed here")
    byes = [draw.bye] if draw.bye is not None else []
    return Drawn(list(draw.tables), byes, list(explained.tables), [explained.bye][: len(byes)])


def swapped_reasons(doc: Doc, drawn: Drawn, swaps: Iterable[Sequence[int]]) -> list[Reason | None]:
    """The reasons of the tables then of the byes after each exchange by
    hand (services/rounds.py `swap_teams`: both tables say « modifié à la main »)."""
    numbers = {team["id"]: team["number"] for team in doc["teams"]}
    seats: list[list[int]] = [list(p) for p in drawn.pairs] + [[b] for b in drawn.byes]
    reasons = [*drawn.reasons, *drawn.bye_reasons]
    for first, second in swaps:
        reasons = draw_reasons.swap_reasons(
            [(seat[0], seat[1] if len(seat) > 1 else None) for seat in seats],
            reasons,
            first,
            second,
            numbers,
        )
        for seat in seats:
            for side, team in enumerate(seat):
                if team in (first, second):
                    seat[side] = second if team == first else first
    return reasons


def qualifying_rounds(doc: Doc) -> Iterator[Mapping[str, Any]]:
    return (rnd for rnd in doc["rounds"] if rnd.get("stage", "qualifying") == "qualifying")
