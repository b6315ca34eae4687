"""The organizer's account, page by page: sign up, confirm from the mail,
log in, reset a forgotten password, change it, invite, delete the account.
Mails go to Django's test outbox; their links are followed as a reader
would."""

from __future__ import annotations

import html
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.factories import PASSWORD, build_tournament
from tournaments.models import Change, SignUp, Tournament
from tournaments.services import accounts
from tournaments.services.tournaments import add_co_organizer
from tournaments.views.accounts import MAX_MAILS_PER_ADDRESS, MAX_PER_CLIENT

pytestmark = pytest.mark.django_db
User = get_user_model()
NEW_PASSWORD = "Autre-mot-de-passe-77"


def text(response) -> str:
    return html.unescape(response.content.decode()).replace("’", "'")


def link_in(message) -> str:
    """The path of the one link of a mail (the host checked apart)."""
    url = re.search(r"https?://\S+", message.body).group(0)
    assert url.startswith("http://testserver/"), url
    return url.removeprefix("http://testserver")


def sign_up(client: Client, username="lucie", email="lucie@club.fr", **extra):
    data = {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    return client.post(reverse("account_sign_up"), {**data, **extra}, **_address(extra))


def _address(extra: dict) -> dict:
    return {"REMOTE_ADDR": extra.pop("REMOTE_ADDR", "10.0.0.1")}


def log_in(client: Client, username="lucie", password=PASSWORD):
    return client.post(reverse("login"), {"username": username, "password": password})


# --- sign up and confirm ---


def test_sign_up_sends_a_confirmation_link_that_activates_the_account(client):
    response = sign_up(client)
    assert response.status_code == 302
    assert response["Location"] == reverse("account_sign_up_sent")
    assert "Vérifiez vos e-mails" in text(client.get(response["Location"]))
    (message,) = mail.outbox
    assert message.to == ["lucie@club.fr"]
    assert message.subject == "Activez votre compte organisateur"
    assert "« lucie »" in message.body
    # Inactive until confirmed: the login refuses the right password.
    assert log_in(client).status_code == 200
    assert "_auth_user_id" not in client.session
    link = link_in(message)
    page = client.get(link)
    assert "Activer le compte organisateur « lucie » (lucie@club.fr) ?" in text(page)
    assert not User.objects.get(username="lucie").is_active  # a GET confirms nothing
    response = client.post(link)
    assert response["Location"] == reverse("login")
    assert "Adresse confirmée" in text(client.get(reverse("login")))
    assert log_in(client).status_code == 302
    # The link again: used.
    assert "non valable" in text(client.get(link))
    assert client.post(link).status_code == 200


def test_a_tampered_or_expired_confirmation_link_says_so(client):
    sign_up(client)
    link = link_in(mail.outbox[0])
    tampered = link[:-3] + ("x/" if link[-2] != "x" else "y/")
    assert "non valable" in text(client.get(tampered))
    assert client.post(tampered).status_code == 200
    user = User.objects.get(username="lucie")

    class FourDaysAgo(accounts.ConfirmationTokenGenerator):
        def _now(self):
            import datetime

            return datetime.datetime.now() - datetime.timedelta(days=4)

    old = reverse(
        "account_confirm",
        kwargs={"uidb64": accounts.uid(user), "token": FourDaysAgo().make_token(user)},
    )
    assert "non valable" in text(client.post(old))
    user.refresh_from_db()
    assert not user.is_active


def test_the_mail_is_in_the_language_of_the_sign_up(client):
    client.cookies["django_language"] = "en"
    sign_up(client)
    (message,) = mail.outbox
    assert message.subject == "Activate your organizer account"
    assert "open this link" in message.body
    assert SignUp.objects.get().language == "en"


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"email": "pas-une-adresse"}, "email", "Saisissez une adresse de courriel valide."),
        ({"password2": "autre-chose-99"}, "password2", "Les deux mots de passe ne correspondent"),
        ({"password1": "123", "password2": "123"}, "password2", "trop court"),
        ({"username": "a b"}, "username", "Saisissez un nom d"),
        ({"username": ""}, "username", "Ce champ est obligatoire."),
    ],
    ids=["email", "mismatch", "short", "username", "missing"],
)
def test_bad_input_is_named_next_to_its_field(client, data, field, message):
    response = sign_up(client, **data)
    assert response.status_code == 200
    page = text(response)
    block = page[page.index(f'id="field-{field}"') :]
    assert message in block[: block.index("</div>\n") + 400]
    assert not mail.outbox


