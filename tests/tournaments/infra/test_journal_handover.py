"""A second laptop took the hall over (infra/journal/handover): the file on
the stick read in every form it may take, and the first laptop's journal,
the stick back in it, refusing every write from then on, for good."""

from __future__ import annotations

import json

import pytest
from django.db import transaction

from tests.tournaments.infra.sealed import CODE, KEY
from tests.tournaments.infra.test_journal_replay import play_a_little
from tournaments.infra.journal import handover, sealing, writer
from tournaments.models import Tournament


def sealed_record(address: object, key: bytes = KEY, **changed: object) -> str:
    content = {"remplace": "h1", "par": "h2", "adresse": address, "le": "2026-11-27T10:00:00+00:00"}
    said = "releve:" + json.dumps(content, ensure_ascii=False, sort_keys=True)
    return json.dumps(content | {"sceau": sealing.seal(key, said)} | changed)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, None),  # no takeover
        (sealed_record("http://192.168.1.23:8000"), "http://192.168.1.23:8000"),
        (sealed_record(""), ""),  # replaced, the address unknown
        (sealed_record("javascript:alert(1)"), ""),  # never a link that is not one
        (sealed_record(12), ""),
        # Written by hand (or by the previous release): not sealed, stops nothing.
        ('{"remplace": "h1", "adresse": "http://192.168.1.23:8000"}', None),
        (sealed_record("http://192.168.1.23:8000", key=sealing.key(CODE, "h2")), None),
        (sealed_record("http://192.168.1.23:8000", adresse="http://10.6.6.6:8000"), None),
        (sealed_record("http://192.168.1.23:8000", sceau="0" * 64), None),
        ("[1, 2]", None),
        ("{not json", None),
    ],
)
def test_the_takeover_file_read(tmp_path, content, expected):
    if content is not None:
        handover.path(tmp_path, "h1").write_text(content, encoding="utf-8")
    assert handover.replaced_by(tmp_path, "h1", KEY) == expected
    assert handover.replaced_by(tmp_path, "h2", sealing.key(CODE, "h2")) is None  # another hall's


def test_a_takeover_recorded_is_read_back(tmp_path):
    handover.record(tmp_path, replaced="h1", by="h2", address="http://10.0.0.7:8000", key=KEY)
    assert handover.replaced_by(tmp_path, "h1", KEY) == "http://10.0.0.7:8000"
    assert handover.replaced_by(tmp_path, "h1", sealing.key("ABCD-EFGH-JKMN", "h1")) is None
    assert not list(tmp_path.glob("*.partial"))


def test_once_taken_over_every_write_is_refused_for_good(journal):
    tournament = play_a_little()
    assert writer.replaced() is None
    handover.record(journal.folder, replaced="h1", by="h2", address="http://10.0.0.7:8000", key=KEY)
    with pytest.raises(writer.HallReplaced) as refused, transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(name="Deux salles ?")
    assert refused.value.address == "http://10.0.0.7:8000"
    assert Tournament.objects.get(pk=tournament.pk).name == "Hors transaction"
    assert writer.replaced() == "http://10.0.0.7:8000"
    # The file gone again (the stick taken back): still refused.
    handover.path(journal.folder, "h1").unlink()
    with pytest.raises(writer.HallReplaced), transaction.atomic():
        Tournament.objects.filter(pk=tournament.pk).update(name="Deux salles ?")


def test_a_journal_replaced_does_not_start_again(journal, tmp_path):
    handover.record(journal.folder, replaced="h1", by="h2", address="http://10.0.0.7:8000", key=KEY)
    again = writer.Journal(
        folder=journal.folder,
        database=journal.database,
        hall="h1",
        lock=journal.lock,
        key=KEY,
    )
    with pytest.raises(writer.HallReplaced):
        again.begin()
    # The hall that took over journals on.
    other = writer.Journal(
        folder=journal.folder,
        database=journal.database,
        hall="h2",
        lock=journal.lock,
        key=sealing.key(CODE, "h2"),
    )
    other.begin()
    other.close()


def test_every_request_is_answered_with_the_new_address(journal, client):
    from tournaments.infra.middleware import MOVED_HEADER

    handover.record(journal.folder, replaced="h1", by="h2", address="http://10.0.0.7:8000", key=KEY)
    writer._looked[0] = 0.0
    response = client.get("/")
    assert response.status_code == 503
    assert response[MOVED_HEADER] == "http://10.0.0.7:8000"
    text = response.content.decode()
    assert "un deuxième portable l'a repris" in text.replace("&#x27;", "'")
    assert 'href="http://10.0.0.7:8000/"' in text
