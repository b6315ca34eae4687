"""Template filters that read :mod:`tournaments.display`, so templates show
labels without building them."""

from __future__ import annotations

from typing import Any

from django import template
from django.template import Context
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from tournaments import hooks
from tournaments.display import (
    entry,
    history,
    imports,
    keys,
    labels,
    lines,
    sheet_line,
    venue,
)
from tournaments.display import hall as hall_words
from tournaments.display import reasons as draw_reasons
from tournaments.display import rules as rule_words
from tournaments.display import standings as standings_columns
from tournaments.infra import address, mail_files
from tournaments.models import Deal

register = template.Library()


# Labels that display/ builds as they are, under the names templates use.
register.filter("hand_changed", draw_reasons.is_hand_change)
register.filter("figure", standings_columns.figure)
register.filter("number", labels.number)
register.filter("team_code", labels.team_code)
register.filter("side", labels.side_label)
register.filter("trump", labels.trump_sign)
register.filter("players", labels.players_line)
register.filter("entry_state", entry.entry_state_line)
register.filter("side_shown", keys.side_shown)
register.filter("taker_shown", keys.taker_shown)
register.filter("is_red", labels.is_red)
register.filter("bid", labels.bid_label)
register.filter("taker_points", labels.taker_points_label)
register.filter("line_marks", sheet_line.line_marks)
register.filter("coinche_spoken", labels.coinche_label)
register.filter("concours_place", venue.concours_place)
register.filter("rules_summary", rule_words.rules_summary)
register.filter("import_line", imports.line_label)
register.filter("import_summary", imports.plan_summary)
register.filter("options_summary", labels.options_summary)


@register.simple_tag(takes_context=True)
def feature_slot(context: Context, slot: str, default: str = "", **names: Any) -> SafeString:
    """What the features switched on for the page's concours show in `slot`
    (tournaments/hooks `SLOTS`), each template rendered as an
    `{% include %}` with `names` added to the context; `default`, a core
    template rendered instead when no feature fills the slot."""
    tournament = context.get("tournament")
    templates = hooks.slot_templates(slot, tournament) or ([default] if default else [])
    engine = context.template.engine
    parts = []
    with context.push(**names):
        for name in templates:
            parts.append(engine.get_template(name).render(context))
    return mark_safe("".join(parts))


@register.filter
def draw_reason(reason: Any, audience: str = "") -> str:
    """Why the draw made this table (display/reasons.py); empty if unknown.
    `|draw_reason:"public"` on a public page: no pair kept apart is said."""
    return draw_reasons.reason_sentence(reason, public=audience == "public")


@register.filter
def figure_in_words(row: Any, column: standings_columns.Column) -> SafeString:
    """A number cell of a standings row with its words (display.lines)."""
    return in_words(standings_columns.value(row, column), column.key)


@register.filter
def in_words(value: int | str, key: str) -> SafeString:
    """A ranking's cell with its words, « 2<span class="unit"> gagnées</span> »:
    the words show when the ranking reads as lines (app.css), and a screen
    reader reads them always (display.lines)."""
    before, text, after = lines.figure(key, value)
    return format_html(
        "{}{}{}",
        format_html('<span class="unit">{}</span>', before) if before else "",
        text,
        format_html('<span class="unit">{}</span>', after) if after else "",
    )


@register.filter
def hour(value: Any) -> str:
    """« 18 h 17 » (« 18:17 » in English): every time of day on a page."""
    return hall_words.clock_time(value) if value else ""


@register.filter
def split_said(criterion: str) -> str:
    """« départagé par le tirage au sort » beside a ranking's line (issue 60)."""
    return standings_columns.split_sentence(criterion) if criterion else ""


@register.filter
def contract(deal: Any, rules: Any) -> str:
    """« 90 ♥ ×2 », with the profile's surcoinche factor (×4, or ×3)."""
    factor = getattr(rules, "surcoinche_factor", 4)
    return labels.contract_label(deal, surcoinche_factor=factor, short=True)


@register.filter
def side_short(value: str) -> str:
    """« N-S » / « E-O » (« E-W »)."""
    return labels.side_label(value, short=True)


@register.filter
def coinche(deal: Any, rules: Any) -> str:
    return labels.coinche_mark(deal.coinche, getattr(rules, "surcoinche_factor", 4))


@register.filter
def belote(deal: Any) -> str:
    return keys.belote_shown(deal.belote_a, deal.belote_b)


@register.filter
def announced(deal: Any, side: str) -> str:
    """A side's announcements as entered (cards or points)."""
    return labels.announcements_label(deal.announcements, side)


@register.filter
def outcome(value: str) -> str:
    """« Faite », « Chute », « Litige », « Passe »."""

    return str(Deal.Outcome(value).label) if value in Deal.Outcome.values else value


@register.filter
def game_label(tournament: Any) -> str:
    """« Belote classique FFB », « Coinche FFB »: the game of a concours."""
    return rule_words.preset_label(tournament.rule_profile.preset)


@register.filter
def change_summary(change: Any, rules: Any = None) -> str:
    """An audit line in words: « Donne 3 : 80 ♥ → 90 ♥, marque 160–0 → 0–250 »."""

    factor = getattr(rules, "surcoinche_factor", 4)
    return history.change_summary(change.action, change.before, change.after, factor=factor)


@register.inclusion_tag("tournaments/includes/address_notice.html", takes_context=True)
def address_notice(context) -> dict:
    """Which address the printed sheets will carry, with a warning when
    phones could not reach it (tournaments/infra/address.py)."""

    request = context.get("request")
    return {"public": address.public_address(request)}


@register.simple_tag(takes_context=True)
def laptop_mails_on(context) -> bool:
    """Whether the organizer's header links to the mails written on the laptop."""
    request = context.get("request")
    return request is not None and mail_files.readable_by(request)


@register.filter
def played_place(played: Any) -> str:
    """A person's final place in a concours of their page (empty before its end)."""
    if not played.place:
        return ""
    return labels.final_place(played.place, played.ranked, played.points)
