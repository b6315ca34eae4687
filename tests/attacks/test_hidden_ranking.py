"""Issue 38, item 12a: a visitor (no account) on the hall's Wi-Fi fetches
every address that shows scores or a ranking while the last partie of a
concours « classement masqué avant la dernière partie » is being played,
against a real gunicorn (two workers).

The addresses come from tournaments/urls.py (every public path under
« t/<slug>/ », the home, the archive of results, the widget) and are read
as a visitor reads them: the pages, their htmx fragments (the phones' and
the hall screen's polls), the PDF read back with `pdftotext`, the CSV, the
spreadsheet's XML and the concours file's JSON.

A concours played in two halls (issue 27), one hall's file in after its
last partie, is read the same way on its merged ranking.

A concours with the same figures and the option off is read the same way:
its last partie's totals and the live points do show (the detector works).
Before the fix the hidden concours could not even be asked for (no such
option), and every one of those figures showed on it as on the other."""

from __future__ import annotations

import html
import http.client
import io
import re
import subprocess
import urllib.parse
import zipfile

import pytest

from tests.attacks import server as real

pytestmark = [pytest.mark.attack, pytest.mark.database]

VISITOR = "127.0.0.21"  # a phone on the hall's Wi-Fi, signed in nowhere


def _build(server: real.Server, name: str, *, hidden: bool, finish: bool = False) -> dict:
    return server.python(
        "import json; from tests.attacks.hidden_concours import concours; "
        f"print(json.dumps(concours('orga', name={name!r}, hidden={hidden}, finish={finish})))"
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("hidden-ranking"), demo=False)
    concours = {
        "hidden": _build(server, "Concours masqué", hidden=True),
        "open": _build(server, "Concours ouvert", hidden=False),
    }
    for made in (concours["hidden"], concours["open"]):  # each an evening of a challenge
        made["challenge"] = server.python(
            "import json; from tests.attacks.hidden_concours import challenge_of; "
            f"print(json.dumps(challenge_of('orga', {made['slug']!r})))"
        )
    for key, hidden in (("halls-hidden", True), ("halls-open", False)):
        name = f"Concours en deux salles {'masqué' if hidden else 'ouvert'}"
        concours[key] = server.python(
            "import json; from tests.attacks.hidden_concours import halls_concours; "
            f"print(json.dumps(halls_concours('orga', name={name!r}, hidden={hidden})))"
        )
    yield server, concours
    server.stop()


def _get(server: real.Server, path: str, *, htmx: bool = False) -> tuple[int, bytes, str]:
    url = urllib.parse.urlsplit(server.base)
    connection = http.client.HTTPConnection(
        url.hostname, url.port, timeout=60, source_address=(VISITOR, 0)
    )
    try:
        connection.request("GET", path, headers={"HX-Request": "true"} if htmx else {})
        response = connection.getresponse()
        return response.status, response.read(), response.getheader("Content-Type") or ""
    finally:
        connection.close()


def _text(body: bytes, kind: str) -> str:
    """What a reader of the answer sees, whatever its format."""
    if "pdf" in kind:
        done = subprocess.run(
            ["pdftotext", "-layout", "-", "-"], input=body, capture_output=True, timeout=60
        )
        return done.stdout.decode()
    if "spreadsheet" in kind:
        with zipfile.ZipFile(io.BytesIO(body)) as book:
            return " ".join(book.read(n).decode() for n in book.namelist() if n.endswith(".xml"))
    return body.decode(errors="replace")


def _numbers(text: str) -> set[int]:
    """Every number in the text, « 1 048 » (thin or no-break space) read as 1048."""
    joined = re.sub(r"(?<=\d)[\u00a0\u202f ](?=\d{3}(?!\d))", "", text)
    return {int(n) for n in re.findall(r"(?<!\d)\d{3,5}(?!\d)", joined)}


def _addresses(slug: str, teams: int, challenge: str = "") -> list[tuple[str, bool]]:
    """Every public address of a concours that shows a score or a ranking
    (tournaments/urls.py), with the htmx fragments the phones poll, and its
    challenge's (issue 51)."""
    aggregates = [f"/challenge/{challenge}/", f"/challenge/{challenge}.pdf"] if challenge else []
    pages = [
        *aggregates,
        f"/t/{slug}/",
        f"/t/{slug}/classement/",
        f"/t/{slug}/classement.pdf",
        f"/t/{slug}/classement.csv",
        f"/t/{slug}/classement.xlsx",
        f"/t/{slug}/ou-je-joue/?q=Lef",
        f"/t/{slug}/parties/1/",
        f"/t/{slug}/parties/2/",
        f"/t/{slug}/ecran/",
        f"/t/{slug}/resultats/",
        f"/t/{slug}/fichier-du-concours.json",
        f"/t/{slug}/poules/",
        f"/t/{slug}/phase-finale/",
        f"/t/{slug}/salles/",
        f"/widget/t/{slug}/",
        "/",
        "/resultats/",
        *(f"/t/{slug}/equipes/{n}/" for n in range(1, teams + 1)),
    ]
    fragments = [f"/t/{slug}/classement/", f"/t/{slug}/ecran/", f"/t/{slug}/ou-je-joue/?q=Lef"]
    return [(p, False) for p in pages] + [(p, True) for p in fragments]


