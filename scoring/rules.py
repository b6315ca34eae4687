"""Rule profiles: the five presets of SPEC §7, their options, validation of
overrides and JSON round trip (the French summary printed on score sheets is
:mod:`scoring.summary`'s, which marks the counts' typical deals with the engine).

Responsible for: deciding which rules a tournament plays, and refusing an
unknown preset, option or value with code ``rules``. Must not: score a deal
(see :mod:`scoring.deal`) or know where a profile is stored.

Interpretation choices (listed in the engine's help):

* An option that does not apply to a counting (``litige`` outside classic
  belote, ``announcements`` at contrée, ``belote_multiplied`` outside coinche,
  ``surcoinche_factor`` / ``contract_test`` in classic belote…) keeps the
  value that describes what the counting does, and overriding it with another
  value is refused: contrée is by definition played without announcements
  (003: « Contrée » quand on joue sans les annonces), and at coinche a tie is
  a chute (000: « la défense obtient un total supérieur ou égal aux preneurs »).
* Contrée presets have ``contract_test = bid_only`` (SPEC §6: no comparison
  with the defence) and ``belote_protected = false`` (000: « belote n'est pas
  imprenable »); both may be overridden.

Versions. Each preset has versions (SPEC §7.1: « A preset's version is part
of the profile printed on every sheet »): a version's option values never
change, a new default is a new version, and a profile stored with
``"version": n`` replays as version n for ever. Profiles stored before
presets had their own versions carry the engine's old global ``"version":
1``, which is version 1 of every preset: the same rules. A profile without a
version is the preset's latest. The options added since a version (its
profile has no value for them) take that version's values, which are the
marques it always gave.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from .compiled import compile_rules
from .errors import ScoringError, show
from .options import (
    CONTREE,
    COUNTING_NAMES_FR,
    OPTION_NAMES,
    OPTIONS_BY_NAME,
    Option,
)

#: What changed in each preset's versions after the first: version -> the
#: option values that became its defaults (SPEC §6: the points-faits presets
#: score a capot by the defence as a capot not bid from their version 2 on).
VERSION_CHANGES: dict[str, dict[int, dict[str, Any]]] = {
    "contree-faits-annonces": {2: {"chute_capot": "full"}},
    "contree-faits": {2: {"chute_capot": "full"}},
}

#: The lowest numeric bid and the step between bids (coinche and contrée);
#: the highest depends on the profile and the trump, see :meth:`Rules.bid_limits`.
MIN_BID = 80
BID_STEP = 10


@dataclass(frozen=True, slots=True)
class Rules:
    """A rule profile: a preset, the engine rules version, the counting, and
    one attribute per option of SPEC §7. Build with :meth:`from_preset` or
    :meth:`from_json`; never mutate (frozen)."""

    preset: str
    version: int
    counting: str
    announcements: bool
    sa_ta: bool
    ta_scale: str
    rounding: str
    chute_base: int
    chute_capot: str
    litige: str
    belote_protected: bool
    belote_multiplied: bool
    surcoinche_factor: int
    contract_test: str
    announcements_count_for_contract: bool
    coinche_count: str
    capot_bid_failed: int | str
    annonces_chute: int | str
    coinche_defence: str
    coinche_base: int | str
    capot_bid_marque: str
    capot_bid_coinched: str
    classic_capot: str
    classic_made: str
    capot_value: int
    annonces_belote: bool
    capot_bonus: bool
    generale: str
    # Precomputed per-profile tables for the hot path (see scoring.compiled).
    _table: Any = field(default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_table", compile_rules(self))

    # -- construction -------------------------------------------------------

    @classmethod
    def from_preset(cls, name: str, version: int | None = None, **overrides: Any) -> Rules:
        """Version ``version`` of the preset ``name`` (its latest when None)
        with ``overrides`` (option name -> value).

        Raises ScoringError(code="rules") for an unknown preset or version, an
        unknown option, a value of the wrong type or outside the allowed ones,
        or an option the preset's counting does not play.
        """
        if not isinstance(name, str) or name not in PRESETS:
            raise ScoringError(
                "rules",
                "rules_unknown_preset",
                {"value": show(name), "presets": ", ".join(PRESETS), "choices": list(PRESETS)},
            )
        base = PRESETS[name] if version is None else preset_version(name, version)
        if not overrides:
            return base
        changes: dict[str, Any] = {}
        for option_name, value in overrides.items():
            option = OPTIONS_BY_NAME.get(option_name)
            if option is None:
                raise ScoringError(
                    "rules",
                    "rules_unknown_option",
                    {
                        "value": show(option_name),
                        "options": ", ".join(OPTION_NAMES),
                        "choices": list(OPTION_NAMES),
                    },
                )
            if not _is_allowed(option, value):
                raise ScoringError(
                    "rules",
                    "rules_bad_value",
                    {
                        "value": show(value),
                        "option": option.name,
                        "label": option.label,
                        "allowed": ", ".join(_text(v) for v in option.values),
                        "values": list(option.values),
                    },
                )
            current = getattr(base, option_name)
            if base.counting not in option.applies_to and value != current:
                raise ScoringError(
                    "rules",
                    "rules_option_fixed",
                    {
                        "option": option.name,
                        "label": option.label,
                        "counting": base.counting,
                        "counting_name": COUNTING_NAMES_FR[base.counting],
                        "current": _text(current),
                        "current_value": current,
                    },
                )
            changes[option_name] = value
        return dataclasses.replace(base, **changes)

    @classmethod
    def from_json(cls, obj: dict[str, Any] | str) -> Rules:
        """Rules from ``{"preset": NAME, "version": n?, OPTION: VALUE…}`` or a
        bare preset name (the output of :meth:`to_json` round-trips)."""
        if isinstance(obj, str):
            return cls.from_preset(obj)
        if not isinstance(obj, dict):
            raise ScoringError("rules", "rules_not_object", {"value": show(obj)})
        options = dict(obj)
        if "preset" not in options:
            raise ScoringError("rules", "rules_no_preset")
        name = options.pop("preset")
        version = options.pop("version", None)
        counting = options.pop("counting", None)
        rules = cls.from_preset(name, version, **options)
        if counting is not None and counting != rules.counting:
            raise ScoringError(
                "rules",
                "rules_counting_mismatch",
                {"value": show(counting), "preset": show(name), "counting": rules.counting},
            )
        return rules

    # -- output -------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        """Option name -> value, in the order of :data:`OPTIONS`."""
        return {name: getattr(self, name) for name in OPTION_NAMES}

    def to_json(self) -> dict[str, Any]:
        """``{"preset", "version", "counting", option: value…}``."""
        return {
            "preset": self.preset,
            "version": self.version,
            "counting": self.counting,
            **self.options(),
        }

    def overrides(self) -> dict[str, Any]:
        """The options that differ from the preset's version."""
        base = PRESET_VERSIONS[self.preset][self.version]
        return {k: v for k, v in self.options().items() if getattr(base, k) != v}

    def preset_match(self) -> tuple[str, int] | None:
        """The preset and version whose options these are exactly (the latest
        such version), or None when they are a club's own profile. A version
        1 profile with ``chute_capot=full`` is version 2 of its preset."""
        versions = PRESET_VERSIONS[self.preset]
        for version in sorted(versions, reverse=True):
            if versions[version].options() == self.options():
                return self.preset, version
        return None

    def with_options(self, **overrides: Any) -> Rules:
        """This profile with ``overrides`` changed, keeping its preset and
        version (checked as :meth:`from_preset` checks them)."""
        return Rules.from_preset(self.preset, self.version, **{**self.overrides(), **overrides})

    def bid_limits(self, trump: str | None = None) -> tuple[int, int, int]:
        """The numeric bids the engine accepts: (lowest, highest, step).

        The highest is what the takers could possibly make at ``trump`` (card
        points of a capot, belotes and, when played, announcements), rounded
        down to the step; without ``trump``, the highest over the trumps this
        profile plays. A ``"capot"`` bid is always possible besides. In
        classic belote there is no bid at all.
        """
        table = self._table.max_bid
        highest = table[trump] if trump is not None else max(table.values())
        return MIN_BID, highest, BID_STEP


