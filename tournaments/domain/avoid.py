"""The pairs of teams a draw keeps apart (issue 38, item 12b): the teams of
one club, and the families and couples the organizer lists.

Takes plain values: the organizer's text (one group a line, « Famille
Martin : 3, 12, 15 », the name before the colon optional) and the teams'
numbers and clubs; returns the pairs of team numbers, or says which line is
wrong with a code. Must not import Django nor produce user-facing text.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from itertools import combinations

from tournaments.domain.search import fold

#: A team number in a line: digits, whatever separates them (commas, spaces, « et »).
_NUMBER = re.compile(r"\d+")
#: The longest text kept (a hall's list fits far below it).
MAX_TEXT = 5000


class GroupError(Exception):
    """A line of the list that names no team or an unknown one: ``code`` is
    « too_few » (fewer than two numbers) or « unknown » (``number`` is no
    team's); ``line`` is 1-based."""

    def __init__(self, code: str, line: int, number: int = 0) -> None:
        super().__init__(f"{code} at line {line}")
        self.code, self.line, self.number = code, line, number


def groups(text: str, numbers: Collection[int]) -> list[frozenset[int]]:
    """The groups of team numbers in the organizer's ``text``; raises
    :class:`GroupError` for the first wrong line (blank lines are skipped)."""
    found = []
    for index, line in enumerate(text[:MAX_TEXT].splitlines(), start=1):
        if not line.strip():
            continue
        digits = numbers_of(line)
        if len(set(digits)) < 2:
            raise GroupError("too_few", index)
        for number in digits:
            if number not in numbers:
                raise GroupError("unknown", index, number)
        found.append(frozenset(digits))
    return found


def numbers_of(line: str) -> list[int]:
    """The team numbers of one line: after its colon, if it has one."""
    listed = line.rsplit(":", 1)[-1]
    return [int(d) for d in _NUMBER.findall(listed) if len(d) <= 9]


def avoided_pairs(
    clubs: Mapping[int, str], listed: Collection[frozenset[int]], *, same_club: bool
) -> set[frozenset[int]]:
    """Every pair to keep apart: two teams of one club (``clubs`` by team
    number, compared without case, accents nor spaces; an empty club is
    none) when ``same_club``, and two teams of one listed group."""
    pairs: set[frozenset[int]] = set()
    if same_club:
        by_club: dict[str, list[int]] = {}
        for number, club in clubs.items():
            key = fold(club).strip()
            if key:
                by_club.setdefault(key, []).append(number)
        for members in by_club.values():
            pairs.update(frozenset(pair) for pair in combinations(sorted(members), 2))
    for group in listed:
        pairs.update(frozenset(pair) for pair in combinations(sorted(group), 2))
    return pairs
