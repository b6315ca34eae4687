"""Partners for the players who came alone (« seul(e) »): the waiting
players drawn into pairs, each pair to become a team.

Pure: takes the waiting players' ids and a seed, returns the pairs and the
one left over when their number is odd. The same ids and seed always give
the same pairs (the seed is kept in the audit trail), whatever order the ids
come in. No Django import, no database.
"""

from __future__ import annotations

import random
from collections.abc import Iterable


def random_pairs(ids: Iterable[int], *, seed: int) -> tuple[list[tuple[int, int]], int | None]:
    """Every waiting player in a pair but one when they are odd in number:
    the pairs (each in the order drawn) and the one left waiting, if any."""
    shuffled = sorted(set(ids))
    random.Random(seed).shuffle(shuffled)
    left = shuffled.pop() if len(shuffled) % 2 else None
    pairs = [(shuffled[i], shuffled[i + 1]) for i in range(0, len(shuffled), 2)]
    return pairs, left
