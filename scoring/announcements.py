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
from typing import Any

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
# number of cards, label). Cards are bits: suit index * 8 + rank index.
Item = tuple[int, bool, int, bool, int, int, str]


def _fail(message: str) -> ScoringError:
    return ScoringError("announcement", message)


def _card(suit_index: int, rank_index: int) -> int:
    return 1 << (suit_index * 8 + rank_index)


def _entries() -> dict[tuple[str, str, str | None], tuple]:
    """Every valid item, keyed by (kind, high, suit): precomputed once so that
    checking a declared item is one dictionary look-up."""
    table: dict[tuple[str, str, str | None], tuple] = {}
    for high, rank in RANK_INDEX.items():
        mask = sum(_card(s, rank) for s in range(4))
        values = (CARRE_POINTS["suit"][high], CARRE_POINTS["SA"][high])
        table[("carre", high, None)] = (*values, True, rank, None, mask, 4, f"carré de {high}")
        for kind, (size, value) in SEQUENCES.items():
            if rank < size - 1:
                continue
            for suit, s in SUIT_INDEX.items():
                mask = sum(_card(s, r) for r in range(rank - size + 1, rank + 1))
                label = f"{KIND_NAMES_FR[kind]} au {high} de {suit}"
                table[(kind, high, suit)] = (value, value, False, rank, suit, mask, size, label)
    return table


_ENTRIES = _entries()


def _lookup(team: str, items: Any) -> list[tuple]:
    """The table entries of one team's declared items, or the precise error
    for the first item that is not a valid announcement."""
    if items is None:
        return []
    if type(items) is not list:
        raise _fail(f"Les annonces de l'équipe {team} doivent être une liste, pas {show(items)}.")
    entries = []
    for position, item in enumerate(items, start=1):
        entry = None
        if type(item) is dict and item.keys() <= ITEM_KEYS:
            try:
                entry = _ENTRIES.get((item.get("kind"), item.get("high"), item.get("suit")))
            except TypeError:  # an unhashable value: explained below
                entry = None
        if entry is None:
            _explain(f"Annonce {position} de l'équipe {team}", item)
        entries.append(entry)
    return entries


def parse_items(team: str, items: Any, trump: str) -> list[Item]:
    """Check one team's declared items and return them as :data:`Item`."""
    no_trump = trump == NO_TRUMP
    return [
        (entry[1] if no_trump else entry[0], entry[2], entry[3], entry[4] == trump, *entry[5:8])
        for entry in _lookup(team, items)
    ]


def _explain(where: str, item: Any) -> None:
    """Raise the precise error for an item that is not a valid announcement."""
    if not isinstance(item, dict):
        raise _fail(f"{where} : un objet {{kind, high, suit}} est attendu, pas {show(item)}.")
    unknown = [key for key in item if key not in ITEM_KEYS]
    if unknown:
        raise _fail(f"{where} : champ inconnu {show(unknown[0])} (kind, high, suit).")
    kind = item.get("kind")
    high = item.get("high")
    if not isinstance(kind, str) or (kind not in SEQUENCES and kind != "carre"):
        raise _fail(f"{where} : sorte {show(kind)} inconnue (tierce, cinquante, cent ou carre).")
    if not isinstance(high, str) or high not in RANK_INDEX:
        raise _fail(f"{where} : hauteur {show(high)} inconnue (7, 8, 9, 10, J, Q, K ou A).")
    suit = item.get("suit")
    if kind == "carre":
        raise _fail(f"{where} : un carré n'a pas de couleur (retirez « suit »).")
    if not isinstance(suit, str) or suit not in SUIT_INDEX:
        raise _fail(f"{where} : couleur {show(suit)} inconnue (S, H, D ou C).")
    size = SEQUENCES[kind][0]
    raise _fail(
        f"{where} : une {KIND_NAMES_FR[kind]} de {size} cartes ne peut pas finir au "
        f"{high} ; la plus basse finit au {RANKS[size - 1]} (ordre 7 8 9 10 J Q K A)."
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
                f"L'équipe {team} déclare {item[6]} et {other[6]} : une carte ne peut compter "
                "que pour une seule annonce."
            )
        used |= item[4]
    if len(items) > 2 and not _fits_two_hands([item[5] for item in items]):
        raise _fail(
            f"Les annonces de l'équipe {team} ne tiennent pas dans deux mains de huit cartes."
        )
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
        raise _fail(
            f'« announcements » doit être un objet {{"A": [...], "B": [...]}}, pas '
            f"{show(declared)}."
        )
    if not declared.keys() <= _TEAM_KEYS:
        key = next(k for k in declared if k not in _TEAM_KEYS)
        raise _fail(f"« announcements » : équipe {show(key)} inconnue (A ou B).")
    used_a, best_a, total_a = _team("A", declared.get("A"), trump)
    used_b, best_b, total_b = _team("B", declared.get("B"), trump)
    if used_a & used_b:
        items_a = parse_items("A", declared.get("A"), trump)
        items_b = parse_items("B", declared.get("B"), trump)
        carres = {it[2] for it in items_a if it[1]} & {it[2] for it in items_b if it[1]}
        if carres:
            rank = RANKS[min(carres)]
            raise _fail(
                f"Les deux équipes déclarent un carré de {rank} : un carré n'est "
                "tenu que par une équipe."
            )
        raise _fail("Les annonces des deux équipes utilisent une même carte.")
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
            raise _fail(
                f"L'équipe {team} annonce {count} belote(s), mais les annonces adverses "
                "utilisent le roi ou la dame d'atout."
            )
    if belotes[0] + belotes[1] > len(free_a | free_b):
        raise _fail("Les belotes annoncées ne sont pas compatibles avec les annonces déclarées.")


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
        raise _fail(
            f'« announcement_points » doit être un objet {{"A": n, "B": n}}, pas {show(points)}.'
        )
    values = []
    for key in points:
        if key not in ("A", "B"):
            raise _fail(f"« announcement_points » : équipe {show(key)} inconnue (A ou B).")
    for team in ("A", "B"):
        value = points.get(team, 0)
        if value is None:
            value = 0
        if type(value) is not int or value < 0:
            raise _fail(
                f"Points d'annonces de l'équipe {team} : un entier positif est attendu, pas "
                f"{show(value)}."
            )
        if value not in feasible_team_totals():
            raise _fail(
                f"Points d'annonces de l'équipe {team} : {show(value)} ne peut pas être obtenu "
                "avec des tierces (20), cinquantes (50), cents (100) et carrés (100, 150, 200)."
            )
        values.append(value)
    if values[0] and values[1]:
        raise _fail(
            "Une seule équipe marque ses annonces : l'autre doit avoir 0 (ici "
            f"{values[0]} et {values[1]})."
        )
    return values[0], values[1]
