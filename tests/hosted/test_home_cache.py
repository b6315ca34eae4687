"""With Redis, the public home's lists are rendered once per change of what
they show, not once per visitor (tournaments/infra/home_cache.py): a second
visitor costs no query, and any change to a concours, its announcement, a
challenge or a league is on the next visitor's page (a stale home is a bug).
The changes are made through the services, as the site makes them: the
audit trail (services/audit.py) is what tells the cache, not the models'
saves."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tests.attacks import server as real
from tests.clock import noon
from tests.tournaments.features.calendar.builders import announce
from tests.tournaments.services.test_organizer_services import settings_of
from tournaments.features.calendar.services import announcements as calendar
from tournaments.features.challenge import services as challenges
from tournaments.features.leagues import services as leagues
from tournaments.infra import home_cache
from tournaments.models import Tournament
from tournaments.queries import home as home_queries
from tournaments.services import rounds, tournaments

pytestmark = [pytest.mark.django_db, pytest.mark.shared_cache]
HOME = reverse("tournaments:home")
TODAY = timezone.localdate()


@pytest.fixture(autouse=True)
def _midday(clock):
    """The lists are the day's, and TODAY was read once, when the module
    was: the app's clock stands at its midday, so that a run across
    midnight does not see another day."""
    clock.now = noon(TODAY)


@pytest.fixture
def shared_cache(settings, redis_url):
    url = real.redis_database(redis_url, 3)
    settings.REDIS_URL = url
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    }
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks):
    """Changes made as a request makes them: committed, callbacks run."""

    def run(change):
        with django_capture_on_commit_callbacks(execute=True):
            return change()

    return run


def test_a_second_visitor_gets_the_lists_without_a_query(
    client, shared_cache, make_tournament, django_assert_num_queries
):
    for n in range(5):
        make_tournament(name=f"Concours n° {n}", date=TODAY)
    first = client.get(HOME)
    assert "Concours n° 4" in first.content.decode()
    with django_assert_num_queries(0):
        again = client.get(HOME)
    assert again.content == first.content


def test_a_concours_renamed_published_or_deleted_is_on_the_next_page(
    client, shared_cache, make_tournament, on_commit
):
    shown = make_tournament(name="Concours de Brézé", date=TODAY)
    hidden = make_tournament(name="Concours de Doué", date=TODAY, published=False)
    assert "Concours de Doué" not in client.get(HOME).content.decode()

    on_commit(
        lambda: tournaments.update_tournament(
            tournament=shown, by=shown.owner, **settings_of(shown, name="Concours de Saumur")
        )
    )
    on_commit(lambda: tournaments.set_published(tournament=hidden, published=True, by=None))
    page = client.get(HOME).content.decode()
    assert "Concours de Saumur" in page and "Concours de Brézé" not in page
    assert "Concours de Doué" in page

    on_commit(lambda: tournaments.delete_tournament(tournament=hidden, by=hidden.owner))
    assert "Concours de Doué" not in client.get(HOME).content.decode()


def test_a_concours_announced_and_a_challenge_published_are_on_the_next_page(
    client, shared_cache, organizer, on_commit
):
    client.get(HOME)
    on_commit(lambda: announce(organizer, name="Concours de la Saint-Éloi"))
    challenge = on_commit(
        lambda: challenges.create_challenge(owner=organizer, name="Challenge du Saumurois")
    )
    page = client.get(HOME).content.decode()
    assert "Concours de la Saint-Éloi" in page
    assert "Challenge du Saumurois" not in page  # not published yet
    on_commit(
        lambda: challenges.update_challenge(
            challenge=challenge, name=challenge.name, published=True
        )
    )
    assert "Challenge du Saumurois" in client.get(HOME).content.decode()


def test_a_deal_saved_leaves_the_home_cached(shared_cache, table, on_commit):
    """A Sunday's deals (one every few seconds somewhere) must not empty the
    cache: the home shows no score."""
    before = home_cache.generation()
    on_commit(lambda: factories.add_deal(table))
    assert home_cache.generation() == before


def _challenge(tournament, owner):
    challenge = challenges.create_challenge(owner=owner, name="Challenge d'Anjou")
    return lambda: challenges.add_tournament(challenge=challenge, tournament=tournament, by=owner)


def _league(tournament, owner):
    league = leagues.create_league(owner=owner, name="Ligue du Layon")
    return lambda: leagues.update_league(league=league, name=league.name, published=True)


def _announcement(tournament, owner):
    return lambda: announce(owner, name="Concours de Gennes")


def _draw(tournament, owner):
    factories.add_teams(tournament, 4)
    return lambda: factories.draw_random_round(tournament)


def _team(tournament, owner):
    return lambda: factories.add_teams(tournament, 1)


#: Each kind of change, made through its service: (a builder run before,
#: which returns the change) and whether the home shows it.
CHANGES = {
    "concours created": (
        lambda t, o: lambda: tournaments.create_tournament(owner=o, name="Brion", date=TODAY),
        True,
    ),
    "concours edited": (
        lambda t, o: (
            lambda: tournaments.update_tournament(
                tournament=t, by=o, **settings_of(t, venue="Salle Saint-Jean")
            )
        ),
        True,
    ),
    "concours withdrawn from the home": (
        lambda t, o: lambda: tournaments.set_published(tournament=t, published=False, by=o),
        True,
    ),
    "concours archived": (
        lambda t, o: lambda: tournaments.set_archived(tournament=t, archived=True, by=o),
        True,
    ),
    "concours deleted": (
        lambda t, o: lambda: tournaments.delete_tournament(tournament=t, by=o),
        True,
    ),
    "first partie drawn": (_draw, True),
    "concours announced": (_announcement, True),
    "concours put in a challenge": (_challenge, True),
    "league published": (_league, True),
    "team registered": (_team, False),
    "presence": (
        lambda t, o: lambda: calendar.arrived_from_the_list(t.teams.get()),
        False,
    ),
}


@pytest.mark.parametrize("name", CHANGES)
def test_each_kind_of_change_moves_the_home_only_if_the_home_shows_it(
    name, shared_cache, organizer, make_tournament, on_commit
):
    tournament = make_tournament(name="Concours de Martigné", date=TODAY)
    if name == "presence":
        factories.add_teams(tournament, 1)
    build, shown = CHANGES[name]
    change = build(tournament, organizer)
    before = home_cache.generation()
    on_commit(change)
    assert (home_cache.generation() != before) is shown


def test_a_save_outside_the_services_is_seen_after_the_ttl_only(
    shared_cache, make_tournament, on_commit
):
    """The audit trail tells the home, not the models' saves (a shell, a
    `.update()`): the documented limit, `TTL` seconds at most."""
    tournament = make_tournament(name="Concours de Brézé", date=TODAY)
    before = home_cache.generation()
    tournament.name = "Concours de Saumur"
    on_commit(tournament.save)
    assert home_cache.generation() == before
    assert home_cache.TTL <= 300


def test_each_visitor_gets_the_lists_for_them(client, shared_cache, organizer, make_tournament):
    make_tournament(name="Concours en préparation", date=TODAY, published=False)
    assert "Concours en préparation" not in client.get(HOME).content.decode()
    client.cookies["django_language"] = "en"
    assert "No concours under way today." in client.get(HOME).content.decode()
    client.force_login(organizer)
    assert "Concours en préparation" in client.get(HOME).content.decode()


def test_without_redis_the_home_is_rendered_every_time(client, make_tournament, settings):
    settings.REDIS_URL = ""  # the hall: no Redis (CI's Redis tier sets one for the run)
    make_tournament(name="Concours de Vihiers", date=TODAY)
    assert home_cache.generation() is None
    client.get(HOME)
    tournament = make_tournament(name="Concours de Cholet", date=TODAY)
    assert tournament.name in client.get(HOME).content.decode()


def _section(page: str, title_id: str) -> str:
    return page.split(f'id="{title_id}"', 1)[1].split("</section>", 1)[0]


def test_a_concours_finished_moves_to_the_results_on_the_next_page(
    client, shared_cache, organizer, on_commit
):
    played = factories.qualified_tournament(
        owner=organizer, teams=4, parties=2, played=1, name="Concours de Brissac", date=TODAY
    )
    page = client.get(HOME).content.decode()
    assert "Concours de Brissac" in _section(page, "home-now-title")
    assert 'id="home-results-title"' not in page

    rnd = factories.draw_random_round(played, seed=5)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    on_commit(lambda: rounds.close_round(round=rnd))
    played.refresh_from_db()
    assert played.status == Tournament.Status.FINISHED
    page = client.get(HOME).content.decode()
    assert "Concours de Brissac" not in _section(page, "home-now-title")
    assert "Concours de Brissac" in _section(page, "home-results-title")


def test_a_day_past_gives_a_home_of_its_own(
    client, shared_cache, organizer, make_tournament, monkeypatch, django_assert_num_queries
):
    """The lists hang on the day (a concours announced for today and not
    started leaves « Prochains concours » for the first list tomorrow, one
    never closed leaves the first list a month on): the cached lists are
    the day's, and nothing is saved when a day passes."""
    announce(organizer, name="Concours de la Saint-Éloi", date=TODAY)
    make_tournament(name="Concours jamais clos", date=TODAY - home_queries.STALE_AFTER)
    page = client.get(HOME).content.decode()
    assert "Concours de la Saint-Éloi" in _section(page, "coming-title")
    assert "Concours jamais clos" in _section(page, "home-now-title")
    with django_assert_num_queries(0):
        client.get(HOME)

    tomorrow = TODAY + datetime.timedelta(days=1)
    monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: tomorrow)
    page = client.get(HOME).content.decode()
    assert "Concours de la Saint-Éloi" not in _section(page, "coming-title")
    assert "Concours de la Saint-Éloi" in _section(page, "home-now-title")
    assert "Concours jamais clos" not in page
