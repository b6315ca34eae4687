"""The calendar's pages: the organizer announces a concours and sees its
pre-registrations (the list, its file, the teams taken in at the desk);
the calendar as iCalendar files (.ics) and an Atom feed. (A team's own
pre-registration is views/preregistration.py.) And what the calendar shows
in the core's pages through its moments (tournaments/hooks).

Thin views: a form checked, one service called (services/announcements.py),
the mails sent with what it returns (views/preregistration.send_mail).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.syndication.views import Feed
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.feedgenerator import Atom1Feed
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.domain.departements import clean_departement
from tournaments.domain.one_line import flatten
from tournaments.features.calendar import display as words
from tournaments.features.calendar import queries as queries
from tournaments.features.calendar.domain import HOLD_MINUTES
from tournaments.features.calendar.forms import AnnounceEditForm, AnnounceForm
from tournaments.features.calendar.models import Announcement, PreRegistration
from tournaments.features.calendar.services import announcements as services
from tournaments.features.calendar.services import offers, preregistration
from tournaments.features.calendar.views.preregistration import announced, send_mail
from tournaments.forms.base import refusal_on
from tournaments.infra import address
from tournaments.views.common import managed_tournament, refusal_as_message
from tournaments.views.published import framable


def home_panel(request: HttpRequest) -> dict:
    """`PUBLIC_HOME`: the home's « Prochains concours », the coming concours
    of the département chosen if one is, above the published results."""
    departement = clean_departement(request.GET.get("departement", "")[:4])
    return {
        "template": "tournaments/includes/coming_concours.html",
        "above_results": True,
        "vary": departement,
        "coming": queries.coming(departement),
        # Lazy: the home's cached lists do not ask for it (infra/home_cache.py).
        "departements": SimpleLazyObject(queries.departements),
        "departement": departement,
    }


def organizer_button(request: HttpRequest) -> dict:
    """`ORGANIZER_HOME`: « Annoncer un concours » among « Mes tournois »' buttons."""
    return {"template": "tournaments/includes/announce_button.html"}


def preregistrations_panel(request: HttpRequest, tournament) -> dict | None:
    """`DASHBOARD_PANELS`: an announced concours's « Pré-inscriptions » button."""
    if not hasattr(tournament, "announcement"):
        return None
    return {"template": "tournaments/includes/preregistrations_line.html"}


@framable
def widget_coming(request: HttpRequest, user_id: int) -> HttpResponse:
    """A club's site shows its organizer's coming concours (issue 26)."""
    organizer = get_object_or_404(get_user_model(), pk=user_id, is_active=True)
    return render(
        request,
        "tournaments/widget_coming.html",
        {
            "organizer": organizer,
            "coming": queries.organizer_coming(organizer.pk, timezone.localdate()),
        },
    )


@login_required
def announce(request: HttpRequest) -> HttpResponse:
    form = AnnounceForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form):
            tournament = services.announce_concours(owner=request.user, **form.service_arguments())
            messages.success(request, _("Concours annoncé : il est au calendrier."))
            return redirect("tournaments:preregistrations", slug=tournament.slug)
    return render(
        request,
        "tournaments/calendar_announce.html",
        {"form": form},
        status=422 if form.errors else 200,
    )


@login_required
def announce_edit(request: HttpRequest, slug: str) -> HttpResponse:
    """The poster corrected; the teams registered or waiting are told by
    mail of a new date, time or place, and a waiting team that now has a
    place of its place."""
    tournament = managed_tournament(request, slug)
    announcement = get_object_or_404(Announcement, tournament=tournament)
    form = AnnounceEditForm(request.POST or None, announcement=announcement)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form):
            edited = services.edit_announcement(
                tournament=tournament, by=request.user, **form.service_arguments()
            )
            for moved in edited.came_in:
                # (offers are mailed by their moment; an unconfirmed address
                # learns it on confirming)
                if moved.confirmed_at:
                    send_mail(request, "preregistration_moved_up", moved)
            for told in edited.to_tell:
                send_mail(request, "concours_changed", told)
            messages.success(request, words.edited_message(edited))
            return redirect("tournaments:preregistrations", slug=tournament.slug)
    return render(
        request,
        "tournaments/calendar_announce.html",
        {"form": form, "tournament": tournament, "editing": True},
        status=422 if form.errors else 200,
    )


