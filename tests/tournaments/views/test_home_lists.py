"""The public home's lists (issue 26): first the concours of the moment, then
the coming ones announced, then the latest results."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tests.tournaments.calendar.builders import announce
from tournaments.models import Tournament
from tournaments.queries import home as home_queries

pytestmark = pytest.mark.django_db

HOME = reverse("tournaments:home")
TODAY = timezone.localdate()


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
    from tournaments.queries import calendar as calendar_queries

    announce(organizer, name="Annoncé pour aujourd'hui", date=TODAY)
    announce(organizer, name="Annoncé pour plus tard", date=days(20))
    factories.build_tournament(owner=organizer, name="Pas annoncé", date=days(20))
    visible = Tournament.objects.published()
    moment = {t.name for t in home_queries.of_the_moment(visible, TODAY)}
    coming = {a.tournament.name for a in calendar_queries.coming()}
    assert moment == {"Pas annoncé"}
    assert coming == {"Annoncé pour aujourd'hui", "Annoncé pour plus tard"}
