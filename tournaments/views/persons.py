"""Players across concours: a player's public page, a club's page, and the
organizer's « Joueurs » screen (withdraw a player's agreement, show again a
person who asked, merge two identities of one person).

A public page shows only persons who agreed and only public concours
(queries/persons.py): anyone else is a 404. The organizer's screen lists the
persons of the concours they run and nobody else's; only the records the
organizer registered can be shown again or merged. Views stay thin: the
services write, display/persons.py words the cote.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.display.persons import cote_text
from tournaments.forms.base import refusal_on
from tournaments.forms.persons import MergeForm
from tournaments.models import Cote, is_trusted
from tournaments.queries import persons as queries
from tournaments.services import persons


def _cote_of(person, *, placed: bool = False) -> object | None:
    try:
        stored = person.cote
    except Cote.DoesNotExist:
        return None
    return cote_text(stored, queries.cote_place(person) if placed else None)


@require_GET
def person_page(request: HttpRequest, pk: int) -> HttpResponse:
    person = queries.shown_person(pk)
    if person is None:
        raise Http404
    return render(
        request,
        "tournaments/person_page.html",
        {
            "person": person,
            "played": queries.person_concours(person),
            "cote": _cote_of(person, placed=True),
        },
    )


@require_GET
def club_page(request: HttpRequest, key: str) -> HttpResponse:
    club = queries.club(key)
    if club is None:
        raise Http404
    return render(
        request,
        "tournaments/club_page.html",
        {"club": club, "cotes": {p.pk: _cote_of(p) for p in club.persons}},
    )


@login_required
def persons_manage(request: HttpRequest, form: MergeForm | None = None) -> HttpResponse:
    return render(
        request,
        "tournaments/persons_manage.html",
        {
            "persons": queries.persons_managed(request.user),
            "visible": queries.shown_ids(queries.persons_managed(request.user)),
            "owned": set(queries.persons_owned(request.user).values_list("pk", flat=True)),
            "approved": is_trusted(request.user),
            "form": form or MergeForm(user=request.user),
        },
        # A merge refused: its form given back with the reason by its field.
        status=422 if form is not None else 200,
    )


@login_required
@require_POST
def person_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    person = get_object_or_404(queries.persons_managed(request.user), pk=pk)
    persons.withdraw_person(person=person, by=request.user)
    messages.success(
        request, _("%(name)s n'est plus affiché sur aucune page publique.") % {"name": person}
    )
    return redirect("tournaments:persons_manage")


@login_required
@require_POST
def person_show_again(request: HttpRequest, pk: int) -> HttpResponse:
    """The person who withdrew asked the organizer who registered them."""
    person = get_object_or_404(queries.persons_owned(request.user), pk=pk)
    persons.show_again(person=person, by=request.user)
    messages.success(
        request, _("%(name)s est de nouveau affiché, à sa demande.") % {"name": person}
    )
    return redirect("tournaments:persons_manage")


@login_required
@require_POST
def persons_merge(request: HttpRequest) -> HttpResponse:
    form = MergeForm(request.POST, user=request.user)
    if form.is_valid():
        with refusal_on(form):
            kept = persons.merge_persons(
                kept=form.cleaned_data["kept"], merged=form.cleaned_data["merged"], by=request.user
            )
            messages.success(request, _("Fiches fusionnées : %(name)s.") % {"name": kept})
            return redirect("tournaments:persons_manage")
    return persons_manage(request, form=form)
