"""Organizer accounts made by the sign-up page (tournaments/services/accounts.py),
and the accounts the site trusts.

Django's `User` is the account; `SignUp` is what the sign-up adds to it:
the e-mail address as compared (case-folded, unique: two sign-ups racing
for one address cannot both win, whatever the database), the language its
mails are written in, and whether the address is confirmed yet. Accounts
made otherwise (`createsuperuser`, the administration) have no `SignUp`.

`OrganizerApproval` is an administrator's approval of an account (issue 35):
only approved accounts' concours feed the players' pages and the cote
(`trusted`). An administrator is trusted; on the hall laptop every account
is the club's own, trusted too.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
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


class OrganizerApproval(models.Model):
    """An account the site's administrator approved: its public concours
    show its players' pages and count in the cote (services/trust.py)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="organizer_approval",
    )
    approved_at = models.DateTimeField(_("approuvé le"))
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("approuvé par"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("organisateur approuvé")
        verbose_name_plural = _("organisateurs approuvés")

    def __str__(self) -> str:
        return str(self.user)


def trusted(path: str) -> Q:
    """The rows whose account at `path` (« owner », « tournament__owner »)
    the site trusts: approved, or an administrator; every account on the
    hall laptop."""
    if settings.HALL:
        return Q()
    return Q(**{f"{path}__is_superuser": True}) | Q(
        **{f"{path}__organizer_approval__isnull": False}
    )


def trusted_ids(user_ids: set[int | None]) -> set[int | None]:
    """Of these accounts, those the site trusts (one query, one join)."""
    from django.contrib.auth import get_user_model

    if settings.HALL:
        return set(user_ids)
    return set(
        get_user_model()
        .objects.filter(pk__in=list(user_ids))
        .filter(Q(is_superuser=True) | Q(organizer_approval__isnull=False))
        .values_list("pk", flat=True)
    )


def is_trusted(user) -> bool:
    """Whether the site trusts this one account (see `trusted`)."""
    if settings.HALL or getattr(user, "is_superuser", False):
        return True
    return OrganizerApproval.objects.filter(user_id=getattr(user, "pk", None)).exists()
