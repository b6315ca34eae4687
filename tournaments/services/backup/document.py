"""The backup file: its format, the fields it holds, its limits, how its
bytes are read, and the one sentence of every refusal.

Limits, past which a file is refused whole before anything is written:

- the file: 20 MB (`MAX_BYTES`), checked before it is read whole;
- the rows (`MAX_ROWS`): 2,000 players, 20 parties, 20,000 teams,
  20,000 tables, 200,000 deals, 10,000 penalties, 50,000 lines of history
  (issue 35: 70,000 lines took 22 s to publish; a concours of 128 teams
  over 8 parties of 12 deals writes about 8,000: one a deal, a few a table);
- the nesting of the JSON: what Python's reader accepts (about 1,000 levels);
- no NUL character anywhere (PostgreSQL cannot store it).

Every refusal is one sentence in the active language: « Sauvegarde refusée,
rien n'a été importé : équipes, élément 3, nom d'équipe : … ». Must not:
touch the database.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.domain import deal_shapes
from tournaments.models.options import STORED
from tournaments.models.tournament import MAX_ROUNDS
from tournaments.services.errors import TournamentError

FORMAT = "belote-tournois/backup"
# Version 4 carries the phases: pools, brackets and their matches, and which
# parties are bracket parties (services/backup/phases.py).
# Version 3 says which tables were typed as totals only. Version 2 keeps
# each table's link key, team codes and entry state, so the printed QR codes
# and a disputed table survive a restore, and names the penalties so.
# Version 1 files are still read: their tables get new links and codes.
VERSION = 4
READABLE_VERSIONS = (1, 2, 3, 4)

MAX_BYTES = 20 * 1024 * 1024
MAX_ROWS = {
    "players": 2_000,
    "rounds": MAX_ROUNDS,
    "teams": 20_000,
    "tables": 20_000,
    "seats": 40_000,
    "deals": 200_000,
    "penalties": 10_000,
    "changes": 50_000,
    "categories": 200,
    "lots": 2_000,
    "lot_swaps": 2_000,
    "payments": 20_000,
    "entries": 2_000,
    "waiting": 2_000,
    "brackets": 10,
    "matches": 40_000,
    "pools": 5_000,
    "pool_teams": 20_000,
}

TOURNAMENT_FIELDS = (
    "name",
    "slug",
    "date",
    "venue",
    "rules",
    "format",
    "parties",
    "end_mode",
    "end_deals",
    "end_target",
    "score_entry",
    "ranking_criteria",
    "match_points_win",
    "match_points_draw",
    "match_points_loss",
    "bye_policy",
    "bye_points",
    "published",
    "status",
)
#: Added with the lots and special rankings, then the cash box, the hidden
#: draws and the clock (the options of models/options.py): absent from older
#: files, whose tournaments get the defaults, but for two read as the version
#: that wrote them worked (checks.py): lots cumulated, draws shown at once.
#: The features turned on (`features`, a list of labels) were each a box of
#: its own before (`cash_enabled`…, models/options.SWITCHES): a file of the
#: earlier release is read into the list (checks.py).
OPTIONAL_TOURNAMENT_FIELDS = (
    "prize_rule",
    "prize_top",
    *STORED,
    "features",
    # The « Pointage à l'entrée » poster's key: a restored tournament answers
    # the posters already stuck by the door (tournaments/features/door/).
    "check_in_key",
    # The ranking's drawing of lots, made once: a restore keeps its order.
    "chance_seed",
)
PLAYER_FIELDS = ("id", "first_name", "last_name", "licence", "club", "status", "present")
#: The box ticked at registration (issue 26: a page across concours): absent
#: from older files, whose players are not shown.
PLAYER_OPTION_FIELDS = ("shown",)
TEAM_FIELDS = (
    "id",
    "round_id",
    "number",
    "name",
    "club",
    "player1_id",
    "player2_id",
    "status",
    "present",
)
#: Absent from older files, read as not checked in and free to move: when a
#: team checked in at the door (tournaments/features/door/), and « reste à sa table »
#: (issue 25) with the table it keeps; the team's code of the day (issue 38:
#: a file without it gives each team a new one, its tables keep theirs).
TEAM_OPTION_FIELDS = ("checked_in_at", "stays_at_table", "kept_table", "code")
ROUND_FIELDS = ("id", "number", "status", "draw_method", "draw_seed", "closed_at")
# Issue 14's options: a draw hidden until announced, the partie clock. Files
# written before them lack these fields and are read with the defaults (the
# options off, every partie announced); older readers skip them.
ROUND_OPTION_FIELDS = (
    "released_at",
    "clock_started_at",
    "clock_paused_at",
    "clock_paused_seconds",
    "last_deal_minutes",
    # the final phase (version 4): a file without it has qualifying parties
    "stage",
    # the teams a draw kept at their table (issue 25), by the file's team ids
    "fixed_tables",
    # the pairs a draw kept apart (issue 38, item 12b), by the file's team ids
    "draw_avoid",
    "draw_avoid_absolute",
)
ROUND_MOMENTS = ("closed_at", "released_at", "clock_started_at", "clock_paused_at")
TABLE_FIELDS = (
    "id",
    "round_id",
    "number",
    "team_a_id",
    "team_b_id",
    "status",
    "total_a",
    "total_b",
    "lost_pot",
    "corrected",
    "version",
)
#: Absent from older files, read as no reason: why the draw made the table
#: (tournaments/domain/reasons.py, as `Reason.to_json`; issue 27).
TABLE_OPTION_FIELDS = ("reason",)
TABLE_SIDE_FIELDS = (
    "entry_key",
    "code_a",
    "code_b",
    "entry_state",
    "entered_by",
    "claimed_totals",
    "settled_by",
)
SEAT_FIELDS = ("round_id", "table_id", "team_id", "side")
# What a deal is read from; its marques, outcome and pot are the engine's.
DEAL_INPUT_FIELDS = ("table_id", "number", *deal_shapes.DEAL_FIELDS)
DEAL_FIELDS = (*DEAL_INPUT_FIELDS, "marque_a", "marque_b", "outcome", "pot")
PENALTY_FIELDS = ("table_id", "team_id", "points", "reason")
CHANGE_FIELDS = ("table_id", "at", "action", "reason", "before", "after")
CATEGORY_FIELDS = ("id", "name", "kind", "prize_rule", "prize_top")
LOT_FIELDS = ("category_id", "position", "name", "value", "quantity", "last")
WAITING_FIELDS = ("first_name", "last_name", "licence", "club")
#: A queryset's rows as the file holds them, for these fields (backup._rows).
type Rows = Callable[[QuerySet[Model], tuple[str, ...]], list[dict[str, Any]]]

#: How each section is named in a refusal.
SECTIONS = {
    "tournament": gettext_lazy("tournoi"),
    "players": gettext_lazy("joueurs"),
    "rounds": gettext_lazy("parties"),
    "teams": gettext_lazy("équipes"),
    "tables": gettext_lazy("tables"),
    "seats": gettext_lazy("places"),
    "deals": gettext_lazy("donnes"),
    "penalties": gettext_lazy("pénalités"),
    "adjustments": gettext_lazy("pénalités"),
    "changes": gettext_lazy("historique"),
    "categories": gettext_lazy("classements spéciaux"),
    "lots": gettext_lazy("lots"),
    "lot_swaps": gettext_lazy("échanges de lots"),
    "payments": gettext_lazy("droits d'inscription payés"),
    "entries": gettext_lazy("lignes de caisse"),
    "waiting": gettext_lazy("joueurs seuls en attente"),
    "brackets": gettext_lazy("tableaux"),
    "matches": gettext_lazy("matchs de tableau"),
    "pools": gettext_lazy("poules"),
    "pool_teams": gettext_lazy("équipes des poules"),
}


def refusal(detail: str) -> TournamentError:
    """The one sentence of every refusal, `detail` saying where and why."""
    return TournamentError(
        _("Sauvegarde refusée, rien n'a été importé : %(detail)s.") % {"detail": _clause(detail)},
        field="file",
    )


def _clause(sentence: object) -> str:
    """A sentence made a clause: no final period, a lower-case start
    (« Assurez-vous… » → « assurez-vous… », never « JSON » → « jSON »)."""
    text = str(sentence).strip().rstrip(".").strip()
    if len(text) > 1 and text[0].isupper() and text[1].islower():
        text = text[0].lower() + text[1:]
    return text


def refusal_at(where: str, why: Any) -> TournamentError:
    """The refusal of one place of the file (« équipes, élément 3, nom »)."""
    return refusal(_("%(where)s : %(why)s") % {"where": where, "why": _clause(why)})


def read_document(raw: bytes) -> Any:
    """The JSON document in `raw` (at most MAX_BYTES, already read)."""
    if len(raw) > MAX_BYTES:
        raise too_big()
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise refusal(_("le fichier n'est pas en UTF-8")) from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise refusal(
            _("ce n'est pas du JSON (ligne %(line)s, colonne %(col)s)")
            % {"line": exc.lineno, "col": exc.colno}
        ) from exc
    except RecursionError as exc:
        raise refusal(_("le JSON est imbriqué trop profondément")) from exc
    except ValueError as exc:  # a number of more than 4,300 digits
        raise refusal(_("le fichier contient un nombre trop long")) from exc


def too_big() -> TournamentError:
    return refusal(_("le fichier dépasse %(mb)s Mo") % {"mb": MAX_BYTES // (1024 * 1024)})
