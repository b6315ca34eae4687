"""Sentences about the club's tablets, for the desk (« Table 2 », « vue il y
a 2 min », « silencieuse ») and for the tablet itself, and the enrolment
link's QR code as inline SVG. Must not: query the database or write."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

import segno
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.display.hall import ago, clock_time
from tournaments.features.tablets.domain import TabletPlace, place_of

#: A tablet's page calls every 15 s: one silent this long needs a look.
QUIET_AFTER = datetime.timedelta(minutes=2)


class Action(models.TextChoices):
    """The club's tablets' lines in a concours's history (tournaments/models/audit.py)."""

    TABLET_ADDED = "tablet_added", gettext_lazy("Tablette du club ajoutée")
    TABLET_ENROLLED = "tablet_enrolled", gettext_lazy("Tablette du club installée")
    TABLET_MOVED = "tablet_moved", gettext_lazy("Tablette du club déplacée")
    TABLET_REMOVED = "tablet_removed", gettext_lazy("Tablette du club retirée")


def place_sentence(place: TabletPlace, current: int) -> str:
    """Where the tablet is in partie `current` (the one played, or the next
    to be drawn): « Table 12 », « Table 12, puis table 3 à la partie 2 »,
    or not set up yet."""
    now = place.number_in(current)
    if place.number is None:
        return _("Aucune table : ouvrez sur la tablette le QR code d'une table.")
    if now == place.number:
        return _("Table %(number)s") % {"number": now}
    if now is None:
        return _("Table %(next)s à partir de la partie %(round)s") % {
            "next": place.number,
            "round": place.from_round,
        }
    return _("Table %(now)s, puis table %(next)s à la partie %(round)s") % {
        "now": now,
        "next": place.number,
        "round": place.from_round,
    }


def seen_sentence(
    seen_at: datetime.datetime | None, enrolled: bool, now: datetime.datetime
) -> tuple[str, bool]:
    """When the tablet last called, and whether it has gone quiet."""
    if not enrolled:
        return _("pas encore installée : ouvrez le lien d'installation sur la tablette"), False
    if seen_at is None:
        return _("jamais vue"), True
    seconds = (now - seen_at).total_seconds()
    seen = (
        _("vue %(ago)s") % {"ago": ago(seconds)}
        if seconds < 3600
        else _("vue à %(time)s") % {"time": clock_time(seen_at)}
    )
    quiet = now - seen_at > QUIET_AFTER
    return (seen + " · " + _("silencieuse") if quiet else seen), quiet


@dataclass(frozen=True)
class TabletRow:
    pk: int
    name: str
    place: str
    seen: str
    quiet: bool
    enrol_url: str
    enrol_path: str
    enrol_qr: str


def enrol_qr(url: str) -> str:
    """The enrolment link as an inline SVG QR code, dark on white."""
    return segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff")


def tablet_rows(
    tablets, current: int, enrol_path, base: str, now: datetime.datetime
) -> list[TabletRow]:
    """The desk's lines; `enrol_path(tablet)` the enrolment link's path,
    `base` the address phones and tablets reach the server at."""
    rows = []
    for tablet in tablets:
        enrolled = tablet.device_key is not None
        seen, quiet = seen_sentence(tablet.seen_at, enrolled, now)
        path = enrol_path(tablet) if tablet.enrol_key else ""
        url = base + path if path else ""
        rows.append(
            TabletRow(
                pk=tablet.pk,
                name=tablet.name,
                place=place_sentence(place_of(tablet), current),
                seen=seen,
                quiet=quiet,
                enrol_url=url,
                enrol_path=path,
                enrol_qr=enrol_qr(url) if url else "",
            )
        )
    return rows
