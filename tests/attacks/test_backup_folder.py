"""An unwritable backup folder on a real server: the organizer's dashboard
says that backups fail (they were only logged before), the pages and the
saves go on, and the notice goes away once the folder can be written.

The folder is made unwritable for real, even for root: its path runs
through a plain file, so nothing can be created there."""

from __future__ import annotations

from html import unescape

import pytest

from tests.attacks import server as real
from tests.factories import PASSWORD

# engine_free: an unwritable folder, on any database.
pytestmark = [pytest.mark.attack, pytest.mark.engine_free]

LOGIN = "/compte/connexion/"
NOTICE = "Les sauvegardes automatiques échouent"


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    data = tmp_path_factory.mktemp("backups")
    blocker = data / "usb"
    blocker.write_text("not a folder")
    server = real.start(data, demo=False, extra_env={"BACKUP_DIR": str(blocker / "sauvegardes")})
    yield server, blocker
    server.stop()


def test_the_dashboard_says_backups_are_failing_until_they_work(app):
    server, blocker = app
    organizer = real.Client(server.base)
    token = organizer.form_token(LOGIN)
    assert organizer.post(LOGIN, {"username": "orga", "password": PASSWORD}, token=token)[0] == 302
    status, page = organizer.get("/organisation/")
    assert status == 200 and NOTICE in unescape(page).replace("’", "'")
    assert str(blocker / "sauvegardes") in unescape(page)

    # A partie closed meanwhile: its backup fails, the close does not.
    closed = server.python(
        "import json; from django.contrib.auth import get_user_model; from tests import factories; "
        "from tournaments.services import rounds; "
        "t = factories.build_tournament(owner=get_user_model().objects.get(username='orga'), "
        "end_deals=1); factories.add_teams(t, 4); r = factories.draw_random_round(t); "
        "[factories.add_deal(x) for x in r.tables.filter(team_b__isnull=False)]; "
        "rounds.close_round(round=r); r.refresh_from_db(); print(json.dumps(r.status))"
    )
    assert closed == "closed"

    blocker.unlink()  # the stick is back: the folder can be made
    status, page = organizer.get("/organisation/")
    assert status == 200 and NOTICE not in unescape(page).replace("’", "'")
