"""The interface's words: French as written, English complete.

French is the language of the code's msgids, and there is no French
catalogue: a French msgid that another installed catalogue also translates
(Django's admin has "Close" → « Fermer ») would show that other word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext, pgettext

CATALOGUE = Path(__file__).resolve().parent.parent / "locale/en/LC_MESSAGES/django.po"
# Language names are meant to be shown in the reader's language.
LANGUAGE_NAMES = {"English", "Français"}


def _unquote(lines: str) -> str:
    text = "".join(re.findall(r'"(.*)"', lines))
    return text.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def entries() -> list[tuple[str, str, str, bool]]:
    """(context, msgid, msgstr, fuzzy) of every entry but the header."""
    text = CATALOGUE.read_text(encoding="utf-8")
    found = []
    for block in text.split("\n\n"):
        match = re.search(
            r'(?:msgctxt "(.*)"\n)?msgid ((?:".*"\n)+)msgstr ((?:".*"\n?)+)', block + "\n"
        )
        if match and _unquote(match.group(2)):
            found.append(
                (
                    match.group(1) or "",
                    _unquote(match.group(2)),
                    _unquote(match.group(3)),
                    "fuzzy" in block,
                )
            )
    return found


def test_no_french_word_is_taken_over_by_another_catalogue() -> None:
    with translation.override("fr"):
        wrong = [
            (msgid, got)
            for context, msgid, _, _ in entries()
            if msgid not in LANGUAGE_NAMES
            and (got := pgettext(context, msgid) if context else gettext(msgid)) != msgid
        ]
    assert not wrong


@pytest.mark.django_db
def test_a_closed_partie_is_called_close_in_french(round1) -> None:
    from tournaments.models import Round

    with translation.override("fr"):
        assert str(Round.Status.CLOSED.label) == "Close"
    with translation.override("en"):
        assert str(Round.Status.CLOSED.label) == "Closed"
