"""The engage's steps before any die (turn order, fatigue, form, targets), and :func:`resolve_roll`, the handler
of engages and of skill dice rolled outside battle."""

from __future__ import annotations

from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import Note, said

from .choices import asking, choose_form
from .events import FatigueGained, FormDeclared, TargetDeclared
from .gathering import gather
from .messages import _, n_, p_
from .model import EngageAction, Form, RollFields
from .ranges import range_problem, reach_text
from .rolling import ReadRoll, Results, RollDie, Summed
from .state import Adventurer, Creature
from .track import take_fatigue
from .work import BotseTurn


def resolve_roll(work: BotseTurn, action: RollFields) -> None:
    """An engage (its six steps), or skill dice rolled outside battle (steps 4 to 6 only)."""
    adventurer = work.state.adventurer(action.adventurer)
    if adventurer.defeated:
        raise RuleRefusal(_("{unit} is defeated", unit=adventurer.name), rule=p_("rule", "engage"))
    targets: tuple[str, ...] = ()
    form: Form | None = None
    if isinstance(action, EngageAction):
        check_turn_order(adventurer)
        adventurer = gain_fatigue(work, adventurer, action)
        wanted = choose_form(work.dice, work.emit, adventurer) if asking(work.dice, action, "form") else action.form
        form = declare_form(work, adventurer, wanted)
        adventurer = work.state.adventurer(adventurer.name)
        targets = declare_targets(work, adventurer, form, action)
    else:
        work.emit(Note(text=_("skill dice rolled outside battle: no fatigue, no battle form, no target")))
    pool = gather(work, adventurer, action, form, targets)
    if not pool.dice:
        work.run(Results((), pool))
    else:
        work.run(ReadRoll(Summed(pool)) if pool.plain else RollDie(1, (), pool))


def check_turn_order(adventurer: Adventurer) -> None:
    if adventurer.moved_after_engage:
        raise RuleRefusal(
            _(
                "{unit} moved after engaging this turn: a turn with engages allows one move, "
                "before or after the engages",
                unit=adventurer.name,
            ),
            rule=p_("rule", "move and engage"),
            tip=_("end the turn first (do: end_turn)"),
        )
    if adventurer.moves > 1:
        raise RuleRefusal(
            n_(
                "{unit} already moved {n} time this turn: a turn with engages allows only one move",
                "{unit} already moved {n} times this turn: a turn with engages allows only one move",
                adventurer.moves,
                unit=adventurer.name,
            ),
            rule=p_("rule", "move and engage"),
        )


def gain_fatigue(work: BotseTurn, adventurer: Adventurer, action: EngageAction) -> Adventurer:
    """Step 1: no fatigue on the first engage of the turn, then 1 light fatigue die (2 on Expert)."""
    if action.granted:
        if work.options.granted_engage_fatigue == "none":
            work.ruling(
                "granted_engage_fatigue",
                "none",
                _("an engage granted by an ability is not an engage action: it gains no fatigue"),
            )
            work.emit(
                FatigueGained(unit=adventurer.name, amount=0, total=adventurer.light_fatigue, reason=_("granted"))
            )
            return adventurer
        work.ruling("granted_engage_fatigue", "same", _("an engage granted by an ability gains fatigue like any other"))
    number = adventurer.engages + 1
    work.put(replace(adventurer, engages=number))
    if adventurer.engages == 0:
        work.emit(
            FatigueGained(
                unit=adventurer.name, amount=0, total=adventurer.light_fatigue, reason=_("first engage this turn")
            )
        )
    elif work.options.difficulty == "expert":
        take_fatigue(work, adventurer.name, 2, _("engage {number} this turn on Expert", number=number), must_fit=True)
    else:
        take_fatigue(work, adventurer.name, 1, _("engage {number} this turn", number=number), must_fit=True)
    return work.state.adventurer(adventurer.name)


def declare_form(work: BotseTurn, adventurer: Adventurer, wanted: Form | None) -> Form:
    """Step 2: the form declared (or the current one); it fixes the range and which dice may be rolled."""
    form = wanted or adventurer.form
    work.emit(
        FormDeclared(
            unit=adventurer.name,
            form=form.value,
            previous=adventurer.form.value,
            reach=said(lambda: reach_text(adventurer, form)),
        )
    )
    if form is not adventurer.form:
        work.put(replace(adventurer, form=form))
    return form


def declare_targets(work: BotseTurn, adventurer: Adventurer, form: Form, action: EngageAction) -> tuple[str, ...]:
    """Step 3: one target per engage, unless the chosen item's ability says more (its ``targets``)."""
    names = action.target_names()
    if len(names) > 1:
        item = adventurer.item(action.item) if action.item is not None else None
        allowed = item.ability.targets if item is not None else 1
        if len(names) > allowed:
            declared = len(names)
            raise RuleRefusal(
                _(
                    "{declared} targets declared: an engage has one target unless an ability says otherwise, and "
                    "{item}'s ability allows {allowed}",
                    declared=declared,
                    item=item.name,
                    allowed=allowed,
                )
                if item is not None
                else _(
                    "{declared} targets declared: an engage has one target unless an ability says otherwise, and "
                    "no item is chosen (item:)",
                    declared=declared,
                ),
                rule=p_("rule", "target"),
                tip=_("choose the item whose ability names several targets with item: NAME"),
            )
        if len(set(names)) != len(names):
            raise RuleRefusal(_("a unit is declared as a target twice"), rule=p_("rule", "target"))
    for name in names:
        declare_target(work, adventurer, form, name)
    return tuple(names)


def declare_target(work: BotseTurn, adventurer: Adventurer, form: Form, name: str) -> None:
    """Step 3: a target, which must be an enemy in sight and in the form's range."""
    target = work.state.unit(name)
    if not isinstance(target, Creature) or target.side != "enemy":
        raise RuleRefusal(
            _("{unit} is not an enemy: only an enemy can be the target of an engage", unit=name),
            rule=p_("rule", "target"),
        )
    if target.defeated:
        raise RuleRefusal(_("{unit} is already defeated", unit=name), rule=p_("rule", "target"))
    problem = range_problem(work.state, adventurer, target, form)
    if problem is not None:
        raise RuleRefusal(problem, rule=p_("rule", "target range"))
    distance = work.state.map.distance(adventurer.position, target.position)
    work.emit(
        TargetDeclared(
            unit=adventurer.name, target=name, distance=distance, reach=said(lambda: reach_text(adventurer, form))
        )
    )
