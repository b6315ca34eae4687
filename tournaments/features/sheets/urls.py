"""The desk's pages of the photographed sheets: a partie's pile, a sheet
under review, and the pictures they show."""

from django.urls import path

from tournaments.features.sheets import views
from tournaments.urls import ORG

PILE = ORG + "parties/<num:number>/feuilles-lues/"

urlpatterns = [
    path(PILE, views.sheets_pile, name="sheets_pile"),
    path(PILE + "envoyer/", views.sheets_upload, name="sheets_upload"),
    path(PILE + "<num:pk>/", views.sheet_review, name="sheet_review"),
    path(PILE + "<num:pk>/de-cote/", views.sheet_set_aside, name="sheet_set_aside"),
    path(PILE + "<num:pk>/photo.jpg", views.sheet_thumbnail, name="sheet_thumbnail"),
    path(PILE + "<num:pk>/donne-<num:deal>.jpg", views.sheet_row, name="sheet_row"),
]
