"""The table's own screens, reached from the QR code of its score sheet.

No login: the signed link is the key, and it opens its own table only.
One team says who it is with its code and enters the deals on the same
grid as the desk; the other team confirms at the end with its code (or
gives its own totals). The side chosen is kept in the session.

Each view checks its form and calls one service (claim a side, record a
deal, confirm the table). A view must not reach another table than the
link's, nor let a side act before it gave its code, nor compute a score:
the token is resolved by `with_table` and the rules live in services.py."""

from __future__ import annotations

import json
from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from tournaments import hooks
from tournaments.display.hall import outbox_texts
from tournaments.display.pad import deal_pad
from tournaments.display.provisional import phone_profile
from tournaments.display.table_screen import Grid, build_grid, deal_rows, editing_number
from tournaments.domain.digits import whole_number
from tournaments.forms.entry import DealForm
from tournaments.forms.table_side import ConfirmForm, EntryCodeForm
from tournaments.infra import links, standby
from tournaments.models import Round, Table
from tournaments.services import errors
from tournaments.services import table_side as table_side_services
from tournaments.services.hall_contact import note_phone_contact
from tournaments.views.common import bracket_match_label, refusal_as_message
from tournaments.views.grid import appended_response, preview_response, save_deal
from tournaments.views.live import poll_seconds
from tournaments.views.referee_block import call_context


def _link_ended(token: str, *, teams: bool = False) -> tuple[Table | None, str, int]:
    """The link's table, or why the link no longer serves (and its status)."""
    table = links.table_for_token(token, teams=teams)
    if table is None:
        return None, _("Ce lien de table n'est pas valable (mal recopié ou remplacé)."), 404
    if table.round.status == Round.Status.CLOSED:
        return None, _("Cette partie est close : le lien de la table ne sert plus."), 410
    if not table.round.announced:  # a draft: the players never see it
        message = _(
            "Le tirage de cette partie n'est pas encore publié : attendez l'annonce de "
            "l'organisateur."
        )
        return None, message, 403
    return table, "", 200


DRAFT = 403  # _link_ended's status for a draw not announced yet


def _table_or_refusal(request: HttpRequest, token: str) -> Table | HttpResponse:
    # The whole page (not an htmx part) names the teams: read them with the table.
    table, message, status = _link_ended(token, teams=not request.htmx)
    if table is None:
        if status == DRAFT:
            # Not an error but a wait: answered 200, so that a phone's browser
            # logs nothing while its page asks again (includes/draft_wait.html).
            context = {"message": message, "wait": _draft_wait(token)}
            return render(request, "tournaments/table_side_refused.html", context)
        context = {"message": message, "wait": None}
        return render(request, "tournaments/table_side_refused.html", context, status=status)
    return table


def _draft_wait(token: str, *, opens: str = "") -> dict:
    """What the waiting line of a draft's link needs (includes/draft_wait.html):
    where it asks again, how often, and the table's page once announced."""
    return {
        "url": reverse("tournaments:table_side_wait", args=[token]),
        "poll": poll_seconds(),
        "opens": opens,
    }


@require_GET
@never_cache
def table_side_wait(request: HttpRequest, token: str) -> HttpResponse:
    """A draft's link, asked again by its waiting page (static/js/poll.js):
    still waiting, or the table's page to open now the draw is announced; a
    link that no longer serves ends the waiting with its sentence."""
    table, message, status = _link_ended(token)
    if status == DRAFT:
        wait = _draft_wait(token)
    elif table is not None:
        wait = _draft_wait(token, opens=links.entry_path(table))
    else:
        wait = {"ended": message}
    return render(request, "tournaments/includes/draft_wait.html", {"wait": wait})


def with_table(view):
    """Resolve the link's token to its table, or answer with the refusal."""

    @wraps(view)
    def wrapper(request: HttpRequest, token: str, **kwargs) -> HttpResponse:
        table = _table_or_refusal(request, token)
        if isinstance(table, HttpResponse):
            return table
        return view(request, token, table, **kwargs)

    return wrapper


def side_of(request: HttpRequest, table: Table) -> str | None:
    return request.session.get(f"table-side-{table.pk}-{table.entry_key}")


