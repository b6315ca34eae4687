"""The hall's laptop writes each mail as a plain UTF-8 text file (8bit, its
link on one line), and the organizer reads them on « Courriels », linked
from the organizer's header when the file backend is on."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.mail import EmailMessage
from django.urls import reverse

from tournaments.infra import mail_files

pytestmark = pytest.mark.django_db

LINK = "http://192.168.1.20:8000/compte/nouveau-mot-de-passe/MQ/cz1x2y-0123456789abcdef0123456789abcdef/"
PHONE = "192.168.1.30"


@pytest.fixture
def outbox(settings, tmp_path) -> Path:
    settings.MAILERS = {
        "default": {"BACKEND": mail_files.BACKEND, "OPTIONS": {"file_path": str(tmp_path)}}
    }
    return tmp_path


def send_reset() -> None:
    body = f"Bonjour Hélène,\n\nVotre nouveau mot de passe, à choisir ici :\n{LINK}\n\nÀ bientôt.\n"
    EmailMessage(subject="Nouveau mot de passe — Hélène", body=body, to=["helene@club.fr"]).send()


def test_a_mail_is_written_as_plain_utf8_text_with_its_link_on_one_line(outbox):
    send_reset()
    (written,) = outbox.glob("*.eml")
    text = written.read_bytes().decode("utf-8")
    assert "Content-Transfer-Encoding: 8bit" in text
    assert "Subject: Nouveau mot de passe — Hélène" in text
    assert "Bonjour Hélène," in text and "À bientôt." in text
    assert LINK in text.splitlines()  # whole, on its own line
    assert "=C3" not in text and "=\n" not in text and "base64" not in text


def test_mails_written_in_the_same_second_are_listed_in_the_order_written(outbox):
    """A cancellation and the mail that moves the waiting team up are written
    within one second: the newest is still listed first (it once came out
    in a random order, the names ending with a random part)."""
    subjects = [f"Courriel {n}" for n in range(12)]
    for subject in subjects:
        EmailMessage(subject=subject, body="…", to=["equipe@club.fr"]).send()
    assert [m.subject for m in mail_files.written_mails()] == subjects[::-1]


def test_the_organizer_lists_the_mails_from_the_header(client, organizer, outbox):
    send_reset()
    client.force_login(organizer)
    dashboard = client.get(reverse("tournaments:dashboard")).text
    assert reverse("tournaments:laptop_mails") in dashboard
    page = client.get(reverse("tournaments:laptop_mails"))
    assert page.status_code == 200
    assert "helene@club.fr" in page.text and "Nouveau mot de passe — Hélène" in page.text
    assert f'<a href="{LINK}"' in page.text
    client.cookies["django_language"] = "en"
    assert "Mails written on this computer" in client.get(reverse("tournaments:laptop_mails")).text


def test_no_mail_page_without_the_file_backend(client, organizer, settings):
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    client.force_login(organizer)
    assert (
        reverse("tournaments:laptop_mails") not in client.get(reverse("tournaments:dashboard")).text
    )
    assert client.get(reverse("tournaments:laptop_mails")).status_code == 404


def test_on_the_hall_a_phone_cannot_read_the_laptops_mails(client, organizer, settings, outbox):
    settings.HALL, settings.HALL_ADMIN_ON_NETWORK = True, False
    send_reset()
    client.force_login(organizer)
    url = reverse("tournaments:laptop_mails")
    assert client.get(url, REMOTE_ADDR=PHONE).status_code == 404
    assert client.get(url, REMOTE_ADDR="127.0.0.1").status_code == 200


def test_an_account_mail_goes_to_the_list_too(client, organizer, outbox):
    organizer.email = "orga@club.fr"
    organizer.save()
    client.post(reverse("password_reset"), {"email": "orga@club.fr"})
    (mail,) = mail_files.written_mails()
    assert mail.to == "orga@club.fr" and "/compte/nouveau-mot-de-passe/" in mail.body
