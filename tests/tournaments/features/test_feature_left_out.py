"""A feature left out of FEATURE_APPS is gone whole, and the core still
starts and answers: its checks pass, the dashboard of a concours that used
the feature answers without it, and the feature's addresses are gone.

Each run is a fresh process (the installed apps are fixed once a process
has started) on its own SQLite file, migrated from nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from django.conf import settings

SETTINGS = """
from config.settings import *  # noqa: F403

LEFT_OUT = {left_out!r}
FEATURE_APPS = [a for a in FEATURE_APPS if a != LEFT_OUT]  # noqa: F405
INSTALLED_APPS = [a for a in INSTALLED_APPS if a != LEFT_OUT]  # noqa: F405
# As tests/conftest.py has it: plain HTTP on loopback, files from the finders.
SECURE_SSL_REDIRECT = False
STORAGES = {{
    **STORAGES,  # noqa: F405
    "staticfiles": {{"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}},
}}
"""

# The dashboard and the team list of a concours whose every option is on
# (cash box, fee, check-in): what the core shows must not need the feature.
SCRIPT = """
import django
django.setup()
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import NoReverseMatch, reverse
from tests import factories

call_command("check", fail_level="WARNING")
call_command("migrate", verbosity=0)
assert not apps.is_installed({left_out!r})
owner = get_user_model().objects.create_user("orga", password=factories.PASSWORD)
tournament = factories.build_tournament(
    owner=owner, cash_enabled=True, entry_fee_cents=1000, check_in_enabled=True
)
factories.add_teams(tournament, 4)
client = Client(HTTP_HOST="127.0.0.1")
client.force_login(owner)
page = client.get(reverse("tournaments:manage", args=[tournament.slug]))
assert page.status_code == 200, page.status_code
listing = client.get(reverse("tournaments:team_list", args=[tournament.slug]))
assert listing.status_code == 200, listing.status_code
# The desk's form and a registration file with the messages' columns: the
# core's own fields work, a column nobody reads is left alone.
added = client.post(
    reverse("tournaments:team_add", args=[tournament.slug]),
    {{"first_name1": "Anne", "last_name1": "Ajout", "first_name2": "Bruno", "last_name2": "Ajout",
     "messages_email": "anne@example.org", "messages_result": "on"}},
)
assert added.status_code == 302, added.status_code
from django.core.files.uploadedfile import SimpleUploadedFile
data = (
    "nom1;prenom1;nom2;prenom2;email;resultat_par_email\\n"
    "Fichier;Carole;Fichier;Denis;c@example.org;oui\\n"
)
url = reverse("tournaments:team_import", args=[tournament.slug])
shown = client.post(url, {{"file": SimpleUploadedFile("e.csv", data.encode()), "preview": "1"}})
assert shown.status_code == 200, shown.status_code
import html, re
packed = html.unescape(re.search(r'name="data" value="([^"]*)"', shown.content.decode()).group(1))
done = client.post(url, {{"data": packed, "confirm": "1"}})
assert done.status_code == 302, done.status_code
assert tournament.teams.count() == 6, tournament.teams.count()
model = client.get(reverse("tournaments:import_model_csv")).content.decode("utf-8-sig")
print("model", model.splitlines()[0])
gone = []
for name in {names!r}:
    try:
        reverse("tournaments:" + name, args=[tournament.slug])
    except NoReverseMatch:
        gone.append(name)
print("dashboard", page.status_code, "team list", listing.status_code, "gone", sorted(gone))
print("fee column", 'class="cash"' in page.content.decode())
"""

# One page of each feature that must be gone with it.
PAGES = {
    "tournaments.features.cash": ["cash", "cash_pdf", "cash_csv"],
    "tournaments.features.tablets": ["tablets"],
    "tournaments.features.messages": ["messages_desk", "messages_send_now"],
}


@pytest.mark.parametrize("left_out", sorted(PAGES))
def test_the_core_starts_and_answers_without_the_feature(left_out, tmp_path):
    assert left_out in settings.FEATURE_APPS
    (tmp_path / "left_out_settings.py").write_text(SETTINGS.format(left_out=left_out))
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tmp_path), str(settings.BASE_DIR)]),
        "DJANGO_SETTINGS_MODULE": "left_out_settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "BELOTE_DATA_DIR": str(tmp_path / "data"),
    }
    script = textwrap.dedent(SCRIPT).format(left_out=left_out, names=PAGES[left_out])
    run = subprocess.run(
        [sys.executable, "-c", script],
        cwd=Path(settings.BASE_DIR),
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert f"gone {sorted(PAGES[left_out])}" in run.stdout
    if left_out == "tournaments.features.cash":
        assert "fee column False" in run.stdout
    if left_out == "tournaments.features.messages":  # its columns leave with it
        assert "model nom1;prenom1;nom2;prenom2;club;" in run.stdout
        assert "email" not in run.stdout


@pytest.mark.parametrize(
    ("template_name", "shown"),
    [
        ("tournaments/includes/pay_cell.html", True),  # the cash box's, installed
        ("tournaments/includes/team_row.html", True),  # the core's own
        ("tournaments/includes/no_such_slot.html", False),  # no app provides it
    ],
)
def test_a_slot_is_filled_only_by_a_template_an_installed_app_provides(template_name, shown):
    from tournaments.templatetags.tournaments_display import provided

    assert provided(template_name) is shown
