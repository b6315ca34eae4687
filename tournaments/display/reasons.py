"""The sentence that says why the draw made a table (or an exempt team).

Turns a reason of :mod:`tournaments.domain.reasons` (a kind and its
numbers, as stored on a table) into a short sentence in the active
language: « 2e contre 3e : le 1er a déjà rencontré le 2e », « tirage au
sort », « poule A, match 2 », « modifié à la main : … ». Must not compute a
reason, nor query the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from tournaments.display.labels import ordinal
from tournaments.domain.avoid import numbers_of
from tournaments.domain.reasons import Reason


def _letter(pool: int) -> str:
    return chr(ord("A") + pool - 1) if 1 <= pool <= 26 else str(pool)


def reason_sentence(reason: Reason | Mapping[str, Any] | None, *, public: bool = False) -> str:
    """The reason's sentence; empty for a table drawn before reasons were
    kept. On a `public` page, a pair kept apart is not said (Reason.as_public)."""
    if not isinstance(reason, Reason):
        reason = Reason.from_json(reason)
    if reason is None:
        return ""
    if public:
        reason = reason.as_public()
    kind, n = reason.kind, reason.numbers
    if kind == "random":
        return gettext("tirage au sort")
    if kind == "random_moved":
        return gettext(
            "tirage au sort ; le %(a)s et le %(b)s tirés s'étaient déjà rencontrés : "
            "revanche évitée"
        ) % {"a": ordinal(n[0]), "b": ordinal(n[1])}
    if kind == "random_rematch":
        return gettext("tirage au sort ; revanche inévitable")
    if kind == "random_avoided":
        return gettext(
            "tirage au sort ; le %(a)s et le %(b)s tirés ne devaient pas se rencontrer "
            "(même club, famille ou couple) : rencontre évitée"
        ) % {"a": ordinal(n[0]), "b": ordinal(n[1])}
    if kind == "random_prohibited":
        return gettext(
            "tirage au sort ; rencontre à éviter (même club, famille ou couple) inévitable"
        )
    if kind == "ranking_avoided":
        return gettext(
            "%(a)s contre %(b)s : le %(c)s et le %(d)s ne devaient pas se rencontrer "
            "(même club, famille ou couple)"
        ) % {"a": ordinal(n[0]), "b": ordinal(n[1]), "c": ordinal(n[2]), "d": ordinal(n[3])}
    if kind == "ranking_prohibited":
        return gettext(
            "%(a)s contre %(b)s : rencontre à éviter (même club, famille ou couple) inévitable"
        ) % {"a": ordinal(n[0]), "b": ordinal(n[1])}
    if kind == "ranking":
        return gettext("%(a)s contre %(b)s") % {"a": ordinal(n[0]), "b": ordinal(n[1])}
    if kind == "ranking_moved":
        return gettext("%(a)s contre %(b)s : le %(c)s a déjà rencontré le %(d)s") % {
            "a": ordinal(n[0]),
            "b": ordinal(n[1]),
            "c": ordinal(n[2]),
            "d": ordinal(n[3]),
        }
    if kind == "ranking_rematch":
        return gettext("%(a)s contre %(b)s : revanche inévitable") % {
            "a": ordinal(n[0]),
            "b": ordinal(n[1]),
        }
    if kind == "rotation":
        return gettext(
            "rotation : la paire Est-Ouest avance d'une table (elle était à la table %(n)s)"
        ) % {"n": n[0]}
    if kind == "rotation_first":
        return gettext("rotation : premier placement, équipes prises dans l'ordre")
    if kind == "rotation_filled":
        return gettext("rotation : place libérée reprise (arrivée, absence ou exemption)")
    if kind == "pool":
        if n[1] == 0:
            return gettext("poule %(pool)s") % {"pool": _letter(n[0])}
        return gettext("poule %(pool)s, match %(match)s") % {"pool": _letter(n[0]), "match": n[1]}
    if kind == "bye_ranking" and n[0] == 0:
        return gettext("exempt : dernier au classement sans exemption")
    if kind == "bye_ranking":
        return gettext("exempt : dernier au classement parmi les moins exemptés (%(n)s fois)") % {
            "n": n[0]
        }
    if kind == "bye_random" and n[0] == 0:
        return gettext("exempt : dernier du tirage au sort sans exemption")
    if kind == "bye_random":
        return gettext(
            "exempt : dernier du tirage au sort parmi les moins exemptés (%(n)s fois)"
        ) % {"n": n[0]}
    if kind == "bye_pool":
        return gettext("exempt : poule %(pool)s de trois équipes") % {"pool": _letter(n[0])}
    if kind == "bye_pool_absent":
        return gettext("exempt : son adversaire de la poule %(pool)s est absent") % {
            "pool": _letter(n[0])
        }
    # "swap", the only kind left (REASON_KINDS).
    return gettext(
        "modifié à la main : l'équipe n° %(in)s a pris la place de l'équipe n° %(out)s"
    ) % {"in": n[0], "out": n[1]}


def is_hand_change(reason: Mapping[str, Any] | None) -> bool:
    """Whether the table was changed by hand after the draw."""
    parsed = Reason.from_json(reason)
    return parsed is not None and parsed.kind == "swap"


def apart_said(groups: str, *, same_club: bool) -> str:
    """« Rencontres à éviter au tirage : Famille Martin (n° 1, 9) ; deux
    équipes du même club. » ("" when none): the organizer's groups (one a
    line, the name before the colon) and the club rule (issue 54, item 4)."""
    parts = []
    for line in groups.splitlines():
        if not line.strip():
            continue
        name = line.rpartition(":")[0].strip()
        numbers = gettext("n° %(numbers)s") % {"numbers": ", ".join(map(str, numbers_of(line)))}
        parts.append(f"{name} ({numbers})" if name else numbers)
    if same_club:
        parts.append(gettext("deux équipes du même club"))
    if not parts:
        return ""
    return gettext("Rencontres à éviter au tirage : %(what)s.") % {"what": " ; ".join(parts)}
