"""Belotes counted by the marques (issue 59): at tout atout a side may have
a belote in each suit (scoring.cards.max_belotes), but the sheet has one
box a side, crossed once. A row read sure (the defence's points and the
totals apart: they check it after) whose marques follow the rules with one
count of belotes for the sides crossed, and not with one each, is
read with that count (« AA »: two for N-S) and its belote asked (reason
`belotes_counted`: the volunteer confirms the count the marques give).
Before, such a row's marques did not follow: every box of it was asked,
the belote prefilled one.

Pure: plain values in and out. Must not: read an image, decide a reason's
words, touch a database.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import scoring
from scoring.cards import max_belotes
from tournaments.features.sheets.domain.marques import scored, with_pot
from tournaments.features.sheets.domain.rows import DealRead, FieldRead


def count_belotes(read: DealRead, rules: scoring.Rules, pot: int) -> None:
    """`read` with its belotes counted by its marques, and its belote asked,
    where the module says; else unchanged."""
    belote, trump = read.fields.get("belote"), read.fields.get("trump")
    if not belote or not belote.value or not trump or not trump.value:
        return
    given = [
        f for name, f in read.fields.items() if name not in ("points_defence", "total_a", "total_b")
    ]
    if not all(field.sure for field in given):
        return  # a digit in doubt: the row is settled or asked as before
    written = tuple(getattr(read.fields.get(f"marque_{s}"), "value", None) for s in "ab")
    sides, found = sorted(set(belote.value)), []
    # The engine's rules say how many belotes a trump allows (one at a suit).
    for counts in itertools.product(range(1, max_belotes(trump.value) + 1), repeat=len(sides)):
        value = "".join(side * count for side, count in zip(sides, counts, strict=True))
        score = scored({**read.fields, "belote": FieldRead(value, True)}, rules)
        if score is not None and with_pot(score, pot) == written:
            found.append(value)
    if len(found) == 1 and found[0] != "".join(sides):
        read.fields["belote"] = replace(belote, value=found[0])
        read.ask("belotes_counted", "belote")
