"""The desk's pages of the photographed sheets: « Lire des feuilles » (the
pile of a partie: photos sent from a phone, a club tablet or the laptop,
a scanner's images and PDFs), a sheet read under review, and the
pictures they show (a refused photo's thumbnail, a deal's row cut from
the sheet, its doubtful cells framed).

The organizer's (and co-organizers') only; another concours's photo is a
404. Thin: a form checked, one service called, a page or a redirect; a
refusal is a sentence next to its photo or its deal, never a 500.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from tournaments.domain.sheet_layout import DIGITS
from tournaments.features.sheets import display, queries, services
from tournaments.features.sheets.domain.limits import MAX_BYTES
from tournaments.features.sheets.forms import CELL_OF_FIELD, SheetReview
from tournaments.features.sheets.models import SheetPhoto
from tournaments.infra.middleware import accepts_upload
from tournaments.models import Round, Tournament
from tournaments.services.errors import TournamentError
from tournaments.views.common import managed_tournament, round_of

#: A post of the pile: one photo of up to MAX_BYTES (the page's script
#: sends each file alone), or a few sent together without the script.
BODY_MAX = MAX_BYTES + 1024 * 1024


def _reading(request: HttpRequest, slug: str) -> Tournament:
    """The organizer's concours whose desk reads sheets from photos; a
    concours that does not (its switch off) has none of these pages: 404."""
    tournament = managed_tournament(request, slug)
    if not tournament.sheets_enabled:
        raise Http404
    return tournament


def _photo(tournament: Tournament, rnd: Round, pk: int) -> SheetPhoto:
    return get_object_or_404(
        SheetPhoto.objects.select_related("table__round__tournament", "round__tournament"),
        round=rnd,
        pk=pk,
    )


def _pile_context(tournament: Tournament, rnd: Round) -> dict:
    photos = queries.pile(rnd)
    return {
        "tournament": tournament,
        "round": rnd,
        "photos": [(photo, _said(photo)) for photo in photos],
        "to_confirm": sum(p.state == SheetPhoto.State.READ for p in photos),
        "max_mb": MAX_BYTES // (1024 * 1024),
        "max_bytes": MAX_BYTES,
    }


def _said(photo: SheetPhoto) -> str:
    """What the pile says next to a photo."""
    if photo.state == SheetPhoto.State.REFUSED:
        return display.desk_refusal(photo.refusal, photo.params)
    turned = int((photo.reading or {}).get("turned") or 0)
    return display.turned(turned) if turned >= 45 else ""


@login_required
@require_GET
def sheets_pile(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = _reading(request, slug)
    rnd = round_of(tournament, number)
    template = "tournaments/sheets_pile.html"
    if request.GET.get("liste"):
        template = "tournaments/includes/sheets_pile_list.html"
    return render(request, template, _pile_context(tournament, rnd))


@login_required
@require_POST
@accepts_upload
def sheets_upload(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Each file of the post added to the pile: the page's script sends one
    a post and shows the pile again; without it, the pile's page."""
    tournament = _reading(request, slug)
    rnd = round_of(tournament, number)
    files = request.FILES.getlist("photos")
    added: list[SheetPhoto] = []
    error = "" if files else _("Choisissez au moins une photo.")
    for upload in files:
        try:
            data = upload.read(MAX_BYTES + 1)
            added += services.add_file(round=rnd, name=upload.name, data=data, by=request.user)
        except TournamentError as refusal:
            error = refusal.message
            break
    context = _pile_context(tournament, rnd)
    context["added"] = {photo.pk for photo in added}
    context["upload_error"] = error
    if request.headers.get("X-Pile") == "1":
        return render(
            request,
            "tournaments/includes/sheets_pile_list.html",
            context,
            status=422 if error else 200,
        )
    if error:
        return render(request, "tournaments/sheets_pile.html", context, status=422)
    return redirect("tournaments:sheets_pile", slug=slug, number=number)


sheets_upload.upload_limit = BODY_MAX  # type: ignore[attr-defined]


