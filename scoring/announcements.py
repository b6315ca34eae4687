"""Announcements (annonces, SPEC §3): checking the declared items of both
teams, resolving which team scores, and checking already-resolved points.

Responsible for: turning ``{"A": [item…], "B": [item…]}`` into the points
counted for each team, and refusing impossible declarations with code
``announcement``. Must not: know about contracts, marques or rounding.

Interpretation choices:

* A card counts for one announcement only (001/000 FFB: « une carte ne peut
  compter que pour une seule annonce à la fois »; Wikipedia 004 allows the
  opposite, « Une même carte peut servir pour plusieurs annonces »): two
  declared items sharing a card are refused, within a team or across teams.
* Each team's items must fit in its two hands of eight cards (a carré or a
  sequence lies in one player's hand).
* A carré of 8 or 7 is accepted and counts 0; it takes no part in the
  resolution (001: « les carrés de 7 et 8 ne comptent pas »).
* A belote needs the king and queen of a trump suit in the belote team's
  hands: declared opponent items that use them make the deal impossible.
  The belote is not an announcement and may share cards with its own team's
  items.
* Already-resolved ``announcement_points`` must be a total one team can
  really score (e.g. 30 or 540 are refused).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any, NoReturn

from .cards import (
    ALL_TRUMP,
    CARRE_POINTS,
    KIND_NAMES_FR,
    NO_TRUMP,
    RANK_INDEX,
    RANKS,
    SEQUENCES,
    SUITS,
)
from .errors import ScoringError, show

SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
ITEM_KEYS = frozenset(("kind", "high", "suit"))
_TEAM_KEYS = frozenset(("A", "B"))
HAND_SIZE = 8

# An item once checked: (value, is_carre, high index, in trump suit, card mask,
# number of cards, (kind, high, suit)). Cards are bits: suit index * 8 + rank index.
Item = tuple[int, bool, int, bool, int, int, tuple[str, str, str | None]]


def _fail(key: str, **params: Any) -> ScoringError:
    return ScoringError("announcement", key, params)


def _label_fr(ident: tuple[str, str, str | None]) -> str:
    """« carré de K », « tierce au K de H »: an item in an error message."""
    kind, high, suit = ident
    if kind == "carre":
        return f"carré de {high}"
    return f"{KIND_NAMES_FR[kind]} au {high} de {suit}"


def _card(suit_index: int, rank_index: int) -> int:
    return 1 << (suit_index * 8 + rank_index)


def _entries() -> dict[tuple[str, str, str | None], tuple[Any, ...]]:
    """Every valid item, keyed by (kind, high, suit): precomputed once so that
    checking a declared item is one dictionary look-up."""
    table: dict[tuple[str, str, str | None], tuple[Any, ...]] = {}
    for high, rank in RANK_INDEX.items():
        mask = sum(_card(s, rank) for s in range(4))
        values = (CARRE_POINTS["suit"][high], CARRE_POINTS["SA"][high])
        table[("carre", high, None)] = (*values, True, rank, None, mask, 4, ("carre", high, None))
        for kind, (size, value) in SEQUENCES.items():
            if rank < size - 1:
                continue
            for suit, s in SUIT_INDEX.items():
                mask = sum(_card(s, r) for r in range(rank - size + 1, rank + 1))
                ident = (kind, high, suit)
                table[ident] = (value, value, False, rank, suit, mask, size, ident)
    return table


_ENTRIES: dict[Any, tuple[Any, ...]] = _entries()  # keyed by what a deal declares


def _lookup(team: str, items: Any) -> list[tuple[Any, ...]]:
    """The table entries of one team's declared items, or the precise error
    for the first item that is not a valid announcement."""
    if items is None:
        return []
    if type(items) is not list:
        raise _fail("announcements_not_list", team=team, value=show(items))
    entries = []
    for position, item in enumerate(items, start=1):
        entry: tuple[Any, ...] | None = None
        if type(item) is dict and item.keys() <= ITEM_KEYS:
            try:
                entry = _ENTRIES.get((item.get("kind"), item.get("high"), item.get("suit")))
            except TypeError:  # an unhashable value: explained below
                entry = None
        if entry is None:
            _explain(team, position, item)
        entries.append(entry)
    return entries


def parse_items(team: str, items: Any, trump: str) -> list[Item]:
    """Check one team's declared items and return them as :data:`Item`."""
    no_trump = trump == NO_TRUMP
    return [
        (entry[1] if no_trump else entry[0], entry[2], entry[3], entry[4] == trump, *entry[5:8])
        for entry in _lookup(team, items)
    ]


