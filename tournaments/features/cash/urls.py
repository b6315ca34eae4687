"""The cash box's pages (issue 14): fees paid, income and expenses, the
treasurer's summary and its PDF and spreadsheet."""

from django.urls import path

from tournaments.features.cash import views
from tournaments.urls import ORG

urlpatterns = [
    path(ORG + "caisse/", views.cash_page, name="cash"),
    path(ORG + "caisse/bilan.pdf", views.cash_summary_pdf, name="cash_pdf"),
    path(ORG + "caisse/bilan.csv", views.cash_summary_csv, name="cash_csv"),
    path(
        ORG + "caisse/lignes/<num:entry_id>/supprimer/",
        views.cash_entry_delete,
        name="cash_entry_delete",
    ),
    path(ORG + "caisse/<str:kind>/<num:pk>/payer/", views.cash_pay, name="cash_pay"),
    path(ORG + "caisse/<str:kind>/<num:pk>/annuler/", views.cash_unpay, name="cash_unpay"),
]
