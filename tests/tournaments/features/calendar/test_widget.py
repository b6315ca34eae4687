"""The widget of an organizer's coming concours for a club's site (issue 26):
framable, no script, an announced concours with its time, town and page."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.tournaments.features.calendar.builders import announce
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_coming_concours_widget_lists_those_not_started(client, organizer, make_tournament):
    soon = make_tournament(name="Concours de printemps", date=datetime.date(2099, 4, 1))
    Tournament.objects.filter(pk=soon.pk).update(published=True)
    answer = client.get(reverse("tournaments:widget_coming", args=[organizer.pk]))
    page = answer.content.decode()
    assert "Concours de printemps" in page and "<script" not in page
    assert "X-Frame-Options" not in answer


def test_the_coming_concours_widget_gives_an_announced_concours_its_time_town_and_page(
    client, organizer
):
    announced = announce(organizer, name="Concours de la Saint-Éloi")
    answer = client.get(reverse("tournaments:widget_coming", args=[organizer.pk]))
    page = answer.content.decode()
    assert f'href="/concours/{announced.slug}/"' in page
    assert "14 h 00 — Salle des fêtes, Mâcon" in page
    assert "Pré-inscription en ligne" in page


def test_the_publication_page_gives_the_widgets_address(client, organizer):
    """The core's publication page names the calendar's widget only when the
    calendar is installed (`{% url … as %}`): here it is."""
    client.force_login(organizer)
    page = client.get(reverse("tournaments:publication")).content.decode()
    assert f"/widget/organisateur/{organizer.pk}/" in page
