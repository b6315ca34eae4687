"""URLs of the tournaments app (French paths: they are read by players)."""

from django.urls import path

from tournaments import manage_views, table_views, views

app_name = "tournaments"

ORG = "organisation/t/<slug:slug>/"
TABLE = ORG + "parties/<int:number>/tables/<int:table>/"

urlpatterns = [
    path("", views.home, name="home"),
    path("langue/<str:code>/", views.switch_language, name="language"),
    path("t/<slug:slug>/", views.tournament_detail, name="detail"),
    path("t/<slug:slug>/classement/", views.standings, name="standings"),
    path("t/<slug:slug>/classement.pdf", views.standings_pdf, name="standings_pdf"),
    path("t/<slug:slug>/classement.csv", views.standings_csv, name="standings_csv"),
    path("t/<slug:slug>/classement.xlsx", views.standings_xlsx, name="standings_xlsx"),
    path("t/<slug:slug>/ou-je-joue/", views.where, name="where"),
    path("t/<slug:slug>/equipes/<int:number>/", views.team_detail, name="team"),
    path("t/<slug:slug>/parties/<int:number>/", views.round_results, name="results"),
    path("t/<slug:slug>/ecran/", views.projector, name="projector"),
    path("saisie/<str:token>/", table_views.table_side, name="table_side"),
    path("saisie/<str:token>/code/", table_views.table_side_claim, name="table_side_claim"),
    path("saisie/<str:token>/donne/", table_views.table_side_deal, name="table_side_deal"),
    path(
        "saisie/<str:token>/confirmer/",
        table_views.table_side_confirm,
        name="table_side_confirm",
    ),
    path("organisation/", manage_views.dashboard, name="dashboard"),
    path("organisation/nouveau/", manage_views.tournament_create, name="create"),
    path(ORG, manage_views.manage, name="manage"),
    path(ORG + "equipes/ajouter/", manage_views.team_form, name="team_add"),
    path(ORG + "equipes/importer/", manage_views.team_import, name="team_import"),
    path(ORG + "equipes/<int:team_id>/", manage_views.team_form, name="team_edit"),
    path(ORG + "equipes/<int:team_id>/presence/", manage_views.team_presence, name="team_presence"),
    path(ORG + "equipes/<int:team_id>/forfait/", manage_views.team_withdraw, name="team_withdraw"),
    path(ORG + "joueurs/ajouter/", manage_views.player_add, name="player_add"),
    path(
        ORG + "joueurs/<int:player_id>/presence/",
        manage_views.player_presence,
        name="player_presence",
    ),
    path(
        ORG + "joueurs/<int:player_id>/forfait/",
        manage_views.player_withdraw,
        name="player_withdraw",
    ),
    path(ORG + "tirage/", manage_views.round_draw, name="draw"),
    path(ORG + "co-organisateurs/", manage_views.co_organizer_add, name="co_organizer_add"),
    path(ORG + "parties/<int:number>/", manage_views.round_detail, name="round"),
    path(ORG + "parties/<int:number>/retirer/", manage_views.round_redraw, name="redraw"),
    path(ORG + "parties/<int:number>/echanger/", manage_views.round_swap, name="swap"),
    path(ORG + "parties/<int:number>/fermer/", manage_views.round_close, name="close"),
    path(
        ORG + "parties/<int:number>/feuilles.pdf", manage_views.round_sheets_pdf, name="sheets_pdf"
    ),
    path(ORG + "parties/<int:number>/plan.pdf", manage_views.round_plan_pdf, name="plan_pdf"),
    path(
        ORG + "parties/<int:number>/resultats.pdf",
        manage_views.round_results_pdf,
        name="results_pdf",
    ),
    path(TABLE, manage_views.table_entry, name="table"),
    path(TABLE + "donne/", manage_views.deal_save, name="deal_save"),
    path(TABLE + "apercu/", manage_views.deal_preview, name="deal_preview"),
    path(TABLE + "supprimer/", manage_views.deal_delete_last, name="deal_delete"),
    path(TABLE + "totaux/", manage_views.table_totals, name="totals"),
    path(TABLE + "penalite/", manage_views.table_adjustment, name="adjustment"),
    path(TABLE + "valider/", manage_views.table_validate, name="table_validate"),
    path(TABLE + "revoquer/", manage_views.table_revoke, name="table_revoke"),
]
