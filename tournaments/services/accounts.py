"""Organizer accounts: sign up, confirm the e-mail address, be invited,
delete the account (each tournament it owns handed over to one of its
co-organizers, or deleted).

A sign-up makes an inactive account (it cannot log in) with its `SignUp`
row; the link mailed to the address (`confirmation_tokens`, signed,
expiring after PASSWORD_RESET_TIMEOUT, dead once used since it hashes
`is_active`) activates it. An address that already has an account gets no
second one, and the caller learns it only to mail that address a reminder:
the page answers the same either way. A new sign-up with the address of an
account still waiting for its confirmation replaces that account: whoever
reads the mailbox decides, and someone who typed another person's address
cannot hold it. Unconfirmed accounts older than the link are removed on
the way.

An invitation is a signed token carrying the address (no row): the address
it reaches is confirmed by the very mail, so the account is active at once.

Logging in, resetting and changing a password are Django's own views; this
module neither sends mail nor reads a request (views/accounts.py does).
"""

from __future__ import annotations

import datetime
import logging
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode
from django.utils.translation import gettext as _

from tournaments.models import Change, SignUp, Tournament, email_key
from tournaments.services.audit import home_changed, log_change
from tournaments.services.errors import TournamentError
from tournaments.services.tournaments import delete_tournament

logger = logging.getLogger(__name__)

INVITATION_SALT = "tournaments.accounts.invitation"
INVITATION_MAX_AGE = 7 * 24 * 3600


class ConfirmationTokenGenerator(PasswordResetTokenGenerator):
    """The token of the confirmation link: Django's reset token with a salt
    of its own (a reset link cannot confirm, nor the reverse). It hashes
    `is_active`, so it dies once the account is active."""

    key_salt = "tournaments.services.accounts.ConfirmationTokenGenerator"

    def _make_hash_value(self, user: User, timestamp: int) -> str:
        return f"{user.pk}{user.password}{user.email}{user.is_active}{timestamp}"


confirmation_tokens = ConfirmationTokenGenerator()


def uid(user: User) -> str:
    """The account's id as the links carry it (as Django's reset links)."""
    return urlsafe_base64_encode(force_bytes(user.pk))


def _user_from_uid(uidb64: str) -> User | None:
    try:
        pk = int(urlsafe_base64_decode(uidb64).decode())
    except (TypeError, ValueError, OverflowError, UnicodeDecodeError):
        return None
    return get_user_model().objects.filter(pk=pk).select_related("sign_up").first()


@dataclass(frozen=True)
class SignUpResult:
    """`created`: a new account (to confirm); otherwise `user` is the
    account the address already has (mail it a reminder, say nothing)."""

    user: User
    created: bool


def _stale_before() -> datetime.datetime:
    return timezone.now() - datetime.timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT)


def purge_stale_sign_ups() -> int:
    """Remove the accounts whose confirmation link has expired unused (they
    hold a user name and an address nobody confirmed)."""
    stale = _pending().filter(created_at__lt=_stale_before())
    users = get_user_model().objects.filter(
        pk__in=stale.values("user"), owned_tournaments__isnull=True
    )
    return users.delete()[0]


def _pending() -> QuerySet[SignUp]:
    """Sign-ups whose address is not confirmed yet (their account inactive)."""
    return SignUp.objects.filter(confirmed_at__isnull=True, user__is_active=False)


def account_for_address(email: str) -> User | None:
    """The account that holds `email` (a confirmed or administrator-made one),
    if any."""
    key = email_key(email)
    users = (
        get_user_model()
        .objects.filter(Q(sign_up__email_key=key) | Q(email__iexact=email.strip()))
        .exclude(pk__in=_pending().values("user"))
    )
    return next((u for u in users if email_key(u.email) == key), None)


def username_taken(username: str, email: str) -> bool:
    """Whether `username` belongs to an account this sign-up cannot replace:
    any but an unconfirmed one with the same address."""
    return (
        get_user_model()
        .objects.filter(username__iexact=username)
        .exclude(pk__in=_pending().filter(email_key=email_key(email)).values("user"))
        .exists()
    )


@transaction.atomic(durable=True)
def sign_up(
    *, username: str, email: str, password: str, language: str, invited_by: User | None = None
) -> SignUpResult:
    """A new organizer account, inactive until its address is confirmed
    (active at once when `invited_by` mailed the invitation to it)."""
    purge_stale_sign_ups()
    email = email.strip()
    holder = account_for_address(email)
    if holder is not None:
        # The costly part of a new account, done for nothing: the page must
        # take as long for a known address as for a new one, or its timing
        # would tell who is registered.
        make_password(password)
        return SignUpResult(user=holder, created=False)
    if username_taken(username, email):
        raise TournamentError(_("Ce nom d'utilisateur est déjà pris."), field="username")
    # An unconfirmed account with this address: the newest sign-up wins.
    get_user_model().objects.filter(
        pk__in=_pending().filter(email_key=email_key(email)).values("user")
    ).delete()
    now = timezone.now()
    try:
        with transaction.atomic():
            user = get_user_model()(username=username, email=email, is_active=bool(invited_by))
            user.set_password(password)
            user.save()
            SignUp.objects.create(
                user=user,
                email_key=email_key(email),
                language=language,
                created_at=now,
                confirmed_at=now if invited_by else None,
                invited_by=invited_by,
            )
    except IntegrityError as exc:  # another sign-up took the name or the address
        raise TournamentError(
            _("Ce nom ou cette adresse vient d'être pris : réessayez."), field="username"
        ) from exc
    return SignUpResult(user=user, created=True)


