"""The final phase of a concours file replayed: the qualifying order the
brackets are seeded from, and each bracket partie's matches, level by
level, from the file's seeds and the totals of the tables before it (as
services/brackets.py makes and settles them).

Must not word a sentence or import Django; reads the file's recorded
values only (see `replay`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from checker import replay
from tournaments.domain import brackets as rules
from tournaments.domain import fixed_tables, pools


def qualifying_order(doc: replay.Doc) -> list[int]:
    """The teams still in (no forfait), best first: the standings after the
    qualifying parties, or after pools the pool winners first, then the
    seconds… (queries/brackets.py)."""
    last = max((rnd["number"] for rnd in replay.qualifying_rounds(doc)), default=0)
    overall = [row.entrant for row in replay.standings(doc, until=last)]
    if doc.get("pools"):
        numbers = {rnd["number"] for rnd in doc["rounds"] if rnd["draw"]["kind"] == replay.POOLS}
        results = [r for r in replay.results(doc, until=last) if r.round in numbers]
        rankings = [
            [
                row.entrant
                for row in pools.rank_pool(
                    [t for t in places if t is not None],
                    results,
                    criteria=doc["ranking"]["criteria"],
                    bye=replay.bye_score(doc),
                    match_points=replay.match_points(doc),
                    lots=replay.drawn_lots(doc),
                )
            ]
            for places in doc["pools"]["pools"]
        ]
        overall = pools.qualifying_order(rankings, overall)
    withdrawn = {
        team["id"]
        for team in doc["teams"]
        if team.get("withdrawn_before_brackets", team.get("withdrawn"))
    }
    return [team for team in overall if team not in withdrawn]


def qualifying_points(doc: replay.Doc) -> dict[int, int]:
    last = max((rnd["number"] for rnd in replay.qualifying_rounds(doc)), default=0)
    return {row.entrant: row.points_for for row in replay.standings(doc, until=last)}


@dataclass
class Match:
    """A bracket match as replayed: its teams, winner, and the (partie,
    table) that played it."""

    a: int | None
    b: int | None
    winner: int | None = None
    settled: str = ""
    table: tuple[int, int] | None = None


@dataclass
class Bracket:
    """A bracket as replayed: its matches level by level (level 0 first),
    each level by position."""

    kind: str
    tie_rule: str
    seeds: list[int]
    levels: list[dict[int, Match]] = field(default_factory=list)

    def to_play(self) -> list[Match]:
        """The matches of the next partie (services/brackets.py `_advance`)."""
        current = self.levels[-1]
        if all(m.winner is not None for m in current.values()):
            if len(self.levels) >= rules.levels(rules.bracket_size(len(self.seeds))):
                return []
            sides: dict[int, list[int | None]] = {}
            for position, m in current.items():
                _level, next_position, side = rules.next_match(len(self.levels) - 1, position)
                sides.setdefault(next_position, [None, None])[side] = m.winner
            current = {p: Match(a, b) for p, (a, b) in sorted(sides.items())}
            self.levels.append(current)
        return [m for _, m in sorted(current.items()) if m.winner is None and m.table is None]


def _start(bracket: Mapping[str, Any]) -> Bracket:
    seeds = list(bracket["seeds"])
    made = Bracket(bracket["kind"], bracket["tie_rule"], seeds)
    level: dict[int, Match] = {}
    for slot in rules.first_level(len(seeds)):
        a = seeds[slot.seed_a - 1]
        b = seeds[slot.seed_b - 1] if slot.seed_b else None
        level[slot.position] = Match(a, b, winner=a, settled="bye") if b is None else Match(a, b)
    made.levels.append(level)
    return made


@dataclass(frozen=True)
class BracketRound:
    """A bracket partie as the brackets make it: its tables in table-number
    order (the fixed teams at their tables), and for each its number, the
    bracket's kind and tie rule."""

    number: int
    pairs: list[tuple[int | None, int | None]]
    kinds: list[str]
    tie_rules: list[str]
    numbers: list[int]


def replay_brackets(doc: replay.Doc) -> tuple[list[BracketRound], list[Bracket]]:
    """Every bracket partie of the file as the brackets make it (a partie
    without tables yet gets its matches all the same), and the brackets
    with every match decided so far. A partie's matches are settled from
    its recorded tables once it is closed."""
    made = [_start(b) for b in sorted(doc.get("brackets", ()), key=lambda b: b["position"])]
    points: dict[int, int] | None = None
    out: list[BracketRound] = []
    for rnd in sorted(doc["rounds"], key=lambda r: r["number"]):
        if rnd.get("stage") != "bracket":
            continue
        playing = [(b, m) for b in made for m in b.to_play()]
        # The matches in the order of their tables' numbers (services/seating.py).
        placement = fixed_tables.place([(m.a, m.b) for _, m in playing], replay.fixed_of(rnd))
        order = sorted(range(len(playing)), key=lambda i: placement.numbers[i])
        playing = [playing[i] for i in order]
        out.append(
            BracketRound(
                rnd["number"],
                [(m.a, m.b) for _, m in playing],
                [b.kind for b, _ in playing],
                [b.tie_rule for b, _ in playing],
                [placement.numbers[i] for i in order],
            )
        )
        tables = sorted(rnd["tables"], key=lambda t: t["number"])
        for (bracket, match), table in zip(playing, tables, strict=False):
            match.table = (rnd["number"], table["number"])
            if rnd.get("status") != "closed":
                continue
            total_a, total_b = table["totals"]["A"], table["totals"]["B"]
            if total_a != total_b:
                match.winner = match.a if total_a > total_b else match.b
                match.settled = "played"
            elif bracket.tie_rule == replay.QUALIFYING_TOTAL:
                match.settled = replay.QUALIFYING_TOTAL
                points = qualifying_points(doc) if points is None else points
                strength = {
                    team: (-points.get(team, 0) if team is not None else 0, _seed(bracket, team))
                    for team in (match.a, match.b)
                }
                match.winner = min((match.a, match.b), key=strength.__getitem__)
    return out, made


def winners(made: list[Bracket]) -> dict[tuple[str, int, int], int]:
    """The winner of every decided match, by (bracket kind, level, position)."""
    return {
        (b.kind, level, position): m.winner
        for b in made
        for level, matches in enumerate(b.levels)
        for position, m in matches.items()
        if m.winner is not None
    }


def _seed(bracket: Bracket, team: int | None) -> int:
    return bracket.seeds.index(team) + 1 if team in bracket.seeds else 10**6
