"""Builders of the leagues' tests: a qualifier concours played and final
(one partie, side A wins every table), and a league of three stages."""

from __future__ import annotations

import datetime

from tests.factories import add_deal, build_tournament
from tournaments.features.leagues import services as leagues
from tournaments.models import Round, Tournament
from tournaments.services import claims, registration, rounds


def played_concours(
    *, owner, name: str, teams, day: datetime.date, seed: int = 1, final: bool = True
) -> Tournament:
    """A concours of `teams` ((club, (first, last), (first, last)), …), one
    partie of one deal a table (side A wins), closed; its claims closed by
    hand when `final` (its ranking is then définitif)."""
    tournament = build_tournament(owner=owner, name=name, date=day, parties=1, end_deals=1)
    for club, (f1, l1), (f2, l2) in teams:
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData(f1, l1),
            player2=registration.PlayerData(f2, l2),
            club=club,
        )
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=seed)
    for table in rnd.tables.filter(team_b__isnull=False).order_by("number"):
        # Side A wins by more at each next table: no two teams level.
        add_deal(table, points_a=92 + 12 * (table.number - 1))
    rounds.close_round(round=rnd)
    if final:
        claims.close_claims(round=rnd)
    tournament.refresh_from_db()
    return tournament


def team(club: str, n: int, town: str):
    return (club, ("Amélie", f"Lefèvre-{town}{n}"), ("Jérôme", f"Bérard-{town}{n}"))


CLUBS = ("Amicale du Bourg", "Belote club de la Vallée", "")


def qualifier_teams(town: str, count: int = 6):
    """`count` teams of `town`, in turn of the Bourg, the Vallée and none."""
    return [team(CLUBS[n % 3], n, town) for n in range(count)]


def three_stage_league(owner, *, final: bool = True):
    """Two qualifiers of 6 teams (the first 2 of each go on), a
    departmental final (the first 50 % go on) and a regional final to come."""
    league = leagues.create_league(owner=owner, name="Ligue du Pays d'Auge", season="2026-2027")
    qualifiers = leagues.add_stage(
        league=league, name="Qualifications interclubs", rule="first", value=2
    )
    departmental = leagues.add_stage(
        league=league, name="Finale départementale", rule="percent", value=50
    )
    regional = leagues.add_stage(league=league, name="Finale régionale", rule="first", value=1)
    day = datetime.date(2026, 12, 5)
    for n, town in enumerate(("Lisieux", "Honfleur")):
        concours = played_concours(
            owner=owner,
            name=f"Qualification de {town}",
            teams=qualifier_teams(town),
            day=day,
            seed=n + 1,
            final=final,
        )
        leagues.add_concours(stage=qualifiers, tournament=concours, by=owner)
    final_concours = build_tournament(
        owner=owner, name="Finale départementale du Calvados", date=day + datetime.timedelta(30)
    )
    leagues.add_concours(stage=departmental, tournament=final_concours, by=owner)
    regional_concours = build_tournament(
        owner=owner, name="Finale régionale de Normandie", date=day + datetime.timedelta(60)
    )
    leagues.add_concours(stage=regional, tournament=regional_concours, by=owner)
    return league


def laptop_file(final: Tournament, teams, *, forfait: int | None = None) -> bytes:
    """A hall's « Fichier du concours » for `final` played in several halls:
    the hall's laptop took `teams` from the final's list and played one
    partie (made here on the same database, then its concours removed).
    With `forfait`, the team ranked there at that place (1 the first)
    declared forfait after it."""
    import json

    from tournaments.queries.concours_file import concours_file
    from tournaments.queries.standings import tournament_standings

    played = played_concours(
        owner=final.owner,
        name=final.name,
        day=final.date,
        teams=[
            (
                t.club,
                (t.player1.first_name, t.player1.last_name),
                (t.player2.first_name, t.player2.last_name),
            )
            for t in teams
        ],
    )
    if forfait is not None:
        withdrawn = tournament_standings(played)[forfait - 1].entrant
        registration.withdraw_team(team=withdrawn)
    body = json.dumps(concours_file(played)).encode()
    played.delete()
    return body
