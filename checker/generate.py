"""Random concours files, correct by construction: a concours played
partie by partie with the pure rules the app uses — the draws of
`tournaments.domain` (at random from a seed, by ranking, by rotation, the
pools' schedule, the brackets), random deals scored by `scoring`, the
ranking of `standings` — with late teams, absences, withdrawals (forfaits),
byes, tables typed as totals only, penalties, ties in brackets, and a last
partie sometimes still in play.

`generate(teams=N, parties=P, seed=S)` gives the same file for the same
arguments. Must not import Django; must not check anything (the checker
does).
"""

from __future__ import annotations

import random
from typing import Any

import scoring
from checker import FORMAT, VERSION, replay, standing_rows
from checker.brackets import qualifying_order, replay_brackets
from tournaments.domain import brackets as bracket_rules
from tournaments.domain import pools
from tournaments.domain.standings import BEST_GAME, CHANCE, POINTS, POINTS_AGAINST

#: The criteria of the first files, sampled as before so that a seed gives
#: the concours it gave; the tie-breaks of version 3 come from their own
#: random numbers (`_tie_breaks`).
FIRST_CRITERIA = ("points", "wins", "match_points", "difference", "head_to_head", "buchholz")

SWISS_KINDS = (replay.RANDOM, replay.RANKING, replay.ROTATION)


def generate(*, teams: int, parties: int, seed: int, deals: int | None = None) -> dict[str, Any]:
    """A random concours of `teams` teams and `parties` qualifying parties
    (`deals` donnes a partie, else 1 to 6 or a target score)."""
    return _Concours(random.Random(seed), teams, parties, deals, fixed_seed=seed).play()


def hall_files(
    *, halls: int, teams: int, parties: int, seed: int, deals: int = 12
) -> list[dict[str, Any]]:
    """One concours played in `halls` halls: their concours files, with the
    same rules, game end and ranking, each hall its own teams (« Équipe 3
    (salle B) » is team 3 of the second hall: a letter, so that no two
    halls' names hold the same words, which checker/halls.py's team_key
    reads in any order), draws and deals (checker/halls.py merges them)."""
    files = []
    for hall in range(halls):
        concours = _Concours(random.Random(seed), teams, parties, deals, fixed_seed=seed)
        concours.rng = random.Random(seed * 1_000 + hall + 1)
        doc = concours.play()
        for team in doc["teams"]:  # a team plays in one hall only
            team["name"] = f"{team['name']} (salle {chr(ord('A') + hall)})"
        files.append(doc)
    return files


#: The club counts a generated concours may play (SPEC §7.1, §7.2, issue
#: 62: the engine's own list), with the options that make them tell (au
#: point près, a chute of 162).
CLUB_OPTIONS = (*scoring.options.CLUB_COUNTS, "rounding", "chute_base")


def _club_count(rules: scoring.Rules, rng: random.Random) -> scoring.Rules:
    """``rules``, or one concours in three a club's count of them (drawn
    from its own ``rng``, so that the rest of the file draws as before)."""
    if rng.random() >= 1 / 3:
        return rules
    options = [scoring.options.OPTIONS_BY_NAME[name] for name in CLUB_OPTIONS]
    return rules.with_options(
        **{o.name: rng.choice(o.values) for o in options if rules.counting in o.applies_to}
    )


