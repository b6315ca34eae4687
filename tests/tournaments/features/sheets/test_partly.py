"""A row with more readings than AT_MOST keeps only its likeliest fit
(settle._partly): the readings that cannot beat the fit met are not
scored, and none is read on once none can. Property: the fit kept is the
one weighing every reading gives, with fewer readings scored."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.features.sheets.domain import settle
from tournaments.features.sheets.domain.readings import BLANK, first_choices, likeliest

PLAUSIBLE = 1e-6


def box(weights: list[float]) -> tuple[float, ...]:
    """A box's eleven probabilities from weights (the last: « not a digit »)."""
    total = sum(weights)
    return tuple(w / total for w in weights)


@st.composite
def written(draw, value: int) -> list[tuple[float, ...]]:
    """`value`'s boxes as a hand misreads them: each digit written weighed
    0.05 to 1, another digit as much or more at times, every digit a
    little (plausible)."""
    out = []
    for char in str(value):
        weights = [1e-3] * BLANK + [0.0]
        rival = draw(st.integers(0, 9))
        weights[rival] += draw(st.sampled_from([0.0, 0.3, 1.0, 2.0]))
        weights[int(char)] += draw(st.sampled_from([0.05, 0.3, 1.0]))
        out.append(box(weights))
    return out


def given_of_rule(values: dict[str, int]) -> dict[str, int] | None:
    """A rule of a game, made up: the takers' points and the bid give the
    marques when the points are at most 162 and the bid a ten."""
    points, bid = values["points"], values["bid"]
    if points > 162 or bid % 10:
        return None
    made = points >= 82
    return {"marque_a": (bid if made else 0), "marque_b": (0 if made else bid + 160)}


@st.composite
def rows(draw) -> dict[str, list[tuple[float, ...]]]:
    """A row written by the rule, read by a hand that misreads."""
    truth = {"points": draw(st.integers(10, 162)), "bid": draw(st.sampled_from(range(80, 170, 10)))}
    marques = given_of_rule(truth)
    assert marques is not None
    return {name: draw(written(value)) for name, value in {**truth, **marques}.items()}


@settings(max_examples=80, deadline=None)
@given(numbers=rows())
def test_the_likeliest_fit_is_the_one_weighing_every_reading_gives(numbers):
    inputs, checks = ["points", "bid"], ["marque_a", "marque_b"]
    scored: list[dict[str, int]] = []

    def counted(values: dict[str, int]) -> dict[str, int] | None:
        scored.append(values)
        return given_of_rule(values)

    every = list(likeliest(inputs, numbers, PLAUSIBLE, 6000))
    whole = settle._fits(counted, [], numbers, every, PLAUSIBLE, checks)
    weighed_all = len(scored)
    scored.clear()
    upper = first_choices(numbers, inputs)
    kept = settle._fits(
        counted, [], numbers, likeliest(inputs, numbers, PLAUSIBLE, 6000), PLAUSIBLE, checks,
        upper,
    )  # fmt: skip
    assert whole  # the row as written fits
    best = max(whole, key=lambda fit: fit[0])
    assert max(kept, key=lambda fit: fit[0]) == best
    assert len(scored) <= weighed_all


def test_readings_that_cannot_beat_the_fit_met_are_not_scored():
    """The points' first choices fit at once: no reading of the many
    behind them is scored (each was, 6,000 a row, 0.1 s)."""
    sure = box([0.0] * 1 + [1.0] + [1e-3] * 8 + [0.0])  # a 1, every digit plausible
    numbers = {
        "points": [sure, box([0.0, 1e-3, 1e-3, 1e-3, 1e-3, 1.0, 1e-3, 1e-3, 1e-3, 1e-3, 0.0]),
                   box([1.0] + [1e-3] * 9 + [0.0])],
        "bid": [box([0.0] * 8 + [1.0, 1e-3, 0.0]), box([1.0] + [1e-3] * 9 + [0.0])],
        "marque_a": [box([0.0] * 8 + [1.0, 0.0, 0.0]), box([1.0] + [0.0] * 10)],
        "marque_b": [box([1.0] + [0.0] * 10)],
    }  # fmt: skip
    scored: list[dict[str, int]] = []

    def counted(values: dict[str, int]) -> dict[str, int] | None:
        scored.append(values)
        return given_of_rule(values)

    upper = first_choices(numbers, ["points", "bid"])
    readings = likeliest(["points", "bid"], numbers, PLAUSIBLE, 6000)
    kept = settle._fits(counted, [], numbers, readings, PLAUSIBLE, ["marque_a", "marque_b"], upper)
    assert max(kept, key=lambda fit: fit[0])[1]["points"] == 150
    assert scored == [{"points": 150, "bid": 80}]
