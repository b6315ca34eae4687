"""Publishing results (issue 26): keys, a laptop's signed upload (good,
tampered, replayed, late, with a revoked or unknown key), a backup file,
and publishing again the same concours."""

from __future__ import annotations

import datetime
import gzip
import json
import time

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import timezone

from tests import factories
from tests.tournaments.features.calendar import builders as calendar_builders
from tournaments.domain import publication as signing
from tournaments.features.calendar import queries as calendar_queries
from tournaments.features.calendar.models import PreRegistration
from tournaments.models import PublicationReceipt, Tournament, Upload
from tournaments.services import persons, registration, rounds, uploads
from tournaments.services import publication as services
from tournaments.services.backup import export_tournament
from tournaments.services.errors import TournamentError

pytestmark = pytest.mark.django_db


def finished_backup(organizer, name="Concours de la Saint-Jean", **fields) -> bytes:
    """A finished concours's gzipped backup, played a week ago unless told
    otherwise, the concours itself deleted (as if it had been played on
    another machine)."""
    fields.setdefault("date", timezone.localdate() - datetime.timedelta(days=7))
    tournament = factories.qualified_tournament(
        owner=organizer, teams=6, parties=2, name=name, **fields
    )
    assert tournament.status == Tournament.Status.FINISHED
    body = gzip.compress(
        json.dumps(export_tournament(tournament), cls=DjangoJSONEncoder).encode(), mtime=0
    )
    tournament.delete()
    return body


def signed(secret: str, body: bytes, **changes) -> dict:
    moment = int(time.time())
    nonce = signing.new_nonce()
    values = {
        "secret": secret,
        "moment": str(moment),
        "nonce": nonce,
        "signature": signing.signature(secret, moment, nonce, body),
        "body": body,
    }
    values.update(changes)
    return values


def receive(**values) -> Tournament:
    """A laptop's signed upload as the site takes it (services/uploads.py):
    its envelope and counts checked at once (`UploadRefused`), then read by
    its task (at once in the tests), whose refusal the upload says."""
    upload = uploads.queue_signed_backup(**values)
    if upload.state != Upload.State.DONE:
        raise TournamentError(upload.message)
    return upload.tournament


def test_a_key_is_stored_hashed_and_shown_once(organizer):
    new = services.create_key(owner=organizer)
    assert new.secret.startswith(signing.KEY_PREFIX)
    assert new.key.digest == signing.digest(new.secret)
    assert new.secret not in (new.key.digest, new.key.prefix)
    assert new.secret.startswith(new.key.prefix)


def test_a_signed_upload_publishes_the_concours(organizer):
    body = finished_backup(organizer)
    secret = services.create_key(owner=organizer).secret
    tournament = receive(**signed(secret, body))
    assert tournament.published and tournament.owner == organizer
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.name == "Concours de la Saint-Jean"


def test_a_tampered_upload_is_refused_and_nothing_is_published(organizer):
    body = finished_backup(organizer)
    secret = services.create_key(owner=organizer).secret
    values = signed(secret, body)
    values["body"] = body[:-1] + bytes([body[-1] ^ 1])
    with pytest.raises(services.UploadRefused, match="modifié en route") as refused:
        receive(**values)
    assert refused.value.status == 400
    assert not Tournament.objects.exists()


def test_a_replayed_upload_is_refused(organizer):
    body = finished_backup(organizer)
    secret = services.create_key(owner=organizer).secret
    values = signed(secret, body)
    receive(**values)
    with pytest.raises(services.UploadRefused, match="déjà été reçu") as refused:
        receive(**values)
    assert refused.value.status == 409
    assert Tournament.objects.count() == 1


def test_an_old_upload_is_refused(organizer):
    body = finished_backup(organizer)
    secret = services.create_key(owner=organizer).secret
    values = signed(secret, body)
    with pytest.raises(services.UploadRefused, match="heure"):
        receive(**values, now=time.time() + 2 * signing.CLOCK_SLACK)


def test_a_revoked_or_unknown_key_publishes_nothing(organizer):
    body = finished_backup(organizer)
    new = services.create_key(owner=organizer)
    services.revoke_key(owner=organizer, key_id=new.key.pk)
    with pytest.raises(services.UploadRefused, match="révoquée") as refused:
        receive(**signed(new.secret, body))
    assert refused.value.status == 403
    with pytest.raises(services.UploadRefused, match="inconnue") as refused:
        receive(**signed("bp_nothing", body))
    assert refused.value.status == 401
    assert not Tournament.objects.exists()


