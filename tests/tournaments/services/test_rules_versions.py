"""A concours keeps the version of its rule profile (issue 37): a new one
plays its preset's latest version, an edited one keeps the version it was
created with, and what it stores, exports and prints says which."""

from __future__ import annotations

import pytest

import scoring
from tests.tournaments.services.test_organizer_services import settings_of
from tournaments.display.rules import rules_summary
from tournaments.models import Tournament
from tournaments.queries.concours_file import concours_file
from tournaments.services import scores, tournaments


def as_version_1(tournament: Tournament) -> Tournament:
    """The concours as the previous release stored it: contrée in points
    faits, version 1 of the preset (a defence capot is a chute of 160)."""
    tournament.rules = scoring.Rules.from_preset("contree-faits", 1).to_json()
    tournament.save(update_fields=["rules"])
    return Tournament.objects.get(pk=tournament.pk)


DEFENCE_CAPOT = {"taker": "A", "trump": "H", "bid": 80, "capot": "B"}


def test_a_new_concours_plays_the_latest_version_and_stores_it(make_tournament) -> None:
    tournament = make_tournament(preset="contree-faits")
    assert tournament.rules["version"] == 2
    assert tournament.rules["chute_capot"] == "full"
    assert concours_file(tournament)["rules"]["version"] == 2


def test_editing_a_concours_keeps_its_version(make_tournament) -> None:
    tournament = as_version_1(make_tournament(preset="contree-faits"))
    tournaments.update_tournament(
        tournament=tournament,
        by=None,
        **settings_of(tournament, name="Contrée du 1er mai", overrides={"surcoinche_factor": 3}),
    )
    tournament.refresh_from_db()
    rules = tournament.rule_profile
    assert (rules.version, rules.chute_capot, rules.surcoinche_factor) == (1, "flat", 3)
    assert tournament.name == "Contrée du 1er mai"


def test_a_played_version_1_concours_can_still_be_renamed(make_tournament) -> None:
    # Before the version was kept, its rules were rebuilt as version 2 on
    # every edit: a changed profile, refused once a score was entered.
    tournament = as_version_1(make_tournament(preset="contree-faits"))
    table = services_table(tournament)
    deal = scores.record_deal(table=table, values=DEFENCE_CAPOT)
    assert (deal.marque_a, deal.marque_b) == (0, 160)
    tournaments.update_tournament(
        tournament=tournament, by=None, **settings_of(tournament, name="Autre nom")
    )
    tournament.refresh_from_db()
    assert tournament.name == "Autre nom" and tournament.rule_profile.version == 1


def test_another_preset_takes_its_latest_version(make_tournament) -> None:
    tournament = as_version_1(make_tournament(preset="contree-faits"))
    tournaments.update_tournament(
        tournament=tournament,
        by=None,
        **settings_of(tournament, preset="contree-faits-annonces", overrides={}),
    )
    tournament.refresh_from_db()
    assert (tournament.rule_profile.preset, tournament.rule_profile.version) == (
        "contree-faits-annonces",
        2,
    )


@pytest.mark.parametrize(("version", "marques"), [(1, (0, 160)), (2, (0, 250))])
def test_a_defence_capot_is_marked_as_the_version_of_the_concours_says(
    make_tournament, version: int, marques: tuple[int, int]
) -> None:
    tournament = make_tournament(preset="contree-faits")
    if version == 1:
        tournament = as_version_1(tournament)
    deal = scores.record_deal(table=services_table(tournament), values=DEFENCE_CAPOT)
    assert (deal.marque_a, deal.marque_b) == marques
    assert f"version {version}" in rules_summary(tournament.rule_profile)


def services_table(tournament: Tournament):
    from tests import factories

    factories.add_teams(tournament, 2)
    return factories.first_table(factories.draw_random_round(tournament, seed=1))
