"""Boxes in doubt doubted together (issue 59): the readings of a row that
differ from the best one only in boxes the network did not read sure.

A rival reading is weighed by the product of its boxes' probabilities
(settle.py). That product holds for boxes misread independently, as the
digits of many writers are; one hand misreads alike wherever it writes
the same way: a font's 0 read 1 in the points and in the marque, its 2
read 1 in the other marque — 141 and 161 – 21 for 140 and 160 – 22, each
box at 0.99 and their product under « plausible ». So a reading that
fits the rules and changes only boxes in doubt, each to a digit the
network was not sure is absent (its probability at least 1 − sure: under
it, as for readings.overrides_sure, the network was sure), and misreads
them alike (`alike`: the same digit read in each, the same digit
written, or each digit written always read as one digit), is a rival
however unlikely; every box read sure stays as the best reading reads it.

Pure: plain values in and out. Must not: read an image, decide a reason's
words, touch a database.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from math import prod

from tournaments.features.sheets.domain.readings import (
    BLANK,
    changed_boxes,
    first_choice,
    may_be_blank,
    placed,
    values_of,
)


def doubted_together(
    best: dict[str, int],
    names: tuple[list[str], list[str]],
    numbers: dict[str, list[tuple[float, ...]]],
    given_of: Callable[[dict[str, int]], dict[str, int] | None],
    before: tuple[int, int] | None,
    sure: float,
    at_most: int,
) -> list[dict[str, int]] | None:
    """The readings that fit the rules and differ from `best` only in the
    inputs' boxes in doubt (see the module; `names`: the inputs, and the
    numbers the rules give from them that are written: the marques, the
    defence's points), with every number's value under each: what the
    rules give, fitting its boxes the same way; the totals too when the
    totals before are known (`before`), else kept as `best` reads them.
    `sure`: the digits' model's « sure ». None: more than `at_most`
    readings to try."""
    unlikely = 1.0 - sure  # under it, the network was sure the digit is not there
    inputs, checks = names
    places: list[list[str]] = []
    for name in inputs:
        boxes = numbers[name]
        chosen = placed(boxes, best[name])
        if chosen is None:
            return None
        for box, c in zip(boxes, chosen, strict=True):
            if box[c] >= sure:
                places.append(["" if c == BLANK else str(c)])
                continue
            choices = [str(d) for d in range(10) if box[d] >= unlikely or d == c]
            places.append([*choices, ""] if may_be_blank(box) else choices)
    if prod(len(choices) for choices in places) > at_most:
        return None
    sizes = [len(numbers[name]) for name in inputs]
    totals = before is not None and "total_a" in best
    implied = [*checks, *(["total_a", "total_b"] if totals else [])]
    out: list[dict[str, int]] = []
    for chars in itertools.product(*places):
        values = values_of(chars, inputs, sizes)
        if values is None or all(values[n] == best[n] for n in inputs):
            continue
        given = given_of(values)
        if given is None or any(n not in given for n in checks):
            continue
        rival = {**best, **values, **{n: given[n] for n in checks}}
        if totals and before is not None:
            rival["total_a"] = before[0] + given["marque_a"]
            rival["total_b"] = before[1] + given["marque_b"]
        changes = changed_boxes(numbers, {n: best[n] for n in implied}, rival)
        if changes is None or not all(b[c] < sure and b[d] >= unlikely for b, c, d in changes):
            continue  # an implied box changed where read sure, or to a digit ruled out
        moved = changed_boxes(numbers, {n: best[n] for n in inputs}, rival) or []
        if alike(moved + changes):
            out.append(rival)
    return out


def alike(changes: list[tuple[tuple[float, ...], int, int]]) -> bool:
    """Whether boxes read otherwise than written (each box, the digit the
    best reading puts there and the digit a rival says was written) are
    misread alike, as one hand is: the same digit put in every one (a
    font's 0 and 2 both read 1, their hairlines lost), the same digit
    written in every one, or each digit written always read as the same
    digit, the network's first choice (one hand's confusions: its 6 read
    1 wherever it writes one, its 5 read 6 — a font of the report reads
    2, 7 as 1, 5 as 6 and 4 and 9 as each other). A box the network reads
    as the rival says is no misread. Boxes misread unlike — a digit
    written read as two digits (a 1 read 7 here, 5 there) — are misreads
    apart, weighed by their product as any reading is (settle.py). So two
    boxes whose written digits differ are always alike: settle's
    OUTWEIGHED bound weighs a rival only where a written digit repeats,
    read two ways (on MNIST's coinche sheets, 25 to 62 % of the questions
    come from rivals kept here; docs/photo-sheets.md, 29 November)."""
    if len({c for _, c, _ in changes}) == 1 or len({d for _, _, d in changes}) == 1:
        return True
    read_as: dict[int, int] = {}
    for box, _c, written in changes:
        first = first_choice(box)
        if first != written and read_as.setdefault(written, first) != first:
            return False
    return True
