"""The club's count by example (scoring.examples): each question's typical
deal marked under each value of its option, by the engine, for the form
that asks a club how it counts (issue 37, item 3)."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import scoring
from scoring import PRESETS, Rules, examples
from scoring.examples import QUESTIONS, answers, questions_for

FA = "contree-faits-annonces"


@pytest.mark.parametrize(
    ("preset", "key", "expected"),
    [
        # « Une coinche chutée à 90 : combien pour la défense ? » 500 or 340.
        (
            FA,
            "coinche_chute",
            [("multiplied", 500), ("contract_only", 340), ("points_multiplied", 500)],
        ),
        (
            FA,
            "coinche_made",
            # the fourth counts on the chute base: 160 here, so 500 again
            [
                ("multiplied", 500),
                ("contract_only", 340),
                ("points_multiplied", 380),
                ("multiplied", 500),
            ],
        ),
        (FA, "capot_bid_failed", [(500, 500), ("chute", 410)]),
        (
            "ffb-coinche",
            "coinche_chute",
            [("multiplied", 500), ("contract_only", 340), ("points_multiplied", 500)],
        ),
        (
            "ffb-coinche",
            "coinche_made",
            # the fourth counts on the chute base: 160 here, so 500 again
            [
                ("multiplied", 500),
                ("contract_only", 340),
                ("points_multiplied", 380),
                ("multiplied", 500),
            ],
        ),
        (
            "contree-faits",
            "coinche_made",
            [
                ("multiplied", 320),
                ("contract_only", 320),
                ("points_multiplied", 200),
                ("multiplied", 320),
            ],
        ),
        ("contree-faits", "capot_bid_failed", [(500, 500), ("chute", 160)]),
        (
            "contree-annonces",
            "coinche_made",
            [("multiplied", 180), ("contract_only", 180), ("points_multiplied", 180)],
        ),
        # « Une donne réussie à 80, 97 contre 65 : combien pour la défense ? »
        ("ffb-coinche", "rounding", [("none", 65), ("nearest", 70), ("complement", 60)]),
        ("contree-annonces", "rounding", [("none", 0), ("nearest", 0), ("complement", 0)]),
        # surcoinched 90 made with 100: 4 × (160 + 90), or 4 × (162 + 90) = 1008 → 1010
        ("ffb-coinche", "coinche_base", [(160, 1000), ("chute_base", 1010)]),
        ("contree-faits", "coinche_base", [(160, 640), ("chute_base", 650)]),
        # with the takers' marque multiplied (not here): the defence's 70 whatever
        (
            "ffb-coinche",
            "coinche_defence",
            [("own", 0), ("zero", 0), ("multiplied", 0), ("product_rounded", 0)],
        ),
        # a capot bid made: 502 → 500 rounded either way
        ("ffb-coinche", "capot_bid_marque", [("points", 500), ("flat", 500)]),
        # points annoncés, 80 chuted: 160, or the contract
        ("contree-annonces", "annonces_chute", [(160, 160), ("bid", 80)]),
    ],
)
def test_each_answer_is_the_engines_marque_of_the_typical_deal(
    preset: str, key: str, expected: list
) -> None:
    found = answers(PRESETS[preset], key)
    assert [(answer.value, answer.marque) for answer in found] == expected


def test_an_answer_keeps_the_profile_its_version_and_the_other_options() -> None:
    rules = Rules.from_preset(FA, 1, surcoinche_factor=3)
    for answer in answers(rules, "coinche_chute"):
        assert (answer.rules.version, answer.rules.surcoinche_factor) == (1, 3)
        assert answer.rules.coinche_count == answer.value


def test_the_answers_say_which_preset_they_make() -> None:
    chute = {a.value: a.rules.preset_match() for a in answers(PRESETS[FA], "coinche_chute")}
    assert chute == {"multiplied": (FA, 2), "contract_only": None, "points_multiplied": None}


def test_the_questions_a_counting_asks() -> None:
    keys = {name: [q.key for q in questions_for(rules)] for name, rules in PRESETS.items()}
    first = ["rounding", "chute_base", "coinche_chute", "coinche_made"]
    contree = [*first, "coinche_defence", "coinche_base"]
    capots = ["capot_bonus", "capot_bid_coinched"]  # issue 62
    assert keys == {
        "ffb-belote": ["classic_made", "classic_capot"],
        "ffb-coinche": [*contree, "capot_bid_marque", *capots],
        "contree-faits-annonces": [*contree, "capot_bid_failed", *capots],
        "contree-faits": [*contree, "capot_bid_failed", "capot_bonus"],
        "contree-annonces": [*first, "capot_bid_failed", "annonces_chute", "annonces_belote"],
    }
    assert len(QUESTIONS) == 14
    with pytest.raises(ValueError):
        answers(PRESETS["ffb-belote"], "coinche_chute")
    with pytest.raises(ValueError):
        answers(PRESETS["ffb-coinche"], "capot_bid_failed")


def asked_keys(rules: Rules, chosen: dict[str, int]) -> list[str]:
    return [asked.question.key for asked in examples.walk(rules, chosen)[1]]


COINCHE_ASKS = ["rounding", "coinche_chute", "coinche_made", "coinche_base"]
CAPOTS = ["capot_bonus", "capot_bid_coinched"]


@pytest.mark.parametrize(
    ("preset", "chosen", "keys"),
    [
        # a preset asks what its marques may differ on, nothing more
        ("ffb-coinche", {}, [*COINCHE_ASKS, *CAPOTS]),
        (
            "contree-faits",
            {},
            ["rounding", "coinche_made", "coinche_base", "capot_bid_failed", "capot_bonus"],
        ),
        ("contree-annonces", {}, ["annonces_chute", "annonces_belote"]),
        ("ffb-belote", {}, ["classic_made", "classic_capot"]),
        # the takers' marque multiplied: then the defence's, and no base
        (
            "ffb-coinche",
            {"coinche_made": 380},
            ["rounding", "coinche_chute", "coinche_made", "coinche_defence", *CAPOTS],
        ),
        # the contract alone multiplied: no base either, rounded
        (
            "ffb-coinche",
            {"coinche_chute": 340},
            ["rounding", "coinche_chute", "coinche_made", *CAPOTS],
        ),
        # au point près: the chute base, and how a capot bid made is marked
        (
            "ffb-coinche",
            {"rounding": 65},
            ["rounding", "chute_base", *COINCHE_ASKS[1:], "capot_bid_marque", *CAPOTS],
        ),
    ],
)
def test_an_answer_opens_the_questions_it_makes_matter(
    preset: str, chosen: dict[str, int], keys: list[str]
) -> None:
    assert asked_keys(PRESETS[preset], chosen) == keys


def paths(rules: Rules, chosen: dict[str, int] | None = None):
    """Every set of answers a form offers, question after question."""
    chosen = chosen or {}
    _, asked, _ = examples.walk(rules, chosen)
    pending = next((a for a in asked if a.question.key not in chosen), None)
    if pending is None:
        yield chosen
        return
    for answer in pending.offered:
        yield from paths(rules, {**chosen, pending.question.key: answer.marque})


@pytest.mark.parametrize("preset", list(scoring.PRESETS))
def test_the_rules_the_answers_make_mark_every_question_as_answered(preset: str) -> None:
    # Every path of answers: the profile it makes marks each answered
    # question's deal with the marque chosen, or the answer is refused.
    rules = PRESETS[preset]
    found = 0
    for chosen in paths(rules):
        profile, conflicts = examples.profile_for(rules, chosen)
        for key, wanted in chosen.items():
            if key not in conflicts:
                assert examples.marque(profile, key) == wanted, (chosen, key)
        found += not conflicts
    assert found >= 1


@pytest.mark.parametrize(
    ("preset", "option", "value"),
    [
        ("contree-annonces", "annonces_chute", "bid"),
        ("ffb-coinche", "coinche_defence", "zero"),
        ("ffb-coinche", "coinche_defence", "multiplied"),
        ("contree-faits", "coinche_defence", "multiplied"),
        ("ffb-coinche", "coinche_base", "chute_base"),
        ("contree-faits-annonces", "coinche_base", "chute_base"),
        ("ffb-coinche", "capot_bid_marque", "flat"),
        ("ffb-coinche", "rounding", "none"),
        ("contree-faits-annonces", "coinche_count", "contract_only"),
        ("contree-faits", "capot_bid_failed", "chute"),
    ],
)
def test_every_club_count_is_reached_by_example(preset: str, option: str, value) -> None:
    rules = PRESETS[preset]
    reached = [
        profile
        for chosen in paths(rules)
        for profile, conflicts in [examples.profile_for(rules, chosen)]
        if not conflicts and getattr(profile, option) == value
    ]
    assert reached


def test_a_marque_no_count_gives_with_the_answers_before_it_is_refused_at_it() -> None:
    rules = PRESETS["ffb-coinche"]
    for chosen, wrong in [
        ({"coinche_chute": 340, "coinche_made": 500}, ["coinche_made"]),
        ({"coinche_chute": 340, "coinche_made": 380}, ["coinche_made"]),
        ({"coinche_base": 1008}, ["coinche_base"]),  # 1008 only au point près
        ({"rounding": 64}, ["rounding"]),
    ]:
        profile, conflicts = examples.profile_for(rules, chosen)
        assert conflicts == wrong
        assert profile.coinche_count == "multiplied" or chosen.get("coinche_chute") == 340


def _leaves(rules: Rules) -> list[Rules]:
    """Every profile the answers' path may make of ``rules`` (each question
    answered with each marque it offers, in order)."""
    found = []

    def visit(chosen: dict[str, int]) -> None:
        profile, asked, _ = examples.walk(rules, chosen)
        pending = next((a for a in asked if a.question.key not in chosen), None)
        if pending is None:
            found.append(profile)
            return
        for answer in pending.offered:
            visit({**chosen, pending.question.key: answer.marque})

    visit({})
    return found


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_question_asked_on_its_own_depends_on_no_other_answer(preset):
    """La générale is asked beside the answers' path, once (issue 62): under
    every profile the path may make, its values mark its deal as under the
    preset, and none of them changes the marque of a question on the path."""
    rules = PRESETS[preset]
    for question in examples.ON_THEIR_OWN:
        own = [(value, marque) for value, _, marque in examples.own_answers(rules, question.key)]
        for leaf in _leaves(rules):
            found = examples.own_answers(leaf, question.key)
            assert [(value, marque) for value, _, marque in found] == own, leaf.overrides()
            for value, profile, _ in found:
                for key in (q.key for q in questions_for(leaf)):
                    assert examples.marque(profile, key) == examples.marque(leaf, key), (key, value)


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        # A générale bid and failed, uncoinched: to the defence, not played (the engine
        # refuses the bid), 500 (« flat ») or 160 + 500 (« contract »): the sources' numbers.
        ("ffb-coinche", [("off", None), ("flat", 500), ("contract", 660)]),
        ("contree-faits", [("off", None), ("flat", 500), ("contract", 660)]),
        ("contree-annonces", [("off", None), ("flat", 500), ("contract", 660)]),
        ("ffb-belote", []),  # no bids, no générale
    ],
)
def test_la_generale_asked_by_its_marques(preset, expected):
    found = examples.own_answers(PRESETS[preset], "generale")
    assert [(value, marque) for value, _, marque in found] == expected


# X4 (issue 62): the capot's value, 250 or its 252 card points, shown by the deal whose
# marque the two values change under the answers; the sources' 342, 502 and 752 among them.
CAPOT_VALUE_CASES = [
    # (options, the example's deal, its marque with 250, with 252)
    ({}, "capot_value_bid_surcoinched", 2000, 2010),  # 4 × 502 = 2 008 → 2 010
    ({"rounding": "none"}, "capot_value_bid", 1000, 1004),
    ({"rounding": "none", "coinche_count": "contract_only"}, "capot_value_bid", 750, 752),
    ({"rounding": "none", "capot_bid_coinched": "contract_only"}, "capot_value_not_bid", 700, 704),
    ({"capot_bid_coinched": "contract_only"}, "capot_value_not_bid_surcoinched", 1400, 1410),
    ({"rounding": "none", "chute_capot": "full"}, "capot_value_defence", 340, 342),
    ({"coinche_count": "points_multiplied"}, None, None, None),  # no capot counts its value
    (
        {"rounding": "none", "capot_bid_coinched": "contract_only", "capot_bonus": False},
        None,
        None,
        None,
    ),
]


def _engine(lines: list[tuple[dict, dict]]) -> list[dict]:
    """``python -m scoring deal`` in a subprocess: each (deal, rules) line's marques."""
    root = Path(__file__).resolve().parents[2]
    stdin = "\n".join(json.dumps({**deal, "rules": rules}) for deal, rules in lines)
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "deal"],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        timeout=120,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.mark.parametrize(("options", "key", "with_250", "with_252"), CAPOT_VALUE_CASES)
def test_the_capot_value_is_shown_by_the_deal_its_2_points_change(options, key, with_250, with_252):
    rules = PRESETS["ffb-coinche"].with_options(**options)
    example = examples.capot_value_example(rules)
    if key is None:
        assert example is None
        return
    question, found = example
    assert question.key == key
    assert [(a.value, a.marque) for a in found] == [(250, with_250), (252, with_252)]
    engine = _engine(
        [
            (question.deal, {"preset": "ffb-coinche", **options, "capot_value": v})
            for v in (250, 252)
        ]
    )
    assert [line[question.side] for line in engine] == [with_250, with_252]


