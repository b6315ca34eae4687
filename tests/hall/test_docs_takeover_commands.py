"""The takeover's command, as the docs write it, runs (issue 60, item 2).

Every command line of README.md, docs/quand-le-portable-tombe.md and
docs/guide-organisateur.md that takes a concours over (`--reprendre`) is
read from the docs and run as written, in the software's folder, on a
laptop set up as `make run` leaves it (.venv made), with a terminal whose
`python` has no Django and no .venv on its PATH (`python manage.py hall
--reprendre` failed there with « No module named 'django' »). The first
laptop journaled a deal onto a « stick » found by itself (BELOTE_MEDIA_ROOTS,
as tests/hall/test_stick_found.py); the command must take it over and serve
it, that deal in it. Only what cannot be the same here is changed: a
folder the docs give (`/media/CLE/…`) is this test's stick folder; the
app's name (`./belote-tournois`) is the app's launcher run from source
(`python -m hallapp`, without its window or browser); a Windows line is
left out (no Windows here); so are `--journal`'s and `--partielle`'s
examples (they name a hall or a damaged line this stick does not hold)."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import time
from pathlib import Path

import pytest

from bench.ports import server_port
from tests.hall.halls import ROOT, Phone, code_of, deals_in, environment, start
from tests.hall.test_stick_found import media  # noqa: F401 (a fixture)
from tests.volunteer_terminal import terminal

DOCS = ("README.md", "docs/quand-le-portable-tombe.md", "docs/guide-organisateur.md")
SPAN = re.compile(r"`([^`]+)`")
DOCS_FOLDER = "/media/CLE/belote-sauvegardes"
APP = ("./belote-tournois",)


def takeover_lines() -> list[str]:
    """The command lines of the docs that take a concours over, as written
    (a span may run over two lines of the text: joined with a space)."""
    found: list[str] = []
    for name in DOCS:
        text = (ROOT / name).read_text()
        fenced = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
        spans = [
            " ".join(span.split())
            for span in SPAN.findall(re.sub(r"```.*?```", "", text, flags=re.S))
        ]
        for line in [*spans, *(ln for block in fenced for ln in block.splitlines())]:
            if "--reprendre" in line and line not in found:
                found.append(line)
    return found


def runnable(line: str) -> bool:
    return not (
        "\\" in line  # a Windows path or program
        or ".exe" in line
        or "--journal" in line
        or "--partielle" in line
        or line.strip() == "--reprendre"  # the option named alone
        or line.startswith("--")
    )


def test_the_docs_say_one_command_that_runs_with_the_project_s_python():
    lines = takeover_lines()
    assert "bin/salle --reprendre" in lines, lines
    assert f"bin/salle --reprendre {DOCS_FOLDER}" in lines, lines
    assert "./belote-tournois --reprendre" in lines, lines
    # None of them is a bare `python manage.py …` any longer.
    assert not [line for line in lines if line.startswith("python ")], lines


def as_run(line: str, backups: Path) -> list[str]:
    words = shlex.split(line)
    words = [str(backups) if word == DOCS_FOLDER else word for word in words]
    if tuple(words[:1]) == APP:
        python = ROOT / ".venv" / "bin" / "python"
        words = [str(python), "-m", "hallapp", "--no-window", "--no-browser", *words[1:]]
    return words


#: What the docs said before (issue 60): it failed with « No module named
#: 'django' »; manage.py now starts again with .venv's Python.
OLDER_WORDS = "python manage.py hall --reprendre"


@pytest.mark.parametrize(
    "line", [*(line for line in takeover_lines() if runnable(line)), OLDER_WORDS]
)
def test_the_docs_takeover_command_runs_as_written(line, hall, media, tmp_path):  # noqa: F811
    folder, _apart = media
    backups = folder / "CLE" / "belote-sauvegardes"
    backups.mkdir(parents=True)
    env = {k: v for k, v in hall.env.items() if k != "BACKUP_DIR"}
    env["BELOTE_MEDIA_ROOTS"] = str(folder)
    first = start(env, hall.port, tmp_path / "premier.log")
    hall.servers.append(first)
    phone = Phone(hall.port, hall.path)
    phone.claim(hall.code)
    version, _ = phone.page()
    assert phone.deal(97, version)[0] == 0
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=30)

    other, port = tmp_path / "portable-2", server_port()
    other.mkdir()
    env2 = environment(other, tmp_path / "inutilise", port)
    env2 = {
        k: v
        for k, v in env2.items()
        if k not in ("BACKUP_DIR", "VIRTUAL_ENV", "PYTHONPATH", "PATH", "DJANGO_SETTINGS_MODULE")
    }
    env2 |= terminal(tmp_path) | {"BELOTE_MEDIA_ROOTS": str(folder), "HOST": f"0.0.0.0:{port}"}
    # The code the first start printed, as the volunteer types it at the prompt.
    env2["CODE_DE_LA_CLE"] = code_of(hall.laptop)
    log = tmp_path / "reprise.log"
    with open(log, "w") as out:
        server = subprocess.Popen(
            as_run(line, backups),
            env=env2,
            cwd=ROOT,
            stdout=out,
            stderr=out,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 180
        while "Pour les téléphones" not in log.read_text():
            assert server.poll() is None, log.read_text()[-2000:]
            assert time.monotonic() < deadline, log.read_text()[-2000:]
            time.sleep(0.3)
        said = log.read_text()
        assert "Reprise : instantané" in said, said[-2000:]
        assert "No module named" not in said
        # The app takes the next free port from 8000 (HOST is the command's):
        # the one it says it serves on this computer.
        serving = int(re.search(r"Sur cet ordinateur : http://[\d.]+:(\d+)/", said).group(1))
        response, _ = Phone(serving, hall.path).send("GET", hall.path)
        assert response.status == 200
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=60)
    assert deals_in(env2 | {"PATH": os.environ["PATH"]}, hall.path) == [97]


def test_python_without_django_says_in_french_what_to_type(tmp_path):
    """A copy of manage.py with no .venv beside it: the sentence, not a traceback."""
    (tmp_path / "manage.py").write_text((ROOT / "manage.py").read_text())
    env = terminal(tmp_path) | {"HOME": str(tmp_path)}
    done = subprocess.run(
        ["python", "manage.py", "hall", "--reprendre"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "tapez une fois « make run »" in done.stderr
    assert "bin/salle --reprendre" in done.stderr
