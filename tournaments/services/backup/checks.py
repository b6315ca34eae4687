"""What a backup must be to be restored: the checks `import_tournament`
runs on the whole document before anything is written. A backup is read
as the app reads what an organizer types: the settings with the tournament
form's bounds and choices (the same validators), its rule profile through
the engine (`scoring.Rules`), every row through its model's fields, every
id it names among the rows of the same file, each team seated once a
partie, each penalty at its own table. Whether the deals make sense is the
engine's word when their tables are rescored (restore.py: marques,
outcomes, pots, totals deal by deal); the owner and co-organizers are never
read from the file. Must not write (it reads if an address or a link is taken).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from tournaments.display.errors import engine_error
from tournaments.domain.reasons import Reason
from tournaments.models import Deal, Penalty, Player, Round, Side, Table, Team, Tournament
from tournaments.models.options import SWITCHES
from tournaments.services.backup.changes import check_changes
from tournaments.services.backup.document import (
    DEAL_INPUT_FIELDS,
    FORMAT,
    MAX_ROWS,
    OPTIONAL_TOURNAMENT_FIELDS,
    PENALTY_FIELDS,
    PLAYER_FIELDS,
    PLAYER_OPTION_FIELDS,
    READABLE_VERSIONS,
    ROUND_FIELDS,
    ROUND_MOMENTS,
    ROUND_OPTION_FIELDS,
    TABLE_FIELDS,
    TABLE_OPTION_FIELDS,
    TABLE_SIDE_FIELDS,
    TEAM_FIELDS,
    TEAM_OPTION_FIELDS,
    TOURNAMENT_FIELDS,
    refusal,
    refusal_at,
)
from tournaments.services.backup.features import check_features
from tournaments.services.backup.features_on import feature_labels, switches
from tournaments.services.backup.parts import PARTS
from tournaments.services.backup.phases import CheckedPhases, check_phases
from tournaments.services.backup.prizes import CheckedPrizes, check_prizes
from tournaments.services.backup.rows import (
    Ids,
    check_rows,
    clean_row,
    codes_hidden_on_the_stick,
    field_label,
    ids,
    moment,
    place,
    ref,
    section,
    unique,
)
from tournaments.services.backup.waiting import check_waiting
from tournaments.services.errors import TournamentError
from tournaments.services.tournaments import checked_criteria

ENTRY_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
SETTLED_BY = ("", Side.A, Side.B, Table.DESK)


@dataclass
class CheckedBackup:
    """The rows of a backup once checked, with their values cleaned (dates
    parsed, rules normalised); ids are still the file's."""

    version: int
    tournament: dict[str, Any]
    players: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    teams: list[dict[str, Any]]
    tables: list[dict[str, Any]]
    deals: list[dict[str, Any]]
    penalties: list[dict[str, Any]]
    changes: list[dict[str, Any]]
    prizes: CheckedPrizes
    parts: dict[str, Any]  # the features' top-level parts, checked (parts.py)
    waiting: list[dict[str, Any]]
    phases: CheckedPhases
    features: dict[str, Any]  # each feature checks its own on import (features.py)


