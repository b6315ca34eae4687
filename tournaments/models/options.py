"""The optional parts of a concours: their columns, and how each is asked and named.

A feature (lots, special rankings, the cash box, the partie clock) is off
by default: the simple concours stays simple. Two are on for a new
tournament: a draw kept a draft until announced, and the claims window.
Every option's column is the core's, declared once in `COLUMNS` (its name,
default and verbose name): the model adds them (models/tournament.py) and a
backup carries them (services/backup/document.py), so that a feature left
out keeps its stored values. What the tournament's form asks of a feature
(each option's label, help and way) and the name the dashboard gives it
when on are its `Feature`: the core's own are `FEATURES` here; an optional
feature's package declares its own and gives it to `register` from its
`AppConfig.ready()`, so that left out it leaves the form's « Options »
fieldset with it. The form (forms/tournament.py) and the dashboard
(display/labels.py) take them in the order of their columns. A new option
is one column here, its migration, and one `Option` in its feature.

A feature's switch (its first option, a box) is no column of its own: the
concours keeps the labels of the features it turned on in one field,
`Tournament.features` (as pretix keeps `Event.plugins`), and `SWITCHES`
names the label each switch stands for; the switch stays a name the form,
the templates and the services read and set (`tournament.cash_enabled`, a
property of the model). Its entry in `COLUMNS` says only how it is asked
(its label, default and place). A new switched feature is one line of
`SWITCHES`: no migration.

Must not: hold a rule of what an option does (its service does).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


def bounded(low: int, high: int) -> list:
    """The validators of a number field: what the forms, the admin and a
    restored backup accept (never more than the database column holds, on
    SQLite as on PostgreSQL)."""
    return [MinValueValidator(low), MaxValueValidator(high)]


class FeeBasis(models.TextChoices):
    TEAM = "team", _("par équipe")
    PLAYER = "player", _("par joueur")


#: The options' columns on `Tournament`, in the order of the form's « Options ».
COLUMNS: dict[str, models.Field] = {
    "prizes_enabled": models.BooleanField(_("lots à gagner"), default=False),
    # Off for a new tournament (the common rule); the migration that adds
    # it sets it on for those made before it.
    "prizes_cumulate": models.BooleanField(_("les lots se cumulent"), default=False),
    "categories_enabled": models.BooleanField(_("classements spéciaux"), default=False),
    "cash_enabled": models.BooleanField(_("caisse"), default=False),
    "entry_fee_cents": models.PositiveIntegerField(_("droit d'inscription (centimes)"), default=0),
    "fee_basis": models.CharField(
        _("droit d'inscription"), max_length=10, choices=FeeBasis.choices, default=FeeBasis.TEAM
    ),
    # On for a new tournament: every draw a draft until announced (issue
    # 27). Off for those made before (the migration that turned it on
    # changed no row) and for a backup written without it
    # (services/backup/checks.py): shown at once.
    "release_draws": models.BooleanField(_("tirage caché jusqu'à l'annonce"), default=True),
    "clock_enabled": models.BooleanField(_("chrono et horaires"), default=False),
    "start_time": models.TimeField(_("heure de début"), null=True, blank=True),
    "minutes_per_deal": models.PositiveSmallIntegerField(
        _("minutes par donne"),
        default=5,  # shuffle, cut, deal, eight tricks and the marque
        validators=bounded(1, 30),
    ),
    "break_minutes": models.PositiveSmallIntegerField(
        _("minutes entre deux parties"), default=10, validators=bounded(0, 120)
    ),
    "last_deal_minutes": models.PositiveSmallIntegerField(
        _("appel « dernière donne » (minutes)"),
        null=True,
        blank=True,
        validators=bounded(0, 600),
    ),
    # On for every concours: results stay « provisoires » while a team may
    # still claim (as bridge results become final).
    "claims_window": models.BooleanField(_("délai de réclamation"), default=True),
    "claims_minutes": models.PositiveSmallIntegerField(
        _("délai de réclamation (minutes)"), default=30, validators=bounded(0, 600)
    ),
    "claims_minutes_last": models.PositiveSmallIntegerField(
        _("délai de réclamation de la dernière partie (minutes)"),
        default=15,
        validators=bounded(0, 600),
    ),
    "ranking_hidden": models.BooleanField(_("classement masqué jusqu'à la fin"), default=False),
    "ranking_hidden_from": models.PositiveSmallIntegerField(
        _("classement masqué à partir de la partie"),
        null=True,
        blank=True,
        validators=bounded(1, 99),
    ),
    "check_in_enabled": models.BooleanField(_("pointage à l'entrée"), default=False),
    "check_in_opens": models.TimeField(_("ouverture du pointage"), null=True, blank=True),
    "check_in_closes": models.TimeField(_("fermeture du pointage"), null=True, blank=True),
    "avoid_enabled": models.BooleanField(_("rencontres à éviter au tirage"), default=False),
    "avoid_same_club": models.BooleanField(_("éviter deux équipes du même club"), default=False),
    "avoid_absolute": models.BooleanField(
        _("rencontre à éviter avant une revanche"), default=False
    ),
    "avoid_groups": models.TextField(_("familles et couples"), blank=True, default=""),
    "sheets_enabled": models.BooleanField(_("feuilles lues sur photo"), default=False),
}


#: A feature's switch → the label `Tournament.features` holds while it is on
#: (the features' app configs name the same label: tournaments/hooks).
SWITCHES: dict[str, str] = {
    "cash_enabled": "cash",
    "clock_enabled": "clock",
    "check_in_enabled": "door",
    "sheets_enabled": "sheets",
}
#: The columns stored as such (every option but the switches).
STORED = {name: column for name, column in COLUMNS.items() if name not in SWITCHES}


@dataclass(frozen=True)
class Option:
    """How the tournament's form asks for the column `name`.

    `ask` is the form's way: "switch" (a box to tick), "choice" (the
    column's choices), "amount" (euros typed, stored in cents, under the
    form name `form_name`), "time", "text", "number" (bounded by the
    column's validators; left empty, the column's default, or nothing when
    the column may be empty), or "elsewhere" (another page sets it)."""

    name: str
    label: Promise | str = ""
    help: Promise | str = ""
    ask: str = "switch"
    form_name: str = ""

    @property
    def column(self) -> models.Field:
        return COLUMNS[self.name]

    @property
    def field_name(self) -> str:
        """The name of the form's field (the column's, unless told)."""
        return self.form_name or self.name


@dataclass(frozen=True)
class Feature:
    """An optional part of a concours: `label` its name on the dashboard
    while its switch (the first option, a box) is on, unless not `said`
    (one on in every concours); `check(form, data)` its rules between its
    options, from the form's `clean`."""

    label: Promise
    options: tuple[Option, ...]
    said: bool = True
    check: Callable[[Any, dict[str, Any]], None] | None = None

    @property
    def switch(self) -> str:
        return self.options[0].name


