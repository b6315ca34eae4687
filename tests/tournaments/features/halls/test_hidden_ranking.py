"""Issue 38, item 12a, on a concours played in several halls (issue 27):
the merged ranking the public reads (its page, a league's) counts only the
parties before the hidden one until every hall has closed every planned
partie, as a concours played in one hall does; the organizer's halls page
still reads every closed partie."""

from __future__ import annotations

import html
from collections import Counter

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.features.halls.builders import hall_file, raw
from tournaments.features.halls import services
from tournaments.features.halls.models import MergedHall
from tournaments.features.halls.queries import halls_state, merged_ranking

pytestmark = pytest.mark.django_db

SENTENCE = "Classement masqué jusqu'à la fin du concours"


@pytest.fixture
def hosted(organizer):
    """A concours of two planned parties played in two halls."""
    tournament = factories.build_tournament(owner=organizer, name="Concours des deux salles")
    services.declare_halls(
        tournament=tournament,
        names=["Salle des fêtes de Vic", "Foyer rural de Lembeye"],
        planned=2,
        by=organizer,
    )
    return tournament


def points_before(doc: dict, before: int | None, closed: int) -> dict[str, int]:
    """Each team's points in a hall's file, counted by hand from its tables'
    totals: the closed qualifying parties numbered below `before`."""
    names = {team["id"]: team["name"] for team in doc["teams"]}
    points: Counter[str] = Counter({name: 0 for name in names.values()})
    last = closed if before is None else min(closed, before - 1)
    for rnd in doc["rounds"]:
        if rnd["number"] > last:
            continue
        for table in rnd["tables"]:
            if table["status"] == "complete":
                points[names[table["a"]]] += table["totals"]["A"]
                points[names[table["b"]]] += table["totals"]["B"]
    return dict(points)


def received(organizer, tournament, *, vic: int, lembeye: int) -> dict[str, dict]:
    """Both halls' files in, Vic's after `vic` closed parties, Lembeye's
    after `lembeye`: the files by hall name."""
    halls = list(MergedHall.objects.filter(merge__tournament=tournament).order_by("position"))
    files = {
        halls[0].name: hall_file(organizer, name="Vic", played=vic),
        halls[1].name: hall_file(organizer, name="Lembeye", teams=6, played=lembeye),
    }
    for hall in halls:
        services.receive_hall_file(hall=hall, raw=raw(files[hall.name]))
    return files


# (option on, « masqué à partir de la partie », Vic's closed parties, Lembeye's,
#  the first partie the public does not see: None when it sees every one).
CASES = [
    # Vic has played its last partie, Lembeye not yet: Vic's partie 2 waits.
    (True, None, 2, 1, 2),
    # Every hall has closed every planned partie: the close, all is shown.
    (True, None, 2, 2, None),
    # The option off: every closed partie is shown.
    (False, None, 2, 1, None),
    # Hidden from partie 1: the public sees everyone at 0 until the close.
    (True, 1, 2, 1, 1),
    # No hall has drawn the hidden partie yet: nothing to hide.
    (True, None, 1, 1, None),
]


@pytest.mark.parametrize(("on", "chosen", "vic", "lembeye", "cutoff"), CASES)
def test_the_merged_ranking_hides_what_one_hall_would(
    organizer, hosted, on, chosen, vic, lembeye, cutoff
):
    hosted.ranking_hidden, hosted.ranking_hidden_from = on, chosen
    hosted.save(update_fields=["ranking_hidden", "ranking_hidden_from"])
    files = received(organizer, hosted, vic=vic, lembeye=lembeye)
    closed = {name: doc_closed for name, doc_closed in zip(files, (vic, lembeye), strict=True)}
    public = halls_state(hosted, public=True)
    desk = halls_state(hosted)
    assert public.hidden == desk.hidden == cutoff
    shown = {(row.hall, row.team): row.points for row in public.rows}
    live = {(row.hall, row.team): row.points for row in desk.rows}
    expected_shown = {
        (hall, team): points
        for hall, doc in files.items()
        for team, points in points_before(doc, cutoff, closed[hall]).items()
    }
    expected_live = {
        (hall, team): points
        for hall, doc in files.items()
        for team, points in points_before(doc, None, closed[hall]).items()
    }
    assert shown == expected_shown
    assert live == expected_live
    assert (shown != live) == (cutoff is not None)
    # A league reads the public's merged ranking.
    assert {(row.hall, row.team): row.points for row in merged_ranking(hosted)} == shown
    # Hiding never makes the ranking final before its time.
    assert public.provisional == desk.provisional == (lembeye < 2)


def test_the_public_halls_page_hides_it_and_the_organizer_sees_it(client, organizer, hosted):
    hosted.ranking_hidden = True
    hosted.save(update_fields=["ranking_hidden"])
    files = received(organizer, hosted, vic=2, lembeye=1)
    vic = next(iter(files))
    secret = points_before(files[vic], None, 2)
    shown = points_before(files[vic], 2, 2)
    public = client.get(reverse("tournaments:halls_public", args=[hosted.slug]))
    page = html.unescape(public.content.decode())
    assert public.status_code == 200 and SENTENCE in page
    assert "avant la partie 2" in page
    assert [row.points for row in public.context["rows"] if row.hall == vic] == sorted(
        shown.values(), reverse=True
    )
    client.force_login(organizer)
    desk = client.get(reverse("tournaments:halls_manage", args=[hosted.slug]))
    assert sorted(
        (row.points for row in desk.context["rows"] if row.hall == vic), reverse=True
    ) == (sorted(secret.values(), reverse=True))
    assert "masqué aux joueurs" in desk.content.decode()
