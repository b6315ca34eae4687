"""Belotes counted by the marques (issue 59): at tout atout a side may have
a belote in each suit (scoring.cards.max_belotes), but the sheet has one
box a side, crossed once. A row read sure (the defence's points and the
totals apart: they check it after) whose marques follow the rules with one
count of belotes for the sides crossed, and not with one each, is
read with that count (« AA »: two for N-S) and its belote asked (reason
`belotes_counted`: the volunteer confirms the count the marques give).
Before, such a row's marques did not follow: every box of it was asked,
the belote prefilled one. A row with a digit in doubt that does not
settle (settle.py) with one belote a side crossed is tried with each other
count (`count_in_doubt`): when exactly one lets it settle, it is read with
that count, its belote asked the same way.

Pure: plain values in and out. Must not: read an image, decide a reason's
words, touch a database.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable
from dataclasses import replace

import scoring
from scoring.cards import max_belotes
from tournaments.features.sheets.domain.marques import scored, with_pot
from tournaments.features.sheets.domain.rows import DealRead, FieldRead


def counts(read: DealRead) -> list[str]:
    """The counts of belotes the crosses of `read` may stand for, one a
    side crossed first (« AB »), then the others the trump allows (« AAB »…;
    none at a suit: the engine's rules say how many a trump allows). Empty
    when no side is crossed or no trump read."""
    belote, trump = read.fields.get("belote"), read.fields.get("trump")
    if not belote or not belote.value or not trump or not trump.value:
        return []
    sides = sorted(set(belote.value))
    return [
        "".join(side * count for side, count in zip(sides, each, strict=True))
        for each in itertools.product(range(1, max_belotes(trump.value) + 1), repeat=len(sides))
    ]


def _counted(read: DealRead, value: str) -> None:
    """`read` read with the count `value`, its belote asked."""
    read.fields["belote"] = replace(read.fields["belote"], value=value)
    read.ask("belotes_counted", "belote")


def count_in_doubt(read: DealRead, settles: Callable[[DealRead], bool]) -> bool:
    """`read` — a row with a digit in doubt that its crosses do not let
    settle (`settles`: whether a row settles, on a copy) — with its
    belotes counted as the one other count that lets it settle, its
    belote asked (`belotes_counted`, as a row read sure); True then. Else
    unchanged: False (no other count settles it, or more than one)."""
    found = []
    for value in counts(read)[1:]:
        trial = copy.deepcopy(read)
        trial.fields["belote"] = replace(trial.fields["belote"], value=value)
        if settles(trial):
            found.append(value)
    if len(found) != 1:
        return False
    _counted(read, found[0])
    return True


def count_belotes(read: DealRead, rules: scoring.Rules, pot: int) -> None:
    """`read` with its belotes counted by its marques, and its belote asked,
    where the module says; else unchanged."""
    every = counts(read)
    given = [
        f for name, f in read.fields.items() if name not in ("points_defence", "total_a", "total_b")
    ]
    if not every or not all(field.sure for field in given):
        return  # a digit in doubt: the row is settled or asked as before
    written = tuple(getattr(read.fields.get(f"marque_{s}"), "value", None) for s in "ab")
    found = []
    for value in every:
        score = scored({**read.fields, "belote": FieldRead(value, True)}, rules)
        if score is not None and with_pot(score, pot) == written:
            found.append(value)
    if len(found) == 1 and found[0] != every[0]:
        _counted(read, found[0])
