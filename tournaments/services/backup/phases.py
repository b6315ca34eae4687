"""The phases of a tournament in a backup (absent from older files): the
pools of a qualifying phase and the brackets of the final phase with their
matches, exported, checked like every other section, restored. Which
parties are bracket parties travels with the rounds (`stage`).

The brackets are restored before the tables are rescored: a bracket table
tied after its deals goes on with one more (services/brackets.py), which
the rescoring has to know. Must not: trust a reference the file makes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Bracket, BracketMatch, BracketSeed, Pool, PoolTeam, Tournament
from tournaments.services.backup.document import Rows, refusal_at
from tournaments.services.backup.rows import Ids, check_rows, place, ref, section, unique

#: A bracket's row in the file; its `seeds` (team ids, seed 1 first) are
#: written from and restored to `BracketSeed` rows.
BRACKET_FIELDS = ("id", "kind", "name", "tie_rule", "position")
MATCH_FIELDS = (
    "bracket_id",
    "level",
    "position",
    "team_a_id",
    "team_b_id",
    "table_id",
    "winner_id",
    "settled",
)
# `seed` (the random order the pools were split from) came with the concours
# file: older files lack it and restore the pools without it.
POOL_FIELDS = ("id", "number", "seed")
POOL_TEAM_FIELDS = ("pool_id", "team_id", "position")


@dataclass
class CheckedPhases:
    brackets: list[dict[str, Any]] = field(default_factory=list)
    matches: list[dict[str, Any]] = field(default_factory=list)
    pools: list[dict[str, Any]] = field(default_factory=list)
    pool_teams: list[dict[str, Any]] = field(default_factory=list)


def export_phases(tournament: Tournament, rows: Rows) -> dict[str, Any]:
    brackets = Bracket.objects.filter(tournament=tournament)
    seeds: dict[int, list[int]] = {}
    for bracket_id, team_id in (
        BracketSeed.objects.filter(bracket__in=brackets)
        .order_by("bracket", "seed")
        .values_list("bracket_id", "team_id")
    ):
        seeds.setdefault(bracket_id, []).append(team_id)
    return {
        "brackets": [
            {**row, "seeds": seeds.get(row["id"], [])}
            for row in rows(brackets.order_by("pk"), BRACKET_FIELDS)
        ],
        "matches": rows(
            BracketMatch.objects.filter(bracket__in=brackets).order_by("pk"), MATCH_FIELDS
        ),
        "pools": rows(tournament.pools.order_by("pk"), POOL_FIELDS),
        "pool_teams": rows(
            PoolTeam.objects.filter(pool__tournament=tournament).order_by("pk"), POOL_TEAM_FIELDS
        ),
    }


def check_phases(data: dict[str, Any], *, teams: Ids, tables: Ids) -> CheckedPhases:
    """The pools and brackets of `data`, every reference to a team or a
    table of the file, every seed a team once, every winner one of its
    match's teams, every table played by one match at most."""
    raw = section(data.get("brackets", []), "brackets")
    brackets = check_rows(raw, "brackets", Bracket, BRACKET_FIELDS)
    unique(brackets, "brackets", lambda b: b["kind"], _("ce tableau est en double"))
    for i, (bracket, row) in enumerate(zip(brackets, raw, strict=True)):
        where = f"{place('brackets', i)}, {_('têtes de série')}"
        seeds = row.get("seeds")
        bracket["seeds"] = seeds
        if not isinstance(seeds, list) or len(seeds) < 2:
            raise refusal_at(where, _("une liste d'au moins deux équipes est attendue"))
        for seed in seeds:
            if type(seed) is not int or seed not in teams:
                raise refusal_at(where, _("une équipe ne renvoie à rien dans le fichier"))
        if len(set(seeds)) != len(seeds):
            raise refusal_at(where, _("une équipe y est deux fois"))
    known = {b["id"]: b for b in brackets}
    matches = check_rows(
        section(data.get("matches", []), "matches"), "matches", BracketMatch, MATCH_FIELDS
    )
    unique(
        matches,
        "matches",
        lambda m: (m["bracket_id"], m["level"], m["position"]),
        _("ce match est en double"),
    )
    unique(
        [m for m in matches if m["table_id"] is not None],
        "matches",
        lambda m: m["table_id"],
        _("cette table joue deux matchs"),
    )
    for i, match in enumerate(matches):
        where = place("matches", i)
        ref(match, "bracket_id", known, where, BracketMatch)
        for name in ("team_a_id", "team_b_id", "winner_id"):
            ref(match, name, teams, where, BracketMatch, null=True)
        ref(match, "table_id", tables, where, BracketMatch, null=True)
        if match["winner_id"] is not None and match["winner_id"] not in (
            match["team_a_id"],
            match["team_b_id"],
        ):
            raise refusal_at(where, _("le vainqueur ne joue pas ce match"))
    pools = check_rows(
        section(data.get("pools", []), "pools"), "pools", Pool, POOL_FIELDS, optional=("seed",)
    )
    unique(pools, "pools", lambda p: p["number"], _("cette poule est en double"))
    members = check_rows(
        section(data.get("pool_teams", []), "pool_teams"), "pool_teams", PoolTeam, POOL_TEAM_FIELDS
    )
    unique(members, "pool_teams", lambda m: m["team_id"], _("cette équipe est dans deux poules"))
    unique(
        members,
        "pool_teams",
        lambda m: (m["pool_id"], m["position"]),
        _("cette place de poule est en double"),
    )
    in_file = {p["id"]: p for p in pools}
    for i, member in enumerate(members):
        where = place("pool_teams", i)
        ref(member, "pool_id", in_file, where, PoolTeam)
        ref(member, "team_id", teams, where, PoolTeam)
    return CheckedPhases(brackets, matches, pools, members)


def restore_phases(
    tournament: Tournament,
    checked: CheckedPhases,
    *,
    team_ids: dict[int, int],
    table_ids: dict[int, int],
) -> None:
    bracket_ids = {}
    for row in checked.brackets:
        values = {k: v for k, v in row.items() if k not in ("id", "seeds")}
        bracket = Bracket.objects.create(tournament=tournament, **values)
        BracketSeed.objects.bulk_create(
            BracketSeed(bracket=bracket, team_id=team_ids[team], seed=seed)
            for seed, team in enumerate(row["seeds"], start=1)
        )
        bracket_ids[row["id"]] = bracket.pk
    renames = {"team_a_id": team_ids, "team_b_id": team_ids, "winner_id": team_ids}
    BracketMatch.objects.bulk_create(
        BracketMatch(
            **{
                name: renames[name][value] if name in renames and value is not None else value
                for name, value in row.items()
                if name not in ("bracket_id", "table_id")
            },
            bracket_id=bracket_ids[row["bracket_id"]],
            table_id=table_ids[row["table_id"]] if row["table_id"] is not None else None,
        )
        for row in checked.matches
    )
    pool_ids = {
        row["id"]: Pool.objects.create(
            tournament=tournament, number=row["number"], seed=row.get("seed")
        ).pk
        for row in checked.pools
    }
    PoolTeam.objects.bulk_create(
        PoolTeam(
            pool_id=pool_ids[row["pool_id"]],
            team_id=team_ids[row["team_id"]],
            position=row["position"],
        )
        for row in checked.pool_teams
    )
