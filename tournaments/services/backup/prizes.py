"""The lots and special rankings of a backup (format 3 and later; absent
from older files): exported, checked like every other section, restored.

A swap made by hand is kept with whether it applied to the ranking when
exported; its stamp holds ids that a restore renews, so an applied swap is
stamped again with the restored ranking. Must not: trust a reference the
file makes (every id must be one of the file's own rows).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from tournaments.models import Category, Lot, LotSwap, Tournament
from tournaments.queries import awards
from tournaments.services.backup.document import (
    CATEGORY_FIELDS,
    LOT_FIELDS,
    Rows,
    refusal_at,
)
from tournaments.services.backup.rows import Ids, check_rows, ids, place, ref, section, unique

SECTIONS = ("categories", "lots", "lot_swaps")


@dataclass
class CheckedPrizes:
    categories: list[dict[str, Any]] = field(default_factory=list)
    lots: list[dict[str, Any]] = field(default_factory=list)
    swaps: list[dict[str, Any]] = field(default_factory=list)


def export_prizes(tournament: Tournament, rows: Rows) -> dict[str, Any]:
    """The special rankings with their members, the lots and the swaps."""
    categories = []
    for category in tournament.categories.order_by("pk"):
        row = rows(Category.objects.filter(pk=category.pk), CATEGORY_FIELDS)[0]
        row["teams"] = sorted(category.teams.values_list("pk", flat=True))
        row["players"] = sorted(category.players.values_list("pk", flat=True))
        categories.append(row)
    lots = rows(tournament.lots.order_by("category_id", "last", "position"), LOT_FIELDS)
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


def check_prizes(data: dict[str, Any], *, teams: Ids, players: Ids, melee: bool) -> CheckedPrizes:
    """The three sections, each row cleaned by its model, each reference one
    of the file's rows."""
    categories = check_rows(
        section(data.get("categories", []), "categories"), "categories", Category, CATEGORY_FIELDS
    )
    unique(categories, "categories", lambda c: c["name"], _("le classement %(n)s est en double"))
    raw = {
        row.get("id"): row
        for row in section(data.get("categories", []), "categories")
        if isinstance(row, dict)
    }
    for i, category in enumerate(categories):
        where = place("categories", i)
        for name, known in (("teams", teams), ("players", players)):
            members = raw[category["id"]].get(name, [])
            if not isinstance(members, list) or not all(
                type(m) is int and m in known for m in members
            ):
                raise refusal_at(where, _("des membres ne renvoient à aucune ligne du fichier"))
            category[name] = sorted(set(members))
    known_categories = ids(categories)
    lots = check_rows(section(data.get("lots", []), "lots"), "lots", Lot, LOT_FIELDS)
    for i, lot in enumerate(lots):
        ref(lot, "category_id", known_categories, place("lots", i), Lot, null=True)
        if lot["quantity"] < 1:
            raise refusal_at(place("lots", i), _("la quantité doit être au moins 1"))
    entrants = players if melee else teams
    swaps = []
    for i, row in enumerate(section(data.get("lot_swaps", []), "lot_swaps")):
        where = place("lot_swaps", i)
        if not isinstance(row, dict) or type(row.get("applied")) is not bool:
            raise refusal_at(where, _("un objet avec « applied » (vrai ou faux) est attendu"))
        category_id = row.get("category_id")
        if category_id is not None and category_id not in known_categories:
            raise refusal_at(
                where,
                _("l'identifiant %(id)s ne renvoie à rien dans le fichier") % {"id": category_id},
            )
        for name in ("first", "second"):
            if type(row.get(name)) is not int or row[name] not in entrants:
                raise refusal_at(where, _("un échange doit nommer deux équipes du fichier"))
        swaps.append({k: row[k] for k in ("category_id", "first", "second", "applied")})
    return CheckedPrizes(categories, lots, swaps)


def restore_prizes(
    tournament: Tournament,
    checked: CheckedPrizes,
    *,
    team_ids: dict[int, int],
    player_ids: dict[int, int],
) -> None:
    category_ids = {}
    for row in checked.categories:
        category = Category.objects.create(
            tournament=tournament, **{k: row[k] for k in CATEGORY_FIELDS if k != "id"}
        )
        category.teams.set([team_ids[pk] for pk in row["teams"]])
        category.players.set([player_ids[pk] for pk in row["players"]])
        category_ids[row["id"]] = category.pk
    Lot.objects.bulk_create(
        Lot(
            tournament=tournament,
            **{k: v for k, v in lot.items() if k != "category_id"},
            category_id=category_ids[lot["category_id"]] if lot["category_id"] else None,
        )
        for lot in checked.lots
    )
    if not checked.swaps:
        return
    entrants = player_ids if tournament.format == Tournament.Format.MELEE else team_ids
    stamps = {board.key: board.stamp for board in awards.boards(tournament)}
    for row in checked.swaps:
        category_id = category_ids.get(row["category_id"]) if row["category_id"] else None
        key = str(category_id) if category_id else "general"
        LotSwap.objects.create(
            tournament=tournament,
            category_id=category_id,
            first=entrants[row["first"]],
            second=entrants[row["second"]],
            stamp=stamps.get(key, "") if row["applied"] else "",
        )
