"""The pile of sheet photos the desk is reading, photo by photo.

`SheetPhoto`: one photo (or one page of a scanner's PDF) taken at the desk
for a partie, as the reader left it — `read` (its deals wait for a
volunteer's confirmation), `refused` (its sentence's code and what it
says), `recorded` (confirmed: its deals went through the desk grid's
service) or `set_aside` (the volunteer put it away). Only what the review
shows is kept, never the photo itself: the sheet's grid straightened (a
small grey JPEG, the crops of each cell are cut from it) or, for a photo
refused, a thumbnail to know it again. `(round, digest)` is unique: the
same file sent twice (a retry, a double tap) is one photo of the pile.

The feature's own models and migrations (app label `feature_sheets`, as
the messages'): the core's chain of migrations never moves for them.

Must not: read a photo (domain/), decide what is recorded (services).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class SheetPhoto(models.Model):
    class State(models.TextChoices):
        READ = "read", _("Lue, à confirmer")
        REFUSED = "refused", _("Refusée")
        RECORDED = "recorded", _("Enregistrée")
        SET_ASIDE = "set_aside", _("Mise de côté")

    round = models.ForeignKey(
        "tournaments.Round", on_delete=models.CASCADE, related_name="sheet_photos"
    )
    #: The table its QR code names (None: refused before it was known).
    table = models.ForeignKey(
        "tournaments.Table",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="sheet_photos",
    )
    #: The file's name as the phone or the scanner gave it, and the page of a PDF.
    name = models.CharField(max_length=120, blank=True)
    page = models.PositiveSmallIntegerField(default=0)
    #: SHA-256 of the file's bytes and its page: the same file sent twice is one photo.
    digest = models.CharField(max_length=64)
    state = models.CharField(max_length=10, choices=State.choices, default=State.READ)
    #: A refusal's code (display.refusal) and what its sentence says.
    refusal = models.CharField(max_length=32, blank=True)
    params = models.JSONField(default=dict, blank=True)
    #: The deals read: per deal its fields ({value, sure}), `asked`,
    #: `reasons`, `values` (the Deal fields), `marques`; and where each
    #: box lies in `image` (`per_mm`, `left`, `top`: millimetres of the page).
    reading = models.JSONField(default=dict, blank=True)
    #: The straightened grid (a read) or a thumbnail (a refusal), grey JPEG.
    image = models.BinaryField(editable=False, default=b"")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["pk"]
        verbose_name = _("photo de feuille")
        verbose_name_plural = _("photos de feuilles")
        constraints = [
            models.UniqueConstraint(fields=["round", "digest"], name="sheet_photo_once"),
        ]

    def __str__(self) -> str:
        return f"{self.round} · {self.name or self.pk}"
