"""« Appeler l'arbitre » (issue 38, item 12c): a table's call to the desk,
made from the table's phone after its team's code, open until the desk
answers « J'arrive » or « Réglé ».

Invariants held by the database: one open call per table at a time, and
one call per table for one post (its request key), so that a phone that
sends its call again after a Wi-Fi drop never calls twice. Must not: decide
who may call (services/referee.py) or say anything (display/referee.py)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.play import Table
from tournaments.models.tournament import Side


class RefereeCall(models.Model):
    class Answer(models.TextChoices):
        NONE = "", _("en attente")
        COMING = "coming", _("J'arrive")
        SETTLED = "settled", _("Réglé")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="referee_calls")
    #: The team that called (the side whose code the phone gave).
    side = models.CharField(_("équipe"), max_length=1, choices=Side.choices)
    called_at = models.DateTimeField(_("appelé à"), default=timezone.now)
    #: What identifies the post that made the call (a retry finds it).
    request_key = models.CharField(max_length=32, editable=False)
    answer = models.CharField(
        _("réponse"), max_length=10, choices=Answer.choices, blank=True, default=""
    )
    answered_at = models.DateTimeField(_("répondu à"), null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )

    class Meta:
        ordering = ["called_at", "pk"]
        verbose_name = _("appel de l'arbitre")
        verbose_name_plural = _("appels de l'arbitre")
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(answered_at__isnull=True),
                name="referee_call_one_open_per_table",
            ),
            models.UniqueConstraint(
                fields=["table", "request_key"], name="referee_call_once_per_post"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.called_at:%H:%M}"

    @property
    def open(self) -> bool:
        return self.answered_at is None