def invitees(user: User) -> list[User]:
    """The accounts created from `user`'s invitations, with the user names
    they chose (to add one as a co-organizer), newest first."""
    return [
        row.user
        for row in SignUp.objects.filter(invited_by=user, user__is_active=True)
        .select_related("user")
        .order_by("-created_at")
    ]


def confirmation_link_user(uidb64: str, token: str) -> User | None:
    """The account a confirmation link confirms, or None when the link is
    tampered with, expired or already used."""
    user = _user_from_uid(uidb64)
    sign_up_row = getattr(user, "sign_up", None)
    if user is None or sign_up_row is None or sign_up_row.confirmed_at or user.is_active:
        return None
    return user if confirmation_tokens.check_token(user, token) else None


@transaction.atomic(durable=True)
def confirm_account(*, user: User) -> None:
    """The address is confirmed: the account may log in."""
    row = SignUp.objects.select_for_update().get(user=user)
    if row.confirmed_at is not None:
        raise TournamentError(_("Cette adresse est déjà confirmée : connectez-vous."))
    row.confirmed_at = timezone.now()
    row.save(update_fields=["confirmed_at"])
    user.is_active = True
    user.save(update_fields=["is_active"])


# --- invitations ---


@dataclass(frozen=True)
class Invitation:
    email: str
    by: User  # the inviting organizer


def invitation_token(*, email: str, by: User) -> str:
    return signing.dumps({"email": email.strip(), "by": by.pk}, salt=INVITATION_SALT)


def read_invitation(token: str) -> Invitation | None:
    """The invitation a token carries; None when tampered with, expired, or
    when its address has an account already (an invitation serves once)."""
    try:
        value = signing.loads(token, salt=INVITATION_SALT, max_age=INVITATION_MAX_AGE)
    except signing.BadSignature:
        return None
    if not isinstance(value, dict) or not isinstance(value.get("email"), str):
        return None
    by = get_user_model().objects.filter(pk=value.get("by", 0), is_active=True).first()
    if by is None or account_for_address(value["email"]) is not None:
        return None
    return Invitation(email=value["email"], by=by)


# --- deleting an account ---


def owned_tournaments(user: User) -> QuerySet[Tournament]:
    """The tournaments the account owns."""
    return Tournament.objects.filter(owner=user).order_by("-date", "name")


def heirs(tournament: Tournament, user: User) -> QuerySet[User]:
    """The co-organizers `tournament` can be handed over to."""
    return tournament.co_organizers.filter(is_active=True).exclude(pk=user.pk).order_by("username")


@dataclass
class DeletedAccount:
    handed_over: list[tuple[str, str]] = field(default_factory=list)  # (tournament, new owner)
    deleted: list[str] = field(default_factory=list)


@transaction.atomic(durable=True)
def delete_account(*, user: User, handovers: Mapping[int, int | None]) -> DeletedAccount:
    """Delete `user`'s account. `handovers` names, for every tournament it
    owns, the co-organizer who takes it over (their account's id), or None
    to delete the tournament. The tournaments it co-organizes lose a
    co-organizer (a line in their history)."""
    if user.is_superuser:
        raise TournamentError(
            _("Un compte d'administrateur se supprime dans l'administration du site.")
        )
    owned = list(owned_tournaments(user).select_for_update())
    if {t.pk for t in owned} != set(handovers):
        raise TournamentError(
            _("Vos tournois ont changé entre-temps : vérifiez la liste et recommencez.")
        )
    done = DeletedAccount()
    name = user.get_username()
    for tournament in owned:
        heir_id = handovers[tournament.pk]
        if heir_id is None:
            delete_tournament(tournament=tournament, by=user)
            done.deleted.append(tournament.name)
            continue
        heir = heirs(tournament, user).filter(pk=heir_id).first()
        if heir is None:
            raise TournamentError(
                _("Choisissez un des co-organisateurs du tournoi."),
                field=f"tournament_{tournament.pk}",
            )
        tournament.owner = heir
        tournament.save(update_fields=["owner"])
        tournament.co_organizers.remove(heir)
        log_change(
            tournament,
            Change.Action.OWNER_CHANGED,
            by=user,
            before={"owner": name},
            after={"owner": heir.get_username()},
        )
        done.handed_over.append((tournament.name, heir.get_username()))
    for tournament in user.co_organized_tournaments.all():
        log_change(tournament, Change.Action.CO_ORGANIZER_LEFT, by=user, before={"user": name})
    logger.info(
        "Account %s deleted (%s handed over, %s deleted)",
        name,
        len(done.handed_over),
        len(done.deleted),
    )
    user.delete()
    home_changed()  # the account's challenges and leagues went with it
    return done


#: The account the standalone hall app makes on a new data folder (the demo's
#: organizer too, so that `--demo` adds its tournaments to that account).
FIRST_ORGANIZER = "organisateur"


def create_first_organizer(*, username: str = FIRST_ORGANIZER) -> str | None:
    """On a data folder without any account, the organizer's account with a
    new random password, returned to be shown once (the volunteer has no
    terminal for `createsuperuser`); None when an account exists already."""
    User = get_user_model()
    with transaction.atomic(durable=True):
        if User.objects.exists():
            return None
        password = secrets.token_urlsafe(9)
        User.objects.create_user(username, password=password, is_staff=True)
    return password


def renew_password(*, username: str = FIRST_ORGANIZER) -> str | None:
    """A new random password for `username` (the volunteer who lost the one
    shown at the first start), returned to be shown; None without that account."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        return None
    password = secrets.token_urlsafe(9)
    user.set_password(password)
    user.save(update_fields=["password"])
    return password
