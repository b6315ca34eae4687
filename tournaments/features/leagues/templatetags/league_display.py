"""Template filters of a team's qualification from a league's stage: the
words come from the leagues' display.py."""

from __future__ import annotations

from django import template

from tournaments.features.leagues import display as words

register = template.Library()


@register.filter
def qualified_mark(qualification) -> str:
    """« qualifiée : 3e du concours « … » », or nothing."""
    if not qualification:
        return ""
    return words.qualified_mark(qualification.rank, qualification.source.name)


@register.filter
def team_ordinal(rank: int) -> str:
    return words.team_ordinal(rank)
