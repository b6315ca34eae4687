"""Root URLs: the tournaments app, auth, admin and the language switch."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path

from tournaments.views.auth import ThrottledLoginView
from tournaments.views.health import health

urlpatterns = [
    path("", include("tournaments.urls")),
    path("health/", health, name="health"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("compte/connexion/", ThrottledLoginView.as_view(), name="login"),
    path("compte/deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    # Browsers and crawlers ask for /favicon.ico whatever the page links to.
    path("favicon.ico", lambda request: HttpResponsePermanentRedirect(static("img/favicon.svg"))),
]
