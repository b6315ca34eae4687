"""The words of check-in at the door (« Pointage à l'entrée »): a team's mark
and the desk's count, the same on the door's page and the desk's list.

Must not: query the database or decide who is checked in (services/door.py).
"""

from __future__ import annotations

import datetime

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.display.hall import clock_time as clock


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