def check_counts(data: Any) -> None:
    """The format, the version and each section's count (`MAX_ROWS`): cheap,
    a request calls it before it hands the file to a task."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise refusal(_("ce n'est pas une sauvegarde de tournoi (format inconnu)"))
    version = data.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise refusal(
            _("version %(v)s inconnue (versions lues : %(known)s)")
            % {"v": _shown(version), "known": ", ".join(map(str, READABLE_VERSIONS))}
        )
    penalties = "penalties" if version >= 2 else "adjustments"
    for name in (*_ROW_SECTIONS, penalties):
        _section(data, name)


def check_backup(data: Any) -> CheckedBackup:
    """Check the whole document; raises the refusal of the first fault."""
    check_counts(data)
    version = data["version"]
    _refuse_nul(data)
    penalties = "penalties" if version >= 2 else "adjustments"
    sections = {name: _section(data, name) for name in (*_ROW_SECTIONS, penalties)}
    tournament = _check_tournament(data.get("tournament"))
    players = check_rows(
        sections["players"],
        "players",
        Player,
        (*PLAYER_FIELDS, *PLAYER_OPTION_FIELDS),
        optional=PLAYER_OPTION_FIELDS,
    )
    rounds = _check_rounds(sections["rounds"], tournament)
    teams = _check_teams(sections["teams"], ids(players), ids(rounds))
    _check_fixed_tables(rounds, ids(teams))
    tables = _check_tables(sections["tables"], version, ids(teams), ids(rounds))
    deals = _check_deals(sections["deals"], tournament, tables)
    penalty_rows = _check_penalties(sections[penalties], penalties, tables)
    _mark_totals_only(tables, tournament, deals, version)
    changes = check_changes(sections["changes"], ids(tables))
    prizes = check_prizes(
        data,
        teams=ids(teams),
        players=ids(players),
        melee=tournament["format"] == Tournament.Format.MELEE,
    )
    parts = {
        name: part.check(data, teams=ids(teams), players=ids(players))
        for name, part in PARTS.items()
    }
    phases = check_phases(data, teams=ids(teams), tables=ids(tables))
    return CheckedBackup(
        version,
        tournament,
        players,
        rounds,
        teams,
        tables,
        deals,
        penalty_rows,
        changes,
        prizes,
        parts,
        check_waiting(data),
        phases,
        check_features(data.get("features", {})),
    )


_ROW_SECTIONS = ("players", "rounds", "teams", "tables", "seats", "deals", "changes")


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)[:40]


def _section(data: dict[str, Any], name: str) -> list[Any]:
    if name not in data:
        raise refusal(_("il manque la section « %(key)s »") % {"key": name})
    # (« adjustments », the penalties of version 1 files, share their limit)
    return section(data[name], name, limit=MAX_ROWS.get(name, MAX_ROWS["penalties"]))


def _refuse_nul(data: Any) -> None:
    """No NUL character in any text or key (PostgreSQL refuses them)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str) and "\x00" in value:
            raise refusal(_("le fichier contient un caractère nul"))


def _check_tournament(meta: Any) -> dict[str, Any]:
    """The settings, as the tournament form accepts them; the rules through
    the engine; the address valid and free here."""
    where = place("tournament")
    if meta is None:
        raise refusal(_("il manque la section « %(key)s »") % {"key": "tournament"})
    switched = switches(meta, where)
    if isinstance(meta, dict):
        meta = {name: value for name, value in meta.items() if name not in SWITCHES}
    values = clean_row(
        Tournament,
        meta,
        (*TOURNAMENT_FIELDS, *OPTIONAL_TOURNAMENT_FIELDS),
        where,
        optional=OPTIONAL_TOURNAMENT_FIELDS,
    )
    # A file written before the option comes from a version whose lots
    # cumulated: its tournament keeps that rule.
    values.setdefault("prizes_cumulate", True)
    # One written before draws were drafts by default (or before the option)
    # comes from a tournament that showed its draws at once: it still does.
    values.setdefault("release_draws", False)
    try:
        rules = scoring.Rules.from_json(values["rules"])
    except scoring.ScoringError as exc:
        raise refusal_at(f"{where}, {field_label(Tournament, 'rules')}", engine_error(exc)) from exc
    values["rules"] = rules.to_json()
    labels = feature_labels(values.get("features", []), where)
    on = {label for label, wanted in switched.items() if wanted}
    values["features"] = sorted((labels - set(switched)) | on)
    criteria = values["ranking_criteria"]
    if not isinstance(criteria, list) or not all(isinstance(c, str) for c in criteria):
        raise refusal_at(
            f"{where}, {field_label(Tournament, 'ranking_criteria')}", _("une liste est attendue")
        )
    try:
        values["ranking_criteria"] = checked_criteria(criteria)
    except TournamentError as exc:
        raise refusal_at(where, exc.message) from exc
    if values["end_mode"] == Tournament.EndMode.TARGET and not values["end_target"]:
        raise refusal_at(
            f"{where}, {field_label(Tournament, 'end_target')}", _("Indiquez le score à atteindre.")
        )
    if Tournament.objects.filter(slug=values["slug"]).exists():
        raise refusal(_("un tournoi « %(slug)s » existe déjà ici") % {"slug": values["slug"]})
    return values