def test_after_a_failed_capot_bid_the_defence_capot_is_502():
    """The source's 502 (a capot bid, the defence takes the eight tricks, the chute capot
    counted « valeur du capot », to the point), by the engine."""
    deal = examples.CAPOT_VALUE_DEALS[-1].deal
    rules = {"preset": "ffb-coinche", "rounding": "none", "chute_capot": "full"}
    engine = _engine([(deal, {**rules, "capot_value": v}) for v in (250, 252)])
    assert [line["B"] for line in engine] == [500, 502]


def test_no_capot_value_is_asked_where_the_counting_does_not_play_it():
    for preset in ("ffb-belote", "contree-faits", "contree-annonces", FA):
        assert examples.capot_value_example(PRESETS[preset]) is None


def _capot_deals() -> list[dict]:
    """Deals of every kind a capot's value may reach: each bid's tens alike, a capot bid,
    plain, coinched, surcoinched, made, chuted or capot either way, belotes, announcements."""
    found = []
    for bid, coinche, end, belote, shown in itertools.product(
        [80, 90, 100, 160, "capot"],
        [0, 1, 2],
        [{"capot": "A"}, {"capot": "B"}, {"points": {"A": 40}}, {"points": {"A": 130}}],
        [None, "A", "B"],
        [None, {"A": 20, "B": 0}, {"A": 0, "B": 50}],
    ):
        deal = _h_deal(bid=bid, coinche=coinche, **end)
        if belote:
            deal["belote"] = {belote: 1}
        if shown:
            deal["announcement_points"] = shown
        found.append(deal)
    return found


