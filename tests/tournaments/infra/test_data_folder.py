"""The hall's data folder at start (infra/data_folder.py): the system's
language chosen from its variables, the sentence in each language, and a
folder written to once (the real start, read-only folders included, is
tests/hall/test_read_only_data_folder.py)."""

from __future__ import annotations

import pytest

from tournaments.infra.data_folder import check_writable, system_language, unwritable_message


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LC_ALL": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "C", "LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "fr"),
    ],
)
def test_the_language_is_the_systems_when_it_is_english(environ, language, monkeypatch):
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    assert system_language(environ) == language


def test_the_sentence_names_the_folder_in_both_languages(tmp_path):
    french = unwritable_message(tmp_path, "fr")
    english = unwritable_message(tmp_path, "en")
    assert french.startswith(f"Le dossier de données {tmp_path} n'est pas accessible")
    assert english.startswith(f"The data folder {tmp_path} cannot be written")
    assert "BELOTE_DATA_DIR" in french and "BELOTE_DATA_DIR" in english


def test_a_writable_folder_is_made_and_left_empty(tmp_path):
    folder = tmp_path / "new" / "data"
    check_writable(folder)
    assert folder.is_dir() and list(folder.iterdir()) == []
