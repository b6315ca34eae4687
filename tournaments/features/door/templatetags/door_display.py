"""Template filters of check-in at the door: the words come from
the door's display.py."""

from __future__ import annotations

import datetime

from django import template

from tournaments.features.door import display as door

register = template.Library()


@register.filter
def checked_in(moment: datetime.datetime | None) -> str:
    """« pointée à 14:02 », or nothing."""
    return door.checked_in_mark(moment)
