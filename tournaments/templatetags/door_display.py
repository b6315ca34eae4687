"""Template filters of check-in at the door: the words come from
tournaments/display/door.py."""

from __future__ import annotations

import datetime

from django import template

from tournaments.display import door

register = template.Library()


@register.filter
def checked_in(moment: datetime.datetime | None) -> str:
    """« pointée à 14:02 », or nothing."""
    return door.checked_in_mark(moment)


@register.filter
def door_key(team) -> str:
    """What the door's filter compares as one types: the team's folded
    name and club, its players' folded names, and its number."""
    keys = (team.search_key, team.player1.search_key, team.player2.search_key, str(team.number))
    return " ".join(k for k in keys if k)
