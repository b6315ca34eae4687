"""French help texts of the command line (``python -m scoring --help``).

Responsible for: explaining to a scorer or an organizer, in French, the deal
fields, the outputs and every interpretation choice the engine makes where
the rule texts disagree. Must not: hold any value the engine computes with.
"""

from __future__ import annotations

MAIN = """\
Moteur de marque de la belote, de la coinche et de la contrée.

Les règles en vigueur sont un profil nommé (--rules), éventuellement modifié
option par option (--set OPTION=VALEUR). Profils : ffb-belote (par défaut),
ffb-coinche, contree-faits-annonces, contree-faits, contree-annonces.
Options : announcements, sa_ta, ta_scale, rounding, chute_base, chute_capot,
litige, belote_protected, belote_multiplied, surcoinche_factor,
contract_test, announcements_count_for_contract, coinche_count,
capot_bid_failed, annonces_chute, coinche_defence, coinche_base,
capot_bid_marque, capot_bid_coinched, classic_capot, classic_made,
capot_value, annonces_belote, capot_bonus, generale (« python -m scoring rules
--all » les décrit toutes).
Chaque profil a des versions : un profil enregistré avec "version": n se
rejoue toujours en version n ; sans version, c'est la dernière
(--set version=1, ou {"preset": …, "version": 1}).

Commandes :
  deal     une donne par ligne (JSON Lines) sur l'entrée, une marque par ligne
  partie   une partie (objet JSON) sur l'entrée, le détail et les totaux
  explain  une donne par ligne : sa marque et les étapes qui y mènent
  rules    affiche un profil de règles (JSON) et son résumé en français
"""

FIELDS = """\
Champs d'une donne (un objet JSON par ligne) :
  taker    "A" (Nord/Sud) ou "B" (Est/Ouest) : l'équipe des preneurs ;
           null ou absent : tout le monde a passé (rien d'autre à remplir).
  trump    "S" pique, "H" cœur, "D" carreau, "C" trèfle, "SA" sans atout,
           "TA" tout atout (SA et TA seulement avec sa_ta=true).
  bid      coinche et contrée : multiple de 10 à partir de 80, ou "capot"
           (les huit plis, contrat de 250), ou "generale" (un joueur seul
           fait les huit plis ; avec generale=flat ou contract seulement).
           Absent en belote classique.
  coinche  0 (aucune), 1 (coinché, ×2), 2 (surcoinché, ×4 ou ×3).
  points   {"A": n, "B": n} points de cartes dix de der compris (total 162) ;
           une équipe peut manquer (162 moins l'autre) ; tout peut manquer
           avec un capot (252 pour l'équipe capot, 0 pour l'autre).
  capot    "A" ou "B" : l'équipe qui a fait les huit plis ; null sinon.
  generale "A" ou "B" : un joueur de cette équipe a fait seul les huit plis
           (c'est aussi son capot) ; null sinon. Sans générale demandée,
           elle se compte comme un capot.
  belote   {"A": n, "B": n} nombre de belotes (1 au plus à la couleur,
           0 à sans atout, 4 au plus à tout atout).
  announcements        {"A": [annonce…], "B": [annonce…]}, chaque annonce
           {"kind": "tierce"|"cinquante"|"cent"|"carre", "high": "7"…"A",
            "suit": "S"|"H"|"D"|"C"} (pas de suit pour un carré ; high est la
           carte du haut d'une suite, dans l'ordre 7 8 9 10 J Q K A) ;
  announcement_points  ou bien {"A": n, "B": n} déjà résolus (une seule
           équipe non nulle). Pas les deux.
  rules    (facultatif) un nom de profil ou {"preset": NOM, OPTION: VALEUR…}
           qui remplace les règles de la ligne de commande pour cette ligne.

Réponse : {"A": n, "B": n, "outcome": "made"|"chute"|"litige"|"passed",
"pot": n, "card_points": {…}, "announcements": {…}} — les marques de la donne
(sans la réserve d'un litige précédent) et la réserve (pot) qu'elle crée.
Erreur : {"error": {"code": CODE, "message": "…"}} ; CODE est le premier champ
fautif dans l'ordre json, rules, taker, trump, bid, coinche, capot, points,
belote, announcement. Une ligne fausse n'arrête pas les autres ; le code de
sortie vaut 1 si une ligne au moins était fausse.
"""

PARTIE = """\
Entrée : un objet {"rules": …, "end": {"deals": 12} | {"target": 1000},
"deals": [donne, …]} (ou un tel objet par ligne).
Sortie : {"deals": [{"A", "B", "outcome", "totals": {"A", "B"}, "pot"}…],
"totals": {"A", "B"}, "finished": bool, "winner": "A"|"B"|null,
"lost_pot": n}. Les marques d'une donne comprennent la réserve qu'elle a
gagnée ; « pot » est la réserve en attente après elle. Une donne fausse donne
{"error": {"code", "message", "deal": rang}} (rang compté à partir de 0).
"""

EXPLAIN = """\
Entrée : une donne par ligne, comme pour « deal ».
Sortie : {"A", "B", "outcome", "pot", "steps": [{"key": …, …}…]} : les
étapes du calcul (contract, scale, capot, announcements, test, complement,
belote, litige, marque…), chacune avec ses nombres ; une marque est
factor × (somme des terms) + somme des extra, puis arrondie. Une donne
fausse donne la même erreur que « deal ».
"""

