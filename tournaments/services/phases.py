"""The phases of a concours, and what each does at the draw and at the
close of one of its rounds, in one table (`STEPS`), as Tabbycat picks a
draw manager by the draw's type.

The code that draws or closes a round (services/rounds.py) looks its
phase's steps up here; it never imports a phase. A new phase (a league's
stage, say) is one more entry. Must not draw, score or close anything
itself: each step belongs to its phase's module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tournaments.models import Round
from tournaments.queries.brackets import all_finished, dead_heat_blockers, is_last_qualifying
from tournaments.queries.pools import follows_pools
from tournaments.services.audit import Actor
from tournaments.services.brackets import settle_round
from tournaments.services.pools import round_tables_of_pools

SWISS = "swiss"
POOLS = "pools"
BRACKET = "bracket"


@dataclass(frozen=True)
class PhaseSteps:
    """What a phase does to one of its rounds.

    `seat`: the pairs and exempt teams of a round of this phase, or None
    for the ordinary draw (random, by ranking, rotation). `blockers`: the
    sentences that keep the round open and the table numbers they name.
    `settle`: what the phase decides as the round closes, in the caller's
    transaction. `ends_tournament`: whether closing the round ends it."""

    seat: Callable[[Round], tuple[list[tuple[int, int]], list[int]]] | None
    blockers: Callable[[Round], tuple[list[str], set[int]]]
    settle: Callable[..., None]
    ends_tournament: Callable[[Round], bool]


def _nothing_blocks(rnd: Round) -> tuple[list[str], set[int]]:
    return [], set()


def _nothing_to_settle(rnd: Round, *, by: Actor | None = None) -> None:
    return None


def _brackets_finished(rnd: Round) -> bool:
    return all_finished(rnd.tournament)


STEPS: dict[str, PhaseSteps] = {
    SWISS: PhaseSteps(
        seat=None,
        blockers=_nothing_blocks,
        settle=_nothing_to_settle,
        ends_tournament=is_last_qualifying,
    ),
    POOLS: PhaseSteps(
        seat=round_tables_of_pools,
        blockers=_nothing_blocks,
        settle=_nothing_to_settle,
        ends_tournament=is_last_qualifying,
    ),
    BRACKET: PhaseSteps(
        seat=None,
        blockers=dead_heat_blockers,
        settle=settle_round,
        ends_tournament=_brackets_finished,
    ),
}


def phase_of(rnd: Round, method: str | None = None) -> str:
    """The phase a round belongs to: a bracket partie, a pools partie (drawn
    from the pools, or one of the pools' parties once they are formed), or
    an ordinary one."""
    if rnd.stage == Round.Stage.BRACKET:
        return BRACKET
    if (method or rnd.draw_method) == Round.DrawMethod.POOLS or follows_pools(
        rnd.tournament, rnd.number
    ):
        return POOLS
    return SWISS


def steps_for(rnd: Round, method: str | None = None) -> PhaseSteps:
    return STEPS[phase_of(rnd, method)]
