"""One table's sheet comes back with totals only while the others are entered
deal by deal; in classic belote without announcements the totals are checked
by the organizers' sum."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import add_deal, add_teams, draw_random_round, first_table
from tournaments.models import Table
from tournaments.services import errors, penalties, scores

pytestmark = pytest.mark.django_db


@pytest.fixture
def classic_table(make_tournament) -> Table:
    tournament = make_tournament(preset="ffb-belote", overrides={"announcements": False})
    add_teams(tournament, 4)
    return first_table(draw_random_round(tournament))


def test_a_table_of_a_deal_by_deal_tournament_takes_its_sheets_totals(table):
    scores.record_totals(table=table, total_a=1200, total_b=900)
    table.refresh_from_db()
    assert (table.total_a, table.total_b, table.status, table.totals_only) == (
        1200,
        900,
        Table.Status.COMPLETE,
        True,
    )
    # its totals are never recomputed from deals: a penalty adds to them
    penalties.add_penalty(table=table, team=table.team_a, points=-50, reason="retard")
    table.refresh_from_db()
    assert (table.total_a, table.total_b) == (1150, 900)
    with pytest.raises(errors.TournamentError):
        add_deal(table)


def test_a_table_with_deals_cannot_be_given_totals(table):
    add_deal(table)
    with pytest.raises(errors.TournamentError) as refused:
        scores.record_totals(table=table, total_a=1200, total_b=900)
    assert "déjà des donnes" in refused.value.message


def test_the_sum_accepts_a_right_sheet(classic_table):
    # 12 deals, 1 belote, 1 capot: 162 × 12 + 20 + 90 = 2054
    sheet = {"deals": 12, "belotes": 1, "capots": 1}
    scores.record_totals(table=classic_table, total_a=1254, total_b=800, sheet=sheet)
    classic_table.refresh_from_db()
    assert classic_table.total_a + classic_table.total_b == 2054


@pytest.mark.parametrize(
    ("total_b", "cause"),
    [(638, "une donne oubliée"), (780, "une belote oubliée"), (890, "un capot compté 252 de trop")],
)
def test_a_wrong_sheet_is_refused_with_its_likely_mistake(classic_table, total_b, cause):
    sheet = {"deals": 12, "belotes": 1, "capots": 1}
    with pytest.raises(errors.TournamentError) as refused:
        scores.record_totals(table=classic_table, total_a=1254, total_b=total_b, sheet=sheet)
    assert cause in refused.value.message
    classic_table.refresh_from_db()
    assert classic_table.status != Table.Status.COMPLETE
    # the organizer looked at the sheet: it is right as it is
    scores.record_totals(
        table=classic_table, total_a=1254, total_b=total_b, sheet=sheet, anyway=True
    )


def test_the_desk_offers_totals_only_and_shows_the_mistake(client, organizer, classic_table):
    client.force_login(organizer)
    tournament = classic_table.round.tournament
    page = client.get(reverse("tournaments:table", args=[tournament.slug, 1, classic_table.number]))
    assert "revenue avec les totaux seulement" in page.text
    response = client.post(
        reverse("tournaments:totals", args=[tournament.slug, 1, classic_table.number]),
        {"total_a": 1254, "total_b": 638, "deals": 12, "belotes": 1, "capots": 1, "version": 1},
    )
    assert response.status_code == 422
    assert "une donne oubliée" in response.text


def test_a_table_not_started_offers_empty_totals_and_refuses_a_side_left_out(
    client, organizer, classic_table
):
    """The boxes start empty, not at « 0 »: a volunteer who types one side
    and presses Enter is told the other is missing, and nothing is recorded."""
    client.force_login(organizer)
    tournament = classic_table.round.tournament
    args = [tournament.slug, 1, classic_table.number]
    page = client.get(reverse("tournaments:table", args=args)).text
    for name in ("total_a", "total_b"):
        box = page.split(f'name="{name}"')[1].split(">")[0]
        assert "value=" not in box, box
    response = client.post(
        reverse("tournaments:totals", args=args),
        {"total_a": 1254, "total_b": "", "version": classic_table.version},
    )
    assert response.status_code == 422
    assert "Ce champ est obligatoire." in response.text
    classic_table.refresh_from_db()
    assert classic_table.status == Table.Status.NOT_STARTED
    assert (classic_table.total_a, classic_table.total_b) == (0, 0)
