"""The club's tablets' pages: the desk's « Tablettes du club » page, and the
tablet's own pages (enrolment, waiting page, regular call)."""

from django.urls import path

from tournaments.features.tablets import views
from tournaments.urls import ORG

urlpatterns = [
    path(ORG + "tablettes/", views.tablets_manage, name="tablets"),
    path(ORG + "tablettes/<num:pk>/table/", views.tablet_move, name="tablet_move"),
    path(ORG + "tablettes/<num:pk>/nouveau-lien/", views.tablet_renew, name="tablet_renew"),
    path(ORG + "tablettes/<num:pk>/retirer/", views.tablet_remove, name="tablet_remove"),
    path("tablette/", views.tablet_home, name="tablet_home"),
    path("tablette/etat/", views.tablet_state, name="tablet_state"),
    path("tablette/installer/<str:key>/", views.tablet_enrol, name="tablet_enrol"),
]
