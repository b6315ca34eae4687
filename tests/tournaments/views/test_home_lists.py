"""The public home's lists (issue 26): first the concours of the moment, then
the coming ones announced, then the latest results with « Tous les
résultats », the archive of every finished concours (searched by name or
town, filtered by département, 30 a page, never a 500 whatever the address
says)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tests.clock import noon
from tests.tournaments.features.calendar.builders import announce
from tournaments.models import Tournament
from tournaments.queries import home as home_queries
from tournaments.queries import publication as publication_queries

pytestmark = pytest.mark.django_db

HOME = reverse("tournaments:home")
ARCHIVE = reverse("tournaments:results_archive")
TODAY = timezone.localdate()


@pytest.fixture(autouse=True)
def _midday(clock):
    """The lists are the day's, and TODAY was read once, when the module
    was: the app's clock stands at its midday, so that a run across
    midnight does not see another day."""
    clock.now = noon(TODAY)


def days(n: int) -> datetime.date:
    return TODAY + datetime.timedelta(days=n)


def section(page: str, marker: str, until: str) -> str:
    """The part of `page` from `marker` to `until`."""
    return page.split(marker, 1)[1].split(until, 1)[0]


def now_list(page: str) -> str:
    return section(page, 'id="home-now-title"', 'class="coming-concours"')


def finished(make_tournament, name: str, day: datetime.date, **fields) -> Tournament:
    """A published concours whose last partie is closed (no game needed here)."""
    tournament = make_tournament(name=name, date=day, **fields)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    tournament.refresh_from_db()
    return tournament


def running(make_tournament, name: str, day: datetime.date, **fields) -> Tournament:
    tournament = make_tournament(name=name, date=day, **fields)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    return tournament


def test_the_first_list_is_the_concours_being_played_or_about_to_be(
    client, organizer, make_tournament
):
    running(make_tournament, "Concours d'il y a dix jours", days(-10))
    make_tournament(name="Concours de demain", date=days(1))
    running(make_tournament, "Concours du jour", TODAY)
    running(make_tournament, "Concours jamais clos", days(-40))
    finished(make_tournament, "Concours terminé", days(-2))
    archived = running(make_tournament, "Concours archivé", TODAY)
    Tournament.objects.filter(pk=archived.pk).update(archived=True)
    announce(organizer, name="Concours annoncé", date=days(12))

    page = client.get(HOME).content.decode()
    now = now_list(page)
    # The day's first, then the days to come, then the days before.
    assert now.index("Concours du jour") < now.index("Concours de demain")
    assert now.index("Concours de demain") < now.index("Concours d&#x27;il y a dix jours")
    # Not repeated from the lists below it, nor stale, nor archived.
    for elsewhere in ("Concours annoncé", "Concours terminé", "Concours jamais clos"):
        assert elsewhere not in now
    assert "Concours archivé" not in page
    assert "Concours annoncé" in section(page, 'class="coming-concours"', "</section>")
    assert "Concours terminé" in section(page, 'class="home-results"', "</section>")


def test_an_announced_concours_moves_up_when_it_starts(client, organizer):
    tournament = announce(organizer, name="Concours de la Saint-Vincent", date=TODAY)
    page = client.get(HOME).content.decode()
    assert "Saint-Vincent" not in now_list(page)
    assert "Saint-Vincent" in section(page, 'class="coming-concours"', "</section>")

    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    page = client.get(HOME).content.decode()
    assert "Saint-Vincent" in now_list(page)
    assert "Saint-Vincent" not in section(page, 'class="coming-concours"', "</section>")


def test_an_organizer_sees_their_unpublished_concours_marked_there(
    client, organizer, make_tournament
):
    make_tournament(name="Concours en préparation", date=TODAY, published=False)
    assert "Concours en préparation" not in client.get(HOME).content.decode()
    client.force_login(organizer)
    now = now_list(client.get(HOME).content.decode())
    assert "Concours en préparation" in now and "non publié" in now


def test_an_empty_first_list_says_so_in_both_languages(client):
    assert "Aucun concours en cours aujourd'hui." in client.get(HOME).content.decode()
    client.cookies["django_language"] = "en"
    assert "No concours under way today." in client.get(HOME).content.decode()


def test_the_home_asks_the_same_queries_for_3_concours_or_30(
    client, make_tournament, django_assert_max_num_queries
):
    def queries_of_the_home() -> int:
        with django_assert_max_num_queries(8) as captured:
            assert client.get(HOME).status_code == 200
        return len(captured)

    for n in range(3):
        running(make_tournament, f"Concours n° {n}", TODAY)
        finished(make_tournament, f"Concours fini n° {n}", days(-n - 1))
    few = queries_of_the_home()
    for n in range(3, 30):
        running(make_tournament, f"Concours n° {n}", TODAY)
        finished(make_tournament, f"Concours fini n° {n}", days(-n - 1))
    assert queries_of_the_home() == few


def test_the_query_of_the_moment_leaves_out_what_the_calendar_lists(organizer):
    """« Prochains concours » and the first list never show the same concours."""
    from tournaments.features.calendar import queries as calendar_queries

    announce(organizer, name="Annoncé pour aujourd'hui", date=TODAY)
    announce(organizer, name="Annoncé pour plus tard", date=days(20))
    factories.build_tournament(owner=organizer, name="Pas annoncé", date=days(20))
    visible = Tournament.objects.published()
    moment = {t.name for t in home_queries.of_the_moment(visible, TODAY)}
    coming = {a.tournament.name for a in calendar_queries.coming()}
    assert moment == {"Pas annoncé"}
    assert coming == {"Annoncé pour aujourd'hui", "Annoncé pour plus tard"}


def test_the_home_shows_the_12_latest_results_and_the_archive_every_one(client, make_tournament):
    for n in range(14):
        finished(make_tournament, f"Concours n° {n:02d}", days(-n - 1))
    finished(make_tournament, "Concours caché", days(-1), published=False)
    running(make_tournament, "Concours qui se joue", days(-1))

    results = section(client.get(HOME).content.decode(), 'class="home-results"', "</section>")
    assert "Concours n° 11" in results and "Concours n° 12" not in results
    assert f'href="{ARCHIVE}"' in results and "Tous les résultats" in results

    page = client.get(ARCHIVE).content.decode()
    names = [f"Concours n° {n:02d}" for n in range(14)]
    assert [page.index(name) for name in names] == sorted(page.index(name) for name in names)
    older = Tournament.objects.get(name="Concours n° 13")
    assert f'href="/t/{older.slug}/resultats/"' in page
    assert "Concours caché" not in page and "Concours qui se joue" not in page
    assert "14 concours" in page


def test_the_archive_has_30_concours_a_page_with_links_of_a_fingers_size(client, make_tournament):
    for n in range(65):
        finished(make_tournament, f"Concours n° {n:02d}", days(-n - 1))
    first = client.get(ARCHIVE).content.decode()
    assert first.count('class="card"') == 30
    assert "page 1 sur 3" in first
    assert 'href="?page=2"' in first and 'rel="next"' in first and 'rel="prev"' not in first
    assert 'aria-current="page">1<' in first

    last = client.get(ARCHIVE, {"page": "3"}).content.decode()
    assert last.count('class="card"') == 5 and "Concours n° 64" in last
    assert 'rel="prev"' in last and 'rel="next"' not in last


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("saint eloi", {"Concours de la Saint-Éloi"}),
        ("SAINT-ÉLOI", {"Concours de la Saint-Éloi"}),
        ("macon", {"Coinche de Mâcon", "Belote du Comité"}),  # a name, and an announced town
        ("fetes", {"Concours de la Saint-Éloi"}),  # the venue
        ("comite macon", {"Belote du Comité"}),  # every word, anywhere
        ("dijon", set()),
        ("’", {"Concours de la Saint-Éloi", "Coinche de Mâcon", "Belote du Comité"}),
    ],
)
def test_the_archive_searches_names_venues_and_towns_accents_and_case_aside(
    client, organizer, make_tournament, query, found
):
    finished(make_tournament, "Concours de la Saint-Éloi", days(-3), venue="Salle des fêtes")
    finished(make_tournament, "Coinche de Mâcon", days(-4), venue="Foyer rural")
    announced = announce(
        organizer, name="Belote du Comité", date=TODAY, town="Mâcon", hall="Foyer communal"
    )
    Tournament.objects.filter(pk=announced.pk).update(status=Tournament.Status.FINISHED)

    page = client.get(ARCHIVE, {"q": query}).content.decode()
    listed = section(page, "<h1>", "</main>")
    shown = {
        name
        for name in ("Concours de la Saint-Éloi", "Coinche de Mâcon", "Belote du Comité")
        if name in listed
    }
    assert shown == found
    if not found:
        assert "Aucun concours ne correspond à cette recherche." in page


def test_the_archive_filters_by_departement_when_it_is_known(client, organizer, make_tournament):
    for name, postcode in (("Belote de Mâcon", "71000"), ("Coinche de Dijon", "21000")):
        announced = announce(organizer, name=name, date=TODAY, postcode=postcode)
        Tournament.objects.filter(pk=announced.pk).update(status=Tournament.Status.FINISHED)
    finished(make_tournament, "Concours de la salle", days(-3))  # sent from a hall laptop

    everything = client.get(ARCHIVE).content.decode()
    assert '<option value="21">21</option>' in everything
    assert '<option value="71">71</option>' in everything
    assert "Mâcon (71)" in everything  # the card says where

    page = client.get(ARCHIVE, {"departement": "71"}).content.decode()
    assert "Belote de Mâcon" in page
    assert "Coinche de Dijon" not in page and "Concours de la salle" not in page
    assert '<option value="71" selected>' in page
    # The page links keep the search.
    for n in range(31):
        announced = announce(organizer, name=f"Concours {n}", date=TODAY, postcode="71000")
        Tournament.objects.filter(pk=announced.pk).update(status=Tournament.Status.FINISHED)
    page = client.get(ARCHIVE, {"departement": "71"}).content.decode()
    assert 'href="?departement=71&amp;page=2"' in page


@pytest.mark.parametrize(
    "params",
    [
        {"page": "abc"},
        {"page": "99999"},
        {"page": "-1"},
        {"page": "1.5"},
        {"page": "9" * 5000},
        {"q": "é" * 500},
        {"q": "'; DROP TABLE tournaments_tournament; --"},
        {"q": "%_%"},
        {"departement": "<script>alert(1)</script>"},
        {"departement": "99999", "q": "\x00"},
    ],
)
def test_the_archive_answers_bad_addresses_with_a_page(client, make_tournament, params):
    for n in range(35):
        finished(make_tournament, f"Concours n° {n:02d}", days(-n - 1))
    answer = client.get(ARCHIVE, params)
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "<script>alert" not in page
    assert "Tous les résultats" in page


def test_a_page_number_past_the_last_gives_the_last_page(client, make_tournament):
    for n in range(35):
        finished(make_tournament, f"Concours n° {n:02d}", days(-n - 1))
    page = client.get(ARCHIVE, {"page": "99999"}).content.decode()
    assert "page 2 sur 2" in page and "Concours n° 34" in page


def test_the_archive_asks_the_same_queries_for_5_concours_or_40(
    client, organizer, make_tournament, django_assert_max_num_queries
):
    def queries_of_the_archive() -> int:
        with django_assert_max_num_queries(4) as captured:
            assert client.get(ARCHIVE, {"q": "concours", "page": "2"}).status_code == 200
        return len(captured)

    for n in range(5):
        finished(make_tournament, f"Concours n° {n:02d}", days(-n - 1))
        announced = announce(organizer, name=f"Concours annoncé {n}", date=TODAY)
        Tournament.objects.filter(pk=announced.pk).update(status=Tournament.Status.FINISHED)
    few = queries_of_the_archive()
    for n in range(5, 40):
        finished(make_tournament, f"Concours n° {n:02d}", days(-n - 1))
    assert queries_of_the_archive() == few


def test_the_archive_is_a_players_page_in_english_too(client, make_tournament):
    finished(make_tournament, "Concours de la Saint-Éloi", days(-3))
    client.cookies["django_language"] = "en"
    page = client.get(ARCHIVE).content.decode()
    assert "All results" in page and "Concours name or town" in page and "1 concours" in page
    assert "organizer.css" not in page
    assert 'class="players"' in page


def test_the_archive_query_cuts_a_long_search(make_tournament):
    finished(make_tournament, "Concours de la Saint-Éloi", days(-3))
    assert publication_queries.results_archive("saint " * 200).count() == 1
