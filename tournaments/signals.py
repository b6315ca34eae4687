"""Keeps `Tournament.revision` moving with the tournament's data.

One mechanism for every write: any save or delete of a tournament or of its
team, player, round, table or penalty bumps the revision, which the public pages
send as their ETag. Deals and seats are always written together with their
table, so the table's save covers them. Writes made with `QuerySet.update()`
bypass this and must not be used on these models.
"""

from __future__ import annotations

from django.db.models import F
from django.db.models.signals import post_delete, post_save

from tournaments.models import Adjustment, Player, Round, Table, Team, Tournament


def _tournament_id(instance) -> int | None:
    if isinstance(instance, Tournament):
        return instance.pk
    if isinstance(instance, (Team, Player, Round)):
        return instance.tournament_id
    if isinstance(instance, Table):
        if Table.round.is_cached(instance):
            return instance.round.tournament_id
        return (
            Round.objects.filter(pk=instance.round_id)
            .values_list("tournament_id", flat=True)
            .first()
        )
    if isinstance(instance, Adjustment):
        return (
            Table.objects.filter(pk=instance.table_id)
            .values_list("round__tournament_id", flat=True)
            .first()
        )
    return None


def bump_revision(sender, instance, **kwargs) -> None:
    tournament_id = _tournament_id(instance)
    if tournament_id is not None:
        Tournament.objects.filter(pk=tournament_id).update(revision=F("revision") + 1)


def connect() -> None:
    for model in (Tournament, Team, Player, Round, Table, Adjustment):
        post_save.connect(bump_revision, sender=model, dispatch_uid=f"revision-{model.__name__}")
        post_delete.connect(
            bump_revision, sender=model, dispatch_uid=f"revision-d-{model.__name__}"
        )
