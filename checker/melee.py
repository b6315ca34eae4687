"""A mêlée partie replayed from a concours file: its partners drawn from
its seed, then its tables over those teams, as services/rounds.py draws
them. Must not print, word a sentence or import Django (as `replay`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from checker.replay import RANKING, Doc, history, standings
from tournaments.domain import pairing


def melee_draw(
    doc: Doc, rnd: Mapping[str, Any], present: set[int]
) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[int]]:
    """A mêlée partie replayed for the `present` players
    (services/rounds.py): its partners drawn from its seed (each pair of
    players, in the order its teams are numbered), then its tables and
    exempt teams drawn over those teams, named by the file's team ids."""
    number, seed = rnd["number"], rnd["draw"]["seed"]
    if type(seed) is not int:
        raise ValueError("a mêlée partie without its seed")
    earlier = [t for t in doc["teams"] if t.get("round") is not None and t["round"] < number]
    partnered = {frozenset(t["players"]) for t in earlier}
    seated = Counter(p for t in earlier for p in t["players"])
    rounds_before = sum(1 for r in doc["rounds"] if r["number"] < number)
    sit_outs = {p: rounds_before - seated[p] for p in present}
    pairs, _sitting_out = pairing.form_pairs(
        sorted(present), seed=seed, partnered=partnered, sit_outs=sit_outs
    )
    teams = sorted((t for t in doc["teams"] if t.get("round") == number), key=lambda t: t["number"])
    team_ids = [t["id"] for t in teams]
    if [tuple(t["players"]) for t in teams] != list(pairs) or len(team_ids) < 2:
        return list(pairs), [], []
    players_of = {t["id"]: t["players"] for t in doc["teams"]}
    player_byes: Counter[int] = Counter()
    for r in doc["rounds"]:
        if r["number"] < number:
            for bye in r.get("byes", ()):
                player_byes.update(players_of[bye])
    byes = Counter({t["id"]: sum(player_byes[p] for p in t["players"]) for t in teams})
    played, _ = history(doc, number)
    if rnd["draw"]["kind"] == RANKING:
        points = {row.entrant: row.points_for for row in standings(doc, until=number - 1)}
        score = {t["id"]: sum(points.get(p, 0) for p in t["players"]) for t in teams}
        order = sorted(team_ids, key=lambda t: (-score[t], t))
        draw = pairing.draw_by_ranking(order, played=played, byes=byes)
    else:
        draw = pairing.draw_random(team_ids, seed=seed, played=played, byes=byes)
    return list(pairs), list(draw.tables), [draw.bye] if draw.bye is not None else []
