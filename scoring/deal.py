"""Scoring one deal (donne): validation of the SPEC §8 deal object and the
marques of SPEC §4 (classic belote), §5 (coinche) and §6 (contrée).

Responsible for: refusing a deal with the code of the first field at fault
(SPEC §8 order), then computing both marques, the outcome and the pot the
deal creates. Must not: carry a pot from an earlier deal (see
:mod:`scoring.partie`), read files, print, or import Django.

The hot path (:func:`evaluate`) returns a plain tuple; :func:`score_deal`
wraps it in a :class:`DealScore`. Per-profile constants are precomputed once
per :class:`~scoring.rules.Rules` by :func:`scoring.compiled.compile_rules`.

Interpretation choices (each also in the engine's help):

* Rounding. ``nearest`` rounds every marque and the pot, 5 up (000/001:
  « 85 est arrondi à 90 tandis que 84 est arrondi à 80 »). ``complement``
  (002: « 64 devient 60, l'adversaire a 100 ; 105 devient 100, l'adversaire a
  60 ; 106 devient 110, l'adversaire a 50 ») rounds the takers' *card* points
  5 down and gives the defence 160 minus that, then adds belotes,
  announcements and the contract (all multiples of ten); elsewhere it acts
  as ``nearest``. Tests of success always use exact points.
* Classic litige: the pot is the takers' total as they would have marked it
  (rounded like a marque); with ``announcements_count_for_contract = false``
  the tie is judged on card points + belote, like the success test.
* Classic chute, ``chute_base`` 162 with rounding ``nearest`` marks 160.
* Coinche, coinched and made: the base is 160 (250 after a capot) whatever
  ``chute_base`` says (SPEC §5; ``chute_base`` is the defence's base on a
  chute only). ``belote_multiplied = false`` changes only a coinched made
  contract, as SPEC §7 says; on a coinched chute the defence's belote is
  multiplied with the rest (000: « les défenseurs doublent resp. quadruplent
  leurs points »). With ``belote_protected = false`` the takers' belote
  joins the defence's points before multiplying.
* Contrée (FunBelote text in 000): the « capot team » that keeps its belote
  is the team that took no trick (003: « Une équipe qui ne fait pas de pli
  est dite CAPOT »; 000: « L'équipe Capot conserve sa belote quoiqu'il
  [arrive] »). A team that bid capot and failed loses its belote to nobody
  (000: « qui annonce un capot et ne le réalise pas perd sa belote »); on a
  coinched deal the loser's belote is lost too (SPEC §6: « the loser 0 »),
  unless that team took no trick.
  Otherwise, uncoinched, the takers' belote goes to the defence on a chute.
  The winner of a capot bid adds its own belote to the 500 (004: « un capot
  demandé vaut 500 points et 520 avec belote et rebelote »).
  With ``belote_protected = true`` every team keeps its own belote.
  ``contree-annonces`` never marks a belote (SPEC §6: « the belote only helps
  to make it »). An uncoinched failed capot bid there gives the defence 160
  (SPEC §6: « chute → D 160 if not coinched »). A coinched unbid capot is
  scored as any coinched contract, whichever side took the eight tricks
  (SPEC §6). ``chute_capot = full`` makes the chute base 250 when the
  takers took no trick, in every contrée counting, on a deal not coinched
  (coinched, only ``contract_only``'s: « 250 for a capot instead of 160 »).
* Validation. A passed deal (``taker`` null or absent) carries no points,
  bid, coinche, capot, belote or announcement (code ``taker``): a sheet with
  points but no taker is a typing error, not a passed deal. Unknown fields
  are refused (code ``json``): a misspelt « belote » would otherwise be
  silently ignored. A numeric bid above what the takers could possibly make
  (252 + belotes + announcements) is refused as a typing error (code ``bid``).
  252/0 without ``capot`` is refused (code ``points``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .announcements import check_points, resolve_items
from .cards import (
    ALL_TRUMP,
    CAPOT_CARD_POINTS,
    NO_TRUMP,
    TOTAL_CARD_POINTS,
    TRUMP_NAMES_FR,
    TRUMPS,
    max_belotes,
)
from .compiled import CLASSIC, COINCHE, ProfileConstants
from .countings import count_classic, count_coinche, count_contree, count_generale
from .errors import ScoringError, show
from .rules import BID_STEP, MIN_BID, Rules

DEAL_KEYS = frozenset(
    (
        "taker",
        "trump",
        "bid",
        "coinche",
        "points",
        "capot",
        "generale",
        "belote",
        "announcements",
        "announcement_points",
        "rules",
    )
)
_TEAMS = ("A", "B")
_OTHER = {"A": "B", "B": "A"}


@dataclass(frozen=True, slots=True)
class DealScore:
    """The marques of one deal (before any pot from an earlier deal).

    ``a``/``b``: marques of teams A and B; ``outcome``: made, chute, litige or
    passed; ``pot``: the pot this deal creates (litige). Also: the card points,
    the announcement points counted, the belote points each team marked with
    its own belote, the taker and the capot team (None when not applicable).
    """

    a: int
    b: int
    outcome: str
    pot: int
    card_points: tuple[int, int] = (0, 0)
    announcements: tuple[int, int] = (0, 0)
    belote_kept: tuple[int, int] = (0, 0)
    taker: str | None = None
    capot: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The SPEC §8 output object, with extra keys ``card_points`` and
        ``announcements`` (points counted per team)."""
        return {
            "A": self.a,
            "B": self.b,
            "outcome": self.outcome,
            "pot": self.pot,
            "card_points": {"A": self.card_points[0], "B": self.card_points[1]},
            "announcements": {"A": self.announcements[0], "B": self.announcements[1]},
        }

    @property
    def made(self) -> bool | None:
        """Whether the contract was made (None for a passed deal or a litige)."""
        if self.outcome in ("passed", "litige"):
            return None
        return self.outcome == "made"