def _read_all(server: real.Server, concours: dict) -> dict[str, set[int]]:
    seen = {}
    for path, htmx in _addresses(
        concours["slug"], concours["teams"], concours.get("challenge", "")
    ):
        status, body, kind = _get(server, path, htmx=htmx)
        assert status < 500, (path, status)
        if status == 200:
            seen[path + (" (htmx)" if htmx else "")] = _numbers(_text(body, kind))
    return seen


def test_a_visitor_learns_nothing_of_the_hidden_last_partie(site):
    server, concours = site
    hidden = concours["hidden"]
    secrets = set(hidden["secrets"])
    leaks = {
        path: sorted(found & secrets)
        for path, found in _read_all(server, hidden).items()
        if found & secrets
    }
    assert leaks == {}


def test_the_same_figures_show_on_a_concours_that_hides_nothing(site):
    """The detector works: with the option off, the last partie's totals
    and the live points show on the ranking, the hall screen, the partie's
    and the teams' pages, the downloads."""
    server, concours = site
    shown = _read_all(server, concours["open"])
    secrets = set(concours["open"]["secrets"])
    slug = concours["open"]["slug"]
    for path in (
        f"/t/{slug}/classement/",
        f"/t/{slug}/classement.pdf",
        f"/t/{slug}/classement.csv",
        f"/t/{slug}/ecran/",
        f"/t/{slug}/parties/2/",
        f"/t/{slug}/fichier-du-concours.json",
    ):
        assert shown[path] & secrets, path


def test_the_hidden_ranking_says_so_and_shows_the_first_partie(site):
    server, concours = site
    slug = concours["hidden"]["slug"]
    for path in (f"/t/{slug}/classement/", f"/t/{slug}/ecran/", f"/t/{slug}/"):
        status, body, _kind = _get(server, path)
        page = html.unescape(body.decode())  # the hall screen's short form is a literal
        assert status == 200
        assert "Classement masqué jusqu'à la fin du concours" in page, path
    shown = _read_all(server, concours["hidden"])[f"/t/{slug}/classement/"]
    assert set(concours["hidden"]["public"]) & shown


def test_the_merged_ranking_of_two_halls_hides_the_last_partie_too(site):
    """A concours played in two halls: Vic has closed its last partie,
    Lembeye is playing it. The public merged ranking (its page, and the
    concours's own pages) shows Vic's ranking after partie 1 with the
    sentence; with the option off, Vic's live points show (the detector)."""
    server, concours = site
    for key, hidden in (("halls-hidden", True), ("halls-open", False)):
        slug, secrets = concours[key]["slug"], set(concours[key]["secrets"])
        for path in (f"/t/{slug}/salles/", f"/t/{slug}/", f"/t/{slug}/classement/"):
            status, body, kind = _get(server, path)
            assert status == 200, (path, status)
            found = _numbers(_text(body, kind)) & secrets
            assert (not found) if hidden else (found or not path.endswith("/salles/")), (
                path,
                found,
            )
        status, body, _kind = _get(server, f"/t/{slug}/salles/")
        page = html.unescape(body.decode())
        assert ("Classement masqué jusqu'à la fin du concours" in page) == hidden
        assert set(concours[key]["public"]) & _numbers(page)


def test_the_challenge_counts_the_hidden_partie_only_once_revealed(site):
    """Issue 51: each concours is the one evening of a public challenge (4
    points a partie won, 2 lost). While partie 2 is hidden its challenge
    shows partie 1's points only, 4 or 2 a player; the concours that hides
    nothing shows 8, 6 or 4 (the detector)."""
    server, concours = site
    points = {}
    for key in ("hidden", "open"):
        status, body, _kind = _get(server, f"/challenge/{concours[key]['challenge']}/")
        assert status == 200
        points[key] = sorted(set(map(int, re.findall(r'class="ev counted">(\d+)<', body.decode()))))
    print(f"\nchallenge points by evening: {points}")
    assert points["hidden"] == [2, 4]
    assert points["open"] == [4, 6, 8]
