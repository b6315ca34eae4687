"""The desk's screen for one table: the deal grid, its live preview, the
totals typed from a paper sheet, penalties.

Each view checks its form, calls one service (record a deal, delete the last
one, record totals, add a penalty) and answers with the table's screen, the
htmx fragment to swap or a redirect with a message. Only the tournament's
owner and co-organizers reach it. A view must not compute a score or change
a deal itself: the engine behind services.py does, and its refusals are
shown next to the field they concern. Validating a table or revoking its
link are in organizer.py; the players' own entry from the QR code is in
table_side.py.

Every post that changes the table carries the version of the table it was
made on (refused without it): the services record the same post sent twice
once, and the view answers the replay as it answered the first.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_POST

from scoring import sheet as sheet_check
from tournaments.display.table_screen import (
    Grid,
    build_grid,
    deal_rows,
    editing_number,
)
from tournaments.domain.digits import whole_number
from tournaments.forms.base import refusal_on
from tournaments.forms.club_count import ClubCountForm
from tournaments.forms.entry import DealForm, DeleteDealForm, TotalsForm
from tournaments.forms.rounds import PenaltyForm
from tournaments.infra import links
from tournaments.models import Table, Team
from tournaments.queries.claims import round_claims
from tournaments.services import club_count, errors, penalties, scores, table_side
from tournaments.views.common import (
    bracket_match_label,
    managed_tournament,
    refusal_as_message,
    table_of,
)
from tournaments.views.grid import appended_response, preview_response, save_deal

INCOMPLETE = _lazy("Formulaire incomplet : rechargez la page de la table.")


def _checkable(tournament) -> bool:
    return sheet_check.checkable(tournament.rule_profile)


def _desk_grid(table: Table, form: DealForm | None = None, rows=None, understood=None) -> Grid:
    """The desk's grid: every row correctable, the next deal typed last;
    `rows` only the `last_row` for the answer to a save that appended it;
    `understood`, what the grid read in the row just saved (said under it)."""
    rules = table.round.tournament.rule_profile
    editing = editing_number(form)
    if form is None and table.status != Table.Status.COMPLETE:
        form = DealForm(rules=rules, initial={"version": table.version})
    args = [table.round.tournament.slug, table.round.number, table.number]
    urls = {
        "save": reverse("tournaments:deal_save", args=args),
        "edit": reverse("tournaments:table", args=args),
        "preview": reverse("tournaments:deal_preview", args=args),
        "delete": reverse("tournaments:deal_delete", args=args),
    }
    return build_grid(
        table,
        deal_rows(table) if rows is None else rows,
        form=form,
        editing=editing,
        urls=urls,
        correctable=True,
        played=None if rows is None else rows[-1][0].number,
        understood=understood,
    )


def _table_context(
    table: Table,
    form=None,
    totals_form=None,
    penalty_form=None,
    understood=None,
    count_form=None,
) -> dict:
    """What the table screen and its deal-grid fragment show; `form`,
    `totals_form` and `penalty_form` replace the blank forms when they carry
    errors or a deal being edited."""
    tournament = table.round.tournament
    grid = _desk_grid(table, form, understood=understood)
    not_started = table.status == Table.Status.NOT_STARTED
    return {
        "grid": grid,
        "entry_url": links.entry_path(table) if not table.is_bye else None,
        "codes_locked_until": table_side.codes_locked_until(table),
        "bracket_match": bracket_match_label(table),
        "tournament": tournament,
        "round": table.round,
        "table": table,
        "rules": tournament.rule_profile,
        "rows": grid.rows,
        "totals_form": totals_form
        or TotalsForm(
            checkable=_checkable(tournament),
            # A table not started shows empty boxes, not « 0 »: a side left
            # untyped is then refused at its field, never recorded as 0.
            initial={
                "total_a": None if not_started else table.total_a,
                "total_b": None if not_started else table.total_b,
                "version": table.version,
                "deals": tournament.end_deals if tournament.end_mode == "deals" else None,
            },
        ),
        # A deal-by-deal tournament: a table without deals may be given its
        # sheet's totals instead (the sheet came back with totals only).
        "totals_possible": tournament.score_entry == "totals"
        or table.totals_only
        or not table.deals.exists(),
        "final": round_claims(table.round).final,
        "penalties": table.penalties.select_related("team"),
        "changes": table.changes.select_related("by")[:50],
        "penalty_form": penalty_form
        or (
            PenaltyForm(table=table, initial={"version": table.version})
            if not table.is_bye
            else None
        ),
        "closed": grid.closed,
        # Before the first coinched deal: how the club counts it (issue 37).
        "count_form": count_form
        or (
            ClubCountForm(rules=tournament.rule_profile)
            if not table.is_bye and club_count.club_count_open(tournament)
            else None
        ),
        "count_open": bool(count_form) or club_count.asked_first(tournament),
    }


def _grid_response(
    request: HttpRequest, table: Table, form=None, status: int = 200, understood=None
):
    """The whole screen, or only the grid for htmx (which swaps 2xx answers
    only: a refusal is answered 200 with the message next to its cell)."""
    context = _table_context(table, form, understood=understood)
    if request.htmx:
        return render(request, "tournaments/includes/deal_grid.html", context)
    return render(request, "tournaments/table_entry.html", context, status=status)


@login_required
def table_entry(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    tbl = table_of(tournament, number, table)
    form = None
    edit = whole_number(request.GET.get("donne"), digits=5)
    if edit is not None:
        deal = tbl.deals.filter(number=edit).first()
        if deal is not None:
            rules = tournament.rule_profile
            form = DealForm(
                rules=rules, initial={**DealForm.initial_for(deal, rules), "version": tbl.version}
            )
    return _grid_response(request, tbl, form)


@login_required
@require_POST
def deal_save(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    tbl = table_of(tournament, number, table)
    form = DealForm(request.POST, rules=tournament.rule_profile)
    if form.is_valid() and form.cleaned_data["version"] is None:
        form.add_error(None, INCOMPLETE)
    saved = save_deal(
        form,
        tbl,
        lambda **typed: scores.record_deal(
            by=request.user,
            table=tbl,
            reason=form.cleaned_data["reason"],
            after_claims=form.cleaned_data["after_claims"],
            **typed,
        ),
    )
    deal, tbl, rows = saved.deal, saved.table, saved.rows
    if deal is None:
        return _grid_response(request, tbl, form, status=saved.status)
    if not request.htmx:
        return redirect("tournaments:table", slug=slug, number=number, table=table)
    understood = (deal.number, form.understood) if form.understood else None
    if rows is not None:
        # Only the new row, the next one and the totals: the rows above stand.
        grid = _desk_grid(tbl, rows=rows, understood=understood)
        context = {"grid": grid, "rows": rows, "table": tbl, "rules": tournament.rule_profile}
        return appended_response(request, context)
    return _grid_response(request, tbl, understood=understood)


@login_required
@require_POST
def deal_preview(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The engine's marques for the deal being typed, before it is saved."""
    tournament = managed_tournament(request, slug)
    table_of(tournament, number, table)
    return preview_response(request, tournament)


