"""The organizer's « Reste à sa table » page for one team (reduced
mobility): thin, as organizer.py — check the form, call the service, say
it, go back to the team's page."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments.forms.base import refusal_on
from tournaments.forms.fixed_tables import FixedTableForm
from tournaments.services.fixed_tables import set_fixed_table
from tournaments.views.common import managed_tournament


@login_required
def team_fixed_table(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    team = get_object_or_404(tournament.teams.filter(round__isnull=True), pk=team_id)
    form = FixedTableForm(
        request.POST or None, initial={"stays": team.stays_at_table, "table": team.kept_table}
    )
    if request.method == "POST" and form.is_valid():
        with refusal_on(form, fallback="table"):
            set_fixed_table(team=team, by=request.user, **form.cleaned_data)
            messages.success(request, _("Équipe enregistrée."))
            return redirect("tournaments:team_edit", slug=slug, team_id=team.pk)
    return render(
        request,
        "tournaments/team_fixed_table.html",
        {"tournament": tournament, "team": team, "form": form},
        status=422 if request.method == "POST" else 200,
    )
