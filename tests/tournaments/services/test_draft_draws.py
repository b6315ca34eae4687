"""A draw is a draft until announced (services/release.py): the organizer
exchanges two teams on it, each exchange in the history and on the two
tables' reasons; a published draw refuses with a sentence; every table
the services seat has its reason."""

from __future__ import annotations

import pytest

from tests.factories import add_teams, draw_random_round
from tournaments.display.reasons import reason_sentence
from tournaments.models import Change, Round, Tournament
from tournaments.services import errors, release, rounds, scores

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden(make_tournament) -> Tournament:
    tournament = make_tournament(release_draws=True, parties=4)
    add_teams(tournament, 7)  # 3 tables and a bye
    return tournament


def seating(rnd: Round) -> list[tuple[int, int | None]]:
    return list(rnd.tables.order_by("number").values_list("team_a__number", "team_b__number"))


def test_every_table_of_every_kind_of_draw_gets_its_reason(hidden):
    first = draw_random_round(hidden, seed=4)
    assert first.draw_seed == 4
    for table in first.tables.all():
        expected = "bye_random" if table.is_bye else "random"
        assert table.reason["kind"].startswith(expected.split("_")[0]), table.reason
    release.release_round(round=first)
    for table in first.tables.filter(team_b__isnull=False):
        scores.record_totals(table=table, total_a=1200, total_b=800)
    rounds.close_round(round=first)
    second = rounds.draw_round(tournament=hidden, method=Round.DrawMethod.RANKING)
    kinds = {t.reason["kind"] for t in second.tables.all()}
    assert kinds <= {"ranking", "ranking_moved", "ranking_rematch", "bye_ranking"}
    assert "bye_ranking" in kinds
    assert all(reason_sentence(t.reason) for t in second.tables.all())


def test_a_draft_takes_an_exchange_logged_and_marked_on_both_tables(hidden, organizer):
    rnd = draw_random_round(hidden)
    tables = list(rnd.tables.order_by("number"))
    a, b = tables[0].team_a, tables[1].team_b
    untouched = tables[2].reason
    rounds.swap_teams(round=rnd, first=a, second=b, by=organizer)
    after = list(rnd.tables.order_by("number"))
    assert after[0].team_a == b and after[1].team_b == a
    assert after[0].reason == {"kind": "swap", "numbers": [b.number, a.number]}
    assert after[1].reason == {"kind": "swap", "numbers": [a.number, b.number]}
    assert after[2].reason == untouched
    line = hidden.changes.filter(action=Change.Action.SWAP).get()
    assert line.by == organizer and line.after["teams"] == [a.pk, b.pk]
    assert line.after["round"] == 1
    assert not Round.objects.get(pk=rnd.pk).announced  # still a draft


def test_a_published_draw_refuses_an_exchange_and_changes_nothing(hidden, organizer):
    rnd = release.release_round(round=draw_random_round(hidden), by=organizer)
    before, lines = seating(rnd), hidden.changes.count()
    tables = list(rnd.tables.order_by("number"))
    with pytest.raises(errors.TournamentError) as refused:
        rounds.swap_teams(round=rnd, first=tables[0].team_a, second=tables[1].team_a)
    assert "Ce tirage est publié" in refused.value.message
    assert refused.value.field == "first"
    assert seating(rnd) == before and hidden.changes.count() == lines


def test_an_exchange_with_the_exempt_team_marks_the_bye_too(hidden):
    rnd = draw_random_round(hidden)
    bye = rnd.tables.get(team_b__isnull=True)
    playing = rnd.tables.filter(team_b__isnull=False).order_by("number").first()
    rounds.swap_teams(round=rnd, first=bye.team_a, second=playing.team_b)
    bye.refresh_from_db()
    assert bye.reason["kind"] == "swap"
    assert bye.team_a_id == playing.team_b_id


def test_a_redraw_forgets_the_exchanges(hidden):
    rnd = draw_random_round(hidden)
    tables = list(rnd.tables.order_by("number"))
    rounds.swap_teams(round=rnd, first=tables[0].team_a, second=tables[1].team_a)
    rounds.redraw_round(round=rnd, seed=3)
    assert all(t.reason["kind"] != "swap" for t in rnd.tables.all())
