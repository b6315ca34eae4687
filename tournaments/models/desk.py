"""The registration desk: the organizer's directory of players, and the
players who came alone (« seul(e) ») waiting for a partner.

The directory (`KnownPlayer`) belongs to an organizer, not to a
tournament: every player registered in any of the organizer's tournaments
is remembered there (services/desk.py), so that the next time three letters
typed at the desk propose them. A person is known by their folded first and
last names (tournaments/domain/search.py), whatever the accents or the case typed.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournament import Tournament, save_with_search_key


class KnownPlayer(models.Model):
    """A player the organizer has registered before, with the licence and
    club last known."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="known_players"
    )
    first_name = models.CharField(_("prénom"), max_length=80)
    last_name = models.CharField(_("nom"), max_length=80)
    licence = models.CharField(_("licence"), max_length=30, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    last_seen = models.DateField(_("dernier concours"))
    #: The folded first and last names: who the player is, and what the
    #: desk's suggestions compare (search.py).
    search_key = models.CharField(max_length=170, editable=False)

    SEARCHED = ("first_name", "last_name")

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("joueur connu")
        verbose_name_plural = _("joueurs connus")
        constraints = [
            models.UniqueConstraint(fields=["owner", "search_key"], name="known_player_once"),
        ]

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    def save(self, **kwargs) -> None:
        save_with_search_key(self, self.SEARCHED, kwargs)
        super().save(**kwargs)


class WaitingPlayer(models.Model):
    """A player who came alone, waiting to be paired with another one: the
    pair becomes a team of the tournament and leaves the queue."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="waiting_players"
    )
    first_name = models.CharField(_("prénom"), max_length=80)
    last_name = models.CharField(_("nom"), max_length=80)
    licence = models.CharField(_("licence"), max_length=30, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    # The box ticked at the desk: shown across concours once in a team.
    shown = models.BooleanField(_("accepte d'être affiché"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("joueur seul en attente")
        verbose_name_plural = _("joueurs seuls en attente")

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()
