"""The form of a deal typed in the grid, at the desk and on the phone.

Shape only: a cell holds a key or what the grid shows (see
:mod:`tournaments.display.keys`); the rules are checked by the engine
through the services, whose refusals come back next to the cell they name.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

import scoring
from scoring.cards import CAPOT_CARD_POINTS, TOTAL_CARD_POINTS
from tournaments.display import announcing, entry, keys, labels
from tournaments.domain import deal_shapes
from tournaments.domain.digits import is_plain
from tournaments.forms.base import OneLineField
from tournaments.models import Deal

#: The box that confirms a correction of a partie whose results are final.
AFTER_CLAIMS = _("Corriger quand même (résultats définitifs)")


def _cell(label, **attrs: str) -> forms.CharField:
    widget = forms.TextInput(
        attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false", **attrs}
    )
    return forms.CharField(label=label, required=False, max_length=12, widget=widget)


def _announcements(label) -> forms.CharField:
    """An announcement cell: points (« 50 ») or cards (« t R♥, 50 D♠ »)."""
    widget = forms.TextInput(
        attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false", "size": "6"}
    )
    return forms.CharField(label=label, required=False, max_length=80, widget=widget)


#: The table's version and the deal's number ride in hidden fields; a
#: version fits the table's column.
VERSION_BOUNDS = {"min_value": 1, "max_value": 2**31 - 1}


def hidden_fields_said_on_top(form: forms.Form) -> None:
    """A hidden field that cannot be read (a page out of date, or tampered
    with) has no place of its own on the page: its refusal is said at the
    top of the form, in words the player can act on."""
    unread = [name for name in form.errors if form.fields.get(name) and form[name].is_hidden]
    for name in unread:
        del form.errors[name]
    if unread:
        form.add_error(None, _("Cette page n'est plus à jour : rechargez-la, puis recommencez."))


class DeleteDealForm(forms.Form):
    """The last deal's deletion: the version the organizer saw, and the
    reason when the partie is closed."""

    version = forms.IntegerField(required=False, widget=forms.HiddenInput, **VERSION_BOUNDS)
    reason = OneLineField(required=False, max_length=200)
    after_claims = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        hidden_fields_said_on_top(self)
        return data


def _number(label, high: int) -> forms.IntegerField:
    widget = forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"})
    return forms.IntegerField(
        label=label, required=False, min_value=0, max_value=high, widget=widget
    )


class DealForm(forms.Form):
    """One donne as a row of the sheet: taker, trump, bid, the takers' card
    points, then what is rarer (coinche, belote, capot, announcements). The
    other side's points are the engine's (162 minus, or 0 on a capot)."""

    taker = _cell(_("Preneur"), size="2")
    trump = _cell(_("Atout"), size="2")
    bid = _cell(_("Contrat"), size="4", inputmode="numeric")
    points = _number(_("Points des preneurs"), 252)
    coinche = _cell(_("Coinche"), size="2")
    belote = _cell(_("Belote"), size="3")
    capot = _cell(_("Capot"), size="2")
    announce_a = _announcements(_("Annonces N-S"))
    announce_b = _announcements(_("Annonces E-O"))
    number = forms.IntegerField(
        required=False, widget=forms.HiddenInput, min_value=1, max_value=10_000
    )
    version = forms.IntegerField(required=False, widget=forms.HiddenInput, **VERSION_BOUNDS)
    reason = OneLineField(label=_("Motif de la correction"), required=False, max_length=200)
    after_claims = forms.BooleanField(label=AFTER_CLAIMS, required=False)

    #: What the grid understood of the row (a capot read from the points),
    #: said under it; set by `clean`.
    understood: str = ""
    #: La générale (option generale): bid (« G » in « Contrat »), and the side
    #: one of whose players took the eight tricks alone (« GN » in « Capot »).
    generale_bid: bool = False
    generale: str = ""

    # Engine error codes → the cell that shows them.
    FIELD_OF_CODE = {
        "taker": "taker",
        "trump": "trump",
        "bid": "bid",
        "coinche": "coinche",
        "capot": "capot",
        "points": "points",
        "belote": "belote",
        "announcement": "announce_a",
        "reason": "reason",
        "after_claims": "after_claims",
        "version": None,
    }

    def __init__(self, *args: Any, rules: scoring.Rules, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        if rules.counting == "belote":
            for name in ("bid", "coinche"):
                del self.fields[name]
        if not rules.announcements:
            del self.fields["announce_a"]
            del self.fields["announce_b"]

    @classmethod
    def initial_for(cls, deal: Deal, rules: scoring.Rules) -> dict[str, Any]:
        """The row of a stored deal, as the grid shows it."""
        values = deal_shapes.fields_to_form(
            {name: getattr(deal, name) for name in deal_shapes.DEAL_FIELDS}
        )
        coinche = values["coinche"]
        return {
            "taker": keys.taker_shown(values["taker"]),
            "trump": labels.trump_sign(values["trump"]) if values["trump"] else "",
            "bid": labels.bid_label(deal),
            "points": values["points"],
            "coinche": labels.coinche_mark(coinche, rules.surcoinche_factor),
            "belote": keys.belote_shown(deal.belote_a, deal.belote_b),
            "capot": ("G" if values["generale"] else "") + keys.side_shown(values["capot"]),
            "announce_a": _announcements_shown(values["announce_a"]),
            "announce_b": _announcements_shown(values["announce_b"]),
            "number": deal.number,
        }

    def clean_taker(self) -> str:
        taker = keys.read_side(self.cleaned_data["taker"], passed=True)
        if taker is None:
            raise forms.ValidationError(
                _("Tapez N (Nord-Sud) ou E (Est-Ouest), ou P pour une donne passée.")
            )
        return taker

    def clean_trump(self) -> str:
        trump = keys.read_trump(self.cleaned_data["trump"])
        if trump is None or (trump in ("SA", "TA") and not self.rules.sa_ta):
            raise forms.ValidationError(
                _("Atout inconnu : %(keys)s.") % {"keys": keys.trump_legend(sa_ta=self.rules.sa_ta)}
            )
        return trump

    def clean_bid(self) -> tuple[int | None, bool]:
        text = self.cleaned_data["bid"].strip().lower()
        if not text:
            return None, False
        if text in ("c", "capot"):
            return None, True
        if text in ("g", "générale", "generale") and self.rules.generale != "off":
            self.generale_bid = True
            return None, False
        if not is_plain(text) or len(text) > 4:
            raise forms.ValidationError(
                _("Un contrat est un nombre (80, 90…), C pour capot ou G pour générale.")
                if self.rules.generale != "off"
                else _("Un contrat est un nombre (80, 90…) ou C pour capot.")
            )
        return int(text), False

    def clean_coinche(self) -> int:
        level = keys.read_coinche(self.cleaned_data["coinche"])
        if level is None:
            raise forms.ValidationError(_("Coinche : X (coinché) ou XX (surcoinché)."))
        return level

    def clean_belote(self) -> tuple[int, int]:
        belote = keys.read_belote(self.cleaned_data["belote"])
        if belote is None:
            raise forms.ValidationError(_("Belote : N (Nord-Sud) ou E (Est-Ouest)."))
        return belote

    def clean_capot(self) -> str:
        text = self.cleaned_data["capot"].strip()
        if self.rules.generale != "off" and text[:1].lower() == "g" and len(text) > 1:
            side = keys.read_side(text[1:])  # « GN »: one player of N-S alone, a capot too
            self.generale = side or ""
        else:
            side = keys.read_side(text)
        if side is None:
            raise forms.ValidationError(_("Capot : N (Nord-Sud) ou E (Est-Ouest)."))
        return side

    def clean_announce_a(self) -> int | list[dict[str, str]] | None:
        return _read_announcements(self.cleaned_data["announce_a"])

    def clean_announce_b(self) -> int | list[dict[str, str]] | None:
        return _read_announcements(self.cleaned_data["announce_b"])

    #: The cells of a row that say a deal; none of them filled is no deal.
    ROW_CELLS = ("taker", "trump", "bid", "points", "coinche", "belote", "capot")

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        hidden_fields_said_on_top(self)
        if self.is_bound and not self._anything_typed():
            # An empty row is no passed deal: « Passe » is chosen, or P typed.
            self.add_error("taker", entry.empty_row())
            return data
        if not data.get("taker") and "taker" not in self.errors and data.get("points") is not None:
            # Stored as a passed deal, the points were dropped without a word
            # (a phone's tap on « N-S » missed, 110 points typed: 0 – 0).
            self.add_error("taker", entry.points_without_taker(data["points"]))
            return data
        self.understood = self._read_capot(data)
        return data

    def _anything_typed(self) -> bool:
        names = [*self.ROW_CELLS, "announce_a", "announce_b"]
        # By the name posted: a form with a prefix (a sheet's deals under
        # review, tournaments/features/sheets) posts « d3-taker ».
        return any(
            str(self.data.get(self.add_prefix(n)) or "").strip() for n in names if n in self.fields
        )

    def _read_capot(self, data: dict[str, Any]) -> str:
        """What the row says of a capot, read as the volunteer means it, and
        the sentence that says so under the row (never a capot scored the
        wrong way in silence): a capot bid with every point to the takers
        (162, or 252) and no side in « Capot » is a capot made by the takers;
        a capot bid with no points and no side in « Capot » is the takers'
        capot made (a capot bid fallen is typed with the takers' points);
        the points typed beside the takers' own capot are its 252; 162 points
        without a capot bid nor a side in « Capot » are counted without one,
        and the row says so."""
        taker = data.get("taker")
        points = data.get("points")
        if not taker or "points" in self.errors or "capot" in self.errors:
            return ""
        all_points = points in (TOTAL_CARD_POINTS, CAPOT_CARD_POINTS)
        _bid, bid_capot = data.get("bid") or (None, False)
        capot = data.get("capot")
        if self.generale_bid and capot == taker and self.generale != taker:
            # « N » after « G »: both players of N-S took the tricks, the générale failed.
            data["points"] = None
            return entry.generale_shared(taker)
        if self.generale_bid and (capot == taker or (not capot and (all_points or points is None))):
            # A générale bid and the takers' eight tricks: one of them alone, as bid.
            data["capot"], data["points"], self.generale = taker, None, taker
            return entry.generale_made(taker)
        if bid_capot and not data.get("capot") and all_points:
            data["capot"], data["points"] = taker, None
            return entry.capot_bid_made(taker, points)
        if bid_capot and not data.get("capot") and points is None:
            # A capot bid already says capot: no points, no second mark.
            data["capot"] = taker
            return entry.capot_bid_without_points(taker)
        if data.get("capot") == taker and all_points:
            data["points"] = None
            return ""
        if not data.get("capot") and points == TOTAL_CARD_POINTS:
            return entry.all_points_without_capot(taker)
        return ""

    def ready_for_preview(self) -> bool:
        """Whether the deal being typed says enough to be scored: a passed
        deal, or a taker with a trump and either points or a capot. A half-typed
        row gets no preview rather than a false error."""
        d = self.cleaned_data
        if not d.get("taker"):
            return True
        return bool(d.get("trump")) and (d.get("points") is not None or bool(d.get("capot")))

    def deal_values(self) -> dict[str, Any]:
        """Deal field values for `services.record_deal`."""
        d = self.cleaned_data
        bid, bid_capot = d.get("bid") or (None, False)
        belote_a, belote_b = d.get("belote") or (0, 0)
        data = {
            **d,
            "bid": bid,
            "bid_capot": bid_capot,
            "bid_generale": self.generale_bid,
            "generale": self.generale,
            "belote_a": belote_a,
            "belote_b": belote_b,
        }
        return deal_shapes.form_to_fields(data, with_contract="bid" in self.fields)

    def add_engine_error(self, error, *, version: int | None = None) -> None:
        """Show a service's refusal next to its cell. A refusal of the
        version (the table moved on: the desk and the phone typed at once)
        also carries the table's current `version`, so that the row, typed
        again over the deals now shown, applies to them."""
        field = self.FIELD_OF_CODE.get(error.field or "", None)
        self.add_error(field if field in self.fields else None, error.message)
        if error.field == "version" and version is not None:
            self.data = self.data.copy()
            self.data[self.add_prefix("version")] = str(version)


def _read_announcements(text: str) -> int | list[dict[str, str]] | None:
    """Points or declared announcements (display.announcing), or the reason
    the cell cannot be read, next to it."""
    try:
        return announcing.read_announcements(text)
    except announcing.AnnouncementTextError as error:
        raise forms.ValidationError(error.message) from None


def _announcements_shown(value: Any) -> Any:
    """A stored side's announcements as the cell shows them: the points, or
    the declared cards in the same short text the scorer types."""
    return announcing.announcements_text(value) if isinstance(value, list) else value


class TotalsForm(forms.Form):
    """A sheet that came back with its totals only. Where the profile allows
    it, the organizer also counts the played deals, belotes and capots on
    the sheet, and the totals are checked by the organizers' sum."""

    total_a = forms.IntegerField(label=_("Total Nord-Sud"), min_value=0, max_value=100_000)
    total_b = forms.IntegerField(label=_("Total Est-Ouest"), min_value=0, max_value=100_000)
    deals = forms.IntegerField(label=_("Donnes jouées"), required=False, min_value=0, max_value=200)
    belotes = forms.IntegerField(label=_("Belotes"), required=False, min_value=0, max_value=200)
    capots = forms.IntegerField(
        label=_("Capots comptés 252"), required=False, min_value=0, max_value=200
    )
    anyway = forms.BooleanField(label=_("Enregistrer ces totaux malgré l'écart"), required=False)
    # Asked only when the sum of both totals is far from the usual one.
    sure = forms.BooleanField(label=_("Oui, c'est bien ça"), required=False)
    version = forms.IntegerField(required=False, widget=forms.HiddenInput, **VERSION_BOUNDS)
    reason = OneLineField(label=_("Motif de la correction"), required=False, max_length=200)
    after_claims = forms.BooleanField(label=AFTER_CLAIMS, required=False)

    def __init__(self, *args: Any, checkable: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not checkable:
            for name in ("deals", "belotes", "capots", "anyway"):
                del self.fields[name]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        hidden_fields_said_on_top(self)
        return data

    def sheet(self) -> dict[str, int] | None:
        """What the organizer counted on the sheet, for the check."""
        if "deals" not in self.fields or self.cleaned_data.get("deals") is None:
            return None
        return {
            "deals": self.cleaned_data["deals"],
            "belotes": self.cleaned_data.get("belotes") or 0,
            "capots": self.cleaned_data.get("capots") or 0,
        }