def _check_rounds(rows: list[Any], tournament: dict[str, Any]) -> list[dict[str, Any]]:
    rounds = check_rows(
        rows,
        "rounds",
        Round,
        (*ROUND_FIELDS, *ROUND_OPTION_FIELDS),
        optional=ROUND_OPTION_FIELDS,
    )
    unique(rounds, "rounds", lambda r: r["number"], _("la partie %(n)s est en double"))
    qualifying = [
        r for r in rounds if r.get("stage", Round.Stage.QUALIFYING) != Round.Stage.BRACKET
    ]
    if len(qualifying) > tournament["parties"]:
        raise refusal_at(
            place("rounds"),
            _("%(n)s parties tirées pour %(parties)s prévues")
            % {"n": len(qualifying), "parties": tournament["parties"]},
        )
    for i, row in enumerate(rounds):
        for name in ROUND_MOMENTS:
            if row.get(name) is not None:
                row[name] = moment(row[name], place("rounds", i))
        if "released_at" not in row:  # a file from before the option: shown
            row["released_at"] = row["closed_at"] or timezone.now()
    return rounds


def _check_teams(rows: list[Any], players: Ids, rounds: Ids) -> list[dict[str, Any]]:
    codes_hidden_on_the_stick(rows, ("code",), drop=True)
    teams = check_rows(
        rows, "teams", Team, (*TEAM_FIELDS, *TEAM_OPTION_FIELDS), optional=TEAM_OPTION_FIELDS
    )
    for i, team in enumerate(teams):
        where = place("teams", i)
        if team.get("checked_in_at") is not None:
            team["checked_in_at"] = moment(team["checked_in_at"], where)
        ref(team, "round_id", rounds, where, Team, null=True)
        ref(team, "player1_id", players, where, Team)
        ref(team, "player2_id", players, where, Team)
        if team["player1_id"] == team["player2_id"]:
            raise refusal_at(where, _("le même joueur y figure deux fois"))
    unique(
        teams, "teams", lambda t: (t["round_id"], t["number"]), _("le numéro %(n)s est déjà pris")
    )
    return teams


def _check_fixed_tables(rounds: list[dict[str, Any]], teams: Ids) -> None:
    """The teams a partie's draw kept at their table (« reste à sa table »)
    or apart (pairs): teams of the file (restore.py renames them)."""

    def team(value: Any, *, null: bool = False) -> bool:
        return (value is None and null) or (type(value) is int and value in teams)

    for i, row in enumerate(rounds):
        value = row.get("fixed_tables") or {}
        asked = value.get("asked", []) if isinstance(value, dict) else None
        conflicts = value.get("conflicts", []) if isinstance(value, dict) else None
        readable = isinstance(apart := row.get("draw_avoid") or [], list) and (
            all(isinstance(p, list) and len(p) == 2 and all(map(team, p)) for p in apart)
            and isinstance(asked, list)
            and isinstance(conflicts, list)
            and all(
                isinstance(a, list) and len(a) == 2 and team(a[0]) and type(a[1]) is int
                for a in asked
            )
            and all(
                isinstance(c, dict) and team(c.get("team")) and team(c.get("other"), null=True)
                for c in conflicts
            )
        )
        if not readable:
            raise refusal_at(place("rounds", i), _("les tables gardées sont illisibles"))


def _check_tables(rows: list[Any], version: int, teams: Ids, rounds: Ids) -> list[dict[str, Any]]:
    codes_hidden_on_the_stick(rows, ("code_a", "code_b"), drop=False)
    fields = TABLE_FIELDS + (TABLE_SIDE_FIELDS if version >= 2 else ())
    if version >= 3:
        fields += ("totals_only",)
    tables = check_rows(
        rows, "tables", Table, (*fields, *TABLE_OPTION_FIELDS), optional=TABLE_OPTION_FIELDS
    )
    seated: set[tuple[int, int]] = set()
    for i, table in enumerate(tables):
        where = place("tables", i)
        ref(table, "round_id", rounds, where, Table)
        for name in ("team_a_id", "team_b_id"):
            team = ref(table, name, teams, where, Table, null=name == "team_b_id")
            if team is None:
                continue
            if team["round_id"] not in (None, table["round_id"]):
                raise refusal_at(where, _("une équipe d'une autre partie y est placée"))
            if (table["round_id"], team["id"]) in seated:
                raise refusal_at(where, _("une équipe est placée deux fois dans la même partie"))
            seated.add((table["round_id"], team["id"]))
        if version >= 2:
            _check_table_side(table, where)
        if table.get("reason") and Reason.from_json(table["reason"]) is None:
            raise refusal_at(where, _("la raison du tirage est illisible"))
    unique(
        tables, "tables", lambda t: (t["round_id"], t["number"]), _("la table %(n)s est en double")
    )
    _check_links_free(tables)
    return tables


