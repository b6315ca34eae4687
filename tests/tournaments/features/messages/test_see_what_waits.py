"""The desk's line about the messages (display.outbox_line), in both languages."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone, translation

from tournaments.features.messages.display import (
    Outbox,
    outbox_line,
    reason_in_row,
    reason_shown,
)

EVENING = datetime.datetime(2026, 11, 28, 20, 4, tzinfo=datetime.UTC)  # 21 h 04 in Paris


@pytest.mark.parametrize(
    ("language", "box", "line"),
    [
        ("fr", Outbox(0, 3, 0, 5, "", EVENING), "3 envoyés, le dernier à 21 h 04"),
        ("en", Outbox(0, 3, 0, 5, "", EVENING), "3 sent, the last at 21:04"),
        (
            "fr",
            Outbox(12, 1, 2, 5, "Pas de connexion au serveur", EVENING),
            "12 messages en attente d'envoi — pas de connexion · 1 envoyé, le dernier à 21 h 04"
            " · 2 refusés",
        ),
        (
            # The worker writes its reason in the site's language (French);
            # an English desk still reads « no connection ».
            "en",
            Outbox(2, 0, 0, 5, "Pas de connexion au serveur de courriel : [Errno 111]", None),
            "2 messages waiting to be sent — no connection",
        ),
        ("fr", Outbox(0, 0, 0, 5, "", None), ""),
        (
            "en",
            Outbox(
                4, 0, 0, 5, "Aucun serveur de courriel n'est réglé : les messages attendent.", None
            ),
            "4 messages waiting to be sent — no mail server set up",
        ),
        # The hall laptop without a mail server handed them to the hosted site.
        ("fr", Outbox(0, 0, 0, 1, "", None, handed=1), "1 confié au site en ligne, qui l'envoie"),
        (
            "en",
            Outbox(0, 0, 0, 2, "", None, handed=2),
            "2 handed to the online site, which sends them",
        ),
    ],
)
def test_the_desk_says_what_waits_and_when_the_last_one_left(language, box, line, settings):
    settings.TIME_ZONE = "Europe/Paris"
    with translation.override(language), timezone.override("Europe/Paris"):
        assert outbox_line(box) == line


@pytest.mark.parametrize(
    ("language", "reason", "shown"),
    [
        (
            "fr",
            "Pas de connexion au serveur de courriel : [Errno 111] Connection refused",
            "Pas de connexion au serveur de courriel. Nouvel essai toutes les 5 minutes, "
            "et dès que le concours est publié en ligne.",
        ),
        (
            "en",
            "Pas de connexion au serveur de courriel : [Errno 111] Connection refused",
            "No connection to the mail server. Tried again every 5 minutes, and as soon as "
            "the concours is published online.",
        ),
        (
            "fr",
            "No connection to the mail server: timed out",
            "Pas de connexion au serveur de courriel. Nouvel essai toutes les 5 minutes, "
            "et dès que le concours est publié en ligne.",
        ),
        # What the mail server answered is the volunteer's to read as it is.
        ("en", "550 5.1.1 Adresse inconnue", "550 5.1.1 Adresse inconnue"),
        ("fr", "", ""),
    ],
)
def test_a_reason_reads_without_the_systems_words(language, reason, shown, settings):
    settings.HALL = True
    with translation.override(language):
        assert reason_shown(reason) == shown


@pytest.mark.parametrize(
    ("language", "reason", "notice", "row"),
    [
        (
            "fr",
            "Pas de connexion au serveur de courriel : [Errno 111] Connection refused",
            "Pas de connexion au serveur de courriel. Nouvel essai toutes les 5 minutes.",
            "pas de connexion",
        ),
        (
            "en",
            "Pas de connexion au serveur de courriel : timed out",
            "No connection to the mail server. Tried again every 5 minutes.",
            "no connection",
        ),
        (
            "fr",
            "550 5.1.1 Adresse inconnue",
            "550 5.1.1 Adresse inconnue",
            "550 5.1.1 Adresse inconnue",
        ),
    ],
)
def test_the_hosted_site_says_no_publication_and_a_row_says_it_short(
    language, reason, notice, row, settings
):
    settings.HALL = False  # online already: nothing to publish from there
    with translation.override(language):
        assert reason_shown(reason) == notice
        assert reason_in_row(reason) == row


def test_the_sentence_says_the_senders_own_retry():
    from tournaments.features.messages.services import tasks

    assert datetime.timedelta(minutes=5) == tasks.RETRY  # « toutes les 5 minutes »


@pytest.mark.parametrize(
    ("language", "hall", "notice", "row"),
    [
        (
            "fr",
            True,
            "Aucun serveur de courriel n'est réglé sur ce portable : les messages attendent.",
            "aucun serveur de courriel réglé",
        ),
        (
            "en",
            True,
            "No mail server is set up on this laptop: the messages are waiting.",
            "no mail server set up",
        ),
        (
            "en",
            False,
            "No mail server is set up: the messages are waiting.",
            "no mail server set up",
        ),
    ],
)
def test_no_mail_server_is_said_plainly_without_a_retry_that_would_not_send(
    language, hall, notice, row, settings
):
    settings.HALL = hall
    reason = "Aucun serveur de courriel n'est réglé : les messages attendent."
    with translation.override(language):
        assert reason_shown(reason) == notice
        assert reason_in_row(reason) == row


def test_a_message_handed_to_the_site_is_known_in_either_language():
    from tournaments.features.messages.display import handed_over
    from tournaments.features.messages.services.carried import handed_to_site

    for language in ("fr", "en"):
        with translation.override(language):
            written = handed_to_site()
        assert handed_over(written)
    assert not handed_over("Partie finie : message devenu inutile.")
