"""The countings of a deal once its inputs are read and checked (by
scoring/deal.py): classic belote (SPEC §4), coinche (§5) and the three
contrée countings (§6), with the roundings they use, and the three club
counts of a coinched deal (§7.1, ``coinche_count``) and §7.2's. Each takes plain
integers and the profile's constants and returns the result tuple.
Pure: no validation, no I/O.

The club counts of a coinche (SPEC §7.1), ``m`` the factor:

* ``multiplied``: the winner marks ``(base + contract …) × m``.
* ``contract_only``: only the contract is multiplied, ``base + contract × m``,
  announcements and belotes added unmultiplied. The base is the one the
  uncoinched deal would use: 160, or 250 for a capot made by the takers
  (« 250 for a capot instead of 160 »: in contrée too, where ``multiplied``
  keeps 160 — otherwise a coinched unbid capot at 80 would mark 320, less
  than the 330 it marks uncoinched); on a chute the chute base (250 on a
  defence capot with ``chute_capot=full``). Where ``multiplied`` has no
  contract to multiply (``contree-faits``' 160 × m, a contrée capot bid's
  500 × m, ``contree-annonces``' contract × m) nothing changes.
* ``points_multiplied`` (made contracts only): the takers mark ``m ×`` their
  uncoinched marque, the defence its own uncoinched marque. With
  ``belote_multiplied=false`` (coinche) the takers' belote is added after
  multiplying, as that option says; at contrée the whole uncoinched marque,
  belote included, is multiplied (SPEC §7.1: ``m × R(total(T))``). A
  coinched chute is marked as ``multiplied`` says.

The club counts of SPEC §7.2 (never a preset's default):

* ``coinche_defence`` (with ``points_multiplied``, a coinched contract
  made): ``own`` the defence keeps its uncoinched marque; ``zero`` it marks
  what the ``multiplied`` count leaves it (its belote at coinche; at contrée
  its belote when imprenable or when it took no trick); ``multiplied`` ``m
  ×`` its uncoinched marque (its belote added after with
  ``belote_multiplied=false``, as the takers').
* ``coinche_base=chute_base``: a coinched contract made counts on the chute
  base (``(162 + contract) × m``), 250 for the takers' capot at coinche as
  before.
* ``capot_bid_marque=flat`` (coinche): a capot bid made, uncoinched or
  ``points_multiplied``, marks 500 where it marked 252 card points + 250;
  belote and announcements are added as before. The other coinched counts
  already mark ``(250 + 250 …) × m`` or ``contract_only``'s ``250 + 250 × m``.
* ``annonces_chute=bid`` (points annoncés): an uncoinched chute gives the
  defence the contract (250 for a capot bid) instead of the chute base; a
  defence capot with ``chute_capot=full`` still gives its 250.

``capot_bid_failed=chute`` (contrée): a failed capot bid is any chute of a
contract of 250 (the takers' belote then goes as on any chute), on the usual
chute base: SPEC §6's defence capot counts only against a contract « neither
coinched nor bid capot ».

La générale (``generale``, issue 62; not played by default): one player
bids to take the eight tricks alone. ``flat``: the winner of the deal marks
500 × m (the takers when it is made, else the defence); ``contract``: a
contract of 500, made 500 (coinched 160 + 500 × m), failed 160 + 500 × m to
the defence. Belote and announcements are added, never multiplied; the
defence's announcements pass to the takers of a générale made (a capot),
the takers' to the defence of a générale failed (a chute); the takers of a
failed générale keep their belote when it is imprenable, else it goes as
on their counting's failed capot bid (to the defence at coinche, to nobody
at contrée); at points annoncés a belote is marked only with
``annonces_belote``. Made means that one player of the takers took the
eight tricks alone (the deal's ``"generale"``); a capot by both takers is
a générale failed."""

from __future__ import annotations

import dataclasses