def test_bad_input_is_named_in_english_too(client):
    client.cookies["django_language"] = "en"
    response = sign_up(client, password2="autre-chose-99")
    assert "The two password fields didn't match." in text(response)
    assert "Create an organizer account" in text(response)


def test_a_taken_name_is_refused_whatever_its_case(client, organizer):
    response = sign_up(client, username="ORGA")
    assert "Un utilisateur avec ce nom existe déjà." in text(response)
    assert not mail.outbox


def test_an_address_already_registered_gets_a_reminder_and_the_page_says_the_same(client):
    User.objects.create_user("ancien", "Anne@Club.fr", PASSWORD)
    fresh = sign_up(client, username="neuf", email="neuf@club.fr")
    taken = sign_up(client, username="autre", email="anne@club.FR")
    assert fresh.status_code == taken.status_code == 302
    assert fresh["Location"] == taken["Location"]
    assert not User.objects.filter(username="autre").exists()
    reminder = mail.outbox[1]
    assert reminder.to == ["Anne@club.fr"]  # as stored (domain folded)
    assert "« ancien »" in reminder.body
    assert "/compte/mot-de-passe-oublie/" in reminder.body


@pytest.mark.shared_cache
def test_sign_ups_are_throttled_per_client_address(client):
    for index in range(MAX_PER_CLIENT):
        response = sign_up(client, username=f"u{index}", email=f"u{index}@club.fr")
        assert response.status_code == 302
    response = sign_up(client, username="encore", email="encore@club.fr")
    assert response.status_code == 429
    assert "Trop de demandes" in text(response)
    assert not User.objects.filter(username="encore").exists()
    # Another address goes on.
    assert sign_up(client, username="voisin", email="voisin@club.fr", REMOTE_ADDR="10.0.0.2")[
        "Location"
    ] == reverse("account_sign_up_sent")


@pytest.mark.shared_cache
def test_one_mailbox_gets_few_mails_whoever_asks(client):
    for index in range(MAX_MAILS_PER_ADDRESS + 2):
        response = sign_up(client, username="lucie", REMOTE_ADDR=f"10.0.1.{index}")
        assert response.status_code == 302
    assert len(mail.outbox) == MAX_MAILS_PER_ADDRESS


def test_sign_up_closed_asks_for_an_invitation(client, settings, organizer):
    settings.SIGNUP_OPEN = False
    assert "sur invitation" in text(client.get(reverse("account_sign_up")))
    assert "sur invitation" in text(sign_up(client))
    assert not User.objects.filter(username="lucie").exists()


def test_an_invitation_opens_a_closed_sign_up_once(client, settings, organizer):
    settings.SIGNUP_OPEN = False
    client.force_login(organizer)
    response = client.post(reverse("account_invite"), {"email": "invitee@club.fr"})
    assert response["Location"] == reverse("account")
    (invitation,) = mail.outbox
    assert invitation.subject == "orga vous invite à organiser des concours de belote"
    link = link_in(invitation)
    client.logout()
    page = text(client.get(link))
    assert "orga vous invite" in page
    assert 'value="invitee@club.fr"' in page
    token = link.split("invitation=")[1]
    # The address is the invited one, whatever is posted.
    response = sign_up(client, email="pirate@club.fr", invitation=token)
    assert response["Location"] == reverse("login")
    user = User.objects.get(username="lucie")
    assert (user.email, user.is_active) == ("invitee@club.fr", True)
    assert log_in(client).status_code == 302
    client.logout()
    assert "n'est plus valable" in text(client.get(link))


def test_the_inviter_is_told_the_user_name_the_invitee_chose(client, settings, organizer):
    """Issue 21: to add a co-organizer the inviter needs the user name the
    invitee chose, and was never told it."""
    organizer.email = "orga@club.fr"
    organizer.save()
    client.force_login(organizer)
    client.post(reverse("account_invite"), {"email": "invitee@club.fr"})
    token = link_in(mail.outbox[0]).split("invitation=")[1]
    client.logout()
    sign_up(client, invitation=token)
    told = mail.outbox[-1]
    assert told.to == ["orga@club.fr"]
    assert "lucie" in told.subject and "lucie" in told.body
    client.force_login(organizer)
    page = text(client.get(reverse("account")))
    assert "invitee@club.fr : nom d'utilisateur « lucie »" in page


