"""The desk's part of the door: a team checked in or undone, the poster's
PDF, the door's page opened for the entrance's tablet."""

from django.urls import path

from tournaments.features.door import views
from tournaments.urls import ORG

urlpatterns = [
    path(ORG + "equipes/<num:team_id>/pointage/", views.team_check_in, name="team_check_in"),
    path(ORG + "pointage/affiche.pdf", views.door_poster, name="door_poster"),
    path(ORG + "pointage/", views.door_open, name="door_open"),
]
