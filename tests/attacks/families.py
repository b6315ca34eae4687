"""What the attack on the public concours file (test_public_file_families.py,
issue 51 section 3) builds inside the attacked server's database through
`Server.python`: a published concours of 8 teams whose organizer listed a
family and a couple to keep apart, two parties played and closed.

The family is the pair partie 1's random draw would have seated together
(its seed's first table without the list): the list changes that draw. The
couple is two teams that draw never brings together: the list changes
nothing for them. Nothing here sends a request."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.db import transaction

SEED = 0


def concours(username: str) -> dict:
    """The concours; its slug, and the family's and couple's team numbers."""
    from tests.factories import add_deal, add_teams, build_tournament, owned_transaction
    from tournaments.models import Round
    from tournaments.services import rounds

    owner = get_user_model().objects.get(username=username)
    fields = {"owner": owner, "date": datetime.date.today(), "parties": 2, "end_deals": 1}
    with owned_transaction():  # the same draw without the list: where the family sits
        plain = build_tournament(name="Sans liste", **fields)
        add_teams(plain, 8)
        drawn = rounds.draw_round(tournament=plain, method=Round.DrawMethod.RANDOM, seed=SEED)
        seated = [(t.team_a.number, t.team_b.number) for t in drawn.tables.order_by("number")]
        transaction.set_rollback(True)
    family = sorted(seated[0])
    couple = sorted((seated[1][0], seated[2][0]))
    tournament = build_tournament(
        name="Concours des familles",
        avoid_enabled=True,
        avoid_groups=f"Famille Martin : {family[0]} et {family[1]}\n"
        f"Couple Roux : {couple[0]} et {couple[1]}",
        **fields,
    )
    add_teams(tournament, 8)
    for number, method in ((1, Round.DrawMethod.RANDOM), (2, Round.DrawMethod.RANKING)):
        rnd = rounds.draw_round(tournament=tournament, method=method, seed=SEED + number - 1)
        for table in rnd.tables.filter(team_b__isnull=False):
            add_deal(table)
        rounds.close_round(round=rnd)
    return {"slug": tournament.slug, "family": family, "couple": couple}
