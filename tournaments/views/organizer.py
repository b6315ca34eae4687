"""The organizer's screens for a tournament: the list of one's tournaments,
create, edit, publish, archive and delete one, its dashboard, its
co-organizers. Its rounds (draws, closing, their PDFs, a table's link) are
rounds.py; registering teams and players is registration.py.

Each view checks its form, calls one service, adds a message and
redirects (or, for htmx requests, renders the fragment to swap). Only the
tournament's owner and co-organizers reach these views (`managed_tournament` answers
404 to anyone else). An action that cannot be undone asks first
(confirm.py). A view must not change a model itself or compute a score:
the services do the writing and keep the rules. The desk's score entry for
one table is in entry.py.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments import hooks
from tournaments.display import standings as standings_display
from tournaments.display.hall import PhonesQr, phones_qr
from tournaments.domain.digits import whole_number
from tournaments.domain.search import name_order
from tournaments.forms.accounts import CoOrganizerForm
from tournaments.forms.base import refusal_on
from tournaments.forms.new_tournament import NewTournamentForm
from tournaments.forms.rounds import DrawForm
from tournaments.forms.tournament import TournamentForm
from tournaments.infra import address, standby
from tournaments.models import Category, Deal, Player, Team, Tournament
from tournaments.queries import brackets as bracket_queries
from tournaments.queries import pools as pool_queries
from tournaments.queries import public as public_queries
from tournaments.queries import standings as standings_queries
from tournaments.services import autosave, registration, singles, tournaments
from tournaments.views import publication
from tournaments.views.common import concours_file_response, managed_tournament, refusal_as_message
from tournaments.views.confirm import Confirmation, confirm_page, confirmed


@require_GET
def stick_line(request: HttpRequest) -> HttpResponse:
    """The desk's line about the stick, asked again every few seconds by
    every organizer's page (templates/tournaments/includes/stick_line.html):
    its last write counts up, and it turns red as soon as the stick is
    pulled out. Empty for anyone else (the line goes, no login page swapped in)."""
    return render(request, "tournaments/includes/stick_line.html")  # views/context.py fills it


def _phones_here(request: HttpRequest) -> PhonesQr:
    """This laptop's address for the phones, and its QR code opening « Ma table »."""
    here = standby.HERE or address.public_address(request).url
    return phones_qr(here + "/", opens=here + reverse("tournaments:my_table"))


@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    managed = Tournament.objects.managed_by(request.user).order_by("-date")
    return render(
        request,
        "tournaments/manage_dashboard.html",
        {
            "tournaments": managed.active(),
            "archived": managed.filter(archived=True),
            "backup_trouble": autosave.backup_trouble(),
            # This laptop took the hall over: its address for the phones, big (issue 39).
            "phones_here": _phones_here(request) if standby.REPLACES else None,
            # The installed features' buttons (tournaments/hooks).
            "feature_panels": hooks.announce(hooks.ORGANIZER_HOME, request=request),
        },
    )


@login_required
def tournament_create(request: HttpRequest) -> HttpResponse:
    form = NewTournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form, fallback="preset"):
            # On the hall's server the hall's network is the public: a new
            # concours is published, or « Annoncer le tirage » would show
            # the players nothing. A hosted account starts unpublished.
            kwargs = form.service_kwargs()
            kwargs["published"] = kwargs.get("published") or settings.HALL
            tournament = tournaments.create_tournament(owner=request.user, **kwargs)
            messages.success(request, _("Tournoi créé. Inscrivez maintenant les équipes."))
            return redirect("tournaments:manage", slug=tournament.slug)
    return render(request, "tournaments/tournament_new.html", {"form": form})


