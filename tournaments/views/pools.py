"""Pools as a qualifying phase: the organizer's « Poules » screen (form
them, form them again or undo them, draw their parties) and the public
pools page and PDF.

Thin views: a form checked, one service called (`services.pools`); each
pool's ranking comes from `queries.pools.pool_standings`, computed on
read. The public page shows the tables of announced draws only.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.domain.pools import POOL_ROUNDS
from tournaments.forms.base import refusal_on
from tournaments.forms.pools import PoolsForm
from tournaments.queries import pools as pool_queries
from tournaments.services import pools as pool_services
from tournaments.services import rounds
from tournaments.services.errors import TournamentError
from tournaments.views.common import managed_tournament, pdf_response, refusal_as_message
from tournaments.views.public import get_visible


@login_required
def pools_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """Form the pools (again), see them with their rankings, draw their
    next partie."""
    tournament = managed_tournament(request, slug)
    form = PoolsForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form, fallback="size"):
            made = pool_services.form_pools(
                tournament=tournament, by=request.user, **form.cleaned_data
            )
            messages.success(request, _("%(n)s poules formées.") % {"n": len(made)})
            return redirect("tournaments:pools", slug=slug)
    drawn = tournament.rounds.filter(number__lte=POOL_ROUNDS).count()
    return render(
        request,
        "tournaments/pools_manage.html",
        {
            "tournament": tournament,
            "form": form,
            "standings": pool_queries.pool_standings(tournament),
            "drawn": drawn,
            "rounds_drawn": tournament.rounds.exists(),
            "next_round": drawn + 1 if drawn < POOL_ROUNDS else None,
            "present_count": tournament.teams.drawn(check_in=tournament.check_in_enabled).count(),
        },
        status=422 if form.errors else 200,
    )


@login_required
@require_POST
def pools_clear(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    with refusal_as_message(request):
        pool_services.clear_pools(tournament=tournament, by=request.user)
        messages.success(request, _("Poules défaites : les parties suivront le tirage habituel."))
    return redirect("tournaments:pools", slug=slug)


@login_required
@require_POST
def pools_draw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    try:
        rnd = rounds.draw_pool_round(tournament=tournament, by=request.user)
    except TournamentError as error:
        messages.error(request, error.message)
        return redirect("tournaments:pools", slug=slug)
    messages.success(request, _("%(round)s tirée.") % {"round": rnd})
    return redirect("tournaments:round", slug=slug, number=rnd.number)


def _public_standings(request: HttpRequest, slug: str):
    tournament = get_visible(request, slug)
    standings = pool_queries.pool_standings(tournament, announced_only=True)
    if not standings:
        raise Http404
    return tournament, standings


@require_GET
def pools_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Each pool: its teams and ranking, and its tables partie by partie."""
    tournament, standings = _public_standings(request, slug)
    return render(
        request,
        "tournaments/pools_page.html",
        {"tournament": tournament, "standings": standings},
    )


@require_GET
def pools_pdf_view(request: HttpRequest, slug: str) -> HttpResponse:
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments.pdf.pools import pools_pdf

    tournament, standings = _public_standings(request, slug)
    return pdf_response(pools_pdf(tournament, standings), f"poules-{tournament.slug}.pdf")
