"""Automatic backups: nothing lost if the laptop dies.

Each running tournament is written to a JSON file (the format of
`backup.export_tournament`, restored with `manage.py import_tournament`) in
`BACKUP_DIR` — the data folder by default, a USB stick when pointed there —
when a partie closes and every few minutes of play while its data changes.
The last `BACKUP_KEEP` files of each tournament are kept. A file is written
under a temporary name then renamed, so a backup is never half written.

Must not: change any data, or raise into the caller's request (a full disk
is logged, the day goes on). A failure is not silent for all that: the
organizer's dashboard asks `backup_trouble`, which probes the folder and
remembers this process's last failed write, and says that backups fail.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction

from tournaments.models import Tournament
from tournaments.services.backup import export_tournament

log = logging.getLogger(__name__)
_failed: set[str] = set()  # folders whose last write failed in this process


def backup_dir() -> Path:
    return Path(settings.BACKUP_DIR)


#: On the hall, how a team's code is written in the backups' folder (a USB
#: stick): hidden with the hall's key (infra/journal/sealing.hide, set by
#: the hall's journal at its start), so that a copy of the stick opens no
#: table. None elsewhere: the codes as they are.
HIDE_CODES: Callable[[Any], Any] | None = None


def hide_codes_with(hide: Callable[[Any], Any] | None) -> None:
    global HIDE_CODES
    HIDE_CODES = hide


def _codes_hidden(document: dict[str, Any]) -> dict[str, Any]:
    """The document with every team's code hidden (`HIDE_CODES`): restored
    from this file, the tables' and teams' codes are drawn again (they are
    not of eight digits: models.play.Table.keep_codes_apart)."""
    if HIDE_CODES is None:
        return document
    for section, names in (("tables", ("code_a", "code_b")), ("teams", ("code",))):
        for row in document.get(section, []):
            for name in names:
                if name in row:
                    row[name] = HIDE_CODES(row[name])
    return document


def write_backup(tournament: Tournament, *, folder: Path | None = None) -> Path | None:
    """Write one backup of `tournament`; returns its path (None on failure)."""
    folder = folder or backup_dir()
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    path = folder / f"{tournament.slug}-{stamp}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        document = _codes_hidden(export_tournament(tournament))
        text = json.dumps(document, cls=DjangoJSONEncoder, ensure_ascii=False)
        partial = path.with_suffix(".json.partial")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
        _prune(folder, tournament.slug)
    except OSError:
        log.exception("automatic backup of %s failed", tournament.slug)
        _failed.add(str(folder))
        return None
    _failed.discard(str(folder))
    return path


def backup_trouble() -> Path | None:
    """The backup folder if backups fail there (a write failed, or a file
    cannot be made in it now: missing and not creatable, read-only, full),
    else None."""
    folder = backup_dir()
    if str(folder) in _failed:
        return folder
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".probe-") as probe:
            probe.write(b"ok")
            probe.flush()
    except OSError:
        return folder
    return None


def _prune(folder: Path, slug: str) -> None:
    mine = sorted(folder.glob(f"{slug}-????????-??????-*.json"))
    for old in mine[: max(0, len(mine) - settings.BACKUP_KEEP)]:
        old.unlink(missing_ok=True)


def backup_after_commit(tournament_id: int) -> None:
    """Back the tournament up once the current transaction has committed
    (a partie just closed): the file holds what was really saved."""

    def write() -> None:
        tournament = Tournament.objects.filter(pk=tournament_id).first()
        if tournament is not None:
            write_backup(tournament)

    transaction.on_commit(write)


def backup_changed(seen: dict[int, str]) -> list[Path]:
    """Back up every running tournament whose revision moved since `seen`
    (updated in place): what the hall server does every few minutes."""
    written = []
    running = Tournament.objects.with_revision().filter(status=Tournament.Status.RUNNING)
    for tournament in running:
        if seen.get(tournament.pk) != tournament.revision:
            path = write_backup(tournament)
            if path is not None:
                seen[tournament.pk] = tournament.revision
                written.append(path)
    return written