def _explain(team: str, position: int, item: Any) -> NoReturn:
    """Raise the precise error for the ``position``-th item of ``team``'s
    announcements (1 for the first), which is not a valid announcement."""
    where = {"team": team, "position": position}
    if not isinstance(item, dict):
        raise _fail("announcement_not_object", **where, value=show(item))
    unknown = [key for key in item if key not in ITEM_KEYS]
    if unknown:
        raise _fail("announcement_unknown_field", **where, value=show(unknown[0]))
    kind = item.get("kind")
    high = item.get("high")
    if not isinstance(kind, str) or (kind not in SEQUENCES and kind != "carre"):
        raise _fail("announcement_unknown_kind", **where, value=show(kind))
    if not isinstance(high, str) or high not in RANK_INDEX:
        raise _fail("announcement_unknown_high", **where, value=show(high))
    suit = item.get("suit")
    if kind == "carre":
        raise _fail("announcement_carre_suit", **where)
    if not isinstance(suit, str) or suit not in SUIT_INDEX:
        raise _fail("announcement_unknown_suit", **where, value=show(suit))
    size = SEQUENCES[kind][0]
    raise _fail(
        "announcement_too_low",
        **where,
        kind=kind,
        kind_name=KIND_NAMES_FR[kind],
        size=size,
        high=high,
        suit=suit,
        lowest=RANKS[size - 1],
    )


def _fits_two_hands(sizes: list[int] | tuple[int, ...]) -> bool:
    total = sum(sizes)
    if total <= HAND_SIZE:
        return True
    if total > 2 * HAND_SIZE:
        return False
    reachable = {0}
    for size in sizes:
        reachable |= {r + size for r in reachable if r + size <= HAND_SIZE}
    return any(total - r <= HAND_SIZE for r in reachable)


def _check_team(team: str, items: list[Item]) -> int:
    used = 0
    for i, item in enumerate(items):
        if used & item[4]:
            other = next(it for it in items[:i] if it[4] & item[4])
            raise _fail(
                "announcement_card_twice",
                team=team,
                first=_label_fr(item[6]),
                second=_label_fr(other[6]),
                first_item=list(item[6]),
                second_item=list(other[6]),
            )
        used |= item[4]
    if len(items) > 2 and not _fits_two_hands([item[5] for item in items]):
        raise _fail("announcements_too_many_cards", team=team)
    return used


def _team(team: str, items: Any, trump: str) -> tuple[int, int, int]:
    """One team's declared items: (card mask, key of its strongest counting
    announcement or 0, points of all its announcements). Checks each item,
    that no card serves twice and that the items fit in two hands of 8."""
    entries = _lookup(team, items)
    no_trump = trump == NO_TRUMP
    used = best = total = cards = 0
    for entry in entries:
        mask = entry[5]
        if used & mask:
            _check_team(team, parse_items(team, items, trump))
        used |= mask
        cards += entry[6]
        value = entry[1] if no_trump else entry[0]
        if value:
            total += value
            # Strength: value, then carré over sequence, then top card, then trump.
            key = ((value * 2 + entry[2]) * 8 + entry[3]) * 2 + (entry[4] == trump)
            if key > best:
                best = key
    if cards > HAND_SIZE and len(items) > 2:
        _check_team(team, parse_items(team, items, trump))
    return used, best, total


def resolve_items(declared: Any, trump: str, belotes: tuple[int, int]) -> tuple[int, int]:
    """Points counted for A and B from ``{"A": [...], "B": [...]}``.

    Only the team holding the single strongest announcement scores, and then
    all its announcements; compared by value, then carré over sequence, then
    top card in natural order, then trump suit (suit contracts). A tie: none.
    """
    if declared is None:
        return 0, 0
    if type(declared) is not dict:
        raise _fail("announcements_not_object", value=show(declared))
    if not declared.keys() <= _TEAM_KEYS:
        key = next(k for k in declared if k not in _TEAM_KEYS)
        raise _fail("unknown_team", field="announcements", value=show(key))
    used_a, best_a, total_a = _team("A", declared.get("A"), trump)
    used_b, best_b, total_b = _team("B", declared.get("B"), trump)
    if used_a & used_b:
        items_a = parse_items("A", declared.get("A"), trump)
        items_b = parse_items("B", declared.get("B"), trump)
        carres = {it[2] for it in items_a if it[1]} & {it[2] for it in items_b if it[1]}
        if carres:
            rank = RANKS[min(carres)]
            raise _fail("announcement_same_carre", high=rank)
        raise _fail("announcements_share_a_card")
    if belotes[0] or belotes[1]:
        _check_belotes(trump, belotes, used_a, used_b)
    if best_a > best_b:
        return total_a, 0
    if best_b > best_a:
        return 0, total_b
    return 0, 0  # equal strongest announcements (or none): nobody scores


