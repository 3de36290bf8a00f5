"""Ahotnik: giant robots steered by two pilots fight each other and Demons on a hex map (the attack phase).

The rules as we read them, options and rulings are in this folder's ``README.md``; the rules in ``resolver.py``.
This module stays light: its hooks import the rest when first used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabroll.events import Defeat
from tabroll.i18n import N_
from tabroll.kit import STRIKE_KINDS, AttackField, AttackNeeds, Blow, Ruleset, StatNeed, Strike, core_blows
from tabroll.kit.hooks import hook

if TYPE_CHECKING:
    from tabroll.events import Event
    from tabroll.kit import Measure

    from .model import AhotnikAction
    from .state import Board, Unit


_SHIELDS = StatNeed("shields", N_("Shields (Scudi): take damage before Life, unless a melee blow comes from ahead."),
                    default="0", aliases=("Scudi",), example="2")  # fmt: skip
_ATTACKER = (
    StatNeed("life", N_("Life (Vita): its own attack does not hurt it."), default="1", aliases=("Vita",), example="6"),
    _SHIELDS,
    StatNeed("dna", N_("The Demons whose DNA it owns: they ignore each other."), "list", example="[Wolf]"),
)
_TARGET = (
    StatNeed(
        "life",
        N_("Life (Vita): a Demon at 0 is exiled; an Ahotnik at 0 ends the game."),
        required=True,
        aliases=("Vita",),
        example="3",
    ),
    _SHIELDS,
)


class AhotnikGame(Ruleset["Board", "AhotnikAction"]):
    id = "ahotnik"
    name = "Ahotnik"
    aliases = ("ahotnik-attack",)
    summary = N_("Hex map; pilots' synapse picks the direction; clockwise targeting; Shields, Life, DNA, threat level.")
    language = "it"
    round_note = N_(
        "tabroll resolves the attack phase: do attack_phase plays a whole one, do end_transition ends phase transition"
    )
    attack_fields = (
        AttackField(
            "pilots",
            N_(
                "The direction numbers the two pilots named, A,B (equal: a successful synapse; else forced, "
                "and a 1d2 picks one). Not given: asked of the dice, one 1d6 per pilot."
            ),
        ),
        AttackField("synapse", N_("The synapse result given by the table: success or forced (with --direction).")),
        AttackField("direction", N_("With --synapse: the direction (1-6) the Ahotnik turns to."), "int"),
        AttackField(
            "facing",
            N_("The direction (1-6) the Ahotnik faces before the synapse (no scenario file)."),
            "int",
            "1",
            quick_only=True,
        ),
        AttackField(
            "toward",
            N_("The direction (1-6) from the Ahotnik to the target (no scenario file)."),
            "int",
            "1",
            quick_only=True,
        ),
        AttackField(
            "distance",
            N_("Hexes from the Ahotnik to the target; 1 is adjacent (no scenario file)."),
            "int",
            "1",
            quick_only=True,
        ),
        AttackField(
            "enemy",
            N_("What the target is: demon, or ahotnik (an enemy Ahotnik) (no scenario file)."),
            "text",
            "demon",
            quick_only=True,
        ),
    )
    layout = N_("units on a flat hex map, by direction and hexes")
    attack_needs = (
        AttackNeeds("melee", N_("An adjacent enemy (--distance 1): 2 damage on a successful synapse, 1 if forced; "
                    "straight to Life when it lies ahead, else Shields first."), _ATTACKER, _TARGET,
                    'tabroll attack -r ahotnik -a Eagle -t "Wolf Vita=3 Scudi=1" --pilots 2,2'),
        AttackNeeds("ranged", N_("No enemy adjacent: a shot along the facing line, 3 damage on success (1 forced) to "
                    "the first target, one less to each further one; Shields first."), _ATTACKER, _TARGET,
                    'tabroll attack -r ahotnik -a Eagle -t "Imp Vita=4" --distance 3 --pilots 1,1'),
    )  # fmt: skip

    options_model = hook("model.AhotnikOptions", call=False)
    scenario_model = hook("model.AhotnikScenario", call=False)
    load_scenario = hook("setup.build_scenario", ruleset=True)
    resolve = hook("resolver.resolve")
    load_events = hook("events.EVENTS", call=False)
    summarize_state = hook("setup.summarize")
    state_view = hook("picture.state_view")
    quick_attack = hook("setup.quick_scenario", ruleset=True)
    quick_action = hook("setup.quick_action", ruleset=True)

    def declare_measures(self, state: Board, action: AhotnikAction) -> list[Measure]:
        """Life and Shields left of every Ahotnik and every Demon on the board (levels); which Ahotniks enter
        phase transition and which Demons are exiled (flags); DNA gained by each Ahotnik (a change); the threat
        level; whether the game ends."""
        from tabroll.kit import Measure  # what a walk measures: defined for odds, not for discovery

        measures: list[Measure] = []
        units: list[Unit] = [*state.ahotniks, *(d for d in state.demons if d.on_board)]
        for u in units:
            measures += [Measure(f"Life left: {u.name}", "level", u.life)]
            measures += [Measure(f"Shields left: {u.name}", "level", u.shields)]
        measures += [
            Measure(f"enters phase transition: {a.name}", "flag") for a in state.ahotniks if not a.phase_transition
        ]
        measures += [Measure(f"exiled: {d.name}", "flag") for d in state.demons if d.on_board]
        measures += [Measure(f"DNA gained: {a.name}", "change") for a in state.ahotniks]
        measures += [Measure("threat", "level", state.threat), Measure("game over", "flag")]
        return measures

    def outcome_measures(self, before: Board, after: Board, events: Sequence[Event]) -> dict[str, int | bool]:
        out: dict[str, int | bool] = {}
        for a in before.ahotniks:
            now = after.ahotnik(a.name)
            out[f"Life left: {a.name}"] = now.life
            out[f"Shields left: {a.name}"] = now.shields
            if not a.phase_transition:
                out[f"enters phase transition: {a.name}"] = now.phase_transition
            out[f"DNA gained: {a.name}"] = len(now.dna - a.dna)
        for d in before.demons:
            now_d = after.demon(d.name)
            if d.on_board and now_d is not None:
                out[f"Life left: {d.name}"] = now_d.life
                out[f"Shields left: {d.name}"] = now_d.shields
                out[f"exiled: {d.name}"] = now_d.exiled and not d.exiled
        out["threat"] = after.threat
        out["game over"] = after.game_over is not None
        return out

    def outcome_part(self, action: AhotnikAction, strike: Strike) -> str:
        """An Ahotnik's own attack is the attack; in a whole attack phase each Ahotnik's attack is its own part."""
        return "" if strike.actor is not None and strike.striker == strike.actor else f"attack by {strike.striker}"

    blow_kinds = STRIKE_KINDS  # its blows are the core's, of fewer events
    measures_read_events = False  # its measures read the states alone

    def blows(self, action: AhotnikAction, events: Sequence[Event]) -> list[Blow]:
        """The core blows (every unit an attack reaches is hit, a 0-damage hit included; its damage is what its
        Shields and Life lost), leaving out the Demons taken off the board as the game ends: no blow removed
        them."""
        return core_blows(self, action, [e for e in events if not (isinstance(e, Defeat) and e.how == "removed")])


RULESET: Ruleset[Board, AhotnikAction] = AhotnikGame()

__all__ = ["RULESET", "AhotnikGame"]
