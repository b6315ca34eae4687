"""The calendar's files read back: the .ics (all, per département, one
concours) parsed with icalendar (Paris time, escaping, a UID that an edit
keeps), the Atom feed with ElementTree (absolute links, RFC 4287's author
and dates)."""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET

import icalendar
import pytest
from django.urls import reverse

from tests.tournaments.features.calendar.builders import announce
from tournaments.features.calendar.display import PARIS

pytestmark = pytest.mark.django_db
ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture
def two(organizer):
    return (
        announce(organizer, name="Concours de Mâcon"),
        announce(organizer, name="Concours d'Ajaccio", postcode="20000", town="Ajaccio"),
    )


def events(response) -> list:
    assert response["Content-Type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(response.content)
    return list(calendar.walk("VEVENT"))


def test_the_whole_calendar_parses_back_with_its_events(client, two):
    macon, _ajaccio = two
    found = events(client.get(reverse("tournaments:calendar_ics")))
    assert sorted(str(e["SUMMARY"]) for e in found) == ["Concours d'Ajaccio", "Concours de Mâcon"]
    event = next(e for e in found if str(e["SUMMARY"]) == "Concours de Mâcon")
    start = event.decoded("DTSTART")
    assert start == datetime.datetime.combine(macon.date, datetime.time(14, 0), tzinfo=PARIS)
    assert event.decoded("DTEND") > start
    assert str(event["LOCATION"]) == "Salle des fêtes, 2 rue de l'Église, 71000 Mâcon"
    assert str(event["DESCRIPTION"]).startswith("Belote classique FFB · Doublettes")
    assert str(event["URL"]).endswith(reverse("tournaments:concours", args=[macon.slug]))


def test_the_calendar_of_a_departement_has_its_concours_only(client, two):
    found = events(client.get(reverse("tournaments:calendar_ics_departement", args=["2A"])))
    assert [str(e["SUMMARY"]) for e in found] == ["Concours d'Ajaccio"]
    assert client.get("/calendrier/XX.ics").status_code == 404


def test_a_concours_page_has_its_one_event(client, two):
    macon, _ajaccio = two
    (event,) = events(client.get(reverse("tournaments:concours_ics", args=[macon.slug])))
    assert str(event["UID"]) == f"concours-{macon.slug}@belote"


def test_the_atom_feed_parses_back_with_its_entries(client, two):
    response = client.get(reverse("tournaments:calendar_atom"))
    assert response["Content-Type"].startswith("application/atom+xml")
    feed = ET.fromstring(response.content)
    assert feed.tag == f"{ATOM}feed"
    titles = [entry.findtext(f"{ATOM}title") for entry in feed.iter(f"{ATOM}entry")]
    # The same day and time: by name.
    assert titles == ["Concours d'Ajaccio — Ajaccio (2A)", "Concours de Mâcon — Mâcon (71)"]
    links = [e.find(f"{ATOM}link").get("href") for e in feed.iter(f"{ATOM}entry")]
    assert all(link.startswith("http://testserver/concours/") for link in links)
    only = ET.fromstring(
        client.get(reverse("tournaments:calendar_atom_departement", args=["71"])).content
    )
    assert len(list(only.iter(f"{ATOM}entry"))) == 1


def test_an_event_is_in_paris_time_escaped_and_keeps_its_uid_when_edited(client, organizer):
    from tournaments.features.calendar.services import announcements as services

    macon = announce(
        organizer,
        hall="Salle A; B, C",
        contact="M. Quéré; 03 85, le soir",
        start_time=datetime.time(20, 0),
    )
    url = reverse("tournaments:concours_ics", args=[macon.slug])
    body = client.get(url).content
    calendar = icalendar.Calendar.from_ical(body)
    (timezone,) = calendar.walk("VTIMEZONE")
    assert str(timezone["TZID"]) == "Europe/Paris"
    (event,) = calendar.walk("VEVENT")
    assert event["DTSTART"].params["TZID"] == "Europe/Paris"
    assert event.decoded("DTSTART").strftime("%H:%M") == "20:00"
    assert str(event["LOCATION"]).startswith("Salle A; B, C, ")
    assert "M. Quéré; 03 85, le soir" in str(event["DESCRIPTION"])
    assert b"Salle A\\; B\\, C" in body  # escaped on the wire (RFC 5545 §3.3.11)
    services.edit_announcement(
        tournament=macon, name="Concours renommé", date=macon.date, postcode="71000"
    )
    (again,) = events(client.get(url))
    assert str(again["SUMMARY"]) == "Concours renommé"
    assert str(again["UID"]) == str(event["UID"])


def test_every_atom_entry_has_its_dates_and_the_feed_its_author(client, organizer):
    """RFC 4287: a feed or each entry names an author, and each entry has
    an `updated` date, which moves when the poster is corrected."""
    from tournaments.features.calendar.services import announcements as services

    macon = announce(organizer, name="Concours de Mâcon")
    feed = ET.fromstring(client.get(reverse("tournaments:calendar_atom")).content)
    assert feed.find(f"{ATOM}author/{ATOM}name").text
    (entry,) = feed.iter(f"{ATOM}entry")
    published = datetime.datetime.fromisoformat(entry.findtext(f"{ATOM}published"))
    updated = datetime.datetime.fromisoformat(entry.findtext(f"{ATOM}updated"))
    assert published.tzinfo is not None and updated >= published
    services.edit_announcement(
        tournament=macon, name=macon.name, date=macon.date, postcode="71000", hall="Foyer"
    )
    feed = ET.fromstring(client.get(reverse("tournaments:calendar_atom")).content)
    (entry,) = feed.iter(f"{ATOM}entry")
    assert datetime.datetime.fromisoformat(entry.findtext(f"{ATOM}updated")) > updated
    assert "Belote classique FFB" in entry.findtext(f"{ATOM}summary")
    assert "Foyer" in entry.findtext(f"{ATOM}summary")


#: Names stored before the forms refused control characters (issue 35, item 8).
STORED = [
    ("Retour\r\nà la ligne", "Retour à la ligne"),
    ("Saut\nde ligne", "Saut de ligne"),
    ("Chariot\rseul", "Chariot seul"),
    ("Tab\tulation", "Tab ulation"),
    ("Contrôle\x01\x07\x1b[31m\x7f", "Contrôle [31m"),
    ("C1\x85\x9bfin", "C1 fin"),
    ("Séparateur\u2028de\u2029ligne", "Séparateur de ligne"),
    ("Retourné \u202etnopuD", "Retourné tnopuD"),
    ("Virgule, point-virgule; barre \\ oblique", "Virgule, point-virgule; barre \\ oblique"),
    # A long name, near the 120 characters its column holds: folded over ICS lines.
    ("Très long nom " * 8 + "Fin", ("Très long nom " * 8 + "Fin")),
]


def rfc5545_faults(data: bytes) -> list[bytes]:
    """The lines of an .ics that RFC 5545 does not allow: over 75 octets,
    or holding a control character (a tab aside) or a line separator."""
    assert data.endswith(b"\r\n") and b"\n" not in data.replace(b"\r\n", b"")
    return [
        line
        for line in data.split(b"\r\n")[:-1]
        if len(line) > 75
        or any((b < 32 and b != 9) or b == 127 for b in line)
        or any(mark in line for mark in ("\u2028".encode(), "\u2029".encode(), b"\xc2\x85"))
    ]


@pytest.mark.parametrize(("stored", "shown"), STORED)
def test_a_name_stored_with_control_characters_gives_a_valid_ics(client, organizer, stored, shown):
    concours = announce(organizer, name="Ancien concours")
    type(concours).objects.filter(pk=concours.pk).update(name=stored)
    type(concours.announcement).objects.filter(pk=concours.announcement.pk).update(
        hall=stored, contact=stored, lots=f"{stored}\r\nJambons"
    )
    for url in (reverse("tournaments:concours_ics", args=[concours.slug]), "/calendrier.ics"):
        response = client.get(url)
        assert response.status_code == 200
        assert rfc5545_faults(response.content) == []
        (event,) = events(response)
        assert str(event["SUMMARY"]) == shown
        assert str(event["LOCATION"]).startswith(f"{shown}, 2 rue")
        assert f"Contact : {shown}" in str(event["DESCRIPTION"])
    name = icalendar.Calendar.from_ical(
        client.get(reverse("tournaments:concours_ics", args=[concours.slug])).content
    )["X-WR-CALNAME"]
    assert "\n" not in str(name) and "\r" not in str(name)
    feed = client.get("/calendrier.atom")
    assert feed.status_code == 200
    (entry,) = ET.fromstring(feed.content).iter(f"{ATOM}entry")
    assert entry.find(f"{ATOM}title").text.startswith(f"{shown} — ")
