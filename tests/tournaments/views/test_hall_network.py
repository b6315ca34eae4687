"""The hall's network as the desk sees it (issue 23): each table's phone
says on each save and on its regular call how many entries it keeps; the
desk's list of tables shows when each table was last heard of, which have
entries waiting and which went quiet; the organizer's pages say when the
laptop restarted the server; secure pages get a service worker."""

from __future__ import annotations

import datetime
import json
import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.utils import timezone

from tests import factories
from tests.tournaments.views.test_players_stylesheet import players_templates
from tournaments.display.hall import outbox_texts, phone_contact, restart_notice
from tournaments.infra import links, uptime
from tournaments.models import Table
from tournaments.services.hall_contact import note_phone_contact
from tournaments.views.offline import FILES

pytestmark = pytest.mark.django_db


def test_the_phone_call_records_the_entries_it_keeps_and_gives_the_version(client, table, clock):
    answer = client.get(links.entry_path(table) + "etat/?attente=2")
    assert answer.status_code == 200
    assert answer.json() == {
        "version": table.version,
        "status": "not_started",
        "entry": "empty",
        # This hall's name and its standby (none off the hall server): issue 39.
        "hall": "",
        "standby": "",
    }
    assert "no-cache" in answer["Cache-Control"] or "no-store" in answer["Cache-Control"]
    table.refresh_from_db()
    assert table.phone_waiting == 2
    assert table.phone_seen_at == clock.now


# « ² » and « ٣ » are digits to str.isdigit() that int() refuses or reads.
@pytest.mark.parametrize("said", ["", "-3", "abc", "99999", "2.5", "²", "٣"])
def test_a_count_that_cannot_be_read_is_read_as_none(client, table, said):
    assert client.get(links.entry_path(table) + f"etat/?attente={said}").status_code == 200
    table.refresh_from_db()
    assert table.phone_waiting == 0
    # A version that cannot be read is no version: the count is kept.
    assert client.get(links.entry_path(table) + f"etat/?attente=1&v={said}").status_code == 200
    table.refresh_from_db()
    assert table.phone_waiting == 1


def test_the_call_of_a_closed_or_unknown_link_says_it_in_words(client, table):
    """No error for the phone's page to log: it shows the sentence and
    stops calling (static/js/outbox.js)."""
    unknown = client.get("/saisie/not-a-token/etat/")
    assert unknown.status_code == 200 and "pas valable" in unknown.json()["ended"]
    table.round.status = "closed"
    table.round.save(update_fields=["status"])
    closed = client.get(links.entry_path(table) + "etat/?attente=1")
    assert closed.json() == {"ended": "Cette partie est close : le lien de la table ne sert plus."}
    table.refresh_from_db()
    assert table.phone_seen_at is None


def test_a_save_from_the_phone_says_what_is_still_waiting(client, table):
    client.post(links.entry_path(table) + "code/", {"code": table.code_a})
    answer = client.post(
        links.entry_path(table) + "donne/",
        {"taker": "n", "trump": "c", "bid": "90", "points": "97", "version": table.version},
        HTTP_HX_REQUEST="true",
        HTTP_X_OUTBOX_WAITING="3",
    )
    assert "dealSaved" in answer["HX-Trigger"]
    table.refresh_from_db()
    assert (table.phone_waiting, table.deals.count()) == (3, 1)


def test_the_row_is_written_at_most_every_30_s_unless_the_count_changes(table):
    start = timezone.now()

    def at(seconds: int) -> datetime.datetime:
        return start + datetime.timedelta(seconds=seconds)

    assert note_phone_contact(table=table, waiting=0, now=start)
    assert not note_phone_contact(table=table, waiting=0, now=at(10))
    assert note_phone_contact(table=table, waiting=1, now=at(11))
    assert note_phone_contact(table=table, waiting=1, now=at(42))
    table.refresh_from_db()
    assert table.phone_seen_at == start + datetime.timedelta(seconds=42)


def test_the_contact_never_overwrites_a_save_made_meanwhile(table):
    """Only the two columns are written: a deal saved by another request
    after this table object was read keeps its totals and version."""
    stale = Table.objects.get(pk=table.pk)
    factories.add_deal(table)
    note_phone_contact(table=stale, waiting=1)
    table.refresh_from_db()
    assert (table.total_a, table.version) == (190, 2)


def test_the_desk_sees_which_phones_need_a_look(client, organizer, round1):
    tables = list(round1.tables.filter(team_b__isnull=False).order_by("number"))
    now = timezone.now()
    Table.objects.filter(pk=tables[0].pk).update(phone_seen_at=now, phone_waiting=2)
    Table.objects.filter(pk=tables[1].pk).update(
        phone_seen_at=now - datetime.timedelta(minutes=12), phone_waiting=0
    )
    client.force_login(organizer)
    page = client.get(f"/organisation/t/{round1.tournament.slug}/parties/1/tables/")
    text = page.content.decode()
    assert "2 donnes en attente sur le téléphone" in text
    assert "silencieuse" in text
    assert "Téléphones à regarder : 2" in text
    assert text.count(">Feuille avec les donnes reçues</a>") == 2
    # Its name begins with the words it shows (WCAG 2.5.3: axe's
    # label-content-name-mismatch), the table's number after them.
    assert 'aria-label="Feuille avec les donnes reçues, table 1 (PDF)"' in text


