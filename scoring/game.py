"""A game (« partie » at one table: several deals, SPEC §9): running totals,
the tie (litige) pot, and the end of the game.

Responsible for: carrying the pot of a litige to the winner of the next
played deal, adding up the marques, deciding when the partie is over and who
won. Must not: score a deal itself (see :mod:`scoring.deal`), or know about
tables, rounds or players.

Interpretation choices (each also in the engine's help):

* ``end`` is ``{"deals": n}``, ``{"target": n}`` or None (never finished); a
  malformed ``end`` is refused with code ``rules`` (it is part of the
  tournament's settings). A deal after the end of the partie is refused with
  code ``json`` and its index.
* After a fixed number of deals, equal totals are a draw (``winner`` null):
  the « one more deal » of 001 (« En cas de nouvelle égalité, une dernière
  donne départage les deux camps ») belongs to the target ending.
* A team that reaches the target in a deal where it was capot (took no
  trick) or chuted as takers, only thanks to its belote, is « pending »
  (001: « L'équipe aura besoin d'un pli supplémentaire pour valider la
  partie »): it becomes eligible again at the end of the first later played
  deal in which it takes a trick (any deal where the other team is not capot),
  then the usual target rule applies to both teams at that moment.
* A pot goes to the next played deal's takers if made, else to its defence
  (a litige's defence takes the old pot and the new pot starts); a pot still
  pending when the partie is finished is reported in ``lost_pot``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .deal import DealScore, score_deal
from .errors import ScoringError, show
from .rules import Rules


@dataclass(frozen=True, slots=True)
class GameDeal:
    """One deal inside a partie: marques including any pot it awarded, the
    running totals after it, and the pot pending after it."""

    a: int
    b: int
    outcome: str
    totals: tuple[int, int]
    pot: int
    pot_won: int
    score: DealScore

    def to_json(self) -> dict[str, Any]:
        return {
            "A": self.a,
            "B": self.b,
            "outcome": self.outcome,
            "totals": {"A": self.totals[0], "B": self.totals[1]},
            "pot": self.pot,
        }


@dataclass(frozen=True, slots=True)
class GameScore:
    """The result of a partie (SPEC §8 partie output)."""

    deals: list[GameDeal]
    totals: tuple[int, int]
    finished: bool
    winner: str | None
    lost_pot: int

    def to_json(self) -> dict[str, Any]:
        return {
            "deals": [deal.to_json() for deal in self.deals],
            "totals": {"A": self.totals[0], "B": self.totals[1]},
            "finished": self.finished,
            "winner": self.winner,
            "lost_pot": self.lost_pot,
        }


def check_end(end: Any) -> tuple[str, int] | None:
    """``("deals", n)``, ``("target", n)`` or None, from the SPEC §8 ``end``."""
    if end is None:
        return None
    if isinstance(end, dict) and len(end) == 1:
        ((kind, value),) = end.items()
        if kind in ("deals", "target") and type(value) is int and value >= 1:
            return kind, value
    raise ScoringError("rules", "game_end_invalid", {"value": show(end)})


def score_game(
    deals: list[dict[str, Any]], rules: Rules, end: dict[str, int] | None = None
) -> GameScore:
    """Score the deals of a partie in order, carrying pots and stopping rules.

    Raises :class:`~scoring.errors.ScoringError` with ``.deal`` set to the
    index of the first invalid deal.
    """
    ending = check_end(end)
    if not isinstance(deals, list):
        raise ScoringError("json", "game_deals_not_list", {"value": show(deals)})
    total = {"A": 0, "B": 0}
    pot = 0
    finished = False
    winner: str | None = None
    pending = {"A": False, "B": False}  # reached the target only thanks to a belote
    entries: list[GameDeal] = []
    for index, deal in enumerate(deals):
        if finished:
            raise ScoringError("json", "game_deal_after_end", {"played": index}, index)
        if isinstance(deal, dict) and "rules" in deal:
            raise ScoringError("rules", "rules_in_deal", None, index)
        try:
            score = score_deal(deal, rules)
        except ScoringError as error:
            raise error.with_deal(index) from None
        marque = {"A": score.a, "B": score.b}
        won = 0
        if score.outcome != "passed" and pot:
            taker = score.taker
            assert taker is not None
            gainer = taker if score.outcome == "made" else ("B" if taker == "A" else "A")
            marque[gainer] += pot
            won, pot = pot, 0
        if score.outcome == "litige":
            pot = score.pot
        total["A"] += marque["A"]
        total["B"] += marque["B"]
        if ending is not None:
            kind, limit = ending
            if kind == "deals":
                if index + 1 >= limit:
                    finished = True
                    if total["A"] != total["B"]:
                        winner = "A" if total["A"] > total["B"] else "B"
            else:
                winner = _target_winner(score, limit, total, pending)
                finished = winner is not None
        entries.append(
            GameDeal(
                marque["A"], marque["B"], score.outcome, (total["A"], total["B"]), pot, won, score
            )
        )
    return GameScore(entries, (total["A"], total["B"]), finished, winner, pot if finished else 0)


def _target_winner(
    score: DealScore,
    target: int,
    total: dict[str, int],
    pending: dict[str, bool],
) -> str | None:
    kept = {"A": score.belote_kept[0], "B": score.belote_kept[1]}
    for team, other in (("A", "B"), ("B", "A")):
        if score.outcome == "passed":
            continue
        took_no_trick = score.capot == other
        if pending[team] and not took_no_trick:
            pending[team] = False
        failed = took_no_trick or (score.taker == team and score.outcome == "chute")
        if failed and total[team] >= target and total[team] - kept[team] < target:
            pending[team] = True
    eligible = [team for team in ("A", "B") if total[team] >= target and not pending[team]]
    if len(eligible) == 1:
        return eligible[0]
    if len(eligible) == 2 and total["A"] != total["B"]:
        return "A" if total["A"] > total["B"] else "B"
    return None
