"""The volunteer's window (Tk, which Python's installers for Windows and
macOS carry, and the PyInstaller build with them): what a terminal showed
to whoever typed `manage.py hall`, for someone who double-clicked.

It shows the address phones open on the hall's Wi-Fi with its QR code
(segno, as the terminal's), « Ouvrir dans le navigateur », the backups'
folder and the time of the last backup (read again every few seconds),
the organizer's password on the first start, and « Arrêter ». Closing the
window stops the server as « Arrêter » does: the window waits for the
server to finish the requests under way, then goes.

Words in French, or in English on a system whose language is English.
Must not: serve, back up or write data; it only reads the backups' folder.
"""

from __future__ import annotations

import base64
import io
import tkinter as tk
from datetime import datetime
from pathlib import Path
from tkinter import ttk

import segno
from django.utils import formats, translation
from django.utils.translation import gettext as _

from hallapp.system import open_outside
from tournaments.infra import address
from tournaments.infra.data_folder import system_language
from tournaments.infra.database_copy import PREFIX as DATABASE_COPY
from tournaments.infra.hall_server import HallServer
from tournaments.services import autosave

REFRESH_MS = 5000
STOP_POLL_MS = 100
QR_SCALE = 5


def last_backup(folder: Path) -> datetime | None:
    """When the newest backup of `folder` was written (a tournament's JSON,
    or the database copied before an update)."""
    times = [
        path.stat().st_mtime
        for pattern in ("*.json", f"{DATABASE_COPY}*.sqlite3")
        for path in folder.glob(pattern)
    ]
    return datetime.fromtimestamp(max(times)) if times else None


class HallWindow:
    def __init__(
        self,
        *,
        server: HallServer,
        public: address.PublicAddress,
        here: str,
        organizer_page: str,
        password: str | None,
        username: str,
    ) -> None:
        translation.activate(system_language())
        self.server = server
        self.organizer_page = organizer_page
        self.root = tk.Tk()  # TclError without a display: the caller falls back
        self.root.title(_("Belote tournois — serveur de la salle"))
        self.root.protocol("WM_DELETE_WINDOW", self.stop)
        frame = ttk.Frame(self.root, padding=16)
        frame.grid(sticky="nsew")
        self._address(frame, public, here)
        if password:
            self._password(frame, username, password)
        self._backups(frame)
        self._buttons(frame)
        self.root.after(REFRESH_MS, self._refresh)

    def _address(self, frame: ttk.Frame, public: address.PublicAddress, here: str) -> None:
        url = public.url + "/"
        ttk.Label(frame, text=_("Pour les téléphones (même Wi-Fi) :")).grid(sticky="w")
        shown = ttk.Entry(frame, font=("TkDefaultFont", 16), justify="center")
        shown.insert(0, url)
        shown.configure(state="readonly")
        shown.grid(sticky="ew", pady=(2, 8))
        png = io.BytesIO()
        segno.make(url, error="m").save(png, kind="png", scale=QR_SCALE, border=4)
        self.qr = tk.PhotoImage(data=base64.b64encode(png.getvalue()).decode("ascii"))
        ttk.Label(frame, image=self.qr).grid(pady=4)
        if not public.reachable:
            ttk.Label(
                frame,
                text=_("Aucune adresse de réseau local trouvée : branchez le Wi-Fi de la salle."),
                foreground="#a00",
                wraplength=420,
            ).grid(sticky="w")
        ttk.Label(frame, text=_("Sur cet ordinateur : %(url)s") % {"url": here + "/"}).grid(
            sticky="w", pady=(4, 8)
        )

    def _password(self, frame: ttk.Frame, username: str, password: str) -> None:
        box = ttk.LabelFrame(frame, text=_("Compte organisateur"), padding=8)
        box.grid(sticky="ew", pady=4)
        line = _("Identifiant : %(name)s — mot de passe : %(password)s")
        shown = ttk.Entry(box, width=50)
        shown.insert(0, line % {"name": username, "password": password})
        shown.configure(state="readonly")
        shown.grid(sticky="ew")
        ttk.Label(
            box,
            text=_("Notez ce mot de passe : il ne sera plus affiché (« Mon compte » le change)."),
            wraplength=420,
        ).grid(sticky="w")

    def _backups(self, frame: ttk.Frame) -> None:
        self.folder = autosave.backup_dir()
        box = ttk.LabelFrame(frame, text=_("Sauvegardes automatiques"), padding=8)
        box.grid(sticky="ew", pady=4)
        ttk.Label(box, text=str(self.folder), wraplength=420).grid(sticky="w")
        self.last = ttk.Label(box, wraplength=420)
        self.last.grid(sticky="w")
        ttk.Button(box, text=_("Ouvrir le dossier"), command=self._open_folder).grid(sticky="w")
        self._show_last_backup()

    def _buttons(self, frame: ttk.Frame) -> None:
        row = ttk.Frame(frame)
        row.grid(sticky="ew", pady=(12, 0))
        ttk.Button(
            row,
            text=_("Ouvrir dans le navigateur"),
            command=lambda: open_outside(self.organizer_page),
        ).grid(row=0, column=0, padx=(0, 8))
        self.stop_button = ttk.Button(row, text=_("Arrêter"), command=self.stop)
        self.stop_button.grid(row=0, column=1)
        self.status = ttk.Label(frame, text=_("Le serveur de la salle est en marche."))
        self.status.grid(sticky="w", pady=(8, 0))

    def _open_folder(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        open_outside(str(self.folder))

    def _show_last_backup(self) -> None:
        when = last_backup(self.folder)
        if when is None:
            text = _("Aucune sauvegarde pour l'instant : la première vient à la fin d'une partie.")
        else:
            text = _("Dernière sauvegarde : %(when)s") % {
                "when": formats.date_format(when, "DATETIME_FORMAT")
            }
        self.last.configure(text=text)

    def _refresh(self) -> None:
        self._show_last_backup()
        self.root.after(REFRESH_MS, self._refresh)

    def stop(self) -> None:
        """« Arrêter » or the window closed: stop the server, then go."""
        self.stop_button.state(["disabled"])
        self.status.configure(text=_("Arrêt en cours…"))
        self.server.stop()  # `_watch` closes the window once the server has stopped

    def run(self) -> None:
        """Until the server has stopped (« Arrêter », the window closed, SIGTERM)."""
        self.root.after(STOP_POLL_MS, self._watch)
        self.root.mainloop()

    def _watch(self) -> None:
        # The window goes once the server has stopped, whoever asked (SIGTERM too).
        if self.server.stopped.is_set():
            self.root.destroy()
        else:
            self.root.after(STOP_POLL_MS, self._watch)
