"""The organizer's screens for a tournament and its parties: create, edit,
publish, archive and delete a tournament; draw and manage the parties,
print their PDFs (a whole partie's score sheets, or one table's), validate a
table, revoke its link. Registering teams and players is registration.py.

Each view checks its form, calls one service, adds a message and
redirects (or, for htmx requests, renders the fragment to swap). Only the
tournament's owner and co-organizers reach these views (`_managed` answers
404 to anyone else). An action that cannot be undone asks first
(confirm.py). A view must not change a model itself or compute a score:
the services do the writing and keep the rules. The desk's score entry for
one table is in entry.py.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import pdf, services
from tournaments.forms.accounts import CoOrganizerForm
from tournaments.forms.base import apply_service_error
from tournaments.forms.rounds import DrawForm, LastDealCallForm, SwapTeamsForm
from tournaments.forms.tournament import TournamentForm
from tournaments.infra import address, links
from tournaments.models import Deal, Player, Round, Table, Team, Tournament
from tournaments.queries import brackets as bracket_queries
from tournaments.queries import cash as cash_queries
from tournaments.queries import clock as clock_queries
from tournaments.queries import pools as pool_queries
from tournaments.views.common import _managed, _pdf, _round, _table
from tournaments.views.confirm import Confirmation, confirm_page, confirmed


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    managed = Tournament.objects.managed_by(request.user).order_by("-date")
    return render(
        request,
        "tournaments/manage_dashboard.html",
        {"tournaments": managed.active(), "archived": managed.filter(archived=True)},
    )


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
def tournament_edit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _managed(request, slug)
    form = TournamentForm(
        request.POST or None,
        tournament=tournament,
        rules_locked=services.rules_locked(tournament),
        format_locked=services.format_locked(tournament),
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(
                tournament=tournament, by=request.user, **form.service_kwargs()
            )
        except services.TournamentError as error:
            apply_service_error(form, error, fallback="preset")
        else:
            messages.success(request, _("Tournoi modifié."))
            return redirect("tournaments:manage", slug=slug)
    return render(
        request,
        "tournaments/tournament_form.html",
        {
            "form": form,
            "tournament": tournament,
            "day_plan": clock_queries.day_plan(tournament) if tournament.clock_enabled else None,
        },
    )


@login_required
@require_POST
def tournament_publish(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _managed(request, slug)
    published = request.POST.get("published") == "1"
    services.set_published(tournament=tournament, published=published, by=request.user)
    if published:
        messages.success(request, _("Tournoi publié : les joueurs le voient sur l'accueil."))
    else:
        messages.success(
            request, _("Tournoi retiré de l'accueil : seuls ses organisateurs le voient.")
        )
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def tournament_archive(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _managed(request, slug)
    archived = request.POST.get("archived") == "1"
    services.set_archived(tournament=tournament, archived=archived, by=request.user)
    if archived:
        messages.success(
            request, _("Tournoi archivé : il est rangé dans les archives de « Mes tournois ».")
        )
        return redirect("tournaments:dashboard")
    messages.success(request, _("Tournoi sorti des archives."))
    return redirect("tournaments:manage", slug=slug)


@login_required
def tournament_delete(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _managed(request, slug)
    if confirmed(request):
        try:
            services.delete_tournament(tournament=tournament, by=request.user)
        except services.TournamentError as error:
            messages.error(request, error.message)
            return redirect("tournaments:manage", slug=slug)
        messages.success(request, _("Tournoi « %(name)s » supprimé.") % {"name": tournament})
        return redirect("tournaments:dashboard")
    counts = {
        "teams": tournament.teams.filter(round__isnull=True).count(),
        "players": tournament.players.count(),
        "rounds": tournament.rounds.count(),
        "deals": Deal.objects.filter(table__round__tournament=tournament).count(),
    }
    return confirm_page(
        request,
        tournament,
        Confirmation(
            title=_("Supprimer le tournoi « %(name)s » ?") % {"name": tournament},
            question=_(
                "Tout sera effacé pour de bon : %(teams)s équipes (%(players)s joueurs), "
                "%(rounds)s parties tirées, %(deals)s donnes saisies, et l'historique."
            )
            % counts,
            consequences=[
                _("Pour seulement le ranger, archivez-le plutôt : il reste consultable."),
            ],
            button=_("Supprimer définitivement"),
            cancel_url=reverse("tournaments:manage", kwargs={"slug": slug}),
        ),
    )


@login_required
def manage(request: HttpRequest, slug: str) -> HttpResponse:
    return _manage_page(request, _managed(request, slug))


def _manage_page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    draw_form: DrawForm | None = None,
    co_form: CoOrganizerForm | None = None,
) -> HttpResponse:
    """The tournament's page; a form given back shows its refusal next to
    its field (answered 422)."""
    teams = list(
        tournament.teams.filter(round__isnull=True).select_related("player1", "player2", "payment")
    )
    players = list(tournament.players.select_related("payment").order_by("last_name", "first_name"))
    rounds = tournament.rounds.order_by("number")
    # The few withdrawn entrants whose forfait can still be undone.
    undoable_teams = {
        t.pk for t in teams if t.status == Team.Status.WITHDRAWN and services.can_undo_withdrawal(t)
    }
    undoable_players = {
        p.pk
        for p in players
        if p.status == Player.Status.WITHDRAWN and services.can_undo_withdrawal(p)
    }
    return render(
        request,
        "tournaments/manage_tournament.html",
        {
            "tournament": tournament,
            "teams": teams,
            "players": players,
            "undoable_teams": undoable_teams,
            "undoable_players": undoable_players,
            "melee": tournament.format == Tournament.Format.MELEE,
            "rounds": rounds,
            "has_brackets": bracket_queries.has_brackets(tournament),
            "draw_form": draw_form
            or DrawForm(initial={"method": "random" if not rounds else "ranking"}),
            "co_form": co_form or CoOrganizerForm(),
            "co_organizers": tournament.co_organizers.all(),
            "waiting": services.waiting_players(tournament),
            "cash": cash_queries.cash_summary(tournament) if tournament.cash_enabled else None,
            "day_plan": clock_queries.day_plan(tournament) if tournament.clock_enabled else None,
            # Pools (services/pools.py): formed before the first partie.
            "has_pools": (has_pools := pool_queries.has_pools(tournament)),
            "pools_reachable": has_pools or not rounds,
        },
        status=422 if draw_form or co_form else 200,
    )


@login_required
@require_POST
def round_draw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _managed(request, slug)
    form = DrawForm(request.POST)
    if not form.is_valid():
        return _manage_page(request, tournament, draw_form=form)
    try:
        rnd = services.draw_round(
            by=request.user,
            tournament=tournament,
            method=form.cleaned_data["method"],
            seed=form.cleaned_data["seed"],
        )
    except services.TournamentError as error:
        apply_service_error(form, error, fallback="method")
        return _manage_page(request, tournament, draw_form=form)
    messages.success(request, _("%(round)s tirée.") % {"round": rnd})
    return redirect("tournaments:round", slug=slug, number=rnd.number)


def _round_tables_context(tournament: Tournament, rnd: Round) -> dict:
    tables = list(
        rnd.tables.select_related(
            "team_a__player1", "team_a__player2", "team_b__player1", "team_b__player2"
        ).order_by("number")
    )
    playing = [t for t in tables if not t.is_bye]
    locked = {t.pk for t in playing if services.codes_locked_until(t)}
    return {
        "codes_locked": locked,
        "tournament": tournament,
        "round": rnd,
        "tables": tables,
        "playing_count": len(playing),
        "complete_count": sum(t.status == Table.Status.COMPLETE for t in playing),
        "disputed_count": sum(t.entry_state == Table.EntryState.DISPUTED for t in playing),
    }


@login_required
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _managed(request, slug)
    return _round_page(request, tournament, _round(tournament, number))


def _round_page(
    request: HttpRequest,
    tournament: Tournament,
    rnd: Round,
    *,
    swap_form: SwapTeamsForm | None = None,
    draw_form: DrawForm | None = None,
    call_form: LastDealCallForm | None = None,
) -> HttpResponse:
    """The partie's page; a form given back shows its refusal next to its
    field (answered 422)."""
    return render(
        request,
        "tournaments/manage_round.html",
        {
            **_round_tables_context(tournament, rnd),
            "swap_form": swap_form or SwapTeamsForm(round=rnd),
            "draw_form": draw_form or DrawForm(initial={"method": rnd.draw_method}),
            "call_form": call_form or LastDealCallForm(initial={"minutes": rnd.last_deal_minutes}),
        },
        status=422 if swap_form or draw_form or call_form else 200,
    )


@login_required
def round_tables(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The partie's tables alone: the fragment the round page polls."""
    tournament = _managed(request, slug)
    rnd = _round(tournament, number)
    return render(
        request,
        "tournaments/includes/manage_round_tables.html",
        _round_tables_context(tournament, rnd),
    )


