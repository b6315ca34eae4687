"""The demo's people and what they win: French first and last names
(accents and hyphens on purpose, so that every page and document
shows them), which first names are women's, the lots and the clubs.
Read by `manage.py demo` (demo/) and by the features' demo data (the
calendar's coming concours)."""

FIRST_NAMES = [
    "Amélie",
    "Benoît",
    "Céline",
    "Clément",
    "Danièle",
    "Éric",
    "Élodie",
    "François",
    "Gérard",
    "Hélène",
    "Jérôme",
    "Joëlle",
    "Léa",
    "Loïc",
    "Maëlle",
    "Noël",
    "Océane",
    "Pascal",
    "Renée",
    "Stéphane",
    "Thérèse",
    "Valérie",
    "Yannick",
    "Zoé",
    "André",
    "Brigitte",
    "Cécile",
    "Denis",
    "Émile",
    "Françoise",
    "Grégoire",
    "Inès",
]
LAST_NAMES = [
    "Lefèvre",
    "Bérard",
    "Château",
    "Dupré",
    "Évrard",
    "Fourné",
    "Gaillard",
    "Hébert",
    "Jolivet",
    "Lacôte",
    "Mégret",
    "Noël",
    "Perrière",
    "Quéré",
    "Rousseau",
    "Sénéchal",
    "Thébault",
    "Vallée",
    "Brûlé",
    "Crépeau",
    "Daumié",
    "Féraud",
    "Guérin",
    "Lemaître",
    "Marchand",
    "Pélissier-Roux",
    "Rivière",
    "Ségur",
    "Tessié",
    "Verdier",
    "Allègre",
    "Bouché",
]
#: The first names of the women among FIRST_NAMES: a team of two of them is
#: in the demo's special ranking, « Meilleure équipe féminine ».
WOMEN = {
    "Amélie",
    "Céline",
    "Danièle",
    "Élodie",
    "Hélène",
    "Joëlle",
    "Léa",
    "Maëlle",
    "Océane",
    "Renée",
    "Thérèse",
    "Valérie",
    "Zoé",
    "Brigitte",
    "Cécile",
    "Françoise",
    "Inès",
}
#: The lots, as the organizer types them: every team primed (23 lots by
#: rank and the lanterne rouge for the 24th).
LOTS = """Jambon de pays ; 80 €
2 × Canard gras ; 35 €
4 × Filet garni ; 25 €
6 × Bouteille de vin de Cahors ; 12 €
10 × Bouteille de cidre ; 5 €"""
LANTERN = "Lanterne rouge : un saucisson ; 6 €"
WOMEN_LOTS = "Bouquet de fleurs et chocolats ; 30 €"
CLUBS = [
    "Belote Club de Saint-Éloi",
    "Les As de Trèfle",
    "Amicale des Coincheurs",
    "Cercle de la Belle Époque",
    "",
]
