"""The optional features' packages (tournaments/features/, issue 36): each is
installed as an app, kept in its layers, and out of the core's reach — the
core's parts are all named in the contract that forbids it a feature."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from django.conf import settings

from tests import migrated
from tournaments.features import installed

ROOT = Path(settings.BASE_DIR)
FEATURES = ROOT / "tournaments/features"
PACKAGES = sorted(p.name for p in FEATURES.iterdir() if (p / "__init__.py").exists())


def _contract(name_start: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    [contract] = [c for c in contracts if c["name"].startswith(name_start)]
    return contract


def test_every_part_of_the_core_is_forbidden_to_import_a_feature():
    """A core package added later is named in the contract, or this fails:
    the contract cannot leave a part of the core out by forgetting it."""
    core = {
        "tournaments." + (p.stem if p.suffix == ".py" else p.name)
        for p in (ROOT / "tournaments").iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").exists()
    } - {"tournaments.features"}
    contract = _contract("The core never imports a feature")
    assert set(contract["source_modules"]) == core
    assert contract["forbidden_modules"] == ["tournaments.features"]


def test_every_feature_package_is_installed_and_kept_in_its_layers():
    assert PACKAGES, "no feature package"
    assert [config.name for config in installed()] == settings.FEATURE_APPS
    assert sorted(settings.FEATURE_APPS) == ["tournaments.features." + name for name in PACKAGES]
    layered = _contract("A feature's own modules import downwards only")["containers"]
    assert sorted(layered) == ["tournaments.features." + name for name in PACKAGES]
    apart = _contract("A feature imports no other feature")["modules"]
    assert sorted(apart) == ["tournaments.features." + name for name in PACKAGES]


def test_a_features_pure_rules_are_held_to_the_rules_purity():
    pure = set(_contract("The rules (scoring, tournaments.domain)")["source_modules"])
    for name in PACKAGES:
        if (FEATURES / name / "domain.py").exists():
            assert f"tournaments.features.{name}.domain" in pure


#: Run in a fresh process with one feature left out of FEATURE_APPS (and of
#: INSTALLED_APPS; the installed apps are fixed once a process has started):
#: the core starts, passes its checks, migrates its database, and its pages
#: answer 200 — the home (with a département asked), the organizer's
#: « Mes tournois », « Nouveau tournoi », the dashboard, settings and team
#: list of a concours whose every option is on (cash box, fee, check-in,
#: clock, sheets read from photos), its public page, the results' archive, the publication page and
#: an import of a list of pre-registered teams; the settings are saved (a
#: feature left out keeps its stored options); a backup with features'
#: sections imports (one not installed is left aside) — while the feature's
#: own addresses and options are gone with it.
_WITHOUT = """
import sys
from config import settings as s
left_out = "tournaments.features." + sys.argv[1]
s.FEATURE_APPS.remove(left_out)
s.INSTALLED_APPS.remove(left_out)
import django
django.setup()
from django.apps import apps
from django.core.management import call_command
from django.test import Client
from django.test.utils import setup_test_environment
from django.urls import NoReverseMatch, reverse
assert not any(c.name == left_out for c in apps.get_app_configs())
call_command("check", fail_level="ERROR")
call_command("migrate", verbosity=0)
setup_test_environment()
from django.contrib.auth import get_user_model
from tests import factories
from tournaments.services import imports
owner = get_user_model().objects.create_user("orga", password=factories.PASSWORD)
t = factories.build_tournament(
    owner=owner, cash_enabled=True, entry_fee_cents=1000, check_in_enabled=True, clock_enabled=True,
    sheets_enabled=True,
)
factories.add_teams(t, 4)
listed = "nom1;prenom1;nom2;prenom2;club;preinscrite\\nDurand;Amélie;Bérard;Jérôme;As;oui\\n"
plan = imports.import_teams(tournament=t, data=listed.encode(), by=owner)
assert len(plan.imported) == 1, plan
client = Client()
client.force_login(owner)
for url in ("/", "/?departement=71", "/organisation/", f"/organisation/t/{t.slug}/",
            reverse("tournaments:team_list", args=[t.slug]),
            f"/t/{t.slug}/", "/resultats/", "/organisation/publication/",
            reverse("tournaments:create"), reverse("tournaments:edit", args=[t.slug])):
    answer = client.get(url)
    assert answer.status_code == 200, (url, answer.status_code)
    if url == f"/organisation/t/{t.slug}/":
        print("fee column", 'class="cash"' in answer.content.decode())
