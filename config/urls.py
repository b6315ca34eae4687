"""Root URLs: the tournaments app, the organizer's account, admin and the
language switch."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from tournaments import urls as core_urls
from tournaments.features.urls import feature_urlpatterns
from tournaments.views import accounts, sign_in_link
from tournaments.views.auth import ThrottledLoginView, to_throttled_login
from tournaments.views.errors import server_error
from tournaments.views.health import health

# A database out of reach or a full disk met outside a view: 503, not 500.
handler500 = server_error

urlpatterns = [
    # The core's pages and the installed features' (tournaments/features/urls.py),
    # in one namespace: `tournaments:<name>` wherever a page is defined.
    path("", include((core_urls.urlpatterns + feature_urlpatterns(), core_urls.app_name))),
    path("health/", health, name="health"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("compte/connexion/", ThrottledLoginView.as_view(), name="login"),
    path("compte/deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path("compte/lien-de-connexion/", sign_in_link.request_link, name="sign_in_link"),
    path("compte/lien-de-connexion/envoye/", sign_in_link.sent, name="sign_in_link_sent"),
    path("compte/lien-de-connexion/<str:token>/", sign_in_link.use_link, name="sign_in_link_use"),
    path("compte/", accounts.account, name="account"),
    path("compte/creer/", accounts.sign_up, name="account_sign_up"),
    path("compte/creer/envoye/", accounts.sign_up_sent, name="account_sign_up_sent"),
    path("compte/confirmer/<uidb64>/<token>/", accounts.confirm, name="account_confirm"),
    path("compte/inviter/", accounts.invite, name="account_invite"),
    path("compte/supprimer/", accounts.delete, name="account_delete"),
    path("compte/mot-de-passe/", accounts.PasswordChangeView.as_view(), name="password_change"),
    path(
        "compte/mot-de-passe-oublie/", accounts.PasswordResetView.as_view(), name="password_reset"
    ),
    path(
        "compte/mot-de-passe-oublie/envoye/",
        accounts.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "compte/nouveau-mot-de-passe/<uidb64>/<token>/",
        accounts.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    # The back office has no password form of its own: its login and its
    # password change send the browser to the organizer's pages, where every
    # password checked counts on the same throttle (views/auth.py).
    path("admin/login/", to_throttled_login, name="admin_login_redirect"),
    path(
        "admin/password_change/",
        RedirectView.as_view(pattern_name="password_change", query_string=True),
    ),
    path("admin/", admin.site.urls),
    # Browsers and crawlers ask for /favicon.ico whatever the page links to.
    path("favicon.ico", lambda request: HttpResponsePermanentRedirect(static("img/favicon.svg"))),
]
