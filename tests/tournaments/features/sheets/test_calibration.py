"""The digits' model's thresholds, as tools/train_digits chooses them from
the hands tuned on (issue 59, item 2)."""

import numpy as np

from tools.train_digits import threshold


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
