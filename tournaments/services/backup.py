"""A whole tournament as one JSON document, and back.

`export_tournament` writes everything a tournament owns — rules, players,
teams, parties, tables, seats, deals with their marques, penalties, the
cash box (its options, fees paid, lines), the players waiting for a partner
and the audit trail — with the original ids only as references inside the file.
`import_tournament` recreates it in one transaction with new ids, so the
standings read the same. Users are referred to by user name: an account
that does not exist where the file is imported is left out (the importer
becomes the owner). Nothing here scores: marques are restored as they were.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import deal_shapes
from tournaments.models import (
    CashEntry,
    Change,
    Deal,
    Payment,
    Penalty,
    Player,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
    WaitingPlayer,
)
from tournaments.services.audit import log_change
from tournaments.services.errors import TournamentError

FORMAT = "belote-tournois/backup"
# Version 2 keeps each table's link key, team codes and entry state, so the
# printed QR codes and a disputed table survive a restore, and names the
# penalties so. Version 1 files are still read: their tables get new links
# and codes (the import says so in the audit trail).
VERSION = 2
READABLE_VERSIONS = (1, 2)

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
DEAL_FIELDS = (
    "table_id",
    "number",
    *deal_shapes.DEAL_FIELDS,
    "marque_a",
    "marque_b",
    "outcome",
    "pot",
)
PENALTY_FIELDS = ("table_id", "team_id", "points", "reason")
# The cash box and the queue of singles (issue 14): read when present, so
# that files written before them are still read.
CASH_OPTIONS = ("cash_enabled", "entry_fee_cents", "fee_basis")
PAYMENT_FIELDS = ("team_id", "player_id", "amount_cents", "method")
CASH_ENTRY_FIELDS = ("kind", "label", "amount_cents")
WAITING_FIELDS = ("first_name", "last_name", "licence", "club")
CHANGE_FIELDS = ("table_id", "at", "action", "reason", "before", "after")


def _rows(queryset, fields: tuple[str, ...]) -> list[dict[str, Any]]:
    return [
        {k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in row.items()}
        for row in queryset.values(*fields)
    ]


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    tables = Table.objects.filter(round__tournament=tournament)
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": {
            **_rows(Tournament.objects.filter(pk=tournament.pk), TOURNAMENT_FIELDS)[0],
            "owner": tournament.owner.get_username() if tournament.owner else None,
            "co_organizers": [u.get_username() for u in tournament.co_organizers.all()],
        },
        "players": _rows(tournament.players.order_by("pk"), PLAYER_FIELDS),
        "rounds": _rows(tournament.rounds.order_by("number"), ROUND_FIELDS),
        "teams": _rows(tournament.teams.order_by("pk"), TEAM_FIELDS),
        "tables": _rows(tables.order_by("pk"), TABLE_FIELDS + TABLE_SIDE_FIELDS),
        "seats": _rows(Seat.objects.filter(round__tournament=tournament), SEAT_FIELDS),
        "deals": _rows(Deal.objects.filter(table__in=tables).order_by("pk"), DEAL_FIELDS),
        "penalties": _rows(Penalty.objects.filter(table__in=tables).order_by("pk"), PENALTY_FIELDS),
        "cash": {
            **{name: getattr(tournament, name) for name in CASH_OPTIONS},
            "payments": _rows(tournament.payments.order_by("pk"), PAYMENT_FIELDS),
            "entries": _rows(tournament.cash_entries.order_by("pk"), CASH_ENTRY_FIELDS),
        },
        "waiting": _rows(tournament.waiting_players.order_by("pk"), WAITING_FIELDS),
        "changes": [
            {**row, "by": username}
            for row, username in zip(
                _rows(tournament.changes.order_by("pk"), CHANGE_FIELDS),
                tournament.changes.order_by("pk").values_list("by__username", flat=True),
                strict=True,
            )
        ],
    }


def _refuse(detail: str) -> TournamentError:
    return TournamentError(
        _("Ce fichier n'est pas une sauvegarde de tournoi lisible (%(detail)s).")
        % {"detail": detail},
        field="file",
    )


@transaction.atomic
def import_tournament(data: Any, *, owner=None) -> Tournament:
    """Recreate a tournament from `export_tournament`'s document. Refused
    whole, with a French message, if the file is not such a document or
    its tournament already exists here."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _refuse(_("format inconnu"))
    if data.get("version") not in READABLE_VERSIONS:
        raise _refuse(_("version %(v)s") % {"v": data.get("version")})
    try:
        return _restore(data, owner)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _refuse(_("donnée manquante ou invalide : %(e)s") % {"e": exc}) from exc