@login_required
@require_POST
def round_redraw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _managed(request, slug)
    rnd = _round(tournament, number)
    form = DrawForm(request.POST)
    if not form.is_valid():
        return _round_page(request, tournament, rnd, draw_form=form)
    try:
        services.redraw_round(
            by=request.user,
            round=rnd,
            method=form.cleaned_data["method"],
            seed=form.cleaned_data["seed"],
        )
    except services.TournamentError as error:
        apply_service_error(form, error, fallback="method")
        return _round_page(request, tournament, rnd, draw_form=form)
    messages.success(request, _("Tirage refait : imprimez les nouvelles feuilles de marque."))
    return redirect("tournaments:round", slug=slug, number=number)


@login_required
@require_POST
def round_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _managed(request, slug)
    rnd = _round(tournament, number)
    form = SwapTeamsForm(request.POST, round=rnd)
    if not form.is_valid():
        return _round_page(request, tournament, rnd, swap_form=form)
    try:
        services.swap_teams(
            by=request.user,
            round=rnd,
            first=form.cleaned_data["first"],
            second=form.cleaned_data["second"],
        )
    except services.TournamentError as error:
        apply_service_error(form, error, fallback="first")
        return _round_page(request, tournament, rnd, swap_form=form)
    messages.success(request, _("Équipes échangées."))
    return redirect("tournaments:round", slug=slug, number=number)


