"""The audit trail: who changed what, when, from what to what, and why.

The core's actions are `Change.Action`; an optional feature labels its own
(pretix's plugins label their own log entries): its `AppConfig.ready()`
gives its `TextChoices` to `register_actions`, so the core's list does not
grow with each feature, and a stored action keeps its name."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.models.play import Table
from tournaments.models.tournament import Tournament


class Change(models.Model):
    """The audit trail: who changed what, when, from what to what, and why.
    Written by the services in the same transaction as the change."""

    class Action(models.TextChoices):
        TOURNAMENT_CREATED = "tournament_created", _("Tournoi créé")
        TOURNAMENT_CHANGED = "tournament_changed", _("Tournoi modifié")
        TIE_BREAKS_CHANGED = "tie_breaks_changed", _("Ordre de départage changé")
        CHANCE_DRAWN = "chance_drawn", _("Tirage au sort du classement fait")
        PUBLISHED = "published", _("Tournoi publié")
        UNPUBLISHED = "unpublished", _("Tournoi retiré de l'accueil")
        ARCHIVED = "archived", _("Tournoi archivé")
        UNARCHIVED = "unarchived", _("Tournoi sorti des archives")
        CO_ORGANIZER_ADDED = "co_organizer_added", _("Co-organisateur ajouté")
        CO_ORGANIZER_LEFT = "co_organizer_left", _("Co-organisateur parti (compte supprimé)")
        OWNER_CHANGED = "owner_changed", _("Tournoi confié à un co-organisateur")
        TEAM_ADDED = "team_added", _("Équipe inscrite")
        TEAM_CHANGED = "team_changed", _("Équipe modifiée")
        TEAMS_IMPORTED = "teams_imported", _("Équipes importées")
        TEAM_DELETED = "team_deleted", _("Équipe supprimée")
        TEAM_WITHDRAWN = "team_withdrawn", _("Forfait")
        TEAM_REINSTATED = "team_reinstated", _("Forfait annulé")
        PLAYER_ADDED = "player_added", _("Joueur inscrit")
        PLAYER_WITHDRAWN = "player_withdrawn", _("Forfait d'un joueur")
        PLAYER_REINSTATED = "player_reinstated", _("Forfait d'un joueur annulé")
        PRESENCE = "presence", _("Présence pointée")
        DRAW = "draw", _("Tirage")
        REDRAW = "redraw", _("Nouveau tirage")
        SWAP = "swap", _("Échange d'équipes")
        DEAL_ADDED = "deal_added", _("Donne saisie")
        DEAL_CHANGED = "deal_changed", _("Donne corrigée")
        DEAL_DELETED = "deal_deleted", _("Donne supprimée")
        TOTALS = "totals", _("Totaux saisis")
        PENALTY = "penalty", _("Pénalité")
        TABLE_CONFIRMED = "table_confirmed", _("Totaux confirmés à la table")
        TABLE_DISPUTED = "table_disputed", _("Totaux contestés à la table")
        TABLE_VALIDATED = "table_validated", _("Table validée par l'organisateur")
        LINK_REVOKED = "link_revoked", _("Lien de saisie révoqué")
        CODES_LOCKED = "codes_locked", _("Codes bloqués : trop de codes faux")
        ROUND_CLOSED = "round_closed", _("Partie close")
        CLAIMS_CLOSED = "claims_closed", _("Réclamations closes : résultats définitifs")
        RESTORED = "restored", _("Tournoi restauré d'une sauvegarde")
        ADMIN_EDIT = "admin_edit", _("Modifié dans l'administration")
        LOTS_CHANGED = "lots_changed", _("Lots modifiés")
        LOTS_SWAPPED = "lots_swapped", _("Lots échangés")
        LOT_SWAPS_KEPT = "lot_swaps_kept", _("Échanges de lots confirmés")
        LOT_SWAPS_CLEARED = "lot_swaps_cleared", _("Échanges de lots annulés")
        CATEGORY_ADDED = "category_added", _("Classement spécial ajouté")
        CATEGORY_CHANGED = "category_changed", _("Classement spécial modifié")
        CATEGORY_DELETED = "category_deleted", _("Classement spécial supprimé")
        CATEGORY_TEAMS = "category_teams", _("Équipes d'un classement spécial")
        DEAL_CONFIRMED = "deal_confirmed", _("Donne confirmée par l'autre équipe")
        SINGLE_WAITING = "single_waiting", _("Joueur seul en attente")
        SINGLE_REMOVED = "single_removed", _("Joueur seul retiré de l'attente")
        SINGLES_PAIRED = "singles_paired", _("Joueurs seuls associés en équipe")
        ROUND_RELEASED = "round_released", _("Tirage annoncé")
        BRACKETS_CREATED = "brackets_created", _("Phase finale créée")
        BRACKETS_DELETED = "brackets_deleted", _("Phase finale supprimée")
        BRACKET_DRAWN = "bracket_drawn", _("Tour de la phase finale tiré")
        MATCH_DECIDED = "match_decided", _("Égalité départagée")
        POOLS_FORMED = "pools_formed", _("Poules formées")
        POOLS_CLEARED = "pools_cleared", _("Poules défaites")
        PLAYERS_SHOWN = "players_shown", _("Affichage d'un joueur modifié")
        PERSONS_MERGED = "persons_merged", _("Fiches de joueur fusionnées")
        # « Appeler l'arbitre » (issue 38, item 12c): a table calls, the desk answers.
        REFEREE_CALLED = "referee_called", _("Arbitre appelé")
        REFEREE_ANSWERED = "referee_answered", _("Appel de l'arbitre répondu")
        # `manage.py demo`'s last step: the demo is whole (demo/services.py).
        DEMO_BUILT = "demo_built", _("Démonstration construite")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="changes")
    table = models.ForeignKey(
        Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="changes"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    at = models.DateTimeField(auto_now_add=True)
    # A plain string: the list of actions and their labels stay in code
    # (`Action`), so a new action needs no migration (as pretix stores a
    # log entry's action).
    action = models.CharField(_("action"), max_length=20)
    reason = models.CharField(_("motif"), max_length=200, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # What identifies the post that made this change (services/scores.py
    # `request_key`): the same post sent again finds it and records nothing.
    request_key = models.CharField(max_length=32, blank=True, default="", editable=False)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [
            models.Index(fields=["tournament", "id"], name="change_revision"),
            models.Index(fields=["table", "request_key"], name="change_request"),
        ]
        verbose_name = _("modification")
        verbose_name_plural = _("modifications")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_action_display()}"

    def save(self, *args, **kwargs) -> None:
        # The one check the database no longer makes: a known action.
        if action_label(self.action) is None:
            raise ValueError(f"unknown action {self.action!r}")
        super().save(*args, **kwargs)

    def get_action_display(self) -> str:
        """The action's label, or its code for an action this version does
        not know (a newer backup, a feature not installed)."""
        return str(action_label(self.action) or self.action)


#: The installed features' actions and their labels (`register_actions`).
_feature_actions: dict[str, Promise] = {}


def register_actions(actions: type[models.TextChoices]) -> None:
    """A feature's own actions, from its `AppConfig.ready()`: none may take
    a name the core or another feature uses."""
    for value, label in actions.choices:
        if _feature_actions.get(value, label) != label or value in Change.Action.values:
            raise ValueError(f"action {value!r} is already taken")
        _feature_actions[value] = label


def action_label(action: str) -> Promise | None:
    """The label of an action the core or an installed feature knows, else None."""
    if action in Change.Action.values:
        return Change.Action(action).label
    return _feature_actions.get(action)
