"""Prizes and special rankings: the lots of each ranking, the organizer's
swaps, and the categories (« classements spéciaux ») teams or players
belong to.

Which entrant takes which lot is never stored: it is computed from the
ranking each time (`tournaments.domain.prizes`, read by `tournaments.queries.awards`); only
what the organizer decided is kept here — the lists, the rules, the
categories and the swaps made by hand, each stamped with the ranking it was
made on, so that a swap made on a ranking that has changed since is shown
to the organizer rather than applied blindly.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class PrizeRule(models.TextChoices):
    """How a list of lots is given out (see `tournaments.domain.prizes`)."""

    BY_RANK = "by_rank", _("Par rang, tant qu'il y a des lots")
    EVERY = "every", _("Toutes les équipes primées")
    TOP = "top", _("Les N premiers seulement")


class PrizeRuleOwner(models.Model):
    """How a ranking's lots are given out, declared once for the two owners
    of a list of lots: the tournament (its general ranking) and each
    special ranking (`Category`). `queries/awards.py` reads it from the
    ranking's owner; `services/prizes.py` sets it."""

    prize_rule = models.CharField(
        _("attribution des lots"),
        max_length=10,
        choices=PrizeRule.choices,
        default=PrizeRule.BY_RANK,
    )
    prize_top = models.PositiveSmallIntegerField(_("nombre de premiers primés"), default=3)

    class Meta:
        abstract = True


class Category(PrizeRuleOwner):
    """A special ranking: the teams (in a mêlée, the players) ticked for it,
    ranked among themselves, or, for a club ranking, each club's best team."""

    class Kind(models.TextChoices):
        WOMEN = "women", _("Féminine")
        MIXED = "mixed", _("Mixte")
        YOUTH = "youth", _("Jeunes")
        CLUB = "club", _("Club (meilleure équipe de chaque club)")
        OTHER = "other", _("Autre")

    tournament = models.ForeignKey(
        "Tournament", on_delete=models.CASCADE, related_name="categories"
    )
    name = models.CharField(_("nom"), max_length=80)
    kind = models.CharField(_("sorte"), max_length=10, choices=Kind.choices, default=Kind.OTHER)
    # Named with their app, so that mypy (django-stubs) sees `team.categories`.
    teams = models.ManyToManyField("tournaments.Team", related_name="categories", blank=True)
    players = models.ManyToManyField("tournaments.Player", related_name="categories", blank=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("classement spécial")
        verbose_name_plural = _("classements spéciaux")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="category_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def by_club(self) -> bool:
        return self.kind == self.Kind.CLUB


class Lot(models.Model):
    """A lot of a ranking's list (the general ranking's when `category` is
    empty), in the list's order; `last` for the « lanterne rouge »."""

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="lots")
    category = models.ForeignKey(
        Category, on_delete=models.CASCADE, null=True, blank=True, related_name="lots"
    )
    position = models.PositiveSmallIntegerField(_("place dans la liste"))
    name = models.CharField(_("lot"), max_length=120)
    value = models.DecimalField(_("valeur (€)"), max_digits=7, decimal_places=2, null=True)
    quantity = models.PositiveSmallIntegerField(_("quantité"), default=1)
    last = models.BooleanField(_("pour le dernier (lanterne rouge)"), default=False)

    class Meta:
        ordering = ["category_id", "last", "position"]
        verbose_name = _("lot")
        verbose_name_plural = _("lots")
        constraints = [
            models.CheckConstraint(condition=Q(quantity__gte=1), name="lot_quantity_positive"),
        ]

    def __str__(self) -> str:
        return self.name


class LotSwap(models.Model):
    """Two entrants of a ranking whose lots the organizer exchanged by hand.

    `first` and `second` are entrants as the ranking counts them: team ids,
    or player ids in a mêlée (the formula no longer changes once someone is
    registered). `stamp` is the ranking and the list the swap was made on
    (`tournaments.queries.awards.stamp`): when they change, the swap is no longer
    applied, and the organizer is told."""

    tournament = models.ForeignKey("Tournament", on_delete=models.CASCADE, related_name="lot_swaps")
    category = models.ForeignKey(
        Category, on_delete=models.CASCADE, null=True, blank=True, related_name="swaps"
    )
    first = models.PositiveIntegerField()
    second = models.PositiveIntegerField()
    stamp = models.CharField(max_length=16)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("échange de lots")
        verbose_name_plural = _("échanges de lots")

    def __str__(self) -> str:
        return f"{self.first} ↔ {self.second}"
