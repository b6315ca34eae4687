"""The partie clock's buttons and this partie's call (the partie's page)."""

from django.urls import path

from tournaments.features.clock import views
from tournaments.urls import ORG

urlpatterns = [
    path(ORG + "parties/<num:number>/chrono/", views.round_clock, name="round_clock"),
    path(
        ORG + "parties/<num:number>/chrono/appel/",
        views.round_last_deal_call,
        name="last_deal_call",
    ),
]
