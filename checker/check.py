"""A concours file checked against itself: every marque, every table's
totals and state, every partie's ranking and every draw that can be
replayed, each difference said in one sentence (French, or the language of
the `translate` given: checker/words.py).

`check(doc)` returns the sentences (empty: the file holds together); a
file that leaves its documented format is refused first, in one sentence
(checker/shape.py).
What the rules give comes from `replay` and `brackets`; this module only
compares and words. Must not import Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import scoring
from checker import FORMAT, READS, replay, shape
from checker.draws import DrawChecks
from checker.typed import TypedChecks
from checker.words import (
    EngineWords,
    Translate,
    engine_message,
    french,
    gettext_noop,
)

#: The ranking's columns compared, with their words.
ROW_FIELDS = (
    ("rank", gettext_noop("rang")),
    ("points_for", gettext_noop("points")),
    ("won", gettext_noop("parties gagnées")),
    ("drawn", gettext_noop("parties nulles")),
    ("lost", gettext_noop("parties perdues")),
    ("played", gettext_noop("parties jouées")),
    ("points_against", gettext_noop("points contre")),
    ("match_points", gettext_noop("points de match")),
    ("buchholz", gettext_noop("points des adversaires")),
    ("best_game", gettext_noop("meilleure partie")),
)
#: Columns a file of an older version does not write: compared when there.
SINCE_VERSION_3 = {"best_game"}


class Checker(DrawChecks, TypedChecks):
    """One file's check; `sentences` collects the differences, said with
    `translate` (French by default)."""

    def __init__(
        self,
        doc: Mapping[str, Any],
        translate: Translate = french,
        engine_words: EngineWords = engine_message,
    ) -> None:
        super().__init__(doc, translate)
        self.engine_words = engine_words
        self.rules = replay.rules_of(doc)
        self.end = doc["end"]
        self.extra_deal_tables = {
            (match["round"], match["table"])
            for bracket in doc.get("brackets", ())
            if bracket["tie_rule"] == replay.EXTRA_DEAL
            for match in bracket["matches"]
            if match.get("round") is not None
        }

    # -- tables -------------------------------------------------------------------------------

    def check_tables(self, rnd: Mapping[str, Any]) -> None:
        _ = self.translate
        status_words = self.status_words()
        for table in rnd["tables"]:
            where = _("Partie %(round)s, table %(table)s") % {
                "round": rnd["number"],
                "table": table["number"],
            }
            self.check_tie_decided(where, rnd, table)
            self.check_penalty_teams(where, table)
            if table.get("entry", "deals") == "totals":
                if table.get("deals"):
                    self.say(
                        _("%(where)s : saisie aux totaux, elle ne devrait pas avoir de donnes.")
                        % {"where": where}
                    )
                else:
                    self.check_typed(where, rnd, table)
                continue
            extra = (rnd["number"], table["number"]) in self.extra_deal_tables
            try:
                got = replay.score_table(table, self.rules, self.end, extra_deal=extra)
            except scoring.ScoringError as error:
                number = table["deals"][error.deal]["number"] if error.deal is not None else "?"
                self.say(
                    _("%(where)s, donne %(deal)s : le moteur refuse la donne (%(error)s).")
                    % {"where": where, "deal": number, "error": self.engine_words(error)}
                )
                continue
            for entry, (a, b, outcome, pot) in zip(table["deals"], got.deals, strict=True):
                marques = entry["marques"]
                values = {"where": where, "deal": entry["number"]}
                if (marques["A"], marques["B"]) != (a, b):
                    self.say(
                        _(
                            "%(where)s, donne %(deal)s : la marque est %(a)s–%(b)s dans le "
                            "fichier, le moteur donne %(made_a)s–%(made_b)s."
                        )
                        % {**values, "a": marques["A"], "b": marques["B"], "made_a": a, "made_b": b}
                    )
                elif marques.get("outcome") != outcome or marques.get("pot", 0) != pot:
                    self.say(
                        _(
                            "%(where)s, donne %(deal)s : le fichier dit « %(said)s » (litige en "
                            "attente %(said_pot)s), le moteur « %(made)s » (litige en attente "
                            "%(made_pot)s)."
                        )
                        % {
                            **values,
                            "said": marques.get("outcome"),
                            "said_pot": marques.get("pot", 0),
                            "made": outcome,
                            "made_pot": pot,
                        }
                    )
            totals = table["totals"]
            if (totals["A"], totals["B"]) != got.totals:
                self.say(
                    _(
                        "%(where)s : les totaux sont %(a)s–%(b)s dans le fichier, les donnes et "
                        "les pénalités font %(made_a)s–%(made_b)s."
                    )
                    % {
                        "where": where,
                        "a": totals["A"],
                        "b": totals["B"],
                        "made_a": got.totals[0],
                        "made_b": got.totals[1],
                    }
                )
            if table.get("lost_pot", 0) != got.lost_pot:
                self.say(
                    _(
                        "%(where)s : le litige perdu est %(said)s dans le fichier, le moteur "
                        "donne %(made)s."
                    )
                    % {"where": where, "said": table.get("lost_pot", 0), "made": got.lost_pot}
                )
            if table.get("status") != got.status:
                said = status_words.get(table.get("status"), table.get("status"))
                self.say(
                    _(
                        "%(where)s : la table est « %(said)s » dans le fichier, ses donnes la "
                        "disent « %(made)s »."
                    )
                    % {"where": where, "said": said, "made": status_words[got.status]}
                )

    # -- rankings -----------------------------------------------------------------------------

    def check_standings(self, rnd: Mapping[str, Any]) -> None:
        recorded = rnd.get("standings")
        if recorded is None or rnd.get("stage", "qualifying") != "qualifying":
            return
        _ = self.translate
        where = _("Partie %(round)s, classement") % {"round": rnd["number"]}
        rows = replay.standings(self.doc, until=rnd["number"])
        by_entrant = {line["entrant"]: line for line in recorded}
        for position, row in enumerate(rows, start=1):
            line = by_entrant.pop(row.entrant, None)
            values = {"where": where, "entrant": self.entrant(row.entrant)}
            if line is None:
                self.say(
                    _("%(where)s : %(entrant)s manque (recalculé %(rank)se).")
                    % {**values, "rank": row.rank}
                )
                continue
            for name, words in ROW_FIELDS:
                if name in SINCE_VERSION_3 and name not in line:
                    continue
                if line.get(name) != getattr(row, name):
                    self.say(
                        _(
                            "%(where)s : %(entrant)s a %(said)s en %(column)s dans le fichier, "
                            "recalculé %(made)s."
                        )
                        % {
                            **values,
                            "said": line.get(name),
                            "column": _(words),
                            "made": getattr(row, name),
                        }
                    )
                    break
            else:
                line_number = recorded.index(line) + 1
                if line_number != position:
                    self.say(
                        _(
                            "%(where)s : %(entrant)s est ligne %(said)s dans le fichier, "
                            "recalculé ligne %(made)s."
                        )
                        % {**values, "said": line_number, "made": position}
                    )
        for entrant in by_entrant:
            self.say(
                _("%(where)s : %(entrant)s n'a rien à faire au classement.")
                % {"where": where, "entrant": self.entrant(entrant)}
            )

    def run(self) -> list[str]:
        if self.doc.get("pools"):
            self.check_pools()
        for rnd in sorted(self.doc["rounds"], key=lambda r: r["number"]):
            self.check_seats(rnd)
            self.check_tables(rnd)
            self.check_standings(rnd)
            self.check_draw(rnd)
        self.check_brackets()
        return self.sentences


def check(
    doc: Any,
    translate: Translate = french,
    engine_words: EngineWords = engine_message,
    notes: list[str] | None = None,
) -> list[str]:
    """The differences between what the file says and what the rules give,
    one sentence each (French, or in the language of `translate`: Django's
    `gettext`, or words.catalogue("en")); a file that cannot be read is one
    sentence too. The engine's refusals are quoted as `engine_words` says
    them (the engine's French sentence unless the caller words them). What
    the file does not let it decide (a public file's draw changed by pairs
    it does not name) is added to `notes`, when given: not a difference.

    Before any recomputing, the file is held to its format
    (docs/concours-file.schema.json: checker/shape.py): a file that leaves
    it is one sentence, with the JSON path of the first fault."""
    _ = translate
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return [
            _("Ce n'est pas un fichier de concours (« format » : « %(format)s » attendu).")
            % {"format": FORMAT}
        ]
    if doc.get("version") not in READS:
        return [
            _(
                "Fichier de concours en version %(version)s : ce vérificateur lit les versions "
                "%(versions)s."
            )
            % {"version": doc.get("version"), "versions": ", ".join(map(str, READS))}
        ]
    odd = not_an_integer(doc)
    if odd is not None:
        return [
            _(
                "Le fichier de concours est mal formé (« %(where)s » vaut %(value)s : un nombre "
                "entier est attendu)."
            )
            % {"where": odd[0], "value": odd[1]}
        ]
    malformed = shape.fault(doc)
    if malformed is not None:
        return [shape.sentence(malformed, translate)]
    checker = None
    try:
        checker = Checker(doc, translate, engine_words)
        found = checker.run()
        if notes is not None:
            notes.extend(checker.notes)
        return found
    except scoring.ScoringError as error:
        return [
            _("Le profil de règles du fichier est refusé : %(error)s")
            % {"error": engine_words(error)}
        ]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        # What was found before it stopped says where (a team not in the list).
        return [
            *(checker.sentences if checker is not None else ()),
            _("Le fichier de concours est mal formé (%(kind)s : %(error)s).")
            % {"kind": type(error).__name__, "error": error},
        ]


def not_an_integer(doc: Any) -> tuple[str, float] | None:
    """The first number of the file that is not an integer, and where
    (« rounds[0].totals.B »): the format holds none, and JSON's NaN, which
    equals nothing, not even itself, would keep the ranking's sort from
    ending. Walked without recursion, as deep as the file is; the path is
    only spelled out for a file that holds such a number."""
    if not _holds_a_float(doc):
        return None
    stack: list[tuple[str, Any]] = [("", doc)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, float):
            return where, value
        if isinstance(value, dict):
            stack.extend((f"{where}.{k}" if where else str(k), v) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", v) for i, v in enumerate(value))
    return None


def _holds_a_float(doc: Any) -> bool:
    stack = [doc]
    while stack:
        value = stack.pop()
        if isinstance(value, float):
            return True
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False
