"""`manage.py hall` as the standalone app runs it: the same command, with
what a volunteer without a terminal needs on top.

- the next free port when 8000 is taken (another program, the app started
  twice) rather than a refusal;
- the window (`hallapp.window`) while it serves, or the terminal when there
  is no Tk or no display; the browser opened on the organizer's page.

Must not: serve, migrate or back up otherwise than its parent command.
"""

from __future__ import annotations

import signal
import threading
from typing import TYPE_CHECKING, Any

from django.core.management.base import CommandError

from hallapp.system import open_browser_soon
from tournaments.infra import address
from tournaments.infra.hall_server import HallServer
from tournaments.management.commands.hall import Command as HallCommand
from tournaments.services import accounts

if TYPE_CHECKING:
    from hallapp.window import HallWindow

ORGANIZER_PAGE = "/organisation/"


class LaptopHall(HallCommand):
    def __init__(self, *, window: bool, browser: bool, ports_tried: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.window_wanted = window
        self.browser_wanted = browser
        self.ports_tried = ports_tried

    def _open(self, host: str, port: int, threads: int) -> HallServer:
        for attempt in range(self.ports_tried):
            try:
                return super()._open(host, port + attempt, threads)
            except CommandError:
                if attempt == self.ports_tried - 1:
                    raise
        raise AssertionError("unreachable")

    def serve(self, server: HallServer, public: address.PublicAddress) -> None:
        here = f"http://127.0.0.1:{server.port}"
        window = self._window(server, public, here) if self.window_wanted else None
        if self.browser_wanted:
            open_browser_soon(here + ORGANIZER_PAGE)
        if window is None:
            super().serve(server, public)
            return
        serving = threading.Thread(target=server.serve, name="hall-server")
        serving.start()
        for name in ("SIGINT", "SIGTERM"):
            signal.signal(getattr(signal, name), lambda *_: server.stop())
        try:
            window.run()
        finally:
            server.stop()
            serving.join()

    def _window(
        self, server: HallServer, public: address.PublicAddress, here: str
    ) -> HallWindow | None:
        """The volunteer's window, or None (said in the terminal) without Tk
        or a display: the terminal then does, Ctrl+C to stop."""
        try:
            from hallapp.window import HallWindow

            return HallWindow(
                server=server,
                public=public,
                here=here,
                organizer_page=here + ORGANIZER_PAGE,
                password=self.password,
                username=accounts.FIRST_ORGANIZER,
            )
        except Exception as exc:  # ImportError (no tkinter), TclError (no display)
            self.stdout.write(
                self.style.WARNING(f"Pas de fenêtre ({exc}) : le serveur tourne dans ce terminal.")
            )
            return None
