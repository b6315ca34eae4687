"""Published results (issue 26), as pages: publish and unpublish on the
home, the laptop's upload endpoint (never a 500, throttled), the backup
uploaded by hand, the keys page, the results page (a « Lot » column only
with lots), the widgets (framable, no script), the press text on the
organizer's page, and « Publier en ligne » on the hall laptop only."""

from __future__ import annotations

import gzip
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from checker.check import check
from tests import factories
from tests.tournaments.services.test_publication import finished_backup, signed
from tournaments.models import Player, PublicationKey, Round, Tournament
from tournaments.services import prizes, rounds
from tournaments.services import publication as services
from tournaments.views import uploads

pytestmark = pytest.mark.django_db

RECEIVE = "/publication/envoi/"


def post_upload(client, values: dict):
    return client.post(
        RECEIVE,
        data=values["body"],
        content_type="application/octet-stream",
        headers={
            "Authorization": f"Cle {values['secret']}",
            "X-Publication-Time": values["moment"],
            "X-Publication-Nonce": values["nonce"],
            "X-Publication-Signature": values["signature"],
        },
    )


@pytest.fixture
def finished(organizer):
    return factories.qualified_tournament(
        owner=organizer, teams=6, parties=2, name="Concours du Comité des fêtes"
    )


def test_publish_and_unpublish_put_a_finished_concours_on_and_off_the_home(
    client, organizer, finished
):
    client.force_login(organizer)
    client.post(reverse("tournaments:publish", args=[finished.slug]), {"published": "1"})
    client.logout()
    home = client.get("/")
    results = home.content.decode().split("Résultats des concours")
    assert len(results) == 2 and "Concours du Comité des fêtes" in results[1]
    # Nothing lets a cache keep the home past the 60 s promised.
    assert "max-age" not in home.get("Cache-Control", "")
    client.force_login(organizer)
    client.post(reverse("tournaments:publish", args=[finished.slug]), {"published": "0"})
    client.logout()
    assert "Résultats des concours" not in client.get("/").content.decode()
    assert client.get(reverse("tournaments:results_page", args=[finished.slug])).status_code == 404


def test_the_results_page_shows_ranking_parties_and_rules(client, finished):
    Tournament.objects.filter(pk=finished.pk).update(published=True)
    page = client.get(reverse("tournaments:results_page", args=[finished.slug])).content.decode()
    assert "Classement" in page and "Partie 1" in page and "Partie 2" in page
    assert "Règles" in page


def played(organizer, *, lots: str = "") -> Tournament:
    """A finished concours of one partie, with `lots` in its ranking if given."""
    tournament = factories.build_tournament(
        owner=organizer, parties=1, end_deals=1, prizes_enabled=bool(lots)
    )
    if lots:
        prizes.set_lots(tournament=tournament, lots=lots)
    factories.add_teams(tournament, 4)
    rnd = rounds.draw_round(tournament=tournament, method=Round.DrawMethod.RANDOM, seed=1)
    for table in rnd.tables.filter(team_b__isnull=False):
        factories.add_deal(table)
    rounds.close_round(round=rnd)
    return tournament


def test_the_results_page_has_a_lot_column_only_when_the_concours_has_lots(client, organizer):
    plain = played(organizer)
    page = client.get(reverse("tournaments:results_page", args=[plain.slug])).content.decode()
    assert "<th>Lot</th>" not in page and "<th>Lot" not in page

    prized = played(organizer, lots="Un jambon\nDeux canards")
    page = client.get(reverse("tournaments:results_page", args=[prized.slug])).content.decode()
    assert "<th>Lot</th>" in page and "Un jambon" in page


def test_the_endpoint_publishes_a_signed_upload(client, organizer):
    body = finished_backup(organizer)
    secret = services.create_key(owner=organizer).secret
    answer = post_upload(client, signed(secret, body))
    assert answer.status_code == 201, answer.content
    assert answer.json()["url"].endswith("/resultats/")
    assert Tournament.objects.get().published


@pytest.mark.parametrize(
    ("change", "status"),
    [
        ({"signature": "0" * 64}, 400),
        ({"moment": "demain"}, 400),
        ({"secret": ""}, 401),
        ({"nonce": ""}, 400),
        ({"body": b"\x1f\x8bnot gzip"}, 400),
    ],
)
def test_the_endpoint_refuses_in_a_sentence_never_a_500(client, organizer, change, status):
    secret = services.create_key(owner=organizer).secret
    values = signed(secret, b"{}")
    values.update(change)
    answer = post_upload(client, values)
    assert answer.status_code == status
    assert answer.json()["error"]
    assert not Tournament.objects.exists()


def test_the_endpoint_refuses_junk_signed_right_with_422(client, organizer):
    secret = services.create_key(owner=organizer).secret
    answer = post_upload(client, signed(secret, b"\x00\xff" * 10))
    assert answer.status_code == 422 and "Sauvegarde refusée" in answer.json()["error"]


