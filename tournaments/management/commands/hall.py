"""`python manage.py hall`: serve a whole village hall from one laptop.

The hall server is what `make run` starts and what the README tells a
volunteer to type on any laptop (Windows, macOS or Linux): it brings the
database up to date, optionally builds the demo, prints the address phones
must open (and a QR code of it in the terminal), backs up running
tournaments every few minutes, runs the background tasks in a thread
(infra/tasks.py), and serves the app with waitress — a
production WSGI server in pure Python, with threads instead of forked
processes, so it runs the same on Windows. DEBUG is off and plain HTTP works
on the local network (see config/settings.py, "the hall server").

Before migrating an existing data folder that a newer version must update,
it copies the database into the backups' folder (`infra/database_copy`).
On a data folder without any account it makes the organizer's and prints
its password once (`--new-password`: another one).
Without BACKUP_DIR, the backups' folder is the folder
`belote-sauvegardes` of the USB stick plugged in, found by itself
(infra/stick.py). On SQLite it journals every write on the backups' folder
before acknowledging it (infra/journal), and `--reprendre` brings a concours
up on a second laptop from the stick (or `--reprendre <folder>`, from that
folder: management/takeover.py).
Ctrl+C or SIGTERM stops it cleanly: the requests under way end, a last
backup of what changed is written, then « Serveur arrêté ». The standalone
app (hallapp/) runs this very command, its window in place of the terminal.

Must not: use anything Unix-only (no fork, no signal Windows lacks, paths
through pathlib), nor print a traceback to the volunteer for a busy port.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from pathlib import Path

import segno
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.infra import address, database_copy, standby, tasks, uptime
from tournaments.infra.data_folder import system_language
from tournaments.infra.hall_server import HallServer
from tournaments.infra.journal import replay, sealing
from tournaments.infra.journal import writer as journal
from tournaments.management import takeover
from tournaments.services import accounts, autosave

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
    #: The organizer's password when this start made or renewed it (shown once).
    password: str | None = None

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
            "--check",
            action="store_true",
            help="Prépare tout, vérifie la clé comme le vrai démarrage et affiche l'adresse, "
            "sans servir.",
        )
        parser.add_argument(
            "--new-password",
            action="store_true",
            help="Donne un nouveau mot de passe au compte « organisateur ».",
        )
        parser.add_argument(
            "--reprendre",
            metavar="DOSSIER",
            nargs="?",
            const=takeover.ON_THE_STICK,
            help="Reprend le concours d'un autre ordinateur depuis la clé USB branchée (son "
            "dossier belote-sauvegardes), ou depuis le dossier de reprise donné.",
        )
        parser.add_argument(
            "--journal",
            metavar="NOM",
            help="Avec --reprendre, quand la clé porte les journaux de plusieurs concours : "
            "celui à reprendre (son nom, tel que la reprise les liste).",
        )
        parser.add_argument(
            "--partielle",
            action="store_true",
            help="Avec --reprendre : rejoue le journal jusqu'à la ligne abîmée ou refusée qu'une "
            "reprise a nommée, et pas au-delà.",
        )
        parser.add_argument(
            "--code",
            metavar="CODE",
            help="Avec --reprendre : le code de la clé (noté au premier démarrage, affiché au "
            "bureau du premier portable), demandé s'il n'est pas donné.",
        )
        parser.add_argument(
            "--non-scellee",
            action="store_true",
            help="Avec --reprendre : accepte une clé écrite par la version précédente du "
            "logiciel, qui n'est pas scellée par un code (à ne faire que pour sa propre clé).",
        )
        parser.add_argument(
            "--premier-arrete",
            action="store_true",
            help="Avec --reprendre depuis un autre dossier que la clé de ce portable : le premier "
            "portable est bien arrêté (il ne saura pas qu'il est remplacé).",
        )
        parser.add_argument(
            "--nouvelle-cle",
            action="store_true",
            help="Nouvelle journée ou nouvelle clé USB : le journal de reprise repart dans le "
            "dossier des sauvegardes de ce démarrage (la clé trouvée, ou BACKUP_DIR), sans "
            "chercher celui de la dernière fois.",
        )
        parser.add_argument(
            "--secours",
            metavar="ADRESSE",
            help="Adresse du portable de secours (par exemple http://192.168.1.21:8000) : "
            "si ce portable-ci tombe, les téléphones y vont d'eux-mêmes dès qu'il a repris.",
        )
        parser.add_argument(
            "--admin-on-network",
            action="store_true",
            help="Ouvre aussi l'administration (/admin/) au réseau de la salle "
            "(par défaut, seulement sur cet ordinateur).",
        )

    def handle(self, *args, host: str, threads: int, demo: bool, check: bool, **options) -> None:
        listen_host, port = parse_host(host)
        secours = self._standby_address(options.get("secours") or "")
        if options.get("admin_on_network"):
            settings.HALL_ADMIN_ON_NETWORK = True
        takeover.find_stick(self.stdout, self.style)
        taken, first = None, ""
        spoken = translation.override(system_language())  # the takeover's sentences
        if options.get("reprendre"):
            with spoken:
                taken = takeover.take_over(
                    takeover.folder_to_take_over(options["reprendre"]),
                    self.stdout,
                    self.style,
                    migrate=self._update_database,
                    hall=options.get("journal"),
                    partial=options.get("partielle", False),
                    seal=replay.Seal(
                        code=self._code(options.get("code")),
                        unsealed=bool(options.get("non_scellee")),
                    ),
                )
            first = takeover.recorded_address(taken.hall, taken.snapshot.parent)
        else:
            self._update_database()
        self._first_login(renew=bool(options.get("new_password")))
        if demo:
            call_command("demo", stdout=self.stdout, compte_deja_dit=self.password is not None)
        with spoken:
            copy = (
                takeover.from_a_copy(taken) if taken and not options.get("premier_arrete") else ""
            )
        if copy:
            raise CommandError(copy)
        if check:
            # What the stick would refuse, said to a rehearsal as to the real start.
            new_medium = bool(options.get("nouvelle_cle") or taken is not None)
            if refused := takeover.journal_refusal(new_medium=new_medium):
                raise CommandError(refused)
            self._announce(
                address.public_address_for_port(port, listen=listen_host), listen_host, port
            )
            return
        server = self._open(listen_host, port, threads)
        takeover.start_journal(
            self.stdout,
            self.style,
            # A takeover journals on the stick it was given, on purpose.
            new_medium=bool(options.get("nouvelle_cle") or taken is not None),
        )
        public = address.public_address_for_port(server.port, listen=listen_host)
        address.serve_at(public)  # the links of mails made without a request
        takeover.record_address(public.url)
        if taken is not None:
            with spoken:
                takeover.hand_over(taken, public.url, self.stdout, first=first)
        takeover.start_standby(secours, self.stdout, public.url)
        self._announce(public, listen_host, server.port)
        stop_backups = self._start_backups()
        self._keep_alive_marks()
        # The background tasks (a file received, read by Django's task
        # framework: infra/tasks.py) run in a thread of this process.
        worker = tasks.WorkerThread().start()
        try:
            self.serve(server, public)
        finally:
            worker.stop()
            stop_backups.set()
            self._back_up_changes()
            journal.stop()
            self.stdout.write("Serveur arrêté.")
            self.stdout.flush()

    def _code(self, given: str | None) -> str:
        """The stick's code for a takeover: given (`--code`), else typed at
        the terminal (Enter: this laptop's own), else this laptop's own
        ("" if none: a sealed stick is then refused in a sentence)."""
        own = sealing.kept_code(Path(settings.DATA_DIR))
        given = given or os.environ.get("CODE_DE_LA_CLE") or None  # the standalone app's
        if given is None and sys.stdin is not None and sys.stdin.isatty():
            default = _(" (Entrée : %(own)s)") % {"own": own} if own else ""
            asked = _("Code de la clé (XXXX-XXXX-XXXX)%(default)s : ") % {"default": default}
            try:
                given = input(asked).strip() or None
            except EOFError:
                given = None
        if given is None:
            return own
        code = sealing.normalized(given)
        if code is None:
            raise CommandError(
                _(
                    "Code de la clé illisible : « %(given)s » (douze lettres et chiffres, par "
                    "exemple KM7Q-3ZPW-H9TD, noté au premier démarrage du premier portable)."
                )
                % {"given": given}
            )
        return code

    def _standby_address(self, text: str) -> str:
        """The standby laptop's address as typed, checked before anything starts."""
        if not text:
            return ""
        if (origin := standby.address(text)) is None:
            raise CommandError(
                f"Adresse du portable de secours illisible : « {text} » "
                "(par exemple http://192.168.1.21:8000)."
            )
        return origin

    def _update_database(self) -> None:
        """Migrate, after a copy of the database when an update is about to
        change the tables of an existing data folder (a newer version
        started on an older folder): see tournaments/infra/database_copy.py."""
        existing, pending = database_copy.migrations_to_apply()
        if existing and pending:
            if database_copy.is_sqlite():
                copy = database_copy.copy_database(autosave.backup_dir())
                self.stdout.write(f"Mise à jour de la base : copie de l'ancienne dans {copy}")
            else:
                self.stdout.write(
                    self.style.WARNING(
                        "Mise à jour de la base (PostgreSQL) : aucune copie faite ici, "
                        "pensez à pg_dump avant."
                    )
                )
        call_command("migrate", interactive=False, verbosity=0)

    def _first_login(self, *, renew: bool) -> None:
        """On a data folder without any account, the organizer's (its
        password shown once); `renew` (`--new-password`): another password."""
        self.password = accounts.create_first_organizer()
        if self.password is None and renew:
            self.password = accounts.renew_password()
        if self.password is not None:
            self.stdout.write(f"Organisateur : {accounts.FIRST_ORGANIZER}")
            self.stdout.write(f"Mot de passe : {self.password} (notez-le)")

    def _open(self, host: str, port: int, threads: int) -> HallServer:
        """The server, listening (not answering yet): a busy port is said
        in words, without a traceback."""
        # Files are served from the source tree (WHITENOISE_USE_FINDERS), but
        # WhiteNoise warns in the organizer's terminal when STATIC_ROOT is missing.
        Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)

        from config.wsgi import application

        try:
            return HallServer(
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

    def serve(self, server: HallServer, public: address.PublicAddress) -> None:
        """Answer the hall until Ctrl+C or SIGTERM (a service manager, the
        standalone app's window: hallapp/ overrides this)."""
        if threading.current_thread() is threading.main_thread():
            for name in ("SIGINT", "SIGTERM"):
                signal.signal(getattr(signal, name), lambda *_: server.stop())
        server.serve()

    def _announce(self, public: address.PublicAddress, host: str, port: int) -> None:
        self.stdout.write("")
        self.stdout.write(
            self.style.SUCCESS("Concours de belote : le serveur de la salle démarre.")
        )
        here = host if host not in ("", "0.0.0.0", "::") else "127.0.0.1"
        self.stdout.write(f"  Sur cet ordinateur : http://{here}:{port}/")
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
        # After a takeover the QR code opens « Ma table » (the team's code
        # opens its table): the printed ones lead to the first laptop.
        opens = public.url + (reverse("tournaments:my_table") if standby.REPLACES else "/")
        if standby.REPLACES:
            self.stdout.write(f"  QR code des téléphones (code de l'équipe, sa table) : {opens}")
        qr = segno.make(opens, error="m")
        qr.terminal(out=self.stdout._out, compact=True)
        self.stdout.flush()

    def _start_backups(self) -> threading.Event:
        """Back up the running tournaments every few minutes; set the event
        returned to stop."""
        self._seen: dict[int, str] = {}
        interval = max(10.0, settings.BACKUP_MINUTES * 60)
        stop = threading.Event()

        def loop() -> None:
            while not stop.wait(interval):
                self._back_up_changes()

        threading.Thread(target=loop, name="autosave", daemon=True).start()
        return stop

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

    def _back_up_changes(self) -> None:
        from django.db import close_old_connections

        close_old_connections()
        autosave.backup_changed(self._seen)
        if journal.ACTIVE is not None:
            journal.ACTIVE.rotate()
