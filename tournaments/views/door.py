"""Check-in at the door (« Pointage à l'entrée »): the poster's pages, which
a player opens on the tablet at the entrance or on a phone, and the desk's
part (check in or undo from the team list, the list refreshed by itself,
the poster's PDF).

The door's pages are light (no htmx): a list of links, a confirmation page
with one form, a redirect after the post; static/js/door.js filters the
list as one types and says so when the network is gone, but every step
works without it. Thin: the rules are in services/door.py, the words in
display/door.py.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from tournaments.infra import address
from tournaments.models import Team, Tournament
from tournaments.pdf.door import door_poster as poster_pdf
from tournaments.queries.public import search_teams
from tournaments.services import door
from tournaments.services.errors import TournamentError
from tournaments.views.common import client_address, managed_tournament, pdf_response
from tournaments.views.organizer import team_list_context


def _door(request: HttpRequest, token: str) -> Tournament | HttpResponse:
    """The poster's tournament, or the page that refuses a locked client."""
    try:
        tournament = door.tournament_for_door(token[:100], client=client_address(request))
    except door.DoorLocked as locked:
        return render(
            request, "tournaments/door_refused.html", {"message": locked.message}, status=429
        )
    if tournament is None:
        raise Http404
    return tournament


def _query(request: HttpRequest) -> str:
    return request.GET.get("q", "").strip()[:80]


def door_page(request: HttpRequest, token: str) -> HttpResponse:
    """The list of teams, narrowed by the letters typed (`q`)."""
    tournament = _door(request, token)
    if isinstance(tournament, HttpResponse):
        return tournament
    query = _query(request)
    teams = list(search_teams(door.door_teams(tournament), query))
    welcomed = None
    number = request.GET.get("pointee", "")
    if number.isdigit() and len(number) <= 5:
        welcomed = (
            door.door_teams(tournament).filter(number=int(number)).exclude(checked_in_at=None)
        ).first()
    return render(
        request,
        "tournaments/door.html",
        {
            "tournament": tournament,
            "token": token,
            "teams": teams,
            "query": query,
            "welcomed": welcomed,
        },
    )


def door_confirm(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """« C'est bien vous ? »: the team's names in large type, « Oui, nous
    sommes là » (the post that checks in) or « Non, revenir »."""
    tournament = _door(request, token)
    if isinstance(tournament, HttpResponse):
        return tournament
    team = get_object_or_404(door.door_teams(tournament), number=number)
    back = reverse("tournaments:door", args=[token])
    query = _query(request)
    if query:
        back += "?" + urlencode({"q": query})
    context = {"tournament": tournament, "token": token, "team": team, "back": back}
    if request.method == "POST":
        try:
            door.check_in(team=team)
        except TournamentError as error:
            context["error"] = error.message
            return render(request, "tournaments/door_confirm.html", context, status=422)
        done = reverse("tournaments:door", args=[token]) + "?" + urlencode({"pointee": number})
        return redirect(done)
    return render(request, "tournaments/door_confirm.html", context)


@login_required
@require_POST
def team_check_in(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """The desk checks a team in (« Pointer ») or takes it back."""
    tournament = managed_tournament(request, slug)
    team = get_object_or_404(
        tournament.teams.select_related("player1", "player2"), pk=team_id, round__isnull=True
    )
    try:
        if request.POST.get("undo") == "1":
            team = door.undo_check_in(team=team, by=request.user)
        else:
            team, _done = door.check_in(team=team, by=request.user)
    except TournamentError as error:
        messages.error(request, error.message)
    if request.htmx:
        team = Team.objects.select_related("player1", "player2", "payment").get(pk=team.pk)
        return render(
            request, "tournaments/includes/team_row.html", {"team": team, "tournament": tournament}
        )
    return redirect("tournaments:manage", slug=slug)


@login_required
def door_poster(request: HttpRequest, slug: str) -> HttpResponse:
    """The A4 poster with the QR code of the check-in link."""
    tournament = managed_tournament(request, slug)
    path = reverse("tournaments:door", args=[door.door_key(tournament)])
    url = address.public_address(request).url + path
    return pdf_response(poster_pdf(tournament, url=url), f"pointage-{tournament.slug}.pdf")


@login_required
def team_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The desk's team list alone, which asks for itself again every few
    seconds under « Pointage à l'entrée »: the check-ins appear as they come."""
    tournament = managed_tournament(request, slug)
    context = {"tournament": tournament, **team_list_context(request, tournament)}
    return render(request, "tournaments/includes/team_list.html", context)


@login_required
def door_open(request: HttpRequest, slug: str) -> HttpResponse:
    """The desk opens the door's page (on the entrance's tablet, or to try
    it): the poster's link, its key made if need be."""
    tournament = managed_tournament(request, slug)
    return redirect("tournaments:door", token=door.door_key(tournament))
