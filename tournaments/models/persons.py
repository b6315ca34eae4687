"""Players across concours: a `Person` gathers the `Player` rows of every
public concours in which the same person played, and holds their agreement
to be shown and their « cote ».

A `Player` belongs to one concours; a person is found again by their licence,
else by their folded names and club (tournaments/domain/search.py) — see
services/persons.py, which alone links, shows, hides and merges them.

Whose record it is (issue 35): a person's record belongs to the organizer
who registered them first (`owner`). Only that organizer's box (ticked at
registration, off by default) shows them (`shown`); another organizer's
box never shows, un-withdraws or rates them. A person is on the public pages
only while `shown` is on and the site trusts its owner (models/accounts.py
`trusted`). A concours of another organizer counts on their page and in
their cote only if they ticked the box there too and the site trusts that
organizer (`counted_players`). When they withdraw, their page and their
cote leave every public page, and stay out until they ask again
(`withdrawn_at`; services/persons.py `show_again`).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.domain import search
from tournaments.models.accounts import trusted


class PersonQuerySet(models.QuerySet):
    def shown(self) -> PersonQuerySet:
        """The persons on the public pages: agreed through the organizer
        who owns their record, and that organizer trusted by the site."""
        return self.filter(Q(shown=True) & trusted("owner"))


def counted_players(prefix: str = "", person_owner: str = "person__owner") -> Q:
    """The `Player` rows (at `prefix`: « players__ » from a person, whose
    owner is then « owner ») that count as their person's: in a concours of
    the organizer who owns the record, or ticked in a concours of another
    organizer the site trusts. Whether the concours is public is the
    caller's filter."""
    same_owner = Q(**{f"{prefix}tournament__owner": F(person_owner)})
    return same_owner | (Q(**{f"{prefix}shown": True}) & trusted(f"{prefix}tournament__owner"))


class Person(models.Model):
    """One person, whatever the concours: the names, licence and club last
    known, and whether they agreed to be shown."""

    first_name = models.CharField(_("prénom"), max_length=80)
    last_name = models.CharField(_("nom"), max_length=80)
    licence = models.CharField(_("licence"), max_length=30, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    #: The folded first and last names, and the folded club: what a player
    #: without a licence is recognised by.
    name_key = models.CharField(max_length=170, editable=False, db_index=True)
    club_key = models.CharField(max_length=120, editable=False, blank=True, db_index=True)
    #: The organizer who registered them first: only their box shows them.
    #: Empty for a record whose organizer's concours are all gone.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organisateur"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="persons",
    )
    shown = models.BooleanField(_("accepte d'être affiché"), default=False)
    #: When they last withdrew: no box ticked afterwards shows them again,
    #: whatever its concours's date; only their own request, recorded by
    #: the organizer who owns the record, does.
    withdrawn_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PersonQuerySet.as_manager()

    class Meta:
        ordering = ["last_name", "first_name", "pk"]
        verbose_name = _("personne")
        verbose_name_plural = _("personnes")

    def __str__(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    def save(self, **kwargs) -> None:
        self.name_key = search.search_key(self.first_name, self.last_name)
        self.club_key = search.fold(self.club)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "name_key", "club_key"}
        super().save(**kwargs)

    def get_absolute_url(self) -> str:
        return reverse("tournaments:person", kwargs={"pk": self.pk})


class Cote(models.Model):
    """A shown person's cote as last computed (services/persons.py
    `recompute_cotes`): kept, never computed for a page."""

    person = models.OneToOneField(
        Person, on_delete=models.CASCADE, primary_key=True, related_name="cote"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField()
    computed_at = models.DateTimeField()

    class Meta:
        verbose_name = _("cote")
        verbose_name_plural = _("cotes")

    def __str__(self) -> str:
        return f"{self.person}: {self.mu:.1f} ± {self.sigma:.1f}"
