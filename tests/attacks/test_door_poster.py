"""The door's poster photographed (issue 35, item 7), on two real gunicorn
workers: its link is public, whoever sees the poster has it.

Before: 18 days before the concours, a stranger read every team's names
on the door's page (the whole list, then each team's confirmation page
and welcome by its number) and checked every team in. Now the door opens
on the concours' day only, within its hours, and says when; on the day it
shows a team only to someone who typed at least three letters of its
names, and no more than `MAX_SHOWN` teams at once; a team's number alone
shows nothing and checks nothing in."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlencode

import pytest

from tests.attacks import server as real
from tournaments.features.door.domain import MAX_SHOWN
from tournaments.features.door.services import MAX_SEARCHES

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

NAMES = [
    ("Hélène", "Dupré"),
    ("Marcel", "Aubry"),
    ("Odette", "Lemaire"),
    ("Lucien", "Garnier"),
    ("Simone", "Faure"),
    ("Germaine", "Perrin"),
    ("Raymond", "Dupuis"),
    ("Yvette", "Roux"),
    ("Gaston", "Blanc"),
    ("André", "Colin"),
    ("Jeanne", "Masson"),
    ("Paulette", "Girard"),
]
BUILD = f"""
import datetime, json
from django.contrib.auth import get_user_model
from django.utils import timezone
from tests import factories
from tournaments.models import Tournament
from tournaments.features.door import services as door
from tournaments.services import registration
owner = get_user_model().objects.get(username="orga")
today = timezone.localdate()
keys = []
days = {{"Concours de Noël": today + datetime.timedelta(days=18), "Concours du jour": today}}
for name, day in days.items():
    t = factories.build_tournament(owner=owner, name=name, date=day)
    Tournament.objects.filter(pk=t.pk).update(features=["door"])
    for first, last in {NAMES!r}:
        registration.register_team(
            tournament=t,
            player1=registration.PlayerData(first, last),
            player2=registration.PlayerData("Paul", "Martin-" + last),
        )
    keys.append(door.door_key(t))
print(json.dumps(keys))
"""
CHECKED_IN = """
import json
from tournaments.models import Team
print(json.dumps(Team.objects.filter(tournament__name={name!r}).exclude(checked_in_at=None).count()))
"""
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("door"), demo=False)
    early, today = server.python(BUILD)
    yield server, f"/pointage/{early}/", f"/pointage/{today}/"
    server.stop()


def _names_seen(page: str) -> set[str]:
    text = unescape(page)
    return {last for _, last in NAMES if last in text}


def _stranger(app, n: int) -> real.Client:
    return real.Client(app[0].base, source=f"127.0.2.{n}")


def _post_every_number(client: real.Client, door: str, query: str = "") -> list[int]:
    """Checks in teams 1 to 12 by their numbers (a CSRF token taken from the
    login's form: the door may have none to give)."""
    token = client.form_token("/compte/connexion/")
    return [
        client.post(f"{door}{number}/?{urlencode({'q': query})}", {}, token=token)[0]
        for number in range(1, len(NAMES) + 1)
    ]


def test_eighteen_days_before_the_door_shows_no_name_and_checks_nobody_in(app):
    server, early, _ = app
    stranger = _stranger(app, 10)
    status, page = stranger.get(early)
    seen = _names_seen(page)
    for number in range(1, len(NAMES) + 1):
        seen |= _names_seen(stranger.get(f"{early}{number}/")[1])
        seen |= _names_seen(stranger.get(f"{early}?q=dup")[1])
    statuses = _post_every_number(stranger, early, "dup")
    checked = server.python(CHECKED_IN.format(name="Concours de Noël"))
    print(f"18 days before: {len(seen)} names seen, {checked} teams checked in, {set(statuses)}")
    assert status == 200 and "Le pointage ouvrira le" in unescape(page)
    assert seen == set()
    assert checked == 0
    assert set(statuses) == {409}


def test_on_the_day_a_name_shows_only_to_who_typed_part_of_it(app):
    server, _, door = app
    stranger = _stranger(app, 11)
    seen: set[str] = set()
    for query in ("", "a", "du", "%", "12", "1 2 3"):  # fewer than three letters
        seen |= _names_seen(stranger.get(f"{door}?{urlencode({'q': query})}")[1])
    for number in range(1, len(NAMES) + 1):  # a number alone
        status, page = stranger.get(f"{door}{number}/")
        assert status == 404
        seen |= _names_seen(page)
        seen |= _names_seen(stranger.get(f"{door}?pointee={number}")[1])
    statuses = _post_every_number(stranger, door)
    checked = server.python(CHECKED_IN.format(name="Concours du jour"))
    print(f"on the day, no letters: {len(seen)} names seen, {checked} teams checked in")
    assert seen == set()
    assert statuses == [404] * len(NAMES)
    assert checked == 0

    # Three letters: the teams that hold them, no other.
    assert _names_seen(stranger.get(f"{door}?q=dup")[1]) == {"Dupré", "Dupuis"}
    # Letters that too many teams hold (« Martin » is every team's): nobody.
    status, page = stranger.get(f"{door}?q=mar")
    assert status == 200 and _names_seen(page) == set()
    assert f"Plus de {MAX_SHOWN} équipes portent ces lettres" in unescape(page)


def test_on_the_day_the_team_that_found_itself_checks_in(app):
    server, _, door = app
    player = _stranger(app, 12)
    status, page = player.get(f"{door}1/?q=dup")
    assert status == 200 and "Hélène Dupré" in unescape(page)
    token = TOKEN.search(page).group(1)
    status, _ = player.post(f"{door}1/?q=dup", {"csrfmiddlewaretoken": token})
    assert status == 302
    assert server.python(CHECKED_IN.format(name="Concours du jour")) == 1


def test_a_burst_of_searches_is_stopped_before_it_reads_every_team(app):
    """Issue 51: 150 searches in 1.4 s revealed every team of the day, three
    letters at a time. One connection now makes `MAX_SEARCHES` a minute at
    one door (a tablet at the entrance, a team typing, far fewer); then
    it is told to wait, in a sentence, while another connection searches."""
    _server, _, door = app
    stranger = _stranger(app, 13)
    letters = [last.lower()[i : i + 3] for _, last in NAMES for i in range(len(last) - 2)]
    queries = (letters * 4)[:150]
    seen: set[str] = set()
    statuses = []
    for query in queries:
        status, page = stranger.get(f"{door}?{urlencode({'q': query})}")
        statuses.append(status)
        seen |= _names_seen(page)
    print(f"150 searches: {statuses.count(200)} answered, {len(seen)} of {len(NAMES)} teams named")
    assert statuses[:MAX_SEARCHES] == [200] * MAX_SEARCHES
    assert set(statuses[MAX_SEARCHES:]) == {429}
    assert len(seen) < len(NAMES)
    status, page = stranger.get(f"{door}?q=dup")
    assert status == 429 and "Trop de recherches" in unescape(page)
    # The team at the tablet (another connection) finds itself as before.
    assert _names_seen(_stranger(app, 14).get(f"{door}?q=dup")[1]) == {"Dupré", "Dupuis"}
