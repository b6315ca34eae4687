"""The organizer's screens: create, register, draw, enter scores, close.

Each view checks its form, calls one service, adds a message and
redirects (or, for htmx requests, renders the fragment to swap). Only the
tournament's owner and co-organizers reach these views.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import links, pdf, services
from tournaments.forms import (
    AdjustmentForm,
    CoOrganizerForm,
    DealForm,
    DrawForm,
    ImportForm,
    PlayerForm,
    SwapForm,
    TeamForm,
    TotalsForm,
    TournamentForm,
    apply_service_error,
)
from tournaments.models import Player, Round, Table, Team, Tournament, running_totals


def _managed(request: HttpRequest, slug: str) -> Tournament:
    return get_object_or_404(Tournament.objects.managed_by(request.user), slug=slug)


def _round(tournament: Tournament, number: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, number=number)


def _table(tournament: Tournament, number: int, table: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related(
            "round__tournament",
            "team_a__player1",
            "team_a__player2",
            "team_b__player1",
            "team_b__player2",
        ),
        round__tournament=tournament,
        round__number=number,
        number=table,
    )


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


@login_required
def team_form(request: HttpRequest, slug: str, team_id: int | None = None) -> HttpResponse:
    tournament = _managed(request, slug)
    team = get_object_or_404(tournament.teams, pk=team_id) if team_id else None
    initial = {}
    if team is not None:
        initial = {
            "first_name1": team.player1.first_name,
            "last_name1": team.player1.last_name,
            "licence1": team.player1.licence,
            "first_name2": team.player2.first_name,
            "last_name2": team.player2.last_name,
            "licence2": team.player2.licence,
            "club": team.club,
            "name": team.name,
        }
    form = TeamForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        p1 = services.PlayerData(d["first_name1"], d["last_name1"], d["licence1"], d["club"])
        p2 = services.PlayerData(d["first_name2"], d["last_name2"], d["licence2"], d["club"])
        try:
            if team is None:
                services.register_team(
                    by=request.user,
                    tournament=tournament,
                    player1=p1,
                    player2=p2,
                    club=d["club"],
                    name=d["name"],
                )
            else:
                services.update_team(
                    by=request.user,
                    team=team,
                    player1=p1,
                    player2=p2,
                    club=d["club"],
                    name=d["name"],
                )
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
                tournament=tournament, player=services.PlayerData(**form.cleaned_data)
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
        services.set_player_presence(player=player, present=request.POST.get("present") == "1")
    except services.TournamentError as error:
        messages.error(request, error.message)
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def player_withdraw(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    tournament = _managed(request, slug)
    player = get_object_or_404(Player, tournament=tournament, pk=player_id)
    services.withdraw_player(player=player)
    messages.success(request, _("%(player)s déclare forfait.") % {"player": player})
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def team_presence(request: HttpRequest, slug: str, team_id: int) -> HttpResponse:
    tournament = _managed(request, slug)
    team = get_object_or_404(tournament.teams, pk=team_id)
    try:
        services.set_presence(team=team, present=request.POST.get("present") == "1")
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
        data = form.cleaned_data["file"].read(services.csv_import.MAX_BYTES + 1)
        if "confirm" in request.POST:
            try:
                teams = services.import_teams(by=request.user, tournament=tournament, data=data)
            except services.ImportRefused as refused:
                context["errors"] = refused.errors
            else:
                messages.success(request, _("%(n)s équipes importées.") % {"n": len(teams)})
                return redirect("tournaments:manage", slug=slug)
        else:
            context["parsed"] = parsed = services.csv_import.parse_teams(data)
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


def _table_context(table: Table, form=None, totals_form=None) -> dict:
    tournament = table.round.tournament
    rules = tournament.rule_profile
    rows = list(running_totals(table.deals.all()))
    if form is None:
        form = DealForm(rules=rules, initial={"version": table.version})
    editing = bool(form.initial.get("number") or form.data.get("number"))
    return {
        "show_form": table.status != Table.Status.COMPLETE or editing,
        "entry_url": links.entry_path(table) if not table.is_bye else None,
        "tournament": tournament,
        "round": table.round,
        "table": table,
        "rules": rules,
        "rows": rows,
        "form": form,
        "totals_form": totals_form
        or TotalsForm(
            initial={"total_a": table.total_a, "total_b": table.total_b, "version": table.version}
        ),
        "adjustments": table.adjustments.select_related("team"),
        "changes": table.changes.select_related("by")[:50],
        "adjustment_form": AdjustmentForm(table=table) if not table.is_bye else None,
        "closed": table.round.status == Round.Status.CLOSED,
    }


@login_required
def table_entry(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = _managed(request, slug)
    tbl = _table(tournament, number, table)
    form = None
    edit = request.GET.get("donne")
    if edit and edit.isdigit():
        deal = tbl.deals.filter(number=int(edit)).first()
        if deal is not None:
            form = DealForm(
                rules=tournament.rule_profile,
                initial={**DealForm.initial_for(deal), "version": tbl.version},
            )
    return render(request, "tournaments/table_entry.html", _table_context(tbl, form))


@login_required
@require_POST
def deal_save(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = _managed(request, slug)
    tbl = _table(tournament, number, table)
    form = DealForm(request.POST, rules=tournament.rule_profile)
    status = 200
    if form.is_valid():
        try:
            services.record_deal(
                by=request.user,
                table=tbl,
                values=form.deal_values(),
                number=form.cleaned_data["number"],
                expected_version=form.cleaned_data["version"],
                reason=form.cleaned_data["reason"],
            )
        except services.TournamentError as error:
            form.add_engine_error(error)
            status = 409 if error.field == "version" else 422
            if error.field == "version":
                # Show the current deals and let the next save apply to them.
                tbl.refresh_from_db()
                form.data = form.data.copy()
                form.data["version"] = str(tbl.version)
        else:
            tbl.refresh_from_db()
            form = None
    else:
        status = 422
    if not request.htmx:
        if form is None:
            return redirect("tournaments:table", slug=slug, number=number, table=table)
        return render(
            request, "tournaments/table_entry.html", _table_context(tbl, form), status=status
        )
    tbl.refresh_from_db()
    # htmx swaps only 2xx answers: a refusal keeps the typed values and shows
    # the engine's message next to its field.
    return render(request, "tournaments/includes/deal_grid.html", _table_context(tbl, form))


@login_required
@require_POST
def deal_preview(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """The engine's marques for the deal being typed, before it is saved."""
    tournament = _managed(request, slug)
    _table(tournament, number, table)
    rules = tournament.rule_profile
    form = DealForm(request.POST, rules=rules)
    context: dict = {}
    if form.is_valid():
        try:
            context["score"] = services.preview_deal(
                tournament=tournament, values=form.deal_values()
            )
        except services.TournamentError as error:
            context["error"] = error.message
    return render(request, "tournaments/includes/deal_preview.html", context)


