"""Views: check the input, call one service, render or redirect.

No score is computed here and no query is written in a template."""

from __future__ import annotations

import zlib

from django.conf import settings
from django.core.cache import cache
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_GET
from django_tables2 import RequestConfig

from tournaments import exports, pdf, queries
from tournaments.models import Round, Team, Tournament
from tournaments.standings import tournament_standings
from tournaments.tables import PlayerStandingsTable, StandingsTable


def _visible_tournaments(request: HttpRequest):
    managed = Tournament.objects.managed_by(request.user)
    return Tournament.objects.filter(Q(published=True) | Q(pk__in=managed.values("pk")))


def _get_visible(request: HttpRequest, slug: str) -> Tournament:
    # A live page's ETag function has already loaded it: no second query.
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
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = "/"
    response = redirect(target)
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
    tournaments = _visible_tournaments(request).order_by("-date", "name")
    return render(request, "tournaments/tournament_list.html", {"tournaments": tournaments})


def _etag(request: HttpRequest, slug: str, **kwargs) -> str | None:
    """The page depends on the tournament's data (its revision), the
    language, the query string, whether it is an htmx fragment and who asks.
    The tournament loaded here is kept on the request for the view."""
    tournament = Tournament.objects.filter(slug=slug).first()
    request.live_tournament = tournament
    if tournament is None:
        return None
    request.live_etag = "-".join(
        str(part)
        for part in (
            tournament.pk,
            int(tournament.created_at.timestamp()),
            tournament.revision,
            int(tournament.published),
            get_language(),
            zlib.crc32(request.GET.urlencode().encode()),
            int(bool(request.headers.get("HX-Request"))),
            request.user.pk or 0,
        )
    )
    return request.live_etag


def live_page(view):
    """A public page players keep open: conditional GET by ETag (an unchanged
    page answers 304), revalidated at every poll, and for anonymous visitors
    the page itself is cached under its ETag, so a hall full of phones asking
    for the same revision costs one query each."""

    @condition(etag_func=_etag)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        key = None
        if (
            getattr(request, "live_etag", None)
            and not request.user.is_authenticated
            and "messages" not in request.COOKIES
        ):
            key = f"live:{request.path}:{request.live_etag}"
        body = cache.get(key) if key else None
        if body is not None:
            response = HttpResponse(body)
        else:
            response = view(request, *args, **kwargs)
            if key and response.status_code == 200:
                cache.set(key, response.content, timeout=3600)
        patch_cache_control(response, private=True, no_cache=True)
        patch_vary_headers(response, ["HX-Request", "Cookie"])
        return response

    wrapper.__name__ = view.__name__
    wrapper.__doc__ = view.__doc__
    return require_GET(wrapper)


def _poll() -> int:
    return getattr(settings, "LIVE_POLL_SECONDS", 20)


@live_page
def tournament_detail(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _get_visible(request, slug)
    rounds = tournament.rounds.order_by("number")
    return render(
        request,
        "tournaments/tournament_detail.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "podium": tournament_standings(tournament)[:10],
            "teams_count": tournament.teams.filter(round__isnull=True).count(),
            "current": queries.current_round(tournament),
        },
    )


STANDINGS_PER_PAGE = 64


def _standings_html(request: HttpRequest, tournament: Tournament) -> str:
    """The rendered ranking table, cached per tournament revision, sort,
    page and language: the hall's phones polling between two scores share
    one rendering, and any change of the data changes the key."""
    query = zlib.crc32(request.GET.urlencode().encode())
    identity = f"{tournament.pk}.{tournament.created_at.timestamp()}.{tournament.revision}"
    key = f"standings:{identity}:{get_language()}:{query}"

    def render_table() -> str:
        melee = tournament.format == Tournament.Format.MELEE
        table_class = PlayerStandingsTable if melee else StandingsTable
        table = table_class(tournament_standings(tournament), slug=tournament.slug)
        RequestConfig(request, paginate={"per_page": STANDINGS_PER_PAGE}).configure(table)
        return table.as_html(request)

    return cache.get_or_set(key, render_table, timeout=3600)


@live_page
def standings(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _get_visible(request, slug)
    context = {
        "tournament": tournament,
        "table_html": _standings_html(request, tournament),
        "poll": _poll(),
    }
    if request.htmx:
        return render(request, "tournaments/includes/standings_block.html", context)
    return render(request, "tournaments/standings.html", context)


@require_GET
def standings_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _get_visible(request, slug)
    response = HttpResponse(pdf.ranking(tournament), content_type="application/pdf")
    response["Content-Disposition"] = 'inline; filename="classement.pdf"'
    return response


@require_GET
def standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _get_visible(request, slug)
    response = HttpResponse(
        exports.standings_csv(tournament_standings(tournament)),
        content_type="text/csv; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="classement-{slug}.csv"'
    return response


@require_GET
def standings_xlsx(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = _get_visible(request, slug)
    response = HttpResponse(
        exports.standings_xlsx(tournament_standings(tournament), title=tournament.name),
        content_type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    response["Content-Disposition"] = f'attachment; filename="classement-{slug}.xlsx"'
    return response


@live_page
def where(request: HttpRequest, slug: str) -> HttpResponse:
    """« Où je joue ? »: a team or player name (or a team number) → the table."""
    tournament = _get_visible(request, slug)
    query = request.GET.get("q", "")[:80]
    rnd = queries.current_round(tournament)
    return render(
        request,
        "tournaments/where.html",
        {
            "tournament": tournament,
            "query": query,
            "round": rnd,
            "places": queries.find_places(tournament, query, rnd),
        },
    )


@live_page
def team_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _get_visible(request, slug)
    team = get_object_or_404(
        Team.objects.select_related("player1", "player2"),
        tournament=tournament,
        round__isnull=True,
        number=number,
    )
    return render(
        request,
        "tournaments/team_detail.html",
        {"tournament": tournament, "team": team, "games": queries.team_games(team)},
    )


@live_page
def round_results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _get_visible(request, slug)
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    return render(
        request,
        "tournaments/round_results.html",
        {"tournament": tournament, "round": rnd, "tables": queries.round_tables(rnd)},
    )


@live_page
def projector(request: HttpRequest, slug: str) -> HttpResponse:
    """The hall's screen: the tables still playing and the ranking."""
    tournament = _get_visible(request, slug)
    rnd = queries.current_round(tournament)
    context = {
        "tournament": tournament,
        "round": rnd,
        "playing": queries.tables_playing(rnd),
        "standings": tournament_standings(tournament),
        "poll": _poll(),
    }
    if request.htmx:
        return render(request, "tournaments/includes/projector_block.html", context)
    return render(request, "tournaments/projector.html", context)
