"""What a backup file must be to be restored: its shape, its limits, and
the checks `backup.import_tournament` runs before anything is written.

A backup is read as the app reads what an organizer types: the
tournament's settings with the bounds and choices of the tournament form
(the same validators, on the models), its rule profile through the engine
(`scoring.Rules`: a known preset, known options, allowed values), every row
through its model's fields (types, lengths, choices, bounds), every id it
names among the rows of the same file. The deals are rescored by the engine
when they are restored (backup.py): marques, outcomes, pots and the totals
of a table played deal by deal are never read from the file. Neither are
the owner and the co-organizers: the importer says who owns the tournament.
The seats are rebuilt from the tables.

Limits, past which a file is refused whole:

- the file: 20 MB (`MAX_BYTES`), checked before it is read whole;
- the rows (`MAX_ROWS`): 2,000 players, 20 parties, 20,000 teams,
  20,000 tables, 200,000 deals, 10,000 penalties, 300,000 lines of history;
- the nesting of the JSON: what Python's reader accepts (about 1,000 levels);
- no NUL character anywhere (PostgreSQL cannot store it).

Each refusal is one sentence in the active language: « Sauvegarde refusée,
rien n'a été importé : équipes, élément 3, nom d'équipe : … ». Must not:
write to the database (it only reads whether an address or a table link is
already taken here).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring
from tournaments import deal_shapes
from tournaments.display.errors import engine_error
from tournaments.models import Change, Deal, Penalty, Player, Round, Side, Table, Team, Tournament
from tournaments.services.errors import TournamentError
from tournaments.services.tournaments import checked_criteria

FORMAT = "belote-tournois/backup"
# Version 3 says which tables were typed as totals only. Version 2 keeps
# each table's link key, team codes and entry state, so the printed QR codes
# and a disputed table survive a restore, and names the penalties so.
# Version 1 files are still read: their tables get new links and codes.
VERSION = 3
READABLE_VERSIONS = (1, 2, 3)

MAX_BYTES = 20 * 1024 * 1024
MAX_ROWS = {
    "players": 2_000,
    "rounds": 20,
    "teams": 20_000,
    "tables": 20_000,
    "seats": 40_000,
    "deals": 200_000,
    "penalties": 10_000,
    "changes": 300_000,
}

TOURNAMENT_FIELDS = (
    "name",
    "slug",
    "date",
    "venue",
    "rules",
    "format",
    "parties",
    "end_mode",
    "end_deals",
    "end_target",
    "score_entry",
    "ranking_criteria",
    "match_points_win",
    "match_points_draw",
    "match_points_loss",
    "bye_policy",
    "bye_points",
    "published",
    "status",
)
PLAYER_FIELDS = ("id", "first_name", "last_name", "licence", "club", "status", "present")
TEAM_FIELDS = (
    "id",
    "round_id",
    "number",
    "name",
    "club",
    "player1_id",
    "player2_id",
    "status",
    "present",
)
ROUND_FIELDS = ("id", "number", "status", "draw_method", "draw_seed", "closed_at")
TABLE_FIELDS = (
    "id",
    "round_id",
    "number",
    "team_a_id",
    "team_b_id",
    "status",
    "total_a",
    "total_b",
    "lost_pot",
    "corrected",
    "version",
)
TABLE_SIDE_FIELDS = (
    "entry_key",
    "code_a",
    "code_b",
    "entry_state",
    "entered_by",
    "claimed_totals",
    "settled_by",
)
SEAT_FIELDS = ("round_id", "table_id", "team_id", "side")
# What a deal is read from; its marques, outcome and pot are the engine's.
DEAL_INPUT_FIELDS = ("table_id", "number", *deal_shapes.DEAL_FIELDS)
DEAL_FIELDS = (*DEAL_INPUT_FIELDS, "marque_a", "marque_b", "outcome", "pot")
PENALTY_FIELDS = ("table_id", "team_id", "points", "reason")
CHANGE_FIELDS = ("table_id", "at", "action", "reason", "before", "after")

SECTIONS = {
    "tournament": gettext_lazy("tournoi"),
    "players": gettext_lazy("joueurs"),
    "rounds": gettext_lazy("parties"),
    "teams": gettext_lazy("équipes"),
    "tables": gettext_lazy("tables"),
    "seats": gettext_lazy("places"),
    "deals": gettext_lazy("donnes"),
    "penalties": gettext_lazy("pénalités"),
    "adjustments": gettext_lazy("pénalités"),
    "changes": gettext_lazy("historique"),
}
ENTRY_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
SETTLED_BY = ("", Side.A, Side.B, Table.DESK)


def refusal(detail: str) -> TournamentError:
    """The one sentence of every refusal, `detail` saying where and why."""
    return TournamentError(
        _("Sauvegarde refusée, rien n'a été importé : %(detail)s.") % {"detail": _clause(detail)},
        field="file",
    )


def _clause(text: Any) -> str:
    """A sentence made a clause: no final period, a lower-case start
    (« Assurez-vous… » → « assurez-vous… », never « JSON » → « jSON »)."""
    text = str(text).strip().rstrip(".").strip()
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        text = text[0].lower() + text[1:]
    return text


def _at(where: str, why: Any) -> TournamentError:
    return refusal(_("%(where)s : %(why)s") % {"where": where, "why": _clause(why)})


def read_document(raw: bytes) -> Any:
    """The JSON document in `raw` (at most MAX_BYTES, already read)."""
    if len(raw) > MAX_BYTES:
        raise too_big()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise refusal(_("le fichier n'est pas en UTF-8")) from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise refusal(
            _("ce n'est pas du JSON (ligne %(line)s, colonne %(col)s)")
            % {"line": exc.lineno, "col": exc.colno}
        ) from exc
    except RecursionError as exc:
        raise refusal(_("le JSON est imbriqué trop profondément")) from exc
    except ValueError as exc:  # a number of more than 4,300 digits
        raise refusal(_("le fichier contient un nombre trop long")) from exc


def too_big() -> TournamentError:
    return refusal(_("le fichier dépasse %(mb)s Mo") % {"mb": MAX_BYTES // (1024 * 1024)})


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


def check_backup(data: Any) -> CheckedBackup:
    """Check the whole document; raises the refusal of the first fault."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise refusal(_("ce n'est pas une sauvegarde de tournoi (format inconnu)"))
    version = data.get("version")
    if type(version) is not int or version not in READABLE_VERSIONS:
        raise refusal(
            _("version %(v)s inconnue (versions lues : %(known)s)")
            % {"v": _shown(version), "known": ", ".join(map(str, READABLE_VERSIONS))}
        )
    _refuse_nul(data)
    penalties = "penalties" if version >= 2 else "adjustments"
    sections = {name: _section(data, name) for name in (*_ROW_SECTIONS, penalties)}
    tournament = _check_tournament(data.get("tournament"))
    players = _check_rows(sections["players"], "players", Player, PLAYER_FIELDS)
    rounds = _check_rounds(sections["rounds"], tournament)
    teams = _check_teams(sections["teams"], _ids(players), _ids(rounds))
    tables = _check_tables(sections["tables"], version, _ids(teams), _ids(rounds))
    deals = _check_deals(sections["deals"], tournament, tables)
    penalty_rows = _check_penalties(sections[penalties], penalties, tables)
    _mark_totals_only(tables, tournament, deals, version)
    changes = _check_changes(sections["changes"], _ids(tables))
    return CheckedBackup(
        version, tournament, players, rounds, teams, tables, deals, penalty_rows, changes
    )


