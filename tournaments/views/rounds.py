"""The organizer's screens for the rounds of a tournament: draw a round,
draw it again, swap two teams, close it; print its PDFs (a whole round's
score sheets, or one table's, the plan, the results); validate a table,
revoke its link. The tournament itself is organizer.py, registering teams
and players registration.py.

The views keep organizer.py's contract (a form, one service, a message, a
redirect; `managed_tournament` answers 404 to anyone but the organizers; what cannot
be undone asks first). The desk's score entry for one table is entry.py.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import hooks
from tournaments.display import fixed_tables
from tournaments.display.claims import claims_said
from tournaments.display.entry import entry_state_line
from tournaments.display.hall import phone_contact
from tournaments.display.reasons import apart_said
from tournaments.forms.base import refusal_on
from tournaments.forms.rounds import DrawForm, SwapTeamsForm
from tournaments.infra import address, links
from tournaments.models import Round, Table, Tournament
from tournaments.queries import brackets as bracket_queries
from tournaments.queries.claims import round_claims
from tournaments.queries.public import sheets_to_print
from tournaments.services import claims, release, rounds, table_side
from tournaments.views.common import (
    managed_tournament,
    pdf_response,
    refusal_as_message,
    round_of,
    table_of,
)
from tournaments.views.confirm import Confirmation, confirm_page, confirmed
from tournaments.views.organizer import manage_page


@login_required
@require_POST
def round_draw(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    form = DrawForm(request.POST)
    if not form.is_valid():
        return manage_page(request, tournament, draw_form=form)
    with refusal_on(form, fallback="method"):
        rnd = rounds.draw_round(by=request.user, tournament=tournament, **form.cleaned_data)
        messages.success(request, _("%(round)s tirée.") % {"round": rnd})
        return redirect("tournaments:round", slug=slug, number=rnd.number)
    return manage_page(request, tournament, draw_form=form)


def _round_tables_context(tournament: Tournament, rnd: Round) -> dict:
    tables = list(
        rnd.tables.select_related(
            "team_a__player1", "team_a__player2", "team_b__player1", "team_b__player2"
        ).order_by("number")
    )
    playing = [t for t in tables if not t.is_bye]
    locked = {t.pk for t in playing if table_side.codes_locked_until(t)}
    now = timezone.now()
    for t in playing:  # the desk's view of the hall: each table's phone
        # A complete table misses nothing, whatever its phone said last (a
        # phone stops calling once the partie closes or its page shuts).
        open_ = t.status != Table.Status.COMPLETE
        t.phone = phone_contact(t.phone_seen_at, t.phone_waiting if open_ else 0, open_, now)
    # How each table's deals came in: a feature's own words (a sheet read on a
    # photo) before the core's (« Saisie à la table d'organisation »).
    lines = hooks.page_context(hooks.PARTIE_TABLES, round=rnd).get("entry_lines") or {}
    for t in playing:
        t.entry_line = lines.get(t.pk) or entry_state_line(t)
    return {
        "fixed_kept": fixed_tables.kept(rnd, tables),
        "fixed_notes": fixed_tables.notes(rnd, tables),
        "fixed_mark": fixed_tables.mark(),
        "codes_locked": locked,
        "phones_to_look_at": sum(t.phone[1] for t in playing),
        "tournament": tournament,
        "round": rnd,
        "tables": tables,
        "playing_count": len(playing),
        "complete_count": sum(t.status == Table.Status.COMPLETE for t in playing),
        "disputed_count": sum(t.entry_state == Table.EntryState.DISPUTED for t in playing),
    }


@login_required
def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    return round_page(request, tournament, round_of(tournament, number))


def round_page(
    request: HttpRequest,
    tournament: Tournament,
    rnd: Round,
    *,
    swap_form: SwapTeamsForm | None = None,
    draw_form: DrawForm | None = None,
    **refused: forms.Form,
) -> HttpResponse:
    """The partie's page; a form given back shows its refusal next to its
    field (answered 422), a feature's under its own name (the clock's `call_form`)."""
    return render(
        request,
        "tournaments/manage_round.html",
        {
            **_round_tables_context(tournament, rnd),
            "swap_form": swap_form or SwapTeamsForm(round=rnd),
            "draw_form": draw_form or DrawForm(initial={"method": rnd.draw_method}),
            "claims": round_claims(rnd),
            "claims_said": claims_said(round_claims(rnd)) if rnd.status == "closed" else "",
            # The next partie's sheets, from the page of the one ending too.
            "next_sheets": sheets_to_print(tournament),
            # What this draw kept apart (issue 54, item 4): the rule acted or not.
            "apart": apart_said(tournament.avoid_groups, same_club=tournament.avoid_same_club)
            if rnd.draw_avoid
            else "",
            **refused,
        },
        status=422 if swap_form or draw_form or refused else 200,
    )


@login_required
@require_POST
def round_release(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    rnd = round_of(managed_tournament(request, slug), number)
    release.release_round(round=rnd, by=request.user)
    if rnd.tournament.published:
        said = _("Tirage de la %(round)s annoncé : les joueurs voient leur table.")
    else:
        said = _(
            "Tirage de la %(round)s annoncé, mais le concours n'est pas publié : les joueurs "
            "ne voient ni leur table ni le classement. Publiez-le ci-dessous."
        )
    messages.success(request, said % {"round": str(rnd).lower()})
    return redirect("tournaments:round", slug=slug, number=number)


@login_required
def round_tables(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The partie's tables alone: the fragment the round page polls."""
    tournament = managed_tournament(request, slug)
    rnd = round_of(tournament, number)
    return render(
        request,
        "tournaments/includes/manage_round_tables.html",
        _round_tables_context(tournament, rnd),
    )