# The settings: the options of the features installed are asked, the left
# out one's are not; saved without them, its stored values stay.
import re
switches = ("cash_enabled", "check_in_enabled", "clock_enabled", "sheets_enabled")
page = client.get(reverse("tournaments:edit", args=[t.slug])).content.decode()
print("asked", sorted(set(re.findall(r'name="([a-z_]+)"', page)) & {*switches, "entry_fee"}))
from tests.tournaments.views.test_organizer_pages import form_data
saved = client.post(reverse("tournaments:edit", args=[t.slug]), form_data(t, venue="Ailleurs"))
assert saved.status_code == 302, saved.status_code
t.refresh_from_db()
assert t.venue == "Ailleurs"
print("kept", sorted(name for name in switches if getattr(t, name)))
# The desk's form and a registration file with the messages' columns: the
# core's own fields work, a column nobody reads is left alone.
added = client.post(
    reverse("tournaments:team_add", args=[t.slug]),
    {"first_name1": "Anne", "last_name1": "Ajout", "first_name2": "Bruno", "last_name2": "Ajout",
     "messages_email": "anne@example.org", "messages_result": "on"},
)
assert added.status_code == 302, added.status_code
from django.core.files.uploadedfile import SimpleUploadedFile
data = (
    "nom1;prenom1;nom2;prenom2;email;resultat_par_email\\n"
    "Fichier;Carole;Fichier;Denis;c@example.org;oui\\n"
)
url = reverse("tournaments:team_import", args=[t.slug])
shown = client.post(url, {"file": SimpleUploadedFile("e.csv", data.encode()), "preview": "1"})
assert shown.status_code == 200, shown.status_code
import html, re
packed = html.unescape(re.search(r'name="data" value="([^"]*)"', shown.content.decode()).group(1))
done = client.post(url, {"data": packed, "confirm": "1"})
assert done.status_code == 302, done.status_code
assert t.teams.count() == 7, t.teams.count()
model = client.get(reverse("tournaments:import_model_csv")).content.decode("utf-8-sig")
print("model", model.splitlines()[0])
# A backup of the concours imported again: a feature's section whose
# feature is not here is left aside (the messages' of a hall that has it).
import json
from django.core.serializers.json import DjangoJSONEncoder
from tournaments.services.backup import export_tournament, import_tournament
doc = json.loads(json.dumps(export_tournament(t), cls=DjangoJSONEncoder))
doc["tournament"].update(slug=t.slug + "-copie", name=t.name + " (copie)")
features = doc.setdefault("features", {})
features.setdefault("messages", {"hands_over": True, "consents": [{"id": 1}], "done": []})
features["ailleurs"] = {"quoi": 1}
print("copied", import_tournament(doc, owner=owner).teams.count())
from tests.tournaments.features.test_feature_packages import reversed_or_none
gone = [name for name in sys.argv[2:] if reversed_or_none(name, t.slug) is None]
print("gone", sorted(gone))
print("started without", left_out)
"""


def reversed_or_none(name: str, slug: str) -> str | None:
    """The address of page `name` of the concours `slug` (and of its partie 1
    for a partie's page), or None when no installed app has that page; for
    « command:NAME », the command's name when an installed app has it."""
    from django.core.management import get_commands
    from django.urls import NoReverseMatch, reverse

    if name.startswith("command:"):
        return name if name.removeprefix("command:") in get_commands() else None

    for args in ([slug], [slug, 1], [], [1]):
        try:
            return reverse("tournaments:" + name, args=args)
        except NoReverseMatch:
            pass
    return None


#: One page of each feature that must be gone with it (a URL name of the
#: `tournaments` namespace, taking the concours's slug, and a partie's number
#: for a partie's page), or a command (« command:NAME »).
GONE = {
    "calendar": ["preregistrations", "announce_edit", "concours"],
    "cash": ["cash", "cash_pdf", "cash_csv"],
    "challenge": ["challenge", "challenge_manage", "challenge_pdf"],
    "clock": ["round_clock", "last_deal_call"],
    "contributions": ["contributions", "contribution_accept"],
    "door": ["door_poster", "door_open"],
    "halls": ["halls_manage", "halls_public"],
    "leagues": ["league", "league_manage"],
    "messages": ["messages_desk", "messages_notice", "messages_send_now"],
    "sheets": ["sheets_pile", "command:sheet_layout", "command:read_sheet"],
    "tablets": ["tablets"],
}


#: The options a feature package asks in the tournament's form (that the
#: script above looks for), its switch first.
ASKED = {
    "cash": ["cash_enabled", "entry_fee"],
    "clock": ["clock_enabled"],
    "door": ["check_in_enabled"],
    "sheets": ["sheets_enabled"],
}


@pytest.mark.parametrize("name", PACKAGES)
def test_the_pages_said_gone_with_a_feature_are_there_when_it_is_installed(name):
    assert GONE[name]
    for page in GONE[name]:
        assert reversed_or_none(page, "un-concours") is not None, page


@pytest.mark.parametrize("name", PACKAGES)
def test_the_core_starts_and_answers_with_a_feature_left_out(name, tmp_path):
    if not (FEATURES / name / "migrations").is_dir():
        # Without migrations of its own, the feature left out changes nothing
        # of the migration graph: its database starts from the run's migrated
        # copy (tests/migrated.py), and `migrate` finds nothing left to do.
        migrated.seed(tmp_path)
    else:
        # With migrations of its own, from the run's database of the core's
        # migrations made with every feature left out (`core_alone`: those
        # name no feature's migration and import no feature): `migrate`
        # applies the other features' migrations, without this one's. Each
        # migrated a new database, the core's migrations again: 6.4 s of
        # CPU each.
        migrated.seed(tmp_path, migrated.core_alone())
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "BELOTE_DATA_DIR": str(tmp_path),
        # Plain HTTP, as the test client asks (tests/conftest.py does the same).
        "SECURE_SSL_REDIRECT": "false",
        "SESSION_COOKIE_SECURE": "false",
        "CSRF_COOKIE_SECURE": "false",
        "PLAIN_STATIC": "true",
    }
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT, name, *GONE[name]],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"started without tournaments.features.{name}" in done.stdout
    assert f"gone {sorted(GONE[name])}" in done.stdout
    assert "copied 7" in done.stdout
    if name == "cash":
        assert "fee column False" in done.stdout
    # Saved without a box ticked, the options asked go off; those of the
    # feature left out are neither asked nor touched.
    others = sorted(n for package, names in ASKED.items() if package != name for n in names)
    assert f"asked {others}" in done.stdout
    assert f"kept {ASKED.get(name, [])[:1]}" in done.stdout
    if name == "messages":  # its columns leave with it
        assert "model prenom1;nom1;licence1;" in done.stdout
        assert "email" not in done.stdout.split("model ", 1)[1].splitlines()[0]