def test_a_table_s_sheet_is_offered_as_a_sheet_not_a_reprint(client, organizer, round1):
    """Issue 60, item 13: « Réimprimer » was offered before anything was printed."""
    client.force_login(organizer)
    text = client.get(f"/organisation/t/{round1.tournament.slug}/parties/1/tables/").text
    assert "Réimprimer" not in text
    assert 'aria-label="Feuille, table 1 (PDF)">Feuille</a>' in text


@pytest.mark.parametrize(
    ("seen", "waiting", "playing", "said", "look"),
    [
        (None, 0, True, "jamais vu", False),
        (10, 0, True, "vu à l'instant", False),
        (200, 0, True, "vu il y a 3 min", False),
        (200, 1, True, "vu il y a 3 min · 1 donne en attente sur le téléphone", True),
        (400, 0, True, "vu il y a 6 min · silencieuse", True),
        (400, 0, False, "vu il y a 6 min", False),
    ],
)
def test_a_phone_in_words(seen, waiting, playing, said, look):
    now = timezone.now()
    when = None if seen is None else now - datetime.timedelta(seconds=seen)
    assert phone_contact(when, waiting, playing, now) == (said, look)


def test_a_restart_is_told_for_three_hours(tmp_path):
    first = datetime.datetime(2026, 11, 28, 13, 0, tzinfo=datetime.UTC)
    assert not uptime.record_start(tmp_path, first).is_restart
    uptime.mark_alive(tmp_path, first + datetime.timedelta(minutes=80))
    again = first + datetime.timedelta(minutes=92)
    start = uptime.record_start(tmp_path, again)
    assert start == uptime.last_start(tmp_path)
    assert start.previous_alive == first + datetime.timedelta(minutes=80)
    notice = restart_notice(start.started, start.previous_alive, again)
    assert "Le serveur a redémarré à" in notice
    later = again + datetime.timedelta(hours=3, minutes=1)
    assert restart_notice(start.started, start.previous_alive, later) == ""
    assert restart_notice(first, None, first) == ""


def test_the_times_said_are_times_of_day_not_durations():
    """Issue 60, item 7: « Hors ligne depuis 2 h 32 » and « arrêté depuis
    3 h 31 » read as durations; the time it went down is said with « à »."""
    started = timezone.make_aware(datetime.datetime(2026, 11, 28, 3, 40))
    alive = timezone.make_aware(datetime.datetime(2026, 11, 28, 3, 31))
    notice = restart_notice(started, alive, started)
    assert "redémarré à 3 h 40 (arrêté à 3 h 31)" in notice
    assert "depuis" not in notice
    offline = outbox_texts()["offline"]
    assert offline.startswith("Hors ligne : réseau perdu à {time}.")


def test_an_unreadable_record_is_no_start(tmp_path):
    (tmp_path / uptime.FILE).write_text("{not json")
    assert uptime.last_start(tmp_path) is None


def test_the_organizer_pages_say_the_server_restarted(client, organizer, settings, tmp_path):
    settings.HALL, settings.DATA_DIR = True, tmp_path
    now = timezone.now()
    uptime.record_start(tmp_path, now - datetime.timedelta(minutes=30))
    uptime.mark_alive(tmp_path, now - datetime.timedelta(minutes=5))
    uptime.record_start(tmp_path, now)
    client.force_login(organizer)
    assert "Le serveur a redémarré" in client.get("/organisation/").content.decode()
    assert "Le serveur a redémarré" not in Client().get("/").content.decode()


def test_the_service_worker_keeps_the_app_files_and_changes_with_them(client):
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    body = answer.content.decode()
    files = json.loads(body.split("const FILES = ", 1)[1].split(";", 1)[0])
    assert "/static/js/outbox.js" in files and "/static/css/app.css" in files
    for url in files:  # each one a file of the app
        assert finders.find(url.removeprefix("/static/")), url
    assert 'const CACHE = "belote-' in body


def test_the_service_worker_keeps_every_file_a_players_page_loads():
    """A table's page or a ranking reopened offline (HTTPS, the hosted
    service) has every script and stylesheet it links, not only some: the
    files of every players' page, with what it extends and includes
    (`players_templates`, the players' stylesheet's test)."""
    pages = players_templates()
    assert len(pages) > 20
    loaded = {
        name for path in pages for name in STATIC_FILE.findall(path.read_text(encoding="utf-8"))
    }
    # base.html links it for the organizer's pages; players_base.html leaves it out.
    loaded.discard("css/organizer.css")
    missing = sorted(loaded - set(FILES))
    assert not missing, missing


