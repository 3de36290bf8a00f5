"""Step 5b, resolving the results in the player's order: each die's plan carried out and the die put in its
one place, and the chosen item's ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from msgspec.structs import replace

from tabroll.events import Note, StatusApplied, joined, said

from .damage import deal, deal_summed, heal, struck
from .events import DiePlaced, ResultResolved, TenacityGained
from .merging import sum_sides
from .messages import _, die_word, n_
from .model import Code, RollFields
from .order import aimed, choices
from .plan import Plan, paying, plan_result, static_units
from .ranges import target_problem
from .reactions import react
from .state import Adventurer, Creature, Placed
from .track import exhaust, pay_cost, track_full
from .work import PLACES, BotseTurn, Engage, Rolled

if TYPE_CHECKING:
    from tabroll.engine.reading import Side
    from tabroll.events import Event
    from tabroll.kit.roster import Roster

    from .merging import Effects
    from .state import Battle, Die, Face


def resolve_results(work: BotseTurn, setup: Engage, action: RollFields) -> None:
    """Step 5b: resolve the chosen results one at a time, in the player's order."""
    order = choices(work, setup, action)
    summed = work.options.damage_summing == "engage"
    last: dict[str, int] = {}  # in the order the units are first damaged: the order of the dealings
    for position, choice in enumerate(order):
        for name in static_units(work, aimed(setup, choice), choice):
            last[name] = position
    if last:
        text = summing_text() if summed else _("each result deals its damage at once (the rulebook's original 5b)")
        work.ruling("damage_summing", work.options.damage_summing, text)
    if not summed:
        last = {}
    pending: dict[str, list[int]] = {}  # unit → [blockable, unblockable, prevented]
    for position, choice in enumerate(order):
        if choice.die is None:
            resolve_item(work, setup)
        else:
            rolled = setup.rolled[choice.die - 1]
            plan = plan_result(work, aimed(setup, choice), rolled, choice)
            if place_result(work, setup, rolled, plan):
                what = _("die {number}", number=rolled.number)
                for name, (blockable, through) in plan.damage.items():
                    if summed and not isinstance(work.state.unit(name), Adventurer):
                        tally = pending.setdefault(name, [0, 0, 0])
                        tally[0] += blockable
                        tally[1] += through
                    else:
                        deal(work, name, blockable, through, by=setup.adventurer, what=what)
                for name, amount in plan.prevent.items():
                    if summed and not isinstance(work.state.unit(name), Adventurer):
                        pending.setdefault(name, [0, 0, 0])[2] += amount
                for name, amount in plan.heal.items():
                    heal(
                        work, name, amount, _("die {number} {die}", number=rolled.number, die=die_word(rolled.die.name))
                    )
        for name in [n for n, p in last.items() if p == position]:
            blockable, through, prevented = pending.pop(name, [0, 0, 0])
            deal_summed(work, name, blockable, through, prevented, by=setup.adventurer)
    for name, (blockable, through, prevented) in pending.items():  # a safety net: every tally is dealt
        work.emit(
            Note(text=_("summed damage to {unit} left over after the last result: dealt now", unit=name), unit=name)
        )
        deal_summed(work, name, blockable, through, prevented, by=setup.adventurer)
    for rolled in setup.rolled:
        if rolled.number not in work.placed:
            unresolved(work, setup, rolled, _("not resolved"))


def resolve_summed(work: BotseTurn, pool: Engage, faces: tuple[int, ...], reading: tuple[int, ...]) -> None:
    """Steps 5b and 6 of a plain engage (:func:`~.merging.merges_by_effects`) walked by its sums (``reading``;
    ``faces``, each die's face number): what :func:`resolve_results` does die by die, done at once, with the same
    state and blows and a shorter log. What the roll changes is kept in :class:`Summing`."""
    blockable, through, tenacity, _drained = reading
    summing = summing_of(work, pool)
    adventurers = placed_at_once(work, summing, faces, tenacity)
    if blockable or through:
        creatures = dealt_at_once(work, pool, summing, blockable, through)
        work.state = replace(summing.before, adventurers=adventurers, creatures=creatures)
    else:
        work.state = replace(summing.before, adventurers=adventurers)
    if pool.reacts:
        react(work, pool, pool.action)


