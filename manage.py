#!/usr/bin/env python
"""Django's command-line utility for administrative tasks.

Typed with a Python that lacks Django (`python manage.py hall --reprendre`
on a laptop that `make run` set up: Django is in .venv), it starts again
with the project's own .venv when there is one (issue 60), else says in
French what to type. Must not import anything of the project before that."""

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _project_python() -> Path | None:
    """The .venv's Python (`make run`, bin/setup-venv), if it is not the one running."""
    for candidate in (HERE / ".venv" / "bin" / "python", HERE / ".venv" / "Scripts" / "python.exe"):
        if candidate.exists() and Path(sys.prefix).resolve() != (HERE / ".venv").resolve():
            return candidate
    return None


def _without_django() -> None:
    python = _project_python()
    if python is not None and not os.environ.get("BELOTE_VENV_TRIED"):
        os.environ["BELOTE_VENV_TRIED"] = "1"  # never a loop, whatever .venv holds
        os.execv(str(python), [str(python), str(HERE / "manage.py"), *sys.argv[1:]])
    sys.exit(
        "Le logiciel n'est pas installé pour ce Python (Django manque). Dans le dossier du "
        "logiciel, tapez une fois « make run » (ou « bin/setup-venv »), puis « bin/salle "
        + " ".join(sys.argv[2:] if sys.argv[1:2] == ["hall"] else ["--reprendre"])
        + " ».\nThe software is not installed for this Python (Django is missing): run "
        "`make run` (or `bin/setup-venv`) once, then `bin/salle`."
    )


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if sys.argv[1:2] == ["hall"]:
        # The hall server's settings (plain HTTP on the local network, DEBUG
        # off) are chosen before Django reads them.
        os.environ.setdefault("BELOTE_MODE", "hall")
    try:
        from django.core.management import execute_from_command_line
    except ModuleNotFoundError as missing:
        if missing.name != "django":
            raise
        _without_django()
        return
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
