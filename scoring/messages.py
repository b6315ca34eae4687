"""The French sentences of the engine's errors: one table, message key → template.

Responsible for: the text of every :class:`~scoring.errors.ScoringError`, as a
``%``-template whose ``%(name)s`` placeholders are filled from the error's
``params``. The key is stable: the Django side looks it up to show its own
translated sentence (``tournaments/display/errors.py``), so renaming a key or
changing what its params mean is an interface change. Must not: translate,
or be read on the hot path (a template is formatted only when raising).

Conventions for params: ``value`` is a user value already rendered by
:func:`scoring.errors.show`; ``team`` is a side code, ``"A"`` or ``"B"``;
``field`` a JSON field name. A template only uses strings and ints; a param
that the Django side may want in another shape (a list of codes, a raw
option value) is given as an extra param the template does not use.
"""

from __future__ import annotations

_WHERE = "Annonce %(position)s de l'équipe %(team)s : "

MESSAGES: dict[str, str] = {
    # -- reading the input (code json) --
    "deal_not_object": "Une donne doit être un objet JSON {...}, pas %(value)s.",
    "deal_unknown_field": (
        "Champ inconnu %(value)s. Champs d'une donne : taker, trump, bid, coinche, points, "
        "capot, generale, belote, announcements, announcement_points, rules."
    ),
    "line_empty": "Ligne vide : une donne (objet JSON) est attendue.",
    "line_unreadable": "Ligne illisible : ce n'est pas du JSON valide.",
    "line_not_object": "Une ligne doit être un objet JSON (une donne), pas %(value)s.",
    "internal": "Erreur interne du moteur sur cette ligne : signalez-la.",
    "game_unreadable": "Entrée illisible : une partie (objet JSON) est attendue.",
    "game_not_object": "Une partie doit être un objet JSON, pas %(value)s.",
    "game_unknown_field": "Champ inconnu %(value)s : une partie a rules, end et deals.",
    "game_deals_not_list": "« deals » doit être une liste de donnes, pas %(value)s.",
    "game_deal_after_end": (
        "La partie est finie après la donne %(played)s : cette donne est en trop."
    ),
    # -- rule profiles (code rules) --
    "rules_unknown_preset": "Règles inconnues : %(value)s. Règles possibles : %(presets)s.",
    "rules_unknown_option": "Option inconnue : %(value)s. Options possibles : %(options)s.",
    "rules_bad_value": (
        "Valeur %(value)s refusée pour l'option %(option)s (%(label)s) : "
        "valeurs possibles %(allowed)s."
    ),
    "rules_option_fixed": (
        "L'option %(option)s (%(label)s) ne se règle pas en %(counting_name)s : "
        "elle y vaut toujours %(current)s."
    ),
    "rules_not_object": "Les règles doivent être un nom de règles ou un objet, pas %(value)s.",
    "rules_no_preset": 'Les règles doivent nommer leur base : ajoutez "preset".',
    "rules_version": (
        "Version %(value)s des règles %(preset)s inconnue : versions connues %(versions)s."
    ),
    "rules_counting_mismatch": (
        "Le décompte %(value)s ne correspond pas aux règles %(preset)s (%(counting)s)."
    ),
    "rules_in_deal": (
        "Les règles se fixent pour toute la partie, pas pour une donne : retirez « rules »."
    ),
    "game_end_invalid": (
        'Fin de partie invalide : {"deals": n} (nombre de donnes) ou {"target": n} '
        "(points à atteindre), n entier positif ; reçu %(value)s."
    ),
    "cli_set_form": "--set %(value)s : la forme attendue est OPTION=VALEUR.",
    "cli_rules_unreadable": "--rules : objet JSON illisible.",
    # -- taker --
    "taker_unknown": 'Preneurs %(value)s inconnus : "A", "B" ou null (donne passée).',
    "passed_deal_filled": (
        "Donne passée (aucun preneur) mais %(fields)s rempli : "
        'indiquez les preneurs ("A" ou "B"), ou videz ces champs.'
    ),
    # -- trump --
    "trump_not_played": (
        "Contrat à %(trump_name)s refusé : ces règles ne jouent pas le sans atout "
        "ni le tout atout (option sa_ta). Atouts possibles : %(allowed)s."
    ),
    "trump_missing": "Atout manquant : %(allowed)s.",
    "trump_unknown": "Atout %(value)s inconnu : %(allowed)s.",
    # -- bid --
    "bid_in_classic": "Pas d'enchère à la belote classique : retirez « bid ».",
    "bid_missing": (
        "Enchère manquante ou invalide : un multiple de %(step)s à partir de %(min)s, "
        'ou "capot" (reçu %(value)s).'
    ),
    "bid_generale_not_played": (
        "Générale refusée : ces règles ne jouent pas la générale (option generale)."
    ),
    "bid_out_of_range": (
        'Enchère %(bid)s impossible : un multiple de %(step)s de %(min)s à %(max)s, ou "capot".'
    ),
    # -- coinche --
    "coinche_invalid": ("Coinche %(value)s invalide : 0 (aucune), 1 (coinché) ou 2 (surcoinché)."),
    "coinche_in_classic": "Pas de coinche à la belote classique : mettez 0.",
    # -- capot --
    "capot_invalid": 'Capot %(value)s invalide : "A", "B" ou null.',
    "generale_invalid": 'Générale %(value)s invalide : "A", "B" ou null.',
    "generale_not_capot": (
        "Générale de l'équipe %(team)s : c'est aussi son capot, pas celui de l'équipe %(capot)s."
    ),
    # -- points --
    "points_missing": "Points manquants : indiquez les points de cartes d'au moins une équipe.",
    "points_not_int": (
        "Points de l'équipe %(team)s : un nombre entier est attendu, pas %(value)s."
    ),
    "points_capot": (
        "Capot de l'équipe %(team)s : elle a 252 points et l'autre 0 (ici A %(a)s, B %(b)s)."
    ),
    "points_252_without_capot": (
        '252 points pour l\'équipe %(team)s : c\'est un capot, indiquez "capot": "%(team)s".'
    ),
    "points_out_of_range": ("Points de l'équipe %(team)s : %(value)s est impossible (de 0 à 162)."),
    "points_sum": "Les points des deux équipes doivent faire 162 (ici %(total)s).",
    "points_one": "Aucun jeu de cartes ne vaut 1 point : %(a)s–%(b)s est une erreur de saisie.",
    # -- a {"A": …, "B": …} field (points, belote, announcements, announcement_points) --
    "team_object_expected": '« %(field)s » doit être un objet {"A": n, "B": n}, pas %(value)s.',
    "unknown_team": "« %(field)s » : équipe %(value)s inconnue (A ou B).",
    # -- belote --
    "belote_not_int": (
        "Belotes de l'équipe %(team)s : un nombre entier positif est attendu, pas %(value)s."
    ),
    "belote_at_no_trump": "Pas de belote à sans atout.",
    "belote_too_many_all_trump": "Au plus 4 belotes à tout atout (ici %(count)s).",
    "belote_too_many": "Une seule belote possible à la couleur (ici %(count)s).",
    # -- announcements --
    "announcements_both_forms": (
        "Donnez les annonces soit en détail (« announcements »), soit en points "
        "(« announcement_points »), pas les deux."
    ),
    "announcements_not_played": "Ces règles se jouent sans annonces (hors belote).",
    "announcements_not_object": (
        '« announcements » doit être un objet {"A": [...], "B": [...]}, pas %(value)s.'
    ),
    "announcements_not_list": (
        "Les annonces de l'équipe %(team)s doivent être une liste, pas %(value)s."
    ),
    "announcement_not_object": _WHERE + "un objet {kind, high, suit} est attendu, pas %(value)s.",
    "announcement_unknown_field": _WHERE + "champ inconnu %(value)s (kind, high, suit).",
    "announcement_unknown_kind": (
        _WHERE + "sorte %(value)s inconnue (tierce, cinquante, cent ou carre)."
    ),
    "announcement_unknown_high": (
        _WHERE + "hauteur %(value)s inconnue (7, 8, 9, 10, J, Q, K ou A)."
    ),
    "announcement_carre_suit": _WHERE + "un carré n'a pas de couleur (retirez « suit »).",
    "announcement_unknown_suit": _WHERE + "couleur %(value)s inconnue (S, H, D ou C).",
    "announcement_too_low": (
        _WHERE + "une %(kind_name)s de %(size)s cartes ne peut pas finir au %(high)s ; "
        "la plus basse finit au %(lowest)s (ordre 7 8 9 10 J Q K A)."
    ),
    "announcement_card_twice": (
        "L'équipe %(team)s déclare %(first)s et %(second)s : une carte ne peut compter "
        "que pour une seule annonce."
    ),
    "announcements_too_many_cards": (
        "Les annonces de l'équipe %(team)s ne tiennent pas dans deux mains de huit cartes."
    ),
    "announcement_same_carre": (
        "Les deux équipes déclarent un carré de %(high)s : un carré n'est tenu que par une équipe."
    ),
    "announcements_share_a_card": "Les annonces des deux équipes utilisent une même carte.",
    "belote_cards_announced": (
        "L'équipe %(team)s annonce %(count)s belote(s), mais les annonces adverses "
        "utilisent le roi ou la dame d'atout."
    ),
    "belotes_and_announcements": (
        "Les belotes annoncées ne sont pas compatibles avec les annonces déclarées."
    ),
    "announcement_points_not_int": (
        "Points d'annonces de l'équipe %(team)s : un entier positif est attendu, pas %(value)s."
    ),
    "announcement_points_impossible": (
        "Points d'annonces de l'équipe %(team)s : %(value)s ne peut pas être obtenu "
        "avec des tierces (20), cinquantes (50), cents (100) et carrés (100, 150, 200)."
    ),
    "announcement_points_both_teams": (
        "Une seule équipe marque ses annonces : l'autre doit avoir 0 (ici %(a)s et %(b)s)."
    ),
}
