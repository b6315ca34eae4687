"""The tournament itself: its settings, its rule profile, its revision, and
the two sides of every table (`Side`)."""

from __future__ import annotations

import json
import secrets
from functools import lru_cache

from django.conf import settings
from django.db import models
from django.db.models import Count, Exists, Max, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

import scoring
from tournaments.domain import search
from tournaments.domain.sheet_layout import SheetLayout, sheet_layout
from tournaments.models.options import STORED, SWITCHES, FeeBasis, bounded
from tournaments.models.prizes import PrizeRuleOwner

#: The most parties a tournament plays (the tournament form's bound).
MAX_PLANNED_ROUNDS = 20
#: The most parties drawn in all: the qualifying ones and a final phase's
#: (a bracket of 20,000 teams plays 15 levels).
MAX_ROUNDS = MAX_PLANNED_ROUNDS + 16


class Side(models.TextChoices):
    """The two sides of a table: team A sits North-South, team B East-West."""

    A = "A", _("Nord-Sud")
    B = "B", _("Est-Ouest")


def save_with_search_key(obj: models.Model, sources: tuple[str, ...], kwargs: dict) -> None:
    """Fold `sources` into `obj.search_key` before a save, and write the key
    too when only some fields are saved and a source is among them (see
    tournaments/domain/search.py). Whoever writes the names (the services, the
    admin, a restore) keeps the key current without knowing about it."""
    obj.search_key = search.search_key(*(getattr(obj, name) for name in sources))
    update_fields = kwargs.get("update_fields")
    if update_fields is not None and set(update_fields) & set(sources):
        kwargs["update_fields"] = {*update_fields, "search_key"}


#: The demo's organizer and the end of its concours' addresses (`manage.py
#: demo`): a concours is the demo's when it has both.
DEMO_OWNER = "organisateur"
DEMO_SUFFIX = "-demo"
#: The demo's main concours (its address), which the features' demo data
#: join (the last evening of the season challenge).
DEMO_SLUG = "concours-de-coinche-de-saint-eloi-demo"


def hung(model: type[models.Model], *names: str) -> list[str]:
    """Those of the relations `names` an installed feature hangs on `model`'s
    rows (the calendar's `announcement` on a concours): a core read selects
    or filters them only then, so it reads the same with the feature left out."""
    hanging = {relation.name for relation in model._meta.related_objects}
    return [name for name in names if name in hanging]


def demo_filter(prefix: str = "") -> Q:
    """The demo's concours (or challenges), through `prefix` (« tournament__ »)."""
    return Q(**{f"{prefix}slug__endswith": DEMO_SUFFIX, f"{prefix}owner__username": DEMO_OWNER})


def demo_left_off_home(prefix: str = "") -> Q:
    """The demo's concours (or challenges) once the hall holds one concours
    of its own (issue 38, item 9): `make run`'s demo steps aside from the
    public home; on a laptop with the demo alone, it stays for the visitor.
    One condition inside the list's own query (no query more on the home)."""
    real = Tournament.objects.exclude(demo_filter())
    return demo_filter(prefix) & Q(Exists(real))


class TournamentQuerySet(models.QuerySet):
    def without_demo_once_real(self) -> TournamentQuerySet:
        """These concours, the demo's left out once the hall has a real one."""
        return self.exclude(demo_left_off_home())

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


