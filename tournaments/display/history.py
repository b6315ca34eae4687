"""The table's history in words: what a change did, before → after.

Responsible for turning an audit line's `before`/`after` snapshots (plain
JSON written by services/audit.py and services/scores.py) into one readable
sentence, e.g. « Donne 3 : 80 ♥ → 90 ♥, marque 160–0 → 0–250 ». Must not:
query the database or decide anything.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.utils.translation import gettext

from tournaments.display import labels

_DEAL_DEFAULTS = {
    "taker": "",
    "trump": "",
    "bid": None,
    "bid_capot": False,
    "coinche": 0,
    "points_a": None,
    "points_b": None,
    "capot": "",
}


def _deal(snapshot: dict[str, Any]) -> SimpleNamespace:
    return SimpleNamespace(**{**_DEAL_DEFAULTS, **snapshot})  # bid_generale too


def _contract(snapshot: dict[str, Any], factor: int) -> str:
    deal = _deal(snapshot)
    text = labels.contract_label(deal, surcoinche_factor=factor, short=True)
    points = deal.points_a if deal.taker == "A" else deal.points_b
    if deal.taker and points is not None:
        text += f" ({points})"
    return text


def _marque(snapshot: dict[str, Any]) -> str:
    return f"{snapshot.get('marque_a', 0)}–{snapshot.get('marque_b', 0)}"


def _arrow(before: str, after: str) -> str:
    return after if before == after else f"{before} → {after}"


def deal_change(before: dict | None, after: dict | None, *, factor: int = 4) -> str:
    """« Donne 3 : 80 ♥ (97) → 90 ♥ (97), marque 160–0 → 190–70 »."""
    shown = after or before or {}
    head = gettext("Donne %(n)s") % {"n": shown.get("number", "?")}
    if before and after:
        contract = _arrow(_contract(before, factor), _contract(after, factor))
        marque = _arrow(_marque(before), _marque(after))
    else:
        contract, marque = _contract(shown, factor), _marque(shown)
    return gettext("%(head)s : %(contract)s, marque %(marque)s") % {
        "head": head,
        "contract": contract,
        "marque": marque,
    }


def change_summary(action: str, before: Any, after: Any, *, factor: int = 4) -> str:
    """One readable line for an audit line of any action."""
    if action in ("deal_added", "deal_changed", "deal_deleted"):
        return deal_change(before, after, factor=factor)
    if action == "totals" and isinstance(after, list):
        was = f"{before[0]} – {before[1]}" if isinstance(before, list) else ""
        return _arrow(was, f"{after[0]} – {after[1]}") if was else f"{after[0]} – {after[1]}"
    if action == "penalty" and isinstance(after, dict):
        return gettext("équipe n° %(team)s : %(points)s") % {
            "team": after.get("team"),
            "points": labels.signed(int(after.get("points") or 0)),
        }
    if action == "table_disputed" and isinstance(after, dict):
        claimed = (after.get("claimed") or {}).get("totals") or []
        if len(claimed) == 2:
            return gettext("totaux annoncés : %(a)s – %(b)s") % {"a": claimed[0], "b": claimed[1]}
    if action == "owner_changed" and isinstance(after, dict) and isinstance(before, dict):
        return _arrow(str(before.get("owner", "")), str(after.get("owner", "")))
    if action == "co_organizer_left" and isinstance(before, dict):
        return str(before.get("user", ""))
    if action == "codes_locked" and isinstance(after, dict):
        return gettext(
            "%(wrong)s codes faux : codes de la table refusés %(minutes)s minutes "
            "(révoquer le lien les débloque)"
        ) % {"wrong": after.get("wrong"), "minutes": after.get("minutes")}
    if action == "link_revoked" and isinstance(after, dict) and after.get("codes"):
        if after.get("unlocked"):
            return gettext("nouveaux codes pour les deux équipes ; codes débloqués")
        return gettext("nouveaux codes pour les deux équipes")
    if action == "category_teams" and isinstance(after, dict):
        added = after.get("added")
        numbers = ", ".join(str(n) for n in (added or after.get("removed") or []))
        sentence = (
            gettext("« %(name)s » : équipes n° %(numbers)s ajoutées")
            if added
            else gettext("« %(name)s » : équipes n° %(numbers)s retirées")
        )
        return sentence % {"name": after.get("category", ""), "numbers": numbers}
    if isinstance(after, dict) and "players" in after:
        return gettext("n° %(n)s : %(players)s") % {
            "n": after.get("number"),
            "players": " & ".join(after.get("players") or []),
        }
    return ""
