"""Public pages: the tournaments list, a tournament's pages and the
standings downloads, read by players and spectators without an account.

Each view checks what it is given, fetches what the page shows from
queries/ (or a download from queries/exports.py / pdf/) and
renders it. A view must not write anything, compute a score or query in a
template, and an unpublished tournament is shown to its organizers only.
The pages players keep open are marked `@live_page`: their ETag, 304 and
caching rules are all in live.py, and nowhere else.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.utils import timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET

from tournaments import hooks
from tournaments.display import standings as standings_display
from tournaments.display.claims import claims_said, ranking_state
from tournaments.domain.standings import counts_publicly
from tournaments.infra import home_cache
from tournaments.models import Round, Team, Tournament
from tournaments.queries import awards, exports
from tournaments.queries import home as home_queries
from tournaments.queries import persons as person_queries
from tournaments.queries import public as queries
from tournaments.queries import publication as publication_queries
from tournaments.queries.brackets import final_order, final_places
from tournaments.queries.claims import ranking_claims, round_claims
from tournaments.queries.standings import hidden_from, public_standings
from tournaments.views.common import bracket_match_label, brackets_context, pdf_response
from tournaments.views.live import (
    live_page,
    paginated,
    poll_seconds,
    standings_html,
    standings_version,
)


def _visible_tournaments(request: HttpRequest):
    managed = Tournament.objects.managed_by(request.user)
    return Tournament.objects.filter(Q(published=True) | Q(pk__in=managed.values("pk")))


def get_visible(request: HttpRequest, slug: str) -> Tournament:
    # On a live page, live._etag has already loaded it: no second query.
    tournament = getattr(request, "live_tournament", None)
    if tournament is None or tournament.slug != slug:
        tournament = get_object_or_404(Tournament, slug=slug)
    if (
        not tournament.published
        and not Tournament.objects.managed_by(request.user).filter(pk=tournament.pk).exists()
    ):
        raise Http404
    return tournament


@require_GET
def switch_language(request: HttpRequest, code: str) -> HttpResponse:
    """Choose the interface language with a plain link (no form, so public
    pages carry no CSRF token and can be shared from the page cache)."""
    target = request.GET.get("next", "/")
    if (
        not target.startswith("/")
        or not target.isprintable()
        or not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure())
    ):
        target = "/"
    response = HttpResponseRedirect(target)
    if code in dict(settings.LANGUAGES):
        translation.activate(code)
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=365 * 24 * 3600,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    return response


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    today = timezone.localdate()
    # What the installed features show there (the coming concours, the
    # published leagues and challenges): lazy, as the lists below (tournaments/hooks).
    panels = hooks.announce(hooks.PUBLIC_HOME, request=request)
    return render(
        request,
        "tournaments/tournament_list.html",
        {
            # The concours of the moment: being played or about to be.
            "tournaments": home_queries.of_the_moment(_visible_tournaments(request), today),
            "home_panels": panels,
            # The cached lists differ by what the panels were asked (a
            # département chosen): each panel's `vary`, a short clean text.
            "home_variant": "/".join(str(panel.get("vary", "")) for panel in panels),
            # Published results (issue 26): the finished concours.
            "results": publication_queries.published_results(),
            # The lists are cached whole while nothing they show changes; the
            # querysets above are lazy: a cached rendering runs none of them.
            "home_generation": home_cache.generation(),
            "home_ttl": home_cache.TTL,
            "today": today.isoformat(),
            # On the hall, a table's team finds its table by its code (issue 60).
            "my_table": settings.HALL,
        },
    )


def _before_the_day_with_panels(tournament: Tournament) -> bool:
    """Before its day a concours's page may hold a feature's panel (the
    calendar's places left and form, with the visitor's CSRF token), which
    changes without the tournament's revision: never cached then."""
    return tournament.status == Tournament.Status.REGISTRATION and bool(
        hooks.handlers(hooks.PUBLIC_CONCOURS_PAGE)
    )


@live_page(uncached=_before_the_day_with_panels)
def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_visible(request, slug)
    rounds = tournament.rounds.order_by("number")
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "podium": final_order(tournament, public_standings(tournament))[:10],
            "ranking_hidden": standings_display.hidden_said(hidden_from(tournament)),
            "teams_count": publication_queries.teams_count(tournament),
            "current": queries.current_round(tournament),
            "categories": awards.public_categories(tournament),
            "has_brackets": tournament.brackets.exists(),
            "final_decided": final_places(tournament) is not None,
            "has_pools": tournament.pools.exists(),
            # The planned parties, or more once a final phase added its own.
            "rounds_count": max(tournament.parties, len(rounds)),
            # The features' parts of the page (the calendar's pre-registration).
            "concours_panels": hooks.announce(
                hooks.PUBLIC_CONCOURS_PAGE, request=request, tournament=tournament
            ),
        },
    )


