"""The optional features of a tournament, each declaring its options once.

A feature (lots, special rankings, the cash box, the partie clock) is off
by default: the simple concours stays simple. Two are on for a new
tournament: a draw kept a draft until announced, and the claims window.
Each of its options is declared here, once: the column on `Tournament` (its
name, default and verbose name), the label and help the tournament's form
shows (its box ticked as the default), and how the form asks for it. The
model adds the columns (models/tournament.py), the tournament's form builds
its « Options » fieldset from them (forms/tournament.py), a backup carries
them (services/backup/document.py) and the organizer's dashboard names the
features on (display/labels.py). A new option is one entry here, and its
migration.

Must not: hold a rule of what an option does (its service does).
"""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class Option:
    """One option: its column on `Tournament`, and how the form asks for it.

    `ask` is the form's way: "switch" (a box to tick), "choice" (the
    column's choices), "amount" (euros typed, stored in cents, under the
    form name `form_name`), "time", or "number" (bounded by the column's
    validators; left empty, the column's default, or nothing when the
    column may be empty)."""

    name: str
    column: models.Field
    label: Promise
    help: Promise
    ask: str = "switch"
    form_name: str = ""

    @property
    def field_name(self) -> str:
        """The name of the form's field (the column's, unless told)."""
        return self.form_name or self.name


@dataclass(frozen=True)
class Feature:
    """An optional part of a concours: `switch` is the option that turns it
    on, `label` its name on the dashboard."""

    key: str
    label: Promise
    options: tuple[Option, ...]
    #: Named on the dashboard when on (not for one on in every concours).
    said: bool = True

    @property
    def switch(self) -> str:
        return self.options[0].name