def _restore(data: dict[str, Any], owner) -> Tournament:
    tournament = _restore_tournament(dict(data["tournament"]), owner)
    table_ids, team_ids, player_ids = _restore_rows(tournament, data)
    _restore_cash(tournament, data.get("cash"), team_ids, player_ids)
    _create(
        WaitingPlayer, data.get("waiting", []), WAITING_FIELDS, extra={"tournament": tournament}
    )
    _restore_changes(tournament, data["changes"], table_ids)
    reset = data["version"] == 1
    log_change(
        tournament,
        Change.Action.RESTORED,
        by=owner,
        reason=_("ancienne sauvegarde : liens et codes des tables renouvelés") if reset else "",
    )
    return tournament


def _restore_tournament(meta: dict[str, Any], owner) -> Tournament:
    """The tournament itself, refused if its address is taken here."""
    users = get_user_model().objects
    if Tournament.objects.filter(slug=meta["slug"]).exists():
        raise TournamentError(
            _("Un tournoi « %(slug)s » existe déjà ici : rien n'a été importé.")
            % {"slug": meta["slug"]},
            field="file",
        )
    named_owner = users.filter(username=meta.pop("owner")).first() if meta.get("owner") else None
    co_organizers = meta.pop("co_organizers", [])
    tournament = Tournament.objects.create(
        owner=owner or named_owner, **{k: meta[k] for k in TOURNAMENT_FIELDS}
    )
    tournament.co_organizers.set(users.filter(username__in=co_organizers))
    return tournament


def _restore_rows(
    tournament: Tournament, data: dict[str, Any]
) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Players, parties, teams, tables, seats, deals and penalties, in the
    order their references need; returns the old→new ids of the tables, the
    teams and the players."""
    mine = {"tournament": tournament}
    player_ids = _create(Player, data["players"], PLAYER_FIELDS, extra=mine)
    round_ids = _create(Round, data["rounds"], ROUND_FIELDS, extra=mine)
    team_ids = _create(
        Team,
        data["teams"],
        TEAM_FIELDS,
        extra=mine,
        round_id=round_ids,
        player1_id=player_ids,
        player2_id=player_ids,
    )
    table_ids = _create(
        Table,
        data["tables"],
        TABLE_FIELDS + (TABLE_SIDE_FIELDS if data["version"] >= 2 else ()),
        round_id=round_ids,
        team_a_id=team_ids,
        team_b_id=team_ids,
    )
    _create(
        Seat, data["seats"], SEAT_FIELDS, round_id=round_ids, table_id=table_ids, team_id=team_ids
    )
    _create(Deal, data["deals"], DEAL_FIELDS, table_id=table_ids)
    penalties = data["penalties"] if data["version"] >= 2 else data["adjustments"]
    _create(Penalty, penalties, PENALTY_FIELDS, table_id=table_ids, team_id=team_ids)
    return table_ids, team_ids, player_ids


def _restore_cash(
    tournament: Tournament,
    cash: dict[str, Any] | None,
    team_ids: dict[int, int],
    player_ids: dict[int, int],
) -> None:
    """The cash box's options, fees paid and lines, when the file has them."""
    if not cash:
        return
    for name in CASH_OPTIONS:
        setattr(tournament, name, cash[name])
    tournament.save(update_fields=list(CASH_OPTIONS))
    mine = {"tournament": tournament}
    _create(
        Payment,
        cash["payments"],
        PAYMENT_FIELDS,
        extra=mine,
        team_id=team_ids,
        player_id=player_ids,
    )
    _create(CashEntry, cash["entries"], CASH_ENTRY_FIELDS, extra=mine)


def _create(
    model, rows, fields: tuple[str, ...], *, extra: dict[str, Any] | None = None, **renames
) -> dict[int, int]:
    """Create `model` rows, following the old→new id maps in `renames`;
    returns the old→new ids of the rows created."""
    new_ids = {}
    for row in rows:
        values = {}
        for field in fields:
            if field == "id":
                continue
            value = row[field]
            if field in renames and value is not None:
                value = renames[field][value]
            values[field] = value
        obj = model.objects.create(**values, **(extra or {}))
        if "id" in row:
            new_ids[row["id"]] = obj.pk
    return new_ids


def _restore_changes(
    tournament: Tournament, rows: list[dict[str, Any]], table_ids: dict[int, int]
) -> None:
    """The audit trail, with its authors by user name and its original times."""
    users = get_user_model().objects
    by_name = {u.username: u for u in users.filter(username__in={c["by"] for c in rows})}
    for row in rows:
        change = Change.objects.create(
            tournament=tournament,
            table_id=table_ids.get(row["table_id"]) if row["table_id"] else None,
            by=by_name.get(row["by"]),
            action=row["action"],
            reason=row["reason"],
            before=row["before"],
            after=row["after"],
        )
        # `at` is set on creation; keep the original time.
        Change.objects.filter(pk=change.pk).update(at=row["at"])
