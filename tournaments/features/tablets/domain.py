"""Which table number a club tablet serves in a given partie.

A tablet keeps its table NUMBER from one partie to the next: when the next
partie is drawn it opens the new table with the same number. The desk may
move it (« la tablette de la table 12 passe à la table 3 ») now or from the
next partie on; until then it stays at its earlier number. Plain values
only: no Django, no database."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class TabletPlace:
    """Table `number` from partie `from_round` on, `earlier` before it
    (None: no table yet, the tablet waits to be set up)."""

    number: int | None
    from_round: int = 0
    earlier: int | None = None

    def number_in(self, round_number: int) -> int | None:
        """The table number the tablet serves in partie `round_number`."""
        return self.number if round_number >= self.from_round else self.earlier


class Placed(Protocol):
    """What a tablet (the model) says of its place."""

    table_number: int | None
    from_round: int
    earlier_number: int | None


def place_of(tablet: Placed) -> TabletPlace:
    """The table numbers `tablet` serves, as these rules read them."""
    return TabletPlace(tablet.table_number, tablet.from_round, tablet.earlier_number)


def moved(place: TabletPlace, *, number: int, current_round: int, at_next: bool) -> TabletPlace:
    """The place after the desk's move to table `number`, now (in partie
    `current_round`) or from the next partie on, the current one keeping the
    table it serves now."""
    if not at_next:
        return TabletPlace(number=number, from_round=current_round, earlier=None)
    return TabletPlace(
        number=number, from_round=current_round + 1, earlier=place.number_in(current_round)
    )
