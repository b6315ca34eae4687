"""The waiting list's offer links (issue 40), attacked on real gunicorn
workers: forged and guessed tokens, a confirmation after the deadline, the
same link confirmed twice at once, two teams racing for one place, and a
flood of answers from one connection. A place is never given twice nor
lost, and nobody is answered with a 5xx."""

from __future__ import annotations

import html
import json
import secrets
import threading

import pytest

from tests.attacks import server as real

pytestmark = [pytest.mark.attack, pytest.mark.shared_cache]

SETUP = """
import datetime, json
from django.contrib.auth import get_user_model
from django.utils import timezone
from tournaments.features.calendar.services import announcements as calendar
from tournaments.features.calendar.services import line, preregistration
from tournaments.services.registration import PlayerData
t = calendar.announce_concours(
    owner=get_user_model().objects.get(username="orga"), name={name!r},
    date=timezone.localdate() + datetime.timedelta(days=20), start_time=datetime.time(14),
    hall="Salle des fêtes", address="1 place de la Mairie", postcode="71000", town="Mâcon",
    contact="M. Quéré", max_teams=1)
made = []
for n in range(4):
    r = preregistration.preregister(tournament=t, player1=PlayerData("Anne", f"Roux{{n}}"),
        player2=PlayerData("Paul", f"Vidal{{n}}"), club="", email=f"equipe{{n}}@example.org"
    ).registration
    preregistration.confirm_preregistration(registration=r)
    made.append(r)
preregistration.cancel_preregistration(registration=made[0])
print(json.dumps({{"slug": t.slug, "pks": [r.pk for r in made],
    "offer": [line.offer_token(r) for r in made],
    "cancel": [line.cancel_token(r) for r in made]}}))
"""

STATE = """
import json
from tournaments.models import Change
from tournaments.features.calendar.models import PreRegistration
rows = PreRegistration.objects.filter(tournament__slug={slug!r}).order_by("pk")
print(json.dumps({{"status": [r.status for r in rows],
    "taken": Change.objects.filter(tournament__slug={slug!r}, action="prereg_moved_up").count()}}))
"""

OVERDUE = """
import datetime, json
from django.utils import timezone
from tournaments.features.calendar.models import PreRegistration
n = PreRegistration.objects.filter(pk={pk}).update(
    offered_until=timezone.now() - datetime.timedelta(seconds=1))
print(json.dumps(n))
"""


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("waiting-offer"), demo=False)
    yield server
    server.stop()


def concours(app, name: str) -> dict:
    return app.python(SETUP.format(name=name))


def state(app, slug: str) -> dict:
    return app.python(STATE.format(slug=slug))


def path(token: str) -> str:
    return f"/preinscription/place/{token}/"


def poster(day: dict) -> str:
    # The concours's one public page (the poster's address leads there), with the form.
    return f"/t/{day['slug']}/"


def answer(client: real.Client, token: str, csrf: str) -> tuple[int, str]:
    """The answer's status and its page's text as read (entities undone)."""
    status, page = client.post(path(token), {}, token=csrf)
    return status, html.unescape(page)


def test_forged_and_guessed_tokens_take_nothing(app):
    day = concours(app, "Concours des faussaires")
    client = real.Client(app.base, source="127.0.0.41")
    csrf = client.form_token(path(day["offer"][1]))  # the offered team's page, to get a form
    real_token = day["offer"][1]
    forged = [
        real_token[:-1] + ("A" if real_token[-1] != "A" else "B"),  # the signature tampered
        day["cancel"][1],  # another link's token, for the same team
        day["offer"][2].split(":")[0] + ":" + real_token.split(":", 1)[1],  # another pk
        *(secrets.token_urlsafe(24) for _ in range(20)),  # guessed
        "x" * 4000,
    ]
    for token in forged:
        status, page = answer(client, token, csrf)
        assert status == 404, (token[:40], status)
        assert "n'est pas valable" in page
    assert state(app, day["slug"])["status"] == ["cancelled", "offered", "waiting", "waiting"]


def test_a_confirmation_after_the_deadline_is_told_kindly_and_the_next_team_is_offered(app):
    day = concours(app, "Concours en retard")
    client = real.Client(app.base, source="127.0.0.42")
    csrf = client.form_token(path(day["offer"][1]))
    assert app.python(OVERDUE.format(pk=day["pks"][1])) == 1
    status, page = answer(client, day["offer"][1], csrf)
    assert status == 200 and "le délai pour confirmer est passé" in page
    assert state(app, day["slug"])["status"] == ["cancelled", "lapsed", "offered", "waiting"]


def test_the_same_link_confirmed_twice_at_once_takes_the_place_once(app):
    day = concours(app, "Concours du double clic")
    results: list[tuple[int, str]] = []
    lock = threading.Lock()
    clients = [real.Client(app.base, source=f"127.0.0.{43 + n}") for n in range(2)]
    tokens = [c.form_token(path(day["offer"][1])) for c in clients]

    def tap(index: int) -> None:
        got = answer(clients[index], day["offer"][1], tokens[index])
        with lock:
            results.append(got)

    threads = [threading.Thread(target=tap, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert [status for status, _ in results] == [200, 200]
    assert all("C'est confirmé" in page for _, page in results)
    after = state(app, day["slug"])
    assert after["status"] == ["cancelled", "confirmed", "waiting", "waiting"]
    assert after["taken"] == 1


def test_two_teams_racing_for_one_place_one_wins_the_other_is_told_kindly(app):
    """The offered team answers a second too late while the next team,
    which heard the place was free, answers too: whichever request runs
    first, the late team is told so and the place is the next team's once
    it is offered; never both."""
    day = concours(app, "Concours de la course")
    late, next_team = (real.Client(app.base, source=f"127.0.0.{45 + n}") for n in range(2))
    # The next team has no form yet (nothing offered): its token from the concours's page.
    csrf = [late.form_token(path(day["offer"][1])), next_team.form_token(poster(day))]
    assert app.python(OVERDUE.format(pk=day["pks"][1])) == 1
    pages: dict[str, str] = {}

    def run(name, client, token, form) -> None:
        pages[name] = answer(client, token, form)[1]

    threads = [
        threading.Thread(target=run, args=("late", late, day["offer"][1], csrf[0])),
        threading.Thread(target=run, args=("next", next_team, day["offer"][2], csrf[1])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert "le délai pour confirmer est passé" in pages["late"]
    assert "C'est confirmé" in pages["next"]
    after = state(app, day["slug"])
    assert after["status"] == ["cancelled", "lapsed", "confirmed", "waiting"]
    assert after["taken"] == 1


def test_a_flood_of_answers_from_one_connection_is_slowed_and_breaks_nothing(app):
    day = concours(app, "Concours du déluge")
    client = real.Client(app.base, source="127.0.0.47")
    csrf = client.form_token(poster(day))
    statuses = [answer(client, day["offer"][2], csrf)[0] for _ in range(40)]
    assert set(statuses) <= {200, 429} and statuses.count(429) >= 5
    assert statuses[:30] == [200] * 30
    assert state(app, day["slug"])["status"] == ["cancelled", "offered", "waiting", "waiting"]
    # Another connection still answers its own offer.
    other = real.Client(app.base, source="127.0.0.48")
    status, page = answer(other, day["offer"][1], other.form_token(path(day["offer"][1])))
    assert status == 200 and "C'est confirmé" in page
    print(json.dumps({"answers": len(statuses), "refused": statuses.count(429)}))
