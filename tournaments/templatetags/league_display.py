"""Template filters of leagues: the words come from tournaments/display/leagues.py."""

from __future__ import annotations

from django import template

from tournaments.display import leagues

register = template.Library()


@register.filter
def qualified_mark(qualification) -> str:
    """« qualifiée : 3e du concours « … » », or nothing."""
    if not qualification:
        return ""
    return leagues.qualified_mark(qualification.rank, qualification.source.name)


@register.filter
def team_ordinal(rank: int) -> str:
    return leagues.team_ordinal(rank)
