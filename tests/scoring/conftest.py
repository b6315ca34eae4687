"""Fixtures of the scoring tests: plain rule profiles and a deal helper.

The scoring tests never touch the database nor Django; they run under the
project's pytest settings and also with ``-p no:django``.
"""

from __future__ import annotations

from typing import Any

import pytest

import scoring


@pytest.fixture
def belote() -> scoring.Rules:
    return scoring.PRESETS["ffb-belote"]


@pytest.fixture
def coinche() -> scoring.Rules:
    return scoring.PRESETS["ffb-coinche"]


def deal(**fields: Any) -> dict[str, Any]:
    """A deal dict from keyword fields (helper shared by the test modules)."""
    return dict(fields)
