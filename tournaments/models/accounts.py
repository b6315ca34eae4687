"""Organizer accounts made by the sign-up page (tournaments/services/accounts.py).

Django's `User` is the account; `SignUp` is what the sign-up adds to it:
the e-mail address as compared (case-folded, unique: two sign-ups racing
for one address cannot both win, whatever the database), the language its
mails are written in, and whether the address is confirmed yet. Accounts
made otherwise (`createsuperuser`, the administration) have no `SignUp`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def email_key(email: str) -> str:
    """An e-mail address as two sign-ups are compared: `Anne@Club.FR` and
    `anne@club.fr` are one address."""
    return email.strip().casefold()


class SignUp(models.Model):
    """An account made by the sign-up page. Until `confirmed_at` is set the
    account is inactive (it cannot log in) and a new sign-up with the same
    address replaces it (see services/accounts.sign_up)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="sign_up",
    )
    email_key = models.CharField(_("adresse e-mail"), max_length=254, unique=True)
    language = models.CharField(_("langue"), max_length=8)
    created_at = models.DateTimeField(_("créé le"))
    confirmed_at = models.DateTimeField(_("confirmé le"), null=True, blank=True)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("invité par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("inscription d'organisateur")
        verbose_name_plural = _("inscriptions d'organisateurs")

    def __str__(self) -> str:
        return self.email_key
