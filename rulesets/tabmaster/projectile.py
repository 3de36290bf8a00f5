"""Projectiles: one is spent per shot (from the unit, or from its army's sheet by the ruling ``projectiles``), then
the attack die must reach the target's distance, changed by height and, for an archer shooting unseen, -10."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabroll.errors import RuleRefusal
from tabroll.events import Hit, Miss, Modifier, Spend, said
from tabroll.geometry.grid import Square

from .messages import _
from .profiles import AttackProfile
from .state import Unit

if TYPE_CHECKING:
    from .work import TabMasterTurn

ARCHER_BLIND_PENALTY = -10


def spend_projectile(turn: TabMasterTurn, attacker: Unit, profile: AttackProfile, *, first: bool) -> bool:
    """Take one projectile from the army sheet. Without one, the first shot is refused and a later shot
    (of a Multiple or Pilgrim attack) ends the attack: returns False."""
    assert profile.ammo is not None
    shooter = turn.unit(attacker.name)
    army = turn.options.projectiles == "army"
    if army:
        turn.ruling("projectiles", "army", _("projectiles are counted on the army sheet: one pool per side and kind"))
        left = turn.state.pool(shooter.side, profile.ammo)
        refusal = _("the {side} army has no {kind} left", side=shooter.side, kind=profile.ammo)
    else:
        turn.ruling("projectiles", "unit", _("each unit counts its own projectiles"))
        left = shooter.ammo(profile.ammo)
        refusal = _("{unit} has no {kind} left", unit=attacker.name, kind=profile.ammo)
    if left <= 0:
        if first:
            raise RuleRefusal(
                refusal, rule="projectile", tip=_("use the secondary attack ('using: secondary') if the unit has one")
            )
        turn.note(_("no {kind} left: the remaining attacks are lost", kind=profile.ammo), attacker.name)
        return False
    if army:
        turn.state = turn.state.with_pool(shooter.side, profile.ammo, left - 1)
    else:
        turn.put(shooter.with_ammo(profile.ammo, left - 1))
    turn.emit(Spend(unit=attacker.name, resource=profile.ammo, amount=1, remaining=left - 1))
    return True


def projectile_hits(
    turn: TabMasterTurn,
    attacker: Unit,
    profile: AttackProfile,
    targets: list[Unit],
    purpose: str,
    *,
    origin: Square | None = None,
) -> list[Unit]:
    """Roll the attack die (the projectile is already spent) and keep the targets the result reaches, measuring
    height, sight and distance from ``origin``: the attacker's square, or the square a Pilgrim chain has reached."""
    assert profile.roll is not None
    if not targets:
        return []
    base = turn.roll_total(profile.roll, _("{purpose} roll", purpose=purpose), attacker.name)
    hits: list[Unit] = []
    source = origin if origin is not None else attacker.position
    assert source is not None
    for target in targets:
        assert target.position is not None
        total = base
        rise = turn.state.board.height_difference(target.position, source)
        if rise:
            why = (
                _("height: {levels} above {unit}", levels=rise, unit=target.name)
                if rise > 0
                else _("height: {levels} below {unit}", levels=-rise, unit=target.name)
            )
            total = modify_attack_roll(turn, attacker, total, rise, why)
        if not turn.state.board.line_of_sight(source, target.position).clear:
            reason = _("archer shooting without sight of {unit}", unit=target.name)
            total = modify_attack_roll(turn, attacker, total, ARCHER_BLIND_PENALTY, reason)
        distance = turn.state.distance(source, target.position)
        rule = (
            _("attack {total} ≥ distance {distance}", total=total, distance=distance)
            if total >= distance
            else _("attack {total} < distance {distance}", total=total, distance=distance)
        )
        if total >= distance:
            turn.emit(Hit(attacker=attacker.name, target=target.name, result=total, needed=distance, rule=rule))
            hits.append(target)
        else:
            turn.emit(Miss(attacker=attacker.name, target=target.name, result=total, needed=distance, rule=rule))
    return hits


def modify_attack_roll(turn: TabMasterTurn, attacker: Unit, total: int, amount: int, reason: str) -> int:
    """Add ``amount`` to a projectile's attack roll, shown in the log as a modifier; return the new total."""
    total += amount
    turn.emit(
        Modifier(
            applies_to=said(lambda: _("attack roll")), reason=reason, amount=amount, total=total, unit=attacker.name
        )
    )
    return total
