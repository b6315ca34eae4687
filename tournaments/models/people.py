"""Who plays: players and teams (fixed pairs, or a mêlée's teams of a round)."""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.persons import Person
from tournaments.models.tournament import Tournament, bounded, save_with_search_key


class Player(models.Model):
    """A person. In fixed pairs, players come with their team; in a mêlée
    they register alone and the draw forms the teams."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("Inscrit")
        WITHDRAWN = "withdrawn", _("Forfait")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    first_name = models.CharField(_("prénom"), max_length=80)
    last_name = models.CharField(_("nom"), max_length=80)
    licence = models.CharField(_("licence"), max_length=30, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    status = models.CharField(
        _("statut"), max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    present = models.BooleanField(_("présent"), default=True)
    # When the player withdrew: the forfait can be undone until the next draw.
    withdrawn_at = models.DateTimeField(_("forfait le"), null=True, blank=True)
    #: The names and club as « Où je joue ? » compares them (search.py).
    search_key = models.TextField(default="", blank=True, editable=False)
    # The box ticked at registration: the player agreed to have a page of
    # their own across concours (models/persons.py). Off by default.
    shown = models.BooleanField(_("accepte d'être affiché"), default=False)
    # The same person in other concours, once the concours is public.
    person = models.ForeignKey(
        Person, on_delete=models.SET_NULL, null=True, blank=True, related_name="players"
    )

    SEARCHED = ("first_name", "last_name", "club")

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("joueur")
        verbose_name_plural = _("joueurs")

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    def save(self, **kwargs) -> None:
        save_with_search_key(self, self.SEARCHED, kwargs)
        super().save(**kwargs)


class TeamQuerySet(models.QuerySet):
    def active(self) -> TeamQuerySet:
        return self.filter(status=Team.Status.ACTIVE)

    def present(self) -> TeamQuerySet:
        return self.active().filter(present=True)

    def drawn(self, *, check_in: bool) -> TeamQuerySet:
        """The teams a draw takes: those present and, under « Pointage à
        l'entrée » (`check_in`), checked in at the door or at the desk."""
        teams = self.present()
        return teams.exclude(checked_in_at=None) if check_in else teams


#: A team's code: 8 digits (10⁸ values, shown « 4821 0937 »). With at most
#: 10 wrong guesses per table per 15 minutes (services/table_side.py), a day
#: of guessing finds one of a table's two codes with a chance of about 2 in
#: 100,000.
CODE_DIGITS = 8


def new_team_code() -> str:
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


def is_team_code(code: str) -> bool:
    return len(code) == CODE_DIGITS and code.isascii() and code.isdigit()


class Team(models.Model):
    """Two players. Fixed pairs are registered once (`round` empty); in a
    mêlée the draw forms a new team for each round (`round` set).

    References to players and teams are RESTRICT: a team that played, or a
    player in a team, cannot be deleted alone, but deleting the whole
    tournament takes everything with it."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("Engagée")
        WITHDRAWN = "withdrawn", _("Forfait")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    round = models.ForeignKey(
        "Round", on_delete=models.CASCADE, null=True, blank=True, related_name="melee_teams"
    )
    number = models.PositiveIntegerField(_("numéro"), validators=bounded(1, 10_000))
    name = models.CharField(_("nom d'équipe"), max_length=120, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    player1 = models.ForeignKey(
        Player, verbose_name=_("joueur 1"), on_delete=models.RESTRICT, related_name="+"
    )
    player2 = models.ForeignKey(
        Player, verbose_name=_("joueur 2"), on_delete=models.RESTRICT, related_name="+"
    )
    status = models.CharField(
        _("statut"), max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    present = models.BooleanField(_("présente"), default=True)
    #: « Reste à sa table » (reduced mobility): every draw keeps the team at
    #: `kept_table`, or when empty at its table of partie 1.
    stays_at_table = models.BooleanField(_("reste à sa table"), default=False)
    kept_table = models.PositiveSmallIntegerField(
        _("table gardée"), null=True, blank=True, validators=bounded(1, 1_000)
    )
    # When the team withdrew: the forfait can be undone until the next draw.
    withdrawn_at = models.DateTimeField(_("forfait le"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    #: When the team checked in at the door or the desk (tournaments/features/door/).
    checked_in_at = models.DateTimeField(_("pointée à"), null=True, blank=True)
    #: The team's name and club as « Où je joue ? » compares them (search.py);
    #: the players' names are in their own keys.
    search_key = models.TextField(default="", blank=True, editable=False)
    #: The team's code for the whole concours (issue 38): printed once, on
    #: its coupon of the first partie it plays, and copied by every draw
    #: onto its tables (`Table.code_a`/`code_b`), where it is checked.
    #: Unique in its concours so that two teams at a table never share one.
    code = models.CharField(
        _("code de l'équipe"), max_length=CODE_DIGITS, default=new_team_code, editable=False
    )

    SEARCHED = ("name", "club")

    objects = TeamQuerySet.as_manager()

    class Meta:
        ordering = ["number"]
        verbose_name = _("équipe")
        verbose_name_plural = _("équipes")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"],
                condition=Q(round__isnull=True),
                name="team_number_unique_in_tournament",
            ),
            models.UniqueConstraint(
                fields=["round", "number"],
                condition=Q(round__isnull=False),
                name="team_number_unique_in_round",
            ),
            models.CheckConstraint(
                condition=~Q(player1=models.F("player2")), name="team_has_two_players"
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    def save(self, **kwargs) -> None:
        if self._state.adding:
            self.keep_code_apart()
        save_with_search_key(self, self.SEARCHED, kwargs)
        super().save(**kwargs)

    def keep_code_apart(self) -> None:
        """Draws the code again while it is not of `CODE_DIGITS` digits (one
        read from a tampered or an old file) or another team of the concours
        has it."""
        teams = Team.objects.filter(tournament_id=self.tournament_id).exclude(pk=self.pk)
        while not is_team_code(self.code) or teams.filter(code=self.code).exists():
            self.code = new_team_code()

    @property
    def display_name(self) -> str:
        if self.name:
            return self.name
        return f"{self.player1.last_name} – {self.player2.last_name}"

    @property
    def players_label(self) -> str:
        return f"{self.player1} & {self.player2}"
