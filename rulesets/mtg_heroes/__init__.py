"""Magic: The Gathering of Heroes: a homebrew RPG of planeswalker-like characters and their creatures.

The rules as we read them, options and rulings are in this folder's ``README.md``; the handlers of the actions are
listed in ``resolver.py``. This module stays light: the heavy parts load with a scenario.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabroll.i18n import N_
from tabroll.kit import AttackField, AttackNeeds, Ruleset, StatNeed, Strike
from tabroll.kit.hooks import hook

if TYPE_CHECKING:
    from tabroll.events import Event
    from tabroll.kit import Measure

    from .model import HeroAction
    from .state import Battle

RANGE_FIELD = AttackField(
    "range",
    N_(
        "The range band between the two (no scenario file): near, where they may fight (the default), or far, "
        "where they may not (Polish: bliski, daleki)."
    ),
    "text",
    "near",
    quick_only=True,
)
"""The command-line attack's one field of its own: ``--range far`` (also ``--set range=far``)."""


_FIGHTER = (
    StatNeed(
        "Power",
        N_("d6 rolled to attack (and to counterattack)."),
        required=True,
        aliases=("Siła", "Sila", "P"),
        example="2",
    ),
    StatNeed(
        "Toughness",
        N_("d6 rolled to defend; the total is its Toughness left until end of turn."),
        required=True,
        aliases=("Wytrzymałość", "Wytrzymalosc", "T"),
        example="2",
    ),
    StatNeed(
        "Life",
        N_("Loses what the attack total beats the defence total by."),
        required=True,
        aliases=("Życie", "Zycie"),
        example="5",
    ),
    StatNeed("Speed", N_("Actions per turn and initiative."), aliases=("Szybkość", "Szybkosc"), example="2"),
    StatNeed(
        "keywords",
        N_("First Strike, Vigilance, Trample, Haste, Regenerate, Indestructible…"),
        "list",
        aliases=("zdolności", "zdolność"),  # the log's word for a keyword ability (zdolność), and its plural
        example="'[First Strike]'",
    ),
    StatNeed("kind", N_("creature (the default) or character."), "text", aliases=("rodzaj",), example="character"),
)


class GatheringOfHeroes(Ruleset["Battle", "HeroAction"]):
    id = "mtg_heroes"
    name = "Magic: The Gathering of Heroes"
    aliases = ("gathering-of-heroes", "gathering of heroes", "mtg-heroes", "mtgheroes")
    summary = N_(
        "Range bands; Power d6 against Toughness d6 with keywords; Speed initiative; Reach, Upkeep, action and End "
        "phases; spells as data; colour-pair skill tests."
    )
    source_language = "Polish"
    language = "pl"
    round_note = N_("turns follow the initiative order (do initiative); do end_turn ends the active character's turn")
    attack_fields = (RANGE_FIELD,)
    layout = N_("combatants in range bands (far, near, direct), not on squares or heights")
    attack_needs = (
        AttackNeeds("attack", N_("Direct combat: Power d6 against Toughness d6, the excess off Life; the defender "
                    "counterattacks the same way (so both need all three)."), _FIGHTER, _FIGHTER,
                    'tabroll attack -r mtg_heroes -a "A P=2 T=1 Life=5" -t "B P=1 T=1 Life=3" --seed 2'),
    )  # fmt: skip

    options_model = hook("model.HeroesOptions", call=False)
    scenario_model = hook("model.HeroesScenario", call=False)
    load_scenario = hook("setup.build_scenario", ruleset=True)
    resolve = hook("resolver.resolve")
    load_events = hook("events.EVENTS", call=False)
    summarize_state = hook("setup.summarize")
    state_view = hook("setup.state_view")
    quick_attack = hook("setup.quick_scenario", ruleset=True)
    quick_action = hook("setup.quick_action", ruleset=True)
    quick_skill_test = hook("setup.quick_skill_test", ruleset=True)
    next_attack_rule = hook("resolver.next_attack", call=False)
    chain_state = hook("resolver.chain_state")

    def declare_measures(self, state: Battle, action: HeroAction) -> list[Measure]:
        """Life left of every combatant (a level); a skill test's success (a flag)."""
        from tabroll.kit import Measure  # what a walk measures: defined for odds, not for discovery

        measures = [Measure(f"Life left: {unit.name}", "level", unit.life) for unit in state.combatants]
        if action.do == "skill_test":
            measures.append(Measure("skill test succeeds", "flag"))
        return measures

    def outcome_measures(self, before: Battle, after: Battle, events: Sequence[Event]) -> dict[str, int | bool]:
        known = {unit.name for unit in before.combatants}
        measures: dict[str, int | bool] = {
            f"Life left: {unit.name}": unit.life for unit in after.combatants if unit.name in known
        }
        for event in events:
            if event.KIND == "skill_test":  # the class's kind, read without a call per event
                from .events import SkillTest  # loaded with the game's events; only a skill test comes here

                if isinstance(event, SkillTest):
                    measures["skill test succeeds"] = event.success
        return measures

    def outcome_part(self, action: HeroAction, strike: Strike) -> str:
        """The attacker's blows on its declared target are the attack; its blows on a creature that stepped in
        are the intercept; the defender's blows on the attacker are the counterattack; mana burn (damage nobody
        dealt, at the end of a turn) is its own."""
        actor, striker, struck = strike.actor, strike.striker, strike.struck
        if striker is None:
            return "mana burn" if action.do == "end_turn" else ""
        if striker != actor:
            return "counterattack" if struck == actor else f"reply by {striker}"
        declared = action.target if action.do in ("attack", "cast", "damage", "effect") else None  # a unit's name
        return "" if declared is None or struck == declared else "intercept"


RULESET = GatheringOfHeroes()

__all__ = ["RANGE_FIELD", "RULESET", "GatheringOfHeroes"]
