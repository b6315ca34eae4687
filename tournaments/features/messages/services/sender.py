"""Who the players' messages come from: the organizer's club, set once for
every concours of the account (issue 54, item 2: they came from
« belote-tournois@localhost »). Its name is the mail's sender, its address
where the players' answers go. Must not: send (sending.py, channels.py)."""

from __future__ import annotations

from tournaments.features.messages.models import Sender


def club_of(tournament) -> Sender | None:
    """The club its organizer named as the sender, if any."""
    return Sender.objects.filter(owner_id=tournament.owner_id).first()


def sender_of(tournament) -> tuple[str, str]:
    """(the sender's name, the address answers go to) of the concours's
    messages: its organizer's club, else the concours's name and none."""
    sender = club_of(tournament)
    return (sender.name, sender.reply_to) if sender else (tournament.name, "")


def set_sender(*, owner, name: str, reply_to: str) -> Sender:
    """The club's name and address, for every concours of `owner`."""
    sender, _created = Sender.objects.update_or_create(
        owner=owner, defaults={"name": name, "reply_to": reply_to}
    )
    return sender
