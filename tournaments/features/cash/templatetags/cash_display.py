"""Template filters of the cash box: amounts in euros and what an entrant
owes, as the feature's display.py words them."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.features.cash import display as cash
from tournaments.features.cash.queries.summary import fee_of

register = template.Library()
register.filter("entrant_label", cash.entrant_label)
register.filter("collected_as", cash.collected_as)


@register.filter
def euros(cents: int | None) -> str:
    """« 10,00 € » (« €10.00 » in English)."""
    return "" if cents is None else cash.euros(cents)


@register.filter
def fee_for(tournament: Any, entrant: Any) -> str:
    """What a team (a mêlée's player) owes, in euros."""
    return cash.euros(fee_of(tournament, entrant))


@register.filter
def negative(cents: int) -> int:
    """An expense as it counts in the balance: taken away."""
    return -cents
