"""The press text of a finished concours (issue 26): the podium and the
top ten with their points, in a local paper's style, under `MAX_CHARS`
characters, in the active language.

Built from plain values (`PressEntry`, made from the standings by
`press_entries`), so that its bound holds whatever the names: when the
full text is too long, the players' first names go, then the clubs, then
every name is cut. Must not: query the database or rank anyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date as Date

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

MAX_CHARS = 1000
PODIUM = 3
TOP = 10


@dataclass(frozen=True)
class PressEntry:
    rank: int
    names: str  # « Jeanne Martin et Paul Roux », or the team's name
    short: str  # « Martin et Roux »
    club: str
    points: int


def _names(entrant) -> tuple[str, str]:
    first = getattr(entrant, "player1", None)
    if first is None:  # a mêlée's player
        return str(entrant), entrant.last_name
    second = entrant.player2
    joined = _("%(a)s et %(b)s")
    full = joined % {"a": first, "b": second}
    short = joined % {"a": first.last_name, "b": second.last_name}
    if entrant.name:
        return f"{entrant.name} ({full})", entrant.name
    return full, short


def press_entries(standings) -> list[PressEntry]:
    """The first ten of `standings` (already in their final order)."""
    entries = []
    for standing in standings[:TOP]:
        if standing.entrant is None:
            continue
        names, short = _names(standing.entrant)
        entries.append(
            PressEntry(
                rank=standing.row.rank,
                names=names,
                short=short,
                club=getattr(standing.entrant, "club", "") or "",
                points=standing.row.points_for,
            )
        )
    return entries


def _cut(text: str, size: int | None) -> str:
    if size is None or len(text) <= size:
        return text
    return text[: size - 1].rstrip() + "…"


def _number(points: int) -> str:
    """Points as the podium's are written (« 3 130 »), in the top ten too."""
    return formats.number_format(points, force_grouping=True)


def _points(points: int) -> str:
    return ngettext("%(n)s point", "%(n)s points", points) % {"n": _number(points)}


def _who(entry: PressEntry, *, full: bool, clubs: bool, size: int | None) -> str:
    who = _cut(entry.names if full else entry.short, size)
    if clubs and entry.club:
        who += f" ({_cut(entry.club, size)})"
    return who


def _text(
    name: str, day: Date, venue: str, teams: int, entries: list[PressEntry], level: int
) -> str:
    full, clubs = level == 0, level <= 1
    size = None if level < 3 else 18
    title = _cut(name, None if level < 3 else 60)
    place = _cut(venue, None if level < 3 else 40)
    lead = _("%(name)s, %(day)s") % {"name": title, "day": formats.date_format(day, "DATE_FORMAT")}
    if place:
        lead += _(", %(venue)s") % {"venue": place}
    lead += ngettext(" : %(n)s équipe en lice.", " : %(n)s équipes en lice.", teams) % {"n": teams}
    if not entries:
        return lead
    winner, rest = entries[0], entries[1:PODIUM]
    parts = [
        lead,
        _("Victoire de %(who)s avec %(points)s")
        % {
            "who": _who(winner, full=full, clubs=clubs, size=size),
            "points": _points(winner.points),
        },
    ]
    if rest:
        parts[-1] += _(", devant %(others)s") % {
            "others": _(" et ").join(
                f"{_who(e, full=full, clubs=clubs, size=size)} ({_points(e.points)})" for e in rest
            )
        }
    parts[-1] += "."
    following = entries[PODIUM:]
    if following:
        parts.append(
            _("Suivent : %(list)s.")
            % {
                "list": " ; ".join(
                    f"{e.rank}. {_who(e, full=False, clubs=False, size=size)}, {_number(e.points)}"
                    for e in following
                )
            }
        )
    return " ".join(parts)


def press_text(*, name: str, day: Date, venue: str, teams: int, entries: list[PressEntry]) -> str:
    """The shortest-cut version of the text that fits in MAX_CHARS."""
    for level in range(4):
        text = _text(name, day, venue, teams, entries, level)
        if len(text) <= MAX_CHARS:
            return text
    return _cut(text, MAX_CHARS)