_ROW_SECTIONS = ("players", "rounds", "teams", "tables", "seats", "deals", "changes")


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)[:40]


def _section(data: dict[str, Any], name: str) -> list[Any]:
    if name not in data:
        raise refusal(_("il manque la section « %(key)s »") % {"key": name})
    rows = data[name]
    if not isinstance(rows, list):
        raise refusal(_("« %(key)s » doit être une liste") % {"key": name})
    if len(rows) > MAX_ROWS.get(name, MAX_ROWS["penalties"]):
        raise refusal(
            _("trop de lignes dans « %(key)s » : %(n)s, au plus %(max)s")
            % {"key": name, "n": len(rows), "max": MAX_ROWS.get(name, MAX_ROWS["penalties"])}
        )
    return rows


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


# --- rows in general ---------------------------------------------------------


_KIND_WORDS = {
    "int": gettext_lazy("un nombre entier est attendu"),
    "bool": gettext_lazy("vrai ou faux est attendu"),
    "str": gettext_lazy("un texte est attendu"),
    "date": gettext_lazy("une date (texte AAAA-MM-JJ) est attendue"),
}


def _kind(field: models.Field) -> str | None:
    if isinstance(field, models.BooleanField):
        return "bool"
    if isinstance(field, (models.IntegerField, models.ForeignKey)):
        return "int"
    if isinstance(field, models.DateField):
        return "date"
    if isinstance(field, models.CharField | models.TextField):
        return "str"
    return None  # JSON: checked where it is read


