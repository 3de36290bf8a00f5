"""Sistema Táctico F0R60D: card wargame with d10s on two facing fields of squares, detachments and strategic actions
(Escudo, Carga, Cubrir Carga, Flanquear, Contraataque, Guardia Real).

The rules as we read them, with the options and rulings: ``README.md``. Scenario files: ``model.py`` and its parts,
checked by ``army.py``, made a battle (``state.py``) by ``setup.py``. The rules: ``resolver.py``, the table of
handlers, and the modules its docstring names. This module stays light: its hooks import the rest when first used.
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

    from .actions import Action
    from .state import Battle


_PV_WORDS = ("life", "vida", "puntos de vida")  # PV: puntos de vida, as the card's help says
_PV = StatNeed("PV", N_("Life points of each card."), required=True, aliases=_PV_WORDS, example="5")
_CARDS = StatNeed(
    "cards", N_("Cards in the detachment (BA and Daño count once per card)."), aliases=("cartas",), example="3"
)
_LINE = StatNeed(
    "line",
    N_("Its formation line: retaguardia, normal or avanzada (or --attacker-line/--target-line)."),
    "text",
    aliases=("línea",),
    example="avanzada",
)
_ATTACKER = (
    StatNeed("BA", N_("The attack bonus: 1d10 + BA."), aliases=("attack", "Ataque"), default="0", example="2"),
    StatNeed("Daño", N_("The damage bonus: 1d10 + Daño."), aliases=("damage", "Dano"), default="0", example="3"),
    StatNeed("FA", N_("Attacks per turn."), aliases=("attacks", "ataques"), default="1", example="2"),
    StatNeed(
        "TA",
        N_("Attack type: melee, ranged or dual."),
        "text",
        aliases=("attack_type", "tipo de ataque"),
        example="ranged",
    ),
    StatNeed(
        "PV", N_("Life points; a plain attack does not hurt the attacker."), aliases=_PV_WORDS, default="1", example="5"
    ),
    _CARDS,
    _LINE,
    StatNeed("terrain", N_("Tierra (ground), Aire (air) or Cualquiera."), "text", aliases=("Terreno",), example="Aire"),
)
_TARGET = (
    _PV,
    StatNeed(
        "Evasión",
        N_("The evasion bonus: 1d10 + Evasión must reach the attack."),
        aliases=("evasion", "Evasion"),
        default="0",
        example="1",
    ),
    StatNeed(
        "Absorción",
        N_("Taken off one hit's damage per round, while active."),
        aliases=("absorption", "Absorcion"),
        example="2",
    ),
    StatNeed(
        "Absorción Constante",
        N_("Taken off every hit's damage, while active."),
        aliases=("constant_absorption", "Absorcion Constante"),
        example="1",
    ),
    StatNeed("absorption_active", N_("Whether its absorptions work (armour equipped)."), "flag", example="true"),
    _CARDS,
    _LINE,
    StatNeed("terrain", N_("Tierra (ground), Aire (air) or Cualquiera."), "text", aliases=("Terreno",), example="Aire"),
)


class Forgod(Ruleset["Battle", "Action"]):
    id = "forgod"
    name = "Sistema Táctico F0R60D"
    aliases = ("f0r60d", "forgod", "sistema tactico f0r60d")
    summary = N_(
        "d10 attack against d10 evasion, damage minus absorption; detachments, strategic actions, and a whole "
        "battle: alternating turns, legal armies, the addition deck, abilities and the result."
    )
    language = "es"
    attack_fields = (
        AttackField(
            "attacker_line",
            N_("The attacker's line on its field: retaguardia, normal or avanzada (no scenario file)."),
            "text",
            "normal",
            quick_only=True,
        ),
        AttackField(
            "target_line",
            N_("The target's line on its field: retaguardia, normal or avanzada (no scenario file)."),
            "text",
            "normal",
            quick_only=True,
        ),
    )
    layout = N_("cards on the formation lines of two facing fields, not at a distance in squares")
    attack_needs = (
        AttackNeeds(
            "attack",
            N_(
                "1d10 + BA against 1d10 + Evasión (the defender wins ties); then 1d10 + Daño less the "
                "absorptions; a natural 10 is a critical (double damage)."
            ),
            _ATTACKER,
            _TARGET,
            'tabroll attack -r forgod -a "Orc BA=2" -t "Elf PV=6 Evasión=1" --dice 7,3,5',
        ),
    )
    stops_at_game_over = True
    round_note = N_(
        "each side begins its next round by itself when one of its cards acts again after all of them have acted"
    )

    options_model = hook("model.ForgodOptions", call=False)
    scenario_model = hook("model.ForgodScenario", call=False)
    load_scenario = hook("setup.build_scenario", ruleset=True)
    resolve = hook("resolver.resolve")
    load_events = hook("events.EVENTS", call=False)
    summarize_state = hook("setup.summarize")
    quick_attack = hook("setup.quick_scenario", ruleset=True)
    quick_action = hook("setup.quick_action", ruleset=True)
    next_attack_rule = hook("turn.next_attack", call=False)

    def declare_measures(self, state: Battle, action: Action | None) -> list[Measure]:
        """Cards left in every unit on the board (a level), and whether each troop that could flee fled."""
        from tabroll.kit import Measure  # what a walk measures: defined for odds, not for discovery

        measures = [Measure(f"cards left: {card.name}", "level", card.cards) for card in state.units if card.on_board]
        commanded = {c.side for c in state.units if c.on_board and c.commander}
        measures += [
            Measure(f"fled: {card.name}", "flag")
            for card in state.units
            if card.on_board and card.kind == "troop" and card.side in commanded and not card.commander
        ]
        return measures

    measures_read_events = False  # its measures read the states alone

    def outcome_measures(self, before: Battle, after: Battle, events: Sequence[Event]) -> dict[str, int | bool]:
        measures: dict[str, int | bool] = {}
        for measure in self.declare_measures(before, None):
            unit = after.unit(measure.name.split(": ", 1)[1])
            measures[measure.name] = (unit.cards if unit.on_board else 0) if measure.kind == "level" else unit.fled
        return measures

    def outcome_part(self, action: Action, strike: Strike) -> str:
        """The acting card's strikes are the attack; the other side's are its counterattack; a troop that
        fled when its commander fell did so in the morale test that followed."""
        if strike.striker == strike.actor:
            return ""
        return "morale after the commander fell" if strike.striker is None else "counterattack"


RULESET = Forgod()

__all__ = ["RULESET", "Forgod"]
