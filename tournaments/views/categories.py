"""Special rankings (« classements spéciaux »): the organizer's list of
categories (add, rename, delete) and each category's public ranking page
and PDF.

Thin views: the organizer's ones check a form and call one service
(`services.prizes`); the public ones read the category's part of the
ranking from `tournaments.queries.awards` and render it, shown to players as the
general ranking is (an unpublished tournament to its organizers only).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.display import prizes as prize_words
from tournaments.display.tables import PlayerStandingsTable, StandingsTable
from tournaments.forms.base import refusal_on
from tournaments.forms.prizes import CategoryForm, TeamsTagForm
from tournaments.models import Category, Tournament
from tournaments.queries import awards
from tournaments.queries.standings import public_standings
from tournaments.services import prizes
from tournaments.views.common import managed_tournament, pdf_response, refusal_as_message
from tournaments.views.confirm import Confirmation, confirm_page, confirmed
from tournaments.views.live import live_page
from tournaments.views.public import get_visible


def _with_categories(tournament: Tournament) -> Tournament:
    if not tournament.categories_enabled:
        raise Http404
    return tournament


def _category(tournament: Tournament, category_id: int) -> Category:
    return get_object_or_404(Category, tournament=_with_categories(tournament), pk=category_id)


@login_required
def categories(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament's special rankings, and a form to add one."""
    tournament = _with_categories(managed_tournament(request, slug))
    form = CategoryForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form, fallback="name"):
            prizes.add_category(tournament=tournament, by=request.user, **form.cleaned_data)
            messages.success(
                request, _("Classement « %(name)s » ajouté.") % {"name": form.cleaned_data["name"]}
            )
            return redirect("tournaments:categories", slug=slug)
    listed = tournament.categories.annotate(
        team_count=Count("teams", distinct=True), player_count=Count("players", distinct=True)
    )
    return render(
        request,
        "tournaments/categories_manage.html",
        {
            "tournament": tournament,
            "categories": listed,
            "form": form,
            "melee": tournament.format == Tournament.Format.MELEE,
        },
    )


@login_required
def category_edit(request: HttpRequest, slug: str, category_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    category = _category(tournament, category_id)
    form = CategoryForm(
        request.POST or None, initial={"name": category.name, "kind": category.kind}
    )
    if request.method == "POST" and form.is_valid():
        with refusal_on(form, fallback="name"):
            prizes.update_category(category=category, by=request.user, **form.cleaned_data)
            messages.success(request, _("Classement modifié."))
            return redirect("tournaments:categories", slug=slug)
    return render(
        request,
        "tournaments/categories_edit.html",
        {"tournament": tournament, "category": category, "form": form},
    )


@login_required
def category_delete(request: HttpRequest, slug: str, category_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    category = _category(tournament, category_id)
    if not confirmed(request):
        return confirm_page(
            request,
            tournament,
            Confirmation(
                title=_("Supprimer le classement « %(name)s » ?") % {"name": category},
                question=_(
                    "Sa page, ses lots et ses échanges disparaissent ; les équipes restent."
                ),
                button=_("Supprimer le classement"),
                cancel_url=reverse(
                    "tournaments:category_edit",
                    kwargs={"slug": slug, "category_id": category.pk},
                ),
            ),
        )
    prizes.delete_category(category=category, by=request.user)
    messages.success(request, _("Classement « %(name)s » supprimé.") % {"name": category})
    return redirect("tournaments:categories", slug=slug)


@login_required
@require_POST
def teams_tag(request: HttpRequest, slug: str) -> HttpResponse:
    """The teams ticked in the team list go into (or out of) one special
    ranking, in one action."""
    tournament = _with_categories(managed_tournament(request, slug))
    form = TeamsTagForm(request.POST, tournament=tournament)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(errors))
        return redirect(reverse("tournaments:manage", args=[slug]) + "#teams-tag")
    add = form.cleaned_data["action"] != "remove"
    category = form.cleaned_data["category"]
    with refusal_as_message(request):
        changed = prizes.tag_teams(
            tournament=tournament,
            category=category,
            team_ids=form.cleaned_data["teams"],
            add=add,
            by=request.user,
        )
        messages.success(request, prize_words.teams_tagged_sentence(category.name, changed, add))
    return redirect(reverse("tournaments:manage", args=[slug]) + "#teams-tag")


@live_page
def category_standings(request: HttpRequest, slug: str, category_id: int) -> HttpResponse:
    """A special ranking: the category's teams ranked among themselves (each
    club's best team for a club ranking), with their lots once the
    tournament is finished."""
    tournament = get_visible(request, slug)
    category = _category(tournament, category_id)
    # The public's ranking: the hidden parties left out (issue 38, item 12a).
    board = awards.board(tournament, category, standings=public_standings(tournament))
    melee = tournament.format == Tournament.Format.MELEE
    table_class = PlayerStandingsTable if melee else StandingsTable
    table = table_class(
        board.placings,
        slug=tournament.slug,
        criteria=tournament.criteria,
        lots=awards.lots_public(tournament) and board.has_lots,
        orderable=False,
    )
    return render(
        request,
        "tournaments/category_standings.html",
        {
            "tournament": tournament,
            "category": category,
            "table": table,
            "others": tournament.categories.exclude(pk=category.pk),
            "explanation": prize_words.category_explanation(category),
        },
    )


@require_GET
def category_pdf(request: HttpRequest, slug: str, category_id: int) -> HttpResponse:
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments import pdf

    tournament = get_visible(request, slug)
    category = _category(tournament, category_id)
    return pdf_response(pdf.ranking(tournament, category=category), f"classement-{category.pk}.pdf")