def _answering(request: HttpRequest, table: Table) -> str | None:
    """The side that proved its code on this phone while the other enters:
    it answers at the end without its code (even once codes are refused).
    Never on the entering team's phone: handed over once for the other
    team's code, it must not answer for that team again."""
    if side_of(request, table) is not None:
        return None
    side = request.session.get(f"table-answer-{table.pk}-{table.entry_key}")
    return side if side and side != table.entered_by else None


def phone_side(request: HttpRequest, table: Table) -> str | None:
    """The side whose code this phone gave: the team that enters, or the
    one that answers at the end (« Appeler l'arbitre » serves both)."""
    return side_of(request, table) or _answering(request, table)


def remember_code(request: HttpRequest, table: Table, side: str, *, answering: bool) -> None:
    """This phone gave `side`'s code: it enters, or answers at the end (« Ma table » too)."""
    kind = "table-answer" if answering else "table-side"
    request.session[f"{kind}-{table.pk}-{table.entry_key}"] = side


def _may_correct(table: Table, side: str | None) -> bool:
    """The team that enters may correct its own deals until the other team
    has answered (confirmed or disputed)."""
    return (
        side is not None
        and side == (table.entered_by or side)
        and table.entry_state in (Table.EntryState.EMPTY, Table.EntryState.ENTERED)
    )


def _phone_grid(
    request: HttpRequest, table: Table, token: str, form: DealForm | None, rows=None
) -> Grid:
    """The phone's grid; `rows` only the `last_row` for the answer to a save
    that appended it (every row otherwise)."""
    side = side_of(request, table)
    rules = table.round.tournament.rule_profile
    editing = editing_number(form)
    typing = side is not None and (table.status != Table.Status.COMPLETE or editing)
    if form is None and typing:
        form = DealForm(rules=rules, initial={"version": table.version})
    urls = {
        "save": reverse("tournaments:table_side_deal", args=[token]),
        "edit": reverse("tournaments:table_side", args=[token]),
        "preview": reverse("tournaments:table_side_preview", args=[token]) if side else None,
    }
    if _answering(request, table) and table.entry_state == Table.EntryState.ENTERED:
        urls["tick"] = reverse("tournaments:table_side_deal", args=[token])
        if table.deals.filter(confirmed=False).exists():
            urls["tick_all"] = reverse("tournaments:table_side_tick_all", args=[token])
    grid = build_grid(
        table,
        deal_rows(table) if rows is None else rows,
        form=form if typing else None,
        editing=editing,
        urls=urls,
        correctable=_may_correct(table, side),
        target="#table-live",
        played=None if rows is None else rows[-1][0].number,
    )
    if grid.form is not None:
        grid.pad = deal_pad(grid.form, rules, side)
    return grid


def _context(request: HttpRequest, table: Table, token: str, **extra) -> dict:
    grid = _phone_grid(request, table, token, extra.pop("form", None), extra.pop("rows", None))
    return {
        "table": table,
        "tournament": table.round.tournament,
        "round": table.round,
        "rules": table.round.tournament.rule_profile,
        "token": token,
        "side": side_of(request, table),
        "answering": _answering(request, table),
        "grid": grid,
        "rows": grid.rows,
        "code_form": extra.pop("code_form", None) or EntryCodeForm(),
        "confirm_form": extra.pop("confirm_form", None) or ConfirmForm(),
        "table_side": True,
        "bracket_match": bracket_match_label(table),
        "outbox_texts": json.dumps(outbox_texts()),
        "phone_profile": json.dumps(phone_profile(table.round.tournament.rule_profile)),
        # This hall's name and its standby laptop (the phone asks it when the hall is silent).
        "hall_place": standby.page() | standby.page_proof(),
        # « Appeler l'arbitre » (issue 38, item 12c), for a phone that gave its code.
        **call_context(table, token, phone_side(request, table)),
        # What a feature adds to the page (the club tablet's bar): tournaments/hooks.
        **hooks.page_context(hooks.TABLE_PAGE, request=request, table=table, opened=False),
        **extra,
    }


def _live_response(request: HttpRequest, table: Table, token: str, status: int = 200, **extra):
    """The page, or for htmx its live part (grid, state, confirmation)."""
    context = _context(request, table, token, **extra)
    if request.htmx:
        return render(request, "tournaments/includes/table_side_live.html", context)
    return _page(request, context, status)


