"""Reads about the club's tablets: which tablet a cookie names, which partie
is being played, which table a tablet serves now, and the desk's list.

Must not write: the tablet's last call is noted by the feature's services.py."""

from __future__ import annotations

import re

from django.db.models import Max

from tournaments.features.tablets.domain import place_of
from tournaments.features.tablets.models import Tablet
from tournaments.models import Round, Table, Tournament

#: What a tablet's key is made of (secrets.token_urlsafe): nothing else
#: reaches the database (a NUL byte would fail there).
KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")


def tablet_for_device(device_key: str) -> Tablet | None:
    """The enrolled tablet whose device key this is (None for any other)."""
    if not KEY.fullmatch(device_key or ""):
        return None
    return Tablet.objects.select_related("tournament").filter(device_key=device_key).first()


def tablet_for_enrolment(enrol_key: str) -> Tablet | None:
    """The tablet whose one-time enrolment link this is, while unused."""
    if not KEY.fullmatch(enrol_key or ""):
        return None
    return Tablet.objects.select_related("tournament").filter(enrol_key=enrol_key).first()


def playing_round(tournament: Tournament) -> Round | None:
    """The partie being played: the last one drawn, while it is not closed."""
    last = tournament.rounds.order_by("-number").first()
    return last if last is not None and last.status != Round.Status.CLOSED else None


def coming_round_number(tournament: Tournament) -> int:
    """The partie a move « now » applies to: the one being played, or the
    next one to be drawn."""
    playing = playing_round(tournament)
    if playing is not None:
        return playing.number
    return (tournament.rounds.aggregate(last=Max("number"))["last"] or 0) + 1


def tablet_table(tablet: Tablet) -> Table | None:
    """The table the tablet serves now: the table with its number in the
    partie being played (None between parties, while the next partie's draw
    is a draft the players may not see yet, or with no table set)."""
    rnd = playing_round(tablet.tournament)
    if rnd is None or not rnd.announced:
        return None
    number = place_of(tablet).number_in(rnd.number)
    if number is None:
        return None
    return (
        Table.objects.select_related("round__tournament", "team_a", "team_b")
        .filter(round=rnd, number=number)
        .first()
    )


def desk_tablets(tournament: Tournament) -> tuple[list[Tablet], int]:
    """The tournament's tablets in name order, and the partie they serve
    (the one being played, or the next to be drawn)."""
    return list(tournament.tablets.all()), coming_round_number(tournament)
