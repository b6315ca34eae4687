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

from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import links, services
from tournaments.forms import ConfirmForm, DealForm, EntryCodeForm
from tournaments.models import Round, Table, running_totals


def _table_or_refusal(request: HttpRequest, token: str) -> Table | HttpResponse:
    table = links.table_for_token(token)
    if table is None:
        return render(
            request,
            "tournaments/table_side_refused.html",
            {"message": _("Ce lien de table n'est pas valable (mal recopié ou remplacé).")},
            status=404,
        )
    if table.round.status == Round.Status.CLOSED:
        return render(
            request,
            "tournaments/table_side_refused.html",
            {"message": _("Cette partie est close : le lien de la table ne sert plus.")},
            status=410,
        )
    return table


def with_table(view):
    """Resolve the link's token to its table, or answer with the refusal."""

    @wraps(view)
    def wrapper(request: HttpRequest, token: str) -> HttpResponse:
        table = _table_or_refusal(request, token)
        if isinstance(table, HttpResponse):
            return table
        return view(request, token, table)

    return wrapper


def _side(request: HttpRequest, table: Table) -> str | None:
    return request.session.get(f"table-side-{table.pk}-{table.entry_key}")


def _context(request: HttpRequest, table: Table, token: str, **extra) -> dict:
    rules = table.round.tournament.rule_profile
    return {
        "table": table,
        "tournament": table.round.tournament,
        "round": table.round,
        "rules": rules,
        "token": token,
        "side": _side(request, table),
        "rows": list(running_totals(table.deals.all())),
        "form": extra.pop("form", None)
        or DealForm(rules=rules, initial={"version": table.version}),
        "code_form": extra.pop("code_form", None) or EntryCodeForm(),
        "confirm_form": extra.pop("confirm_form", None) or ConfirmForm(),
        "table_side": True,
        "show_form": bool(_side(request, table)) and table.status != Table.Status.COMPLETE,
        **extra,
    }


@with_table
def table_side(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    return render(request, "tournaments/table_side.html", _context(request, table, token))


@require_POST
@with_table
def table_side_claim(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    form = EntryCodeForm(request.POST)
    if form.is_valid():
        try:
            side = services.claim_entry(table=table, code=form.cleaned_data["code"])
        except services.TournamentError as error:
            form.add_error("code", error.message)
        else:
            request.session[f"table-side-{table.pk}-{table.entry_key}"] = side
            return redirect("tournaments:table_side", token=token)
    return render(
        request,
        "tournaments/table_side.html",
        _context(request, table, token, code_form=form),
        status=422,
    )


@require_POST
@with_table
def table_side_deal(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    side = _side(request, table)
    if side is None:
        code_form = EntryCodeForm({"code": ""})
        code_form.is_valid()
        code_form.errors["code"] = code_form.error_class(
            [_("Donnez d'abord le code de votre équipe.")]
        )
        context = _context(request, table, token, code_form=code_form)
        return render(request, "tournaments/table_side.html", context, status=403)
    form = DealForm(request.POST, rules=table.round.tournament.rule_profile)
    if form.is_valid():
        try:
            services.record_table_deal(
                table=table,
                side=side,
                values=form.deal_values(),
                expected_version=form.cleaned_data["version"],
            )
        except services.TournamentError as error:
            form.add_engine_error(error)
            if error.field == "version":
                table.refresh_from_db()
                form.data = form.data.copy()
                form.data["version"] = str(table.version)
        else:
            form = None
    table.refresh_from_db()
    template = (
        "tournaments/includes/deal_grid.html" if request.htmx else "tournaments/table_side.html"
    )
    response = render(request, template, _context(request, table, token, form=form))
    if form is None:
        response["HX-Trigger"] = "dealSaved"  # lets the page (and load tests) know
    return response


@require_POST
@with_table
def table_side_confirm(request: HttpRequest, token: str, table: Table) -> HttpResponse:
    form = ConfirmForm(request.POST)
    if form.is_valid():
        try:
            services.confirm_table(
                table=table, code=form.cleaned_data["code"], totals=form.totals()
            )
        except services.TournamentError as error:
            form.add_error("code" if error.field == "code" else None, error.message)
        else:
            return redirect("tournaments:table_side", token=token)
    return render(
        request,
        "tournaments/table_side.html",
        _context(request, table, token, confirm_form=form),
        status=422,
    )
