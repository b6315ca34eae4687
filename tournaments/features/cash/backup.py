"""The cash box in a backup, at the document's top level as every release
wrote it (`cash`, absent from older files): exported, checked with the
whole file, restored (the core's services/backup/parts.py, registered in
apps.py). The cash box's options travel with the tournament's settings
(OPTIONAL_TOURNAMENT_FIELDS). Must not: trust a reference the file makes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from tournaments.features.cash.models import MAX_CENTS, CashEntry, Payment
from tournaments.models import Tournament
from tournaments.services.backup.document import Rows, refusal, refusal_at
from tournaments.services.backup.rows import Ids, check_rows, place, ref, section

PAYMENT_FIELDS = ("team_id", "player_id", "amount_cents", "method")
CASH_ENTRY_FIELDS = ("kind", "label", "amount_cents")


@dataclass
class CheckedCash:
    payments: list[dict[str, Any]] = field(default_factory=list)
    entries: list[dict[str, Any]] = field(default_factory=list)


def export_cash(tournament: Tournament, rows: Rows) -> dict[str, Any]:
    return {
        "cash": {
            "payments": rows(tournament.payments.order_by("pk"), PAYMENT_FIELDS),
            "entries": rows(tournament.cash_entries.order_by("pk"), CASH_ENTRY_FIELDS),
        },
    }


def check_cash(data: dict[str, Any], *, teams: Ids, players: Ids) -> CheckedCash:
    cash = data.get("cash", {})
    if not isinstance(cash, dict):
        raise refusal(_("« %(key)s » doit être un objet") % {"key": "cash"})
    payments = check_rows(
        section(cash.get("payments", []), "payments"), "payments", Payment, PAYMENT_FIELDS
    )
    paid = set()
    for i, row in enumerate(payments):
        where = place("payments", i)
        team = ref(row, "team_id", teams, where, Payment, null=True)
        player = ref(row, "player_id", players, where, Payment, null=True)
        if (team is None) == (player is None):
            raise refusal_at(where, _("un paiement est celui d'une équipe ou d'un joueur"))
        who = ("team", row["team_id"]) if team is not None else ("player", row["player_id"])
        if who in paid:
            raise refusal_at(where, _("ce droit d'inscription est déjà payé"))
        paid.add(who)
    entries = check_rows(
        section(cash.get("entries", []), "entries"), "entries", CashEntry, CASH_ENTRY_FIELDS
    )
    for kind, rows, least in (("payments", payments, 0), ("entries", entries, 1)):
        for i, row in enumerate(rows):
            if not least <= row["amount_cents"] <= MAX_CENTS:
                raise refusal_at(
                    place(kind, i),
                    _("montant hors des bornes (%(least)s à %(most)s centimes)")
                    % {"least": least, "most": MAX_CENTS},
                )
    return CheckedCash(payments, entries)


def restore_cash(
    tournament: Tournament,
    checked: CheckedCash,
    *,
    team_ids: dict[int, int],
    player_ids: dict[int, int],
) -> None:
    Payment.objects.bulk_create(
        Payment(
            tournament=tournament,
            team_id=team_ids[row["team_id"]] if row["team_id"] is not None else None,
            player_id=player_ids[row["player_id"]] if row["player_id"] is not None else None,
            amount_cents=row["amount_cents"],
            method=row["method"],
        )
        for row in checked.payments
    )
    CashEntry.objects.bulk_create(
        CashEntry(tournament=tournament, **row) for row in checked.entries
    )
