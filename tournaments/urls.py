"""URLs of the tournaments app (French paths: they are read by players)."""

from django.urls import path, register_converter

from tournaments.views import (
    clock,
    entry,
    explanations,
    hall,
    organizer,
    public,
    registration,
    table_side,
)


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
    path("saisie/<str:token>/", table_side.table_side, name="table_side"),
    path("saisie/<str:token>/code/", table_side.table_side_claim, name="table_side_claim"),
    path("saisie/<str:token>/donne/", table_side.table_side_deal, name="table_side_deal"),
    path("saisie/<str:token>/apercu/", table_side.table_side_preview, name="table_side_preview"),
    path(
        "saisie/<str:token>/confirmer/",
        table_side.table_side_confirm,
        name="table_side_confirm",
    ),
    path("organisation/", organizer.dashboard, name="dashboard"),
    path("organisation/nouveau/", organizer.tournament_create, name="create"),
    path("organisation/modele-equipes.csv", registration.import_model_csv, name="import_model_csv"),
    path(ORG, organizer.manage, name="manage"),
    path(ORG + "modifier/", organizer.tournament_edit, name="edit"),
    path(ORG + "publication/", organizer.tournament_publish, name="publish"),
    path(ORG + "archives/", organizer.tournament_archive, name="archive"),
    path(ORG + "supprimer/", organizer.tournament_delete, name="delete"),
    path(ORG + "equipes/ajouter/", registration.team_form, name="team_add"),
    path(ORG + "equipes/importer/", registration.team_import, name="team_import"),
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
    path(ORG + "tirage/", organizer.round_draw, name="draw"),
    path(ORG + "co-organisateurs/", organizer.co_organizer_add, name="co_organizer_add"),
    path(ORG + "parties/<num:number>/", organizer.round_detail, name="round"),
    path(ORG + "parties/<num:number>/tables/", organizer.round_tables, name="round_tables"),
    path(ORG + "parties/<num:number>/refaire-le-tirage/", organizer.round_redraw, name="redraw"),
    path(ORG + "parties/<num:number>/echanger/", organizer.round_swap, name="swap"),
    path(ORG + "parties/<num:number>/fermer/", organizer.round_close, name="close"),
    path(ORG + "parties/<num:number>/feuilles.pdf", organizer.round_sheets_pdf, name="sheets_pdf"),
    path(ORG + "parties/<num:number>/secours.pdf", hall.round_fallback_pdf, name="fallback_pdf"),
    path(ORG + "affiche.pdf", hall.hall_poster_pdf, name="poster_pdf"),
    path(ORG + "parties/<num:number>/plan.pdf", organizer.round_plan_pdf, name="plan_pdf"),
    path(
        ORG + "parties/<num:number>/resultats.pdf",
        organizer.round_results_pdf,
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
    path(TABLE + "penalite/", entry.table_penalty, name="penalty"),
    path(TABLE + "valider/", organizer.table_validate, name="table_validate"),
    path(TABLE + "revoquer/", organizer.table_revoke, name="table_revoke"),
    path(TABLE + "feuille.pdf", organizer.table_sheet_pdf, name="table_sheet_pdf"),
    # Issue 14: a draw hidden until announced, and the partie clock.
    path(ORG + "parties/<num:number>/annoncer/", clock.round_release, name="release"),
    path(ORG + "parties/<num:number>/chrono/", clock.round_clock, name="round_clock"),
    path(
        ORG + "parties/<num:number>/chrono/appel/",
        clock.round_last_deal_call,
        name="last_deal_call",
    ),
]
