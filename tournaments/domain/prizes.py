"""Prizes (« lots »): which entrant takes which lot, from a ranking and a list
of lots, and the list of lots as the organizer types it.

Pure: plain values in, plain values out. Nothing here reads the database,
ranks anyone (the order and the ranks come from `tournaments.domain.standings`) or
says anything in a language (refusals carry a code that
`tournaments.display.prizes` words).

How lots are given (`allocate`):

- the lots are read in the order of the list, each as many times as its
  quantity: the first entrant of the ranking takes the first lot, and so on
  down the ranking until the lots run out (`BY_RANK`);
- « toutes les doublettes seront primées » (`EVERY`) reads the list the same
  way and expects one lot per entrant: `missing` says how many entrants are
  left without one when the list is too short;
- `TOP` gives lots to the first `top` entrants only, whatever is left;
- a lot marked `last` (the « lanterne rouge », a consolation) goes to the
  last entrant of the ranking, from the bottom up when it comes more than
  once; those entrants take no other lot of the list (no one takes two lots
  of the same list), and the lots by rank go to the others from the top;
- an entrant who is not `eligible` (withdrawn) keeps its place in the
  ranking but takes no lot, and is skipped: the next one takes the lot;
- « les lots ne se cumulent pas » (the common rule): an entrant among the
  `holders` (it took a lot of a list given before this one, the general
  ranking's before the special rankings') is skipped the same way, so the
  lot goes down the ranking to the next entrant without one. When lots
  cumulate, the caller gives no holders.

Ties: entrants sharing a rank take the lots in the order the ranking lists
them (the standings' own order, the same every time). When tied entrants
end with different lots, `split_ties` names their rank so that the
organizer can swap by hand (`swaps`: pairs of entrants whose lots are
exchanged, after the rule) if another order is wanted.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

BY_RANK = "by_rank"
EVERY = "every"
TOP = "top"
RULES = (BY_RANK, EVERY, TOP)

MAX_NAME = 120
MAX_QUANTITY = 999
MAX_VALUE = Decimal("99999.99")
MAX_LINES = 300


@dataclass(frozen=True)
class Lot:
    """A lot of a list: `key` is the caller's own id for it."""

    key: int
    name: str
    quantity: int = 1
    last: bool = False


@dataclass(frozen=True)
class Placed:
    """An entrant as the ranking lists it."""

    entrant: int
    rank: int
    eligible: bool = True


@dataclass(frozen=True)
class Award:
    """What an entrant takes: a lot or none; `swapped` when a swap moved it."""

    entrant: int
    rank: int
    lot: Lot | None
    swapped: bool = False


@dataclass(frozen=True)
class Allocation:
    """Every entrant of the ranking, in its order, with its lot."""

    awards: tuple[Award, ...]
    #: Lots not given, with how many of each are left.
    left: tuple[tuple[Lot, int], ...] = ()
    #: Under `EVERY`: eligible entrants left without a lot.
    missing: int = 0
    #: Ranks shared by entrants who take different lots.
    split_ties: tuple[int, ...] = ()
    #: Swaps that name an entrant not in the ranking (not applied).
    ignored_swaps: tuple[tuple[int, int], ...] = ()

    @property
    def given(self) -> int:
        return sum(a.lot is not None for a in self.awards)


def allocate(
    ranking: Sequence[Placed],
    lots: Sequence[Lot],
    *,
    rule: str = BY_RANK,
    top: int | None = None,
    swaps: Iterable[tuple[int, int]] = (),
    holders: Collection[int] = (),
) -> Allocation:
    """Each entrant's lot under `rule` (see the module's docstring), the
    `holders` of a lot of another list skipped, then the `swaps` applied in
    order."""
    if rule not in RULES:
        raise ValueError(f"unknown prize rule: {rule}")
    if rule == TOP and (top is None or top < 0):
        raise ValueError("the top rule needs a number of entrants")
    if any(lot.quantity < 1 for lot in lots):
        raise ValueError("a lot comes at least once")
    if len({p.entrant for p in ranking}) != len(ranking):
        raise ValueError("an entrant is listed twice")
    if len({lot.key for lot in lots}) != len(lots):
        raise ValueError("two lots share a key")
    held = set(holders)
    eligible = [p for p in ranking if p.eligible and p.entrant not in held]
    given: dict[int, Lot] = {}
    from_bottom = iter(reversed(eligible))
    for lot in (lot for lot in lots if lot.last):
        for _ in range(lot.quantity):
            placed = next(from_bottom, None)
            if placed is None:
                break
            given[placed.entrant] = lot
    by_rank = [p for p in eligible if p.entrant not in given]
    if rule == TOP:
        by_rank = by_rank[:top]
    stream = (lot for lot in lots if not lot.last for _ in range(lot.quantity))
    for placed, lot in zip(by_rank, stream, strict=False):
        given[placed.entrant] = lot
    missing = sum(p.entrant not in given for p in eligible) if rule == EVERY else 0
    awards = [Award(p.entrant, p.rank, given.get(p.entrant)) for p in ranking]
    awards, ignored = _swapped(awards, swaps)
    return Allocation(
        awards=tuple(awards),
        left=_left(lots, awards),
        missing=missing,
        split_ties=_split_ties(awards, {p.entrant for p in eligible}),
        ignored_swaps=tuple(ignored),
    )


