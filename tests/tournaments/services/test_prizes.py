"""Lots and special rankings through the services: each rule on a real
tournament (lots by rank with a tie, every team primed, top N, lanterne
rouge, a category's own lots, the club ranking), the swap made by hand and
what becomes of it when the ranking changes, and the refusals."""

from __future__ import annotations

import pytest

from tests import factories
from tournaments.models import Category, Change, PrizeRule, Tournament
from tournaments.queries import awards
from tournaments.services import errors, imports, prizes, registration, rounds, scores

pytestmark = pytest.mark.django_db

#: Partie 1's totals by table: teams drawn with seed 1 are placed as the
#: draw says; what matters is that two teams tie at the top.
TOTALS = ((1000, 600), (1000, 800))


def play_one_partie(tournament: Tournament, totals=TOTALS) -> list[int]:
    """Draw partie 1, type every table's totals, close it; return the team
    numbers in ranking order."""
    rnd = factories.draw_random_round(tournament, seed=1)
    for table, (a, b) in zip(rnd.tables.order_by("number"), totals, strict=True):
        scores.record_totals(table=table, total_a=a, total_b=b)
    rounds.close_round(round=rnd)
    return [p.entrant.number for p in awards.board(fresh(tournament)).placings]


def fresh(tournament: Tournament) -> Tournament:
    """The tournament as the services left it (they change their own copy)."""
    return Tournament.objects.get(pk=tournament.pk)


@pytest.fixture
def concours(make_tournament):
    """Four teams, one partie, totals typed, lots and categories switched on."""
    tournament = make_tournament(
        parties=1,
        score_entry=Tournament.ScoreEntry.TOTALS,
        prizes_enabled=True,
        categories_enabled=True,
    )
    factories.add_teams(tournament, 4)
    return tournament


def lots_by_number(board: awards.Board) -> dict[int, str]:
    return {p.entrant.number: p.lot_name for p in board.placings}


def test_lots_go_by_rank_and_tied_teams_take_them_in_the_rankings_order(concours):
    prizes.set_lots(tournament=concours, lots="Jambon ; 60 €\n2 × Canard")
    order = play_one_partie(concours)
    board = awards.board(fresh(concours))
    assert [p.row.rank for p in board.placings] == [1, 1, 3, 4]
    assert [p.lot_name for p in board.placings] == ["Jambon", "Canard", "Canard", ""]
    assert board.allocation.split_ties == (1,)
    assert lots_by_number(board)[order[0]] == "Jambon"


def test_every_team_primed_says_what_is_missing_then_primes_everyone(concours):
    prizes.set_lots(tournament=concours, lots="Jambon\nCanard\nOie", rule=PrizeRule.EVERY)
    play_one_partie(concours)
    board = awards.board(fresh(concours))
    assert board.allocation.missing == 1
    prizes.set_lots(
        tournament=concours, lots="Jambon\nCanard\nOie", last="Filet garni", rule=PrizeRule.EVERY
    )
    board = awards.board(fresh(concours))
    assert board.allocation.missing == 0
    assert [p.lot_name for p in board.placings] == ["Jambon", "Canard", "Oie", "Filet garni"]


def test_top_n_primes_the_first_n_only(concours):
    prizes.set_lots(tournament=concours, lots="4 × Bouteille", rule=PrizeRule.TOP, top=2)
    play_one_partie(concours)
    board = awards.board(fresh(concours))
    assert [p.lot_name for p in board.placings] == ["Bouteille", "Bouteille", "", ""]
    assert [(lot.name, n) for lot, n in board.allocation.left] == [("Bouteille", 2)]


def test_the_lanterne_rouge_goes_to_the_last(concours):
    prizes.set_lots(tournament=concours, lots="Jambon\nCanard", last="Lanterne rouge")
    order = play_one_partie(concours)
    assert lots_by_number(awards.board(fresh(concours)))[order[-1]] == "Lanterne rouge"


def test_a_withdrawn_team_keeps_its_place_but_takes_no_lot(concours):
    prizes.set_lots(tournament=concours, lots="Jambon\nCanard\nOie\nPoulet")
    order = play_one_partie(concours)
    first = concours.teams.get(number=order[0])
    registration.withdraw_team(team=first)
    board = awards.board(fresh(concours))
    assert lots_by_number(board) == {
        order[0]: "",
        order[1]: "Jambon",
        order[2]: "Canard",
        order[3]: "Oie",
    }


