"""Published results (issue 26), the public's side: the archive of every
result (searched, filtered by département, a page at a time), a concours's
complete results page (its permanent address: the slug, which a rename
keeps), and the widgets, pages made for another site's iframe.

A widget carries no script, and only it may be framed by any site: its
answer drops X-Frame-Options and sets CSP `frame-ancestors *` with
`script-src 'none'`; every other page keeps the site's DENY. Reads only.
"""

from __future__ import annotations

from django.conf import settings
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.csp import CSP
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_GET

from tournaments.display import rules as rules_display
from tournaments.display import standings as standings_display
from tournaments.domain.departements import clean_departement
from tournaments.queries import publication as queries
from tournaments.queries.brackets import final_places
from tournaments.views.common import concours_file_response
from tournaments.views.public import get_visible

#: The site's policy, but any site may frame the page and nothing runs in it.
WIDGET_CSP = {**settings.SECURE_CSP, "script-src": [CSP.NONE], "frame-ancestors": ["*"]}


def framable(view):
    return require_GET(xframe_options_exempt(csp_override(WIDGET_CSP)(view)))


#: Concours a page of the archive lists.
ARCHIVE_PAGE = 30


@require_GET
def results_archive(request: HttpRequest) -> HttpResponse:
    """« Tous les résultats »: every finished, published concours, the latest
    first, searched by name or town and filtered by département. A page
    number that is no page gives the first page, or the last one if it is
    past it."""
    query = request.GET.get("q", "")[: queries.MAX_QUERY].strip()
    departement = clean_departement(request.GET.get("departement", "")[:4])
    found = queries.results_archive(query, departement)
    page = Paginator(found, ARCHIVE_PAGE).get_page(request.GET.get("page"))
    return render(
        request,
        "tournaments/results_archive.html",
        {
            "page": page,
            "pages": page.paginator.get_elided_page_range(page.number, on_each_side=1, on_ends=1),
            "query": query,
            "departement": departement,
            "departements": queries.archive_departements(),
        },
    )


@require_GET
def results_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Everything of a concours on one page: the ranking with its lots, every
    partie's results, the phases, the rules."""
    tournament = get_visible(request, slug)
    has_brackets = tournament.brackets.exists()
    standings, has_lots = queries.final_ranking(tournament)
    context = {
        "tournament": tournament,
        "standings": standings,
        # No « Lot » column when no row carries one.
        "has_lots": has_lots,
        "teams_count": queries.teams_count(tournament),
        "rounds": queries.rounds_with_tables(tournament),
        "rules_summary": rules_display.rules_summary(tournament.rule_profile),
        "ranking_explanation": standings_display.ranking_explanation(tournament),
        "has_pools": tournament.pools.exists(),
        "has_brackets": has_brackets,
        "final_decided": has_brackets and final_places(tournament) is not None,
    }
    return render(request, "tournaments/results_page.html", context)


@require_GET
def concours_file(request: HttpRequest, slug: str) -> HttpResponse:
    """A published concours's « Fichier du concours », for anyone to check
    with `python -m checker` (issue 27): the organizer's file,
    which holds no e-mail, licence or club, less a draw not announced yet
    (a draft: players never see one), whoever asks."""
    return concours_file_response(get_visible(request, slug), public=True)


@framable
def widget_ranking(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_visible(request, slug)
    return render(
        request,
        "tournaments/widget_ranking.html",
        {"tournament": tournament, "standings": queries.final_standings(tournament)},
    )