# Result tuple of evaluate():
# (a, b, outcome, pot, points_a, points_b, ann_a, ann_b, kept_a, kept_b, taker, capot)
PASSED_RESULT = (0, 0, "passed", 0, 0, 0, 0, 0, 0, 0, None, None)


def score_deal(deal: dict[str, Any], rules: Rules) -> DealScore:
    """Validate and score one SPEC §8 deal object under ``rules``.

    Raises :class:`~scoring.errors.ScoringError` with the code of the first
    field at fault. The ``rules`` key of the deal, if any, is ignored here
    (the command line uses it to choose ``rules``).
    """
    return DealScore(*_pack(evaluate(deal, rules._table)))


def _pack(r: tuple[Any, ...]) -> tuple[Any, ...]:
    return (r[0], r[1], r[2], r[3], (r[4], r[5]), (r[6], r[7]), (r[8], r[9]), r[10], r[11])


def _err(code: str, key: str, **params: Any) -> ScoringError:
    return ScoringError(code, key, params)


def evaluate(d: Any, t: ProfileConstants) -> tuple[Any, ...]:
    """The hot path: validate ``d`` and score it, returning the result tuple."""
    if type(d) is not dict:
        raise _err("json", "deal_not_object", value=show(d))
    if not d.keys() <= DEAL_KEYS:
        unknown = sorted(str(k) for k in d if k not in DEAL_KEYS)
        raise _err("json", "deal_unknown_field", value=show(unknown[0]))
    taker = d.get("taker")
    if taker is None:
        return _passed(d, t)
    if taker != "A" and taker != "B":
        raise _err("taker", "taker_unknown", value=show(taker))
    defence = "B" if taker == "A" else "A"

    # -- trump --
    trump = d.get("trump")
    if type(trump) is not str or trump not in t.trumps:
        raise _trump_error(trump, t)

    # -- bid --
    bid: Any = d.get("bid")  # an int once checked below, or None in classic
    capot_bid = generale_bid = False
    counting = t.counting
    if counting == CLASSIC:
        if bid is not None:
            raise _err("bid", "bid_in_classic")
    elif bid == "capot":
        capot_bid = True
        bid = 250
    elif bid == "generale":
        if not t.generale:
            raise _err("bid", "bid_generale_not_played")
        generale_bid = True
        bid = 500
    elif type(bid) is not int:
        raise _bid_error("bid_missing", trump, t, value=show(bid))
    elif bid < MIN_BID or bid % BID_STEP or bid > t.max_bid[trump]:
        raise _bid_error("bid_out_of_range", trump, t, bid=bid)

    # -- coinche --
    coinche = d.get("coinche", 0)
    if coinche is None:
        coinche = 0
    if type(coinche) is not int or not 0 <= coinche <= 2:
        raise _err("coinche", "coinche_invalid", value=show(coinche))
    if coinche and counting == CLASSIC:
        raise _err("coinche", "coinche_in_classic")

    # -- capot --
    capot = d.get("capot")
    if capot is not None and capot != "A" and capot != "B":
        raise _err("capot", "capot_invalid", value=show(capot))
    generale = d.get("generale")
    if generale is not None:  # one player took the eight tricks alone: a capot of his team
        if generale != "A" and generale != "B":
            raise _err("capot", "generale_invalid", value=show(generale))
        if capot is not None and capot != generale:
            raise _err("capot", "generale_not_capot", team=generale, capot=capot)
        capot = generale

    # -- points --
    pa, pb = _card_points(d.get("points"), capot, trump in t.one_possible)

    # -- belote --
    belote = d.get("belote")
    if belote is None:
        ba = bb = 0
    else:
        ba, bb = _belotes(belote, trump)

    # -- announcements --
    declared = d.get("announcements")
    resolved = d.get("announcement_points")
    if declared is None and resolved is None:
        aa = ab = 0
    else:
        aa, ab = _announcements(declared, resolved, trump, (ba, bb), t)

    # -- scoring, in taker/defence terms --
    if taker == "A":
        pt, pd, bt, bd, at, ad = pa, pb, 20 * ba, 20 * bb, aa, ab
    else:
        pt, pd, bt, bd, at, ad = pb, pa, 20 * bb, 20 * ba, ab, aa
    cap_t = capot == taker
    cap_d = capot == defence
    m = t.factors[coinche]
    if generale_bid:
        mt, md, outcome, kt, kd = count_generale(t, generale == taker, m, bt, bd, at, ad)
        pot = 0
    elif counting == CLASSIC:
        mt, md, outcome, pot, kt, kd = count_classic(t, pt, pd, bt, bd, at, ad, cap_t, cap_d)
    elif counting == COINCHE:
        mt, md, outcome, kt, kd = count_coinche(
            t, bid, capot_bid, m, pt, pd, bt, bd, at, ad, cap_t, cap_d
        )
        pot = 0
    else:
        mt, md, outcome, kt, kd = count_contree(t, bid, capot_bid, m, pt, pd, bt, bd, cap_t, cap_d)
        pot = 0
    if taker == "A":
        return (mt, md, outcome, pot, pa, pb, aa, ab, kt, kd, taker, capot)
    return (md, mt, outcome, pot, pa, pb, aa, ab, kd, kt, taker, capot)


