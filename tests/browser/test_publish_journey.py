"""Results published from the hall (issue 26), on two real servers: the
hall laptop (`manage.py hall`) holds a concours played offline; the
organizer creates a publication key on the hosted instance (gunicorn on
another loopback address), pastes it in the laptop's settings, and the
laptop's « Publier en ligne » sends the concours over HTTP. The concours's
permanent page is on the hosted home at once; its widget renders inside
another site's page; the press text is copied in one click. A tampered
upload and a revoked key are refused in a sentence."""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.attacks import server as hosted_server
from tests.browser.conftest import close_quietly, until
from tests.browser.test_hall_restart import Hall
from tests.factories import PASSWORD
from tests.mail import SmtpServer
from tournaments.infra import publish_client

SHOTS = Path("/tmp/publish-journey")
HOSTED = "127.0.0.5"  # the hosted instance
CLUB = "127.0.0.6"  # a club's site, which frames the widget
CONCOURS = "Concours de la salle des fêtes"
MAILED = "equipe1@example.org"
# On the laptop: its organizer and a concours played there today, finished
# (a finished concours dated later is refused).
PLAYED_OFFLINE = f"""
import json
from django.contrib.auth import get_user_model
from django.utils import timezone
from tests import factories
user = get_user_model().objects.create_user("orga", password={PASSWORD!r})
t = factories.qualified_tournament(
    owner=user, teams=8, parties=2, name={CONCOURS!r}, date=timezone.localdate(),
    claims_window=False,  # final: its results may leave
)
# A team that asked for its result by mail: the laptop has no internet yet.
from tournaments.features.messages.models import Consent
from tournaments.features.messages.services import consent as consents
consents.give_consent(
    tournament=t, team=t.teams.get(number=1), email={MAILED!r},
    wants=consents.Wants(result=True), source=Consent.Source.DESK, language="fr",
)
print(json.dumps({{"slug": t.slug, "status": t.status}}))
"""


def hosted_instance(
    data: Path, *, host: str = HOSTED, extra_env: dict[str, str] | None = None
) -> hosted_server.Server:
    """The hosted instance (gunicorn, hosted settings) with its static files,
    on loopback address `host` (each journey its own: they run in parallel)."""
    port = hosted_server.servers.free_port(host)
    base = f"http://{host}:{port}"
    env = hosted_server.environment(data, hosts=[host], public=base, extra_env=extra_env)
    hosted = hosted_server.Server(base=base, env=env, data=data)
    hosted_server.prepare(hosted, demo=False)
    hosted.manage("collectstatic", "--noinput", "-v0")
    # Threads: a browser's idle preconnected socket must not hold the only
    # worker (a sync worker waits on it until its timeout).
    hosted.log = data / "gunicorn.log"
    hosted.process = hosted_server.servers.start_gunicorn(
        env, f"{host}:{port}", workers=1, threads=4, log=hosted.log
    )
    hosted.start_tasks()  # a laptop's upload is published by the task worker
    return hosted


