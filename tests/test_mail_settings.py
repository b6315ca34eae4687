"""Where mails go, as the settings read the environment: the console in
development, files in the data folder for the hall server, SMTP otherwise
(with the EMAIL_* variables). Each case is a fresh Python process, since
settings are read once; it reads Django's settings (config/settings.py over
Django's defaults) without loading the apps, which add nothing to them
(django.setup() was 0.8 s of a case's 0.95 s of CPU)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRINT = (
    "import json; from django.conf import settings; print(json.dumps(settings.MAILERS['default']))"
)
BACKENDS = "django.core.mail.backends."


def mailer(tmp_path: Path, **env: str) -> dict:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("EMAIL_", "BELOTE_MODE"))}
    clean.pop("DEBUG", None)
    clean |= {"DJANGO_SETTINGS_MODULE": "config.settings", "BELOTE_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", PRINT],
        cwd=ROOT,
        env=clean | env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


@pytest.mark.parametrize(
    ("env", "backend"),
    [
        ({"DEBUG": "1"}, "console"),
        ({"BELOTE_MODE": "hall"}, "hall_files"),
        ({}, "smtp"),
        ({"BELOTE_MODE": "hall", "EMAIL_BACKEND": "smtp"}, "smtp"),
    ],
    ids=["development", "hall", "production", "hall-with-smtp"],
)
def test_the_default_backend_follows_the_way_the_app_runs(tmp_path, env, backend):
    expected = (
        "tournaments.infra.mail_files.EmailBackend"
        if backend == "hall_files"
        else f"{BACKENDS}{backend}.EmailBackend"
    )
    assert mailer(tmp_path, **env)["BACKEND"] == expected


def test_the_hall_writes_mails_in_the_data_folder(tmp_path):
    options = mailer(tmp_path, BELOTE_MODE="hall")["OPTIONS"]
    assert options == {"file_path": str(tmp_path / "courriels")}


def test_smtp_comes_from_the_environment(tmp_path):
    options = mailer(
        tmp_path,
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="587",
        EMAIL_HOST_USER="belote",
        EMAIL_HOST_PASSWORD="secret",
        EMAIL_USE_TLS="1",
    )["OPTIONS"]
    assert options | {"password": "…"} == {
        "host": "smtp.example.org",
        "port": 587,
        "username": "belote",
        "password": "…",
        "use_tls": True,
        "use_ssl": False,
        "timeout": 10,
    }
    assert options["password"] == "secret"


FROM = (
    "import json; from django.conf import settings; print(json.dumps(settings.DEFAULT_FROM_EMAIL))"
)


@pytest.mark.parametrize(
    ("env", "sender"),
    [
        ({}, "belote-tournois@localhost"),
        ({"EMAIL_HOST_USER": "comite.stmartin@orange.fr"}, "comite.stmartin@orange.fr"),
        ({"EMAIL_HOST_USER": "comite"}, "belote-tournois@localhost"),
        (
            {"EMAIL_HOST_USER": "comite@orange.fr", "DEFAULT_FROM_EMAIL": "belote@club.fr"},
            "belote@club.fr",
        ),
    ],
    ids=["nothing", "the-mail-account", "a-login-that-is-no-address", "given"],
)
def test_the_sender_s_address_is_the_mail_account_s_unless_given(tmp_path, env, sender):
    """Issue 54, item 2: a hall sending through its club's mailbox sent as
    « belote-tournois@localhost », which the club's provider refuses."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("EMAIL_", "DEFAULT_FROM"))}
    clean |= {"DJANGO_SETTINGS_MODULE": "config.settings", "BELOTE_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", FROM],
        cwd=ROOT,
        env=clean | env,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout) == sender
