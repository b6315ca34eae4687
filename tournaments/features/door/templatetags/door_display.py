"""Template filters of check-in at the door: the words come from
the door's display.py."""

from __future__ import annotations

from django import template

from tournaments.features.door import display as door

register = template.Library()
register.filter("checked_in", door.checked_in_mark)
