"""The final phase: the organizer's screen (create the main bracket and the
consolante, draw the next level, undo before the first one), and the public
bracket page, its projector view and its PDF.

Thin views: a form checked, one service called (`services.brackets`); the
brackets are read by `services.bracket_views` and worded by
`display.brackets`.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.forms.base import refusal_on
from tournaments.forms.brackets import BracketsForm
from tournaments.models import Round
from tournaments.queries import brackets as bracket_queries
from tournaments.services import brackets, errors
from tournaments.views.common import (
    brackets_context,
    managed_tournament,
    pdf_response,
    refusal_as_message,
)
from tournaments.views.live import live_page, poll_seconds
from tournaments.views.public import get_visible


@login_required
def brackets_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """« Phase finale »: the form while there is no bracket, then the
    brackets, the next level to draw and the final ranking."""
    tournament = managed_tournament(request, slug)
    form = BracketsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form, fallback="main"):
            brackets.create_brackets(tournament=tournament, by=request.user, **form.cleaned_data)
            messages.success(
                request, _("Phase finale créée : tirez son premier tour quand vous voulez.")
            )
            return redirect("tournaments:brackets_manage", slug=slug)
    context = brackets_context(tournament)
    bracket_rounds = tournament.rounds.filter(stage=Round.Stage.BRACKET).order_by("number")
    context.update(
        form=form,
        ranked=len(bracket_queries.qualifying_order(tournament)),
        bracket_rounds=bracket_rounds,
        open_round=tournament.rounds.exclude(status=Round.Status.CLOSED).first(),
    )
    return render(request, "tournaments/brackets_manage.html", context)


@login_required
@require_POST
def brackets_draw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    try:
        rnd = brackets.draw_bracket_round(tournament=tournament, by=request.user)
    except errors.TournamentError as error:
        messages.error(request, error.message)
        return redirect("tournaments:brackets_manage", slug=slug)
    messages.success(request, _("Tour de la phase finale tiré : %(round)s.") % {"round": rnd})
    return redirect("tournaments:round", slug=slug, number=rnd.number)


@login_required
@require_POST
def brackets_delete(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    with refusal_as_message(request):
        brackets.delete_brackets(tournament=tournament, by=request.user)
        messages.success(request, _("Phase finale supprimée."))
    return redirect("tournaments:brackets_manage", slug=slug)


@live_page
def brackets_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The public brackets, level by level, and the final ranking."""
    tournament = get_visible(request, slug)
    return render(request, "tournaments/brackets_page.html", brackets_context(tournament))


@live_page
def brackets_projector(request: HttpRequest, slug: str) -> HttpResponse:
    """The brackets on the hall's screen, asked again at every poll."""
    tournament = get_visible(request, slug)
    context = {**brackets_context(tournament), "poll": poll_seconds()}
    if request.htmx:
        return render(request, "tournaments/includes/brackets_projector_block.html", context)
    return render(request, "tournaments/brackets_projector.html", context)


@require_GET
def brackets_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments.pdf.brackets import brackets_pdf as build_brackets_pdf

    tournament = get_visible(request, slug)
    return pdf_response(build_brackets_pdf(tournament), "phase-finale.pdf")
