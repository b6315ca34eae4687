"""A player who withdrew stays withdrawn whatever another organizer
publishes (issue 35, item 1), in real Chromium.

Amélie Lefèvre3 agreed to be shown at her club's concours: on her phone
(390 px) her page says how to be taken off: ask the organizer. She asks;
at the desk laptop the organizer, from the keyboard, withdraws her on
« Pages des joueurs ». A week later another organizer — approved by the
site, the strongest case — uploads a concours file on « Publication »
naming her by licence with « accepte d'être affiché » ticked, dated after
her withdrawal. On a phone, her page is still a 404, the other concours's
team page names her without a link, her club's page does not list her, and
her withdrawal keeps its date, with no cote. At her club, ticking her box
again on the team's form is refused next to it; when she asks again, the
organizer says so on « Pages des joueurs » and her page is back, with her
club's concours only (she has not ticked the other organizer's box again).

The page fixtures fail on any 5xx, console error, page wider than the
screen or axe-core violation. Set BROWSER_SCREENSHOTS to a folder to keep a
screenshot of each step."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.browser.conftest import checked
from tests.browser.session import log_in
from tests.browser.shots import PHONE
from tests.factories import PASSWORD
from tests.tournaments.services.test_persons import finished_concours
from tournaments.features.contributions.models import Contribution
from tournaments.models import Cote, Person, Player
from tournaments.services.publication import packed_backup

pytestmark = pytest.mark.django_db(transaction=True)

HERS = {"Lefèvre3": ("V-0303", "Belote Club de Mâcon")}


def _shot(page: Page, name: str) -> None:
    checked(page)  # guard.js has checked it
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"withdrawal-{name}.png"), full_page=True)


def _other_organizers_file(other, folder: Path) -> Path:
    """The other organizer's concours, played today, as the hall laptop's
    « sauvegarde » file (the concours itself not on this site)."""
    concours = finished_concours(
        other,
        name="Concours des voisins",
        shown={"Lefèvre3"},
        people=HERS,
        day=timezone.localdate(),
        published=False,
    )
    path = folder / "sauvegarde.json.gz"
    path.write_bytes(packed_backup(concours))
    concours.delete()
    return path


def test_a_player_who_withdrew_stays_withdrawn_whatever_another_organizer_publishes(
    live_server, page: Page, open_page, organizer, django_user_model, tmp_path
):
    """Browser: keys and focus, 390 px layout, axe."""
    finished_concours(organizer, name="Concours du club", shown={"Lefèvre3"}, people=HERS)
    her = Player.objects.get(last_name="Lefèvre3").person
    phone = open_page(viewport=PHONE)

    # Her page tells her how to be taken off.
    phone.goto(f"{live_server.url}{her.get_absolute_url()}")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Amélie Lefèvre3")
    expect(phone.locator(".withdraw-how")).to_contain_text("demandez-le à l'organisateur")
    _shot(phone, "1-her-page")

    # She asks the organizer, who withdraws her from the keyboard.
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/organisation/pages-joueurs/")
    button = page.get_by_role("button", name="Ne plus afficher Amélie Lefèvre3")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("n'est plus affiché sur aucune page publique")
    expect(page.locator(".persons-list")).to_contain_text("accord retiré le")
    _shot(page, "2-withdrawn")
    # A week goes by.
    Person.objects.filter(pk=her.pk).update(
        withdrawn_at=Person.objects.get(pk=her.pk).withdrawn_at - datetime.timedelta(days=7)
    )
    withdrawn_at = Person.objects.get(pk=her.pk).withdrawn_at

    # Another organizer, approved by the site, publishes a file naming her.
    other = django_user_model.objects.create_user("voisin", password=PASSWORD)
    upload = _other_organizers_file(other, tmp_path)
    desk = open_page()
    log_in(desk, live_server.url, "voisin")
    desk.goto(f"{live_server.url}/organisation/publication/")
    desk.get_by_label("Sauvegarde du concours (fichier .json)").set_input_files(upload)
    desk.get_by_role("button", name="Publier ce concours").focus()
    desk.keyboard.press("Enter")
    expect(desk.get_by_role("heading", level=1)).to_contain_text("Concours des voisins")
    _shot(desk, "3-other-published")

    # On a phone: still nothing of her.
    assert phone.request.get(f"{live_server.url}{her.get_absolute_url()}").status == 404
    theirs = Player.objects.get(last_name="Lefèvre3", tournament__name="Concours des voisins")
    # Not linked to her record until its owner accepts (issue 61): a
    # contribution waits, and she stays off every public page meanwhile.
    assert theirs.person_id is None
    assert Contribution.objects.filter(
        player=theirs, person=her, status=Contribution.Status.PENDING
    ).exists()
    team = theirs.tournament.teams.get(player1=theirs)
    phone.goto(f"{live_server.url}/t/{theirs.tournament.slug}/equipes/{team.number}/")
    expect(phone.locator(".team-players")).to_contain_text("Amélie Lefèvre3")
    expect(phone.get_by_role("link", name="Amélie Lefèvre3")).to_have_count(0)
    _shot(phone, "4-other-team-page")
    phone.goto(f"{live_server.url}/clubs/{her.club_key}/")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Belote Club de Mâcon")
    expect(phone.locator(".club-players")).not_to_contain_text("Lefèvre3")
    _shot(phone, "5-club-page")
    her.refresh_from_db()
    assert not her.shown and her.withdrawn_at == withdrawn_at
    assert not Cote.objects.filter(person=her).exists()

    # Ticking her box again at the desk is not her asking: refused by the box.
    mine = Player.objects.get(last_name="Lefèvre3", tournament__name="Concours du club")
    number = mine.tournament.teams.get(player1=mine).pk
    page.goto(f"{live_server.url}/organisation/t/{mine.tournament.slug}/equipes/{number}/")
    page.get_by_label("Joueur 1 accepte d'être affiché (page du joueur, cote)").focus()
    page.keyboard.press("Space")
    page.get_by_label("Joueur 1 accepte d'être affiché (page du joueur, cote)").press("Enter")
    expect(page.locator("#field-shown1")).to_contain_text("a retiré son accord")
    _shot(page, "6-box-refused")

    # She asks her club again: the organizer shows her again.
    page.goto(f"{live_server.url}/organisation/pages-joueurs/")
    page.get_by_role("button", name="Amélie Lefèvre3 l'a demandé : afficher de nouveau").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".messages")).to_contain_text("est de nouveau affiché, à sa demande")
    phone.goto(f"{live_server.url}{her.get_absolute_url()}")
    expect(phone.locator(".person-concours")).to_contain_text("Concours du club")
    expect(phone.locator(".person-concours")).not_to_contain_text("Concours des voisins")
    _shot(phone, "7-back-at-her-request")