FEATURES: tuple[Feature, ...] = (
    Feature(
        "prizes",
        _("lots"),
        (
            Option(
                "prizes_enabled",
                models.BooleanField(_("lots à gagner"), default=False),
                _("Lots à gagner"),
                _(
                    "La liste des lots, donnés selon le classement final, le palmarès et les "
                    "étiquettes à imprimer."
                ),
            ),
            Option(
                "prizes_cumulate",
                # Off for a new tournament (the common rule); the migration
                # that adds it sets it on for those made before it.
                models.BooleanField(_("les lots se cumulent"), default=False),
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
        "categories",
        _("classements spéciaux"),
        (
            Option(
                "categories_enabled",
                models.BooleanField(_("classements spéciaux"), default=False),
                _("Classements spéciaux"),
                _("Meilleure équipe féminine, mixte, jeunes, meilleur club… avec leurs lots."),
            ),
        ),
    ),
    Feature(
        "cash",
        _("caisse"),
        (
            Option(
                "cash_enabled",
                models.BooleanField(_("caisse"), default=False),
                _("Tenir la caisse"),
                _(
                    "Droits d'inscription cochés à l'accueil, recettes et dépenses (buvette, "
                    "repas, lots), bilan pour le trésorier."
                ),
            ),
            Option(
                "entry_fee_cents",
                models.PositiveIntegerField(_("droit d'inscription (centimes)"), default=0),
                _("Droit d'inscription (€)"),
                _("Par exemple 10 ou 7,50. Laissez vide si l'entrée est libre."),
                ask="amount",
                form_name="entry_fee",
            ),
            Option(
                "fee_basis",
                models.CharField(
                    _("droit d'inscription"),
                    max_length=10,
                    choices=FeeBasis.choices,
                    default=FeeBasis.TEAM,
                ),
                _("Le droit d'inscription se paie"),
                _("En mêlée, chaque joueur paie : choisissez « par joueur »."),
                ask="choice",
            ),
        ),
    ),
    Feature(
        "release",
        _("tirage caché jusqu'à l'annonce"),
        (
            Option(
                "release_draws",
                # On for a new tournament: every draw a draft until announced
                # (issue 27). Off for those made before (the migration that
                # turned it on changed no row) and for a backup written
                # without it (services/backup/checks.py): shown at once.
                models.BooleanField(_("tirage caché jusqu'à l'annonce"), default=True),
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
        "clock",
        _("chrono et horaires"),
        (
            Option(
                "clock_enabled",
                models.BooleanField(_("chrono et horaires"), default=False),
                _("Chrono et horaires"),
                _(
                    "Un chrono de partie sur l'écran de la salle, avec l'appel « dernière "
                    "donne », et l'heure estimée de fin de chaque partie et de la remise des "
                    "prix."
                ),
            ),
            Option(
                "start_time",
                models.TimeField(_("heure de début"), null=True, blank=True),
                _("Heure de début"),
                _("L'heure de la première partie, pour estimer les horaires."),
                ask="time",
            ),
            Option(
                "minutes_per_deal",
                models.PositiveSmallIntegerField(
                    _("minutes par donne"),
                    default=5,  # shuffle, cut, deal, eight tricks and the marque
                    validators=bounded(1, 30),
                ),
                _("Minutes par donne"),
                _(
                    "Battre, couper, distribuer, huit plis et la marque : 5 minutes en moyenne. "
                    "Plus pour des débutants ou des enchères longues."
                ),
                ask="number",
            ),
            Option(
                "break_minutes",
                models.PositiveSmallIntegerField(
                    _("minutes entre deux parties"),
                    default=10,
                    validators=bounded(0, 120),
                ),
                _("Minutes entre deux parties"),
                _("Feuilles rendues, classement, tirage et nouvelles feuilles posées."),
                ask="number",
            ),
            Option(
                "last_deal_minutes",
                models.PositiveSmallIntegerField(
                    _("appel « dernière donne » (minutes)"),
                    null=True,
                    blank=True,
                    validators=bounded(0, 600),
                ),
                _("Appel « dernière donne » (minutes après le début)"),
                _(
                    "Affiché en grand sur l'écran de la salle à ce moment-là ; vide pour aucun "
                    "appel. Modifiable pour chaque partie."
                ),
                ask="number",
            ),
        ),
    ),
    Feature(
        "claims",
        _("résultats provisoires, puis définitifs"),
        (
            Option(
                "claims_window",
                # On for every concours: results stay « provisoires » while a
                # team may still claim (as bridge results become final).
                models.BooleanField(_("délai de réclamation"), default=True),
                _("Délai de réclamation"),
                _(
                    "Les résultats d'une partie close restent « provisoires » le temps des "
                    "réclamations, puis deviennent définitifs ; une correction après ce délai "
                    "demande une confirmation et dit quels tirages elle aurait changés."
                ),
            ),
            Option(
                "claims_minutes",
                models.PositiveSmallIntegerField(
                    _("délai de réclamation (minutes)"), default=30, validators=bounded(0, 600)
                ),
                _("Délai de réclamation (minutes)"),
                _("Après la clôture de chaque partie ; 30 minutes d'habitude."),
                ask="number",
            ),
            Option(
                "claims_minutes_last",
                models.PositiveSmallIntegerField(
                    _("délai de réclamation de la dernière partie (minutes)"),
                    default=15,
                    validators=bounded(0, 600),
                ),
                _("Délai pour la dernière partie (minutes)"),
                _("Plus court, pour remettre les prix : 15 minutes d'habitude."),
                ask="number",
            ),
        ),
        said=False,
    ),
    Feature(
        "hidden_ranking",
        _("classement masqué jusqu'à la fin"),
        (
            Option(
                "ranking_hidden",
                models.BooleanField(_("classement masqué jusqu'à la fin"), default=False),
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
                models.PositiveSmallIntegerField(
                    _("classement masqué à partir de la partie"),
                    null=True,
                    blank=True,
                    validators=bounded(1, 99),
                ),
                _("Masqué à partir de la partie n°"),
                _("Vide : avant la dernière partie (le cas habituel)."),
                ask="number",
            ),
        ),
    ),
    Feature(
        "door",
        _("pointage à l'entrée"),
        (
            Option(
                "check_in_enabled",
                models.BooleanField(_("pointage à l'entrée"), default=False),
                _("Pointage à l'entrée"),
                _(
                    "Les équipes se pointent en arrivant, sur une tablette à l'entrée ou sur "
                    "leur téléphone avec le QR code de l'affiche ; seules les équipes pointées "
                    "sont tirées. Équipes formées seulement (pas en mêlée)."
                ),
            ),
            Option(
                "check_in_opens",
                models.TimeField(_("ouverture du pointage"), null=True, blank=True),
                _("Le pointage ouvre à"),
                _(
                    "Le jour du concours seulement. Vide : deux heures avant l'heure de début "
                    "si elle est donnée, sinon dès le début de la journée."
                ),
                ask="time",
            ),
            Option(
                "check_in_closes",
                models.TimeField(_("fermeture du pointage"), null=True, blank=True),
                _("Le pointage ferme à"),
                _("Vide : à la fin de la journée. L'accueil, lui, pointe à toute heure."),
                ask="time",
            ),
        ),
    ),
    Feature(
        "avoid",
        _("rencontres à éviter au tirage"),
        (
            Option(
                "avoid_enabled",
                models.BooleanField(_("rencontres à éviter au tirage"), default=False),
                _("Rencontres à éviter au tirage"),
                _(
                    "Le tirage (au hasard ou au classement) évite de faire se rencontrer deux "
                    "équipes du même club, ou d'une même famille ou d'un même couple nommés "
                    "ci-dessous, tant qu'un autre placement le permet ; le « Pourquoi ? » du "
                    "tirage le dit."
                ),
            ),
            Option(
                "avoid_same_club",
                models.BooleanField(_("éviter deux équipes du même club"), default=False),
                _("Deux équipes du même club"),
                _("Le club inscrit sur chaque équipe."),
            ),
            Option(
                "avoid_absolute",
                models.BooleanField(_("rencontre à éviter avant une revanche"), default=False),
                _("Absolu : plutôt une revanche qu'une rencontre à éviter"),
                _(
                    "Sans cette case, c'est une préférence : le tirage évite d'abord les "
                    "revanches, puis ces rencontres."
                ),
            ),
            Option(
                "avoid_groups",
                models.TextField(_("familles et couples"), blank=True, default=""),
                _("Familles et couples"),
                _(
                    "Un groupe par ligne : un nom si vous voulez, deux-points, puis les "
                    "numéros des équipes qui ne doivent pas se rencontrer. Par exemple "
                    "« Famille Martin : 3, 12, 15 »."
                ),
                ask="text",
            ),
        ),
    ),
)

#: Every option, in the order of the form's « Options » fieldset.
OPTIONS: tuple[Option, ...] = tuple(o for feature in FEATURES for o in feature.options)


def features_on(tournament) -> list[Feature]:
    """The features a tournament has turned on."""
    return [f for f in FEATURES if f.said and getattr(tournament, f.switch)]
