"""The concours' own rules, as plain values in and plain values out: the
draws (pairing), the ranking (standings), pools and brackets, lots
(prizes) and special rankings (categories), the season challenge, the
partie clock's arithmetic, money, partners for players who came alone,
name folding for search, and the shapes of a deal's entry.

Nothing here imports Django or reads the database, so every rule is
tested with tables and Hypothesis properties alone (as `scoring` is for
the deal itself). "domain" because these are the rules of the domain, a
belote concours, apart from the web and the storage that carry them."""
