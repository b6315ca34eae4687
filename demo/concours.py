"""The demo's other concours, beside the Saint-Éloi one (`manage.py
demo`): one with a final phase and a consolante, one in pools, a past one
finished and published, and a classic belote one played to a target (most
village concours: no contract, a partie to 1000 with running totals on its
sheets). Each is 3 parties of the Saint-Éloi players paired otherwise,
drawn, announced and played deal by deal through the services; an older
one under the same address is replaced.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

from django.utils import timezone

import scoring
from tournaments.domain import deal_shapes
from tournaments.models import Round, Tournament
from tournaments.services import (
    brackets,
    prizes,
    registration,
    release,
    rounds,
    scores,
    tournaments,
)
from tournaments.services import pools as pool_services

#: A small concours in pools: 16 teams in 4 pools of 4, the 3 pool parties played.
POOLS_SLUG = "concours-en-poules-demo"
#: The demo's concours with a final phase: 14 teams, 3 qualifying parties,
#: then a main bracket of 8 and a consolante of 6.
FINAL_PHASE_SLUG = "concours-avec-consolante-demo"
#: Issue 26: a past concours, finished and published (« Résultats des concours »).
PUBLISHED_SLUG = "concours-de-la-sainte-catherine-demo"
#: Issue 60: a classic belote concours (no contract), each partie to 1000.
CLASSIC_SLUG = "concours-de-belote-de-la-fete-demo"


def announce(rnd: Round, user) -> Round:
    """The partie's sheets laid out on the tables, its draw announced: a
    tournament made now keeps each draw a draft until then, and takes no
    score on a draft (the demo's parties read as played)."""
    return release.release_round(round=rnd, by=user)


def build_final_phase(user, concours: Tournament, rng: random.Random) -> Tournament:
    """The demo's concours with a consolante: 14 teams of the concours'
    players paired differently, 3 qualifying parties of 4 donnes (closed),
    then the 8 best in the main bracket and the next 6 in the consolante
    (seeds 1 and 2 exempt there), a tie played out with one more donne; the
    first bracket round is played and closed, the next one left to draw."""
    tournament = _repaired_concours(
        user,
        concours,
        rng,
        slug=FINAL_PHASE_SLUG,
        name="Concours avec consolante (démo)",
        day=timezone.localdate(),
        venue="Salle polyvalente, Saint-Éloi",
        end_deals=4,
        teams=14,
    )
    tied_on = tournament.end_deals + 8  # a bracket table tied after its donnes goes on
    play_swiss(tournament, user, rng, most=tied_on)
    brackets.create_brackets(tournament=tournament, main=8, consolante=6, by=user)
    play(brackets.draw_bracket_round(tournament=tournament, by=user), user, rng, most=tied_on)
    tournament.refresh_from_db()
    return tournament


def build_pools_concours(user, concours: Tournament, rng: random.Random) -> Tournament:
    """The demo's concours in pools (« à la Mondial »): 16 teams of the
    concours' players in 4 pools of 4 by snake seeding from the registration
    order, the three pool parties of 6 donnes played deal by deal and closed.
    An older one is replaced."""
    tournament = _repaired_concours(
        user,
        concours,
        rng,
        slug=POOLS_SLUG,
        name="Concours en poules de la Saint-Éloi (démo)",
        day=timezone.localdate() - timedelta(weeks=3),
        venue="Foyer rural, Saint-Éloi",
        end_deals=6,
        teams=16,
    )
    pool_services.form_pools(tournament=tournament, size=4, by=user)
    for _ in range(3):
        play(rounds.draw_pool_round(tournament=tournament, by=user), user, rng)
    return tournament


def build_published_concours(user, concours: Tournament, rng: random.Random) -> Tournament:
    """A past concours, finished and published: 16 teams (so that its tables
    count in the cote of the players who agreed), played last week (within
    the cote's rolling window whenever the demo is built), 3 parties of 4
    donnes, all closed, with lots in its ranking."""
    tournament = _repaired_concours(
        user,
        concours,
        rng,
        slug=PUBLISHED_SLUG,
        name="Concours de la Sainte-Catherine (démo)",
        day=timezone.localdate() - timedelta(days=7),
        venue="Salle des fêtes, Saint-Éloi",
        end_deals=4,
        teams=16,
        shown_every=3,  # a third of its players agreed to be shown
        prizes_enabled=True,
    )
    lots = "Un jambon\nDeux canards\nUn filet garni\nDeux bouteilles de Mâcon"
    prizes.set_lots(tournament=tournament, lots=lots)  # one a line, by rank
    return play_swiss(tournament, user, rng)


def build_classic_concours(user, concours: Tournament, rng: random.Random) -> Tournament:
    """A classic belote concours (`ffb-belote`: no contract, the litige in
    the pot) of 12 teams, 3 parties each to 1000 points, drawn, announced,
    played deal by deal until a team reaches the target and closed,
    published last fortnight: its sheets carry the running totals, its
    ranking and marques are classic belote's."""
    tournament = _repaired_concours(
        user,
        concours,
        rng,
        slug=CLASSIC_SLUG,
        name="Concours de belote de la fête (démo)",
        day=timezone.localdate() - timedelta(weeks=2),
        venue="Salle des fêtes, Saint-Éloi",
        end_deals=12,
        teams=12,
        preset="ffb-belote",
        end_mode=Tournament.EndMode.TARGET,
        end_target=1000,
    )
    return play_swiss(tournament, user, rng, most=40)  # a partie takes about 12 deals


def play_swiss(
    tournament: Tournament, user, rng: random.Random, *, most: int = 0, half_last: bool = False
) -> Tournament:
    """Its 3 parties drawn (at random, then by the ranking) and played
    (`play`), the last one `half_last` left half entered."""
    for number in (1, 2, 3):
        method = Round.DrawMethod.RANDOM if number == 1 else Round.DrawMethod.RANKING
        rnd = rounds.draw_round(tournament=tournament, method=method, seed=rng.randrange(10**6))
        play(rnd, user, rng, most=most, half=half_last and number == 3)
    tournament.refresh_from_db()
    return tournament


def play(rnd: Round, user, rng: random.Random, *, most: int = 0, half: bool = False) -> None:
    """The partie announced, each table's deals recorded through the
    services (its `end_deals`, or with `most` until the table is complete,
    `most` at most: a partie to a target, a bracket tie played on), closed;
    or, `half`, every other table part-played and the partie left open."""
    announce(rnd, user)
    rules, deals = rnd.tournament.rule_profile, rnd.tournament.end_deals
    for index, table in enumerate(rnd.tables.filter(team_b__isnull=False).order_by("number")):
        for _deal in range(rng.randrange(0, deals) if half and index % 2 else most or deals):
            if most:
                table.refresh_from_db(fields=["status"])
                if table.status == table.Status.COMPLETE:
                    break
            values = deal_shapes.engine_to_fields(scoring.random_deal(rng, rules))
            scores.record_deal(table=table, values=values)
    if not half:
        rounds.close_round(round=rnd)


def _repaired_concours(
    user,
    concours: Tournament,
    rng: random.Random,
    *,
    slug: str,
    name: str,
    day: date,
    venue: str,
    end_deals: int,
    teams: int,
    shown_every: int = 0,
    preset: str = "ffb-coinche",
    **fields,
) -> Tournament:
    """A published 3-partie concours (coinche unless `preset` says, `fields`
    its own) of `teams` teams made of the concours' players paired otherwise
    (so the organizer's directory holds the same players); an older one under
    `slug` is replaced. With `shown_every` n, every n-th player ticked
    « accepte d'être affiché »."""
    Tournament.objects.filter(slug=slug).delete()
    tournament = tournaments.create_tournament(
        owner=user,
        name=name,
        date=day,
        venue=venue,
        preset=preset,
        parties=3,
        end_deals=end_deals,
        published=True,
        slug=slug,
        **fields,
    )
    players = [
        p
        for team in concours.teams.filter(round__isnull=True).order_by("number")
        for p in (team.player1, team.player2)
    ]
    chosen = rng.sample(players, 2 * teams)
    data = [
        registration.PlayerData(
            p.first_name,
            p.last_name,
            club=p.club,
            licence=p.licence,
            shown=bool(shown_every) and i % shown_every == 0,
        )
        for i, p in enumerate(chosen)
    ]
    for first, second in zip(data[::2], data[1::2], strict=True):
        registration.register_team(tournament=tournament, player1=first, player2=second)
    return tournament
