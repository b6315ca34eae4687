"""Leagues: an organizer's season of concours in ordered stages
(« Qualifications interclubs » → « Finale départementale » → « Finale
régionale »), and the teams each stage sent to the next one.

A stage holds concours (the organizer's tournaments) and the rule that
qualifies teams for the next stage (tournaments/features/leagues/domain.py,
whose FIRST and PERCENT are `Stage.Rule`'s values). A
`Qualification` is one team of the next stage's concours that came from
a concours of the stage, with its place there: the desk's list and the
check-in show it. Nothing here ranks anyone nor registers anyone (the leagues
feature: tournaments/features/leagues/).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models.people import Team
from tournaments.models.tournament import Tournament, bounded


class League(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organisateur"),
        on_delete=models.CASCADE,
        related_name="leagues",
    )
    name = models.CharField(_("nom"), max_length=120)
    season = models.CharField(_("saison"), max_length=40, blank=True)
    slug = models.SlugField(_("identifiant d'adresse"), max_length=140, unique=True)
    best_k = models.PositiveSmallIntegerField(
        _("équipes comptées par club"),
        default=0,
        validators=bounded(0, 100),
        help_text=_("0 : toutes les équipes du club comptent. Sinon, ses k meilleures."),
    )
    published = models.BooleanField(_("publiée"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "tournaments_league"  # made by the core's migrations: it stays
        ordering = ["-created_at", "name"]
        verbose_name = _("ligue")
        verbose_name_plural = _("ligues")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:league", kwargs={"slug": self.slug})


class Stage(models.Model):
    class Rule(models.TextChoices):
        FIRST = "first", _("les N premiers de chaque concours")
        PERCENT = "percent", _("les N % premiers de chaque concours")

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="stages")
    position = models.PositiveSmallIntegerField(validators=bounded(1, 50))
    name = models.CharField(_("nom de l'étape"), max_length=120)
    rule = models.CharField(
        _("qualifiés pour l'étape suivante"),
        max_length=10,
        choices=Rule.choices,
        default=Rule.FIRST,
    )
    value = models.PositiveSmallIntegerField(
        _("N (nombre d'équipes, ou pourcentage)"), default=4, validators=bounded(1, 1000)
    )
    tournaments = models.ManyToManyField(
        Tournament, verbose_name=_("concours"), related_name="league_stages", blank=True
    )
    #: When its qualified teams were last sent to the next stage.
    qualified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "tournaments_stage"  # made by the core's migrations: it stays
        ordering = ["league", "position"]
        verbose_name = _("étape")
        verbose_name_plural = _("étapes")
        constraints = [
            models.UniqueConstraint(fields=["league", "position"], name="stage_position_once"),
        ]

    def __str__(self) -> str:
        return self.name


class Qualification(models.Model):
    """A team of the next stage's concours, qualified by `stage`: its place
    `rank` in `source` (the concours of the stage it came from)."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="qualifications")
    source = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    source_team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    rank = models.PositiveIntegerField()
    #: Empty once the organizer deleted the team from the next concours (it
    #: declined): the stage, sent again, does not register it again.
    team = models.OneToOneField(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="qualification"
    )
    #: The team's players, said on the league's page after it was deleted.
    name = models.CharField(max_length=250, blank=True, default="")
    #: False when the team was already registered at the desk (only linked):
    #: a correction then unlinks it and never deletes it.
    created_team = models.BooleanField(default=True)

    #: What the desk's list reads with a team's qualification (its mark
    #: names the concours it came from): views/organizer.py's one query.
    ROW_RELATED = ("source",)

    class Meta:
        db_table = "tournaments_qualification"  # made by the core's migrations: it stays
        ordering = ["stage", "source", "rank"]
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "source_team"], name="qualification_source_team_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team or self.name} ({self.rank})"
