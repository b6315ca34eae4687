"""« Les lots ne se cumulent pas » (issue 21): by default an entrant takes
one lot, the general ranking's first, and the next lot of a special
ranking goes down it to the next entrant without one; a tournament may let
lots cumulate. The palmarès says which, and a backup keeps it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests import factories
from tests.tournaments.services.test_prizes import fresh, play_one_partie
from tournaments.models import Category, Tournament
from tournaments.queries import awards
from tournaments.services import prizes
from tournaments.services.backup import export_tournament, import_tournament

pytestmark = pytest.mark.django_db


def women_and_lantern(tournament: Tournament) -> list[int]:
    """Lots by rank with a lanterne rouge, a women's ranking of the 2nd and
    the last team with two lots; the team numbers in ranking order."""
    women = prizes.add_category(tournament=tournament, name="Dames", kind=Category.Kind.WOMEN)
    prizes.set_lots(tournament=tournament, lots="Jambon", last="Lanterne rouge")
    prizes.set_lots(tournament=tournament, category=women, lots="Fleurs\nChocolats")
    order = play_one_partie(tournament)
    for number in (order[1], order[3]):
        tournament.teams.get(number=number).categories.add(women)
    return order


def lots(tournament: Tournament) -> list[dict[int, str]]:
    return [
        {p.entrant.number: p.lot_name for p in board.placings}
        for board in awards.boards(fresh(tournament))
    ]


@pytest.fixture
def concours(make_tournament):
    tournament = make_tournament(
        parties=1,
        score_entry=Tournament.ScoreEntry.TOTALS,
        prizes_enabled=True,
        categories_enabled=True,
    )
    factories.add_teams(tournament, 4)
    return tournament


def test_a_new_tournament_gives_one_lot_per_team(concours):
    """The last team took both the lanterne rouge and the women's lot."""
    assert not concours.prizes_cumulate
    order = women_and_lantern(concours)
    general, women = lots(concours)
    assert general[order[3]] == "Lanterne rouge"
    assert women == {order[1]: "Fleurs", order[3]: ""}
    # Asked alone, the women's board skips the lanterne rouge as well.
    alone = awards.board(fresh(concours), fresh(concours).categories.get())
    assert [p.lot_name for p in alone.placings] == ["Fleurs", ""]


def test_lots_cumulate_when_the_tournament_says_so(concours):
    Tournament.objects.filter(pk=concours.pk).update(prizes_cumulate=True)
    order = women_and_lantern(concours)
    general, women = lots(concours)
    assert general[order[3]] == "Lanterne rouge"
    assert women == {order[1]: "Fleurs", order[3]: "Chocolats"}


@pytest.mark.parametrize(
    ("cumulate", "sentence"),
    [(False, "Les lots ne se cumulent pas"), (True, "Les lots se cumulent.")],
)
def test_the_lots_page_says_whether_lots_cumulate(client, organizer, concours, cumulate, sentence):
    Tournament.objects.filter(pk=concours.pk).update(prizes_cumulate=cumulate)
    client.force_login(organizer)
    page = client.get(reverse("tournaments:lots", args=[concours.slug])).text
    assert sentence in page


def test_a_backup_keeps_the_choice_and_an_older_file_keeps_lots_cumulating(concours):
    data = export_tournament(concours)
    assert data["tournament"]["prizes_cumulate"] is False
    owner = concours.owner
    concours.delete()
    assert not import_tournament(data, owner=owner).prizes_cumulate
    Tournament.objects.all().delete()
    del data["tournament"]["prizes_cumulate"]
    assert import_tournament(data, owner=owner).prizes_cumulate
