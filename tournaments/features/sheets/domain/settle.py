"""A deal's row settled by the rules and the digits' probabilities together
(issue 59): which reading of the row is the one, and which of its numbers
stay in doubt.

Each way of reading the row's inputs (the takers' card points, the bid,
the announcements) — every digit of them as each digit the network finds
plausible — is scored by the engine: its marques (and its running totals,
when the totals before are known) follow, and on a contract sheet the
defence's card points (162 − the takers', a capot's 0 or 252). The row's
*likelihood* under that reading is the product of the network's
calibrated probability of every digit it implies, in every number's box:
the inputs', the marques', the defence's points' and the totals'. A
reading whose marques or defence's points do not fit the boxes written
(a digit more or less) is ruled out.

The best reading is taken when every other reading that fits is far less
likely — under `Calibration.plausible` times it: the digits' probability
at which no digit of the hands tuned on was truly written (tools/train_digits);
a reading that differs from it in two boxes or more (digits misread
together: an input and the number written that checks it, or a bid and
an announcement that offset each other) already under (1 − `beyond`) /
OUTWEIGHED times it. A number on which the rivals left disagree is asked; the
others are settled to the best reading's values, even where the network's
first choice was another digit (a 1 read as 7 in the points when the
marques, read sure, say 1). A reading that needs a digit read beyond doubt
(`Calibration.beyond`: no digit of the hands tuned on was wrong so sure)
to be another is no rival: what is read beyond doubt is not asked, even
where the rules cannot check it (issue 59, item 2).

Settling corrects the network, never the players: a best reading that
puts in a box a digit the network was sure was not there — its
probability under 1 − `Calibration.sure`, as every digit but the first
choice of a box read sure — does not settle the row (None): what the
players wrote otherwise than the rules (a marque added up wrong, 70 for
60) is then checked as read, and asked. A digit the network doubted
between (a French 1 read 7 at 0.7, the 1 at 0.3) is still settled.

A box read « not a digit » (the network's eleventh class first: a speck
beside the number, or a digit it took for one — scikit-learn's writers'
1) is read as each digit it finds plausible there with the others and,
at the number's ends, as no digit too (its « not a digit » probability:
the number a digit shorter); a box inside a number is always a digit. A
number whose every box is « not a digit » is not settled (nothing
written, or a stroke: asked as read).

A row with more readings than AT_MOST to weigh (many digits in doubt,
a font whose 0 reads as a 1) is not given up: the likeliest reading that
fits among those weighed (every one above `plausible` when a first pass
could, else the AT_MOST likeliest, best first) is its values, and every
number not read beyond doubt under it is asked (`Settled.partial`): a
reading left out may read any of them otherwise, never a digit read
beyond doubt. When none fits, or it overrides a digit read sure, the row
is checked as read (every box a marque is computed from asked).

Boxes in doubt are doubted together (together.py): a reading that fits
and differs from the best one only in boxes the network did not read
sure, each by a digit it was not sure is absent, and misreads them
alike (the same digit read in each, the same digit written, or each
digit written always read as one digit), is a rival however unlikely the
product of their probabilities — one hand misreads alike wherever it
writes the same way. A row with more such readings than
AT_MOST to try asks every number not read beyond doubt, as above.

So a number passes unasked, wrong, only when what was written differs
from the best reading in a box read sure, or by a digit the network was
sure is absent, and is a reading the network found less plausible than
those thresholds (a digit's probability, multiplied over every box where
the two readings differ: under `plausible` for one box, under (1 −
`beyond`) / OUTWEIGHED for two or more); or one of its digits was read
wrong beyond doubt.

Pure: plain values in and out. Must not: read an image, decide a reason's words, touch a
database."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from math import prod
from typing import Protocol

import numpy as np

from tournaments.features.sheets.domain.readings import (
    FieldRead,
    above,
    against_beyond,
    changed_boxes,
    classes,
    first_choices,
    likeliest,
    not_beyond,
    number_likelihood,
    overrides_sure,
)
from tournaments.features.sheets.domain.rows import INPUTS
from tournaments.features.sheets.domain.together import doubted_together


class Thresholds(Protocol):
    """The digits' model's calibration (digits.Calibration)."""

    @property
    def sure(self) -> float: ...

    @property
    def plausible(self) -> float: ...

    @property
    def beyond(self) -> float: ...


#: The numbers the rules give for a reading of the inputs: its marques
#: (`marque_a`, `marque_b`) and, on a contract sheet, the defence's card
#: points (`points_defence`); None: the rules refuse it.
GivenOf = Callable[[dict[str, int]], "dict[str, int] | None"]
#: The numbers written only to check the inputs that the rules compute from
#: a reading (the running totals apart: they follow the marques).
CHECKS = ("marque_a", "marque_b", "points_defence")

#: A reading that fits: its likelihood, every input's and marque's value
#: under it, and the totals after it (None: not checked).
Fit = tuple[float, dict[str, int], "tuple[int, int] | None"]

#: Readings of a row's inputs scored at most (about 5 µs each).
AT_MOST = 6000
#: A reading that differs from the best in two boxes or more is no rival
#: under (1 − beyond) / OUTWEIGHED times its likelihood: ten times less
#: likely than a digit beside one read beyond doubt (about 1.3 × 10⁻⁵ of
#: the best). On the tuning draws (benchmark seeds 1–3, 216 sheets) it,
#: 10⁻⁴ and 10⁻⁵ let no wrong number through; docs/photo-sheets.md.
OUTWEIGHED = 10


@dataclass(frozen=True)
class Settled:
    """The row's best reading (`values`: every number's value under it),
    and the numbers on which a reading nearly as likely disagrees."""

    values: dict[str, int]
    doubtful: frozenset[str]
    #: The readings nearly as likely, the best one's marques and otherwise:
    #: every number's value under each.
    rivals: tuple[dict[str, int], ...] = ()
    #: Whether the readings were too many to weigh them all (AT_MOST): the
    #: likeliest that fits of the AT_MOST likeliest, every number not read
    #: beyond doubt doubtful (a reading left out may read it otherwise).
    partial: bool = False
    #: The running totals after the row under each reading nearly as likely
    #: (its totals checked; empty: not known): the next row's before among them.
    afters: frozenset[tuple[int, int]] = frozenset()

    def hidden_by_rounding(self) -> bool:
        """Whether a reading with the same marques reads the points' last
        digit otherwise, and only it (a marque rounded to the ten)."""
        points = self.values.get("points")
        return any(
            rival.get("points") != points
            and str(rival.get("points"))[:-1] == str(points)[:-1]
            and _marques(rival) == _marques(self.values)
            for rival in self.rivals
        )


def _marques(values: dict[str, int]) -> tuple[int, int]:
    return values["marque_a"], values["marque_b"]


def settle(
    fields: Mapping[str, FieldRead],
    given_of: GivenOf,
    before: tuple[int, int] | None,
    thresholds: Thresholds,
    previous: Mapping[str, FieldRead] | None = None,
    afters: frozenset[tuple[int, int]] = frozenset(),
) -> Settled | None:
    """The row `fields` settled (see the module), or None when it cannot be
    (a marque not written or unreadable, more readings than AT_MOST, no
    reading that fits, a best reading that overrides a digit the network
    was sure of). The running totals before it: `before` when known,
    else the totals written on the `previous` row, each of their plausible
    readings tried (what was written there may be what the photo doubts),
    only those among `afters` when any is (the totals the previous row's
    own readings nearly as likely give: its `Settled.afters`).
    `thresholds`: the digits' model's `plausible` and `beyond` (a reading
    that needs a digit read beyond doubt to be another is no rival: no
    digit of the hands tuned on was wrong so sure)."""
    plausible, beyond = thresholds.plausible, thresholds.beyond
    numbers = _numbers(fields)
    if numbers is None or any(numbers.get(f"marque_{s}") is None for s in "ab"):
        return None
    totals = ["total_a", "total_b"]
    written = _numbers(previous or {}) or {}
    checked_totals = all(numbers.get(name) for name in totals) and (
        before is not None or all(written.get(name) for name in totals)
    )
    inputs = [name for name in INPUTS if numbers.get(name)]
    checks = [name for name in CHECKS if name in numbers]
    implied = [*checks, *(totals if checked_totals else [])]
    # The likeliest a reading could be: every box its first choice.
    upper = first_choices(numbers, [*inputs, *implied])
    bound = plausible
    weighed: list[Fit] | None = None  # the first pass's fits, when a second is needed
    for _ in range(2):
        befores: list[tuple[tuple[int, int], float]] = []
        if checked_totals and before is not None:
            befores = [(before, 1.0)]
        elif checked_totals:
            readings = above(totals, written, plausible, bound, AT_MOST)
            if readings is None:
                return None
            befores = [((r["total_a"], r["total_b"]), ratio) for r, _, ratio in readings]
            befores = [b for b in befores if b[0] in afters] or befores
        readings = above(inputs, numbers, plausible, bound, AT_MOST)
        if readings is None:
            return _partly(given_of, befores, numbers, (inputs, checks), thresholds, weighed)
        fits = _fits(given_of, befores, numbers, readings, plausible, checks)
        if not fits:
            return None
        top = max(fits, key=lambda fit: fit[0])
        best = top[0]
        # A reading left out is under `bound` * upper: a rival only if that
        # reaches plausible * best (the best reading is not the first choices).
        if bound * upper <= plausible * best:
            break
        bound = plausible * best / upper * (1 - 1e-9)  # a hair lower: no float slip
        weighed = fits
    else:
        return None
    values = _values(top)
    if overrides_sure(values, numbers, 1.0 - thresholds.sure):
        return None  # the players wrote otherwise than the rules: as read, asked
    checked = best * (1.0 - beyond) / OUTWEIGHED
    rivals = [
        implied
        for chance, implied in ((fit[0], _values(fit)) for fit in fits)
        if chance >= plausible * best
        and _rival(changed_boxes(numbers, values, implied), chance >= checked, beyond)
    ]
    known = before if checked_totals else None
    alike = doubted_together(
        values, (inputs, checks), numbers, given_of, known, thresholds.sure, AT_MOST
    )
    if alike is None:  # too many boxes in doubt to try them together
        return Settled(values, not_beyond(values, numbers, beyond), (), partial=True)
    rivals += [rival for rival in alike if rival not in rivals]
    doubtful = {name for implied in rivals for name in values if implied[name] != values[name]}
    alone = all(_marques(r) == _marques(values) for r in alike)  # else their totals: the best's
    own = known is not None or (checked_totals and alone)
    after = {fit[2] for fit in fits if fit[0] >= plausible * best and fit[2] is not None}
    after = after | {(r["total_a"], r["total_b"]) for r in alike} if own else set()
    return Settled(values, frozenset(doubtful), tuple(rivals), afters=frozenset(after))


def _rival(
    changes: list[tuple[tuple[float, ...], int, int]] | None, likely: bool, beyond: float
) -> bool:
    """Whether a reading plausible beside the best one, that differs from it
    in `changes` (None: a number of it not placed in its boxes), is a
    rival: never when it changes a box read beyond doubt; else when it is
    `likely` (over the OUTWEIGHED bound) or a single box apart (what the
    rules cannot check: a rival at any likelihood)."""
    if against_beyond(changes or [], beyond):
        return False
    return likely or (changes is not None and len(changes) < 2)


def _partly(
    given_of: GivenOf,
    befores: list[tuple[tuple[int, int], float]],
    numbers: dict[str, list[tuple[float, ...]]],
    names: tuple[list[str], list[str]],
    thresholds: Thresholds,
    weighed: list[Fit] | None,
) -> Settled | None:
    """A row with more readings than AT_MOST: the fits of a first pass that
    weighed every reading above `plausible` (`weighed`), else its AT_MOST
    likeliest readings weighed (best first). None when none fits, or the
    likeliest that fits puts a digit where the network was sure of
    another; else that reading, every number not read beyond doubt under it
    doubtful: a reading left out may read any of them otherwise, never a
    digit read beyond doubt (no rival, as in `settle`)."""
    plausible, unlikely = thresholds.plausible, 1.0 - thresholds.sure
    inputs, checks = names
    upper = first_choices(numbers, inputs)  # a reading's likelihood ≤ its ratio × this
    for tried in (weighed, None):
        fits = tried
        if fits is None:
            readings = likeliest(inputs, numbers, plausible, AT_MOST)
            fits = _fits(given_of, befores, numbers, readings, plausible, checks, upper)
        if not fits:
            continue
        values = _values(max(fits, key=lambda fit: fit[0]))
        if overrides_sure(values, numbers, unlikely):
            continue
        return Settled(values, not_beyond(values, numbers, thresholds.beyond), (), partial=True)
    return None


def _numbers(fields: Mapping[str, FieldRead]) -> dict[str, list[tuple[float, ...]]] | None:
    """Each number's boxes as every digit's probability; None when a
    number is not a row of digits read."""
    numbers: dict[str, list[tuple[float, ...]]] = {}
    for name, read in fields.items():
        if read.probabilities:
            boxes = classes(read)
            if boxes is None:
                return None
            numbers[name] = boxes
    return numbers


def _fits(
    given_of: GivenOf,
    befores: list[tuple[tuple[int, int], float]],
    numbers: dict[str, list[tuple[float, ...]]],
    readings: Iterable[tuple[dict[str, int], float, float]],
    plausible: float,
    checks: list[str],
    upper: float | None = None,
) -> list[Fit]:
    """Every reading of the inputs that the engine scores and whose marques
    and defence's points (`checks`: those written), and totals after one of
    `befores` (each with its likelihood), fit the
    boxes written, each of their digits plausible, with its likelihood and
    every number's value under it (`_values`); but those under `plausible`
    times a fit met before (never a rival of the best: a row's totals
    tried after thousands of totals before built millions, 4 s a sheet).
    `upper`: only the likeliest fit is wanted (`_partly`), the readings
    come likeliest first (`likeliest`), each no likelier than its ratio
    times `upper`: a reading that cannot beat the likeliest fit met is not
    scored, and none is read on once none can (a font's row of 6,000
    readings, 0.1 s each time)."""
    fits: list[Fit] = []
    keep = plausible if upper is None else 1.0
    floor = 0.0  # keep × the likeliest fit met so far
    # The totals after each of `befores` depend on the marques only: many
    # readings give the same marques (each reading × each before was
    # scored again: 5 s a sheet in unknown hands).
    totals_after: dict[tuple[int, int], list[tuple[float, float, int, int]]] = {}
    seen: dict[tuple[str, int], float] = {}  # a total's or a marque's likelihood, by its value
    table = _Befores.of(befores)
    for values, likelihood, ratio in readings:
        if upper is not None and ratio * upper * (1 + 1e-9) < floor:
            break  # likeliest first: none of the rest can beat the fit met
        if likelihood < floor:
            continue  # a fit is no likelier than its reading
        given = given_of(values)
        if given is None:
            continue
        implied = {**values, **{n: given[n] for n in checks if n in given}}
        marques = (given["marque_a"], given["marque_b"])
        marked = []
        for n in checks:  # a row's readings share a few marques: each weighed once
            if n in implied and (n, implied[n]) not in seen:
                seen[n, implied[n]] = number_likelihood(numbers[n], implied[n], plausible)
            marked.append(seen[n, implied[n]] if n in implied else 0.0)
        base = likelihood * prod(marked)
        if not all(marked) or base < floor:  # the totals' likelihoods are ≤ 1
            continue
        if not befores:
            fits.append((base, implied, None))
            floor = max(floor, keep * base)
            continue
        if marques not in totals_after:
            totals_after[marques] = _totals_after(numbers, table, marques, plausible, seen)
        for chance, summed, total_a, total_b in totals_after[marques]:
            fit = base * chance * summed
            if fit < floor:
                break  # likeliest first: the rest are less likely
            fits.append((fit, implied, (total_a, total_b)))
            floor = max(floor, keep * fit)
    return fits


def _values(fit: Fit) -> dict[str, int]:
    """Every number's value under a reading that fits (its totals apart:
    only the few readings nearly as likely as the best are made whole)."""
    _likelihood, implied, totals = fit
    if totals is None:
        return implied
    return {**implied, "total_a": totals[0], "total_b": totals[1]}


@dataclass(frozen=True)
class _Befores:
    """The running totals before a row, each with its likelihood, as
    arrays: each side's distinct totals and, for each before, the index of
    its own among them (a total's likelihood after a marque is looked up
    once per distinct value, not once per before)."""

    chance: np.ndarray
    a: np.ndarray
    b: np.ndarray
    which_a: np.ndarray
    which_b: np.ndarray

    @classmethod
    def of(cls, befores: list[tuple[tuple[int, int], float]]) -> _Befores:
        totals = np.array([before for before, _ in befores], dtype=np.int64).reshape(-1, 2)
        a, which_a = np.unique(totals[:, 0], return_inverse=True)
        b, which_b = np.unique(totals[:, 1], return_inverse=True)
        chance = np.array([c for _, c in befores], dtype=np.float64)
        return cls(chance, a, b, which_a, which_b)


def _totals_after(
    numbers: dict[str, list[tuple[float, ...]]],
    befores: _Befores,
    marques: tuple[int, int],
    plausible: float,
    seen: dict[tuple[str, int], float],
) -> list[tuple[float, float, int, int]]:
    """For each of `befores` whose totals plus `marques` fit the totals'
    boxes, each digit plausible: its likelihood, the totals' and the totals,
    likeliest first, the order of `befores` between equals (`seen`: each
    total's likelihood by its value, kept between calls)."""
    sides = []
    for name, distinct, marque in (("total_a", befores.a, marques[0]),
                                   ("total_b", befores.b, marques[1])):  # fmt: skip
        likelihoods = []
        for total in distinct.tolist():
            value = total + marque
            if (name, value) not in seen:
                seen[name, value] = number_likelihood(numbers[name], value, plausible)
            likelihoods.append(seen[name, value])
        sides.append(np.array(likelihoods, dtype=np.float64))
    liked_a, liked_b = sides[0][befores.which_a], sides[1][befores.which_b]
    kept = np.flatnonzero((liked_a > 0) & (liked_b > 0))
    summed = liked_a[kept] * liked_b[kept]
    chance = befores.chance[kept]
    order = np.argsort(-(chance * summed), kind="stable")
    after_a = befores.a[befores.which_a[kept]] + marques[0]
    after_b = befores.b[befores.which_b[kept]] + marques[1]
    return [
        (float(chance[i]), float(summed[i]), int(after_a[i]), int(after_b[i]))
        for i in order.tolist()
    ]