CHOICES = """\
Choix d'interprétation (les textes de règles divergent ; la lecture FFB
l'emporte) :
- Arrondi « nearest » : chaque marque et la réserve à la dizaine la plus
  proche, 5 vers le haut (85 → 90, 84 → 80). « complement » : les points de
  cartes des preneurs à la dizaine, 5 vers le bas (64 → 60, 105 → 100,
  106 → 110), la défense ayant 160 moins ce nombre, quand les deux équipes
  marquent leurs cartes (contrat réussi sans capot ni coinche, litige).
  L'arrondi ne fait jamais réussir un contrat.
- Une carte ne compte que pour une annonce ; les annonces d'une équipe
  tiennent dans deux mains de huit cartes ; un carré de 8 ou de 7 vaut 0 et
  ne départage rien ; des annonces adverses qui prennent le roi ou la dame
  d'atout interdisent la belote.
- Donne passée : aucun autre champ rempli (sinon erreur « taker »). Champ
  inconnu : erreur « json ». Enchère impossible à réaliser : erreur « bid ».
- Belote classique : avec announcements_count_for_contract=false, le litige
  se juge aussi sur cartes + belote.
- Coinche coinchée réussie : base 160 (250 après un capot), quel que soit
  chute_base. belote_multiplied=false ne change que le contrat coinché réussi.
  Belote prenable (belote_protected=false) : sur une chute, la belote des
  preneurs rejoint les points de la défense avant multiplication.
- Contrée : l'équipe « capot » qui garde sa belote est celle qui n'a fait
  aucun pli ; une équipe qui a demandé capot et chute perd sa belote ; sur
  une donne contrée le perdant ne marque rien (sa belote est perdue, sauf
  s'il n'a fait aucun pli). En points annoncés la belote ne se marque jamais et un
  capot demandé chuté non contré donne 160 à la défense. Enchère seule
  (contract_test=bid_only) par défaut en contrée.
- Compte d'une coinche (coinche_count) : « multiplied », le gagnant marque
  (160 + contrat) × 2 ; « contract_only », 160 + contrat × 2 (250 au lieu de
  160 pour un capot fait par les preneurs, même en contrée), annonces et
  belotes non multipliées ; rien ne change là où aucun contrat n'est
  multiplié (contrée points faits : 160 × 2 ; capot demandé en contrée :
  500 × 2 ; points annoncés). « points_multiplied » : contrat réussi, les
  preneurs marquent 2 × leur marque sans coinche (la belote ajoutée après
  si belote_multiplied=false, à la coinche), la défense garde la sienne ;
  une chute se compte comme « multiplied ».
- Capot demandé chuté en contrée (capot_bid_failed=chute) : une chute d'un
  contrat de 250 sur la base habituelle (160), la belote des preneurs allant
  comme sur toute chute. Version 2 des profils contrée en points faits :
  chute_capot=full, un capot fait par la défense contre un contrat ni
  contré ni capot demandé se compte comme un capot non demandé (250, ou
  250 + contrat). Contrée, sur une donne contrée, un capot ne change rien,
  quelle que soit l'équipe qui fait les huit plis : 320 (640), ou
  (160 + contrat) × 2 (SPEC §6, « Le contre vaut 320 points », texte 000 ;
  le texte 003 compte 250 × 2 dans les deux cas) ; contract_only garde
  250 + contrat × 2, pour l'une comme pour l'autre.
- Comptes de club (aucun n'est celui d'un profil) : annonces_chute=bid, en
  points annoncés une chute non contrée donne le contrat à la défense (250
  pour un capot demandé ; un capot de la défense avec chute_capot=full
  garde ses 250). coinche_defence, avec points_multiplied, contrat coinché
  réussi : « zero », la défense marque ce que lui laisse « multiplied » (sa
  belote à la coinche ; en contrée seulement imprenable ou sans pli) ;
  « multiplied », 2 × sa marque sans coinche. coinche_base=chute_base : un
  contrat coinché réussi compte sur chute_base, (162 + contrat) × 2 (250
  pour le capot des preneurs à la coinche). capot_bid_marque=flat (coinche) :
  un capot demandé réussi marque 500 au lieu de 252 + 250, sans coinche ou
  en points_multiplied ; belote et annonces en plus.
- Générale (generale, non jouée par défaut) : « flat », 500 à qui gagne la
  donne (× 2 coinchée, 1 000) ; « contract », un contrat de 500 : faite 500,
  coinchée 160 + 500 × 2, chutée 160 + 500 (× 2 coinchée) à la défense.
  Faite seulement si un joueur des preneurs a fait seul les huit plis
  ("generale" = preneurs) ; un capot des deux preneurs la fait chuter.
  Belote et annonces s'ajoutent sans être multipliées (celles de l'équipe
  perdante passent au gagnant, hors belote) ; la belote des preneurs d'une
  générale chutée est gardée si imprenable, sinon elle va à la défense à la
  coinche et se perd en contrée ; en points annoncés, la belote ne se
  marque qu'avec annonces_belote=true.
- Options sans objet pour un décompte (litige hors belote classique,
  annonces en contrée…) : fixées, et refusées si on les change.
- Partie en nombre de donnes : à égalité finale, pas de vainqueur. Partie en
  points : une équipe qui atteint le but en étant capot ou chutée grâce à sa
  seule belote doit encore faire un pli dans une donne suivante. Réserve
  encore en attente à la fin : perdue (lost_pot).
"""
