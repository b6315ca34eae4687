"""The organizer's registration screens: add, edit or delete a team, a
mêlée's players, presence, forfait and its undoing, and the CSV import of
teams (a preview line by line, then the import on confirmation) with its
model file.

Thin views as in organizer.py: check the form, call one service, add a
message, redirect; a forfait or a deletion asks first (confirm.py). Only
the tournament's organizers reach them (`managed_tournament`).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.display import imports as import_words
from tournaments.display import reasons as reason_words
from tournaments.forms.base import refusal_on
from tournaments.forms.prizes import category_choices
from tournaments.forms.teams import ApartForm, ImportConfirmForm, ImportForm, PlayerForm, TeamForm
from tournaments.infra.middleware import accepts_upload
from tournaments.models import Player, Team, Tournament
from tournaments.services import avoid, errors, extras, imports, registration, team_file
from tournaments.views.common import managed_tournament, refusal_as_message
from tournaments.views.confirm import Confirmation, confirm_page, confirmed
from tournaments.views.desk import with_suggestions


def _team_initial(team: Team | None) -> dict:
    """The form's values for an existing team (none for a new one)."""
    if team is None:
        return {}
    categories = {"categories": [c.pk for c in team.categories.all()]}
    return {
        **categories,
        "first_name1": team.player1.first_name,
        "last_name1": team.player1.last_name,
        "licence1": team.player1.licence,
        "shown1": team.player1.shown,
        "first_name2": team.player2.first_name,
        "last_name2": team.player2.last_name,
        "licence2": team.player2.licence,
        "shown2": team.player2.shown,
        "club": team.club,
        "name": team.name,
    }


def _save_team(
    request: HttpRequest, tournament: Tournament, team: Team | None, form: TeamForm
) -> None:
    """Register a new team, or update `team`, from the form's cleaned data."""
    data, extra_values = form.cleaned_data, form.extra_values()
    p1 = registration.PlayerData(
        data["first_name1"], data["last_name1"], data["licence1"], data["club"], data["shown1"]
    )
    p2 = registration.PlayerData(
        data["first_name2"], data["last_name2"], data["licence2"], data["club"], data["shown2"]
    )
    fields = {"player1": p1, "player2": p2, "club": data["club"], "name": data["name"]}
    if "categories" in data:
        fields["categories"] = data["categories"]
    if team is None:
        registration.register_team(
            by=request.user, tournament=tournament, extra_values=extra_values, **fields
        )
    else:
        registration.update_team(by=request.user, team=team, **fields)


def _team(tournament: Tournament, team_id: int) -> Team:
    return get_object_or_404(tournament.teams.select_related("player1", "player2"), pk=team_id)


@login_required
def team_form(request: HttpRequest, slug: str, team_id: int | None = None) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    team = _team(tournament, team_id) if team_id else None
    form = with_suggestions(
        TeamForm(
            request.POST or None,
            initial=_team_initial(team),
            categories=category_choices(tournament),
            # A new team's: the installed features' fields (the messages' e-mail).
            extras=extras.declared(tournament, "desk") if team is None else None,
        ),
        tournament,
    )
    if request.method == "POST" and form.is_valid():
        with refusal_on(form):
            _save_team(request, tournament, team, form)
            messages.success(request, _("Équipe enregistrée."))
            if "again" in request.POST:
                return redirect("tournaments:team_add", slug=slug)
            return redirect("tournaments:manage", slug=slug)
    return render(
        request,
        "tournaments/team_form.html",
        {
            "tournament": tournament,
            "form": form,
            "team": team,
            "deletable": team is not None and registration.team_deletable(team),
        },
    )