FEATURES: tuple[Feature, ...] = (
    Feature(
        _("lots"),
        (
            Option(
                "prizes_enabled",
                _("Lots à gagner"),
                _(
                    "La liste des lots, donnés selon le classement final, le palmarès et les "
                    "étiquettes à imprimer."
                ),
            ),
            Option(
                "prizes_cumulate",
                _("Les lots se cumulent"),
                _(
                    "Sans cette case, les lots ne se cumulent pas : une équipe qui a déjà un lot "
                    "(au classement général, puis dans un classement spécial avant) est passée "
                    "et le lot va à la suivante sans lot. Cochez pour qu'elle prenne le lot de "
                    "chaque classement."
                ),
            ),
        ),
    ),
    Feature(
        _("classements spéciaux"),
        (
            Option(
                "categories_enabled",
                _("Classements spéciaux"),
                _("Meilleure équipe féminine, mixte, jeunes, meilleur club… avec leurs lots."),
            ),
        ),
    ),
    Feature(
        _("tirage caché jusqu'à l'annonce"),
        (
            Option(
                "release_draws",
                _("Tirage caché jusqu'à l'annonce"),
                _(
                    "Chaque partie tirée est un brouillon, caché des joueurs (« Où je joue ? », "
                    "écran de la salle), où vous pouvez encore échanger deux équipes, jusqu'à ce "
                    "que vous cliquiez « Annoncer le tirage » : le temps d'imprimer et de poser "
                    "les feuilles. Sans cette case, chaque tirage est public aussitôt et ne se "
                    "modifie plus à la main."
                ),
            ),
        ),
    ),
    Feature(
        _("résultats provisoires, puis définitifs"),
        (
            Option(
                "claims_window",
                _("Délai de réclamation"),
                _(
                    "Les résultats d'une partie close restent « provisoires » le temps des "
                    "réclamations, puis deviennent définitifs ; une correction après ce délai "
                    "demande une confirmation et dit quels tirages elle aurait changés."
                ),
            ),
            Option(
                "claims_minutes",
                _("Délai de réclamation (minutes)"),
                _("Après la clôture de chaque partie ; 30 minutes d'habitude."),
                ask="number",
            ),
            Option(
                "claims_minutes_last",
                _("Délai pour la dernière partie (minutes)"),
                _("Plus court, pour remettre les prix : 15 minutes d'habitude."),
                ask="number",
            ),
        ),
        said=False,
    ),
    Feature(
        _("classement masqué jusqu'à la fin"),
        (
            Option(
                "ranking_hidden",
                _("Classement masqué jusqu'à la fin du concours"),
                _(
                    "Dès l'annonce du tirage de la partie choisie ci-dessous, les joueurs, "
                    "l'écran de la salle et les pages publiques montrent le classement d'avant "
                    "cette partie, jusqu'à la fin du concours. Vous, à l'accueil, voyez "
                    "toujours le classement à jour."
                ),
            ),
            Option(
                "ranking_hidden_from",
                _("Masqué à partir de la partie n°"),
                _("Vide : avant la dernière partie (le cas habituel)."),
                ask="number",
            ),
        ),
    ),
    # Set from the teams' page (forms/teams.ApartForm; issue 54, item 4).
    Feature(_("rencontres à éviter au tirage"), (Option("avoid_enabled", ask="elsewhere"),)),
)

#: The installed features' own (`register`).
_registered: list[Feature] = []


def register(feature: Feature) -> None:
    """An installed feature's options, from its `AppConfig.ready()`: each
    asks a column of `COLUMNS` that no other feature asks."""
    taken = {option.name for known in features() for option in known.options}
    if any(option.name not in COLUMNS or option.name in taken for option in feature.options):
        raise ValueError(f"options {[o.name for o in feature.options]} are not free columns")
    _registered.append(feature)


def features() -> list[Feature]:
    """The core's features and the installed ones', in the order of their columns."""
    order = list(COLUMNS)
    return sorted((*FEATURES, *_registered), key=lambda feature: order.index(feature.switch))


def asked() -> list[Option]:
    """The options the tournament's form asks, in order."""
    return [o for feature in features() for o in feature.options if o.ask != "elsewhere"]


def features_on(tournament) -> list[Feature]:
    """The features a tournament has turned on."""
    return [f for f in features() if f.said and getattr(tournament, f.switch)]
