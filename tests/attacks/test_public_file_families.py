"""Issue 51, section 3: the public concours file named the couples and
families. A visitor (no account) downloads `/t/<slug>/fichier-du-concours.json`
of a published concours whose organizer listed a family and a couple to keep
apart, against a real gunicorn (two workers), and reads it as a stranger
would: the pairs, the tables' reasons, the partie's public page, and the
pairs' commitment tried against every set of pairs of the 8 teams.

Before the fix the file said `"avoid": [[a, b], [c, d]]` and its `teams`
mapped them to names. The public file now says how many pairs each draw
kept apart and commits to them (a salted SHA-256); the organizer's own file
keeps the pairs and the salt, and the checker confirms the commitment there.
The checker still checks the public file: every draw the pairs did not
change, and says which one it cannot replay without them."""

from __future__ import annotations

import hashlib
import html
import itertools
import json
import subprocess
import sys

import pytest

from tests.attacks import publishing
from tests.attacks import server as real

pytestmark = [pytest.mark.attack, pytest.mark.database, pytest.mark.engine_free]
# engine_free: what the file holds is written in Python from the rows read,
# the same on any database.

AVOIDED = {"random_avoided", "random_prohibited", "ranking_avoided", "ranking_prohibited"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("families"), demo=False)
    made = server.python(
        "import json; from tests.attacks import families; "
        "print(json.dumps(families.concours('orga')))"
    )
    yield server, made
    server.stop()


def _file(client: real.Client, path: str) -> dict:
    status, text = client.get(path)
    assert status == 200, status
    return json.loads(text)


def _checker(doc: dict, folder) -> subprocess.CompletedProcess:
    path = folder / "concours.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "checker", str(path)],
        cwd=real.ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _digest(salt: str, pairs) -> str:
    canonical = json.dumps(sorted(sorted(p) for p in pairs), separators=(",", ":"))
    return hashlib.sha256((salt + canonical).encode()).hexdigest()


def test_the_public_file_names_no_pair_and_still_checks(site, tmp_path):
    server, made = site
    doc = _file(
        real.Client(server.base, source="127.0.0.61"), f"/t/{made['slug']}/fichier-du-concours.json"
    )
    numbers = {team["id"]: team["number"] for team in doc["teams"]}
    draws = [rnd["draw"] for rnd in doc["rounds"]]
    reasons = [t.get("reason", {}).get("kind") for rnd in doc["rounds"] for t in rnd["tables"]]
    named = [
        [sorted(numbers[i] for i in pair) for pair in d["avoid"]] for d in draws if "avoid" in d
    ]
    print(f"\npairs named in the public file: {named}; reasons {sorted(set(reasons) - {None})}")
    assert named == []
    assert not AVOIDED & set(reasons)
    assert [d["apart"]["pairs"] for d in draws] == [2, 2]
    assert all("salt" not in d["apart"] for d in draws)

    page = html.unescape(real.Client(server.base).get(f"/t/{made['slug']}/parties/1/")[1])
    assert "famille ou couple" not in page

    done = _checker(doc, tmp_path)
    print(done.stdout + done.stderr)
    assert done.returncode == 0, done.stdout
    assert "Partie 1 : ce tirage a tenu 2 paire(s) d'équipes à l'écart" in done.stdout


def test_a_stranger_cannot_find_the_pairs_from_their_commitment(site):
    """Every set of one or two pairs of the 8 teams, hashed as the format
    says, with the salts a stranger can think of (none, the concours's
    address, the partie's seed): none gives the digest. Hashed without a
    secret salt, the same search finds them at once (the detector works)."""
    server, made = site
    doc = _file(real.Client(server.base), f"/t/{made['slug']}/fichier-du-concours.json")
    ids = sorted(team["id"] for team in doc["teams"])
    by_number = {team["number"]: team["id"] for team in doc["teams"]}
    draw = doc["rounds"][0]["draw"]
    pairs = list(itertools.combinations(ids, 2))
    candidates = [[p] for p in pairs] + [list(c) for c in itertools.combinations(pairs, 2)]
    salts = ["", made["slug"], str(draw["seed"])]
    found = [c for c in candidates for salt in salts if _digest(salt, c) == draw["apart"]["digest"]]
    truth = [[by_number[n] for n in made["family"]], [by_number[n] for n in made["couple"]]]
    unsalted = [c for c in candidates if _digest("", c) == _digest("", truth)]
    print(
        f"\n{len(candidates) * len(salts)} guesses: {len(found)} match (unsalted: {len(unsalted)})"
    )
    assert found == [] and len(unsalted) == 1


def test_the_organizers_own_file_keeps_the_pairs_and_the_checker_confirms_the_commitment(
    site, tmp_path
):
    server, made = site
    public = _file(real.Client(server.base), f"/t/{made['slug']}/fichier-du-concours.json")
    desk = publishing.logged_in(server, "orga", "127.0.0.62")
    own = _file(desk, f"/organisation/t/{made['slug']}/fichier-du-concours.json")
    numbers = {team["id"]: team["number"] for team in own["teams"]}
    first = own["rounds"][0]["draw"]
    assert sorted(sorted(numbers[i] for i in pair) for pair in first["avoid"]) == sorted(
        [made["family"], made["couple"]]
    )
    assert first["apart"]["digest"] == public["rounds"][0]["draw"]["apart"]["digest"]
    assert _checker(own, tmp_path).returncode == 0
    first["avoid"] = first["avoid"][:1]  # a pair left out, the commitment kept
    done = _checker(own, tmp_path)
    print(done.stdout)
    assert done.returncode == 1
    assert "ne sont pas celles de son empreinte" in done.stdout
