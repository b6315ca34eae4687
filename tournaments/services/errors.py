"""The exception every service raises, and its variants.

`TournamentError` carries a French message the organizer can act on and,
when there is one, the form field at fault; views show it next to that
field. `ImportRefused` adds the faulty lines of a registration file.

This module must not touch the database nor import any other service
module: every module of the package imports it.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


class TournamentError(Exception):
    """A refusal the organizer can act on; `field` names the form field at
    fault when there is one."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class ImportRefused(TournamentError):
    """A registration file with faults; `errors` lists (line, message)."""

    def __init__(self, errors: list[tuple[int, str]]) -> None:
        super().__init__(
            _("Fichier refusé : %(n)s erreur(s), rien n'a été importé.") % {"n": len(errors)},
            field="file",
        )
        self.errors = errors


class CodesLocked(TournamentError):
    """Too many wrong team codes at one table: its codes are refused for a
    while (the views answer 429)."""


class AnswerExpected(TournamentError):
    """A right code for the side that does not enter: that team answers at
    the end; `side` says which one it proved to be."""

    def __init__(self, message: str, *, side: str) -> None:
        super().__init__(message, field="code")
        self.side = side
