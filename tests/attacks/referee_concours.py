"""What the attack on « Appeler l'arbitre » (test_referee_call.py, issue 38
item 12c) builds and reads inside the attacked server's database through
`Server.python`: a published concours of 8 teams with partie 1 drawn and
announced, its tables' links and codes; the calls a table has; the desk's
answer; a team's withdrawal. Nothing here sends a request."""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model


def concours(username: str) -> dict:
    from tests.factories import add_teams, build_tournament, draw_random_round
    from tournaments.infra import links

    owner = get_user_model().objects.get(username=username)
    tournament = build_tournament(
        owner=owner, name="Concours de l'arbitre", date=datetime.date.today()
    )
    add_teams(tournament, 8)
    rnd = draw_random_round(tournament)
    tables = rnd.tables.order_by("number")
    return {
        "slug": tournament.slug,
        "tables": [
            {
                "number": t.number,
                "path": links.entry_path(t),
                "code_a": t.code_a,
                "code_b": t.code_b,
                "team_b": t.team_b.number,
            }
            for t in tables
        ],
    }


def calls(slug: str, number: int) -> list[dict]:
    from tournaments.models import RefereeCall

    found = RefereeCall.objects.filter(
        table__round__tournament__slug=slug, table__number=number
    ).order_by("pk")
    return [{"id": c.pk, "side": c.side, "open": c.open, "key": c.request_key} for c in found]


def answer(slug: str, call_id: int, answer: str = "settled") -> bool:
    from tournaments.models import Tournament
    from tournaments.services import referee

    tournament = Tournament.objects.get(slug=slug)
    return not referee.answer_call(tournament=tournament, call_id=call_id, answer=answer).open


def withdraw(slug: str, team_number: int) -> bool:
    from tournaments.models import Team
    from tournaments.services import registration

    team = Team.objects.get(tournament__slug=slug, number=team_number, round__isnull=True)
    registration.withdraw_team(team=team)
    return True
