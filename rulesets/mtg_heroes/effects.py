"""Effects on a combatant, from the rules, a spell or the table: damage off Life, a fall at 0 Life and the end of
the battle; destroy, exile and control, Power and Toughness changes, Regenerate, and a creature summoned.
"""

from __future__ import annotations

from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import Damage, Defeat, GameOver, Immune, said
from tabroll.kit.roster import Roster

from .events import TurnOrder
from .messages import _, out_word
from .model import DamageAction, EffectAction, ModifyAction, RegenerateAction, SummonAction
from .state import Combatant, Permanent
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


def check_result(turn: HeroesTurn, fallen: str, by: str | None, how: str) -> None:
    """After someone leaves the fight: when only one side (or none) still stands, the battle is over. A side that
    began with a character stands while a character of it is in the fight; a side of creatures alone while one of
    them is."""
    battle = turn.state
    if not battle.had_characters or battle.result is not None:
        return  # a fight of creatures alone is the table's to end
    standing = (u for u in battle.combatants if u.in_fight and (u.is_character or u.side not in battle.had_characters))
    sides = list(dict.fromkeys(u.side for u in standing))
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


@HANDLERS.on(EffectAction)
def resolve_effect(turn: HeroesTurn, action: EffectAction) -> None:
    target = turn.unit(action.target)
    if target.out:
        raise RuleRefusal(
            _(
                "{target} is already out of the fight ({out_reason})",
                target=target.name,
                out_reason=out_word(target.out_reason),
            ),
            rule="out",
        )
    if action.effect == "control" and action.by is None:
        raise RuleRefusal(_("a control effect needs 'by': the character who takes control"), rule="control")
    if action.effect == "control" and not target.is_character:
        boss = turn.unit(str(action.by))
        if not boss.is_character:
            raise RuleRefusal(
                _("{boss} is a creature: only a character controls creatures", boss=boss.name), rule="control"
            )
    apply_effect(turn, action.effect, target.name, action.by)


def apply_effect(turn: HeroesTurn, effect: str, name: str, by_name: str | None) -> None:
    """Destroy, exile or control: characters are immune to all three, Indestructible creatures to destroy."""
    target = turn.unit(name)
    by = by_name or "an effect"
    if target.is_character:
        if effect == "destroy":
            reason = _("characters are immune to destroy effects; they only win or lose the battle")
        elif effect == "exile":
            reason = _("characters are immune to exile effects; they only win or lose the battle")
        else:
            reason = _("characters are immune to control effects; they only win or lose the battle")
        turn.emit(Immune(attacker=by, target=target.name, reason=reason))
        return
    if effect == "destroy" and target.has("indestructible"):
        turn.emit(Immune(attacker=by, target=target.name, reason=_("Indestructible: it cannot be destroyed")))
        return
    if effect == "control":
        boss = turn.unit(by)
        turn.put(replace(target, controller=boss.name, side=boss.side, refreshed=False))
        if target.name in turn.state.order and target.name != turn.state.active:  # it acts when commanded now
            order = tuple(n for n in turn.state.order if n != target.name)
            turn.change(order=order)
            reason = _("{target} is controlled by {boss}: no turn of its own", target=target.name, boss=boss.name)
            turn.emit(TurnOrder(order=order, reason=reason))
        turn.status(target.name, said(lambda: _("controlled by {boss}", boss=boss.name)), _("control effect"))
        return
    reason = "destroyed" if effect == "destroy" else "exiled"
    turn.put(replace(target, out=True, out_reason=reason))
    why = _("a destroy effect") if effect == "destroy" else _("an exile effect")
    turn.emit(Defeat(unit=target.name, by=by_name, reason=why, how=reason))
    check_result(turn, target.name, by_name, reason)


@HANDLERS.on(ModifyAction)
def resolve_modify(turn: HeroesTurn, action: ModifyAction) -> None:
    check_in_fight(turn.unit(action.unit), _("be changed"))
    change_stats(turn, action.unit, action.power, action.toughness, action.source)


def change_stats(turn: HeroesTurn, name: str, power: int, toughness: int, source: str) -> None:
    """A change to Power and/or Toughness dice until end of turn."""
    unit = turn.unit(name)
    changed = turn.put(
        replace(unit, power_change=unit.power_change + power, toughness_change=unit.toughness_change + toughness)
    )
    report_change(turn, unit, changed, _("{source}, until end of turn", source=_(source)))


def report_change(turn: HeroesTurn, unit: Combatant, changed: Combatant, reason: str) -> None:
    power = said(lambda: _("{unit}'s Power (printed {base})", unit=unit.name, base=unit.power))
    toughness = said(lambda: _("{unit}'s Toughness (printed {base})", unit=unit.name, base=unit.toughness))
    for label, old, new in (
        (power, unit.power_now, changed.power_now),
        (toughness, unit.toughness_now, changed.toughness_now),
    ):
        if new != old:
            turn.modifier(unit.name, label, reason, old, new)


@HANDLERS.on(RegenerateAction)
def resolve_regenerate(turn: HeroesTurn, action: RegenerateAction) -> None:
    unit = turn.unit(action.unit)
    if unit.is_character:
        raise RuleRefusal(_("{unit} is a character: only creatures regenerate", unit=unit.name), rule="regenerate")
    if not unit.has("regenerate"):
        raise RuleRefusal(_("{unit} has no Regenerate", unit=unit.name), rule="regenerate")
    if unit.out_reason == "exiled":
        raise RuleRefusal(_("{unit} was exiled and cannot come back", unit=unit.name), rule="regenerate")
    back = unit.out and unit.out_reason != "lost the battle"
    turn.put(replace(unit, life=unit.max_life, out=False if back else unit.out, out_reason=""))
    reason = (
        _("Regenerate: lost Life comes back; it returns to the fight")
        if back
        else _("Regenerate: lost Life comes back")
    )
    turn.heal(unit.name, unit.life, unit.max_life, reason)


@HANDLERS.on(SummonAction)
def resolve_summon(turn: HeroesTurn, action: SummonAction) -> None:
    caster = turn.unit(action.caster)
    check_in_fight(caster, _("summon"))
    if not caster.is_character:
        raise RuleRefusal(_("{caster} is a creature: only characters summon", caster=caster.name), rule="summon")
    summon_creature(turn, caster.name, action.creature)


def summon_creature(turn: HeroesTurn, caster_name: str, name: str) -> None:
    """A creature from the reserve joins under ``caster``, at its ranges, summoning-sick unless it has Haste."""
    caster = turn.unit(caster_name)
    found = [u for u in turn.state.reserve if u.name == name]
    if not found:
        names = ", ".join(u.name for u in turn.state.reserve) or _("none")
        raise RuleRefusal(_("'{name}' is not in the reserve (reserve: {names})", name=name, names=names), rule="summon")
    creature = replace(found[0], controller=caster.name, side=caster.side, summoning_sick=not found[0].has("haste"))
    battle = turn.state
    bands = battle.bands
    for other in battle.combatants:
        if other.name != caster.name:
            bands = bands.with_band(creature.name, other.name, battle.band(caster.name, other.name))
    bands = bands.with_band(creature.name, caster.name, "near")
    turn.state = replace(
        battle,
        combatants=Roster((*battle.combatants, creature)),
        reserve=tuple(u for u in battle.reserve if u.name != creature.name),
        bands=bands,
    )
    status = (
        _("Haste: it can be commanded at once")
        if not creature.summoning_sick
        else _("summoning sickness: it cannot be commanded until next turn")
    )
    turn.status(creature.name, said(lambda: _("summoned by {caster}", caster=caster.name)), status)
