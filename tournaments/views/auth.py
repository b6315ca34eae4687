"""Organizer login that slows down guessing.

After `MAX_FAILURES` wrong passwords for one user name from one address
within `WINDOW` seconds, further attempts are refused, without checking the
password, until the window has passed. Counts live in Django's cache (per
process with the default local-memory cache; a shared cache makes them
global).

Django's LoginView does the rest (form, session, redirect). This view must
not check a password itself, nor tell a wrong user name from a wrong
password; it only counts failures and refuses while they are too many."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.core.cache import cache
from django.utils.translation import gettext as _

MAX_FAILURES = 5
WINDOW = 15 * 60


def _key(request, username: str) -> str:
    address = request.META.get("REMOTE_ADDR", "")
    return f"login-failures:{address}:{username.strip().lower()}"


class ThrottledLoginView(auth_views.LoginView):
    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        key = _key(request, username)
        if cache.get(key, 0) >= MAX_FAILURES:
            # An unbound form: validating it would check the password.
            context = self.get_context_data(
                form=self.get_form_class()(request),
                throttled=_("Trop d'essais manqués : réessayez dans %(minutes)s minutes.")
                % {"minutes": WINDOW // 60},
            )
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        key = _key(self.request, self.request.POST.get("username", ""))
        cache.add(key, 0, WINDOW)
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, WINDOW)
        return super().form_invalid(form)

    def form_valid(self, form):
        cache.delete(_key(self.request, form.get_user().get_username()))
        return super().form_valid(form)
