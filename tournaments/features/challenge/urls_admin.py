"""The organizer's challenges and their evenings (issue 15)."""

from django.urls import path

from tournaments.features.challenge import views

urlpatterns = [
    path("organisation/challenges/", views.challenge_list, name="challenge_list"),
    path("organisation/challenges/<slug:slug>/", views.challenge_manage, name="challenge_manage"),
    path(
        "organisation/challenges/<slug:slug>/soirees/ajouter/",
        views.challenge_add,
        name="challenge_add",
    ),
    path(
        "organisation/challenges/<slug:slug>/soirees/<num:tournament_id>/retirer/",
        views.challenge_remove,
        name="challenge_remove",
    ),
]