def test_someone_else_cannot_revoke_a_key(organizer, django_user_model):
    new = services.create_key(owner=organizer)
    other = django_user_model.objects.create_user("autre")
    with pytest.raises(TournamentError):
        services.revoke_key(owner=other, key_id=new.key.pk)


def test_a_bad_backup_is_refused_in_a_sentence(organizer):
    secret = services.create_key(owner=organizer).secret
    with pytest.raises(services.UploadRefused, match="Sauvegarde refusée") as refused:
        receive(**signed(secret, b'{"format": "autre chose"}'))
    assert refused.value.status == 422


def test_publishing_again_replaces_the_earlier_copy_at_the_same_address(organizer):
    body = finished_backup(organizer)
    secret = services.create_key(owner=organizer).secret
    first = receive(**signed(secret, body))
    again = receive(**signed(secret, body))
    assert again.slug == first.slug
    assert Tournament.objects.count() == 1
    assert PublicationReceipt.objects.filter(tournament=again).exists()


def test_a_backup_file_is_published_by_its_uploader(organizer):
    body = finished_backup(organizer)
    tournament = services.publish_file(raw=gzip.decompress(body), owner=organizer)
    assert tournament.published


@pytest.mark.parametrize(
    ("days", "finished", "refused"),
    [
        (1, True, True),  # finished tomorrow: results still to come
        (40, True, True),
        (0, True, False),  # played today
        (-7, True, False),
        (1, False, False),  # not finished: no results to refuse
    ],
)
def test_a_finished_concours_dated_after_today_is_refused_in_a_sentence(
    organizer, days, finished, refused, clock
):
    """On the test's clock: « tomorrow » stays so while it runs (run across
    midnight, the concours of tomorrow was today's by the check)."""
    day = timezone.localdate() + datetime.timedelta(days=days)
    if finished:
        body = gzip.decompress(finished_backup(organizer, date=day))
    else:
        tournament = factories.build_tournament(owner=organizer, date=day)
        factories.add_teams(tournament, 4)
        body = json.dumps(export_tournament(tournament), cls=DjangoJSONEncoder).encode()
        tournament.delete()
    secret = services.create_key(owner=organizer).secret
    if not refused:
        assert services.publish_file(raw=body, owner=organizer).published
        assert receive(**signed(secret, body)).published
        return
    with pytest.raises(TournamentError, match="n'est pas encore arrivée") as error:
        services.publish_file(raw=body, owner=organizer)
    assert error.value.field == "file"
    with pytest.raises(TournamentError, match="Rien n'a été publié"):
        receive(**signed(secret, body))  # by its task: the upload says it
    assert not Tournament.objects.exists()


def test_the_laptop_settings_want_a_key(organizer):
    with pytest.raises(TournamentError) as refused:
        services.save_target(owner=organizer, url="https://belote.example.fr", key="mot de passe")
    assert refused.value.field == "key"


def test_a_published_upload_puts_its_players_who_agreed_on_their_pages(organizer):
    """A concours played offline and published afterwards: its players who
    ticked « accepte d'être affiché » get their page across concours."""
    from tournaments.models import Person
    from tournaments.services import registration

    tournament = factories.build_tournament(owner=organizer, parties=1, end_deals=1)
    registration.register_team(
        tournament=tournament,
        player1=registration.PlayerData("Odette", "Ravier", licence="0701234", shown=True),
        player2=registration.PlayerData("Marcel", "Ravier"),
    )
    factories.add_teams(tournament, 3)
    body = json.dumps(export_tournament(tournament), cls=DjangoJSONEncoder).encode()
    tournament.delete()
    assert not Person.objects.exists()
    published = services.publish_file(raw=body, owner=organizer)
    shown = Person.objects.filter(players__tournament=published, shown=True)
    assert list(shown.values_list("players__last_name", flat=True)) == ["Ravier"]