def _has_kind(value: Any, kind: str | None) -> bool:
    if kind is None:
        return True
    if kind == "int":
        return type(value) is int
    if kind == "bool":
        return type(value) is bool
    return isinstance(value, str)


def _where(section: str, index: int | None = None) -> str:
    if index is None:
        return str(SECTIONS[section])
    return _("%(section)s, élément %(n)s") % {"section": SECTIONS[section], "n": index + 1}


#: Names of fields whose model gives none worth showing.
FIELD_LABELS = {
    "round": gettext_lazy("partie"),
    "table": gettext_lazy("table"),
    "at": gettext_lazy("date et heure"),
}


def _label(model: type[models.Model], name: str) -> str:
    name = name.removesuffix("_id")
    return str(FIELD_LABELS.get(name) or model._meta.get_field(name).verbose_name)


def clean_row(
    model: type[models.Model],
    row: Any,
    fields: tuple[str, ...],
    where: str,
    *,
    optional: tuple[str, ...] = (),
) -> dict[str, Any]:
    """`row`'s `fields`, each of the right JSON type then cleaned by its
    model field (lengths, choices, bounds); references (`…_id`) are only
    typed here. Refused with the place and the field at fault."""
    if not isinstance(row, dict):
        raise _at(where, _("un objet est attendu"))
    values: dict[str, Any] = {}
    for name in fields:
        if name not in row:
            if name in optional:
                continue
            raise _at(where, _("il manque « %(key)s »") % {"key": name})
        values[name] = row[name]
    for name, value in values.items():
        field = model._meta.pk if name == "id" else model._meta.get_field(name.removesuffix("_id"))
        if value is None and field.null:
            continue
        if not _has_kind(value, _kind(field)):
            label = _("identifiant") if name == "id" else _label(model, name)
            raise _at(f"{where}, {label}", _KIND_WORDS[_kind(field)])
    instance = model(**{k: v for k, v in values.items() if k != "id"})
    try:
        instance.clean_fields(
            exclude={f.name for f in model._meta.fields if f.is_relation or f.attname not in values}
        )
    except ValidationError as exc:
        name, messages = next(iter(exc.message_dict.items()))
        raise _at(f"{where}, {_label(model, name)}", messages[0]) from exc
    return {k: (v if k == "id" else getattr(instance, k)) for k, v in values.items()}


def _check_rows(rows: list[Any], section: str, model, fields, **kwargs) -> list[dict[str, Any]]:
    cleaned = [
        clean_row(model, row, fields, _where(section, i), **kwargs) for i, row in enumerate(rows)
    ]
    if "id" in fields:
        for row_id, count in Counter(r["id"] for r in cleaned).items():
            if count > 1:
                raise _at(_where(section), _("l'identifiant %(id)s est en double") % {"id": row_id})
    return cleaned


