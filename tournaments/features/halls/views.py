"""A concours played in several halls (issue 27): the organizer's halls
page (declare the halls, upload a hall's file, give a hall its sending
key), the public merged ranking, and the endpoint a hall's laptop sends
its file to, signed with the hall's key.

Thin: each view checks its form, calls one service, says the outcome. The
receiving endpoint answers JSON (a laptop reads it), never a 500, and is
throttled per client address and per key, as the publication's is.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from tournaments.display import standings as standings_words
from tournaments.features.halls import display as words
from tournaments.features.halls import services
from tournaments.features.halls.forms import HallFileForm, HallSendForm, HallsForm
from tournaments.features.halls.models import MergedHall
from tournaments.features.halls.queries import HallsState, halls_state
from tournaments.forms.base import refusal_on
from tournaments.infra import address
from tournaments.infra.middleware import accepts_upload
from tournaments.models import Tournament, Upload
from tournaments.services.errors import TournamentError
from tournaments.views.common import managed_tournament
from tournaments.views.public import get_visible
from tournaments.views.uploads import signed_intake, upload_answer

NEW_KEY = "hall_new_key"  # (hall id, key) just created, shown once
SENT_TO = "hall_sent_to"  # on a hall's laptop: the address and key last used


def _halls(state: HallsState | None, forms: dict[int, HallFileForm] | None = None) -> list[dict]:
    if state is None:
        return []
    forms = forms or {}
    return [
        {
            "hall": hall,
            "status": words.hall_status(hall, state.merge.planned),
            "form": forms.get(hall.pk) or HallFileForm(prefix=f"hall{hall.pk}"),
        }
        for hall in state.halls
    ]


def _ranking_context(state: HallsState | None) -> dict:
    if state is None:
        return {}
    return {
        "rows": state.rows,
        "label": words.ranking_label(state.provisional),
        "provisional": state.provisional,
        "reason": words.provisional_reason(state.received, len(state.halls))
        if state.provisional
        else "",
        "problem": state.problem,
    }


def _page(request, tournament: Tournament, *, declare=None, forms=None, send=None, status=200):
    state = halls_state(tournament)
    new_key = request.session.pop(NEW_KEY, None) if status == 200 else None
    if declare is None:
        initial = (
            {
                "halls": "\n".join(hall.name for hall in state.halls),
                "planned": state.merge.planned,
            }
            if state
            else {"planned": tournament.parties}
        )
        declare = HallsForm(initial=initial)
    return render(
        request,
        "tournaments/halls_manage.html",
        {
            "tournament": tournament,
            "declare_form": declare,
            "halls": _halls(state, forms),
            "new_key": new_key,
            "send_form": send or HallSendForm(initial=request.session.get(SENT_TO)),
            "site": address.site_url(request),
            **_ranking_context(state),
            # The public's is hidden (issue 38, item 12a): this one is not.
            "live_said": standings_words.hidden_from_players_said(state and state.hidden),
        },
        status=status,
    )


@login_required
def halls_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """« Plusieurs salles »: the halls, their state, the merged ranking;
    a POST declares the halls."""
    tournament = managed_tournament(request, slug)
    if request.method != "POST":
        return _page(request, tournament)
    form = HallsForm(request.POST)
    if form.is_valid():
        with refusal_on(form, fallback="halls"):
            services.declare_halls(
                tournament=tournament,
                names=form.names(),
                planned=form.cleaned_data["planned"],
                by=request.user,
            )
            messages.success(request, _("Salles enregistrées."))
            return redirect("tournaments:halls_manage", slug=slug)
    return _page(request, tournament, declare=form, status=422)


def _hall(tournament: Tournament, hall_id: int) -> MergedHall:
    return get_object_or_404(MergedHall, merge__tournament=tournament, pk=hall_id)


@login_required
@require_POST
@accepts_upload
def hall_upload(request: HttpRequest, slug: str, hall_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    hall = _hall(tournament, hall_id)
    form = HallFileForm(request.POST, request.FILES, prefix=f"hall{hall.pk}")
    if form.is_valid():
        with refusal_on(form, fallback="file"):
            upload = services.queue_hall_file(
                hall=hall,
                raw=form.cleaned_data["file"].read(settings.UPLOAD_BODY_MAX + 1),
                by=request.user,
                replace_older=form.cleaned_data["replace_older"],
            )
            answer = upload_answer(request, upload, form)
            if answer is not None:
                return answer
    return _page(request, tournament, forms={hall.pk: form}, status=422)


@login_required
@require_POST
def hall_key(request: HttpRequest, slug: str, hall_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    try:
        new = services.new_hall_key(tournament=tournament, hall_id=hall_id)
    except TournamentError as error:
        raise Http404 from error
    # Shown once, on the next page only: it is stored hashed.
    request.session[NEW_KEY] = [new.hall.pk, new.secret]
    return redirect("tournaments:halls_manage", slug=slug)


@login_required
@require_POST
def hall_send(request: HttpRequest, slug: str) -> HttpResponse:
    """On a hall's laptop: this concours's file sent to the merging site."""
    tournament = managed_tournament(request, slug)
    form = HallSendForm(request.POST)
    if form.is_valid():
        with refusal_on(form, fallback="key"):
            sent = services.send_hall_file(tournament=tournament, **form.cleaned_data)
            if sent.ok:
                # Kept for the next sending of the day (the key never shown).
                request.session[SENT_TO] = {"url": form.cleaned_data["url"]}
                messages.success(request, _("Fichier envoyé : %(state)s") % {"state": sent.message})
                return redirect("tournaments:halls_manage", slug=slug)
            form.add_error(None, _("Envoi refusé : %(why)s") % {"why": sent.message})
    return _page(request, tournament, send=form, status=422)


def halls_public(request: HttpRequest, slug: str) -> HttpResponse:
    """The merged ranking, read-only, for players' phones: without the
    parties a hidden ranking keeps until the close (issue 38, item 12a)."""
    tournament = get_visible(request, slug)
    state = halls_state(tournament, public=True)
    if state is None:
        raise Http404
    return render(
        request,
        "tournaments/halls_page.html",
        {
            "tournament": tournament,
            "halls": _halls(state),
            **_ranking_context(state),
            "ranking_hidden": standings_words.hidden_said(state.hidden),
        },
    )


@csrf_exempt  # a laptop's upload, authenticated by its signed key, not a session
@require_POST
@accepts_upload
def hall_receive(request: HttpRequest) -> HttpResponse:
    return signed_intake(request, "hall", services.queue_signed_hall_file)


def upload_done(upload: Upload) -> dict:
    """What a hall's laptop reads once its file is kept: its hall's state."""
    hall = MergedHall.objects.select_related("merge").get(pk=upload.hall_id)
    return {"hall": hall.name, "status": words.hall_status(hall, hall.merge.planned)}


def upload_sent(upload: Upload) -> str:
    """« Fichier de « Salle des fêtes de Vic » (Concours des deux salles),
    envoyé à 17 h 42 » (the sender's page)."""
    hall = MergedHall.objects.select_related("merge__tournament").filter(pk=upload.hall_id).first()
    return words.hall_file_sent(hall, upload.created_at)


def upload_page(upload: Upload) -> str | None:
    """Where the organizer's page of a hall's file leads once done."""
    if not upload.hall_id:
        return None
    hall = MergedHall.objects.select_related("merge__tournament").get(pk=upload.hall_id)
    return reverse("tournaments:halls_manage", args=[hall.merge.tournament.slug])