def test_a_category_has_its_ranking_within_itself_and_its_own_lots(concours):
    women = prizes.add_category(
        tournament=concours, name="Meilleure équipe féminine", kind=Category.Kind.WOMEN
    )
    prizes.set_lots(tournament=concours, lots="Jambon")
    prizes.set_lots(tournament=concours, category=women, lots="Bouquet de fleurs\nChocolats")
    order = play_one_partie(concours)
    for number in (order[1], order[3]):
        team = concours.teams.get(number=number)
        registration.update_team(
            team=team,
            player1=registration.PlayerData(team.player1.first_name, team.player1.last_name),
            player2=registration.PlayerData(team.player2.first_name, team.player2.last_name),
            categories=[women.pk],
        )
    general, feminine = awards.boards(fresh(concours))
    assert lots_by_number(general)[order[0]] == "Jambon"
    assert [(p.entrant.number, p.row.rank, p.lot_name) for p in feminine.placings] == [
        (order[1], 1, "Bouquet de fleurs"),
        (order[3], 2, "Chocolats"),
    ]


def test_the_club_ranking_keeps_each_clubs_best_team(make_tournament):
    tournament = make_tournament(
        parties=1, score_entry=Tournament.ScoreEntry.TOTALS, categories_enabled=True
    )
    for i, club in enumerate(["Les As", "Trèfle", "les as", ""]):
        registration.register_team(
            tournament=tournament,
            player1=registration.PlayerData("Zoé", f"Dupré{i}"),
            player2=registration.PlayerData("Loïc", f"Hébert{i}"),
            club=club,
        )
    clubs = prizes.add_category(tournament=tournament, name="Clubs", kind=Category.Kind.CLUB)
    play_one_partie(tournament, totals=((900, 500), (800, 700)))
    general = awards.board(fresh(tournament))
    by_club = awards.board(fresh(tournament), clubs)
    expected = []
    for placing in general.placings:
        club = placing.entrant.club.casefold()
        if club and club not in [c.casefold() for _, c in expected]:
            expected.append((placing.entrant.number, placing.entrant.club))
    assert [(p.entrant.number, p.club) for p in by_club.placings] == expected
    assert [p.row.rank for p in by_club.placings] == [1, 2]


def test_a_swap_by_hand_holds_until_the_ranking_changes(concours):
    prizes.set_lots(tournament=concours, lots="Jambon\nCanard\nOie")
    play_one_partie(concours)
    before = awards.board(fresh(concours))
    first, third = before.placings[0].row.entrant, before.placings[2].row.entrant
    prizes.swap_lots(tournament=concours, first=first, second=third)
    board = awards.board(fresh(concours))
    assert [p.lot_name for p in board.placings] == ["Oie", "Canard", "Jambon", ""]
    assert [p.swapped for p in board.placings] == [True, False, True, False]

    # A correction moves the ranking: the swap is set aside and flagged.
    rnd = concours.rounds.get()
    table = rnd.tables.order_by("number").last()
    scores.record_totals(table=table, total_a=1000, total_b=1200, reason="erreur de report")
    board = awards.board(fresh(concours))
    assert len(board.stale) == 1 and board.swaps == []
    assert not any(p.swapped for p in board.placings)
    with pytest.raises(errors.TournamentError, match="gardez-les ou annulez-les"):
        prizes.swap_lots(tournament=concours, first=first, second=third)

    # Kept, it applies to the ranking as it now stands; cleared, it is gone.
    assert prizes.keep_swaps(tournament=concours) == 1
    board = awards.board(fresh(concours))
    assert board.stale == [] and sum(p.swapped for p in board.placings) == 2
    assert prizes.clear_swaps(tournament=concours) == 1
    assert not any(p.swapped for p in awards.board(fresh(concours)).placings)
    actions = list(concours.changes.values_list("action", flat=True))
    for action in (
        Change.Action.LOTS_SWAPPED,
        Change.Action.LOT_SWAPS_KEPT,
        Change.Action.LOT_SWAPS_CLEARED,
    ):
        assert action in actions


def test_saving_the_same_list_again_keeps_the_swaps(concours):
    prizes.set_lots(tournament=concours, lots="Jambon\nCanard")
    play_one_partie(concours)
    placings = awards.board(fresh(concours)).placings
    prizes.swap_lots(
        tournament=concours, first=placings[0].row.entrant, second=placings[1].row.entrant
    )
    prizes.set_lots(tournament=concours, lots="Jambon\nCanard")
    assert awards.board(fresh(concours)).stale == []
    prizes.set_lots(tournament=concours, lots="Jambon\nOie")
    assert len(awards.board(fresh(concours)).stale) == 1


def test_lots_are_shown_to_players_once_the_last_partie_is_closed(concours):
    prizes.set_lots(tournament=concours, lots="Jambon")
    assert not awards.lots_public(concours)
    rnd = factories.draw_random_round(concours, seed=1)
    for table, (a, b) in zip(rnd.tables.order_by("number"), TOTALS, strict=True):
        scores.record_totals(table=table, total_a=a, total_b=b)
    assert not awards.lots_public(Tournament.objects.get(pk=concours.pk))
    rounds.close_round(round=rnd)
    assert awards.lots_public(Tournament.objects.get(pk=concours.pk))