def finish_summed(work: BotseTurn, pool: Engage, tables: tuple[tuple[Effects, ...], ...]) -> tuple[Side, ...]:
    """What :func:`resolve_summed` leaves for each sum of ``tables`` (:func:`~.merging.face_sums`), ``work`` left as
    it is, in three sides (:meth:`~.rolling.ReadRoll.finish`, :func:`~.merging.sum_sides`): the damage decides the
    blows and the creatures' measures, the tenacity faces the tenacity gained, the dice drained the track. Each is
    worked out once, in a copy of ``work``, for the first sum that gives it (the last two log nothing)."""
    from . import measure_names  # the package's, loaded by now

    summing, copy = summing_of(work, pool), work.fork(work.dice)  # put back after each: its events, damage dealt
    copy.ruling("damage_summing", "engage", summing.ruling)  # told once here: no figure reads it
    before, (by_damage, by_tenacity, by_drained), events = summing.before, sum_sides(tables), copy.events
    name, length, adventurer, creatures = pool.target, len(events), summing.adventurer, before.creatures
    assert name is not None
    target, running = creatures.find(name), copy.running.get(name, 0)
    battles = {target.health: before}  # by the target's Health left (dealt nothing: as before)
    dealt: list[tuple[int, Battle, tuple[Event, ...]]] = []
    for (blockable, through), (ways, _tenacity, _faces) in by_damage.items():  # each as dealt_at_once deals it
        copy.running[name] = running
        health = struck(copy, target, blockable, through, by=pool.adventurer, what=summing.what, engage=True,
                        told=False)  # fmt: skip
        health = target.health if health is None else health
        battle = battles.get(health)
        if battle is None:
            hurt = replace(target, health=health, defeated=health == 0)
            battle = battles[health] = replace(before, creatures=creatures.replace(hurt))
        dealt.append((ways, battle, tuple(events[length:])))
        del events[length:]
    roster = before.adventurers  # (their measures read the states alone: no events)
    tenacities = [  # no die placed: where they go is not decided here
        (ways, replace(before, adventurers=roster.replace(replace(adventurer, tenacity=adventurer.tenacity + gained)))
         if gained else before, ())
        for ways, gained, _faces in by_tenacity.values()
    ]  # fmt: skip
    tracks = []
    for ways, _tenacity, faces in by_drained.values():  # no tenacity gained: not decided here
        tracks.append((ways, replace(before, adventurers=placed_at_once(copy, summing, faces, 0)), ()))
        del events[length:]
    track = measure_names(adventurer.name)[3]
    return (
        ((True, {measure_names(unit.name)[0] for unit in creatures}), dealt),
        ((False, {measure for unit in roster for measure in measure_names(unit.name)} - {track}), tenacities),
        ((False, {track}), tracks),
    )


def placed_at_once(work: BotseTurn, summing: Summing, faces: tuple[int, ...], tenacity: int) -> Roster[Adventurer]:
    """The adventurers after a walked plain engage's dice are placed (:func:`resolve_summed`): the resolved dice
    in roll order, then the others, as :func:`place_result` and :func:`unresolved` place them; worked out once for
    each way the dice are sent (:func:`face_sent`) while the track has room for them."""
    sent = (tenacity, *[face_sent(die.faces[face - 1]) for die, face in zip(summing.dice, faces, strict=True)])
    known = summing.placed.get(sent)
    if known is None:
        track, drained = list(summing.adventurer.cooldown), list(summing.adventurer.drained)
        full = False
        for resolved in (True, False):
            for code_drained, die in zip(sent[1:], summing.dice, strict=True):  # None: not resolved
                if (code_drained is None) is resolved:
                    continue
                name = die.name
                if not code_drained:
                    if None in track:
                        track[track.index(None)] = name
                        continue
                    full = True
                    track_full(work, summing.adventurer.name, name)
                drained.append(name)
        adventurer = summing.adventurer
        total = adventurer.tenacity + tenacity
        after = replace(adventurer, tenacity=total, cooldown=tuple(track), drained=tuple(drained))
        known = (
            summing.before.adventurers.replace(after),
            (TenacityGained(unit=adventurer.name, amount=tenacity, total=total, reason=_("tenacity face")),)
            if tenacity
            else (),
        )
        if not full:  # a full track is said as it is found, each time
            summing.placed[sent] = known
    work.events.extend(known[1])
    return known[0]


