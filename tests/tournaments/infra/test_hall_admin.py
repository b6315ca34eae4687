"""On the hall server the back office answers the laptop itself only: a
phone on the hall's Wi-Fi gets 404 at /admin/, unless the organizer
started the server with `hall --admin-on-network`."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

PHONE = "192.168.1.30"  # an address on the hall's network (never contacted)


@pytest.mark.parametrize(
    ("hall", "on_network", "remote", "status"),
    [
        (True, False, PHONE, 404),
        (True, False, "127.0.0.1", 302),
        (True, False, "::1", 302),
        (True, True, PHONE, 302),
        (False, False, PHONE, 302),  # the hosted service: its own proxy decides
    ],
)
def test_the_back_office_on_the_hall_answers_the_laptop_only(
    client, settings, hall, on_network, remote, status
):
    settings.HALL = hall
    settings.HALL_ADMIN_ON_NETWORK = on_network
    response = client.get("/admin/", REMOTE_ADDR=remote)
    assert response.status_code == status


def test_a_phone_still_reaches_the_public_pages_on_the_hall(client, settings):
    settings.HALL = True
    assert client.get("/", REMOTE_ADDR=PHONE).status_code == 200
