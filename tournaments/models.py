"""The tournament's data: what was registered, drawn and entered.

Models hold invariants (choices, database constraints) and reusable
filters. They never compute a score: marques come from `scoring`, through
the services in `tournaments/services/`, which alone write them.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator

from django.conf import settings
from django.db import models
from django.db.models import Count, Max, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import scoring
from tournaments import deal_shapes, search
from tournaments.display import standings as standings_display


class Side(models.TextChoices):
    """The two sides of a table: team A sits North-South, team B East-West."""

    A = "A", _("Nord-Sud")
    B = "B", _("Est-Ouest")


def _save_with_search_key(obj: models.Model, sources: tuple[str, ...], kwargs: dict) -> None:
    """Fold `sources` into `obj.search_key` before a save, and write the key
    too when only some fields are saved and a source is among them (see
    tournaments/search.py). Whoever writes the names (the services, the
    admin, a restore) keeps the key current without knowing about it."""
    obj.search_key = search.search_key(*(getattr(obj, name) for name in sources))
    update_fields = kwargs.get("update_fields")
    if update_fields is not None and set(update_fields) & set(sources):
        kwargs["update_fields"] = {*update_fields, "search_key"}


class TournamentQuerySet(models.QuerySet):
    def published(self) -> TournamentQuerySet:
        return self.filter(published=True)

    def active(self) -> TournamentQuerySet:
        """Not archived: the tournaments of the organizer's list and the home."""
        return self.filter(archived=False)

    def managed_by(self, user) -> TournamentQuerySet:
        if not user.is_authenticated:
            return self.none()
        if user.is_superuser:
            return self.all()
        return self.filter(Q(owner=user) | Q(co_organizers=user)).distinct()

    def with_revision(self) -> TournamentQuerySet:
        """Each tournament with its revision counted in the same query (see
        `Tournament.revision`)."""
        return self.annotate(change_count=Count("changes"), last_change_id=Max("changes__id"))


