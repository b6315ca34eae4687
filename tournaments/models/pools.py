"""Pools (« poules ») of a qualifying phase: the pools a tournament's teams
were split into, and who is in which (the rules are in tournaments/domain/pools.py).

Membership is a model of its own (`PoolTeam`) rather than a field on
`Team`: the team stays as registration, the backup and the exports know it,
and the membership carries the team's place in its pool (its seed there,
which the schedule's circle reads). A team is in one pool at most (a
one-to-one link), and a place holds one team. Nothing here stores a
result: a pool's ranking is computed on read from its parties' tables."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.people import Team
from tournaments.models.tournament import Tournament, bounded

#: The most pools a tournament can have (its teams in pools of three).
MAX_POOLS = 3400


class Pool(models.Model):
    """One pool: « Poule A », « Poule B »… by its number."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pools")
    number = models.PositiveSmallIntegerField(_("poule n°"), validators=bounded(1, MAX_POOLS))
    # The seed of the random order the pools were split from (the same on
    # every pool of one split), kept so the split can be replayed
    # (tournaments/domain/pools.py `seeding_order`); null: the registration
    # order.
    seed = models.BigIntegerField(
        _("numéro de tirage"), null=True, blank=True, validators=bounded(0, 2**31 - 1)
    )

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("poule")
        verbose_name_plural = _("poules")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="pool_number_unique_in_tournament"
            ),
        ]

    def __str__(self) -> str:
        return _("Poule %(letter)s") % {"letter": self.letter}

    @property
    def letter(self) -> str:
        """A, B, … Z, then AA, AB…: as spreadsheets name their columns."""
        n, letters = self.number, ""
        while n:
            n, rest = divmod(n - 1, 26)
            letters = chr(ord("A") + rest) + letters
        return letters


class PoolTeam(models.Model):
    """A team's place in its pool: its seed there, from 1."""

    pool = models.ForeignKey(Pool, on_delete=models.CASCADE, related_name="members")
    team = models.OneToOneField(Team, on_delete=models.CASCADE, related_name="pool_place")
    position = models.PositiveSmallIntegerField(_("place"), validators=bounded(1, 4))

    class Meta:
        ordering = ["pool", "position"]
        verbose_name = _("équipe de poule")
        verbose_name_plural = _("équipes de poule")
        constraints = [
            models.UniqueConstraint(fields=["pool", "position"], name="pool_place_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.pool} {self.position}: {self.team}"
