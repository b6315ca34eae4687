"""Template tags of the partie clock (`{% load clock_display %}`): its face,
the day's schedule and what it assumes, this partie's call form."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils import timezone

from tournaments.features.clock import display, queries
from tournaments.features.clock.forms import LastDealCallForm

register = template.Library()


@register.filter
def clock_face(rnd: Any) -> display.ClockFace:
    """The partie clock at this moment."""
    return display.clock_face(rnd, timezone.now())


@register.filter
def plan_assumptions(plan: Any, tournament: Any) -> str:
    """What the day's schedule assumes."""
    return display.plan_assumptions(
        plan, minutes_per_deal=tournament.minutes_per_deal, break_minutes=tournament.break_minutes
    )


@register.simple_tag
def day_plan_of(tournament: Any) -> Any:
    """The day's schedule (None while no start time is set)."""
    return queries.day_plan(tournament)


@register.simple_tag
def last_deal_call_form(rnd: Any, refused: LastDealCallForm | None) -> LastDealCallForm:
    """This partie's call form: the one refused, else one showing its call."""
    return refused or LastDealCallForm(initial={"minutes": rnd.last_deal_minutes})
