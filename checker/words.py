"""The language of the checker's sentences: French unless the caller says.

The checker's sentences are French msgids marked `_("…")` (and
`pgettext("context", "…")`), so `makemessages` puts them in the project's
catalogue; the caller gives the function that translates a msgid: none
(French), Django's `gettext` (the active language of a page), or
`catalogue("en")` (the compiled catalogue read with the standard library,
for the command line). Must not import Django: the checker reads a file alone.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import scoring
from checker import replay

#: A msgid in, its sentence in the reader's language out.
Translate = Callable[[str], str]

#: An engine's refusal (a deal, a rules profile) in a sentence.
EngineWords = Callable[[scoring.ScoringError], str]

#: Where `compilemessages` writes the catalogues (locale/<lang>/LC_MESSAGES/django.mo).
LOCALE = Path(__file__).resolve().parents[1] / "locale"
LANGUAGES = ("fr", "en")


def french(msgid: str) -> str:
    """The msgids are French: no translation at all."""
    return msgid


def catalogue(language: str) -> Translate:
    """The compiled catalogue of `language`, read without Django (French,
    or a catalogue not compiled yet, says the msgids as they are)."""
    if language == "fr":
        return french
    found = gettext.translation("django", localedir=LOCALE, languages=[language], fallback=True)
    return found.gettext


def engine_message(error: scoring.ScoringError) -> str:
    """The engine's own sentence (French): the site words it in the active
    language with display.errors.engine_error instead."""
    return error.message


def in_context(translate: Translate, context: str, msgid: str) -> str:
    """`msgid` in `context` (a msgctxt of the catalogue), as gettext keys it;
    the msgid itself when the catalogue has no such entry."""
    found = translate(f"{context}\x04{msgid}")
    return msgid if "\x04" in found else found


def gettext_noop(msgid: str) -> str:
    """A msgid marked for the catalogue, translated later (tables of words)."""
    return msgid


class Sentences:
    """A file's check says its differences: `sentences`, in `translate`'s
    language, naming the file's teams and players."""

    def __init__(self, doc: Mapping[str, Any], translate: Translate = french) -> None:
        self.doc = doc
        self.translate = translate
        self.sentences: list[str] = []
        #: What the file does not let the check decide (not a difference).
        self.notes: list[str] = []
        self.numbers = {team["id"]: team["number"] for team in doc["teams"]}
        self.players = {p["id"]: p.get("name", str(p["id"])) for p in doc.get("players", ())}

    def say(self, sentence: str) -> None:
        self.sentences.append(sentence)

    def pgettext(self, context: str, msgid: str) -> str:
        return in_context(self.translate, context, msgid)

    def nobody(self) -> str:
        return self.pgettext("aucune équipe", "personne")

    def team(self, team_id: int | None) -> str:
        _ = self.translate
        if team_id is None:
            return self.nobody()
        if team_id in self.numbers:
            return _("l'équipe n° %(number)s") % {"number": self.numbers[team_id]}
        return _("l'équipe %(team)s (absente de la liste des équipes)") % {"team": team_id}

    def teams(self, team_ids: Any) -> str:
        return ", ".join(self.team(t) for t in team_ids)

    def entrant(self, entrant: int) -> str:
        _ = self.translate
        if replay.is_melee(self.doc):
            return _("le joueur %(name)s") % {"name": self.players.get(entrant, entrant)}
        return self.team(entrant)

    def round_words(self, number: Any) -> str:
        _ = self.translate
        return _("Partie %(number)s") % {"number": number}
