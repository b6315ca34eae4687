"""One concours played in several halls (issue 27, simultaneous halls):
declaring the halls, a hall's file received (by hand or signed from its
laptop), the replace rules, the refusals that change nothing, and the
merged ranking behind the feature's `queries.merged_ranking`."""

from __future__ import annotations

import copy
import gzip
import re

import pytest
from django.utils import translation

from tests import factories
from tests.tournaments.features.halls.builders import hall_file, halls_of, raw
from tests.tournaments.services.test_publication import signed
from tournaments.features.halls import services
from tournaments.features.halls.display import Action
from tournaments.features.halls.models import MergedHall
from tournaments.features.halls.queries import halls_state, merged_ranking
from tournaments.models import Upload
from tournaments.services.backup import MAX_BYTES
from tournaments.services.errors import TournamentError
from tournaments.services.publication import UploadRefused

pytestmark = pytest.mark.django_db


@pytest.fixture
def hosted(organizer):
    tournament = factories.build_tournament(owner=organizer, name="Concours des deux salles")
    services.declare_halls(
        tournament=tournament,
        names=["Salle des fêtes de Vic", "  Foyer rural   de Lembeye ", ""],
        planned=2,
        by=organizer,
    )
    return tournament


def test_declaring_halls_keeps_their_names_and_a_hall_with_a_file(organizer, hosted):
    vic, lembeye = halls_of(hosted)
    assert (vic.name, lembeye.name) == ("Salle des fêtes de Vic", "Foyer rural de Lembeye")
    assert merged_ranking(hosted) == []
    services.receive_hall_file(hall=vic, raw=raw(hall_file(organizer, name="Vic")))
    services.declare_halls(
        tournament=hosted,
        names=["Foyer rural de Lembeye", "Salle des fêtes de Vic"],
        planned=3,
        by=None,
    )
    vic.refresh_from_db()
    assert vic.document is not None and vic.position == 2
    with pytest.raises(TournamentError, match="a déjà envoyé son fichier"):
        services.declare_halls(
            tournament=hosted,
            names=["Foyer rural de Lembeye", "Salle de Garlin"],
            planned=3,
            by=None,
        )
    assert [h.name for h in halls_of(hosted)] == [
        "Foyer rural de Lembeye",
        "Salle des fêtes de Vic",
    ]
    assert hosted.changes.filter(action=Action.HALLS_DECLARED).count() == 2


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (["Vic"], "au moins deux salles"),
        (["Vic", "vic"], "écrite deux fois"),
        (["Vic", "x" * 81], "trop long"),
    ],
)
def test_bad_hall_lists_are_said_and_change_nothing(organizer, hosted, names, said):
    with pytest.raises(TournamentError, match=said) as refused:
        services.declare_halls(tournament=hosted, names=names, planned=5, by=organizer)
    assert refused.value.field == "halls"
    assert len(halls_of(hosted)) == 2 and hosted.hall_merge.planned == 2


def test_a_concours_in_one_hall_has_no_merged_ranking(tournament):
    assert merged_ranking(tournament) is None and halls_state(tournament) is None


def test_the_ranking_is_provisional_until_every_hall_is_in_and_complete(organizer, hosted):
    vic, lembeye = halls_of(hosted)
    services.receive_hall_file(hall=vic, raw=raw(hall_file(organizer, name="Vic", teams=4)))
    state = halls_state(hosted)
    assert state.provisional and state.received == 1
    assert [row.hall for row in state.rows] == ["Salle des fêtes de Vic"] * 4
    # Lembeye's first partie only: still provisional.
    early = hall_file(organizer, name="Lembeye", teams=6, played=1)
    services.receive_hall_file(hall=lembeye, raw=raw(early))
    assert halls_state(hosted).provisional
    lembeye.refresh_from_db()
    assert (lembeye.closed, lembeye.teams) == (1, 6)
    # Its later, fuller file replaces the earlier one: final.
    later = hall_file(organizer, name="Lembeye", teams=6, played=2)
    services.receive_hall_file(hall=lembeye, raw=gzip.compress(raw(later)))
    state = halls_state(hosted)
    assert not state.provisional and state.problem == ""
    rows = merged_ranking(hosted)
    assert len(rows) == 10 and rows[0].rank == 1
    assert {row.hall for row in rows} == {"Salle des fêtes de Vic", "Foyer rural de Lembeye"}
    assert [row.points for row in rows] == sorted((row.points for row in rows), reverse=True)
    assert all(row.club is None for row in rows)  # a concours file names no club
    assert hosted.changes.filter(action=Action.HALL_FILE).count() == 3


