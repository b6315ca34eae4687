"""Issue 61: an approved organizer added results to another organizer's
player (their page and their cote) without asking, against a real gunicorn
(two workers) and its task worker.

The real organizer (`orga`, approved) ran a public concours of 16 teams ten
days ago, where Lefèvre2 agreed to be shown. A neighbouring organizer
(`voisin`, approved too) publishes, as a hall laptop does, a finished
concours where Lefèvre2 played and ticked the box: a contribution to the
record `orga` owns, which counts on her page and in her cote only once
`orga` accepts it on « Résultats proposés ». Neither `voisin` nor a third
approved organizer (`tiers`) can accept it; a flood of such concours
leaves `orga`'s page bounded and refused in one go; a huge or wrong input
is a clear refusal, never a 500.

Before the fix: Cluny's concours was on Lefèvre2's page and in her cote
(2 games) as soon as it was published, and `orga` had nothing to decide."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.attacks import players_files, publishing
from tests.attacks import server as real
from tests.factories import PASSWORD

pytestmark = [pytest.mark.attack, pytest.mark.database, pytest.mark.engine_free]

AGREED = players_files.AGREED
PAGE = "/organisation/pages-joueurs/resultats/"
#: A page with a form whatever waits (the form token is the session's).
FORMS = "/organisation/pages-joueurs/"
PROPOSED = re.compile(r"/organisation/pages-joueurs/resultats/(\d+)/accepter/")


def _shell(server: real.Server, code: str):
    return server.python(
        f"import json; from tests.attacks import players_files as files; print(json.dumps({code}))"
    )


def _facts(server: real.Server) -> dict:
    (fact,) = _shell(server, f"files.licence_facts({players_files.LICENCES[AGREED]!r})")
    return fact


def _page(server: real.Server, pk: int) -> tuple[int, str]:
    status, page = real.Client(server.base, source="127.0.0.40").get(f"/joueurs/{pk}/")
    return status, unescape(page)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("contributions"), demo=False, tasks=True)
    server.python(
        "import json; from django.contrib.auth import get_user_model; U = get_user_model(); "
        f"U.objects.create_user('voisin', password={PASSWORD!r}); "
        f"U.objects.create_user('tiers', password={PASSWORD!r}); "
        "print(json.dumps(1))"
    )
    persons = _shell(server, "files.real_organizers_concours('orga')")
    server.python(
        "import json; from django.contrib.auth import get_user_model; "
        "from tournaments.services.trust import approve_organizers; U = get_user_model(); "
        "approve_organizers(users=U.objects.filter(username__in=['orga', 'voisin', 'tiers']), "
        "by=None); print(json.dumps(1))"
    )
    neighbour = publishing.logged_in(server, "voisin", "127.0.0.33")
    document = _shell(
        server, f"files.concours_file('voisin', name='Concours de Cluny', shown={{{AGREED!r}}})"
    )
    status, answer = publishing.send(
        server, publishing.publication_key(neighbour), document, "127.0.0.33"
    )
    assert status == 201, answer
    yield server, persons, neighbour
    server.stop()


def test_another_organizers_results_wait_for_the_owner(site):
    server, persons, _ = site
    status, page = _page(server, persons[AGREED])
    fact = _facts(server)
    print(f"\n{AGREED} after voisin's concours: page {status}, cote games {fact['games']}")
    assert status == 200 and "Concours du club de Mâcon" in page
    assert "Concours de Cluny" not in page
    assert fact["games"] == 1


def test_the_contributing_and_a_third_organizer_cannot_accept(site):
    server, persons, neighbour = site
    owner = publishing.logged_in(server, "orga", "127.0.0.34")
    pending = PROPOSED.findall(owner.get(PAGE)[1])
    assert len(pending) == 1, "the owner is asked about Cluny's concours"
    assert "Résultats proposés (1)" in unescape(owner.get("/organisation/")[1])
    for who, client in (("voisin", neighbour), ("tiers", None)):
        client = client or publishing.logged_in(server, who, "127.0.0.35")
        status, page = client.get(PAGE)
        assert status == 200 and not PROPOSED.search(page), who
        assert "Résultats proposés (" not in unescape(client.get("/organisation/")[1]), who
        token = client.form_token(FORMS)
        for action in ("accepter", "refuser"):
            path = f"{PAGE}{pending[0]}/{action}/"
            assert client.post(path, {}, token=token)[0] == 404, (who, action)
    assert "Concours de Cluny" not in _page(server, persons[AGREED])[1]
    assert PROPOSED.findall(owner.get(PAGE)[1]) == pending  # still the owner's to decide


@pytest.mark.parametrize(
    "path",
    [
        "99999999999999999999999/accepter/",
        "0/accepter/",
        "-1/refuser/",
        "" + "9" * 5000 + "/accepter/",
        "organisateur/99999999999999999999/refuser/",
    ],
)
def test_a_wrong_or_huge_number_is_a_404_never_a_500(site, path):
    server, _, _ = site
    owner = publishing.logged_in(server, "orga", "127.0.0.36")
    token = owner.form_token(FORMS)
    status, _ = owner.post(PAGE + path, {"x": "y" * 200_000}, token=token)
    assert status in (404, 413, 414), status  # not found, or too big to read


def test_the_owner_accepts_and_the_results_count(site):
    server, persons, _ = site
    owner = publishing.logged_in(server, "orga", "127.0.0.37")
    page = unescape(owner.get(PAGE)[1])
    assert "Concours de Cluny" in page
    (pending,) = PROPOSED.findall(page)
    token = owner.form_token(FORMS)
    status, _ = owner.post(f"{PAGE}{pending}/accepter/", {}, token=token)
    assert status == 302
    status, page = _page(server, persons[AGREED])
    fact = _facts(server)
    print(f"\n{AGREED} once orga accepted: page {status}, cote games {fact['games']}")
    assert "Concours de Cluny" in page and "Concours du club de Mâcon" in page
    assert fact["games"] == 2
    assert not PROPOSED.search(owner.get(PAGE)[1])


def test_a_flood_of_concours_leaves_the_owners_page_bounded_and_refused_at_once(site):
    """`voisin` names Lefèvre2 in 60 more public concours (built on the
    server as its publications would): the owner's page lists a bounded
    number of them, says how many more wait, and refuses them all in one
    go; none of them ever reached her page."""
    server, persons, _ = site
    assert _shell(server, "files.flood('voisin', count=60)") == 60
    owner = publishing.logged_in(server, "orga", "127.0.0.38")
    status, page = owner.get(PAGE)
    shown = len(PROPOSED.findall(page))
    print(f"\nflood of 60 concours: {shown} listed, page {len(page)} bytes")
    assert status == 200 and 0 < shown <= 30
    assert "Inondation" not in _page(server, persons[AGREED])[1]
    refuse_all = re.search(
        r"/organisation/pages-joueurs/resultats/organisateur/(\d+)/refuser/", page
    )
    assert refuse_all, "one button refuses all of one organizer's proposals"
    token = owner.form_token(FORMS)
    status, _ = owner.post(refuse_all.group(0), {}, token=token)
    assert status == 302
    assert not PROPOSED.search(owner.get(PAGE)[1])
    assert "Inondation" not in _page(server, persons[AGREED])[1]
    assert "Concours de Cluny" in _page(server, persons[AGREED])[1]  # accepted before: kept
