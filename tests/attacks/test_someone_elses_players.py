"""Issue 35, item 1: an ordinary second organizer account publishes a
concours file naming another organizer's players by licence, with
« accepte d'être affiché » ticked, against a real gunicorn (two workers).

The real organizer (`orga`, approved by the site's administrator) ran a
public concours of 16 teams ten days ago: Lefèvre0 never agreed to be shown,
Lefèvre1 agreed then withdrew last week, Lefèvre2 agreed. The intruder
(`intrus`, an account nobody approved) sends, signed with a publication key
of their own as a hall laptop would, a finished concours file naming the
three by licence, all ticked; then the same file dated tomorrow. A
neighbouring organizer (`voisin`), approved by the administrator in the
back office, publishes a concours where Lefèvre2 played and agreed again:
the legitimate path.

Before the fix: Lefèvre0 got a page (200); Lefèvre1 got hers back (200),
her withdrawal erased and a cote from the invented results; the file dated
tomorrow was accepted (201)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.attacks import players_files, publishing
from tests.attacks import server as real
from tests.factories import PASSWORD

# engine_free: the consent and the owner of a licence are checked in Python on
# what the import reads, on any database; the task worker it uses is attacked
# on PostgreSQL by test_heavy_uploads.py.
pytestmark = [pytest.mark.attack, pytest.mark.database, pytest.mark.engine_free]

NEVER_AGREED, WITHDRAWN, AGREED = (
    players_files.NEVER_AGREED,
    players_files.WITHDRAWN,
    players_files.AGREED,
)
INVENTED = "Concours inventé"
PROPOSED = "/organisation/pages-joueurs/resultats/"


def _shell(server: real.Server, code: str):
    return server.python(
        f"import json; from tests.attacks import players_files as files; print(json.dumps({code}))"
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    # The worker reads published files in the background (issue 35, item 2).
    server = real.start(tmp_path_factory.mktemp("players"), demo=False, tasks=True)
    server.python(
        "import json; from django.contrib.auth import get_user_model; U = get_user_model(); "
        f"U.objects.create_user('intrus', password={PASSWORD!r}); "
        f"U.objects.create_user('voisin', password={PASSWORD!r}); "
        f"U.objects.create_superuser('admin', 'admin@site.fr', {PASSWORD!r}); "
        "print(json.dumps(1))"
    )
    persons = _shell(server, "files.real_organizers_concours('orga')")
    # The site's administrator trusts the real organizer (services/trust.py).
    server.python(
        "import json; from django.contrib.auth import get_user_model; "
        "from tournaments.services.trust import approve_organizers; U = get_user_model(); "
        "approve_organizers(users=U.objects.filter(username='orga'), "
        "by=U.objects.get(username='admin')); print(json.dumps(1))"
    )
    yield server, persons
    server.stop()


def _page(server: real.Server, pk: int) -> tuple[int, str]:
    return real.Client(server.base, source="127.0.0.40").get(f"/joueurs/{pk}/")


@pytest.fixture(scope="module")
def attack(site):
    """The intruder's file, dated today, names the three players ticked."""
    server, _persons = site
    before = {
        name: _shell(server, f"files.licence_facts({licence!r})")
        for name, licence in players_files.LICENCES.items()
    }
    intruder = publishing.logged_in(server, "intrus", "127.0.0.31")
    secret = publishing.publication_key(intruder)
    document = _shell(
        server,
        f"files.concours_file('intrus', name={INVENTED!r}, "
        f"shown={{{NEVER_AGREED!r}, {WITHDRAWN!r}, {AGREED!r}}})",
    )
    status, answer = publishing.send(server, secret, document, "127.0.0.31")
    return {"before": before, "status": status, "answer": answer, "secret": secret}


def test_the_intruders_file_is_published_as_their_own_concours(site, attack):
    """A file of results is the intruder's to publish: their concours, at
    their address. What it cannot do is shown below."""
    assert attack["status"] == 201, attack["answer"]


def test_a_player_who_never_agreed_gets_no_page_from_another_organizers_tick(site, attack):
    server, _persons = site
    facts = _shell(server, f"files.licence_facts({players_files.LICENCES[NEVER_AGREED]!r})")
    statuses = [_page(server, fact["pk"])[0] for fact in facts]
    print(f"\n{NEVER_AGREED} (never agreed): player pages {statuses}")
    assert statuses and set(statuses) == {404}, facts
    # The intruder's results page names her, but links to no page of hers.
    results = real.Client(server.base).get(f"/t/{attack['answer']['slug']}/resultats/")[1]
    assert not any(f"/joueurs/{fact['pk']}/" in results for fact in facts)


