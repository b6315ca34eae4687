"""Forms of the organizer's account: sign up, invite, delete the account.

Django's own forms do the rest (log in, reset and change a password). A
form checks shape and what only the form can know (the password typed to
confirm a deletion); availability of a name or an address is the
service's to decide (services/accounts.py), and its refusal comes back next
to the field.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from tournaments.services import accounts

DELETE = "delete"


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
        if not self.user.check_password(password):
            raise forms.ValidationError(_("Ce n'est pas votre mot de passe."))
        return password

    def handovers(self) -> dict[int, int | None]:
        """What the service takes: each tournament's heir, None to delete it."""
        chosen = {t.pk: self.cleaned_data[f"tournament_{t.pk}"] for t in self.tournaments}
        return {pk: None if value == DELETE else int(value) for pk, value in chosen.items()}
