"""The organizer's code of the journal's unit tests (infra/journal/sealing):
one code, the key of hall « h1 », what a takeover is given."""

from __future__ import annotations

from tournaments.infra.journal import replay, sealing

CODE = "KM7Q-3ZPW-H9TD"
KEY = sealing.key(CODE, "h1")
SEAL = replay.Seal(CODE)