class Tournament(PrizeRuleOwner):
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
        FIXED = "fixed", _("Partie gagnée, points fixes (pour seulement)")
        # Some organizers count the fixed points against the exempt team too.
        FIXED_BOTH = "fixed_both", _("Partie gagnée, points fixes pour et contre (différence 0)")
        NOTHING = "nothing", _("Ni victoire ni points")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Inscriptions")
        RUNNING = "running", _("En cours")
        FINISHED = "finished", _("Terminé")

    FeeBasis = FeeBasis

    class Criterion(models.TextChoices):
        POINTS = "points", _("Total des points")
        WINS = "wins", _("Parties gagnées")
        MATCH_POINTS = "match_points", _("Points de match")
        DIFFERENCE = "difference", _("Différence de points")
        HEAD_TO_HEAD = "head_to_head", _("Confrontation directe")
        BUCHHOLZ = "buchholz", _("Points des adversaires (Buchholz)")
        BEST_GAME = "best_game", _("Meilleure partie")
        POINTS_AGAINST = "points_against", _("Points contre (le moins en tête)")
        CHANCE = "chance", _("Tirage au sort")

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
    parties = models.PositiveSmallIntegerField(
        _("nombre de parties"), default=4, validators=bounded(1, MAX_PLANNED_ROUNDS)
    )
    end_mode = models.CharField(
        _("fin de partie"), max_length=10, choices=EndMode.choices, default=EndMode.DEALS
    )
    end_deals = models.PositiveSmallIntegerField(
        _("donnes par partie"), default=12, validators=bounded(1, 60)
    )
    end_target = models.PositiveIntegerField(
        _("score à atteindre"), null=True, blank=True, validators=bounded(100, 10_000)
    )
    score_entry = models.CharField(
        _("saisie"), max_length=10, choices=ScoreEntry.choices, default=ScoreEntry.DEALS
    )
    ranking_criteria = models.JSONField(_("critères de classement"), default=list, blank=True)
    #: The drawing of lots' seed (domain/standings.py `lot`): drawn once,
    #: the first time « tirage au sort » is a criterion, and kept.
    chance_seed = models.PositiveIntegerField(
        _("tirage au sort du classement"), null=True, blank=True, editable=False
    )
    match_points_win = models.PositiveSmallIntegerField(
        _("points de match : victoire"), default=2, validators=bounded(0, 100)
    )
    match_points_draw = models.PositiveSmallIntegerField(
        _("points de match : nul"), default=1, validators=bounded(0, 100)
    )
    match_points_loss = models.PositiveSmallIntegerField(
        _("points de match : défaite"), default=0, validators=bounded(0, 100)
    )
    bye_policy = models.CharField(
        _("exempt"), max_length=10, choices=ByePolicy.choices, default=ByePolicy.AVERAGE
    )
    bye_points = models.PositiveIntegerField(
        _("points de l'exempt"), default=0, validators=bounded(0, 100_000)
    )
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
    # The secret of the « Pointage à l'entrée » poster's link (tournaments/features/door/):
    # made when the poster is first printed, empty until then.
    check_in_key = models.CharField(max_length=24, blank=True, default="", editable=False)
    #: The name and the venue as the public archive of results searches them
    #: (tournaments/domain/search.py), kept by `save`.
    search_key = models.TextField(default="", blank=True, editable=False)
    #: The labels of the optional features this concours turned on (the
    #: cash box « cash », the door « door », the clock « clock », the sheets
    #: read from photos « sheets », several halls « halls »), as pretix's
    #: `Event.plugins`: a new switched feature adds no column. Read and set
    #: through `has_feature`/`set_feature`, or the switches of
    #: models/options.SWITCHES (`cash_enabled`…), properties added below.
    features = models.JSONField(_("fonctions activées"), default=list, blank=True)
    # The optional features' columns (lots, special rankings, the cash box,
    # hidden draws, the clock) are declared once in models/options.COLUMNS
    # and added below the class; the general ranking's prize rule comes with
    # `PrizeRuleOwner` (models/prizes.py), as each special ranking's does.
    # The type checker reads the columns the typed code uses here (a test
    # checks each names a column):
    prizes_enabled: bool
    categories_enabled: bool
    release_draws: bool
    check_in_enabled: bool
    avoid_enabled: bool
    avoid_same_club: bool
    avoid_absolute: bool
    avoid_groups: str
    sheets_enabled: bool

    objects = TournamentQuerySet.as_manager()

    SEARCHED = ("name", "venue")

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

    def save(self, **kwargs) -> None:
        save_with_search_key(self, self.SEARCHED, kwargs)
        if self.Criterion.CHANCE in (self.ranking_criteria or []) and self.chance_seed is None:
            # A ranking that draws lots has its seed, drawn once (never a
            # ranking without one, whoever saves the criteria).
            self.chance_seed = new_chance_seed()
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "chance_seed"}
        super().save(**kwargs)

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
        # Read from its JSON text every time (the field may have changed), the
        # Rules built once per text: a deal saved from a phone asks 8 times.
        return _rules_of(json.dumps(self.rules or "ffb-belote", sort_keys=True))

    @property
    def game_end(self) -> dict[str, int]:
        if self.end_mode == self.EndMode.TARGET:
            return {"target": self.end_target or 1000}
        return {"deals": self.end_deals}

    def sheet_layout(self, rows: int) -> SheetLayout:
        """Its sheets' layout (one place: the printed sheet, its photo read)."""
        return sheet_layout(self.rule_profile, rows, self.end_mode == self.EndMode.TARGET)

    @property
    def criteria(self) -> list[str]:
        return list(self.ranking_criteria or [self.Criterion.POINTS])

    def has_feature(self, label: str) -> bool:
        """Whether the feature `label` is on for this concours."""
        return label in (self.features or ())

    def set_feature(self, label: str, on: bool) -> None:
        """Turns the feature `label` on or off (saved with the tournament)."""
        kept = [name for name in (self.features or ()) if name != label]
        self.features = sorted([*kept, label]) if on else kept


def new_chance_seed() -> int:
    """A drawing of lots' seed: six digits at most, short to print and to
    type into a checker; unpredictable is all it needs to be."""
    return secrets.randbelow(1_000_000)


@lru_cache(maxsize=256)
def _rules_of(text: str) -> scoring.Rules:
    """The rules of a profile's JSON text. Rules are frozen: one is shared."""
    return scoring.Rules.from_json(json.loads(text))


for _name, _column in STORED.items():
    Tournament.add_to_class(_name, _column)


def _switch(label: str) -> property:
    """A feature's switch, read and set as a box: its label in `features`."""

    def get(tournament: Tournament) -> bool:
        return tournament.has_feature(label)

    def set_(tournament: Tournament, on: bool) -> None:
        tournament.set_feature(label, bool(on))

    return property(get, set_, doc=f"Whether the feature « {label} » is on.")


for _name, _label in SWITCHES.items():
    setattr(Tournament, _name, _switch(_label))
