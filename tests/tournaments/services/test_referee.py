"""« Appeler l'arbitre » (issue 38, item 12c): who may call, once, how often,
and the desk's answers (services/referee.py), with what is said of them
(display/referee.py, views/referee_block.py). The same surface attacked over HTTP:
tests/attacks/test_referee_call.py."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests import factories
from tournaments.display import referee as words
from tournaments.models import RefereeCall, Round
from tournaments.services import referee, registration, rounds
from tournaments.services.errors import TournamentError
from tournaments.views.referee_block import call_context

pytestmark = pytest.mark.django_db

KEY = "clef-de-test-0001"


@pytest.fixture
def playing(table):
    return table


@pytest.mark.parametrize(
    ("key", "side", "refusal"),
    [
        ("", "A", "pas reconnu"),
        ("court", "A", "pas reconnu"),
        ("x" * 33, "A", "pas reconnu"),
        ("<script>alert(1)</script>", "A", "pas reconnu"),
        ("clé-avec-accent-01", "A", "pas reconnu"),
        (KEY, "", "forfait"),
        (KEY, "C", "forfait"),
    ],
)
def test_a_call_without_a_sound_key_or_side_is_refused(playing, key, side, refusal):
    with pytest.raises(TournamentError, match=refusal):
        referee.call_referee(table=playing, side=side, key=key)
    assert not RefereeCall.objects.exists()


def test_one_open_call_per_table_and_the_same_post_calls_once(playing):
    call = referee.call_referee(table=playing, side="A", key=KEY)
    assert referee.call_referee(table=playing, side="A", key=KEY) == call
    with pytest.raises(TournamentError, match="déjà appelé"):
        referee.call_referee(table=playing, side="B", key="autre-clef-0002")
    assert RefereeCall.objects.count() == 1


@pytest.mark.parametrize("answer", [RefereeCall.Answer.COMING, RefereeCall.Answer.SETTLED])
def test_an_answer_ends_the_call_and_a_second_answer_changes_nothing(playing, organizer, answer):
    tournament = playing.round.tournament
    call = referee.call_referee(table=playing, side="A", key=KEY)
    assert referee.desk_calls(tournament) == [call]
    done = referee.answer_call(tournament=tournament, call_id=call.pk, answer=answer, by=organizer)
    assert not done.open and done.answer == answer and done.answered_by == organizer
    again = referee.answer_call(tournament=tournament, call_id=call.pk, answer="settled")
    assert again.answer == answer and referee.desk_calls(tournament) == []
    referee.call_referee(table=playing, side="A", key="deuxieme-appel-01")  # may call again


@pytest.mark.parametrize("answer", ["", "maybe", "COMING"])
def test_an_unknown_answer_is_refused(playing, answer):
    call = referee.call_referee(table=playing, side="A", key=KEY)
    with pytest.raises(TournamentError, match="Réponse inconnue"):
        referee.answer_call(tournament=playing.round.tournament, call_id=call.pk, answer=answer)


def test_a_desk_answers_only_its_own_concours_calls(playing, organizer):
    call = referee.call_referee(table=playing, side="A", key=KEY)
    other = factories.build_tournament(owner=organizer, name="Autre concours")
    with pytest.raises(TournamentError, match="n'existe plus"):
        referee.answer_call(tournament=other, call_id=call.pk, answer="settled")
    call.refresh_from_db()
    assert call.open


def test_a_table_calls_at_most_three_times_in_ten_minutes(playing):
    tournament = playing.round.tournament
    for n in range(referee.CALLS_PER_TABLE):
        call = referee.call_referee(table=playing, side="A", key=f"appel-{n:04d}-ok")
        referee.answer_call(tournament=tournament, call_id=call.pk, answer="settled")
    with pytest.raises(TournamentError, match="Trop d'appels de cette table"):
        referee.call_referee(table=playing, side="A", key="appel-de-trop-1")
    assert RefereeCall.objects.count() == referee.CALLS_PER_TABLE


def test_the_calls_of_the_whole_server_are_bounded(round1, monkeypatch):
    monkeypatch.setattr(referee, "CALLS_IN_ALL", 2)
    tables = list(round1.tables.filter(team_b__isnull=False).order_by("number"))
    first = referee.call_referee(table=tables[0], side="A", key="serveur-0001")
    referee.call_referee(table=tables[1], side="A", key="serveur-0002")
    referee.answer_call(tournament=round1.tournament, call_id=first.pk, answer="settled")
    with pytest.raises(TournamentError, match="Trop d'appels en ce moment"):
        referee.call_referee(table=tables[0], side="A", key="serveur-0003")


def test_a_withdrawn_team_calls_no_more(playing):
    registration.withdraw_team(team=playing.team_b)
    with pytest.raises(TournamentError, match="forfait"):
        referee.call_referee(table=playing, side="B", key=KEY)
    referee.call_referee(table=playing, side="A", key=KEY)  # the other team still may


def test_a_closed_partie_calls_no_more(organizer):
    tournament = factories.qualified_tournament(owner=organizer, teams=4, parties=2, played=1)
    table = tournament.rounds.get(number=1).tables.first()
    with pytest.raises(TournamentError, match="close"):
        referee.call_referee(table=table, side="A", key=KEY)


def test_a_draft_draw_calls_no_more(organizer):
    tournament = factories.build_tournament(owner=organizer, release_draws=True)
    factories.add_teams(tournament, 4)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)
    with pytest.raises(TournamentError, match="brouillon"):
        referee.call_referee(table=rnd.tables.first(), side="A", key=KEY)


def test_the_desk_and_the_phone_say_the_call_in_words(playing):
    call = referee.call_referee(table=playing, side="A", key=KEY)
    moment = timezone.make_aware(datetime.datetime(2026, 12, 5, 18, 17))
    RefereeCall.objects.filter(pk=call.pk).update(called_at=moment)
    call.refresh_from_db()
    line = words.desk_line(call)
    assert line.startswith(f"Table {playing.number} appelle l'arbitre — 18 h 17")
    assert "Nord-Sud" in line
    assert words.phone_state(call).startswith("Arbitre appelé à 18 h 17")
    call = referee.answer_call(
        tournament=playing.round.tournament, call_id=call.pk, answer="coming"
    )
    assert "l'arbitre arrive" in words.phone_state(call)


AT = timezone.make_aware(datetime.datetime(2026, 12, 5, 18, 17))
CALLED = "Arbitre appelé à 18 h 17 : l'organisateur est prévenu. Restez à votre table."
COMING = "L'organisateur a vu votre appel (18 h 19) : l'arbitre arrive."
SETTLED = "Appel réglé par l'organisateur (18 h 19)."


@pytest.mark.parametrize(
    ("answer", "deal_at", "said"),
    [
        # (the desk's answer at 18 h 19, a deal saved or corrected at this
        # many minutes after the call at 18 h 17 (None: none), the line)
        ("", None, CALLED),
        ("", 5, CALLED),  # not answered: said until it is
        ("coming", None, COMING),
        ("coming", 1, COMING),  # saved before the answer
        ("coming", 2, COMING),  # at the very moment of the answer
        ("coming", 5, ""),  # the table played on: settled, the line goes
        ("settled", None, SETTLED),
        ("settled", 5, ""),
    ],
)
def test_the_phones_line_goes_once_the_table_plays_on_after_the_answer(
    playing, answer, deal_at, said
):
    """Issue 54, item 7: « l'arbitre arrive » stayed on the phone until the
    end of the partie, 12 deals later."""
    call = referee.call_referee(table=playing, side="A", key=KEY)
    answered = {"answer": answer, "answered_at": AT + datetime.timedelta(minutes=2)}
    RefereeCall.objects.filter(pk=call.pk).update(called_at=AT, **(answered if answer else {}))
    if deal_at is not None:
        deal = factories.add_deal(playing)
        moment = AT + datetime.timedelta(minutes=deal_at)
        type(deal).objects.filter(pk=deal.pk).update(created_at=moment, updated_at=moment)
    assert call_context(playing, "jeton", "A")["call_said"] == said
