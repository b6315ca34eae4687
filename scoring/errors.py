"""The one exception of the engine, and the error codes of SPEC §8.

Responsible for: carrying a code (the field at fault, in SPEC §8 order), a
message key and its params (the French sentence a scorer can act on is built
from :mod:`scoring.messages`), and, for a partie, the index of the deal at fault.
Must not: translate, log, or know how the Django side displays an error.
"""

from __future__ import annotations

from typing import Any

from .messages import MESSAGES

#: The error codes of SPEC §8, in the order used when several fields are at fault.
CODES: tuple[str, ...] = (
    "json",
    "rules",
    "taker",
    "trump",
    "bid",
    "coinche",
    "capot",
    "points",
    "belote",
    "announcement",
)


class ScoringError(Exception):
    """A deal, a partie or a rule profile the engine refuses.

    ``code`` is one of :data:`CODES` (the field at fault); ``key`` names the
    sentence in :data:`scoring.messages.MESSAGES` and ``params`` fills it
    (plain JSON values: ints, strings, lists), which gives ``message``, the
    French sentence for the scorer; ``deal`` is the index of the faulty deal
    inside a partie (else None). The Django side translates from ``key`` and
    ``params``; the command line prints ``message``.
    """

    def __init__(
        self,
        code: str,
        key: str,
        params: dict[str, Any] | None = None,
        deal: int | None = None,
    ) -> None:
        # Both checks are programming errors, never user ones.
        if code not in CODES:
            raise ValueError(f"unknown error code {code!r}")
        template = MESSAGES.get(key)
        if template is None:
            raise ValueError(f"unknown message key {key!r}")
        self.params: dict[str, Any] = params if params is not None else {}
        message = template % self.params
        super().__init__(message)
        self.code = code
        self.key = key
        self.message = message
        self.deal = deal

    def with_deal(self, index: int) -> ScoringError:
        """The same error, located at deal ``index`` of a partie."""
        return ScoringError(self.code, self.key, self.params, index)

    def to_json(self) -> dict[str, Any]:
        """The SPEC §8 error object: ``{"error": {"code", "message"[, "deal"]}}``."""
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.deal is not None:
            error["deal"] = self.deal
        return {"error": error}

    def __repr__(self) -> str:
        return f"ScoringError({self.code!r}, {self.key!r}, {self.params!r}, deal={self.deal!r})"


def show(value: Any, limit: int = 40) -> str:
    """A short, ASCII-only rendering of a user value for a French message.

    Values come from untrusted JSON: strings may hold lone surrogates or be
    huge, containers may be deep. Only their kind is shown for containers.
    """
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        text = value if len(value) <= limit else value[:limit] + "…"
        escaped = text.encode("ascii", "backslashreplace").decode("ascii")
        return f"« {escaped} »"
    if isinstance(value, int):
        text = str(value) if value.bit_length() < 100 else "un nombre immense"
        return text
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, dict):
        return "un objet"
    if isinstance(value, list):
        return "une liste"
    return type(value).__name__