def test_the_endpoint_is_throttled(client, organizer, monkeypatch):
    monkeypatch.setattr(uploads, "MAX_PER_KEY", 2)
    secret = services.create_key(owner=organizer).secret
    codes = [post_upload(client, signed(secret, b"{}")).status_code for _ in range(3)]
    assert codes == [422, 422, 429]


def test_the_keys_page_creates_shows_once_and_revokes(client, organizer):
    client.force_login(organizer)
    created = client.post(reverse("tournaments:key_create"), follow=True).content.decode()
    key = PublicationKey.objects.get()
    assert 'id="new-key"' in created and key.prefix in created
    later = client.get(reverse("tournaments:publication")).content.decode()
    assert 'id="new-key"' not in later
    client.post(reverse("tournaments:key_revoke", args=[key.pk]))
    key.refresh_from_db()
    assert key.revoked_at is not None


def test_a_backup_uploaded_by_hand_is_published(client, organizer):
    body = finished_backup(organizer)
    client.force_login(organizer)
    upload = SimpleUploadedFile("concours.json.gz", body, content_type="application/gzip")
    answer = client.post(reverse("tournaments:backup_upload"), {"file": upload})
    assert answer.status_code == 302
    assert Tournament.objects.get().published


def test_a_bad_backup_uploaded_by_hand_says_why_next_to_the_field(client, organizer):
    client.force_login(organizer)
    upload = SimpleUploadedFile("concours.json", b"pas du json", content_type="application/json")
    answer = client.post(reverse("tournaments:backup_upload"), {"file": upload})
    assert answer.status_code == 422
    assert "Sauvegarde refusée" in answer.content.decode()
    assert not Tournament.objects.exists()


def test_the_ranking_widget_may_be_framed_and_runs_nothing(client, finished):
    Tournament.objects.filter(pk=finished.pk).update(published=True)
    answer = client.get(reverse("tournaments:widget_ranking", args=[finished.slug]))
    assert answer.status_code == 200
    assert "<script" not in answer.content.decode()
    assert "X-Frame-Options" not in answer
    policy = answer["Content-Security-Policy"]
    assert "frame-ancestors *" in policy and "script-src 'none'" in policy
    # Every other page stays unframable.
    home = client.get("/")
    assert home["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in home["Content-Security-Policy"]


def test_the_press_text_is_on_the_organizers_page_of_a_finished_concours(
    client, organizer, finished
):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:manage", args=[finished.slug])).content.decode()
    assert 'id="press-text"' in page and "Victoire de" in page and "Copier" in page


def test_the_backup_download_is_a_gzipped_backup(client, organizer, finished):
    client.force_login(organizer)
    answer = client.get(reverse("tournaments:backup_download", args=[finished.slug]))
    assert b'"belote-tournois/backup"' in gzip.decompress(answer.content)


def test_a_published_concours_file_is_public_and_checks_with_no_difference(client, finished):
    """Issue 27.1: a published concours's file is for anyone to check; an
    unpublished one's is not shown to the public."""
    url = reverse("tournaments:public_concours_file", args=[finished.slug])
    Tournament.objects.filter(pk=finished.pk).update(published=False)
    assert client.get(url).status_code == 404
    Tournament.objects.filter(pk=finished.pk).update(published=True)
    page = client.get(reverse("tournaments:results_page", args=[finished.slug])).content.decode()
    assert f'href="{url}"' in page
    answer = client.get(url)
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/json")
    assert "attachment" in answer["Content-Disposition"]
    document = json.loads(answer.content)
    assert document["format"] == "concours-belote"
    assert check(document) == []
    # No private data: the players' licences and clubs stay out of it.
    Player.objects.filter(tournament=finished).update(licence="LIC-PRIVEE-7", club="Club privé")
    text = client.get(url).content.decode()
    assert "LIC-PRIVEE-7" not in text and "Club privé" not in text


def test_publier_en_ligne_is_offered_on_the_hall_laptop_only(client, organizer, finished, settings):
    """The hosted instance has the concours online already: nowhere to send it.
    Its organizer finds the results page to share instead."""
    Tournament.objects.filter(pk=finished.pk).update(published=True)
    client.force_login(organizer)
    manage = reverse("tournaments:manage", args=[finished.slug])
    results = reverse("tournaments:results_page", args=[finished.slug])
    page = client.get(manage).content.decode()
    assert "Publier en ligne" not in page and f'href="{results}"' in page
    send = reverse("tournaments:send_online", args=[finished.slug])
    assert client.post(send).status_code == 404
    publication = client.get(reverse("tournaments:publication")).content.decode()
    assert "Créer une clé de publication" in publication and 'id="id_url"' not in publication

    settings.HALL = True
    page = client.get(manage).content.decode()
    assert "Publier en ligne" in page
    answer = client.post(send, follow=True)
    assert "Indiquez d&#x27;abord le site en ligne" in answer.content.decode()
    publication = client.get(reverse("tournaments:publication")).content.decode()
    assert 'id="id_url"' in publication and "Créer une clé de publication" not in publication
