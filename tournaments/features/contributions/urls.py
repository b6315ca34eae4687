"""« Résultats proposés »: the owner's page and its decisions."""

from django.urls import path

from tournaments.features.contributions import views

PAGE = "organisation/pages-joueurs/resultats/"

urlpatterns = [
    path(PAGE, views.contributions_manage, name="contributions"),
    path(
        PAGE + "<num:pk>/accepter/",
        views.contribution_decide,
        {"accept": True},
        name="contribution_accept",
    ),
    path(
        PAGE + "<num:pk>/refuser/",
        views.contribution_decide,
        {"accept": False},
        name="contribution_refuse",
    ),
    path(
        PAGE + "organisateur/<num:pk>/refuser/",
        views.contributions_refuse,
        name="contributions_refuse",
    ),
]
