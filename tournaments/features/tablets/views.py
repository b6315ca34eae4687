"""The club's tablets: the desk's « Tablettes du club » page (add, move,
new enrolment link, remove) and the tablet's own pages (enrol from the
one-time link, wait for a table, the regular call that follows its table).

The tablet has no login: enrolling puts its device key in a signed cookie
(`COOKIE`, a year long, HttpOnly). That key opens only the entry page of
the table the tablet is set to (the same page as the table's printed QR
code); a team still gives its code to enter or confirm. A forged or stale
cookie is a plain « not a tablet » page, never an error.

Thin views: a form checked, one service called, a message, a redirect."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments.features.tablets import queries, services
from tournaments.features.tablets.display import tablet_rows
from tournaments.features.tablets.forms import TabletMoveForm, TabletNameForm
from tournaments.features.tablets.models import Tablet
from tournaments.forms.base import refusal_on
from tournaments.infra import address, links
from tournaments.models import Table
from tournaments.services.errors import TournamentError
from tournaments.views.common import managed_tournament

COOKIE = "tablette"
SALT = "tournaments.tablet"
MAX_AGE = 365 * 24 * 3600


def device_key(request: HttpRequest) -> str:
    """The device key of the tablet's signed cookie ('' for a phone, or a
    forged or damaged cookie)."""
    return request.get_signed_cookie(COOKIE, default="", salt=SALT, max_age=MAX_AGE)


def device_tablet(request: HttpRequest) -> Tablet | None:
    return queries.tablet_for_device(device_key(request))


def tablet_on_table(request: HttpRequest, table: Table) -> Tablet | None:
    """A tablet that opened `table`'s link is set to that table (the QR code
    scanned in tablet mode); None on a phone, or for another concours."""
    tablet = device_tablet(request)
    if tablet is None:
        return None
    try:
        return services.point_tablet_at(tablet=tablet, table=table)
    except TournamentError:
        return None


def table_page_context(*, request: HttpRequest, table: Table, opened: bool) -> dict:
    """The `TABLE_PAGE` moment (tournaments/hooks): on a club tablet, its
    bar and script; the link opened (`opened`) sets the tablet to `table`."""
    if opened:
        tablet = tablet_on_table(request, table)
        return {"tablet": tablet, "tablet_mode": tablet is not None}
    return {"tablet_mode": bool(device_key(request))}


def dashboard_panel(*, request: HttpRequest, tournament) -> dict:
    """The `DASHBOARD_PANELS` moment: « Tablettes du club » on the dashboard."""
    return {"template": "tournaments/includes/tablets_panel.html"}


def _tablet_page(tablet: Tablet) -> str:
    table = queries.tablet_table(tablet)
    if table is None or table.is_bye:
        return reverse("tournaments:tablet_home")
    return links.entry_path(table)


# --- the desk ----------------------------------------------------------------


def _manage_page(request, tournament, *, name_form=None, move_forms=None, status=200):
    tablets, current = queries.desk_tablets(tournament)
    base = address.public_address(request).url
    rows = tablet_rows(
        tablets,
        current,
        lambda t: reverse("tournaments:tablet_enrol", args=[t.enrol_key]),
        base,
        timezone.now(),
    )
    move_forms = move_forms or {}
    lines = [(row, move_forms.get(row.pk) or TabletMoveForm(prefix=f"t{row.pk}")) for row in rows]
    return render(
        request,
        "tournaments/tablets_manage.html",
        {
            "tournament": tournament,
            "lines": lines,
            "current": current,
            "name_form": name_form or TabletNameForm(),
        },
        status=status,
    )


@login_required
def tablets_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """The tablets, their table and last call; a new tablet added."""
    tournament = managed_tournament(request, slug)
    if request.method != "POST":
        return _manage_page(request, tournament)
    form = TabletNameForm(request.POST)
    if form.is_valid():
        with refusal_on(form, fallback="name"):
            tablet = services.add_tablet(
                tournament=tournament, name=form.cleaned_data["name"], by=request.user
            )
            messages.success(
                request,
                _("Tablette « %(name)s » ajoutée : ouvrez son lien d'installation sur la tablette.")
                % {"name": tablet.name},
            )
            return redirect("tournaments:tablets", slug=slug)
    return _manage_page(request, tournament, name_form=form, status=422)


def _tablet(request: HttpRequest, slug: str, pk: int) -> Tablet:
    return get_object_or_404(Tablet, tournament=managed_tournament(request, slug), pk=pk)


@login_required
@require_POST
def tablet_move(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tablet = _tablet(request, slug, pk)
    form = TabletMoveForm(request.POST, prefix=f"t{pk}")
    if form.is_valid():
        with refusal_on(form, fallback="number"):
            services.move_tablet(
                tablet=tablet,
                number=form.cleaned_data["number"],
                at_next=form.cleaned_data["when"] == "next",
                by=request.user,
            )
            messages.success(request, _("Tablette « %(name)s » déplacée.") % {"name": tablet.name})
            return redirect("tournaments:tablets", slug=slug)
    return _manage_page(request, tablet.tournament, move_forms={pk: form}, status=422)


@login_required
@require_POST
def tablet_renew(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tablet = services.renew_enrolment(tablet=_tablet(request, slug, pk), by=request.user)
    messages.success(
        request,
        _("Nouveau lien d'installation pour « %(name)s » : l'ancien appareil n'y a plus accès.")
        % {"name": tablet.name},
    )
    return redirect("tournaments:tablets", slug=slug)


@login_required
@require_POST
def tablet_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tablet = _tablet(request, slug, pk)
    services.remove_tablet(tablet=tablet, by=request.user)
    messages.success(request, _("Tablette « %(name)s » retirée.") % {"name": tablet.name})
    return redirect("tournaments:tablets", slug=slug)


# --- the tablet ----------------------------------------------------------------


def _not_a_tablet(request: HttpRequest, message: str, status: int) -> HttpResponse:
    return render(
        request, "tournaments/table_side_refused.html", {"message": message}, status=status
    )


def tablet_enrol(request: HttpRequest, key: str) -> HttpResponse:
    """The one-time link: a page that asks first (a link opened by mistake on
    the desk's laptop changes nothing), then the cookie on « Installer »."""
    tablet = queries.tablet_for_enrolment(key)
    if request.method != "POST":
        if tablet is None:
            return _not_a_tablet(
                request,
                _(
                    "Ce lien d'installation a déjà servi ou a été remplacé : "
                    "demandez-en un nouveau à la table de marque."
                ),
                404,
            )
        return render(request, "tournaments/tablet_enrol.html", {"tablet": tablet, "key": key})
    try:
        tablet = services.enrol_tablet(enrol_key=key)
    except TournamentError as error:
        return _not_a_tablet(request, error.message, 410)
    response = redirect("tournaments:tablet_home")
    response.set_signed_cookie(
        COOKIE,
        tablet.device_key,
        salt=SALT,
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response


@never_cache
def tablet_home(request: HttpRequest) -> HttpResponse:
    """The tablet's start page: its table's entry page, or a page that waits
    for one (set up by the desk or by opening a table's QR code)."""
    tablet = device_tablet(request)
    if tablet is None:
        return _not_a_tablet(
            request,
            _(
                "Cet appareil n'est pas une tablette du club "
                "(ou son installation a été renouvelée)."
            ),
            403,
        )
    services.note_tablet_seen(tablet=tablet)
    page = _tablet_page(tablet)
    if page != request.path:
        return redirect(page)
    return render(request, "tournaments/tablet_home.html", {"tablet": tablet})


@require_GET
@never_cache
def tablet_state(request: HttpRequest) -> JsonResponse:
    """The tablet's regular call (static/js/tablet.js): the page it must show
    now; it follows its table number when the next partie is drawn."""
    tablet = device_tablet(request)
    if tablet is None:
        return JsonResponse({"ended": _("Cet appareil n'est plus une tablette du club.")})
    services.note_tablet_seen(tablet=tablet)
    return JsonResponse({"page": _tablet_page(tablet)})
