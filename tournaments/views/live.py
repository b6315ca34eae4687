"""Live public pages: the whole ETag / 304 / cache contract, in one place.

Players keep the public pages open on their phones during a concours, and
the hall's screen shows the projector page, so the same few pages are asked
for again and again while nothing has changed. Everything that keeps those
requests cheap lives here; the views in public.py only mark themselves with
`@live_page`.

Which pages
    tournament_detail, standings, where, team_detail, round_results and
    projector (public.py). They answer GET only (405 otherwise, HEAD included).

What the ETag is made of (`_etag`)
    One query loads the tournament by its slug and keeps it on
    `request.live_tournament`, so the view does not load it again. The tag is
    the dash-joined list of: the code's `RELEASE`; the tournament's pk; its creation time in whole
    seconds (a tournament created again under a reused pk does not match the
    old tags); its
    `revision`; its `published` flag (0/1); the active language (chosen by
    LocaleMiddleware from the language cookie or Accept-Language); a CRC-32 of
    the query string (sort, page, the « Où je joue ? » search...); 1 for an
    htmx request (`HX-Request` header), else 0; the user's pk, 0 for an
    anonymous visitor. Django sends it quoted, as a strong ETag. An unknown
    slug gives no tag, and the view answers 404.

When a 304 is answered
    Django's `condition` compares the request's If-None-Match with the tag
    before anything else runs: on a match the answer is 304 Not Modified,
    with no body, at the cost of that one query. The view, the page cache
    and the visibility check are skipped (the tag holds `published` and the
    user, so a matching tag is one this user could be served for this state;
    a forged tag gets an empty 304, never content). Any other request gets a 200 with the ETag,
    `Cache-Control: private, no-cache` (a browser may store the page but must
    revalidate it every time; shared proxies must not store it) and
    `Vary: HX-Request, Cookie` (the htmx fragment and the full page are stored
    apart, and a login, logout or language cookie gives another variant);
    the middleware adds `Accept-Language` to Vary. A 304 carries the ETag and
    the middleware's `Vary: Accept-Language, Cookie`, but neither the
    Cache-Control nor the `HX-Request` Vary that `live_page` adds to a 200:
    the browser keeps those of the 200 it stored.

What anonymous visitors share (the per-revision page cache, `live_page`)
    Their tags all end in 0, so every anonymous visitor asking for the same
    path, revision, language, query string and fragment-or-page has the same
    tag. For them the response body is kept in Django's cache under
    `live:<path>:<etag>` for an hour: the first one renders the page (only a
    200 is stored), the others get the stored body without the view running.
    Not shared: a visitor with a `messages` cookie (a pending flash message
    would be baked into the page) and any signed-in user (the page shows
    their name); they always get a fresh rendering.

The standings HTML cache (`standings_html`)
    The ranking table itself (django-tables2, `STANDINGS_PER_PAGE` rows a
    page) is cached under `standings:<release>.<pk>.<creation time>.<revision>:
    <language>:<CRC-32 of the query string>` for an hour and shared by
    everyone, signed in or not, for the full standings page and its htmx
    fragment alike: the ranking is computed once per revision, sort, page and
    language, even for the visitors the page cache leaves out.

The last ranking (`_RANKINGS`, `standings_version`)
    The standings' tag holds a digest of the ranking shown, so computing the
    tag needs the ranking. Each process keeps the last ranking computed for
    each tournament and language with what it was computed from
    (`standings.ranking_inputs`: the finished tables' results, the count and
    last id of the audit lines other than deals', the tournament's fields,
    two small queries) and computes it again only when those differ: while
    tables play, a hall's polls cost three queries and no ranking.

What invalidates it
    Nothing is ever deleted: every tag and every key embeds the tournament's
    `revision`, the count and last id of its audit trail (see
    `Tournament.revision`), read in the same query as the tournament. Every
    service that changes a tournament writes its audit line in the same
    transaction (services/audit.py), so the revision moves exactly when the
    data does and no shared row is written to move it. The next request after
    a change gets a new tag, so a 200 with the new data, and misses both
    caches; the old entries are never read again and expire after their hour
    (or are evicted earlier by the cache). A change of publication, language,
    query string or user changes the tag too, and so does a new release of
    the code (`RELEASE`, a digest of the templates and the app's code
    computed once per process), so a deploy that changes a page is seen at
    once. Without REDIS_URL the cache is Django's local-memory one: per
    process, each worker renders a given revision once for itself; with
    Redis, all workers and app servers share the renderings.

The polling interval (`poll_seconds`)
    The standings and projector pages wrap their content in an htmx block
    (includes/standings_block.html, includes/projector_block.html) that asks
    for itself again `every <poll>s`, where poll is the `LIVE_POLL_SECONDS`
    setting, 20 seconds by default. Each poll is an htmx GET: the browser adds
    the If-None-Match of the fragment it stored, so while nothing changes the
    poll costs one query and a 304. « Où je joue ? » polls the same way, its
    answer only (includes/where_answer.html), and only while the partie's
    draw is not announced yet (a tournament's `release_draws`): the
    announcement writes an audit line, so the next poll gets the table. The
    projector's partie clock counts between two polls in the browser
    (static/js/clock.js). The other live pages do not poll; they are
    revalidated the same way when reloaded.

This module must not look up what a page shows, check who may see it or
compute a score: the views (public.py) and queries/ do that.
"""

