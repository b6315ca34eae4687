"""One concours played in several halls, each on its own laptop, merged into
one ranking from the halls' concours files (issue 27: simultaneous halls).

Each hall's teams are ranked by the hall's own finished tables (its byes
valued within the hall, as on the day), then every team of every hall is
ordered by the concours's criteria without head-to-head, which cannot
compare teams of two halls (they never met); teams of one hall left equal
keep their hall's order (so a hall's own ranking stands inside the merged
one whenever head-to-head is its last criterion, or absent). The merged
ranking is provisional until every hall has closed every planned partie;
each hall's state is said.

Pure: plain dicts in (the concours files), plain values out; a MergeError's
sentence is French, or in the language of the `translate` given
(checker/words.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from checker import replay
from checker.words import Translate, french, gettext_noop
from tournaments.domain.search import query_words, skeleton
from tournaments.domain.standings import HEAD_TO_HEAD, Row, sort_key

Doc = Mapping[str, Any]


class MergeError(ValueError):
    """Files that are not one concours (said in a sentence)."""


@dataclass(frozen=True)
class Hall:
    name: str
    closed: int  # qualifying parties closed
    planned: int
    teams: int

    @property
    def complete(self) -> bool:
        return self.closed >= self.planned


@dataclass(frozen=True)
class MergedRow:
    rank: int
    hall: str
    number: int
    name: str
    row: Row


@dataclass(frozen=True)
class Merged:
    rows: list[MergedRow]
    halls: list[Hall]

    @property
    def provisional(self) -> bool:
        return not all(hall.complete for hall in self.halls)


def qualifying(doc: Doc) -> list[Mapping[str, Any]]:
    return [r for r in doc["rounds"] if r.get("stage", "qualifying") == "qualifying"]


def _closed(doc: Doc) -> int:
    return sum(1 for r in qualifying(doc) if r.get("status") == "closed")


#: What two halls of one concours share, with its words.
SHARED = (
    ("rules", gettext_noop("les règles")),
    ("ranking", gettext_noop("le classement")),
    ("end", gettext_noop("la fin d'une partie")),
)


def same_concours(halls: Sequence[tuple[str, Doc]], *, translate: Translate = french) -> None:
    """MergeError unless every hall has the first one's rules, ranking and end."""
    _ = translate
    first_name, first = halls[0]
    for name, doc in halls[1:]:
        for key, said in SHARED:
            if _shared(doc, key) != _shared(first, key):
                raise MergeError(
                    _(
                        "La salle « %(name)s » n'a pas %(shared)s de la salle « %(first)s » : "
                        "ce n'est pas le même concours."
                    )
                    % {"name": name, "shared": _(said), "first": first_name}
                )


def _shared(doc: Doc, key: str) -> Any:
    """What of `key` two halls must share: the ranking without its drawing
    of lots (each hall draws its own) and with a bye counted « for » only
    when a file of version 2 does not say (version 3 does)."""
    value = doc.get(key)
    if key != "ranking" or not isinstance(value, Mapping):
        return value
    bye = value.get("bye")
    if isinstance(bye, Mapping):
        bye = {"against": False, **bye}
    return {**{k: v for k, v in value.items() if k != "chance_seed"}, "bye": bye}


def team_key(name: Any) -> tuple[str, ...]:
    """Who a team is, from its name in a hall's file: its folded words in
    any order (« Dupont – Martin » is « Martin / Dupont »), so that a name
    typed again with its two players swapped is the same team, each by its
    confusable skeleton (issue 51: « Duрré », its « р » Cyrillic, is « Dupré »)."""
    if not isinstance(name, str):
        return ()
    return tuple(sorted(skeleton(word) for word in query_words(name)))


#: How many of the teams at fault a refusal names (then « and N others »).
NAMED = 5


def _names(names: Sequence[str], translate: Translate) -> str:
    _ = translate
    shown = ", ".join(f"« {name} »" for name in names[:NAMED])
    if len(names) > NAMED:
        shown += " " + _("et %(n)s autres") % {"n": len(names) - NAMED}
    return shown


def own_teams(
    name: str, doc: Doc, others: Sequence[tuple[str, Doc]], *, translate: Translate = french
) -> None:
    """MergeError unless the hall `name`'s file names each of its teams
    once and none of the teams of the `others` halls' files (a team plays in
    one hall only), said with the teams' names."""
    _ = translate
    teams = [t for t in doc.get("teams") or () if isinstance(t, Mapping)]
    seen: dict[tuple[str, ...], str] = {}
    twice: list[str] = []
    for team in teams:
        key = team_key(team.get("name"))
        if key and key in seen:
            twice.append(str(team.get("name")))
        seen.setdefault(key, str(team.get("name")))
    if twice:
        raise MergeError(
            _("Le fichier de la salle « %(name)s » nomme deux fois : %(teams)s.")
            % {"name": name, "teams": _names(twice, translate)}
        )
    for other, other_doc in others:
        taken = {team_key(t.get("name")) for t in other_doc.get("teams") or ()}
        shared = [seen[key] for key in seen if key and key in taken]
        if shared:
            raise MergeError(
                _(
                    "Équipes déjà dans le fichier de la salle « %(other)s » : %(teams)s. Une "
                    "équipe ne joue que dans une salle : le fichier de la salle « %(name)s » "
                    "ne nomme que les siennes."
                )
                % {"teams": _names(shared, translate), "other": other, "name": name}
            )


def progress(doc: Doc) -> tuple[int, int]:
    """How far a hall's file goes: its closed qualifying parties, then its
    finished tables (a later file of the same hall goes as far or further)."""
    tables = sum(
        1
        for rnd in doc.get("rounds", ())
        for table in rnd.get("tables", ())
        if table.get("status") == replay.COMPLETE
    )
    return _closed(doc), tables


def merge(
    halls: Sequence[tuple[str, Doc]],
    *,
    planned: int | None = None,
    before: int | None = None,
    translate: Translate = french,
) -> Merged:
    """The merged ranking of `halls` (name, concours file), after each hall's
    closed parties (only those numbered below `before` when given: the
    public's ranking while it is hidden, issue 38 item 12a); `planned`
    parties (default: the most any hall has)."""
    _ = translate
    if not halls:
        raise MergeError(_("Aucune salle à réunir."))
    names = [name for name, _doc in halls]
    if len(set(names)) != len(names):
        raise MergeError(_("Deux salles portent le même nom."))
    same_concours(halls, translate=translate)
    planned = planned or max(len(qualifying(doc)) for _name, doc in halls)
    criteria = [c for c in halls[0][1]["ranking"]["criteria"] if c != HEAD_TO_HEAD]
    states: list[Hall] = []
    entries: list[tuple[tuple[Any, ...], int, str, Mapping[str, Any], Row]] = []
    for order, (name, doc) in enumerate(halls):
        closed = _closed(doc)
        teams = {team["id"]: team for team in doc["teams"]}
        rows = replay.standings(doc, until=closed if before is None else min(closed, before - 1))
        states.append(Hall(name, closed, planned, len(teams)))
        for place, row in enumerate(rows):
            team = teams.get(row.entrant, {"number": row.entrant, "name": str(row.entrant)})
            key = sort_key(row, criteria)
            entries.append((key, order * 100_000 + place, name, team, row))
    entries.sort(key=lambda e: (e[0], e[1]))
    merged: list[MergedRow] = []
    for i, (key, _order, name, team, row) in enumerate(entries):
        rank = merged[-1].rank if i and key == entries[i - 1][0] else i + 1
        merged.append(MergedRow(rank, name, team["number"], team["name"], row))
    return Merged(merged, states)