def test_invitations_need_a_login_and_a_valid_address(client, organizer):
    assert client.post(reverse("account_invite"), {"email": "x@club.fr"}).status_code == 302
    assert not mail.outbox
    client.force_login(organizer)
    response = client.post(reverse("account_invite"), {"email": "pas-une-adresse"})
    assert "Saisissez une adresse de courriel valide." in text(response)


# --- forgotten password ---


def _confirmed(username="lucie", email="lucie@club.fr"):
    user = accounts.sign_up(username=username, email=email, password=PASSWORD, language="fr").user
    accounts.confirm_account(user=user)
    return user


def test_a_forgotten_password_is_reset_from_the_mail(client):
    _confirmed()
    response = client.post(reverse("password_reset"), {"email": "LUCIE@club.fr"})
    assert response["Location"] == reverse("password_reset_done")
    (message,) = mail.outbox
    assert message.subject == "Nouveau mot de passe"
    link = link_in(message)
    form_page = client.get(link, follow=True)
    assert "Nouveau mot de passe" in text(form_page)
    set_url = form_page.redirect_chain[-1][0]
    response = client.post(
        set_url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}, follow=True
    )
    assert "Mot de passe changé" in text(response)
    assert log_in(client, password=PASSWORD).status_code == 200
    assert log_in(client, password=NEW_PASSWORD).status_code == 302
    client.logout()
    # The link served once.
    assert "Lien non valable" in text(client.get(link, follow=True))


def test_the_reset_page_tells_nobody_who_is_registered(client):
    _confirmed()
    known = client.post(reverse("password_reset"), {"email": "lucie@club.fr"})
    unknown = client.post(reverse("password_reset"), {"email": "personne@club.fr"})
    assert known["Location"] == unknown["Location"]
    assert len(mail.outbox) == 1


def test_an_unconfirmed_account_gets_no_reset_mail(client):
    sign_up(client)
    mail.outbox.clear()
    client.post(reverse("password_reset"), {"email": "lucie@club.fr"})
    assert not mail.outbox


@pytest.mark.shared_cache
def test_reset_requests_are_throttled(client):
    _confirmed()
    for _ in range(MAX_MAILS_PER_ADDRESS + 1):
        client.post(reverse("password_reset"), {"email": "lucie@club.fr"})
    assert len(mail.outbox) == MAX_MAILS_PER_ADDRESS
    for index in range(MAX_PER_CLIENT):
        client.post(reverse("password_reset"), {"email": f"x{index}@club.fr"})
    assert client.post(reverse("password_reset"), {"email": "y@club.fr"}).status_code == 429


def test_reset_links_use_public_url_when_set(client, settings):
    settings.PUBLIC_URL = "https://belote.example.org"
    _confirmed()
    client.post(reverse("password_reset"), {"email": "lucie@club.fr"})
    assert "https://belote.example.org/compte/nouveau-mot-de-passe/" in mail.outbox[0].body


def test_a_reset_mail_is_in_the_language_of_the_request(client):
    _confirmed()
    client.cookies["django_language"] = "en"
    client.post(reverse("password_reset"), {"email": "lucie@club.fr"})
    assert mail.outbox[0].subject == "New password"
    assert "If you did not ask for anything" in mail.outbox[0].body


# --- change, account page, links ---


