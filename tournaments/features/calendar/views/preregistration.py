"""A team's pre-registration, on the public side: the concours's page and
its form, the page that asks to confirm the address, the confirm and
cancel links of the mail; and the mails of a pre-registration, whoever
sends them (views/announcements.py tells the teams of a corrected poster).

Thin views: a form checked, one service called
(services/preregistration.py), the mails sent with what it returns
(tournaments/infra/mail.py). What these pages open to strangers is
bounded:

- a connection registers `MAX_PER_CLIENT` teams an hour (429 past it);
- a mailbox gets mails by the day: the first only while it has never
  confirmed an address (`MAILS_UNCONFIRMED`), `MAILS_CONFIRMED` once it
  has; past its share no mail goes, silently (the page says the same);
- the registration holds its place until its address is confirmed from
  the one mail, a concours a few places unconfirmed at once (the service);
- a team registered again, from any mailbox, is answered as a new team
  is: the same page, the same mail, a place of its own;
- mails quote what strangers typed on « > » lines only
  (display.typed_lines), never in a subject.

Confirm and cancel links open a page with a button: a mail program that
opens links by itself confirms or cancels nothing.
"""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from tournaments.display.hall import day_and_time
from tournaments.features.calendar import display as words
from tournaments.features.calendar import domain as rules
from tournaments.features.calendar import queries as queries
from tournaments.features.calendar.domain import HOLD_MINUTES
from tournaments.features.calendar.forms import PreRegistrationForm
from tournaments.features.calendar.models import Announcement, PreRegistration
from tournaments.features.calendar.services import line, offers
from tournaments.features.calendar.services import preregistration as services
from tournaments.forms.base import apply_service_error
from tournaments.infra import address, mail, throttle
from tournaments.models import Tournament
from tournaments.services import extras
from tournaments.services.errors import TournamentError
from tournaments.views.common import client_address

WINDOW = 3600
MAX_PER_CLIENT = 8  # pre-registrations from one connection an hour
DAY = 24 * 3600
MAILS_UNCONFIRMED = 1  # mails a day to a mailbox that never confirmed an address
MAILS_CONFIRMED = 10  # mails a day to a mailbox that has
MAX_ANSWERS = 30  # answers to offers from one connection an hour


def announced(slug: str) -> Announcement:
    return get_object_or_404(
        Announcement.objects.select_related("tournament"),
        tournament__slug=slug,
        tournament__published=True,
    )


def _link(request: HttpRequest, name: str, token: str) -> str:
    return address.site_url(request) + reverse(name, args=[token])


def send_mail(request: HttpRequest, name: str, registration: PreRegistration) -> bool:
    """Mail `name` about `registration` to its address."""
    tournament = registration.tournament
    held_until = registration.held_until and timezone.localtime(registration.held_until)
    context = {
        "registration": registration,
        "tournament": tournament,
        "announcement": tournament.announcement,
        "typed": words.typed_lines(registration),
        "fee": words.fee_label(tournament.entry_fee_cents),
        "hold_minutes": HOLD_MINUTES,
        "held_until": held_until,
        "confirm": _link(
            request, "tournaments:preregistration_confirm", services.confirm_token(registration)
        ),
        "link": _link(
            request, "tournaments:preregistration_cancel", line.cancel_token(registration)
        ),
        "page": address.site_url(request) + reverse("tournaments:concours", args=[tournament.slug]),
    }
    return mail.send(name, to=registration.email, context=context, language=registration.language)


def _mailbox_may_receive(mailbox: str) -> bool:
    """Counts one more mail to `mailbox` and says whether it is within the
    day's share. Outside a transaction (throttle.record)."""
    limit = MAILS_CONFIRMED if queries.mailbox_confirmed(mailbox) else MAILS_UNCONFIRMED
    key = f"prereg-mailbox:{hashlib.sha256(mailbox.encode()).hexdigest()[:32]}"
    return throttle.record(key, window=DAY) <= limit


def _ask_for_confirmation(request: HttpRequest, registration: PreRegistration | None) -> None:
    """The one mail of a registration held: its confirm and cancel links,
    when its mailbox has not had its share of the day."""
    if registration is None or not registration.is_held:
        return
    if _mailbox_may_receive(registration.mailbox) and send_mail(
        request, "preregistration_confirm", registration
    ):
        services.record_mail_sent(registration=registration)


def _panel(request: HttpRequest, announcement: Announcement, form=None) -> dict:
    """What the concours's page shows of its announcement: the poster's
    words, the places left and the pre-registration form (or why it is
    closed). Holds that ran out are released first."""
    tournament = announcement.tournament
    services.release_expired_holds(tournament=tournament)
    return {
        "template": "tournaments/includes/calendar_concours_panel.html",
        "announcement": announcement,
        "tournament": tournament,
        "form": form or PreRegistrationForm(extras=extras.declared(tournament, "prereg")),
        "refusal": services.registration_refusal(tournament),
        "where": words.where(announcement),
        "fee": words.fee_label(tournament.entry_fee_cents),
        "rules_label": words.rules_label(tournament),
        "places": words.places_left(announcement.max_teams, queries.confirmed_count(tournament)),
    }


def concours_panel(request: HttpRequest, tournament: Tournament) -> dict | None:
    """The calendar's part of the concours's public page (hooks
    PUBLIC_CONCOURS_PAGE): an announced concours until its day begins."""
    if tournament.status != Tournament.Status.REGISTRATION:
        return None  # the day is on, then its results: the page's own
    announcement = Announcement.objects.filter(tournament=tournament).first()
    return _panel(request, announcement) if announcement is not None else None


