"""The sentence of each reason of the draw, in French and in English."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.display.reasons import apart_said, is_hand_change, reason_sentence
from tournaments.domain.reasons import REASON_KINDS, Reason

CASES = [
    (Reason("random"), "tirage au sort", "random draw"),
    (
        Reason("random_moved", (3, 4)),
        "tirage au sort ; le 3e et le 4e tirés s'étaient déjà rencontrés : revanche évitée",
        "random draw; the 3rd and the 4th drawn had already met: rematch avoided",
    ),
    (
        Reason("random_rematch"),
        "tirage au sort ; revanche inévitable",
        "random draw; rematch unavoidable",
    ),
    (Reason("ranking", (1, 2)), "1er contre 2e", "1st against 2nd"),
    (
        Reason("random_avoided", (3, 4)),
        "tirage au sort ; le 3e et le 4e tirés ne devaient pas se rencontrer "
        "(même club, famille ou couple) : rencontre évitée",
        "random draw; the 3rd and the 4th drawn were not to meet (same club, family or couple): "
        "meeting avoided",
    ),
    (
        Reason("random_prohibited"),
        "tirage au sort ; rencontre à éviter (même club, famille ou couple) inévitable",
        "random draw; a meeting to avoid (same club, family or couple) could not be avoided",
    ),
    (
        Reason("ranking_avoided", (1, 3, 1, 2)),
        "1er contre 3e : le 1er et le 2e ne devaient pas se rencontrer "
        "(même club, famille ou couple)",
        "1st against 3rd: the 1st and the 2nd were not to meet (same club, family or couple)",
    ),
    (
        Reason("ranking_prohibited", (1, 2)),
        "1er contre 2e : rencontre à éviter (même club, famille ou couple) inévitable",
        "1st against 2nd: a meeting to avoid (same club, family or couple) could not be avoided",
    ),
    (
        Reason("ranking_moved", (2, 3, 1, 2)),
        "2e contre 3e : le 1er a déjà rencontré le 2e",
        "2nd against 3rd: the 1st has already met the 2nd",
    ),
    (
        Reason("ranking_rematch", (1, 2)),
        "1er contre 2e : revanche inévitable",
        "1st against 2nd: rematch unavoidable",
    ),
    (
        Reason("rotation", (3,)),
        "rotation : la paire Est-Ouest avance d'une table (elle était à la table 3)",
        "rotation: the East-West pair moves on one table (it was at table 3)",
    ),
    (
        Reason("rotation_first"),
        "rotation : premier placement, équipes prises dans l'ordre",
        "rotation: first seating, teams taken in order",
    ),
    (
        Reason("rotation_filled"),
        "rotation : place libérée reprise (arrivée, absence ou exemption)",
        "rotation: a freed seat taken again (arrival, absence or bye)",
    ),
    (Reason("pool", (1, 2)), "poule A, match 2", "pool A, match 2"),
    (
        Reason("bye_ranking", (0,)),
        "exempt : dernier au classement sans exemption",
        "bye: last in the ranking without a bye",
    ),
    (
        Reason("bye_ranking", (1,)),
        "exempt : dernier au classement parmi les moins exemptés (1 fois)",
        "bye: last in the ranking among the teams with the fewest byes (1)",
    ),
    (
        Reason("bye_random", (0,)),
        "exempt : dernier du tirage au sort sans exemption",
        "bye: last of the random draw without a bye",
    ),
    (Reason("bye_pool", (2,)), "exempt : poule B de trois équipes", "bye: pool B has three teams"),
    (
        Reason("bye_pool_absent", (1,)),
        "exempt : son adversaire de la poule A est absent",
        "bye: its opponent in pool A is absent",
    ),
    (
        Reason("swap", (7, 3)),
        "modifié à la main : l'équipe n° 7 a pris la place de l'équipe n° 3",
        "changed by hand: team no. 7 took the place of team no. 3",
    ),
]


@pytest.mark.parametrize(("reason", "french", "english"), CASES)
def test_each_reason_reads_as_a_short_sentence(reason, french, english):
    with translation.override("fr"):
        assert reason_sentence(reason) == french
        assert reason_sentence(reason.to_json()) == french  # as stored on a table
    with translation.override("en"):
        assert reason_sentence(reason) == english


def test_every_kind_has_its_sentence_and_an_unknown_one_says_nothing():
    assert {case[0].kind for case in CASES} == set(REASON_KINDS)
    assert reason_sentence({}) == "" and reason_sentence(None) == ""
    assert reason_sentence({"kind": "coin", "numbers": []}) == ""


def test_only_a_swap_is_a_change_by_hand():
    assert is_hand_change({"kind": "swap", "numbers": [1, 2]})
    assert not is_hand_change({"kind": "random", "numbers": []})
    assert not is_hand_change({})


@pytest.mark.parametrize(
    ("reason", "public"),
    [
        (Reason("random_avoided", (3, 4)), "tirage au sort"),
        (Reason("random_prohibited"), "tirage au sort"),
        (Reason("ranking_avoided", (3, 5, 3, 4)), "3e contre 5e"),
        (Reason("ranking_prohibited", (3, 4)), "3e contre 4e"),
        (Reason("random_moved", (3, 4)), CASES[1][1]),
    ],
)
def test_a_public_page_never_says_a_pair_was_kept_apart(reason, public):
    """Issue 51: with the seed or the ranking, « le 3e et le 4e ne devaient
    pas se rencontrer » names a family; the public reads the plain draw's."""
    with translation.override("fr"):
        assert reason_sentence(reason.to_json(), public=True) == public
        assert "famille" in reason_sentence(reason.to_json()) or reason.kind == "random_moved"


@pytest.mark.parametrize(
    ("groups", "same_club", "said"),
    [
        ("", False, ""),
        (
            "Famille Martin : 1, 9",
            False,
            "Rencontres à éviter au tirage : Famille Martin (n° 1, 9).",
        ),
        (
            "Famille Martin : 1, 9\n\n3 et 4",
            True,
            "Rencontres à éviter au tirage : Famille Martin (n° 1, 9) ; n° 3, 4 ; "
            "deux équipes du même club.",
        ),
    ],
)
def test_what_a_draw_keeps_apart_is_said_in_one_line(groups, same_club, said):
    """Issue 54, item 4: the volunteer could not tell whether the rule acted."""
    with translation.override("fr"):
        assert apart_said(groups, same_club=same_club) == said