class _Concours:
    def __init__(
        self, rng: random.Random, teams: int, parties: int, deals: int | None, *, fixed_seed: int
    ) -> None:
        self.rng = rng
        self.count = max(2, teams)
        self.parties = max(1, parties)
        preset = rng.choice(list(scoring.PRESETS))
        sa_ta = preset != "ffb-belote" and rng.random() < 0.3
        self.rules = scoring.Rules.from_preset(preset, **({"sa_ta": True} if sa_ta else {}))
        self.rules = _club_count(self.rules, random.Random(f"club count {fixed_seed}"))
        if deals is None and rng.random() < 0.1:
            self.end: dict[str, int] = {"target": rng.choice([300, 500, 701])}
        else:
            self.end = {"deals": deals if deals is not None else rng.randint(1, 6)}
        self.score_entry = "totals" if rng.random() < 0.15 else "deals"
        ids = rng.sample(range(1, 20 * self.count + 100), self.count)
        self.teams: list[dict[str, Any]] = [
            {"id": team, "number": n, "name": f"Équipe {n}", "withdrawn": False}
            for n, team in enumerate(ids, start=1)
        ]
        self.fixed = self._fixed(random.Random(f"fixed tables {fixed_seed}"))
        self.doc: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "concours": {"name": "Concours tiré au hasard", "date": None, "format": "pairs"},
            "rules": self.rules.to_json(),
            "end": self.end,
            "score_entry": self.score_entry,
            "ranking": self._ranking(random.Random(f"tie-breaks {fixed_seed}")),
            "teams": self.teams,
            "pools": None,
            "rounds": [],
            "brackets": [],
        }

    def _fixed(self, rng: random.Random) -> list[list[int]]:
        """Now and then one to three teams that stay at their table (from
        their own random numbers, so that the rest of the concours is the
        one the same seed gave before): a number now and then beyond the
        tables, or wanted twice, as an organizer may type it."""
        if rng.random() > 0.3:
            return []
        chosen = rng.sample(self.teams, min(len(self.teams), rng.randint(1, 3)))
        chosen.sort(key=lambda t: t["number"])
        top = max(1, self.count // 2 + 1)
        for team in chosen:
            team["stays_at_table"] = True
            team["kept_table"] = rng.randint(1, top)
        return [[team["id"], team["kept_table"]] for team in chosen]

    def _ranking(self, extra: random.Random) -> dict[str, Any]:
        """The ranking's criteria and bye; `extra` adds now and then a best
        partie or the fewest points conceded among them, a drawing of lots
        last, and fixed bye points counted against too."""
        rng = self.rng
        criteria = rng.sample(FIRST_CRITERIA, rng.randint(1, 3))
        if rng.random() < 0.5 and POINTS not in criteria:
            criteria.insert(0, POINTS)
        policy = rng.choice(["average", "fixed", "nothing"])
        if extra.random() < 0.4:
            criteria.insert(
                extra.randint(0, len(criteria)), extra.choice([BEST_GAME, POINTS_AGAINST])
            )
        if extra.random() < 0.3:
            criteria.append(CHANCE)
        return {
            "criteria": criteria,
            "bye": {
                "win": policy != "nothing",
                "points": rng.choice([0, 500, 1000]) if policy == "fixed" else 0,
                "average": policy == "average",
                "against": policy == "fixed" and extra.random() < 0.5,
            },
            "chance_seed": extra.randrange(2**31) if CHANCE in criteria else None,
            "match_points": {"win": 2, "draw": 1, "loss": 0},
        }

    # -- who plays ----------------------------------------------------------------------------

    def _field(self, with_pools: bool) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
        """When each team arrives, withdraws (forfait) and is absent once."""
        rng = self.rng
        arrives, withdraws, absent = {}, {}, {}
        for team in self.teams:
            first = pools.POOL_ROUNDS + 1 if with_pools else 2
            if rng.random() < 0.12 and first <= self.parties:
                arrives[team["id"]] = rng.randint(first, self.parties)
            if rng.random() < 0.1:
                withdraws[team["id"]] = rng.randint(2, self.parties + 1)
            if rng.random() < 0.08:
                absent[team["id"]] = rng.randint(1, self.parties)
        return arrives, withdraws, absent

    def _present(self, number: int, field: tuple[dict[int, int], ...]) -> set[int]:
        arrives, withdraws, absent = field
        return {
            t["id"]
            for t in self.teams
            if arrives.get(t["id"], 1) <= number < withdraws.get(t["id"], 10**6)
            and absent.get(t["id"]) != number
        }

    def play(self) -> dict[str, Any]:
        rng = self.rng
        with_pools = self.parties >= pools.POOL_ROUNDS and rng.random() < 0.25
        field = self._field(with_pools)
        if with_pools:
            with_pools = self._form_pools([t["id"] for t in self.teams if t["id"] not in field[0]])
        unfinished = rng.random() < 0.25
        for number in range(1, self.parties + 1):
            present = self._present(number, field)
            if len(present) < 2:
                present = {t["id"] for t in self.teams[:2]}
            in_pools = with_pools and number <= pools.POOL_ROUNDS
            kind = replay.POOLS if in_pools else rng.choice(SWISS_KINDS)
            seed = rng.randrange(2**31) if kind == replay.RANDOM else None
            drawn = replay.explained_draw(self.doc, number, kind, seed, present)
            fixed = {team: table for team, table in self.fixed}
            _pairs, _byes, numbers = replay.placed(drawn.pairs, drawn.byes, fixed)
            drawn = replay.placed_drawn(drawn, fixed)
            swaps = self._swaps(drawn.pairs, drawn.byes)
            pairs, byes = replay.swapped(drawn.pairs, drawn.byes, swaps)
            last = number == self.parties
            rnd = self._add_round(
                number, kind, seed, pairs, byes, unfinished and last, numbers=numbers
            )
            rnd["draw"]["swaps"] = swaps
            why = [r.to_json() if r else {} for r in replay.swapped_reasons(self.doc, drawn, swaps)]
            for table, reason in zip(rnd["tables"], why, strict=False):
                table["reason"] = reason
            rnd["bye_reasons"] = why[len(rnd["tables"]) :]
        withdrawn = {t for t, at in field[1].items() if at <= self.parties}
        for team in self.teams:
            team["withdrawn"] = team["id"] in withdrawn
        if not unfinished and rng.random() < 0.3:
            for team in self.teams:
                team["withdrawn_before_brackets"] = team["withdrawn"]
            self._final_phase()
            # Now and then a team of the final phase withdraws after it.
            seeded = [t for b in self.doc["brackets"] for t in b["seeds"]]
            if seeded and rng.random() < 0.2:
                late = rng.choice(seeded)
                next(t for t in self.teams if t["id"] == late)["withdrawn"] = True
        return self.doc

    def _swaps(self, pairs: list[tuple[int, int]], byes: list[int]) -> list[list[int]]:
        """Now and then, two teams of different tables exchanged by hand."""
        seats = [list(pair) for pair in pairs] + [[bye] for bye in byes]
        if len(seats) < 2 or self.rng.random() > 0.1:
            return []
        first, second = self.rng.sample(range(len(seats)), 2)
        return [[self.rng.choice(seats[first]), self.rng.choice(seats[second])]]

    def _form_pools(self, numbers: list[int]) -> bool:
        """The pools of the teams there from the start (in number order)."""
        order_seed = self.rng.randrange(2**31) if self.rng.random() < 0.5 else None
        try:
            split = pools.split(
                pools.seeding_order(numbers, seed=order_seed), size=self.rng.choice(pools.SIZES)
            )
        except pools.PoolError:
            return False
        self.doc["pools"] = {"seed": order_seed, "pools": split}
        return True

    # -- a partie -----------------------------------------------------------------------------

    def _add_round(
        self,
        number: int,
        kind: str,
        seed: int | None,
        pairs: list[tuple[Any, Any]],
        byes: list[int],
        unfinished: bool,
        *,
        stage: str = "qualifying",
        tie_rules: list[str] | None = None,
        numbers: list[int] | None = None,
    ) -> dict[str, Any]:
        rnd: dict[str, Any] = {
            "number": number,
            "stage": stage,
            "status": "playing" if unfinished else "closed",
            "draw": {"kind": kind, "seed": seed, "swaps": [], "fixed": self.fixed},
            "tables": [],
            "byes": list(byes),
            "standings": None,
        }
        self.doc["rounds"].append(rnd)
        for index, (a, b) in enumerate(pairs):
            rule = tie_rules[index] if tie_rules else None
            stop = self.rng.random() if unfinished else None
            table_number = numbers[index] if numbers else index + 1
            rnd["tables"].append(self._table(table_number, a, b, stop, rule))
        if stage == "qualifying":
            rows = replay.standings(self.doc, until=number)
            rnd["standings"] = standing_rows(rows)
        return rnd

    def _table(
        self,
        number: int,
        a: int,
        b: int,
        stop: float | None,
        tie_rule: str | None,
        typed: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A table played out (`stop` None) or stopped part way; `typed`,
        the table whose totals only are typed, played out with its penalties."""
        rng = self.rng
        if typed is not None:
            table = typed
        else:
            table = {"number": number, "a": a, "b": b, "penalties": []}
            if rng.random() < 0.08:
                team = rng.choice((a, b))
                points = rng.choice([-162, -100, -50, 50])
                table["penalties"].append({"team": team, "points": points, "reason": "Renonce"})
            if self.score_entry == "totals" or rng.random() < 0.08:
                return self._typed(table, stop, tie_rule)
        table["entry"] = "deals"
        extra = tie_rule == replay.EXTRA_DEAL
        planned = self.end.get("deals", 0)
        if stop is not None:  # a table of a partie still in play
            planned = min(int(stop * planned), max(planned - 1, 0))
        played = [scoring.random_deal(rng, self.rules) for _ in range(planned)]
        result = self._score(table, played, extra)
        # A target to reach, or a tie played out with one more deal: on
        # until the partie is over (bounded).
        limit = 80 if stop is None else int(stop * 8)
        while result.status != replay.COMPLETE and len(played) < limit:
            played.append(scoring.random_deal(rng, self.rules))
            result = self._score(table, played, extra)
        table["deals"] = [
            {
                "number": n,
                "deal": deal,
                "marques": {"A": m[0], "B": m[1], "outcome": m[2], "pot": m[3]},
            }
            for n, (deal, m) in enumerate(zip(played, result.deals, strict=True), start=1)
        ]
        table.update(
            status=result.status,
            totals={"A": result.totals[0], "B": result.totals[1]},
            lost_pot=result.lost_pot,
        )
        return table

    def _typed(
        self, table: dict[str, Any], stop: float | None, tie_rule: str | None
    ) -> dict[str, Any]:
        """A table whose sheet came back with its totals only: the totals
        of a partie played out, typed without its deals (so never more
        than its deals could give), or a partie not over yet still not
        started (its totals its penalties)."""
        played = self._table(table["number"], table["a"], table["b"], None, tie_rule, table)
        done = (stop is None or stop < 0.5) and played["status"] == replay.COMPLETE
        penalty_a, penalty_b = replay.penalties(table)
        table.update(
            entry="totals",
            deals=[],
            status=replay.COMPLETE if done else replay.NOT_STARTED,
            lost_pot=0,
        )
        if not done:
            table["totals"] = {"A": penalty_a, "B": penalty_b}
        return table

    def _score(
        self, table: dict[str, Any], played: list[dict[str, Any]], extra: bool
    ) -> replay.TableScore:
        deals = [{"deal": deal} for deal in played]
        return replay.score_table({**table, "deals": deals}, self.rules, self.end, extra_deal=extra)

    # -- the final phase ----------------------------------------------------------------------

    def _final_phase(self) -> None:
        rng = self.rng
        order = qualifying_order(self.doc)
        if len(order) < 2:
            return
        main = rng.randint(2, min(len(order), 9))
        rest = len(order) - main
        consolante = rng.randint(2, min(rest, 6)) if rest >= 2 and rng.random() < 0.5 else 0
        main_teams, consolante_teams, _out = bracket_rules.split(order, main, consolante)
        for position, (kind, seeds) in enumerate(
            (("main", main_teams), ("consolante", consolante_teams))
        ):
            if seeds:
                self.doc["brackets"].append(
                    {
                        "kind": kind,
                        "position": position,
                        "tie_rule": rng.choice([replay.EXTRA_DEAL, replay.QUALIFYING_TOTAL]),
                        "seeds": seeds,
                        "matches": [],
                    }
                )
        number = len(self.doc["rounds"])
        while True:
            number += 1
            stub = self._add_round(number, replay.BRACKET, None, [], [], False, stage="bracket")
            replayed, _brackets = replay_brackets(self.doc)
            coming = replayed[-1]
            if not coming.pairs:
                self.doc["rounds"].remove(stub)
                break
            self.doc["rounds"].remove(stub)
            self._add_round(
                number,
                replay.BRACKET,
                None,
                coming.pairs,
                [],
                False,
                stage="bracket",
                tie_rules=coming.tie_rules,
                numbers=coming.numbers,
            )
        _rounds, brackets = replay_brackets(self.doc)
        for recorded, bracket in zip(self.doc["brackets"], brackets, strict=True):
            recorded["matches"] = [
                {
                    "level": level,
                    "position": position,
                    "a": m.a,
                    "b": m.b,
                    "winner": m.winner,
                    "settled": m.settled,
                    "round": m.table[0] if m.table else None,
                    "table": m.table[1] if m.table else None,
                }
                for level, matches in enumerate(bracket.levels)
                for position, m in sorted(matches.items())
            ]


def small_concours(seed: int) -> dict[str, Any]:
    """A small random concours (2–9 teams, 1–4 parties) from `seed`: what
    the suite and bench/bench_checker.py check by the thousand."""
    rng = random.Random(seed)
    return generate(
        teams=rng.randint(2, 9),
        parties=rng.randint(1, 4),
        seed=seed,
        deals=rng.choice([None, 1, 2, 3]),
    )
