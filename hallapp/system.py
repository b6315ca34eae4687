"""Hand a web address or a folder to the system (the browser, the file
manager), from the standalone app or from Python alike.

A PyInstaller build on Linux points LD_LIBRARY_PATH at its own libraries
and keeps the user's value in LD_LIBRARY_PATH_ORIG: a browser started with
the app's libraries may fail to start, so the user's value is put back for
the programs started here.

Must not: import Django, nor wait for the program it starts.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import webbrowser


def outside_environment() -> dict[str, str]:
    """The environment the user's own programs expect."""
    env = dict(os.environ)
    if "LD_LIBRARY_PATH_ORIG" in env:
        env["LD_LIBRARY_PATH"] = env.pop("LD_LIBRARY_PATH_ORIG")
    elif getattr(sys, "frozen", False):
        env.pop("LD_LIBRARY_PATH", None)
    return env


def open_outside(target: str) -> None:
    """Open a URL or a folder with the system's program for it."""
    try:
        if sys.platform == "win32":
            os.startfile(target)  # type: ignore[attr-defined]
            return
        opener = "open" if sys.platform == "darwin" else "xdg-open"
        subprocess.Popen(
            [opener, target],
            env=outside_environment(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError:
        if "://" in target:
            webbrowser.open(target)


def open_browser_soon(url: str) -> None:
    """Open `url` in the system's browser without holding the caller."""
    threading.Thread(target=open_outside, args=(url,), name="browser", daemon=True).start()