def dealt_at_once(work: BotseTurn, pool: Engage, summing: Summing, blockable: int, through: int) -> Roster[Creature]:
    """The creatures after the summed damage of a walked plain engage (:func:`resolve_summed`) is dealt to its
    target (an enemy: no prevention), its events logged; worked out once for each sum of damage."""
    name = pool.target
    assert name is not None
    work.ruling("damage_summing", "engage", summing.ruling)  # a plain engage sums the damage of its dice
    running = work.running.get(name, 0)
    known = summing.dealt.get((blockable, through, running))
    if known is None:
        creatures = summing.before.creatures
        target = creatures.get(name)
        assert target is not None
        start = len(work.events)
        health = struck(work, target, blockable, through, by=pool.adventurer, what=summing.what, engage=True,
                        told=False)  # fmt: skip
        if health is None:  # defeated before: nothing dealt
            return creatures
        left = (health, health == 0)  # the target's only changes
        after = summing.hurt.get(left) or summing.hurt.setdefault(
            left, creatures.replace(replace(target, health=health, defeated=health == 0))
        )
        known = summing.dealt[(blockable, through, running)] = (after, tuple(work.events[start:]), health == 0)
        return after
    work.events.extend(known[1])
    work.running[name] = running + blockable + through
    work.damaged.add(name)
    if known[2]:
        work.defeated.add(name)
    return known[0]


def gain_tenacity(work: BotseTurn, adventurer: Adventurer, amount: int, reason: str) -> None:
    """``adventurer`` put with ``amount`` more tenacity, said when it gains any."""
    total = adventurer.tenacity + amount
    work.put(replace(adventurer, tenacity=total))
    if amount:
        work.emit(TenacityGained(unit=adventurer.name, amount=amount, total=total, reason=reason))


def summing_text() -> str:
    return _(
        "the dice's damage to each non-adventurer unit is summed and dealt after the last result that damages it "
        "(the source's clarification)"
    )


