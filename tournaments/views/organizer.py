"""The organizer's screens: create a tournament, register teams and
players, draw and manage the parties, print their PDFs, validate a table.

Each view checks its form, calls one service, adds a message and
redirects (or, for htmx requests, renders the fragment to swap). Only the
tournament's owner and co-organizers reach these views (`_managed` answers
404 to anyone else). A view must not change a model itself or compute a
score: services.py does the writing and keeps the rules. The desk's score
entry for one table is in entry.py.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import address, csv_import, links, pdf, services
from tournaments.forms import (
    CoOrganizerForm,
    DrawForm,
    ImportForm,
    PlayerForm,
    SwapForm,
    TeamForm,
    TournamentForm,
    apply_service_error,
)
from tournaments.models import Player, Table, Team, Tournament
from tournaments.views.common import _managed, _pdf, _round, _table


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.managed_by(request.user).order_by("-date")
    return render(request, "tournaments/manage_dashboard.html", {"tournaments": tournaments})


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(owner=request.user, **form.service_kwargs())
        except services.TournamentError as error:
            apply_service_error(form, error, fallback="preset")
        else:
            messages.success(request, _("Tournoi créé. Inscrivez maintenant les équipes."))
            return redirect("tournaments:manage", slug=tournament.slug)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@login_required
def manage(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _managed(request, slug)
    teams = tournament.teams.filter(round__isnull=True).select_related("player1", "player2")
    players = tournament.players.order_by("last_name", "first_name")
    rounds = tournament.rounds.order_by("number")
    return render(
        request,
        "tournaments/manage_tournament.html",
        {
            "tournament": tournament,
            "teams": teams,
            "players": players,
            "melee": tournament.format == Tournament.Format.MELEE,
            "rounds": rounds,
            "draw_form": DrawForm(initial={"method": "random" if not rounds else "ranking"}),
            "co_form": CoOrganizerForm(),
            "co_organizers": tournament.co_organizers.all(),
        },
    )


def _team_initial(team: Team | None) -> dict:
    """The form's values for an existing team (none for a new one)."""
    if team is None:
        return {}
    return {
        "first_name1": team.player1.first_name,
        "last_name1": team.player1.last_name,
        "licence1": team.player1.licence,
        "first_name2": team.player2.first_name,
        "last_name2": team.player2.last_name,
        "licence2": team.player2.licence,
        "club": team.club,
        "name": team.name,
    }


def _save_team(request: HttpRequest, tournament: Tournament, team: Team | None, data: dict) -> None:
    """Register a new team, or update `team`, from the form's cleaned data."""
    p1 = services.PlayerData(
        data["first_name1"], data["last_name1"], data["licence1"], data["club"]
    )
    p2 = services.PlayerData(
        data["first_name2"], data["last_name2"], data["licence2"], data["club"]
    )
    fields = {"player1": p1, "player2": p2, "club": data["club"], "name": data["name"]}
    if team is None:
        services.register_team(by=request.user, tournament=tournament, **fields)
    else:
        services.update_team(by=request.user, team=team, **fields)


@login_required
def team_form(request: HttpRequest, slug: str, team_id: int | None = None) -> HttpResponse:
    tournament = _managed(request, slug)
    team = get_object_or_404(tournament.teams, pk=team_id) if team_id else None
    form = TeamForm(request.POST or None, initial=_team_initial(team))
    if request.method == "POST" and form.is_valid():
        try:
            _save_team(request, tournament, team, form.cleaned_data)
        except services.TournamentError as error:
            apply_service_error(form, error)
        else:
            messages.success(request, _("Équipe enregistrée."))
            if "again" in request.POST:
                return redirect("tournaments:team_add", slug=slug)
            return redirect("tournaments:manage", slug=slug)
    return render(
        request,
        "tournaments/team_form.html",
        {"tournament": tournament, "form": form, "team": team},
    )


