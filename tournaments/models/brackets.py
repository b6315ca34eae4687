"""The final phase: brackets (the main one and the consolante) seeded from
the qualifying ranking, and their matches. A match is played at an ordinary
table of a bracket partie (`Round.stage` = bracket), scored like any other;
the bracket rules themselves are pure (tournaments/domain/brackets.py)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from tournaments.models.people import Team
from tournaments.models.play import Table
from tournaments.models.tournament import Tournament, bounded


class Bracket(models.Model):
    """A knockout of the final phase: its teams come from the qualifying
    ranking (seeds 1..n, in `BracketMatch` of level 0)."""

    class Kind(models.TextChoices):
        MAIN = "main", _("Tableau principal")
        CONSOLANTE = "consolante", _("Consolante")

    class DeadHeatRule(models.TextChoices):
        EXTRA_DEAL = "extra_deal", _("Une donne de plus")
        QUALIFYING_TOTAL = "qualifying_total", _("Le meilleur total des qualifications")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="brackets")
    kind = models.CharField(_("tableau"), max_length=10, choices=Kind.choices)
    name = models.CharField(_("nom"), max_length=80)
    tie_rule = models.CharField(
        _("en cas d'égalité"),
        max_length=20,
        choices=DeadHeatRule.choices,
        default=DeadHeatRule.EXTRA_DEAL,
    )
    position = models.PositiveSmallIntegerField(default=0, validators=bounded(0, 10))

    class Meta:
        ordering = ["tournament", "position"]
        verbose_name = _("tableau")
        verbose_name_plural = _("tableaux")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind"], name="bracket_kind_once"),
        ]

    def __str__(self) -> str:
        return self.name

    @cached_property
    def seeds(self) -> list[int]:
        """The teams in seed order (seed 1 first), as team ids: the seeds the
        matches refer to and the places are ordered by (`BracketSeed` rows)."""
        return [s.team_id for s in sorted(self.seed_rows.all(), key=lambda s: s.seed)]

    def seed_of(self, team_id: int | None) -> int | None:
        """The team's seed in this bracket (1 the best), None if not in it."""
        try:
            return self.seeds.index(team_id) + 1
        except ValueError:
            return None


class BracketSeed(models.Model):
    """A team's seed in a bracket (1 the best), from the qualifying ranking."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="seed_rows")
    team = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="+")
    seed = models.PositiveIntegerField(_("tête de série"), validators=bounded(1, 100_000))

    class Meta:
        ordering = ["bracket", "seed"]
        verbose_name = _("tête de série")
        verbose_name_plural = _("têtes de série")
        constraints = [
            models.UniqueConstraint(fields=["bracket", "seed"], name="bracket_seed_once"),
            models.UniqueConstraint(fields=["bracket", "team"], name="bracket_team_once"),
        ]

    def __str__(self) -> str:
        return f"{self.bracket} · {self.seed}"


class BracketMatch(models.Model):
    """A match of a bracket: two teams (team B null for a bye, or while a
    side waits for the winner of an earlier match), the table that plays it
    and, once settled, the winner and how it was decided."""

    class Settled(models.TextChoices):
        BYE = "bye", _("Exempt")
        PLAYED = "played", _("Joué")
        QUALIFYING_TOTAL = "qualifying_total", _("Égalité : meilleur total des qualifications")

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="matches")
    level = models.PositiveSmallIntegerField(_("tour"), validators=bounded(0, 20))
    position = models.PositiveSmallIntegerField(_("match"), validators=bounded(0, 100_000))
    team_a = models.ForeignKey(
        Team, on_delete=models.RESTRICT, related_name="+", null=True, blank=True
    )
    team_b = models.ForeignKey(
        Team, on_delete=models.RESTRICT, related_name="+", null=True, blank=True
    )
    table = models.OneToOneField(
        Table,
        on_delete=models.SET_NULL,
        related_name="bracket_match",
        null=True,
        blank=True,
    )
    winner = models.ForeignKey(
        Team, on_delete=models.RESTRICT, related_name="+", null=True, blank=True
    )
    settled = models.CharField(_("décidé"), max_length=20, choices=Settled.choices, blank=True)

    class Meta:
        ordering = ["bracket", "level", "position"]
        verbose_name = _("match de tableau")
        verbose_name_plural = _("matchs de tableau")
        constraints = [
            models.UniqueConstraint(
                fields=["bracket", "level", "position"], name="bracket_match_once"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True)
                | Q(winner=models.F("team_a"))
                | Q(winner=models.F("team_b")),
                name="bracket_winner_plays",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.bracket} {self.level}.{self.position}"

    @property
    def loser_id(self) -> int | None:
        if self.winner_id is None or self.team_b_id is None:
            return None
        return self.team_b_id if self.winner_id == self.team_a_id else self.team_a_id
