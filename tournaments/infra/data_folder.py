"""The hall's data folder at start, before Django has its settings: made
private (files.keep_private) and written to once, or one sentence that
says what is wrong and what to do, in the system's language (French, or
English on a system in English, as the standalone app's window).

A folder the hall cannot write (read-only, on a stick locked or pulled
out, under a file, owned by someone else) used to stop the start with a
60-line traceback from the settings; `refuse_unwritable` turns it into
that sentence and a non-zero exit.

Must not: import Django (the settings call it before Django is set up):
the English sentence is read from the app's compiled catalogue with the
standard library's gettext.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from tournaments.infra.files import keep_private

LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """« en » on a system in English, else « fr » (the app's own language)."""
    environ = os.environ if environ is None else environ
    names = [environ.get(key, "") for key in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    with contextlib.suppress(ValueError):
        names.append(locale.getlocale()[0] or "")
    first = next((name for name in names if name and name not in ("C", "POSIX")), "")
    return "en" if first.lower().startswith("en") else "fr"


def unwritable_message(folder: Path, language: str) -> str:
    """The sentence for a data folder that cannot be written."""
    words = gettext.translation("django", LOCALE_DIR, languages=[language], fallback=True)
    return words.gettext(
        "Le dossier de données %(folder)s n'est pas accessible en écriture : choisissez "
        "un autre dossier avec BELOTE_DATA_DIR ou rendez-le accessible."
    ) % {"folder": folder}


def check_writable(folder: Path) -> None:
    """Makes `folder` private and writes a file in it (removed at once):
    raises OSError when it cannot be made, tightened or written."""
    keep_private(folder)
    handle, name = tempfile.mkstemp(prefix=".write-test-", dir=folder)
    os.close(handle)
    os.unlink(name)


def refuse_unwritable(folder: Path) -> None:
    """Prepares the hall's data folder, or stops the start with the
    sentence (SystemExit: printed alone on stderr, exit status 1)."""
    try:
        check_writable(folder)
    except OSError:
        raise SystemExit(unwritable_message(folder, system_language())) from None
