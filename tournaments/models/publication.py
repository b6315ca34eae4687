"""Publishing a concours played offline (issue 26): the organizer's
publication keys on the hosted instance, the uploads it received (so that
one is never taken twice), and, on the hall laptop, where to send and with
which key.

A key is stored hashed (`PublicationKey.digest`); only its first letters
are kept readable so the organizer can tell two keys apart. Must not:
check a signature or import anything (services/publication.py does).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PublicationKey(models.Model):
    """A « clé de publication » of an organizer, shown once, stored hashed."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organisateur"),
        on_delete=models.CASCADE,
        related_name="publication_keys",
    )
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(_("début de la clé"), max_length=12)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("clé de publication")
        verbose_name_plural = _("clés de publication")

    def __str__(self) -> str:
        return f"{self.prefix}…"


class PublicationReceipt(models.Model):
    """One upload received with a key: its nonce is never accepted again."""

    # None for a backup file uploaded by hand (signed in, no key).
    key = models.ForeignKey(
        PublicationKey, on_delete=models.CASCADE, related_name="receipts", null=True, blank=True
    )
    nonce = models.CharField(max_length=64, unique=True)
    received_at = models.DateTimeField(auto_now_add=True)
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.SET_NULL, null=True, blank=True
    )

    def __str__(self) -> str:
        return self.nonce


class PublicationTarget(models.Model):
    """On the hall laptop: the hosted instance an organizer publishes to, and
    the key pasted from their account there (the laptop signs with it)."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="publication_target"
    )
    url = models.URLField(_("adresse du site en ligne"), max_length=200)
    key = models.CharField(_("clé de publication"), max_length=80)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return self.url
