"""What is played: rounds, their tables and seats, the deals with the
marques the engine computed, and penalties."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Iterator

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.domain import deal_shapes
from tournaments.models.people import CODE_DIGITS, Team, new_team_code
from tournaments.models.tournament import MAX_ROUNDS, Side, Tournament, bounded

#: The bounds of a table's totals and of a penalty (the forms' bounds, with
#: room for the penalties added to a typed total).
TOTAL_BOUND = 1_000_000
PENALTY_BOUND = 10_000
#: Versions and draw numbers fit a 32-bit column.
INT32_MAX = 2**31 - 1


class RoundQuerySet(models.QuerySet):
    def announced(self) -> RoundQuerySet:
        """The parties the public pages show: announced, or of a tournament
        that shows its draws at once (see `Round.announced`)."""
        return self.filter(Q(released_at__isnull=False) | Q(tournament__release_draws=False))


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
        # Partie 1 of fixed pairs by the teams' cotes (tournaments/domain/
        # rating.py), then as « selon le classement »; in a mêlée, partners
        # of close strengths, tables at random.
        RATING = "rating", _("Selon la cote (non officielle) : partie 1, ou mêlée équilibrée")
        # A partie of the pools (models/pools.py): its tables follow the
        # pools' schedule (tournaments/domain/pools.py), not a draw.
        POOLS = "pools", _("Poules")

    class Stage(models.TextChoices):
        QUALIFYING = "qualifying", _("Qualifications")
        BRACKET = "bracket", _("Phase finale")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("partie n°"), validators=bounded(1, MAX_ROUNDS))
    status = models.CharField(
        _("état"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    draw_method = models.CharField(
        _("tirage"), max_length=10, choices=DrawMethod.choices, default=DrawMethod.RANDOM
    )
    # A qualifying partie (drawn by the Swiss draw, counted in the standings)
    # or a partie of the final phase (tables set by the brackets).
    stage = models.CharField(
        _("phase"), max_length=10, choices=Stage.choices, default=Stage.QUALIFYING
    )
    #: The pairs the draw kept apart (issue 38, item 12b: same club, family,
    #: couple), as [[team id, team id], …], and whether absolutely: the
    #: draw's own inputs, so that a replay draws it again whatever changes.
    draw_avoid = models.JSONField(_("rencontres évitées au tirage"), default=list, blank=True)
    draw_avoid_absolute = models.BooleanField(
        _("rencontres évitées avant une revanche"), default=False
    )
    draw_seed = models.BigIntegerField(
        _("numéro de tirage"), null=True, blank=True, validators=bounded(0, INT32_MAX)
    )
    #: The fixed tables the draw kept (domain/fixed_tables.py): "asked",
    #: [team id, table number] in the organizer's order, and "conflicts",
    #: what could not be kept (code, team, table, other, count).
    fixed_tables = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # When the draw was announced to the players (tournaments/features/clock/services.py): null
    # keeps it from the public pages while the tournament's `release_draws`
    # is on. A draw made with the option off is stamped at once.
    released_at = models.DateTimeField(_("tirage annoncé le"), null=True, blank=True)
    # The partie clock (off unless the tournament's `clock_enabled`): the
    # projector counts from these (tournaments/features/clock/domain.py).
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(default=0, validators=bounded(0, INT32_MAX))
    # The claims window closed by hand before its time (queries/claims.py).
    claims_closed_at = models.DateTimeField(_("réclamations closes le"), null=True, blank=True)
    # This partie's « dernière donne » call, else the tournament's.
    last_deal_minutes = models.PositiveSmallIntegerField(
        _("appel « dernière donne » (minutes)"),
        null=True,
        blank=True,
        validators=bounded(0, 600),
    )

    objects = RoundQuerySet.as_manager()

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

    @property
    def announced(self) -> bool:
        """Whether the public pages show this partie's draw: once announced,
        or at once when the tournament does not keep its draws hidden."""
        return self.released_at is not None or not self.tournament.release_draws

    @property
    def last_deal_call(self) -> int | None:
        """Minutes after the start at which « dernière donne » is called:
        this partie's own, else the tournament's, else never (None)."""
        if self.last_deal_minutes is not None:
            return self.last_deal_minutes
        return self.tournament.last_deal_minutes


def new_entry_key() -> str:
    return secrets.token_urlsafe(12)


class TableQuerySet(models.QuerySet):
    def bulk_create(self, objs, *args, **kwargs):
        """As Django's, with each table's two codes kept apart first (its
        `save` is not called)."""
        objs = list(objs)
        for table in objs:
            table.keep_codes_apart()
        return super().bulk_create(objs, *args, **kwargs)


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
    number = models.PositiveSmallIntegerField(_("table n°"), validators=bounded(1, 10_000))
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
    total_a = models.IntegerField(
        _("total Nord-Sud"), default=0, validators=bounded(-TOTAL_BOUND, TOTAL_BOUND)
    )
    total_b = models.IntegerField(
        _("total Est-Ouest"), default=0, validators=bounded(-TOTAL_BOUND, TOTAL_BOUND)
    )
    lost_pot = models.IntegerField(
        _("litige perdu"), default=0, validators=bounded(-TOTAL_BOUND, TOTAL_BOUND)
    )
    corrected = models.BooleanField(_("corrigé"), default=False)
    # Why the draw made this table (tournaments/domain/reasons.py, as
    # `Reason.to_json`): {"kind": …, "numbers": […]}; empty before the option.
    reason = models.JSONField(_("raison du tirage"), default=dict, blank=True)
    # The sheet came back with its totals only (the other tables of a
    # deal-by-deal tournament keep their deals): its totals are typed, never
    # recomputed from deals.
    totals_only = models.BooleanField(_("totaux seulement"), default=False)
    version = models.PositiveIntegerField(default=1, validators=bounded(1, INT32_MAX))
    # Table-side entry (see tournaments/infra/links.py): the key inside the table's
    # link (a new key revokes the old link), each team's confirmation code,
    # who entered, and the other team's answer.
    entry_key = models.CharField(max_length=24, default=new_entry_key, editable=False, unique=True)
    # The two codes always differ (else the other team could never confirm):
    # `keep_codes_apart` on creation, and a constraint behind it. A draw
    # copies each team's code of the day (`Team.code`, issue 38): a table
    # made before it keeps the codes its coupons printed.
    code_a = models.CharField(_("code Nord-Sud"), max_length=CODE_DIGITS, default=new_team_code)
    code_b = models.CharField(_("code Est-Ouest"), max_length=CODE_DIGITS, default=new_team_code)
    entry_state = models.CharField(
        _("saisie"), max_length=10, choices=EntryState.choices, default=EntryState.EMPTY
    )
    entered_by = models.CharField(max_length=1, choices=Side.choices, blank=True)
    # Who answered for the other team: its side when it confirmed or disputed
    # at the table, DESK when the organizer validated the table.
    settled_by = models.CharField(max_length=4, blank=True)
    claimed_totals = models.JSONField(null=True, blank=True)
    # When too many wrong codes were typed at this table: its codes are
    # refused until the window has passed or the organizer renews the link
    # (services/table_side.py).
    codes_locked_at = models.DateTimeField(null=True, blank=True, editable=False)
    # The hall's network, as the desk sees it: when a phone of this table
    # last reached the server (a save or its regular call), and how many
    # entries it said were still waiting on it to be sent
    # (services/hall_contact.py). Bookkeeping only: never in a backup.
    phone_seen_at = models.DateTimeField(null=True, blank=True, editable=False)
    phone_waiting = models.PositiveSmallIntegerField(default=0, editable=False)

    objects = TableQuerySet.as_manager()

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
            models.CheckConstraint(
                condition=~Q(code_a=models.F("code_b")), name="table_codes_differ"
            ),
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    def save(self, **kwargs) -> None:
        if self._state.adding:
            self.keep_codes_apart()
        super().save(**kwargs)

    def keep_codes_apart(self) -> None:
        """Draws again a code that is not of `CODE_DIGITS` digits (one
        restored from an old backup: 4 digits could be guessed) and
        East-West's code while it equals North-South's."""
        for name in ("code_a", "code_b"):
            code = getattr(self, name)
            if len(code) != CODE_DIGITS or not code.isascii() or not code.isdigit():
                setattr(self, name, new_team_code())
        while self.code_b == self.code_a:
            self.code_b = new_team_code()

    def renew_codes(self) -> None:
        """Two new codes, apart from each other and from the old ones."""
        old = {self.code_a, self.code_b}
        self.code_a = new_team_code()
        while self.code_a in old:
            self.code_a = new_team_code()
        self.code_b = self.code_a
        while self.code_b in old or self.code_b == self.code_a:
            self.code_b = new_team_code()

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
    number = models.PositiveSmallIntegerField(_("donne n°"), validators=bounded(1, 10_000))
    dealer = models.CharField(_("donneur"), max_length=1, choices=Position.choices, blank=True)
    taker = models.CharField(_("preneur"), max_length=1, choices=Side.choices, blank=True)
    trump = models.CharField(_("atout"), max_length=2, choices=Trump.choices, blank=True)
    # Bounds that fit the columns; whether a value makes sense is the engine's.
    bid = models.PositiveSmallIntegerField(
        _("contrat"), null=True, blank=True, validators=bounded(0, 1000)
    )
    bid_capot = models.BooleanField(_("capot annoncé"), default=False)
    # La générale (option generale): bid; the side whose one player took all eight tricks.
    bid_generale = models.BooleanField(_("générale annoncée"), default=False)
    coinche = models.PositiveSmallIntegerField(
        _("coinche"), choices=[(0, _("Non")), (1, _("Coinché")), (2, _("Surcoinché"))], default=0
    )
    points_a = models.PositiveSmallIntegerField(
        _("points Nord-Sud"), null=True, blank=True, validators=bounded(0, 1000)
    )
    points_b = models.PositiveSmallIntegerField(
        _("points Est-Ouest"), null=True, blank=True, validators=bounded(0, 1000)
    )
    capot = models.CharField(_("capot"), max_length=1, choices=Side.choices, blank=True)
    generale = models.CharField(_("générale"), max_length=1, choices=Side.choices, blank=True)
    belote_a = models.PositiveSmallIntegerField(
        _("belotes Nord-Sud"), default=0, validators=bounded(0, 1000)
    )
    belote_b = models.PositiveSmallIntegerField(
        _("belotes Est-Ouest"), default=0, validators=bounded(0, 1000)
    )
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
    # Ticked by the other team at the table, deal by deal, when it wants to
    # (services/table_side.py `confirm_deal`); a deal changed since is
    # unticked. The table's own answer at the end still settles it.
    confirmed = models.BooleanField(_("confirmée par l'autre équipe"), default=False)
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
    points = models.IntegerField(_("points"), validators=bounded(-PENALTY_BOUND, PENALTY_BOUND))
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
