"""Season challenge: a series of the organizer's tournaments ranked
together, player by player (the rules are in tournaments/features/challenge/domain.py).

Nothing here stores points: the ranking is computed on read from the
tournaments' standings (tournaments/features/challenge/), so a tournament corrected,
added or removed later changes the challenge at once."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournament import Tournament, bounded


class Challenge(models.Model):
    class Kind(models.TextChoices):
        GAMES = "games", _("Points par partie (victoire, nul, défaite, exempt)")
        RANK = "rank", _("Points selon la place de la soirée")

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organisateur"),
        on_delete=models.CASCADE,
        related_name="challenges",
    )
    name = models.CharField(_("nom"), max_length=120)
    slug = models.SlugField(_("identifiant d'adresse"), max_length=140, unique=True)
    kind = models.CharField(_("barème"), max_length=10, choices=Kind.choices, default=Kind.GAMES)
    win = models.PositiveSmallIntegerField(
        _("points : partie gagnée"), default=4, validators=bounded(0, 1000)
    )
    draw = models.PositiveSmallIntegerField(
        _("points : partie nulle"), default=3, validators=bounded(0, 1000)
    )
    loss = models.PositiveSmallIntegerField(
        _("points : partie perdue"), default=2, validators=bounded(0, 1000)
    )
    bye = models.PositiveSmallIntegerField(
        _("points : exempt"), default=3, validators=bounded(0, 1000)
    )
    with_points = models.BooleanField(_("ajouter les points marqués"), default=False)
    rank_table = models.TextField(
        _("points par place"),
        blank=True,
        help_text=_("Vide : nombre d'inscrits + 1 − place. Sinon « 1er : 20, 2e : 17, … »."),
    )
    best_n = models.PositiveSmallIntegerField(
        _("meilleures soirées retenues"),
        default=0,
        validators=bounded(0, 100),
        help_text=_("0 : toutes les soirées comptent."),
    )
    min_events = models.PositiveSmallIntegerField(
        _("soirées minimum pour les lots"), default=0, validators=bounded(0, 100)
    )
    lot_text = models.TextField(_("lots"), blank=True)
    published = models.BooleanField(_("publié"), default=False)
    tournaments = models.ManyToManyField(
        Tournament, verbose_name=_("soirées"), related_name="challenges", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "tournaments_challenge"  # made by the core's migrations: it stays
        ordering = ["-created_at", "name"]
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:challenge", kwargs={"slug": self.slug})

    def evenings(self):
        """The challenge's tournaments in date order, with their revision."""
        return self.tournaments.with_revision().order_by("date", "pk")
