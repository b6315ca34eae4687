"""Leagues: the organizer's list, a league's page (its stages, their
concours, rankings and qualified teams, the clubs' ranking, its forms) and
the public league page.

Thin views: a form checked, one service called (`services.leagues`), the
page read by `queries.leagues.league_view`. A form refused comes back
next to its field, on the page as it was. An unpublished league is its
organizer's only.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.features.leagues import display as words
from tournaments.features.leagues import services
from tournaments.features.leagues.forms import ConcoursForm, LeagueForm, StageForm
from tournaments.features.leagues.models import League, Stage
from tournaments.features.leagues.queries import league_view
from tournaments.forms.base import refusal_on
from tournaments.models import Tournament
from tournaments.views.common import refusal_as_message


def _owned(request: HttpRequest, slug: str) -> League:
    return get_object_or_404(League, owner=request.user, slug=slug)


def _league_values(form: LeagueForm) -> dict:
    return {key: form.cleaned_data[key] for key in ("name", *services.SETTINGS)}


@login_required
def league_list(request: HttpRequest) -> HttpResponse:
    """The organizer's leagues, and a form to start one."""
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form, fallback="name"):
            league = services.create_league(owner=request.user, **_league_values(form))
            messages.success(request, _("Ligue créée : ajoutez-lui ses étapes."))
            return redirect("tournaments:league_manage", slug=league.slug)
    leagues = League.objects.filter(owner=request.user)
    return render(request, "tournaments/league_list.html", {"leagues": leagues, "form": form})


def send_due_on_dashboard(*, request: HttpRequest, tournament) -> None:
    """The `DASHBOARD_PANELS` moment (tournaments/hooks): a concours still
    registering receives the qualified teams of the stages whose claims
    ended by their timer meanwhile (said in a message); no panel."""
    if tournament.status != Tournament.Status.REGISTRATION:
        return None
    for sent in services.send_due(into=tournament):
        if sent.changed:
            messages.info(request, words.sent_summary(sent))
    return None


def organizer_button(*, request: HttpRequest) -> dict:
    """The `ORGANIZER_HOME` moment: « Ligues » among the organizer's buttons."""
    return {"template": "tournaments/includes/league_button.html"}


def home_panel(*, request: HttpRequest) -> dict:
    """The `PUBLIC_HOME` moment: the published leagues (a lazy queryset: the
    home's cached lists run it only when they are rendered)."""
    leagues = League.objects.filter(published=True).order_by("-created_at")
    return {"template": "tournaments/includes/league_home_panel.html", "leagues": leagues}


def _manage_page(request: HttpRequest, league: League, **forms) -> HttpResponse:
    # A stage whose claims ended by their timer meanwhile sends its teams now.
    for sent in services.send_due(league=league):
        if sent.changed:
            messages.info(request, words.sent_summary(sent))
    view = league_view(league)
    for stage_view in view.stages:
        stage = stage_view.stage
        bound = forms.get("concours_form")
        stage_view.form = (
            bound
            if bound is not None and bound.stage_pk == stage.pk
            else ConcoursForm(user=request.user, stage=stage)
        )
        edited = forms.get("edit_form")
        stage_view.edit_form = (
            edited
            if edited is not None and edited.instance.pk == stage.pk
            else StageForm(instance=stage, prefix=f"edit{stage.pk}")
        )
    context = {
        **_page_context(view),
        "form": forms.get("form") or LeagueForm(instance=league),
        "stage_form": forms.get("stage_form") or StageForm(),
    }
    return render(request, "tournaments/league_manage.html", context)


@login_required
def league_manage(request: HttpRequest, slug: str) -> HttpResponse:
    """A league's stages, concours, qualified teams and rankings; its settings."""
    league = _owned(request, slug)
    if request.method != "POST":
        return _manage_page(request, league)
    form = LeagueForm(request.POST, instance=League.objects.get(pk=league.pk))
    if form.is_valid():
        with refusal_on(form, fallback="name"):
            services.update_league(league=league, **_league_values(form))
            messages.success(request, _("Ligue enregistrée."))
            return redirect("tournaments:league_manage", slug=league.slug)
    return _manage_page(request, league, form=form)


