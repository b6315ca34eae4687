"""The concours file of a tournament: the open, versioned JSON record a
referee checks with `python -m checker` (format in
docs/concours-file.schema.json, docs/concours-file.md).

It holds the rules profile, the teams (ids, numbers, names; no e-mail, no
licence, no club unless the organizer asks: `private=True` adds them under
each team's, or a mêlée player's, "private"), every partie's draw (kind and seed), tables, byes,
deals as the engine reads them (SPEC §8) with the marques stored, typed
totals, penalties and the ranking after it, the pools and the brackets.
Reads only, in a fixed number of queries per partie; must not compute a
marque (they are the stored ones: the checker recomputes them).

The public file (`public=True`, a published concours's page) holds the
parties the public pages show: a draw not announced yet (a draft, see
services/release.py) is left out, with its tables, seed and exchanges, and
a bracket match it seats keeps its teams but not its partie and table.
It names no pair a draw kept apart (a family, a couple): it says how many
and commits to them (`_apart`), no table's reason names them, and a
random draw they changed gives no seed (its departures would name them).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.db.models import QuerySet
from django.utils.crypto import salted_hmac

from checker import FORMAT, VERSION, apart_digest, replay, standing_rows
from tournaments.domain import pairing
from tournaments.domain.deal_shapes import DEAL_FIELDS, fields_to_engine
from tournaments.domain.reasons import Reason
from tournaments.domain.standings import rank
from tournaments.models import (
    BracketMatch,
    Change,
    Deal,
    Penalty,
    PoolTeam,
    Round,
    Table,
    Team,
    Tournament,
    hung,
)
from tournaments.queries.brackets import brackets_of
from tournaments.queries.standings import (
    hidden_from,
    ranking_rules,
    tournament_bye,
    tournament_results,
)

APART_SALT = "tournaments.concours-file.apart"


def concours_file(
    tournament: Tournament, *, public: bool = False, private: bool = False
) -> dict[str, Any]:
    """The tournament's concours file, as a JSON-ready dict; `public`
    leaves the drafts out, `private` (the organizer's, asked) adds the
    players' licences and clubs and the registration's e-mail."""
    melee = tournament.format == Tournament.Format.MELEE
    bye = tournament_bye(tournament)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "concours": {
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "format": tournament.format,
        },
        "rules": tournament.rule_profile.to_json(),
        "end": tournament.game_end,
        "score_entry": tournament.score_entry,
        "ranking": {
            "criteria": tournament.criteria,
            "bye": {
                "win": bye.win,
                "points": bye.points,
                "average": bye.average,
                "against": bye.against,
            },
            "chance_seed": tournament.chance_seed,
            "match_points": {
                "win": tournament.match_points_win,
                "draw": tournament.match_points_draw,
                "loss": tournament.match_points_loss,
            },
        },
        "teams": _teams(tournament, melee, private=private and not public),
    }
    if melee:
        doc["players"] = [
            {
                "id": p.pk,
                "name": f"{p.first_name} {p.last_name}",
                **({"private": _person(p)} if private and not public else {}),
            }
            for p in tournament.players.order_by("pk")
        ]
    doc["pools"] = _pools(tournament)
    rounds = tournament.rounds.announced() if public else tournament.rounds.all()
    if public and (cutoff := hidden_from(tournament)) is not None:
        # The hidden ranking's parties wait for the end (issue 38, item 12a).
        rounds = rounds.filter(number__lt=cutoff)
    doc["rounds"] = _rounds(tournament, rounds, public)
    if public:
        _withhold_pointing_seeds(doc)
    doc["brackets"] = _brackets(tournament, {r["number"] for r in doc["rounds"]})
    return doc


def _person(player) -> dict[str, str]:
    return {
        "first_name": player.first_name,
        "last_name": player.last_name,
        "licence": player.licence,
        "club": player.club,
    }


def _private(team: Team) -> dict[str, Any]:
    """What the file keeps out unless the organizer asks for it."""
    registration = getattr(team, "preregistration", None)
    return {
        "club": team.club,
        "email": registration.email if registration is not None else "",
        "players": [_person(p) for p in (team.player1, team.player2) if p is not None],
    }


def _teams(tournament: Tournament, melee: bool, *, private: bool) -> list[dict[str, Any]]:
    # The brackets are seeded from the teams without a forfait when they
    # were created: a team that withdrew later is still in them.
    brackets_at = (
        Change.objects.filter(tournament=tournament, action=Change.Action.BRACKETS_CREATED)
        .order_by("-pk")
        .values_list("at", flat=True)
        .first()
    )
    out = []
    for team in (
        Team.objects.filter(tournament=tournament)
        .select_related("player1", "player2", "round", *hung(Team, "preregistration"))
        .order_by("round__number", "number", "pk")
    ):
        row: dict[str, Any] = {
            "id": team.pk,
            "number": team.number,
            "name": team.display_name,
            "withdrawn": team.status == Team.Status.WITHDRAWN,
        }
        if team.round_id is None:  # « reste à sa table »: the mark and its table
            row["stays_at_table"] = team.stays_at_table
            row["kept_table"] = team.kept_table
        if brackets_at is not None:
            row["withdrawn_before_brackets"] = (
                team.withdrawn_at is not None and team.withdrawn_at <= brackets_at
            )
        if melee:
            row["round"] = team.round.number if team.round else None
            row["players"] = [team.player1_id, team.player2_id]
        elif private:
            row["private"] = _private(team)
        out.append(row)
    return out


def _pools(tournament: Tournament) -> dict[str, Any] | None:
    places: dict[int, dict[int, int]] = defaultdict(dict)
    seed = None
    for number, position, team, pool_seed in PoolTeam.objects.filter(
        pool__tournament=tournament
    ).values_list("pool__number", "position", "team_id", "pool__seed"):
        places[number][position] = team
        seed = pool_seed
    if not places:
        return None
    return {
        "seed": seed,
        "pools": [[places[n].get(p) for p in range(1, max(places[n]) + 1)] for n in sorted(places)],
    }


def _deals_by_table(tournament: Tournament) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = defaultdict(list)
    rows = (
        Deal.objects.filter(table__round__tournament=tournament)
        .order_by("table_id", "number")
        .values_list("table_id", "number", "marque_a", "marque_b", "outcome", "pot", *DEAL_FIELDS)
    )
    for table_id, number, a, b, outcome, pot, *fields in rows:
        out[table_id].append(
            {
                "number": number,
                "deal": fields_to_engine(dict(zip(DEAL_FIELDS, fields, strict=True))),
                "marques": {"A": a, "B": b, "outcome": outcome, "pot": pot},
            }
        )
    return out


def _swaps(tournament: Tournament) -> dict[int, list[list[int]]]:
    """The teams exchanged by hand after each partie's last draw, in order
    (services/rounds.py `swap_teams`), from the audit trail."""
    out: dict[int, list[list[int]]] = defaultdict(list)
    actions = (Change.Action.DRAW, Change.Action.REDRAW, Change.Action.SWAP)
    for action, after in (
        Change.objects.filter(tournament=tournament, action__in=actions)
        .order_by("pk")
        .values_list("action", "after")
    ):
        number = (after or {}).get("round")
        if number is None:
            continue
        if action == Change.Action.SWAP:
            out[number].append(list(after["teams"]))
        else:
            out[number] = []
    return out


def _rounds(tournament: Tournament, rounds: QuerySet[Round], public: bool) -> list[dict[str, Any]]:
    deals = _deals_by_table(tournament)
    swaps = _swaps(tournament)
    penalties: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for table_id, team, points, reason in (
        Penalty.objects.filter(table__round__tournament=tournament)
        .order_by("table_id", "created_at", "pk")
        .values_list("table_id", "team_id", "points", "reason")
    ):
        penalties[table_id].append({"team": team, "points": points, "reason": reason})
    totals_only = tournament.score_entry == Tournament.ScoreEntry.TOTALS
    tables: dict[int, list[Table]] = defaultdict(list)
    for table in Table.objects.filter(round__tournament=tournament).order_by("number"):
        tables[table.round_id].append(table)
    entrants, results = tournament_results(tournament)
    rules = ranking_rules(tournament)
    out = []
    for rnd in rounds.order_by("number"):
        bracket = rnd.stage == Round.Stage.BRACKET
        played = [t for t in tables[rnd.pk] if not t.is_bye]
        out.append(
            {
                "number": rnd.number,
                "stage": rnd.stage,
                "status": rnd.status,
                "draw": {
                    "kind": "bracket" if bracket else rnd.draw_method,
                    "seed": rnd.draw_seed,
                    "swaps": swaps.get(rnd.number, []),
                    # The teams kept at their table by this draw, as asked.
                    "fixed": (rnd.fixed_tables or {}).get("asked", []),
                    **_apart(tournament, rnd, public),
                },
                "tables": [
                    {
                        **({"reason": _reason(t.reason, public)} if t.reason else {}),
                        "number": t.number,
                        "a": t.team_a_id,
                        "b": t.team_b_id,
                        "status": t.status,
                        "entry": "totals" if totals_only or t.totals_only else "deals",
                        "deals": deals.get(t.pk, []),
                        "penalties": penalties.get(t.pk, []),
                        "totals": {"A": t.total_a, "B": t.total_b},
                        "lost_pot": t.lost_pot,
                        "corrected": t.corrected,
                    }
                    for t in played
                ],
                "byes": [t.team_a_id for t in tables[rnd.pk] if t.is_bye],
                **_bye_reasons(tables[rnd.pk]),
                "standings": None
                if bracket
                else standing_rows(
                    rank(entrants, [r for r in results if r.round <= rnd.number], **rules)
                ),
            }
        )
    return out


def _apart(tournament: Tournament, rnd: Round, public: bool) -> dict[str, Any]:
    """The pairs the draw kept apart (same club, family, couple): the
    organizer's file names them, with the salt of their commitment; the
    public file says how many and gives the commitment only (issue 51).
    The salt is the site's secret for this partie, the same at every
    download."""
    if not rnd.draw_avoid:
        return {}
    key = f"{tournament.pk}:{rnd.number}"
    salt = salted_hmac(APART_SALT, key, algorithm="sha256").hexdigest()[:32]
    apart = {"pairs": len(rnd.draw_avoid), "digest": apart_digest(salt, rnd.draw_avoid)}
    if public:
        return {"avoid_absolute": rnd.draw_avoid_absolute, "apart": apart}
    return {
        "avoid": rnd.draw_avoid,
        "avoid_absolute": rnd.draw_avoid_absolute,
        "apart": {**apart, "salt": salt},
    }


def _withhold_pointing_seeds(doc: dict[str, Any]) -> None:
    """A public random draw that pairs kept apart changed loses its seed:
    replayed from it without the pairs, it departs from its tables exactly
    where a pair was kept apart (issue 61: a quarter of such draws named
    a couple that way). A draw the pairs did not change keeps its seed and
    is checked as any other; the checker says which it cannot replay."""
    for rnd in doc["rounds"]:
        draw = rnd["draw"]
        if draw["kind"] != replay.RANDOM or not draw.get("apart") or draw["seed"] is None:
            continue
        try:
            pairs, byes, _numbers = replay.expected_draw(doc, rnd)
        except (pairing.DrawError, KeyError, ValueError):
            draw["seed"] = None
            continue
        tables = sorted(sorted((t["a"], t["b"])) for t in rnd["tables"])
        if sorted(map(sorted, pairs)) != tables or sorted(byes) != sorted(rnd["byes"]):
            draw["seed"] = None


def _reason(reason: dict[str, Any], public: bool) -> dict[str, Any]:
    """A table's reason; in the public file, a pair kept apart unsaid."""
    parsed = Reason.from_json(reason) if public else None
    return parsed.as_public().to_json() if parsed is not None else reason


def _bye_reasons(tables: list[Table]) -> dict[str, Any]:
    """The exempt teams' reasons, when every one of them has its reason."""
    byes = [t for t in tables if t.is_bye]
    if not byes or not all(t.reason for t in byes):
        return {}
    return {"bye_reasons": [t.reason for t in byes]}


def _brackets(tournament: Tournament, shown: set[int]) -> list[dict[str, Any]]:
    """The brackets; a match seated in a partie not in the file (a draft)
    keeps its teams without its partie and table."""
    brackets = brackets_of(tournament)
    matches: dict[int, list[BracketMatch]] = defaultdict(list)
    for match in (
        BracketMatch.objects.filter(bracket__in=brackets)
        .select_related("table__round")
        .order_by("level", "position")
    ):
        matches[match.bracket_id].append(match)
    return [
        {
            "kind": b.kind,
            "position": b.position,
            "tie_rule": b.tie_rule,
            "seeds": b.seeds,
            "matches": [
                {
                    "level": m.level,
                    "position": m.position,
                    "a": m.team_a_id,
                    "b": m.team_b_id,
                    "winner": m.winner_id,
                    "settled": m.settled,
                    "round": m.table.round.number if _seated(m, shown) else None,
                    "table": m.table.number if _seated(m, shown) else None,
                }
                for m in matches[b.pk]
            ],
        }
        for b in brackets
    ]


def _seated(match: BracketMatch, shown: set[int]) -> bool:
    return match.table is not None and match.table.round.number in shown
