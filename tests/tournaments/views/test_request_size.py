"""A body too big for its page is refused before it is read: 413 and a
clean page, never a 500, never a file written to disk. The table's link,
open to anyone at the table, takes a few kilobytes; only the import of a
team file takes more (limits in config/settings.py)."""

from __future__ import annotations

import io

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.test import Client, override_settings
from django.urls import reverse

from tournaments.infra import links

pytestmark = pytest.mark.django_db

TEN_MB = 10 * 1024 * 1024


class Unreadable(io.RawIOBase):
    """A request body that fails the test if anyone reads it."""

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        raise AssertionError("the body was read")

    readinto = read
    readline = read


def deal_url(table) -> str:
    return reverse("tournaments:table_side_deal", args=[links.entry_token(table)])


@pytest.fixture
def phone(table) -> Client:
    client = Client(raise_request_exception=False)
    client.post(
        reverse("tournaments:table_side_claim", args=[links.entry_token(table)]),
        {"code": table.code_a},
    )
    return client


def test_ten_megabytes_posted_at_the_table_are_refused_early(phone, table):
    body = b"taker=N&trump=C&points=97&pad=" + b"x" * TEN_MB
    response = phone.post(deal_url(table), body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413
    assert "trop volumineux" in response.content.decode()
    assert not table.deals.exists()


def test_a_ten_megabyte_file_posted_at_the_table_is_refused_early(phone, table):
    from django.core.files.uploadedfile import SimpleUploadedFile

    big = SimpleUploadedFile("photo.jpg", b"\xff" * TEN_MB, content_type="image/jpeg")
    response = phone.post(deal_url(table), {"taker": "N", "photo": big})
    assert response.status_code == 413
    assert not table.deals.exists()


def test_the_refusal_comes_before_anything_reads_the_body(table):
    """The whole stack, as a WSGI server calls it, with a body that must
    not be read (a file sent with the CSRF cookie, which CSRF would read):
    the answer is 413 all the same."""
    statuses = []
    environ = {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": deal_url(table),
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "80",
        "HTTP_COOKIE": "csrftoken=" + "a" * 32,
        "CONTENT_TYPE": "multipart/form-data; boundary=xyz",
        "CONTENT_LENGTH": str(TEN_MB),
        "wsgi.input": Unreadable(),
        "wsgi.url_scheme": "http",
        "wsgi.errors": io.StringIO(),
    }
    WSGIHandler()(environ, lambda status, headers: statuses.append(status))
    assert len(statuses) == 1 and statuses[0].startswith("413 ")


def test_a_team_file_may_be_bigger_but_not_without_end(organizer, tournament):
    from django.core.files.uploadedfile import SimpleUploadedFile

    desk = Client(raise_request_exception=False)
    desk.force_login(organizer)
    url = reverse("tournaments:team_import", args=[tournament.slug])
    lines = "".join(f"Lefèvre{i};Amélie;Bérard{i};Jérôme\n" for i in range(100))
    small = b"nom1;prenom1;nom2;prenom2\n" + lines.encode()
    ok = desk.post(url, {"file": SimpleUploadedFile("e.csv", small, content_type="text/csv")})
    assert ok.status_code == 200 and "Fichier refusé" not in ok.content.decode()
    huge = SimpleUploadedFile("e.csv", b"x" * (2 * 1024 * 1024), content_type="text/csv")
    assert desk.post(url, {"file": huge}).status_code == 413


@override_settings(REQUEST_BODY_MAX=TEN_MB * 2, DATA_UPLOAD_MAX_MEMORY_SIZE=1024)
def test_a_body_django_itself_refuses_answers_a_clean_400(phone, table):
    response = phone.post(
        deal_url(table),
        b"taker=N&pad=" + b"x" * 4096,
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 400
    assert "Requête illisible" in response.content.decode()


def test_too_many_fields_answer_a_clean_400(phone, table):
    body = "&".join(f"f{i}=1" for i in range(2000))
    response = phone.post(deal_url(table), body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert "Requête illisible" in response.content.decode()
