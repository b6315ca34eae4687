"""A table typed as totals only (`"entry": "totals"`) is checked from the
rules and the file alone (checker/typed.py), and any table's
penalty goes to one of its teams: each rule has a correct file that says
nothing (the typed points at the very edge the rules allow) and a tampered
one that says its sentence, in French and in English. The edges come from
the engine (scoring.bounds), hand-checked here for classic belote (822 a
deal: a capot, its belote and four carrés). Pure: no database."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from checker import replay, standing_rows
from checker.check import check
from checker.generate import small_concours
from checker.words import catalogue
from scoring.bounds import partie_bound

ENGLISH = catalogue("en")

Found = tuple[dict[str, Any], dict[str, Any], dict[str, Any]]


def typed_table(wanted: Callable[[dict, dict, dict], bool]) -> Found:
    """The first generated concours with a totals-only table that `wanted`
    accepts (doc, partie, table), and that table: the last qualifying partie
    of a concours without a final phase, so that its totals only change
    its own ranking."""
    for seed in range(3_000):
        doc = small_concours(seed)
        if doc["brackets"] or replay.is_melee(doc):
            continue
        last = max(doc["rounds"], key=lambda r: r["number"])
        for table in last["tables"]:
            if table["entry"] == "totals" and wanted(doc, last, table):
                return doc, last, table
    raise AssertionError("no generated concours fits")


def complete(preset: str | None = None, **more: Any) -> Callable[[dict, dict, dict], bool]:
    def wanted(doc: dict, rnd: dict, table: dict) -> bool:
        return (
            table["status"] == replay.COMPLETE
            and (preset is None or doc["rules"]["preset"] == preset)
            and all(doc["rules"].get(k) == v for k, v in more.items() if k != "end")
            and ("end" not in more or more["end"] in doc["end"])
        )

    return wanted


def typed_as(found: Found, a: int, b: int) -> dict:
    """The concours with the table's typed points (its totals without its
    penalties) set to a–b, its rankings recomputed (so that only the table
    can be wrong)."""
    doc = copy.deepcopy(found[0])
    rnd = next(r for r in doc["rounds"] if r["number"] == found[1]["number"])
    table = next(t for t in rnd["tables"] if t["number"] == found[2]["number"])
    pa, pb = replay.penalties(table)
    table["totals"] = {"A": a + pa, "B": b + pb}
    for each in doc["rounds"]:
        if each["standings"] is not None:
            each["standings"] = standing_rows(replay.standings(doc, until=each["number"]))
    return doc


def the(found: Found) -> tuple[dict, dict]:
    """The partie and table of `found` in a copy of its concours."""
    doc = copy.deepcopy(found[0])
    rnd = next(r for r in doc["rounds"] if r["number"] == found[1]["number"])
    return doc, next(t for t in rnd["tables"] if t["number"] == found[2]["number"])


def where(found: Found) -> tuple[str, str]:
    r, t = found[1]["number"], found[2]["number"]
    return f"Partie {r}, table {t}", f"Round {r}, table {t}"


def number_of(doc: dict, team: int) -> int:
    return next(t["number"] for t in doc["teams"] if t["id"] == team)


# -- the rules, each a correct file and a tampered one --------------------------------------------
# Each gives (correct file, tampered file, French sentence, English sentence).


def not_started_has_its_penalties_only():
    found = typed_table(lambda doc, rnd, t: t["status"] == replay.NOT_STARTED)
    fine, _table = the(found)
    wrong, table = the(found)
    pa, pb = replay.penalties(table)
    table["totals"] = {"A": pa + 10, "B": pb}
    fr, en = where(found)
    return (
        fine,
        wrong,
        f"{fr} : la table est « pas commencée » dans le fichier, ses totaux devraient donc être "
        f"ses pénalités, {pa}–{pb}, et non {pa + 10}–{pb}.",
        f"{en}: the table is “not started” in the file, so its totals should be its penalties, "
        f"{pa}–{pb}, not {pa + 10}–{pb}.",
    )


def typed_is_never_in_progress():
    found = typed_table(complete())
    fine, _table = the(found)
    wrong, table = the(found)
    table["status"] = replay.IN_PROGRESS
    fr, en = where(found)
    return (
        fine,
        wrong,
        f"{fr} : saisie aux totaux, la table ne peut être que « pas commencée » ou « terminée », "
        "le fichier la dit « en cours ».",
        f"{en}: entered by its totals, the table can only be “not started” or “complete”, the "
        "file says “in progress”.",
    )


def typed_has_no_lost_pot():
    found = typed_table(complete())
    fine, _table = the(found)
    wrong, table = the(found)
    table["lost_pot"] = 81
    fr, en = where(found)
    return (
        fine,
        wrong,
        f"{fr} : saisie aux totaux, elle n'a pas de donnes et donc pas de litige perdu ; le "
        "fichier en dit un de 81.",
        f"{en}: entered by its totals, it has no deals and so no tie lost; the file says one "
        "of 81.",
    )


def typed_is_never_negative():
    found = typed_table(complete(end="deals"))
    team = number_of(found[0], found[2]["a"])
    fr, en = where(found)
    return (
        typed_as(found, 0, 0),  # every deal passed
        typed_as(found, -10, 0),
        f"{fr} : l'équipe n° {team} a -10 points hors pénalités : une partie ne donne pas de "
        "points négatifs.",
        f"{en}: team no. {team} has -10 points without penalties: a game gives no negative points.",
    )


def rounded_marques_make_tens():
    found = typed_table(complete("ffb-coinche", rounding="nearest"))
    team = number_of(found[0], found[2]["b"])
    fr, en = where(found)
    return (
        typed_as(found, 160, 250),
        typed_as(found, 160, 255),
        f"{fr} : l'équipe n° {team} a 255 points hors pénalités : avec ces règles, toute marque "
        "est arrondie à la dizaine.",
        f"{en}: team no. {team} has 255 points without penalties: under these rules, every score "
        "is rounded to ten.",
    )


def to_the_point_any_total():
    found = typed_table(complete("ffb-belote", rounding="none", end="deals"))
    return typed_as(found, 97, 65), None, "", ""


def a_team_gets_at_most_n_deals_best_marque():
    found = typed_table(complete("ffb-belote", announcements=True, rounding="none", end="deals"))
    deals = found[0]["end"]["deals"]
    most = 822 * deals  # a capot (252), its belote (20), four carrés (550): SPEC §1-3
    assert partie_bound(replay.rules_of(found[0]), deals) == most
    team = number_of(found[0], found[2]["a"])
    fr, en = where(found)
    return (
        typed_as(found, most, 0),
        typed_as(found, most + 1, 0),
        f"{fr} : l'équipe n° {team} a {most + 1} points hors pénalités, plus que les {most} que "
        f"{deals} donnes peuvent lui donner.",
        f"{en}: team no. {team} has {most + 1} points without penalties, more than the {most} "
        f"that {deals} deals can give it.",
    )


def both_teams_get_at_most_n_deals_sheet():
    found = typed_table(complete("ffb-belote", announcements=True, rounding="none", end="deals"))
    deals = found[0]["end"]["deals"]
    most = 822 * deals  # no deal puts more on the sheet, both teams and its pot together
    fr, en = where(found)
    return (
        typed_as(found, most - 162, 162),
        typed_as(found, most - 162, 172),
        f"{fr} : les deux équipes ont {most + 10} points ensemble hors pénalités "
        f"({most - 162}–172), plus que les {most} que {deals} donnes peuvent donner.",
        f"{en}: both teams have {most + 10} points together without penalties ({most - 162}–172), "
        f"more than the {most} that {deals} deals can give.",
    )


def a_target_is_reached():
    found = typed_table(complete(end="target"))
    target = found[0]["end"]["target"]
    step = 1 if found[0]["rules"]["rounding"] == "none" else 10
    below = (target - 1) // step * step
    fr, en = where(found)
    return (
        typed_as(found, below, -(-target // step) * step),  # B at the target (or just past)
        typed_as(found, below, below),
        f"{fr} : la table est « terminée » dans le fichier, mais aucune équipe n'atteint les "
        f"{target} points de la partie ({below}–{below} hors pénalités).",
        f"{en}: the table is “complete” in the file, but no team reaches the game's {target} "
        f"points ({below}–{below} without penalties).",
    )


def an_extra_deal_match_closed_on_a_tie():
    for seed in range(3_000):
        doc = small_concours(seed)
        extra = {
            (m["round"], m["table"])
            for b in doc["brackets"]
            if b["tie_rule"] == replay.EXTRA_DEAL
            for m in b["matches"]
        }
        for rnd in doc["rounds"]:
            for table in rnd["tables"]:
                if (
                    rnd["status"] == "closed"
                    and table["entry"] == "totals"
                    and (rnd["number"], table["number"]) in extra
                ):
                    found = (doc, rnd, table)
                    wrong, tied = the(found)
                    tied["totals"]["B"] = tied["totals"]["A"]
                    a = tied["totals"]["A"]
                    fr, en = where(found)
                    return (
                        doc,
                        wrong,
                        f"{fr} : match de phase finale départagé par une donne de plus, sa partie "
                        f"est close à égalité ({a}–{a}) : il faut un vainqueur.",
                        f"{en}: a final-phase match decided by one more deal, its round is "
                        f"closed on a tie ({a}–{a}): it needs a winner.",
                    )
    raise AssertionError("no generated concours fits")


def a_penalty_goes_to_a_team_of_the_table():
    found = typed_table(lambda doc, rnd, t: len(rnd["tables"]) >= 2)
    fine, table = the(found)
    table["penalties"].append({"team": table["b"], "points": -50, "reason": "Renonce"})
    table["totals"]["B"] -= 50
    wrong = copy.deepcopy(fine)
    given = next(t for t in wrong["rounds"] if t["number"] == found[1]["number"])
    mistaken = next(t for t in given["tables"] if t["number"] == found[2]["number"])
    other = next(t for t in given["tables"] if t["number"] != found[2]["number"])
    mistaken["penalties"][-1]["team"] = other["a"]  # its totals unchanged: not counted
    for each in (fine, wrong):
        for rnd in each["rounds"]:
            if rnd["standings"] is not None:
                rnd["standings"] = standing_rows(replay.standings(each, until=rnd["number"]))
    team = number_of(fine, other["a"])
    fr, en = where(found)
    return (
        fine,
        wrong,
        f"{fr} : une pénalité de -50 points va à l'équipe n° {team}, qui ne joue pas à cette "
        "table.",
        f"{en}: a penalty of -50 points goes to team no. {team}, who does not play at this table.",
    )


RULES = [
    not_started_has_its_penalties_only,
    typed_is_never_in_progress,
    typed_has_no_lost_pot,
    typed_is_never_negative,
    rounded_marques_make_tens,
    to_the_point_any_total,
    a_team_gets_at_most_n_deals_best_marque,
    both_teams_get_at_most_n_deals_sheet,
    a_target_is_reached,
    an_extra_deal_match_closed_on_a_tie,
    a_penalty_goes_to_a_team_of_the_table,
]


@pytest.mark.parametrize("rule", RULES)
def test_a_correct_typed_table_says_nothing_and_a_tampered_one_its_sentence(rule):
    fine, wrong, in_french, in_english = rule()
    assert check(copy.deepcopy(fine)) == []
    if wrong is None:
        return
    french = check(copy.deepcopy(wrong))
    assert in_french in french, french
    assert [s for s in french if s.startswith(in_french.split(" : ")[0] + " :")] == [in_french]
    english = check(copy.deepcopy(wrong), translate=ENGLISH)
    assert in_english in english, english
    assert len(english) == len(french)


def test_one_team_past_the_bound_is_one_sentence_not_two():
    _fine, wrong, in_french, _english = a_team_gets_at_most_n_deals_best_marque()
    table_sentences = [s for s in check(wrong) if " hors pénalités" in s]
    assert table_sentences == [in_french]  # not the sum of both teams again