@login_required
def team_delete(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    team = _team(tournament, team_id)
    if not confirmed(request):
        return confirm_page(
            request,
            tournament,
            Confirmation(
                title=_("Supprimer l'équipe n° %(number)s ?") % {"number": team.number},
                question=_("%(team)s (%(players)s) disparaît de la liste des inscrits.")
                % {"team": team, "players": team.players_label},
                consequences=[
                    _(
                        "Pour une équipe qui ne vient pas ou qui abandonne, déclarez plutôt "
                        "un forfait."
                    ),
                ],
                blockers=[]
                if registration.team_deletable(team)
                else [
                    _("Cette équipe a déjà été placée à une table : déclarez plutôt son forfait.")
                ],
                button=_("Supprimer l'équipe"),
                cancel_url=reverse(
                    "tournaments:team_edit", kwargs={"slug": slug, "team_id": team.pk}
                ),
            ),
        )
    with refusal_as_message(request):
        registration.delete_team(team=team, by=request.user)
        messages.success(request, _("Équipe n° %(number)s supprimée.") % {"number": team.number})
        return redirect("tournaments:manage", slug=slug)
    return redirect("tournaments:team_edit", slug=slug, team_id=team.pk)


@login_required
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Register one player of a mêlée (partners are drawn every partie)."""
    tournament = managed_tournament(request, slug)
    form = with_suggestions(
        PlayerForm(request.POST or None, categories=category_choices(tournament)), tournament
    )
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        categories = data.pop("categories", None)
        with refusal_on(form):
            registration.register_player(
                tournament=tournament,
                player=registration.PlayerData(**data),
                categories=categories,
                by=request.user,
            )
            messages.success(request, _("Joueur inscrit."))
            if "again" in request.POST:
                return redirect("tournaments:player_add", slug=slug)
            return redirect("tournaments:manage", slug=slug)
    return render(request, "tournaments/player_form.html", {"tournament": tournament, "form": form})


@login_required
@require_POST
def player_presence(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    player = get_object_or_404(Player, tournament=tournament, pk=player_id)
    with refusal_as_message(request):
        registration.set_player_presence(
            player=player, present=request.POST.get("present") == "1", by=request.user
        )
    return redirect("tournaments:manage", slug=slug)


def _forfait_confirmation(slug: str, who: str) -> Confirmation:
    return Confirmation(
        title=_("Forfait de %(who)s ?") % {"who": who},
        question=_("%(who)s ne sera plus placé(e) aux parties suivantes.") % {"who": who},
        consequences=[
            _("Les résultats déjà joués restent au classement."),
            _("Vous pourrez annuler ce forfait jusqu'au prochain tirage."),
        ],
        button=_("Déclarer le forfait"),
        cancel_url=reverse("tournaments:manage", kwargs={"slug": slug}),
    )


@login_required
def player_withdraw(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    player = get_object_or_404(Player, tournament=tournament, pk=player_id)
    if not confirmed(request):
        return confirm_page(request, tournament, _forfait_confirmation(slug, str(player)))
    with refusal_as_message(request):
        registration.withdraw_player(player=player, by=request.user)
        messages.success(request, _("%(player)s déclare forfait.") % {"player": player})
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def player_reinstate(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    player = get_object_or_404(Player, tournament=tournament, pk=player_id)
    with refusal_as_message(request):
        registration.reinstate_player(player=player, by=request.user)
        messages.success(request, _("Forfait de %(who)s annulé.") % {"who": player})
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def team_presence(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    team = _team(tournament, team_id)
    with refusal_as_message(request):
        registration.set_presence(
            team=team, present=request.POST.get("present") == "1", by=request.user
        )
    if request.htmx:
        return render(
            request, "tournaments/includes/team_row.html", {"team": team, "tournament": tournament}
        )
    return redirect("tournaments:manage", slug=slug)


@login_required
def team_withdraw(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    team = _team(tournament, team_id)
    if not confirmed(request):
        who = _("l'équipe n° %(number)s, %(team)s") % {"number": team.number, "team": team}
        return confirm_page(request, tournament, _forfait_confirmation(slug, who))
    with refusal_as_message(request):
        registration.withdraw_team(by=request.user, team=team)
        messages.success(request, _("%(team)s déclare forfait.") % {"team": team})
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def team_reinstate(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    team = _team(tournament, team_id)
    with refusal_as_message(request):
        registration.reinstate_team(team=team, by=request.user)
        messages.success(request, _("Forfait de %(who)s annulé.") % {"who": team})
    return redirect("tournaments:manage", slug=slug)


@login_required
@accepts_upload
def team_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload a CSV: a preview says what each column was read as (the
    volunteer may say what one is, and read the file again) and what each
    line will do (new, already registered, in conflict), every faulty line
    listed; the new teams are registered on confirmation, from the file
    read at the preview."""
    tournament = managed_tournament(request, slug)
    if request.method == "POST" and ("confirm" in request.POST or "reread" in request.POST):
        return _import_confirmed(request, tournament)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data["file"].read(team_file.MAX_BYTES + 1)
        return _preview(request, tournament, form, data)
    return render(request, "tournaments/team_import.html", {"tournament": tournament, "form": form})


def _column_choices(tournament: Tournament) -> list[tuple[str, str]]:
    declared = extras.declared(tournament, "file")
    named = [(key, str(declared.fields[name].label)) for key, name in declared.columns.items()]
    return import_words.column_choices(named)


def _preview(
    request: HttpRequest,
    tournament: Tournament,
    form: ImportForm,
    data: bytes,
    chosen: list[str] | None = None,
) -> HttpResponse:
    plan = imports.plan_import(tournament=tournament, data=data, chosen=chosen)
    if plan.columns_problem:
        pass  # not a refusal: said above the columns, for the volunteer to say them
    elif plan.refused_whole:
        form.add_error("file", errors.ImportRefused(plan.errors).message)
    elif plan.refusal:
        form.add_error("file", plan.refusal)
    elif not plan.new:
        form.add_error("file", _("Aucune nouvelle équipe dans ce fichier."))
    context: dict = {"tournament": tournament, "form": form, "plan": plan}
    if plan.columns:
        context["confirm_form"] = ImportConfirmForm(
            initial={"data": ImportConfirmForm.pack(data)},
            columns=plan.columns,
            choices=_column_choices(tournament),
        )
    return render(request, "tournaments/team_import.html", context)


def _import_confirmed(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The file read at the preview, read again with the columns said
    (« Relire »), or imported; a refusal is shown at the file field (a new,
    empty one: the file is to be chosen again)."""
    confirm_form = ImportConfirmForm(request.POST, choices=_column_choices(tournament))
    context: dict = {"tournament": tournament, "form": ImportForm()}
    if not confirm_form.is_valid():
        context["file_error"] = _("Fichier illisible : choisissez-le à nouveau.")
        return render(request, "tournaments/team_import.html", context)
    data, chosen = confirm_form.cleaned_data["data"], confirm_form.chosen()
    if "reread" in request.POST:
        return _preview(request, tournament, ImportForm(), data, chosen)
    try:
        plan = imports.import_teams(
            by=request.user, tournament=tournament, data=data, chosen=chosen
        )
    except errors.ImportRefused as refused:
        context["plan"] = imports.ImportPlan(errors=refused.errors, refused_whole=True)
        context["file_error"] = refused.message
    except errors.TournamentError as error:
        context["file_error"] = error.message
    else:
        messages.success(request, import_words.imported_message(plan))
        return redirect("tournaments:manage", slug=tournament.slug)
    return render(request, "tournaments/team_import.html", context)


@login_required
def import_model_csv(request: HttpRequest) -> HttpResponse:
    """The model file of the import: the expected header, two example lines."""
    columns = tuple(extras.declared(None, "file").columns)
    response = HttpResponse(team_file.template_csv(columns), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="modele-equipes.csv"'
    return response


@login_required
def teams_apart(request: HttpRequest, slug: str) -> HttpResponse:
    """« Ne pas faire jouer ensemble », from the teams' page (issue 54,
    item 4): the families, couples and clubs the draws keep apart."""
    tournament = managed_tournament(request, slug)
    form = ApartForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        kept = avoid.keep_apart(
            tournament=tournament,
            groups=form.groups_text(),
            same_club=form.cleaned_data["same_club"],
            absolute=form.cleaned_data["absolute"],
            by=request.user,
        )
        said = reason_words.apart_said(kept.avoid_groups, same_club=kept.avoid_same_club)
        messages.success(request, said or _("Plus aucune rencontre à éviter au tirage."))
        return redirect("tournaments:manage", slug=slug)
    teams = tournament.teams.select_related("player1", "player2").order_by("number")
    return render(
        request,
        "tournaments/teams_apart.html",
        {"tournament": tournament, "form": form, "teams": teams},
    )
