"""The partie clock's buttons on the partie's page (issue 14): start,
pause, resume, reset, and this partie's « dernière donne » call (services.py).

Thin, as organizer.py's views: only the tournament's organizers reach
them (`managed_tournament`), each calls one service, adds a message and goes back to
the partie's page; a refusal is shown as a message there (the call's own
form shows it next to its field).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.features.clock import services as clock
from tournaments.features.clock.forms import LastDealCallForm
from tournaments.views.common import managed_tournament, refusal_as_message, round_of
from tournaments.views.rounds import round_page

CLOCK_ACTIONS = {
    "start": (clock.start_clock, gettext_lazy("Chrono lancé.")),
    "pause": (clock.pause_clock, gettext_lazy("Chrono en pause.")),
    "resume": (clock.resume_clock, gettext_lazy("Chrono relancé.")),
    "reset": (clock.reset_clock, gettext_lazy("Chrono remis à zéro.")),
}


@login_required
@require_POST
def round_clock(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    rnd = round_of(managed_tournament(request, slug), number)
    action = CLOCK_ACTIONS.get(request.POST.get("action", ""))
    if action is None:
        messages.error(request, _("Action du chrono inconnue."))
        return redirect("tournaments:round", slug=slug, number=number)
    service, done = action
    with refusal_as_message(request):
        service(round=rnd, by=request.user)
        messages.success(request, str(done))
    return redirect("tournaments:round", slug=slug, number=number)


@login_required
@require_POST
def round_last_deal_call(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    rnd = round_of(tournament, number)
    form = LastDealCallForm(request.POST)
    if not form.is_valid():
        return round_page(request, tournament, rnd, call_form=form)
    with refusal_as_message(request):
        clock.set_last_deal_call(round=rnd, minutes=form.cleaned_data["minutes"], by=request.user)
        messages.success(request, _("Appel « dernière donne » enregistré."))
    return redirect("tournaments:round", slug=slug, number=number)