def _is_allowed(option: Option, value: Any) -> bool:
    # bool is a subclass of int: compare types exactly, then values.
    return any(type(value) is type(allowed) and value == allowed for allowed in option.values)


def _text(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def _preset(name: str, counting: str, **values: Any) -> Rules:
    defaults: dict[str, Any] = {
        "announcements": True,
        "sa_ta": False,
        "ta_scale": "ffb",
        "rounding": "nearest",
        "chute_base": 160,
        "chute_capot": "flat",
        "litige": "chute",
        "belote_protected": True,
        "belote_multiplied": True,
        "surcoinche_factor": 4,
        "contract_test": "ffb",
        "announcements_count_for_contract": True,
        "coinche_count": "multiplied",
        "capot_bid_failed": "chute",
        "annonces_chute": 160,
        "coinche_defence": "own",
        "coinche_base": 160,
        "capot_bid_marque": "points",
        "capot_bid_coinched": "multiplied",
        "classic_capot": "points",
        "classic_made": "ffb",
        "capot_value": 250,
        "annonces_belote": False,
        "capot_bonus": True,
        "generale": "off",
    }
    defaults.update(values)
    return Rules(preset=name, version=1, counting=counting, **defaults)


def _contree(name: str) -> Rules:
    return _preset(
        name,
        name,
        announcements=False,
        belote_protected=False,
        belote_multiplied=False,
        contract_test="bid_only",
        capot_bid_failed=500,
        capot_bid_marque="flat",  # SPEC §6: a capot bid made marks 500 (× m), or 250 × m
    )


#: Every version of every preset: name -> version -> profile.
PRESET_VERSIONS: dict[str, dict[int, Rules]] = {}
#: Each preset's latest version: what a new concours plays.
PRESETS: dict[str, Rules] = {}


def preset_version(name: str, version: Any) -> Rules:
    """Version ``version`` of the preset ``name`` (a known preset).

    Raises ScoringError(code="rules") for a version this engine does not know
    (a newer engine's, or not a whole number).
    """
    versions = PRESET_VERSIONS[name]
    if type(version) is not int or version not in versions:
        known = ", ".join(str(n) for n in versions)
        raise ScoringError(
            "rules",
            "rules_version",
            {"value": show(version), "preset": show(name), "versions": known},
        )
    return versions[version]


def _build_presets() -> None:
    first = {
        "ffb-belote": _preset(
            "ffb-belote", "belote", rounding="none", chute_base=162, litige="pot"
        ),
        "ffb-coinche": _preset("ffb-coinche", "coinche"),
        **{name: _contree(name) for name in CONTREE},
    }
    for name, rules in first.items():
        versions = {1: rules}
        for number, changes in sorted(VERSION_CHANGES.get(name, {}).items()):
            rules = dataclasses.replace(rules, version=number, **changes)
            versions[number] = rules
        PRESET_VERSIONS[name] = versions
        PRESETS[name] = rules


_build_presets()