@pytest.mark.parametrize(
    ("kwargs", "field", "message"),
    [
        ({"lots": "Jambon\n0 × Canard"}, "lots", "Ligne 2 : quantité « 0 » impossible"),
        ({"lots": "Jambon", "last": "; 5 €"}, "last", "Ligne 1 : le nom du lot manque"),
        ({"lots": "Jambon", "rule": PrizeRule.TOP}, "top", "combien de premiers"),
        ({"lots": "Jambon", "rule": "tombola"}, "rule", "inconnue"),
    ],
)
def test_a_faulty_list_is_refused_whole(concours, kwargs, field, message):
    prizes.set_lots(tournament=concours, lots="Cochon")
    with pytest.raises(errors.TournamentError, match=message) as refused:
        prizes.set_lots(tournament=concours, **kwargs)
    assert refused.value.field == field
    assert [lot.name for lot in concours.lots.all()] == ["Cochon"]


def test_lots_are_refused_while_prizes_are_off(make_tournament):
    tournament = make_tournament()
    with pytest.raises(errors.TournamentError, match="Lots à gagner"):
        prizes.set_lots(tournament=tournament, lots="Jambon")
    with pytest.raises(errors.TournamentError, match="pas activés"):
        prizes.add_category(tournament=tournament, name="Jeunes", kind=Category.Kind.YOUTH)


def test_a_swap_needs_two_teams_of_the_ranking_and_a_lot_between_them(concours):
    prizes.set_lots(tournament=concours, lots="Jambon")
    play_one_partie(concours)
    placings = awards.board(fresh(concours)).placings
    a, c, d = (placings[i].row.entrant for i in (0, 2, 3))
    with pytest.raises(errors.TournamentError, match="deux équipes différentes"):
        prizes.swap_lots(tournament=concours, first=a, second=a)
    with pytest.raises(errors.TournamentError, match="rien à échanger"):
        prizes.swap_lots(tournament=concours, first=c, second=d)
    with pytest.raises(errors.TournamentError, match="pas dans ce classement"):
        prizes.swap_lots(tournament=concours, first=a, second=999_999)


def test_two_categories_cannot_share_a_name(concours):
    prizes.add_category(tournament=concours, name="Féminine", kind=Category.Kind.WOMEN)
    with pytest.raises(errors.TournamentError, match="existe déjà") as refused:
        prizes.add_category(tournament=concours, name=" feminine ", kind=Category.Kind.OTHER)
    assert refused.value.field == "name"


def test_a_team_can_only_be_ticked_in_its_own_tournaments_categories(concours, make_tournament):
    other = make_tournament(categories_enabled=True)
    foreign = prizes.add_category(tournament=other, name="Jeunes", kind=Category.Kind.YOUTH)
    clubs = prizes.add_category(tournament=concours, name="Clubs", kind=Category.Kind.CLUB)
    for category in (foreign, clubs):
        with pytest.raises(errors.TournamentError, match="inconnu"):
            registration.register_team(
                tournament=concours,
                player1=registration.PlayerData("Inès", "Ségur"),
                player2=registration.PlayerData("Denis", "Marchand"),
                categories=[category.pk],
            )


def test_deleting_a_category_takes_its_lots_and_leaves_the_teams(concours):
    youth = prizes.add_category(tournament=concours, name="Jeunes", kind=Category.Kind.YOUTH)
    prizes.set_lots(tournament=concours, category=youth, lots="Ballon")
    team = concours.teams.first()
    team.categories.add(youth)
    prizes.delete_category(category=youth)
    assert concours.lots.count() == 0
    assert concours.teams.count() == 4
    assert concours.changes.filter(action=Change.Action.CATEGORY_DELETED).exists()


def test_a_csv_file_names_each_teams_categories(concours):
    women = prizes.add_category(tournament=concours, name="Féminine", kind=Category.Kind.WOMEN)
    youth = prizes.add_category(tournament=concours, name="Jeunes", kind=Category.Kind.YOUTH)
    data = (
        "nom1;prenom1;nom2;prenom2;categories\n"
        "Dupré;Zoé;Hébert;Léa;feminine, JEUNES\n"
        "Ségur;Inès;Marchand;Denis;\n"
    ).encode()
    plan = imports.import_teams(tournament=concours, data=data)
    first, second = plan.imported
    assert set(first.categories.all()) == {women, youth}
    assert list(second.categories.all()) == []


