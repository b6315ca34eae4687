"""The three shapes of a deal, and the only conversions between them.

- **fields**: the `Deal` model's stored values (`DEAL_FIELDS`: taker, trump,
  bid, bid_capot, coinche, points_a/b, capot, bid_generale, generale,
  belote_a/b, announcements);
  what the services write and the backups keep.
- **engine**: SPEC §8's deal object (``{"taker": "A", "trump": "H", "bid":
  90, "points": {"A": 97}, …}``), what `scoring` reads.
- **form**: what the entry form shows and sends (the takers' card points as
  one number; per side, announcement points or the declared announcements).

Pure: plain dicts in, plain dicts out; no model, request or translation.
Must not: score, validate (the engine does), or know how a form is drawn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.cards import TOTAL_CARD_POINTS

DEAL_FIELDS = (
    "dealer",
    "taker",
    "trump",
    "bid",
    "bid_capot",
    "coinche",
    "points_a",
    "points_b",
    "capot",
    "bid_generale",
    "generale",
    "belote_a",
    "belote_b",
    "announcements",
)
#: The fields a classic belote deal has no use for (no bid, no coinche).
CONTRACT_FIELDS = ("bid", "bid_capot", "coinche", "bid_generale")


def fields_to_engine(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's deal (SPEC §8) from stored field values."""
    taker = fields.get("taker") or None
    data: dict[str, Any] = {"taker": taker}
    if not taker:
        return data
    data["trump"] = fields.get("trump")
    if fields.get("bid_generale"):
        data["bid"] = "generale"
    elif fields.get("bid_capot"):
        data["bid"] = "capot"
    elif fields.get("bid") is not None:
        data["bid"] = fields["bid"]
    if fields.get("coinche"):
        data["coinche"] = fields["coinche"]
    points = {
        side: fields[name]
        for side, name in (("A", "points_a"), ("B", "points_b"))
        if fields.get(name) is not None
    }
    if points:
        data["points"] = points
    if fields.get("capot"):
        data["capot"] = fields["capot"]
    if fields.get("generale"):
        data["generale"] = fields["generale"]
    if fields.get("belote_a") or fields.get("belote_b"):
        data["belote"] = {"A": fields.get("belote_a") or 0, "B": fields.get("belote_b") or 0}
    if fields.get("announcements"):
        data.update(fields["announcements"])
    return data


def engine_to_fields(deal: Mapping[str, Any]) -> dict[str, Any]:
    """Stored field values from an engine-format deal (SPEC §8)."""
    points = deal.get("points") or {}
    belote = deal.get("belote") or {}
    bid = deal.get("bid")
    announcements = {
        key: deal[key] for key in ("announcements", "announcement_points") if key in deal
    }
    return {
        "taker": deal.get("taker") or "",
        "trump": deal.get("trump") or "",
        "bid": bid if isinstance(bid, int) else None,
        "bid_capot": bid == "capot",
        "coinche": deal.get("coinche") or 0,
        "points_a": points.get("A"),
        "points_b": points.get("B"),
        "capot": deal.get("capot") or "",
        "bid_generale": bid == "generale",
        "generale": deal.get("generale") or "",
        "belote_a": belote.get("A", 0),
        "belote_b": belote.get("B", 0),
        "announcements": announcements,
    }


def taker_card_points(taker: str, points_a: int | None, points_b: int | None) -> int | None:
    """The takers' card points, as the sheet writes them: those typed for
    the takers, else 162 minus the defence's when only theirs were given
    (SPEC §8: one side may be omitted; a backup, a concours file or the demo
    may hold the defence's). None with no taker or no points (a capot)."""
    if taker not in ("A", "B"):
        return None
    own, other = (points_a, points_b) if taker == "A" else (points_b, points_a)
    if own is not None:
        return own
    return None if other is None else TOTAL_CARD_POINTS - other


def fields_to_form(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The entry form's initial values for a stored deal."""
    taker = fields.get("taker") or ""
    stored = fields.get("announcements") or {}
    points = stored.get("announcement_points") or {}
    declared = stored.get("announcements") or {}
    return {
        "taker": taker,
        "trump": fields.get("trump") or "",
        "bid": fields.get("bid"),
        "bid_capot": bool(fields.get("bid_capot")),
        "coinche": fields.get("coinche") or 0,
        "points": taker_card_points(taker, fields.get("points_a"), fields.get("points_b")),
        "capot": fields.get("capot") or "",
        "bid_generale": bool(fields.get("bid_generale")),
        "generale": fields.get("generale") or "",
        "belote_a": fields.get("belote_a") or None,
        "belote_b": fields.get("belote_b") or None,
        "announce_a": points.get("A") or declared.get("A") or None,
        "announce_b": points.get("B") or declared.get("B") or None,
    }


def _announcements(a: Any, b: Any) -> dict[str, Any]:
    """The stored announcements from the two cells: each holds resolved points
    (an int), declared items (a list, SPEC §8) or nothing. Both kinds at once
    are kept as typed: the engine refuses them with its own message."""
    stored: dict[str, Any] = {}
    if isinstance(a, list) or isinstance(b, list):
        stored["announcements"] = {
            "A": a if isinstance(a, list) else [],
            "B": b if isinstance(b, list) else [],
        }
    points_a = a if isinstance(a, int) else 0
    points_b = b if isinstance(b, int) else 0
    if points_a or points_b:
        stored["announcement_points"] = {"A": points_a, "B": points_b}
    return stored


def form_to_fields(data: Mapping[str, Any], *, with_contract: bool = True) -> dict[str, Any]:
    """Stored field values from the entry form's cleaned data. The takers'
    points go to their side; a classic belote form has no contract fields."""
    taker = data.get("taker") or ""
    fields: dict[str, Any] = {
        "taker": taker,
        "trump": data.get("trump") or "",
        "bid": data.get("bid"),
        "bid_capot": bool(data.get("bid_capot")),
        "coinche": data.get("coinche") or 0,
        "capot": data.get("capot") or "",
        "bid_generale": bool(data.get("bid_generale")),
        "generale": data.get("generale") or "",
        "belote_a": data.get("belote_a") or 0,
        "belote_b": data.get("belote_b") or 0,
        "points_a": None,
        "points_b": None,
        "announcements": {},
    }
    if taker and data.get("points") is not None:
        fields["points_a" if taker == "A" else "points_b"] = data["points"]
    fields["announcements"] = _announcements(data.get("announce_a"), data.get("announce_b"))
    if not with_contract:
        for name in CONTRACT_FIELDS:
            fields.pop(name)
    return fields
