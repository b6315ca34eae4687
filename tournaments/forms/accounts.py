"""Forms of the organizer's account: sign up, invite, delete the account.

Django's own forms do the rest (log in, reset and change a password). A
form checks shape and what only the form can know (the password typed to
confirm a deletion); availability of a name or an address is the
service's to decide (services/accounts.py), and its refusal comes back next
to the field.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordChangeForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from tournaments.forms.base import OneLineField, refuse_control_characters
from tournaments.infra import throttle
from tournaments.services import accounts

DELETE = "delete"

# The password a signed-in organizer types again (to delete the account, to
# change the password): at most this many wrong ones per account in the
# window, so that a borrowed session cannot be used to guess it.
MAX_WRONG_PASSWORDS = 5
PASSWORD_WINDOW = 15 * 60


def guarded_password_check[T](user, check: Callable[[], T]) -> T:
    """`check()` (raises ValidationError on a wrong password), counted: the
    attempt is counted before the check and taken back when the password is
    right, so racing posts cannot check more than `MAX_WRONG_PASSWORDS`
    wrong ones in `PASSWORD_WINDOW`. Outside a transaction (throttle.attempt)."""
    count, token = throttle.attempt(f"current-password:{user.pk}", window=PASSWORD_WINDOW)
    if count > MAX_WRONG_PASSWORDS:
        throttle.discount(token)
        raise forms.ValidationError(
            _("Trop de mots de passe faux pour ce compte : réessayez dans %(minutes)s minutes."),
            params={"minutes": PASSWORD_WINDOW // 60},
            code="throttled",
        )
    result = check()
    throttle.discount(token)
    return result


class GuardedPasswordChangeForm(PasswordChangeForm):
    """Django's form; its old password is checked as `guarded_password_check` says."""

    def clean_old_password(self):
        return guarded_password_check(self.user, super().clean_old_password)


@refuse_control_characters
class SignUpForm(UserCreationForm):
    """User name, e-mail address, password twice (Django's checks of the
    password). With an invitation the address is the invited one, fixed."""

    email = forms.EmailField(
        label=_("Adresse e-mail"),
        max_length=254,
        help_text=_("Le lien qui active le compte y est envoyé."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")

    def __init__(self, *args, invitation: accounts.Invitation | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = _(
            "Celui que vous taperez pour vous connecter ; vos co-organisateurs le voient."
        )
        if invitation is not None:
            self.fields["email"].initial = invitation.email
            self.fields["email"].disabled = True
            self.fields["email"].help_text = _("L'adresse à laquelle l'invitation est arrivée.")

    def _typed_email(self) -> str:
        field = self.fields["email"]
        return field.initial if field.disabled else str(self.data.get("email", ""))

    def clean_username(self) -> str:
        username = self.cleaned_data.get("username", "")
        if username and accounts.username_taken(username, self._typed_email()):
            raise forms.ValidationError(
                self.instance.unique_error_message(get_user_model(), ["username"])
            )
        return username

    def validate_unique(self) -> None:
        # The name's uniqueness is clean_username's (case-insensitive, and an
        # unconfirmed sign-up of the same address may be replaced).
        pass


@refuse_control_characters
class InviteForm(forms.Form):
    email = forms.EmailField(
        label=_("Adresse e-mail de l'organisateur à inviter"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "off"}),
    )


class DeleteAccountForm(forms.Form):
    """One choice for each tournament the account owns (hand it over to one
    of its co-organizers, or delete it), and the password to confirm."""

    password = forms.CharField(
        label=_("Votre mot de passe, pour confirmer"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, *args, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        self.tournaments = list(accounts.owned_tournaments(user))
        for tournament in self.tournaments:
            heirs = list(accounts.heirs(tournament, user))
            choices = [
                (str(heir.pk), _("Le confier à %(name)s") % {"name": heir.get_username()})
                for heir in heirs
            ]
            choices.append((DELETE, _("Le supprimer, avec ses équipes, parties et donnes")))
            self.fields[f"tournament_{tournament.pk}"] = forms.ChoiceField(
                label=tournament.name,
                choices=choices,
                widget=forms.RadioSelect,
                # Nothing chosen for the organizer when a handover is possible.
                initial=None if heirs else DELETE,
                error_messages={"required": _("Choisissez ce que devient ce tournoi.")},
            )
        self.order_fields([*(f"tournament_{t.pk}" for t in self.tournaments), "password"])

    def tournament_fields(self) -> list[tuple[object, forms.BoundField]]:
        return [(t, self[f"tournament_{t.pk}"]) for t in self.tournaments]

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]

        def check() -> str:
            if not self.user.check_password(password):
                raise forms.ValidationError(_("Ce n'est pas votre mot de passe."))
            return password

        return guarded_password_check(self.user, check)

    def handovers(self) -> dict[int, int | None]:
        """What the service takes: each tournament's heir, None to delete it."""
        chosen = {t.pk: self.cleaned_data[f"tournament_{t.pk}"] for t in self.tournaments}
        return {pk: None if value == DELETE else int(value) for pk, value in chosen.items()}


class CoOrganizerForm(forms.Form):
    username = OneLineField(label=_("Nom d'utilisateur du co-organisateur"), max_length=150)


@refuse_control_characters
class SignInLinkForm(forms.Form):
    """The address a one-time sign-in link is mailed to."""

    email = forms.EmailField(
        label=_("Adresse e-mail"),
        max_length=254,
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