@login_required
def sheet_review(request: HttpRequest, slug: str, number: int, pk: int) -> HttpResponse:
    """A sheet read: every deal beside its row cut from the photo, the
    doubtful ones first; recorded once every deal is ticked « juste »."""
    tournament = _reading(request, slug)
    rnd = round_of(tournament, number)
    photo = _photo(tournament, rnd, pk)
    pile = reverse("tournaments:sheets_pile", args=[slug, number])
    if photo.state != SheetPhoto.State.READ:
        return redirect(pile)
    rules = tournament.rule_profile
    review = SheetReview(photo, request.POST if request.method == "POST" else None, rules=rules)
    status = 200
    if request.method == "POST":
        if review.is_valid():
            try:
                services.confirm_sheet(
                    photo=photo,
                    deals=review.deal_values(),
                    version=review.version or 0,
                    by=request.user,
                )
            except TournamentError as error:
                review.refuse(error.message, error.field or "")
            else:
                messages.success(
                    request,
                    _("Table %(table)s : %(n)s donnes enregistrées.")
                    % {"table": photo.table.number, "n": len(review.rows)},
                )
                return redirect(_next_page(photo) or pile)
        status = 422
    return render(
        request,
        "tournaments/sheet_review.html",
        {
            "tournament": tournament,
            "round": rnd,
            "photo": photo,
            "table": photo.table,
            "review": review,
            "version": photo.table.version if photo.table else 0,
            "turned": _said(photo),
        },
        status=status,
    )


def _next_page(photo: SheetPhoto) -> str | None:
    """The next sheet of the pile waiting for its review, if any."""
    following = (
        SheetPhoto.objects.filter(round=photo.round, state=SheetPhoto.State.READ)
        .exclude(pk=photo.pk)
        .order_by("pk")
        .values_list("pk", flat=True)
        .first()
    )
    if following is None:
        return None
    tournament = photo.round.tournament
    return reverse(
        "tournaments:sheet_review", args=[tournament.slug, photo.round.number, following]
    )


@login_required
@require_POST
def sheet_set_aside(request: HttpRequest, slug: str, number: int, pk: int) -> HttpResponse:
    tournament = _reading(request, slug)
    rnd = round_of(tournament, number)
    services.set_aside(photo=_photo(tournament, rnd, pk))
    messages.success(request, _("Photo mise de côté : rien n'a été enregistré."))
    return redirect("tournaments:sheets_pile", slug=slug, number=number)


@login_required
@require_GET
def sheet_thumbnail(request: HttpRequest, slug: str, number: int, pk: int) -> HttpResponse:
    """A refused photo's thumbnail."""
    tournament = _reading(request, slug)
    photo = _photo(tournament, round_of(tournament, number), pk)
    if photo.state != SheetPhoto.State.REFUSED or not photo.image:
        return HttpResponse(status=404)
    return _picture(bytes(photo.image))


@login_required
@require_GET
def sheet_row(request: HttpRequest, slug: str, number: int, pk: int, deal: int) -> HttpResponse:
    """Deal `deal`'s row cut from the sheet read, its doubtful cells framed;
    with `?case=<field>`, that field's boxes alone (a cell under review)."""
    from tournaments.features.sheets.domain import pictures  # numpy, PIL: when a photo comes

    tournament = _reading(request, slug)
    photo = _photo(tournament, round_of(tournament, number), pk)
    reading = photo.reading or {}
    read = next((d for d in reading.get("deals", []) if d.get("deal") == deal), None)
    layout = queries.layout_of(photo)
    row = next((r for r in layout.rows if r.number == deal), None)
    if read is None or row is None or not photo.image or "grid" not in reading:
        return HttpResponse(status=404)
    wanted = request.GET.get("case")
    together = {wanted, *display.SHOWN_BESIDE.get(wanted or "", ())}
    shown = [field for field in row.fields if wanted is None or field.name in together]
    if not shown:
        return HttpResponse(status=404)
    boxes = [box for field in shown for box in field.boxes]
    asked = set(read.get("asked") or [])
    framed = [
        box
        for field in row.fields
        if field.name in asked and (field.kind == DIGITS or field.name in CELL_OF_FIELD)
        for box in field.boxes
    ]
    picture = pictures.crop(
        bytes(photo.image), pictures.Geometry.of(reading["grid"]), boxes, framed=framed
    )
    return _picture(picture)


def _picture(data: bytes) -> HttpResponse:
    response = HttpResponse(data, content_type="image/jpeg")
    response["Cache-Control"] = "private, max-age=3600"
    response["X-Content-Type-Options"] = "nosniff"
    return response