STATIC_FILE = re.compile(r"""{%\s*static\s+["']((?:js|css)/[^"']+)["']""")


def test_a_batch_that_arrives_leaves_nothing_waiting(client, table):
    """Issue 38 item 2: the outbox's batch says how many entries the phone
    keeps, the batch included; once the server recorded them it misses
    nothing, and the desk no longer says « 3 donnes en attente »."""
    client.post(links.entry_path(table) + "code/", {"code": table.code_a})
    fields = [["taker", "n"], ["trump", "c"], ["bid", "90"]]
    batch = [
        {"fields": [*fields, ["points", str(p)]], "version": table.version + i}
        for i, p in enumerate((97, 110, 82))
    ]
    answer = client.post(
        links.entry_path(table) + "donnes/",
        {"entries": json.dumps(batch)},
        HTTP_X_OUTBOX_WAITING="3",
    )
    assert answer.json()["saved"] == 3
    table.refresh_from_db()
    assert (table.phone_waiting, table.deals.count()) == (0, 3)


def test_a_count_made_before_a_batch_arrived_does_not_say_its_deals_wait(client, table):
    """The regular call leaves while a batch is on its way (its count, 3,
    includes the batch) and reaches the server after it: the count is older
    than the batch, which said nothing waits; the desk would say « 3 donnes
    en attente » for 15 s though they arrived."""
    client.post(links.entry_path(table) + "code/", {"code": table.code_a})
    known = table.version
    fields = [["taker", "n"], ["trump", "c"], ["bid", "90"]]
    batch = [
        {"fields": [*fields, ["points", str(p)]], "version": known + i}
        for i, p in enumerate((97, 110, 82))
    ]
    client.post(
        links.entry_path(table) + "donnes/",
        {"entries": json.dumps(batch)},
        HTTP_X_OUTBOX_WAITING="3",
    )
    late = client.get(links.entry_path(table) + f"etat/?attente=3&v={known}")
    assert late.status_code == 200
    table.refresh_from_db()
    assert (table.phone_waiting, table.deals.count()) == (0, 3)
    # A count made knowing the table as it is now is kept.
    client.get(links.entry_path(table) + f"etat/?attente=1&v={table.version}")
    table.refresh_from_db()
    assert table.phone_waiting == 1


def test_a_count_is_checked_against_a_save_committed_after_the_table_was_read(table):
    stale = Table.objects.get(pk=table.pk)
    factories.add_deal(table)
    assert note_phone_contact(table=stale, waiting=2, known=stale.version)
    table.refresh_from_db()
    assert (table.phone_waiting, table.phone_seen_at) == (0, stale.phone_seen_at)


def test_a_batch_stopped_at_a_refused_deal_still_counts_what_did_not_arrive(client, table):
    client.post(links.entry_path(table) + "code/", {"code": table.code_a})
    fields = [["taker", "n"], ["trump", "c"], ["bid", "90"]]
    batch = [
        {"fields": [*fields, ["points", str(p)]], "version": table.version + i}
        for i, p in enumerate((97, 170, 82))  # 170: more than 162 card points
    ]
    answer = client.post(
        links.entry_path(table) + "donnes/",
        {"entries": json.dumps(batch)},
        HTTP_X_OUTBOX_WAITING="3",
    )
    assert answer.json()["saved"] == 1
    table.refresh_from_db()
    assert table.phone_waiting == 2


def test_a_single_deal_refused_is_still_waiting_on_the_phone(client, table):
    """A single entry's header counts the others; the one refused stays."""
    client.post(links.entry_path(table) + "code/", {"code": table.code_a})
    client.post(
        links.entry_path(table) + "donne/",
        {"taker": "n", "trump": "c", "bid": "90", "points": "170", "version": table.version},
        HTTP_HX_REQUEST="true",
        HTTP_X_OUTBOX_WAITING="0",
    )
    table.refresh_from_db()
    assert (table.phone_waiting, table.deals.count()) == (1, 0)


def test_the_desk_says_nothing_waits_for_a_table_whose_deals_all_arrived(client, organizer, round1):
    """A phone that stopped calling (the partie closed, the page shut) said
    3 last; the table is complete since: the server misses nothing."""
    table = round1.tables.filter(team_b__isnull=False).order_by("number").first()
    Table.objects.filter(pk=table.pk).update(
        phone_seen_at=timezone.now() - datetime.timedelta(minutes=8),
        phone_waiting=3,
        status=Table.Status.COMPLETE,
    )
    client.force_login(organizer)
    page = client.get(f"/organisation/t/{round1.tournament.slug}/parties/1/tables/")
    assert "en attente sur le téléphone" not in page.content.decode()
