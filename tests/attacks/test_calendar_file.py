"""The calendar files and a concours name with a line break, on a real
gunicorn server (issue 35, item 8).

Before the fix the « Annoncer » form took a name with a line break, and
`/concours/<slug>.ics` then answered 500 (the icalendar library refuses a
raw line break in the calendar's name). Now the forms refuse control
characters in a one-line field, next to the field; and every name already
stored, whatever it holds, gives valid files (.ics folded and escaped as
RFC 5545 says, the Atom feed as XML 1.0 allows)."""

from __future__ import annotations

import datetime
import html
import unicodedata
import xml.dom.minidom

import icalendar
import pytest

from tests.attacks import server as real
from tests.factories import PASSWORD

# engine_free: the forms' refusal and the calendar file are the same code on
# any database.
pytestmark = [pytest.mark.attack, pytest.mark.engine_free]

LOGIN = "/compte/connexion/"
BROKEN = "Concours de Noël\r\nX-INJECTED:oui"
STORED = [
    "Retour\r\nà la ligne",
    "Saut\nde ligne",
    "Chariot\rseul",
    "Tab\tulation",
    "Contrôle\x01\x07\x1b\x7f",
    "Séparateur\u2028de ligne",
    "Virgule, point-virgule; barre \\ oblique",
]

STORE = """
import datetime, json
from django.contrib.auth import get_user_model
from django.utils import timezone
from tournaments.models import Tournament
from tournaments.features.calendar.models import Announcement
from tournaments.features.calendar.services import announcements as calendar
slugs = []
for index, name in enumerate({names!r}):
    t = calendar.announce_concours(
        owner=get_user_model().objects.get(username="orga"), name=f"Ancien {{index}}",
        date=timezone.localdate() + datetime.timedelta(days=40), start_time=datetime.time(14),
        hall="Salle", address="Rue", postcode="71000", town="Mâcon", contact="M. Quéré")
    # As stored before the forms refused it: written past them.
    Tournament.objects.filter(pk=t.pk).update(name=name, venue=name)
    Announcement.objects.filter(tournament=t).update(hall=name, contact=name, lots=name, town=name)
    slugs.append(t.slug)
print(json.dumps(slugs))
"""


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("calendar-file"), demo=False)
    yield server
    server.stop()


def _organizer(app) -> real.Client:
    client = real.Client(app.base, source="127.0.0.80")
    token = client.form_token(LOGIN)
    assert client.post(LOGIN, {"username": "orga", "password": PASSWORD}, token=token)[0] == 302
    return client


def _announce(client: real.Client, name: str) -> tuple[int, str]:
    path = "/organisation/annoncer/"
    day = datetime.date.today() + datetime.timedelta(days=30)
    form = {
        "name": name,
        "date": day.isoformat(),
        "start_time": "14:00",
        "hall": "Salle des fêtes",
        "address": "1 place de la Mairie",
        "postcode": "71000",
        "town": "Mâcon",
        "preset": "ffb-belote",
        "format": "pairs",
        "contact": "M. Quéré",
    }
    return client.post(path, form, token=client.form_token(path))


def flattened(name: str) -> str:
    """A name on one line: each control character or line separator a
    space, the spaces run together."""
    one = "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in name)
    return " ".join(one.split())


def ics_faults(body: str) -> list[str]:
    """What keeps an .ics from being one RFC 5545 allows: CRLF lines of at
    most 75 octets, no control character but the folding's, readable by
    icalendar. [] for a valid file."""
    data = body.encode("utf-8")
    faults = [] if data.endswith(b"\r\n") else ["no final CRLF"]
    for line in data.split(b"\r\n")[:-1]:
        if len(line) > 75:
            faults.append(f"{len(line)} octets: {line[:40]!r}")
        if any((b < 32 and b != 9) or b == 127 for b in line) or "\u2028".encode() in line:
            faults.append(f"a control character: {line!r}")
    try:
        icalendar.Calendar.from_ical(data)
    except ValueError as error:
        faults.append(f"unreadable: {error}")
    return faults


def _organizer(app) -> real.Client:
    client = real.Client(app.base, source="127.0.0.80")
    token = client.form_token(LOGIN)
    assert client.post(LOGIN, {"username": "orga", "password": PASSWORD}, token=token)[0] == 302
    return client


def _announce(client: real.Client, name: str) -> tuple[int, str]:
    path = "/organisation/annoncer/"
    day = datetime.date.today() + datetime.timedelta(days=30)
    form = {
        "name": name,
        "date": day.isoformat(),
        "start_time": "14:00",
        "hall": "Salle des fêtes",
        "address": "1 place de la Mairie",
        "postcode": "71000",
        "town": "Mâcon",
        "preset": "ffb-belote",
        "format": "pairs",
        "contact": "M. Quéré",
    }
    return client.post(path, form, token=client.form_token(path))


def valid_ics(body: str) -> icalendar.Calendar:
    """An .ics as RFC 5545 writes it: CRLF lines of at most 75 octets, no
    control character but the folding's, and readable by icalendar."""
    data = body.encode("utf-8")
    assert data.endswith(b"\r\n")
    for line in data.split(b"\r\n")[:-1]:
        assert len(line) <= 75, line
        assert not any((b < 32 and b != 9) or b == 127 for b in line), line
        assert "\u2028" not in line.decode("utf-8", errors="replace")
    return icalendar.Calendar.from_ical(data)


def test_every_name_already_stored_gives_valid_calendar_files(app):
    slugs = app.python(STORE.format(names=STORED))
    visitor = real.Client(app.base, source="127.0.0.81")
    answers, summaries = {}, {}
    for slug, name in zip(slugs, STORED, strict=True):
        status, body = visitor.get(f"/concours/{slug}.ics")
        answers[name] = (status, ics_faults(body) if status == 200 else [])
        if status == 200 and not answers[name][1]:
            (event,) = icalendar.Calendar.from_ical(body.encode()).walk("VEVENT")
            summaries[name] = (str(event["SUMMARY"]), str(event["LOCATION"]))
    all_status, all_body = visitor.get("/calendrier.ics")
    feed_status, feed = visitor.get("/calendrier.atom")
    print(
        "\nstored names: "
        + ", ".join(f"{k!r} {s}{' invalid' if f else ''}" for k, (s, f) in answers.items())
        + f"; calendrier.ics {all_status}, atom {feed_status}"
    )
    assert answers == {name: (200, []) for name in STORED}
    for name, (summary, location) in summaries.items():
        assert summary == flattened(name) and location.startswith(flattened(name) + ", ")
    assert all_status == 200 and ics_faults(all_body) == []
    assert feed_status == 200
    xml.dom.minidom.parseString(feed.encode("utf-8"))


def test_the_announce_form_refuses_a_line_break_next_to_the_name(app):
    organizer = _organizer(app)
    status, page = _announce(organizer, BROKEN)
    slug = organizer.location.rstrip("/").split("/")[-2] if status == 302 else ""
    ics_status = real.Client(app.base).get(f"/concours/{slug}.ics")[0] if slug else None
    print(f"\nannounce with a line break: form {status}, its .ics {ics_status}")
    assert status == 422, "the form took a name with a line break"
    text = html.unescape(page)
    field = text[text.index('id="field-name"') :]
    assert "une seule ligne" in field[: field.index("</div>")]
