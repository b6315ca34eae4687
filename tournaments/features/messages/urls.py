"""The messages feature's addresses (French: players read them)."""

from django.urls import path

from tournaments.features.messages import views

app_name = "player_messages"

urlpatterns = [
    path("messages/arreter/<str:token>/", views.stop, name="stop"),
    path("messages/confirmer/<str:token>/", views.confirm, name="confirm"),
    path(
        "messages/pointage/<str:door_token>/<str:welcome>/",
        views.door_consent,
        name="door",
    ),
    path("organisation/t/<slug:slug>/messages/", views.desk, name="desk"),
    path("organisation/t/<slug:slug>/messages/envoyer/", views.send_now, name="send_now"),
    path("organisation/t/<slug:slug>/messages/annonce/", views.notice, name="notice"),
]
