"""The words of check-in at the door (« Pointage à l'entrée »): a team's mark
and the desk's count, the same on the door's page and the desk's list;
its lines in a concours's history (`Action`).

Must not: query the database or decide who is checked in (services.py).
"""

from __future__ import annotations

import datetime

from django.db import models
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.display.hall import clock_time as clock
from tournaments.features.door import domain as rules


class Action(models.TextChoices):
    """The door's lines in a concours's history (tournaments/models/audit.py)."""

    TEAM_CHECKED_IN = "team_checked_in", gettext_lazy("Équipe pointée à l'entrée")
    CHECK_IN_UNDONE = "check_in_undone", gettext_lazy("Pointage annulé")


def checked_in_mark(moment: datetime.datetime | None) -> str:
    """« pointée à 14:02 », or nothing for a team not checked in."""
    if moment is None:
        return ""
    return _("pointée à %(time)s") % {"time": clock(moment)}


def checked_in_count(checked: int, total: int) -> str:
    """« 18 équipes pointées sur 24 »."""
    return ngettext(
        "%(n)s équipe pointée sur %(total)s",
        "%(n)s équipes pointées sur %(total)s",
        checked,
    ) % {"n": checked, "total": total}


def drawn_count(checked: int) -> str:
    """What the draw form says under the option."""
    return ngettext(
        "Pointage à l'entrée : %(n)s équipe pointée sera tirée ; les autres attendent.",
        "Pointage à l'entrée : %(n)s équipes pointées seront tirées ; les autres attendent.",
        checked,
    ) % {"n": checked}


def _wall_clock(moment: datetime.datetime) -> str:
    """« 13 h 00 » in French, « 13:00 » in English, of a wall-clock time,
    with no-break spaces: the door's large type never splits « 13 / h 30 »."""
    return formats.time_format(moment, _("G \\h i")).replace(" ", "\u00a0")


def door_hours_said(hours: rules.DoorHours, now: datetime.datetime, *, desk: bool = False) -> str:
    """What the door (or the `desk`) says of the door's hours at `now`
    (both on the concours' wall clock): « Le pointage ouvre à 13 h 00. »"""
    state = hours.state(now)
    if state == rules.CLOSED and desk:
        return _("La page de pointage est fermée ; vous pointez ici à toute heure.")
    if state == rules.CLOSED:
        return _("Le pointage à l'entrée est fermé : adressez-vous à l'accueil.")
    if state == rules.OPEN:
        if hours.all_day_long:
            return _("Le pointage est ouvert jusqu'à la fin de la journée.")
        return _("Le pointage est ouvert jusqu'à %(time)s.") % {"time": _wall_clock(hours.closes)}
    if hours.opens.date() == now.date():
        return _("Le pointage ouvre à %(time)s.") % {"time": _wall_clock(hours.opens)}
    day = formats.date_format(hours.opens.date(), "l j F")
    if hours.opens.time() == datetime.time():
        return _("Le pointage ouvrira le %(day)s.") % {"day": day}
    return _("Le pointage ouvrira le %(day)s à %(time)s.") % {
        "day": day,
        "time": _wall_clock(hours.opens),
    }


def door_search_said(too_short: bool, too_many: bool) -> str:
    """Why a search at the door shows nobody, when it is not « not found »."""
    if too_short:
        return _("Tapez au moins %(n)s lettres de votre nom.") % {"n": rules.MIN_LETTERS}
    if too_many:
        return _(
            "Plus de %(n)s équipes portent ces lettres : tapez la suite du nom, ou le prénom."
        ) % {"n": rules.MAX_SHOWN}
    return ""
