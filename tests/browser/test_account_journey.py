"""A new organizer's account, in Chromium: sign up (after a mistake the
form names), confirm from the mail the file backend wrote, log in, create a
tournament, log out, forget the password, reset it from the mail, log in
with the new one, delete the account. On a laptop in French and on a phone
in English."""

from __future__ import annotations

import email
import email.policy
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "Belote-et-rebelote-2026"
NEW_PASSWORD = "Dix-de-der-et-capot-77"
FILE_BACKEND = "django.core.mail.backends.filebased.EmailBackend"


@dataclass(frozen=True)
class Words:
    """What the journey reads and clicks, in the page's language."""

    locale: str
    sign_up_link: str
    username: str
    email: str
    password: str
    password2: str
    create_account: str
    mismatch: str
    check_mail: str
    activate: str
    confirmed: str
    log_in: str
    log_out: str
    my_account: str
    new_tournament: str
    tournament_name: str
    create_tournament: str
    forgot: str
    send_link: str
    new_password: str
    new_password2: str
    save_password: str
    password_changed: str
    mail_subjects: tuple[str, str]
    delete_link: str
    delete_choice: str
    confirm_password: str
    delete_button: str
    wrong_password: str
    deleted: str


FRENCH = Words(
    locale="fr-FR",
    sign_up_link="Créer un compte organisateur",
    username="Nom d’utilisateur",
    email="Adresse e-mail",
    password="Mot de passe",
    password2="Confirmation du mot de passe",
    create_account="Créer mon compte",
    mismatch="Les deux mots de passe ne correspondent pas.",
    check_mail="Vérifiez vos e-mails",
    activate="Activer mon compte",
    confirmed="Adresse confirmée : vous pouvez vous connecter.",
    log_in="Se connecter",
    log_out="Se déconnecter",
    my_account="Mon compte",
    new_tournament="Nouveau tournoi",
    tournament_name="Nom du tournoi",
    create_tournament="Créer le tournoi",
    forgot="Mot de passe oublié ?",
    send_link="Envoyer le lien",
    new_password="Nouveau mot de passe",
    new_password2="Confirmation du nouveau mot de passe",
    save_password="Enregistrer le mot de passe",
    password_changed="Mot de passe changé : connectez-vous avec le nouveau.",
    mail_subjects=("Activez votre compte organisateur", "Nouveau mot de passe"),
    delete_link="Supprimer mon compte…",
    delete_choice="Le supprimer, avec ses équipes, parties et donnes",
    confirm_password="Votre mot de passe, pour confirmer",
    delete_button="Supprimer mon compte",
    wrong_password="Ce n'est pas votre mot de passe.",
    deleted="Votre compte est supprimé.",
)
ENGLISH = Words(
    locale="en-GB",
    sign_up_link="Create an organizer account",
    username="Username",
    email="E-mail address",
    password="Password",
    password2="Password confirmation",
    create_account="Create my account",
    mismatch="The two password fields didn’t match.",
    check_mail="Check your e-mail",
    activate="Activate my account",
    confirmed="Address confirmed: you can log in.",
    log_in="Log in",
    log_out="Log out",
    my_account="My account",
    new_tournament="New tournament",
    tournament_name="Tournament name",
    create_tournament="Create the tournament",
    forgot="Forgotten password?",
    send_link="Send the link",
    new_password="New password",
    new_password2="New password confirmation",
    save_password="Save the password",
    password_changed="Password changed: log in with the new one.",
    mail_subjects=("Activate your organizer account", "New password"),
    delete_link="Delete my account…",
    delete_choice="Delete it, with its teams, rounds and deals",
    confirm_password="Your password, to confirm",
    delete_button="Delete my account",
    wrong_password="This is not your password.",
    deleted="Your account is deleted.",
)


def mails(folder: Path) -> list[email.message.EmailMessage]:
    """Every mail the file backend wrote to `folder`, oldest first (one file
    a connection, mails in it separated by a line of dashes)."""
    found = []
    for path in sorted(folder.glob("*.log"), key=lambda p: p.stat().st_mtime_ns):
        for chunk in re.split(rb"\n-{79}\n", path.read_bytes()):
            if chunk.strip():
                found.append(email.message_from_bytes(chunk, policy=email.policy.default))
    return found


def the_link(message: email.message.EmailMessage, base: str) -> str:
    body = message.get_content()
    (link,) = re.findall(r"https?://\S+/", body)
    assert link.startswith(base), (link, base)  # absolute, on the host the browser used
    return link


def field(label: str) -> re.Pattern:
    """A field by its whole label (Django adds « : » after it)."""
    return re.compile("^" + re.escape(label) + r"\s*:?$")


def log_in(page: Page, words: Words, username: str, password: str) -> None:
    page.get_by_label(field(words.username)).fill(username)
    page.get_by_label(field(words.password)).fill(password)
    page.get_by_role("button", name=words.log_in).click()


