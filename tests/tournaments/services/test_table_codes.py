"""Team codes at the table: 8 digits, never the same for both sides, read
from any keyboard, renewed with the link, and guessed at most
`MAX_WRONG_CODES` times per table in `CODES_WINDOW` (then refused, said in
the table's history, until the window passes or the organizer renews the
link). The same bound against two real workers is in
tests/attacks/test_code_guessing.py."""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tournaments.infra import links, throttle
from tournaments.models import Attempt, Change, Table
from tournaments.services import table_side
from tournaments.services.table_side import CODES_WINDOW, MAX_WRONG_CODES

pytestmark = pytest.mark.django_db

MADE = {"taker": "NS", "trump": "♥", "bid": "90", "coinche": "", "points": "97"}
LOCKED = "Trop de codes faux sur cette table"


def url(table: Table, name: str = "table_side") -> str:
    return reverse(f"tournaments:{name}", args=[links.entry_token(table)])


def wrong_code(table: Table, i: int = 0) -> str:
    code = f"{(int(table.code_a) + 7919 * (i + 1)) % 10**8:08d}"
    return code if code not in (table.code_a, table.code_b) else wrong_code(table, i + 100)


def claim(client, table: Table, code: str):
    return client.post(url(table, "table_side_claim"), {"code": code})


def test_codes_have_eight_digits_and_differ_at_every_table(tournament):
    """A property over many generated tables: 160 teams, 80 tables."""
    factories.add_teams(tournament, 160)
    rnd = factories.draw_random_round(tournament)
    seen = []
    for table in rnd.tables.filter(team_b__isnull=False):
        assert len(table.code_a) == len(table.code_b) == 8
        assert table.code_a.isdigit() and table.code_b.isdigit()
        assert table.code_a != table.code_b
        seen += [table.code_a, table.code_b]
    assert len(seen) == 160 and len(set(seen)) > 155  # drawn at random, not derived


def test_equal_or_short_codes_are_drawn_again_and_equal_ones_refused_by_the_database(round1, table):
    twin = Table(round=round1, number=99, team_a=table.team_a, code_a="12345678")
    twin.code_b = "12345678"
    twin.save()
    assert twin.code_b != twin.code_a
    bulk = Table(round=round1, number=98, team_a=table.team_a, code_a="87654321")
    bulk.code_b = "87654321"
    (stored,) = Table.objects.bulk_create([bulk])
    assert Table.objects.get(pk=stored.pk).code_b != "87654321"
    short = Table.objects.create(
        round=round1, number=97, team_a=table.team_a, code_a="0042", code_b="x1234567"
    )
    assert len(short.code_a) == len(short.code_b) == 8 and short.code_b.isdigit()
    with pytest.raises(IntegrityError), transaction.atomic():
        Table.objects.filter(pk=table.pk).update(code_b=F("code_a"))


@pytest.mark.parametrize("script", ["arabic-indic", "extended-arabic", "grouped", "dashed"])
def test_a_code_is_read_in_any_script_and_grouped_as_printed(client, table, script):
    code = table.code_b
    typed = {
        "arabic-indic": "".join(chr(0x0660 + int(d)) for d in code),
        "extended-arabic": "".join(chr(0x06F0 + int(d)) for d in code),
        "grouped": f"{code[:4]}\u00a0{code[4:]}",
        "dashed": f"{code[:4]}-{code[4:]}",
    }[script]
    assert claim(client, table, typed).status_code == 302
    assert client.session[f"table-side-{table.pk}-{table.entry_key}"] == "B"


@pytest.mark.shared_cache
def test_ten_wrong_codes_lock_the_table_even_for_the_right_code(client, table):
    for i in range(MAX_WRONG_CODES):
        answer = claim(client, table, wrong_code(table, i))
        assert answer.status_code == 422 and "Code incorrect" in answer.text
    eleventh = claim(client, table, wrong_code(table, 99))
    assert eleventh.status_code == 429 and LOCKED in eleventh.text
    for _ in range(5):
        answer = claim(client, table, table.code_a)
        assert answer.status_code == 429 and LOCKED in answer.text
    answer = client.post(
        url(table, "table_side_confirm"), {"code": table.code_b, "version": table.version}
    )
    assert answer.status_code == 429
    # one line in the history for the lock, however many refusals followed
    assert table.changes.filter(action=Change.Action.CODES_LOCKED).count() == 1
    # refused attempts are not kept: the count stays at the wrong ones
    assert throttle.count(f"table-codes:{table.pk}", window=CODES_WINDOW) == MAX_WRONG_CODES