@live_page(version=standings_version)
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_visible(request, slug)
    context = {
        "tournament": tournament,
        "table_html": standings_html(request, tournament),
        "paginated": paginated(request, tournament),
        "poll": poll_seconds(),
        "categories": awards.public_categories(tournament),
        "has_brackets": tournament.brackets.exists(),
        "final_decided": final_places(tournament) is not None,
        "ranking_explanation": standings_display.ranking_explanation(tournament),
        "claims_said": claims_said(ranking_claims(tournament), ranking=True),
        "ranking_hidden": standings_display.hidden_said(hidden_from(tournament)),
    }
    if request.htmx:
        return render(request, "tournaments/includes/standings_block.html", context)
    return render(request, "tournaments/standings.html", context)


@require_GET
def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The ranking's PDF: the public's (hidden parties left out, issue 38
    item 12a), or the live one for the concours's organizers (the desk's
    link), marked as hidden from players."""
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments import pdf

    tournament = get_visible(request, slug)
    desk = Tournament.objects.managed_by(request.user).filter(pk=tournament.pk).exists()
    return pdf_response(pdf.ranking(tournament, live=desk), "classement.pdf")


@require_GET
def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_visible(request, slug)
    rows, lots = publication_queries.final_ranking(tournament)
    response = HttpResponse(
        exports.standings_csv(rows, lots=lots),
        content_type="text/csv; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="classement-{slug}.csv"'
    return response


@require_GET
def standings_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_visible(request, slug)
    rows, lots = publication_queries.final_ranking(tournament)
    response = HttpResponse(
        exports.standings_xlsx(rows, title=tournament.name, lots=lots),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    response["Content-Disposition"] = f'attachment; filename="classement-{slug}.xlsx"'
    return response


@live_page
def where(request: HttpRequest, slug: str) -> HttpResponse:
    """« Où je joue ? »: a team or player name (or a team number) → the table.
    While the partie's draw is not announced it says so, and the answer asks
    for itself again every poll until the table can be shown."""
    tournament = get_visible(request, slug)
    query = request.GET.get("q", "")[:80]
    rnd = queries.current_round(tournament)
    hidden = rnd is not None and not rnd.announced
    context = {
        "tournament": tournament,
        "query": query,
        "round": rnd,
        "hidden": hidden,
        "places": [] if hidden else queries.find_places(tournament, query, rnd),
        "poll": poll_seconds(),
    }
    if request.htmx:
        return render(request, "tournaments/includes/where_answer.html", context)
    return render(request, "tournaments/where.html", context)


@live_page
def team_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = get_visible(request, slug)
    team = get_object_or_404(
        Team.objects.select_related("player1", "player2"),
        tournament=tournament,
        round__isnull=True,
        number=number,
    )
    players = [team.player1, team.player2]
    # A link to the player's page for those who agreed (issue 26).
    pages = person_queries.shown_players(players) if tournament.published else {}
    return render(
        request,
        "tournaments/team_detail.html",
        {
            "tournament": tournament,
            "team": team,
            "games": queries.team_games(tournament, team, before=hidden_from(tournament)),
            "players": [(p, pages.get(p.pk)) for p in players],
        },
    )


@live_page
def round_results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = get_visible(request, slug)
    rnd = get_object_or_404(tournament.rounds, number=number)
    cutoff = hidden_from(tournament)
    return render(
        request,
        "tournaments/round_results.html",
        {
            "tournament": tournament,
            "round": rnd,
            # Who plays whom stays public; the totals wait for the end.
            "ranking_hidden": ""
            if counts_publicly(rnd.number, cutoff)
            else standings_display.hidden_said(cutoff),
            "tables": queries.round_tables(rnd) if rnd.announced else [],
            "claims_said": claims_said(round_claims(rnd)) if rnd.status == "closed" else "",
        },
    )


def _in_final_phase(tournament: Tournament, rnd: Round | None) -> bool:
    """A bracket partie is the current one, or the brackets are created and
    no qualifying partie is still being played."""
    if rnd is None:
        return False
    if rnd.stage == Round.Stage.BRACKET:
        return True
    return rnd.status == Round.Status.CLOSED and tournament.brackets.exists()


@live_page
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """The hall's screen: the tables still playing and the ranking."""
    tournament = get_visible(request, slug)
    rnd = queries.current_round(tournament)
    playing = queries.tables_playing(rnd) if rnd and rnd.announced else []
    cutoff = hidden_from(tournament)
    context = {
        "tournament": tournament,
        "round": rnd,
        "playing": playing,
        "poll": poll_seconds(),
        # The tables' running totals go with the ranking they would give away.
        "scores_hidden": rnd is not None and not counts_publicly(rnd.number, cutoff),
        "ranking_hidden": standings_display.hidden_said(cutoff),
    }
    final = brackets_context(tournament) if _in_final_phase(tournament, rnd) else None
    if final and final["brackets"]:
        # The final phase follows the pools or the qualifying parties: the
        # brackets and the matches being played, not a ranking on points.
        matches = [(table, bracket_match_label(table)) for table in playing]
        context.update(final, final_phase=True, matches=matches)
    else:
        standings = final_order(tournament, public_standings(tournament))
        prized = awards.public_board(tournament, standings)
        context["standings"] = prized.placings if prized else standings
        context["claims_state"] = ranking_state(ranking_claims(tournament))
    if request.htmx:
        return render(request, "tournaments/includes/projector_block.html", context)
    return render(request, "tournaments/projector.html", context)
