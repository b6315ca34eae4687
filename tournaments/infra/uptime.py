"""When the hall server started, and when it was last seen alive before
that start: the organizer's pages say that the laptop restarted (and how
long the hall was without its server), since phones kept entries waiting
meanwhile (static/js/outbox.js) and a table may need a look.

One small JSON file in the data folder, written by `manage.py hall` when it
starts (`record_start`) and every `ALIVE_EVERY` while it serves
(`mark_alive`). Must not: import Django models."""

from __future__ import annotations

import datetime
import json
import os
from dataclasses import dataclass
from pathlib import Path

FILE = "serveur.json"
ALIVE_EVERY = 20  # seconds


@dataclass(frozen=True)
class Start:
    """This server's start, and the last sign of life of the one before
    (None on a first start: no previous server in this data folder)."""

    started: datetime.datetime
    previous_alive: datetime.datetime | None

    @property
    def is_restart(self) -> bool:
        return self.previous_alive is not None


def _read(folder: Path) -> dict:
    try:
        data = json.loads((folder / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(folder: Path, data: dict) -> None:
    """Written whole to a side file then renamed: never half a file."""
    path = folder / FILE
    part = path.with_suffix(".part")
    part.write_text(json.dumps(data), encoding="utf-8")
    os.replace(part, path)


def _when(text) -> datetime.datetime | None:
    try:
        when = datetime.datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return None
    return when if when.tzinfo else None


def record_start(folder: Path, now: datetime.datetime) -> Start:
    """A new start: the last sign of life of the previous server is kept."""
    before = _read(folder)
    previous = _when(before.get("alive"))
    _write(
        folder,
        {
            "started": now.isoformat(),
            "alive": now.isoformat(),
            "previous_alive": previous.isoformat() if previous else None,
        },
    )
    return Start(now, previous)


def mark_alive(folder: Path, now: datetime.datetime) -> None:
    data = _read(folder)
    if data:
        data["alive"] = now.isoformat()
        _write(folder, data)


def last_start(folder: Path) -> Start | None:
    """The running server's start, as recorded (None when never recorded)."""
    data = _read(folder)
    started = _when(data.get("started"))
    if started is None:
        return None
    return Start(started, _when(data.get("previous_alive")))
