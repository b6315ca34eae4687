"""Provisional, then final (issue 27.5): a closed partie's results stay
provisional during the claims window, the organizer may close it by hand,
and a correction after it asks for confirmation, naming the later draws it
would have changed (replayed from the concours file), before writing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests import factories
from tournaments.models import Change, Round
from tournaments.queries.claims import ranking_claims, round_claims
from tournaments.services import claims, errors, rounds, scores

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_parties(organizer):
    """Four teams, partie 1 drawn at random and closed (side A wins each
    table), partie 2 drawn by ranking: the two winners meet."""
    tournament = factories.build_tournament(owner=organizer, parties=3, end_deals=1)
    factories.add_teams(tournament, 4)
    first = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=7)
    for table in first.tables.filter(team_b__isnull=False):
        factories.win_deal(table, "A")
    rounds.close_round(round=first)
    first.refresh_from_db()
    second = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANKING, seed=8)
    return first, second


def age(rnd: Round, minutes: int) -> None:
    Round.objects.filter(pk=rnd.pk).update(closed_at=timezone.now() - timedelta(minutes=minutes))
    rnd.refresh_from_db()


def test_a_closed_partie_is_provisional_for_its_window_then_final(two_parties):
    first, _ = two_parties
    state = round_claims(first)
    assert not state.final
    assert state.until == first.closed_at + timedelta(minutes=30)
    age(first, 31)
    assert round_claims(first).final
    assert round_claims(two_parties[1]).final is False  # still played
    assert ranking_claims(first.tournament).final is False


def test_the_organizer_closes_the_claims_by_hand_once(two_parties, organizer):
    first, second = two_parties
    claims.close_claims(round=first, by=organizer)
    first.refresh_from_db()
    assert round_claims(first).final and round_claims(first).by_hand
    assert Change.objects.filter(action="claims_closed").count() == 1
    with pytest.raises(errors.TournamentError, match="déjà closes"):
        claims.close_claims(round=first, by=organizer)
    with pytest.raises(errors.TournamentError, match="pas close"):
        claims.close_claims(round=second, by=organizer)


def test_without_the_window_a_closed_partie_is_final_at_once(two_parties):
    first, _ = two_parties
    first.tournament.claims_window = False
    first.tournament.save(update_fields=["claims_window"])
    first.refresh_from_db()
    assert round_claims(first).final


def test_a_correction_in_the_window_needs_only_its_reason(two_parties):
    first, _ = two_parties
    table = factories.first_table(first)
    scores.record_deal(
        table=table, values=factories.coinche_values(points_a=65), number=1, reason="erreur"
    )
    table.refresh_from_db()
    assert table.total_b > table.total_a


def test_a_late_correction_names_the_draw_it_would_have_changed_and_writes_nothing(
    two_parties,
):
    first, _ = two_parties
    age(first, 45)
    table = factories.first_table(first)
    before = (table.version, table.total_a, table.total_b)
    changes = Change.objects.count()
    # Side B wins instead: the winners of partie 1 are not those partie 2 paired.
    with pytest.raises(errors.TournamentError) as refused:
        scores.record_deal(
            table=table, values=factories.coinche_values(points_a=65), number=1, reason="erreur"
        )
    assert refused.value.field == "after_claims"
    assert "définitifs" in refused.value.message
    assert "aurait changé le tirage de la partie 2" in refused.value.message
    table.refresh_from_db()
    assert (table.version, table.total_a, table.total_b) == before
    assert Change.objects.count() == changes
    # Confirmed: written, and the table is marked corrected.
    scores.record_deal(
        table=table,
        values=factories.coinche_values(points_a=65),
        number=1,
        reason="erreur",
        after_claims=True,
    )
    table.refresh_from_db()
    assert table.total_b > table.total_a and table.corrected


def test_a_late_correction_that_changes_no_draw_says_so(two_parties):
    first, _ = two_parties
    age(first, 45)
    table = factories.first_table(first)
    with pytest.raises(errors.TournamentError) as refused:
        # Side A still wins, by more: the same ranking order.
        scores.record_deal(
            table=table, values=factories.coinche_values(points_a=120), number=1, reason="erreur"
        )
    assert "aucun tirage" in refused.value.message


def test_late_totals_and_deletion_ask_too(two_parties):
    first, _ = two_parties
    age(first, 45)
    table = factories.first_table(first)
    table.refresh_from_db()
    with pytest.raises(errors.TournamentError) as refused:
        scores.delete_last_deal(table=table, expected_version=table.version, reason="erreur")
    assert refused.value.field == "after_claims"
    assert table.deals.count() == 1
    scores.delete_last_deal(
        table=table, expected_version=table.version, reason="erreur", after_claims=True
    )
    assert table.deals.count() == 0
