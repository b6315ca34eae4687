"""Benchmark of heavy uploads on the hosted set-up (issue 35, item 2; a
script, not a test): what one organizer's files do to the site.

One gunicorn with 2 workers (as hosted) on a fresh SQLite file, and the
task worker beside it when the app has one (`servers.start_task_worker`,
the hosted set-up's second command). An organizer declares a concours in
two halls, then:

1. the public standings page of the demo is read alone for `--seconds`
   seconds (its p50 and p95);
2. one hostile concours file (`--parties` parties, bench/hostile.py) is
   uploaded on « Plusieurs salles »: the answer's status and time, then,
   when the answer is a « being processed » page, the time until it shows
   its outcome, and that outcome;
3. two hostile uploads at once, from two accounts, while the standings
   page is read in a loop: the page's p50, p95 and worst during them
   (until both outcomes are known, or `--seconds` at least); then the same
   with two files within every limit but long to recompute (20 parties,
   `--heavy-teams` teams);
4. a backup padded with `--history` lines of history published by hand
   (« Publication » › « Publier une sauvegarde »): status, time, outcome.

Figures are printed, never asserted. Client and server share the
machine's 2 cores, so read the ratios within one run.

    .venv/bin/python -m bench.uploads [--parties 600] [--history 70000] [--seconds 15]
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import statistics
import tempfile
import threading
import time
import urllib.parse
import uuid
from html import unescape
from pathlib import Path

from bench import hostile, servers
from tests.attacks import server as real

DEMO = "concours-de-coinche-de-saint-eloi-demo"
LOGIN = "/compte/connexion/"
BUILD = """
import json
from django.contrib.auth import get_user_model
from tests import factories
from tournaments.features.halls import services as halls
User = get_user_model()
owner = User.objects.get(username="orga")
other = User.objects.create_user("orga2", password=PASSWORD)
ids = []
for who in (owner, other):
    t = factories.build_tournament(owner=who, name=f"Concours en deux salles {who.pk}")
    merge = halls.declare_halls(tournament=t, names=["Salle A", "Salle B"], planned=4, by=who)
    ids.append([t.slug, t.date.isoformat(), [h.pk for h in merge.halls.all()]])
