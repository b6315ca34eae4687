"""Signing in by a one-time link mailed to the account's address: the way
out of a lock-out (views/auth.py locks an account for the browsers it does
not know after too many wrong passwords, whoever typed them).

The request page answers the same whether or not the address has an
account, and is throttled as the forgotten-password page is (per client
address: 429; per mailbox, silently: 3 mails an hour). The link opens a
page with a button (a mail scanner that opens links signs nobody in);
the button spends the link (services/sign_in_links.py), signs the browser
in and marks it as the account's own, so that the lock no longer stops it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.forms.accounts import SignInLinkForm
from tournaments.infra import address, mail
from tournaments.services import sign_in_links
from tournaments.views.accounts import client_over_limit, mailbox_over_limit, too_many_message
from tournaments.views.auth import remember_device


def request_link(request: HttpRequest) -> HttpResponse:
    form = SignInLinkForm(request.POST or None)
    status = 200
    if request.method == "POST" and form.is_valid():
        email = form.cleaned_data["email"]
        if client_over_limit(request, "signin-link"):
            form.add_error(None, too_many_message())
            status = 429
        else:
            user = sign_in_links.account_for_link(email)
            if user is not None and not mailbox_over_limit("signin-link", email):
                path = reverse("sign_in_link_use", args=[sign_in_links.make_token(user)])
                mail.send(
                    "sign_in_link",
                    to=user.email,
                    context={
                        "user": user,
                        "link": address.site_url(request) + path,
                        "minutes": sign_in_links.LINK_MINUTES,
                    },
                    language=translation.get_language(),
                )
            # The same answer whoever asked: the page tells nobody who has an account.
            return redirect("sign_in_link_sent")
    return render(request, "accounts/sign_in_link.html", {"form": form}, status=status)


def sent(request: HttpRequest) -> HttpResponse:
    return render(
        request, "accounts/sign_in_link_sent.html", {"minutes": sign_in_links.LINK_MINUTES}
    )


def use_link(request: HttpRequest, token: str) -> HttpResponse:
    if request.method == "POST":
        user = sign_in_links.use_token(token)
        if user is not None:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Vous êtes connecté."))
            response = redirect("tournaments:dashboard")
            remember_device(request, response, user)
            return response
    else:
        user = sign_in_links.user_for_token(token)
    if user is None:
        return render(request, "accounts/sign_in_link_use.html", {"valid": False}, status=410)
    return render(request, "accounts/sign_in_link_use.html", {"valid": True, "account": user})
