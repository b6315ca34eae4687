"""A database out of reach answers 503 « rien n'a été enregistré », never a
500 (issue 35, item 5; infra/middleware.py, views/errors.py): raised in a
view or in a middleware (the session saved on the way out), on a GET or a
POST, in French and in English; the page reads nothing from the database.
Other errors stay 500. PostgreSQL really restarted under the phones' saves:
tests/attacks/test_database_restart.py."""

from __future__ import annotations

import sqlite3

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import DatabaseError, IntegrityError, InterfaceError, OperationalError, connection
from django.http import HttpResponse
from django.test import Client
from django.urls import include, path

from tournaments.infra.middleware import database_unavailable
from tournaments.views.errors import server_error

pytestmark = [pytest.mark.urls(__name__), pytest.mark.django_db]

SAVED_NOTHING = "rien n'a été enregistré"
LOST = "consuming input failed: server closed the connection unexpectedly"


def _raises(error: Exception):
    def view(request):
        raise error

    return view


def _touches_the_session(request):
    request.session["seen"] = True  # saved by SessionMiddleware on the way out
    return HttpResponse("ok")


urlpatterns = [
    path("perdue/", _raises(OperationalError(LOST))),
    path("fermee/", _raises(InterfaceError("connection already closed"))),
    path("verrouillee/", _raises(OperationalError("database is locked"))),
    path("autre/", _raises(ValueError("a mistake of the code"))),
    path("session/", _touches_the_session),
    path("", include("config.urls")),  # what the pages link to
]
handler500 = server_error


def _text(response) -> str:
    return response.content.decode().replace("&#x27;", "'").replace("’", "'")


@pytest.mark.parametrize(
    ("vendor", "error", "unavailable"),
    [
        ("postgresql", OperationalError(LOST), True),
        ("postgresql", OperationalError("the database system is shutting down"), True),
        ("postgresql", OperationalError("deadlock detected"), True),
        ("postgresql", InterfaceError("connection already closed"), True),
        ("postgresql", IntegrityError("duplicate key"), False),
        ("postgresql", DatabaseError("syntax error"), False),
        ("sqlite", OperationalError("database is locked"), True),
        ("sqlite", OperationalError("unable to open database file"), True),
        ("sqlite", OperationalError("no such table: tournaments_deal"), False),
        ("sqlite", sqlite3.OperationalError("database is locked"), False),  # not Django's
        ("sqlite", ValueError("database is locked"), False),
    ],
)
def test_which_errors_say_the_database_is_out_of_reach(monkeypatch, vendor, error, unavailable):
    monkeypatch.setattr(connection, "vendor", vendor)
    assert database_unavailable(error) is unavailable


@pytest.fixture
def on_postgresql(monkeypatch):
    monkeypatch.setattr(connection, "vendor", "postgresql")


@pytest.mark.parametrize(
    ("address", "vendor"),
    [("/perdue/", "postgresql"), ("/fermee/", "postgresql"), ("/verrouillee/", "sqlite")],
)
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_database_out_of_reach_answers_503_never_500(monkeypatch, address, vendor, method):
    monkeypatch.setattr(connection, "vendor", vendor)
    client = Client(raise_request_exception=False)
    response = getattr(client, method)(address)
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    text = _text(response)
    assert "Serveur momentanément indisponible" in text
    assert (SAVED_NOTHING in text) is (method == "post")
    assert "Traceback" not in text


def test_the_page_is_english_for_an_english_reader(on_postgresql):
    client = Client(raise_request_exception=False, headers={"accept-language": "en"})
    client.cookies["django_language"] = "en"
    text = _text(client.post("/perdue/"))
    assert "nothing was saved" in text and SAVED_NOTHING not in text


def test_the_session_lost_on_the_way_out_answers_503(monkeypatch, on_postgresql):
    def lost(self, must_create=False):
        raise OperationalError(LOST)

    monkeypatch.setattr(SessionStore, "save", lost)
    response = Client(raise_request_exception=False).post("/session/")
    assert response.status_code == 503
    assert SAVED_NOTHING in _text(response)


def test_any_other_error_is_still_a_500():
    response = Client(raise_request_exception=False).post("/autre/")
    assert response.status_code == 500
    assert "Un problème est survenu" in response.content.decode()
