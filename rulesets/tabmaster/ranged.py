"""Common, Magic, Secondary and Projectile attacks, with Area, Line, Multiple and All: the checks before any die,
then each round (:class:`RangedRound`: its line, its targets, a projectile, a shared Area damage roll) and each
strike of it (:class:`RangedStrike`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tabroll.engine.steps import Step
from tabroll.errors import RuleRefusal
from tabroll.events import Note

from .damage import strike
from .model import AttackAction
from .profiles import AttackKind, AttackProfile, LineKind
from .projectile import projectile_hits, spend_projectile
from .state import Unit
from .targeting import LINE_DIRECTIONS, candidates, check_target, line_directions
from .work import Attack, AttackStep, EndAttack

if TYPE_CHECKING:
    from .work import Turn


def resolve_ranged(turn: Turn, action: AttackAction, attacker: Unit, profile: AttackProfile) -> Step:
    """Common, Magic, Secondary and Projectile attacks, with Area, Line, Multiple and All: the checks made before
    any die, then the first round (:class:`RangedRound`)."""
    effects = profile.effects
    count = effects.multiple or 1
    times = action.times if action.times is not None else count
    if times > count:
        raise RuleRefusal(
            f"the attack allows {count} attack(s) (Multiple x{count}); {times} were asked", rule="multiple"
        )
    named = action.target_names()
    if effects.multiple and len(named) > 1:
        times = len(named)
        if times > count:
            raise RuleRefusal(f"{times} targets named; Multiple x{count} allows {count} attacks", rule="multiple")
    elif len(named) > 1 and not effects.area:
        raise RuleRefusal("this attack hits one target: name one 'target'", rule="target")
    if not named and not effects.area and effects.line is not LineKind.RANDOM:
        # No target named: the attack needs exactly one unit in reach, chosen once for every round.
        static = LINE_DIRECTIONS.get(effects.line) if effects.line else None
        if effects.line in (LineKind.FRONT, LineKind.BACK):
            static = line_directions(turn, attacker, profile, "attack")
        options = candidates(turn, attacker, profile, static)
        if len(options) != 1:
            listed = ", ".join(u.name for u in options) or "none"
            raise RuleRefusal("name the target of the attack", rule="target", tip=f"units in reach: {listed}")
        named = [options[0].name]
    if effects.multiple:
        turn.emit(Note(unit=attacker.name, text=f"Multiple x{count}: {times} separate attack(s), rolls never summed"))
    attack = Attack(action, attacker, profile, tuple(named), times)
    return RangedRound(0, attack=attack) if times else EndAttack(attack=attack)


@dataclass(frozen=True)
class RangedRound(AttackStep):
    """Round ``index`` (from 0) of a ranged attack: its line, its targets, a projectile, a shared damage roll.
    Each round reads only the battle, its number and the names aimed at (fixed before any die)."""

    index: int

    def next_round(self) -> Step:
        following = self.index + 1
        return RangedRound(following, attack=self.attack) if following < self.attack.times else self.end()

    def advance(self, turn: Turn) -> Step:
        attack, round_index = self.attack, self.index
        attacker, profile, named = attack.attacker, attack.profile, attack.named
        effects = profile.effects
        purpose = f"attack {round_index + 1}" if attack.times > 1 else "attack"
        directions = line_directions(turn, attacker, profile, purpose) if effects.line else None
        if effects.area:
            targets = candidates(turn, attacker, profile, directions)
            if not targets:
                turn.emit(Note(unit=attacker.name, text="no unit within the area"))
        else:
            name = named[round_index] if effects.multiple and len(named) > 1 else (named[0] if named else None)
            if effects.line is LineKind.RANDOM:
                reachable = candidates(turn, attacker, profile, directions)
                if name is not None and all(u.name != name for u in reachable):
                    turn.emit(Note(unit=attacker.name, text=f"{name} is not on the rolled line"))
                targets = reachable[:1] if name is None else [u for u in reachable if u.name == name]
                if not targets:
                    turn.emit(Note(unit=attacker.name, text="no target on the rolled line: the attack hits nothing"))
            else:
                assert name is not None
                target = turn.unit(name)
                if not target.on_board:
                    turn.emit(
                        Note(
                            unit=attacker.name,
                            text=f"{name} is already defeated: attack {round_index + 1} is lost",
                        )
                    )
                    return self.next_round()
                check_target(turn, attacker, target, profile, directions)
                targets = [target]
        if profile.kind is AttackKind.PROJECTILE:
            if effects.area and not targets:
                turn.emit(Note(unit=attacker.name, text="no unit in the area to shoot at: no projectile is spent"))
                return self.next_round()
            if not spend_projectile(turn, attacker, profile, first=round_index == 0):
                return self.end()
            targets = projectile_hits(turn, attacker, profile, targets, purpose)
        shared: int | None = None
        if effects.area and len(targets) > 1 and turn.options.area_damage == "shared" and turn.special_damage != "none":
            turn.ruling("area_damage", "shared", "one damage roll serves every unit the Area attack hits")
            dan = profile.damage if turn.special_damage == "normal" else turn.special_damage
            shared = turn.roll(dan, "damage (Area, shared)", attacker.name)
        struck = tuple(target.name for target in targets)
        return RangedStrike(round_index, struck, 0, shared, attack=self.attack).following()


@dataclass(frozen=True)
class RangedStrike(AttackStep):
    """The strike on ``struck[index]`` in round ``round_index`` of a ranged attack (``shared``: the round's one
    damage roll for an Area, if any). The rest of the round reads the battle, which units it strikes and that
    roll."""

    round_index: int
    struck: tuple[str, ...]
    index: int
    shared: int | None

    def following(self) -> Step:
        """This strike, or (past the last target) the next round."""
        if self.index < len(self.struck):
            return self
        return RangedRound(self.round_index, attack=self.attack).next_round()

    def advance(self, turn: Turn) -> Step:
        current = turn.unit(self.struck[self.index])
        if current.on_board:
            attack = self.attack
            strike(turn, attack.attacker, current, attack.profile, attack.action, self.shared)
        return RangedStrike(self.round_index, self.struck, self.index + 1, self.shared, attack=self.attack).following()