@login_required
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _managed(request, slug)
    rnd = _round(tournament, number)
    if rnd.status == Round.Status.CLOSED:
        messages.info(request, _("Cette partie est déjà close."))
        return redirect("tournaments:round", slug=slug, number=number)
    if not confirmed(request):
        bracket = rnd.stage == Round.Stage.BRACKET
        last = not bracket and bracket_queries.is_last_qualifying(rnd)
        return confirm_page(
            request,
            tournament,
            Confirmation(
                title=_("Fermer la %(round)s ?") % {"round": str(rnd).lower()},
                question=_("Les résultats de cette partie comptent alors pour le classement."),
                consequences=[
                    _("Une partie close ne se rouvre pas."),
                    _(
                        "Une correction restera possible, avec un motif, et la table sera "
                        "marquée « corrigé »."
                    ),
                    _("Les gagnants de chaque table passent au tour suivant de leur tableau.")
                    if bracket
                    else _("C'est la dernière partie prévue : le tournoi sera terminé.")
                    if last
                    else _("Vous pourrez ensuite tirer la partie suivante."),
                ],
                blockers=services.close_blockers(rnd),
                button=_("Fermer la partie"),
                cancel_url=reverse("tournaments:round", kwargs={"slug": slug, "number": number}),
                danger=False,
            ),
        )
    try:
        services.close_round(by=request.user, round=rnd)
    except services.TournamentError as error:
        messages.error(request, error.message)
        return redirect("tournaments:round", slug=slug, number=number)
    messages.success(request, _("%(round)s close.") % {"round": rnd})
    return redirect("tournaments:manage", slug=slug)


def _entry_url(request: HttpRequest):
    base = address.public_address(request).url

    def entry_url(table: Table) -> str:
        # The address phones can open, never the laptop's own 127.0.0.1.
        return base + links.entry_path(table)

    return entry_url


@login_required
def round_sheets_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    rnd = _round(_managed(request, slug), number)
    return _pdf(
        pdf.score_sheets(rnd, entry_url=_entry_url(request)), f"feuilles-partie-{number}.pdf"
    )


@login_required
def table_sheet_pdf(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """One table's score sheet alone, to print it again."""
    tbl = _table(_managed(request, slug), number, table)
    data = pdf.score_sheets(tbl.round, entry_url=_entry_url(request), only=tbl.number)
    return _pdf(data, f"feuille-partie-{number}-table-{table}.pdf")


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
def table_revoke(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = _managed(request, slug)
    tbl = _table(tournament, number, table)
    here = {"slug": slug, "number": number, "table": table}
    if not confirmed(request):
        return confirm_page(
            request,
            tournament,
            Confirmation(
                title=_("Révoquer le lien de la %(table)s ?") % {"table": str(tbl).lower()},
                question=_(
                    "Le QR code imprimé sur la feuille de marque de cette table ne marchera plus."
                ),
                consequences=[
                    _("Les donnes déjà saisies restent."),
                    _(
                        "Les deux équipes reçoivent de nouveaux codes ; des codes bloqués "
                        "après trop de codes faux sont débloqués."
                    ),
                    _(
                        "Réimprimez ensuite la feuille de cette table et ses coupons : ils "
                        "porteront le nouveau lien et les nouveaux codes."
                    ),
                ],
                button=_("Révoquer le lien"),
                cancel_url=reverse("tournaments:table", kwargs=here),
            ),
        )
    services.revoke_entry_link(table=tbl, by=request.user)
    messages.success(
        request,
        _(
            "Ancien lien révoqué, nouveaux codes : réimprimez la feuille de cette table "
            "et ses coupons."
        ),
    )
    return redirect("tournaments:table", **here)


@login_required
@require_POST
def co_organizer_add(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _managed(request, slug)
    form = CoOrganizerForm(request.POST)
    if not form.is_valid():
        return _manage_page(request, tournament, co_form=form)
    try:
        services.add_co_organizer(
            tournament=tournament, username=form.cleaned_data["username"], by=request.user
        )
    except services.TournamentError as error:
        apply_service_error(form, error, fallback="username")
        return _manage_page(request, tournament, co_form=form)
    messages.success(request, _("Co-organisateur ajouté."))
    return redirect("tournaments:manage", slug=slug)
