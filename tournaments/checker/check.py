"""A concours file checked against itself: every marque, every table's
totals and state, every partie's ranking and every draw that can be
replayed, each difference said in one French sentence.

`check(doc)` returns the sentences (empty: the file holds together).
What the rules give comes from `replay` and `brackets`; this module only
compares and words. Must not import Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import scoring
from tournaments.checker import FORMAT, READS, replay
from tournaments.checker.brackets import qualifying_order, replay_brackets, winners
from tournaments.domain import brackets as bracket_rules
from tournaments.domain import pairing, pools

#: The ranking's columns compared, with their words.
ROW_FIELDS = (
    ("rank", "rang"),
    ("points_for", "points"),
    ("won", "parties gagnées"),
    ("drawn", "parties nulles"),
    ("lost", "parties perdues"),
    ("played", "parties jouées"),
    ("points_against", "points contre"),
    ("match_points", "points de match"),
    ("buchholz", "points des adversaires"),
)
STATUS_WORDS = {
    replay.COMPLETE: "terminée",
    replay.IN_PROGRESS: "en cours",
    replay.NOT_STARTED: "pas commencée",
}
KIND_WORDS = {
    replay.RANDOM: "au hasard",
    replay.RANKING: "selon le classement",
    replay.ROTATION: "par rotation",
    replay.POOLS: "des poules",
    replay.BRACKET: "de la phase finale",
    replay.RATING: "selon la cote",
}


class Checker:
    """One file's check; `sentences` collects the differences."""

    def __init__(self, doc: Mapping[str, Any]) -> None:
        self.doc = doc
        self.sentences: list[str] = []
        self.numbers = {team["id"]: team["number"] for team in doc["teams"]}
        self.players = {p["id"]: p.get("name", str(p["id"])) for p in doc.get("players", ())}
        self.rules = replay.rules_of(doc)
        self.end = doc["end"]
        self.extra_deal_tables = {
            (match["round"], match["table"])
            for bracket in doc.get("brackets", ())
            if bracket["tie_rule"] == replay.EXTRA_DEAL
            for match in bracket["matches"]
            if match.get("round") is not None
        }

    def say(self, sentence: str) -> None:
        self.sentences.append(sentence)

    def team(self, team_id: int | None) -> str:
        if team_id is None:
            return "personne"
        if team_id in self.numbers:
            return f"l'équipe n° {self.numbers[team_id]}"
        return f"l'équipe {team_id} (absente de la liste des équipes)"

    def entrant(self, entrant: int) -> str:
        if replay.is_melee(self.doc):
            return f"le joueur {self.players.get(entrant, entrant)}"
        return self.team(entrant)

    # -- tables -------------------------------------------------------------------------------

    def check_tables(self, rnd: Mapping[str, Any]) -> None:
        for table in rnd["tables"]:
            where = f"Partie {rnd['number']}, table {table['number']}"
            if table.get("entry", "deals") == "totals":
                if table.get("deals"):
                    self.say(f"{where} : saisie aux totaux, elle ne devrait pas avoir de donnes.")
                continue
            extra = (rnd["number"], table["number"]) in self.extra_deal_tables
            try:
                got = replay.score_table(table, self.rules, self.end, extra_deal=extra)
            except scoring.ScoringError as error:
                number = table["deals"][error.deal]["number"] if error.deal is not None else "?"
                self.say(f"{where}, donne {number} : le moteur refuse la donne ({error.message}).")
                continue
            for entry, (a, b, outcome, pot) in zip(table["deals"], got.deals, strict=True):
                marques = entry["marques"]
                if (marques["A"], marques["B"]) != (a, b):
                    self.say(
                        f"{where}, donne {entry['number']} : la marque est "
                        f"{marques['A']}–{marques['B']} dans le fichier, le moteur donne {a}–{b}."
                    )
                elif marques.get("outcome") != outcome or marques.get("pot", 0) != pot:
                    said = (marques.get("outcome"), marques.get("pot", 0))
                    self.say(
                        f"{where}, donne {entry['number']} : le fichier dit « {said[0]} »"
                        f" (litige en attente {said[1]}), le moteur « {outcome} »"
                        f" (litige en attente {pot})."
                    )
            totals = table["totals"]
            if (totals["A"], totals["B"]) != got.totals:
                self.say(
                    f"{where} : les totaux sont {totals['A']}–{totals['B']} dans le fichier, "
                    f"les donnes et les pénalités font {got.totals[0]}–{got.totals[1]}."
                )
            if table.get("lost_pot", 0) != got.lost_pot:
                self.say(
                    f"{where} : le litige perdu est {table.get('lost_pot', 0)} dans le fichier, "
                    f"le moteur donne {got.lost_pot}."
                )
            if table.get("status") != got.status:
                said = STATUS_WORDS.get(table.get("status"), table.get("status"))
                self.say(
                    f"{where} : la table est « {said} » dans le fichier, "
                    f"ses donnes la disent « {STATUS_WORDS[got.status]} »."
                )

    # -- rankings -----------------------------------------------------------------------------

    def check_standings(self, rnd: Mapping[str, Any]) -> None:
        recorded = rnd.get("standings")
        if recorded is None or rnd.get("stage", "qualifying") != "qualifying":
            return
        where = f"Partie {rnd['number']}, classement"
        rows = replay.standings(self.doc, until=rnd["number"])
        by_entrant = {line["entrant"]: line for line in recorded}
        for position, row in enumerate(rows, start=1):
            line = by_entrant.pop(row.entrant, None)
            if line is None:
                self.say(f"{where} : {self.entrant(row.entrant)} manque (recalculé {row.rank}e).")
                continue
            for name, words in ROW_FIELDS:
                if line.get(name) != getattr(row, name):
                    self.say(
                        f"{where} : {self.entrant(row.entrant)} a {line.get(name)} en {words} "
                        f"dans le fichier, recalculé {getattr(row, name)}."
                    )
                    break
            else:
                line_number = recorded.index(line) + 1
                if line_number != position:
                    self.say(
                        f"{where} : {self.entrant(row.entrant)} est ligne {line_number}"
                        f" dans le fichier, recalculé ligne {position}."
                    )
        for entrant in by_entrant:
            self.say(f"{where} : {self.entrant(entrant)} n'a rien à faire au classement.")

    # -- draws --------------------------------------------------------------------------------

    def check_seats(self, rnd: Mapping[str, Any]) -> None:
        """Every team seated is known, and seated once."""
        counts = Counter(replay.seated(rnd))
        for team, count in sorted(counts.items(), key=lambda item: str(item[0])):
            if team not in self.numbers:
                self.say(f"Partie {rnd['number']} : l'équipe {team} n'est pas dans la liste.")
            elif count > 1:
                self.say(f"Partie {rnd['number']} : {self.team(team)} joue {count} fois.")

    def check_draw(self, rnd: Mapping[str, Any]) -> None:
        kind = rnd["draw"]["kind"]
        if kind == replay.BRACKET:
            return  # the brackets are replayed as a whole
        if kind == replay.RATING:
            return  # the cotes of the day are not in the file (replay.RATING)
        where = f"Partie {rnd['number']}"
        if replay.is_melee(self.doc):
            self.check_melee_draw(where, rnd)
            return
        if kind not in KIND_WORDS:
            self.say(f"{where} : tirage de sorte inconnue « {kind} ».")
            return
        try:
            pairs, byes, numbers = replay.expected_draw(self.doc, rnd)
        except (pairing.DrawError, pools.PoolError, ValueError, KeyError) as error:
            self.say(f"{where} : le tirage {KIND_WORDS[kind]} ne se rejoue pas ({error}).")
            return
        before = len(self.sentences)
        self.compare_seating(where, f"le tirage {KIND_WORDS[kind]}", rnd, pairs, byes, numbers)
        if len(self.sentences) == before:
            self.check_reasons(where, rnd)
        if len(self.sentences) > before and kind in (replay.RANKING, replay.ROTATION):
            corrected = [
                f"{earlier['number']}.{table['number']}"
                for earlier in self.doc["rounds"]
                if earlier["number"] < rnd["number"]
                for table in earlier["tables"]
                if table.get("corrected")
            ]
            if corrected:
                self.say(
                    f"{where} : des tables corrigées après la clôture de leur partie "
                    f"(partie.table {', '.join(corrected)}) ont pu changer le classement "
                    "sur lequel ce tirage a été fait."
                )

    def check_reasons(self, where: str, rnd: Mapping[str, Any]) -> None:
        """Each table's reason, when the file has them (version 2), is the
        one the replayed draw gives, following its table to a fixed team's
        number, a table changed by hand saying so."""
        tables = sorted(rnd["tables"], key=lambda t: t["number"])
        if not any("reason" in t for t in tables) and "bye_reasons" not in rnd:
            return
        expected = replay.expected_reasons(self.doc, rnd)
        recorded = [t.get("reason") for t in tables] + list(rnd.get("bye_reasons", ()))
        labels = [f"table {t['number']}" for t in tables]
        labels += [f"exemption de {self.team(t)}" for t in rnd.get("byes", ())]
        for label, made, kept in zip(labels, expected, recorded, strict=False):
            wanted = made.to_json() if made is not None else None
            if kept is not None and kept != wanted:
                self.say(
                    f"{where}, {label} : le fichier en donne pour raison {_reason_words(kept)}, "
                    f"le tirage {_reason_words(wanted)}."
                )

    def check_melee_draw(self, where: str, rnd: Mapping[str, Any]) -> None:
        """A mêlée partie: its partners, then its tables. The players present
        are those of its teams, and the one who sat out if their number was
        odd: nobody, then each player in no team of the partie, is tried."""
        teams = [t for t in self.doc["teams"] if t.get("round") == rnd["number"]]
        playing = {p for t in teams for p in t["players"]}
        others = sorted({p for p in self.players if p not in playing})
        candidates = [set(), *({p} for p in others)]
        what = f"le tirage {KIND_WORDS.get(rnd['draw']['kind'], '')}"
        tried: tuple[list, list, list] | None = None
        for extra in candidates:
            try:
                tried = replay.melee_draw(self.doc, rnd, playing | extra)
            except (pairing.DrawError, ValueError, KeyError) as error:
                self.say(f"{where} : {what} de la mêlée ne se rejoue pas ({error}).")
                return
            formed = [tuple(t["players"]) for t in sorted(teams, key=lambda t: t["number"])]
            if tried[0] == formed:
                break
        else:
            self.say(
                f"{where} : {what} (numéro {rnd['draw']['seed']}) ne forme pas les équipes "
                "de la partie du fichier."
            )
            return
        self.compare_seating(where, what, rnd, tried[1], tried[2])

    def compare_seating(
        self,
        where: str,
        what: str,
        rnd: Mapping[str, Any],
        pairs: list[tuple[Any, Any]],
        byes: list[int],
        numbers: list[int] | None = None,
    ) -> None:
        """The file's tables against the `pairs` a draw gives, numbered
        `numbers` (1, 2… when no team stays at its table)."""
        seed = rnd["draw"].get("seed")
        if seed is not None:
            what = f"{what} (numéro {seed})"
        swaps = len(rnd["draw"].get("swaps", ()))
        if swaps:
            what = f"{what}, suivi de {swaps} échange(s) à la main,"
        tables = sorted(rnd["tables"], key=lambda t: t["number"])
        if self.one_unlogged_exchange(where, what, tables, pairs, rnd.get("byes", ()), byes):
            return
        numbers = numbers or list(range(1, len(pairs) + 1))
        for number, table, pair in zip(numbers, tables, pairs, strict=False):
            if (table["a"], table["b"]) != tuple(pair):
                self.say(
                    f"{where}, table {table['number']} : {what} y place {self.team(pair[0])} "
                    f"contre {self.team(pair[1])}, le fichier {self.team(table['a'])} "
                    f"contre {self.team(table['b'])}."
                )
            elif table["number"] != number:
                self.say(f"{where} : {what} numérote cette table {number}, pas {table['number']}.")
        if len(tables) != len(pairs):
            self.say(f"{where} : {what} fait {len(pairs)} tables, le fichier en a {len(tables)}.")
        if sorted(rnd.get("byes", ())) != sorted(byes):
            expected = ", ".join(self.team(t) for t in byes) or "personne"
            recorded = ", ".join(self.team(t) for t in rnd.get("byes", ())) or "personne"
            self.say(f"{where} : {what} exempte {expected}, le fichier {recorded}.")

    def one_unlogged_exchange(
        self,
        where: str,
        what: str,
        tables: list[Mapping[str, Any]],
        pairs: list[tuple[Any, Any]],
        recorded_byes: Any,
        byes: list[int],
    ) -> bool:
        """Say it in one sentence when the file's seating is the draw's but
        for two teams that exchanged their seats with no exchange noted."""
        if len(tables) != len(pairs) or len(list(recorded_byes)) != len(byes):
            return False
        kept = [(t["a"], t["b"]) for t in tables] + [(b, None) for b in recorded_byes]
        made = [tuple(p) for p in pairs] + [(b, None) for b in byes]
        moved = [
            (index, side, k, m)
            for index, (kept_seat, made_seat) in enumerate(zip(kept, made, strict=True))
            for side, (k, m) in enumerate(zip(kept_seat, made_seat, strict=True))
            if k != m
        ]
        if len(moved) != 2 or moved[0][2] != moved[1][3] or moved[0][3] != moved[1][2]:
            return False
        places = [
            f"table {tables[i]['number']}" if i < len(tables) else "exempte"
            for i, _side, _k, _m in moved
        ]
        first, second = moved[0][3], moved[1][3]
        head = f"{where}, {places[0]}" if moved[0][0] < len(tables) else where
        self.say(
            f"{head} : {what} place {self.team(first)} ({places[0]}) et {self.team(second)} "
            f"({places[1]}) ; le fichier les a échangées sans noter d'échange à la main."
        )
        return True

    def check_pools(self) -> None:
        split = replay.pools_split(self.doc)
        recorded = [[t for t in places if t is not None] for places in self.doc["pools"]["pools"]]
        seed = self.doc["pools"].get("seed")
        how = f"l'ordre tiré (numéro {seed})" if seed is not None else "l'ordre d'inscription"
        if split is None:
            self.say(f"Poules : {how} ne se répartit pas en {len(recorded)} poules de 3 ou 4.")
            return
        for number, (made, kept) in enumerate(zip(split, recorded, strict=True), start=1):
            if made != kept:
                self.say(
                    f"Poule {number} : {how} y met "
                    f"{', '.join(self.team(t) for t in made)}, le fichier "
                    f"{', '.join(self.team(t) for t in kept)}."
                )

    def check_brackets(self) -> None:
        brackets = sorted(self.doc.get("brackets", ()), key=lambda b: b["position"])
        if not brackets:
            return
        order = qualifying_order(self.doc)
        start = 0
        for bracket in brackets:
            expected = order[start : start + len(bracket["seeds"])]
            start += len(bracket["seeds"])
            if expected != bracket["seeds"]:
                self.say(
                    f"Tableau « {bracket['kind']} » : le classement des qualifications donne les "
                    f"têtes de série {', '.join(self.team(t) for t in expected)}, le fichier "
                    f"{', '.join(self.team(t) for t in bracket['seeds'])}."
                )
        try:
            rounds, made = replay_brackets(self.doc)
        except (bracket_rules.BracketError, ValueError) as error:
            self.say(f"Phase finale : les tableaux ne se rejouent pas ({error}).")
            return
        decided = winners(made)
        by_number = {rnd["number"]: rnd for rnd in self.doc["rounds"]}
        for made in rounds:
            rnd = by_number[made.number]
            self.compare_seating(
                f"Partie {made.number}", "la phase finale", rnd, made.pairs, [], made.numbers
            )
        for bracket in brackets:
            for match in bracket["matches"]:
                key = (bracket["kind"], match["level"], match["position"])
                if match.get("winner") is not None and decided.get(key) != match["winner"]:
                    self.say(
                        f"Tableau « {bracket['kind']} », tour {match['level'] + 1}, match "
                        f"{match['position'] + 1} : le fichier qualifie "
                        f"{self.team(match['winner'])}, les tables {self.team(decided.get(key))}."
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


def check(doc: Any) -> list[str]:
    """The differences between what the file says and what the rules give,
    one sentence each; a file that cannot be read is one sentence too."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        return [f"Ce n'est pas un fichier de concours (« format » : « {FORMAT} » attendu)."]
    if doc.get("version") not in READS:
        return [
            f"Fichier de concours en version {doc.get('version')} : ce vérificateur lit les "
            f"versions {', '.join(map(str, READS))}."
        ]
    try:
        return Checker(doc).run()
    except scoring.ScoringError as error:
        return [f"Le profil de règles du fichier est refusé : {error.message}"]
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        return [f"Le fichier de concours est mal formé ({type(error).__name__} : {error})."]


def _reason_words(reason: Any) -> str:
    """A reason as the file writes it, in a few words: « ranking 1 2 »."""
    if not isinstance(reason, Mapping):
        return "aucune"
    numbers = " ".join(str(n) for n in reason.get("numbers", ()))
    return f"« {reason.get('kind')}{' ' + numbers if numbers else ''} »"
