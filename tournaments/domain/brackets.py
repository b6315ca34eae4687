"""Brackets (« tableau final », « consolante »): seeding, byes, progression
and final places, on plain values (no database).

A bracket of `n` teams is a knockout of `size` slots (the next power of
two); its teams are numbered by seed, 1 the best of the qualifying phase.
Level 0 is the first round: `size // 2` matches, at match `k` the seeds
`seed_order(size)[2k]` and `[2k + 1]`; a seed above `n` is an empty slot, so
the seed facing it has a bye (the `size - n` best seeds have one). The
winner of match `k` at level `L` plays match `k // 2` at level `L + 1`, as
its team A when `k` is even and its team B when `k` is odd. The last level
(`levels(size) - 1`) is the final.

Places: the winner of the final 1, its loser 2, then the teams that lost at
each level before it, the latest first, ordered by seed within a level (the
two losing semi-finalists are 3 and 4, the better seed third).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


class BracketError(ValueError):
    """A bracket that cannot be made; `code` says why (worded by the
    service): "too_few" (fewer than 2 teams in a bracket), "too_many" (more
    teams asked for than ranked), "negative"."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def bracket_size(n: int) -> int:
    """The number of slots of a bracket of `n` teams: the next power of two."""
    if n < 2:
        raise BracketError("too_few")
    size = 1
    while size < n:
        size *= 2
    return size


def levels(size: int) -> int:
    """The number of rounds of a bracket of `size` slots (8 → 3)."""
    return size.bit_length() - 1


def seed_order(size: int) -> list[int]:
    """The seeds slot by slot, so that 1 meets `size`, 2 meets `size - 1`,
    and the two best seeds can meet in the final only (8 → 1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < size:
        mirror = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, mirror - seed)]
    return order


@dataclass(frozen=True)
class Slot:
    """A first-round match: its position and seeds; `seed_b` is None for a
    bye (seed A goes through without playing)."""

    position: int
    seed_a: int
    seed_b: int | None

    @property
    def is_bye(self) -> bool:
        return self.seed_b is None


def first_level(n: int) -> list[Slot]:
    """The first-round matches of a bracket of `n` teams, byes included."""
    size = bracket_size(n)
    order = seed_order(size)
    slots = []
    for k in range(size // 2):
        a, b = order[2 * k], order[2 * k + 1]
        if a > b:
            a, b = b, a
        slots.append(Slot(k, a, b if b <= n else None))
    return slots


def next_match(level: int, position: int) -> tuple[int, int, int]:
    """Where the winner of match `position` at `level` plays next: its
    level, position and side (0 = team A, 1 = team B)."""
    return level + 1, position // 2, position % 2


def level_name_key(size: int, level: int) -> str:
    """Which round this is, counted from the final: "final", "semi",
    "quarter", or "round_of_N" (N teams left)."""
    left = size >> level
    return {2: "final", 4: "semi", 8: "quarter"}.get(left, f"round_of_{left}")


def places(seeds: Sequence[int], lost_at: Mapping[int, int], champion: int) -> dict[int, int]:
    """The final place of each seed of a finished bracket: the champion
    first, then the later a seed lost the better, by seed within a level.
    `lost_at` gives the level each other seed lost at."""
    missing = set(seeds) - set(lost_at) - {champion}
    if missing:
        raise ValueError(f"seeds with no result: {sorted(missing)}")
    ordered = sorted(seeds, key=lambda s: (0, 0, s) if s == champion else (1, -lost_at[s], s))
    return {seed: place for place, seed in enumerate(ordered, start=1)}


def split[T](order: Sequence[T], main: int, consolante: int) -> tuple[list[T], list[T], list[T]]:
    """The qualifying order cut in three: the `main` first play the main
    bracket, the next `consolante` the consolante (0: none), the rest
    neither."""
    if main < 0 or consolante < 0:
        raise BracketError("negative")
    if main < 2 or consolante == 1:
        raise BracketError("too_few")
    if main + consolante > len(order):
        raise BracketError("too_many")
    return (
        list(order[:main]),
        list(order[main : main + consolante]),
        list(order[main + consolante :]),
    )


#: How many arrangements `cross_pools` tries before keeping the best found
#: (never reached by brackets of pools of three or four: it stops at the
#: first arrangement without a rematch).
_CROSS_TRIES = 20_000


def rematches(seeds: Sequence[int], pool_of: Mapping[int, object]) -> int:
    """How many first-round matches of a bracket seeded `seeds` (team ids,
    seed 1 first) set two teams of the same pool against each other."""
    return sum(
        1
        for slot in first_level(len(seeds))
        if slot.seed_b is not None
        and pool_of.get(seeds[slot.seed_a - 1], object())
        == pool_of.get(seeds[slot.seed_b - 1], object())
    )


def cross_pools(
    seeds: Sequence[int], pool_of: Mapping[int, object], tier_of: Mapping[int, int]
) -> list[int]:
    """The seeds of a bracket after pools, crossed so that two teams of the
    same pool do not meet in the first round whenever the bracket allows.

    `seeds` are team ids in seeding order (pool winners first, then the
    seconds…), `pool_of` each team's pool and `tier_of` its place in it.
    Only teams of the same tier trade seeds (a pool winner keeps a winner's
    seed, and its bye), so with two pools the winner of A meets the second
    of B and the winner of B the second of A; with more pools, as few
    first-round rematches as the tiers allow, the order given kept where it
    does not matter (seeds are tried in order, each with the teams of its
    tier in their given order). A team without a pool is never moved."""
    seeds = list(seeds)
    n = len(seeds)
    if n < 2:
        return seeds
    opponent: dict[int, int] = {}
    for slot in first_level(n):
        if slot.seed_b is not None:
            opponent[slot.seed_b - 1] = slot.seed_a - 1
    tiers: dict[object, list[int]] = {}
    for team in seeds:
        tier = (tier_of[team],) if team in pool_of and team in tier_of else ("fixed", team)
        tiers.setdefault(tier, []).append(team)
    tier_at = [(tier_of[t],) if t in pool_of and t in tier_of else ("fixed", t) for t in seeds]
    best = seeds[:]
    best_cost = rematches(seeds, pool_of)
    placed: list[int] = []
    used: set[int] = set()
    tries = 0

    def clash(position: int, team: int) -> int:
        other = opponent.get(position)
        if other is None:
            return 0
        mine, theirs = pool_of.get(team), pool_of.get(placed[other])
        return int(mine is not None and mine == theirs)

    def place(position: int, cost: int) -> None:
        nonlocal best, best_cost, tries
        if cost >= best_cost or tries > _CROSS_TRIES:
            return
        if position == n:
            best, best_cost = placed[:], cost
            return
        for team in tiers[tier_at[position]]:
            if team in used:
                continue
            tries += 1
            placed.append(team)
            used.add(team)
            place(position + 1, cost + clash(position, team))
            used.discard(team)
            placed.pop()
            if best_cost == 0:
                return

    place(0, 0)
    return best