@login_required
@require_POST
def deal_delete_last(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    tbl = table_of(tournament, number, table)
    form = DeleteDealForm(request.POST)
    if not form.is_valid():
        for message in form.errors.values():
            messages.error(request, message[0])
        return redirect("tournaments:table", slug=slug, number=number, table=table)
    version = form.cleaned_data["version"]
    with refusal_as_message(request):
        if version is None:
            raise errors.TournamentError(str(INCOMPLETE))
        scores.delete_last_deal(
            by=request.user,
            table=tbl,
            expected_version=version,
            reason=form.cleaned_data["reason"],
            after_claims=form.cleaned_data["after_claims"],
        )
        messages.success(request, _("Dernière donne supprimée."))
    return redirect("tournaments:table", slug=slug, number=number, table=table)


@login_required
@require_POST
def table_totals(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    tbl = table_of(tournament, number, table)
    form = TotalsForm(request.POST, checkable=_checkable(tournament))
    if form.is_valid() and form.cleaned_data["version"] is None:
        form.add_error(None, INCOMPLETE)
    if form.is_valid():
        with refusal_on(form):
            scores.record_totals(
                by=request.user,
                table=tbl,
                total_a=form.cleaned_data["total_a"],
                total_b=form.cleaned_data["total_b"],
                sheet=form.sheet(),
                anyway=bool(form.cleaned_data.get("anyway")),
                ask_if_unusual=not form.cleaned_data["sure"],
                expected_version=form.cleaned_data["version"],
                reason=form.cleaned_data["reason"],
                after_claims=form.cleaned_data["after_claims"],
            )
            messages.success(request, _("Totaux enregistrés."))
            return redirect("tournaments:round", slug=slug, number=number)
    tbl.refresh_from_db()
    return render(
        request, "tournaments/table_entry.html", _table_context(tbl, totals_form=form), status=422
    )


@login_required
@require_POST
def table_club_count(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The club's count of a coinche, chosen at the desk before the first
    coinched deal; refused next to its question, the page kept."""
    tournament = managed_tournament(request, slug)
    tbl = table_of(tournament, number, table)
    form = ClubCountForm(request.POST, rules=tournament.rule_profile)
    if form.is_valid():
        with refusal_on(form):
            tournament = club_count.set_club_count(
                tournament=tournament, answers=form.answers(), by=request.user
            )
            messages.success(
                request,
                _("Compte du club enregistré : %(name)s.")
                % {"name": ClubCountForm(rules=tournament.rule_profile).profile},
            )
            return redirect("tournaments:table", slug=slug, number=number, table=table)
    tbl.refresh_from_db()
    return render(
        request, "tournaments/table_entry.html", _table_context(tbl, count_form=form), status=422
    )


@login_required
@require_POST
def table_penalty(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    tbl = table_of(tournament, number, table)
    form = PenaltyForm(request.POST, table=tbl)
    if form.is_valid() and form.cleaned_data["version"] is None:
        messages.error(request, INCOMPLETE)
    elif form.is_valid():
        team = get_object_or_404(Team, pk=int(form.cleaned_data["team"]))
        with refusal_on(form, fallback="points"):
            penalties.add_penalty(
                by=request.user,
                table=tbl,
                team=team,
                points=form.cleaned_data["points"],
                reason=form.cleaned_data["reason"],
                expected_version=form.cleaned_data["version"],
            )
            messages.success(request, _("Pénalité enregistrée."))
            return redirect(reverse("tournaments:table", args=[slug, number, table]))
    tbl.refresh_from_db()
    return render(
        request,
        "tournaments/table_entry.html",
        _table_context(tbl, penalty_form=form),
        status=422,
    )