def test_a_line_naming_an_unknown_category_is_left_out(concours):
    prizes.add_category(tournament=concours, name="Féminine", kind=Category.Kind.WOMEN)
    data = (
        "nom1;prenom1;nom2;prenom2;categories\nDupré;Zoé;Hébert;Léa;Vétérans\n"
        "Ségur;Inès;Marchand;Denis;Féminine\n"
    ).encode()
    plan = imports.plan_import(tournament=concours, data=data)
    assert plan.errors == [
        (2, "Classement spécial « Vétérans » inconnu (ceux du tournoi : Féminine).")
    ]
    assert [line.row.line for line in plan.new] == [3]
    imports.import_teams(tournament=concours, data=data)
    assert concours.teams.count() == 5
    assert not concours.teams.filter(player1__last_name="Dupré").exists()


def test_in_a_melee_the_players_take_the_lots_and_are_ticked_in_categories(make_tournament):
    # Lots cumulate here: the women's first takes its bouquet with its bottle.
    tournament = make_tournament(
        format="melee",
        parties=1,
        prizes_enabled=True,
        categories_enabled=True,
        prizes_cumulate=True,
    )
    women = prizes.add_category(tournament=tournament, name="Dames", kind=Category.Kind.WOMEN)
    for i, name in enumerate(
        ["Amélie", "Benoît", "Céline", "Clément", "Danièle", "Éric", "Léa", "Loïc"]
    ):
        registration.register_player(
            tournament=tournament,
            player=registration.PlayerData(name, f"Noël{i}"),
            categories=[women.pk] if name in {"Amélie", "Céline", "Léa"} else None,
        )
    prizes.set_lots(tournament=tournament, lots="4 × Bouteille", last="Lanterne rouge")
    prizes.set_lots(tournament=tournament, category=women, lots="Bouquet")
    rnd = rounds.draw_round(tournament=tournament, method="random", seed=1)
    for table in rnd.tables.filter(team_b__isnull=False):
        scores.record_totals(table=table, total_a=900, total_b=500, anyway=True)
    rounds.close_round(round=rnd)
    general, dames = awards.boards(fresh(tournament))
    assert len(general.placings) == 8
    assert [p.lot_name for p in general.placings].count("Bouteille") == 4
    assert general.placings[-1].lot_name == "Lanterne rouge"
    assert sorted(p.entrant.first_name for p in dames.placings) == ["Amélie", "Céline", "Léa"]
    assert dames.placings[0].lot_name == "Bouquet"


def test_a_backup_keeps_the_lots_the_categories_and_the_swaps(concours):
    from tournaments.services.backup import export_tournament, import_tournament

    women = prizes.add_category(tournament=concours, name="Dames", kind=Category.Kind.WOMEN)
    prizes.set_lots(tournament=concours, lots="Jambon ; 60,50 €\n2 × Canard", last="Lanterne")
    prizes.set_lots(tournament=concours, category=women, lots="Bouquet")
    play_one_partie(concours)
    team = concours.teams.order_by("number").last()
    team.categories.add(women)
    placings = awards.board(fresh(concours)).placings
    prizes.swap_lots(
        tournament=concours, first=placings[0].row.entrant, second=placings[2].row.entrant
    )

    def shown(tournament):
        return [
            (
                b.key if b.category is None else b.category.name,
                p.entrant.number,
                p.lot_name,
                p.swapped,
            )
            for b in awards.boards(fresh(tournament))
            for p in b.placings
        ]

    before = shown(concours)
    data = export_tournament(fresh(concours))
    owner = concours.owner
    concours.delete()
    restored = import_tournament(data, owner=owner)
    assert restored.prizes_enabled and restored.categories_enabled
    assert shown(restored) == before
    assert [str(lot.value) for lot in restored.lots.filter(category=None, last=False)] == [
        "60.50",
        "None",
    ]
    assert awards.board(fresh(restored)).stale == []


def test_an_older_backup_without_lots_is_still_read(tournament):
    from tournaments.services.backup import export_tournament, import_tournament

    data = export_tournament(tournament)
    for key in ("categories", "lots", "lot_swaps"):
        del data[key]
    for key in ("prizes_enabled", "categories_enabled", "prize_rule", "prize_top"):
        del data["tournament"][key]
    owner = tournament.owner
    tournament.delete()
    restored = import_tournament(data, owner=owner)
    assert not restored.prizes_enabled and not restored.lots.exists()


def test_the_lots_of_another_tournaments_category_are_refused(concours, make_tournament):
    other = make_tournament(categories_enabled=True, prizes_enabled=True)
    foreign = prizes.add_category(tournament=other, name="Jeunes", kind=Category.Kind.YOUTH)
    with pytest.raises(errors.TournamentError, match="inconnu"):
        prizes.set_lots(tournament=concours, category=foreign, lots="Ballon")
    with pytest.raises(errors.TournamentError, match="inconnu"):
        prizes.swap_lots(tournament=concours, category=foreign, first=1, second=2)
