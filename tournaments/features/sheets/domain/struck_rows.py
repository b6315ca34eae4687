"""A row with one number struck out (strikes.py): the one value the rules
give it, when the row's other inputs are read sure.

A number struck out is read as none and asked (« struck »). Checked as
read, its row lacks that number: the engine refuses the deal (no takers'
points, no bid) or the marques cannot be checked, and every box a marque
is computed from is asked beside it — four questions where the players
corrected one number. When every other input of the row (the crosses, the
contract, the points, the announcements) is read sure, the rules can say
what the struck number must be: each value it may take (VALUES: a
contract's multiples of ten, card points 0 to 162 and 252; a marque or the
defence's points, the one the rules give) is scored with the rest of the
row, and kept when its marques and the defence's points could be those
written (a digit read unsure there may be any digit: `marques.pattern`).
When exactly one is kept, the row is checked with it (`check`: every
check, the rules and the digits' probabilities settling what is written
only to check the row, as for a row read whole) and is that check's,
the struck number asked first, shown with the value the rules give (the
volunteer confirms it against the correction the players wrote, or types
theirs). Else — no value, or several (a chute's card points when nothing
else tells them), or an input in doubt, which could pair with another
value of the struck number — the row is checked as read, as before.

The value shown is never recorded unasked: the struck number is always
asked. What is not asked is what the check with that value settled: the
other inputs, each read sure, and what only checks them.

Pure: plain values in and out. Must not: read an image, decide a reason's words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import scoring
from tournaments.features.sheets.domain.marques import (
    defence_points,
    fits,
    pattern,
    scored,
    with_pot,
)
from tournaments.features.sheets.domain.rows import DealRead, FieldRead

#: The values a struck number may take, by field: what the rules can give
#: it. The marques, the defence's points and the running totals are not
#: tried (a struck total is checked as read).
VALUES: dict[str, range | tuple[int, ...]] = {
    "points": (*range(163), 252),
    "bid": range(0, 1000, 10),
    "announce_a": range(0, 1000, 10),
    "announce_b": range(0, 1000, 10),
}
#: What the rules give for a row's inputs, compared with what is written;
#: struck, the one value tried is the rules'.
GIVEN = ("marque_a", "marque_b", "points_defence")
#: What is written only to check the row: it may be in doubt beside a
#: struck number (a digit read unsure there may be any digit).
CHECKS = (*GIVEN, "total_a", "total_b")


def settle_struck(
    read: DealRead,
    rules: scoring.Rules,
    pot: int,
    sure: float,
    check: Callable[[DealRead], tuple[int, int] | None],
) -> tuple[bool, tuple[int, int] | None]:
    """Whether `read`'s one struck number took the one value the rules
    give it (then `read` is filled in as `check` filled the row with it,
    the struck number asked), and the running totals after it."""
    struck = [name for name, field_read in read.fields.items() if field_read.struck]
    if len(struck) != 1:
        return False, None
    name = struck[0]
    for other, field_read in read.fields.items():
        if other != name and (field_read.unseen or (other not in CHECKS and not field_read.sure)):
            return False, None  # an input in doubt: the struck number could pair with another
    fitting = [
        v for v in _candidates(read, rules, pot, name) if _fits(read, rules, pot, sure, name, v)
    ]
    if len(fitting) != 1:
        return False, None
    trial = DealRead(read.deal, {**read.fields, name: FieldRead(fitting[0], True)})
    after = check(trial)
    read.fields = {**trial.fields, name: replace(read.fields[name], value=fitting[0])}
    read.asked, read.reasons, read.why = [], [], {}
    read.ask("struck", name)
    for reason in trial.reasons:
        read.ask(reason, *[n for n in trial.asked if trial.why[n] == reason])
    read.values, read.marques, read.pot, read.afters = (
        trial.values, trial.marques, trial.pot, trial.afters
    )  # fmt: skip
    return True, after


def _candidates(read: DealRead, rules: scoring.Rules, pot: int, name: str) -> tuple[int, ...]:
    """The values tried for the struck field `name`: VALUES's; a marque or
    the defence's points, the one the rules give from the row as read."""
    if name in VALUES:
        return tuple(VALUES[name])
    given = _given(read.fields, rules, pot) if name in GIVEN else None
    value = given.get(name) if given else None
    return () if value is None else (value,)


def _given(
    fields: dict[str, FieldRead], rules: scoring.Rules, pot: int
) -> dict[str, int | None] | None:
    """The marques and the defence's points the rules give for `fields`."""
    score = scored(fields, rules)
    if score is None:
        return None
    a, b = with_pot(score, pot)
    return {"marque_a": a, "marque_b": b, "points_defence": defence_points(score)}


def _fits(
    read: DealRead, rules: scoring.Rules, pot: int, sure: float, name: str, value: int
) -> bool:
    """Whether the row, with `name` read `value`, scores marques and
    defence's points that could be those written (where written; a marque
    at least): each digit read under `sure` may be any."""
    given = _given({**read.fields, name: FieldRead(value, True)}, rules, pot)
    written = {n: read.fields[n] for n in GIVEN if n in read.fields and n != name}
    written = {n: f for n, f in written.items() if f.value is not None}
    if given is None or not {"marque_a", "marque_b"} & set(written):
        return False  # refused, or no marque written: nothing checks the value
    return all(
        (v := given[n]) is not None and fits(v, pattern(f, sure)) for n, f in written.items()
    )