@pytest.mark.shared_cache
def test_right_codes_do_not_count_against_the_table(client, table):
    for i in range(MAX_WRONG_CODES - 1):
        claim(client, table, wrong_code(table, i))
    for _ in range(5):
        assert claim(client, table, table.code_a).status_code == 302
    assert claim(client, table, table.code_b).status_code == 302


@pytest.mark.shared_cache
def test_wrong_codes_given_to_confirm_count_too(client, table):
    factories.enter_from_the_table(table)
    for i in range(MAX_WRONG_CODES + 1):
        answer = client.post(
            url(table, "table_side_confirm"),
            {"code": wrong_code(table, i), "version": table.version},
        )
        assert answer.status_code in (422, 429)
    assert answer.status_code == 429 and LOCKED in answer.text
    table.refresh_from_db()
    assert table.entry_state == Table.EntryState.ENTERED


def age(key: str, when) -> None:
    """The attempts under `key` made at `when`, wherever they are counted
    (the database, or Redis whose counter then expires)."""
    if throttle._cache() is not None:
        from django.core.cache import cache

        cache.delete(throttle._cache_key(key))
    Attempt.objects.filter(key=key).update(at=when)


@pytest.mark.shared_cache
def test_the_lock_passes_after_the_window(client, table):
    for i in range(MAX_WRONG_CODES):
        claim(client, table, wrong_code(table, i))
    assert claim(client, table, table.code_a).status_code == 429
    earlier = timezone.now() - datetime.timedelta(seconds=CODES_WINDOW + 1)
    Table.objects.filter(pk=table.pk).update(codes_locked_at=earlier)
    age(f"table-codes:{table.pk}", earlier)
    assert claim(client, table, table.code_a).status_code == 302


@pytest.mark.shared_cache
def test_a_locked_table_keeps_its_entering_phone_and_the_desk(client, organizer, table):
    claim(client, table, table.code_a)  # this phone entered its code before
    stranger = client.__class__()
    for i in range(MAX_WRONG_CODES + 1):
        claim(stranger, table, wrong_code(table, i))
    answer = client.post(url(table, "table_side_deal"), {**MADE, "version": table.version})
    assert answer.status_code == 200 and table.deals.count() == 1
    desk = client.__class__()
    desk.force_login(organizer)
    here = [table.round.tournament.slug, table.round.number, table.number]
    page = desk.get(reverse("tournaments:table", args=here))
    assert page.status_code == 200 and 'id="codes-locked"' in page.text
    assert "Codes bloqués" in page.text  # the history's line
    table.refresh_from_db()
    saved = desk.post(
        reverse("tournaments:deal_save", args=here), {**MADE, "version": table.version}
    )
    assert saved.status_code == 302 and table.deals.count() == 2


@pytest.mark.shared_cache
def test_renewing_the_link_renews_both_codes_and_clears_the_lock(client, organizer, table):
    old_link, old_codes = url(table), (table.code_a, table.code_b)
    for i in range(MAX_WRONG_CODES + 1):
        claim(client, table, wrong_code(table, i))
    table_side.revoke_entry_link(table=table, by=organizer)
    table.refresh_from_db()
    assert table.codes_locked_at is None
    assert {table.code_a, table.code_b}.isdisjoint(old_codes)
    assert table.code_a != table.code_b and len(table.code_a) == 8
    assert client.get(old_link).status_code == 404
    assert claim(client, table, old_codes[0]).status_code == 422  # old code: unknown
    assert claim(client, table, table.code_a).status_code == 302
    line = table.changes.filter(action=Change.Action.LINK_REVOKED).get()
    assert line.after == {"codes": "renewed", "unlocked": True}
    desk = client.__class__()
    desk.force_login(organizer)
    here = [table.round.tournament.slug, table.round.number, table.number]
    page = desk.get(reverse("tournaments:table", args=here)).text
    assert "nouveaux codes pour les deux équipes ; codes débloqués" in page
    assert 'id="codes-locked"' not in page