from .cards import TOTAL_CARD_POINTS
from .compiled import (
    ANNONCES,
    COINCHE,
    COMPLEMENT,
    CONTRACT_ONLY,
    DEFENCE_MULTIPLIED,
    FAITS_ANNONCES,
    GENERALE_CONTRACT,
    NEAREST,
    NONE,
    POINTS_MULTIPLIED,
    PRODUCT_ROUNDED,
    ZERO,
    ProfileConstants,
)


def _unrounded(t: ProfileConstants) -> ProfileConstants:
    """``t`` to the point: the defence's points before ``product_rounded`` rounds their
    product (only ``nearest`` comes here: ``complement``'s marques are tens already)."""
    return dataclasses.replace(t, rounding=NONE)


def _round(x: int) -> int:
    return (x + 5) // 10 * 10


def _round_down5(x: int) -> int:
    return (x + 4) // 10 * 10


def count_classic(
    t: ProfileConstants,
    pt: int,
    pd: int,
    bt: int,
    bd: int,
    at: int,
    ad: int,
    cap_t: bool,
    cap_d: bool,
) -> tuple[int, int, str, int, int, int]:
    """SPEC §4. Returns (marque T, marque D, outcome, pot, belote kept T, D)."""
    tot_t = pt + bt + at
    tot_d = pd + bd + ad
    if t.announcements_for_contract:
        test_t, test_d = tot_t, tot_d
    else:
        test_t, test_d = pt + bt, pd + bd
    rounding = t.rounding
    if (pt + bt >= 82) if t.classic_82 else (test_t > test_d):
        if cap_t:  # the defence's announcements pass to the takers; it keeps its belote
            mt, md = (250 + bt + at if t.classic_capot_flat else tot_t) + ad, bd
        elif rounding == COMPLEMENT:
            k = _round_down5(pt)
            return k + bt + at, 160 - k + bd + ad, "made", 0, bt, bd
        else:
            mt, md = tot_t, tot_d
        if rounding:
            mt, md = _round(mt), _round(md)
        return mt, md, "made", 0, bt, bd
    if test_t == test_d and t.tie_pot:
        if rounding == COMPLEMENT:
            k = _round_down5(pt)
            return 0, 160 - k + bd + ad, "litige", k + bt + at, 0, bd
        if rounding:
            return 0, _round(tot_d), "litige", _round(tot_t), 0, bd
        return 0, tot_d, "litige", tot_t, 0, bd
    if cap_d and t.classic_capot_flat:
        base = 250
    else:
        base = t.capot_base if (cap_d and t.full_capot) else t.chute_base
    if t.protected:
        mt, md = bt, base + ad + bd + at
    else:
        mt, md = 0, base + ad + bd + at + bt
    if rounding:
        mt, md = _round(mt), _round(md)
    return mt, md, "chute", 0, (bt if t.protected else 0), bd


