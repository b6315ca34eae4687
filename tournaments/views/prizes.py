"""The organizer's lots: each ranking's list and rule, the lots each team
takes as the ranking stands, the swaps made by hand, and the two printed
documents of the prize-giving (the palmarès and the lot labels).

Thin views as in organizer.py: check the form, call one service, add a
message, redirect (or show the page again with the refusal next to its
field). Only the tournament's organizers reach them (`managed_tournament`). Which
team takes which lot is `tournaments.queries.awards`'; the words of its warnings
are `display.prizes`'.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.display import prizes as words
from tournaments.domain.digits import whole_number
from tournaments.forms.base import refusal_on
from tournaments.forms.prizes import LotsForm, SwapLotsForm
from tournaments.models import Category, Tournament
from tournaments.queries import awards
from tournaments.services import prizes
from tournaments.services.prizes import lots_text
from tournaments.views.common import managed_tournament, pdf_response

GENERAL = "general"


@dataclass
class Section:
    """One ranking on the lots page: its board and its two forms."""

    board: awards.Board
    form: LotsForm
    swap_form: SwapLotsForm
    warnings: list[str]
    rows: list[words.AwardRow]
    summary: str


def _with_prizes(request: HttpRequest, slug: str) -> Tournament:
    tournament = managed_tournament(request, slug)
    if not tournament.prizes_enabled:
        raise Http404
    return tournament


def _category(tournament: Tournament, key: str) -> Category | None:
    """The ranking a form is about: the general one, or a category's."""
    if key == GENERAL:
        return None
    pk = whole_number(key, digits=12)
    if pk is None or not tournament.categories_enabled:
        raise Http404
    return get_object_or_404(Category, tournament=tournament, pk=pk)


def _lots_initial(board: awards.Board) -> dict:
    return {
        "rule": board.rule,
        "top": board.top,
        "lots": lots_text(board.lots, last=False),
        "last": lots_text(board.lots, last=True),
    }


def _lots_page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    bound: dict[str, LotsForm] | None = None,
    swaps: dict[str, SwapLotsForm] | None = None,
) -> HttpResponse:
    bound, swaps = bound or {}, swaps or {}
    sections = [
        Section(
            board=board,
            form=bound.get(board.key) or LotsForm(initial=_lots_initial(board), prefix=board.key),
            swap_form=swaps.get(board.key) or SwapLotsForm(board=board, prefix=f"swap-{board.key}"),
            warnings=words.warnings(board),
            rows=words.award_rows(board),
            summary=words.summary(board),
        )
        for board in awards.boards(tournament)
    ]
    return render(
        request,
        "tournaments/prizes_lots.html",
        {
            "tournament": tournament,
            "sections": sections,
            "public": awards.lots_public(tournament),
            "cumulation": words.cumulation(tournament),
        },
    )


def _back(slug: str, key: str):
    return redirect(reverse("tournaments:lots", kwargs={"slug": slug}) + f"#board-{key}")


@login_required
def lots(request: HttpRequest, slug: str) -> HttpResponse:
    return _lots_page(request, _with_prizes(request, slug))


@login_required
@require_POST
def lots_save(request: HttpRequest, slug: str, board: str) -> HttpResponse:
    tournament = _with_prizes(request, slug)
    category = _category(tournament, board)
    form = LotsForm(request.POST, prefix=board)
    if form.is_valid():
        with refusal_on(form, fallback="lots"):
            prizes.set_lots(
                tournament=tournament, category=category, by=request.user, **form.cleaned_data
            )
            messages.success(request, _("Lots enregistrés."))
            return _back(slug, board)
    return _lots_page(request, tournament, bound={board: form})


@login_required
@require_POST
def lots_swap(request: HttpRequest, slug: str, board: str) -> HttpResponse:
    tournament = _with_prizes(request, slug)
    category = _category(tournament, board)
    form = SwapLotsForm(
        request.POST, board=awards.board(tournament, category), prefix=f"swap-{board}"
    )
    if form.is_valid():
        with refusal_on(form, fallback="second"):
            prizes.swap_lots(
                tournament=tournament, category=category, by=request.user, **form.cleaned_data
            )
            messages.success(request, _("Lots échangés."))
            return _back(slug, board)
    return _lots_page(request, tournament, swaps={board: form})


@login_required
@require_POST
def lots_swaps(request: HttpRequest, slug: str, board: str) -> HttpResponse:
    """Keep the swaps set aside when the ranking changed, or forget them all."""
    tournament = _with_prizes(request, slug)
    category = _category(tournament, board)
    if request.POST.get("action") == "keep":
        prizes.keep_swaps(tournament=tournament, category=category, by=request.user)
        messages.success(request, _("Échanges appliqués au classement actuel."))
    else:
        prizes.clear_swaps(tournament=tournament, category=category, by=request.user)
        messages.success(request, _("Échanges annulés : les lots suivent à nouveau le classement."))
    return _back(slug, board)


@login_required
def palmares_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The prize-giving's list, from the first (or, `?ordre=inverse`, from
    the last up, as many announce it)."""
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments.pdf import prizes as prize_pdf

    tournament = _with_prizes(request, slug)
    backwards = request.GET.get("ordre") == "inverse"
    return pdf_response(prize_pdf.palmares(tournament, backwards=backwards), "palmares.pdf")


@login_required
def lot_labels_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    from tournaments.pdf import prizes as prize_pdf

    tournament = _with_prizes(request, slug)
    return pdf_response(prize_pdf.lot_labels(tournament), "etiquettes-lots.pdf")
