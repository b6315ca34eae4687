"""The registration desk's screens: the known players proposed while a
name is typed (an htmx fragment), the queue of players who came alone
(register one, pair two chosen, pair all at random, take one out), and the
organizer's directory (« Mes joueurs »: look, and forget someone).

Thin views as in registration.py; the tournament's organizers only
(`managed_tournament`), and each organizer's own directory.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.domain.digits import whole_number
from tournaments.domain.search import name_order
from tournaments.forms.base import refusal_on
from tournaments.forms.teams import PlayerForm
from tournaments.models import KnownPlayer, WaitingPlayer
from tournaments.services import directory as directory_services
from tournaments.services import registration, singles
from tournaments.views.common import managed_tournament, refusal_as_message

#: The slots of the forms that propose known players: « » (one player),
#: « 1 » and « 2 » (the team form's two players).
SLOTS = ("", "1", "2")


def with_suggestions(form: forms.Form, tournament) -> forms.Form:
    """Have the form's first and last name fields propose known players as
    they are typed: htmx asks `suggest` for the slot's names, and
    static/js/desk.js fills the fields with the player picked."""
    url = reverse("tournaments:suggest", kwargs={"slug": tournament.slug})
    for slot in SLOTS:
        names = [f"first_name{slot}", f"last_name{slot}"]
        if not all(name in form.fields for name in names):
            continue
        for name in names:
            form.fields[name].widget.attrs.update(
                {
                    "hx-get": url,
                    "hx-trigger": "input changed delay:250ms",
                    "hx-target": f"#suggest{slot or '-one'}",
                    "hx-include": ", ".join(f"#id_{n}" for n in names),
                    "hx-vals": f'{{"slot": "{slot}"}}',
                    "hx-sync": "closest form:queue last",
                    "autocomplete": "off",
                }
            )
    return form


@login_required
def suggest(request: HttpRequest, slug: str) -> HttpResponse:
    """The known players whose names hold what is typed in a slot's first
    and last name fields (three letters at least)."""
    tournament = managed_tournament(request, slug)
    slot = request.GET.get("slot", "")
    slot = slot if slot in SLOTS else ""
    typed = " ".join(
        request.GET.get(f"{name}{slot}", "")[:80] for name in ("first_name", "last_name")
    )
    found = directory_services.suggestions_for(
        user=request.user, tournament=tournament, query=typed
    )
    return render(request, "tournaments/desk_suggestions.html", {"known": found, "slot": slot})


@login_required
def waiting_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Register a player who came alone: they wait for a partner."""
    tournament = managed_tournament(request, slug)
    form = PlayerForm(request.POST or None)
    with_suggestions(form, tournament)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form):
            waiting = singles.add_waiting_player(
                tournament=tournament,
                player=registration.PlayerData(**form.cleaned_data),
                by=request.user,
            )
            messages.success(request, _("%(name)s attend un partenaire.") % {"name": waiting})
            if "again" in request.POST:
                return redirect("tournaments:waiting_add", slug=slug)
            return redirect("tournaments:manage", slug=slug)
    return render(
        request, "tournaments/desk_waiting_form.html", {"tournament": tournament, "form": form}
    )


def _chosen(request: HttpRequest) -> list[int]:
    chosen = (whole_number(v, digits=12) for v in request.POST.getlist("players"))
    return [pk for pk in chosen if pk is not None][:3]


@login_required
@require_POST
def waiting_pair(request: HttpRequest, slug: str) -> HttpResponse:
    """The two players ticked become a team."""
    tournament = managed_tournament(request, slug)
    chosen = _chosen(request)
    if len(chosen) != 2:
        messages.error(request, _("Cochez exactement deux joueurs à associer."))
        return redirect("tournaments:manage", slug=slug)
    with refusal_as_message(request):
        team = singles.pair_waiting_players(
            tournament=tournament, first_id=chosen[0], second_id=chosen[1], by=request.user
        )
        messages.success(
            request,
            _("Équipe n° %(number)s formée : %(players)s.")
            % {"number": team.number, "players": team.players_label},
        )
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def waiting_pair_random(request: HttpRequest, slug: str) -> HttpResponse:
    """Every waiting player paired at random (one stays if they are odd)."""
    tournament = managed_tournament(request, slug)
    with refusal_as_message(request):
        teams = singles.pair_waiting_players_at_random(tournament=tournament, by=request.user)
        numbers = ", ".join(str(team.number) for team in teams)
        messages.success(
            request,
            ngettext(
                "%(count)s équipe formée au hasard : n° %(numbers)s.",
                "%(count)s équipes formées au hasard : n° %(numbers)s.",
                len(teams),
            )
            % {"count": len(teams), "numbers": numbers},
        )
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def waiting_remove(request: HttpRequest, slug: str, waiting_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    waiting = get_object_or_404(WaitingPlayer, tournament=tournament, pk=waiting_id)
    with refusal_as_message(request):
        singles.remove_waiting_player(waiting=waiting, by=request.user)
        messages.success(request, _("%(name)s n'attend plus.") % {"name": waiting})
    return redirect("tournaments:manage", slug=slug)


@login_required
def directory(request: HttpRequest) -> HttpResponse:
    """The signed-in organizer's known players, or those matching `q`."""
    query = request.GET.get("q", "")[:80]
    if query.strip():
        known = directory_services.suggestions(owner_id=request.user.pk, query=query, limit=200)
    else:
        known = sorted(
            KnownPlayer.objects.filter(owner=request.user),
            key=lambda k: name_order(k.last_name, k.first_name),
        )[:1000]
    total = KnownPlayer.objects.filter(owner=request.user).count()
    return render(
        request,
        "tournaments/desk_directory.html",
        {"known": known, "query": query, "total": total},
    )


@login_required
@require_POST
def directory_forget(request: HttpRequest, known_id: int) -> HttpResponse:
    known = get_object_or_404(KnownPlayer, owner=request.user, pk=known_id)
    directory_services.forget_player(known=known)
    messages.success(request, _("%(name)s ne sera plus proposé(e) à l'accueil.") % {"name": known})
    return redirect("tournaments:directory")