@login_required
@require_POST
def round_redraw(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    rnd = round_of(tournament, number)
    form = DrawForm(request.POST)
    if not form.is_valid():
        return round_page(request, tournament, rnd, draw_form=form)
    with refusal_on(form, fallback="method"):
        rounds.redraw_round(by=request.user, round=rnd, **form.cleaned_data)
        messages.success(request, _("Tirage refait : imprimez les nouvelles feuilles de marque."))
        return redirect("tournaments:round", slug=slug, number=number)
    return round_page(request, tournament, rnd, draw_form=form)


@login_required
@require_POST
def round_swap(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    rnd = round_of(tournament, number)
    form = SwapTeamsForm(request.POST, round=rnd)
    if not form.is_valid():
        return round_page(request, tournament, rnd, swap_form=form)
    with refusal_on(form, fallback="first"):
        rounds.swap_teams(by=request.user, round=rnd, **form.cleaned_data)
        messages.success(
            request,
            _(
                "Équipes échangées. Si les feuilles sont déjà imprimées, réimprimez celles des "
                "deux tables « modifié à la main »."
            ),
        )
        return redirect("tournaments:round", slug=slug, number=number)
    return round_page(request, tournament, rnd, swap_form=form)


@login_required
def round_close(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    rnd = round_of(tournament, number)
    if rnd.status == Round.Status.CLOSED:
        messages.info(request, _("Cette partie est déjà close."))
        return redirect("tournaments:round", slug=slug, number=number)
    if not confirmed(request):
        bracket = rnd.stage == Round.Stage.BRACKET
        last = not bracket and bracket_queries.is_last_qualifying(rnd)
        return confirm_page(
            request,
            tournament,
            Confirmation(
                title=_("Fermer la %(round)s ?") % {"round": str(rnd).lower()},
                question=_("Les résultats de cette partie comptent alors pour le classement."),
                consequences=[
                    _("Une partie close ne se rouvre pas."),
                    _(
                        "Une correction restera possible, avec un motif, et la table sera "
                        "marquée « corrigé »."
                    ),
                    _("Les gagnants de chaque table passent au tour suivant de leur tableau.")
                    if bracket
                    else _("C'est la dernière partie prévue : le tournoi sera terminé.")
                    if last
                    else _("Vous pourrez ensuite tirer la partie suivante."),
                ],
                blockers=rounds.close_blockers(rnd),
                button=_("Fermer la partie"),
                cancel_url=reverse("tournaments:round", kwargs={"slug": slug, "number": number}),
                danger=False,
            ),
        )
    with refusal_as_message(request):
        rounds.close_round(by=request.user, round=rnd)
        messages.success(request, _("%(round)s close.") % {"round": rnd})
        # At the parties and the next draw's button, not the page's top (issue 60).
        return redirect(reverse("tournaments:manage", kwargs={"slug": slug}) + "#parties")
    return redirect("tournaments:round", slug=slug, number=number)


def _entry_url(request: HttpRequest):
    base = address.public_address(request).url

    def entry_url(table: Table) -> str:
        # The address phones can open, never the laptop's own 127.0.0.1.
        return base + links.entry_path(table)

    return entry_url


@login_required
def round_sheets_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    # Imported here: reportlab loads only when a PDF is asked for (tests/test_startup_imports.py).
    from tournaments import pdf

    rnd = round_of(managed_tournament(request, slug), number)
    return pdf_response(
        pdf.score_sheets(rnd, entry_url=_entry_url(request)), f"feuilles-partie-{number}.pdf"
    )


@login_required
def table_sheet_pdf(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    """One table's score sheet alone, to print it again."""
    from tournaments import pdf

    tbl = table_of(managed_tournament(request, slug), number, table)
    data = pdf.score_sheets(tbl.round, entry_url=_entry_url(request), only=tbl.number)
    return pdf_response(data, f"feuille-partie-{number}-table-{table}.pdf")


@login_required
def round_plan_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    from tournaments import pdf

    rnd = round_of(managed_tournament(request, slug), number)
    return pdf_response(pdf.table_plan(rnd), f"plan-partie-{number}.pdf")


@login_required
def round_results_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    from tournaments import pdf

    rnd = round_of(managed_tournament(request, slug), number)
    return pdf_response(pdf.round_results(rnd), f"resultats-partie-{number}.pdf")


@login_required
@require_POST
def table_validate(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tbl = table_of(managed_tournament(request, slug), number, table)
    with refusal_as_message(request):
        table_side.validate_table(table=tbl, by=request.user)
        messages.success(request, _("Table validée."))
    return redirect("tournaments:table", slug=slug, number=number, table=table)


@login_required
def table_revoke(request: HttpRequest, slug: str, number: int, table: int) -> HttpResponse:
    tournament = managed_tournament(request, slug)
    tbl = table_of(tournament, number, table)
    here = {"slug": slug, "number": number, "table": table}
    if not confirmed(request):
        return confirm_page(
            request,
            tournament,
            Confirmation(
                title=_("Révoquer le lien de la %(table)s ?") % {"table": str(tbl).lower()},
                question=_(
                    "Le QR code imprimé sur la feuille de marque de cette table ne marchera plus."
                ),
                consequences=[
                    _("Les donnes déjà saisies restent."),
                    _(
                        "Les deux équipes reçoivent de nouveaux codes ; des codes bloqués "
                        "après trop de codes faux sont débloqués."
                    ),
                    _(
                        "Réimprimez ensuite la feuille de cette table et ses coupons : ils "
                        "porteront le nouveau lien et les nouveaux codes."
                    ),
                ],
                button=_("Révoquer le lien"),
                cancel_url=reverse("tournaments:table", kwargs=here),
            ),
        )
    table_side.revoke_entry_link(table=tbl, by=request.user)
    messages.success(
        request,
        _(
            "Ancien lien révoqué, nouveaux codes : réimprimez la feuille de cette table "
            "et ses coupons."
        ),
    )
    return redirect("tournaments:table", **here)


@login_required
@require_POST
def round_close_claims(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """« Clore les réclamations » : the partie's results become final now."""
    tournament = managed_tournament(request, slug)
    rnd = round_of(tournament, number)
    with refusal_as_message(request):
        claims.close_claims(round=rnd, by=request.user)
        messages.success(
            request, _("Réclamations closes : les résultats de la partie sont définitifs.")
        )
    return redirect("tournaments:round", slug=slug, number=number)