@login_required
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Register one player of a mêlée (partners are drawn every partie)."""
    tournament = _managed(request, slug)
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.register_player(
                tournament=tournament,
                player=services.PlayerData(**form.cleaned_data),
                by=request.user,
            )
        except services.TournamentError as error:
            apply_service_error(form, error)
        else:
            messages.success(request, _("Joueur inscrit."))
            if "again" in request.POST:
                return redirect("tournaments:player_add", slug=slug)
            return redirect("tournaments:manage", slug=slug)
    return render(request, "tournaments/player_form.html", {"tournament": tournament, "form": form})


@login_required
@require_POST
def player_presence(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    tournament = _managed(request, slug)
    player = get_object_or_404(Player, tournament=tournament, pk=player_id)
    try:
        services.set_player_presence(
            player=player, present=request.POST.get("present") == "1", by=request.user
        )
    except services.TournamentError as error:
        messages.error(request, error.message)
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def player_withdraw(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    tournament = _managed(request, slug)
    player = get_object_or_404(Player, tournament=tournament, pk=player_id)
    services.withdraw_player(player=player, by=request.user)
    messages.success(request, _("%(player)s déclare forfait.") % {"player": player})
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def team_presence(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    tournament = _managed(request, slug)
    team = get_object_or_404(tournament.teams, pk=team_id)
    try:
        services.set_presence(
            team=team, present=request.POST.get("present") == "1", by=request.user
        )
    except services.TournamentError as error:
        messages.error(request, error.message)
    if request.htmx:
        return render(
            request, "tournaments/includes/team_row.html", {"team": team, "tournament": tournament}
        )
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def team_withdraw(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    tournament = _managed(request, slug)
    team = get_object_or_404(tournament.teams, pk=team_id)
    services.withdraw_team(by=request.user, team=team)
    messages.success(request, _("%(team)s déclare forfait.") % {"team": team})
    return redirect("tournaments:manage", slug=slug)


@login_required
def team_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload a CSV: a preview first, every faulty line listed; the import
    happens only from a clean file, on confirmation."""
    tournament = _managed(request, slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    context: dict = {"tournament": tournament, "form": form}
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data["file"].read(csv_import.MAX_BYTES + 1)
        if "confirm" in request.POST:
            try:
                teams = services.import_teams(by=request.user, tournament=tournament, data=data)
            except services.ImportRefused as refused:
                context["errors"] = refused.errors
            else:
                messages.success(request, _("%(n)s équipes importées.") % {"n": len(teams)})
                return redirect("tournaments:manage", slug=slug)
        else:
            context["parsed"] = parsed = csv_import.parse_teams(data)
            context["errors"] = parsed.errors
    return render(request, "tournaments/team_import.html", context)


@login_required
@require_POST
def round_draw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _managed(request, slug)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choisissez une méthode de tirage valide."))
        return redirect("tournaments:manage", slug=slug)
    try:
        rnd = services.draw_round(
            by=request.user,
            tournament=tournament,
            method=form.cleaned_data["method"],
            seed=form.cleaned_data["seed"],
        )
    except services.TournamentError as error:
        messages.error(request, error.message)
        return redirect("tournaments:manage", slug=slug)
    messages.success(request, _("%(round)s tirée.") % {"round": rnd})
    return redirect("tournaments:round", slug=slug, number=rnd.number)


@login_required
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _managed(request, slug)
    rnd = _round(tournament, number)
    tables = rnd.tables.select_related(
        "team_a__player1", "team_a__player2", "team_b__player1", "team_b__player2"
    ).order_by("number")
    return render(
        request,
        "tournaments/manage_round.html",
        {
            "tournament": tournament,
            "round": rnd,
            "tables": tables,
            "swap_form": SwapForm(round=rnd),
            "draw_form": DrawForm(initial={"method": rnd.draw_method, "seed": rnd.draw_seed}),
        },
    )


@login_required
@require_POST
def round_redraw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _managed(request, slug)
    rnd = _round(tournament, number)
    form = DrawForm(request.POST)
    if form.is_valid():
        try:
            services.redraw_round(
                by=request.user,
                round=rnd,
                method=form.cleaned_data["method"],
                seed=form.cleaned_data["seed"],
            )
            messages.success(request, _("Partie retirée."))
        except services.TournamentError as error:
            messages.error(request, error.message)
    return redirect("tournaments:round", slug=slug, number=number)


@login_required
@require_POST
def round_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _managed(request, slug)
    rnd = _round(tournament, number)
    form = SwapForm(request.POST, round=rnd)
    if form.is_valid():
        try:
            services.swap_teams(
                by=request.user,
                round=rnd,
                first=form.cleaned_data["first"],
                second=form.cleaned_data["second"],
            )
            messages.success(request, _("Équipes échangées."))
        except services.TournamentError as error:
            messages.error(request, error.message)
    else:
        messages.error(request, _("Choisissez deux équipes de cette partie."))
    return redirect("tournaments:round", slug=slug, number=number)


@login_required
@require_POST
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _managed(request, slug)
    rnd = _round(tournament, number)
    try:
        services.close_round(by=request.user, round=rnd)
    except services.TournamentError as error:
        messages.error(request, error.message)
        return redirect("tournaments:round", slug=slug, number=number)
    messages.success(request, _("%(round)s close.") % {"round": rnd})
    return redirect("tournaments:manage", slug=slug)


@login_required
def round_sheets_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _managed(request, slug)
    rnd = _round(tournament, number)

    base = address.public_address(request).url

    def entry_url(table: Table) -> str:
        # The address phones can open, never the laptop's own 127.0.0.1.
        return base + links.entry_path(table)

    return _pdf(pdf.score_sheets(rnd, entry_url=entry_url), f"feuilles-partie-{number}.pdf")


@login_required
def round_plan_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    rnd = _round(_managed(request, slug), number)
    return _pdf(pdf.table_plan(rnd), f"plan-partie-{number}.pdf")


@login_required
def round_results_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    rnd = _round(_managed(request, slug), number)
    return _pdf(pdf.round_results(rnd), f"resultats-partie-{number}.pdf")


@login_required
@require_POST
def table_validate(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tbl = _table(_managed(request, slug), number, table)
    try:
        services.validate_table(table=tbl, by=request.user)
        messages.success(request, _("Table validée."))
    except services.TournamentError as error:
        messages.error(request, error.message)
    return redirect("tournaments:table", slug=slug, number=number, table=table)


@login_required
@require_POST
def table_revoke(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tbl = _table(_managed(request, slug), number, table)
    services.revoke_entry_link(table=tbl, by=request.user)
    messages.success(
        request, _("Ancien lien révoqué : réimprimez la feuille de marque de cette table.")
    )
    return redirect("tournaments:table", slug=slug, number=number, table=table)


@login_required
@require_POST
def co_organizer_add(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _managed(request, slug)
    form = CoOrganizerForm(request.POST)
    if form.is_valid():
        try:
            services.add_co_organizer(
                tournament=tournament, username=form.cleaned_data["username"], by=request.user
            )
            messages.success(request, _("Co-organisateur ajouté."))
        except services.TournamentError as error:
            messages.error(request, error.message)
    return redirect("tournaments:manage", slug=slug)
