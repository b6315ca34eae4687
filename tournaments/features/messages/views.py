"""The messages feature's pages: the stop link and the confirm link (no
account), the door's « recevoir notre résultat » after a check-in, and the
desk's page (what waits, what left, « Envoyer maintenant », which queues
the sending task: a request never sends).

Thin: the rules are in consent.py, outbox.py and sending.py.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from tournaments.features.door import services as door
from tournaments.features.messages import display, queries
from tournaments.features.messages.forms import ConsentForm, NoticeForm, SenderForm
from tournaments.features.messages.models import Consent
from tournaments.features.messages.services import channels, notices, sending, tasks
from tournaments.features.messages.services import consent as consents
from tournaments.features.messages.services.sender import club_of, set_sender
from tournaments.forms.base import apply_service_error
from tournaments.queries.claims import ranking_claims
from tournaments.services.errors import TournamentError
from tournaments.views.common import client_address, managed_tournament, pdf_response


@csrf_exempt  # the link is its own proof; a mail program's one-click stop posts
def stop(request: HttpRequest, token: str, proof: str = "") -> HttpResponse:
    """The stop link. Opening it (GET) stops nothing: a mail scanner or a
    link preview opens links too. It shows one big button that stops this
    concours's messages; a mail program's one-click stop (RFC 8058: a POST
    of « List-Unsubscribe=One-Click », no CSRF token) does the same. Once
    stopped, a second button stops the whole site's for this address, when
    the link carries the mailbox's own token (`proof`: only a mail to the
    address has it)."""
    consent = consents.consent_for_token(token)
    if consent is None:
        raise Http404
    if request.method == "POST":
        if request.POST.get("everywhere") == "1":
            consents.stop_everywhere(consent=consent, proof=proof)
        else:
            consents.stop(consent=consent)
        consent.refresh_from_db()
        consent.mailbox.refresh_from_db()
    everywhere = consent.mailbox.stopped_at is not None
    context = {
        "consent": consent,
        "stopped": everywhere or consent.stopped_at is not None,
        "everywhere": everywhere,
        "owner": consents.owns_mailbox(consent, proof),
    }
    return render(request, "messages/stopped.html", context)


def confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The confirm link: a page with a button (a mail scanner's visit
    confirms nothing), which confirms the address."""
    mailbox = consents.mailbox_for_token(token)
    if mailbox is None:
        raise Http404
    if request.method == "POST":
        consents.confirm_mailbox(mailbox=mailbox)
    return render(request, "messages/confirmed.html", {"mailbox": mailbox})


def door_consent(request: HttpRequest, door_token: str, welcome: str) -> HttpResponse:
    """After a check-in at the door: an address and what to receive. Only
    for the team just welcomed (its signed welcome token, 15 minutes)."""
    try:
        tournament = door.tournament_for_door(door_token[:100], client=client_address(request))
    except door.DoorLocked as locked:
        return render(
            request, "tournaments/door_refused.html", {"message": locked.message}, status=429
        )
    team = door.welcomed_team(tournament, welcome) if tournament else None
    if team is None:
        raise Http404
    form = ConsentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        consents.give_consent(
            tournament=tournament,
            team=team,
            email=form.cleaned_data["email"],
            wants=form.wants(),
            source=Consent.Source.DOOR,
            language=consents.page_language(),
        )
        return render(
            request,
            "messages/door_done.html",
            {"tournament": tournament, "team": team, "email": form.cleaned_data["email"]},
        )
    status = 422 if request.method == "POST" else 200
    context = {"tournament": tournament, "team": team, "form": form}
    return render(request, "messages/door_consent.html", context, status=status)


def dashboard_panel(*, request: HttpRequest, tournament) -> dict:
    """The `DASHBOARD_PANELS` moment: « 12 messages en attente d'envoi — pas
    de connexion », « envoyés à 21 h 04 », and the link to the desk's page."""
    return {
        "template": "messages/panel.html",
        "messages_line": display.outbox_line(queries.outbox(tournament)),
        "cards": cards_ready(tournament),
    }