def _page(request: HttpRequest, context: dict, status: int) -> HttpResponse:
    """The table's page; on the hall it may ask any address's ping (the one
    its player types when the hall went silent: static/js/outbox.js)."""
    response = render(request, "tournaments/table_side.html", context, status=status)
    if context["hall_place"].get("key"):
        response._csp_config = standby.csp_with(settings.SECURE_CSP, "http:", "https:")  # type: ignore[attr-defined]
    return response


@with_table
def table_side(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    form = None
    edit = whole_number(request.GET.get("donne"), digits=5)
    side = side_of(request, table)
    if edit is not None and _may_correct(table, side):
        deal = table.deals.filter(number=edit).first()
        if deal is not None:
            rules = table.round.tournament.rule_profile
            initial = {**DealForm.initial_for(deal, rules), "version": table.version}
            form = DealForm(rules=rules, initial=initial)
    # A club tablet that opens a table's link is set to that table.
    opened = hooks.page_context(hooks.TABLE_PAGE, request=request, table=table, opened=True)
    return _live_response(request, table, token, form=form, **opened)


@require_POST
@with_table
def table_side_claim(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    form = EntryCodeForm(request.POST)
    status = 422
    if form.is_valid():
        try:
            side = table_side_services.claim_entry(table=table, code=form.cleaned_data["code"])
        except errors.AnswerExpected as error:
            # The other team's code, the table entered by the first: it
            # answers from this phone, deal by deal or at the end.
            remember_code(request, table, error.side, answering=True)
            messages.success(
                request,
                _(
                    "Code reconnu : l'autre équipe saisit. Confirmez ses donnes une à une "
                    "(« D'accord ») ou toutes à la fin."
                ),
            )
            return redirect("tournaments:table_side", token=token)
        except errors.TournamentError as error:
            form.add_error("code", error.message)
            status = _refusal_status(error)
        else:
            remember_code(request, table, side, answering=False)
            return redirect("tournaments:table_side", token=token)
    return _page(request, _context(request, table, token, code_form=form), status)


@require_POST
@with_table
def table_side_tick(request: HttpRequest, token: str, table: Table, number: int) -> HttpResponse:
    """The other team ticks one deal as it stands (one tick a row), on the
    phone where it gave its code; then back to the table's page."""
    side = _answering(request, table)
    if side is None:
        messages.error(request, _("Donnez d'abord le code de votre équipe pour confirmer."))
        return redirect("tournaments:table_side", token=token)
    with refusal_as_message(request):
        table_side_services.confirm_deal(table=table, side=side, number=number)
    return redirect(reverse("tournaments:table_side", args=[token]) + f"#deal-{number}")


@require_POST
@with_table
def table_side_tick_all(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    """The other team's « Tout confirmer »: every deal its screen showed,
    ticked at once (services.table_side.confirm_deals), then the page."""
    side = _answering(request, table)
    if side is None:
        messages.error(request, _("Donnez d'abord le code de votre équipe pour confirmer."))
        return redirect("tournaments:table_side", token=token)
    up_to = whole_number(request.POST.get("up_to"), digits=5)
    version = whole_number(request.POST.get("version"), digits=9)
    with refusal_as_message(request):
        if up_to is None or version is None:
            raise errors.TournamentError(
                _("Cette page n'est plus à jour : rechargez-la, puis recommencez.")
            )
        table_side_services.confirm_deals(
            table=table, side=side, up_to=up_to, expected_version=version
        )
    return redirect(reverse("tournaments:table_side", args=[token]) + "#deal-grid")


def _waiting(text: str | None) -> int:
    """The entries a phone says it still keeps (static/js/outbox.js)."""
    return whole_number(text, digits=3) or 0


def note_contact(request: HttpRequest, table: Table, *, adjust: int = 0) -> None:
    """The desk's view of the hall: this table's phone reached the server.
    Noted once the request is answered, `adjust` turning what the phone
    said it keeps into what the server still misses: +1 for a single deal
    refused (it stays on the phone; the header counts the others), minus
    the deals a batch recorded (the header counts the batch too)."""
    waiting = max(0, _waiting(request.headers.get("X-Outbox-Waiting")) + adjust)
    note_phone_contact(table=table, waiting=waiting)


@require_GET
@never_cache
def table_side_state(request: HttpRequest, token: str) -> HttpResponse:
    """The phone's regular call (every 15 s while its page is open): it says
    how many entries it keeps, with the table's version it knew then (`v`:
    a count older than the table's last change is not kept), and learns the
    table's version, so that it brings its page up to date by itself when
    the desk or the other team changed the table (static/js/outbox.js). A
    link replaced or a partie closed meanwhile is said in words (the page
    stays, no error)."""
    table, message, _status = _link_ended(token)
    if table is None:
        return JsonResponse({"ended": message})
    note_phone_contact(
        table=table,
        waiting=_waiting(request.GET.get("attente")),
        known=whole_number(request.GET.get("v"), digits=9),
    )
    return JsonResponse(
        {"version": table.version, "status": table.status, "entry": table.entry_state}
        | standby.page()
    )


def _refusal_status(error: errors.TournamentError) -> int:
    """429 when the table's codes are refused after too many wrong ones."""
    return 429 if isinstance(error, errors.CodesLocked) else 422


@require_POST
@with_table
def table_side_deal(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    side = side_of(request, table)
    if side is None:
        code_form = EntryCodeForm({"code": ""})
        code_form.is_valid()
        code_form.errors["code"] = code_form.error_class(
            [_("Donnez d'abord le code de votre équipe.")]
        )
        context = _context(request, table, token, code_form=code_form)
        return render(request, "tournaments/table_side.html", context, status=403)
    form = DealForm(request.POST, rules=table.round.tournament.rule_profile)
    correctable = _may_correct(table, side)
    saved = save_deal(
        form,
        table,
        lambda **typed: table_side_services.record_table_deal(table=table, side=side, **typed),
    )
    table, rows = saved.table, saved.rows
    note_contact(request, table, adjust=int(saved.deal is None))
    if saved.deal is None:
        return _live_response(request, table, token, form=form)
    if request.htmx and rows is not None and _may_correct(table, side) == correctable:
        # Only the new row, the next one and the totals: the rows above stand.
        response = appended_response(request, _context(request, table, token, rows=rows))
    else:
        response = _live_response(request, table, token)
    response["HX-Trigger"] = "dealSaved"  # lets the page (and load tests) know
    return response


@require_POST
@with_table
def table_side_preview(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    """The marque of the row being typed on the phone (the side's code given)."""
    if side_of(request, table) is None:
        return HttpResponse(status=204)
    return preview_response(request, table.round.tournament)


@require_POST
@with_table
def table_side_confirm(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    form = ConfirmForm(request.POST)
    status = 422
    disputing = request.POST.get("action") == "dispute"
    if form.is_valid() and disputing and form.totals() is None:
        form.add_error("total_a", _("Donnez vos deux totaux pour contester."))
    answering = _answering(request, table)
    if form.is_valid() and not answering and not form.cleaned_data["code"]:
        form.add_error("code", _("Donnez le code de votre équipe."))
    if form.is_valid():
        try:
            # Totals typed are an answer whichever button was pressed: the
            # same totals confirm, other totals dispute (never lost). The
            # version is that of the totals the team read on its screen.
            # A phone whose team proved its code already answers without it.
            side = answering
            if side is None:
                side = table_side_services.side_for_code(
                    table=table, code=form.cleaned_data["code"]
                )
                if side != table.entered_by and side_of(request, table) is None:
                    remember_code(request, table, side, answering=True)
            table = table_side_services.confirm_table(
                table=table,
                side=side,
                totals=form.totals(),
                expected_version=form.cleaned_data["version"],
            )
        except errors.TournamentError as error:
            form.add_error("code" if error.field == "code" else None, error.message)
            status = _refusal_status(error)
            table.refresh_from_db()
        else:
            messages.success(
                request,
                _("Contestation transmise à l'organisateur : il tranchera.")
                if table.entry_state == Table.EntryState.DISPUTED
                else _("Merci : les totaux sont confirmés."),
            )
            return redirect("tournaments:table_side", token=token)
    return render(
        request,
        "tournaments/table_side.html",
        _context(request, table, token, confirm_form=form),
        status=status,
    )
