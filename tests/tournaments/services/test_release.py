"""A draw kept from the players until announced (services/release.py)."""

from __future__ import annotations

import datetime

import pytest

from tests.factories import add_teams, draw_random_round
from tournaments.models import Change, Round, Tournament
from tournaments.services import errors, release, rounds, scores, table_side, tournaments

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden(make_tournament) -> Tournament:
    tournament = make_tournament(release_draws=True)
    add_teams(tournament, 4)
    return tournament


def revision(tournament: Tournament) -> str:
    return Tournament.objects.with_revision().get(pk=tournament.pk).revision


def test_a_new_tournament_keeps_each_draw_a_draft_until_announced(organizer):
    tournament = tournaments.create_tournament(
        owner=organizer, name="Concours du printemps", date=datetime.date(2027, 4, 3)
    )
    add_teams(tournament, 4)
    assert tournament.release_draws is True
    rnd = draw_random_round(tournament)
    assert rnd.released_at is None and not rnd.announced


def test_with_the_option_off_a_draw_is_announced_at_once(tournament, round1):
    assert tournament.release_draws is False  # the factory's, said there
    assert round1.released_at is not None and round1.announced


def test_with_the_option_on_a_draw_waits_for_its_announcement(hidden, organizer):
    rnd = draw_random_round(hidden)
    assert rnd.released_at is None and not rnd.announced
    assert not Round.objects.announced().filter(pk=rnd.pk).exists()
    before = revision(hidden)

    released = release.release_round(round=rnd, by=organizer)

    assert released.released_at is not None
    assert Round.objects.get(pk=rnd.pk).announced
    assert Round.objects.announced().filter(pk=rnd.pk).exists()
    line = hidden.changes.order_by("-pk").first()
    assert (line.action, line.after, line.by) == (
        Change.Action.ROUND_RELEASED,
        {"round": 1},
        organizer,
    )
    assert revision(hidden) != before


def test_announcing_twice_changes_nothing_and_writes_nothing(hidden, organizer):
    rnd = release.release_round(round=draw_random_round(hidden), by=organizer)
    lines, before = hidden.changes.count(), revision(hidden)
    again = release.release_round(round=rnd, by=organizer)
    assert again.released_at == rnd.released_at
    assert hidden.changes.count() == lines and revision(hidden) == before


def test_a_redraw_hides_the_partie_again_and_a_swap_waits_for_it(hidden, organizer):
    rnd = release.release_round(round=draw_random_round(hidden), by=organizer)
    table = rnd.tables.filter(team_b__isnull=False).order_by("number")
    first, second = table[0].team_a, table[1].team_a
    with pytest.raises(errors.TournamentError, match="Ce tirage est publié"):
        rounds.swap_teams(round=rnd, first=first, second=second, by=organizer)
    assert Round.objects.get(pk=rnd.pk).announced
    rounds.redraw_round(round=rnd, seed=9, by=organizer)
    assert not Round.objects.get(pk=rnd.pk).announced


def test_a_redraw_without_the_option_keeps_the_partie_shown(tournament, round1, organizer):
    rounds.redraw_round(round=round1, seed=9, by=organizer)
    assert Round.objects.get(pk=round1.pk).announced


def test_switching_the_option_off_shows_a_hidden_partie(hidden, organizer):
    rnd = draw_random_round(hidden)
    Tournament.objects.filter(pk=hidden.pk).update(release_draws=False)
    rnd = Round.objects.get(pk=rnd.pk)
    assert rnd.released_at is None and rnd.announced
    assert Round.objects.announced().filter(pk=rnd.pk).exists()


def test_switching_the_option_on_hides_no_partie_already_drawn(tournament, round1):
    Tournament.objects.filter(pk=tournament.pk).update(release_draws=True)
    assert Round.objects.get(pk=round1.pk).announced


def test_no_score_is_taken_on_a_draft_then_it_is_once_announced(hidden, organizer):
    from tests.factories import coinche_values, enter_from_the_table

    rnd = draw_random_round(hidden)
    table = rnd.tables.filter(team_b__isnull=False).order_by("number").first()
    with pytest.raises(errors.TournamentError, match="encore un brouillon"):
        scores.record_deal(table=table, values=coinche_values())
    with pytest.raises(errors.TournamentError, match="encore un brouillon"):
        scores.record_totals(table=table, total_a=1000, total_b=600)
    with pytest.raises(errors.TournamentError, match="encore un brouillon"):
        enter_from_the_table(table)
    assert not table.deals.exists()
    release.release_round(round=rnd, by=organizer)
    for table in rnd.tables.filter(team_b__isnull=False):
        enter_from_the_table(table)
        table_side.confirm_table(table=table, code=table.code_b)
    rounds.close_round(round=rnd, by=organizer)
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.CLOSED
