"""The cash box (« la caisse ») of a tournament: entry fees checked off at
the desk, the other income and expenses typed freely, and the summary the
association's treasurer reads.

Who owes the fee: every registered team (every player in a mêlée) still
engaged, and every one that paid, withdrawn or not; a team that withdrew
without paying owes nothing. A payment keeps the amount paid, so the fee
changed later rewrites nothing collected: what is due is what was
collected plus what the unpaid still owe at the current fee.

Each change is one transaction with its audit line. This module must not
register, seat or score anyone.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.features.cash.display import Action
from tournaments.features.cash.models import MAX_CENTS, CashEntry, Payment
from tournaments.features.cash.queries.summary import Entrant, fee_of
from tournaments.models import Player, Team, Tournament
from tournaments.services.audit import Actor, log_change
from tournaments.services.errors import TournamentError


def _refusal(tournament: Tournament) -> str:
    if not tournament.cash_enabled:
        return _("La caisse n'est pas activée pour ce tournoi (options du tournoi).")
    return ""


def _entrant_label(entrant: Entrant) -> str:
    if isinstance(entrant, Team):
        return _("équipe n° %(number)s") % {"number": entrant.number}
    return str(entrant)


def _check_entrant(tournament: Tournament, entrant: Entrant) -> None:
    melee = tournament.format == Tournament.Format.MELEE
    if melee and isinstance(entrant, Team):
        raise TournamentError(_("En mêlée, chaque joueur paie son inscription."))
    if not melee and isinstance(entrant, Player):
        raise TournamentError(_("En doublettes, l'inscription se paie par équipe."))


@transaction.atomic(durable=True)
def record_payment(
    *, entrant: Entrant, method: str = Payment.Method.CASH, by: Actor | None = None
) -> Payment:
    """The entrant's fee, paid at the desk (cash, cheque or other)."""
    tournament = entrant.tournament
    refusal = _refusal(tournament)
    if refusal:
        raise TournamentError(refusal)
    _check_entrant(tournament, entrant)
    if method not in Payment.Method.values:
        raise TournamentError(_("Moyen de paiement inconnu."), field="method")
    owner = {"team": entrant} if isinstance(entrant, Team) else {"player": entrant}
    try:
        with transaction.atomic():
            payment = Payment.objects.create(
                tournament=tournament,
                amount_cents=fee_of(tournament, entrant),
                method=method,
                **owner,
            )
    except IntegrityError as exc:  # a double click, or the other desk was quicker
        raise TournamentError(
            _("L'inscription de %(who)s est déjà encaissée.") % {"who": _entrant_label(entrant)}
        ) from exc
    log_change(
        tournament,
        Action.PAYMENT_RECORDED,
        by=by,
        after=_payment_snapshot(payment, entrant),
    )
    return payment


@transaction.atomic(durable=True)
def cancel_payment(*, entrant: Entrant, by: Actor | None = None) -> None:
    """Undo a payment checked off by mistake."""
    payment = Payment.objects.select_for_update().filter(**_owner(entrant)).first()
    if payment is None:
        raise TournamentError(
            _("L'inscription de %(who)s n'est pas encaissée.") % {"who": _entrant_label(entrant)}
        )
    before = _payment_snapshot(payment, entrant)
    payment.delete()
    log_change(entrant.tournament_id, Action.PAYMENT_CANCELLED, by=by, before=before)


def _owner(entrant: Entrant) -> dict:
    return {"team": entrant} if isinstance(entrant, Team) else {"player": entrant}


def _payment_snapshot(payment: Payment, entrant: Entrant) -> dict:
    return {
        "who": _entrant_label(entrant),
        "amount_cents": payment.amount_cents,
        "method": payment.method,
    }


@transaction.atomic(durable=True)
def add_cash_entry(
    *, tournament: Tournament, kind: str, label: str, amount_cents: int, by: Actor | None = None
) -> CashEntry:
    """A line of income or expense: the bar, the meal, the lots bought…"""
    refusal = _refusal(tournament)
    if refusal:
        raise TournamentError(refusal)
    if kind not in CashEntry.Kind.values:
        raise TournamentError(_("Choisissez recette ou dépense."), field="kind")
    label = label.strip()
    if not label:
        raise TournamentError(_("Indiquez un libellé (buvette, repas, lots…)."), field="label")
    if not 1 <= amount_cents <= MAX_CENTS:
        raise TournamentError(_("Indiquez un montant supérieur à zéro."), field="amount")
    entry = CashEntry.objects.create(
        tournament=tournament, kind=kind, label=label[:120], amount_cents=amount_cents
    )
    log_change(tournament, Action.CASH_ENTRY_ADDED, by=by, after=_entry_snapshot(entry))
    return entry


@transaction.atomic(durable=True)
def delete_cash_entry(*, entry: CashEntry, by: Actor | None = None) -> None:
    before = _entry_snapshot(entry)
    deleted, _rows = CashEntry.objects.filter(pk=entry.pk).delete()
    if not deleted:
        raise TournamentError(_("Cette ligne de caisse est déjà supprimée."))
    log_change(entry.tournament_id, Action.CASH_ENTRY_DELETED, by=by, before=before)


def _entry_snapshot(entry: CashEntry) -> dict:
    return {"kind": entry.kind, "label": entry.label, "amount_cents": entry.amount_cents}


def fill_demo(*, owner, seed, say) -> None:
    """The `DEMO_BUILT` moment: the demo's concours that keep a cash box
    (`manage.py demo`'s own, nothing in it yet) get most fees paid at the
    desk (cash, one in five by cheque), three teams not yet; the bar and
    the meal brought money in, the lots cost some. No random draw: the demo
    stays the one the tests know."""
    untouched = (
        Tournament.objects.filter(owner=owner)
        .exclude(payments__isnull=False)
        .exclude(cash_entries__isnull=False)
    )
    for tournament in (t for t in untouched if t.cash_enabled):
        unpaid = {7, 15, 22}
        for team in tournament.teams.order_by("number"):
            if team.number not in unpaid:
                cheque = team.number % 5 == 0
                method = Payment.Method.CHEQUE if cheque else Payment.Method.CASH
                record_payment(entrant=team, method=method)
        for kind, label, cents in (
            (CashEntry.Kind.INCOME, "Buvette", 18650),
            (CashEntry.Kind.INCOME, "Repas (grillades)", 24000),
            (CashEntry.Kind.EXPENSE, "Lots achetés (jambons, canards, bouteilles)", 31240),
            (CashEntry.Kind.EXPENSE, "Boissons de la buvette", 7480),
        ):
            add_cash_entry(tournament=tournament, kind=kind, label=label, amount_cents=cents)
