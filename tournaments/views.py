"""Views: check the input, call one service, render or redirect.

No score is computed here and no query is written in a template."""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from tournaments import pdf
from tournaments.models import Tournament
from tournaments.standings import tournament_standings
from tournaments.tables import PlayerStandingsTable, StandingsTable


def _visible_tournaments(request: HttpRequest):
    managed = Tournament.objects.managed_by(request.user)
    return Tournament.objects.filter(Q(published=True) | Q(pk__in=managed.values("pk")))


def _get_visible(request: HttpRequest, slug: str) -> Tournament:
    tournament = get_object_or_404(Tournament, slug=slug)
    if (
        not tournament.published
        and not Tournament.objects.managed_by(request.user).filter(pk=tournament.pk).exists()
    ):
        raise Http404
    return tournament


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    tournaments = _visible_tournaments(request).order_by("-date", "name")
    return render(request, "tournaments/tournament_list.html", {"tournaments": tournaments})


@require_GET
def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _get_visible(request, slug)
    rounds = tournament.rounds.order_by("number")
    standings = tournament_standings(tournament)[:10]
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "podium": standings,
            "teams_count": tournament.teams.filter(round__isnull=True).count(),
        },
    )


@require_GET
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _get_visible(request, slug)
    melee = tournament.format == Tournament.Format.MELEE
    table = (PlayerStandingsTable if melee else StandingsTable)(tournament_standings(tournament))
    return render(request, "tournaments/standings.html", {"tournament": tournament, "table": table})


@require_GET
def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _get_visible(request, slug)
    response = HttpResponse(pdf.ranking(tournament), content_type="application/pdf")
    response["Content-Disposition"] = 'inline; filename="classement.pdf"'
    return response
