"""Light pages for the hall's Wi-Fi (issue 23): a player's page and a
table's page weigh at most 30 KB compressed on their first load — the page
and every file it asks for, gzip-compressed as the server sends them — and
load no htmx (its 17 KB are the desk's) nor the organizer's stylesheet.
bench/page_weight.py measures the same in a browser, with the time on slow
3G."""

from __future__ import annotations

import gzip
import re

import pytest
from django.contrib.staticfiles import finders

from tests import factories
from tournaments.infra import links

pytestmark = pytest.mark.django_db

LIMIT = 30_000


def first_load(client, path: str) -> tuple[int, list[str]]:
    answer = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert answer.status_code == 200, path
    assert answer["Content-Encoding"] == "gzip"
    page = gzip.decompress(answer.content).decode()
    files = sorted(set(re.findall(r'(?:src|href)="/static/([^"]+)"', page)))
    weight = len(answer.content)
    for name in files:
        found = finders.find(name)
        assert found, name
        with open(found, "rb") as file:
            weight += len(gzip.compress(file.read(), compresslevel=6))
    return weight, files


def test_players_pages_and_the_table_page_weigh_at_most_30_kb(client, round1):
    tournament = round1.tournament
    factories.add_deal(factories.first_table(round1))
    table = round1.tables.filter(team_b__isnull=False).first()
    client.post(links.entry_path(table) + "code/", {"code": table.code_a})
    pages = [
        "/",
        f"/t/{tournament.slug}/",
        f"/t/{tournament.slug}/classement/",
        f"/t/{tournament.slug}/ou-je-joue/",
        f"/t/{tournament.slug}/parties/1/",
        links.entry_path(table),
    ]
    for path in pages:
        weight, files = first_load(client, path)
        assert weight <= LIMIT, (path, weight, files)
        assert not any("htmx" in name for name in files), (path, files)
        assert "css/organizer.css" not in files, (path, files)


def test_the_desk_keeps_htmx(client, organizer, round1):
    client.force_login(organizer)
    _, files = first_load(client, f"/organisation/t/{round1.tournament.slug}/parties/1/")
    assert any("htmx" in name for name in files)
    assert "css/organizer.css" in files
