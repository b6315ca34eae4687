"""The draws of a concours file checked: who sits where in each partie
(replayed draws, a mêlée's partners, the tables' reasons, an exchange not
noted), the pools and the brackets, each difference said in one sentence
with the checker's `translate` (checker/words.py).

What the rules give comes from `replay` and `brackets`; this module only
compares and words. Must not import Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from checker import apart_digest, melee, replay
from checker.brackets import qualifying_order, replay_brackets, winners
from checker.words import Sentences, gettext_noop
from tournaments.domain import brackets as bracket_rules
from tournaments.domain import pairing, pools

#: Each kind of draw, named as the subject of a sentence.
DRAW_WORDS = {
    replay.RANDOM: gettext_noop("le tirage au hasard"),
    replay.RANKING: gettext_noop("le tirage selon le classement"),
    replay.ROTATION: gettext_noop("le tirage par rotation"),
    replay.POOLS: gettext_noop("le tirage des poules"),
    replay.BRACKET: gettext_noop("le tirage de la phase finale"),
    replay.RATING: gettext_noop("le tirage selon la cote"),
}


class DrawChecks(Sentences):
    """The draws' part of a file's check."""

    def check_seats(self, rnd: Mapping[str, Any]) -> None:
        """Every team seated is known, and seated once."""
        _ = self.translate
        where = self.round_words(rnd["number"])
        counts = Counter(replay.seated(rnd))
        for team, count in sorted(counts.items(), key=lambda item: str(item[0])):
            if team not in self.numbers:
                self.say(
                    _("%(where)s : l'équipe %(team)s n'est pas dans la liste.")
                    % {"where": where, "team": team}
                )
            elif count > 1:
                self.say(
                    _("%(where)s : %(team)s joue %(count)s fois.")
                    % {"where": where, "team": self.team(team), "count": count}
                )

    def check_draw(self, rnd: Mapping[str, Any]) -> None:
        kind = rnd["draw"]["kind"]
        if kind == replay.BRACKET:
            return  # the brackets are replayed as a whole
        if kind == replay.RATING:
            return  # the cotes of the day are not in the file (replay.RATING)
        _ = self.translate
        where = self.round_words(rnd["number"])
        if replay.is_melee(self.doc):
            self.check_melee_draw(where, rnd)
            return
        if kind not in DRAW_WORDS:
            self.say(
                _("%(where)s : tirage de sorte inconnue « %(kind)s ».")
                % {"where": where, "kind": kind}
            )
            return
        what = _(DRAW_WORDS[kind])
        if kind == replay.RANDOM and rnd["draw"].get("seed") is None and _withheld(rnd["draw"]):
            self.check_apart(where, rnd["draw"])
            self.withheld(where, rnd)  # its seed left out: the pairs changed it
            return
        try:
            pairs, byes, numbers = replay.expected_draw(self.doc, rnd)
        except (pairing.DrawError, pools.PoolError, ValueError, KeyError) as error:
            self.say(
                _("%(where)s : %(draw)s ne se rejoue pas (%(error)s).")
                % {"where": where, "draw": what, "error": error}
            )
            return
        self.check_apart(where, rnd["draw"])
        before = len(self.sentences)
        self.compare_seating(where, what, rnd, pairs, byes, numbers)
        if len(self.sentences) > before and _withheld(rnd["draw"]):
            del self.sentences[before:]  # replayed without the pairs it was given
            self.withheld(where, rnd)
            return
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
                    _(
                        "%(where)s : des tables corrigées après la clôture de leur partie "
                        "(partie.table %(tables)s) ont pu changer le classement sur lequel ce "
                        "tirage a été fait."
                    )
                    % {"where": where, "tables": ", ".join(corrected)}
                )

    def check_apart(self, where: str, draw: Mapping[str, Any]) -> None:
        """The pairs an organizer's file names are those its commitment
        hashes (the public file gives the same `digest` without them)."""
        apart, avoid = draw.get("apart"), draw.get("avoid")
        if not isinstance(apart, Mapping) or avoid is None or "salt" not in apart:
            return
        if apart["digest"] != apart_digest(apart["salt"], avoid) or apart["pairs"] != len(avoid):
            _ = self.translate
            self.say(
                _(
                    "%(where)s : les paires d'équipes tenues à l'écart du fichier ne sont pas "
                    "celles de son empreinte (%(digest)s)."
                )
                % {"where": where, "digest": str(apart["digest"])[:12]}
            )

    def check_reasons(self, where: str, rnd: Mapping[str, Any]) -> None:
        """Each table's reason, when the file has them (version 2), is the
        one the replayed draw gives, following its table to a fixed team's
        number, a table changed by hand saying so."""
        tables = sorted(rnd["tables"], key=lambda t: t["number"])
        if not any("reason" in t for t in tables) and "bye_reasons" not in rnd:
            return
        _ = self.translate
        expected = replay.expected_reasons(self.doc, rnd)
        recorded = [t.get("reason") for t in tables] + list(rnd.get("bye_reasons", ()))
        labels = [_("table %(table)s") % {"table": t["number"]} for t in tables]
        labels += [_("exemption de %(team)s") % {"team": self.team(t)} for t in rnd.get("byes", ())]
        for label, made, kept in zip(labels, expected, recorded, strict=False):
            wanted = made.to_json() if made is not None else None
            if kept is not None and kept != wanted:
                self.say(
                    _("%(where)s : le fichier en donne pour raison %(said)s, le tirage %(made)s.")
                    % {
                        "where": f"{where}, {label}",
                        "said": self.reason_words(kept),
                        "made": self.reason_words(wanted),
                    }
                )

    def check_melee_draw(self, where: str, rnd: Mapping[str, Any]) -> None:
        """A mêlée partie: its partners, then its tables. The players present
        are those of its teams, and the one who sat out if their number was
        odd: nobody, then each player in no team of the partie, is tried."""
        _ = self.translate
        teams = [t for t in self.doc["teams"] if t.get("round") == rnd["number"]]
        playing = {p for t in teams for p in t["players"]}
        others = sorted({p for p in self.players if p not in playing})
        candidates: list[set[int]] = [set(), *({p} for p in others)]
        what = _(DRAW_WORDS.get(rnd["draw"]["kind"], gettext_noop("le tirage")))
        tried: tuple[list[tuple[int, int]], list[tuple[int, int]], list[int]] | None = None
        for extra in candidates:
            try:
                tried = melee.melee_draw(self.doc, rnd, playing | extra)
            except (pairing.DrawError, ValueError, KeyError) as error:
                self.say(
                    _("%(where)s : %(draw)s de la mêlée ne se rejoue pas (%(error)s).")
                    % {"where": where, "draw": what, "error": error}
                )
                return
            formed = [tuple(t["players"]) for t in sorted(teams, key=lambda t: t["number"])]
            if tried[0] == formed:
                break
        else:
            self.say(
                _(
                    "%(where)s : %(draw)s (numéro %(seed)s) ne forme pas les équipes de la "
                    "partie du fichier."
                )
                % {"where": where, "draw": what, "seed": rnd["draw"]["seed"]}
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
        _ = self.translate
        seed = rnd["draw"].get("seed")
        if seed is not None:
            what = _("%(draw)s (numéro %(seed)s)") % {"draw": what, "seed": seed}
        swaps = len(rnd["draw"].get("swaps", ()))
        if swaps:
            what = _("%(draw)s, suivi de %(swaps)s échange(s) à la main,") % {
                "draw": what,
                "swaps": swaps,
            }
        tables = sorted(rnd["tables"], key=lambda t: t["number"])
        if self.one_unlogged_exchange(where, what, tables, pairs, rnd.get("byes", ()), byes):
            return
        numbers = numbers or list(range(1, len(pairs) + 1))
        values = {"where": where, "draw": what}
        for number, table, pair in zip(numbers, tables, pairs, strict=False):
            if (table["a"], table["b"]) != tuple(pair):
                self.say(
                    _(
                        "%(where)s, table %(table)s : %(draw)s y place %(a)s contre %(b)s, le "
                        "fichier %(said_a)s contre %(said_b)s."
                    )
                    % {
                        **values,
                        "table": table["number"],
                        "a": self.team(pair[0]),
                        "b": self.team(pair[1]),
                        "said_a": self.team(table["a"]),
                        "said_b": self.team(table["b"]),
                    }
                )
            elif table["number"] != number:
                self.say(
                    _("%(where)s : %(draw)s numérote cette table %(made)s, pas %(said)s.")
                    % {**values, "made": number, "said": table["number"]}
                )
        if len(tables) != len(pairs):
            self.say(
                _("%(where)s : %(draw)s fait %(made)s tables, le fichier en a %(said)s.")
                % {**values, "made": len(pairs), "said": len(tables)}
            )
        if sorted(rnd.get("byes", ())) != sorted(byes):
            self.say(
                _("%(where)s : %(draw)s exempte %(made)s, le fichier %(said)s.")
                % {
                    **values,
                    "made": self.teams(byes) or self.nobody(),
                    "said": self.teams(rnd.get("byes", ())) or self.nobody(),
                }
            )

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
        _ = self.translate
        places = [
            _("table %(table)s") % {"table": tables[i]["number"]}
            if i < len(tables)
            else _("exempte")
            for i, _side, _k, _m in moved
        ]
        first, second = moved[0][3], moved[1][3]
        self.say(
            _(
                "%(where)s : %(draw)s place %(first)s (%(first_place)s) et %(second)s "
                "(%(second_place)s) ; le fichier les a échangées sans noter d'échange à la main."
            )
            % {
                "where": f"{where}, {places[0]}" if moved[0][0] < len(tables) else where,
                "draw": what,
                "first": self.team(first),
                "first_place": places[0],
                "second": self.team(second),
                "second_place": places[1],
            }
        )
        return True

    def check_pools(self) -> None:
        _ = self.translate
        split = replay.pools_split(self.doc)
        recorded = [[t for t in places if t is not None] for places in self.doc["pools"]["pools"]]
        seed = self.doc["pools"].get("seed")
        how = (
            _("l'ordre tiré (numéro %(seed)s)") % {"seed": seed}
            if seed is not None
            else _("l'ordre d'inscription")
        )
        if split is None:
            self.say(
                _("Poules : %(order)s ne se répartit pas en %(pools)s poules de 3 ou 4.")
                % {"order": how, "pools": len(recorded)}
            )
            return
        for number, (made, kept) in enumerate(zip(split, recorded, strict=True), start=1):
            if made != kept:
                self.say(
                    _("Poule %(pool)s : %(order)s y met %(made)s, le fichier %(said)s.")
                    % {
                        "pool": number,
                        "order": how,
                        "made": self.teams(made),
                        "said": self.teams(kept),
                    }
                )

    def check_brackets(self) -> None:
        brackets = sorted(self.doc.get("brackets", ()), key=lambda b: b["position"])
        if not brackets:
            return
        _ = self.translate
        order = qualifying_order(self.doc)
        start = 0
        for bracket in brackets:
            expected = order[start : start + len(bracket["seeds"])]
            start += len(bracket["seeds"])
            if expected != bracket["seeds"]:
                self.say(
                    _(
                        "Tableau « %(bracket)s » : le classement des qualifications donne les "
                        "têtes de série %(made)s, le fichier %(said)s."
                    )
                    % {
                        "bracket": bracket["kind"],
                        "made": self.teams(expected),
                        "said": self.teams(bracket["seeds"]),
                    }
                )
        try:
            rounds, made = replay_brackets(self.doc)
        except (bracket_rules.BracketError, ValueError) as error:
            self.say(
                _("Phase finale : les tableaux ne se rejouent pas (%(error)s).") % {"error": error}
            )
            return
        decided = winners(made)
        by_number = {rnd["number"]: rnd for rnd in self.doc["rounds"]}
        final_phase = _("la phase finale")
        for bracket_round in rounds:
            where = self.round_words(bracket_round.number)
            rnd = by_number[bracket_round.number]
            self.compare_seating(
                where, final_phase, rnd, bracket_round.pairs, [], bracket_round.numbers
            )
        for bracket in brackets:
            for match in bracket["matches"]:
                key = (bracket["kind"], match["level"], match["position"])
                if match.get("winner") is not None and decided.get(key) != match["winner"]:
                    self.say(
                        _(
                            "Tableau « %(bracket)s », tour %(level)s, match %(match)s : le "
                            "fichier qualifie %(said)s, les tables %(made)s."
                        )
                        % {
                            "bracket": bracket["kind"],
                            "level": match["level"] + 1,
                            "match": match["position"] + 1,
                            "said": self.team(match["winner"]),
                            "made": self.team(decided.get(key)),
                        }
                    )

    def withheld(self, where: str, rnd: Mapping[str, Any]) -> None:
        """The note of a public draw changed by pairs the file does not name."""
        _ = self.translate
        self.notes.append(
            _(
                "%(where)s : ce tirage a tenu %(count)s paire(s) d'équipes à l'écart, que "
                "le fichier public ne nomme pas : il se vérifie sur le fichier de "
                "l'organisateur (empreinte %(digest)s)."
            )
            % {
                "where": where,
                "count": rnd["draw"]["apart"]["pairs"],
                "digest": rnd["draw"]["apart"]["digest"][:12],
            }
        )

    def reason_words(self, reason: Any) -> str:
        """A reason as the file writes it, in a few words: « ranking 1 2 »."""
        _ = self.translate
        if not isinstance(reason, Mapping):
            return _("aucune")
        numbers = " ".join(str(n) for n in reason.get("numbers", ()))
        words = f"{reason.get('kind')}{' ' + numbers if numbers else ''}"
        return _("« %(reason)s »") % {"reason": words}


def _withheld(draw: Mapping[str, Any]) -> bool:
    """A public file's draw: pairs kept apart, counted but not named."""
    apart = draw.get("apart")
    return isinstance(apart, Mapping) and apart.get("pairs", 0) > 0 and "avoid" not in draw
