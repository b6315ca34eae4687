"""The HTTP side of the deal grid, for the desk's table screen and the
phone's: the one save of a deal typed at either door (`save_deal`), the
answer to a save that appended a row (rendered from the presenter's
`saved_rows`, display/table_screen.py), and the engine's preview of the
row being typed. Must not: build what the grid shows (the presenter does),
score or save by itself (the door's service does)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.display.explain import explain
from tournaments.display.table_screen import saved_rows
from tournaments.forms.entry import DealForm
from tournaments.models import Deal, Table, Tournament
from tournaments.services import errors, scores


@dataclass
class Saved:
    """What a deal's save left: the deal (None: the form was wrong or the
    save refused, said next to its cell), the table as it stands, the rows
    an answer may append (`saved_rows`: None when the whole grid must be
    shown again), and the refusal's status (409: the table moved meanwhile)."""

    deal: Deal | None
    table: Table
    rows: list | None = None
    status: int = 200


def save_deal(form: DealForm, table: Table, record: Callable[..., Deal]) -> Saved:
    """The one save of a deal typed at the desk or on a phone: a checked
    form's row recorded by `record` (the door's service, given the values,
    the number and the version the typist read), then what to answer with.
    A refusal reads the table again, once: its version may have moved."""
    if not form.is_valid():
        return Saved(None, table, status=422)
    number, version = form.cleaned_data["number"], form.cleaned_data["version"]
    try:
        deal = record(values=form.deal_values(), number=number, expected_version=version)
    except errors.TournamentError as error:
        table.refresh_from_db()
        form.add_engine_error(error, version=table.version)
        return Saved(None, table, status=409 if error.field == "version" else 422)
    # The table as the save left it, with its round and tournament.
    rows = saved_rows(deal.table, deal, number=number, expected_version=version)
    return Saved(deal, deal.table, rows)


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
