"""The organizer's use-cases, run for real on the database."""

from __future__ import annotations

import pytest

from tests.factories import add_teams
from tournaments.models import Change, Deal, Round, Table, Team
from tournaments.services import errors, penalties, registration, rounds, scores, tournaments

pytestmark = pytest.mark.django_db


def coinche(taker="A", trump="H", bid=90, points=97, **extra):
    values = {"taker": taker, "trump": trump, "bid": bid}
    values["points_a" if taker == "A" else "points_b"] = points
    values.update(extra)
    return values


def play_out(table: Table, deals: int = 12) -> None:
    for _ in range(deals):
        scores.record_deal(table=table, values=coinche())


def finish_round(rnd: Round) -> None:
    for table in rnd.tables.filter(team_b__isnull=False):
        play_out(table)
    rounds.close_round(round=rnd)


# --- Score entry ---------------------------------------------------------


def test_a_recorded_deal_carries_the_engines_marques(table):
    deal = scores.record_deal(table=table, values=coinche())
    deal.refresh_from_db()
    table.refresh_from_db()
    assert (deal.marque_a, deal.marque_b, deal.outcome) == (190, 70, "made")
    assert (table.total_a, table.total_b) == (190, 70)
    assert table.status == Table.Status.IN_PROGRESS
    assert table.round.status == Round.Status.PLAYING


def test_a_made_coinche_doubles_the_takers_marque(table):
    scores.record_deal(
        table=table, values={"taker": "B", "trump": "C", "bid": 80, "coinche": 1, "points_b": 102}
    )
    table.refresh_from_db()
    assert (table.total_a, table.total_b) == (0, 480)


def test_an_impossible_deal_is_refused_with_its_field_and_changes_nothing(table):
    scores.record_deal(table=table, values=coinche())
    before = table.version + 1
    with pytest.raises(errors.TournamentError) as error:
        scores.record_deal(table=table, values=coinche(bid=85))
    assert error.value.field == "bid"
    assert error.value.message
    table.refresh_from_db()
    assert table.deals.count() == 1 and table.version == before


def test_card_points_that_do_not_add_up_are_refused(table):
    with pytest.raises(errors.TournamentError) as error:
        scores.record_deal(
            table=table,
            values={"taker": "A", "trump": "S", "bid": 80, "points_a": 100, "points_b": 63},
        )
    assert error.value.field == "points"
    assert "162" in error.value.message
    assert not table.deals.exists()


def test_a_stale_version_is_refused_rather_than_overwriting(table):
    scores.record_deal(table=table, values=coinche(), expected_version=table.version)
    with pytest.raises(errors.TournamentError) as error:
        scores.record_deal(table=table, values=coinche(points_a=60), expected_version=table.version)
    assert error.value.field == "version"
    assert table.deals.count() == 1


def test_the_same_post_sent_again_returns_its_deal_and_writes_nothing(table):
    first = scores.record_deal(table=table, values=coinche(), expected_version=table.version)
    again = scores.record_deal(table=table, values=coinche(), expected_version=table.version)
    assert again.pk == first.pk and table.deals.count() == 1
    assert table.changes.count() == 1


def test_a_table_is_complete_after_its_twelve_deals(table):
    play_out(table)
    table.refresh_from_db()
    assert table.status == Table.Status.COMPLETE
    with pytest.raises(errors.TournamentError):
        scores.record_deal(table=table, values=coinche())


def test_correcting_a_deal_rescoring_the_table(table):
    scores.record_deal(table=table, values=coinche())
    scores.record_deal(table=table, values=coinche(points=60), number=1)
    table.refresh_from_db()
    deal = table.deals.get()
    assert deal.outcome == Deal.Outcome.CHUTE
    assert table.total_a == deal.marque_a and table.total_b == deal.marque_b


def test_correcting_an_earlier_deal_into_a_litige_gives_its_pot_to_the_next(make_tournament):
    """The deals after a corrected one are scored again: the next deal wins
    the pot of a deal corrected into a litige, and is written so."""
    tournament = make_tournament(preset="ffb-belote")
    add_teams(tournament, 2)
    table = rounds.draw_round(tournament=tournament, seed=1).tables.get()
    scores.record_deal(table=table, values={"taker": "A", "trump": "H", "points_a": 100})
    scores.record_deal(table=table, values={"taker": "A", "trump": "S", "points_a": 100})
    second = table.deals.get(number=2)
    scores.record_deal(table=table, values={"taker": "B", "trump": "S", "points_a": 81}, number=1)
    first, after = table.deals.get(number=1), table.deals.get(number=2)
    assert first.outcome == Deal.Outcome.LITIGE and first.pot == 81
    assert after.marque_a == second.marque_a + 81 and after.updated_at > second.updated_at
    table.refresh_from_db()
    assert (table.total_a, table.total_b) == (
        first.marque_a + after.marque_a,
        first.marque_b + after.marque_b,
    )


