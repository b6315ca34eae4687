"""Every form the app shows, organizer's and public, posted hostile values:
letters where a number goes, 10**30 and -10**30, nothing, 10,000
characters, NUL bytes (which PostgreSQL refuses to store). None may answer
500; a value the field cannot take is refused with a message next to that
field (Django's error list carries the field's id), and nothing is saved.
Addresses with numbers too long for a database column answer 404."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import add_deal, add_teams, enter_from_the_table
from tournaments.infra import links
from tournaments.models import Deal, Round, Table, Tournament
from tournaments.services import rounds, team_file

pytestmark = pytest.mark.django_db

HOSTILE = {
    "letters": "abc",
    "10**30": "1" + "0" * 30,
    "-10**30": "-1" + "0" * 30,
    "negative": "-5",
    "empty": "",
    "10k digits": "9" * 10_000,
    "10k letters": "é" * 10_000,
    "NUL": "\x00",
    "NUL inside": "12\x00",
    # A digit to str.isdigit() that int() refuses (it answered 500 where a
    # check trusted isdigit(): tournaments/domain/digits.py).
    "superscript": "²",
}
TOO_LONG = {"10k digits", "10k letters"}
NUL = {"NUL", "NUL inside"}
NOT_A_NUMBER = {"letters", "10**30", "-10**30", "superscript", *TOO_LONG, *NUL}


@dataclass(frozen=True)
class Kind:
    """The hostile values a field must refuse, and where the refusal shows:
    next to the field, or (for a hidden field) anywhere on the page."""

    refused: frozenset[str]
    hidden: bool = False


def number(*, required: bool = True, negative: bool = False) -> Kind:
    refused = set(NOT_A_NUMBER)
    if required:
        refused.add("empty")
    if not negative:
        refused.add("negative")
    return Kind(frozenset(refused))


def text(*, required: bool = True, short: bool = False) -> Kind:
    refused = TOO_LONG | NUL | ({"empty"} if required else set())
    if short:  # at most a few characters: 31 digits do not fit
        refused |= {"10**30", "-10**30"}
    return Kind(frozenset(refused))


def choice(*, required: bool = True) -> Kind:
    refused = set(HOSTILE) - {"empty"}
    return Kind(frozenset(refused | ({"empty"} if required else set())))


DATE = Kind(frozenset(HOSTILE))
ANYTHING = Kind(frozenset())  # no refusal expected: only no 500
HIDDEN_NUMBER = Kind(frozenset(NOT_A_NUMBER), hidden=True)
CELL = text(required=False, short=True)


@dataclass
class Spec:
    url: str
    data: dict[str, str]
    fields: dict[str, Kind]
    client: Client
    method: str = "post"
    # What must not have changed when a value is refused.
    unchanged: Callable[[], object] = field(default=lambda: None)


@dataclass
class World:
    organizer: Client
    phone: Client
    tournament: Tournament
    fresh: Tournament
    melee: Tournament
    table: Table
    empty_table: Table
    finished: Table


@pytest.fixture
def world(organizer, make_tournament) -> World:
    desk = Client(raise_request_exception=False)
    desk.force_login(organizer)
    tournament = make_tournament()
    add_teams(tournament, 6)
    rnd = rounds.draw_round(tournament=tournament, method="random", seed=1)
    table, empty_table, finished = rnd.tables.order_by("number")
    add_deal(table)
    enter_from_the_table(finished, side="A")
    phone = Client(raise_request_exception=False)
    phone.post(
        reverse("tournaments:table_side_claim", args=[links.entry_token(table)]),
        {"code": table.code_b},
    )
    return World(
        organizer=desk,
        phone=phone,
        tournament=tournament,
        fresh=make_tournament(name="Concours sans inscrits"),
        melee=make_tournament(name="Mêlée", format="melee"),
        table=table,
        empty_table=empty_table,
        finished=finished,
    )


def tournament_data(tournament: Tournament | None = None) -> dict[str, str]:
    return {
        "name": tournament.name if tournament else "Nouveau concours",
        "date": "2026-12-05",
        "venue": "Salle des fêtes",
        "preset": "ffb-coinche",
        "format": "pairs",
        "parties": "4",
        "end_mode": "deals",
        "end_deals": "12",
        "end_target": "",
        "score_entry": "deals",
        "criterion_1": "points",
        "bye_policy": "average",
        "bye_points": "0",
        "published": "on",
    }


TOURNAMENT_FIELDS = {
    "name": text(),
    "date": DATE,
    "venue": text(required=False),
    "preset": choice(),
    "format": choice(),
    "parties": number(),
    "end_mode": choice(),
    "end_deals": number(),
    "end_target": number(required=False),
    "score_entry": choice(),
    "bye_policy": choice(),
    "bye_points": number(),
    "criterion_1": choice(),
    "criterion_2": choice(required=False),
    "rule_rounding": choice(required=False),
    "published": ANYTHING,
    "release_draws": ANYTHING,
    "clock_enabled": ANYTHING,
    "start_time": Kind(frozenset(HOSTILE) - {"empty"}),
    "minutes_per_deal": number(required=False),
    "break_minutes": number(required=False),
    "last_deal_minutes": number(required=False),
}
TEAM_FIELDS = {
    "first_name1": text(),
    "last_name1": text(),
    "licence1": text(required=False),
    "first_name2": text(),
    "last_name2": text(),
    "licence2": text(required=False),
    "club": text(required=False),
    "name": text(required=False),
}
TEAM_DATA = {
    "first_name1": "Zoé",
    "last_name1": "Nouvelle",
    "licence1": "",
    "first_name2": "Luc",
    "last_name2": "Nouveau",
    "licence2": "",
    "club": "",
    "name": "",
}
DEAL_DATA = {"taker": "N", "trump": "C", "bid": "90", "points": "97", "coinche": ""}
DEAL_FIELDS = {
    "taker": CELL,
    "trump": CELL,
    "bid": CELL,
    "points": number(required=False),
    "coinche": CELL,
    "belote": CELL,
    "capot": CELL,
    "announce_a": text(required=False),
    "announce_b": text(required=False),
    "number": HIDDEN_NUMBER,
    "version": HIDDEN_NUMBER,
    "reason": text(required=False),
}


def table_url(name: str, table: Table) -> str:
    rnd = table.round
    return reverse(f"tournaments:{name}", args=[rnd.tournament.slug, rnd.number, table.number])


def deals_of(table: Table):
    return lambda: list(table.deals.values_list("number", "marque_a", "marque_b"))


SPECS: dict[str, Callable[[World], Spec]] = {
    "new tournament": lambda w: Spec(
        reverse("tournaments:create"),
        tournament_data(),
        TOURNAMENT_FIELDS,
        w.organizer,
    ),
    "tournament settings": lambda w: Spec(
        reverse("tournaments:edit", args=[w.fresh.slug]),
        tournament_data(w.fresh),
        TOURNAMENT_FIELDS,
        w.organizer,
        unchanged=lambda: Tournament.objects.filter(pk=w.fresh.pk).values().get(),
    ),
    "new team": lambda w: Spec(
        reverse("tournaments:team_add", args=[w.tournament.slug]),
        TEAM_DATA,
        TEAM_FIELDS,
        w.organizer,
    ),
    "team's details": lambda w: Spec(
        reverse("tournaments:team_edit", args=[w.tournament.slug, w.tournament.teams.first().pk]),
        TEAM_DATA,
        TEAM_FIELDS,
        w.organizer,
    ),
    "new mêlée player": lambda w: Spec(
        reverse("tournaments:player_add", args=[w.melee.slug]),
        {"first_name": "Zoé", "last_name": "Seule", "licence": "", "club": ""},
        {
            "first_name": text(),
            "last_name": text(),
            "licence": text(required=False),
            "club": text(required=False),
        },
        w.organizer,
    ),
    "co-organizer": lambda w: Spec(
        reverse("tournaments:co_organizer_add", args=[w.tournament.slug]),
        {"username": "personne"},
        {"username": choice()},  # no such account: every value is refused
        w.organizer,
        unchanged=lambda: list(w.tournament.co_organizers.all()),
    ),
    "draw": lambda w: Spec(
        reverse("tournaments:draw", args=[w.fresh.slug]),
        {"method": "random", "seed": ""},
        {"method": choice(), "seed": number(required=False)},
        w.organizer,
        unchanged=lambda: w.fresh.rounds.count(),
    ),
    "redraw": lambda w: Spec(
        reverse("tournaments:redraw", args=[w.tournament.slug, 1]),
        {"method": "random", "seed": ""},
        {"method": choice(), "seed": number(required=False)},
        w.organizer,
    ),
    "swap": lambda w: Spec(
        reverse("tournaments:swap", args=[w.tournament.slug, 1]),
        {
            "first": str(w.empty_table.team_a_id),
            "second": str(w.finished.team_a_id),
        },
        {"first": choice(), "second": choice()},
        w.organizer,
    ),
    "last deal call": lambda w: Spec(
        reverse("tournaments:last_deal_call", args=[w.tournament.slug, 1]),
        {"minutes": "50"},
        {"minutes": number(required=False)},
        w.organizer,
        unchanged=lambda: list(w.tournament.rounds.values_list("last_deal_minutes", flat=True)),
    ),
    "clock button": lambda w: Spec(
        reverse("tournaments:round_clock", args=[w.tournament.slug, 1]),
        {"action": "start"},
        {"action": ANYTHING},
        w.organizer,
    ),
    "penalty": lambda w: Spec(
        table_url("penalty", w.table),
        {"team": str(w.table.team_a_id), "points": "-10", "reason": "Retard"},
        {
            "team": choice(),
            "points": number(negative=True),
            "reason": text(),
        },
        w.organizer,
        unchanged=lambda: list(w.table.penalties.values_list("points", flat=True)),
    ),
    "totals typed from the sheet": lambda w: Spec(
        table_url("totals", w.empty_table),
        {"total_a": "1800", "total_b": "1200", "version": str(w.empty_table.version)},
        {
            "total_a": number(),
            "total_b": number(),
            "version": HIDDEN_NUMBER,
            "reason": text(required=False),
        },
        w.organizer,
    ),
    "deal at the desk": lambda w: Spec(
        table_url("deal_save", w.table),
        {**DEAL_DATA, "version": str(w.table.version)},
        DEAL_FIELDS,
        w.organizer,
    ),
    "deal preview at the desk": lambda w: Spec(
        table_url("deal_preview", w.table),
        DEAL_DATA,
        {name: ANYTHING for name in DEAL_FIELDS},
        w.organizer,
    ),
    "last deal deleted": lambda w: Spec(
        table_url("deal_delete", w.table),
        {"version": str(w.table.version + 100)},  # a stale version: nothing is deleted
        {"version": Kind(frozenset(NOT_A_NUMBER), hidden=True), "reason": ANYTHING},
        w.organizer,
        unchanged=deals_of(w.table),
    ),
    "team code at the table": lambda w: Spec(
        reverse("tournaments:table_side_claim", args=[links.entry_token(w.empty_table)]),
        {"code": ""},
        {"code": choice()},  # none of them is a team's code
        w.phone,
    ),
    "deal at the table": lambda w: Spec(
        reverse("tournaments:table_side_deal", args=[links.entry_token(w.table)]),
        {**DEAL_DATA, "version": str(w.table.version)},
        {name: kind for name, kind in DEAL_FIELDS.items() if name != "reason"},
        w.phone,
    ),
    "deal preview at the table": lambda w: Spec(
        reverse("tournaments:table_side_preview", args=[links.entry_token(w.table)]),
        DEAL_DATA,
        {name: ANYTHING for name in DEAL_FIELDS},
        w.phone,
    ),
    "other team's answer": lambda w: Spec(
        reverse("tournaments:table_side_confirm", args=[links.entry_token(w.finished)]),
        {
            "code": "0000",
            "total_a": "",
            "total_b": "",
            "action": "confirm",
            "version": str(w.finished.version),
        },
        {
            "code": choice(),
            "total_a": number(required=False),
            "total_b": number(required=False),
            "action": ANYTHING,
        },
        Client(raise_request_exception=False),
        unchanged=lambda: Table.objects.filter(pk=w.finished.pk).values("entry_state").get(),
    ),
    "flags and confirmations": lambda w: Spec(
        reverse("tournaments:publish", args=[w.tournament.slug]),
        {},
        {"published": ANYTHING},
        w.organizer,
    ),
    "where do I play": lambda w: Spec(
        reverse("tournaments:where", args=[w.tournament.slug]),
        {},
        {"q": ANYTHING},
        Client(raise_request_exception=False),
        method="get",
    ),
    "hall poster": lambda w: Spec(
        reverse("tournaments:poster_pdf", args=[w.tournament.slug]),
        {},
        {"wifi": ANYTHING, "password": ANYTHING},
        w.organizer,
        method="get",
    ),
    "deal opened for correction": lambda w: Spec(
        table_url("table", w.table),
        {},
        {"donne": ANYTHING},
        w.organizer,
        method="get",
    ),
    "deal opened at the table": lambda w: Spec(
        reverse("tournaments:table_side", args=[links.entry_token(w.table)]),
        {},
        {"donne": ANYTHING},
        w.phone,
        method="get",
    ),
    "language": lambda w: Spec(
        reverse("tournaments:language", args=["en"]),
        {},
        {"next": ANYTHING},
        Client(raise_request_exception=False),
        method="get",
    ),
}


def shows_error_next_to(html: str, name: str) -> bool:
    """Django's error list of a field carries the field's id."""
    return f'id="id_{name}_error"' in html


def shows_an_error(html: str) -> bool:
    return 'class="errorlist' in html or 'class="message error"' in html


@pytest.mark.parametrize("spec_name", list(SPECS))
def test_hostile_values_never_answer_500_and_are_refused_at_their_field(spec_name, world):
    spec = SPECS[spec_name](world)
    problems = []
    for name, kind in spec.fields.items():
        for label, value in HOSTILE.items():
            before = spec.unchanged()
            send = getattr(spec.client, spec.method)
            response = send(spec.url, {**spec.data, name: value})
            where = f"{name}={label}"
            if response.status_code >= 500:
                problems.append(f"{where}: {response.status_code}")
                continue
            if label not in kind.refused:
                continue
            if response.status_code in (301, 302):
                page = spec.client.get(response["Location"]).content.decode()
                if kind.hidden and shows_an_error(page):
                    continue
                problems.append(f"{where}: accepted ({response.status_code})")
                continue
            html = response.content.decode()
            shown = shows_an_error(html) if kind.hidden else shows_error_next_to(html, name)
            if not shown:
                problems.append(f"{where}: no message next to the field")
            if spec.unchanged() != before:
                problems.append(f"{where}: something was saved")
    assert not problems, "\n".join(problems)


def number_patterns():
    """(name, kwargs) of every address with a number in it, the number 10**30."""
    from django.urls import URLResolver, get_resolver

    found = []

    def walk(patterns, namespace):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, p.namespace or namespace)
            elif namespace == "tournaments" and any(
                type(c).__name__ in ("IntConverter", "NumberConverter")
                for c in p.pattern.converters.values()
            ):
                found.append((p.name, p))

    walk(get_resolver().url_patterns, None)
    return found


def test_a_number_too_long_for_the_database_in_an_address_answers_404(world):
    huge = "1" + "0" * 30
    for name, pattern in number_patterns():
        path = reverse(
            f"tournaments:{name}",
            kwargs={
                c: (
                    world.tournament.slug
                    if c == "slug"
                    else "team"  # a word, not a number: `kind` of the cash box's addresses
                    if type(converter).__name__ == "StringConverter"
                    else 1
                )
                for c, converter in pattern.pattern.converters.items()
            },
        )
        # Replace each number of the address by 10**30, one at a time.
        for match in re.finditer(r"/1(?=/|\.|$)", path):
            url = path[: match.start()] + "/" + huge + path[match.end() :]
            for send in (world.organizer.get, world.organizer.post):
                assert send(url).status_code == 404, url


def test_a_table_link_with_a_nul_byte_opens_nothing(world):
    assert world.phone.get("/saisie/ab%00cd/").status_code == 404


def test_a_team_file_too_big_is_refused_from_its_size(world, tmp_path):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = b"nom1;prenom1;nom2;prenom2\n" + b"A;B;C;D\n" * (team_file.MAX_BYTES // 8 + 10)
    response = world.organizer.post(
        reverse("tournaments:team_import", args=[world.tournament.slug]),
        {"file": SimpleUploadedFile("equipes.csv", data, content_type="text/csv")},
    )
    assert response.status_code < 500
    assert shows_error_next_to(response.content.decode(), "file")
    assert "trop gros" in response.content.decode()


def test_nothing_hostile_reaches_the_deals(world):
    """After all this, the table's deals are the ones entered."""
    before = list(Deal.objects.values_list("table_id", "number", "marque_a"))
    spec = SPECS["deal at the table"](world)
    for value in (HOSTILE["NUL"], HOSTILE["10**30"]):
        spec.client.post(spec.url, {**spec.data, "version": value})
        spec.client.post(spec.url, {**spec.data, "number": value})
    assert list(Deal.objects.values_list("table_id", "number", "marque_a")) == before
    assert Round.objects.count() == 1
