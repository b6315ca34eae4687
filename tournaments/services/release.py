"""A draw kept from the players until the organizer announces it.

With the tournament's `release_draws` option on (the default of a new
tournament; off for those made before it, models/options.py), a partie
drawn (or drawn again) is a draft, hidden from the public pages — « Où je
joue ? », the tournament's page, the projector, the partie's results, the
teams' pages — while the organizer exchanges teams by hand if need be,
prints the sheets and the plan and lays them on the tables; the button
« Annoncer le tirage » shows it. Printing never releases a draw. A draft
takes no score: the table-side link printed on its sheet says to wait for
the announcement, then works as it is. Closing a partie whose draw was
never announced announces it (services/rounds.py): its results are public.

The release writes its audit line, which moves the tournament's revision:
every live page's ETag changes and a polling phone gets the table at its
next poll (views/live.py). This module must not draw or change a draw
(that is `rounds`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournaments import hooks
from tournaments.models import Change, Round
from tournaments.services.audit import Actor, log_change


@transaction.atomic(durable=True)
def release_round(*, round: Round, by: Actor | None = None) -> Round:
    """Show the partie's draw on the public pages. Announcing an announced
    draw changes nothing and writes nothing."""
    rnd = Round.objects.select_for_update().select_related("tournament").get(pk=round.pk)
    if rnd.released_at is not None:
        return rnd
    rnd.released_at = timezone.now()
    rnd.save(update_fields=["released_at"])
    log_change(rnd.tournament, Change.Action.ROUND_RELEASED, by=by, after={"round": rnd.number})
    hooks.announce(hooks.DRAW_ANNOUNCED, round=rnd, by=by)
    return rnd