def test_a_withdrawn_player_stays_withdrawn_with_no_cote(site, attack):
    server, persons = site
    (before,) = attack["before"][WITHDRAWN]
    facts = _shell(server, f"files.licence_facts({players_files.LICENCES[WITHDRAWN]!r})")
    statuses = [_page(server, fact["pk"])[0] for fact in facts]
    print(
        f"\n{WITHDRAWN} (withdrawn): player pages {statuses}, withdrawn "
        f"{before['withdrawn_at']} -> {[f['withdrawn_at'] for f in facts]}, "
        f"cote games {[f['games'] for f in facts]}"
    )
    assert statuses and set(statuses) == {404}, facts
    mine = next(fact for fact in facts if fact["pk"] == persons[WITHDRAWN])
    assert mine["withdrawn_at"] == before["withdrawn_at"] and not mine["shown"]
    assert all(fact["games"] is None for fact in facts)


def test_an_unapproved_accounts_results_reach_no_agreeing_players_page_or_cote(site, attack):
    server, persons = site
    (fact,) = _shell(server, f"files.licence_facts({players_files.LICENCES[AGREED]!r})")
    status, page = _page(server, persons[AGREED])
    print(f"\n{AGREED} (agreed): page {status}, cote games {fact['games']}")
    assert status == 200
    assert INVENTED not in unescape(page) and "Concours du club de Mâcon" in unescape(page)
    assert fact["games"] == 1  # the one partie of the real organizer's concours


def test_a_finished_concours_dated_tomorrow_is_refused_in_a_sentence(site, attack):
    server, _persons = site
    document = _shell(
        server,
        "files.concours_file('intrus', name='Concours de demain', "
        f"shown={{{AGREED!r}}}, days_from_today=1)",
    )
    status, answer = publishing.send(server, attack["secret"], document, "127.0.0.31")
    print(f"\nfinished file dated tomorrow: {status} {answer}")
    assert status == 422
    assert "date" in answer["error"] and "demain" not in answer.get("slug", "")
    assert not _shell(
        server,
        "__import__('tournaments.models').models.Tournament.objects"
        ".filter(name='Concours de demain').exists()",
    )


def test_the_same_player_at_two_approved_organizers_is_shown_and_rated_from_both(site, attack):
    """The legitimate path: the administrator approves `voisin` in the back
    office (« Utilisateurs », the action « Approuver »); Lefèvre2 plays at
    voisin's concours and agrees there too, and orga, who owns her record,
    accepts it on « Résultats proposés »: her page lists both concours and
    her cote counts the parties of both."""
    server, persons = site
    admin = publishing.logged_in(server, "admin", "127.0.0.32")
    voisin_pk = _shell(
        server,
        "__import__('django.contrib.auth').contrib.auth.get_user_model().objects"
        ".get(username='voisin').pk",
    )
    token = admin.form_token("/admin/auth/user/")
    status, _page_text = admin.post(
        "/admin/auth/user/",
        {"action": "approve_organizers", "_selected_action": voisin_pk, "index": 0},
        token=token,
    )
    assert status == 302
    neighbour = publishing.logged_in(server, "voisin", "127.0.0.33")
    document = _shell(
        server, f"files.concours_file('voisin', name='Concours de Cluny', shown={{{AGREED!r}}})"
    )
    status, answer = publishing.send(
        server, publishing.publication_key(neighbour), document, "127.0.0.33"
    )
    assert status == 201, answer
    # Lefèvre2's record is orga's: voisin's concours counts once orga accepts it (issue 61).
    owner = publishing.logged_in(server, "orga", "127.0.0.34")
    (accept,) = re.findall(
        r"/organisation/pages-joueurs/resultats/\d+/accepter/", owner.get(PROPOSED)[1]
    )
    assert owner.post(accept, {}, token=owner.form_token("/organisation/pages-joueurs/"))[0] == 302
    (fact,) = _shell(server, f"files.licence_facts({players_files.LICENCES[AGREED]!r})")
    status, page = _page(server, persons[AGREED])
    print(f"\n{AGREED} at two approved organizers: page {status}, cote games {fact['games']}")
    assert status == 200
    assert "Concours de Cluny" in unescape(page) and "Concours du club de Mâcon" in unescape(page)
    assert INVENTED not in unescape(page)
    assert fact["games"] == 2
