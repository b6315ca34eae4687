"""« Nouveau tournoi » (issues 37 item 3 and 38 item 8): the first screen
asks only what a concours needs, and the club's count of a coinche by
example, each answer marked by the engine; the answers make the profile,
named by its preset when they match one."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

import scoring
from scoring import examples
from tournaments.display.counts import (
    CAPOT_VALUE_TEXTS,
    count_form,
    count_questions,
    profile_name,
)
from tournaments.forms.new_tournament import NewTournamentForm, count_field_name
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

FIRST = {"name": "Coinche d'hiver", "date": "2026-12-05", "parties": 4, "end_deals": 12}


def post(client, preset: str, **answers: int):
    data = {**FIRST, "preset": preset}
    data.update({count_field_name(preset, key): marque for key, marque in answers.items()})
    return client.post(reverse("tournaments:create"), data)


# (preset, answers as marques, coinche_count, capot_bid_failed, preset matched)
ANSWERS = [
    ("ffb-coinche", {}, "multiplied", "chute", ("ffb-coinche", 1)),
    ("ffb-coinche", {"coinche_chute": 500, "coinche_made": 500}, "multiplied", "chute", True),
    ("ffb-coinche", {"coinche_chute": 340, "coinche_made": 340}, "contract_only", "chute", None),
    (
        "ffb-coinche",
        {"coinche_chute": 500, "coinche_made": 380},
        "points_multiplied",
        "chute",
        None,
    ),
    ("contree-faits-annonces", {"capot_bid_failed": 410}, "multiplied", "chute", None),
    ("contree-faits-annonces", {"capot_bid_failed": 500}, "multiplied", 500, True),
    (
        "contree-faits-annonces",
        {"coinche_chute": 340, "coinche_made": 340, "capot_bid_failed": 410},
        "contract_only",
        "chute",
        None,
    ),
    ("contree-faits", {"coinche_made": 200}, "points_multiplied", 500, None),
    ("contree-faits", {"capot_bid_failed": 160}, "multiplied", "chute", None),
    ("ffb-belote", {}, "multiplied", "chute", ("ffb-belote", 1)),
]


@pytest.mark.parametrize(("preset", "answers", "count", "capot", "matched"), ANSWERS)
def test_the_answers_make_the_profile(client, organizer, preset, answers, count, capot, matched):
    client.force_login(organizer)
    response = post(client, preset, **answers)
    assert response.status_code == 302, response.content.decode()[:2000]
    rules = Tournament.objects.get(name=FIRST["name"]).rule_profile
    assert (rules.preset, rules.coinche_count, rules.capot_bid_failed) == (preset, count, capot)
    if matched is True:
        assert rules.preset_match() == (preset, scoring.PRESETS[preset].version)
    elif matched is None:
        assert rules.preset_match() is None
    else:
        assert rules.preset_match() == matched


@pytest.mark.parametrize(
    ("answers", "wrong"),
    [
        ({"coinche_chute": 340, "coinche_made": 500}, "coinche_made"),
        ({"coinche_chute": 340, "coinche_made": 380}, "coinche_made"),
        ({"coinche_chute": 500, "coinche_made": 340}, "coinche_made"),
    ],
)
def test_answers_no_count_gives_together_are_refused_at_the_field(
    client, organizer, answers, wrong
):
    client.force_login(organizer)
    response = post(client, "ffb-coinche", **answers)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == [count_field_name("ffb-coinche", wrong)]
    assert "Aucun compte ne donne cette marque" in response.content.decode()
    assert not Tournament.objects.filter(name=FIRST["name"]).exists()


@pytest.mark.parametrize("preset", list(scoring.PRESETS))
def test_each_choice_is_the_marque_the_engine_gives_its_typical_deal(preset):
    # Along the answers in force, each choice is the engine's marque of the
    # question's deal under one of the counts it offers; the field offers
    # every marque the answers may open.
    rules = scoring.Rules.from_preset(preset)
    form = NewTournamentForm()
    for question in count_questions(rules):
        asked = examples.QUESTIONS_BY_KEY[question.key]
        marques = [a.marque for a in examples.answers(rules, question.key)]
        assert [c.marque for c in question.choices] == list(dict.fromkeys(marques))
        field = form.fields[count_field_name(preset, question.key)]
        offered = [int(value) for value, _ in field.choices]
        assert set(offered) >= set(marques)
        assert field.initial == str(examples.marque(rules, asked.key))  # the preset's own


def test_the_club_questions_in_the_clubs_words():
    rules = scoring.Rules.from_preset("ffb-coinche")
    rounding, chute, made, base, capot, capot_bid = count_questions(rules)
    assert chute.text == "Une coinche chutée à 90 : combien pour la défense ?"
    assert [(c.marque, c.label()) for c in chute.choices] == [
        (500, "2 × [160 (chute) + 90 (contrat)] = 500"),
        (340, "160 (chute) + 2 × 90 (contrat) = 340"),
    ]
    assert [c.marque for c in made.choices] == [500, 340, 380]
    assert [(c.marque, c.caption) for c in rounding.choices] == [
        (65, "au point près"),
        (70, "à la dizaine la plus proche"),
        (60, "complément à 160"),
    ]
    assert [c.label() for c in base.choices] == [
        "4 × [160 (base) + 90 (contrat)] = 1\u202f000",
        "4 × [162 (base) + 90 (contrat)] = 1\u202f008, arrondi à 1\u202f010",
    ]
    # issue 62: a capot not bid, and a capot bid coinched
    assert [c.label() for c in capot.choices] == [
        "252 + 100 (contrat) = 352, arrondi à 350",
        "162 + 100 (contrat) = 262, arrondi à 260 — sans prime de capot",
    ]
    assert [c.label() for c in capot_bid.choices] == [
        "2 × [250 (capot) + 250 (capot demandé)] = 1\u202f000",
        "160 (base) + 2 × 250 (capot demandé) = 660 — formule atténuée",
    ]
    # classic belote asks its own two; points annoncés how a chute is counted, and the belote
    made_82, capot_250 = count_questions(scoring.Rules.from_preset("ffb-belote"))
    assert [c.label() for c in made_82.choices] == ["0", "90 — 82 points suffisent"]
    assert [c.label() for c in capot_250.choices] == [
        "252",
        "250 (capot) — 250 pour l'équipe capot",
    ]
    chute, belote = count_questions(scoring.Rules.from_preset("contree-annonces"))
    assert [c.label() for c in chute.choices] == [
        "160 (chute)",
        "80 (contrat) — l'équipe qui chute donne le contrat",
    ]
    assert [c.label() for c in belote.choices] == ["0", "20 (belote) — la belote est marquée"]


def test_the_questions_an_answer_opens_follow_it():
    rules = scoring.Rules.from_preset("ffb-coinche")
    au_point = [q.key for q in count_questions(rules, {"rounding": 65})]
    assert au_point[-3] == "capot_bid_marque" and "chute_base" in au_point
    (capot,) = [q for q in count_questions(rules, {"rounding": 65}) if q.key == au_point[-3]]
    assert [c.label() for c in capot.choices] == [
        "252 + 250 (capot demandé) = 502",
        "500 (capot demandé)",
    ]
    multiplied = count_questions(rules, {"coinche_made": 380})
    assert [c.label() for c in multiplied[-3].choices] == [
        "70 — la défense garde sa marque",
        "0 — la défense ne marque rien",
        "2 × 70 (marque sans coinche) = 140",
    ]


def test_the_profile_is_named_by_its_preset_when_it_matches_one():
    rules = scoring.Rules.from_preset("ffb-coinche")
    assert profile_name(rules) == "Coinche FFB, version 1"
    club = rules.with_options(coinche_count="contract_only")
    assert profile_name(club) == "Coinche FFB, compte du club : contrat seul multiplié"
    names = json.loads(count_form(rules).tree)["names"]
    capots = "|capot_bonus=350|capot_bid_coinched=1000"
    assert names[f"|rounding=70|coinche_chute=500|coinche_made=500|coinche_base=1000{capots}"] == (
        "Coinche FFB, version 1"
    )
    assert names[
        "|rounding=70|coinche_chute=340|coinche_made=340|capot_bonus=350|capot_bid_coinched=750"
    ] == ("Coinche FFB, compte du club : contrat seul multiplié")
    assert (
        names[
            "|rounding=70|coinche_chute=340|coinche_made=500|capot_bonus=350|capot_bid_coinched=750"
        ]
        == ""
    )
    assert (
        names[
            "|rounding=65|chute_base=250|coinche_chute=500|coinche_made=500|coinche_base=1000"
            "|capot_bid_marque=500|capot_bonus=352|capot_bid_coinched=1000"
        ]
        == "Coinche FFB, compte du club : au point près, capot demandé réussi : 500"
    )
    assert names[
        "|rounding=70|coinche_chute=500|coinche_made=500|coinche_base=1000"
        "|capot_bonus=260|capot_bid_coinched=660"
    ] == (
        "Coinche FFB, compte du club : capot demandé coinché : 160 + 250 × 2, "
        "capot non demandé : 162 + contrat"
    )
    annonces = json.loads(count_form(scoring.Rules.from_preset("contree-annonces")).tree)
    assert annonces["names"]["|annonces_chute=80|annonces_belote=0"] == (
        "Contrée — points annoncés, compte du club : chute : le contrat à la défense"
    )
    assert annonces["names"]["|annonces_chute=160|annonces_belote=20"] == (
        "Contrée — points annoncés, compte du club : belote marquée"
    )
    classic = json.loads(count_form(scoring.Rules.from_preset("ffb-belote")).tree)
    assert classic["names"]["|classic_made=90|classic_capot=250"] == (
        "Belote classique FFB, compte du club : capot : 250, contrat : 82 points"
    )


def test_the_first_screen_asks_only_what_a_concours_needs(client, organizer):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:create")).content.decode()
    for name in ("name", "date", "venue", "preset", "parties", "end_deals"):
        assert f'name="{name}"' in page
    for name in ("criterion_1", "bye_policy", "claims_window", "rule_rounding", "score_entry"):
        assert f'name="{name}"' not in page
    assert "Une coinche chutée à 90 : combien pour la défense ?" in page


@pytest.mark.parametrize(
    ("preset", "answer", "generale"),
    [
        ("ffb-coinche", None, "off"),
        ("ffb-coinche", "flat", "flat"),
        ("ffb-coinche", "contract", "contract"),
        ("contree-faits", "flat", "flat"),
    ],
)
def test_la_generale_is_chosen_by_example_on_its_own(client, organizer, preset, answer, generale):
    """Issue 62: « Nouveau tournoi » asks la générale beside the answers' path,
    each value with the engine's marque of a générale failed (non jouée, 500,
    160 + 500 = 660), with the other answers or without them."""
    client.force_login(organizer)
    page = client.get(reverse("tournaments:create")).content.decode()
    assert "Un joueur annonce la générale" in page and "= 660 — contrat de 500" in page
    data = {count_field_name(preset, "generale"): answer} if answer else {}
    if preset == "ffb-coinche" and answer == "contract":
        data[count_field_name(preset, "coinche_chute")] = 340  # with an answer on the path
        data[count_field_name(preset, "coinche_made")] = 340
    response = client.post(reverse("tournaments:create"), {**FIRST, "preset": preset, **data})
    assert response.status_code == 302, response.content.decode()[:2000]
    rules = Tournament.objects.get(name=FIRST["name"]).rule_profile
    assert rules.generale == generale
    if answer == "contract":
        assert rules.coinche_count == "contract_only"


def test_a_generale_answer_no_rules_know_is_refused_at_its_field(client, organizer):
    client.force_login(organizer)
    name = count_field_name("ffb-coinche", "generale")
    response = client.post(
        reverse("tournaments:create"), {**FIRST, "preset": "ffb-coinche", name: "1000"}
    )
    assert response.status_code == 200
    assert list(response.context["form"].errors) == [name]
    assert not Tournament.objects.filter(name=FIRST["name"]).exists()


def _leaf_rules(rules: scoring.Rules, path: str) -> scoring.Rules:
    """The profile a full path of the answers' tree (« |key=marque|… ») makes."""
    chosen = {k: int(v) for k, v in (step.split("=") for step in path.split("|")[1:])}
    return examples.profile_for(rules, chosen)[0]


