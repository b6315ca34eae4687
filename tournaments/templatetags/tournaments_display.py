"""Template filters that read :mod:`tournaments.display`, so templates show
labels without building them."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.display import entry, labels
from tournaments.display import standings as standings_columns

register = template.Library()


@register.filter
def row_value(row: Any, key: str) -> Any:
    """A number column of a standings row (``key`` from display.standings)."""
    return getattr(row, key)


@register.filter
def figure(row: Any, column: standings_columns.Column) -> str:
    """A number cell of a standings row, as display.standings prints it."""
    return standings_columns.figure(row, column)


@register.filter
def number(value: int | None) -> str:
    """A whole number as the ranking prints it (grouped thousands)."""
    return labels.number(value)


@register.filter
def side(value: str) -> str:
    return labels.side_label(value)


@register.filter
def trump(value: str) -> str:
    return labels.trump_sign(value)


@register.filter
def players(team: Any) -> str:
    return labels.players_line(team)


@register.filter
def contract(deal: Any, rules: Any) -> str:
    """« 90 ♥ ×2 », with the profile's surcoinche factor (×4, or ×3)."""
    factor = getattr(rules, "surcoinche_factor", 4)
    return labels.contract_label(deal, surcoinche_factor=factor, short=True)


@register.filter
def entry_state(table: Any) -> str:
    return entry.entry_state_line(table)