def test_the_password_is_changed_with_the_old_one(client):
    user = _confirmed()
    client.force_login(user)
    url = reverse("password_change")
    wrong = client.post(
        url,
        {"old_password": "faux", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert "Votre ancien mot de passe est incorrect." in text(wrong)
    response = client.post(
        url,
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response["Location"] == reverse("account")
    assert "_auth_user_id" in client.session  # still signed in here
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)


def test_account_pages_need_a_login(client):
    for name in ("account", "account_delete", "password_change"):
        response = client.get(reverse(name))
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


def test_the_links_lead_to_the_account_pages(client, organizer):
    login_page = text(client.get(reverse("login")))
    assert reverse("password_reset") in login_page
    assert reverse("account_sign_up") in login_page
    assert "Mot de passe oublié ?" in login_page
    client.force_login(organizer)
    home = text(client.get(reverse("tournaments:dashboard")))
    assert f'href="{reverse("account")}"' in home
    account = text(client.get(reverse("account")))
    assert reverse("password_change") in account
    assert reverse("account_delete") in account


# --- delete the account ---


@pytest.fixture
def helper(django_user_model):
    return django_user_model.objects.create_user("benevole", "b@club.fr", PASSWORD)


def test_delete_lists_the_tournaments_and_hands_one_over(client, organizer, helper):
    kept = build_tournament(owner=organizer, name="Concours de printemps")
    add_co_organizer(tournament=kept, username="benevole", by=organizer)
    gone = build_tournament(owner=organizer, name="Concours d'été")
    client.force_login(organizer)
    page = text(client.get(reverse("account_delete")))
    assert "Concours de printemps" in page and "Concours d'été" in page
    assert "Le confier à benevole" in page
    response = client.post(
        reverse("account_delete"),
        {f"tournament_{kept.pk}": str(helper.pk), f"tournament_{gone.pk}": "delete"},
    )
    assert "Ce champ est obligatoire." in text(response)  # the password
    response = client.post(
        reverse("account_delete"),
        {
            f"tournament_{kept.pk}": str(helper.pk),
            f"tournament_{gone.pk}": "delete",
            "password": "faux",
        },
    )
    assert "Ce n'est pas votre mot de passe." in text(response)
    assert User.objects.filter(pk=organizer.pk).exists()
    response = client.post(
        reverse("account_delete"),
        {
            f"tournament_{kept.pk}": str(helper.pk),
            f"tournament_{gone.pk}": "delete",
            "password": PASSWORD,
        },
        follow=True,
    )
    assert "Votre compte est supprimé." in text(response)
    assert "« Concours de printemps » est confié à benevole." in text(response)
    assert "_auth_user_id" not in client.session
    assert not User.objects.filter(pk=organizer.pk).exists()
    assert Tournament.objects.get(pk=kept.pk).owner == helper
    assert not Tournament.objects.filter(pk=gone.pk).exists()
    assert Change.objects.filter(tournament=kept, action=Change.Action.OWNER_CHANGED).exists()


def test_delete_asks_for_a_choice_where_a_handover_is_possible(client, organizer, helper):
    shared = build_tournament(owner=organizer)
    add_co_organizer(tournament=shared, username="benevole", by=organizer)
    client.force_login(organizer)
    response = client.post(reverse("account_delete"), {"password": PASSWORD})
    assert "Choisissez ce que devient ce tournoi." in text(response)
    assert Tournament.objects.filter(pk=shared.pk).exists()


def test_delete_with_deletion_only(client, organizer):
    alone = build_tournament(owner=organizer)
    client.force_login(organizer)
    page = text(client.get(reverse("account_delete")))
    assert 'value="delete"' in page and "checked" in page  # the only choice, chosen
    client.post(
        reverse("account_delete"), {f"tournament_{alone.pk}": "delete", "password": PASSWORD}
    )
    assert not Tournament.objects.exists()
    assert not User.objects.filter(username="orga").exists()


def test_another_s_co_organizer_cannot_be_slipped_in(client, organizer, helper):
    mine = build_tournament(owner=organizer)
    client.force_login(organizer)
    response = client.post(
        reverse("account_delete"), {f"tournament_{mine.pk}": str(helper.pk), "password": PASSWORD}
    )
    assert response.status_code == 200
    assert "Sélectionnez un choix valide" in text(response)
    assert Tournament.objects.get(pk=mine.pk).owner == organizer


# --- what a new account sees ---


def test_a_new_account_sees_nothing_of_the_others_tournaments(client, organizer):
    theirs = build_tournament(owner=organizer, name="Concours des autres", published=False)
    _confirmed()
    assert log_in(client).status_code == 302
    dashboard = text(client.get(reverse("tournaments:dashboard")))
    assert "Concours des autres" not in dashboard
    assert "Aucun tournoi pour le moment." in dashboard
    for name in ("manage", "edit", "delete", "team_add", "team_import"):
        url = reverse(f"tournaments:{name}", kwargs={"slug": theirs.slug})
        assert client.get(url).status_code == 404, name
    assert client.post(reverse("tournaments:publish", args=[theirs.slug])).status_code == 404
    # Unpublished, it is not public either.
    assert client.get(reverse("tournaments:detail", args=[theirs.slug])).status_code == 404


def test_the_account_pages_are_all_in_english(client, organizer, settings):
    from tests.test_translations import FRENCH, _visible_text

    tournament = build_tournament(owner=organizer, name="Belote")
    sign_up(client, username="lucie")
    confirm_link = link_in(mail.outbox[0])
    client.cookies["django_language"] = "en"
    anonymous = {
        "login": reverse("login"),
        "sign up": reverse("account_sign_up"),
        "sent": reverse("account_sign_up_sent"),
        "confirm": confirm_link,
        "bad link": confirm_link[:-2] + "x/",
        "reset": reverse("password_reset"),
        "reset sent": reverse("password_reset_done"),
        "bad reset": reverse("password_reset_confirm", args=["MQ", "x-y"]),
        "bad invitation": reverse("account_sign_up") + "?invitation=x",
    }
    signed_in = {
        "account": reverse("account"),
        "delete": reverse("account_delete"),
        "change": reverse("password_change"),
    }
    pages = {name: client.get(url) for name, url in anonymous.items()}
    client.force_login(organizer)
    pages |= {name: client.get(url) for name, url in signed_in.items()}
    settings.SIGNUP_OPEN = False
    client.logout()
    client.cookies["django_language"] = "en"  # logging out forgets every cookie
    pages["closed"] = client.get(reverse("account_sign_up"))
    french = {}
    for name, response in pages.items():
        assert response.status_code == 200, name
        shown = _visible_text(response.content.decode()).replace(tournament.name, " ")
        if found := FRENCH.findall(shown):
            french[name] = found
    assert not french
    assert "Create an organizer account" in text(pages["login"])
    assert "Delete it, with its teams, rounds and deals" in text(pages["delete"])


def test_a_mail_server_that_does_not_answer_is_said_on_the_page(client, settings, caplog):
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": port, "timeout": 5},
        }
    }
    response = sign_up(client)
    assert response.status_code == 200
    assert "L'e-mail n'a pas pu partir" in text(response)
    assert "Mail confirm could not be sent" in caplog.text


