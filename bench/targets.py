"""The targets of the benchmarks, told beside their figures.

A benchmark measures; it never fails on a target: on a machine shared with
other work the wall clock is worth little, so a missed target is printed
(the figure, the target, MISSED) and the run still ends well (exit 0). Only
a benchmark that could not run at all exits with an error."""

from __future__ import annotations


def verdict(label: str, figure: float, target: float, unit: str) -> bool:
    """Prints `label`'s figure beside its target; True when it is met."""
    met = figure < target
    print(
        f"target {label}: {figure:.3f} {unit} for < {target:g} {unit} … {'ok' if met else 'MISSED'}"
    )
    return met
