"""URLs of the tournaments app (French paths: they are read by players)."""

from django.urls import path, register_converter

from tournaments.views import (
    brackets,
    categories,
    desk,
    entry,
    explanations,
    fixed_tables,
    guide,
    hall,
    mails,
    my_table,
    offline,
    organizer,
    persons,
    pools,
    prizes,
    public,
    publication,
    published,
    referee,
    registration,
    rounds,
    table_side,
    tie_breaks,
    uploads,
)
from tournaments.views.table_side_batch import table_side_batch


class NumberConverter:
    """A number in an address: at most 9 digits, so that it always fits the
    database's integer columns (a 31-digit number in an address would
    otherwise reach the database, and fail there)."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(NumberConverter, "num")

app_name = "tournaments"

ORG = "organisation/t/<slug:slug>/"
TABLE = ORG + "parties/<num:number>/tables/<num:table>/"

urlpatterns = [
    path("", public.home, name="home"),
    path("sw.js", offline.service_worker, name="service_worker"),
    path("salle/ping/", offline.hall_ping, name="hall_ping"),
    path("langue/<str:code>/", public.switch_language, name="language"),
    path("t/<slug:slug>/", public.tournament_detail, name="detail"),
    path("t/<slug:slug>/classement/", public.standings, name="standings"),
    path("t/<slug:slug>/classement.pdf", public.standings_pdf, name="standings_pdf"),
    path("t/<slug:slug>/classement.csv", public.standings_csv, name="standings_csv"),
    path("t/<slug:slug>/classement.xlsx", public.standings_xlsx, name="standings_xlsx"),
    path("t/<slug:slug>/ou-je-joue/", public.where, name="where"),
    path("t/<slug:slug>/equipes/<num:number>/", public.team_detail, name="team"),
    path("t/<slug:slug>/parties/<num:number>/", public.round_results, name="results"),
    path("t/<slug:slug>/ecran/", public.projector, name="projector"),
    path("ma-table/", my_table.my_table_page, name="my_table"),
    path("saisie/<str:token>/", table_side.table_side, name="table_side"),
    path("saisie/<str:token>/code/", table_side.table_side_claim, name="table_side_claim"),
    path("saisie/<str:token>/donne/", table_side.table_side_deal, name="table_side_deal"),
    path("saisie/<str:token>/donnes/", table_side_batch, name="table_side_batch"),
    path("saisie/<str:token>/apercu/", table_side.table_side_preview, name="table_side_preview"),
    path("saisie/<str:token>/etat/", table_side.table_side_state, name="table_side_state"),
    path("saisie/<str:token>/attente/", table_side.table_side_wait, name="table_side_wait"),
    path(
        "saisie/<str:token>/donne/<num:number>/confirmer/",
        table_side.table_side_tick,
        name="table_side_tick",
    ),
    path(
        "saisie/<str:token>/donnes/confirmer/",
        table_side.table_side_tick_all,
        name="table_side_tick_all",
    ),
    path(
        "saisie/<str:token>/confirmer/",
        table_side.table_side_confirm,
        name="table_side_confirm",
    ),
    path("organisation/", organizer.dashboard, name="dashboard"),
    path("organisation/cle/", organizer.stick_line, name="stick_line"),
    path("organisation/courriels/", mails.laptop_mails, name="laptop_mails"),
    path("aide/", guide.help_page, name="help"),
    path("organisation/nouveau/", organizer.tournament_create, name="create"),
    path("organisation/modele-equipes.csv", registration.import_model_csv, name="import_model_csv"),
    path(ORG, organizer.manage, name="manage"),
    # The desk's team list alone, refreshed by itself (check-in at the door).
    path(ORG + "equipes/liste/", organizer.team_list, name="team_list"),
    path(ORG + "modifier/", organizer.tournament_edit, name="edit"),
    path(ORG + "departage/", tie_breaks.tie_breaks, name="tie_breaks"),
    path(ORG + "publication/", organizer.tournament_publish, name="publish"),
    path(ORG + "archives/", organizer.tournament_archive, name="archive"),
    path(ORG + "fichier-du-concours.json", organizer.concours_file, name="concours_file"),
    path(ORG + "supprimer/", organizer.tournament_delete, name="delete"),
    path(ORG + "equipes/ajouter/", registration.team_form, name="team_add"),
    path(ORG + "equipes/importer/", registration.team_import, name="team_import"),
    path(ORG + "equipes/a-part/", registration.teams_apart, name="teams_apart"),
    path(ORG + "equipes/<num:team_id>/", registration.team_form, name="team_edit"),
    path(ORG + "equipes/<num:team_id>/supprimer/", registration.team_delete, name="team_delete"),
    path(ORG + "equipes/<num:team_id>/presence/", registration.team_presence, name="team_presence"),
    path(ORG + "equipes/<num:team_id>/forfait/", registration.team_withdraw, name="team_withdraw"),
    path(
        ORG + "equipes/<num:team_id>/annuler-forfait/",
        registration.team_reinstate,
        name="team_reinstate",
    ),
    path(ORG + "joueurs/ajouter/", registration.player_add, name="player_add"),
    path(
        ORG + "joueurs/<num:player_id>/presence/",
        registration.player_presence,
        name="player_presence",
    ),
    path(
        ORG + "joueurs/<num:player_id>/forfait/",
        registration.player_withdraw,
        name="player_withdraw",
    ),
    path(
        ORG + "joueurs/<num:player_id>/annuler-forfait/",
        registration.player_reinstate,
        name="player_reinstate",
    ),
    path(ORG + "tirage/", rounds.round_draw, name="draw"),
    path(ORG + "co-organisateurs/", organizer.co_organizer_add, name="co_organizer_add"),
    path(ORG + "parties/<num:number>/", rounds.round_detail, name="round"),
    path(ORG + "parties/<num:number>/tables/", rounds.round_tables, name="round_tables"),
    path(ORG + "parties/<num:number>/refaire-le-tirage/", rounds.round_redraw, name="redraw"),
    path(ORG + "parties/<num:number>/echanger/", rounds.round_swap, name="swap"),
    path(ORG + "parties/<num:number>/fermer/", rounds.round_close, name="close"),
    path(
        ORG + "parties/<num:number>/reclamations/",
        rounds.round_close_claims,
        name="close_claims",
    ),
    path(ORG + "parties/<num:number>/feuilles.pdf", rounds.round_sheets_pdf, name="sheets_pdf"),
    path(ORG + "parties/<num:number>/secours.pdf", hall.round_fallback_pdf, name="fallback_pdf"),
    path(ORG + "affiche.pdf", hall.hall_poster_pdf, name="poster_pdf"),
    path(ORG + "parties/<num:number>/plan.pdf", rounds.round_plan_pdf, name="plan_pdf"),
    path(
        ORG + "parties/<num:number>/resultats.pdf",
        rounds.round_results_pdf,
        name="results_pdf",
    ),
    path(TABLE, entry.table_entry, name="table"),
    path(
        TABLE + "explications.pdf",
        explanations.table_explanations_pdf,
        name="table_explanations_pdf",
    ),
    path(TABLE + "donne/", entry.deal_save, name="deal_save"),
    path(TABLE + "apercu/", entry.deal_preview, name="deal_preview"),
    path(TABLE + "supprimer/", entry.deal_delete_last, name="deal_delete"),
    path(TABLE + "totaux/", entry.table_totals, name="totals"),
    path(TABLE + "compte-du-club/", entry.table_club_count, name="club_count"),
    path(TABLE + "penalite/", entry.table_penalty, name="penalty"),
    path(TABLE + "valider/", rounds.table_validate, name="table_validate"),
    path(TABLE + "revoquer/", rounds.table_revoke, name="table_revoke"),
    path(TABLE + "feuille.pdf", rounds.table_sheet_pdf, name="table_sheet_pdf"),
    # Prizes (« lots ») and special rankings (issue 14): the organizer's lots,
    # swaps and prize-giving documents, the categories, each category's
    # public ranking.
    path(ORG + "lots/", prizes.lots, name="lots"),
    path(ORG + "lots/<str:board>/", prizes.lots_save, name="lots_save"),
    path(ORG + "lots/<str:board>/echanger/", prizes.lots_swap, name="lots_swap"),
    path(ORG + "lots/<str:board>/echanges/", prizes.lots_swaps, name="lots_swaps"),
    path(ORG + "palmares.pdf", prizes.palmares_pdf, name="palmares_pdf"),
    path(ORG + "etiquettes-lots.pdf", prizes.lot_labels_pdf, name="lot_labels_pdf"),
    path(ORG + "classements-speciaux/", categories.categories, name="categories"),
    path(ORG + "classements-speciaux/equipes/", categories.teams_tag, name="teams_tag"),
    path(
        ORG + "classements-speciaux/<num:category_id>/",
        categories.category_edit,
        name="category_edit",
    ),
    path(
        ORG + "classements-speciaux/<num:category_id>/supprimer/",
        categories.category_delete,
        name="category_delete",
    ),
    path(
        "t/<slug:slug>/classement/special/<num:category_id>/",
        categories.category_standings,
        name="category_standings",
    ),
    path(
        "t/<slug:slug>/classement/special/<num:category_id>.pdf",
        categories.category_pdf,
        name="category_pdf",
    ),
    # The registration desk (issue 14): known players proposed, players alone paired.
    path(ORG + "accueil/suggestions/", desk.suggest, name="suggest"),
    path(ORG + "accueil/seuls/ajouter/", desk.waiting_add, name="waiting_add"),
    path(ORG + "accueil/seuls/associer/", desk.waiting_pair, name="waiting_pair"),
    path(ORG + "accueil/seuls/hasard/", desk.waiting_pair_random, name="waiting_pair_random"),
    path(
        ORG + "accueil/seuls/<num:waiting_id>/retirer/",
        desk.waiting_remove,
        name="waiting_remove",
    ),
    path("organisation/joueurs/", desk.directory, name="directory"),
    path(
        "organisation/joueurs/<num:known_id>/oublier/",
        desk.directory_forget,
        name="directory_forget",
    ),
    # Issue 14: a draw hidden until announced.
    path(ORG + "parties/<num:number>/annoncer/", rounds.round_release, name="release"),
    # Pools as a qualifying phase (issue 15): the organizer's « Poules »
    # screen (form them, undo them, draw their parties), the public pools
    # page and its PDF.
    path(ORG + "poules/", pools.pools_manage, name="pools"),
    path(ORG + "poules/defaire/", pools.pools_clear, name="pools_clear"),
    path(ORG + "poules/tirer/", pools.pools_draw, name="pools_draw"),
    path("t/<slug:slug>/poules/", pools.pools_page, name="pools_page"),
    path("t/<slug:slug>/poules.pdf", pools.pools_pdf_view, name="pools_pdf"),
]
# Final phase (issue 15): the main bracket and the consolante after the
# qualifying parties: the organizer's screen, the public page, the
# projector and the PDF.
urlpatterns += [
    path(ORG + "phase-finale/", brackets.brackets_manage, name="brackets_manage"),
    path(ORG + "phase-finale/tirer/", brackets.brackets_draw, name="brackets_draw"),
    path(ORG + "phase-finale/supprimer/", brackets.brackets_delete, name="brackets_delete"),
    path("t/<slug:slug>/phase-finale/", brackets.brackets_page, name="brackets"),
    path(
        "t/<slug:slug>/phase-finale/ecran/", brackets.brackets_projector, name="brackets_projector"
    ),
    path("t/<slug:slug>/phase-finale.pdf", brackets.brackets_pdf, name="brackets_pdf"),
]
# Published results (issue 26): publication keys, a backup uploaded or sent
# by a hall laptop's « Publier en ligne », the archive of every result, the
# complete results page, the widgets for a club's site.
urlpatterns += [
    path("organisation/publication/", publication.publication, name="publication"),
    path("organisation/publication/cles/", publication.key_create, name="key_create"),
    path(
        "organisation/publication/cles/<num:key_id>/revoquer/",
        publication.key_revoke,
        name="key_revoke",
    ),
    path("organisation/publication/sauvegarde/", publication.backup_upload, name="backup_upload"),
    path("organisation/publication/reglages/", publication.target_save, name="target_save"),
    path(ORG + "publier-en-ligne/", publication.send_online, name="send_online"),
    path(ORG + "sauvegarde.json.gz", publication.backup_download, name="backup_download"),
    path("publication/envoi/", publication.receive, name="publication_receive"),
    path("resultats/", published.results_archive, name="results_archive"),
    path("t/<slug:slug>/resultats/", published.results_page, name="results_page"),
    path(
        "t/<slug:slug>/fichier-du-concours.json",
        published.concours_file,
        name="public_concours_file",
    ),
    path("widget/t/<slug:slug>/", published.widget_ranking, name="widget_ranking"),
]
# Players across concours and their cote (issue 26, items 4 and 5): a
# player's page (only with their agreement), a club's page, and the
# organizer's « Joueurs » screen (withdraw an agreement, show again a person
# who asked, merge two identities).
urlpatterns += [
    path("joueurs/<num:pk>/", persons.person_page, name="person"),
    path("clubs/<slug:key>/", persons.club_page, name="club"),
    path("organisation/pages-joueurs/", persons.persons_manage, name="persons_manage"),
    path(
        "organisation/pages-joueurs/<num:pk>/retirer/",
        persons.person_withdraw,
        name="person_withdraw",
    ),
    path(
        "organisation/pages-joueurs/<num:pk>/afficher-de-nouveau/",
        persons.person_show_again,
        name="person_show_again",
    ),
    path("organisation/pages-joueurs/fusionner/", persons.persons_merge, name="persons_merge"),
]
# Fixed tables (issue 25, item 4): a team that stays at its table.
urlpatterns += [
    path(
        ORG + "equipes/<num:team_id>/reste-a-sa-table/",
        fixed_tables.team_fixed_table,
        name="team_fixed_table",
    ),
]
# Files read in the background (issue 35): the sender's page while a file
# waits for its task, and the state a hall's laptop asks for.
urlpatterns += [
    path("organisation/envois/<num:upload_id>/", uploads.upload_status, name="upload_status"),
    path("envois/<str:token>/", uploads.upload_poll, name="upload_poll"),
]
# « Appeler l'arbitre » (issue 38, item 12c): the table's phone calls, the
# desk sees the calls and answers them.
urlpatterns += [
    path("saisie/<str:token>/arbitre/", referee.table_side_call, name="referee_call"),
    path("saisie/<str:token>/arbitre/etat/", referee.table_side_call_state, name="referee_state"),
    path(ORG + "appels/", referee.referee_calls, name="referee_calls"),
    path(ORG + "appels/<num:call_id>/repondre/", referee.referee_answer, name="referee_answer"),
]
