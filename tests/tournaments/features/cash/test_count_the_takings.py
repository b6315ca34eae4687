"""The cash box: fees checked off, other income and expenses, and the
treasurer's summary (tournaments/features/cash/services.py)."""

from __future__ import annotations

import pytest

from tests.factories import add_teams
from tournaments.features.cash import services as cash
from tournaments.features.cash.display import Action
from tournaments.features.cash.models import CashEntry, Payment
from tournaments.features.cash.queries import summary as cash_queries
from tournaments.models import Tournament
from tournaments.services import errors, registration

pytestmark = pytest.mark.django_db


def _teams(tournament: Tournament):
    return list(tournament.teams.order_by("number"))


def test_the_summary_of_a_concours_with_paid_unpaid_income_and_expenses(open_cash):
    teams = _teams(open_cash)
    cash.record_payment(entrant=teams[0], method=Payment.Method.CASH)
    cash.record_payment(entrant=teams[1], method=Payment.Method.CASH)
    cash.record_payment(entrant=teams[2], method=Payment.Method.CHEQUE)
    cash.record_payment(entrant=teams[3], method=Payment.Method.OTHER)
    cash.add_cash_entry(tournament=open_cash, kind="income", label="Buvette", amount_cents=18550)
    cash.add_cash_entry(tournament=open_cash, kind="income", label="Repas", amount_cents=9000)
    cash.add_cash_entry(
        tournament=open_cash, kind="expense", label="Lots achetés", amount_cents=24000
    )
    summary = cash_queries.cash_summary(open_cash)
    assert summary.due_count == 6 and summary.paid_count == 4
    assert summary.due_cents == 6000
    assert summary.collected_cents == 4000
    assert summary.collected_by_method == [("cash", 2000), ("cheque", 1000), ("other", 1000)]
    assert [u.entrant.number for u in summary.unpaid] == [5, 6]
    assert summary.unpaid_cents == 2000
    assert summary.income_cents == 27550
    assert summary.expenses_cents == 24000
    # 40 € of fees + 275,50 € of income − 240 € of expenses.
    assert summary.balance_cents == 4000 + 27550 - 24000


def test_a_fee_per_player_makes_a_team_pay_twice_the_fee(make_tournament):
    tournament = make_tournament(cash_enabled=True, entry_fee_cents=550, fee_basis="player")
    team = add_teams(tournament, 1)[0]
    assert cash.record_payment(entrant=team).amount_cents == 1100
    assert cash_queries.cash_summary(tournament).collected_cents == 1100


def test_a_team_that_withdrew_without_paying_owes_nothing_one_that_paid_stays_counted(
    open_cash,
):
    teams = _teams(open_cash)
    cash.record_payment(entrant=teams[0])
    registration.withdraw_team(team=teams[0])
    registration.withdraw_team(team=teams[1])
    summary = cash_queries.cash_summary(open_cash)
    assert summary.paid_count == 1 and summary.collected_cents == 1000
    assert [u.entrant.number for u in summary.unpaid] == [3, 4, 5, 6]
    assert summary.due_cents == 5000


def test_a_payment_keeps_the_fee_paid_when_the_fee_changes_later(open_cash):
    teams = _teams(open_cash)
    cash.record_payment(entrant=teams[0])
    Tournament.objects.filter(pk=open_cash.pk).update(entry_fee_cents=1200)
    open_cash.refresh_from_db()
    summary = cash_queries.cash_summary(open_cash)
    assert summary.collected_cents == 1000
    assert summary.unpaid_cents == 5 * 1200
    assert summary.due_cents == 1000 + 5 * 1200


def test_a_payment_is_recorded_once_and_can_be_cancelled(open_cash):
    team = _teams(open_cash)[0]
    cash.record_payment(entrant=team, method="cheque")
    with pytest.raises(errors.TournamentError, match="déjà encaissée"):
        cash.record_payment(entrant=team)
    cash.cancel_payment(entrant=team)
    assert not Payment.objects.exists()
    with pytest.raises(errors.TournamentError, match="n'est pas encaissée"):
        cash.cancel_payment(entrant=team)
    actions = list(open_cash.changes.order_by("pk").values_list("action", flat=True))
    assert actions[-2:] == [Action.PAYMENT_RECORDED, Action.PAYMENT_CANCELLED]


def test_nothing_is_cashed_while_the_cash_box_is_off(make_tournament):
    tournament = make_tournament()
    team = add_teams(tournament, 1)[0]
    with pytest.raises(errors.TournamentError, match="caisse n'est pas activée"):
        cash.record_payment(entrant=team)
    with pytest.raises(errors.TournamentError, match="caisse n'est pas activée"):
        cash.add_cash_entry(tournament=tournament, kind="income", label="x", amount_cents=1)


def test_an_unknown_way_of_paying_is_refused(open_cash):
    with pytest.raises(errors.TournamentError) as refused:
        cash.record_payment(entrant=_teams(open_cash)[0], method="bitcoin")
    assert refused.value.field == "method"


@pytest.mark.parametrize(
    ("kind", "label", "cents", "field"),
    [
        ("gift", "Buvette", 100, "kind"),
        ("income", "   ", 100, "label"),
        ("income", "Buvette", 0, "amount"),
        ("expense", "Lots", 1_000_001, "amount"),
    ],
)
def test_a_faulty_line_is_refused_at_its_field(open_cash, kind, label, cents, field):
    with pytest.raises(errors.TournamentError) as refused:
        cash.add_cash_entry(tournament=open_cash, kind=kind, label=label, amount_cents=cents)
    assert refused.value.field == field
    assert not CashEntry.objects.exists()


def test_a_line_is_deleted_with_its_audit_line(open_cash):
    entry = cash.add_cash_entry(
        tournament=open_cash, kind="expense", label="Lots achetés", amount_cents=24000
    )
    cash.delete_cash_entry(entry=entry)
    assert not CashEntry.objects.exists()
    last = open_cash.changes.order_by("-pk").first()
    assert last.action == Action.CASH_ENTRY_DELETED
    assert last.before == {"kind": "expense", "label": "Lots achetés", "amount_cents": 24000}


def test_a_team_that_paid_cannot_be_deleted_before_its_payment_is_cancelled(open_cash):
    team = _teams(open_cash)[0]
    cash.record_payment(entrant=team)
    with pytest.raises(errors.TournamentError, match="annulez d'abord son encaissement"):
        registration.delete_team(team=team)
    cash.cancel_payment(entrant=team)
    registration.delete_team(team=team)


def test_in_a_melee_each_player_pays(make_tournament):
    tournament = make_tournament(
        format="melee", cash_enabled=True, entry_fee_cents=500, fee_basis="player"
    )
    players = [
        registration.register_player(
            tournament=tournament, player=registration.PlayerData("Léa", name)
        )
        for name in ("Noël", "Quéré", "Ségur")
    ]
    cash.record_payment(entrant=players[0])
    summary = cash_queries.cash_summary(tournament)
    assert summary.melee and summary.collected_cents == 500
    assert [str(u.entrant) for u in summary.unpaid] == ["Léa Quéré", "Léa Ségur"]
    assert summary.due_cents == 1500


def test_a_pairs_player_does_not_pay_alone(open_cash):
    team = _teams(open_cash)[0]
    with pytest.raises(errors.TournamentError, match="par équipe"):
        cash.record_payment(entrant=team.player1)


def test_the_summary_reads_in_a_fixed_number_of_queries(open_cash, django_assert_num_queries):
    for team in _teams(open_cash)[:3]:
        cash.record_payment(entrant=team)
    with django_assert_num_queries(2):
        cash_queries.cash_summary(open_cash)
