"""What the attack on the hidden ranking (test_hidden_ranking.py, issue 38
item 12a) builds inside the attacked server's database through
`Server.python`, and what the view tests build in theirs: a published
concours of 8 teams and 2 parties whose last partie is being played, its
ranking hidden « avant la dernière partie » or not.

Each table's sheet comes back with its totals only (« Totaux seulement »),
odd figures that no page shows by chance: partie 1's (`FIRST`), then
partie 2's (`LAST`), drawn on the ranking and announced, so that its
totals, and every team's live points, are numbers the public pages would
show if they leaked.

Nothing here sends a request."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model

#: The totals typed at each table (by table number) of partie 1 and 2.
FIRST = {1: (431, 379), 2: (457, 353), 3: (389, 421), 4: (503, 307)}
LAST = {1: (817, 593), 2: (763, 647), 3: (911, 509), 4: (689, 741)}


def concours(username: str, *, name: str, hidden: bool, finish: bool = False) -> dict:
    """The concours (see the module's docstring), partie 2 played to its
    last deal but not closed (closed too when `finish`). Returns its slug,
    the figures the public may see (partie 1's totals and the ranking
    after it), and the secrets: partie 2's totals and the live points."""
    from tests.factories import add_teams, build_tournament
    from tournaments.models import Round, Tournament
    from tournaments.queries.standings import tournament_standings
    from tournaments.services import rounds, scores

    owner = get_user_model().objects.get(username=username)
    tournament = build_tournament(
        owner=owner,
        name=name,
        date=datetime.date.today(),
        parties=2,
        score_entry=Tournament.ScoreEntry.TOTALS,
        ranking_hidden=hidden,
        overrides={"rounding": "none"},  # totals to the point, each one its own
    )
    add_teams(tournament, 8)
    first = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=7)
    for table in first.tables.order_by("number"):
        scores.record_totals(
            table=table, total_a=FIRST[table.number][0], total_b=FIRST[table.number][1]
        )
    rounds.close_round(round=first)
    public = {s.row.points_for for s in tournament_standings(tournament)}
    public |= {t for table in first.tables.all() for t in (table.total_a, table.total_b)}
    last = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANKING, seed=8)
    for table in last.tables.order_by("number"):
        scores.record_totals(
            table=table, total_a=LAST[table.number][0], total_b=LAST[table.number][1]
        )
    secrets = {t for table in last.tables.all() for t in (table.total_a, table.total_b)}
    secrets |= {s.row.points_for for s in tournament_standings(tournament)}
    if finish:
        rounds.close_round(round=last)
    return {
        "slug": tournament.slug,
        "teams": 8,
        "public": sorted(public),
        "secrets": sorted(secrets - public),
    }


def halls_concours(username: str, *, name: str, hidden: bool) -> dict:
    """A published concours played in two halls (issue 27), its ranking
    hidden « avant la dernière partie » or not: Vic's laptop sent its file
    after its last partie closed, Lembeye's while its last partie is played.
    Each hall's concours is `concours`'s (the same figures), exported as its
    hall file and deleted, its teams named after their hall. Returns the
    hosted concours's slug, what the public may see (Vic's ranking after
    partie 1) and the secrets (Vic's last totals and its live points)."""
    import json

    from tests.factories import build_tournament
    from tournaments.features.halls import services as halls
    from tournaments.models import Tournament
    from tournaments.queries.concours_file import concours_file

    owner = get_user_model().objects.get(username=username)
    hosted = build_tournament(
        owner=owner, name=name, date=datetime.date.today(), parties=2, ranking_hidden=hidden
    )
    merge = halls.declare_halls(tournament=hosted, names=["Vic", "Lembeye"], planned=2, by=None)
    figures = {}
    for hall in merge.halls.order_by("position"):
        made = concours(
            username, name=f"{name} {hall.name}", hidden=False, finish=hall.name == "Vic"
        )
        tournament = Tournament.objects.get(slug=made["slug"])
        doc = json.loads(json.dumps(concours_file(tournament)))
        tournament.delete()
        for team in doc["teams"]:
            team["name"] = f"{team['name']} {hall.name}"
        halls.receive_hall_file(hall=hall, raw=json.dumps(doc).encode())
        figures[hall.name] = made
    return {
        "slug": hosted.slug,
        "public": figures["Vic"]["public"],
        "secrets": figures["Vic"]["secrets"],
    }


def challenge_of(username: str, slug: str) -> str:
    """A public challenge (issue 51) of one evening, the concours `slug`:
    4 points a partie won, 2 a partie lost. Its slug."""
    from tournaments.features.challenge import services as challenges
    from tournaments.models import Tournament

    owner = get_user_model().objects.get(username=username)
    made = challenges.create_challenge(
        owner=owner, name=f"Challenge de {slug}", win=4, loss=2, published=True
    )
    challenges.add_tournament(
        challenge=made, tournament=Tournament.objects.get(slug=slug), by=owner
    )
    return made.slug
