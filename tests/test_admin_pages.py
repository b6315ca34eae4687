"""The back office over the demo: every model's list and first row open for
a superuser without a server error, and the read-only ones offer no way to
change what their screens own (scores, money, lots, challenges)."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.urls import reverse

from tests import built_demo

pytestmark = pytest.mark.django_db

READ_ONLY = [
    "table",
    "deal",
    "penalty",
    "change",
    "payment",
    "cashentry",
    "lot",
    "category",
    "challenge",
    "knownplayer",
    "waitingplayer",
    "bracket",
    "bracketmatch",
    "pool",
    "poolteam",
]


@pytest.fixture
def staff(client, django_user_model):
    built_demo.demo()
    boss = django_user_model.objects.create_superuser("boss", "boss@club.fr", "x")
    client.force_login(boss)
    return client


def test_every_model_has_its_list_and_its_first_row_and_the_screens_keep_theirs(staff):
    seen = {}  # model name: its app's label (the core's, or its feature's)
    for model, _model_admin in admin.site._registry.items():
        meta = model._meta
        listing = reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist")
        answer = staff.get(listing)
        assert answer.status_code == 200, listing
        first = model.objects.order_by("pk").first()
        if first is not None:
            one = reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[first.pk])
            assert staff.get(one).status_code == 200, one
        seen[meta.model_name] = meta.app_label
    assert set(READ_ONLY) <= set(seen)
    for name in READ_ONLY:
        label = seen[name]
        page = staff.get(reverse(f"admin:{label}_{name}_changelist")).content.decode()
        assert f"/admin/{label}/{name}/add/" not in page, name
