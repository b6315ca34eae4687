"""The digits' model's thresholds, as tools/train_digits chooses them from
the hands tuned on (issue 59, item 2)."""

import numpy as np

from tools.train_digits import RATE, sure_from, threshold
from tournaments.features.sheets.domain.digits import MODEL, calibration


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


def test_sure_is_tuned_with_a_margin_under_its_rate():
    """« Sure » aims at half its rate on the tune hands: chosen at the rate
    itself (1 in 10,000 of 20,491 tune digits: 2 wrong), it let 1.1 in
    10,000 through on 80,478 held-out digits; at half, 1 wrong is allowed."""
    rows = [(1 - i * 1e-7, True) for i in range(20_488)]
    rows += [(0.9999, False), (0.9989, False), (0.9983, False)]
    p, labels = probabilities(rows)
    assert 0.9983 < threshold(p, labels, RATE) <= 0.9989  # the rate itself: 2 wrong
    sure = sure_from(p, labels)
    assert 0.9989 < sure <= 0.9999
    assert ((p.max(1) >= sure) & (p.argmax(1) != labels)).sum() == 1


def test_the_shipped_sure_was_tuned_with_the_margin():
    """The model as shipped: « sure » below « beyond doubt », above the
    0.99832 chosen at the rate itself before the margin."""
    limits = calibration(MODEL)
    assert 0.99832 < limits.sure <= limits.beyond