def _check_belotes(trump: str, belotes: tuple[int, int], used_a: int, used_b: int) -> None:
    if trump == NO_TRUMP or not (belotes[0] or belotes[1]):
        return
    suits = range(4) if trump == ALL_TRUMP else (SUIT_INDEX[trump],)
    king, queen = RANK_INDEX["K"], RANK_INDEX["Q"]

    def free_for(opponent_used: int) -> set[int]:
        return {s for s in suits if not opponent_used & (_card(s, king) | _card(s, queen))}

    free_a, free_b = free_for(used_b), free_for(used_a)
    for team, count, free in (("A", belotes[0], free_a), ("B", belotes[1], free_b)):
        if count > len(free):
            raise _fail("belote_cards_announced", team=team, count=count)
    if belotes[0] + belotes[1] > len(free_a | free_b):
        raise _fail("belotes_and_announcements")


@cache
def feasible_team_totals() -> frozenset[int]:
    """Every announcement total one team can score in a deal.

    Built once from the cards: carrés use the four cards of a rank, sequences
    consecutive ranks of a suit, no card twice, everything in two hands of 8.
    The set is the same at suit, SA and TA contracts (same carré values).
    """
    valued = {rank: value for rank, value in CARRE_POINTS["suit"].items() if value}
    results: set[int] = set()
    rank_indexes = [RANK_INDEX[r] for r in valued]
    for count in range(0, 5):
        for chosen in combinations(rank_indexes, count):
            base_value = sum(valued[RANKS[r]] for r in chosen)
            suit_options = _suit_sequence_options(frozenset(chosen))
            states: dict[tuple[int, ...], set[int]] = {tuple([4] * count): {base_value}}
            for _ in SUITS:
                new_states: dict[tuple[int, ...], set[int]] = {}
                for sizes, values in states.items():
                    for option_sizes, option_value in suit_options:
                        combined = tuple(sorted(sizes + option_sizes))
                        if sum(combined) > 2 * HAND_SIZE:
                            continue
                        bucket = new_states.setdefault(combined, set())
                        bucket.update(v + option_value for v in values)
                states = new_states
            for sizes, values in states.items():
                if _fits_two_hands(sizes):
                    results |= values
    return frozenset(results)


def _suit_sequence_options(blocked: frozenset[int]) -> list[tuple[tuple[int, ...], int]]:
    """Sets of disjoint sequences in one suit avoiding the ``blocked`` ranks."""
    value_of = {size: value for size, value in SEQUENCES.values()}
    options: list[tuple[tuple[int, ...], int]] = []

    def extend(start: int, sizes: tuple[int, ...], value: int) -> None:
        options.append((sizes, value))
        for low in range(start, 8):
            for size in (3, 4, 5):
                high = low + size - 1
                if high > 7 or any(r in blocked for r in range(low, high + 1)):
                    continue
                extend(high + 1, (*sizes, size), value + value_of[size])

    extend(0, (), 0)
    return options


def check_points(points: Any) -> tuple[int, int]:
    """Check already-resolved ``{"A": int, "B": int}`` announcement points."""
    if points is None:
        return 0, 0
    if not isinstance(points, dict):
        raise _fail("team_object_expected", field="announcement_points", value=show(points))
    values = []
    for key in points:
        if key not in ("A", "B"):
            raise _fail("unknown_team", field="announcement_points", value=show(key))
    for team in ("A", "B"):
        value = points.get(team, 0)
        if value is None:
            value = 0
        if type(value) is not int or value < 0:
            raise _fail("announcement_points_not_int", team=team, value=show(value))
        if value not in feasible_team_totals():
            raise _fail("announcement_points_impossible", team=team, value=show(value))
        values.append(value)
    if values[0] and values[1]:
        raise _fail("announcement_points_both_teams", a=values[0], b=values[1])
    return values[0], values[1]
