"""Leagues through the services: a stage's qualified teams registered in the
next stage's concours (by themselves, once, marked with their place),
updated by a correction before it starts and frozen after, and the
refusals that change nothing."""

from __future__ import annotations

import pytest

from tests.factories import coinche_values
from tests.tournaments.features.leagues.builders import three_stage_league
from tournaments.features.leagues import services as leagues
from tournaments.features.leagues.models import Qualification
from tournaments.features.leagues.queries import league_view, stage_ranking
from tournaments.models import Change, Table, Team
from tournaments.services import claims, registration, rounds, scores
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def stages(league):
    return list(league.stages.order_by("position"))


def concours(stage):
    return list(stage.tournaments.order_by("date", "pk"))


def registered(tournament) -> dict[str, Team]:
    return {t.players_label: t for t in tournament.teams.filter(round__isnull=True)}


def label(row) -> str:
    (f1, l1, _), (f2, l2, _) = row.players
    return f"{f1} {l1} & {f2} {l2}"


def test_the_first_two_of_each_qualifier_are_registered_in_the_final(organizer):
    league = three_stage_league(organizer)
    qualifiers, departmental, _regional = stages(league)
    final = concours(departmental)[0]

    sent = leagues.send_qualified(stage=qualifiers, by=organizer)

    expected = {
        label(row): (source, row.rank)
        for source in concours(qualifiers)
        for row in stage_ranking(source)[:2]
    }
    teams = registered(final)
    assert set(teams) == set(expected)
    assert len(sent.added) == 4
    for name, team in teams.items():
        source, rank = expected[name]
        assert (team.qualification.source, team.qualification.rank) == (source, rank)
        assert not team.present and team.checked_in_at is None  # the desk checks it in
    assert Change.objects.filter(tournament=final, action="league_qualified").count() == 1


def test_sending_twice_registers_no_team_twice(organizer):
    league = three_stage_league(organizer)
    qualifiers, departmental, _ = stages(league)
    final = concours(departmental)[0]
    leagues.send_qualified(stage=qualifiers, by=organizer)
    before = sorted(final.teams.values_list("pk", "number"))

    again = leagues.send_qualified(stage=qualifiers, by=organizer)

    assert not again.changed
    assert sorted(final.teams.values_list("pk", "number")) == before
    assert Change.objects.filter(tournament=final, action="league_qualified").count() == 1


def test_a_team_already_registered_at_the_desk_is_linked_not_registered_again(organizer):
    league = three_stage_league(organizer)
    qualifiers, departmental, _ = stages(league)
    final = concours(departmental)[0]
    first = stage_ranking(concours(qualifiers)[0])[0]
    (_f1, l1, _), (f2, l2, _) = first.players
    # Typed at the desk before, without accents nor capitals.
    registration.register_team(
        tournament=final,
        player1=registration.PlayerData(f2.lower(), l2.lower()),
        player2=registration.PlayerData("amelie", l1.upper()),
    )

    sent = leagues.send_qualified(stage=qualifiers, by=organizer)

    assert final.teams.count() == 4
    assert len(sent.linked) == 1 and len(sent.added) == 3


def test_a_correction_before_the_final_starts_updates_its_list(organizer):
    league = three_stage_league(organizer)
    qualifiers, departmental, _ = stages(league)
    final = concours(departmental)[0]
    lisieux = concours(qualifiers)[0]
    leagues.send_qualified(stage=qualifiers, by=organizer)
    second = stage_ranking(lisieux)[1]
    # The table of Lisieux's second team: its deal was won by the other side.
    table = Table.objects.get(round__tournament=lisieux, team_a_id=second.team_id)
    scores.record_deal(
        table=table,
        values=coinche_values(taker="B", points_a=65),
        number=1,
        reason="Feuille mal recopiée",
        after_claims=True,
    )
    assert second.team_id not in [r.team_id for r in stage_ranking(lisieux)[:2]]

    sent = leagues.send_qualified(stage=qualifiers, by=organizer)

    assert sent.removed == [second.team_name]
    assert len(sent.added) == 1
    assert label(second) not in registered(final)
    assert set(registered(final)) == {
        label(r) for source in concours(qualifiers) for r in stage_ranking(source)[:2]
    }


def test_once_the_final_has_started_its_list_no_longer_changes(organizer):
    league = three_stage_league(organizer)
    qualifiers, departmental, _ = stages(league)
    final = concours(departmental)[0]
    leagues.send_qualified(stage=qualifiers, by=organizer)
    registration.register_team(
        tournament=final,
        player1=registration.PlayerData("Odette", "Marchal"),
        player2=registration.PlayerData("Lucien", "Marchal"),
    )
    Team.objects.filter(tournament=final).update(present=True)
    rounds.draw_round(tournament=final, method="random", seed=1)
    before = sorted(final.teams.values_list("pk", flat=True))

    with pytest.raises(TournamentError, match="a commencé"):
        leagues.send_qualified(stage=qualifiers, by=organizer)

    assert sorted(final.teams.values_list("pk", flat=True)) == before


