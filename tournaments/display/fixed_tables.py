"""What the plan says of the teams that stay at their table (« reste à sa
table », domain/fixed_tables.py): the mark next to such a team, and the
sentences for the organizer when a fixed team could not keep its table or
is exempt (its table stays empty).

Reads the round's record of the draw (`Round.fixed_tables`) and the tables
the caller loaded; must not query the database nor seat anyone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext

from tournaments.domain import fixed_tables as rules
from tournaments.models import Round, Table


def mark() -> str:
    return gettext("reste à sa table")


def kept(rnd: Round, tables: Iterable[Table]) -> dict[int, int]:
    """The fixed teams that sit at their own table in this partie (team id
    → table number), exempt or not."""
    asked = {team: number for team, number in (rnd.fixed_tables or {}).get("asked", ())}
    out = {}
    for table in tables:
        for team in (table.team_a_id, table.team_b_id):
            if team is not None and asked.get(team) == table.number:
                out[team] = table.number
    return out


def notes(rnd: Round, tables: Iterable[Table]) -> list[str]:
    """The organizer's sentences: each fixed team that could not keep its
    table and why, then each exempt fixed team whose table stays empty."""
    tables = list(tables)
    names: dict[int, str] = {}
    for table in tables:
        for team in (table.team_a, table.team_b):
            if team is not None:
                names[team.pk] = gettext("l'équipe n° %(number)s") % {"number": team.number}
    out = [
        conflict_sentence(conflict, names)
        for conflict in (rnd.fixed_tables or {}).get("conflicts", ())
    ]
    held = kept(rnd, tables)
    said = {c["team"] for c in (rnd.fixed_tables or {}).get("conflicts", ())}
    seated = {t: table.number for table in tables for t in (table.team_a_id, table.team_b_id)}
    for team, number in (rnd.fixed_tables or {}).get("asked", ()):
        if team in seated and team not in held and team not in said:
            # Moved by hand after the draw (services/rounds.py swap_teams).
            out.append(
                gettext(
                    "%(team)s reste à sa table n° %(table)s mais joue à la table n° %(now)s "
                    "après un échange à la main."
                )
                % {"team": names.get(team, "?"), "table": number, "now": seated[team]}
            )
    for table in tables:
        if table.is_bye and table.team_a_id in held:
            out.append(
                gettext(
                    "%(team)s reste à sa table n° %(table)s mais est exempte : "
                    "la table reste vide cette partie."
                )
                % {"team": names.get(table.team_a_id, "?"), "table": table.number}
            )
    return [s[:1].upper() + s[1:] for s in out]


def conflict_sentence(conflict: Mapping, names: Mapping[int, str]) -> str:
    """One fixed table that could not be kept, in words."""
    values = {
        "team": names.get(conflict["team"], "?"),
        "other": names.get(conflict.get("other"), "?"),
        "table": conflict["table"],
        "count": conflict.get("count", 0),
    }
    if conflict["code"] == rules.FIXED_TEAMS_MEET:
        text = gettext(
            "%(team)s et %(other)s restent toutes deux à leur table mais se rencontrent : "
            "elles jouent à la table de %(other)s, %(team)s ne garde pas sa table "
            "n° %(table)s cette partie."
        )
    elif conflict["code"] == rules.SAME_TABLE:
        text = gettext(
            "%(team)s et %(other)s gardent toutes deux la table n° %(table)s : "
            "%(other)s la garde, %(team)s change de table cette partie. "
            "Donnez-leur deux tables différentes (fiche de l'équipe)."
        )
    else:
        text = gettext(
            "%(team)s garde la table n° %(table)s, mais cette partie n'a que "
            "%(count)s tables : elle change de table cette partie."
        )
    return text % values
