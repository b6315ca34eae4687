"""Two desks registering teams at once, through two real gunicorn workers
on the run's database (PostgreSQL in CI's database tier: `bin/with-postgres`;
the in-process threads of tests/tournaments/services/test_desk_concurrency.py
share one server). Team numbers never clash, the same pair typed at both
desks is registered once, and no desk gets an error page."""

from __future__ import annotations

import threading
from html import unescape

import pytest

from tests.attacks import server as real
from tests.factories import PASSWORD

pytestmark = [pytest.mark.attack, pytest.mark.database]

LOGIN = "/compte/connexion/"
TEAMS_PER_DESK = 6


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("desks"), demo=False)
    slug = server.python(
        "import json; from django.contrib.auth import get_user_model; from tests import factories; "
        "t = factories.build_tournament(owner=get_user_model().objects.get(username='orga'), "
        "name='Deux bureaux'); print(json.dumps(t.slug))"
    )
    yield server, slug
    server.stop()


def _desk(app, source: str) -> real.Client:
    server, _ = app
    desk = real.Client(server.base, source=source)
    token = desk.form_token(LOGIN)
    assert desk.post(LOGIN, {"username": "orga", "password": PASSWORD}, token=token)[0] == 302
    return desk


def _register(desk: real.Client, path: str, first: str, last: str) -> tuple[int, str]:
    token = desk.form_token(path)
    form = {"first_name1": first, "last_name1": last, "first_name2": "Jérôme", "last_name2": last}
    return desk.post(path, form, token=token)


def test_two_desks_at_once_never_clash(app):
    server, slug = app
    path = f"/organisation/t/{slug}/equipes/ajouter/"
    desks = [_desk(app, "127.0.0.21"), _desk(app, "127.0.0.22")]
    answers: list[tuple[int, int, str]] = []
    barrier = threading.Barrier(2)

    def work(index: int) -> None:
        desk = desks[index]
        for n in range(TEAMS_PER_DESK):
            barrier.wait(timeout=120)
            status, page = _register(desk, path, "Amélie", f"Bureau{index}-{n}")
            answers.append((index, status, page))
        barrier.wait(timeout=120)
        status, page = _register(desk, path, "Amélie", "Lefèvre")  # the same pair, both desks
        answers.append((index, status, page))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    statuses = [status for _, status, _ in answers]
    assert all(status < 500 for status in statuses), statuses
    refused = [page for _, status, page in answers if status == 200]
    assert statuses.count(302) == 2 * TEAMS_PER_DESK + 1 and len(refused) == 1, statuses
    assert "déjà inscrite" in unescape(refused[0])
    numbers = server.python(
        "import json; from tournaments.models import Team; "
        f"print(json.dumps(sorted(Team.objects.filter(tournament__slug={slug!r})"
        ".values_list('number', flat=True))))"
    )
    assert numbers == list(range(1, 2 * TEAMS_PER_DESK + 2))