@pytest.mark.parametrize(
    ("slot", "switches", "shown"),
    [
        ("team_list.head", ["cash"], '<th class="cash">'),  # the cash box's
        ("team_list.head", [], ""),  # switched off: empty
        ("team_list.head", None, ""),  # a page of no concours
        ("dashboard.actions", [], "halls-link"),  # filled `always`
        ("team_row.presence", [], 'name="present"'),  # the default
        ("team_row.presence", ["door"], "check-in"),  # the door's
    ],
)
def test_a_slot_shows_a_feature_template_only_where_the_feature_is_on(slot, switches, shown):
    """The switch filter of the hooks decides for slots too (tournaments/hooks
    `fill`): a core template names no feature template and no switch."""
    from types import SimpleNamespace

    from django.template import engines

    source = "{% load tournaments_display %}{% feature_slot slot default=default %}"
    default = "tournaments/includes/team_presence.html" if slot == "team_row.presence" else ""
    tournament = switches if switches is None else SimpleNamespace(slug="x", features=switches)
    team = SimpleNamespace(pk=7, number=7, present=True, checked_in_at=None)
    page = (
        engines["django"]
        .from_string(source)
        .render({"slot": slot, "default": default, "tournament": tournament, "team": team})
    )
    assert (shown in page) if shown else page == "", page


def test_a_slot_not_in_the_table_cannot_be_filled():
    from tournaments import hooks

    with pytest.raises(KeyError):
        hooks.fill("no such slot", "tournaments/includes/team_row.html", by=__name__)


#: What a core template once used to know of a feature (issue 63): the
#: switches' former names, the filter that asked whether a feature was
#: installed, and a concours's list of features switched on.
_FEATURE_WORDS = re.compile(
    r"\b(cash_enabled|check_in_enabled|clock_enabled|sheets_enabled|hall_merge)\b"
    r"|\|\s*provided\b|\.features\b"
)
_NAMED = re.compile(r"""\{%\s*(?:include|extends)\s+["']([^"']+)["']""")


def _core_templates() -> list[Path]:
    return sorted((ROOT / "templates").rglob("*.html"))


def test_a_core_template_names_no_feature_template_and_no_switch():
    """The slots (`feature_slot`) are the only way a feature's template
    reaches a core page: a core template includes or extends no template
    that a feature's package holds, and asks no switch itself."""
    assert _core_templates(), "no core template found"
    found = []
    for path in _core_templates():
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        found += [f"{where}: {m.group(0)}" for m in _FEATURE_WORDS.finditer(text)]
        for name in _NAMED.findall(text):
            held = sorted(FEATURES.glob(f"*/templates/{name}"))
            if held and not (ROOT / "templates" / name).is_file():
                found.append(f"{where}: {name} is {held[0].relative_to(ROOT)}")
    assert found == []
