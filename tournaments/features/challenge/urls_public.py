"""Each challenge's public ranking and its PDF (issue 15)."""

from django.urls import path

from tournaments.features.challenge import views

urlpatterns = [
    path("challenge/<slug:slug>/", views.challenge_page, name="challenge"),
    path("challenge/<slug:slug>.pdf", views.challenge_pdf, name="challenge_pdf"),
]
