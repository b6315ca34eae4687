"""The HTTP side of the deal grid, for the desk's table screen and the
phone's: the answer to a save that appended a row (rendered from the
presenter's `saved_rows`, display/table_screen.py), and the engine's
preview of the row being typed. Must not: build what the grid shows (the
presenter does), score or save (services)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.display.explain import explain
from tournaments.forms.entry import DealForm
from tournaments.models import Tournament
from tournaments.services import errors, scores


def appended_response(request: HttpRequest, context: dict[str, Any]) -> HttpResponse:
    """htmx's answer to a save that `appends`: the new row and the next row
    to type in place of the row typed, what else moved out of band
    (includes/deal_saved.html); `context` is the grid's, built on `last_row`."""
    response = render(request, "tournaments/includes/deal_saved.html", context)
    response["HX-Retarget"] = "#deal-entry"
    response["HX-Reswap"] = "outerHTML"
    return response


def preview_response(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The engine's marques for the row being typed, before it is saved (the
    same for the desk and the phone); nothing while the row is half typed."""
    form = DealForm(request.POST, rules=tournament.rule_profile)
    context: dict[str, Any] = {}
    if form.is_valid() and form.ready_for_preview():
        context["understood"] = form.understood
        values = form.deal_values()
        try:
            context["score"] = scores.preview_deal(tournament=tournament, values=values)
        except errors.TournamentError as error:
            context["error"] = error.message
        else:
            context["why"] = explain(values, tournament.rule_profile)
    return render(request, "tournaments/includes/deal_preview.html", context)