class Tournament(models.Model):
    class Format(models.TextChoices):
        PAIRS = "pairs", _("Doublettes (équipes fixes)")
        MELEE = "melee", _("Mêlée (partenaires tirés à chaque partie)")

    class EndMode(models.TextChoices):
        DEALS = "deals", _("Nombre de donnes")
        TARGET = "target", _("Score à atteindre")

    class ScoreEntry(models.TextChoices):
        DEALS = "deals", _("Donne par donne")
        TOTALS = "totals", _("Totaux de fin de partie")

    class ByePolicy(models.TextChoices):
        """What the bye is worth. The average comes first: it is the default,
        and the one a form proposes."""

        AVERAGE = "average", _("Partie gagnée, moyenne des points de la partie")
        FIXED = "fixed", _("Partie gagnée, points fixes")
        NOTHING = "nothing", _("Ni victoire ni points")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Inscriptions")
        RUNNING = "running", _("En cours")
        FINISHED = "finished", _("Terminé")

    class Criterion(models.TextChoices):
        POINTS = "points", _("Total des points")
        WINS = "wins", _("Parties gagnées")
        MATCH_POINTS = "match_points", _("Points de match")
        DIFFERENCE = "difference", _("Différence de points")
        HEAD_TO_HEAD = "head_to_head", _("Confrontation directe")
        BUCHHOLZ = "buchholz", _("Points des adversaires (Buchholz)")

    name = models.CharField(_("nom"), max_length=120)
    slug = models.SlugField(_("identifiant d'adresse"), max_length=140, unique=True)
    date = models.DateField(_("date"))
    venue = models.CharField(_("lieu"), max_length=160, blank=True)
    rules = models.JSONField(
        _("règles"),
        default=dict,
        help_text=_("Profil de règles du moteur de marque : préréglage, version et options."),
    )
    format = models.CharField(
        _("formule"), max_length=10, choices=Format.choices, default=Format.PAIRS
    )
    parties = models.PositiveSmallIntegerField(_("nombre de parties"), default=4)
    end_mode = models.CharField(
        _("fin de partie"), max_length=10, choices=EndMode.choices, default=EndMode.DEALS
    )
    end_deals = models.PositiveSmallIntegerField(_("donnes par partie"), default=12)
    end_target = models.PositiveIntegerField(_("score à atteindre"), null=True, blank=True)
    score_entry = models.CharField(
        _("saisie"), max_length=10, choices=ScoreEntry.choices, default=ScoreEntry.DEALS
    )
    ranking_criteria = models.JSONField(_("critères de classement"), default=list, blank=True)
    match_points_win = models.PositiveSmallIntegerField(_("points de match : victoire"), default=2)
    match_points_draw = models.PositiveSmallIntegerField(_("points de match : nul"), default=1)
    match_points_loss = models.PositiveSmallIntegerField(_("points de match : défaite"), default=0)
    bye_policy = models.CharField(
        _("exempt"), max_length=10, choices=ByePolicy.choices, default=ByePolicy.AVERAGE
    )
    bye_points = models.PositiveIntegerField(_("points de l'exempt"), default=0)
    published = models.BooleanField(_("publié"), default=False)
    # An archived tournament leaves the home and the organizer's list of
    # current tournaments; its organizers still reach it from the archives.
    archived = models.BooleanField(_("archivé"), default=False)
    status = models.CharField(
        _("état"), max_length=15, choices=Status.choices, default=Status.REGISTRATION
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organisateur"),
        on_delete=models.PROTECT,
        related_name="owned_tournaments",
        null=True,
        blank=True,
    )
    co_organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("co-organisateurs"),
        related_name="co_organized_tournaments",
        blank=True,
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournoi")
        verbose_name_plural = _("tournois")
        constraints = [
            models.CheckConstraint(
                condition=Q(end_mode="deals", end_deals__gte=1)
                | Q(end_mode="target", end_target__gte=1),
                name="tournament_end_is_complete",
            ),
            models.CheckConstraint(condition=Q(parties__gte=1), name="tournament_has_parties"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"slug": self.slug})

    @property
    def revision(self) -> str:
        """The version of the tournament's data, which the public pages send
        as their ETag: the number of lines of its audit trail and the last
        one's id. Every service writes one line per change (services/audit.py),
        so the revision moves with every change; lines are never deleted, so
        two different states never share a revision, even when two
        transactions commit out of id order. Nothing is written to compute
        it: saves at different tables never wait for a shared row."""
        if not hasattr(self, "change_count"):
            counted = self.changes.aggregate(n=Count("id"), last=Max("id"))
            self.change_count, self.last_change_id = counted["n"], counted["last"]
        return f"{self.change_count}.{self.last_change_id or 0}"

    @property
    def rule_profile(self) -> scoring.Rules:
        return scoring.Rules.from_json(self.rules or "ffb-belote")

    @property
    def partie_end(self) -> dict[str, int]:
        if self.end_mode == self.EndMode.TARGET:
            return {"target": self.end_target or 1000}
        return {"deals": self.end_deals}

    @property
    def criteria(self) -> list[str]:
        return list(self.ranking_criteria or [self.Criterion.POINTS])

    def ranking_explanation(self) -> str:
        """How the ranking is computed, in a sentence for players (worded in
        display/standings.py)."""
        return standings_display.ranking_explanation(self)


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

    SEARCHED = ("first_name", "last_name", "club")

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("joueur")
        verbose_name_plural = _("joueurs")

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    def save(self, **kwargs) -> None:
        _save_with_search_key(self, self.SEARCHED, kwargs)
        super().save(**kwargs)


