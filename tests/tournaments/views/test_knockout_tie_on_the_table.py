"""A knockout tie is said on the table as soon as its planned deals are in
(issue 21): the desk's grid and the phone's table page say « égalité : une
donne de plus » (it was said only when the partie was closed)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tournaments.infra import links
from tournaments.services import brackets, scores

pytestmark = pytest.mark.django_db

TIE = "égalité : une donne de plus"


@pytest.fixture
def bracket_round(organizer):
    tournament = factories.qualified_tournament(owner=organizer)
    brackets.create_brackets(tournament=tournament, main=4, tie_rule="extra_deal")
    return brackets.draw_bracket_round(tournament=tournament)


def desk_page(client, table) -> str:
    rnd = table.round
    return client.get(
        reverse("tournaments:table", args=[rnd.tournament.slug, rnd.number, table.number])
    ).text


def test_the_desk_and_the_phone_say_the_tie_once_the_deals_are_in(client, organizer, bracket_round):
    client.force_login(organizer)
    table = bracket_round.tables.get(number=1)
    assert TIE not in desk_page(client, table)
    factories.play_bracket_round(bracket_round, passed=(1,))
    table.refresh_from_db()
    assert f'<span class="total-status tie-alert" role="alert">{TIE}</span>' in desk_page(
        client, table
    )
    assert TIE in client.get(links.entry_path(table)).text
    assert (
        "tie: one more deal"
        in client.get(links.entry_path(table), headers={"Accept-Language": "en"}).text
    )
    # The other table has a winner: nothing to say.
    assert TIE not in desk_page(client, bracket_round.tables.get(number=2))
    # One more deal: the table ends.
    factories.win_deal(table, "B")
    table.refresh_from_db()
    assert TIE not in desk_page(client, table)


def test_a_qualifying_tie_says_nothing(client, organizer):
    tournament = factories.build_tournament(owner=organizer, end_deals=1)
    factories.add_teams(tournament, 2)
    table = factories.first_table(factories.draw_random_round(tournament))
    scores.record_deal(table=table, values={"taker": ""})
    client.force_login(organizer)
    assert TIE not in desk_page(client, table)
