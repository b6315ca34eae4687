"""The parts of a backup that a feature writes at the document's top level
(the cash box's `cash`, written there before the features had a section of
their own: files of every release carry it there), registered from the
feature's `ready()` as a kind of upload is (services/uploads.KINDS). Each
is exported, checked with the whole file before anything is written, and
restored with the core's rows; a part whose feature is left out is left
aside in a file. Must not: name a feature (the core knows none).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Part:
    """`export(tournament, rows)` → {top-level key: value};
    `check(data, teams=, players=)` → what `restore(tournament, checked,
    team_ids=, player_ids=)` writes (the file's ids → the new rows' ids)."""

    export: Callable[..., dict[str, Any]]
    check: Callable[..., Any]
    restore: Callable[..., None]


#: The installed features' parts, by name.
PARTS: dict[str, Part] = {}
