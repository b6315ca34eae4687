"""Players across concours (services/persons.py): found again by licence or
by name and club, shown only with their agreement, withdrawn everywhere at
once, merged by an organizer of both, and their cote stored when a public
concours finishes."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from tests import factories
from tournaments.features.contributions.models import Contribution
from tournaments.models import Change, Cote, Person, Player, Round, Tournament
from tournaments.services import errors, persons, registration, rounds, trust
from tournaments.services.persons import rated_concours

pytestmark = pytest.mark.django_db

DAY = timezone.localdate() - datetime.timedelta(days=10)


def finished_concours(
    owner,
    *,
    teams: int = 16,
    name: str = "Concours",
    shown=(),
    people=None,
    day: datetime.date = DAY,
    published: bool = True,
    approved: bool = True,
):
    """A public concours (unless not `published`) of `teams` fixed pairs,
    played on `day`, one partie of one deal (side A wins each table),
    closed: finished. The players whose last name is in `shown` ticked the
    box; `people` gives licences and clubs by last name
    ({"Lefèvre0": ("L-1", "Club")}). Its organizer is `approved` by the
    site first (services/trust.py), unless told not to."""
    if approved:
        trust.approve_organizers(users=[owner], by=None)
    tournament = factories.build_tournament(
        owner=owner, name=name, date=day, parties=1, end_deals=1, published=published
    )
    for i in range(teams):
        pair = []
        for first, last in (("Amélie", f"Lefèvre{i}"), ("Jérôme", f"Bérard{i}")):
            licence, club = (people or {}).get(last, ("", "Belote Club de Mâcon"))
            pair.append(registration.PlayerData(first, last, licence, club, last in shown))
        registration.register_team(tournament=tournament, player1=pair[0], player2=pair[1])
    rnd = factories.draw_random_round(tournament)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    rounds.close_round(round=rnd)
    tournament.refresh_from_db()
    return tournament


def test_the_box_is_off_by_default_and_nobody_is_shown(organizer):
    tournament = finished_concours(organizer)
    assert tournament.players.filter(shown=True).count() == 0
    assert tournament.players.filter(person__isnull=True).count() == 0
    assert Person.objects.shown().count() == 0
    assert Cote.objects.count() == 0


def test_a_player_who_ticked_the_box_is_shown_with_a_cote(organizer):
    finished_concours(organizer, shown={"Lefèvre0"})
    shown = Person.objects.shown().get()
    assert str(shown) == "Amélie Lefèvre0"
    assert Cote.objects.get().person == shown
    assert shown.cote.games == 1


def test_a_player_is_found_again_by_licence_then_by_name_and_club(django_user_model, organizer):
    other = django_user_model.objects.create_user("autre", password=factories.PASSWORD)
    finished_concours(organizer, name="Premier", people={"Lefèvre0": ("L-42", "Mâcon")})
    # Elsewhere, another club's spelling but the same licence; another
    # player by name and club (accents and case typed differently).
    finished_concours(
        other,
        name="Second",
        people={"Lefèvre0": ("L-42", "Cluny"), "Bérard1": ("", "belote club de macon")},
    )
    # Found again as the other organizer's players: asked of the record's
    # owner (features/contributions), linked once accepted.
    asked = {c.player.last_name: c.person for c in Contribution.objects.all()}
    assert asked["Lefèvre0"] == Person.objects.get(licence="L-42")
    first = Player.objects.get(tournament__name="Premier", last_name="Bérard1")
    assert asked["Bérard1"] == first.person


def test_a_player_without_licence_nor_club_is_never_taken_for_another(organizer):
    people = {"Lefèvre0": ("", "")}
    finished_concours(organizer, name="Premier", people=people)
    finished_concours(organizer, name="Second", people=people)
    assert Player.objects.filter(last_name="Lefèvre0").values("person").distinct().count() == 2


def test_a_concours_under_16_teams_gives_no_cote(organizer):
    finished_concours(organizer, teams=15, shown={"Lefèvre0"})
    assert Person.objects.shown().count() == 1
    assert Cote.objects.count() == 0


def test_a_concours_not_public_links_nobody(organizer):
    tournament = factories.build_tournament(owner=organizer, published=False, date=DAY)
    factories.add_teams(tournament, 2)
    assert persons.identify_players(tournament) == 0
    assert Person.objects.count() == 0


def test_withdrawing_hides_the_person_everywhere_and_deletes_the_cote(organizer):
    first = finished_concours(organizer, name="Premier", shown={"Lefèvre0"})
    finished_concours(organizer, name="Second", shown={"Lefèvre0"})
    person = Person.objects.shown().get()
    before = Tournament.objects.get(pk=first.pk).revision
    persons.withdraw_person(person=person, by=organizer)
    person.refresh_from_db()
    assert not person.shown
    assert not Player.objects.filter(person=person, shown=True).exists()
    assert not Cote.objects.filter(person=person).exists()
    # Both concours's pages are sent again (their revision moved).
    assert Tournament.objects.get(pk=first.pk).revision != before
    hidden = Change.objects.filter(action=Change.Action.PLAYERS_SHOWN, after={"shown": False})
    assert sorted(hidden.values_list("tournament__name", flat=True)) == ["Premier", "Second"]
    # Recomputing does not bring them back.
    persons.recompute_cotes()
    assert not Cote.objects.filter(person=person).exists()


@pytest.mark.parametrize(
    ("withdrew", "played", "why"),
    [
        (0, 20, "a concours of the days before, published late"),
        (0, 0, "a concours of the day of the withdrawal"),
        (30, 10, "a concours played after the withdrawal"),
    ],
)
def test_a_withdrawal_holds_against_every_later_tick_whatever_the_concours_date(
    organizer, withdrew, played, why
):
    """A tick in a concours published after the withdrawal (`withdrew` and
    `played` days ago) unticks itself and shows nobody, whatever the
    concours's date: only the person's own request, recorded by the
    organizer who registered them, shows them again."""
    today = timezone.localdate()
    finished_concours(
        organizer, name="Premier", shown={"Lefèvre0"}, day=today - datetime.timedelta(days=40)
    )
    person = Person.objects.shown().get()
    persons.withdraw_person(person=person, by=organizer)
    Person.objects.filter(pk=person.pk).update(
        withdrawn_at=timezone.now() - datetime.timedelta(days=withdrew)
    )
    withdrawn_at = Person.objects.get(pk=person.pk).withdrawn_at
    later = finished_concours(
        organizer,
        name="Publié ensuite",
        shown={"Lefèvre0"},
        day=today - datetime.timedelta(days=played),
    )
    person.refresh_from_db()
    assert not person.shown and person.withdrawn_at == withdrawn_at, why
    assert not later.players.filter(shown=True, last_name="Lefèvre0").exists(), why
    assert not Cote.objects.filter(person=person).exists(), why


def test_the_person_who_asks_again_is_shown_again_by_the_organizer_who_registered_them(
    organizer, django_user_model
):
    finished_concours(organizer, name="Premier", shown={"Lefèvre0"})
    person = Person.objects.shown().get()
    persons.withdraw_person(person=person, by=organizer)
    other = django_user_model.objects.create_user("autre", password=factories.PASSWORD)
    with pytest.raises(errors.TournamentError, match="Seul l'organisateur"):
        persons.show_again(person=person, by=other)
    assert not Person.objects.get(pk=person.pk).shown
    persons.show_again(person=person, by=organizer)
    person.refresh_from_db()
    assert person.shown and person.withdrawn_at is None
    assert person.players.get().shown  # the box of the organizer's concours
    assert Cote.objects.get(person=person).games == 1
    asked = Change.objects.filter(action=Change.Action.PLAYERS_SHOWN, after__asked_again=True)
    assert asked.count() == 1


def test_unticking_the_box_on_the_team_form_withdraws_the_person(organizer):
    tournament = finished_concours(organizer, shown={"Lefèvre0"})
    team = tournament.teams.get(player1__last_name="Lefèvre0")
    registration.update_team(
        team=team,
        player1=registration.PlayerData("Amélie", "Lefèvre0", club="Belote Club de Mâcon"),
        player2=registration.PlayerData("Jérôme", "Bérard0", club="Belote Club de Mâcon"),
        by=organizer,
    )
    assert Person.objects.shown().count() == 0


def test_an_organizer_merges_two_identities_of_their_own_concours(organizer):
    finished_concours(
        organizer, name="Premier", shown={"Lefèvre0"}, people={"Lefèvre0": ("L-42", "Mâcon")}
    )
    finished_concours(
        organizer, name="Second", shown={"Lefèvre0"}, people={"Lefèvre0": ("", "Cluny")}
    )
    kept = Person.objects.get(licence="L-42")
    merged = Person.objects.get(club="Cluny")
    persons.merge_persons(kept=kept, merged=merged, by=organizer)
    assert not Person.objects.filter(pk=merged.pk).exists()
    assert kept.players.count() == 2
    assert Cote.objects.get(person=kept).games == 2


def test_a_merge_keeps_a_withdrawal(organizer):
    finished_concours(
        organizer, name="Premier", shown={"Lefèvre0"}, people={"Lefèvre0": ("L-1", "A")}
    )
    finished_concours(organizer, name="Second", shown={"Lefèvre0"}, people={"Lefèvre0": ("", "B")})
    kept, merged = Person.objects.get(club="A"), Person.objects.get(club="B")
    persons.withdraw_person(person=merged, by=organizer)
    persons.merge_persons(kept=kept, merged=merged, by=organizer)
    kept.refresh_from_db()
    assert not kept.shown


def test_an_organizer_cannot_merge_another_organizers_players(django_user_model, organizer):
    other = django_user_model.objects.create_user("autre", password=factories.PASSWORD)
    finished_concours(organizer, name="Premier", people={"Lefèvre0": ("", "A")})
    finished_concours(other, name="Second", people={"Lefèvre0": ("", "B")})
    mine, theirs = Person.objects.get(club="A"), Person.objects.get(club="B")
    with pytest.raises(errors.TournamentError):
        persons.merge_persons(kept=mine, merged=theirs, by=organizer)
    assert Person.objects.filter(pk=theirs.pk).exists()


def test_the_cotes_are_the_same_when_computed_again(organizer):
    finished_concours(organizer, shown={f"Lefèvre{i}" for i in range(16)})
    before = sorted(Cote.objects.values_list("person_id", "mu", "sigma", "games"))
    persons.recompute_cotes()
    assert sorted(Cote.objects.values_list("person_id", "mu", "sigma", "games")) == before
    assert len(before) == 16


def test_a_concours_out_of_the_window_leaves_no_cote(organizer, settings):
    finished_concours(organizer, shown={"Lefèvre0"})
    settings.RATING_WINDOW_DAYS = 5
    persons.recompute_cotes()
    assert Cote.objects.count() == 0


def test_the_cote_reads_its_concours_with_no_query_joining_more_than_two_tables(
    organizer, django_assert_num_queries
):
    """One query joining tables, teams and players (eight tables) ran for
    minutes on PostgreSQL under stale statistics and hung the database tier
    in two runs out of four: each query now reads a table, or the tables
    played with their partie, and the sides' persons are put together in
    Python, the same games as before."""
    tournament = finished_concours(organizer, shown={"Lefèvre0"})
    # the concours, their organizers trusted, their teams (one grouped
    # count), players, the owners of their records, teams, tables
    with django_assert_num_queries(7) as queries:
        rated = rated_concours(today=timezone.localdate(), window_days=365)
    assert max(q["sql"].upper().count(" JOIN ") for q in queries.captured_queries) <= 1
    (concours,) = rated
    assert concours.key == tournament.pk and concours.teams == 16 and len(concours.games) == 8
    table = Round.objects.get(tournament=tournament).tables.order_by("number").first()
    first = concours.games[0]
    assert first.side_a == (table.team_a.player1.person_id, table.team_a.player2.person_id)
    assert first.side_b == (table.team_b.player1.person_id, table.team_b.player2.person_id)


def test_the_winners_cote_is_above_the_losers(organizer):
    tournament = finished_concours(organizer, shown={f"Lefèvre{i}" for i in range(16)})
    table = Round.objects.get(tournament=tournament).tables.order_by("number").first()
    winner, loser = table.team_a.player1.person, table.team_b.player1.person
    assert winner.cote.mu > loser.cote.mu


def test_a_player_who_agrees_at_a_later_concours_moves_the_earlier_ones_pages(organizer):
    first = finished_concours(organizer, name="Premier")
    before = Tournament.objects.get(pk=first.pk).revision
    finished_concours(organizer, name="Second", shown={"Lefèvre0"})
    assert Person.objects.shown().get().players.count() == 2
    assert Tournament.objects.get(pk=first.pk).revision != before
