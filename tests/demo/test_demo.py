"""`manage.py demo` builds the concours the README promises.

The demo takes seconds to build: it is built once for the module
(`demo_of_the_module`, tests/conftest.py) and each test reads it (or runs the
command again) inside a savepoint rolled back after it, so every test sees
the demo as the command left it."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.utils import timezone

from demo.management.commands.demo import DEMO_SLUG
from tournaments.features.cash.queries import summary as cash_queries
from tournaments.features.challenge.models import Challenge
from tournaments.models import Deal, KnownPlayer, Person, Round, Table, Tournament
from tournaments.queries import brackets as bracket_queries
from tournaments.queries.standings import tournament_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_output(demo_of_the_module) -> str:
    return demo_of_the_module


def test_the_demo_prints_the_organizer_login(demo_output):
    assert "Organisateur : organisateur" in demo_output
    assert "Mot de passe : " in demo_output


def test_the_demo_is_a_coinche_concours_of_24_teams_and_4_parties(demo_output):
    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    assert tournament.rules["preset"] == "ffb-coinche"
    assert tournament.parties == 4 and tournament.end_deals == 12
    assert tournament.teams.count() == 24
    names = " ".join(str(t.player1) + str(t.player2) for t in tournament.teams.all())
    assert any(c in names for c in "éèêëïôç")


def test_parties_1_and_2_are_played_deal_by_deal_and_partie_3_half(demo_output):
    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    rounds = {r.number: r for r in tournament.rounds.all()}
    assert sorted(rounds) == [1, 2, 3]
    for n in (1, 2):
        assert rounds[n].status == Round.Status.CLOSED
        for table in rounds[n].tables.all():
            assert table.status == Table.Status.COMPLETE
            assert table.deals.count() == 12
    third = list(rounds[3].tables.all())
    assert rounds[3].status == Round.Status.PLAYING
    complete = [t for t in third if t.status == Table.Status.COMPLETE]
    assert 0 < len(complete) < len(third)


def test_demo_marques_add_up_to_the_table_totals(demo_output):
    for table in Table.objects.filter(team_b__isnull=False):
        deals = list(Deal.objects.filter(table=table))
        assert sum(d.marque_a for d in deals) == table.total_a
        assert sum(d.marque_b for d in deals) == table.total_b


def test_running_the_demo_again_keeps_the_existing_one(demo_output):
    out = StringIO()
    call_command("demo", stdout=out)
    assert "existe déjà" in out.getvalue()
    assert Tournament.objects.filter(slug=DEMO_SLUG).count() == 1
    assert Challenge.objects.count() == 1


def test_the_demo_has_a_ranking(demo_output):
    standings = tournament_standings(Tournament.objects.get(slug=DEMO_SLUG))
    assert len(standings) == 24
    assert standings[0].row.points_for >= standings[-1].row.points_for


def test_the_demo_is_rebuilt_from_scratch_and_keeps_the_organizers_own_records_of_people(
    demo_output,
):
    """`demo --reset` builds the demo again from nothing: what the first
    demo made goes first (its players' records, their cotes, the directory
    and the addresses are not there twice). A record of a person none of
    the organizer's concours holds any more (its concours deleted),
    withdrawn at her request, is the organizer's, not the demo's: it stays,
    and her withdrawal with it. One rebuild for both claims (a demo's build
    takes seconds, tens of them on PostgreSQL beside the journeys)."""
    first = Tournament.objects.get(slug=DEMO_SLUG).pk
    owner = Tournament.objects.get(slug=DEMO_SLUG).owner
    her = Person.objects.create(owner=owner, first_name="Odette", last_name="Réelle")
    Person.objects.filter(pk=her.pk).update(withdrawn_at=timezone.now())
    typed = KnownPlayer.objects.create(
        owner=owner, first_name="Odette", last_name="Réelle", last_seen=timezone.localdate()
    )
    built = rows()
    call_command("demo", "--reset", stdout=StringIO())
    assert Tournament.objects.get(slug=DEMO_SLUG).pk != first
    assert Tournament.objects.get(slug=DEMO_SLUG).teams.count() == 24
    # What the first demo made went first: its players' records, their
    # cotes, the directory and the addresses are not there twice; her
    # record and her line are counted in `built`, and kept.
    assert rows() == built
    assert Person.objects.get(pk=her.pk).withdrawn_at is not None
    # Her line in the organizer's directory (typed at the desk) stays too.
    assert KnownPlayer.objects.filter(pk=typed.pk).exists()


def rows() -> dict[str, int]:
    return {model._meta.label: model.objects.count() for model in apps.get_models()}


def test_the_demo_primes_every_team_and_has_a_womens_ranking(demo_output):
    from tournaments.queries import awards

    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    assert tournament.prizes_enabled and tournament.categories_enabled
    assert tournament.prizes_cumulate  # every team primed, the bouquet on top
    general, women = awards.boards(tournament)
    names = [p.lot_name for p in general.placings]
    assert names[0] == "Jambon de pays" and names[-1].startswith("Lanterne rouge")
    assert all(names) and general.allocation.missing == 0
    assert women.category.name == "Meilleure équipe féminine"
    assert len(women.placings) >= 2
    assert women.placings[0].lot_name == "Bouquet de fleurs et chocolats"


def test_the_demo_keeps_its_cash_box_with_a_few_teams_still_to_pay(demo_output):
    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    assert tournament.cash_enabled and tournament.entry_fee_cents == 1000
    summary = cash_queries.cash_summary(tournament)
    assert summary.paid_count == 21
    assert [u.entrant.number for u in summary.unpaid] == [7, 15, 22]
    assert summary.collected_cents == 21000 and summary.due_cents == 24000
    assert {e.label for e in summary.income} == {"Buvette", "Repas (grillades)"}
    assert len(summary.expenses) == 2
    assert summary.balance_cents == 21000 + 18650 + 24000 - 31240 - 7480


def test_the_demo_fills_the_organizers_directory(demo_output):
    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    known = KnownPlayer.objects.filter(owner=tournament.owner)
    assert known.count() == tournament.players.count()
    assert known.exclude(licence="").exists()
    assert not tournament.waiting_players.exists()


def test_the_demo_shows_the_release_of_draws_and_the_clock_switched_on(demo_output):
    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    assert tournament.release_draws and tournament.clock_enabled
    assert tournament.last_deal_minutes == 55 and tournament.start_time is not None
    assert all(r.announced for r in tournament.rounds.all())
    assert tournament.changes.filter(action="round_released").count() == 3


def test_the_demo_has_a_concours_with_a_consolante(demo_output):
    from demo.concours import FINAL_PHASE_SLUG
    from tournaments.models import Bracket, BracketMatch

    tournament = Tournament.objects.get(slug=FINAL_PHASE_SLUG)
    assert "Concours avec consolante" in demo_output
    assert tournament.rounds.filter(stage=Round.Stage.QUALIFYING).count() == 3
    main, consolante = Bracket.objects.filter(tournament=tournament).order_by("position")
    assert (len(main.seeds), len(consolante.seeds)) == (8, 6)
    # The first bracket round is played: 4 + 2 winners, the 2 byes through.
    first = BracketMatch.objects.filter(bracket__tournament=tournament, level=0)
    assert first.filter(winner__isnull=False).count() == 8
    bracket_round = tournament.rounds.get(stage=Round.Stage.BRACKET)
    assert bracket_round.status == Round.Status.CLOSED
    assert bracket_round.tables.count() == 6
    assert len(bracket_queries.final_ranking(tournament)) == 14


def test_the_demo_has_a_concours_in_four_pools_of_four_with_its_pool_parties_played(demo_output):
    from demo.concours import POOLS_SLUG
    from tournaments.queries.pools import pool_standings

    tournament = Tournament.objects.get(slug=POOLS_SLUG)
    standings = pool_standings(tournament)
    assert [len(s.lines) for s in standings] == [4, 4, 4, 4]
    assert [r.draw_method for r in tournament.rounds.all()] == [Round.DrawMethod.POOLS] * 3
    assert all(r.status == Round.Status.CLOSED for r in tournament.rounds.all())
    assert all(len(s.matches) == 6 for s in standings)
    assert tournament.status == Tournament.Status.FINISHED


def test_the_demo_has_a_published_past_concours_on_the_home(demo_output, client):
    from demo.concours import PUBLISHED_SLUG

    past = Tournament.objects.get(slug=PUBLISHED_SLUG)
    assert past.published and past.status == Tournament.Status.FINISHED
    home = client.get("/").content.decode()
    assert "Résultats des concours" in home and past.name in home.split("Résultats des concours")[1]
    assert client.get(f"/t/{PUBLISHED_SLUG}/resultats/").status_code == 200


def test_the_demo_s_past_concours_has_players_who_agreed_with_their_pages(demo_output, client):
    from demo.concours import PUBLISHED_SLUG
    from tournaments.models import Person

    past = Tournament.objects.get(slug=PUBLISHED_SLUG)
    shown = Person.objects.filter(players__tournament=past, shown=True).distinct()
    assert 4 <= shown.count() < past.players.count()
    person = shown.first()
    assert client.get(f"/joueurs/{person.pk}/").status_code == 200
    hidden = Person.objects.filter(players__tournament=past, shown=False).first()
    assert hidden is None or client.get(f"/joueurs/{hidden.pk}/").status_code == 404


def test_the_demo_s_past_concours_counts_in_the_cote_and_shows_its_lots(demo_output, client):
    """Issue 26.5: the cote is shown on the pages of the players who
    agreed — in the demo too, whose past concours has the 16 teams that
    make it count, played within the rolling window, with lots in its
    ranking."""
    from demo.concours import PUBLISHED_SLUG
    from tournaments.models import Cote, Person

    past = Tournament.objects.get(slug=PUBLISHED_SLUG)
    shown = Person.objects.filter(players__tournament=past, shown=True).distinct()
    assert Cote.objects.filter(person__in=shown).count() == shown.count() > 0
    assert not Cote.objects.filter(person__shown=False).exists()
    page = client.get(f"/joueurs/{shown.first().pk}/").content.decode()
    assert "Cote (non officielle)" in page
    results = client.get(f"/t/{PUBLISHED_SLUG}/resultats/").content.decode()
    assert "Un jambon" in results


def test_the_demo_gives_the_bye_the_average(demo_output):
    assert Tournament.objects.get(slug=DEMO_SLUG).bye_policy == Tournament.ByePolicy.AVERAGE


def test_the_demo_announces_two_coming_concours_one_with_a_waiting_list(demo_output):
    from tournaments.features.calendar import queries as calendar_queries
    from tournaments.features.calendar.models import PreRegistration
    from tournaments.features.calendar.services.demo import COMING_SLUGS

    assert "Concours annoncé : « Coinche du Comité des fêtes (démo) »" in demo_output
    coming = list(calendar_queries.coming())
    assert [a.tournament.slug for a in coming] == list(COMING_SLUGS)
    limited = coming[1].tournament
    statuses = list(limited.preregistrations.values_list("status", flat=True))
    assert statuses.count(PreRegistration.Status.CONFIRMED) == 8
    assert statuses.count(PreRegistration.Status.WAITING) == 2
    assert [a.departement for a in coming] == ["71", "21"]


def test_the_demo_plays_a_classic_belote_concours_to_a_target(demo_output, client, tmp_path):
    """Issue 60, item 12: most village concours are classic belote (no
    contract, a partie to a target). The demo draws and plays one like its
    coinche concours: each partie goes on until a team reaches 1000, its
    sheets carry the running totals, its ranking and marques are shown."""
    from demo.concours import CLASSIC_SLUG
    from tests.documents import pdf_text
    from tournaments.pdf.sheets import score_sheets

    classic = Tournament.objects.get(slug=CLASSIC_SLUG)
    assert "belote classique" in demo_output and classic.name in demo_output
    assert classic.rule_profile.counting == "belote"
    assert (classic.end_mode, classic.end_target) == (Tournament.EndMode.TARGET, 1000)
    assert classic.published and classic.status == Tournament.Status.FINISHED
    parties = list(classic.rounds.order_by("number"))
    assert [r.status for r in parties] == [Round.Status.CLOSED] * 3
    tables = Table.objects.filter(round__in=parties, team_b__isnull=False)
    assert tables.count() == 18
    for table in tables:
        assert table.status == Table.Status.COMPLETE
        assert max(table.total_a, table.total_b) >= 1000
    # The sheet of partie 1, table 1: one running total a deal, up to the end.
    table = tables.get(round=parties[0], number=1)
    text = pdf_text(score_sheets(parties[0], entry_url=lambda t: None, only=1), tmp_path)
    assert "partie en 1 000 points" in " ".join(text.split())
    rows = {
        int(fields[0]): fields
        for line in text.splitlines()
        if (fields := re.split(r"\s{2,}", line.strip())) and fields[0].isdigit()
    }
    running = [0, 0]
    deals = list(table.deals.order_by("number"))
    for deal in deals:
        running = [running[0] + deal.marque_a, running[1] + deal.marque_b]
        written = [int(box.replace(" ", "")) for box in rows[deal.number][-2:]]
        assert written == running, deal.number
    assert running == [table.total_a, table.total_b] and max(running) >= 1000
    assert len(rows[len(deals) + 1]) == 1  # the rows after the last deal stay blank
    standings = client.get(f"/t/{CLASSIC_SLUG}/classement/")
    assert standings.status_code == 200
    assert standings.content.decode().count("/equipes/") >= 12
    marques = client.get(f"/t/{CLASSIC_SLUG}/parties/1/")
    assert marques.status_code == 200
