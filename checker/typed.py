"""A table typed as totals only (`"entry": "totals"`: its sheet came back
with its totals alone) checked from the rules and the file alone: its
state, its lost pot and its typed points against what the concours's deals
can give.

It has no deals to replay; its typed points are its totals without its
penalties (`replay.penalties`), and (the rules written once in
scoring.typed_totals, which the desk's « Totaux seulement » words too):

- such a table is not started (its totals are its penalties: typed 0–0) or
  complete; it never has a pot lost, having no deals;
- typed points are never negative, and a multiple of ten when every marque
  is rounded (scoring.bounds.total_step);
- in a partie of N deals, each team's typed points are at most N times the
  most one deal gives a team, and both teams' together at most N times the
  most one deal puts on the sheet, its pot included (scoring.bounds: the
  engine's own bounds, reached by deals it accepts). A bracket match played
  out with more deals after a tie has no such bound: its ties may go on;
- in a partie to a target, a complete table has a team at the target
  (SPEC §9). Above it, no bound: a tie at the target is played on.

And any table, typed or not: its penalties go to its own teams (one given
to another team would be left out of its totals), and a bracket match
decided by one more deal (`replay.EXTRA_DEAL`), once its partie is closed,
has unequal totals.

What a partie usually gives (scoring.bounds.usual_partie) is asked about
at the desk, never refused: not a difference here. Must not import Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import scoring
from checker import replay
from checker.words import Sentences
from scoring.typed_totals import typed_total_faults


class TypedChecks(Sentences):
    """The totals-only tables' part of a file's check."""

    rules: scoring.Rules
    end: Mapping[str, int]
    extra_deal_tables: set[tuple[int, int]]

    def status_words(self) -> dict[str, str]:
        pgettext = self.pgettext
        return {
            replay.COMPLETE: pgettext("table", "terminée"),
            replay.IN_PROGRESS: pgettext("table", "en cours"),
            replay.NOT_STARTED: pgettext("table", "pas commencée"),
        }

    def check_typed(self, where: str, rnd: Mapping[str, Any], table: Mapping[str, Any]) -> None:
        """A table typed as totals only, without deals."""
        _ = self.translate
        status = table.get("status")
        totals = table["totals"]
        pa, pb = replay.penalties(table)
        typed = (totals["A"] - pa, totals["B"] - pb)
        values = {"where": where, "a": typed[0], "b": typed[1]}
        if status == replay.NOT_STARTED and typed != (0, 0):
            self.say(
                _(
                    "%(where)s : la table est « pas commencée » dans le fichier, ses totaux "
                    "devraient donc être ses pénalités, %(made_a)s–%(made_b)s, et non "
                    "%(said_a)s–%(said_b)s."
                )
                % {
                    "where": where,
                    "made_a": pa,
                    "made_b": pb,
                    "said_a": totals["A"],
                    "said_b": totals["B"],
                }
            )
        elif status not in (replay.NOT_STARTED, replay.COMPLETE):
            said = self.status_words().get(str(status), status)
            self.say(
                _(
                    "%(where)s : saisie aux totaux, la table ne peut être que « pas commencée » "
                    "ou « terminée », le fichier la dit « %(said)s »."
                )
                % {"where": where, "said": said}
            )
        if table.get("lost_pot", 0):
            self.say(
                _(
                    "%(where)s : saisie aux totaux, elle n'a pas de donnes et donc pas de litige "
                    "perdu ; le fichier en dit un de %(said)s."
                )
                % {"where": where, "said": table["lost_pot"]}
            )
        if status == replay.COMPLETE:
            extra = (rnd["number"], table["number"]) in self.extra_deal_tables
            self.check_typed_points(values, (table["a"], table["b"]), typed, extra=extra)

    def check_typed_points(
        self, values: dict[str, Any], teams: tuple[int, int], typed: tuple[int, int], *, extra: bool
    ) -> None:
        """A complete table's typed points against what the concours's deals give."""
        _ = self.translate
        deals = self.end.get("deals") if not extra else None
        faults = typed_total_faults(self.rules, typed, deals=deals, target=self.end.get("target"))
        # Each team's first fault is said; both teams' only when each
        # team's total is possible.
        sentences = {
            "negative": _(
                "%(where)s : %(team)s a %(typed)s points hors pénalités : une partie ne "
                "donne pas de points négatifs."
            ),
            "not_rounded": _(
                "%(where)s : %(team)s a %(typed)s points hors pénalités : avec ces règles, "
                "toute marque est arrondie à la dizaine."
            ),
            "over_bound": _(
                "%(where)s : %(team)s a %(typed)s points hors pénalités, plus que les "
                "%(most)s que %(deals)s donnes peuvent lui donner."
            ),
        }
        said = False
        for side, team in enumerate(teams):
            fault = next((f for f in faults if f.side == side), None)
            if fault is None:
                continue
            said = True
            self.say(
                sentences[fault.code]
                % {
                    **values,
                    "team": self.team(team),
                    "typed": fault.value,
                    "most": fault.most,
                    "deals": deals,
                }
            )
        if said:
            return
        for fault in faults:
            if fault.code == "sum_over_bound":
                self.say(
                    _(
                        "%(where)s : les deux équipes ont %(sum)s points ensemble hors "
                        "pénalités (%(a)s–%(b)s), plus que les %(most)s que %(deals)s donnes "
                        "peuvent donner."
                    )
                    % {**values, "sum": fault.value, "most": fault.most, "deals": deals}
                )
            elif fault.code == "target_not_reached":
                self.say(
                    _(
                        "%(where)s : la table est « terminée » dans le fichier, mais aucune "
                        "équipe n'atteint les %(target)s points de la partie (%(a)s–%(b)s "
                        "hors pénalités)."
                    )
                    % {**values, "target": fault.target}
                )

    def check_tie_decided(
        self, where: str, rnd: Mapping[str, Any], table: Mapping[str, Any]
    ) -> None:
        """A bracket match decided by one more deal: once its partie is
        closed, its totals cannot be equal."""
        if rnd.get("status") != "closed":
            return
        if (rnd["number"], table["number"]) not in self.extra_deal_tables:
            return
        totals = table["totals"]
        if totals["A"] == totals["B"]:
            _ = self.translate
            self.say(
                _(
                    "%(where)s : match de phase finale départagé par une donne de plus, sa "
                    "partie est close à égalité (%(a)s–%(b)s) : il faut un vainqueur."
                )
                % {"where": where, "a": totals["A"], "b": totals["B"]}
            )

    def check_penalty_teams(self, where: str, table: Mapping[str, Any]) -> None:
        """Each penalty goes to one of the table's two teams."""
        _ = self.translate
        for penalty in table.get("penalties", ()):
            if penalty["team"] not in (table["a"], table.get("b")):
                self.say(
                    _(
                        "%(where)s : une pénalité de %(points)s points va à %(team)s, qui ne "
                        "joue pas à cette table."
                    )
                    % {
                        "where": where,
                        "points": penalty["points"],
                        "team": self.team(penalty["team"]),
                    }
                )
