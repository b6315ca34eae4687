"""A row's numbers read box by box (issue 59): each box's probability of
every class, the readings of a row's inputs — every one above a bound, or
the likeliest first — and the likelihood of a number written in its boxes.
What settle.py weighs with the rules.

Pure: plain values in and out. Must not: read an image, score a deal.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from functools import lru_cache
from math import prod
from typing import Any, Protocol


class FieldRead(Protocol):
    """A number as read (checks.FieldRead)."""

    value: Any
    probabilities: tuple[float, ...]
    classes: tuple[tuple[float, ...], ...]


#: A box's eleventh class: « not a digit » (digits.JUNK), here a box with
#: no digit written in it.
BLANK = 10


def classes(read: FieldRead) -> list[tuple[float, ...]] | None:
    """Each box's probability of every digit 0–9 and, eleventh, of « not
    a digit » (the network's; for a reading that kept only its first
    choice, the rest shared evenly among the digits). None when the number
    is not a row of boxes read: nothing read, only its first choices and
    not one digit a box (a gap), or no box whose first choice is a digit."""
    if not read.probabilities:
        return None
    if len(read.classes) == len(read.probabilities):
        boxes = [tuple(p[:11]) if len(p) > BLANK else (*p[:10], 0.0) for p in read.classes]
        return None if all(may_be_blank(box) for box in boxes) else boxes
    text = str(read.value)
    if read.value is None or len(text) != len(read.probabilities):
        return None
    out = []
    for char, p in zip(text, read.probabilities, strict=True):
        rest = (1.0 - p) / 9
        out.append((*(p if str(d) == char else rest for d in range(10)), 0.0))
    return out


def first_choice(box: tuple[float, ...]) -> int:
    """The class the network put first in a box (BLANK: « not a digit »)."""
    return max(range(len(box)), key=box.__getitem__)


def first_choices(numbers: dict[str, list[tuple[float, ...]]], names: list[str]) -> float:
    """The likeliest a reading of the numbers `names` could be: every box
    its first choice (a reading's likelihood is at most its ratio, as
    `likeliest` and `above` give it, times this)."""
    return prod(max(box) for name in names for box in numbers[name])


def may_be_blank(box: tuple[float, ...]) -> bool:
    """Whether a box may hold no digit: « not a digit » is its first
    choice (a speck beside the number, a stroke). Only at a number's ends:
    a number is the digits between its first and last box written."""
    return box[BLANK] > 0 and box[BLANK] == max(box)


def placed(boxes: list[tuple[float, ...]], value: int) -> tuple[int, ...] | None:
    """The class of each box when `value` is written in `boxes`: its digits
    in a row, every box before and after them one that may be blank (the
    likeliest such placing); None when it cannot be."""
    text = str(value)
    best: tuple[float, tuple[int, ...]] | None = None
    for start in range(len(boxes) - len(text) + 1):
        chosen = [BLANK] * start + [int(c) for c in text]
        chosen += [BLANK] * (len(boxes) - len(chosen))
        if any(c == BLANK and not may_be_blank(b) for c, b in zip(chosen, boxes, strict=True)):
            continue
        chance = prod(b[c] for c, b in zip(chosen, boxes, strict=True))
        if best is None or chance > best[0]:
            best = (chance, tuple(chosen))
    return best[1] if best else None


def changed_boxes(
    numbers: dict[str, list[tuple[float, ...]]], one: dict[str, int], other: dict[str, int]
) -> list[tuple[tuple[float, ...], int, int]] | None:
    """Each box of `numbers` that `other` reads otherwise than `one` (the
    numbers of `one` that `numbers` has): the box, its class under `one` and
    under `other`, each number placed as `placed` places it. None when a
    number of either cannot be placed in its boxes."""
    changes = []
    for name, value in one.items():
        if name not in numbers or other.get(name, value) == value:
            continue
        mine, theirs = placed(numbers[name], value), placed(numbers[name], other[name])
        if mine is None or theirs is None:
            return None
        changes += [
            (b, c, d) for b, c, d in zip(numbers[name], mine, theirs, strict=True) if c != d
        ]
    return changes


def likeliest(
    inputs: list[str],
    numbers: dict[str, list[tuple[float, ...]]],
    plausible: float,
    limit: int,
) -> Iterator[tuple[dict[str, int], float, float]]:
    """The `limit` likeliest readings of the numbers `inputs` (each digit
    plausible in its box), likeliest first, as `above` gives them
    (4 × `limit` tried at most: some are no numbers); lazily, each found
    as it is asked for. Likeliest by their product of probabilities over
    each box's first choice's: a reading's likelihood is never more than
    that times its boxes' first choices' product."""
    places = _places(inputs, numbers, plausible)
    if not all(places):
        return
    sizes = [len(numbers[name]) for name in inputs]
    found = 0
    # Each reading once: from the first choices, a place's choice moved on
    # only at or after the last place moved (its ratio only falls).
    heap: list[tuple[float, tuple[int, ...], int]] = [(-1.0, (0,) * len(places), 0)]
    for _ in range(4 * limit):
        if not heap or found >= limit:
            break
        ratio, at, last = heapq.heappop(heap)
        chars = tuple(places[i][c][0] for i, c in enumerate(at))
        values = values_of(chars, inputs, sizes)
        if values is not None:
            found += 1
            yield values, prod(places[i][c][1] for i, c in enumerate(at)), -ratio
        for i in range(last, len(places)):
            if at[i] + 1 < len(places[i]):
                step = places[i][at[i] + 1][2] / places[i][at[i]][2]
                moved = (*at[:i], at[i] + 1, *at[i + 1 :])
                heapq.heappush(heap, (ratio * step, moved, i))


def above(
    inputs: list[str],
    numbers: dict[str, list[tuple[float, ...]]],
    plausible: float,
    bound: float,
    limit: int,
) -> list[tuple[dict[str, int], float, float]] | None:
    """Every reading of the numbers `inputs` whose digits are each
    plausible in their box and whose digits' probabilities, each over its
    box's first choice, multiply to `bound` at least; with its likelihood
    and that product. None: more than `limit`."""
    places = _places(inputs, numbers, plausible)
    sizes = [len(numbers[name]) for name in inputs]
    if not all(sizes):
        return []  # a number with no box is no number: no reading
    # The places where a number's last box is: its value is made there once
    # for every reading that shares the boxes before, and a choice that
    # makes no number (a leading 0, a blank between digits) is cut there
    # (the readings of the boxes after it were built and dropped: 1.1 million
    # a large hand's 18 coinche sheets, of which 0.3 million kept).
    ends = {sum(sizes[: i + 1]) for i in range(len(sizes))}
    out: list[tuple[tuple[int, ...], float, float]] = []  # made whole once not over `limit`
    # Each: the next place, the current number's boxes' choices, the
    # numbers made so far, the likelihood and the ratio.
    stack: list[tuple[int, tuple[str, ...], tuple[int, ...], float, float]] = [
        (0, (), (), 1.0, 1.0)
    ]
    while stack:
        at, chars, made, likelihood, ratio = stack.pop()
        if at == len(places):
            out.append((made, likelihood, ratio))
            if len(out) > limit:
                return None
            continue
        last = at + 1 in ends
        for char, p, r in places[at]:
            if ratio * r < bound:
                break  # sorted: the rest are less likely
            if not last:
                stack.append((at + 1, (*chars, char), made, likelihood * p, ratio * r))
            elif (number := _number((*chars, char))) is not None:
                stack.append((at + 1, (), (*made, number), likelihood * p, ratio * r))
    return [(dict(zip(inputs, made, strict=True)), chance, ratio) for made, chance, ratio in out]


def _places(
    inputs: list[str], numbers: dict[str, list[tuple[float, ...]]], plausible: float
) -> list[list[tuple[str, float, float]]]:
    """Every box of the numbers `inputs`: its plausible choices ("": no
    digit, where the box may be blank), each with its probability and that
    over the box's first choice's, likeliest first."""
    places = []
    for name in inputs:
        for box in numbers[name]:
            top = max(box)
            choices = [
                (str(d), box[d], box[d] / top) for d in range(10) if box[d] >= plausible * top > 0
            ]
            if may_be_blank(box):
                choices.append(("", box[BLANK], 1.0))
            places.append(sorted(choices, key=lambda choice: -choice[2]))
    return places


def values_of(chars: tuple[str, ...], inputs: list[str], sizes: list[int]) -> dict[str, int] | None:
    """Each number of `inputs` from its boxes' choices, or None when one is
    no number."""
    values, start = {}, 0
    for name, size in zip(inputs, sizes, strict=True):
        number = _number(chars[start : start + size])
        start += size
        if number is None:
            return None
        values[name] = number
    return values


@lru_cache(maxsize=1 << 16)  # a row's readings share their numbers' boxes
def _number(chars: tuple[str, ...]) -> int | None:
    """The number its boxes' digits make ("": a box blank), or None: no
    digit, a blank between two digits, or a leading 0."""
    text = "".join(chars)
    digits = [i for i, char in enumerate(chars) if char]
    if not text or digits[-1] - digits[0] + 1 != len(text) or (len(text) > 1 and text[0] == "0"):
        return None
    return int(text)


def number_likelihood(digits: list[tuple[float, ...]], value: int, plausible: float) -> float:
    """The probability of `value` written in boxes read as `digits` (its
    digits in a row, the boxes around them blank where a box may be: each
    such placing's added): 0 when it cannot be placed, or has a digit not
    plausible in its box (then what is written is not what the rules give:
    a player's slip, asked)."""
    text = str(value)
    if value < 0 or len(text) > len(digits):
        return 0.0
    total = 0.0
    for start in range(len(digits) - len(text) + 1):
        chosen = [BLANK] * start + [int(c) for c in text]
        chosen += [BLANK] * (len(digits) - len(chosen))
        if any(c == BLANK and not may_be_blank(b) for c, b in zip(chosen, digits, strict=True)):
            continue
        ps = [box[c] for c, box in zip(chosen, digits, strict=True)]
        if all(p >= plausible * max(box) for p, box in zip(ps, digits, strict=True)):
            total += prod(ps)
    return total


def not_beyond(
    values: dict[str, int], numbers: dict[str, list[tuple[float, ...]]], beyond: float
) -> frozenset[str]:
    """The numbers of `values` not read beyond doubt: each asked when a
    reading not weighed may read it otherwise (`Settled.partial`)."""
    return frozenset(
        name
        for name, value in values.items()
        if name in numbers and not read_beyond(numbers[name], value, beyond)
    )


def read_beyond(boxes: list[tuple[float, ...]], value: int, beyond: float) -> bool:
    """Whether every box of `value` written in `boxes` is its first choice
    read beyond doubt."""
    chosen = placed(boxes, value)
    return chosen is not None and all(
        box[c] >= beyond and box[c] == max(box) for box, c in zip(boxes, chosen, strict=True)
    )


def against_beyond(changes: list[tuple[tuple[float, ...], int, int]], beyond: float) -> bool:
    """Whether one of `changes` (`changed_boxes`: a box, its class under one
    reading and under the other) changes a box read as its first choice
    beyond doubt under the first (issue 59: what is read beyond doubt is
    not asked, even where the rules cannot check it)."""
    return any(box[c] >= beyond and box[c] == max(box) for box, c, _d in changes)


def overrides_sure(
    values: dict[str, int], numbers: dict[str, list[tuple[float, ...]]], unlikely: float
) -> bool:
    """Whether `values` puts in a box a digit other than its first choice
    whose probability is under `unlikely` (1 − sure: the network was sure
    it was not written there); a box left blank counts as its class « not
    a digit »."""
    for name, value in values.items():
        boxes = numbers.get(name)
        if not boxes:
            continue
        for box, c in zip(boxes, placed(boxes, value) or (), strict=False):
            if box[c] < max(box) and box[c] < unlikely:
                return True
    return False
