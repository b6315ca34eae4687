"""A file of teams (CSV) imported into a tournament, as often as needed.

The file is first read into a plan that says, line by line, which teams are
new, which are already registered (the same two players, as `registration.
team_key_of` compares them) and which conflict with a registered team (its
number taken, one of its players in another team). Importing registers the
new lines only, all or none, in one transaction: so the organizer's
spreadsheet, grown with late teams, is simply imported again. A faulty line
(`team_file` reads it) is listed with its number and left out, the good
ones imported on confirmation; a file that cannot be read is refused whole.

This module must not seat anyone nor touch scores; a single team is
registered by `registration`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import hooks
from tournaments.domain.categories import club_key
from tournaments.models import Change, Team, Tournament
from tournaments.queries.awards import ticked_categories
from tournaments.services import extras, team_file
from tournaments.services.audit import Actor, log_change, team_snapshot
from tournaments.services.errors import ImportRefused, TournamentError
from tournaments.services.prizes import set_entrant_categories
from tournaments.services.registration import (
    PlayerData,
    create_team,
    pairs_refusal,
    registered_teams,
    team_key_of,
)


class LineStatus:
    """What importing a line of the file would do."""

    NEW = "new"  # registered on confirmation
    REGISTERED = "registered"  # the same two players are already registered
    CONFLICT = "conflict"  # clashes with a registered team: left out


@dataclass(frozen=True)
class ImportLine:
    row: team_file.TeamRow
    status: str
    # NEW: the number the team will get; REGISTERED: the team's number.
    number: int | None = None
    # CONFLICT: why, in a sentence.
    reason: str = ""
    # The line's cells of the features' columns (ImportPlan.extra_columns).
    extras: tuple[str, ...] = ()


@dataclass
class ImportPlan:
    """A file read against the teams registered: nothing written."""

    lines: list[ImportLine] = field(default_factory=list)
    # The file's own faults, line-numbered. The faulty lines are left out
    # and the good ones imported, unless the file itself is unreadable
    # (`refused_whole`): then nothing is.
    errors: list[tuple[int, str]] = field(default_factory=list)
    refused_whole: bool = False
    # Why the columns give no team, as read: the volunteer is to say them.
    columns_problem: str = ""
    # Why this tournament takes no team now (a mêlée, a finished tournament).
    refusal: str = ""
    # Once imported: the teams registered from the new lines.
    imported: list[Team] = field(default_factory=list)
    # A line's values in the installed features' columns (services/extras.py).
    extra_values: dict[int, dict[str, Any]] = field(default_factory=dict)
    # Each column's header and the key it was read as ("" not understood),
    # and the features' columns the file has (key, header).
    columns: list[tuple[str, str]] = field(default_factory=list)
    extra_columns: list[tuple[str, str]] = field(default_factory=list)

    def of(self, status: str) -> list[ImportLine]:
        return [line for line in self.lines if line.status == status]

    @property
    def new(self) -> list[ImportLine]:
        return self.of(LineStatus.NEW)

    @property
    def registered(self) -> list[ImportLine]:
        return self.of(LineStatus.REGISTERED)

    @property
    def conflicts(self) -> list[ImportLine]:
        return self.of(LineStatus.CONFLICT)

    @property
    def faulty_lines(self) -> list[int]:
        """The lines left out for a fault of their own."""
        return sorted({line for line, _message in self.errors if line})

    @property
    def ok(self) -> bool:
        """Whether importing would register at least one team."""
        return not self.refused_whole and not self.refusal and bool(self.new)


def plan_import(
    *, tournament: Tournament, data: bytes, chosen: list[str] | None = None
) -> ImportPlan:
    """Read a CSV file of teams and say, line by line, what importing it
    would do; its columns read from their headers, or as `chosen` in the
    preview. Writes nothing."""
    declared = extras.declared(tournament, "file")
    parsed = team_file.parse_teams(data, extra_columns=declared.columns, chosen=chosen)
    plan = ImportPlan(
        errors=parsed.errors,
        refused_whole=parsed.whole,
        refusal=pairs_refusal(tournament),
        columns=parsed.columns,
        columns_problem=parsed.columns_problem,
        extra_columns=[(key, header) for header, key in parsed.columns if key in declared.columns],
    )
    if parsed.whole:
        return plan
    unknown = _unknown_categories(tournament, parsed.rows)
    unknown += _read_extras(plan, declared, parsed.rows)
    plan.errors = sorted(parsed.errors + unknown, key=lambda error: error[0])
    faulty = {line for line, _message in unknown}
    teams = registered_teams(tournament)
    by_key = {team_key_of(t): t for t in teams}
    by_player = {k: t for t in teams for k in team_key_of(t)}
    by_number = {t.number: t for t in teams}
    lines = []
    in_file: dict[str, int] = {}  # a player of a new line -> that line
    for row in (row for row in parsed.rows if row.line not in faulty):
        key = team_file.team_key(row.first_name1, row.last_name1, row.first_name2, row.last_name2)
        twin = by_key.get(key)
        if twin is not None:
            lines.append(ImportLine(row, LineStatus.REGISTERED, twin.number))
            continue
        reason = _conflict(row, by_player, by_number, in_file)
        status = LineStatus.CONFLICT if reason else LineStatus.NEW
        if not reason:
            in_file.update(dict.fromkeys(key, row.line))
        lines.append(ImportLine(row, status, row.number, reason))
    keys = [key for key, _label in plan.extra_columns]
    plan.lines = [
        replace(line, extras=tuple(dict(line.row.extras).get(key, "") for key in keys))
        for line in _numbered(lines, taken=set(by_number))
    ]
    return plan


def _category_ids(tournament: Tournament) -> dict[str, int]:
    """The special rankings a line of the file may name, by folded name
    (the club ranking needs no naming: it follows the club)."""
    return {club_key(c.name): c.pk for c in ticked_categories(tournament)}


def _unknown_categories(
    tournament: Tournament, rows: list[team_file.TeamRow]
) -> list[tuple[int, str]]:
    """A line naming a special ranking the tournament does not have."""
    known = _category_ids(tournament) if any(row.categories for row in rows) else {}
    names = ", ".join(c.name for c in ticked_categories(tournament)) or _("aucun")
    return [
        (
            row.line,
            _("Classement spécial « %(name)s » inconnu (ceux du tournoi : %(names)s).")
            % {"name": name, "names": names},
        )
        for row in rows
        for name in row.categories
        if club_key(name) not in known
    ]


def _read_extras(
    plan: ImportPlan, declared: extras.Extras, rows: list[team_file.TeamRow]
) -> list[tuple[int, str]]:
    """The features' columns of each line kept in the plan; a line whose
    cells they refuse is faulty (an e-mail that is not one)."""
    if not declared:
        return []
    faults: list[tuple[int, str]] = []
    for row in rows:
        values, problems = extras.read_cells(dict(row.extras), declared)
        faults.extend((row.line, problem) for problem in problems)
        plan.extra_values[row.line] = values
    return faults


def _conflict(
    row: team_file.TeamRow,
    by_player: dict[str, Team],
    by_number: dict[int, Team],
    in_file: dict[str, int],
) -> str:
    """Why a line that is not a registered team cannot be one ("" if it can):
    its number is another team's, or one of its players is already in a
    registered team or in a new team of an earlier line."""
    reasons = []
    if row.number in by_number:
        reasons.append(
            _("Le n° %(number)s est celui de l'équipe %(team)s.")
            % {"number": row.number, "team": by_number[row.number]}
        )
    for first, last in ((row.first_name1, row.last_name1), (row.first_name2, row.last_name2)):
        player = team_file.player_key(first, last)
        if player in by_player:
            team = by_player[player]
            reasons.append(
                _("%(player)s joue déjà dans l'équipe n° %(number)s (%(team)s).")
                % {"player": f"{first} {last}", "number": team.number, "team": team}
            )
        elif player in in_file:
            reasons.append(
                _("%(player)s joue déjà dans l'équipe de la ligne %(line)s.")
                % {"player": f"{first} {last}", "line": in_file[player]}
            )
    return " ".join(reasons)


def _numbered(lines: list[ImportLine], *, taken: set[int]) -> list[ImportLine]:
    """New lines without a number of their own get the next free numbers,
    after every number registered or given in the file."""
    given = {line.number for line in lines if line.status == LineStatus.NEW and line.number}
    following = max(taken | given, default=0) + 1
    out = []
    for line in lines:
        if line.status == LineStatus.NEW and line.number is None:
            line = ImportLine(line.row, line.status, following)
            following += 1
        out.append(line)
    return out


def _register(
    tournament: Tournament,
    line: ImportLine,
    categories: dict[str, int],
    values: dict[str, Any] | None,
) -> Team:
    row = line.row
    assert line.number is not None  # _numbered gave each new line its number
    team = create_team(
        tournament,
        player1=PlayerData.of(row, 1),
        player2=PlayerData.of(row, 2),
        club=row.club,
        name=row.name,
        number=line.number,
    )
    if row.categories:
        set_entrant_categories(team, {categories[club_key(name)] for name in row.categories})
    if row.preregistered:  # the hosted instance's list: the calendar's to check in
        hooks.announce(hooks.PREREGISTERED_IMPORTED, team=team)
    extras.given(tournament=tournament, team=team, values=values, source="file")
    return team


@transaction.atomic(durable=True)
def import_teams(
    *, tournament: Tournament, data: bytes, chosen: list[str] | None = None, by: Actor | None = None
) -> ImportPlan:
    """Register the new teams of a CSV file, all or none, and return the
    plan followed, with the teams in `imported`. Lines already registered,
    lines that conflict with a registered team and faulty lines are left
    out; an unreadable file is refused whole, each fault with its line."""
    # One import at a time: a second desk's import waits, then finds the
    # first one's teams registered.
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    plan = plan_import(tournament=tournament, data=data, chosen=chosen)
    if plan.columns_problem:
        raise TournamentError(plan.columns_problem, field="file")
    if plan.refused_whole:
        raise ImportRefused(plan.errors)
    if plan.refusal:
        raise TournamentError(plan.refusal, field="file")
    if not plan.new:
        raise TournamentError(
            _("Aucune nouvelle équipe dans ce fichier : rien n'a été importé."), field="file"
        )
    categories = _category_ids(tournament)
    plan.imported = teams = [
        _register(tournament, line, categories, plan.extra_values.get(line.row.line))
        for line in plan.new
    ]
    log_change(
        tournament,
        Change.Action.TEAMS_IMPORTED,
        by=by,
        after={
            "teams": [team_snapshot(t) for t in teams],
            "already_registered": [line.row.line for line in plan.registered],
            "conflicts": [line.row.line for line in plan.conflicts],
            "faulty": plan.faulty_lines,
        },
    )
    return plan