from __future__ import annotations

import math
import time
import zlib
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag
from django.utils.translation import get_language
from django.views.decorators.http import condition, require_GET
from django_tables2 import RequestConfig

from tournaments.display.tables import PlayerStandingsTable, StandingsTable
from tournaments.infra import freshness
from tournaments.models import Round, Tournament
from tournaments.queries import awards
from tournaments.queries.brackets import final_order
from tournaments.queries.claims import round_claims
from tournaments.queries.standings import hidden_from, ranking_inputs, tournament_standings

CACHE_SECONDS = 3600
CLAIMS_SECONDS = 30


def _release() -> str:
    """A digest of what renders the pages (templates and the app's code):
    the same in every worker and on every host running the same release."""
    digest = 0
    root = Path(settings.BASE_DIR)
    for folder in ("templates", "tournaments", "static"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file() and path.suffix in {".html", ".py", ".css", ".js", ".po"}:
                digest = zlib.crc32(path.read_bytes(), digest)
    return f"{digest:08x}"


RELEASE = _release()
STANDINGS_PER_PAGE = 64


def _etag(request: HttpRequest, slug: str, *, version=None, **kwargs) -> str | None:
    """The page depends on the tournament's data (its revision, or what
    `version(tournament, request)` says the page shows), the language, the
    query string, whether it is an htmx fragment and who asks. The
    tournament loaded here is kept on the request for the view."""
    seen = freshness.generation(slug)  # before the database: see freshness.py
    tournament = Tournament.objects.with_revision().filter(slug=slug).first()
    request.live_tournament = tournament
    if tournament is None:
        return None
    claims_passed, claims_next = _claims(tournament)
    request.live_etag = "-".join(
        str(part)
        for part in (
            RELEASE,
            tournament.pk,
            int(tournament.created_at.timestamp()),
            version(tournament, request) if version else tournament.revision,
            claims_passed,
            int(tournament.published),
            get_language(),
            zlib.crc32(request.GET.urlencode().encode()),
            int(bool(request.headers.get("HX-Request"))),
            request.user.pk or 0,
        )
    )
    # A 304 answered from Redis (infra/freshness.py) must not outlive the
    # next claims window's end: the page changes then with no write.
    until = None if claims_next is None else math.floor(claims_next - time.time())
    freshness.remember(request, slug, seen, quote_etag(request.live_etag), seconds=until)
    return request.live_etag


def _claims(tournament: Tournament) -> tuple[int, float | None]:
    """How many of the tournament's claims windows have ended, and when the
    next one ends (a timestamp, None when none is left): a window ends on
    its timer with no write (no new revision), yet the pages then say
    « définitif » instead of « provisoire … jusqu'à 15 h 02 ». The windows'
    ends are kept CLAIMS_SECONDS, not per revision (every deal saved moves
    the revision): a poll costs one cache read more, and a window closed
    since is seen by its own new revision meanwhile."""
    key = f"claims-ends:{RELEASE}.{tournament.pk}.{tournament.created_at.timestamp()}"
    ends = cache.get(key)
    if ends is None:
        rounds = tournament.rounds.filter(status=Round.Status.CLOSED).select_related("tournament")
        ends = sorted(c.until.timestamp() for c in map(round_claims, rounds) if c.until)
        cache.set(key, ends, timeout=CLAIMS_SECONDS)
    now = timezone.now().timestamp()
    coming = [end for end in ends if end > now]
    return len(ends) - len(coming), (coming[0] if coming else None)


# The last ranking computed for each tournament and language, with what it
# was computed from (`ranking_inputs`), its public board and its digest: a
# hall's phones polling while tables play get it without the ranking being
# computed again. At most `KEPT_RANKINGS` are kept (the oldest go first).
_RANKINGS: dict[tuple[int, str], tuple[tuple, list, object, str]] = {}
KEPT_RANKINGS = 64


def _kept_ranking(tournament: Tournament) -> tuple[tuple, list, object, str]:
    """(inputs, standings, public board, digest): the last ranking kept,
    computed again only when `ranking_inputs` differ. It is the public's
    ranking: while it is hidden (issue 38, item 12a), the one from before
    the hidden partie (`standings.hidden_from`)."""
    before = hidden_from(tournament)
    inputs = ranking_inputs(tournament, before=before)
    slot = (tournament.pk, get_language())
    kept = _RANKINGS.get(slot)
    if kept is None or kept[0] != inputs:
        standings = final_order(tournament, tournament_standings(tournament, before=before))
        board = awards.public_board(tournament, standings)
        kept = (inputs, standings, board, _digest(tournament, standings, board))
        _RANKINGS.pop(slot, None)
        while len(_RANKINGS) >= KEPT_RANKINGS:
            _RANKINGS.pop(next(iter(_RANKINGS)))
        _RANKINGS[slot] = kept
    return kept


def standings_version(tournament: Tournament, request: HttpRequest) -> str:
    """What the ranking shows, as a short digest: it changes when a table's
    result, a name, a lot shown or a rule of the ranking does, not at each
    deal of a table still playing (a hall's phones then get 304s between two
    finished tables).

    The version is cached per revision: while nothing changes, a poll costs
    the revision's query and one cache read (with Redis, shared by every app
    server). After a change the ranking is computed again only when what it
    is computed from changed (`_kept_ranking`), and is kept on the request
    for the view."""
    identity = f"{RELEASE}.{tournament.pk}.{tournament.created_at.timestamp()}"
    key = f"standings-version:{identity}:{tournament.revision}"
    if cached := cache.get(key):
        request.live_version = cached
        return cached
    _inputs, standings, board, digest = _kept_ranking(tournament)
    request.live_standings = list(standings)  # a table sorts its own copy
    request.live_board = board
    request.live_version = digest
    cache.set(key, digest, timeout=CACHE_SECONDS)
    return digest


def _digest(tournament: Tournament, standings: list, prized) -> str:
    shown = [
        (
            s.row.entrant,
            str(s.entrant),
            s.row.rank,
            s.row.played,
            s.row.won,
            s.row.drawn,
            s.row.lost,
            s.row.byes,
            s.row.points_for,
            s.row.points_against,
            s.row.match_points,
            s.row.buchholz,
            s.row.best_game,
        )
        for s in standings
    ]
    settings_shown = (
        tournament.name,
        tournament.criteria,
        tournament.chance_seed,
        tournament.bye_policy,
        tournament.format,
        tournament.slug,
    )
    # The lots once players see them, and the special rankings' links.
    extras = (
        [(p.row.entrant, p.lot_name) for p in prized.placings] if prized else [],
        [(c.pk, c.name) for c in awards.public_categories(tournament)],
    )
    return f"r{zlib.crc32(repr((shown, settings_shown, extras)).encode()):08x}"


def _page_key(request: HttpRequest) -> str | None:
    """The page cache's key, for the requests that may share a page."""
    if (
        getattr(request, "live_etag", None)
        and not request.user.is_authenticated
        and "messages" not in request.COOKIES
    ):
        return f"live:{request.path}:{request.live_etag}"
    return None


def live_page(view=None, *, version=None, uncached=None):
    """A public page players keep open: conditional GET by ETag (an unchanged
    page answers 304), revalidated at every poll, and for anonymous visitors
    the page itself is cached under its ETag, so a hall full of phones asking
    for the same revision costs one query each. `version` narrows what
    "unchanged" means for a page that shows less than the whole tournament
    (see `standings_version`); `uncached(tournament)` true: neither ETag
    nor cache (a page whose parts change without the tournament's revision,
    or carry a visitor's own CSRF token)."""
    if view is None:
        return lambda decorated: live_page(decorated, version=version, uncached=uncached)

    def etag(request: HttpRequest, slug: str, **kwargs) -> str | None:
        tag = _etag(request, slug, version=version, **kwargs)
        tournament = getattr(request, "live_tournament", None)
        if uncached is not None and tournament is not None and uncached(tournament):
            request.live_etag = None
            return None
        return tag

    @condition(etag_func=etag)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        key = _page_key(request)
        body = cache.get(key) if key else None
        if body is not None:
            response = HttpResponse(body)
        else:
            response = view(request, *args, **kwargs)
            if key and response.status_code == 200:
                cache.set(key, response.content, timeout=CACHE_SECONDS)
        patch_cache_control(response, private=True, no_cache=True)
        patch_vary_headers(response, ["HX-Request", "Cookie"])
        return response

    wrapper.__name__ = view.__name__
    wrapper.__doc__ = view.__doc__
    return require_GET(wrapper)


def poll_seconds() -> int:
    """Seconds between two htmx polls of a live block."""
    return getattr(settings, "LIVE_POLL_SECONDS", 20)


def paginated(request: HttpRequest, tournament: Tournament) -> bool:
    """Whether the ranking has more rows than a page shows (« Tout afficher »
    is offered then, and only then, and not once asked for)."""
    if request.GET.get("per_page"):
        return False
    standings = getattr(request, "live_standings", None)
    if standings is None:
        standings = _kept_ranking(tournament)[1]
    return len(standings) > STANDINGS_PER_PAGE


def standings_html(request: HttpRequest, tournament: Tournament) -> str:
    """The rendered ranking table, cached per ranking shown (see
    `standings_version`), sort, page and language: the hall's phones polling
    between two finished tables share one rendering."""
    query = zlib.crc32(request.GET.urlencode().encode())
    version = getattr(request, "live_version", None) or standings_version(tournament, request)
    identity = f"{RELEASE}.{tournament.pk}.{tournament.created_at.timestamp()}.{version}"
    key = f"standings:{identity}:{get_language()}:{query}"

    def render_table() -> str:
        melee = tournament.format == Tournament.Format.MELEE
        table_class = PlayerStandingsTable if melee else StandingsTable
        if hasattr(request, "live_standings"):
            standings, prized = request.live_standings, request.live_board
        else:
            _inputs, kept, prized, _version = _kept_ranking(tournament)
            standings = list(kept)
        table = table_class(
            list(prized.placings) if prized else standings,  # sorted in place
            slug=tournament.slug,
            criteria=tournament.criteria,
            lots=bool(prized and prized.has_lots),
        )
        RequestConfig(request, paginate={"per_page": STANDINGS_PER_PAGE}).configure(table)
        return table.as_html(request)

    return cache.get_or_set(key, render_table, timeout=CACHE_SECONDS)
