"""Organizer accounts: a sign-up makes an inactive account that its
confirmation link activates once; an address has one account; deleting an
account hands its tournaments over or deletes them."""

from __future__ import annotations

import datetime
import time

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core import signing

from tests.factories import PASSWORD, build_tournament
from tournaments.models import Change, SignUp, Tournament
from tournaments.services import accounts
from tournaments.services.errors import TournamentError
from tournaments.services.tournaments import add_co_organizer

pytestmark = pytest.mark.django_db
User = get_user_model()


def sign_up(username="lucie", email="lucie@club.fr", **extra):
    return accounts.sign_up(
        username=username, email=email, password=PASSWORD, language="fr", **extra
    )


class OldTokens(accounts.ConfirmationTokenGenerator):
    """Tokens made four days ago (the links last three)."""

    def _now(self):
        return datetime.datetime.now() - datetime.timedelta(days=4)


def test_a_sign_up_makes_an_inactive_account_that_cannot_log_in():
    result = sign_up()
    assert result.created
    user = User.objects.get(username="lucie")
    assert not user.is_active
    assert user.sign_up.confirmed_at is None
    assert authenticate(username="lucie", password=PASSWORD) is None


def test_the_confirmation_link_activates_the_account_once():
    user = sign_up().user
    token = accounts.confirmation_tokens.make_token(user)
    found = accounts.confirmation_link_user(accounts.uid(user), token)
    assert found == user
    accounts.confirm_account(user=found)
    assert authenticate(username="lucie", password=PASSWORD) == user
    # The same link again: dead, since the account is active now.
    assert accounts.confirmation_link_user(accounts.uid(user), token) is None


@pytest.mark.parametrize(
    "tamper",
    [
        lambda uid, token: (uid, token[:-1] + ("a" if token[-1] != "a" else "b")),
        lambda uid, token: (uid, "x" + token),
        lambda uid, token: ("Zm9v", token),  # another id
        lambda uid, token: ("!!", token),
        lambda uid, token: (uid, "set-password"),
    ],
    ids=["token", "prefix", "other-id", "garbage-id", "word"],
)
def test_a_tampered_link_confirms_nothing(tamper):
    user = sign_up().user
    uid, token = tamper(accounts.uid(user), accounts.confirmation_tokens.make_token(user))
    assert accounts.confirmation_link_user(uid, token) is None


def test_an_expired_link_confirms_nothing():
    user = sign_up().user
    old = OldTokens().make_token(user)
    assert accounts.confirmation_link_user(accounts.uid(user), old) is None


def test_a_password_reset_token_does_not_confirm():
    from django.contrib.auth.tokens import default_token_generator

    user = sign_up().user
    token = default_token_generator.make_token(user)
    assert accounts.confirmation_link_user(accounts.uid(user), token) is None


def test_an_account_made_by_an_administrator_is_not_confirmed_by_a_link():
    admin_made = User.objects.create_user("ancien", "ancien@club.fr", PASSWORD, is_active=False)
    token = accounts.confirmation_tokens.make_token(admin_made)
    assert accounts.confirmation_link_user(accounts.uid(admin_made), token) is None


def test_an_address_has_one_account_whatever_its_case():
    user = sign_up().user
    accounts.confirm_account(user=user)
    again = sign_up(username="lucie2", email="  Lucie@CLUB.fr ")
    assert not again.created
    assert again.user == user
    assert not User.objects.filter(username="lucie2").exists()


def test_an_address_of_an_administrator_made_account_is_taken():
    old = User.objects.create_user("ancien", "Ancien@Club.fr", PASSWORD)
    result = sign_up(username="nouveau", email="ancien@club.fr")
    assert (result.created, result.user) == (False, old)


def test_a_new_sign_up_replaces_an_unconfirmed_one_with_the_same_address():
    first = sign_up(username="squatteur").user
    second = sign_up(username="lucie").user
    assert not User.objects.filter(pk=first.pk).exists()
    assert SignUp.objects.get().user == second
    # The first link died with its account.
    token = accounts.confirmation_tokens.make_token(first)
    assert accounts.confirmation_link_user(accounts.uid(first), token) is None


def test_the_same_name_again_with_the_same_address_is_a_new_try():
    first = sign_up().user
    second = sign_up().user
    assert first.pk != second.pk
    assert User.objects.filter(username="lucie").count() == 1


def test_a_name_is_taken_whatever_its_case_unless_it_waits_with_another_address():
    User.objects.create_user("Lucie", "autre@club.fr", PASSWORD)
    with pytest.raises(TournamentError) as refused:
        sign_up(username="lucie")
    assert refused.value.field == "username"
    sign_up(username="paul", email="paul@club.fr")
    with pytest.raises(TournamentError):
        sign_up(username="PAUL", email="autre-paul@club.fr")


def test_unconfirmed_accounts_older_than_the_link_are_removed():
    stale = sign_up(username="ancien", email="ancien@club.fr").user
    SignUp.objects.filter(user=stale).update(
        created_at=SignUp.objects.get(user=stale).created_at - datetime.timedelta(days=4)
    )
    fresh = sign_up(username="recent", email="recent@club.fr").user
    assert accounts.purge_stale_sign_ups() == 0  # already done by the sign-up
    assert not User.objects.filter(pk=stale.pk).exists()
    assert User.objects.filter(pk=fresh.pk).exists()
    # Its name is free again.
    assert sign_up(username="ancien", email="autre@club.fr").created


