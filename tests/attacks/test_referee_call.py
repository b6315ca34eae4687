"""Issue 38, item 12c: « Appeler l'arbitre » is a new public surface, attacked
against a real gunicorn (two workers) over plain HTTP, as the hall serves it.

Phones on the hall's Wi-Fi (loopback addresses) call without a code, for
another table than the one whose code they gave, with a withdrawn team's
old code, again and again (a flood), with the same post twice (a retry after
a Wi-Fi drop), and with a huge or injected request key; a visitor answers
for the desk. Each is refused in a sentence (never a 5xx) and leaves at
most one open call per table, at most `CALLS_PER_TABLE` calls a table in
ten minutes, and never two calls for one post.

Before the fix the address did not exist (404) and no table could call."""

from __future__ import annotations

import html

import pytest

from tests.attacks import server as real
from tournaments.services.referee import CALLS_PER_TABLE

pytestmark = [pytest.mark.attack, pytest.mark.database]


def _shell(server: real.Server, code: str):
    return server.python(
        f"import json; from tests.attacks import referee_concours as r; print(json.dumps({code}))"
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    server = real.start(tmp_path_factory.mktemp("referee"), demo=False)
    concours = _shell(server, "r.concours('orga')")
    yield server, concours
    server.stop()


def _phone(
    server: real.Server, source: str, table: dict, code: str | None, *, claimed: int = 302
) -> real.Client:
    """A phone at `table`'s link that gave `code` (None: gave none); the
    claim answers `claimed`."""
    phone = real.Client(server.base, source=source)
    token = phone.form_token(table["path"])
    phone.token = token  # type: ignore[attr-defined]
    if code is not None:
        status, _page = phone.post(table["path"] + "code/", {"code": code}, token=token)
        assert status == claimed, status
    return phone


def _call(phone: real.Client, table: dict, key: str) -> tuple[int, str]:
    """The tap on « Appeler l'arbitre », as static/js/phone.js sends it."""
    phone.headers["HX-Request"] = "true"
    try:
        status, page = phone.post(table["path"] + "arbitre/", {"key": key}, token=phone.token)
    finally:
        del phone.headers["HX-Request"]
    return status, html.unescape(page)


def test_a_phone_without_the_code_cannot_call(site):
    server, concours = site
    table = concours["tables"][0]
    phone = _phone(server, "127.0.0.31", table, None)
    status, page = _call(phone, table, "sans-code-0001")
    assert status == 403 and "Donnez d'abord le code de votre équipe" in page
    assert _shell(server, f"r.calls({concours['slug']!r}, {table['number']})") == []


def test_a_code_opens_its_own_table_only(site):
    server, concours = site
    mine, other = concours["tables"][0], concours["tables"][1]
    phone = _phone(server, "127.0.0.32", mine, mine["code_a"])
    status, _page = _call(phone, other, "autre-table-0001")
    assert status == 403
    assert _shell(server, f"r.calls({concours['slug']!r}, {other['number']})") == []


def test_a_flood_of_calls_leaves_one_open_call_and_at_most_three(site):
    server, concours = site
    slug, table = concours["slug"], concours["tables"][2]
    phone = _phone(server, "127.0.0.33", table, table["code_a"])
    answered = 0
    statuses = []
    for attempt in range(12):  # bounded: 12 taps, each answered by the desk
        status, page = _call(phone, table, f"flood-{attempt:04d}-key")
        statuses.append(status)
        if status == 422:
            assert "déjà appelé" in page or "Trop d'appels" in page, page[-400:]
        opened = [c for c in _shell(server, f"r.calls({slug!r}, {table['number']})") if c["open"]]
        assert len(opened) <= 1
        if opened and attempt % 2:  # the desk answers every other tap
            assert _shell(server, f"r.answer({slug!r}, {opened[0]['id']})")
            answered += 1
    made = _shell(server, f"r.calls({slug!r}, {table['number']})")
    assert len(made) == CALLS_PER_TABLE
    assert 500 not in statuses and statuses.count(200) == CALLS_PER_TABLE
    status, page = _call(phone, table, "flood-after-0001")
    assert status == 422 and "Trop d'appels de cette table" in page


def test_the_same_post_twice_calls_once(site):
    server, concours = site
    slug, table = concours["slug"], concours["tables"][1]
    phone = _phone(server, "127.0.0.34", table, table["code_b"])
    first = _call(phone, table, "retry-wifi-0001")
    again = _call(phone, table, "retry-wifi-0001")
    assert first[0] == again[0] == 200
    assert "Arbitre appelé à" in again[1]
    assert len(_shell(server, f"r.calls({slug!r}, {table['number']})")) == 1


def test_a_withdrawn_teams_code_calls_no_more(site):
    server, concours = site
    slug, table = concours["slug"], concours["tables"][3]
    phone = _phone(server, "127.0.0.35", table, table["code_b"])
    assert _shell(server, f"r.withdraw({slug!r}, {table['team_b']})")
    status, page = _call(phone, table, "forfait-0001")
    assert status == 422 and "déclaré forfait" in page
    fresh = _phone(server, "127.0.0.36", table, table["code_b"], claimed=422)  # the old code
    status, page = _call(fresh, table, "forfait-0002")
    assert status == 403
    assert _shell(server, f"r.calls({slug!r}, {table['number']})") == []


@pytest.mark.parametrize(
    "key",
    ["x" * 100_000, "<script>alert(1)</script>", "'; DROP TABLE x; --", "", "court"],
    ids=["huge", "script", "sql", "empty", "short"],
)
def test_a_huge_or_injected_key_is_refused_in_a_sentence(site, key):
    server, concours = site
    table = concours["tables"][0]
    phone = _phone(server, "127.0.0.37", table, table["code_b"])
    status, page = _call(phone, table, key)
    assert status in (400, 413, 422), status
    if status == 422:
        assert "Cet appel n'est pas reconnu" in page
    assert "<script>alert(1)</script>" not in page


def test_a_visitor_cannot_answer_for_the_desk(site):
    server, concours = site
    slug = concours["slug"]
    visitor = real.Client(server.base, source="127.0.0.38")
    token = visitor.form_token(concours["tables"][0]["path"])
    status, _page = visitor.post(
        f"/organisation/t/{slug}/appels/1/repondre/", {"answer": "settled"}, token=token
    )
    assert status in (302, 403, 404)
    assert "/compte/connexion/" in visitor.location or status != 302
    status, _page = visitor.get(f"/organisation/t/{slug}/appels/")
    assert status in (302, 404)