def count_coinche(
    t: ProfileConstants,
    bid: int,
    capot_bid: bool,
    m: int,
    pt: int,
    pd: int,
    bt: int,
    bd: int,
    at: int,
    ad: int,
    cap_t: bool,
    cap_d: bool,
) -> tuple[int, int, str, int, int]:
    """SPEC §5. ``bid`` is the contract (250 for a capot bid)."""
    tot_t = pt + bt + at
    tot_d = pd + bd + ad
    if t.announcements_for_contract:
        test_t, test_d = tot_t, tot_d
    else:
        test_t, test_d = pt + bt, pd + bd
    made = (cap_t if capot_bid else test_t >= bid) and (test_t > test_d or not t.compare_defence)
    rounding = t.rounding
    if made:
        if m == 1:
            if capot_bid and t.capot_bid_flat:  # 500 for the 252 card points + 250
                mt, md = 500 + bt + at + ad, bd
            elif cap_t and (capot_bid or t.capot_bonus):
                mt, md = tot_t + bid + ad, pd + bd
            elif cap_t:  # no capot bonus: its 162 card points, as any contract made
                mt, md = TOTAL_CARD_POINTS + bt + at + ad + bid, bd
            elif rounding == COMPLEMENT:
                k = _round_down5(pt)
                return k + bt + at + bid, 160 - k + bd + ad, "made", bt, bd
            else:
                mt, md = tot_t + bid, tot_d
        elif capot_bid and t.capot_bid_attenuated:  # 160 + 250 × m, « formule atténuée »
            mt, md = 160 + m * bid + at + bt + ad, bd
        elif t.coinche_count == POINTS_MULTIPLIED:
            mt, md, _, kt, kd = count_coinche(
                t, bid, capot_bid, 1, pt, pd, bt, bd, at, ad, cap_t, cap_d
            )
            mt = m * mt if t.belote_multiplied else m * (mt - bt) + bt
            if t.coinche_defence == ZERO:
                md = bd
            elif t.coinche_defence == DEFENCE_MULTIPLIED:
                md = m * md if t.belote_multiplied else m * (md - bd) + bd
            elif t.coinche_defence == PRODUCT_ROUNDED:  # R(m × points), not m × R(points)
                if rounding == NEAREST:
                    md = count_coinche(
                        _unrounded(t), bid, capot_bid, 1, pt, pd, bt, bd, at, ad, cap_t, cap_d
                    )[1]
                md = m * md if t.belote_multiplied else m * (md - bd) + bd
                md = _round(md) if rounding else md
            return mt, md, "made", kt, kd
        else:
            base = t.capot_made_base if cap_t and (capot_bid or t.capot_bonus) else t.coinche_base
            if t.coinche_count == CONTRACT_ONLY:
                mt = base + m * bid + at + bt + ad
            elif t.belote_multiplied:
                mt = m * (base + at + bt + ad + bid)
            else:
                mt = m * (base + at + ad + bid) + bt
            md = bd
        if rounding:
            mt, md = _round(mt), _round(md)
        return mt, md, "made", bt, bd
    base = t.capot_base if (cap_d and t.full_capot) else t.chute_base
    kt = bt if t.protected else 0
    points = base + ad + bd + at + bt - kt  # the takers' belote joins when not imprenable
    if m > 1 and t.coinche_count == CONTRACT_ONLY:
        mt, md = kt, points + m * bid
    else:
        mt, md = kt, m * (points + bid)
    if rounding:
        mt, md = _round(mt), _round(md)
    return mt, md, "chute", kt, bd