@login_required
def preregistrations(request: HttpRequest, slug: str) -> HttpResponse:
    """The organizer's list: teams in, waiting, cancelled; the file; the take-in."""
    tournament = managed_tournament(request, slug)
    if not hasattr(tournament, "announcement"):
        raise Http404
    preregistration.release_expired_holds(tournament=tournament)
    lists = queries.preregistrations(tournament)
    sections = [
        (title, [(r, words.row_notes(r, lists.twice)) for r in rows])
        for title, rows in words.list_sections(lists)
    ]
    return render(
        request,
        "tournaments/calendar_preregistrations.html",
        {
            "tournament": tournament,
            "sections": sections,
            "expired": words.expired_line(lists.expired),
            "hold_minutes": HOLD_MINUTES,
        },
    )


@login_required
@require_POST
def preregistration_desk(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The desk answers for a team on the phone: it takes the place offered
    (`take`), or withdraws (`withdraw`: its place offered on)."""
    tournament = managed_tournament(request, slug)
    registration = get_object_or_404(PreRegistration, pk=pk, tournament=tournament)
    with refusal_as_message(request):
        if request.POST.get("action") == "take":
            done = offers.take_offer(registration=registration, by=request.user)
            messages.success(request, words.answer_message(done.outcome, registration))
        else:
            preregistration.cancel_preregistration(registration=registration, by=request.user)
            messages.success(
                request,
                _("Désistement enregistré : %(team)s.") % {"team": registration.players_label},
            )
    return redirect("tournaments:preregistrations", slug=slug)


@login_required
@require_GET
def preregistrations_csv(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    preregistration.release_expired_holds(tournament=tournament)
    response = HttpResponse(
        queries.preregistrations_csv(tournament), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="preinscrits-{slug}.csv"'
    return response


@login_required
@require_POST
def preregistrations_take_in(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    with refusal_as_message(request):
        teams = services.take_in_preregistrations(tournament=tournament, by=request.user)
        messages.success(
            request,
            _("%(n)s équipe(s) pré-inscrite(s) reprise(s) à l'accueil, à pointer à leur arrivée.")
            % {"n": len(teams)},
        )
    return redirect("tournaments:preregistrations", slug=slug)


def _ics(body: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _page_of(request: HttpRequest):
    base = address.site_url(request)
    return lambda a: base + reverse("tournaments:concours", args=[a.tournament.slug])


@require_GET
def calendar_ics(request: HttpRequest, departement: str = "") -> HttpResponse:
    code = clean_departement(departement) if departement else ""
    if departement and not code:
        raise Http404
    name = _("Concours de belote") + (f" — {code}" if code else "")
    body = words.calendar_file(queries.coming(code), name=name, url_of=_page_of(request))
    return _ics(body, f"concours-{code or 'tous'}.ics")


@require_GET
def concours_ics(request: HttpRequest, slug: str) -> HttpResponse:
    announcement = announced(slug)
    body = words.calendar_file(
        [announcement], name=announcement.tournament.name, url_of=_page_of(request)
    )
    return _ics(body, f"{slug}.ics")


class ComingFeed(Feed):
    """The coming concours as an Atom feed (all, or of one département)."""

    feed_type = Atom1Feed

    def get_object(self, request: HttpRequest, departement: str = "") -> str:
        code = clean_departement(departement) if departement else ""
        if departement and not code:
            raise Http404
        return code

    def title(self, code: str) -> str:
        return _("Concours de belote à venir") + (f" — {code}" if code else "")

    def link(self, code: str) -> str:
        return reverse("tournaments:home") + (f"?departement={code}" if code else "")

    def subtitle(self, code: str) -> str:
        return _("Les concours annoncés, par date.")

    def author_name(self) -> str:
        # RFC 4287: a feed names an author, else each of its entries must.
        return _("Concours de belote")

    def items(self, code: str):
        return queries.coming_feed(code)[:100]

    def item_title(self, item: Announcement) -> str:
        # On one line: XML 1.0 holds no control character (a name stored
        # before the forms refused them).
        return flatten(f"{item.tournament.name} — {item.town} ({item.departement})")

    def item_description(self, item: Announcement) -> str:
        return " · ".join(
            (
                f"{item.tournament.date:%d/%m/%Y} {item.start_time:%H:%M}",
                words.rules_label(item.tournament),
                words.where(item),
                words.fee_label(item.tournament.entry_fee_cents),
            )
        )

    def item_link(self, item: Announcement) -> str:
        return reverse("tournaments:concours", args=[item.tournament.slug])

    def item_pubdate(self, item: Announcement):
        return item.created_at

    def item_updateddate(self, item: Announcement):
        # RFC 4287: every entry has an `updated` date; a corrected poster moves it.
        return max(item.created_at, item.edited or item.created_at)