def test_an_invited_account_is_active_at_once(organizer):
    token = accounts.invitation_token(email="invite@club.fr", by=organizer)
    invitation = accounts.read_invitation(token)
    assert invitation.email == "invite@club.fr"
    assert invitation.by == organizer
    user = sign_up(username="invite", email=invitation.email, invited_by=organizer).user
    assert user.is_active
    assert user.sign_up.invited_by == organizer
    # Once used, the invitation opens nothing.
    assert accounts.read_invitation(token) is None


class EightDaysAgo(signing.TimestampSigner):
    def timestamp(self) -> str:
        return signing.b62_encode(int(time.time()) - 8 * 24 * 3600)


def test_a_tampered_expired_or_foreign_invitation_opens_nothing(organizer):
    token = accounts.invitation_token(email="invite@club.fr", by=organizer)
    payload, signature = token.rsplit(":", 1)
    assert accounts.read_invitation(f"{payload}:{signature[::-1]}") is None
    value = {"email": "invite@club.fr", "by": organizer.pk}
    assert (
        accounts.read_invitation(EightDaysAgo(salt=accounts.INVITATION_SALT).sign_object(value))
        is None
    )
    assert accounts.read_invitation(signing.dumps(value, salt="another.use")) is None
    assert accounts.read_invitation(signing.dumps(value, salt=accounts.INVITATION_SALT)) is not None


# --- deleting an account ---


@pytest.fixture
def helper(django_user_model):
    return django_user_model.objects.create_user("benevole", "b@club.fr", PASSWORD)


def test_deleting_an_account_hands_a_tournament_to_a_co_organizer(organizer, helper):
    kept = build_tournament(owner=organizer, name="Concours de printemps")
    add_co_organizer(tournament=kept, username="benevole", by=organizer)
    gone = build_tournament(owner=organizer, name="Concours d'été")
    done = accounts.delete_account(user=organizer, handovers={kept.pk: helper.pk, gone.pk: None})
    assert done.handed_over == [("Concours de printemps", "benevole")]
    assert done.deleted == ["Concours d'été"]
    assert not User.objects.filter(username="orga").exists()
    kept.refresh_from_db()
    assert kept.owner == helper
    assert not kept.co_organizers.exists()
    assert not Tournament.objects.filter(pk=gone.pk).exists()
    line = kept.changes.get(action=Change.Action.OWNER_CHANGED)
    assert (line.before, line.after) == ({"owner": "orga"}, {"owner": "benevole"})
    # The history keeps the lines the deleted account wrote.
    assert kept.changes.filter(action=Change.Action.TOURNAMENT_CREATED).exists()


def test_a_tournament_goes_only_to_one_of_its_co_organizers(organizer, helper):
    tournament = build_tournament(owner=organizer)
    with pytest.raises(TournamentError) as refused:
        accounts.delete_account(user=organizer, handovers={tournament.pk: helper.pk})
    assert refused.value.field == f"tournament_{tournament.pk}"
    assert User.objects.filter(pk=organizer.pk).exists()
    assert Tournament.objects.get(pk=tournament.pk).owner == organizer


def test_every_owned_tournament_must_be_decided(organizer, helper):
    first = build_tournament(owner=organizer, name="Un")
    second = build_tournament(owner=organizer, name="Deux")
    with pytest.raises(TournamentError):
        accounts.delete_account(user=organizer, handovers={first.pk: None})
    assert Tournament.objects.filter(pk__in=[first.pk, second.pk]).count() == 2
    # Nor may a tournament of someone else be named.
    other = build_tournament(owner=helper, name="Autre")
    with pytest.raises(TournamentError):
        accounts.delete_account(
            user=organizer, handovers={first.pk: None, second.pk: None, other.pk: None}
        )
    assert Tournament.objects.count() == 3


def test_a_refusal_late_in_the_list_leaves_everything_as_it_was(organizer, helper):
    deleted_first = build_tournament(
        owner=organizer, name="A supprimer", date=datetime.date(2027, 1, 1)
    )
    refused = build_tournament(owner=organizer, name="Sans co-organisateur")
    with pytest.raises(TournamentError):
        accounts.delete_account(
            user=organizer, handovers={deleted_first.pk: None, refused.pk: helper.pk}
        )
    assert Tournament.objects.filter(pk=deleted_first.pk).exists()
    assert User.objects.filter(pk=organizer.pk).exists()


def test_a_co_organizer_leaving_is_in_the_tournament_s_history(organizer, helper):
    tournament = build_tournament(owner=organizer)
    add_co_organizer(tournament=tournament, username="benevole", by=organizer)
    accounts.delete_account(user=helper, handovers={})
    assert not tournament.co_organizers.exists()
    line = tournament.changes.order_by("-pk").first()
    assert (line.action, line.before) == (Change.Action.CO_ORGANIZER_LEFT, {"user": "benevole"})


def test_an_administrator_account_is_not_deleted_here(django_user_model):
    admin = django_user_model.objects.create_superuser("admin", "a@club.fr", PASSWORD)
    with pytest.raises(TournamentError):
        accounts.delete_account(user=admin, handovers={})
    assert django_user_model.objects.filter(pk=admin.pk).exists()


def test_a_new_account_manages_none_of_the_others_tournaments(organizer, helper):
    build_tournament(owner=organizer)
    shared = build_tournament(owner=organizer, name="Partagé")
    add_co_organizer(tournament=shared, username="benevole", by=organizer)
    newcomer = sign_up().user
    accounts.confirm_account(user=newcomer)
    assert not Tournament.objects.managed_by(newcomer).exists()
    assert list(Tournament.objects.managed_by(helper)) == [shared]
