"""A test that never ends, for tests/test_stuck_tests.py only (its name is
not collected: the suite never runs it by itself)."""

import time


def test_a_query_that_never_ends():
    time.sleep(120)
