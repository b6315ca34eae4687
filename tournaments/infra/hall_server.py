"""The hall's web server: waitress, with a stop that can be asked from
anywhere (a window's « Arrêter » button, SIGTERM, Ctrl+C) and that ends
cleanly: the listening socket closed, the requests under way finished (a
few seconds at most), then `serve` returns to its caller.

waitress's own `serve()` runs until the process is killed; this runs its
event loop a short slice at a time and checks a flag between slices, so the
stop is asked by setting the flag from any thread (or a signal handler) and
done by the serving thread itself, never concurrently with it.

Must not: know Django beyond the WSGI application it is handed, nor use
anything Unix-only (`manage.py hall` and the standalone app run on Windows).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from waitress import wasyncore
from waitress.server import BaseWSGIServer, create_server

#: How long one slice of the event loop waits for a socket at most: the
#: longest a stop waits before it begins.
SLICE_SECONDS = 0.25
#: How long the requests under way may take to finish once a stop begins.
FINISH_SECONDS = 5.0


class HallServer:
    """A waitress server bound at construction (OSError when the port is
    taken), served by `serve()` until `stop()`."""

    def __init__(self, application: Callable, *, host: str, port: int, **options) -> None:
        self._server = create_server(application, host=host, port=port, **options)
        self._stopping = threading.Event()
        self.stopped = threading.Event()

    @property
    def port(self) -> int:
        """The port really listened on (the one asked, or the system's pick for 0)."""
        effective = getattr(self._server, "effective_port", None)
        if effective is None:  # several sockets: waitress's MultiSocketServer
            effective = self._server.effective_listen[0][1]
        return int(effective)

    def _socket_map(self) -> dict:
        return getattr(self._server, "map", None) or self._server._map

    def serve(self) -> None:
        """Answer requests until `stop()` is called, then close everything."""
        socket_map = self._socket_map()
        use_poll = self._server.adj.asyncore_use_poll
        try:
            while not self._stopping.is_set() and socket_map:
                wasyncore.loop(timeout=SLICE_SECONDS, map=socket_map, use_poll=use_poll, count=1)
        finally:
            self._finish(socket_map, use_poll)
            self.stopped.set()

    def _finish(self, socket_map: dict, use_poll: bool) -> None:
        """No new connection; the requests under way end (their answers are
        sent by the loop, so it keeps turning meanwhile); then all is closed."""
        for dispatcher in list(socket_map.values()):
            if isinstance(dispatcher, BaseWSGIServer):
                dispatcher.accepting = False
        tasks = self._server.task_dispatcher
        tasks.set_thread_count(0)  # idle threads leave now, busy ones after their request
        deadline = time.monotonic() + FINISH_SECONDS
        while tasks.threads and time.monotonic() < deadline:
            wasyncore.loop(timeout=0.05, map=socket_map, use_poll=use_poll, count=1)
        tasks.shutdown(cancel_pending=True, timeout=0)
        wasyncore.close_all(socket_map)

    def stop(self) -> None:
        """Ask the serving thread to stop (safe from any thread or a signal
        handler); returns at once: wait on `stopped` to know it is done."""
        self._stopping.set()
