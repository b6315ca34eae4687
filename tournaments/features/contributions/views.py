"""« Résultats proposés »: the record's owner accepts or refuses what other
organizers' concours add to their persons; the button on « Mes tournois »
while some wait. Anyone else gets a 404. Views stay thin: services.py
writes."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.features.contributions import queries, services
from tournaments.services.errors import TournamentError


def organizer_button(*, request: HttpRequest) -> dict | None:
    """`ORGANIZER_HOME`: « Résultats proposés (n) » while some wait."""
    count = queries.contributions_to_decide(request.user).count()
    if not count:
        return None
    return {"template": "tournaments/includes/contributions_button.html", "count": count}


@login_required
@require_GET
def contributions_manage(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "tournaments/contributions_manage.html",
        {"proposals": queries.proposals(request.user)},
    )


@login_required
@require_POST
def contribution_decide(request: HttpRequest, pk: int, accept: bool) -> HttpResponse:
    """The record's owner accepts or refuses another organizer's results
    for one of their persons."""
    contribution = get_object_or_404(queries.contributions_to_decide(request.user), pk=pk)
    try:
        done = services.decide_contribution(
            contribution=contribution, accept=accept, by=request.user
        )
    except TournamentError as error:
        messages.error(request, str(error))
        return redirect("tournaments:contributions")
    said = (
        _("%(concours)s compte maintenant sur la page de %(name)s et dans sa cote.")
        if accept
        else _("%(concours)s ne compte pas pour %(name)s.")
    )
    messages.success(request, said % {"concours": done.player.tournament.name, "name": done.person})
    return redirect("tournaments:contributions")


@login_required
@require_POST
def contributions_refuse(request: HttpRequest, pk: int) -> HttpResponse:
    """Everything one other organizer (`pk`) proposes, refused at once."""
    waiting = queries.contributions_to_decide(request.user)
    if not waiting.filter(player__tournament__owner_id=pk).exists():
        raise Http404
    count = services.refuse_contributions(organizer_id=pk, by=request.user)
    messages.success(request, _("Résultats refusés : %(n)s.") % {"n": count})
    return redirect("tournaments:contributions")
