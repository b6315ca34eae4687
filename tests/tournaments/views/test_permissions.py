"""Every URL that changes something refuses anonymous visitors and other
tournaments' organizers. The test walks the URL patterns themselves, so a
new view is covered the day it is added."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse

from tournaments.models import KnownPlayer, Player, Team

pytestmark = pytest.mark.django_db

# Pages anyone may read (published tournaments only).
PUBLIC = {
    "home",
    "language",
    "detail",
    "standings",
    "standings_pdf",
    "standings_csv",
    "standings_xlsx",
    "where",
    "team",
    "results",
    "projector",
    "category_standings",
    "category_pdf",
    "challenge",
    "challenge_pdf",
    "brackets",
    "brackets_projector",
    "brackets_pdf",
    "pools_page",
    "pools_pdf",
    "help",  # « Aide »: the day in ten steps, for anyone who asks
    "service_worker",  # the secure pages' service worker: the app's own files
    "hall_ping",  # the hall's name and the hall it took over (issue 39): read cross-origin
    "stick_line",  # the desk's line about the stick: empty but for an organizer on the hall
    # Published results (issue 26): the results page, the widgets, and the
    # laptop's upload (its signed key is its login: test_publication_pages.py),
    # and the archive of every result.
    "results_page",
    "results_archive",
    "public_concours_file",
    "widget_ranking",
    "widget_coming",
    "publication_receive",
}
# The table's own pages: the signed link is the key (tested in test_table_side.py).
ENDED = "Ce lien de table n'est pas valable (mal recopié ou remplacé)."
TABLE_LINK = {
    "table_side",
    "table_side_claim",
    "table_side_deal",
    "table_side_preview",
    "table_side_confirm",
    "table_side_state",
    "table_side_tick",
    "table_side_tick_all",
    "table_side_batch",
    "table_side_wait",
    # « Appeler l'arbitre » (issue 38, item 12c): the call and its answer.
    "referee_call",
    "referee_state",
}
# The club tablet's own pages: its signed cookie is the key (a forged one
# opens nothing: the last test here and test_tablet_pages.py).
TABLET_DEVICE = {"tablet_home", "tablet_state", "tablet_enrol"}
# The public home for concours (issue 26): the calendar and its feeds, a
# concours's page and its pre-registration, players' and clubs' pages.
PUBLIC |= {
    "concours",
    "concours_registered",
    "concours_ics",
    "calendar_ics",
    "calendar_ics_departement",
    "calendar_atom",
    "calendar_atom_departement",
    "person",
    "club",
}
# Pages opened by a secret of their own (a forged one opens nothing): the
# door's poster (issue 25) and a pre-registration's cancel link (issue 26).
SECRET_LINK = {"door", "door_confirm", "preregistration_cancel", "preregistration_confirm"}
SECRET_LINK |= {"preregistration_offer"}  # the waiting list's offer
# A hall laptop's upload read in the background (issue 35): it asks again
# for the outcome with the upload's own token.
SECRET_LINK |= {"upload_poll"}
# Messages to players (issue 40): the stop and confirm links of a message,
# and the door's consent page (the door's own token).
SECRET_LINK |= {"messages_stop", "messages_confirm", "messages_door"}
# « Ma table » (issue 60): a public page that asks a team's code and shows
# nothing of a table before it is given (wrong codes bounded per client:
# tests/tournaments/views/test_my_table.py).
PUBLIC |= {"my_table"}
# Leagues (issue 27): the public league page; an organizer's own leagues.
PUBLIC |= {"league"}
# Simultaneous halls (issue 27): the public merged ranking, and the endpoint
# a hall's laptop sends to (its signed hall key is its login:
# test_hall_pages.py); the organizer's halls pages are the owner's.
PUBLIC |= {"halls_public", "hall_receive"}
# Pages that need a login but no particular tournament.
ANY_ORGANIZER = {"dashboard", "create", "import_model_csv", "directory", "challenge_list"}
# The calendar's « Annoncer un concours », the players' directory and its
# withdrawals and merges (each checks the organizer's own concours).
ANY_ORGANIZER |= {"announce", "persons_manage", "person_withdraw", "persons_merge"}
# Published results (issue 26): an organizer's own keys, uploads and settings.
ANY_ORGANIZER |= {"publication", "key_create", "key_revoke", "backup_upload", "target_save"}
ANY_ORGANIZER |= {"league_list"}
# Another organizer's results for one's persons (issue 61): the owner's own decisions.
ANY_ORGANIZER |= {"contributions", "contribution_accept", "contribution_refuse"}
ANY_ORGANIZER |= {"contributions_refuse"}


def tournament_patterns() -> list[tuple[str, URLPattern]]:
    found = []

    def walk(patterns, namespace):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, p.namespace or namespace)
            elif namespace == "tournaments":
                found.append((p.name, p))

    walk(get_resolver().url_patterns, None)
    return found


def kwargs_for(pattern: URLPattern, tournament, team: Team, player: Player) -> dict:
    values = {
        "slug": tournament.slug,
        "number": 1,
        "table": 1,
        "team_id": team.pk,
        "player_id": player.pk,
        "code": "en",
        "token": "forged-token",
        "proof": "forged-proof",
        "board": "general",
        "category_id": 1,
        "entry_id": 1,
        "kind": "team",
        "pk": team.pk,
        "waiting_id": 1,
        # A known player of the tournament's organizer: another organizer
        # must not forget it.
        "known_id": KnownPlayer.objects.filter(owner=tournament.owner).first().pk,
        "tournament_id": tournament.pk,
        "key": "forged-key",
        "key_id": 1,
        "user_id": tournament.owner.pk,
        "hall_id": 1,
        "upload_id": 1,
        "call_id": 1,
        "deal": 1,
        "door_token": "forged-door-token",
        "welcome": "forged-welcome",
    }
    return {name: values[name] for name in pattern.pattern.converters}


@pytest.fixture
def other_organizer(django_user_model):
    return django_user_model.objects.create_user("autre", password="Autre-mot-de-passe-1")


def test_every_pattern_is_reached_by_its_own_url():
    """Two patterns with the same route: the first one answers and the
    second screen can never be reached (« Pages des joueurs » was hidden
    behind « Mes joueurs » that way)."""
    shadowed = []
    for name, pattern in tournament_patterns():
        route = str(pattern.pattern)
        url = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: SAMPLE.get(m[1], "1"), route)
        match = resolve(url)
        if match.url_name != name:
            shadowed.append(f"{name} ({url}) answered by {match.url_name}")
    assert not shadowed


SAMPLE = {"slug": "un-concours", "code": "en", "token": "jeton", "board": "general"}
SAMPLE |= {"kind": "team", "key": "cle"}


def test_every_pattern_is_classified():
    names = {name for name, _ in tournament_patterns()}
    assert names.issuperset(PUBLIC | ANY_ORGANIZER | TABLE_LINK | TABLET_DEVICE | SECRET_LINK)
    assert len(names - PUBLIC - ANY_ORGANIZER - TABLE_LINK - TABLET_DEVICE) >= 20


def test_anonymous_visitors_cannot_reach_any_organizer_url(client, tournament, teams, round1):
    player = teams[0].player1
    for name, pattern in tournament_patterns():
        if name in PUBLIC | TABLE_LINK | TABLET_DEVICE | SECRET_LINK:
            continue
        url = reverse(
            f"tournaments:{name}", kwargs=kwargs_for(pattern, tournament, teams[0], player)
        )
        for method in (client.get, client.post):
            response = method(url)
            assert response.status_code == 302, (name, method)
            assert response["Location"].startswith("/compte/connexion/"), name


def test_another_tournaments_organizer_gets_nothing(
    client, tournament, teams, round1, other_organizer
):
    client.force_login(other_organizer)
    player = teams[0].player1
    before = (Team.objects.count(), round1.tables.first().version)
    for name, pattern in tournament_patterns():
        if name in PUBLIC | ANY_ORGANIZER | TABLE_LINK | TABLET_DEVICE | SECRET_LINK:
            continue
        url = reverse(
            f"tournaments:{name}", kwargs=kwargs_for(pattern, tournament, teams[0], player)
        )
        for method in (client.get, client.post):
            data = {"present": "0", "method": "random", "taker": "A", "confirm": "1"}
            response = method(url, data)
            assert response.status_code in (404, 405), (name, response.status_code)
    assert (Team.objects.count(), round1.tables.first().version) == before
    assert KnownPlayer.objects.filter(owner=tournament.owner).count() == 8


def test_the_owner_and_a_co_organizer_may_manage(client, tournament, other_organizer):
    url = reverse("tournaments:manage", args=[tournament.slug])
    client.force_login(other_organizer)
    assert client.get(url).status_code == 404
    tournament.co_organizers.add(other_organizer)
    assert client.get(url).status_code == 200


def test_changing_requests_need_a_csrf_token(organizer, tournament, teams):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer)
    url = reverse("tournaments:team_withdraw", args=[tournament.slug, teams[0].pk])
    assert client.post(url, {"confirm": "1"}).status_code == 403
    teams[0].refresh_from_db()
    assert teams[0].status == Team.Status.ACTIVE


def test_a_forged_table_link_opens_nothing(client, tournament, teams, round1):
    for name, _ in tournament_patterns():
        if name not in TABLE_LINK:
            continue
        kwargs = {"token": "forged-token"}
        if name == "table_side_tick":
            kwargs["number"] = 1
        url = reverse(f"tournaments:{name}", kwargs=kwargs)
        for method in (client.get, client.post):
            answer = method(url, {"code": "0000"})
            if name == "table_side_state" and method == client.get:
                # the phone's call: said in words, nothing of any table
                assert answer.json() == {"ended": ENDED}, name
                continue
            if name == "table_side_wait" and method == client.get:
                # a draft's waiting page asking again: the same words, no table
                said = html.unescape(answer.content.decode())
                assert answer.status_code == 200 and ENDED in said, name
                assert "data-open" not in answer.content.decode(), name
                continue
            assert answer.status_code in (404, 405), name


def test_a_device_without_a_tablet_cookie_opens_nothing(client, tournament, teams, round1):
    """No cookie, or a forged one, or an enrolment key that does not exist."""
    for cookie in (None, "forged"):
        if cookie:
            client.cookies["tablette"] = cookie
        assert client.get(reverse("tournaments:tablet_home")).status_code == 403
        assert "ended" in client.get(reverse("tournaments:tablet_state")).json()
        enrol = reverse("tournaments:tablet_enrol", args=["forged-key"])
        assert client.get(enrol).status_code == 404
        assert client.post(enrol).status_code == 410


def test_a_forged_secret_link_opens_nothing(client, tournament, teams, round1):
    for name, pattern in tournament_patterns():
        if name not in SECRET_LINK:
            continue
        kwargs = kwargs_for(pattern, tournament, teams[0], teams[0].player1)
        url = reverse(f"tournaments:{name}", kwargs=kwargs)
        for method in (client.get, client.post):
            assert method(url).status_code in (404, 405), (name, method)
