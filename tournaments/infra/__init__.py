"""What the app runs on rather than what it does: throttles, the
freshness (poll) and body-limit middleware, the tables' links and the
hall's address, mail, and the SQLite backend that queues writers.
"infra" because none of it knows belote: it could carry another app.
It may read the models (a throttle counts rows), never a service."""
