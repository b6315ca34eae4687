"""The organizer's account: sign up (or accept an invitation), confirm the
address from the mail, reset a forgotten password, change it, invite
another organizer, delete the account. Logging in is auth.py.

The sign-up page answers the same whether or not the address has an
account already (that address gets a reminder by mail instead of a
confirmation link), and so does the forgotten-password page: neither tells
a visitor who is registered. Both are throttled per client address (an
answer of its own: 429) and per e-mail address (silently: no more mails
to one mailbox than a person needs).

Django's views do the password work; the services (services/accounts.py)
do the writing; tournaments/infra/mail.py writes the mails. Links in mails start
with `address.site_url` (PUBLIC_URL, or the host the request came to).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import PasswordResetForm
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.forms.accounts import (
    DeleteAccountForm,
    GuardedPasswordChangeForm,
    InviteForm,
    SignUpForm,
)
from tournaments.forms.base import refusal_on
from tournaments.infra import address, mail, throttle
from tournaments.models import email_key
from tournaments.services import accounts
from tournaments.views.common import client_address, refusal_as_message

WINDOW = 3600
MAX_PER_CLIENT = 10  # sign-ups, or reset requests, from one address an hour
MAX_MAILS_PER_ADDRESS = 3  # mails to one mailbox an hour, per kind
MAX_INVITATIONS = 20  # an organizer's invitations a day


def _digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()[:32]


def client_over_limit(request: HttpRequest, kind: str) -> bool:
    key = f"{kind}-client:{client_address(request)}"
    return throttle.record(key, window=WINDOW) > MAX_PER_CLIENT


def mailbox_over_limit(kind: str, email: str) -> bool:
    key = f"{kind}-mailbox:{_digest(email_key(email))}"
    return throttle.record(key, window=WINDOW) > MAX_MAILS_PER_ADDRESS


def too_many_message() -> str:
    return _("Trop de demandes depuis cette connexion : réessayez dans une heure.")


def _mail_failed() -> str:
    return _("L'e-mail n'a pas pu partir (serveur de courrier injoignable) : réessayez plus tard.")


def _link(request: HttpRequest, name: str, **kwargs) -> str:
    return address.site_url(request) + reverse(name, kwargs=kwargs)


def _mail_sign_up(request: HttpRequest, result: accounts.SignUpResult) -> bool:
    """The confirmation link to a new account; to an address that has an
    account already, a reminder of its user name."""
    user = result.user
    if result.created:
        context = {
            "user": user,
            "link": _link(
                request,
                "account_confirm",
                uidb64=accounts.uid(user),
                token=accounts.confirmation_tokens.make_token(user),
            ),
            "days": settings.PASSWORD_RESET_TIMEOUT // 86400,
        }
        return mail.send("confirm", to=user.email, context=context, language=_language(user))
    context = {
        "user": user,
        "reset": _link(request, "password_reset"),
        "login": _link(request, "login"),
    }
    return mail.send(
        "already_registered", to=user.email, context=context, language=translation.get_language()
    )


def _language(user) -> str:
    sign_up = getattr(user, "sign_up", None)
    return sign_up.language if sign_up else translation.get_language()


def sign_up(request: HttpRequest) -> HttpResponse:
    token = request.GET.get("invitation") or request.POST.get("invitation") or ""
    invitation = accounts.read_invitation(token) if token else None
    if token and invitation is None:
        return render(request, "accounts/sign_up_closed.html", {"bad_invitation": True})
    if invitation is None and not settings.SIGNUP_OPEN:
        return render(request, "accounts/sign_up_closed.html", {"bad_invitation": False})
    form = SignUpForm(request.POST or None, invitation=invitation)
    status = 200
    if request.method == "POST" and form.is_valid():
        email = invitation.email if invitation else form.cleaned_data["email"]
        if client_over_limit(request, "signup"):
            form.add_error(None, too_many_message())
            status = 429
        elif invitation is None and mailbox_over_limit("signup", email):
            return redirect("account_sign_up_sent")  # as if sent: nothing to tell
        else:
            with refusal_on(form):
                result = accounts.sign_up(
                    username=form.cleaned_data["username"],
                    email=email,
                    password=form.cleaned_data["password1"],
                    language=translation.get_language(),
                    invited_by=invitation.by if invitation else None,
                )
                if invitation is not None and result.created:
                    # The inviter learns the name chosen, to add a co-organizer.
                    mail.send(
                        "invitee_joined",
                        to=invitation.by.email,
                        context={"user": result.user},
                        language=_language(invitation.by),
                    )
                    messages.success(request, _("Compte créé : connectez-vous."))
                    return redirect("login")
                if _mail_sign_up(request, result):
                    return redirect("account_sign_up_sent")
                form.add_error(None, _mail_failed())
    return render(
        request,
        "accounts/sign_up.html",
        {"form": form, "invitation": invitation, "token": token},
        status=status,
    )


def sign_up_sent(request: HttpRequest) -> HttpResponse:
    days = settings.PASSWORD_RESET_TIMEOUT // 86400
    return render(request, "accounts/sign_up_sent.html", {"days": days})


def confirm(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """The link of the mail: a page with the button that confirms (a mail
    scanner opening the link confirms nothing)."""
    user = accounts.confirmation_link_user(uidb64, token)
    if user is None:
        return render(request, "accounts/confirm.html", {"valid": False})
    if request.method == "POST":
        with refusal_as_message(request):
            accounts.confirm_account(user=user)
            messages.success(request, _("Adresse confirmée : vous pouvez vous connecter."))
        return redirect("login")
    return render(request, "accounts/confirm.html", {"valid": True, "account": user})


# --- the signed-in organizer ---


def _account_page(request: HttpRequest, invite_form: InviteForm, status: int = 200):
    return render(
        request,
        "accounts/account.html",
        {
            "invite_form": invite_form,
            "signup_open": settings.SIGNUP_OPEN,
            "invitees": accounts.invitees(request.user),
        },
        status=status,
    )


@login_required
def account(request: HttpRequest) -> HttpResponse:
    return _account_page(request, InviteForm())


@login_required
@require_POST
def invite(request: HttpRequest) -> HttpResponse:
    form = InviteForm(request.POST)
    if not form.is_valid():
        return _account_page(request, form)
    key = f"invite-by:{request.user.pk}"
    if throttle.record(key, window=24 * 3600) > MAX_INVITATIONS:
        form.add_error("email", _("Trop d'invitations aujourd'hui : réessayez demain."))
        return _account_page(request, form, status=429)
    email = form.cleaned_data["email"]
    token = accounts.invitation_token(email=email, by=request.user)
    context = {
        "by": request.user,
        "link": _link(request, "account_sign_up") + "?invitation=" + token,
        "days": accounts.INVITATION_MAX_AGE // 86400,
    }
    if not mail.send("invitation", to=email, context=context, language=translation.get_language()):
        form.add_error("email", _mail_failed())
        return _account_page(request, form)
    messages.success(request, _("Invitation envoyée à %(email)s.") % {"email": email})
    return redirect("account")


@login_required
def delete(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        with refusal_on(form):
            done = accounts.delete_account(user=request.user, handovers=form.handovers())
            logout(request)
            messages.success(request, _("Votre compte est supprimé."))
            for name, heir in done.handed_over:
                messages.success(
                    request,
                    _("« %(tournament)s » est confié à %(name)s.")
                    % {"tournament": name, "name": heir},
                )
            return redirect("tournaments:home")
    return render(request, "accounts/account_delete.html", {"form": form})


# --- passwords: Django's views ---


class ResetForm(PasswordResetForm):
    """Django's form, with the address labelled as the sign-up labels it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].label = gettext_lazy("Adresse e-mail")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset by mail, throttled (see the module's docstring), with
    its links on `address.site_url`."""

    form_class = ResetForm
    template_name = "accounts/password_reset.html"
    subject_template_name = "accounts/mail/password_reset_subject.txt"
    email_template_name = "accounts/mail/password_reset.txt"
    success_url = reverse_lazy("password_reset_done")

    def form_valid(self, form):
        if client_over_limit(self.request, "reset"):
            form.add_error(None, too_many_message())
            return self.render_to_response(self.get_context_data(form=form), status=429)
        if mailbox_over_limit("reset", form.cleaned_data["email"]):
            return redirect(self.get_success_url())  # as if sent: nothing to tell
        self.extra_email_context = {
            "base_url": address.site_url(self.request),
            "days": settings.PASSWORD_RESET_TIMEOUT // 86400,
        }
        return super().form_valid(form)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_sent.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("login")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, _("Mot de passe changé : connectez-vous avec le nouveau."))
        return response


class PasswordChangeView(auth_views.PasswordChangeView):
    form_class = GuardedPasswordChangeForm
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("account")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, _("Mot de passe changé."))
        return response