def test_an_older_file_never_replaces_a_newer_one_silently(organizer, hosted):
    vic = halls_of(hosted)[0]
    full = hall_file(organizer, name="Vic", played=2)
    early = copy.deepcopy(full)
    early["rounds"] = early["rounds"][:1]
    services.receive_hall_file(hall=vic, raw=raw(full))
    with pytest.raises(TournamentError, match="plus ancien que celui reçu à") as refused:
        services.receive_hall_file(hall=vic, raw=raw(early))
    assert refused.value.field == "file"
    vic.refresh_from_db()
    assert vic.document == full and vic.closed == 2
    with pytest.raises(TournamentError, match="déjà celui de la salle"):
        services.receive_hall_file(hall=vic, raw=raw(full))
    # Said, then asked for by the organizer: it replaces.
    services.receive_hall_file(hall=vic, raw=raw(early), replace_older=True)
    vic.refresh_from_db()
    assert vic.closed == 1


def _tampered(doc):
    table = doc["rounds"][0]["tables"][0]
    table["deals"][0]["marques"]["A"] += 10
    return doc


def _nan_total(doc):
    # JSON's NaN equals nothing: it once kept the ranking's sort going for ever.
    doc["rounds"][0]["tables"][0]["totals"]["A"] = float("nan")
    return doc


def _another_day(doc):
    doc["concours"]["date"] = "2026-12-06"
    return doc


def _other_ranking(doc):
    # No team sits out with 4 teams: the file checks, but it is not ranked
    # as the hall already in.
    doc["ranking"]["bye"]["points"] = 1234
    return doc


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (lambda doc: b"pas du json", "il ne se lit pas en JSON"),
        (lambda doc: b"\x1f\x8b abime", "compressé est abîmé"),
        (lambda doc: raw({"format": "autre"}), "ce n'est pas un « Fichier du concours »"),
        (lambda doc: raw({**doc, "version": 99}), "version"),
        (lambda doc: b" " * (MAX_BYTES + 1), "dépasse"),
        (lambda doc: raw(_another_day(doc)), "un autre concours"),
        (lambda doc: raw(_tampered(doc)), "le fichier a été modifié"),
        (lambda doc: raw(_nan_total(doc)), "un nombre entier est attendu"),
        (lambda doc: raw(_other_ranking(doc)), "pas le classement"),
    ],
)
def test_a_bad_file_is_said_and_changes_nothing(organizer, hosted, spoil, said):
    vic, lembeye = halls_of(hosted)
    services.receive_hall_file(hall=vic, raw=raw(hall_file(organizer, name="Vic")))
    before = list(MergedHall.objects.values_list("document", "received_at").order_by("pk"))
    changes = hosted.changes.count()
    doc = hall_file(organizer, name="Lembeye")
    with pytest.raises(TournamentError, match=said) as refused:
        services.receive_hall_file(hall=lembeye, raw=spoil(copy.deepcopy(doc)))
    assert refused.value.message.startswith("Fichier refusé, rien n'a changé")
    assert list(MergedHall.objects.values_list("document", "received_at").order_by("pk")) == before
    assert hosted.changes.count() == changes


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (
            _tampered,
            r"^File refused, nothing has changed: the checker finds 1 difference in it, the "
            r"file has been changed: Round 1, table \d+, deal \d+: the score is \d+–\d+ in the "
            r"file, the engine gives \d+–\d+\.$",
        ),
        (
            _other_ranking,
            "^File refused, nothing has changed: The hall “Foyer rural de Lembeye” does not have "
            "the ranking of the hall “Salle des fêtes de Vic”: it is not the same concours.$",
        ),
    ],
)
def test_a_file_refused_in_english_is_said_in_english_to_the_end(organizer, hosted, spoil, said):
    vic, lembeye = halls_of(hosted)
    services.receive_hall_file(hall=vic, raw=raw(hall_file(organizer, name="Vic")))
    doc = spoil(hall_file(organizer, name="Lembeye"))
    with translation.override("en"), pytest.raises(TournamentError) as refused:
        services.receive_hall_file(hall=lembeye, raw=raw(doc))
    assert re.match(said, refused.value.message), refused.value.message


def test_halls_that_do_not_merge_are_said_in_the_active_language(organizer, hosted):
    vic, lembeye = halls_of(hosted)
    services.receive_hall_file(hall=vic, raw=raw(hall_file(organizer, name="Vic")))
    # Received before the check of the other halls' rules (an older site).
    lembeye.document = _other_ranking(hall_file(organizer, name="Lembeye"))
    lembeye.save(update_fields=["document"])
    with translation.override("fr"):
        assert halls_state(hosted).problem.startswith(
            "La salle « Foyer rural de Lembeye » n'a pas le classement de la salle"
        )
    with translation.override("en"):
        assert halls_state(hosted).problem == (
            "The hall “Foyer rural de Lembeye” does not have the ranking of the hall "
            "“Salle des fêtes de Vic”: it is not the same concours."
        )


def test_a_hall_sends_its_file_signed_with_its_key(organizer, hosted):
    _vic, lembeye = halls_of(hosted)
    secret = services.new_hall_key(tournament=hosted, hall_id=lembeye.pk).secret
    assert secret.startswith("bs_")
    lembeye.refresh_from_db()
    assert secret not in (lembeye.key_digest, lembeye.key_prefix)
    body = raw(hall_file(organizer, name="Lembeye"))
    upload = signed(secret, body)
    received = services.queue_signed_hall_file(**upload)  # the task runs at once here
    assert (received.state, received.hall_id) == (Upload.State.DONE, lembeye.pk)
    lembeye.refresh_from_db()
    assert lembeye.closed == 2
    # The same upload again (replayed): refused.
    with pytest.raises(UploadRefused, match="déjà été reçu") as replayed:
        services.queue_signed_hall_file(**upload)
    assert replayed.value.status == 409
    assert Upload.objects.filter(nonce=upload["nonce"]).count() == 1


