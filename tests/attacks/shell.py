"""One Django process for a test server's `Server.python` snippets: started
once, with the server's environment (`manage.py shell`), it runs each snippet
in a fork of itself, so each starts as fresh as in a new `manage.py shell -c`
(no database or Redis connection, cache, or "Redis is down" left by the one
before) without paying Django's start again (about 1.3 s of CPU a snippet).
Snippets come in over its stdin, one JSON line each; each answer is one line
on its stdout behind a mark, so what else is printed there cannot pass for
an answer."""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARK = b"\x1ebelote-shell-answer\x1e"
#: Seconds a snippet may take, Django's start included (a loaded machine
#: migrates slowly; the one-off shells had as long).
TIMEOUT = 300

# Run by `manage.py shell -c`: its globals are then the shell's namespace,
# which each snippet gets a fresh copy of, as in a shell of its own.
LOOP = r"""
import json as _json, os as _os, sys as _sys
_MARK = None
_namespace = dict(globals())
_answers = _os.fdopen(_os.dup(1), "wb")
_os.dup2(2, 1)  # a subprocess's output goes to stderr, not among the answers


def _run(code):
    import contextlib, io, traceback
    from django.core.cache import caches
    from django.db import connections
    out, err, error = io.StringIO(), io.StringIO(), None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            exec(code, dict(_namespace))
        except SystemExit as stop:
            if stop.code not in (None, 0):
                error = traceback.format_exc()
        except BaseException:
            error = traceback.format_exc()
        finally:
            connections.close_all()  # before the answer: the database is free then
            caches.close_all()
    return {"out": out.getvalue(), "err": err.getvalue(), "error": error}


for _line in _sys.stdin:
    _read, _write = _os.pipe()
    _sys.stdout.flush()
    _sys.stderr.flush()
    _pid = _os.fork()
    if _pid == 0:
        _os.close(_read)
        _os.dup2(_os.open(_os.devnull, _os.O_RDONLY), 0)
        try:
            _answer = _json.dumps(_run(_json.loads(_line)))
        except BaseException as _error:
            _answer = _json.dumps({"out": "", "err": "", "error": repr(_error)})
        with _os.fdopen(_write, "w") as _pipe:
            _pipe.write(_answer)
        _os._exit(0)
    _os.close(_write)
    with _os.fdopen(_read) as _pipe:
        _answer = _pipe.read()
    _, _status = _os.waitpid(_pid, 0)
    if not _answer:
        _answer = _json.dumps(
            {"out": "", "err": "", "error": f"the snippet's process died (status {_status})"}
        )
    _answers.write(_MARK + _answer.encode() + b"\n")
    _answers.flush()
""".replace("_MARK = None", f"_MARK = {MARK!r}")


class Shell:
    """The process, started with `env`; `run` gives a snippet's stdout."""

    def __init__(self, env: dict):
        self.env = dict(env)
        self._errors = tempfile.TemporaryFile()  # noqa: SIM115 (closed by `stop`)
        self._lock = threading.Lock()
        self._pending = b""
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "shell", "-c", LOOP],
            env=self.env,
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._errors,
            start_new_session=True,  # its group: a snippet's fork ends with it
        )

    def run(self, code: str, timeout: float = TIMEOUT) -> str:
        """What `code` printed; an AssertionError with its traceback if it
        raised, or if no answer came within `timeout` seconds."""
        with self._lock:
            try:
                self.process.stdin.write(json.dumps(code).encode() + b"\n")
                self.process.stdin.flush()
            except OSError:
                self._fail("the shell is gone")
            answer = json.loads(self._answer(timeout))
        if answer["error"]:
            raise AssertionError(answer["out"] + answer["err"] + answer["error"])
        return answer["out"]

    def _answer(self, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        stray = b""  # printed outside the snippets (Django's start)
        while True:
            line, found, rest = self._pending.partition(b"\n")
            if found:
                self._pending = rest
                if line.startswith(MARK):
                    return line[len(MARK) :]
                stray += line + b"\n"
                continue
            left = deadline - time.monotonic()
            out = self.process.stdout.fileno()
            if left <= 0 or not select.select([out], [], [], left)[0]:
                self._fail(f"no answer in {timeout} s", stray)
            chunk = os.read(out, 1 << 16)
            if not chunk:
                self._fail("the shell ended", stray)
            self._pending += chunk

    def _fail(self, why: str, stray: bytes = b"") -> None:
        self._end()
        self._errors.seek(0)
        said = (stray + self._pending + self._errors.read()).decode(errors="replace")
        self.stop()
        raise AssertionError(f"{why} (exit code {self.process.returncode}):\n{said}")

    @property
    def alive(self) -> bool:
        return self.process.poll() is None and not self.process.stdout.closed

    def stop(self) -> None:
        """Ends the process (and a snippet's fork still running)."""
        self._end()
        with contextlib.suppress(OSError):
            self.process.stdin.close()
        self.process.stdout.close()
        self._errors.close()

    def _end(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()  # the loop ends at the end of its input
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
        if self.process.poll() is None:  # stuck (its group is still its own: not reaped)
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
