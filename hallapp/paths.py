"""Where the standalone app keeps its data folder: the user's own place for
an application's data on each system.

- Windows: %LOCALAPPDATA%\\belote-tournois (in the user's profile, kept
  private by the system's access lists);
- macOS: ~/Library/Application Support/belote-tournois;
- Linux and the others: $XDG_DATA_HOME/belote-tournois, by default
  ~/.local/share/belote-tournois — what config/settings.py picks on every
  system when BELOTE_DATA_DIR is not set (`manage.py hall`).

A laptop that ran `manage.py hall` before keeps its tournaments: when the
app's place holds nothing yet and settings' place has a database, that one
is used. BELOTE_DATA_DIR, or the app's --data option, still chooses.

Must not: import Django (it runs before the settings are read), nor create
anything (the settings do, private: tournaments/infra/files.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

APP_FOLDER = "belote-tournois"


def settings_default(home: Path) -> Path:
    """config/settings.py's data folder when BELOTE_DATA_DIR is not set."""
    return home / ".local/share" / APP_FOLDER


def platform_place(system: str, environ: Mapping[str, str], home: Path) -> Path:
    """The user's own place for the app's data on `system` (platform.system())."""
    if system == "Windows":
        return Path(environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / APP_FOLDER
    if system == "Darwin":
        return home / "Library" / "Application Support" / APP_FOLDER
    return Path(environ.get("XDG_DATA_HOME") or home / ".local/share") / APP_FOLDER


def data_folder(system: str, environ: Mapping[str, str], home: Path) -> Path:
    """The data folder the app uses (see the module's docstring)."""
    if environ.get("BELOTE_DATA_DIR"):
        return Path(environ["BELOTE_DATA_DIR"])
    place = platform_place(system, environ, home)
    older = settings_default(home)
    if place != older and not (place / "db.sqlite3").exists() and (older / "db.sqlite3").exists():
        return older
    return place
