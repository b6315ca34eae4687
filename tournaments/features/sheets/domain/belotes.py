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
from tournaments.features.sheets.domain.marques import with_pot
from tournaments.features.sheets.domain.rows import DealRead, FieldRead, engine_deal


def count_belotes(read: DealRead, rules: scoring.Rules, pot: int) -> None:
    """`read` with its belotes counted by its marques, and its belote asked,
    where the module says; else unchanged."""
    belote, trump = read.fields.get("belote"), read.fields.get("trump")
    if not belote or not belote.value or not trump or not trump.value:
        return
    most = max_belotes(trump.value)
    given = [
        f for name, f in read.fields.items() if name not in ("points_defence", "total_a", "total_b")
    ]
    if most < 2 or not all(field.sure for field in given):
        return  # a digit in doubt: the row is settled or asked as before
    written = tuple(getattr(read.fields.get(f"marque_{s}"), "value", None) for s in "ab")
    sides, found = sorted(set(belote.value)), []
    for counts in itertools.product(range(1, most + 1), repeat=len(sides)):
        value = "".join(side * count for side, count in zip(sides, counts, strict=True))
        fields = {**read.fields, "belote": FieldRead(value, True)}
        try:
            score = scoring.score_deal(engine_deal(fields), rules)
        except scoring.ScoringError:
            continue
        if with_pot(score, pot) == written:
            found.append(value)
    if len(found) == 1 and found[0] != "".join(sides):
        read.fields["belote"] = replace(belote, value=found[0])
        read.ask("belotes_counted", "belote")
