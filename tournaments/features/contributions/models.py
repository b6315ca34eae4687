"""A player of another organizer's concours who is a person whose record is
not theirs (`Contribution`): the record's owner accepts it (the player is
then linked to the record, and the concours counts on the person's page and
in their cote: the core's rules) or refuses it (the player stays apart).
The feature's own model and migrations (app label `feature_contributions`):
left out, no other organizer's concours ever counts for a person.

Must not: link a player here (services.py does, on the owner's word)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Contribution(models.Model):
    """One player of another organizer's concours, and the record it would
    add to, asked of that record's owner."""

    class Status(models.TextChoices):
        PENDING = "pending", _("en attente")
        ACCEPTED = "accepted", _("acceptée")
        REFUSED = "refused", _("refusée")

    player = models.OneToOneField(
        "tournaments.Player",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="contribution",
    )
    person = models.ForeignKey(
        "tournaments.Person", on_delete=models.CASCADE, related_name="contributions"
    )
    status = models.CharField(
        _("statut"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("résultat proposé")
        verbose_name_plural = _("résultats proposés")

    def __str__(self) -> str:
        return f"{self.player_id} → {self.person_id}: {self.status}"