@pytest.mark.parametrize(
    ("words", "viewport"),
    [(FRENCH, {"width": 1366, "height": 900}), (ENGLISH, {"width": 390, "height": 844})],
    ids=["laptop-fr", "phone-en"],
)
def test_a_new_organizer_signs_up_confirms_creates_and_resets_the_password(
    live_server, open_page, settings, tmp_path, words, viewport
):
    """Browser: 390 px layout, axe."""
    outbox = tmp_path / "courriels"
    settings.MAILERS = {"default": {"BACKEND": FILE_BACKEND, "OPTIONS": {"file_path": outbox}}}
    shots = tmp_path / "shots"
    page = open_page(viewport=viewport, locale=words.locale)
    base = live_server.url

    # Sign up from the login page; a mistake first, named next to its field.
    page.goto(base + "/compte/connexion/")
    page.get_by_role("link", name=words.sign_up_link).click()
    page.get_by_label(field(words.username)).fill("lucie")
    page.get_by_label(field(words.email)).fill("lucie@club-belote.fr")
    page.get_by_label(field(words.password)).fill(PASSWORD)
    page.get_by_label(field(words.password2)).fill(PASSWORD + "x")
    page.get_by_role("button", name=words.create_account).click()
    expect(page.locator("#field-password2 .errorlist")).to_have_text(words.mismatch)
    page.screenshot(path=shots / "1-sign-up-error.png", full_page=True)
    page.get_by_label(field(words.password)).fill(PASSWORD)
    page.get_by_label(field(words.password2)).fill(PASSWORD)
    page.get_by_role("button", name=words.create_account).click()
    expect(page.get_by_role("heading", name=words.check_mail)).to_be_visible()
    assert not get_user_model().objects.get(username="lucie").is_active

    # The mail the file backend wrote; its link, then the button.
    (confirmation,) = mails(outbox)
    assert confirmation["Subject"] == words.mail_subjects[0]
    assert confirmation["To"] == "lucie@club-belote.fr"
    page.goto(the_link(confirmation, base))
    page.screenshot(path=shots / "2-confirm.png", full_page=True)
    page.get_by_role("button", name=words.activate).click()
    expect(page.locator(".messages")).to_contain_text(words.confirmed)

    # Log in and create a tournament.
    log_in(page, words, "lucie", PASSWORD)
    expect(page.get_by_role("link", name=words.my_account)).to_be_visible()
    page.goto(base + "/organisation/")
    page.get_by_role("link", name=words.new_tournament).click()
    page.get_by_label(field(words.tournament_name)).fill("Belote des Vendanges")
    page.get_by_label("Date").fill("2027-09-18")
    page.get_by_role("button", name=words.create_tournament).click()
    expect(page.get_by_role("heading", name="Belote des Vendanges")).to_be_visible()
    assert Tournament.objects.get(name="Belote des Vendanges").owner.username == "lucie"
    page.get_by_role("link", name=words.my_account).click()
    page.screenshot(path=shots / "3-account.png", full_page=True)
    page.get_by_role("button", name=words.log_out).click()
    page.wait_for_url(base + "/")  # signed out (the home), before another page is asked

    # Forgotten password: the mail's link, a new password, a login with it.
    page.goto(base + "/compte/connexion/")
    page.get_by_role("link", name=words.forgot).click()
    page.get_by_label(field(words.email)).fill("LUCIE@club-belote.fr")
    page.get_by_role("button", name=words.send_link).click()
    expect(page.get_by_role("heading", name=words.check_mail)).to_be_visible()
    confirmation_again, reset = mails(outbox)
    assert confirmation_again["Subject"] == confirmation["Subject"]
    assert reset["Subject"] == words.mail_subjects[1]
    page.goto(the_link(reset, base))
    page.get_by_label(field(words.new_password)).fill(NEW_PASSWORD)
    page.get_by_label(field(words.new_password2)).fill(NEW_PASSWORD)
    page.screenshot(path=shots / "4-new-password.png", full_page=True)
    page.get_by_role("button", name=words.save_password).click()
    expect(page.locator(".messages")).to_contain_text(words.password_changed)
    log_in(page, words, "lucie", PASSWORD)  # the old one no longer opens
    expect(page.get_by_role("link", name=words.my_account)).to_have_count(0)
    log_in(page, words, "lucie", NEW_PASSWORD)
    expect(page.get_by_role("link", name=words.my_account)).to_be_visible()
    page.goto(base + "/organisation/")
    expect(page.get_by_role("link", name="Belote des Vendanges")).to_be_visible()

    # And leave: the account and its one tournament (no co-organizer) go.
    page.get_by_role("link", name=words.my_account).click()
    page.get_by_role("link", name=words.delete_link).click()
    expect(page.get_by_role("radio", name=words.delete_choice)).to_be_checked()
    page.get_by_label(field(words.confirm_password)).fill("faux")
    page.get_by_role("button", name=words.delete_button).click()
    expect(page.locator("#field-password .errorlist")).to_have_text(words.wrong_password)
    page.get_by_label(field(words.confirm_password)).fill(NEW_PASSWORD)
    page.screenshot(path=shots / "5-delete.png", full_page=True)
    page.get_by_role("button", name=words.delete_button).click()
    expect(page.locator(".messages")).to_contain_text(words.deleted)
    assert not get_user_model().objects.filter(username="lucie").exists()
    assert not Tournament.objects.exists()