def _passed(d: dict[str, Any], t: ProfileConstants) -> tuple[Any, ...]:
    trump = d.get("trump")
    if trump is not None and (type(trump) is not str or trump not in TRUMPS):
        raise _trump_error(trump, t)
    filled = []
    if d.get("bid") is not None:
        filled.append("bid")
    coinche = d.get("coinche")
    if coinche is not None and not (type(coinche) is int and coinche == 0):
        filled.append("coinche")
    if d.get("points") not in (None, {}):
        filled.append("points")
    if d.get("capot") is not None:
        filled.append("capot")
    if d.get("generale") is not None:
        filled.append("generale")
    belote = d.get("belote")
    if belote is not None and not (
        isinstance(belote, dict) and all(type(v) is int and v == 0 for v in belote.values())
    ):
        filled.append("belote")
    declared = d.get("announcements")
    if declared is not None and not (
        isinstance(declared, dict) and all(v in (None, []) for v in declared.values())
    ):
        filled.append("announcements")
    resolved = d.get("announcement_points")
    if resolved is not None and not (
        isinstance(resolved, dict) and all(type(v) is int and v == 0 for v in resolved.values())
    ):
        filled.append("announcement_points")
    if filled:
        raise _err("taker", "passed_deal_filled", fields=", ".join(filled), field_names=filled)
    return PASSED_RESULT


