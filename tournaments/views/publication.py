"""Publishing results (issue 26), the organizer's side: the publication
keys (hosted instance), a backup file uploaded, the hall laptop's settings
and its « Publier » button, the backup downloaded, and the endpoint that
receives a laptop's signed upload.

Thin: each view checks its form, calls one service, says the outcome. The
receiving endpoint answers JSON (a laptop reads it), never a 500: every
refusal is a sentence with its status. Throttled per client address and
per key.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from tournaments.display import press
from tournaments.forms.base import apply_service_error
from tournaments.forms.publication import BackupUploadForm, TargetForm
from tournaments.infra import address
from tournaments.infra.middleware import accepts_upload
from tournaments.models import PublicationKey, PublicationTarget, Tournament
from tournaments.queries import publication as queries
from tournaments.services import publication as services
from tournaments.services import uploads
from tournaments.services.errors import TournamentError
from tournaments.views.common import managed_tournament, refusal_as_message
from tournaments.views.uploads import signed_intake, upload_answer

NEW_KEY = "publication_new_key"  # the session's key just created, shown once


def manage_context(tournament: Tournament) -> dict:
    """The organizer's page's « Résultats » panel: once the concours is
    finished, its press text and the backup's address, and on the hall
    laptop « Publier en ligne » (on the hosted instance the concours is
    online already: its results page is shown instead)."""
    if tournament.status != Tournament.Status.FINISHED:
        return {}
    text = press.press_text(
        name=tournament.name,
        day=tournament.date,
        venue=tournament.venue,
        teams=queries.teams_count(tournament),
        entries=press.press_entries(queries.final_standings(tournament)),
    )
    backup_url = reverse("tournaments:backup_download", kwargs={"slug": tournament.slug})
    return {"press_text": text, "backup_url": backup_url, "send_online": settings.HALL}


def _page(request: HttpRequest, *, upload=None, target=None, secret="", status=200):
    current = PublicationTarget.objects.filter(owner=request.user).first()
    return render(
        request,
        "tournaments/publication.html",
        {
            "keys": PublicationKey.objects.filter(owner=request.user),
            "secret": secret,
            "upload_form": upload or BackupUploadForm(),
            # The key is never shown again: pasted whole each time.
            "target_form": target or TargetForm(initial={"url": current.url} if current else None),
            "target": current,
            "site": address.site_url(request),
            # The hall laptop sends (its settings); the hosted instance
            # receives (the keys, a backup uploaded by hand).
            "hall": settings.HALL,
        },
        status=status,
    )


@login_required
def publication(request: HttpRequest) -> HttpResponse:
    """« Publication »: the keys, the upload of a backup, the laptop's settings."""
    return _page(request, secret=request.session.pop(NEW_KEY, ""))


@login_required
@require_POST
def key_create(request: HttpRequest) -> HttpResponse:
    try:
        new = services.create_key(owner=request.user)
    except TournamentError as error:
        messages.error(request, error.message)
        return redirect("tournaments:publication")
    # Shown once, on the next page only: it is stored hashed.
    request.session[NEW_KEY] = new.secret
    return redirect("tournaments:publication")


@login_required
@require_POST
def key_revoke(request: HttpRequest, key_id: int) -> HttpResponse:
    with refusal_as_message(request):
        services.revoke_key(owner=request.user, key_id=key_id)
        messages.success(request, _("Clé révoquée : elle ne publie plus rien."))
    return redirect("tournaments:publication")


@login_required
@require_POST
@accepts_upload
def backup_upload(request: HttpRequest) -> HttpResponse:
    form = BackupUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _page(request, upload=form, status=422)
    raw = form.cleaned_data["file"].read(settings.UPLOAD_BODY_MAX + 1)
    try:
        upload = uploads.queue_backup(raw=raw, owner=request.user)
    except TournamentError as error:
        apply_service_error(form, error, fallback="file")
        return _page(request, upload=form, status=422)
    answer = upload_answer(request, upload, form)
    return answer if answer is not None else _page(request, upload=form, status=422)


@login_required
@require_POST
def target_save(request: HttpRequest) -> HttpResponse:
    form = TargetForm(request.POST)
    if not form.is_valid():
        return _page(request, target=form, status=422)
    try:
        services.save_target(owner=request.user, **form.cleaned_data)
    except TournamentError as error:
        apply_service_error(form, error)
        return _page(request, target=form, status=422)
    messages.success(request, _("Réglages de publication enregistrés."))
    return redirect("tournaments:publication")


@login_required
@require_POST
def send_online(request: HttpRequest, slug: str) -> HttpResponse:
    """The laptop's « Publier »: the concours sent to the hosted site. The
    hosted instance has nowhere to send it: it is online there already."""
    tournament = managed_tournament(request, slug)
    if not settings.HALL:
        raise Http404
    with refusal_as_message(request):
        sent = services.send_concours(tournament=tournament, by=request.user)
        if sent.ok:
            messages.success(
                request, _("Concours publié en ligne : %(url)s") % {"url": sent.message}
            )
        else:
            messages.error(request, _("Publication refusée : %(why)s") % {"why": sent.message})
    return redirect("tournaments:manage", slug=slug)


@login_required
def backup_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The concours's backup, to upload on the hosted site from elsewhere."""
    tournament = managed_tournament(request, slug)
    response = HttpResponse(services.packed_backup(tournament), content_type="application/gzip")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.json.gz"'
    return response


@csrf_exempt  # a laptop's upload, authenticated by its signed key, not a session
@require_POST
@accepts_upload
def receive(request: HttpRequest) -> HttpResponse:
    return signed_intake(request, "publish", uploads.queue_signed_backup)
