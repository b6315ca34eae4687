"""Messages to players (issue 40): their result, their table, their place
on the waiting list, by e-mail, only to those who agreed, queued in the
database and sent once, later when the hall has no internet.

- `models`: who agreed (`Consent`, per concours and team), each mailbox's
  confirmation and site-wide stop (`Mailbox`), each message (`Message`).
- `consent`: the use-cases of agreeing and stopping.
- `outbox`: what is due (results of final concours, tables announced, a
  waiting team's place, the organizer's message) written as messages.
- `sending`: the messages due sent through a channel, exactly once.
- `channels`: the channel interface and e-mail, the one shipped.
- `tasks`: the task of Django's task framework that sends, and repeats
  itself every few minutes while messages wait.
- `texts`: the words of each message, in the player's language.

The core (tournaments' models, services, views) never imports this package.
"""
