"""The journeys' guard, its half without a browser: what a journey's pages
reported (conftest.watch records it) and which of it is a fault.

Chromium logs a console error « Failed to load resource: the server
responded with a status of N » for each answer of status 400 or more. Such
a line is the echo of an answer, and may reach the journey later than the
answer itself (under load, after the journey went on): it is not read when
it comes but at the verdict, paired with a recorded answer of its status
and address. It is no fault when that answer was declared expected
(`Faults.expected`: a form refused 422, the 503s of a hall whose stick is
out), and a fault otherwise: an answer not declared, or no answer at all.
tests/test_journey_answers.py tests the pairing."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Chromium's console line for an answer of status 400 or more.
STATUS = re.compile(r"^Failed to load resource: the server responded with a status of (\d{3})\b")


def status_of(text: str) -> int | None:
    """The status a console line of Chromium's says an answer had, None for
    any other line."""
    found = STATUS.search(text)
    return int(found.group(1)) if found else None


def _address(url: str) -> str:
    """An address without its fragment (the console names a document's
    with it, its answer without it)."""
    return url.split("#", 1)[0]


@dataclass
class Answer:
    """An answer of status 400 or more to one of the journey's requests."""

    status: int
    method: str
    url: str
    expected: bool = False

    def __str__(self) -> str:
        return f"{self.status} {self.method} {self.url}"


@dataclass(frozen=True)
class StatusLine:
    """Chromium's console line for an answer: its status, the address it
    names ('' if none) and the line as a fault would report it."""

    status: int
    url: str
    text: str

    @classmethod
    def read(cls, text: str, url: str, page: str) -> StatusLine:
        status = status_of(text)
        assert status is not None, text
        return cls(status, url, f"console: {text} [{url}] ({page})")


def unexplained(lines: list[StatusLine], answers: list[Answer]) -> list[StatusLine]:
    """The `lines` no expected answer explains. Each line is paired with one
    answer of its status and address, not paired yet, the first recorded
    first (the k-th line about an address echoes its k-th answer), whatever
    the order in which lines and answers came; a line is explained when its
    answer was declared expected."""
    left = list(answers)
    found = []
    for line in lines:
        answer = next(
            (
                a
                for a in left
                if a.status == line.status
                and (not line.url or _address(a.url) == _address(line.url))
            ),
            None,
        )
        if answer is not None:
            left.remove(answer)
        if answer is None or not answer.expected:
            found.append(line)
    return found


@dataclass
class Faults:
    """What went wrong in a journey's pages: server errors, console errors
    (the guard script reports elements wider than the screen there too),
    uncaught script errors and accessibility faults (axe-core's violations,
    touch targets too small on the players' pages: accessibility.py), and
    Chromium's lines about answers no expected answer explains."""

    console: list[str] = field(default_factory=list)
    # While a journey has cut the network (or stopped the server), the
    # browser's and htmx's reports of failed requests are what is expected.
    network_down: bool = False
    accessibility: list[str] = field(default_factory=list)
    #: Every answer of status 400 or more, in the order recorded.
    answers: list[Answer] = field(default_factory=list)
    #: Chromium's « status of N » lines, in the order they came.
    status_lines: list[StatusLine] = field(default_factory=list)

    @property
    def server(self) -> list[str]:
        """The 5xx answers the journey did not declare expected."""
        return [str(a) for a in self.answers if a.status >= 500 and not a.expected]

    def record(self, answer: Answer) -> None:
        """An answer of status 400 or more; 5xx is a server fault until the
        journey declares it expected."""
        self.answers.append(answer)

    def console_line(self, line: StatusLine) -> None:
        self.status_lines.append(line)

    def expected(self, status: int, where: str = "") -> list[Answer]:
        """Declares the answers of `status` recorded until now (those whose
        address contains `where`) the answers meant, not faults, and their
        console lines with them, however late those come; returns them. An
        answer recorded later is checked as any other."""
        meant = [
            a for a in self.answers if a.status == status and where in a.url and not a.expected
        ]
        for answer in meant:
            answer.expected = True
        return meant

    def unexplained(self) -> list[str]:
        """Chromium's lines about answers that no answer declared expected
        explains."""
        return [line.text for line in unexplained(self.status_lines, self.answers)]

    def __bool__(self) -> bool:
        return bool(self.server or self.console or self.accessibility or self.unexplained())

    def __str__(self) -> str:
        return "\n".join([*self.server, *self.console, *self.unexplained(), *self.accessibility])