def _ids(rows: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    return {row["id"]: row for row in rows}


def _ref(row: dict[str, Any], name: str, ids, where: str, model, *, null: bool = False):
    value = row[name]
    if value is None and null:
        return None
    label = f"{where}, {_label(model, name)}"
    if type(value) is not int:
        raise _at(label, _("un identifiant (nombre entier) est attendu"))
    if value not in ids:
        raise _at(
            label, _("l'identifiant %(id)s ne renvoie à rien dans le fichier") % {"id": value}
        )
    return ids[value]


# --- the tournament ----------------------------------------------------------


def _check_tournament(meta: Any) -> dict[str, Any]:
    """The settings, as the tournament form accepts them; the rules through
    the engine; the address valid and free here."""
    where = _where("tournament")
    if meta is None:
        raise refusal(_("il manque la section « %(key)s »") % {"key": "tournament"})
    values = clean_row(Tournament, meta, TOURNAMENT_FIELDS, where)
    try:
        rules = scoring.Rules.from_json(values["rules"])
    except scoring.ScoringError as exc:
        raise _at(f"{where}, {_label(Tournament, 'rules')}", engine_error(exc)) from exc
    values["rules"] = rules.to_json()
    criteria = values["ranking_criteria"]
    if not isinstance(criteria, list) or not all(isinstance(c, str) for c in criteria):
        raise _at(f"{where}, {_label(Tournament, 'ranking_criteria')}", _("une liste est attendue"))
    try:
        values["ranking_criteria"] = checked_criteria(criteria)
    except TournamentError as exc:
        raise _at(where, exc.message) from exc
    if values["end_mode"] == Tournament.EndMode.TARGET and not values["end_target"]:
        raise _at(
            f"{where}, {_label(Tournament, 'end_target')}", _("Indiquez le score à atteindre.")
        )
    if Tournament.objects.filter(slug=values["slug"]).exists():
        raise refusal(_("un tournoi « %(slug)s » existe déjà ici") % {"slug": values["slug"]})
    return values


# --- players, parties, teams, tables -------------------------------------------


def _check_rounds(rows: list[Any], tournament: dict[str, Any]) -> list[dict[str, Any]]:
    rounds = _check_rows(rows, "rounds", Round, ROUND_FIELDS)
    _unique(rounds, "rounds", lambda r: r["number"], _("la partie %(n)s est en double"))
    if len(rounds) > tournament["parties"]:
        raise _at(
            _where("rounds"),
            _("%(n)s parties tirées pour %(parties)s prévues")
            % {"n": len(rounds), "parties": tournament["parties"]},
        )
    for i, row in enumerate(rounds):
        if row["closed_at"] is not None:
            row["closed_at"] = _moment(row["closed_at"], _where("rounds", i))
    return rounds


def _unique(rows, section: str, key, message: str) -> None:
    seen: set = set()
    for i, row in enumerate(rows):
        value = key(row)
        if value in seen:
            number = value[-1] if isinstance(value, tuple) else value
            raise _at(_where(section, i), message % {"n": number})
        seen.add(value)


def _check_teams(rows: list[Any], players, rounds) -> list[dict[str, Any]]:
    teams = _check_rows(rows, "teams", Team, TEAM_FIELDS)
    for i, team in enumerate(teams):
        where = _where("teams", i)
        _ref(team, "round_id", rounds, where, Team, null=True)
        _ref(team, "player1_id", players, where, Team)
        _ref(team, "player2_id", players, where, Team)
        if team["player1_id"] == team["player2_id"]:
            raise _at(where, _("le même joueur y figure deux fois"))
    _unique(
        teams, "teams", lambda t: (t["round_id"], t["number"]), _("le numéro %(n)s est déjà pris")
    )
    return teams


def _check_tables(rows: list[Any], version: int, teams, rounds) -> list[dict[str, Any]]:
    fields = TABLE_FIELDS + (TABLE_SIDE_FIELDS if version >= 2 else ())
    if version >= 3:
        fields += ("totals_only",)
    tables = _check_rows(rows, "tables", Table, fields)
    seated: set[tuple[int, int]] = set()
    for i, table in enumerate(tables):
        where = _where("tables", i)
        _ref(table, "round_id", rounds, where, Table)
        for name in ("team_a_id", "team_b_id"):
            team = _ref(table, name, teams, where, Table, null=name == "team_b_id")
            if team is None:
                continue
            if team["round_id"] not in (None, table["round_id"]):
                raise _at(where, _("une équipe d'une autre partie y est placée"))
            if (table["round_id"], team["id"]) in seated:
                raise _at(where, _("une équipe est placée deux fois dans la même partie"))
            seated.add((table["round_id"], team["id"]))
        if version >= 2:
            _check_table_side(table, where)
    _unique(
        tables, "tables", lambda t: (t["round_id"], t["number"]), _("la table %(n)s est en double")
    )
    _check_links_free(tables)
    return tables


def _check_table_side(table: dict[str, Any], where: str) -> None:
    if not ENTRY_KEY.fullmatch(table["entry_key"]):
        raise _at(where, _("le lien de la table est illisible"))
    if table["settled_by"] not in SETTLED_BY:
        raise _at(where, _("la réponse à la table est illisible"))
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
        raise _at(where, _("les totaux contestés à la table sont illisibles"))


def _check_links_free(tables: list[dict[str, Any]]) -> None:
    """Each table's link is its own: once in the file, and not already a
    link of another table here (it would open the wrong table)."""
    keys = [t["entry_key"] for t in tables if "entry_key" in t]
    if len(set(keys)) != len(keys):
        raise _at(_where("tables"), _("deux tables ont le même lien"))
    for start in range(0, len(keys), 500):
        taken = Table.objects.filter(entry_key__in=keys[start : start + 500]).first()
        if taken is not None:
            raise _at(
                _where("tables"),
                _("le lien d'une table est déjà celui d'une table d'ici (tournoi « %(slug)s »)")
                % {"slug": taken.round.tournament.slug},
            )


# --- deals, penalties, history -------------------------------------------------


def _check_deals(rows: list[Any], tournament, tables) -> list[dict[str, Any]]:
    """The deals' stored fields; whether they make sense is the engine's
    word when the table is rescored (backup.py)."""
    deals = _check_rows(rows, "deals", Deal, DEAL_INPUT_FIELDS)
    by_id = _ids(tables)
    for i, deal in enumerate(deals):
        where = _where("deals", i)
        table = _ref(deal, "table_id", by_id, where, Deal)
        if table["team_b_id"] is None:
            raise _at(where, _("l'équipe exempte ne joue pas : aucune donne à sa table"))
        if tournament["score_entry"] == Tournament.ScoreEntry.TOTALS:
            raise _at(where, _("ce tournoi ne saisit que les totaux de fin de partie"))
        if table.get("totals_only"):
            raise _at(where, _("cette table a été saisie par ses totaux"))
        if not isinstance(deal["announcements"], dict):
            raise _at(f"{where}, {_label(Deal, 'announcements')}", _("un objet est attendu"))
    _unique(
        deals,
        "deals",
        lambda d: (d["table_id"], d["number"]),
        _("la donne %(n)s de cette table est en double"),
    )
    return deals


def _check_penalties(rows: list[Any], section: str, tables) -> list[dict[str, Any]]:
    penalties = _check_rows(rows, section, Penalty, PENALTY_FIELDS)
    by_id = _ids(tables)
    for i, penalty in enumerate(penalties):
        where = _where(section, i)
        table = _ref(penalty, "table_id", by_id, where, Penalty)
        if table["team_b_id"] is None or penalty["team_id"] not in (
            table["team_a_id"],
            table["team_b_id"],
        ):
            raise _at(where, _("cette équipe ne joue pas à cette table"))
        if penalty["points"] == 0:
            raise _at(where, _("une pénalité de 0 point ne change rien"))
    return penalties


def _mark_totals_only(tables, tournament, deals, version: int) -> None:
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


def _check_changes(rows: list[Any], tables) -> list[dict[str, Any]]:
    changes = _check_rows(rows, "changes", Change, CHANGE_FIELDS)
    for i, (change, row) in enumerate(zip(changes, rows, strict=True)):
        where = _where("changes", i)
        _ref(change, "table_id", tables, where, Change, null=True)
        by = row.get("by")
        if by is not None and (not isinstance(by, str) or len(by) > 150):
            raise _at(where, _("l'auteur d'une modification est illisible"))
        change["by"] = by
        change["at"] = _moment(change["at"], where)
    return changes


def _moment(value: Any, where: str) -> datetime:
    """A time of the file (cleaned by its field), in the server's zone when
    it names none."""
    if not isinstance(value, datetime):
        raise _at(where, _("une date et une heure sont attendues"))
    return value if timezone.is_aware(value) else timezone.make_aware(value)