def _swapped(
    awards: list[Award], swaps: Iterable[tuple[int, int]]
) -> tuple[list[Award], list[tuple[int, int]]]:
    """The awards with each pair's lots exchanged, and the pairs that name
    an entrant not in the ranking (or the same one twice), left out."""
    index = {a.entrant: i for i, a in enumerate(awards)}
    ignored = []
    for first, second in swaps:
        if first == second or first not in index or second not in index:
            ignored.append((first, second))
            continue
        i, j = index[first], index[second]
        a, b = awards[i], awards[j]
        awards[i] = Award(a.entrant, a.rank, b.lot, swapped=True)
        awards[j] = Award(b.entrant, b.rank, a.lot, swapped=True)
    return awards, ignored


def _left(lots: Sequence[Lot], awards: Sequence[Award]) -> tuple[tuple[Lot, int], ...]:
    used = Counter(a.lot.key for a in awards if a.lot is not None)
    return tuple(
        (lot, lot.quantity - used[lot.key]) for lot in lots if lot.quantity > used[lot.key]
    )


def _split_ties(awards: Sequence[Award], eligible: set[int]) -> tuple[int, ...]:
    lots_by_rank: dict[int, set[int | None]] = {}
    for a in awards:
        if a.entrant in eligible:
            lots_by_rank.setdefault(a.rank, set()).add(a.lot.key if a.lot else None)
    return tuple(rank for rank, keys in lots_by_rank.items() if len(keys) > 1)


# --- The list as typed ----------------------------------------------------------

#: « 3 × Bouteille de vin », « 3 x … », « 3x … », « 3 * … »: a quantity needs
#: its sign, so that « 3 bouteilles de vin » stays one lot of three bottles.
_QUANTITY = re.compile(r"^(\d+)\s*[x×X*]\s+(.*)$")
#: A value at the end of the line, after a separator or in brackets with its
#: currency: « ; 35 € », « — 60 », « : 12,50 euros », « (25 €) ». Without one,
#: a number stays in the name (« Bon d'achat de 50 € »).
_NUMBER = r"(\d+(?:[.,]\d{1,2})?)"
_CURRENCY = r"(?:€|euros?|eur)"
_VALUE = re.compile(
    rf"(?:\s*(?:[;|:]|\s[-–—])\s*{_NUMBER}\s*{_CURRENCY}?|\s*\(\s*{_NUMBER}\s*{_CURRENCY}\s*\))\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class LotLine:
    """A line of the typed list, read."""

    line: int
    name: str
    quantity: int = 1
    value: Decimal | None = None


@dataclass(frozen=True)
class LineError:
    """Why a line of the typed list cannot be read: `code` is one of
    NO_NAME, NAME_TOO_LONG, QUANTITY, VALUE, TOO_MANY."""

    line: int
    code: str
    text: str = ""


NO_NAME = "no_name"
NAME_TOO_LONG = "name_too_long"
QUANTITY = "quantity"
VALUE = "value"
TOO_MANY = "too_many"


def parse_lots(text: str) -> tuple[list[LotLine], list[LineError]]:
    """The lots of a typed list, one a line (blank lines skipped), and the
    lines that cannot be read, numbered from 1 as the box shows them."""
    lots: list[LotLine] = []
    errors: list[LineError] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = " ".join(raw.split())
        if not line:
            continue
        if len(lots) + len(errors) >= MAX_LINES:
            errors.append(LineError(number, TOO_MANY, str(MAX_LINES)))
            break
        lot, error = _lot_line(number, line)
        if error:
            errors.append(error)
        elif lot:
            lots.append(lot)
    return lots, errors


def _lot_line(number: int, line: str) -> tuple[LotLine | None, LineError | None]:
    quantity = 1
    match = _QUANTITY.match(line)
    if match:
        quantity, line = int(match.group(1)), match.group(2)
        if not 1 <= quantity <= MAX_QUANTITY:
            return None, LineError(number, QUANTITY, match.group(1))
    value = None
    match = _VALUE.search(line)
    if match:
        typed = match.group(1) or match.group(2)
        value = Decimal(typed.replace(",", "."))
        if value > MAX_VALUE:
            return None, LineError(number, VALUE, typed)
        line = line[: match.start()]
    name = line.strip()
    if not name:
        return None, LineError(number, NO_NAME)
    if len(name) > MAX_NAME:
        return None, LineError(number, NAME_TOO_LONG, str(MAX_NAME))
    return LotLine(number, name, quantity, value), None


def lot_line(name: str, quantity: int = 1, value: Decimal | None = None) -> str:
    """A lot written back as `parse_lots` reads it: « 2 × Canard gras — 35 € »."""
    # « 1 × » only for a name that would otherwise read as a quantity.
    text = f"{quantity} × {name}" if quantity != 1 or _QUANTITY.match(name) else name
    if value is not None:
        amount = f"{value:.2f}".replace(".", ",").removesuffix(",00")
        text += f" — {amount} €"
    return text
