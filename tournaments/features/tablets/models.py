"""The club's tablets: a device left on a table for the players who have no
smartphone, enrolled once by the desk and then kept on one table's entry
page with no login.

A tablet belongs to one tournament. It is enrolled from a one-time link
(`enrol_key`, shown as a QR code at the desk); enrolling gives it a device
key that only its signed cookie carries. The key opens nothing but the entry
page of the table the tablet is set to: a team still gives its code to enter
or confirm, as on a phone. The table it serves is a NUMBER, kept from one
partie to the next (tournaments/features/tablets/domain.py)."""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournament import Tournament


def new_tablet_key() -> str:
    return secrets.token_urlsafe(24)


class Tablet(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tablets")
    name = models.CharField(_("nom de la tablette"), max_length=40)
    #: The one-time enrolment link's key; None once used (NULL, not '':
    #: the column is unique and many tablets have none).
    enrol_key = models.CharField(  # noqa: DJ001
        max_length=40, unique=True, null=True, default=new_tablet_key
    )
    #: What the tablet's signed cookie carries; None until enrolled (or
    #: after a new enrolment link, which signs the old device out).
    device_key = models.CharField(  # noqa: DJ001
        max_length=40, unique=True, null=True, editable=False
    )
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    from_round = models.PositiveSmallIntegerField(default=0)
    earlier_number = models.PositiveSmallIntegerField(null=True, blank=True)
    seen_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        db_table = "tournaments_tablet"  # made by the core's migrations: it stays
        verbose_name = _("tablette du club")
        verbose_name_plural = _("tablettes du club")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="tablet_name_once"),
        ]

    def __str__(self) -> str:
        return self.name