def test_a_stage_whose_claims_are_open_sends_no_one(organizer):
    league = three_stage_league(organizer, final=False)
    qualifiers, departmental, _ = stages(league)

    with pytest.raises(TournamentError, match="pas définitif"):
        leagues.send_qualified(stage=qualifiers, by=organizer)

    assert concours(departmental)[0].teams.count() == 0
    assert Qualification.objects.count() == 0


def test_a_refusal_midway_rolls_everything_back(organizer):
    """Atomic: a qualified pair registered twice in the final by hand is an
    error found after the first teams were written: none of them stays."""
    league = three_stage_league(organizer)
    qualifiers, departmental, _ = stages(league)
    final = concours(departmental)[0]
    honfleur = concours(qualifiers)[1]
    first = stage_ranking(honfleur)[0]
    (f1, l1, _), (f2, l2, _) = first.players
    linked = registration.register_team(
        tournament=final,
        player1=registration.PlayerData(f1, l1),
        player2=registration.PlayerData(f2, l2),
    )
    # That desk team is already marked as qualified from elsewhere.
    Qualification.objects.create(
        stage=departmental, source=honfleur, source_team=None, rank=9, team=linked
    )

    with pytest.raises(TournamentError, match="qualifiée deux fois"):
        leagues.send_qualified(stage=qualifiers, by=organizer)

    assert final.teams.count() == 1
    assert Qualification.objects.count() == 1
    assert qualifiers.__class__.objects.get(pk=qualifiers.pk).qualified_at is None


def test_the_last_stage_qualifies_no_one(organizer):
    league = three_stage_league(organizer)
    *_, regional = stages(league)
    with pytest.raises(TournamentError, match="dernière étape"):
        leagues.send_qualified(stage=regional, by=organizer)


@pytest.mark.parametrize(
    ("rule", "value", "field"),
    [("percent", 0, "value"), ("percent", 120, "value"), ("best", 3, "rule")],
)
def test_a_stage_with_a_wrong_rule_is_refused(organizer, rule, value, field):
    league = leagues.create_league(owner=organizer, name="Ligue")
    with pytest.raises(TournamentError) as refused:
        leagues.add_stage(league=league, name="Étape", rule=rule, value=value)
    assert refused.value.field == field
    assert league.stages.count() == 0


def test_a_concours_is_in_one_stage_of_a_league_only(organizer, make_tournament):
    league = leagues.create_league(owner=organizer, name="Ligue")
    one = leagues.add_stage(league=league, name="Une", rule="first", value=2)
    two = leagues.add_stage(league=league, name="Deux", rule="first", value=2)
    tournament = make_tournament()
    leagues.add_concours(stage=one, tournament=tournament, by=organizer)
    with pytest.raises(TournamentError, match="fait déjà partie"):
        leagues.add_concours(stage=two, tournament=tournament, by=organizer)


def test_another_organizers_concours_is_refused(organizer, django_user_model, make_tournament):
    other = django_user_model.objects.create_user("autre", password="x-Autre-123")
    league = leagues.create_league(owner=other, name="Ligue")
    stage = leagues.add_stage(league=league, name="Une", rule="first", value=2)
    with pytest.raises(TournamentError, match="que vous organisez"):
        leagues.add_concours(stage=stage, tournament=make_tournament(), by=other)


def test_the_clubs_ranking_leaves_teams_without_a_club_out(organizer):
    league = three_stage_league(organizer)
    view = league_view(league)
    qualifiers = view.stages[0]
    rows = [r for c in qualifiers.concours for r in c.rows]
    assert qualifiers.clubs.left_out == sum(1 for r in rows if not r.club) == 4
    by_club = {row.club: row.points for row in qualifiers.clubs.rows}
    assert by_club == {
        club: sum(r.points for r in rows if r.club == club)
        for club in ("Amicale du Bourg", "Belote club de la Vallée")
    }


def test_the_last_claims_closed_send_the_qualified_teams_by_themselves(organizer):
    league = three_stage_league(organizer, final=False)
    qualifiers, departmental, _ = stages(league)
    final = concours(departmental)[0]
    lisieux, honfleur = concours(qualifiers)

    claims.close_claims(round=lisieux.rounds.get(), by=organizer)
    assert final.teams.count() == 0  # Honfleur's ranking is still provisional

    claims.close_claims(round=honfleur.rounds.get(), by=organizer)
    assert final.teams.count() == 4
    assert Qualification.objects.filter(stage=qualifiers).count() == 4


