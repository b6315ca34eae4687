"""The cash box's screens: the summary with its lines of income and
expense, a fee checked off (or undone) from the team list, and the
treasurer's PDF and CSV.

Thin views: check the form, call one service (services.py), add a
message, redirect (or, for htmx, render the row to swap). Only the
tournament's organizers reach them (`managed_tournament`).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.features.cash import services as cash
from tournaments.features.cash.forms import CashEntryForm, PaymentForm
from tournaments.features.cash.models import CashEntry
from tournaments.features.cash.queries import export as cash_export
from tournaments.features.cash.queries import summary as cash_queries
from tournaments.forms.base import refusal_on
from tournaments.models import Player, Team, Tournament
from tournaments.views.common import managed_tournament, pdf_response, refusal_as_message


@login_required
def cash_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The summary, and the form of a new line of income or expense."""
    tournament = managed_tournament(request, slug)
    form = CashEntryForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form):
            cash.add_cash_entry(
                tournament=tournament,
                kind=form.cleaned_data["kind"],
                label=form.cleaned_data["label"],
                amount_cents=form.cleaned_data["amount"],
                by=request.user,
            )
            messages.success(request, _("Ligne de caisse ajoutée."))
            return redirect("tournaments:cash", slug=slug)
    return render(
        request,
        "tournaments/cash_summary.html",
        {
            "tournament": tournament,
            "summary": cash_queries.cash_summary(tournament),
            "form": form,
        },
    )


@login_required
@require_POST
def cash_entry_delete(request: HttpRequest, slug: str, entry_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    entry = get_object_or_404(CashEntry, tournament=tournament, pk=entry_id)
    with refusal_as_message(request):
        cash.delete_cash_entry(entry=entry, by=request.user)
        messages.success(request, _("Ligne « %(label)s » supprimée.") % {"label": entry.label})
    return redirect("tournaments:cash", slug=slug)


def _entrant(tournament: Tournament, kind: str, pk: int) -> Team | Player:
    if kind not in ("team", "player"):
        raise Http404
    if kind == "player":
        return get_object_or_404(Player, tournament=tournament, pk=pk)
    return get_object_or_404(
        tournament.teams.filter(round__isnull=True).select_related("player1", "player2"), pk=pk
    )


def _paid_answer(request: HttpRequest, tournament: Tournament, entrant) -> HttpResponse:
    """The team's row again for htmx (the team list), else back where the
    click came from (the team list or the cash box)."""
    if request.htmx and isinstance(entrant, Team):
        entrant = _entrant(tournament, "team", entrant.pk)
        return render(
            request,
            "tournaments/includes/team_row.html",
            {"team": entrant, "tournament": tournament},
        )
    if request.POST.get("back") == "cash":
        return redirect("tournaments:cash", slug=tournament.slug)
    return redirect("tournaments:manage", slug=tournament.slug)


@login_required
@require_POST
def cash_pay(request: HttpRequest, slug: str, kind: str, pk: int) -> HttpResponse:
    """Check off a team's (a mêlée player's) fee, with the way it was paid."""
    tournament = managed_tournament(request, slug)
    entrant = _entrant(tournament, kind, pk)
    form = PaymentForm(request.POST)
    method = form.cleaned_data["method"] if form.is_valid() else ""
    with refusal_as_message(request):
        cash.record_payment(entrant=entrant, method=method, by=request.user)
    return _paid_answer(request, tournament, entrant)


@login_required
@require_POST
def cash_unpay(request: HttpRequest, slug: str, kind: str, pk: int) -> HttpResponse:
    """Undo a fee checked off by mistake."""
    tournament = managed_tournament(request, slug)
    entrant = _entrant(tournament, kind, pk)
    with refusal_as_message(request):
        cash.cancel_payment(entrant=entrant, by=request.user)
    return _paid_answer(request, tournament, entrant)


def _filename(tournament: Tournament, extension: str) -> str:
    return f"caisse-{slugify(tournament.name)[:60] or 'tournoi'}.{extension}"


@login_required
def cash_summary_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments.features.cash import pdf as cash_pdf

    tournament = managed_tournament(request, slug)
    data = cash_pdf.cash_summary(tournament, cash_queries.cash_summary(tournament))
    return pdf_response(data, _filename(tournament, "pdf"))


@login_required
def cash_summary_csv(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    data = cash_export.cash_csv(tournament, cash_queries.cash_summary(tournament))
    response = HttpResponse(data, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(tournament, "csv")}"'
    return response


def dashboard_panel(*, request: HttpRequest, tournament: Tournament) -> dict:
    """The `DASHBOARD_PANELS` moment: « Caisse » and the fees collected,
    on the dashboard of a concours that keeps a cash box."""
    return {
        "template": "tournaments/includes/cash_panel.html",
        "cash": cash_queries.cash_summary(tournament),
    }
