"""The app's own scripts and stylesheets served lean (issue 23, « Light
pages »): a staticfiles finder, in place of Django's FileSystemFinder, that
hands out for each .js and .css of STATICFILES_DIRS a copy without its
comments (tournaments/infra/lean_text.py), written in the data folder
(settings.LEAN_STATIC_ROOT, a folder for each FORMAT of the copies) and
written again whenever the source changes.

The optional features' own files (tournaments/features/<name>/static/)
are found by `LeanAppFinder`, Django's app finder made lean for the
project's own apps in the same way; other apps' files (the admin's, htmx)
are served as they are.

Every way the files are served asks the finders, so all serve the same lean
files: the hall server (WhiteNoise reading the finders, no collect step),
development (WhiteNoise's autorefresh) and hosted production (collectstatic,
then WhiteNoise's storage hashes and compresses them). Pictures and the
packages' files (htmx comes minified) are served as they are.

Must not: change a source file, serve a stale copy, or fail a page when the
copy cannot be written (the source is served instead).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.finders import AppDirectoriesFinder, FileSystemFinder
from django.core.files.storage import FileSystemStorage, Storage

from tournaments.infra.lean_text import FORMAT, lean_css, lean_js

LEAN = {".css": lean_css, ".js": lean_js}


def _root() -> Path:
    return Path(settings.LEAN_STATIC_ROOT) / FORMAT


def lean_copy(source: str, relative: str) -> str:
    """The path of the lean copy of `source` (served as `relative`), up to date."""
    make = LEAN.get(Path(relative).suffix)
    if make is None:
        return source
    target = _root() / relative
    try:
        stamp = os.stat(source).st_mtime_ns
        if target.exists() and target.stat().st_mtime_ns == stamp:
            return str(target)
        text = make(Path(source).read_text(encoding="utf-8"))
        target.parent.mkdir(parents=True, exist_ok=True)
        # Written aside then renamed: a phone never gets half a file, and two
        # server threads writing the same copy leave one whole file.
        handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".part")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.chmod(temporary, 0o644)
        os.utime(temporary, ns=(stamp, stamp))
        os.replace(temporary, target)
    except (OSError, UnicodeDecodeError, ValueError):
        return source
    return str(target)


class LeanFinder(FileSystemFinder):
    """STATICFILES_DIRS' files, the scripts and stylesheets without their comments."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lean_storage = FileSystemStorage(location=_root())

    def find(self, path: str, find_all: bool = False) -> str | list[str]:
        found = super().find(path, find_all=find_all)
        if find_all:
            return [lean_copy(found[0], path), *found[1:]] if found else found
        return lean_copy(found, path) if found else found

    def list(self, ignore_patterns) -> Iterator[tuple[str, Storage]]:
        for path, storage in super().list(ignore_patterns):
            if getattr(storage, "prefix", None) or Path(path).suffix not in LEAN:
                yield path, storage
            elif lean_copy(storage.path(path), path) != storage.path(path):
                yield path, self.lean_storage
            else:
                yield path, storage


class LeanAppFinder(AppDirectoriesFinder):
    """The apps' `static/` folders, as Django's app finder; those of the
    project's own packages (the features) lean, like STATICFILES_DIRS'."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.lean_storage = FileSystemStorage(location=_root())
        self.own = {id(self.storages[app]) for app in self.apps if app.startswith("tournaments.")}

    def find_in_app(self, app: str, path: str) -> str | None:
        found = super().find_in_app(app, path)
        if found and app.startswith("tournaments."):
            return lean_copy(found, path)
        return found

    def list(self, ignore_patterns) -> Iterator[tuple[str, Storage]]:
        for path, storage in super().list(ignore_patterns):
            source = storage.path(path)
            if id(storage) in self.own and lean_copy(source, path) != source:
                yield path, self.lean_storage
            else:
                yield path, storage
