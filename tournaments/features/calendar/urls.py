"""The calendar's pages (issue 26): the organizer announces a concours and
sees its pre-registrations; the concours's public page with its form, the
confirm and cancel links of the mail; the .ics and Atom feeds; a club's
widget of its coming concours."""

from django.urls import path

from tournaments.features.calendar.views import announcements, preregistration
from tournaments.urls import ORG

urlpatterns = [
    path("organisation/annoncer/", announcements.announce, name="announce"),
    path(ORG + "annonce/", announcements.announce_edit, name="announce_edit"),
    path(ORG + "preinscriptions/", announcements.preregistrations, name="preregistrations"),
    path(
        ORG + "preinscriptions.csv", announcements.preregistrations_csv, name="preregistrations_csv"
    ),
    path(
        ORG + "preinscriptions/<num:pk>/accueil/",
        announcements.preregistration_desk,
        name="preregistration_desk",
    ),
    path(
        ORG + "preinscriptions/reprendre/",
        announcements.preregistrations_take_in,
        name="preregistrations_take_in",
    ),
    path("concours/<slug:slug>/", preregistration.concours_page, name="concours"),
    path(
        "concours/<slug:slug>/merci/",
        preregistration.concours_registered,
        name="concours_registered",
    ),
    path("concours/<slug:slug>.ics", announcements.concours_ics, name="concours_ics"),
    path(
        "preinscription/confirmer/<str:token>/",
        preregistration.preregistration_confirm,
        name="preregistration_confirm",
    ),
    path(
        "preinscription/annuler/<str:token>/",
        preregistration.preregistration_cancel,
        name="preregistration_cancel",
    ),
    path(
        "preinscription/place/<str:token>/",
        preregistration.preregistration_offer,
        name="preregistration_offer",
    ),
    path("calendrier.ics", announcements.calendar_ics, name="calendar_ics"),
    path(
        "calendrier/<str:departement>.ics",
        announcements.calendar_ics,
        name="calendar_ics_departement",
    ),
    path("calendrier.atom", announcements.ComingFeed(), name="calendar_atom"),
    path(
        "calendrier/<str:departement>.atom",
        announcements.ComingFeed(),
        name="calendar_atom_departement",
    ),
    path("widget/organisateur/<num:user_id>/", announcements.widget_coming, name="widget_coming"),
]