print(json.dumps(ids))
"""


def multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, str]:
    """A multipart/form-data body and its content type."""
    boundary = uuid.uuid4().hex
    parts = []
    for name, value in fields.items():
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
        )
    body = "".join(parts).encode()
    for name, (filename, content) in files.items():
        body += (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'
        ).encode()
        body += content + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def request(client: real.Client, method: str, path: str, body=None, headers=None, timeout=120):
    """(status, seconds, page, Location) of one request with the client's cookies."""
    url = urllib.parse.urlsplit(client.base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
    sent = {"Referer": client.base + path, **(headers or {})}
    if client.cookies:
        sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
    begun = time.perf_counter()
    try:
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        page = response.read().decode(errors="replace")
        return response.status, time.perf_counter() - begun, page, response.headers["Location"]
    except (OSError, http.client.HTTPException) as error:
        return 0, time.perf_counter() - begun, str(error), None
    finally:
        connection.close()


def login(base: str, username: str) -> real.Client:
    from tests.factories import PASSWORD

    client = real.Client(base)
    token = client.form_token(LOGIN)
    status, _ = client.post(LOGIN, {"username": username, "password": PASSWORD}, token=token)
    assert status == 302, status
    return client


def upload(client: real.Client, path: str, form_path: str, field: str, name: str, raw: bytes):
    token = client.form_token(form_path)
    body, kind = multipart({"csrfmiddlewaretoken": token}, {field: (name, raw)})
    return request(client, "POST", path, body, {"Content-Type": kind})


def sentence(page: str) -> str:
    """The page's message or the error next to the field, in one line."""
    for pattern in (
        r'data-upload-state="[^"]*"[^>]*>(.*?)</',
        r'class="[^"]*errorlist[^"]*"[^>]*>\s*<li>(.*?)</li>',
        r'class="[^"]*message[^"]*"[^>]*>(.*?)</',
    ):
        found = re.search(pattern, page, re.S)
        if found:
            return " ".join(unescape(re.sub(r"<[^>]+>", "", found.group(1))).split())[:160]
    return page.strip().splitlines()[0][:120] if page.strip() else ""


def outcome(client: real.Client, status: int, page: str, location: str | None, limit=300):
    """(seconds until the outcome is known, its sentence): at once for an
    answer that holds it, else the « being processed » page read again
    every half second."""
    if status != 302 or not location or "/envois/" not in location:
        return 0.0, sentence(page) or f"HTTP {status}"
    begun = time.perf_counter()
    path = urllib.parse.urlsplit(location).path
    while time.perf_counter() - begun < limit:
        got, _, page, _ = request(client, "GET", path)
        if 'data-upload-state="waiting"' not in page:
            return time.perf_counter() - begun, sentence(page) or f"HTTP {got}"
        time.sleep(0.5)
    return time.perf_counter() - begun, "still waiting"


def read_pages(base: str, path: str, until: threading.Event, minimum: float) -> list[float]:
    reader = real.Client(base, source="127.0.0.31")
    times: list[float] = []
    begun = time.perf_counter()
    while (not until.is_set() or time.perf_counter() - begun < minimum) and len(times) < 5000:
        status, seconds, _, _ = request(reader, "GET", path, timeout=120)
        times.append(seconds if status == 200 else float("inf"))
        time.sleep(0.1)
    return times


def figures(times: list[float]) -> str:
    served = sorted(t for t in times if t != float("inf"))
    failed = len(times) - len(served)
    if not served:
        return f"{len(times)} requests, all failed"
    p95 = served[min(len(served) - 1, int(0.95 * len(served)))]
    return (
        f"{len(times)} requests, p50 {statistics.median(served) * 1000:.0f} ms, "
        f"p95 {p95 * 1000:.0f} ms, worst {served[-1] * 1000:.0f} ms, {failed} failed"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--parties", type=int, default=600)
    parser.add_argument("--history", type=int, default=70_000)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--heavy-teams", type=int, default=150)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        # This process reads the test builders (tests.factories): Django on
        # a data folder of its own, which it never writes to.
        os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
        os.environ["BELOTE_DATA_DIR"] = str(Path(folder) / "client")
        import django

        django.setup()
        return run(Path(folder), args)


def run(folder: Path, args) -> int:
    from tests.factories import PASSWORD

    server = real.start(folder / "app", workers=2)
    start_worker = getattr(servers, "start_task_worker", None)
    worker = start_worker(server.env, folder / "worker.log") if start_worker else None
    print(f"uploads: gunicorn 2 workers, task worker {'on' if worker else 'absent'}")
    try:
        concours = server.python(f"PASSWORD = {PASSWORD!r}\n" + BUILD)
        path = f"/t/{DEMO}/classement/"
        alone = threading.Event()
        alone.set()
        print("page alone:", figures(read_pages(server.base, path, alone, args.seconds)))
        doc = hostile.concours_file(parties=args.parties)
        clients = [login(server.base, "orga"), login(server.base, "orga2")]
        bodies = []
        for (_slug, day, _halls), _client in zip(concours, clients, strict=True):
            doc["concours"]["date"] = day
            bodies.append(hostile.gzipped(doc))
        print(f"hostile file: {args.parties} parties, {len(bodies[0]) // 1024} KB gzipped")

        def one(index: int, hall: int) -> tuple:
            slug, _day, halls = concours[index]
            form = f"/organisation/t/{slug}/salles/"
            got = upload(
                clients[index],
                f"{form}{halls[hall]}/fichier/",
                form,
                f"hall{halls[hall]}-file",
                "salle.json.gz",
                bodies[index],
            )
            done = outcome(clients[index], got[0], got[2], got[3])
            return got[0], got[1], *done

        status, seconds, later, said = one(0, 0)
        print(f"one upload: HTTP {status} in {seconds:.2f} s; outcome {later:.1f} s later: {said}")
        results: list[tuple] = []
        finished = threading.Event()

        def both() -> None:
            threads = [
                threading.Thread(target=lambda i=i: results.append(one(i, 1))) for i in (0, 1)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            finished.set()

        threading.Thread(target=both).start()
        during = read_pages(server.base, path, finished, args.seconds)
        print("page during two uploads:", figures(during))
        for status, seconds, later, said in results:
            print(f"  upload: HTTP {status} in {seconds:.2f} s; outcome {later:.1f} s on: {said}")
        # Two files within every limit, long to recompute.
        heavy = hostile.concours_file(parties=20, teams=args.heavy_teams, deals=2)
        for index, (_slug, day, _halls) in enumerate(concours):
            heavy["concours"]["date"] = day
            bodies[index] = hostile.gzipped(heavy)
        print(
            f"heavy file within the limits: 20 parties, {args.heavy_teams} teams, "
            f"{len(bodies[0]) // 1024} KB gzipped"
        )
        results.clear()
        finished.clear()
        threading.Thread(target=both).start()
        during = read_pages(server.base, path, finished, args.seconds)
        print("page during two heavy uploads:", figures(during))
        for status, seconds, later, said in results:
            print(f"  upload: HTTP {status} in {seconds:.2f} s; outcome {later:.1f} s on: {said}")
        backup = folder / "history.json.gz"
        size = server.python(
            f"ROWS = {args.history}; PATH = {str(backup)!r}; OWNER = 'orga'\n"
            + hostile.BACKUP_WITH_HISTORY
        )
        got = upload(
            clients[0],
            "/organisation/publication/sauvegarde/",
            "/organisation/publication/",
            "file",
            "sauvegarde.json.gz",
            backup.read_bytes(),
        )
        later, said = outcome(clients[0], got[0], got[2], got[3])
        print(
            f"backup with {args.history} lines of history ({size // 1024} KB gzipped): "
            f"HTTP {got[0]} in {got[1]:.2f} s; outcome {later:.1f} s later: {said}"
        )
    finally:
        servers.stop(worker)
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