def test_a_player_withdrawn_stays_withdrawn_when_the_concours_is_published_again(organizer):
    """The laptop still has the box ticked on the day: sending its
    concours again (a correction after publication) must not bring back
    the page of a player who withdrew since — only their own request does
    (services.show_again)."""
    from tournaments.models import Person

    tournament = factories.build_tournament(
        owner=organizer, parties=1, end_deals=1, date=timezone.localdate()
    )
    registration.register_team(
        tournament=tournament,
        player1=registration.PlayerData("Odette", "Ravier", licence="0701234", shown=True),
        player2=registration.PlayerData("Marcel", "Ravier", shown=True),
    )
    factories.add_teams(tournament, 3)
    body = json.dumps(export_tournament(tournament), cls=DjangoJSONEncoder).encode()
    tournament.delete()
    services.publish_file(raw=body, owner=organizer)
    odette = Person.objects.get(licence="0701234")
    persons.withdraw_person(person=odette, by=organizer)
    again = services.publish_file(raw=body, owner=organizer)
    shown = Person.objects.filter(players__tournament=again, shown=True)
    assert list(shown.values_list("first_name", flat=True)) == ["Marcel"]
    assert not again.players.get(last_name="Ravier", first_name="Odette").shown


def played_on_the_laptop_after_its_announcement(organizer) -> tuple[bytes, Tournament]:
    """The concours announced on this instance (at most one team, a second
    waiting), and its backup from the hall laptop where it was played under
    the same name and day (so at the same address), once its day has come
    (a finished concours dated later is refused)."""
    day = timezone.localdate() + datetime.timedelta(days=10)
    body = finished_backup(organizer, name="Concours de la Saint-Vincent", date=day)
    announced = calendar_builders.announce(
        organizer, name="Concours de la Saint-Vincent", date=day, max_teams=1
    )
    calendar_builders.pair(announced, 1)
    calendar_builders.pair(announced, 2)
    # Its day has come: both copies dated today, their address unchanged.
    today = timezone.localdate()
    Tournament.objects.filter(pk=announced.pk).update(date=today)
    announced.refresh_from_db()
    document = json.loads(gzip.decompress(body))
    document["tournament"]["date"] = today.isoformat()
    body = gzip.compress(json.dumps(document).encode(), mtime=0)
    assert json.loads(gzip.decompress(body))["tournament"]["slug"] == announced.slug
    return body, announced


def test_the_concours_announced_here_and_played_on_the_laptop_is_published_in_its_place(
    organizer,
):
    body, announced = played_on_the_laptop_after_its_announcement(organizer)
    dates = list(announced.preregistrations.values_list("created_at", flat=True))
    secret = services.create_key(owner=organizer).secret
    published = receive(**signed(secret, body))
    assert published.slug == announced.slug
    assert list(Tournament.objects.values_list("pk", flat=True)) == [published.pk]
    assert published.status == Tournament.Status.FINISHED
    # The poster and the pre-registrations stay with the concours, as they were.
    assert published.announcement.town == "Mâcon" and published.announcement.max_teams == 1
    registrations = published.preregistrations.order_by("pk")
    assert [r.status for r in registrations] == [
        PreRegistration.Status.CONFIRMED,
        PreRegistration.Status.WAITING,
    ]
    assert [r.created_at for r in registrations] == dates
    # Played: it leaves the calendar's coming concours.
    assert not calendar_queries.coming().exists()
    # Published again (a correction): still one concours, its poster kept.
    again = receive(**signed(secret, body))
    assert again.announcement.town == "Mâcon" and again.preregistrations.count() == 2
    assert Tournament.objects.count() == 1


def test_a_league_stage_keeps_the_concours_published_in_its_place(organizer):
    """The regional final of a league, announced here and played on the
    laptop: published, it stays in its league's stage."""
    from tournaments.features.leagues import services as leagues

    body, announced = played_on_the_laptop_after_its_announcement(organizer)
    league = leagues.create_league(owner=organizer, name="Ligue de Saône-et-Loire", season="")
    stage = leagues.add_stage(league=league, name="Finale", rule="first", value=1)
    leagues.add_concours(stage=stage, tournament=announced, by=organizer)
    secret = services.create_key(owner=organizer).secret
    published = receive(**signed(secret, body))
    assert list(stage.tournaments.all()) == [published]


def test_a_concours_announced_and_played_here_is_not_replaced_by_an_upload(organizer):
    body, announced = played_on_the_laptop_after_its_announcement(organizer)
    factories.add_teams(announced, 4)
    rounds.draw_round(tournament=announced, method="random", seed=1)
    secret = services.create_key(owner=organizer).secret
    with pytest.raises(TournamentError) as refused:
        receive(**signed(secret, body))
    assert "existe déjà ici" in refused.value.message
    assert list(Tournament.objects.values_list("pk", flat=True)) == [announced.pk]
    assert announced.preregistrations.count() == 2