def test_a_concours_without_claims_window_sends_them_when_its_last_partie_closes(
    organizer, make_tournament
):
    league = leagues.create_league(owner=organizer, name="Ligue")
    one = leagues.add_stage(league=league, name="Qualification", rule="first", value=1)
    two = leagues.add_stage(league=league, name="Finale", rule="first", value=1)
    qualifier = make_tournament(name="Qualification", parties=1, end_deals=1, claims_window=False)
    final = make_tournament(name="Finale")
    leagues.add_concours(stage=one, tournament=qualifier, by=organizer)
    leagues.add_concours(stage=two, tournament=final, by=organizer)
    for n in range(2):
        registration.register_team(
            tournament=qualifier,
            player1=registration.PlayerData("Odette", f"Marchal{n}"),
            player2=registration.PlayerData("Lucien", f"Marchal{n}"),
        )
    rnd = rounds.draw_round(tournament=qualifier, method="random", seed=1)
    scores.record_deal(table=rnd.tables.get(), values=coinche_values())
    assert final.teams.count() == 0

    rounds.close_round(round=rnd, by=organizer)

    winner = stage_ranking(qualifier)[0]
    assert [t.players_label for t in final.teams.all()] == [label(winner)]


def test_a_final_played_in_two_halls_sends_its_merged_ranking_on(organizer):
    """The departmental final is one concours played in two halls: each
    hall's laptop takes its half of the qualified teams, plays, and sends
    its file; the last file in makes the merged ranking final, and the
    first 50 % of it go on to the regional final by themselves, with the
    players registered at the departmental final."""
    from tests.tournaments.features.leagues.builders import laptop_file
    from tournaments.features.halls import services as halls

    league = three_stage_league(organizer)
    qualifiers, departmental, regional = stages(league)
    final, regional_final = concours(departmental)[0], concours(regional)[0]
    leagues.send_qualified(stage=qualifiers, by=organizer)
    halls.declare_halls(
        tournament=final, names=["Salle de Vic", "Foyer de Lembeye"], planned=1, by=organizer
    )
    teams = sorted(registered(final).values(), key=lambda t: t.number)

    vic, lembeye = final.hall_merge.halls.order_by("pk")
    halls.receive_hall_file(hall=vic, raw=laptop_file(final, teams[:2]), by=organizer)
    assert not registered(regional_final)  # one hall in: provisional, no one sent
    halls.receive_hall_file(hall=lembeye, raw=laptop_file(final, teams[2:]), by=organizer)

    ranking = stage_ranking(final)
    assert [row.team_id is not None for row in ranking] == [True] * 4
    expected = {label(row) for row in ranking[:2]}
    assert set(registered(regional_final)) == expected
    view = league_view(league)
    assert view.stages[1].concours[0].over and len(view.stages[1].concours[0].rows) == 4


def test_a_team_that_declared_forfait_does_not_go_on_the_next_takes_its_place(organizer):
    """Lisieux's first team withdrew (forfait) before the claims closed: the
    final gets Lisieux's second and third, and the league's page says who
    took whose place."""
    league = three_stage_league(organizer, final=False)
    qualifiers, departmental, _ = stages(league)
    final = concours(departmental)[0]
    lisieux, honfleur = concours(qualifiers)
    ranking = stage_ranking(lisieux)
    registration.withdraw_team(team=Team.objects.get(pk=ranking[0].team_id), by=organizer)
    assert stage_ranking(lisieux)[0].withdrew  # still ranked first, with its results

    for source in (lisieux, honfleur):
        claims.close_claims(round=source.rounds.get(), by=organizer)

    names = set(registered(final))
    assert label(ranking[0]) not in names
    assert {label(ranking[1]), label(ranking[2])} <= names and len(names) == 4
    (seen,) = [c for c in league_view(league).stages[0].concours if c.tournament == lisieux]
    assert [(out.team_name, by.team_name) for out, by in seen.replaced] == [
        (ranking[0].team_name, ranking[2].team_name)
    ]
    assert ranking[0] not in seen.qualified and seen.rows[0].withdrew


