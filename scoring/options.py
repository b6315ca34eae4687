"""The options of a rule profile (SPEC §7), described for a form: each
option's values, label, help and the countings it applies to; and the
countings themselves with their French names. Read by scoring/rules.py,
which builds and checks profiles from them. Must not: score a deal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

COUNTINGS: tuple[str, ...] = (
    "belote",
    "coinche",
    "contree-faits-annonces",
    "contree-faits",
    "contree-annonces",
)
CONTREE = ("contree-faits-annonces", "contree-faits", "contree-annonces")
WITH_BIDS = ("coinche", *CONTREE)

COUNTING_NAMES_FR: dict[str, str] = {
    "belote": "Belote classique FFB",
    "coinche": "Coinche FFB",
    "contree-faits-annonces": "Contrée, points faits + annoncés",
    "contree-faits": "Contrée, points faits",
    "contree-annonces": "Contrée, points annoncés",
}


@dataclass(frozen=True)
class Option:
    """One option of a rule profile (SPEC §7), described for a form."""

    name: str
    values: tuple[Any, ...]
    label: str
    help: str
    applies_to: tuple[str, ...]
    value_labels: tuple[str, ...] = ()

    def parse_text(self, text: str) -> Any:
        """The value written ``text`` on a command line (``--set name=text``)."""
        kind = type(self.values[0])
        if kind is bool:
            lowered = text.strip().lower()
            if lowered in ("true", "oui", "vrai", "1"):
                return True
            if lowered in ("false", "non", "faux", "0"):
                return False
            return text
        if kind is int:
            try:
                return int(text.strip())
            except ValueError:
                return text
        return text.strip()

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "values": list(self.values),
            "value_labels": list(self.value_labels),
            "label": self.label,
            "help": self.help,
            "applies_to": list(self.applies_to),
        }


OPTIONS: tuple[Option, ...] = (
    Option(
        "announcements",
        (True, False),
        "Annonces",
        "Avec les annonces (tierce, cinquante, cent, carrés), l'équipe qui montre la plus forte "
        "marque toutes les siennes. La belote se compte toujours, avec ou sans annonces.",
        ("belote", "coinche"),
        ("avec annonces", "sans annonces"),
    ),
    Option(
        "sa_ta",
        (False, True),
        "Sans atout et tout atout",
        "Autorise les contrats à sans atout (l'as vaut 19, pas de belote) et à tout atout "
        "(jusqu'à quatre belotes). Le total des cartes reste 162.",
        COUNTINGS,
        ("couleurs seulement", "SA et TA permis"),
    ),
    Option(
        "ta_scale",
        ("ffb", "funbelote"),
        "Barème tout atout",
        "Valeur des cartes à tout atout : FFB (valet 13, neuf 9, as 6, dix 5, roi 3, dame 2) "
        "ou FunBelote (valet 14 … dame 1). Sans effet si SA/TA n'est pas joué.",
        COUNTINGS,
        ("FFB", "FunBelote"),
    ),
    Option(
        "rounding",
        ("none", "nearest", "complement"),
        "Arrondi de la marque",
        "Au point près ; ou chaque marque à la dizaine la plus proche (85 → 90, 84 → 80) ; ou "
        "« complément » : les points des preneurs à la dizaine, 5 vers le bas (105 → 100), la "
        "défense marquant 160 moins ce nombre. L'arrondi ne fait jamais gagner un contrat.",
        COUNTINGS,
        ("au point près", "à la dizaine la plus proche", "complément à 160"),
    ),
    Option(
        "chute_base",
        (160, 162),
        "Points de chute",
        "Ce que marque la défense quand le contrat chute, avant annonces, belote et contrat : "
        "162 en belote classique FFB, 160 à la coinche et à la contrée.",
        COUNTINGS,
        ("160", "162"),
    ),
    Option(
        "chute_capot",
        ("flat", "full"),
        "Chute capot",
        "Quand les preneurs sont mis capot : la défense marque les points de chute habituels "
        "(FFB), ou la valeur du capot (252 en classique, 250 à la coinche et à la contrée).",
        COUNTINGS,
        ("points de chute habituels", "valeur du capot"),
    ),
    Option(
        "litige",
        ("pot", "chute"),
        "Litige (égalité)",
        "Belote classique, à égalité (81-81) : la défense marque ses points et ceux des preneurs "
        "sont mis en réserve pour le gagnant de la donne suivante (FFB) ; ou l'égalité compte "
        "comme une chute.",
        ("belote",),
        ("points en réserve", "compte comme une chute"),
    ),
    Option(
        "belote_protected",
        (True, False),
        "Belote imprenable",
        "Imprenable (FFB) : l'équipe qui a la belote la marque même quand elle chute. Sinon, "
        "sur une chute, la belote des preneurs passe à la défense.",
        ("belote", "coinche", "contree-faits-annonces", "contree-faits"),
        ("imprenable", "prenable"),
    ),
    Option(
        "belote_multiplied",
        (True, False),
        "Belote multipliée",
        "Coinche, contrat coinché réussi : la belote des preneurs est doublée (quadruplée) avec "
        "le reste (FFB), ou ajoutée après la multiplication.",
        ("coinche",),
        ("multipliée", "ajoutée après"),
    ),
    Option(
        "surcoinche_factor",
        (4, 3),
        "Surcoinche",
        "Multiplicateur d'une donne surcoinchée (surcontrée) : ×4 (FFB) ou ×3. Une donne "
        "coinchée est toujours multipliée par 2.",
        ("coinche", *CONTREE),
        ("×4", "×3"),
    ),
    Option(
        "contract_test",
        ("ffb", "bid_only"),
        "Réussite du contrat",
        "FFB : les preneurs doivent atteindre leur enchère ET faire plus que la défense. "
        "« Enchère seule » : atteindre l'enchère suffit (usage de la contrée).",
        ("coinche", *CONTREE),
        ("enchère et plus que la défense", "enchère seule"),
    ),
    Option(
        "announcements_count_for_contract",
        (True, False),
        "Annonces pour le contrat",
        "Les annonces comptent pour savoir si le contrat est réussi (FFB), ou seules les cartes "
        "et la belote comptent (« les annonces ne servent pas à prendre »). Elles restent "
        "marquées dans tous les cas.",
        ("belote", "coinche"),
        ("comptent", "ne comptent pas"),
    ),
    Option(
        "coinche_count",
        ("multiplied", "contract_only", "points_multiplied"),
        "Compte d'une coinche",
        "Donne coinchée (surcoinchée) : le gagnant marque (160 + contrat) × 2 (FFB) ; ou "
        "160 + contrat × 2, seul le contrat étant multiplié ; ou, contrat réussi, les preneurs "
        "marquent deux fois leur marque sans coinche et la défense garde la sienne.",
        WITH_BIDS,
        ("tout multiplié", "contrat seul multiplié", "marque des preneurs multipliée"),
    ),
    Option(
        "capot_bid_failed",
        (500, "chute"),
        "Capot demandé chuté",
        "Contrée : un capot demandé et manqué donne 500 à la défense (FunBelote), ou se compte "
        "comme toute chute d'un contrat de 250 : 160 + 250 = 410 aux points faits + annoncés "
        "(comme à la coinche FFB), 160 aux points faits et aux points annoncés.",
        CONTREE,
        ("500", "chute d'un contrat de 250"),
    ),
    Option(
        "annonces_chute",
        (160, "bid"),
        "Chute en points annoncés",
        "Contrée en points annoncés, contrat chuté sans contre : la défense marque 160, ou "
        "la valeur du contrat (l'équipe qui chute donne le contrat).",
        ("contree-annonces",),
        ("160", "le contrat"),
    ),
    Option(
        "coinche_defence",
        ("own", "zero", "multiplied", "product_rounded"),
        "Défense d'une coinche réussie",
        "Avec « marque des preneurs multipliée », contrat coinché réussi : la défense garde sa "
        "marque sans coinche, ne marque rien (sa belote seule), ou voit aussi sa marque "
        "multipliée : sa marque arrondie, multipliée (4 × 60 = 240 pour 62 points), ou ses "
        "points multipliés, puis arrondis (4 × 62 = 248, arrondi à 250).",
        ("coinche", "contree-faits-annonces", "contree-faits"),
        ("garde sa marque", "ne marque rien", "marque multipliée", "points multipliés, arrondis"),
    ),
    Option(
        "coinche_base",
        (160, "chute_base"),
        "Base d'une coinche réussie",
        "Contrat coinché réussi : les preneurs comptent sur 160 (FFB), ou sur les points de "
        "chute, comme la défense d'une chute (2 × (162 + contrat) quand la chute vaut 162).",
        ("coinche", "contree-faits-annonces", "contree-faits"),
        ("160", "points de chute"),
    ),
    Option(
        "capot_bid_marque",
        ("points", "flat"),
        "Capot demandé réussi",
        "Coinche : un capot demandé et réussi marque ses 252 points de cartes + 250 (502 au "
        "point près), ou 500 tout rond (× 2 coinché), belote et annonces en plus.",
        ("coinche",),
        ("252 + 250", "500"),
    ),
    Option(
        "capot_bid_coinched",
        ("multiplied", "contract_only"),
        "Capot demandé coinché",
        "Capot demandé, coinché et réussi : compté comme toute coinche (2 × (250 + 250) = "
        "1 000 à la coinche FFB, 500 × 2 à la contrée), ou comme en « formule atténuée » : "
        "160 + 250 × 2 = 660 (× 4 : 1 160), belote et annonces ajoutées sans multiplier.",
        ("coinche", "contree-faits-annonces"),
        ("comme toute coinche", "160 + 250 × 2"),
    ),
    Option(
        "classic_capot",
        ("points", "flat"),
        "Capot en belote classique",
        "Belote classique : un capot marque ses 252 points de cartes (la défense mise capot : "
        "les points de chute habituels ou 252), ou 250 tout rond pour l'équipe qui fait les "
        "huit plis, preneurs ou défense, belote et annonces en plus.",
        ("belote",),
        ("252 (ou points de chute)", "250 pour l'équipe capot"),
    ),
    Option(
        "classic_made",
        ("ffb", "82"),
        "Réussite en belote classique",
        "Belote classique : les preneurs réussissent en faisant plus que la défense (FFB), ou "
        "avec 82 points au moins, leurs points de cartes et leur belote, sans comparer avec la "
        "défense (les annonces ne servent pas à atteindre 82).",
        ("belote",),
        ("plus que la défense", "82 points au moins"),
    ),
    Option(
        "capot_value",
        (250, 252),
        "Valeur d'un capot",
        "Coinche : partout où un capot compte un forfait (capot coinché réussi, défense qui "
        "met les preneurs capot avec « valeur du capot »), 250, ou ses 252 points de cartes.",
        ("coinche",),
        ("250", "252"),
    ),
    Option(
        "annonces_belote",
        (False, True),
        "Belote en points annoncés",
        "Contrée en points annoncés : la belote aide seulement à réussir, ou elle est aussi "
        "marquée, 20 points à l'équipe qui l'a, même sur une chute.",
        ("contree-annonces",),
        ("aide seulement à réussir", "marquée à qui l'a"),
    ),
    Option(
        "capot_bonus",
        (True, False),
        "Prime du capot non demandé",
        "Capot fait sans avoir été demandé : les preneurs marquent le capot (252 + contrat à "
        "la coinche, 250 + contrat à la contrée), ou sans prime leurs 162 points + le contrat "
        "(260 pour 100, arrondi).",
        ("coinche", "contree-faits-annonces", "contree-faits"),
        ("avec la prime du capot", "sans prime : 162 + contrat"),
    ),
    Option(
        "generale",
        ("off", "flat", "contract"),
        "Générale",
        "Un seul joueur annonce qu'il fera les huit plis à lui seul : non jouée (FFB) ; ou 500 "
        "à qui gagne la donne, aux preneurs si elle est faite, à la défense sinon (× 2 "
        "coinchée : 1 000) ; ou comptée comme un contrat de 500 : faite 500, chutée 160 + 500 "
        "à la défense, coinchée 160 + 500 × 2. Belote et annonces s'ajoutent sans être "
        "multipliées.",
        WITH_BIDS,
        ("non jouée", "500 (× 2 coinchée)", "contrat de 500 (chute 160 + 500)"),
    ),
)
OPTIONS_BY_NAME: dict[str, Option] = {option.name: option for option in OPTIONS}
OPTION_NAMES: tuple[str, ...] = tuple(OPTIONS_BY_NAME)
#: The options that are a club's own count (SPEC §7.1, §7.2 and issue 62's),
#: every one after ``coinche_count``: not what the game is (announcements,
#: SA/TA, the belote…) but how a club marks it.
CLUB_COUNTS: tuple[str, ...] = OPTION_NAMES[OPTION_NAMES.index("coinche_count") :]
