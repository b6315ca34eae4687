"""The door's poster pages (issue 25, item 3): the search, « C'est bien vous ? »."""

from django.urls import path

from tournaments.features.door import views

urlpatterns = [
    path("pointage/<str:token>/", views.door_page, name="door"),
    path("pointage/<str:token>/<num:number>/", views.door_confirm, name="door_confirm"),
]
