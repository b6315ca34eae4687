"""The cash box read: what an entrant owes, and the treasurer's summary
(fees due, collected by way of paying, who has not paid, other income,
expenses, the balance) in a fixed number of queries. Writes nothing
(services.py checks fees off and types lines)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.domain.search import name_order
from tournaments.features.cash.models import CashEntry, Payment
from tournaments.models import Player, Team, Tournament, hung

Entrant = Team | Player


def fee_of(tournament: Tournament, entrant: Entrant) -> int:
    """What `entrant` owes, in cents: the fee, twice for a team when the
    fee is per player."""
    per_player = tournament.fee_basis == Tournament.FeeBasis.PLAYER
    if isinstance(entrant, Team) and per_player:
        return 2 * tournament.entry_fee_cents
    return tournament.entry_fee_cents


@dataclass(frozen=True)
class Unpaid:
    """An entrant still engaged who has not paid, and what it owes."""

    entrant: Entrant
    amount_cents: int


@dataclass(frozen=True)
class CashSummary:
    """The treasurer's figures, in cents."""

    fee_cents: int
    per_player: bool
    melee: bool
    paid_count: int
    collected_cents: int
    #: (method, cents) for each way of paying used, in the order of `Payment.Method`.
    collected_by_method: list[tuple[str, int]]
    unpaid: list[Unpaid]
    income: list[CashEntry] = field(default_factory=list)
    expenses: list[CashEntry] = field(default_factory=list)

    @property
    def unpaid_cents(self) -> int:
        return sum(u.amount_cents for u in self.unpaid)

    @property
    def due_cents(self) -> int:
        return self.collected_cents + self.unpaid_cents

    @property
    def due_count(self) -> int:
        return self.paid_count + len(self.unpaid)

    @property
    def income_cents(self) -> int:
        return sum(e.amount_cents for e in self.income)

    @property
    def expenses_cents(self) -> int:
        return sum(e.amount_cents for e in self.expenses)

    @property
    def balance_cents(self) -> int:
        """What the cash box holds at the end: fees collected and other
        income, less the expenses."""
        return self.collected_cents + self.income_cents - self.expenses_cents


def _entrants(tournament: Tournament) -> list[Entrant]:
    if tournament.format == Tournament.Format.MELEE:
        return sorted(
            tournament.players.select_related("payment"),
            key=lambda p: (*name_order(p.last_name, p.first_name), p.pk),
        )
    return list(
        tournament.teams.filter(round__isnull=True)
        # A team's pre-registration (issue 26, the calendar's): the summary
        # marks it « à payer sur place ».
        .select_related("player1", "player2", "payment", *hung(Team, "preregistration"))
        .order_by("number")
    )


def _payment(entrant: Entrant) -> Payment | None:
    try:
        return entrant.payment
    except Payment.DoesNotExist:
        return None


def cash_summary(tournament: Tournament) -> CashSummary:
    """Fees due, collected (by way of paying), unpaid (who), other income,
    expenses and the balance, read in a fixed number of queries."""
    payments, unpaid = [], []
    for entrant in _entrants(tournament):
        payment = _payment(entrant)
        if payment is not None:
            payments.append(payment)
        elif entrant.status == entrant.Status.ACTIVE:
            unpaid.append(Unpaid(entrant, fee_of(tournament, entrant)))
    by_method = [
        (method, sum(p.amount_cents for p in payments if p.method == method))
        for method in Payment.Method.values
        if any(p.method == method for p in payments)
    ]
    entries = list(tournament.cash_entries.order_by("created_at", "pk"))
    return CashSummary(
        fee_cents=tournament.entry_fee_cents,
        per_player=tournament.fee_basis == Tournament.FeeBasis.PLAYER,
        melee=tournament.format == Tournament.Format.MELEE,
        paid_count=len(payments),
        collected_cents=sum(p.amount_cents for p in payments),
        collected_by_method=by_method,
        unpaid=unpaid,
        income=[e for e in entries if e.kind == CashEntry.Kind.INCOME],
        expenses=[e for e in entries if e.kind == CashEntry.Kind.EXPENSE],
    )
