"""The leagues' template filters (league_display): a qualified team's mark."""
