"""The public home's day (issue 26, « How it is shown »), end to end on two
real servers: the hosted instance (gunicorn, hosted settings, its mails
sent to a real SMTP server on 127.0.0.1, the players' mailboxes) and the
hall laptop (`manage.py hall`, its own data
folder and SQLite).

An organizer announces a concours on the hosted instance (at most one
team); two teams pre-register from 390 px phones, typing with the
keyboard, the second on the waiting list (one of its players ticks « accepte
d'être affiché », the other does not); the first cancels from its
mail's link and the waiting team moves up. The organizer downloads the
list; on the day the laptop, which never talks to the hosted instance
until the results are published, creates the concours, imports the file
(its team not yet present), registers three more teams at the desk, checks
the pre-registered team in as it arrives (a player's box came with the
file), plays two parties whose
totals the desk types, and « Publier en ligne » sends it with the
organizer's key. On the hosted home the concours's results appear (a
bounded wait of 60 s), with the page of the player who agreed and none
for the partner; its widget renders inside a club's page.

Set BROWSER_SCREENSHOTS to a folder to keep the screenshots."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.attacks import server as hosted_server
from tests.browser import test_publish_journey as publish_journey
from tests.browser.conftest import checked, close_quietly
from tests.browser.session import log_in
from tests.browser.shots import PHONE
from tests.browser.test_calendar_journey import (
    announce_with_the_keyboard,
    confirm_from_its_mail,
    preregister_from_a_phone,
)
from tests.browser.test_hall_restart import Hall
from tests.browser.test_publish_journey import club_site
from tests.factories import PASSWORD
from tests.mail import SmtpServer

HOSTED = "127.0.0.7"  # the hosted instance
CONCOURS = "Concours de la Saint-Vincent"
# Who comes on the day without having pre-registered: typed at the laptop's desk.
AT_THE_DOOR = [
    ("Gisèle", "Perrin", "Marcel", "Chapuis"),
    ("Odette", "Guillot", "Lucien", "Rameau"),
    ("Yvette", "Dumont", "André", "Boisseau"),
]
ORGANIZER = (
    "import json; from django.contrib.auth import get_user_model; "
    f"get_user_model().objects.create_user('orga', password={PASSWORD!r}); print(json.dumps(1))"
)
CANCEL_LINK = r"https?://\S+/preinscription/annuler/\S+"
SECOND_TEAM = (
    "import json; from tournaments.features.calendar.models import PreRegistration; "
    "print(json.dumps(PreRegistration.objects.get(email='equipe2@example.org').status))"
)
FINISHED = (
    "import json; from tournaments.models import Tournament; "
    "print(json.dumps(Tournament.objects.filter(status='finished').count()))"
)
# The site's administrator approves the organizer's account (Django's admin
# action does the same: tests/tournaments/views/test_person_pages.py).
APPROVE = (
    "import json; from django.contrib.auth import get_user_model; "
    "from tournaments.services import trust; "
    "print(json.dumps(trust.approve_organizers("
    "users=get_user_model().objects.filter(username='orga'), by=None)))"
)
# The hosted instance's answer: who of the published concours has a page.
PERSONS = """
import json
from tournaments.models import Player
rows = Player.objects.filter(tournament__slug={slug!r}, person__isnull=False)
print(json.dumps({{p.last_name: [p.person_id, p.person.shown] for p in rows}}))
"""


def _shot(page: Page, name: str) -> None:
    checked(page)  # guard.js has checked it
    if folder := os.environ.get("BROWSER_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"home-day-{name}.png"), full_page=True)


def hosted_instance(data: Path, mail: SmtpServer) -> hosted_server.Server:
    """The hosted instance of the publish journey, its mails sent to `mail`
    (the players' mailboxes). Not files: the messages' sender counts a mail
    written on the machine as not sent (it waits for a mail server), and the
    place offered before 14:00 is such a message."""
    mails = {"EMAIL_BACKEND": "smtp", "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(mail.port)}
    return publish_journey.hosted_instance(data, host=HOSTED, extra_env=mails)


@pytest.fixture
def servers(tmp_path):
    (tmp_path / "hall").mkdir()
    (tmp_path / "hosted").mkdir()
    hall = Hall(tmp_path / "hall")
    mail = SmtpServer()
    mail.start()
    hosted = None
    try:
        hosted = hosted_instance(tmp_path / "hosted", mail)
        hall.start()
        hall.shell(ORGANIZER)
        yield hall, hosted, mail
    finally:
        hall.stop()
        if hosted:
            hosted.stop()
        mail.stop()


def on_the_home(phone: Page, base: str) -> bool:
    """Whether the hosted home, read again, lists the concours's results."""
    phone.goto(base + "/")
    results = phone.locator(".home-results")
    return results.count() > 0 and CONCOURS in results.inner_text()


def type_team_at_the_desk(page: Page, base: str, slug: str, names: tuple[str, ...]) -> None:
    """The desk's « Ajouter une équipe », typed: each player's names, Tab
    past the licence and the box left unticked, the club, Enter."""
    first1, last1, first2, last2 = names
    page.goto(f"{base}/organisation/t/{slug}/equipes/ajouter/")
    page.locator("#id_first_name1").focus()
    for value in (first1, last1, "", "", first2, last2, "", ""):
        if value:
            page.keyboard.type(value)
        page.keyboard.press("Tab")
    page.keyboard.type("Club des Aînés")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Équipe enregistrée.")).to_be_visible()


def play_a_partie_at_the_desk(page: Page, base: str, slug: str, number: int) -> None:
    """Partie `number` drawn and announced (a draft until then, the form's
    default), each table's totals typed from its sheet, then the partie
    closed."""
    manage = f"{base}/organisation/t/{slug}/"
    page.goto(manage)
    page.get_by_role("button", name="Tirer la partie suivante").click()
    expect(page.get_by_role("heading", name=re.compile(f"Partie {number}"))).to_be_visible()
    page.get_by_role("button", name="Annoncer le tirage").click()
    expect(page.locator(".messages")).to_contain_text(f"Tirage de la partie {number} annoncé")
    for table in (1, 2):
        page.goto(f"{manage}parties/{number}/tables/{table}/")
        details = page.locator("details.totals-only")
        if details.count():
            details.locator("summary").click()
        page.get_by_label("Total Nord-Sud").click()
        page.keyboard.type(str(1400 + 100 * table + 10 * number))
        page.keyboard.press("Tab")
        page.keyboard.type(str(900 + 20 * table))
        page.keyboard.press("Enter")
        expect(page.locator(".messages")).to_be_visible()
    page.goto(f"{manage}parties/{number}/")
    page.get_by_role("link", name="Fermer la partie…").click()
    page.get_by_role("button", name="Fermer la partie").click()
    expect(page.locator(".messages")).to_contain_text(f"Partie {number} close")


def test_announced_pre_registered_played_offline_published_and_shown(
    servers, page: Page, open_page, tmp_path
):
    """Browser: keys and focus, 390 px layout, screen layout, scripts, offline outbox, axe."""
    hall, hosted, mail = servers
    laptop = f"http://127.0.0.1:{hall.port}"
    today = timezone.localdate()  # the day in France, as both servers count it

    # On the hosted instance: the concours announced, at most one team.
    announce_with_the_keyboard(page, hosted.base, today)

    # Two phones pre-register; the second team waits.
    first, second = open_page(viewport=PHONE), open_page(viewport=PHONE)
    preregister_from_a_phone(first, hosted.base, 1)
    expect(first.get_by_role("status")).to_contain_text("La place de votre équipe est retenue")
    # Amélie agrees online to be shown across concours; Jérôme does not.
    preregister_from_a_phone(second, hosted.base, 2, shown=(True, False))
    expect(second.get_by_role("status")).to_contain_text("liste d'attente")
    _shot(second, "waiting")
    # Each confirms its address from its mail (issue 35).
    (confirmation,) = mail.inbox.to("equipe1@example.org")
    body = confirmation.get_content()
    confirm_from_its_mail(first, body)
    expect(first.get_by_role("status")).to_contain_text("votre équipe est inscrite")
    confirm_from_its_mail(second, mail.inbox.to("equipe2@example.org")[0].get_content())
    expect(second.get_by_role("status")).to_contain_text("en liste d'attente")

    # The first team cancels from its mail's link; the waiting team moves up, told by mail.
    link = re.search(CANCEL_LINK, body).group(0)
    assert link.startswith(hosted.base)
    first.goto(link)
    first.get_by_role("button", name="Oui, annuler notre pré-inscription").click()
    expect(first.get_by_role("status")).to_contain_text("Pré-inscription annulée")
    # The place freed is offered to the waiting team until a deadline (half
    # the time left before 14:00, on the day), its mail sent by the sender;
    # past 14:00 no time is left to offer it: the team has it at once.
    offered = hosted.python(SECOND_TEAM) == "offered"
    if offered:
        hosted.manage("send_messages")
        assert mail.inbox.to("equipe2@example.org")[-1]["Subject"].startswith(
            "Une place s'est libérée"
        )
    else:
        assert hosted.python(SECOND_TEAM) == "confirmed"

    # The organizer downloads the list, as the laptop will take it.
    slug = hosted.python(
        "import json; from tournaments.models import Tournament; "
        f"print(json.dumps(Tournament.objects.get(name={CONCOURS!r}).slug))"
    )
    page.goto(f"{hosted.base}/organisation/t/{slug}/preinscriptions/")
    if offered:  # the organizer phones the team and confirms for it
        page.get_by_role("button", name="Confirmer pour l'équipe").click()
    expect(page.get_by_role("heading", name="Inscrites (1)")).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("link", name="Télécharger la liste (CSV)").click()
    listing = tmp_path / download.value.suggested_filename
    download.value.save_as(listing)
    assert "Lefèvre2" in listing.read_text(encoding="utf-8-sig")
    assert "Lefèvre1" not in listing.read_text(encoding="utf-8-sig")

    # A publication key, created before the day and pasted on the laptop.
    page.goto(hosted.base + "/organisation/publication/")
    page.get_by_role("button", name="Créer une clé de publication").click()
    key = page.locator("#new-key").input_value()

    # The hall laptop, on the day: the concours, the list imported, three
    # teams at the door.
    desk = open_page()
    log_in(desk, laptop)
    desk.goto(laptop + "/organisation/publication/")
    desk.locator("#id_url").fill(hosted.base)
    desk.locator("#id_key").fill(key)
    desk.locator("#id_key").press("Enter")
    expect(desk.locator(".messages").first).to_contain_text("Réglages de publication enregistrés")

    desk.goto(laptop + "/organisation/nouveau/")
    desk.get_by_label("Nom du tournoi").fill(CONCOURS)
    desk.get_by_label("Date").fill(today.isoformat())
    desk.get_by_label("Lieu").fill("Salle des fêtes")
    desk.get_by_label("Nombre de parties").fill("2")
    desk.get_by_role("button", name="Créer le tournoi").click()
    expect(desk.get_by_role("heading", name=CONCOURS)).to_be_visible()
    # The way scores are entered is a setting of the tournament's page.
    desk.get_by_role("link", name="Modifier le tournoi").click()
    desk.get_by_label("Saisie").select_option("totals")
    desk.get_by_role("button", name="Enregistrer les modifications").click()
    expect(desk.get_by_role("heading", name=CONCOURS)).to_be_visible()
    laptop_slug = desk.url.rstrip("/").rsplit("/", 1)[-1]

    desk.get_by_role("link", name="Importer un fichier CSV").click()
    desk.get_by_label("Fichier CSV").set_input_files(listing)
    desk.get_by_role("button", name="Vérifier le fichier").click()
    desk.get_by_role("button", name=re.compile("Importer 1 équipe")).click()
    expect(desk.locator(".messages")).to_contain_text(
        "1 équipe importée. 1 équipe pré-inscrite en ligne : à pointer à son arrivée."
    )
    for names in AT_THE_DOOR:
        type_team_at_the_desk(desk, laptop, laptop_slug, names)

    # The pre-registered team arrives: the desk checks it in like the others.
    desk.goto(f"{laptop}/organisation/t/{laptop_slug}/")
    arrived = desk.locator("tr", has_text="Lefèvre2")
    arrived.get_by_role("button", name="Absente").click()
    expect(arrived.get_by_role("button", name="Présente")).to_be_visible()

    # Amélie's box, ticked online, came with the list; Jérôme's did not.
    desk.locator("tr", has_text="Lefèvre2").get_by_role("link", name="Modifier").click()
    expect(
        desk.get_by_label("Joueur 1 accepte d'être affiché (page du joueur, cote)")
    ).to_be_checked()
    expect(
        desk.get_by_label("Joueur 2 accepte d'être affiché (page du joueur, cote)")
    ).not_to_be_checked()

    # Nothing of the day has reached the hosted instance yet.
    assert hosted.python(FINISHED) == 0

    play_a_partie_at_the_desk(desk, laptop, laptop_slug, 1)
    play_a_partie_at_the_desk(desk, laptop, laptop_slug, 2)
    desk.goto(f"{laptop}/organisation/t/{laptop_slug}/")
    # The press text reads whole in a wide box, not in a narrow column.
    assert desk.locator("#press-text").bounding_box()["width"] >= 400
    desk.get_by_role("button", name="Publier en ligne").click()
    expect(desk.locator(".messages")).to_contain_text("Concours publié en ligne")
    _shot(desk, "laptop-published")
    published = time.monotonic()

    # On the hosted home, read from a phone: the results within 60 s.
    phone = open_page(viewport=PHONE)
    while not on_the_home(phone, hosted.base):
        assert time.monotonic() - published < 60, "the results are not on the home after 60 s"
        phone.wait_for_timeout(2000)
    # Played, it leaves the coming concours; its results take the announced one's address.
    expect(phone.locator(".coming-concours")).not_to_contain_text(CONCOURS)
    phone.locator(".home-results").get_by_role("link", name=CONCOURS).click()
    phone.wait_for_url(f"{hosted.base}/t/{slug}/resultats/")
    expect(phone.locator("h1")).to_contain_text(CONCOURS)
    expect(phone.get_by_role("heading", name="Partie 2")).to_be_visible()
    _shot(phone, "results")

    # The player who agreed has a page, found as a visitor would (« Où je
    # joue ? », typed); the partner who did not, a name without a link.
    phone.locator(".crumb").get_by_role("link", name=CONCOURS).click()
    phone.get_by_label("Où je joue ?").focus()
    phone.keyboard.type("lefevre2")
    phone.keyboard.press("Enter")
    phone.get_by_role("link", name="Lefèvre2 – Bérard2").click()
    expect(phone.get_by_role("link", name="Jérôme Bérard2")).to_have_count(0)
    # The account's concours feed players' pages only once the site's
    # administrator has approved it (issue 35): not yet, so no link.
    expect(phone.get_by_role("link", name="Amélie Lefèvre2")).to_have_count(0)
    hosted.python(APPROVE)
    phone.reload()
    phone.get_by_role("link", name="Amélie Lefèvre2").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Amélie Lefèvre2")
    expect(phone.locator(".person-concours")).to_contain_text(CONCOURS)
    _shot(phone, "player")
    persons = hosted.python(PERSONS.format(slug=slug))
    assert len({pk for pk, _shown in persons.values()}) == 8  # eight people, none merged
    hidden_pk, hidden = persons["Bérard2"]
    assert persons["Lefèvre2"][1] and not hidden
    assert phone.request.get(f"{hosted.base}/joueurs/{hidden_pk}/").status == 404

    # The organizer still has the concours's pre-registrations on the hosted instance.
    page.goto(f"{hosted.base}/organisation/t/{slug}/preinscriptions/")
    expect(page.get_by_role("heading", name="Inscrites (1)")).to_be_visible()
    expect(page.get_by_role("heading", name="Annulées (1)")).to_be_visible()

    # After the day, the moved-up team's mail link cancels nothing any more.
    moved_up = mail.inbox.to("equipe2@example.org")[-1]
    second.goto(re.search(CANCEL_LINK, moved_up.get_content()).group(0))
    expect(second.get_by_role("alert")).to_contain_text("ne s'annule plus en ligne")
    expect(second.get_by_role("button", name="Oui, annuler notre pré-inscription")).to_have_count(0)
    _shot(second, "late-cancel")
    second.get_by_role("link", name="Voir les résultats du concours").click()
    expect(second.get_by_role("heading", level=1)).to_contain_text(CONCOURS)

    # The ranking's widget, inside a club's page.
    widget = f"{hosted.base}/widget/t/{slug}/"
    club = open_page()
    with club_site(tmp_path / "club", widget) as site:
        club.goto(site)
        frame = club.frame_locator("iframe")
        expect(frame.locator("table.widget-ranking tbody tr")).to_have_count(4)
        expect(frame.locator("h1")).to_contain_text(CONCOURS)
        _shot(club, "widget")
        close_quietly(club)
        club.close()