@contextlib.contextmanager
def club_site(folder: Path, widget: str):
    """Another site (a club's), on its own loopback address: a static page
    that frames the widget."""
    folder.mkdir()
    (folder / "club.html").write_text(
        '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        "<title>Club de belote</title>"
        "</head><body><main><h1>Notre dernier concours</h1>"
        f'<iframe title="Classement du concours" src="{widget}" width="360" height="600"></iframe>'
        "</main></body></html>",
        encoding="utf-8",
    )
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    site = http.server.ThreadingHTTPServer((CLUB, 0), handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{CLUB}:{site.server_address[1]}/club.html"
    finally:
        site.shutdown()
        site.server_close()


@pytest.fixture
def servers(tmp_path):
    """The hall laptop, the hosted instance, and the mail server the laptop
    sends through (not started: the hall has no internet at first)."""
    (tmp_path / "hall").mkdir()
    (tmp_path / "hosted").mkdir()
    hall = Hall(tmp_path / "hall")
    mail = SmtpServer()
    hall.env.update(EMAIL_BACKEND="smtp", EMAIL_HOST="127.0.0.1", EMAIL_PORT=str(mail.port))
    hosted = None
    try:
        hosted = hosted_instance(tmp_path / "hosted")
        hall.start()
        yield hall, hosted, mail
    finally:
        hall.stop()
        mail.stop()
        if hosted:
            hosted.stop()


def messages_line(page, laptop: str, slug: str) -> str:
    page.goto(f"{laptop}/organisation/t/{slug}/")
    return page.locator(".messages-line").inner_text()


def log_in(page, base: str) -> None:
    page.goto(base + "/compte/connexion/")
    page.locator("#id_username").fill("orga")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_url(base + "/organisation/")


def test_a_concours_played_offline_is_published_from_the_hall_laptop(
    servers, page, open_page, tmp_path
):
    """Browser: 390 px layout, scripts, offline outbox, axe."""
    hall, hosted, mail = servers
    SHOTS.mkdir(exist_ok=True)
    concours = json.loads(hall.shell(PLAYED_OFFLINE))
    assert concours["status"] == "finished"
    laptop = f"http://127.0.0.1:{hall.port}"

    # On the hosted instance: a publication key, shown once.
    log_in(page, hosted.base)
    page.goto(hosted.base + "/compte/")
    page.get_by_role("link", name="Publication des résultats").click()
    page.get_by_role("button", name="Créer une clé de publication").click()
    key = page.locator("#new-key").input_value()
    assert key.startswith("bp_")

    # On the laptop: the hosted site and the key, typed once.
    laptop_page = open_page(locale="fr-FR", permissions=["clipboard-read", "clipboard-write"])
    log_in(laptop_page, laptop)
    laptop_page.goto(laptop + "/organisation/publication/")
    laptop_page.locator("#id_url").fill(hosted.base)
    laptop_page.locator("#id_key").fill(key)
    laptop_page.locator("#id_key").press("Enter")
    expect(laptop_page.locator(".messages")).to_contain_text("Réglages de publication enregistrés")

    # The press text, copied in one click.
    laptop_page.goto(f"{laptop}/organisation/t/{concours['slug']}/")
    text = laptop_page.locator("#press-text").input_value()
    assert "Victoire de" in text and len(text) <= 1000
    laptop_page.get_by_role("button", name="Copier").click()
    expect(laptop_page.locator(".copy-state")).to_have_text("Copié !")
    assert laptop_page.evaluate("navigator.clipboard.readText()") == text

    # The team's result mail waits: the laptop's worker found no connection.
    waiting = "1 message en attente d'envoi — pas de connexion"
    until(
        laptop_page,
        lambda: waiting in messages_line(laptop_page, laptop, concours["slug"]),
        "the laptop's worker never tried the mail",
        seconds=120,
    )
    # The link comes back (the mail server answers); the next try is minutes away.
    mail.start()
    assert waiting in messages_line(laptop_page, laptop, concours["slug"])
    assert mail.inbox.received == []

    # « Publier en ligne »: the concours travels to the hosted instance, and
    # the laptop, online, sends what waited at once.
    laptop_page.get_by_role("button", name="Publier en ligne").click()
    expect(laptop_page.get_by_text("Concours publié en ligne")).to_be_visible()
    laptop_page.screenshot(path=str(SHOTS / "laptop-published.png"), full_page=True)
    # At once, not at the next try 5 minutes away (2 minutes bound a loaded machine).
    until(laptop_page, lambda: mail.inbox.received, "the mail waited for its next try", seconds=120)
    (sent,) = mail.inbox.to(MAILED)
    assert CONCOURS in sent.get_content()
    assert "1 envoyé, le dernier à" in messages_line(laptop_page, laptop, concours["slug"])

    # Its permanent page is on the hosted home, read from a phone.
    phone = open_page(locale="fr-FR", viewport={"width": 390, "height": 844})
    phone.goto(hosted.base + "/")
    results = phone.locator(".home-results")
    expect(results).to_contain_text(CONCOURS)
    results.get_by_role("link", name=CONCOURS).click()
    phone.wait_for_url(f"{hosted.base}/t/{concours['slug']}/resultats/")
    expect(phone.locator("h1")).to_contain_text(CONCOURS)
    expect(phone.get_by_role("heading", name="Partie 2")).to_be_visible()
    expect(phone.get_by_role("heading", name="Règles")).to_be_visible()
    phone.screenshot(path=str(SHOTS / "phone-results.png"), full_page=True)

    # Its ranking widget, framed by another site's page.
    widget = f"{hosted.base}/widget/t/{concours['slug']}/"
    club = open_page(locale="fr-FR")
    with club_site(tmp_path / "club", widget) as site:
        club.goto(site)
        frame = club.frame_locator("iframe")
        expect(frame.locator("table.widget-ranking tbody tr")).to_have_count(8)
        expect(frame.locator("h1")).to_contain_text(CONCOURS)
        club.screenshot(path=str(SHOTS / "club-widget.png"))
        close_quietly(club)  # its last checks while the club's site still answers
        club.close()

    # A tampered upload travels too, and is refused in a sentence.
    body = b'{"format": "belote-tournois/backup"}'
    headers = publish_client.signed_headers(key, body)
    request = urllib.request.Request(
        hosted.base + publish_client.RECEIVE_PATH, data=body + b" ", headers=headers
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 400
    assert "modifié en route" in json.loads(refused.value.read())["error"]

    # The key revoked on the hosted instance: the laptop is refused.
    page.goto(hosted.base + "/organisation/publication/")
    page.get_by_role("button", name="Révoquer la clé").click()
    expect(page.get_by_text("Clé révoquée")).to_be_visible()
    laptop_page.goto(f"{laptop}/organisation/t/{concours['slug']}/")
    laptop_page.get_by_role("button", name="Publier en ligne").click()
    expect(laptop_page.get_by_text("Publication refusée")).to_contain_text("révoquée")
