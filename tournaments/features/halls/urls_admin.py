"""« Plusieurs salles » (issue 27, item 6): the halls declared, a hall's
file uploaded, a hall's sending key, and on a hall's laptop its file sent."""

from django.urls import path

from tournaments.features.halls import views
from tournaments.urls import ORG

urlpatterns = [
    path(ORG + "salles/", views.halls_manage, name="halls_manage"),
    path(ORG + "salles/<num:hall_id>/fichier/", views.hall_upload, name="hall_upload"),
    path(ORG + "salles/<num:hall_id>/cle/", views.hall_key, name="hall_key"),
    path(ORG + "salles/envoyer/", views.hall_send, name="hall_send"),
]