def place_result(work: BotseTurn, setup: Engage, rolled: Rolled, plan: Plan) -> bool:
    """Put a resolved die where its code says; False when the result cannot be resolved at all."""
    face = rolled.face
    adventurer = work.state.adventurer(setup.adventurer)
    named = {"number": rolled.number, "die": die_word(rolled.die.name)}
    if face.tenacity:
        if rolled.free:  # enemy dice carry no tenacity icon (checked on load); kept for safety
            return False
        work.emit(ResultResolved(number=rolled.number, die=rolled.die.name, done=said(lambda: _("tenacity"))))
        gain_tenacity(work, adventurer, 1, _("tenacity face"))
        exhaust_rolled(work, setup, rolled, _("tenacity face"))
        return True
    if plan.cost is not None and plan.done == [paying(plan.cost)]:
        plan.skipped.append(said(lambda: _("only its cost could be paid")))
        plan.done.clear()
    if not plan.done:
        why = "; ".join(plan.skipped) or _("a blank face")
        work.emit(Note(text=_("die {number} {die}: nothing on it can be done ({why})", why=why, **named)))
        return False
    if plan.code is Code.ACTIVE and not rolled.free and len(adventurer.active) >= adventurer.active_slots:
        work.emit(Note(text=_("die {number} {die}: no open active slot, so it cannot be resolved", **named)))
        return False
    done = joined("; ", plan.done)
    if plan.skipped:
        done = said(lambda: _("{done} (skipped: {skipped})", done=done, skipped=joined("; ", plan.skipped)))
    work.emit(ResultResolved(number=rolled.number, die=rolled.die.name, done=done))
    if plan.cost is not None:
        adventurer = pay_cost(work, adventurer, plan.cost, _("die {number} {die}", **named))
    if plan.status_on is not None:
        for status in plan.statuses:
            apply_status(work, rolled, plan.status_on, status)
    if rolled.free:
        place_die(work, rolled, "discarded", _("free enemy combat die, discarded after use"))
    elif plan.code is Code.ACTIVE:
        prevent = plan.prevent.get(adventurer.name, 0)
        placed = Placed(die=rolled.die.name, prevent=prevent)
        work.put(replace(adventurer, active=(*adventurer.active, placed)))
        place_die(work, rolled, "active", _("active slot code"), slot=len(adventurer.active) + 1)
    elif plan.code is Code.DRAINED:
        work.put(replace(adventurer, drained=(*adventurer.drained, rolled.die.name)))
        place_die(work, rolled, "drained", _("drained code"))
    elif plan.code is Code.STATUS and plan.status_on is not None and plan.status_name is not None:
        placed = Placed(die=rolled.die.name, on=plan.status_on)
        work.put(replace(adventurer, statuses=(*adventurer.statuses, placed)))
        place_die(work, rolled, "status", _("status effect code"), on=plan.status_on)
    else:
        why = (
            _("cooldown code: its effect lasts while it is there") if plan.code is Code.COOLDOWN else _("instant code")
        )
        if plan.nowhere:
            why = _("status code, but its status had nowhere to go: ruling status_nowhere")
        exhaust_rolled(work, setup, rolled, why)
    return True


def exhaust_rolled(work: BotseTurn, setup: Engage, rolled: Rolled, why: str) -> None:
    """Exhaust a rolled die: the leftmost open cooldown slot, or drained when the track is full."""
    slot = exhaust(work, work.state.adventurer(setup.adventurer), rolled.die.name)
    if slot is None:
        place_die(work, rolled, "drained", _("{why}; the cooldown track is full, so it is drained instead", why=why))
    else:
        place_die(work, rolled, "exhausted", why, slot=slot)


def apply_status(work: BotseTurn, rolled: Rolled, on: str, status: str) -> None:
    """The status effect on its unit (a creature keeps the list) or hex, with its event."""
    unit = work.state.unit(on) if not on.startswith("hex ") else None
    if isinstance(unit, Creature):
        work.put(replace(unit, statuses=(*unit.statuses, status)))
    work.emit(
        StatusApplied(
            unit=on, status=status, reason=_("{die}, die {number}", die=die_word(rolled.die.name), number=rolled.number)
        )
    )


def unresolved(work: BotseTurn, setup: Engage, rolled: Rolled, why: str) -> None:
    if rolled.free:
        if work.options.unused_free_dice == "discard":
            work.ruling(
                "unused_free_dice", "discard", _("free enemy combat dice are always discarded, never exhausted")
            )
            place_die(work, rolled, "discarded", _("{why}; free enemy combat die", why=why))
            return
        work.ruling("unused_free_dice", "exhaust", _("an unresolved free die is exhausted like any other die"))
    exhaust_rolled(work, setup, rolled, why)


def place_die(
    work: BotseTurn, rolled: Rolled, place: str, reason: str, *, slot: int | None = None, on: str | None = None
) -> None:
    """Put a rolled die in its one place at the end of the engage (:data:`PLACES`), with its event."""
    assert place in PLACES and rolled.number not in work.placed, (rolled.number, place)
    work.placed[rolled.number] = place
    work.emit(DiePlaced(number=rolled.number, die=rolled.die.name, place=place, reason=reason, slot=slot, on=on))


