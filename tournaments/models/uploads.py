"""A file received and waiting for the background task that reads it
(issue 35: one organizer's uploads must not hold the site's workers).

The request that receives a hall's concours file or a backup to publish
checks what is cheap (its size, its compression, its counts), keeps the
file here and answers at once; the task (services/uploads.py) does the
heavy work and writes the outcome here: a sentence in the language the
sender used. The file's bytes are emptied once read. The sender reads
the outcome on a page of their own (`pk`, their account) or, for a
laptop's signed upload, at an address made of `token`.

Must not: read or check a file (services/uploads.py does).
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Upload(models.Model):
    class Kind(models.TextChoices):
        HALL_FILE = "hall_file", _("Fichier d'une salle")
        BACKUP = "backup", _("Sauvegarde à publier")

    class State(models.TextChoices):
        WAITING = "waiting", _("En cours de traitement")
        DONE = "done", _("Reçu")
        REFUSED = "refused", _("Refusé")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="uploads"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    #: A hall's file: the id of the hall it is for (the halls feature's
    #: `MergedHall`). A number, not a foreign key: the core points at no
    #: feature's model; the feature deletes a hall's uploads with it.
    hall_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    replace_older = models.BooleanField(default=False)
    #: A laptop's signed upload: its key (a backup) and its nonce, never
    #: accepted twice (services/publication.check_envelope looks here too).
    key = models.ForeignKey(
        "tournaments.PublicationKey", on_delete=models.SET_NULL, null=True, blank=True
    )
    nonce = models.CharField(max_length=64, unique=True, null=True, blank=True)
    body = models.BinaryField(editable=False)
    language = models.CharField(max_length=8, default="fr")
    state = models.CharField(max_length=8, choices=State.choices, default=State.WAITING)
    message = models.TextField(blank=True)
    #: The concours published (a backup's), for the link to its page.
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    token = models.CharField(max_length=40, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["owner", "state"], name="upload_owner_state")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.get_state_display()})"
