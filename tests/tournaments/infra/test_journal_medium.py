"""Where the journal is (infra/journal/writer.py, `apart`): on the laptop's
own disk (the default backups' folder, DATA_DIR/sauvegardes) the desk says
in orange that the laptop dying takes everything, and how to give the
stick (a folder belote-sauvegardes on it); on a medium of its own it says nothing. The data folder
remembers its stick (infra/journal/medium.py): found at any path, fine;
another folder is refused, saying whether the stick is missing or says
the hall was taken over."""

from __future__ import annotations

import re
import secrets
import shutil
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, connections
from django.urls import reverse
from django.utils import translation

from tests.tournaments.infra.sealed import KEY
from tournaments.display.hall import journal_on_laptop_notice
from tournaments.infra.journal import handover, medium, writer
from tournaments.infra.sqlite_backend.base import write_lock


@pytest.fixture
def journal_beside_the_database(transactional_db):
    """The journal in a folder beside the database: the laptop's own disk."""
    if connection.vendor != "sqlite":
        pytest.skip("the journal is the hall laptop's, on SQLite")
    name = Path(connection.settings_dict["NAME"])
    backups = name.parent / f"sauvegardes-{secrets.token_hex(4)}"
    started = writer.start(
        folder=backups / "reprise", database=name, hall="h1", lock=write_lock(str(name)), key=KEY
    )
    yield started
    writer.stop()
    connections.close_all()
    shutil.rmtree(backups, ignore_errors=True)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["sur ce portable", "tout est perdu", "clé USB", "« belote-sauvegardes »"]),
        ("en", ["on this laptop", "everything is lost", "USB stick", "“belote-sauvegardes”"]),
    ],
)
def test_backups_on_the_laptop_are_said_with_how_to_give_the_stick(language, words):
    with translation.override(language):
        notice = journal_on_laptop_notice("/home/benevole/belote/sauvegardes/reprise")
    assert all(word in notice for word in words), notice
    assert "/home/benevole/belote/sauvegardes/reprise" in notice  # where, said
    # Plain words: no variable, no command to type.
    assert "BACKUP_DIR" not in notice and "manage.py" not in notice


def test_the_desk_says_the_backups_are_on_the_laptop(journal_beside_the_database, client, settings):
    settings.HALL = True
    client.force_login(get_user_model().objects.create_user("orga", password="x"))
    assert not journal_beside_the_database.apart
    page = client.get(reverse("tournaments:dashboard"))
    line = page.context["stick_line"]
    assert line["kind"] == "laptop"
    assert "tout est perdu" in line["text"] and "belote-sauvegardes" in line["text"]
    assert "journal-on-laptop" in page.content.decode()
    with translation.override("en"):
        page = client.get(reverse("tournaments:dashboard"), HTTP_ACCEPT_LANGUAGE="en")
    assert "everything is lost" in page.context["stick_line"]["text"]


def test_on_a_stick_the_desk_names_it_and_its_last_write(
    journal_beside_the_database, client, settings
):
    settings.HALL = True
    client.force_login(get_user_model().objects.create_user("orga", password="x"))
    # No second device on a test machine: the stick is what `apart` says.
    journal_beside_the_database.apart = True
    page = client.get(reverse("tournaments:dashboard"))
    text = page.content.decode()
    assert "journal-on-laptop" not in text and "journal-on-stick" in text
    name = journal_beside_the_database.folder.parent.parent.name
    line = page.context["stick_line"]["text"]
    assert re.fullmatch(
        rf"Clé USB « {name} » : dernier enregistrement sur la clé (à l'instant|il y a \d+ s)\.",
        line,
    )
    # The line asked again by the page: the same, for an organizer only.
    again = client.get(reverse("tournaments:stick_line")).content.decode()
    assert "journal-on-stick" in again and 'hx-trigger="every 5s"' in again
    client.logout()
    assert client.get(reverse("tournaments:stick_line")).content.decode().strip() == ""


def test_the_data_folder_knows_its_stick_wherever_it_is_mounted(tmp_path):
    data, stick = tmp_path / "donnees", tmp_path / "cle" / "reprise"
    data.mkdir()
    stick.mkdir(parents=True)
    assert medium.refusal(data, stick, "h1", key=KEY) is None  # never journaled: the first start
    medium.remember(data, stick, "h1", new=False, key=KEY)
    assert medium.refusal(data, stick, "h1", key=KEY) is None
    elsewhere = tmp_path / "F" / "reprise"
    (tmp_path / "cle").rename(tmp_path / "F")  # the same stick, another drive letter
    assert medium.refusal(data, elsewhere, "h1", key=KEY) is None


def test_another_folder_than_its_stick_is_refused_and_says_why(tmp_path):
    data, stick, other = tmp_path / "donnees", tmp_path / "cle" / "reprise", tmp_path / "autre"
    data.mkdir()
    stick.mkdir(parents=True)
    other.mkdir()
    medium.remember(data, stick, "h1", new=False, key=KEY)
    assert medium.refusal(data, other, "h1", key=KEY) == medium.Refusal(stick, None, True)
    handover.record(stick, replaced="h1", by="h2", address="http://192.168.1.21:8000", key=KEY)
    assert medium.refusal(data, other, "h1", key=KEY) == medium.Refusal(
        stick, "http://192.168.1.21:8000", True
    )
    (tmp_path / "cle").rename(tmp_path / "dans-le-deuxieme")
    assert medium.refusal(data, other, "h1", key=KEY) == medium.Refusal(stick, None, False)
    medium.remember(data, other, "h1", new=True, key=KEY)  # --nouvelle-cle
    assert medium.refusal(data, other, "h1", key=KEY) is None


def test_from_the_laptops_own_disk_to_a_stick_is_still_the_hall(tmp_path):
    """The desk's orange line asks for a stick and a restart: the start on
    the stick is not refused, unless a takeover is written on that disk."""
    data, stick = tmp_path / "donnees", tmp_path / "cle" / "belote-sauvegardes" / "reprise"
    own = data / "sauvegardes" / "reprise"
    own.mkdir(parents=True)
    stick.mkdir(parents=True)
    medium.remember(data, own, "h1", new=False, key=KEY)
    assert medium.refusal(data, stick, "h1", key=KEY) == medium.Refusal(own, None, True)
    assert medium.refusal(data, stick, "h1", key=KEY, own_disk=own) is None
    handover.record(own, replaced="h1", by="h2", address="http://192.168.1.21:8000", key=KEY)
    assert medium.refusal(data, stick, "h1", key=KEY, own_disk=own) == medium.Refusal(
        own, "http://192.168.1.21:8000", True
    )
