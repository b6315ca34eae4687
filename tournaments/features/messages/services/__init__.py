"""The messages feature's writes, one module per concern (consent, outbox,
sending, notices, tasks, channels, demo); import each by name."""