def _trump_error(trump: Any, t: ProfileConstants) -> ScoringError:
    trumps = [code for code in TRUMPS if code in t.trumps]
    allowed = ", ".join(f'"{code}"' for code in trumps)
    if trump in (NO_TRUMP, ALL_TRUMP):
        return _err(
            "trump",
            "trump_not_played",
            trump=trump,
            trump_name=TRUMP_NAMES_FR[trump],
            allowed=allowed,
            trumps=trumps,
        )
    if trump is None:
        return _err("trump", "trump_missing", allowed=allowed, trumps=trumps)
    return _err("trump", "trump_unknown", value=show(trump), allowed=allowed, trumps=trumps)


def _bid_error(key: str, trump: str, t: ProfileConstants, **params: Any) -> ScoringError:
    """A refused bid, with the bids the profile allows at this trump."""
    limits = {"min": MIN_BID, "max": t.max_bid[trump], "step": BID_STEP, "trump": trump}
    return _err("bid", key, **params, **limits)


def _card_points(points: Any, capot: str | None, one_possible: bool) -> tuple[int, int]:
    if points is None or points == {}:
        if capot is None:
            raise _err("points", "points_missing")
        return (CAPOT_CARD_POINTS, 0) if capot == "A" else (0, CAPOT_CARD_POINTS)
    if type(points) is not dict:
        raise _err("points", "team_object_expected", field="points", value=show(points))
    if not points.keys() <= {"A", "B"}:
        key = next(k for k in points if k not in ("A", "B"))
        raise _err("points", "unknown_team", field="points", value=show(key))
    a = points.get("A")
    b = points.get("B")
    for team, value in (("A", a), ("B", b)):
        if value is not None and type(value) is not int:
            raise _err("points", "points_not_int", team=team, value=show(value))
    if capot is not None:
        expected = (CAPOT_CARD_POINTS, 0) if capot == "A" else (0, CAPOT_CARD_POINTS)
        if (a is not None and a != expected[0]) or (b is not None and b != expected[1]):
            raise _err("points", "points_capot", team=capot, a=show(a), b=show(b))
        return expected
    for team, value in (("A", a), ("B", b)):
        if value is not None and not 0 <= value <= TOTAL_CARD_POINTS:
            if value == CAPOT_CARD_POINTS:
                raise _err("points", "points_252_without_capot", team=team)
            raise _err("points", "points_out_of_range", team=team, value=value)
    if b is None:
        if a is None:
            raise _err("points", "points_missing")
        b = TOTAL_CARD_POINTS - a
    elif a is None:
        a = TOTAL_CARD_POINTS - b
    elif a + b != TOTAL_CARD_POINTS:
        raise _err("points", "points_sum", total=a + b, a=a, b=b)
    if (a == 1 or b == 1) and not one_possible:
        raise _err("points", "points_one", a=a, b=b)
    return a, b


def _belotes(belote: Any, trump: str) -> tuple[int, int]:
    if type(belote) is not dict:
        raise _err("belote", "team_object_expected", field="belote", value=show(belote))
    if not belote.keys() <= {"A", "B"}:
        key = next(k for k in belote if k not in ("A", "B"))
        raise _err("belote", "unknown_team", field="belote", value=show(key))
    a = belote.get("A", 0)
    b = belote.get("B", 0)
    if a is None:
        a = 0
    if b is None:
        b = 0
    for team, value in (("A", a), ("B", b)):
        if type(value) is not int or value < 0:
            raise _err("belote", "belote_not_int", team=team, value=show(value))
    limit = max_belotes(trump)
    if a + b > limit:
        if trump == NO_TRUMP:
            raise _err("belote", "belote_at_no_trump")
        if trump == ALL_TRUMP:
            raise _err("belote", "belote_too_many_all_trump", count=a + b, max=limit)
        raise _err("belote", "belote_too_many", count=a + b, max=limit)
    return a, b


def _announcements(
    declared: Any, resolved: Any, trump: str, belotes: tuple[int, int], t: ProfileConstants
) -> tuple[int, int]:
    if declared is not None and resolved is not None:
        raise _err("announcement", "announcements_both_forms")
    if declared is not None:
        if not t.announcements:
            if isinstance(declared, dict) and all(v in (None, []) for v in declared.values()):
                return 0, 0
            raise _err("announcement", "announcements_not_played")
        return resolve_items(declared, trump, belotes)
    points = check_points(resolved)
    if points != (0, 0) and not t.announcements:
        raise _err("announcement", "announcements_not_played")
    return points


# -- the three countings -------------------------------------------------------
