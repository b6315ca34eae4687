"""The first laptop comes back after a second one took the hall over (issue
39), for real: two `manage.py hall` servers on one « stick » (a folder both
see: the stick plugged back into the first laptop, a shared folder). Once
the second has taken over with `--reprendre`, the first refuses every
request, a deal first of all, with a sentence and a header naming the new
address (nothing recorded there), and restarted it does not start; the
phone's deal goes to the second, once."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from bench.ports import server_port
from tests.hall.halls import ROOT, Phone, deals_in


def test_the_first_laptop_back_takes_no_write_and_names_the_new_address(hall, tmp_path):
    port, env, path, code, servers = hall.port, hall.env, hall.path, hall.code, hall.servers
    hall.start_first()
    phone = Phone(port, path)
    phone.claim(code)
    version, _ = phone.page()
    assert phone.deal(97, version)[0] == 0
    version, token = phone.page()

    # The second laptop takes over from the stick while the first still runs.
    env2, port2, _ = hall.take_over(server_port())
    new_address = f"http://127.0.0.2:{port2}"
    assert new_address in (tmp_path / "portable-2.log").read_text()

    # The first laptop's deal (its page open before): refused, the new
    # address said and sent.
    form = {"taker": "n", "trump": "c", "bid": "90", "points": "111", "version": version}
    response, text = phone.send(
        "POST", path + "donne/", form | {"csrfmiddlewaretoken": token}, **{"HX-Request": "true"}
    )
    assert response.status == 503 and response.headers["X-Hall-Moved"] == new_address
    assert "Rien n'a été enregistré ici" in text.replace("&#x27;", "'")
    assert f'href="{new_address}/"' in text
    # Every request after it too (a page, the phone's regular call).
    response, _ = phone.send("GET", path)
    assert response.status == 503 and response.headers["X-Hall-Moved"] == new_address
    response, _ = phone.send("GET", path + "etat/?attente=1")
    assert response.status == 503 and response.headers["X-Hall-Moved"] == new_address

    # The phone, on the new address, sends it there: recorded once.
    moved = Phone(port2, path)
    moved.cookies = dict(phone.cookies)  # a browser's cookies go with the host, not the port
    moved.claim(code)  # its session stayed on the first laptop: the code once more
    assert moved.deal(111, version)[0] == 0
    moved.deal(111, version)  # sent again (the answer lost): nothing more
    version2, _ = moved.page()
    assert int(version2) == int(version) + 1

    # The first laptop restarted: it does not start.
    servers[0].terminate()
    servers[0].wait(timeout=30)
    command = [sys.executable, str(ROOT / "manage.py"), "hall", "--host", f"0.0.0.0:{port}"]
    began = time.monotonic()
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode != 0, time.monotonic() - began
    assert f"un deuxième portable l'a repris, à l'adresse {new_address}/" in done.stderr
    assert "Traceback" not in done.stderr

    servers[1].terminate()
    servers[1].wait(timeout=30)
    assert deals_in(env, path) == [97]
    assert deals_in(env2, path) == [97, 111]


def cut_before_last_deal(folder: Path) -> int:
    """The journal as an older copy would hold it: its last segment cut at
    the transaction that recorded the last deal. Returns the lines cut."""
    segment = sorted(folder.glob("*.journal"), key=lambda p: p.stat().st_mtime)[-1]
    lines = segment.read_text(encoding="utf-8").splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if 'INSERT INTO \\"tournaments_deal\\"' in line)
    segment.write_text("".join(lines[:last]), encoding="utf-8")
    return len(lines) - last


def test_a_server_from_an_older_copy_gets_the_phones_deals_again_once(hall, tmp_path):
    """The server side of the phones as the last copy: a second laptop
    brought up from a journal that ends before the last acknowledged deal
    says an older version of the table; the phone sends its acknowledged
    deals again with the versions they were first sent with (what
    static/js/outbox-queue.js `relearn` does): those it holds are retries
    and record nothing, the one it lacks is recorded, once."""
    port, path, code, servers = hall.port, hall.path, hall.code, hall.servers
    hall.start_first()
    phone = Phone(port, path)
    phone.claim(code)
    kept = []  # the phone's acknowledged deals: (points, first version)
    for points in (97, 121, 131):
        version, _ = phone.page()
        assert phone.deal(points, version)[0] == 0
        kept.append((points, version))
    last_version, _ = phone.page()
    servers[0].send_signal(signal.SIGKILL)
    servers[0].wait(timeout=30)
    shutil.rmtree(hall.laptop)
    assert cut_before_last_deal(hall.backups / "reprise") >= 1
    env2, _, _ = hall.take_over()
    phone.claim(code)  # no session on the stick: the team's code once more
    _, text = phone.send("GET", path + "etat/?attente=0")
    told = json.loads(text)["version"]
    assert told < int(last_version)  # the server says it is older
    again = [(points, v) for points, v in kept if int(v) >= told]
    assert [points for points, _ in again] == [131]
    for _ in range(2):  # and once more, as if the answer were lost
        for points, version in kept:
            phone.deal(points, version)
    assert deals_in(env2, path) == [97, 121, 131]


DESK_TYPES = (
    "from tournaments.models import Table; from tournaments.services import scores; "
    "t = Table.objects.get(entry_key={key!r}); "
    "scores.record_deal(table=t, values={{'taker': 'A', 'trump': 'H', 'bid': 90, "
    "'points_a': 150}}, expected_version=t.version); print(Table.objects.get(pk=t.pk).version)"
)


def test_the_desk_typed_first_on_a_server_from_an_older_copy(hall, tmp_path):
    """The second laptop, from a journal that ends before the phone's last
    acknowledged deal, where the desk types a deal on that table before the
    phone comes back: its table version is past every version the phone was
    told, so versions alone no longer say what it lacks (the phone resent
    nothing: the bug). Its hall's name, in every regular answer, is another
    than the one that acknowledged the phone's deals: the phone sends them
    all again, once (static/js/outbox-queue.js `relearn`); those it holds
    record nothing, the one that clashes with what the desk typed is refused
    in words (shown on the phone with its row), never recorded over it."""
    port, path, code, servers = hall.port, hall.path, hall.code, hall.servers
    hall.start_first()
    first_name = (hall.laptop / "nom-du-journal").read_text().strip()
    phone = Phone(port, path)
    phone.claim(code)
    kept = []  # the phone's acknowledged deals: (points, first version)
    for points in (97, 121, 131):
        version, _ = phone.page()
        assert phone.deal(points, version)[0] == 0
        kept.append((points, int(version)))
    _, text = phone.send("GET", path + "etat/?attente=0")
    assert json.loads(text)["hall"] == first_name
    servers[0].send_signal(signal.SIGKILL)
    servers[0].wait(timeout=30)
    shutil.rmtree(hall.laptop)
    assert cut_before_last_deal(hall.backups / "reprise") >= 1
    env2, _, _ = hall.take_over()
    key = path.rstrip("/").rsplit("/", 1)[-1]
    desk = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "shell", "-c", DESK_TYPES.format(key=key)],
        env=env2,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert int(desk.stdout.strip().splitlines()[-1]) > max(v for _, v in kept)
    phone.claim(code)  # no session on the stick: the team's code once more
    _, text = phone.send("GET", path + "etat/?attente=0")
    state = json.loads(text)
    # Versions no longer tell: the server says a version past every deal kept.
    assert state["version"] > max(v for _, v in kept)
    # Its name does: not the hall that acknowledged them.
    assert state["hall"] not in ("", first_name)

    # The phone sends every kept deal again with its first version (twice,
    # as if an answer were lost): held ones are retries, the clash refused.
    for _ in range(2):
        told = [phone.deal(points, str(version)) for points, version in kept]
        assert [status == 0 for status, _ in told] == [True, True, False]  # 0: recorded
        assert "modifiée par quelqu'un d'autre" in told[2][1].replace("&#x27;", "'")
    servers[1].terminate()
    servers[1].wait(timeout=30)
    assert deals_in(env2, path) == [97, 121, 150]


def test_the_first_laptop_killed_then_back_after_a_takeover_does_not_start(hall, tmp_path):
    """The first laptop dies (its data folder kept), a second one takes the
    hall over from the stick at another address; the first, started again
    with the stick, refuses to start, saying it was replaced and where the
    concours goes on: no second hall. (It was a browser journey's test,
    tests/browser/test_hall_my_table.py, with no browser in it.)"""
    hall.start_first()
    hall.servers[0].send_signal(signal.SIGKILL)
    hall.servers[0].wait(timeout=30)
    _, port2, _ = hall.take_over(server_port())
    new_address = f"http://127.0.0.2:{port2}"
    again = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "hall", "--host", f"0.0.0.0:{hall.port}"],
        env=hall.env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    said = again.stdout + again.stderr
    assert again.returncode != 0, said[-1500:]
    assert new_address in said, said[-1500:]
    assert "ne sert plus le concours" in said, said[-1500:]
