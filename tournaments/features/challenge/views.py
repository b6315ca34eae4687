"""Season challenges: the organizer's list, a challenge's settings and
evenings, and its public ranking page and PDF.

Thin views: a form checked, one service called (`services`); the ranking
comes from `queries.board`, computed on read. An unpublished challenge is
shown to its organizer only. The handlers of the core pages' moments: the
organizer's button, the home's list, a concours's links to its challenges.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.features.challenge import display as words
from tournaments.features.challenge import services as challenges
from tournaments.features.challenge.forms import ChallengeForm, EveningForm
from tournaments.features.challenge.models import Challenge
from tournaments.features.challenge.queries import board
from tournaments.features.challenge.services import SETTINGS
from tournaments.forms.base import refusal_on
from tournaments.models import Tournament, demo_left_off_home
from tournaments.views.common import pdf_response, refusal_as_message


def _owned(request: HttpRequest, slug: str) -> Challenge:
    return get_object_or_404(Challenge, owner=request.user, slug=slug)


def _values(form: ChallengeForm) -> dict:
    return {key: form.cleaned_data[key] for key in ("name", *SETTINGS)}


@login_required
def challenge_list(request: HttpRequest) -> HttpResponse:
    """The organizer's challenges, and a form to start one."""
    form = ChallengeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form, fallback="name"):
            challenge = challenges.create_challenge(owner=request.user, **_values(form))
            messages.success(request, _("Challenge créé : ajoutez-lui ses soirées."))
            return redirect("tournaments:challenge_manage", slug=challenge.slug)
    return render(
        request,
        "tournaments/challenge_list.html",
        {"challenges": Challenge.objects.filter(owner=request.user), "form": form},
    )


@login_required
def challenge_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """A challenge's evenings (add, remove), its settings and its ranking."""
    challenge = _owned(request, slug)
    form = ChallengeForm(request.POST or None, instance=challenge)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form, fallback="name"):
            challenges.update_challenge(challenge=challenge, **_values(form))
            messages.success(request, _("Challenge enregistré."))
            return redirect("tournaments:challenge_manage", slug=challenge.slug)
    challenge.refresh_from_db()
    return render(
        request,
        "tournaments/challenge_manage.html",
        {
            **_page_context(challenge),
            "form": form,
            "evening_form": EveningForm(user=request.user, challenge=challenge),
        },
    )


@login_required
@require_POST
def challenge_add(request: HttpRequest, slug: str) -> HttpResponse:
    challenge = _owned(request, slug)
    form = EveningForm(request.POST, user=request.user, challenge=challenge)
    if form.is_valid():
        tournament = form.cleaned_data["tournament"]
        with refusal_as_message(request):
            challenges.add_tournament(challenge=challenge, tournament=tournament, by=request.user)
            messages.success(
                request, _("« %(name)s » ajouté au challenge.") % {"name": tournament.name}
            )
    else:
        messages.error(request, _("Choisissez une de vos soirées à ajouter."))
    return redirect("tournaments:challenge_manage", slug=challenge.slug)


@login_required
@require_POST
def challenge_remove(request: HttpRequest, slug: str, tournament_id: int) -> HttpResponse:
    challenge = _owned(request, slug)
    tournament = get_object_or_404(challenge.tournaments, pk=tournament_id)
    with refusal_as_message(request):
        challenges.remove_tournament(challenge=challenge, tournament=tournament, by=request.user)
        messages.success(
            request, _("« %(name)s » retiré du challenge.") % {"name": tournament.name}
        )
    return redirect("tournaments:challenge_manage", slug=challenge.slug)


def _visible(request: HttpRequest, slug: str) -> Challenge:
    challenge = get_object_or_404(Challenge, slug=slug)
    if not challenge.published and challenge.owner_id != request.user.pk:
        raise Http404
    return challenge


def challenge_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The public ranking: each player's rank, evenings, counted points and
    points evening by evening (the dropped ones struck), qualified or not."""
    challenge = _visible(request, slug)
    return render(
        request,
        "tournaments/challenge_page.html",
        _page_context(challenge),
    )


def _page_context(challenge: Challenge) -> dict:
    ranking = board(challenge)
    return {
        "challenge": challenge,
        "board": ranking,
        "rows": words.rows(ranking),
        "explanation": words.explanation(challenge),
    }


def challenge_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments.features.challenge.pdf import ranking as challenge_ranking_pdf

    challenge = _visible(request, slug)
    return pdf_response(challenge_ranking_pdf(challenge), f"{challenge.slug}.pdf")


def organizer_button(*, request: HttpRequest) -> dict:
    """`ORGANIZER_HOME`: « Challenges de la saison » among the organizer's buttons."""
    return {"template": "tournaments/includes/challenge_button.html"}


def home_panel(*, request: HttpRequest) -> dict:
    """`PUBLIC_HOME`: the published challenges, lazy; the demo's leaves with
    its concours (issue 38, item 9)."""
    published = Challenge.objects.filter(published=True).exclude(demo_left_off_home())
    return {
        "template": "tournaments/includes/challenge_home_panel.html",
        "challenges": published.order_by("-created_at"),
    }


def concours_links(*, request: HttpRequest, tournament: Tournament) -> dict:
    """`PUBLIC_CONCOURS_PAGE`: the published challenges the concours counts in,
    at the foot of its page."""
    return {
        "template": "tournaments/includes/challenge_links.html",
        "at_foot": True,
        "challenges": tournament.challenges.filter(published=True),
    }
