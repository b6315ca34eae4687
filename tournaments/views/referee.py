"""« Appeler l'arbitre » (issue 38, item 12c): the table phone's call and
its state, the desk's list of calls and its answers.

The phone's part answers htmx fragments (includes/referee_call.html), the
desk's list is polled every 10 s as the desk's other live counts are
(includes/referee_calls.html). Each view checks its input and calls one
service (services/referee.py); a phone acts only for the side whose code
it gave, at the table of its own link."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.display import referee as words
from tournaments.models import Table
from tournaments.services import errors, referee
from tournaments.views.common import managed_tournament
from tournaments.views.referee_block import call_context, desk_context
from tournaments.views.table_side import phone_side, with_table


def _block(request: HttpRequest, table: Table, token: str, status: int = 200, **extra):
    context = call_context(table, token, phone_side(request, table), **extra)
    return render(request, "tournaments/includes/referee_call.html", context, status=status)


@require_POST
@with_table
def table_side_call(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    """The table calls the referee: the call, or the sentence that refuses it."""
    side = phone_side(request, table)
    refusal, status = (words.code_first(), 403) if side is None else ("", 200)
    if side is not None:
        try:
            referee.call_referee(table=table, side=side, key=request.POST.get("key", "")[:64])
        except errors.TournamentError as error:
            refusal, status = error.message, 422
    if not request.htmx:  # a plain form (no script): the table's page, with its message
        if refusal:
            messages.error(request, refusal)
        return redirect("tournaments:table_side", token=token)
    return _block(request, table, token, status=status, call_error=refusal)


@require_GET
@never_cache
@with_table
def table_side_call_state(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    """The call block again: the phone asks while its call is open."""
    return _block(request, table, token)


def _desk_block(request: HttpRequest, tournament) -> HttpResponse:
    return render(
        request,
        "tournaments/includes/referee_calls.html",
        {"tournament": tournament, **desk_context(tournament)},
    )


@login_required
@require_GET
@never_cache
def referee_calls(request: HttpRequest, slug: str) -> HttpResponse:
    """The desk's list of tables calling, polled every 10 s."""
    return _desk_block(request, managed_tournament(request, slug))


@login_required
@require_POST
def referee_answer(request: HttpRequest, slug: str, call_id: int) -> HttpResponse:
    """« J'arrive » or « Réglé »: the call ends; the list again (htmx), or
    back to the page it was answered from."""
    tournament = managed_tournament(request, slug)
    try:
        referee.answer_call(
            tournament=tournament,
            call_id=call_id,
            answer=request.POST.get("answer", "")[:10],
            by=request.user,
        )
    except errors.TournamentError as error:
        if not request.htmx:
            messages.error(request, error.message)
    if request.htmx:
        return _desk_block(request, tournament)
    return redirect("tournaments:manage", slug=slug)