class TeamQuerySet(models.QuerySet):
    def active(self) -> TeamQuerySet:
        return self.filter(status=Team.Status.ACTIVE)

    def present(self) -> TeamQuerySet:
        return self.active().filter(present=True)


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
    number = models.PositiveIntegerField(_("numéro"))
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
    # When the team withdrew: the forfait can be undone until the next draw.
    withdrawn_at = models.DateTimeField(_("forfait le"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    #: The team's name and club as « Où je joue ? » compares them (search.py);
    #: the players' names are in their own keys.
    search_key = models.TextField(default="", blank=True, editable=False)

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
        _save_with_search_key(self, self.SEARCHED, kwargs)
        super().save(**kwargs)

    @property
    def display_name(self) -> str:
        if self.name:
            return self.name
        return f"{self.player1.last_name} – {self.player2.last_name}"

    @property
    def players_label(self) -> str:
        return f"{self.player1} & {self.player2}"


class Round(models.Model):
    """A partie of the tournament: drawn, played, closed."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Tirée, pas commencée")
        PLAYING = "playing", _("En cours")
        CLOSED = "closed", pgettext_lazy("partie", "Close")

    class DrawMethod(models.TextChoices):
        RANDOM = "random", _("Au hasard")
        RANKING = "ranking", _("Selon le classement")
        ROTATION = "rotation", _("Rotation (Est-Ouest avancent d'une table)")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("partie n°"))
    status = models.CharField(
        _("état"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    draw_method = models.CharField(
        _("tirage"), max_length=10, choices=DrawMethod.choices, default=DrawMethod.RANDOM
    )
    draw_seed = models.BigIntegerField(_("numéro de tirage"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("partie")
        verbose_name_plural = _("parties")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="round_number_unique_in_tournament"
            ),
        ]

    def __str__(self) -> str:
        return _("Partie %(number)s") % {"number": self.number}


def new_entry_key() -> str:
    return secrets.token_urlsafe(12)


def new_team_code() -> str:
    return f"{secrets.randbelow(10**4):04d}"


class Table(models.Model):
    """One table of a round: team A sits North/South, team B East/West.
    A table with no team B is the bye (exempt)."""

    class EntryState(models.TextChoices):
        EMPTY = "empty", _("Vide")
        ENTERED = "entered", _("Saisie")
        CONFIRMED = "confirmed", _("Confirmée")
        DISPUTED = "disputed", _("Contestée")

    DESK = "desk"

    class Status(models.TextChoices):
        NOT_STARTED = "not_started", _("Pas commencée")
        IN_PROGRESS = "in_progress", _("En cours")
        COMPLETE = "complete", _("Terminée")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table n°"))
    team_a = models.ForeignKey(
        Team, verbose_name=_("équipe Nord-Sud"), on_delete=models.RESTRICT, related_name="+"
    )
    team_b = models.ForeignKey(
        Team,
        verbose_name=_("équipe Est-Ouest"),
        on_delete=models.RESTRICT,
        related_name="+",
        null=True,
        blank=True,
    )
    status = models.CharField(
        _("état"), max_length=12, choices=Status.choices, default=Status.NOT_STARTED
    )
    total_a = models.IntegerField(_("total Nord-Sud"), default=0)
    total_b = models.IntegerField(_("total Est-Ouest"), default=0)
    lost_pot = models.IntegerField(_("litige perdu"), default=0)
    corrected = models.BooleanField(_("corrigé"), default=False)
    # The sheet came back with its totals only (the other tables of a
    # deal-by-deal tournament keep their deals): its totals are typed, never
    # recomputed from deals.
    totals_only = models.BooleanField(_("totaux seulement"), default=False)
    version = models.PositiveIntegerField(default=1)
    # Table-side entry (see tournaments/links.py): the key inside the table's
    # link (a new key revokes the old link), each team's confirmation code,
    # who entered, and the other team's answer.
    entry_key = models.CharField(max_length=24, default=new_entry_key, editable=False, unique=True)
    code_a = models.CharField(_("code Nord-Sud"), max_length=6, default=new_team_code)
    code_b = models.CharField(_("code Est-Ouest"), max_length=6, default=new_team_code)
    entry_state = models.CharField(
        _("saisie"), max_length=10, choices=EntryState.choices, default=EntryState.EMPTY
    )
    entered_by = models.CharField(max_length=1, choices=Side.choices, blank=True)
    # Who answered for the other team: its side when it confirmed or disputed
    # at the table, DESK when the organizer validated the table.
    settled_by = models.CharField(max_length=4, blank=True)
    claimed_totals = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"], name="table_number_unique_in_round"
            ),
            models.CheckConstraint(
                condition=~Q(team_a=models.F("team_b")), name="table_teams_differ"
            ),
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    @property
    def is_bye(self) -> bool:
        return self.team_b_id is None


class Seat(models.Model):
    """Which team sits where in a round. It exists so that the database
    itself refuses a team seated twice in one round, which two foreign keys
    on `Table` cannot express; the draw service writes it with the table."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    team = models.ForeignKey(Team, on_delete=models.RESTRICT, related_name="seats")
    side = models.CharField(max_length=1, choices=Side.choices)

    class Meta:
        verbose_name = _("place")
        verbose_name_plural = _("places")
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="team_once_per_round"),
            models.UniqueConstraint(fields=["table", "side"], name="one_team_per_side"),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.side}: {self.team}"


