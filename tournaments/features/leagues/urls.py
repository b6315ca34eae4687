"""Leagues' pages (issue 27, item 6): an organizer's leagues, their stages
and concours, the qualified teams sent on, and the public league page."""

from django.urls import path

from tournaments.features.leagues import views

urlpatterns = [
    path("organisation/ligues/", views.league_list, name="league_list"),
    path("organisation/ligues/<slug:slug>/", views.league_manage, name="league_manage"),
    path(
        "organisation/ligues/<slug:slug>/etapes/ajouter/",
        views.league_stage_add,
        name="league_stage_add",
    ),
    path(
        "organisation/ligues/<slug:slug>/etapes/<num:pk>/modifier/",
        views.league_stage_edit,
        name="league_stage_edit",
    ),
    path(
        "organisation/ligues/<slug:slug>/etapes/<num:pk>/concours/",
        views.league_concours_add,
        name="league_concours_add",
    ),
    path(
        "organisation/ligues/<slug:slug>/etapes/<num:pk>/concours/<num:tournament_id>/retirer/",
        views.league_concours_remove,
        name="league_concours_remove",
    ),
    path(
        "organisation/ligues/<slug:slug>/etapes/<num:pk>/qualifies/",
        views.league_send,
        name="league_send",
    ),
    path("ligue/<slug:slug>/", views.league_page, name="league"),
]