def resolve_item(work: BotseTurn, setup: Engage) -> None:
    """The chosen item's ability: its damage is dealt on its own (not summed with the dice)."""
    ability = setup.ability
    assert ability is not None and setup.item is not None
    done: list[str] = []
    if ability.free_dice:
        done.append(
            said(
                lambda: n_(
                    "{n} free combat dice (added to the roll)",
                    "{n} free combat dice (added to the roll)",
                    ability.free_dice,
                )
            )
        )
    damage = ability.damage
    if ability.damage_per_combat_die:
        # free enemy combat dice do not count against the limits, but they are combat dice for item effects
        combat = sum(1 for r in setup.rolled if r.die.combat)
        damage += ability.damage_per_combat_die * combat
        done.append(
            said(
                lambda: n_(
                    "{per} damage per combat die × {n} combat dice in the roll (free dice included)",
                    "{per} damage per combat die × {n} combat dice in the roll (free dice included)",
                    combat,
                    per=ability.damage_per_combat_die,
                )
            )
        )
    views = [replace(setup, target=t) for t in setup.targets] or [setup]
    hit: list[str] = []
    if damage:
        for view in views:
            problem = target_problem(work, view)
            if problem:
                done.append(
                    said(
                        lambda: n_(
                            "{n} damage skipped: {problem}",
                            "{n} damage skipped: {problem}",
                            damage,
                            problem=target_problem(work, view),  # noqa: B023  (said runs it at once)
                        )
                    )
                )
            else:
                assert view.target is not None
                hit.append(view.target)
                done.append(said(lambda: n_("{n} damage to {unit}", "{n} damage to {unit}", damage, unit=view.target)))  # noqa: B023  (said runs it at once)
    if ability.text:
        done.append(said(lambda: _("apply by hand: {text}", text=ability.text)))
    work.emit(ResultResolved(number=0, die=setup.item, done=joined("; ", done) if done else said(lambda: _("nothing"))))
    for name in hit:
        blockable, through = (0, damage) if ability.unblockable else (damage, 0)
        deal(work, name, blockable, through, by=setup.adventurer, what=_("{item}'s ability", item=setup.item))
    if ability.tenacity:
        adventurer = work.state.adventurer(setup.adventurer)
        gain_tenacity(work, adventurer, ability.tenacity, _("{item}'s ability", item=setup.item))


def summing_of(work: BotseTurn, setup: Engage) -> Summing:
    """The :class:`Summing` of the battle an engage's dice were rolled in, worked out once for every outcome."""
    battle, summed = work.state, setup.summed
    if not summed or summed[0].before is not battle:
        adventurer = battle.adventurers.get(setup.adventurer)
        assert adventurer is not None
        summed[:] = [Summing(battle, adventurer, setup.dice)]
    return summed[0]


class Summing:
    """What a walked plain engage's results (:func:`~.results.resolve_summed`) start from, worked out once for the
    battle ``before`` the roll, and what its outcomes gave, kept for those after them: the adventurers by
    tenacity and where each die is sent (``placed``), the creatures by damage (``dealt``)."""

    def __init__(self, before: Battle, adventurer: Adventurer, dice: tuple[Die, ...]) -> None:
        self.before, self.adventurer = before, adventurer
        self.dice, self.ruling, self.what = dice, summing_text(), _("summed damage of the dice")
        self.placed: dict[tuple[Any, ...], tuple[Roster[Adventurer], tuple[Event, ...]]] = {}
        self.dealt: dict[tuple[int, int, int], tuple[Roster[Creature], tuple[Event, ...], bool]] = {}
        self.hurt: dict[tuple[int, bool], Roster[Creature]] = {}  # the creatures by the target's Health left


def face_sent(face: Face) -> bool | None:
    """Where a face of a plain engage sends its die (:func:`placed_at_once`): None when the face is not resolved
    (blank), True when it is resolved and drained by its code, False when it is resolved and exhausted."""
    if not (face.tenacity or face.damage or face.text):
        return None
    return not face.tenacity and face.code is Code.DRAINED
