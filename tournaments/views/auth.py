"""Organizer login that bounds password guessing without locking the
organizer out.

Every count lives in the database (tournaments/infra/throttle.py): all workers
and all app servers share it and a restart keeps it. The user name is
counted as authentication reads it (`normalize_username`: NFKC, so
`ｏrganisateur` in full-width letters is `organisateur`), case-folded.

Three counters, 15 minutes each:

- **the account**, for browsers it does not know: at most
  `MAX_CHECKS_PER_ACCOUNT` failed password checks, from all addresses
  together. The attempt is counted *before* the password is checked, so
  concurrent guesses cannot slip past the limit, and taken back when the
  password was right: only failures count;
- **the account from one address**: `MAX_FAILURES` wrong passwords, then
  that address waits (one neighbour's mistakes do not lock everybody);
- **a known browser**: a browser where the account logged in before carries
  a signed cookie naming the account. Its attempts are counted on that
  browser alone (`MAX_FAILURES` wrong passwords), never on the account's
  counter: an attacker elsewhere can exhaust the account's counter, not the
  organizer's own laptop. And from any browser, a one-time link by mail
  signs in without a password (views/sign_in_link.py), which the lock
  does not stop; the browser is known from then on.

On the hall server there is no mail: the laptop itself (a request from
127.0.0.1 or ::1: phones reach the hall by its network address) is the
way out. It is never counted on the account's counter, as a known
browser is not; its wrong passwords count on its address (`MAX_FAILURES`).
A phone refused is told to sign in on the laptop (`laptop_login`).

The client's address is read by `client_address` (TRUSTED_PROXIES: behind a
TLS proxy everybody would otherwise share the proxy's address).

Django's LoginView does the rest (form, session, redirect). This view never
checks a password itself, nor tells a wrong user name from a wrong
password. The back office's own login (`/admin/login/`) and password change
send the browser here and to the throttled password change: every place
that checks a password counts on these counters."""

from __future__ import annotations

import hashlib
import ipaddress
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.core import signing
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _

from tournaments.infra import throttle
from tournaments.views.common import client_address

MAX_FAILURES = 5
MAX_CHECKS_PER_ACCOUNT = 10
WINDOW = 15 * 60
DEVICE_COOKIE = "belote_device"
DEVICE_SALT = "tournaments.login-device"
DEVICE_MAX_AGE = 365 * 24 * 3600


def normalized(username: str) -> str:
    """The user name as authentication compares it, case-folded."""
    return get_user_model().normalize_username(username or "").strip().casefold()


def _digest(value: str) -> str:
    # Keys hold a digest: a user name may be longer than the key column or
    # carry characters nobody wants in a log.
    return hashlib.sha256(value.encode()).hexdigest()[:32]


def _known_device(request, name: str) -> str | None:
    """The browser's id if it carries a valid cookie for this account."""
    try:
        value = signing.loads(
            request.COOKIES.get(DEVICE_COOKIE, ""), salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE
        )
    except signing.BadSignature:
        return None
    accounts = value.get("accounts", []) if isinstance(value, dict) else []
    return value.get("device") if _digest(name) in accounts else None


class ThrottledLoginView(auth_views.LoginView):
    def _keys(self) -> tuple[str | None, str]:
        """(the account's key, or None for a known browser; the failures' key)."""
        name = normalized(self.request.POST.get("username", ""))
        device = _known_device(self.request, name)
        if device:
            return None, f"login-device:{_digest(name)}:{_digest(device)}"
        address = client_address(self.request)
        pair = f"login-pair:{_digest(name)}:{address}"
        if on_the_hall_laptop(address):
            return None, pair
        return f"login-account:{_digest(name)}", pair

    def post(self, request, *args, **kwargs):
        account, failures = self._keys()
        refused = throttle.count(failures, window=WINDOW) >= MAX_FAILURES
        self._check_token = None
        if not refused and account:
            checks, self._check_token = throttle.attempt(account, window=WINDOW)
            refused = checks > MAX_CHECKS_PER_ACCOUNT
        if refused:
            # An unbound form: validating it would check the password.
            context = self.get_context_data(
                form=self.get_form_class()(request),
                throttled=_("Trop d'essais manqués : réessayez dans %(minutes)s minutes.")
                % {"minutes": WINDOW // 60},
                laptop_login=laptop_login(request),
            )
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        throttle.record(self._keys()[1], window=WINDOW)
        return super().form_invalid(form)

    def form_valid(self, form):
        # Only failed checks count: a right password takes its check back,
        # so a club's ten laptops signing in to one account lock nobody out.
        if self._check_token is not None:
            throttle.discount(self._check_token)
        throttle.forget(self._keys()[1])
        response = super().form_valid(form)
        remember_device(self.request, response, form.get_user())
        return response


#: Where a browser on the hall's laptop comes from (127.0.0.1 or
#: localhost, as the terminal and the app's window print). The rest of
#: 127.0.0.0/8 is no browser's: the tests on real servers use it for phones.
LAPTOP_ADDRESSES = {ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1")}


def on_the_hall_laptop(address: str) -> bool:
    """Whether `address` is the hall's laptop itself."""
    if not settings.HALL:
        return False
    try:
        return ipaddress.ip_address(address) in LAPTOP_ADDRESSES
    except ValueError:
        return False


def laptop_login(request: HttpRequest) -> str:
    """On the hall, for a client that is not the laptop: the hall's address
    on the laptop itself (as its terminal and the app's window print it),
    the way out of a lock-out; else ""."""
    if not settings.HALL or on_the_hall_laptop(client_address(request)):
        return ""
    return f"http://127.0.0.1:{request.get_port()}/"


def remember_device(request: HttpRequest, response: HttpResponse, user) -> None:
    """Marks the browser as one where `user` signed in (with a password, or
    a one-time link: views/sign_in_link.py)."""
    name = normalized(user.get_username())
    try:
        value = signing.loads(
            request.COOKIES.get(DEVICE_COOKIE, ""), salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE
        )
    except signing.BadSignature:
        value = {}
    if not isinstance(value, dict) or "device" not in value:
        value = {"device": secrets.token_urlsafe(16), "accounts": []}
    accounts = [a for a in value.get("accounts", []) if a != _digest(name)][-4:]
    value["accounts"] = [*accounts, _digest(name)]
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps(value, salt=DEVICE_SALT),
        max_age=DEVICE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def to_throttled_login(request: HttpRequest) -> HttpResponse:
    """The back office's login address (`/admin/login/`), whatever the
    method: never checks a password, sends the browser to the organizer's
    login (`ThrottledLoginView`) with where it was going, so that the back
    office's door counts on the same throttle as the organizers'."""
    target = request.POST.get("next") or request.GET.get("next") or reverse("admin:index")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = reverse("admin:index")
    return redirect(f"{reverse('login')}?{urlencode({'next': target})}")