def test_a_forfait_in_a_hall_gives_its_place_in_the_merged_ranking(organizer):
    """The departmental final played in two halls: Vic's winner declared
    forfait there (its file says so). It stays in the merged ranking, in a
    qualifying place, but the regional final gets the next team instead."""
    from tests.tournaments.features.leagues.builders import laptop_file
    from tournaments.features.halls import services as halls

    league = three_stage_league(organizer)
    qualifiers, departmental, regional = stages(league)
    final, regional_final = concours(departmental)[0], concours(regional)[0]
    leagues.send_qualified(stage=qualifiers, by=organizer)
    halls.declare_halls(
        tournament=final, names=["Salle de Vic", "Foyer de Lembeye"], planned=1, by=organizer
    )
    teams = sorted(registered(final).values(), key=lambda t: t.number)
    vic, lembeye = final.hall_merge.halls.order_by("pk")
    halls.receive_hall_file(hall=vic, raw=laptop_file(final, teams[:2], forfait=1), by=organizer)
    halls.receive_hall_file(hall=lembeye, raw=laptop_file(final, teams[2:]), by=organizer)

    ranking = stage_ranking(final)
    assert [row.withdrew for row in ranking].count(True) == 1
    (out,) = [row for row in ranking[:2] if row.withdrew]  # 50 % of 4: two places
    assert set(registered(regional_final)) == {label(row) for row in ranking[:3] if row is not out}
    (seen,) = league_view(league).stages[1].concours
    assert [(a.team_name, b.team_name) for a, b in seen.replaced] == [
        (out.team_name, ranking[2].team_name)
    ]


def test_a_qualified_team_deleted_from_the_final_by_hand_is_not_registered_again(organizer):
    """A qualified team that declines is deleted at the final's desk: sent
    again (a correction, or by itself), the stage leaves it out and says so."""
    league = three_stage_league(organizer)
    qualifiers, departmental, _ = stages(league)
    final = concours(departmental)[0]
    leagues.send_qualified(stage=qualifiers, by=organizer)
    declined = final.teams.order_by("number").first()
    name = declined.players_label
    registration.delete_team(team=declined, by=organizer)

    again = leagues.send_qualified(stage=qualifiers, by=organizer)

    assert name not in registered(final) and len(registered(final)) == 3
    assert again.declined == [name] and not again.changed
    kept = Qualification.objects.get(stage=qualifiers, team__isnull=True)
    assert kept.name == name
    view = league_view(league)
    assert [q.name for q in view.stages[0].sent if q.team is None] == [name]


def test_claims_ended_by_their_timer_send_the_teams_when_the_final_is_opened(organizer):
    """No moment marks a claims window ending by its timer: the final's desk
    page (and the league's) sends the qualified teams once it has ended, and
    only once."""
    from datetime import timedelta

    from django.utils import timezone

    league = three_stage_league(organizer, final=False)
    qualifiers, departmental, _ = stages(league)
    final = concours(departmental)[0]
    assert leagues.send_due(into=final) == []  # the windows are still open
    assert final.teams.count() == 0

    for source in concours(qualifiers):
        source.rounds.update(closed_at=timezone.now() - timedelta(hours=2))

    sent = leagues.send_due(into=final)
    assert [s.target for s in sent] == [final] and len(sent[0].added) == 4
    assert final.teams.count() == 4
    assert leagues.send_due(into=final) == [] and leagues.send_due(league=league) == []


def test_a_final_in_two_halls_with_its_ranking_hidden_shows_it_at_the_close(organizer):
    """Issue 38, item 12a: the final's ranking hidden « avant la dernière
    partie » (its one partie): while one hall is in, the league reads the
    ranking before it (every team at 0), as a concours in one hall would
    show it; the last hall in shows the real one."""
    from tests.tournaments.features.leagues.builders import laptop_file
    from tournaments.features.halls import services as halls

    league = three_stage_league(organizer)
    qualifiers, departmental, _regional = stages(league)
    final = concours(departmental)[0]
    final.ranking_hidden = True
    final.save(update_fields=["ranking_hidden"])
    leagues.send_qualified(stage=qualifiers, by=organizer)
    halls.declare_halls(
        tournament=final, names=["Salle de Vic", "Foyer de Lembeye"], planned=1, by=organizer
    )
    teams = sorted(registered(final).values(), key=lambda t: t.number)
    vic, lembeye = final.hall_merge.halls.order_by("pk")
    halls.receive_hall_file(hall=vic, raw=laptop_file(final, teams[:2]), by=organizer)
    shown = league_view(league).stages[1].concours[0].rows
    assert [row.points for row in shown] == [0, 0]
    assert [row.points for row in stage_ranking(final)] == [0, 0]
    halls.receive_hall_file(hall=lembeye, raw=laptop_file(final, teams[2:]), by=organizer)
    shown = league_view(league).stages[1].concours[0].rows
    assert len(shown) == 4 and all(row.points > 0 for row in shown[:2])
