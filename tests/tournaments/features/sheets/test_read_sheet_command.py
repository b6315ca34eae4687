"""`manage.py read_sheet <image> --json` as a volunteer's laptop runs it:
in a process of its own, on a database of its own, recording nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from tests import migrated

ROOT = Path(__file__).resolve().parents[4]

#: A concours with table 1 of partie 1 to read, its sheet printed, and the
#: deals written on it, made in the command's own database.
_BUILD = """
import json, sys
import django
django.setup()
from django.contrib.auth import get_user_model
import numpy as np
from bench import sheet_photos
from tests.factories import add_teams, build_tournament, draw_random_round, first_table
from tests.tournaments.features.sheets.builders import photo_of
owner = get_user_model().objects.create_user("orga")
t = build_tournament(owner=owner)
add_teams(t, 4)
table = first_table(draw_random_round(t))
deals = sheet_photos.partie(t.rule_profile, np.random.default_rng(5), 2)
rows = {i + 1: values for i, (_, values) in enumerate(deals)}
open(sys.argv[1], "wb").write(photo_of(table, rows))
print(json.dumps({"slug": t.slug, "table": table.number, "deals": table.deals.count()}))
"""


def _run(arguments: list[str], data: Path) -> subprocess.CompletedProcess:
    env = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(BELOTE_DATA_DIR=str(data), DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run(
        [sys.executable, *arguments], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip


def test_a_photo_is_read_into_json_and_nothing_is_recorded(tmp_path):
    migrated.seed(tmp_path)
    photo = tmp_path / "feuille.jpg"
    built = _run(["-c", _BUILD, str(photo)], tmp_path)
    assert built.returncode == 0, built.stderr[-2000:]
    concours = json.loads(built.stdout.strip().splitlines()[-1])
    done = _run(["manage.py", "read_sheet", str(photo), "--json"], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    shown = json.loads(done.stdout)
    assert (shown["concours"], shown["partie"], shown["table"]) == (
        concours["slug"], 1, concours["table"],
    )  # fmt: skip
    assert [deal["deal"] for deal in shown["deals"]] == [1, 2]
    for deal in shown["deals"]:
        assert set(deal) >= {"deal", "fields", "asked", "reasons", "values"}
        assert set(deal["fields"]["points"]) == {"value", "sure"}
        assert set(deal["asked"]) <= set(deal["fields"])
    assert shown["partie_closed"] is False and shown["differences"] == []
    counted = "from tournaments.models import Deal; print(Deal.objects.count())"
    count = _run(["manage.py", "shell", "-c", counted], tmp_path)
    assert count.stdout.strip().splitlines()[-1] == "0"  # read, never recorded


def test_a_file_that_is_no_photo_is_refused_in_a_sentence(tmp_path):
    migrated.seed(tmp_path)
    text = tmp_path / "note.txt"
    text.write_text("pas une photo")
    done = _run(["manage.py", "read_sheet", str(text), "--json"], tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    shown = json.loads(done.stdout)
    assert shown["code"] == "not_an_image"
    assert shown["refused"].startswith("Ce fichier n'est pas une photo")
    assert "concours" not in shown and np.isfinite(shown["seconds"])