@login_required
def tournament_edit(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    form = TournamentForm(
        request.POST or None,
        tournament=tournament,
        rules_locked=tournaments.rules_locked(tournament),
        format_locked=tournaments.format_locked(tournament),
        criteria_frozen=tournaments.criteria_frozen(tournament),
    )
    if request.method == "POST" and form.is_valid():
        with refusal_on(form, fallback="preset"):
            tournaments.update_tournament(
                tournament=tournament, by=request.user, **form.service_kwargs()
            )
            messages.success(request, _("Tournoi modifié."))
            return redirect("tournaments:manage", slug=slug)
    return render(
        request,
        "tournaments/tournament_form.html",
        {
            "form": form,
            "tournament": tournament,
            # Published results (issue 26): the press text, « Publier en ligne ».
            **publication.manage_context(tournament),
        },
    )


@login_required
@require_POST
def tournament_publish(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    published = request.POST.get("published") == "1"
    tournaments.set_published(tournament=tournament, published=published, by=request.user)
    if published:
        messages.success(request, _("Tournoi publié : les joueurs le voient sur l'accueil."))
    else:
        messages.success(
            request, _("Tournoi retiré de l'accueil : seuls ses organisateurs le voient.")
        )
    number = whole_number(request.POST.get("partie"), digits=3)
    if number is not None and tournament.rounds.filter(number=number).exists():
        return redirect("tournaments:round", slug=slug, number=number)
    return redirect("tournaments:manage", slug=slug)


@login_required
@require_POST
def tournament_archive(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    archived = request.POST.get("archived") == "1"
    tournaments.set_archived(tournament=tournament, archived=archived, by=request.user)
    if archived:
        messages.success(
            request, _("Tournoi archivé : il est rangé dans les archives de « Mes tournois ».")
        )
        return redirect("tournaments:dashboard")
    messages.success(request, _("Tournoi sorti des archives."))
    return redirect("tournaments:manage", slug=slug)


@login_required
def tournament_delete(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    if confirmed(request):
        with refusal_as_message(request):
            tournaments.delete_tournament(tournament=tournament, by=request.user)
            messages.success(request, _("Tournoi « %(name)s » supprimé.") % {"name": tournament})
            return redirect("tournaments:dashboard")
        return redirect("tournaments:manage", slug=slug)
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
    return manage_page(request, managed_tournament(request, slug))


def row_related(model: type[Model]) -> list[str]:
    """The one-to-ones installed apps hang on a `model` row (a team's payment…)
    and their `ROW_RELATED`: a list's rows in one query, whatever is installed."""
    names = []
    for relation in model._meta.related_objects:
        if relation.one_to_one:
            names.append(relation.name)
            deeper = getattr(relation.related_model, "ROW_RELATED", ())
            names += [f"{relation.name}__{name}" for name in deeper]
    return names


def team_list_context(request: HttpRequest, tournament: Tournament) -> dict:
    """The registered teams as the desk's list shows them (narrowed by the
    search `q`), with the check-in count under « Pointage à l'entrée »."""
    registered = tournament.teams.filter(round__isnull=True)
    team_query = request.GET.get("q", "").strip()[:100]
    teams = list(
        public_queries.search_teams(registered, team_query).select_related(
            "player1", "player2", *row_related(Team)
        )
    )
    context = {
        "teams": teams,
        "team_query": team_query,
        "team_total": registered.count() if team_query else len(teams),
        # The few withdrawn teams whose forfait can still be undone.
        "undoable_teams": {
            t.pk
            for t in teams
            if t.status == Team.Status.WITHDRAWN and registration.can_undo_withdrawal(t)
        },
    }
    # The installed features' parts of the list (the door's count of teams checked in).
    context.update(hooks.page_context(hooks.TEAM_LIST, request=request, tournament=tournament))
    return context


@login_required
def team_list(request: HttpRequest, slug: str) -> HttpResponse:
    """The desk's team list alone, which asks for itself again every few
    seconds under « Pointage à l'entrée »: the check-ins appear as they come."""
    tournament = managed_tournament(request, slug)
    context = {"tournament": tournament, **team_list_context(request, tournament)}
    return render(request, "tournaments/includes/team_list.html", context)


def manage_page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    draw_form: DrawForm | None = None,
    co_form: CoOrganizerForm | None = None,
) -> HttpResponse:
    """The tournament's page; a form given back shows its refusal next to
    its field (answered 422). The installed features' panels are asked
    first (tournaments/hooks): one may register teams on its way (a
    league's stage whose claims ended by their timer sends its qualified
    teams), and the lists below must show them."""
    feature_panels = hooks.announce(hooks.DASHBOARD_PANELS, request=request, tournament=tournament)
    players = sorted(
        tournament.players.select_related(*row_related(Player)),
        key=lambda p: name_order(p.last_name, p.first_name),
    )
    rounds = tournament.rounds.order_by("number")
    # The few withdrawn entrants whose forfait can still be undone.
    undoable_players = {
        p.pk
        for p in players
        if p.status == Player.Status.WITHDRAWN and registration.can_undo_withdrawal(p)
    }
    return render(
        request,
        "tournaments/manage_tournament.html",
        {
            "tournament": tournament,
            **team_list_context(request, tournament),
            "players": players,
            "undoable_players": undoable_players,
            "melee": tournament.format == Tournament.Format.MELEE,
            "rounds": rounds,
            "next_sheets": public_queries.sheets_to_print(tournament),
            # The public's ranking hidden (issue 38, item 12a): the desk's live one.
            **_live_ranking(tournament),
            # « Appeler l'arbitre » (issue 38, item 12c): the tables calling.
            "has_brackets": bracket_queries.has_brackets(tournament),
            "draw_form": draw_form
            or DrawForm(initial={"method": "random" if not rounds else "ranking"}),
            "co_form": co_form or CoOrganizerForm(),
            "co_organizers": tournament.co_organizers.all(),
            "waiting": singles.waiting_players(tournament),
            # One panel per installed feature that shows one (tournaments/hooks).
            "feature_panels": feature_panels,
            # Published results (issue 26): the press text, « Publier en ligne ».
            **publication.manage_context(tournament),
            # Pools (services/pools.py): formed before the first partie.
            "has_pools": (has_pools := pool_queries.has_pools(tournament)),
            "pools_reachable": has_pools or not rounds,
            # Special rankings the ticked teams can be put in (not a club one).
            "tag_categories": tournament.categories.exclude(kind=Category.Kind.CLUB)
            if tournament.categories_enabled
            else [],
        },
        status=422 if draw_form or co_form else 200,
    )


def _live_ranking(tournament: Tournament) -> dict:
    """While the public's ranking is hidden, the desk's live top ten and the
    sentence that says the players do not see it."""
    cutoff = standings_queries.hidden_from(tournament)
    if cutoff is None:
        return {}
    return {
        "live_said": standings_display.hidden_from_players_said(cutoff),
        "live_top": standings_queries.tournament_standings(tournament)[:10],
    }


@login_required
@require_POST
def co_organizer_add(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    form = CoOrganizerForm(request.POST)
    if not form.is_valid():
        return manage_page(request, tournament, co_form=form)
    with refusal_on(form, fallback="username"):
        tournaments.add_co_organizer(
            tournament=tournament, username=form.cleaned_data["username"], by=request.user
        )
        messages.success(request, _("Co-organisateur ajouté."))
        return redirect("tournaments:manage", slug=slug)
    return manage_page(request, tournament, co_form=form)


@login_required
def concours_file(request: HttpRequest, slug: str) -> HttpResponse:
    """« Fichier du concours »: the concours as an open JSON file, to check
    with `python -m checker` (queries/concours_file.py); with
    `?donnees-privees=1`, the players' licences and clubs and the e-mail."""
    private = request.GET.get("donnees-privees") == "1"
    return concours_file_response(managed_tournament(request, slug), private=private)