def count_contree(
    t: ProfileConstants,
    bid: int,
    capot_bid: bool,
    m: int,
    pt: int,
    pd: int,
    bt: int,
    bd: int,
    cap_t: bool,
    cap_d: bool,
) -> tuple[int, int, str, int, int]:
    """SPEC §6, the three contrée countings. No announcements here."""
    test_t = pt + bt
    made = (cap_t if capot_bid else test_t >= bid) and (test_t > pd + bd or not t.compare_defence)
    attenuated = capot_bid and m > 1 and t.capot_bid_attenuated
    # points annoncés with its belote marked: the belote is added, never multiplied (and
    # without it, points_multiplied is the multiplied count's bid × m)
    own_belote = t.annonces_belote and t.counting == ANNONCES
    if made and m > 1 and t.coinche_count == POINTS_MULTIPLIED and not (attenuated or own_belote):
        mt, md, outcome, kt, kd = count_contree(t, bid, capot_bid, 1, pt, pd, bt, bd, cap_t, cap_d)
        if t.coinche_defence == ZERO:  # what the multiplied count leaves the defence
            kd = bd if (t.protected or cap_t) else 0
            md = kd
        elif t.coinche_defence == DEFENCE_MULTIPLIED:
            md = m * md
        elif t.coinche_defence == PRODUCT_ROUNDED:  # R(m × points), not m × R(points)
            if t.rounding == NEAREST:
                md = count_contree(_unrounded(t), bid, capot_bid, 1, pt, pd, bt, bd, cap_t, cap_d)[
                    1
                ]
            md = _round(m * md) if t.rounding else m * md
        return m * mt, md, outcome, kt, kd
    counting = t.counting
    # contract_only changes only faits + annoncés: elsewhere no contract is multiplied.
    contract_only = t.coinche_count == CONTRACT_ONLY and counting == FAITS_ANNONCES
    # Coinched, a capot changes nothing (SPEC §6), but for contract_only's 250.
    full = cap_d and t.full_capot and (m == 1 or contract_only)
    if capot_bid and not made and t.capot_failed_chute:
        capot_bid, full = False, False  # any chute of a contract of 250, on the usual base
    chute_base = t.capot_base if full else t.chute_base
    if counting == ANNONCES:
        # annonces_belote: each team marks its own belote, made or not (never rounded away:
        # a multiple of ten)
        kt, kd = (bt, bd) if t.annonces_belote else (0, 0)
        if made:
            return bid * m + kt, kd, "made", kt, kd
        if m > 1:
            md = bid * m
        elif t.annonces_chute_bid and not full:  # the team that chutes gives its contract
            md = bid
        else:
            md = chute_base
        return kt, (_round(md) if t.rounding else md) + kd, "chute", kt, kd
    protected = t.protected
    value = bid if counting == FAITS_ANNONCES else 0
    if made:
        # The loser's belote, on a coinched deal or a capot bid, is lost unless
        # imprenable or held by a team that took no trick (cap_t: the defence).
        kept_t = bt
        kept_d = bd if (protected or cap_t) else 0
        bonus = cap_t and t.capot_bonus  # a capot not bid scores 250, or its 162 points
        if cap_t and not bonus:
            pt, pd = TOTAL_CARD_POINTS, 0
        if attenuated:  # 160 + 250 × m, « formule atténuée »
            mt, md = 160 + bid * m + bt, kept_d
        elif capot_bid:
            mt, md = 500 * m + bt, kept_d
        elif m > 1 and contract_only:
            mt, md = (250 if bonus else t.coinche_base) + value * m + bt, kept_d
        elif m > 1:
            mt, md = (t.coinche_base + value) * m + bt, kept_d
        elif bonus:
            mt, md = 250 + value + bt, bd
            kept_d = bd
        elif t.rounding == COMPLEMENT:
            k = _round_down5(pt)
            return k + bt + value, 160 - k + bd, "made", bt, bd
        else:
            mt, md = _round(pt + bt) + value, _round(pd + bd)
            if not t.rounding:
                mt, md = pt + bt + value, pd + bd
            kept_d = bd
        outcome = "made"
    else:
        kept_d = bd
        if capot_bid:
            kept_t = bt if protected else 0  # a failed capot bid loses its belote
            mt, md = kept_t, 500 * m + bd
        elif m > 1:
            kept_t = bt if (protected or cap_d) else 0  # cap_d: the takers took no trick
            if contract_only:
                mt, md = kept_t, chute_base + value * m + bd
            else:
                mt, md = kept_t, (chute_base + value) * m + bd
        else:
            kept_t = bt if (protected or cap_d) else 0
            mt, md = kept_t, chute_base + value + bd + (bt - kept_t)
        outcome = "chute"
    if t.rounding:
        mt, md = _round(mt), _round(md)
    return mt, md, outcome, kept_t, kept_d


def generale_value(t: ProfileConstants, made: bool, m: int) -> tuple[int, int]:
    """The générale's value to the winner of the deal: (the part added
    unmultiplied, the part multiplied by ``m``): ``flat`` (0, 500),
    ``contract`` made uncoinched (0, 500), else (160, 500)."""
    if t.generale == GENERALE_CONTRACT and (m > 1 or not made):
        return 160, 500
    return 0, 500


def count_generale(
    t: ProfileConstants, made: bool, m: int, bt: int, bd: int, at: int, ad: int
) -> tuple[int, int, str, int, int]:
    """A générale bid (see the module's docstring): marque T, marque D,
    outcome, belote kept T, D. Every term is a multiple of ten: no rounding."""
    lead, unit = generale_value(t, made, m)
    value = lead + unit * m
    if t.counting == ANNONCES and not t.annonces_belote:
        bt = bd = 0
    if made:
        return value + bt + at + ad, bd, "made", bt, bd
    kt = bt if t.protected else 0
    given = bt - kt if t.counting == COINCHE else 0  # a belote not imprenable, at coinche
    return kt, value + bd + ad + at + given, "chute", kt, bd
