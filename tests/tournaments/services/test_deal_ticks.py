"""The other team confirms deal by deal when it wants to (issue 21): one
tick a row, on the phone where it gave its code; a deal changed since is
unticked; the entering team cannot tick its own deals."""

from __future__ import annotations

import pytest
from django.test import Client

from tests import factories
from tournaments.infra import links
from tournaments.models import Change
from tournaments.services import errors, table_side

pytestmark = pytest.mark.django_db


def test_the_other_team_ticks_a_deal_once_and_a_change_unticks_it(table):
    factories.enter_from_the_table(table, side="A", count=2)
    deal = table_side.confirm_deal(table=table, side="B", number=1)
    assert deal.confirmed
    table_side.confirm_deal(table=table, side="B", number=1)  # sent twice
    assert Change.objects.filter(table=table, action="deal_confirmed").count() == 1
    assert list(table.deals.order_by("number").values_list("confirmed", flat=True)) == [True, False]
    table.refresh_from_db()
    table_side.record_table_deal(
        table=table,
        side="A",
        values=factories.coinche_values(points_a=120),
        expected_version=table.version,
        number=1,
    )
    assert not table.deals.get(number=1).confirmed


@pytest.mark.parametrize("side", ["A"])
def test_the_entering_team_cannot_tick_its_own_deals(table, side):
    factories.enter_from_the_table(table, side="A", count=1)
    with pytest.raises(errors.TournamentError):
        table_side.confirm_deal(table=table, side=side, number=1)
    with pytest.raises(errors.TournamentError):
        table_side.confirm_deal(table=table, side="B", number=9)


def test_the_other_teams_phone_ticks_rows_after_giving_its_code(table):
    factories.enter_from_the_table(table, side="A", count=2)
    phone = Client()
    path = links.entry_path(table)
    assert "D&#x27;accord" not in phone.get(path).content.decode()
    # A tick without the code given first changes nothing.
    phone.post(path + "donne/1/confirmer/")
    assert not table.deals.get(number=1).confirmed
    # the other team's code: recognised, it answers from this phone
    assert phone.post(path + "code/", {"code": table.code_b}).status_code == 302
    page = phone.get(path).content.decode()
    assert page.count('class="deal-tick"') == 2
    assert phone.post(path + "donne/1/confirmer/").status_code == 302
    page = phone.get(path).content.decode()
    assert 'class="ticked"' in page and "confirmée" in page
    assert page.count('class="deal-tick"') == 1
    assert table.deals.get(number=1).confirmed
    # The entering team's phone never ticks.
    entering = Client()
    entering.post(path + "code/", {"code": table.code_a})
    assert "deal-tick" not in entering.get(path).content.decode()
    entering.post(path + "donne/2/confirmer/")
    assert not table.deals.get(number=2).confirmed


def test_tout_confirmer_ticks_every_deal_shown_once_and_a_retry_ticks_nothing(table):
    factories.enter_from_the_table(table, side="A", count=3)
    table_side.confirm_deal(table=table, side="B", number=2)
    ticked = table_side.confirm_deals(
        table=table, side="B", up_to=3, expected_version=table.version
    )
    assert ticked == 2
    assert table.deals.filter(confirmed=True).count() == 3
    # The same post again (a retry of the outbox): nothing more, nothing logged.
    assert (
        table_side.confirm_deals(table=table, side="B", up_to=3, expected_version=table.version)
        == 0
    )
    assert Change.objects.filter(table=table, action="deal_confirmed").count() == 3


@pytest.mark.parametrize(
    ("side", "up_to", "moved", "ticked_before"),
    [
        ("A", 2, False, 0),  # the entering team never ticks its own deals
        ("B", 3, False, 0),  # a deal the screen showed is gone
        ("B", 0, False, 0),  # nothing shown
        ("B", 2, True, 0),  # the table changed since the screen was read
    ],
)
def test_tout_confirmer_refused_ticks_nothing(table, side, up_to, moved, ticked_before):
    factories.enter_from_the_table(table, side="A", count=2)
    version = table.version
    if moved:
        table_side.record_table_deal(
            table=table,
            side="A",
            values=factories.coinche_values(points_a=120),
            expected_version=table.version,
            number=1,
        )
    with pytest.raises(errors.TournamentError):
        table_side.confirm_deals(table=table, side=side, up_to=up_to, expected_version=version)
    assert table.deals.filter(confirmed=True).count() == ticked_before


def test_the_other_teams_phone_confirms_all_deals_in_one_tap(table):
    factories.enter_from_the_table(table, side="A", count=3)
    phone = Client()
    path = links.entry_path(table)
    # Without the code given first: nothing ticked.
    phone.post(path + "donnes/confirmer/", {"up_to": "3", "version": str(table.version)})
    assert not table.deals.filter(confirmed=True).exists()
    phone.post(path + "code/", {"code": table.code_b})
    page = phone.get(path).content.decode()
    # « D'accord » on each line, outside its detail, and « Tout confirmer ».
    assert page.count('class="deal-tick"') == 3
    assert "Tout confirmer (donnes 1 à 3)" in page
    assert 'name="up_to" value="3"' in page
    # A tampered post changes nothing and says why, without an error page.
    answer = phone.post(path + "donnes/confirmer/", {"up_to": "x", "version": "1"}, follow=True)
    assert answer.status_code == 200 and "plus à jour" in answer.content.decode()
    assert not table.deals.filter(confirmed=True).exists()
    phone.post(path + "donnes/confirmer/", {"up_to": "3", "version": str(table.version)})
    assert table.deals.filter(confirmed=True).count() == 3
    page = phone.get(path).content.decode()
    assert "Tout confirmer" not in page and "deal-tick" not in page