@pytest.mark.parametrize("preset", sorted(scoring.PRESETS))
def test_the_capot_value_example_at_every_answer_path_is_the_engines(preset):
    """X4 (issue 62): the path's data the page carries gives, at each full path of the
    answers, the deal whose marque 250 and 252 change under the rules those answers make,
    with the engine's marques (python -m scoring deal, in a subprocess), or « - » where no
    marque changes; only the coinche plays the option."""
    from tests.scoring.test_examples import _engine

    rules = scoring.Rules.from_preset(preset)
    tree = json.loads(count_form(rules).tree)
    if rules.counting != "coinche":
        assert "by_path" not in tree
        return
    shown, at = tree["by_path"]["capot_value"]
    paths = list(tree["names"])
    assert len(at) == len(paths)  # 320 at coinche FFB on 27 Nov 2026
    texts = {str(text): key for key, text in CAPOT_VALUE_TEXTS.items()}
    deals = {q.key: q for q in examples.CAPOT_VALUE_DEALS}
    lines, expected = [], []
    for path, index in zip(paths, at, strict=True):
        leaf = _leaf_rules(rules, path)
        if index == "-":
            assert examples.capot_value_example(leaf) is None, path
            continue
        text, with_250, with_252 = shown[int(index, 36)]
        question = deals[texts[text]]
        assert question is examples.capot_value_example(leaf)[0], path
        for value in (250, 252):
            lines.append((question.deal, leaf.with_options(capot_value=value).to_json()))
        expected += [(question.side, with_250[0]), (question.side, with_252[0])]
        assert with_250[0] != with_252[0]
        assert "250 (capot)" in with_250[1] and "252 (capot)" in with_252[1]
    engine = _engine(lines)
    assert [str(line[side]) for line, (side, _) in zip(engine, expected, strict=True)] == [
        figure for _, figure in expected
    ]
    assert 0 < at.count("-") < len(at)  # 152: points multipliés, contract only rounded...


