"""The first laptop dead for good, its standby known in advance (issue 39),
for real: the first `manage.py hall` started with `--secours <address of
the second>`; a table's page and the phone's regular call carry this hall's
name and the standby's address; the hall's ping (read cross-origin by the
page) says which hall a server took over: nothing before, the first
laptop's name once `hall --reprendre` ran on the second (killed -9 and its
data folder deleted first), and still after the second restarts."""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import sys

from bench.ports import server_port
from tests.hall.halls import ROOT, Phone, start


def ping(port: int) -> tuple[dict, str]:
    response, text = Phone(port, "/").send("GET", "/salle/ping/", Origin="http://127.0.0.2:1")
    assert response.status == 200, text[-500:]
    return json.loads(text), response.headers.get("Access-Control-Allow-Origin")


def test_the_phones_learn_the_standby_and_the_standby_says_its_takeover(hall, tmp_path):
    laptop, port, path, code, servers = hall.laptop, hall.port, hall.path, hall.code, hall.servers
    port2 = server_port()
    standby = f"http://127.0.0.2:{port2}"
    hall.start_first("--secours", standby + "/")
    assert f"Portable de secours : {standby}/" in (tmp_path / "portable-1.log").read_text()
    name = (laptop / "nom-du-journal").read_text().strip()

    # The table's page and the regular call carry the hall's name and its standby.
    phone = Phone(port, path)
    response, text = phone.send("GET", path)
    assert f'data-hall="{name}"' in text and f'data-standby="{standby}"' in text
    # Its pages may ask the standby (and only it besides their own origin);
    # the table's page any address too: the one its player types when no
    # standby answers (issue 50), checked with the page's own key.
    policy = response.headers["Content-Security-Policy"]
    assert f"connect-src 'self' {standby} http: https:;" in policy + ";"
    assert re.search(r'data-nonce="[0-9a-f]{32}" data-key="[0-9a-f]{64}"', text)
    response, _ = phone.send("GET", "/")
    assert f"connect-src 'self' {standby};" in response.headers["Content-Security-Policy"] + ";"
    phone.claim(code)
    version, _ = phone.page()
    assert phone.deal(97, version)[0] == 0
    _, text = phone.send("GET", path + "etat/?attente=0")
    state = json.loads(text)
    assert (state["hall"], state["standby"], state["version"]) == (name, standby, int(version) + 1)
    assert ping(port) == ({"hall": name, "replaces": ""}, "*")  # it took nothing over

    # The first laptop dead for good; the second takes over at the standby's address.
    servers[0].send_signal(signal.SIGKILL)
    servers[0].wait(timeout=30)
    shutil.rmtree(laptop)
    env2, _, second = hall.take_over(port2)
    name2 = (second / "nom-du-journal").read_text().strip()
    assert name2 != name
    assert ping(port2) == ({"hall": name2, "replaces": name}, "*")
    # The first laptop's address, as its sheets print it, was on the stick
    # (the second says whether the printed codes still lead to the hall).
    first_address = f"http://127.0.0.2:{port}"
    assert (hall.backups / "reprise" / f"adresse-{name}.txt").read_text() == first_address
    # Its own pages name it, without a standby of its own.
    moved = Phone(port2, path)
    _, text = moved.send("GET", path)
    assert f'data-hall="{name2}"' in text and 'data-standby=""' in text

    # Restarted, it still says which hall it took over.
    servers[1].terminate()
    servers[1].wait(timeout=30)
    servers.append(start(env2, port2, tmp_path / "portable-2-bis.log"))
    assert ping(port2) == ({"hall": name2, "replaces": name}, "*")


def test_an_unreadable_standby_address_stops_the_start_with_a_sentence(hall):
    env = hall.env
    for typed in ("javascript:alert(1)", "http://u:p@192.168.1.21:8000", "192.168.1.21/x"):
        command = [sys.executable, str(ROOT / "manage.py"), "hall", "--secours", typed, "--check"]
        done = subprocess.run(
            command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        assert done.returncode != 0, typed
        assert re.search(r"Adresse du portable de secours illisible : « .+ »", done.stderr), typed
        assert "Traceback" not in done.stderr