def cards_ready(tournament) -> bool:
    """The result cards print once the ranking is final (after its claims window)."""
    return tournament.status == tournament.Status.FINISHED and ranking_claims(tournament).final


@login_required
def result_cards(request: HttpRequest, slug: str) -> HttpResponse:
    """Each team's A6 result card (place, points, parties won, lot, QR code
    of its results), to print with the final ranking."""
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments.features.messages.pdf import result_cards_pdf

    tournament = managed_tournament(request, slug)
    if not cards_ready(tournament):
        messages.error(
            request, _("Les cartes de résultat s'impriment une fois le classement final.")
        )
        return redirect("tournaments:manage", slug=tournament.slug)
    data = result_cards_pdf(tournament, queries.result_cards(tournament))
    return pdf_response(data, f"cartes-resultat-{tournament.slug}.pdf")


def _desk(
    request, tournament, *, form=None, preview=None, sender_form=None, status=200
) -> HttpResponse:
    box = queries.outbox(tournament)
    club = club_of(tournament)
    context = {
        "sender_form": sender_form
        or SenderForm(initial={"name": club.name, "reply_to": club.reply_to} if club else None),
        "tournament": tournament,
        "box": box,
        "line": display.outbox_line(box),
        "reason": display.reason_shown(box.reason),
        "recent": [(m, display.reason_in_row(m.reason)) for m in queries.recent(tournament)],
        "form": form or NoticeForm(),
        "preview": preview,
        "per_day": notices.PER_DAY,
    }
    return render(request, "messages/desk.html", context, status=status)


@login_required
def desk(request: HttpRequest, slug: str) -> HttpResponse:
    return _desk(request, managed_tournament(request, slug))


@login_required
@require_POST
def notice(request: HttpRequest, slug: str) -> HttpResponse:
    """The organizer's message: previewed with its count first, then sent
    (queued) on « Envoyer à N joueurs »."""
    tournament = managed_tournament(request, slug)
    form = NoticeForm(request.POST)
    if not form.is_valid():
        return _desk(request, tournament, form=form, status=422)
    text = form.cleaned_data["text"]
    if request.POST.get("confirm") != "1":
        language = translation.get_language() or "fr"
        shown = notices.preview(tournament=tournament, text=text, language=language)
        return _desk(request, tournament, form=form, preview=shown)
    try:
        sent = notices.send_notice(tournament=tournament, text=text)
    except TournamentError as error:
        apply_service_error(form, error)
        return _desk(request, tournament, form=form, status=422)
    messages.success(
        request,
        ngettext(
            "Message mis en file pour %(n)s joueur.",
            "Message mis en file pour %(n)s joueurs.",
            sent.recipients,
        )
        % {"n": sent.recipients},
    )
    return redirect("tournaments:messages_desk", slug=tournament.slug)


@login_required
@require_POST
def sender(request: HttpRequest, slug: str) -> HttpResponse:
    """The organizer's club as the sender, set once for all its concours."""
    tournament = managed_tournament(request, slug)
    form = SenderForm(request.POST)
    if not form.is_valid():
        return _desk(request, tournament, sender_form=form, status=422)
    set_sender(owner=tournament.owner, **form.cleaned_data)
    messages.success(
        request,
        _("Les messages de tous vos concours partent au nom de « %(name)s ».")
        % {"name": form.cleaned_data["name"]},
    )
    return redirect("tournaments:messages_desk", slug=tournament.slug)


@login_required
@require_POST
def send_now(request: HttpRequest, slug: str) -> HttpResponse:
    """« Envoyer maintenant »: the sending task queued (it runs in the
    worker, never in this request)."""
    tournament = managed_tournament(request, slug)
    if channels.default_keeps_mail_here():  # « partent dans un instant » would be untrue
        messages.warning(request, display.reason_shown(sending.no_mail_server()))
        return redirect("tournaments:messages_desk", slug=tournament.slug)
    tasks.send_due_messages.enqueue()
    messages.success(request, _("Envoi demandé : les messages partent dans un instant."))
    return redirect("tournaments:messages_desk", slug=tournament.slug)