class Deal(models.Model):
    """A donne as entered, with the marques the engine computed for it."""

    class Trump(models.TextChoices):
        SPADES = "S", _("♠ Pique")
        HEARTS = "H", _("♥ Cœur")
        DIAMONDS = "D", _("♦ Carreau")
        CLUBS = "C", _("♣ Trèfle")
        NO_TRUMP = "SA", _("Sans atout")
        ALL_TRUMP = "TA", _("Tout atout")

    class Outcome(models.TextChoices):
        MADE = "made", _("Faite")
        CHUTE = "chute", _("Chute")
        LITIGE = "litige", _("Litige")
        PASSED = "passed", _("Passe")

    class Position(models.TextChoices):
        NORTH = "N", _("Nord")
        EAST = "E", _("Est")
        SOUTH = "S", _("Sud")
        WEST = "W", _("Ouest")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveSmallIntegerField(_("donne n°"))
    dealer = models.CharField(_("donneur"), max_length=1, choices=Position.choices, blank=True)
    taker = models.CharField(_("preneur"), max_length=1, choices=Side.choices, blank=True)
    trump = models.CharField(_("atout"), max_length=2, choices=Trump.choices, blank=True)
    bid = models.PositiveSmallIntegerField(_("contrat"), null=True, blank=True)
    bid_capot = models.BooleanField(_("capot annoncé"), default=False)
    coinche = models.PositiveSmallIntegerField(
        _("coinche"), choices=[(0, _("Non")), (1, _("Coinché")), (2, _("Surcoinché"))], default=0
    )
    points_a = models.PositiveSmallIntegerField(_("points Nord-Sud"), null=True, blank=True)
    points_b = models.PositiveSmallIntegerField(_("points Est-Ouest"), null=True, blank=True)
    capot = models.CharField(_("capot"), max_length=1, choices=Side.choices, blank=True)
    belote_a = models.PositiveSmallIntegerField(_("belotes Nord-Sud"), default=0)
    belote_b = models.PositiveSmallIntegerField(_("belotes Est-Ouest"), default=0)
    announcements = models.JSONField(
        _("annonces"),
        default=dict,
        blank=True,
        help_text=_("Annonces déclarées par équipe, ou points d'annonces déjà départagés."),
    )
    marque_a = models.IntegerField(_("marque Nord-Sud"), default=0)
    marque_b = models.IntegerField(_("marque Est-Ouest"), default=0)
    outcome = models.CharField(_("résultat"), max_length=6, choices=Outcome.choices)
    pot = models.IntegerField(_("litige en attente"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("donne")
        verbose_name_plural = _("donnes")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="deal_number_unique_at_table"),
            models.CheckConstraint(condition=Q(coinche__lte=2), name="deal_coinche_level"),
        ]

    def __str__(self) -> str:
        return _("Donne %(number)s") % {"number": self.number}

    def to_engine(self) -> dict:
        """The deal in the engine's input format (SPEC §8)."""
        return deal_shapes.fields_to_engine(
            {name: getattr(self, name) for name in deal_shapes.DEAL_FIELDS}
        )


def running_totals(deals: Iterable[Deal]) -> Iterator[tuple[Deal, int, int]]:
    """Each deal (in number order) with both teams' totals after it, as the
    score sheet shows them. The marques already include any pot a deal won."""
    total_a = total_b = 0
    for deal in sorted(deals, key=lambda d: d.number):
        total_a += deal.marque_a
        total_b += deal.marque_b
        yield deal, total_a, total_b


class Penalty(models.Model):
    """Points given or taken by the organizer at a table, with the reason
    (« pénalité »; positive points are a bonus)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="penalties")
    team = models.ForeignKey(Team, verbose_name=_("équipe"), on_delete=models.RESTRICT)
    points = models.IntegerField(_("points"))
    reason = models.CharField(_("motif"), max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "created_at"]
        verbose_name = _("pénalité")
        verbose_name_plural = _("pénalités")

    def __str__(self) -> str:
        return f"{self.team}: {self.points:+d} ({self.reason})"


class Change(models.Model):
    """The audit trail: who changed what, when, from what to what, and why.
    Written by the services in the same transaction as the change."""

    class Action(models.TextChoices):
        TOURNAMENT_CREATED = "tournament_created", _("Tournoi créé")
        TOURNAMENT_CHANGED = "tournament_changed", _("Tournoi modifié")
        PUBLISHED = "published", _("Tournoi publié")
        UNPUBLISHED = "unpublished", _("Tournoi retiré de l'accueil")
        ARCHIVED = "archived", _("Tournoi archivé")
        UNARCHIVED = "unarchived", _("Tournoi sorti des archives")
        CO_ORGANIZER_ADDED = "co_organizer_added", _("Co-organisateur ajouté")
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
        ROUND_CLOSED = "round_closed", _("Partie close")
        RESTORED = "restored", _("Tournoi restauré d'une sauvegarde")
        ADMIN_EDIT = "admin_edit", _("Modifié dans l'administration")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="changes")
    table = models.ForeignKey(
        Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="changes"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(_("action"), max_length=20, choices=Action.choices)
    reason = models.CharField(_("motif"), max_length=200, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["tournament", "id"], name="change_revision")]
        verbose_name = _("modification")
        verbose_name_plural = _("modifications")

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_action_display()}"