def test_a_penalty_adds_to_the_table_total_with_its_reason(table):
    scores.record_deal(table=table, values=coinche())
    penalties.add_penalty(table=table, team=table.team_b, points=162, reason="Renonce de Nord-Sud")
    table.refresh_from_db()
    assert (table.total_a, table.total_b) == (190, 70 + 162)


def test_a_penalty_needs_a_reason(table):
    with pytest.raises(errors.TournamentError) as error:
        penalties.add_penalty(table=table, team=table.team_b, points=162, reason=" ")
    assert error.value.field == "reason"


def test_totals_only_tournaments_record_final_totals(make_tournament):
    tournament = make_tournament(name="Totaux", score_entry="totals")
    add_teams(tournament, 2)
    rnd = rounds.draw_round(tournament=tournament, seed=1)
    table = rnd.tables.get()
    scores.record_totals(table=table, total_a=1320, total_b=1010)
    table.refresh_from_db()
    assert (table.status, table.total_a, table.total_b) == (Table.Status.COMPLETE, 1320, 1010)


# --- The life of a round -------------------------------------------------


def test_closing_lists_the_tables_still_incomplete(round1):
    tables = list(round1.tables.order_by("number"))
    play_out(tables[0])
    with pytest.raises(errors.TournamentError) as error:
        rounds.close_round(round=round1)
    assert "2" in error.value.message
    round1.refresh_from_db()
    assert round1.status != Round.Status.CLOSED


def test_the_next_partie_is_drawn_from_closed_parties_only(tournament, round1):
    with pytest.raises(errors.TournamentError):
        rounds.draw_round(tournament=tournament, method="ranking")
    finish_round(round1)
    second = rounds.draw_round(tournament=tournament, method="ranking")
    assert second.number == 2


def test_a_correction_after_closing_needs_a_reason_and_is_marked(round1):
    finish_round(round1)
    table = round1.tables.first()
    with pytest.raises(errors.TournamentError) as error:
        scores.record_deal(table=table, values=coinche(points=60), number=1)
    assert error.value.field == "reason"
    scores.record_deal(table=table, values=coinche(points=60), number=1, reason="Erreur de report")
    table.refresh_from_db()
    assert table.corrected


def test_a_random_draw_is_replayed_from_its_seed(make_tournament):
    draws = []
    for name in ("Premier", "Second"):
        tournament = make_tournament(name=name)
        teams = add_teams(tournament, 10)
        rnd = rounds.draw_round(tournament=tournament, method="random", seed=4242)
        index = {t.pk: i for i, t in enumerate(teams)}
        draws.append(
            [(index[t.team_a_id], index[t.team_b_id]) for t in rnd.tables.order_by("number")]
        )
        assert rnd.draw_seed == 4242
    assert draws[0] == draws[1]


def test_a_ranking_draw_avoids_a_rematch(tournament, teams, round1):
    finish_round(round1)
    first = {frozenset((t.team_a_id, t.team_b_id)) for t in round1.tables.all()}
    second = rounds.draw_round(tournament=tournament, method="ranking")
    assert not first & {frozenset((t.team_a_id, t.team_b_id)) for t in second.tables.all()}


def test_a_withdrawn_team_is_not_drawn_again_but_keeps_its_results(tournament, teams, round1):
    finish_round(round1)
    registration.withdraw_team(team=teams[0])
    second = rounds.draw_round(tournament=tournament, method="ranking")
    seated = set(second.seats.values_list("team_id", flat=True))
    assert teams[0].pk not in seated
    assert round1.seats.filter(team=teams[0]).exists()


def test_an_absent_team_is_not_drawn(tournament, teams):
    registration.set_presence(team=teams[1], present=False)
    rnd = rounds.draw_round(tournament=tournament, seed=7)
    assert teams[1].pk not in set(rnd.seats.values_list("team_id", flat=True))
    assert rnd.tables.filter(team_b__isnull=True).count() == 1


