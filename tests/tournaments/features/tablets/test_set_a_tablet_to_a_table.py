"""The club's tablets as services: added, enrolled once, set to a table by
its link, moved by the desk, following their number to the next partie."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests import factories
from tournaments.features.tablets import services as tablet_services
from tournaments.features.tablets.display import Action
from tournaments.features.tablets.models import Tablet
from tournaments.features.tablets.queries import tablet_table
from tournaments.models import Change, Round
from tournaments.services import rounds
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def _next_partie(tournament) -> Round:
    rnd = tournament.rounds.order_by("-number").first()
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    rounds.close_round(round=rnd)
    return rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=2)


def _enrolled(tournament, name="Tablette 1") -> Tablet:
    tablet = tablet_services.add_tablet(tournament=tournament, name=name)
    return tablet_services.enrol_tablet(enrol_key=tablet.enrol_key)


@pytest.mark.parametrize("name", ["", "   ", "x" * 41])
def test_a_tablet_needs_a_short_name(concours, name):
    with pytest.raises(TournamentError) as refused:
        tablet_services.add_tablet(tournament=concours, name=name)
    assert refused.value.field == "name"
    assert not Tablet.objects.exists()


def test_two_tablets_cannot_share_a_name(concours):
    tablet_services.add_tablet(tournament=concours, name="Tablette 1")
    with pytest.raises(TournamentError, match="déjà ce nom"):
        tablet_services.add_tablet(tournament=concours, name=" Tablette   1 ")
    assert Tablet.objects.count() == 1


def test_the_enrolment_link_serves_once_and_a_new_one_signs_the_old_device_out(concours):
    tablet = tablet_services.add_tablet(tournament=concours, name="Tablette 1")
    key = tablet.enrol_key
    enrolled = tablet_services.enrol_tablet(enrol_key=key)
    assert enrolled.device_key and enrolled.enrol_key is None
    with pytest.raises(TournamentError, match="déjà servi"):
        tablet_services.enrol_tablet(enrol_key=key)
    renewed = tablet_services.renew_enrolment(tablet=enrolled)
    assert renewed.device_key is None and renewed.enrol_key not in (None, key)
    assert Change.objects.filter(action=Action.TABLET_ENROLLED).count() == 1


def test_opening_a_table_link_sets_the_tablet_to_that_table(concours):
    tablet = _enrolled(concours)
    table = concours.rounds.get(number=1).tables.get(number=2)
    tablet_services.point_tablet_at(tablet=tablet, table=table)
    tablet.refresh_from_db()
    assert tablet_table(tablet) == table


def test_a_table_of_another_concours_is_refused(concours, make_tournament):
    tablet = _enrolled(concours)
    other = make_tournament(name="Autre concours")
    factories.add_teams(other, 2)
    foreign = factories.draw_random_round(other).tables.first()
    with pytest.raises(TournamentError, match="autre concours"):
        tablet_services.point_tablet_at(tablet=tablet, table=foreign)
    tablet.refresh_from_db()
    assert tablet.table_number is None


def test_a_tablet_follows_its_number_to_the_next_partie(concours):
    tablet = _enrolled(concours)
    tablet_services.move_tablet(tablet=tablet, number=2)
    partie2 = _next_partie(concours)
    tablet.refresh_from_db()
    assert tablet_table(tablet) == partie2.tables.get(number=2)


def test_a_tablet_moved_for_the_next_partie_stays_at_its_table_until_then(concours):
    tablet = _enrolled(concours)
    tablet_services.move_tablet(tablet=tablet, number=3)
    tablet_services.move_tablet(tablet=tablet, number=1, at_next=True)
    tablet.refresh_from_db()
    assert tablet_table(tablet).number == 3
    partie2 = _next_partie(concours)
    tablet.refresh_from_db()
    assert tablet_table(tablet) == partie2.tables.get(number=1)
    assert Change.objects.filter(action=Action.TABLET_MOVED).count() == 2


def test_between_two_parties_a_tablet_has_no_table(concours):
    tablet = _enrolled(concours)
    tablet_services.move_tablet(tablet=tablet, number=1)
    rnd = concours.rounds.get(number=1)
    for table in rnd.tables.all():
        factories.add_deal(table)
    rounds.close_round(round=rnd)
    tablet.refresh_from_db()
    assert tablet_table(tablet) is None


@pytest.mark.parametrize("number", [0, 4, 501])
def test_a_move_now_to_a_table_the_partie_does_not_have_is_refused(concours, number):
    tablet = _enrolled(concours)
    with pytest.raises(TournamentError) as refused:
        tablet_services.move_tablet(tablet=tablet, number=number)
    assert refused.value.field == "number"
    tablet.refresh_from_db()
    assert tablet.table_number is None


def test_the_last_call_is_written_at_most_every_thirty_seconds(concours):
    tablet = _enrolled(concours)
    now = timezone.now() + datetime.timedelta(minutes=1)
    assert tablet_services.note_tablet_seen(tablet=tablet, now=now)
    assert not tablet_services.note_tablet_seen(
        tablet=tablet, now=now + datetime.timedelta(seconds=10)
    )
    assert tablet_services.note_tablet_seen(tablet=tablet, now=now + datetime.timedelta(seconds=31))
    tablet.refresh_from_db()
    assert tablet.seen_at == now + datetime.timedelta(seconds=31)