def _check_table_side(table: dict[str, Any], where: str) -> None:
    if not ENTRY_KEY.fullmatch(table["entry_key"]):
        raise refusal_at(where, _("le lien de la table est illisible"))
    if table["settled_by"] not in SETTLED_BY:
        raise refusal_at(where, _("la réponse à la table est illisible"))
    claimed = table["claimed_totals"]
    if claimed is None:
        return
    totals = claimed.get("totals") if isinstance(claimed, dict) else None
    if (
        set(claimed) != {"by", "totals"}
        or claimed["by"] not in (Side.A, Side.B)
        or not isinstance(totals, list)
        or len(totals) != 2
        or not all(type(t) is int and 0 <= t <= 100_000 for t in totals)
    ):
        raise refusal_at(where, _("les totaux contestés à la table sont illisibles"))


def _check_links_free(tables: list[dict[str, Any]]) -> None:
    """Each table's link is its own: once in the file, and not already a
    link of another table here (it would open the wrong table)."""
    keys = [t["entry_key"] for t in tables if "entry_key" in t]
    if len(set(keys)) != len(keys):
        raise refusal_at(place("tables"), _("deux tables ont le même lien"))
    for start in range(0, len(keys), 500):
        taken = Table.objects.filter(entry_key__in=keys[start : start + 500]).first()
        if taken is not None:
            raise refusal_at(
                place("tables"),
                _("le lien d'une table est déjà celui d'une table d'ici (tournoi « %(slug)s »)")
                % {"slug": taken.round.tournament.slug},
            )


def _check_deals(
    rows: list[Any], tournament: dict[str, Any], tables: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """The deals' stored fields; whether they make sense is the engine's
    word when the table is rescored (backup.py)."""
    deals = check_rows(rows, "deals", Deal, DEAL_INPUT_FIELDS)
    by_id = ids(tables)
    for i, deal in enumerate(deals):
        where = place("deals", i)
        table = ref(deal, "table_id", by_id, where, Deal)
        if table["team_b_id"] is None:
            raise refusal_at(where, _("l'équipe exempte ne joue pas : aucune donne à sa table"))
        if tournament["score_entry"] == Tournament.ScoreEntry.TOTALS:
            raise refusal_at(where, _("ce tournoi ne saisit que les totaux de fin de partie"))
        if table.get("totals_only"):
            raise refusal_at(where, _("cette table a été saisie par ses totaux"))
        if not isinstance(deal["announcements"], dict):
            raise refusal_at(
                f"{where}, {field_label(Deal, 'announcements')}", _("un objet est attendu")
            )
    unique(
        deals,
        "deals",
        lambda d: (d["table_id"], d["number"]),
        _("la donne %(n)s de cette table est en double"),
    )
    return deals


def _check_penalties(
    rows: list[Any], section: str, tables: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    penalties = check_rows(rows, section, Penalty, PENALTY_FIELDS)
    by_id = ids(tables)
    for i, penalty in enumerate(penalties):
        where = place(section, i)
        table = ref(penalty, "table_id", by_id, where, Penalty)
        if table["team_b_id"] is None or penalty["team_id"] not in (
            table["team_a_id"],
            table["team_b_id"],
        ):
            raise refusal_at(where, _("cette équipe ne joue pas à cette table"))
        if penalty["points"] == 0:
            raise refusal_at(where, _("une pénalité de 0 point ne change rien"))
    return penalties


def _mark_totals_only(
    tables: list[dict[str, Any]],
    tournament: dict[str, Any],
    deals: list[dict[str, Any]],
    version: int,
) -> None:
    """Which tables keep the totals of the file: all in a tournament that
    records totals; in one played deal by deal, those typed as totals only
    (said by a version 3 file; before, a finished table without deals).
    The others are rescored from their deals."""
    with_deals = {d["table_id"] for d in deals}
    by_totals = tournament["score_entry"] == Tournament.ScoreEntry.TOTALS
    for table in tables:
        if version < 3:
            table["totals_only"] = (
                not by_totals
                and table["id"] not in with_deals
                and table["team_b_id"] is not None
                and table["status"] == Table.Status.COMPLETE
            )
        table["rescored"] = not by_totals and not table["totals_only"]