@pytest.mark.parametrize(
    ("answers", "capot_value"),
    [
        ({}, 250),
        ({"capot_value": 252}, 252),
        ({"capot_value": 250}, 250),
        # with answers on the path: au point près, a coinched capot bid is 1 000 or 1 004
        ({"rounding": 65, "chute_base": 250, "capot_value": 252}, 252),
    ],
)
def test_the_capot_value_is_chosen_by_example(client, organizer, answers, capot_value):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:create")).content.decode()
    assert "La valeur d&#x27;un capot : 250, ou ses 252 points de cartes ?" in page
    assert "Un capot demandé, surcoinché et réussi, sans belote" in page
    assert "= 2\u202f008, arrondi à 2\u202f010 — le capot vaut ses 252 points de cartes" in page
    response = post(client, "ffb-coinche", **answers)
    assert response.status_code == 302, response.content.decode()[:2000]
    rules = Tournament.objects.get(name=FIRST["name"]).rule_profile
    assert rules.capot_value == capot_value
    if "rounding" in answers:
        assert rules.rounding == "none"


@pytest.mark.parametrize("forged", ["251", "abc", "250.0", "-252", "252 "])
def test_a_forged_capot_value_is_refused_at_its_field(client, organizer, forged):
    client.force_login(organizer)
    name = count_field_name("ffb-coinche", "capot_value")
    response = client.post(
        reverse("tournaments:create"), {**FIRST, "preset": "ffb-coinche", name: forged}
    )
    assert response.status_code == 200
    assert list(response.context["form"].errors) == [name]
    assert not Tournament.objects.filter(name=FIRST["name"]).exists()


def test_a_capot_value_posted_for_a_game_that_does_not_play_it_changes_nothing(client, organizer):
    client.force_login(organizer)
    name = count_field_name("contree-faits", "capot_value")
    response = client.post(
        reverse("tournaments:create"), {**FIRST, "preset": "contree-faits", name: "252"}
    )
    assert response.status_code == 302
    rules = Tournament.objects.get(name=FIRST["name"]).rule_profile
    assert rules.options() == scoring.PRESETS["contree-faits"].options()


def test_without_script_the_page_says_when_the_capot_value_changes_nothing(client, organizer):
    """The answers sent (points multipliés) count no capot at its value: the page, sent
    back with an error, says so; the value stays settable."""
    client.force_login(organizer)
    data = {
        **FIRST,
        "preset": "ffb-coinche",
        "name": "",
        count_field_name("ffb-coinche", "coinche_chute"): 500,
        count_field_name("ffb-coinche", "coinche_made"): 380,
    }
    response = client.post(reverse("tournaments:create"), data)
    assert response.status_code == 200
    block = response.content.decode().split('data-by-path="capot_value"')[1].split("</fieldset>")[0]
    assert "ne change aucune marque.</p>" in block and "data-same hidden" not in block
    assert 'value="252"' in block
