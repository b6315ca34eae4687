"""The stick found by itself (tournaments/infra/stick.py): a folder
`belote-sauvegardes` at the top of a medium under the places searched (tmp
folders here, never the machine's /media), each place looked at for a few
seconds at most; the hall's desk says when several sticks carry one."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.domain.stick import FOLDER_NAME, StickChoice
from tournaments.infra import stick
from tournaments.infra.journal import writer


def plug(media: Path, name: str) -> Path:
    folder = media / name / FOLDER_NAME
    folder.mkdir(parents=True)
    return folder


@pytest.mark.parametrize(
    ("system", "configured", "patterns"),
    [
        ("Linux", None, ["/media/*", "/media/*/*", "/run/media/*/*"]),
        ("Darwin", None, ["/Volumes/*"]),
        ("Windows", None, [f"{letter}:\\" for letter in "DEFGHIJKLMNOPQRSTUVWXYZ"]),
        ("Linux", "", []),
        ("Linux", os.pathsep.join(["/tmp/a", "/tmp/b[1]"]), ["/tmp/a/*", "/tmp/b[[]1]/*"]),
    ],
)
def test_the_places_searched(system, configured, patterns):
    assert stick.places(system, configured) == patterns


def test_the_stick_at_the_top_of_a_medium_is_found(tmp_path, monkeypatch):
    media = tmp_path / "media"
    key = plug(media, "CLE")
    (media / "AUTRE").mkdir()
    (media / "DOSSIER" / "dedans" / FOLDER_NAME).mkdir(parents=True)  # not at the top
    (media / "FICHIER").mkdir()
    (media / "FICHIER" / FOLDER_NAME).write_text("un fichier, pas un dossier")
    monkeypatch.setenv(stick.ROOTS_VARIABLE, str(media))
    assert stick.find() == StickChoice(folder=key)
    assert stick.found() == key and stick.several() == ()


def test_several_sticks_none_is_chosen(tmp_path, monkeypatch):
    first, second = tmp_path / "media", tmp_path / "run-media"
    one, two = plug(first, "CLE"), plug(second, "USB")
    monkeypatch.setenv(stick.ROOTS_VARIABLE, os.pathsep.join([str(first), str(second)]))
    assert stick.find() == StickChoice(several=(one, two))
    assert stick.found() is None and stick.several() == (one, two)


def test_an_unreadable_or_missing_root_is_passed_over(tmp_path, monkeypatch):
    media, locked = tmp_path / "media", tmp_path / "verrouille"
    key = plug(media, "CLE")
    plug(locked, "CLE")
    locked.chmod(0)
    (tmp_path / "un-fichier").write_text("")
    roots = [str(locked), str(tmp_path / "absent"), str(tmp_path / "un-fichier"), str(media)]
    monkeypatch.setenv(stick.ROOTS_VARIABLE, os.pathsep.join(roots))
    try:
        choice = stick.find()
    finally:
        locked.chmod(0o755)
    if os.geteuid() == 0:  # root reads it all the same: two sticks
        assert choice.several == tuple(sorted([key, locked / "CLE" / FOLDER_NAME], key=str))
    else:
        assert choice == StickChoice(folder=key)


def test_a_drive_that_does_not_answer_does_not_hold_the_start(tmp_path, monkeypatch):
    """The search returns while a drive still hangs: the hanging look ends
    when the test lets it, not before (no duration measured: the answering
    drive has `seconds` to answer, a hang guard of 60 s ends the other)."""
    media = tmp_path / "media"
    key = plug(media, "CLE")
    looked = stick._look
    hanging, answered = threading.Event(), threading.Event()

    def slow(pattern: str) -> list[Path]:
        if "lent" in pattern:
            hanging.wait(timeout=60)
            answered.set()
        return looked(pattern)

    monkeypatch.setattr(stick, "_look", slow)
    try:
        found = stick.search([f"{media}/*", os.path.join(str(tmp_path / "lent"), "*")], seconds=2)
        assert not answered.is_set()  # returned while the drive hung
    finally:
        hanging.set()
    assert found == [key]


@pytest.mark.django_db
def test_the_desk_says_when_several_sticks_carry_the_folder(
    tmp_path, monkeypatch, client, settings
):
    settings.HALL = True
    plug(tmp_path / "media", "CLE")
    plug(tmp_path / "media", "USB")
    monkeypatch.setenv(stick.ROOTS_VARIABLE, str(tmp_path / "media"))
    stick.find()
    monkeypatch.setattr(writer, "on_laptop", lambda: tmp_path / "sauvegardes" / "reprise")
    monkeypatch.setattr(writer, "trouble", lambda: None)
    client.force_login(get_user_model().objects.create_user("orga", password="x"))
    try:
        notice = client.get(reverse("tournaments:dashboard")).context["stick_line"]["text"]
    finally:
        monkeypatch.setenv(stick.ROOTS_VARIABLE, str(tmp_path / "rien"))
        stick.find()
    assert "Plusieurs clés portent un dossier belote-sauvegardes" in notice


def test_a_laptop_refused_without_its_stick_is_told_to_plug_it_back_not_to_type_a_folder():
    from tournaments.infra.journal.medium import Refusal
    from tournaments.management.takeover import refusal_sentence

    found = Path("/media/anne/CLE") / FOLDER_NAME / "reprise"
    said = refusal_sentence(Refusal(found, None, False))
    assert "rebranchez la clé du journal et relancez (une seule clé" in said
    assert "BACKUP_DIR" not in said
    given = Path("/mnt/cle/sauvegardes/reprise")
    assert "BACKUP_DIR=/mnt/cle/sauvegardes" in refusal_sentence(Refusal(given, None, False))