@pytest.mark.parametrize(
    ("forge", "status"),
    [
        (lambda v, secret: {**v, "secret": "bs_forged"}, 401),
        (lambda v, secret: {**v, "secret": ""}, 401),
        (lambda v, secret: {**v, "body": v["body"] + b" "}, 400),
        (lambda v, secret: {**v, "moment": str(int(v["moment"]) - 3600)}, 400),
        (lambda v, secret: {**v, "signature": "0" * 64}, 400),
    ],
)
def test_a_forged_or_stale_upload_changes_nothing(organizer, hosted, forge, status):
    lembeye = halls_of(hosted)[1]
    secret = services.new_hall_key(tournament=hosted, hall_id=lembeye.pk).secret
    upload = forge(signed(secret, raw(hall_file(organizer, name="Lembeye"))), secret)
    with pytest.raises(UploadRefused) as refused:
        services.queue_signed_hall_file(**upload)
    assert refused.value.status == status
    lembeye.refresh_from_db()
    assert lembeye.document is None and not Upload.objects.exists()


def test_a_new_key_stops_the_earlier_one_and_a_bad_file_sent_is_422(organizer, hosted):
    lembeye = halls_of(hosted)[1]
    old = services.new_hall_key(tournament=hosted, hall_id=lembeye.pk).secret
    new = services.new_hall_key(tournament=hosted, hall_id=lembeye.pk).secret
    body = raw(hall_file(organizer, name="Lembeye"))
    with pytest.raises(UploadRefused) as refused:
        services.queue_signed_hall_file(**signed(old, body))
    assert refused.value.status == 401
    with pytest.raises(UploadRefused, match="Fichier refusé") as bad:
        services.queue_signed_hall_file(**signed(new, b"{}"))
    assert bad.value.status == 422
    assert not Upload.objects.exists()
    # Another concours's hall cannot be given a key from this one.
    other = factories.build_tournament(owner=organizer, name="Un autre concours")
    with pytest.raises(TournamentError):
        services.new_hall_key(tournament=other, hall_id=lembeye.pk)


def test_a_halls_file_carrying_another_halls_teams_is_refused_naming_them(
    client, organizer, hosted
):
    """Issue 35, item 6: hall B's file named hall A's teams (two of them
    with their names swapped) and was accepted; the merged page then listed
    hall A's teams twice. Now it is refused, in a sentence that names the
    teams, and the page lists each team once."""
    vic, lembeye = halls_of(hosted)
    hosted.published = True
    hosted.save(update_fields=["published"])
    vic_file = hall_file(organizer, name="Vic", teams=4)
    services.receive_hall_file(hall=vic, raw=raw(vic_file))
    carried = hall_file(organizer, name="Lembeye", teams=4)
    names = [team["name"] for team in vic_file["teams"]]
    names[0], names[1] = names[1], names[0]  # two names swapped
    names[2] = " / ".join(reversed(names[2].split(" – ")))  # and the players of a third
    for team, name in zip(carried["teams"], names, strict=True):
        team["name"] = name
    with pytest.raises(TournamentError) as refused:
        services.receive_hall_file(hall=lembeye, raw=raw(carried))
    said = refused.value.message
    assert "Équipes déjà dans le fichier de la salle « Salle des fêtes de Vic »" in said
    assert all(f"« {name} »" in said for name in names), said
    lembeye.refresh_from_db()
    assert lembeye.document is None
    page = client.get(f"/t/{hosted.slug}/salles/").content.decode()
    assert all(page.count(name) == 1 for name in vic_file_names(vic_file)), page


def vic_file_names(doc) -> list[str]:
    return [team["name"] for team in doc["teams"]]


def test_a_halls_file_naming_one_team_twice_is_refused(organizer, hosted):
    vic = halls_of(hosted)[0]
    doc = hall_file(organizer, name="Vic", teams=4)
    doc["teams"][1]["name"] = doc["teams"][0]["name"].upper()
    with pytest.raises(TournamentError, match="nomme deux fois : « "):
        services.receive_hall_file(hall=vic, raw=raw(doc))


def test_teams_of_their_own_in_each_hall_merge_into_one_ranking(organizer, hosted):
    vic, lembeye = halls_of(hosted)
    services.receive_hall_file(hall=vic, raw=raw(hall_file(organizer, name="Vic", teams=4)))
    services.receive_hall_file(hall=lembeye, raw=raw(hall_file(organizer, name="Lem", teams=4)))
    names = [row.team for row in merged_ranking(hosted)]
    assert len(names) == len(set(names)) == 8
