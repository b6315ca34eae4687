"""The final phase: brackets created from the qualifying ranking, their
parties drawn and closed through the ordinary rounds and scores, ties
settled by the bracket's rule, the final ranking."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments.models import Bracket, BracketMatch, Change, Round, Table, Tournament
from tournaments.queries import brackets as bracket_queries
from tournaments.queries.brackets import dead_heat_blockers
from tournaments.queries.standings import tournament_standings
from tournaments.services import brackets, errors, rounds, scores

pytestmark = pytest.mark.django_db


def qualified(organizer, **fields) -> Tournament:
    return factories.qualified_tournament(owner=organizer, **fields)


play = factories.play_bracket_round
win = factories.win_deal


def test_qualifying_order_is_the_standings(organizer):
    tournament = qualified(organizer)
    order = bracket_queries.qualifying_order(tournament)
    assert [t.pk for t in order] == [s.entrant.pk for s in tournament_standings(tournament)]
    assert len(order) == 10


def test_create_main_and_consolante_seeds_and_byes(organizer):
    tournament = qualified(organizer)
    order = bracket_queries.qualifying_order(tournament)
    main, consolante = brackets.create_brackets(tournament=tournament, main=6, consolante=4)
    assert main.kind == Bracket.Kind.MAIN and consolante.kind == Bracket.Kind.CONSOLANTE
    assert main.seeds == [t.pk for t in order[:6]]
    assert consolante.seeds == [t.pk for t in order[6:10]]
    first = list(main.matches.order_by("position"))
    # 6 teams in 8 slots: seeds 1 and 2 have a bye and are through already.
    assert [(main.seed_of(m.team_a_id), main.seed_of(m.team_b_id)) for m in first] == [
        (1, None),
        (4, 5),
        (2, None),
        (3, 6),
    ]
    assert [m.winner_id for m in first if m.team_b_id is None] == [order[0].pk, order[1].pk]
    assert Change.objects.filter(
        tournament=tournament, action=Change.Action.BRACKETS_CREATED
    ).exists()


@pytest.mark.parametrize(
    ("main", "consolante", "message"),
    [
        (8, 4, "12 équipes demandées (8 + 4) pour 10 équipes classées."),
        (1, 0, "Le tableau principal se joue à deux équipes au moins."),
        (4, 1, "Une consolante se joue à deux équipes au moins (ou 0 pour aucune)."),
    ],
)
def test_counts_that_do_not_fit_are_refused(organizer, main, consolante, message):
    tournament = qualified(organizer)
    with pytest.raises(errors.TournamentError) as caught:
        brackets.create_brackets(tournament=tournament, main=main, consolante=consolante)
    assert caught.value.message == message
    assert not Bracket.objects.exists()


def test_refused_while_a_qualifying_partie_is_open(organizer):
    tournament = qualified(organizer, parties=3, played=2)
    factories.draw_random_round(tournament)
    with pytest.raises(errors.TournamentError, match="Fermez la partie de qualification"):
        brackets.create_brackets(tournament=tournament, main=4)


def test_refused_before_any_qualifying_partie(organizer):
    tournament = factories.build_tournament(owner=organizer)
    factories.add_teams(tournament, 4)
    with pytest.raises(errors.TournamentError, match="Jouez d'abord"):
        brackets.create_brackets(tournament=tournament, main=4)


def test_created_once(organizer):
    tournament = qualified(organizer)
    brackets.create_brackets(tournament=tournament, main=4)
    with pytest.raises(errors.TournamentError, match="déjà créée"):
        brackets.create_brackets(tournament=tournament, main=4)


def test_a_bracket_round_holds_both_brackets_main_first(organizer):
    tournament = qualified(organizer)
    brackets.create_brackets(tournament=tournament, main=6, consolante=4)
    rnd = brackets.draw_bracket_round(tournament=tournament)
    assert rnd.stage == Round.Stage.BRACKET and rnd.number == 3
    tables = list(rnd.tables.order_by("number"))
    # Main: 2 matches (the byes play no table), consolante: 2 matches.
    assert len(tables) == 4
    kinds = [t.bracket_match.bracket.kind for t in tables]
    assert kinds == ["main", "main", "consolante", "consolante"]
    assert all(not t.is_bye for t in tables)
    assert rnd.seats.count() == 8


def test_the_swiss_draw_is_refused_once_brackets_exist(organizer):
    tournament = qualified(organizer, parties=3, played=2)
    brackets.create_brackets(tournament=tournament, main=4)
    with pytest.raises(errors.TournamentError, match="phase finale est créée"):
        factories.draw_random_round(tournament)


def test_a_bracket_round_cannot_be_redrawn(organizer):
    tournament = qualified(organizer)
    brackets.create_brackets(tournament=tournament, main=4)
    rnd = brackets.draw_bracket_round(tournament=tournament)
    with pytest.raises(errors.TournamentError, match="fixées par les tableaux"):
        rounds.redraw_round(round=rnd)


def test_playing_to_the_final_gives_places(organizer):
    tournament = qualified(organizer)
    order = bracket_queries.qualifying_order(tournament)
    brackets.create_brackets(tournament=tournament, main=4, consolante=4)
    for _level in range(2):
        rnd = brackets.draw_bracket_round(tournament=tournament)
        play(rnd, winner="A")
        rounds.close_round(round=rnd)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    ranking = bracket_queries.final_ranking(tournament)
    assert [r.place for r in ranking] == list(range(1, 11))
    # Side A (the better seed) always won: the seeds keep their order, the
    # semi-final losers 3 and 4 by seed.
    assert [r.team for r in ranking] == order
    assert [r.bracket.kind if r.bracket else None for r in ranking] == (
        ["main"] * 4 + ["consolante"] * 4 + [None, None]
    )
    with pytest.raises(errors.TournamentError, match="terminée"):
        brackets.draw_bracket_round(tournament=tournament)


def test_upsets_move_teams(organizer):
    tournament = qualified(organizer)
    order = bracket_queries.qualifying_order(tournament)
    brackets.create_brackets(tournament=tournament, main=4)
    rnd = brackets.draw_bracket_round(tournament=tournament)
    play(rnd, winner="B")  # 4 beats 1, 3 beats 2
    rounds.close_round(round=rnd)
    final = brackets.draw_bracket_round(tournament=tournament)
    table = final.tables.get()
    assert (table.team_a_id, table.team_b_id) == (order[3].pk, order[2].pk)
    play(final, winner="A")
    rounds.close_round(round=final)
    ranking = bracket_queries.final_ranking(tournament)
    assert [r.team for r in ranking[:4]] == [order[3], order[2], order[0], order[1]]


def test_swiss_standings_count_qualifying_parties_only(organizer):
    tournament = qualified(organizer)
    before = [(s.entrant.pk, s.row.points_for) for s in tournament_standings(tournament)]
    brackets.create_brackets(tournament=tournament, main=4)
    rnd = brackets.draw_bracket_round(tournament=tournament)
    play(rnd, winner="B")
    rounds.close_round(round=rnd)
    after = [(s.entrant.pk, s.row.points_for) for s in tournament_standings(tournament)]
    assert after == before


def test_a_tie_with_extra_deal_keeps_the_table_open(organizer):
    tournament = qualified(organizer)
    brackets.create_brackets(tournament=tournament, main=4, tie_rule="extra_deal")
    rnd = brackets.draw_bracket_round(tournament=tournament)
    play(rnd, passed=(1,))
    table = rnd.tables.get(number=1)
    assert table.status == Table.Status.IN_PROGRESS
    assert dead_heat_blockers(rnd)[0] == ["Table 1 : égalité, jouez une donne de plus."]
    with pytest.raises(errors.TournamentError) as caught:
        rounds.close_round(round=rnd)
    assert caught.value.message == "Table 1 : égalité, jouez une donne de plus."
    # One more deal: the table ends with a winner and the partie closes.
    win(table, "B")
    table.refresh_from_db()
    assert table.status == Table.Status.COMPLETE and table.deals.count() == 2
    rounds.close_round(round=rnd)
    assert table.bracket_match.winner_id == table.team_b_id


def test_a_tie_typed_as_totals_asks_for_one_more_deal(organizer):
    tournament = qualified(organizer)
    brackets.create_brackets(tournament=tournament, main=4)
    rnd = brackets.draw_bracket_round(tournament=tournament)
    play(rnd)
    table = rnd.tables.get(number=2)
    scores.delete_last_deal(table=table)
    scores.record_totals(table=table, total_a=80, total_b=80)
    with pytest.raises(errors.TournamentError, match="Table 2 : égalité"):
        rounds.close_round(round=rnd)
    scores.record_totals(table=table, total_a=80, total_b=160)
    rounds.close_round(round=rnd)


def test_qualifying_deals_are_not_extended(organizer):
    tournament = factories.build_tournament(owner=organizer, parties=1, end_deals=1)
    factories.add_teams(tournament, 2)
    rnd = factories.draw_random_round(tournament)
    play(rnd, passed=(1,))
    assert rnd.tables.get().status == Table.Status.COMPLETE


def test_a_tie_with_qualifying_total_is_settled_at_once(organizer):
    tournament = qualified(organizer)
    brackets.create_brackets(tournament=tournament, main=4, tie_rule="qualifying_total")
    rnd = brackets.draw_bracket_round(tournament=tournament)
    play(rnd, passed=(1,))
    table = rnd.tables.get(number=1)
    assert table.status == Table.Status.COMPLETE
    rounds.close_round(round=rnd)
    points = {s.entrant.pk: s.row.points_for for s in tournament_standings(tournament)}
    match = BracketMatch.objects.get(table=table)
    best = max((table.team_a, table.team_b), key=lambda t: (points[t.pk], -t.pk))
    assert match.winner == best
    assert match.settled == BracketMatch.Settled.QUALIFYING_TOTAL
    line = Change.objects.get(action=Change.Action.MATCH_DECIDED)
    assert "meilleur total des qualifications" in line.reason
    assert best.display_name in line.reason


def test_delete_brackets_before_their_first_round(organizer):
    tournament = qualified(organizer)
    brackets.create_brackets(tournament=tournament, main=4)
    brackets.delete_brackets(tournament=tournament)
    assert not Bracket.objects.exists()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    brackets.create_brackets(tournament=tournament, main=4)
    brackets.draw_bracket_round(tournament=tournament)
    with pytest.raises(errors.TournamentError, match="ne se supprime plus"):
        brackets.delete_brackets(tournament=tournament)


def test_bracket_views_show_every_level(organizer):
    tournament = qualified(organizer)
    brackets.create_brackets(tournament=tournament, main=5, consolante=5)
    main, _consolante = bracket_queries.bracket_views(tournament)
    assert main.size == 8
    assert [lv.key for lv in main.levels] == ["quarter", "semi", "final"]
    assert [len(lv.matches) for lv in main.levels] == [4, 2, 1]
    assert sum(m.bye for m in main.levels[0].matches) == 3
    # Not made yet: seed 1 (a bye) waits there for the winner of 4 v 5.
    waiting = main.levels[1].matches[0]
    assert (waiting.seed_a, waiting.team_b, waiting.table) == (1, None, None)
    assert not main.finished and main.champion is None


def test_a_bracket_still_playing_lists_the_teams_still_in_first(organizer):
    tournament = qualified(organizer)
    order = bracket_queries.qualifying_order(tournament)
    brackets.create_brackets(tournament=tournament, main=4)
    rnd = brackets.draw_bracket_round(tournament=tournament)
    play(rnd, winner="B")  # 4 beats 1, 3 beats 2
    rounds.close_round(round=rnd)
    ranking = bracket_queries.final_ranking(tournament)
    assert [r.place for r in ranking] == [None] * 10
    assert [r.team for r in ranking[:4]] == [order[2], order[3], order[0], order[1]]
    main = bracket_queries.bracket_views(tournament)[0]
    final = main.levels[1].matches[0]
    # The final is not drawn yet, but its teams are known.
    assert (final.team_a, final.team_b, final.table) == (order[3], order[2], None)