@pytest.mark.shared_cache
def test_the_partie_page_shows_which_tables_have_their_codes_locked(client, organizer, table):
    desk = client.__class__()
    desk.force_login(organizer)
    here = [table.round.tournament.slug, table.round.number]
    page = desk.get(reverse("tournaments:round", args=here)).text
    assert "codes bloqués" not in page and "Codes bloqués" not in page
    for i in range(MAX_WRONG_CODES + 1):
        claim(client, table, wrong_code(table, i))
    page = desk.get(reverse("tournaments:round", args=here)).text
    assert "Codes bloqués : 1 table" in page
    assert f"/{table.number}/#codes-locked" in page
    table_side.revoke_entry_link(table=table, by=organizer)
    assert "codes bloqués" not in desk.get(reverse("tournaments:round_tables", args=here)).text


def field_errors(page: str, field: str = "code") -> str:
    """The errors shown next to a field of the page (its `field-…` block)."""
    start = page.index(f'id="field-{field}"')
    return page[start : page.index("</div>", start)]


@pytest.mark.shared_cache
def test_a_wrong_code_says_next_to_the_field_how_many_tries_are_left(client, table):
    first = claim(client, table, wrong_code(table, 0))
    assert first.status_code == 422
    assert "Code incorrect : encore 9 essais." in field_errors(first.text)
    for i in range(1, MAX_WRONG_CODES - 2):
        claim(client, table, wrong_code(table, i))
    client.cookies["django_language"] = "en"
    ninth = claim(client, table, wrong_code(table, 50))
    assert "Wrong code: 1 try left." in field_errors(ninth.text)
    tenth = claim(client, table, wrong_code(table, 51))
    assert "Wrong code: no tries left." in field_errors(tenth.text)
    # the last try locks the table at once, and says so in its history
    table.refresh_from_db()
    assert table.codes_locked_at is not None
    assert claim(client, table, table.code_a).status_code == 429


@pytest.mark.shared_cache
@pytest.mark.parametrize("side", ["A", "B"])
def test_after_the_lock_the_phone_of_the_entering_team_goes_on(client, table, side):
    claim(client, table, table.code_a if side == "A" else table.code_b)
    stranger = client.__class__()
    for i in range(MAX_WRONG_CODES + 1):
        claim(stranger, table, wrong_code(table, i))
    answer = client.post(url(table, "table_side_deal"), {**MADE, "version": table.version})
    assert answer.status_code == 200 and table.deals.count() == 1
    table.refresh_from_db()
    assert table.entered_by == side


@pytest.mark.shared_cache
@pytest.mark.parametrize("entering", ["A", "B"])
def test_after_the_lock_the_answering_team_that_gave_its_code_confirms(client, table, entering):
    """Both teams scanned the QR code and typed their code before the lock:
    the team that enters goes on, and so does the other one, which answers
    at the end without its code."""
    answering = "B" if entering == "A" else "A"
    codes = {"A": table.code_a, "B": table.code_b}
    other = client.__class__()
    assert claim(client, table, codes[entering]).status_code == 302
    client.post(url(table, "table_side_deal"), {**MADE, "version": table.version})
    told = claim(other, table, codes[answering])
    # recognised: it answers from this phone, deal by deal or at the end
    assert told.status_code == 302
    assert "Confirmez ses donnes une à une" in other.get(url(table)).text
    stranger = client.__class__()
    for i in range(MAX_WRONG_CODES + 1):
        claim(stranger, table, wrong_code(table, i))
    factories.enter_from_the_table(table, side=entering, count=11)
    page = other.get(url(table)).text
    assert "Code déjà donné sur ce téléphone" in page and 'name="code"' not in page
    # a phone without a proven code still has to give one
    refused = stranger.post(url(table, "table_side_confirm"), {"version": table.version})
    assert refused.status_code == 422 and "Donnez le code de votre équipe." in refused.text
    answer = other.post(url(table, "table_side_confirm"), {"version": table.version})
    assert answer.status_code == 302
    table.refresh_from_db()
    assert table.entry_state == Table.EntryState.CONFIRMED and table.settled_by == answering


@pytest.mark.shared_cache
def test_the_entering_phone_never_answers_for_the_other_team_without_its_code(client, table):
    """One phone for both teams: the other team types its code to confirm;
    that phone does not keep it, so the entering team cannot answer for
    the other one later."""
    assert claim(client, table, table.code_a).status_code == 302
    factories.enter_from_the_table(table, side="A", count=12)
    page = client.get(url(table)).text
    assert 'name="code"' in page and "Code déjà donné" not in page
    answer = client.post(
        url(table, "table_side_confirm"), {"code": table.code_b, "version": table.version}
    )
    assert answer.status_code == 302
    assert f"table-answer-{table.pk}-{table.entry_key}" not in client.session
