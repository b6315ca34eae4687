"""The cash box (« la caisse ») of a tournament: the entry fees paid at the
desk, and the other income and expenses typed by the organizer.

Amounts are whole cents (an integer: no rounding ever creeps into a sum).
A team (a player in a mêlée) has paid when it has a `Payment`; the amount
kept is the fee it paid, so changing the fee later does not rewrite what
was collected. The sums are the cash box feature's (tournaments/features/cash/).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.domain.money import MAX_CENTS
from tournaments.models.people import Player, Team
from tournaments.models.tournament import Tournament

__all__ = ["MAX_CENTS", "CashEntry", "Payment"]


class Payment(models.Model):
    """The entry fee of one team (fixed pairs) or one player (mêlée), paid."""

    class Method(models.TextChoices):
        CASH = "cash", _("Espèces")
        CHEQUE = "cheque", _("Chèque")
        OTHER = "other", _("Autre")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="payments")
    #: RESTRICT: a team that paid is not deleted alone (the core's
    #: `delete_team` says `KEEPS_ITS_ENTRANT`); with its concours it goes.
    team = models.OneToOneField(
        Team, on_delete=models.RESTRICT, null=True, blank=True, related_name="payment"
    )
    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="payment"
    )
    amount_cents = models.PositiveIntegerField(_("montant (centimes)"))
    method = models.CharField(
        _("moyen de paiement"), max_length=10, choices=Method.choices, default=Method.CASH
    )
    at = models.DateTimeField(auto_now_add=True)

    KEEPS_ITS_ENTRANT = _(
        "Cette équipe a payé son inscription : annulez d'abord son encaissement (caisse)."
    )

    class Meta:
        db_table = "tournaments_payment"  # made by the core's migrations: it stays
        ordering = ["at", "pk"]
        verbose_name = _("paiement")
        verbose_name_plural = _("paiements")
        constraints = [
            models.CheckConstraint(
                condition=Q(team__isnull=False, player__isnull=True)
                | Q(team__isnull=True, player__isnull=False),
                name="payment_of_a_team_or_a_player",
            ),
            models.CheckConstraint(
                condition=Q(amount_cents__lte=MAX_CENTS), name="payment_amount_bounded"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team or self.player}: {self.amount_cents}"


class CashEntry(models.Model):
    """A line of the cash box typed by the organizer: the bar, the meal,
    the lots bought, the hall's hire…"""

    class Kind(models.TextChoices):
        INCOME = "income", _("Recette")
        EXPENSE = "expense", _("Dépense")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="cash_entries"
    )
    kind = models.CharField(_("sorte"), max_length=10, choices=Kind.choices)
    label = models.CharField(_("libellé"), max_length=120)
    amount_cents = models.PositiveIntegerField(_("montant (centimes)"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_cashentry"  # made by the core's migrations: it stays
        ordering = ["created_at", "pk"]
        verbose_name = _("ligne de caisse")
        verbose_name_plural = _("lignes de caisse")
        constraints = [
            models.CheckConstraint(
                condition=Q(amount_cents__gte=1, amount_cents__lte=MAX_CENTS),
                name="cash_entry_amount_bounded",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.label}: {self.amount_cents}"
