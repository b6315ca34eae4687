"""The merged ranking of the halls, and where a hall's laptop sends its
file, signed with the hall's key (infra/publish_client.py HALL_RECEIVE_PATH)."""

from django.urls import path

from tournaments.features.halls import views

urlpatterns = [
    path("t/<slug:slug>/salles/", views.halls_public, name="halls_public"),
    path("salles/envoi/", views.hall_receive, name="hall_receive"),
]