@login_required
@require_POST
def league_stage_add(request: HttpRequest, slug: str) -> HttpResponse:
    league = _owned(request, slug)
    form = StageForm(request.POST)
    if form.is_valid():
        with refusal_on(form, fallback="name"):
            stage = services.add_stage(league=league, **form.cleaned_data)
            messages.success(request, _("Étape « %(name)s » ajoutée.") % {"name": stage.name})
            return redirect("tournaments:league_manage", slug=league.slug)
    return _manage_page(request, league, stage_form=form)


@login_required
@require_POST
def league_stage_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    league = _owned(request, slug)
    stage = get_object_or_404(league.stages, pk=pk)
    # A copy: a refused form must not rename the stage on the page shown.
    form = StageForm(request.POST, instance=Stage.objects.get(pk=stage.pk), prefix=f"edit{pk}")
    if form.is_valid():
        with refusal_on(form, fallback="name"):
            services.update_stage(stage=stage, **form.cleaned_data)
            messages.success(request, _("Étape « %(name)s » enregistrée.") % {"name": stage.name})
            return redirect("tournaments:league_manage", slug=league.slug)
    return _manage_page(request, league, edit_form=form)


@login_required
@require_POST
def league_concours_add(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    league = _owned(request, slug)
    stage = get_object_or_404(league.stages, pk=pk)
    form = ConcoursForm(request.POST, user=request.user, stage=stage)
    form.stage_pk = stage.pk
    if form.is_valid():
        tournament = form.cleaned_data["tournament"]
        with refusal_on(form, fallback="tournament"):
            services.add_concours(stage=stage, tournament=tournament, by=request.user)
            messages.success(
                request,
                _("« %(name)s » ajouté à l'étape « %(stage)s ».")
                % {"name": tournament.name, "stage": stage.name},
            )
            return redirect("tournaments:league_manage", slug=league.slug)
    return _manage_page(request, league, concours_form=form)


@login_required
@require_POST
def league_concours_remove(
    request: HttpRequest, slug: str, pk: int, tournament_id: int
) -> HttpResponse:
    league = _owned(request, slug)
    stage = get_object_or_404(league.stages, pk=pk)
    tournament = get_object_or_404(stage.tournaments, pk=tournament_id)
    with refusal_as_message(request):
        services.remove_concours(stage=stage, tournament=tournament)
        messages.success(
            request,
            _("« %(name)s » retiré de l'étape « %(stage)s ».")
            % {"name": tournament.name, "stage": stage.name},
        )
    return redirect("tournaments:league_manage", slug=league.slug)


@login_required
@require_POST
def league_send(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Send a stage's qualified teams to the next stage's concours."""
    league = _owned(request, slug)
    stage = get_object_or_404(league.stages, pk=pk)
    with refusal_as_message(request):
        sent = services.send_qualified(stage=stage, by=request.user)
        messages.success(request, words.sent_summary(sent))
    return redirect("tournaments:league_manage", slug=league.slug)


def league_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The public league page: read-only, for a phone."""
    league = get_object_or_404(League, slug=slug)
    if not league.published and league.owner_id != request.user.pk:
        raise Http404
    return render(request, "tournaments/league_page.html", _page_context(league_view(league)))


def _page_context(view) -> dict:
    for stage_view in view.stages:
        stage = stage_view.stage
        stage_view.rule_text = words.rule_sentence(
            stage.rule, stage.value, is_last=stage_view.is_last
        )
        stage_view.state_text = words.stage_state(
            has_concours=bool(stage_view.concours),
            over=stage_view.over,
            is_last=stage_view.is_last,
            sent_at=stage.qualified_at,
        )
        stage_view.left_out_text = words.left_out(stage_view.clubs.left_out)
        for concours in stage_view.concours:
            concours.forfaits_text = [
                words.forfait_replacement(out.team_name, by.team_name if by else None)
                for out, by in concours.replaced
            ]
    return {
        "league": view.league,
        "view": view,
        "club_method": words.club_method(view.league.best_k),
        "left_out_text": words.left_out(view.clubs.left_out),
    }
