"""The messages feature's addresses (French: players read them), joined to
the core's in the `tournaments` namespace (tournaments/features/urls.py):
names begin with `messages_`."""

from django.urls import path

from tournaments.features.messages import views

urlpatterns = [
    # The mails' links carry the mailbox's token (`proof`); those mailed before did not.
    path("messages/arreter/<str:token>/", views.stop, name="messages_stop"),
    path("messages/arreter/<str:token>/<str:proof>/", views.stop, name="messages_stop"),
    path("messages/confirmer/<str:token>/", views.confirm, name="messages_confirm"),
    path(
        "messages/pointage/<str:door_token>/<str:welcome>/",
        views.door_consent,
        name="messages_door",
    ),
    path("organisation/t/<slug:slug>/messages/", views.desk, name="messages_desk"),
    path("organisation/t/<slug:slug>/messages/envoyer/", views.send_now, name="messages_send_now"),
    path("organisation/t/<slug:slug>/messages/annonce/", views.notice, name="messages_notice"),
    path("organisation/t/<slug:slug>/messages/expediteur/", views.sender, name="messages_sender"),
    path(
        "organisation/t/<slug:slug>/cartes-resultat.pdf",
        views.result_cards,
        name="messages_result_cards",
    ),
]