def _h_deal(**fields):
    return {"taker": "A", "trump": "H", **fields}


def _seen(rules: Rules):
    example = examples.capot_value_example(rules)
    return None if example is None else (example[0].key, [a.marque for a in example[1]])


def test_on_every_answer_path_the_capot_value_is_shown_where_it_changes_a_marque_only():
    """Every profile the answers' path makes at coinche FFB (320): where an example is
    given, it is the engine's and its two marques differ; where none is, 250 or 252 marks
    no deal differently (675 deals of every kind a capot reaches), and la générale's
    answer, asked beside it, changes neither."""
    deals = _capot_deals()
    shown = 0
    for leaf in _leaves(PRESETS["ffb-coinche"]):
        example = examples.capot_value_example(leaf)
        for generale in ("flat", "contract"):
            assert _seen(leaf.with_options(generale=generale)) == _seen(leaf)
        if example is not None:
            shown += 1
            question, found = example
            for answer in found:
                score = scoring.score_deal(
                    question.deal, leaf.with_options(capot_value=answer.value)
                )
                assert answer.marque == (score.a if question.side == "A" else score.b)
            assert found[0].marque != found[1].marque
            continue
        other = leaf.with_options(capot_value=252)
        for deal in deals:
            assert scoring.score_deal(deal, leaf) == scoring.score_deal(deal, other), deal
    assert 0 < shown < len(_leaves(PRESETS["ffb-coinche"]))  # 168 of 320 on 27 Nov 2026
