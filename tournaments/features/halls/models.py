"""One concours played in several halls at once (issue 27, simultaneous
halls): the hosted concours declared « joué dans plusieurs salles » with its
planned parties (`HallMerge`), and each hall with the last concours file it
sent (`MergedHall`). A hall's file waiting to be read is a core `Upload`
whose `hall_id` names its hall (a number: the core points at no feature's
model); deleting a hall deletes its uploads (apps.py).

A hall's upload key is stored hashed (`key_digest`), as a publication key
is; only its first letters stay readable. Must not: read, check or merge a
file (tournaments/features/halls/ and checker/halls.py do).
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

#: The most halls one concours is played in.
MAX_HALLS = 30


class HallMerge(models.Model):
    """A concours « joué dans plusieurs salles », merged into one ranking."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="hall_merge"
    )
    planned = models.PositiveSmallIntegerField(
        _("parties prévues"), validators=[MinValueValidator(1), MaxValueValidator(20)]
    )

    class Meta:
        db_table = "tournaments_hallmerge"  # made by the core's migrations: it stays

    def __str__(self) -> str:
        return str(self.tournament)


class MergedHall(models.Model):
    """One hall of a multi-hall concours and the last file it sent."""

    merge = models.ForeignKey(HallMerge, on_delete=models.CASCADE, related_name="halls")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(_("nom de la salle"), max_length=80)
    key_digest = models.CharField(max_length=64, unique=True, null=True, blank=True)
    key_prefix = models.CharField(max_length=12, blank=True)
    document = models.JSONField(null=True, blank=True)
    received_at = models.DateTimeField(null=True, blank=True)
    # What the page says without reading the file again.
    teams = models.PositiveIntegerField(default=0)
    closed = models.PositiveSmallIntegerField(default=0)
    progress = models.PositiveIntegerField(default=0)  # tables finished, all parties

    class Meta:
        db_table = "tournaments_mergedhall"  # made by the core's migrations: it stays
        ordering = ["position", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["merge", "name"], name="hall_name_once_per_concours"),
        ]

    def __str__(self) -> str:
        return self.name