def test_the_draw_can_be_redone_until_the_first_score(round1, table):
    rounds.redraw_round(round=round1, seed=99)
    round1.refresh_from_db()
    assert round1.draw_seed == 99
    table = round1.tables.first()
    scores.record_deal(table=table, values=coinche())
    with pytest.raises(errors.TournamentError):
        rounds.redraw_round(round=round1, seed=5)


def test_a_draw_shown_at_once_takes_no_exchange_by_hand(round1):
    # Without « tirage caché jusqu'à l'annonce » a draw is published when
    # drawn: exchanges by hand are for drafts (tests/…/test_draft_draws.py).
    tables = list(round1.tables.order_by("number"))
    a, b = tables[0].team_a, tables[1].team_b
    with pytest.raises(errors.TournamentError, match="Ce tirage est publié"):
        rounds.swap_teams(round=round1, first=a, second=b)
    tables = list(round1.tables.order_by("number"))
    assert tables[0].team_a == a and tables[1].team_b == b


def test_late_entry_is_drawn_from_the_next_partie(tournament, teams, round1):
    late = registration.register_team(
        tournament=tournament,
        player1=registration.PlayerData("Noël", "Château"),
        player2=registration.PlayerData("Inès", "Ségur"),
    )
    assert not round1.seats.filter(team=late).exists()
    finish_round(round1)
    second = rounds.draw_round(tournament=tournament, method="ranking")
    assert second.seats.filter(team=late).exists()
    assert Team.objects.filter(tournament=tournament).count() == 5


def test_the_preview_shows_the_engines_marques_and_saves_nothing(tournament, table):
    score = scores.preview_deal(tournament=tournament, values=coinche())
    assert (score.a, score.b, score.outcome) == (190, 70, "made")
    assert not table.deals.exists()


def test_the_preview_refuses_an_impossible_deal_with_its_field(tournament):
    with pytest.raises(errors.TournamentError) as error:
        scores.preview_deal(tournament=tournament, values=coinche(bid=85))
    assert error.value.field == "bid"


def test_a_correction_after_closing_is_recorded_with_its_reason_and_both_versions(
    round1, organizer
):
    finish_round(round1)
    table = round1.tables.filter(team_b__isnull=False).first()
    scores.record_deal(
        table=table, values=coinche(points=60), number=1, reason="Erreur de report", by=organizer
    )
    change = Change.objects.filter(table=table, action=Change.Action.DEAL_CHANGED).get()
    assert change.by == organizer and change.reason == "Erreur de report"
    assert change.before["points_a"] == 97 and change.before["marque_a"] == 190
    assert change.after["points_a"] == 60 and change.after["marque_a"] == 0


def test_draws_penalties_and_team_changes_leave_a_trace(tournament, teams, organizer):
    rnd = rounds.draw_round(tournament=tournament, seed=5, by=organizer)
    table = rnd.tables.first()
    penalties.add_penalty(table=table, team=table.team_a, points=-50, reason="Retard", by=organizer)
    registration.withdraw_team(team=teams[3], by=organizer)
    actions = list(Change.objects.filter(tournament=tournament).values_list("action", flat=True))
    assert {"team_added", "draw", "penalty", "team_withdrawn"} <= set(actions)
    draw = Change.objects.get(tournament=tournament, action="draw")
    assert draw.after["seed"] == 5 and len(draw.after["tables"]) == 2


def test_a_refused_deal_leaves_no_trace(table):
    with pytest.raises(errors.TournamentError):
        scores.record_deal(table=table, values=coinche(bid=85))
    assert not Change.objects.filter(table=table).exists()


def test_the_same_team_is_never_registered_twice(tournament, teams):
    first = teams[0]
    with pytest.raises(errors.TournamentError) as error:
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData(
                first.player2.first_name, first.player2.last_name.upper()
            ),
            player2=registration.PlayerData(first.player1.first_name, first.player1.last_name),
        )
    assert f"n° {first.number}" in error.value.message
    assert Team.objects.filter(tournament=tournament).count() == len(teams)


def test_only_the_owner_adds_a_co_organizer(tournament, organizer, django_user_model):
    helper = django_user_model.objects.create_user("benevole", password="Un-mot-de-passe-9")
    with pytest.raises(errors.TournamentError):
        tournaments.add_co_organizer(tournament=tournament, username="orga", by=helper)
    tournaments.add_co_organizer(tournament=tournament, username="benevole", by=organizer)
    assert list(tournament.co_organizers.all()) == [helper]
    with pytest.raises(errors.TournamentError) as error:
        tournaments.add_co_organizer(tournament=tournament, username="inconnu", by=organizer)
    assert error.value.field == "username"
