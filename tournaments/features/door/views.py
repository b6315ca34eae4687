"""Check-in at the door (« Pointage à l'entrée »): the poster's pages, which
a player opens on the tablet at the entrance or on a phone, and the desk's
part (check in or undo from the team list, the list refreshed by itself,
the poster's PDF).

The door's pages are light (no htmx): a search that shows a few teams to
whoever typed part of their names, a confirmation page with one form, a
redirect after the post; outside the door's hours, when it opens.
static/js/door.js searches as one types and says so when the network is
gone, but every step works without it. Thin: the rules are in
services.py and domain.py, the words in display.py.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_POST

from tournaments.features.door import display as door_words
from tournaments.features.door import domain as door_rules
from tournaments.features.door import services as door
from tournaments.infra import address
from tournaments.models import Team, Tournament
from tournaments.services.errors import TournamentError
from tournaments.views.common import (
    client_address,
    managed_tournament,
    pdf_response,
    refusal_as_message,
)


def _refused(request: HttpRequest, locked: TournamentError) -> HttpResponse:
    """A client that tried too many keys or searches: the sentence, 429."""
    context = {"message": locked.message}
    return render(request, "tournaments/door_refused.html", context, status=429)


def _door(request: HttpRequest, token: str) -> Tournament | HttpResponse:
    """The poster's tournament, or the page that refuses a locked client, or
    the one said outside the door's hours (`_closed`)."""
    try:
        tournament = door.tournament_for_door(token[:100], client=client_address(request))
    except door.DoorLocked as locked:
        return _refused(request, locked)
    if tournament is None:
        raise Http404
    return _closed(request, tournament, token) or tournament


def _query(request: HttpRequest) -> str:
    return request.GET.get("q", "").strip()[:80]


def _closed(request: HttpRequest, tournament: Tournament, token: str) -> HttpResponse | None:
    """The door's page outside its hours (no search, no name): when it
    opens, or that it is closed; None while it is open. A check-in posted
    then is refused (409) with the same page."""
    hours, now = door.door_hours(tournament), door.local_now()
    if hours.state(now) == door_rules.OPEN:
        return None
    context = {
        "tournament": tournament,
        "token": token,
        "closed": door_words.door_hours_said(hours, now),
    }
    status = 409 if request.method == "POST" else 200
    return render(request, "tournaments/door.html", context, status=status)


def door_page(request: HttpRequest, token: str) -> HttpResponse:
    """The search (`q`): the teams whose names hold the letters typed, and
    nobody before (domain.py); the welcome after a check-in."""
    tournament = _door(request, token)
    if isinstance(tournament, HttpResponse):
        return tournament
    query = _query(request)
    try:
        found = door.find_at_door(tournament, query, client=client_address(request))
    except door.DoorLocked as locked:
        return _refused(request, locked)
    return render(
        request,
        "tournaments/door.html",
        {
            "tournament": tournament,
            "token": token,
            "teams": found.teams,
            "query": query,
            "searched": door_rules.search_allowed(query) and not found.too_many,
            "search_said": door_words.door_search_said(found.too_short, found.too_many),
            "welcomed": door.welcomed_team(tournament, request.GET.get("pointee", "")),
            "hours": door_words.door_hours_said(door.door_hours(tournament), door.local_now()),
        },
    )


def door_confirm(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """« C'est bien vous ? »: the team's names in large type, « Oui, nous
    sommes là » (the post that checks in) or « Non, revenir ». Only for
    someone who found the team by its letters (`q`): a number alone is
    « not found »."""
    tournament = _door(request, token)
    if isinstance(tournament, HttpResponse):
        return tournament
    query = _query(request)
    try:
        team = door.team_at_door(tournament, number, query, client=client_address(request))
    except door.DoorLocked as locked:
        return _refused(request, locked)
    if team is None:
        raise Http404
    back = reverse("tournaments:door", args=[token]) + "?" + urlencode({"q": query})
    context = {"tournament": tournament, "token": token, "team": team, "back": back}
    if request.method == "POST":
        try:
            door.check_in_at_door(team=team, now=door.local_now())
        except TournamentError as error:
            context["error"] = error.message
            return render(request, "tournaments/door_confirm.html", context, status=422)
        welcome = urlencode({"pointee": door.welcome_token(team)})
        return redirect(reverse("tournaments:door", args=[token]) + "?" + welcome)
    return render(request, "tournaments/door_confirm.html", context)


@login_required
@require_POST
def team_check_in(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    """The desk checks a team in (« Pointer ») or takes it back."""
    tournament = managed_tournament(request, slug)
    team = get_object_or_404(
        tournament.teams.select_related("player1", "player2"), pk=team_id, round__isnull=True
    )
    with refusal_as_message(request):
        if request.POST.get("undo") == "1":
            team = door.undo_check_in(team=team, by=request.user)
        else:
            team, _done = door.check_in(team=team, by=request.user)
    if request.htmx:
        # The row, and the counters out of band: they follow each tick.
        team = Team.objects.select_related("player1", "player2", "payment").get(pk=team.pk)
        context = {"team": team, "tournament": tournament, **door_counts(tournament)}
        return render(request, "tournaments/includes/team_checked_in.html", context)
    return redirect("tournaments:manage", slug=slug)


@login_required
def door_poster(request: HttpRequest, slug: str) -> HttpResponse:
    """The A4 poster with the QR code of the check-in link."""
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments.features.door.pdf import door_poster as poster_pdf

    tournament = managed_tournament(request, slug)
    path = reverse("tournaments:door", args=[door.door_key(tournament)])
    url = address.public_address(request).url + path
    return pdf_response(poster_pdf(tournament, url=url), f"pointage-{tournament.slug}.pdf")


@login_required
def door_open(request: HttpRequest, slug: str) -> HttpResponse:
    """The desk opens the door's page (on the entrance's tablet, or to try
    it): the poster's link, its key made if need be."""
    tournament = managed_tournament(request, slug)
    return redirect("tournaments:door", token=door.door_key(tournament))


def door_counts(tournament: Tournament) -> dict[str, str]:
    """« 7 équipes pointées sur 16 » and what the draw will take: the desk's
    list shows them, and each tick at the desk sends them again."""
    counted = (
        tournament.teams.filter(round__isnull=True)
        .active()
        .aggregate(total=Count("id"), checked=Count("id", filter=Q(checked_in_at__isnull=False)))
    )
    return {
        "door_count": door_words.checked_in_count(counted["checked"], counted["total"]),
        "door_drawn": door_words.drawn_count(counted["checked"]),
    }


def team_list_part(*, request: HttpRequest, tournament: Tournament) -> dict:
    """`TEAM_LIST`: under « Pointage à l'entrée », the desk's count, what the
    draw will take and the door's hours (shown under the draw's form)."""
    hours = door.door_hours(tournament)
    said = door_words.door_hours_said(hours, door.local_now(), desk=True)
    return {**door_counts(tournament), "door_hours": said}
