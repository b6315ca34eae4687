"""The concours checker: a concours file (docs/concours-file.schema.json)
recomputed from itself, and random concours files to check it on.

A *concours file* is the open, versioned JSON record of a concours as a
referee needs it: the rules profile, the teams, every partie's draw (its
kind and seed), tables, byes, deals with their marques (or typed totals),
penalties and the ranking after it, the pools and the brackets. The
checker recomputes every marque with the engine (`scoring`), every table's
totals (a table typed as totals only is held to what deals can give),
every partie's ranking and every draw it can replay with the pure rules of
`tournaments.domain`, and says each difference in a sentence
(French, or English: the sentences are msgids of the project's catalogue).

    python -m checker [--lang en] FILE   (exit 1 on any difference)
    python -m checker generate --teams N --parties P --seed S

Modules: `replay` (what the rules give, from plain values), `check` (the
comparison of marques, tables and rankings), `typed` (of a table typed as
totals only), `draws` (of the draws, pools and brackets), `words` (the
sentences' language: a translate function given by the caller, French by
default), `halls` (halls merged), `melee` (a mêlée partie replayed),
`generate` (random, correct concours files), `__main__` (the command
line).

Must not import Django, a model, a query or a service: it reads a file
alone (import-linter holds it), so a referee can run it anywhere the engine
runs.
"""

import hashlib
import json
from collections.abc import Iterable
from typing import Any

#: The file's `format` and the `version` written. Version 2 adds each
#: table's draw reason (`reason`) and each exempt team's (`bye_reasons`);
#: version 3 the ranking's tie-breaks: the best partie (`best_game`), the
#: fewest points conceded, the drawing of lots (`ranking.chance_seed`) and
#: a fixed bye counted against too (`ranking.bye.against`). The checker
#: still reads versions 1 and 2 (no reasons, nothing to compare; no
#: `best_game` in their rankings).
FORMAT = "concours-belote"
VERSION = 3
READS = (1, 2, 3)


def apart_digest(salt: str, pairs: Iterable[Iterable[int]]) -> str:
    """The commitment to the pairs a draw kept apart (issue 51): SHA-256 of
    the salt then the pairs, each sorted, sorted, as compact JSON
    (« [[3,8],[12,15]] »). The public file gives it without the pairs; the
    organizer's gives the pairs and the salt, which the checker hashes again."""
    canonical = json.dumps(sorted(sorted(pair) for pair in pairs), separators=(",", ":"))
    return hashlib.sha256((salt + canonical).encode()).hexdigest()


#: What a partie's ranking holds for each entrant, in the file.
STANDING_FIELDS = (
    "rank",
    "played",
    "won",
    "drawn",
    "lost",
    "byes",
    "points_for",
    "points_against",
    "match_points",
    "buchholz",
    "best_game",
)


def standing_rows(rows: Iterable[Any]) -> list[dict[str, Any]]:
    """A ranking's rows (domain.standings) as the file writes them."""
    return [
        {"entrant": row.entrant, **{f: getattr(row, f) for f in STANDING_FIELDS}} for row in rows
    ]
