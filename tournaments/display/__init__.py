"""What is displayed: the one place for labels and sentences shown to people.

Contract labels, side labels, suit signs, coinche labels, standings columns,
the players' line, and the sentences that explain an engine's or a draw's
refusal. Templates (through the template filters of ``tournaments_display``),
the PDFs and the exports read them from here. Must not: query the database,
compute a score or decide a rule; it turns values into words.
"""
