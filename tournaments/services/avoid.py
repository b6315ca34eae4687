"""The pairs a partie's draw keeps apart (issue 38, item 12b), read from the
concours: the teams' clubs and the organizer's families and couples
(`Tournament.avoid_*`), set from the teams' page (issue 54, item 4). The
rule is `tournaments.domain.avoid`'s; the draw (services/rounds.py) keeps
what it was given on the partie, so a replay draws it again. Must not draw.
"""

from __future__ import annotations

from collections.abc import Collection

from django.db import transaction

from tournaments.domain import avoid
from tournaments.models import Change, Tournament
from tournaments.services.audit import Actor, log_change


def draw_avoid(tournament: Tournament, team_ids: Collection[int]) -> set[frozenset[int]]:
    """The pairs of ``team_ids`` (ids) to keep apart; none when the option is off."""
    if not tournament.avoid_enabled or tournament.format == Tournament.Format.MELEE:
        return set()
    rows = tournament.teams.filter(pk__in=team_ids).values_list("pk", "number", "club")
    id_of = {number: pk for pk, number, _club in rows}
    # The form checked the list; an absent or withdrawn team's number is
    # simply not drawn this time (its group's others still kept apart).
    listed = _lenient_groups(tournament.avoid_groups)
    pairs = avoid.avoided_pairs(
        {number: club for _pk, number, club in rows},
        listed,
        same_club=tournament.avoid_same_club,
    )
    return {frozenset(id_of[n] for n in pair) for pair in pairs if all(n in id_of for n in pair)}


def _lenient_groups(text: str) -> list[frozenset[int]]:
    found = []
    for line in text[: avoid.MAX_TEXT].splitlines():
        numbers = avoid.numbers_of(line)
        if len(numbers) >= 2:
            found.append(frozenset(numbers))
    return found


@transaction.atomic(durable=True)
def keep_apart(
    *, tournament: Tournament, groups: str, same_club: bool, absolute: bool, by: Actor | None
) -> Tournament:
    """The families and couples (`groups`, one a line, checked by the form)
    and the club rule, for the next draws; on as soon as one is given."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    wanted = {
        "avoid_groups": groups,
        "avoid_same_club": same_club,
        "avoid_absolute": absolute,
        "avoid_enabled": bool(groups.strip()) or same_club,
    }
    before = {name: getattr(tournament, name) for name in wanted}
    changed = sorted(name for name, value in wanted.items() if before[name] != value)
    if changed:
        for name in changed:
            setattr(tournament, name, wanted[name])
        tournament.save(update_fields=changed)
        log_change(
            tournament,
            Change.Action.TOURNAMENT_CHANGED,
            by=by,
            before={name: before[name] for name in changed},
            after={name: wanted[name] for name in changed},
        )
    return tournament
