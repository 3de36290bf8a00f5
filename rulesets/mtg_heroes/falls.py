"""Leaving the fight, and the end of the battle: damage straight off Life, a fall at 0 Life (a character loses,
a creature is destroyed unless Indestructible), the permanent effects of a caster that goes, and the one side
left standing.
"""

from __future__ import annotations

from tabroll.events import Damage, Defeat, GameOver, said
from tabroll.frozen import replace

from .messages import _, out_word
from .model import DamageAction
from .state import Battle, Combatant, Permanent
from .work import HANDLERS, HeroesTurn, check_in_fight


def fall(turn: HeroesTurn, unit: Combatant, by: str | None) -> None:
    """A combatant at 0 Life leaves the fight: a character loses, a creature is destroyed (unless Indestructible)."""
    if unit.is_character:
        reason = _("Life 0: a character is never destroyed; it loses the battle and forgets the spells in its Memory")
        if unit.memory_spells:
            turn.note(
                _("{unit} forgets {memory_spells}", unit=unit.name, memory_spells=", ".join(unit.memory_spells)),
                unit.name,
            )
        turn.put(replace(unit, out=True, out_reason="lost the battle", memory_spells=()))
        turn.emit(Defeat(unit=unit.name, by=by, reason=reason, how="defeated"))
        end_permanents(turn, unit.name, _("its caster lost the battle"))
        check_result(turn, unit.name, by, "lost the battle")
        return
    if unit.has("indestructible"):
        turn.put(replace(unit, out=True, out_reason="beaten at 0 Life"))
        reason = _("Life 0; Indestructible, so not destroyed, but out of the fight until regenerated")
        turn.emit(Defeat(unit=unit.name, by=by, reason=reason, how="defeated"))
    else:
        turn.put(replace(unit, out=True, out_reason="destroyed"))
        turn.emit(Defeat(unit=unit.name, by=by, reason=_("Life 0"), how="destroyed"))
    check_result(turn, unit.name, by, unit.out_reason)


def standing_sides(battle: Battle) -> list[str]:
    """The sides still in the battle: a side that began with a character stands while a character of it is in the
    fight; a side of creatures alone stands while one of them is."""
    standing = (u for u in battle.combatants if u.in_fight and (u.is_character or u.side not in battle.had_characters))
    return list(dict.fromkeys(u.side for u in standing))


def check_result(turn: HeroesTurn, fallen: str, by: str | None, how: str) -> None:
    """After someone leaves the fight: when only one side (or none) still stands, the battle is over."""
    battle = turn.state
    if not battle.had_characters or battle.result is not None:
        return  # a fight of creatures alone is the table's to end
    sides = standing_sides(battle)
    if len(sides) > 1:
        return
    winner = sides[0] if sides else None
    values = {"fallen": fallen, "how": out_word(how), "winner": winner}
    reason = (
        _("{fallen} {how}; only {winner}'s side still stands", **values)
        if winner
        else _("{fallen} {how}; no side still stands: a draw, or the table's call", **values)
    )
    turn.state = replace(battle, result=f"{winner} wins" if winner else "no side stands", phase=None)
    fell = how != "fled"  # the event's unit is the fall that ended the battle; a flight is no fall
    turn.game_over = GameOver(reason=reason, winner=winner, unit=fallen if fell else None, by=by if fell else None)


def end_permanents(turn: HeroesTurn, caster: str, why: str, keep: frozenset[str] = frozenset()) -> None:
    """The permanent effects ``caster`` upholds end (all but the spells named in ``keep``)."""
    kept: list[Permanent] = []
    for permanent in turn.state.permanents:
        if permanent.caster != caster or (permanent.spell in keep and turn.unit(permanent.target).in_fight):
            kept.append(permanent)
            continue
        target = turn.unit(permanent.target)
        target = turn.put(
            replace(
                target,
                lasting_power=target.lasting_power - permanent.power,
                lasting_toughness=target.lasting_toughness - permanent.toughness,
            )
        )
        ends = said(lambda: _("{spell} ends", spell=permanent.spell))  # noqa: B023  (said runs it at once)
        turn.status(target.name, ends, _("{why} ({caster}'s permanent)", why=why, caster=caster))
    if len(kept) < len(turn.state.permanents):
        turn.change(permanents=tuple(kept))


@HANDLERS.on(DamageAction)
def resolve_damage(turn: HeroesTurn, action: DamageAction) -> None:
    check_in_fight(turn.unit(action.target), _("take damage"))
    deal_damage(turn, action.target, action.amount, action.by, action.source)


def deal_damage(turn: HeroesTurn, name: str, amount: int, by: str | None, source: str) -> None:
    """Damage from a spell or ability: straight off Life."""
    target = turn.unit(name)
    if target.in_fight:
        lose_life(turn, target, amount, by, _("{source}: ", source=_(source)))


def lose_life(turn: HeroesTurn, unit: Combatant, amount: int, by: str | None, why: str, **changes: int) -> None:
    """``amount`` off ``unit``'s Life (:func:`tell_life_lost`), counted as damage taken while fleeing, with the
    other ``changes`` to it; a fall at 0 Life."""
    life = tell_life_lost(turn, unit, amount, by, why)
    fleeing = unit.fleeing + amount if unit.fleeing is not None else None
    unit = turn.put(replace(unit, life=life, fleeing=fleeing, **changes))
    if life == 0 and amount > 0:
        fall(turn, unit, by)


def tell_life_lost(turn: HeroesTurn, unit: Combatant, amount: int, by: str | None, why: str) -> int:
    """The damage of ``amount`` off ``unit``'s Life, not below 0, told with ``why`` before the Life it goes from and
    to; the Life left (the caller changes the combatant, and it falls at 0 Life)."""
    life = max(0, unit.life - amount)
    turn.emit(
        Damage(
            attacker=by,
            target=unit.name,
            amount=amount,
            rule=_("{why}Life {life} → {life2}", why=why, life=unit.life, life2=life),
            defeats=life == 0,
            pool="Life",
            lost=unit.life - life,
            left=life,
        )
    )
    return life
