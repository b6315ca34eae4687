"""The hall server as a volunteer starts it (`manage.py hall`), reached from
another loopback address standing in for a phone on the hall's Wi-Fi
(127.0.0.2: never a real network address). Plain HTTP: login, cookies and
CSRF work; pages use nothing from outside; errors have French pages."""

from __future__ import annotations

import http.cookiejar
import os
import re
import stat
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from bench.ports import server_port
from tests import migrated

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Salle-des-fetes-2026"


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    """A hall server on all interfaces of a free port, with the demo."""
    data = tmp_path_factory.mktemp("hall")
    port = server_port()
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "DEBUG", "ALLOWED_HOSTS", "PUBLIC_URL", "REDIS_URL")
    }
    env.update(BELOTE_DATA_DIR=str(data), PUBLIC_URL=f"http://127.0.0.2:{port}")
    manage = [sys.executable, str(ROOT / "manage.py")]
    # The run's migrated database (tests/migrated.py): these tests are about
    # the hall's terminal, pages and files, not a first start (migrating
    # from nothing took 8.5 s of CPU here; test_first_start.py does it).
    migrated.seed(data)
    subprocess.run(
        [*manage, "createsuperuser", "--noinput", "--username", "arbitre", "--email", "a@b.fr"],
        env={**env, "DJANGO_SUPERUSER_PASSWORD": PASSWORD},
        check=True,
        cwd=ROOT,
        capture_output=True,
    )
    log = open(data / "hall.log", "w")  # noqa: SIM115 - closed below
    server = subprocess.Popen(
        [*manage, "hall", "--demo", "--host", f"0.0.0.0:{port}", "--threads", "4"],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.2:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/", timeout=2)
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if server.poll() is not None:
                break
            time.sleep(0.3)
    else:
        server.kill()
        pytest.fail("the hall server did not answer in 90 s")
    if server.poll() is not None:
        log.close()
        pytest.fail("the hall server stopped: " + (data / "hall.log").read_text()[-2000:])
    yield base, data
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()


def opener() -> urllib.request.OpenerDirector:
    jar = http.cookiejar.CookieJar()
    built = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    built.jar = jar  # type: ignore[attr-defined]
    return built


def test_the_terminal_shows_the_address_phones_open(hall):
    base, data = hall
    printed = (data / "hall.log").read_text()
    assert f"Pour les téléphones (même Wi-Fi) : {base}/" in printed
    assert "█" in printed  # the QR code of that address
    # nothing but what the organizer needs: no warning, no traceback
    assert "Warning" not in printed and "Traceback" not in printed


def test_pages_are_french_and_use_nothing_from_outside(hall):
    base, _ = hall
    page = urllib.request.urlopen(base + "/").read().decode()
    assert 'lang="fr"' in page and "Concours" in page
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources and all(not s.startswith(("http://", "https://", "//")) for s in sources)
    # static files come from the laptop itself
    css = next(s for s in sources if s.endswith(".css"))
    assert urllib.request.urlopen(base + css).status == 200


def test_an_unknown_page_has_a_french_page_and_no_traceback(hall):
    base, _ = hall
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(base + "/nulle-part/")
    body = missing.value.read().decode()
    assert missing.value.code == 404
    assert "Page introuvable" in body and "Traceback" not in body and "DEBUG" not in body


def test_an_organizer_logs_in_over_plain_http(hall):
    base, _ = hall
    browser = opener()
    form = browser.open(base + "/compte/connexion/").read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    cookies = {c.name: c for c in browser.jar}  # type: ignore[attr-defined]
    assert not cookies["csrftoken"].secure
    data = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": token, "username": "arbitre", "password": PASSWORD}
    ).encode()
    request = urllib.request.Request(
        base + "/compte/connexion/", data=data, headers={"Referer": base + "/compte/connexion/"}
    )
    browser.open(request)
    cookies = {c.name: c for c in browser.jar}  # type: ignore[attr-defined]
    assert "sessionid" in cookies and not cookies["sessionid"].secure
    area = browser.open(base + "/organisation/").read().decode()
    assert "Saint-Éloi" in area


def test_the_data_folder_and_its_files_are_the_organizers_alone(hall):
    """Issue 22: the database, the secret key and the backups were readable
    by every user of the laptop (0644)."""
    _base, data = hall
    backups = list((data / "sauvegardes").glob("*.json"))
    assert backups, "the demo's closed parties leave backups"
    modes = {
        path.name: stat.S_IMODE(path.stat().st_mode)
        for path in [data / "db.sqlite3", data / "secret-key", *backups]
    }
    print(f"\nmodes: { {name: oct(mode) for name, mode in list(modes.items())[:4]} }")
    assert set(modes.values()) == {0o600}
    assert stat.S_IMODE((data / "sauvegardes").stat().st_mode) == 0o700
