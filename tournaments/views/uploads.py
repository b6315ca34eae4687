"""What a sender sees of a file read in the background (issue 35): the
organizer's « being processed » page, which asks again by itself until
the outcome is there (htmx; a link does the same without it), and the
JSON a hall's laptop reads again at its upload's own address; and the
intake of a laptop's signed upload (a backup, a hall's file): throttled
per client address and per key, then the envelope checked.

Thin: the upload is queued by services/uploads.py; these views only say
its state. A refusal is a sentence, never a 500.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.display import uploads as words
from tournaments.domain import publication as signing
from tournaments.infra import address, throttle
from tournaments.models import Upload
from tournaments.services.publication import UploadRefused
from tournaments.services.uploads import KINDS
from tournaments.views.common import client_address

#: How often the page and a laptop ask again, in seconds.
POLL_SECONDS = 2
WINDOW = 3600
MAX_PER_CLIENT = 30  # signed uploads from one address an hour
MAX_PER_KEY = 12  # signed uploads with one key an hour


def _done_url(upload: Upload) -> str:
    kind = KINDS.get(upload.kind)  # a feature's (a hall's file)
    page = kind.page(upload) if kind else None
    if page:
        return page
    if upload.tournament_id:
        return reverse("tournaments:results_page", args=[upload.tournament.slug])
    return reverse("tournaments:publication")


def upload_answer(request: HttpRequest, upload: Upload, form) -> HttpResponse | None:
    """The answer to the form that queued `upload`: the « being processed »
    page while it waits; the outcome at once when the tasks ran in the
    request (a refusal next to the field: None, the caller shows the form)."""
    if upload.state == Upload.State.WAITING:
        return redirect("tournaments:upload_status", upload_id=upload.pk)
    if upload.state == Upload.State.REFUSED:
        form.add_error("file", upload.message)
        return None
    messages.success(request, upload.message)
    return redirect(_done_url(upload))


@login_required
@require_GET
def upload_status(request: HttpRequest, upload_id: int) -> HttpResponse:
    upload = get_object_or_404(
        Upload.objects.select_related("tournament"),
        owner=request.user,
        pk=upload_id,
    )
    state = words.upload_state(upload)
    return render(
        request,
        "tournaments/upload_status.html",
        {
            "upload": upload,
            "state": state,
            "sent": KINDS[upload.kind].sent(upload)
            if upload.kind in KINDS
            else words.what_was_sent(upload),
            "poll": POLL_SECONDS,
            "back_url": _done_url(upload),
            "back_label": words.back_label(upload),
        },
    )


def laptop_wait(request: HttpRequest, upload: Upload) -> JsonResponse:
    """202: received, being processed; the laptop asks again at `poll`."""
    poll = address.site_url(request) + reverse("tournaments:upload_poll", args=[upload.token])
    return JsonResponse(
        {"status": words.waiting_sentence(), "poll": poll, "every": POLL_SECONDS}, status=202
    )


@require_GET
def upload_poll(request: HttpRequest, token: str) -> HttpResponse:
    """A laptop's signed upload, its state at the address its answer gave
    (the token is the upload's own secret: it tells nothing else)."""
    upload = get_object_or_404(Upload.objects.select_related("tournament"), token=token)
    if words.upload_state(upload).waiting:
        return laptop_wait(request, upload)
    if upload.state != Upload.State.DONE:
        return JsonResponse({"error": words.upload_state(upload).sentence}, status=422)
    return _laptop_done(request, upload)


def _laptop_done(request: HttpRequest, upload: Upload) -> JsonResponse:
    if upload.kind in KINDS:
        return JsonResponse(KINDS[upload.kind].answer(upload), status=201)
    url = address.site_url(request) + _done_url(upload)
    return JsonResponse({"url": url, "slug": upload.tournament.slug}, status=201)


def signed_intake(request: HttpRequest, prefix: str, queue: Callable[..., Upload]) -> JsonResponse:
    """A laptop's signed upload: throttled by address, then by key (`prefix`
    keeps the backups' and the halls' counts apart); `queue` checks the
    envelope and queues the body."""
    secret = request.headers.get("Authorization", "").removeprefix("Cle ").strip()
    too_many = _("Trop d'envois : réessayez dans une heure.")
    for key, most in (
        (f"{prefix}-client:{client_address(request)}", MAX_PER_CLIENT),
        (f"{prefix}-key:{signing.digest(secret)[:32]}", MAX_PER_KEY),
    ):
        if throttle.record(key, window=WINDOW) > most:
            return JsonResponse({"error": too_many}, status=429)
    try:
        upload = queue(
            secret=secret,
            moment=request.headers.get("X-Publication-Time", ""),
            nonce=request.headers.get("X-Publication-Nonce", ""),
            signature=request.headers.get("X-Publication-Signature", ""),
            body=request.read(settings.UPLOAD_BODY_MAX + 1),
        )
    except UploadRefused as error:
        return JsonResponse({"error": error.message}, status=error.status)
    if upload.state == Upload.State.WAITING:
        return laptop_wait(request, upload)
    if upload.state == Upload.State.REFUSED:
        return JsonResponse({"error": upload.message}, status=422)
    return _laptop_done(request, upload)
