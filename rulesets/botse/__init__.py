"""The Elder Scrolls: Betrayal of the Second Era — the Engage action, with custom dice described as data.

``README.md`` has the rules as we read them, options and rulings; ``sample_dice.yaml`` an ILLUSTRATIVE dice set,
not the printed game's faces. This module stays light: its hooks import the rest when first used.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabroll.events import Damage
from tabroll.i18n import N_
from tabroll.kit import STRIKE_KINDS, AttackField, AttackNeeds, Blow, Ruleset, StatNeed, Strike, core_blows
from tabroll.kit.hooks import hook

if TYPE_CHECKING:
    from tabroll.events import Event
    from tabroll.kit import Measure

    from .model import BotseAction
    from .state import Battle


WORDS: dict[str, tuple[str, ...]] = {
    "stamina": ("выносливость",),
    "magicka": ("магия",),
    "health": ("здоровье",),
    "tenacity": ("стойкость",),
    "engages": ("атаки",),
    "defense": ("защита",),
}
"""Each stat's name in Russian, the game's language: accepted beside the English name, on the command line and in
a scenario file."""

_ADVENTURER = (
    StatNeed(
        "stamina",
        N_("Stamina: the most Stamina dice it gathers, and the Ranged form's reach."),
        default="3",
        aliases=WORDS["stamina"],
        example="3",
    ),
    StatNeed(
        "magicka",
        N_("Magicka: the most Magicka dice it gathers, and the Magic form's reach."),
        default="3",
        aliases=WORDS["magicka"],
        example="3",
    ),
    StatNeed("health", N_("Health now."), default="10", aliases=WORDS["health"], example="10"),
    StatNeed("tenacity", N_("Tenacity now."), aliases=WORDS["tenacity"], example="1"),
    StatNeed(
        "engages",
        N_("Engages already done this turn (from the second on, it gains fatigue)."),
        aliases=WORDS["engages"],
        example="1",
    ),
)
_ENEMY = (
    StatNeed(
        "health",
        N_("Health now: it loses the summed damage beyond its Defense."),
        default="10",
        aliases=WORDS["health"],
        example="6",
    ),
    StatNeed(
        "defense",
        N_("Defense: stops the first blockable damage of each engage."),
        default="0",
        aliases=WORDS["defense"],
        example="2",
    ),
)


class Botse(Ruleset["Battle", "BotseAction"]):
    id = "botse"
    name = "The Elder Scrolls: Betrayal of the Second Era"
    aliases = ("betrayal of the second era", "elder scrolls", "tes-botse")
    summary = N_("Hex map; custom skill dice as data; the six engage steps, summed damage against Defense.")
    source_language = "Russian"
    language = "ru"
    round_note = N_("each adventurer's turn ends with do end_turn adventurer=NAME; the next one starts with Recovery")
    attack_fields = (
        AttackField(
            "distance",
            N_("Hexes between the adventurer and the enemy (no scenario file)."),
            "int",
            "1",
            quick_only=True,
        ),
        AttackField(
            "sight",
            N_("Whether the adventurer sees the enemy (--no-sight blocks the hex between)."),
            "flag",
            "true",
            quick_only=True,
        ),
        AttackField(
            "gather",
            N_("The skill dice gathered for the engage, e.g. Combat,Sword (sample dice without a scenario file)."),
            "text",
        ),
        AttackField("form", N_("The battle form: light_weapon, heavy_weapon, defensive, ranged or magic."), "text"),
    )
    layout = N_("units on a flat hex map, by hexes")
    attack_needs = (
        AttackNeeds("engage", N_("Gathers skill dice (--gather; the sample set with no file) within the form's "
                    "range (--form), rolls them, and deals their summed damage against Defense."), _ADVENTURER, _ENEMY,
                    'tabroll attack -r botse -a Hero -t "Draugr defense=1" --gather Combat --dice 3'),
    )  # fmt: skip

    options_model = hook("model.BotseOptions", call=False)
    scenario_model = hook("model.BotseScenario", call=False)
    load_scenario = hook("setup.build_scenario", ruleset=True)
    resolve = hook("resolver.resolve")
    load_events = hook("events.EVENTS", call=False)
    summarize_state = hook("setup.summarize")
    state_view = hook("setup.state_view")
    quick_attack = hook("setup.quick_scenario", ruleset=True)
    quick_action = hook("setup.quick_action", ruleset=True)
    next_attack_rule = hook("resolver.next_attack", call=False)

    def declare_measures(self, state: Battle, action: BotseAction) -> list[Measure]:
        """Health left of every unit (a level); each adventurer's :data:`CHANGES`."""
        from tabroll.kit import Measure  # what a walk measures: defined for odds, not for discovery

        measures = [Measure(measure_names(unit.name)[0], "level", unit.health) for unit in state.units]
        for adventurer in state.adventurers:
            measures += [Measure(name, "change") for name in measure_names(adventurer.name)[1:]]
        return measures

    def outcome_measures(self, before: Battle, after: Battle, events: Sequence[Event]) -> dict[str, int | bool]:
        """Each unit's Health left; each adventurer's :data:`CHANGES` since ``before``."""
        out: dict[str, int | bool] = {measure_names(unit.name)[0]: unit.health for unit in after.adventurers}
        for new in after.adventurers:
            old, (_health, tenacity, fatigue, cooldown) = before.adventurers.find(new.name), measure_names(new.name)
            out[tenacity] = new.tenacity - old.tenacity
            out[fatigue] = new.light_fatigue - old.light_fatigue
            out[cooldown] = old.cooldown.count(None) - new.cooldown.count(None)  # slots filled
        for unit in after.creatures:
            out[measure_names(unit.name)[0]] = unit.health
        return out

    def outcome_part(self, action: BotseAction, strike: Strike) -> str:
        """The engaging adventurer's damage is the engage's own; an enemy's afterwards is its reaction."""
        return "" if strike.striker is None or strike.striker == strike.actor else "reaction"

    blow_kinds = STRIKE_KINDS  # its blows are the core's, of fewer events
    measures_read_events = False  # its measures read the states alone

    def blows(self, action: BotseAction, events: Sequence[Event]) -> list[Blow]:
        """The core blows, less the Health an adventurer pays as a cost (a ``damage`` dealt by nobody): paying
        a cost is no blow of the engage."""
        struck = [e for e in events if not (isinstance(e, Damage) and e.attacker is None)]
        return core_blows(self, action, struck)


CHANGES = ("tenacity gained", "light fatigue gained", "dice to cooldown")
"""The changes measured of each adventurer (:meth:`Botse.outcome_measures`)."""


@functools.lru_cache(maxsize=1024)
def measure_names(unit: str) -> tuple[str, str, str, str]:
    """The names of the measures of the unit called ``unit`` (:meth:`Botse.outcome_measures`): its Health left,
    then an adventurer's :data:`CHANGES`; made once for each name (every outcome of a walk measures every unit)."""
    tenacity, fatigue, cooldown = (f"{change}: {unit}" for change in CHANGES)
    return f"Health left: {unit}", tenacity, fatigue, cooldown


RULESET = Botse()

__all__ = ["RULESET", "Botse"]
