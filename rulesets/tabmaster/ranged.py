"""Common, Magic, Secondary and Projectile attacks, with Area, Line, Multiple and All: the checks before any die,
then each round (:class:`RangedRound`: its line, its targets, a projectile, a shared Area damage roll) and each
strike of it (:class:`RangedStrike`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec.structs import replace

from tabroll.engine.steps import Step
from tabroll.errors import RuleRefusal

from .damage import strike
from .messages import _, n_, p_
from .model import AttackAction
from .profiles import AttackKind, AttackProfile, LineKind
from .state import Unit
from .targeting import LINE_DIRECTIONS, candidates, check_target, line_directions
from .work import Attack, AttackStep, EndAttack

if TYPE_CHECKING:
    from .work import TabMasterTurn


def resolve_ranged(turn: TabMasterTurn, action: AttackAction, attacker: Unit, profile: AttackProfile) -> Step:
    """Common, Magic, Secondary and Projectile attacks, with Area, Line, Multiple and All: the checks made before
    any die, then the first round (:class:`RangedRound`)."""
    effects = profile.effects
    count = effects.multiple or 1
    times = action.times if action.times is not None else count
    if times > count:
        raise RuleRefusal(
            n_(
                "the attack allows {n} attack (Multiple x{n}); {asked} were asked",
                "the attack allows {n} attacks (Multiple x{n}); {asked} were asked",
                count,
                asked=times,
            ),
            rule="multiple",
        )
    named = action.target_names()
    if effects.multiple and len(named) > 1:
        times = len(named)
        if times > count:
            raise RuleRefusal(
                n_(
                    "{named} targets named; Multiple x{n} allows {n} attack",
                    "{named} targets named; Multiple x{n} allows {n} attacks",
                    count,
                    named=times,
                ),
                rule="multiple",
            )
    elif len(named) > 1 and not effects.area:
        raise RuleRefusal(_("this attack hits one target: name one 'target'"), rule="target")
    if not named and not effects.area and effects.line is not LineKind.RANDOM:
        # No target named: the attack needs exactly one unit in reach, chosen once for every round.
        static = LINE_DIRECTIONS.get(effects.line) if effects.line else None
        if effects.line in (LineKind.FRONT, LineKind.BACK):
            static = line_directions(turn, attacker, profile, p_("purpose", "attack"))
        options = candidates(turn, attacker, profile, static)
        if len(options) != 1:
            listed = ", ".join(u.name for u in options) or p_("units", "none")
            raise RuleRefusal(
                _("name the target of the attack"), rule="target", tip=_("units in reach: {units}", units=listed)
            )
        named = [options[0].name]
    if effects.multiple:
        turn.note(
            n_(
                "Multiple x{count}: {n} separate attack, rolls never summed",
                "Multiple x{count}: {n} separate attacks, rolls never summed",
                times,
                count=count,
            ),
            attacker.name,
        )
    attack = Attack(action, attacker, profile, tuple(named), times)
    return RangedRound(0, attack=attack) if times else EndAttack(attack=attack)


class RangedRound(AttackStep, frozen=True):
    """Round ``index`` (from 0) of a ranged attack: its line, its targets, a projectile, a shared damage roll.
    Each round reads only the battle, its number and the names aimed at (fixed before any die)."""

    index: int

    def next_round(self) -> Step:
        following = self.index + 1
        return RangedRound(following, attack=self.attack) if following < self.attack.times else self.end()

    def advance(self, turn: TabMasterTurn) -> Step:
        attack, round_index = self.attack, self.index
        attacker, profile, named = attack.attacker, attack.profile, attack.named
        effects = profile.effects
        purpose = (
            p_("purpose", "attack {number}", number=round_index + 1) if attack.times > 1 else p_("purpose", "attack")
        )
        directions = line_directions(turn, attacker, profile, purpose) if effects.line else None
        if effects.area:
            targets = candidates(turn, attacker, profile, directions)
            if not targets:
                turn.note(_("no unit within the area"), attacker.name)
        else:
            name = named[round_index] if effects.multiple and len(named) > 1 else (named[0] if named else None)
            if effects.line is LineKind.RANDOM:
                reachable = candidates(turn, attacker, profile, directions)
                if name is not None and all(u.name != name for u in reachable):
                    turn.note(_("{unit} is not on the rolled line", unit=name), attacker.name)
                targets = reachable[:1] if name is None else [u for u in reachable if u.name == name]
                if not targets:
                    turn.note(_("no target on the rolled line: the attack hits nothing"), attacker.name)
            else:
                assert name is not None
                target = turn.unit(name)
                if not target.on_board:
                    turn.note(
                        _("{unit} is already defeated: attack {number} is lost", unit=name, number=round_index + 1),
                        attacker.name,
                    )
                    return self.next_round()
                check_target(turn, attacker, target, profile, directions)
                targets = [target]
        if profile.kind is AttackKind.PROJECTILE:
            from .projectile import projectile_hits, spend_projectile  # loaded when a projectile is shot

            if effects.area and not targets:
                turn.note(_("no unit in the area to shoot at: no projectile is spent"), attacker.name)
                return self.next_round()
            if not spend_projectile(turn, attacker, profile, first=round_index == 0):
                return self.end()
            targets = projectile_hits(turn, attacker, profile, targets, purpose)
        shared: int | None = None
        if effects.area and len(targets) > 1 and turn.options.area_damage == "shared" and turn.special_damage != "none":
            turn.ruling("area_damage", "shared", _("one damage roll serves every unit the Area attack hits"))
            dan = profile.damage if turn.special_damage == "normal" else turn.special_damage
            shared = turn.roll_total(dan, _("damage (Area, shared)"), attacker.name)
        struck = tuple(target.name for target in targets)
        return RangedStrike(round_index, struck, 0, shared, attack=self.attack) if struck else self.next_round()


class RangedStrike(AttackStep, frozen=True):
    """The strike on ``struck[index]`` in round ``round_index`` of a ranged attack (``shared``: the round's one
    damage roll for an Area, if any). The rest of the round reads the battle, which units it strikes and that
    roll."""

    round_index: int
    struck: tuple[str, ...]
    index: int
    shared: int | None

    def advance(self, turn: TabMasterTurn) -> Step:
        current = turn.unit(self.struck[self.index])
        if current.on_board:
            attack = self.attack
            strike(turn, attack.attacker, current, attack.profile, attack.action, self.shared)
        if self.index + 1 < len(self.struck):
            return replace(self, index=self.index + 1)
        return RangedRound(self.round_index, attack=self.attack).next_round()
