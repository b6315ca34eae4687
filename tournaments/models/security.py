"""Counters that slow down guessing (see tournaments/infra/throttle.py)."""

from __future__ import annotations

from django.db import models


class Attempt(models.Model):
    """One counted attempt (a password check, a wrong team code) under a
    throttle key. Rows live in the database so that every worker and every
    machine of a hosted instance counts the same attempts, and a restart
    forgets nothing; old rows are pruned as new ones arrive."""

    key = models.CharField(max_length=200)
    at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["key", "at"], name="attempt_key_at")]

    def __str__(self) -> str:
        return f"{self.key} @ {self.at:%Y-%m-%d %H:%M:%S}"
