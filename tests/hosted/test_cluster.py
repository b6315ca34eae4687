"""Two app servers behind haproxy share sessions, throttles and caches."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.attacks import server as real
from tests.factories import PASSWORD
from tournaments.views.auth import MAX_CHECKS_PER_ACCOUNT

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

LOGIN = "/compte/connexion/"
SLUG = "concours-de-coinche-de-saint-eloi-demo"


def _log_in(client: real.Client, password: str, username: str = "orga") -> int:
    token = client.form_token(LOGIN)
    return client.post(LOGIN, {"username": username, "password": password}, token=token)[0]


def test_the_health_check_answers_ok(cluster):
    for base in (cluster.one.base, cluster.two.base, cluster.front):
        status, body = real.Client(base).get("/health/")
        assert (status, body) == (200, "ok\n")


def test_a_session_opened_through_one_server_holds_on_the_other(cluster):
    browser = real.Client(cluster.front)
    assert _log_in(browser, PASSWORD) == 302
    # haproxy sends the requests in turn to each server: all are signed in.
    for server in (cluster.one, cluster.two):
        direct = real.Client(server.base, cookies=dict(browser.cookies))
        status, page = direct.get("/organisation/")
        assert status == 200 and "Saint-Éloi" in unescape(page)
    assert all(browser.get("/organisation/")[0] == 200 for _ in range(6))


def test_the_login_throttle_counts_across_servers(cluster):
    """Guesses alternated between the two servers (separate processes,
    sharing only Redis and the database) count on one account counter."""
    cluster.one.python(
        "import json; from django.contrib.auth import get_user_model; "
        f"get_user_model().objects.create_user('tresorier', password={PASSWORD!r}); "
        "print(json.dumps(1))"
    )
    answers = []
    for attempt in range(MAX_CHECKS_PER_ACCOUNT + 4):
        server = (cluster.one, cluster.two)[attempt % 2]
        client = real.Client(server.base, source=f"127.0.0.{20 + attempt}")
        answers.append(_log_in(client, f"wrong-{attempt}", username="tresorier"))
    assert answers == [200] * MAX_CHECKS_PER_ACCOUNT + [429] * 4


def test_a_page_cached_by_one_server_changes_for_the_other_after_a_change(cluster):
    visitor = real.Client(cluster.one.base)
    status, before = visitor.get(f"/t/{SLUG}/classement/")
    assert status == 200
    assert visitor.get(f"/t/{SLUG}/classement/")[1] == before  # served from the cache
    number = int(re.search(r'href="/t/[^/]+/equipes/(\d+)/"', before).group(1))
    team_id = cluster.one.python(
        "import json; from tournaments.models import Team; "
        f"print(json.dumps(Team.objects.get(tournament__slug={SLUG!r}, number={number}).pk))"
    )

    # The organizer renames that team through the other server.
    organizer = real.Client(cluster.two.base, source="127.0.0.40")
    assert _log_in(organizer, PASSWORD) == 302
    form_path = f"/organisation/t/{SLUG}/equipes/{team_id}/"
    status, page = organizer.get(form_path)
    assert status == 200, page[:300]
    values = dict(re.findall(r'<input[^>]*name="(\w+)"[^>]*value="([^"]*)"', page))
    values["name"] = "Les Renommés du Nuage"
    token = values.pop("csrfmiddlewaretoken")
    assert organizer.post(form_path, values, token=token)[0] == 302

    status, after = visitor.get(f"/t/{SLUG}/classement/")
    assert status == 200 and "Les Renommés du Nuage" in unescape(after)


def test_a_deal_saved_elsewhere_shows_at_once_on_a_cached_page(cluster):
    """The results of partie 3 (half entered in the demo), cached by
    server one for anonymous phones; a deal saved by another process."""
    visitor = real.Client(cluster.front)
    path = f"/t/{SLUG}/parties/3/"
    status, before = visitor.get(path)
    assert status == 200
    assert visitor.get(path)[1] == before
    marque = cluster.two.python(
        "import json; from tests import factories; from tournaments.models import Table; "
        f"table = next(t for t in Table.objects.filter(round__tournament__slug={SLUG!r}, "
        "round__number=3, team_b__isnull=False) if t.deals.count() < 12); "
        "deal = factories.add_deal(table); print(json.dumps(deal.pk))"
    )
    assert marque
    for server in (cluster.one, cluster.two):
        status, after = real.Client(server.base).get(path)
        assert status == 200 and after != before