@login_required
@require_POST
def deal_delete_last(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = _managed(request, slug)
    tbl = _table(tournament, number, table)
    try:
        services.delete_last_deal(
            by=request.user,
            table=tbl,
            expected_version=int(request.POST.get("version") or 0) or None,
            reason=request.POST.get("reason", ""),
        )
        messages.success(request, _("Dernière donne supprimée."))
    except services.TournamentError as error:
        messages.error(request, error.message)
    return redirect("tournaments:table", slug=slug, number=number, table=table)


@login_required
@require_POST
def table_totals(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = _managed(request, slug)
    tbl = _table(tournament, number, table)
    form = TotalsForm(request.POST)
    if form.is_valid():
        try:
            services.record_totals(
                by=request.user,
                table=tbl,
                total_a=form.cleaned_data["total_a"],
                total_b=form.cleaned_data["total_b"],
                expected_version=form.cleaned_data["version"],
                reason=form.cleaned_data["reason"],
            )
        except services.TournamentError as error:
            apply_service_error(form, error)
        else:
            messages.success(request, _("Totaux enregistrés."))
            return redirect("tournaments:round", slug=slug, number=number)
    tbl.refresh_from_db()
    return render(
        request, "tournaments/table_entry.html", _table_context(tbl, totals_form=form), status=422
    )


@login_required
@require_POST
def table_adjustment(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = _managed(request, slug)
    tbl = _table(tournament, number, table)
    form = AdjustmentForm(request.POST, table=tbl)
    if form.is_valid():
        team = get_object_or_404(Team, pk=int(form.cleaned_data["team"]))
        try:
            services.add_adjustment(
                by=request.user,
                table=tbl,
                team=team,
                points=form.cleaned_data["points"],
                reason=form.cleaned_data["reason"],
            )
            messages.success(request, _("Pénalité enregistrée."))
        except services.TournamentError as error:
            messages.error(request, error.message)
    else:
        messages.error(request, _("Pénalité incomplète : équipe, points et motif sont requis."))
    return redirect(reverse("tournaments:table", args=[slug, number, table]))


def _pdf(data: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@login_required
def round_sheets_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _managed(request, slug)
    rnd = _round(tournament, number)

    def entry_url(table: Table) -> str:
        return request.build_absolute_uri(links.entry_path(table))

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