def test_adding_an_unknown_co_organizer_points_to_the_invitation(client, organizer):
    tournament = build_tournament(owner=organizer)
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:co_organizer_add", args=[tournament.slug]),
        {"username": "inconnu"},
        follow=True,
    )
    assert "invitez cette personne depuis « Mon compte »" in text(response)


@pytest.mark.shared_cache
def test_a_borrowed_session_cannot_guess_the_password_to_delete_the_account(client, organizer):
    """The password typed to delete the account is counted: after five wrong
    ones even the right one is refused, with the reason next to the field,
    and the account stays."""
    build_tournament(owner=organizer)
    client.force_login(organizer)
    tournament = Tournament.objects.get()
    form = {f"tournament_{tournament.pk}": "delete"}
    for guess in range(5):
        page = text(client.post(reverse("account_delete"), {**form, "password": f"guess{guess}"}))
        assert "Ce n'est pas votre mot de passe." in page
    page = text(client.post(reverse("account_delete"), {**form, "password": PASSWORD}))
    assert "Trop de mots de passe faux pour ce compte : réessayez dans 15 minutes." in page
    assert User.objects.filter(username="orga").exists() and Tournament.objects.exists()


@pytest.mark.shared_cache
def test_a_borrowed_session_cannot_guess_the_password_to_change_it(client, organizer):
    client.force_login(organizer)
    change = {"new_password1": "Another-long-one-42", "new_password2": "Another-long-one-42"}
    for guess in range(5):
        client.post(reverse("password_change"), {**change, "old_password": f"guess{guess}"})
    page = text(client.post(reverse("password_change"), {**change, "old_password": PASSWORD}))
    assert "Trop de mots de passe faux pour ce compte" in page
    organizer.refresh_from_db()
    assert organizer.check_password(PASSWORD)


@pytest.mark.shared_cache
def test_right_passwords_do_not_count(client, organizer):
    client.force_login(organizer)
    change = {"old_password": PASSWORD, "new_password1": PASSWORD, "new_password2": PASSWORD}
    for guess in range(4):
        client.post(reverse("password_change"), {**change, "old_password": f"guess{guess}"})
    for _ in range(3):
        answer = client.post(reverse("password_change"), change)
        assert answer.status_code == 302
