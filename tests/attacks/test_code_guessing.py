"""Team-code guessing against two real gunicorn workers.

The attack of issue 12: with one table's link only (the QR code of the
demo's score sheet), 8 clients from several loopback addresses post codes
to the table as fast as the server answers. Before the fix every guess was
compared (about 6,500 a minute; a 4-digit code fell in seconds); now at
most `MAX_WRONG_CODES` wrong codes are compared per table in 15 minutes,
whichever worker answers, then the table's codes are refused (429) — the
team's right code too, until the organizer renews the link, which gives two
new codes and opens the table again."""

from __future__ import annotations

import random
import threading
import time

import pytest

from tests.attacks import server as real
from tournaments import models

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

try:
    from tournaments.services.table_side import MAX_WRONG_CODES
except ImportError:  # the code before the fix: no limit
    MAX_WRONG_CODES = 10
DIGITS = getattr(models, "CODE_DIGITS", 4)
ATTACKERS = ["127.0.0.21", "127.0.0.22", "127.0.0.23", "127.0.0.24"]
THREADS, GUESSES_EACH, SECONDS = 8, 150, 60

TABLE = """
import json
from tournaments.infra import links
from tournaments.models import Table
table = (
    Table.objects.filter(round__status="playing", team_b__isnull=False, entry_state="empty")
    .order_by("round__number", "number").first()
)
print(json.dumps({"pk": table.pk, "path": links.entry_path(table), "code": table.code_a}))
"""


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("code-attack"))
    yield server
    server.stop()


def _claim(client: real.Client, path: str, code: str, token: str | None = None):
    """Posts `code` to the table's code form (the CSRF token fetched once,
    as a script would, unless given)."""
    token = token or client.form_token(path)
    return client.post(path + "code/", {"code": code}, token=token)


def test_guessing_a_tables_codes_is_bounded_across_workers_and_addresses(app):
    target = app.python(TABLE)
    path = target["path"]
    checked, found, refused, other = [], [], [], []
    lock = threading.Lock()
    deadline = time.monotonic() + SECONDS

    def attacker(index: int) -> None:
        client = real.Client(app.base, source=ATTACKERS[index % len(ATTACKERS)])
        rng = random.Random(index)
        token = client.form_token(path)
        for _ in range(GUESSES_EACH):
            if time.monotonic() > deadline:
                return
            guess = f"{rng.randrange(10**DIGITS):0{DIGITS}d}"
            status, page = _claim(client, path, guess, token)
            with lock:
                if status == 429:
                    refused.append(guess)
                elif status == 302 or "Code incorrect" not in page:
                    found.append((guess, status))  # the code matched a side
                elif status in (200, 422):
                    checked.append(guess)
                else:
                    other.append(status)

    started = time.monotonic()
    threads = [threading.Thread(target=attacker, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=SECONDS + 30)
    minutes = (time.monotonic() - started) / 60
    total = len(checked) + len(found) + len(refused) + len(other)
    print(
        f"\ncode attack ({DIGITS}-digit codes): {total} guesses in {minutes * 60:.1f} s, "
        f"{len(checked) + len(found)} checked ({(len(checked) + len(found)) / minutes:.0f} "
        f"checks/min), {len(found)} found, {len(refused)} refused (429)"
    )
    assert not other, other
    assert not found, f"a guess matched: {found[:3]}"
    assert len(checked) <= MAX_WRONG_CODES
    assert len(refused) >= total - MAX_WRONG_CODES

    # The table's history says so, once.
    locks = app.python(
        "import json; from tournaments.models import Change; "
        f"print(json.dumps(Change.objects.filter(table_id={target['pk']}, "
        "action='codes_locked').count()))"
    )
    assert locks == 1
    # The team's own code is refused too, from anywhere, with the sentence...
    team = real.Client(app.base, source="127.0.0.25")
    status, page = _claim(team, path, target["code"])
    assert status == 429 and "Trop de codes faux sur cette table" in page
    # ...until the organizer renews the link: new link, new codes, open again.
    renewed = app.python(
        "import json; from tournaments.services import table_side; "
        "from tournaments.infra import links; "
        f"from tournaments.models import Table; table = Table.objects.get(pk={target['pk']}); "
        "table = table_side.revoke_entry_link(table=table); "
        "print(json.dumps({'path': links.entry_path(table), 'code': table.code_a, "
        "'b': table.code_b}))"
    )
    assert target["code"] not in (renewed["code"], renewed["b"])
    assert team.get(path)[0] == 404
    status, _ = _claim(team, renewed["path"], renewed["code"][:4] + " " + renewed["code"][4:])
    assert status == 302
