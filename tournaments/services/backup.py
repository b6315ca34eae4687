"""A whole tournament as one JSON document, and back.

`export_tournament` writes everything a tournament owns — rules, players,
teams, parties, tables, seats, deals with their marques, penalties and the
audit trail — with the original ids only as references inside the file.
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

from tournaments import awards, deal_shapes
from tournaments.models import (
    Category,
    Change,
    Deal,
    Lot,
    LotSwap,
    Penalty,
    Player,
    Round,
    Seat,
    Table,
    Team,
    Tournament,
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
#: Added with the lots and special rankings: absent from older files, whose
#: tournaments get the defaults (both off).
OPTIONAL_TOURNAMENT_FIELDS = ("prizes_enabled", "categories_enabled", "prize_rule", "prize_top")
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
CHANGE_FIELDS = ("table_id", "at", "action", "reason", "before", "after")
CATEGORY_FIELDS = ("id", "name", "kind", "prize_rule", "prize_top")
LOT_FIELDS = ("category_id", "position", "name", "value", "quantity", "last")


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
            **_rows(
                Tournament.objects.filter(pk=tournament.pk),
                TOURNAMENT_FIELDS + OPTIONAL_TOURNAMENT_FIELDS,
            )[0],
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
        "changes": [
            {**row, "by": username}
            for row, username in zip(
                _rows(tournament.changes.order_by("pk"), CHANGE_FIELDS),
                tournament.changes.order_by("pk").values_list("by__username", flat=True),
                strict=True,
            )
        ],
        **_prizes(tournament),
    }


def _prizes(tournament: Tournament) -> dict[str, Any]:
    """The special rankings with their members, the lots, and the swaps made
    by hand, each saying whether it applied to the ranking when exported
    (its stamp holds ids that a restore renews)."""
    categories = []
    for category in tournament.categories.order_by("pk"):
        row = _rows(type(category).objects.filter(pk=category.pk), CATEGORY_FIELDS)[0]
        row["teams"] = sorted(category.teams.values_list("pk", flat=True))
        row["players"] = sorted(category.players.values_list("pk", flat=True))
        categories.append(row)
    lots = _rows(tournament.lots.order_by("category_id", "last", "position"), LOT_FIELDS)
    for lot in lots:
        lot["value"] = None if lot["value"] is None else str(lot["value"])
    swaps = []
    if tournament.lot_swaps.exists():
        current = {board.key: board.stamp for board in awards.boards(tournament)}
        for swap in tournament.lot_swaps.order_by("pk"):
            key = str(swap.category_id) if swap.category_id else "general"
            swaps.append(
                {
                    "category_id": swap.category_id,
                    "first": swap.first,
                    "second": swap.second,
                    "applied": current.get(key) == swap.stamp,
                }
            )
    return {"categories": categories, "lots": lots, "lot_swaps": swaps}


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
    table_ids, entrant_ids = _restore_rows(tournament, data)
    _restore_prizes(tournament, data, entrant_ids)
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
        owner=owner or named_owner,
        **{k: meta[k] for k in TOURNAMENT_FIELDS},
        **{k: meta[k] for k in OPTIONAL_TOURNAMENT_FIELDS if k in meta},
    )
    tournament.co_organizers.set(users.filter(username__in=co_organizers))
    return tournament


def _restore_rows(
    tournament: Tournament, data: dict[str, Any]
) -> tuple[dict[int, int], dict[str, dict[int, int]]]:
    """Players, parties, teams, tables, seats, deals and penalties, in the
    order their references need; returns the old→new ids of the tables, and
    of the players and teams."""
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
    return table_ids, {"teams": team_ids, "players": player_ids}


def _restore_prizes(
    tournament: Tournament, data: dict[str, Any], entrant_ids: dict[str, dict[int, int]]
) -> None:
    """The special rankings, lots and swaps (none in older files); a swap
    that applied when exported is stamped again with the restored ranking."""
    category_ids = {}
    for row in data.get("categories", []):
        category = Category.objects.create(
            tournament=tournament, **{k: row[k] for k in CATEGORY_FIELDS if k != "id"}
        )
        category.teams.set([entrant_ids["teams"][pk] for pk in row["teams"]])
        category.players.set([entrant_ids["players"][pk] for pk in row["players"]])
        category_ids[row["id"]] = category.pk
    _create(
        Lot,
        data.get("lots", []),
        LOT_FIELDS,
        extra={"tournament": tournament},
        category_id=category_ids,
    )
    swaps = data.get("lot_swaps", [])
    if not swaps:
        return
    entrants = entrant_ids["players" if tournament.format == Tournament.Format.MELEE else "teams"]
    stamps = {board.key: board.stamp for board in awards.boards(tournament)}
    for row in swaps:
        category_id = category_ids.get(row["category_id"]) if row["category_id"] else None
        key = str(category_id) if category_id else "general"
        LotSwap.objects.create(
            tournament=tournament,
            category_id=category_id,
            first=entrants[row["first"]],
            second=entrants[row["second"]],
            stamp=stamps.get(key, "") if row["applied"] else "",
        )


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
