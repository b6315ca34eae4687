"""The standalone app's entry point: a double-click starts the hall server.

It picks the data folder (`paths`), sets the hall's settings as
`manage.py hall` does, then runs the hall command itself: the database
copied before an update and migrated, the demo only with --demo, the
backups every few minutes, waitress on port 8000 (the next free one up to
8009 when another program holds it). What the command prints goes to the
terminal when there is one, else to `journal.txt` in the data folder (a
Windows or macOS app started from the desktop has no terminal).

In place of the terminal's Ctrl+C: the window (`window`), whose closing
stops the server cleanly. Without Tk or a display (or with --no-window) it
falls back to the terminal: the address and its QR code printed, Ctrl+C or
SIGTERM to stop; the browser opens on the organizer's page either way
(unless --no-browser).

On a new data folder it makes the organizer's account (« organisateur »)
and shows its password once; --new-password gives it another.

Must not: serve, migrate or back up otherwise than the hall command does.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

from hallapp import paths

DEFAULT_PORT = 8000
#: `--reprendre` without a folder: the stick plugged in (tournaments/management/takeover.py).
ON_THE_STICK = "<clé>"
PORTS_TRIED = 10


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="belote-tournois",
        description="Le serveur de la salle : concours de belote et tournois de coinche.",
    )
    parser.add_argument("--demo", action="store_true", help="Crée le concours de démonstration.")
    parser.add_argument(
        "--no-window", action="store_true", help="Sans fenêtre : tout dans le terminal."
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="N'ouvre pas le navigateur au démarrage."
    )
    parser.add_argument(
        "--host",
        default=None,
        help=f"Adresse et port d'écoute (par défaut 0.0.0.0:{DEFAULT_PORT}, ou le suivant libre).",
    )
    parser.add_argument("--data", type=Path, default=None, help="Le dossier des données.")
    parser.add_argument(
        "--new-password",
        action="store_true",
        help="Donne un nouveau mot de passe au compte « organisateur ».",
    )
    parser.add_argument(
        "--admin-on-network",
        action="store_true",
        help="Ouvre aussi l'administration (/admin/) au réseau de la salle.",
    )
    # The takeover, as `manage.py hall` takes it (issue 60): the same words
    # after the app's name (`belote-tournois --reprendre`).
    parser.add_argument(
        "--reprendre",
        metavar="DOSSIER",
        nargs="?",
        const=ON_THE_STICK,
        help="Reprend le concours d'un autre portable depuis la clé USB branchée, ou depuis "
        "le dossier donné.",
    )
    parser.add_argument("--journal", metavar="NOM", help="Avec --reprendre : le journal choisi.")
    parser.add_argument("--code", metavar="CODE", help="Avec --reprendre : le code de la clé.")
    for flag, said in (
        ("--non-scellee", "Avec --reprendre : une clé de la version précédente, non scellée."),
        ("--partielle", "Avec --reprendre : jusqu'à la ligne abîmée nommée, pas au-delà."),
        ("--premier-arrete", "Avec --reprendre depuis une copie : le premier portable est arrêté."),
        ("--nouvelle-cle", "Nouvelle journée ou nouvelle clé USB."),
    ):
        parser.add_argument(flag, action="store_true", help=said)
    parser.add_argument("--secours", metavar="ADRESSE", help="Adresse du portable de secours.")
    # macOS hands an app started from the Finder a -psn_… argument: ignored.
    known, _unknown = parser.parse_known_args(argv)
    return known


def prepare_environment(options: argparse.Namespace) -> Path:
    """The hall's settings, before Django reads them; returns the data folder."""
    data = options.data or paths.data_folder(platform.system(), os.environ, Path.home())
    os.environ["BELOTE_DATA_DIR"] = str(data)
    os.environ["BELOTE_MODE"] = "hall"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    return data


def _keep_output(data: Path) -> None:
    """A program started from the desktop has no terminal (sys.stdout is
    None): what the hall command says goes to the data folder's journal."""
    if sys.stdout is not None and sys.stderr is not None:
        return
    data.mkdir(parents=True, exist_ok=True, mode=0o700)
    journal = open(data / "journal.txt", "a", encoding="utf-8", buffering=1)  # noqa: SIM115
    sys.stdout = sys.stdout or journal
    sys.stderr = sys.stderr or journal


def _takeover_options(options: argparse.Namespace) -> dict[str, object]:
    """The takeover's words, handed to the hall command as they were given."""
    given = {
        "reprendre": options.reprendre,
        "journal": options.journal,
        "code": options.code,
        "non_scellee": options.non_scellee,
        "partielle": options.partielle,
        "premier_arrete": options.premier_arrete,
        "nouvelle_cle": options.nouvelle_cle,
        "secours": options.secours,
    }
    return {name: value for name, value in given.items() if value}


def main(argv: list[str] | None = None) -> int:
    options = parse_arguments(sys.argv[1:] if argv is None else argv)
    data = prepare_environment(options)
    _keep_output(data)

    import django

    django.setup()
    from django.core.management import call_command
    from django.core.management.base import CommandError

    from hallapp.command import LaptopHall

    command = LaptopHall(
        window=not options.no_window,
        browser=not options.no_browser,
        ports_tried=1 if options.host else PORTS_TRIED,
    )
    try:
        call_command(
            command,
            host=options.host or f"0.0.0.0:{DEFAULT_PORT}",
            demo=options.demo,
            new_password=options.new_password,
            admin_on_network=options.admin_on_network,
            **_takeover_options(options),
        )
    except CommandError as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0