def concours_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The announced concours's address (the poster's, the calendar's feeds,
    the mails' links): a concours has one public page, its own, before,
    during and after its day (issue 38 item 11), where the calendar shows its
    announcement and form (`concours_panel`); this address leads there for
    good. The form posts here: recorded, or sent back with what is wrong."""
    announcement = announced(slug)
    tournament = announcement.tournament
    if request.method != "POST":
        return redirect(tournament.get_absolute_url(), permanent=True)
    services.release_expired_holds(tournament=tournament)
    refusal = services.registration_refusal(tournament)
    form = PreRegistrationForm(request.POST, extras=extras.declared(tournament, "prereg"))
    status = 200
    if not refusal and form.is_valid():
        key = f"preregistration-client:{client_address(request)}"
        if throttle.record(key, window=WINDOW) > MAX_PER_CLIENT:
            form.add_error(
                None, _("Trop d'inscriptions depuis cette connexion : réessayez dans une heure.")
            )
            status = 429
        else:
            player1, player2 = form.players()
            try:
                done = services.preregister(
                    tournament=tournament,
                    player1=player1,
                    player2=player2,
                    club=form.cleaned_data["club"].strip(),
                    email=form.cleaned_data["email"],
                    language=translation.get_language() or "fr",
                    extra_values=form.extra_values(),
                )
            except services.TooManyHeld as error:
                apply_service_error(form, error)
                status = 429
            except TournamentError as error:
                apply_service_error(form, error)
            else:
                _ask_for_confirmation(request, done.registration)
                return redirect(
                    reverse("tournaments:concours_registered", args=[slug])
                    + ("?attente=1" if done.waiting else "")
                )
    if form.errors and status == 200:
        status = 422
    panel = _panel(request, announcement, form)
    return render(
        request,
        "tournaments/calendar_concours.html",
        {"tournament": tournament, "panel": panel},
        status=status,
    )


@require_GET
def concours_registered(request: HttpRequest, slug: str) -> HttpResponse:
    """The answer to the form, the same for every team: a place (or a
    place on the waiting list) held until the address is confirmed."""
    announcement = announced(slug)
    return render(
        request,
        "tournaments/calendar_registered.html",
        {
            "tournament": announcement.tournament,
            "waiting": "attente" in request.GET,
            "hold_minutes": HOLD_MINUTES,
        },
    )


def preregistration_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """The confirm link of the mail: what was typed, and a button."""
    registration = services.registration_for_confirm_token(token)
    if registration is None:
        return render(request, "tournaments/calendar_confirm.html", {"bad_link": True}, status=404)
    context: dict = {
        "registration": registration,
        "tournament": registration.tournament,
        "hold_minutes": HOLD_MINUTES,
    }
    if request.method == "POST":
        try:
            done = services.confirm_preregistration(registration=registration)
        except TournamentError as error:
            context["error"] = error.message
        else:
            if done.first_of_mailbox:
                for other in queries.unmailed_holds(done.registration.mailbox):
                    _ask_for_confirmation(request, other)
            context["registration"] = done.registration
    context["state"] = words.confirm_state(context["registration"])
    return render(request, "tournaments/calendar_confirm.html", context)


def preregistration_cancel(request: HttpRequest, token: str) -> HttpResponse:
    """The cancel link of the mail: a page with a button."""
    registration = services.registration_for_token(token)
    if registration is None:
        return render(request, "tournaments/calendar_cancel.html", {"bad_link": True}, status=404)
    context = {"registration": registration, "tournament": registration.tournament}
    if registration.status not in PreRegistration.ENDED:
        # Closed: said at once, no button (the service refuses a POST too).
        context["error"] = services.cancel_refusal(registration.tournament)
    if request.method == "POST" and not context.get("error"):
        try:
            done = services.cancel_preregistration(registration=registration)
        except TournamentError as error:
            context["error"] = error.message
        else:
            context.update(registration=done.registration, cancelled=True, already=done.already)
    return render(request, "tournaments/calendar_cancel.html", context)


def preregistration_offer(request: HttpRequest, token: str) -> HttpResponse:
    """The offer's link of the mail: the place, its deadline and a button
    (a mail program that opens links by itself confirms nothing)."""
    registration = offers.registration_for_offer_token(token)
    if registration is None:
        return render(request, "tournaments/calendar_offer.html", {"bad_link": True}, status=404)
    status, answered = 200, request.method == "POST"
    key = f"offer-answer:{client_address(request)}"
    if answered and throttle.record(key, window=WINDOW) > MAX_ANSWERS:
        status, answered = 429, False
    if answered:
        done = offers.take_offer(registration=registration)
        registration, outcome = done.registration, done.outcome
    else:  # what confirming would do now (an offer past its deadline ended first)
        services.release_expired_holds(tournament=registration.tournament)
        registration.refresh_from_db()
        state = line.STATES.get(registration.status)
        outcome = rules.answer(state, registration.offered_until, timezone.now())
    context = {
        "registration": registration,
        "tournament": registration.tournament,
        "answer": words.offer_page(outcome, answered=answered),
        "until": registration.offered_until and day_and_time(registration.offered_until),
        "decline": reverse(
            "tournaments:preregistration_cancel", args=[line.cancel_token(registration)]
        ),
    }
    return render(request, "tournaments/calendar_offer.html", context, status=status)
