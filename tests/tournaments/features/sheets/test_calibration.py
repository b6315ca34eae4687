"""The digits' model's thresholds, as tools/train_digits chooses them from
the hands tuned on (issue 59, item 2)."""

import numpy as np
import pytest

from tools.train_digits import RATE, sure_from, threshold, upper95


def probabilities(rows: list[tuple[float, int]]) -> tuple[np.ndarray, np.ndarray]:
    """Digits read: each its first choice's probability and whether it was
    right (the label 0, the first choice 0 when right, 1 when wrong)."""
    p = np.zeros((len(rows), 11))
    labels = np.zeros(len(rows), np.int64)
    for i, (best, right) in enumerate(rows):
        p[i, 0 if right else 1] = best
        p[i, 1 if right else 0] = 1 - best
    return p, labels


def test_beyond_doubt_lies_just_above_the_surest_wrong_digit():
    """« None wrong » (rate 0) is set above the surest digit read wrong, not
    above every digit: before, no digit could ever be beyond doubt (the
    threshold lay above the surest digit of all, 1 − 3.4e-8)."""
    p, labels = probabilities([(1 - 1e-9, True), (0.9999, True), (0.999, False), (0.99, True)])
    beyond = threshold(p, labels, 0.0)
    assert 0.999 < beyond < 0.9999
    assert (p.max(1) >= beyond).sum() == 2


def test_sure_allows_fewer_wrong_digits_than_its_rate():
    rows = [(1 - i * 1e-6, True) for i in range(30_000)] + [(0.99995, False), (0.9999, False)]
    p, labels = probabilities(rows)
    sure = threshold(p, labels, 1e-4)  # 3.0 wrong allowed… fewer than 3.2
    assert sure <= 0.9999
    assert threshold(p, labels, 1e-5) > 0.99995  # fewer than 0.32: none


def test_a_threshold_falls_halfway_between_the_digits_it_separates():
    """Not one ulp above the surest wrong digit: the same digit read again in
    another batch can come out an ulp higher, and pass."""
    p, labels = probabilities([(0.9999, True), (0.999, False), (0.99, True)])
    assert threshold(p, labels, 0.0) == pytest.approx((0.9999 + 0.999) / 2)


def test_the_rule_of_three_bounds_a_rate_seen_nowhere():
    assert upper95(0, 30_000) == pytest.approx(2.9957 / 30_000, rel=1e-3)
    assert upper95(0, 29_000) > 1e-4 > upper95(0, 30_000)
    assert upper95(9, 80_478) == pytest.approx(1.95e-4, rel=1e-2)  # main's held-out figure


def test_sure_is_chosen_so_that_its_bound_on_the_tune_split_is_under_the_rate():
    """On 40,000 tune digits none may be wrong above « sure » (one wrong would
    bound the rate at 1.2 in 10,000); on 100,000, four may."""
    right = [(1 - (i + 1) * 1e-8, True) for i in range(40_000)]
    p, labels = probabilities([*right, (0.99995, False), (0.9, False)])
    sure, bound = sure_from(p, labels)
    assert sure > 0.99995 and bound < RATE
    many = [(1 - (i + 1) * 1e-9, True) for i in range(100_000)]
    wrong = [(0.9999 - i * 1e-6, False) for i in range(6)]
    p, labels = probabilities([*many, *wrong])
    sure, bound = sure_from(p, labels)
    assert (p.max(1)[p.argmax(1) != labels] >= sure).sum() == 4
    assert bound < RATE
