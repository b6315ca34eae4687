"""« Départage »: the ranking's criteria, in order, as the organizer sets
them. Before partie 1 is drawn a change is saved at once; after, the list
is frozen: a change asks for a reason, first shows whose place it moves
(`services.tournaments.preview_tie_breaks`), then is confirmed and kept in
the history (`change_tie_breaks`). Only the concours's organizers reach it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.display import standings as standings_display
from tournaments.forms.base import refusal_on
from tournaments.forms.tie_breaks import TieBreakForm
from tournaments.services import tournaments
from tournaments.views.common import managed_tournament


@login_required
def tie_breaks(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    frozen = tournaments.criteria_frozen(tournament)
    form = TieBreakForm(request.POST or None, tournament=tournament, frozen=frozen)
    preview = None
    if request.method == "POST" and form.is_valid():
        criteria = form.criteria()
        with refusal_on(form, fallback="criterion_1"):
            if frozen and "confirm" not in request.POST:
                moved = tournaments.preview_tie_breaks(
                    tournament=tournament, criteria=criteria, by=request.user
                )
                preview = {
                    "moved": standings_display.moved_sentence(moved),
                    "explanation": standings_display.criteria_explanation(
                        criteria, tournament.chance_seed
                    ),
                }
            else:
                moved = tournaments.change_tie_breaks(
                    tournament=tournament,
                    criteria=criteria,
                    reason=form.cleaned_data.get("reason", ""),
                    by=request.user,
                )
                said = [standings_display.moved_sentence(moved)] if frozen else []
                messages.success(request, " ".join([_("Ordre de départage changé."), *said]))
                return redirect("tournaments:tie_breaks", slug=slug)
    return render(
        request,
        "tournaments/tie_breaks.html",
        {
            "tournament": tournament,
            "form": form,
            "frozen": frozen,
            "preview": preview,
            "explanation": standings_display.ranking_explanation(tournament),
        },
    )
