"""The club's count of a coinche at the desk (issue 37 item 3): the desk
page of a table asks it as long as no coinched deal (nor a capot bid) is
entered in the concours; the answers change the profile, keeping its preset
and version; afterwards the count no longer changes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import add_deal, add_teams, draw_random_round, first_table
from tournaments.models import Change, Table
from tournaments.services import club_count
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db

QUESTION = "Une coinche chutée à 90 : combien pour la défense ?"


def _table(make_tournament, preset: str = "ffb-coinche", **fields) -> Table:
    tournament = make_tournament(preset=preset, **fields)
    add_teams(tournament, 4)
    return first_table(draw_random_round(tournament))


def _url(table: Table, name: str = "table") -> str:
    slug = table.round.tournament.slug
    return reverse(f"tournaments:{name}", args=[slug, table.round.number, table.number])


@pytest.mark.parametrize(
    ("preset", "fields", "deal", "asked"),
    [
        ("ffb-coinche", {}, None, True),
        ("ffb-coinche", {}, {"coinche": 0}, True),  # an uncoinched deal marks the same
        ("ffb-coinche", {}, {"coinche": 1}, False),
        ("contree-faits-annonces", {}, {"bid": None, "bid_capot": True, "points_a": 130}, False),
        ("ffb-belote", {}, None, False),  # nothing to ask in classic belote
        ("contree-annonces", {}, None, False),  # nor at points annoncés
        ("ffb-coinche", {"score_entry": "totals"}, None, False),
    ],
)
def test_the_desk_asks_the_count_until_the_first_coinched_deal(
    client, organizer, make_tournament, preset, fields, deal, asked
):
    table = _table(make_tournament, preset, **fields)
    if deal is not None:
        add_deal(table, **deal)
    client.force_login(organizer)
    page = client.get(_url(table)).content.decode()
    assert (QUESTION in page) is asked
    assert club_count.club_count_open(table.round.tournament) is asked


def test_the_answers_change_the_profile_and_keep_its_version(client, organizer, make_tournament):
    table = _table(make_tournament)
    add_deal(table)  # the rules are locked, the count of a coinche is not yet used
    tournament = table.round.tournament
    before = tournament.rule_profile
    client.force_login(organizer)
    response = client.post(
        _url(table, "club_count"), {"coinche_chute": 340, "coinche_made": 340}, follow=True
    )
    assert "Compte du club enregistré : Coinche FFB, compte du club : contrat seul multiplié" in (
        response.content.decode()
    )
    tournament.refresh_from_db()
    rules = tournament.rule_profile
    assert (rules.preset, rules.version, rules.coinche_count) == (
        before.preset,
        before.version,
        "contract_only",
    )
    assert Change.objects.filter(
        tournament=tournament, action=Change.Action.TOURNAMENT_CHANGED
    ).exists()
    # a coinched chute at 90 now gives the defence 160 + 2 × 90
    deal = add_deal(table, coinche=1, points_a=70)
    assert (deal.marque_a, deal.marque_b) == (0, 340)
    with pytest.raises(TournamentError):
        club_count.set_club_count(
            tournament=tournament, answers={"coinche_chute": 500, "coinche_made": 500}, by=None
        )
    assert QUESTION not in client.get(_url(table)).content.decode()


def test_answers_no_count_gives_are_refused_at_the_question(client, organizer, make_tournament):
    table = _table(make_tournament)
    client.force_login(organizer)
    response = client.post(_url(table, "club_count"), {"coinche_chute": 340, "coinche_made": 500})
    assert response.status_code == 422
    assert response.context["count_form"].errors["coinche_made"]
    table.round.tournament.refresh_from_db()
    assert table.round.tournament.rule_profile.coinche_count == "multiplied"


def test_a_marque_no_question_offers_is_refused(client, organizer, make_tournament):
    table = _table(make_tournament)
    client.force_login(organizer)
    response = client.post(_url(table, "club_count"), {"coinche_chute": 99999, "coinche_made": 1})
    assert response.status_code == 422
    assert set(response.context["count_form"].errors) == {"coinche_chute", "coinche_made"}


def test_the_questions_show_open_until_the_first_deal_then_folded(
    client, organizer, make_tournament
):
    table = _table(make_tournament)
    client.force_login(organizer)
    assert 'id="club-count" open' in client.get(_url(table)).content.decode()
    add_deal(table)
    page = client.get(_url(table)).content.decode()
    assert 'id="club-count">' in page and QUESTION in page


def test_a_count_that_would_mark_an_entered_deal_otherwise_is_refused(make_tournament):
    # Au point près, a chute of 90 uncoinched is entered (160 + 90 = 250):
    # counting the coinche made on 162 also makes that chute 252, so the
    # count no longer changes, and says which deal.
    table = _table(make_tournament, overrides={"rounding": "none"})
    deal = add_deal(table, bid=90, points_a=70)
    assert (deal.marque_a, deal.marque_b) == (0, 250)
    tournament = table.round.tournament
    assert club_count.club_count_open(tournament)
    with pytest.raises(TournamentError) as refused:
        club_count.set_club_count(tournament=tournament, answers={"coinche_base": 1008}, by=None)
    assert "La donne 1 de la table 1 serait marquée autrement" in refused.value.message
    tournament.refresh_from_db()
    assert tournament.rule_profile.chute_base == 160
    # A count that leaves it alone still goes in: a capot bid made is 500.
    club_count.set_club_count(tournament=tournament, answers={"capot_bid_marque": 500}, by=None)
    tournament.refresh_from_db()
    assert tournament.rule_profile.capot_bid_marque == "flat"
