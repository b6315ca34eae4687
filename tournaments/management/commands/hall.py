"""`python manage.py hall`: serve a whole village hall from one laptop.

The hall server is what `make run` starts and what the README tells a
volunteer to type on any laptop (Windows, macOS or Linux): it brings the
database up to date, optionally builds the demo, prints the address phones
must open (and a QR code of it in the terminal), backs up running
tournaments every few minutes, and serves the app with waitress — a
production WSGI server in pure Python, with threads instead of forked
processes, so it runs the same on Windows. DEBUG is off and plain HTTP works
on the local network (see config/settings.py, "the hall server").

Must not: use anything Unix-only (no fork, no signals beyond Ctrl-C, paths
through pathlib), nor print a traceback to the volunteer for a busy port.
"""

from __future__ import annotations

import contextlib
import os
import threading
from pathlib import Path

import segno
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from tournaments.infra import address, uptime
from tournaments.services import autosave

DEFAULT_HOST = "0.0.0.0:8000"
CONNECTION_LIMIT = 1000


def parse_host(text: str) -> tuple[str, int]:
    """« 0.0.0.0:8000 », « 8080 » or « 192.168.1.20:8000 » → (host, port)."""
    text = text.strip()
    host, _, port = text.rpartition(":")
    if not host:
        host = "0.0.0.0"
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise CommandError(f"Adresse d'écoute illisible : « {text} » (par exemple 0.0.0.0:8000).")
    return host.strip("[]"), int(port)


class Command(BaseCommand):
    help = "Sert le concours à toute la salle : les téléphones ouvrent l'adresse affichée."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--host",
            default=os.environ.get("HOST", DEFAULT_HOST),
            help="Adresse et port d'écoute (HOST=ip:port), par défaut 0.0.0.0:8000.",
        )
        parser.add_argument("--threads", type=int, default=8, help="Fils de service (8).")
        parser.add_argument(
            "--demo", action="store_true", help="Crée le concours de démonstration."
        )
        parser.add_argument(
            "--check", action="store_true", help="Prépare tout et affiche l'adresse, sans servir."
        )
        parser.add_argument(
            "--admin-on-network",
            action="store_true",
            help="Ouvre aussi l'administration (/admin/) au réseau de la salle "
            "(par défaut, seulement sur cet ordinateur).",
        )

    def handle(self, *args, host: str, threads: int, demo: bool, check: bool, **options) -> None:
        listen_host, port = parse_host(host)
        if options.get("admin_on_network"):
            settings.HALL_ADMIN_ON_NETWORK = True
        call_command("migrate", interactive=False, verbosity=0)
        if demo:
            call_command("demo", stdout=self.stdout)
        public = address.public_address_for_port(port)
        self._announce(public, listen_host, port)
        if check:
            return
        self._start_backups()
        self._keep_alive_marks()
        self._serve(listen_host, port, threads)

    def _announce(self, public: address.PublicAddress, host: str, port: int) -> None:
        self.stdout.write("")
        self.stdout.write(
            self.style.SUCCESS("Concours de belote : le serveur de la salle démarre.")
        )
        self.stdout.write(f"  Sur cet ordinateur : http://127.0.0.1:{port}/")
        self.stdout.write(f"  Pour les téléphones (même Wi-Fi) : {public.url}/")
        if not public.reachable:
            self.stdout.write(
                self.style.WARNING(
                    "  Aucune adresse de réseau local trouvée : branchez le Wi-Fi de la salle, "
                    "ou donnez PUBLIC_URL=http://adresse:port."
                )
            )
        self.stdout.write(f"  Sauvegardes automatiques : {autosave.backup_dir()}")
        self.stdout.write("  Arrêt : Ctrl+C")
        self.stdout.write("")
        qr = segno.make(public.url + "/", error="m")
        qr.terminal(out=self.stdout._out, compact=True)
        self.stdout.flush()

    def _start_backups(self) -> None:
        seen: dict[int, str] = {}
        interval = max(10.0, settings.BACKUP_MINUTES * 60)
        stop = threading.Event()

        def loop() -> None:
            from django.db import close_old_connections

            while not stop.wait(interval):
                close_old_connections()
                autosave.backup_changed(seen)

        threading.Thread(target=loop, name="autosave", daemon=True).start()

    def _keep_alive_marks(self) -> None:
        """This start, and a sign of life every few seconds: the next start
        knows how long the hall was without its server (infra/uptime.py)."""
        folder = Path(settings.DATA_DIR)
        start = uptime.record_start(folder, timezone.now())
        if start.is_restart:
            self.stdout.write(
                "  Redémarrage : les téléphones se reconnectent d'eux-mêmes et envoient "
                "les donnes saisies pendant l'arrêt."
            )

        def loop() -> None:
            while not threading.Event().wait(uptime.ALIVE_EVERY):
                # A full disk: the dashboard says so through the backups.
                with contextlib.suppress(OSError):
                    uptime.mark_alive(folder, timezone.now())

        threading.Thread(target=loop, name="alive", daemon=True).start()

    def _serve(self, host: str, port: int, threads: int) -> None:
        from waitress import serve

        # Files are served from the source tree (WHITENOISE_USE_FINDERS), but
        # WhiteNoise warns in the organizer's terminal when STATIC_ROOT is missing.
        Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)

        from config.wsgi import application

        try:
            serve(
                application,
                host=host,
                port=port,
                threads=threads,
                ident="belote",
                # Every phone in the hall keeps its connection open between two
                # polls: waitress's default of 100 connections would make the
                # 101st phone wait. Idle ones are closed after a minute.
                connection_limit=CONNECTION_LIMIT,
                channel_timeout=60,
            )
        except OSError as exc:
            raise CommandError(
                f"Impossible d'écouter sur {host}:{port} ({exc.strerror}) : le port est peut-être "
                "déjà pris ; essayez HOST=0.0.0.0:8001."
            ) from exc
