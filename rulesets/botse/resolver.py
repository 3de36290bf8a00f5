"""BotSE resolution: the six engage steps, rolling skill dice outside battle, moves, auras and turn ends.

``resolve(battle, action, dice) -> Resolution``, pure: one handler per action class (``HANDLERS``), each
working on a :class:`Work` (the action's log). An engage (or a roll outside battle) is taken as steps
(:mod:`tabroll.steps`) once its dice are gathered: :class:`RollDie` for each die, then :class:`Results`.
Every die is drawn from ``dice`` as a FACE NUMBER (``roll_die(dice, len(faces), purpose)``, 1-based), so given
values, prompts, seeds and the odds engine all work on custom dice, and is logged as a core ``roll`` naming the
face and what it does. A refusal raises :class:`RuleRefusal`; the engine then keeps the state unchanged.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tabroll.dice.sources import DiceSource, asks_players, roll_die
from tabroll.errors import RuleRefusal
from tabroll.events import Damage, Defeat, Heal, Modifier, Move, Note, Roll, Spend, StatusApplied
from tabroll.geometry.hex import Hex
from tabroll.kit import Handlers
from tabroll.records import replace
from tabroll.steps import Step
from tabroll.turn import ActionLog

from .choices import ability_text, ask_choice, asking, choose_form, choose_item, choose_overtax
from .events import (
    DiePlaced,
    FaceTurned,
    FatigueGained,
    FormDeclared,
    Gathered,
    Reaction,
    ResultResolved,
    TargetDeclared,
    TenacityGained,
)
from .model import (
    AuraAction,
    BotseOptions,
    Code,
    EndTurnAction,
    EngageAction,
    Form,
    MoveAction,
    ResultChoice,
    RollFields,
    RollSkillDiceAction,
    Stat,
)
from .setup import FATIGUE_DIE
from .state import Ability, Adventurer, Battle, Cost, Creature, Die, Effect, Face, Placed, Skill, Unit

if TYPE_CHECKING:
    from tabroll.engine import Resolution

PLACES = ("exhausted", "active", "drained", "discarded", "status")


@dataclass
class Rolled:
    """A die in the roll: its place in the roll (from 1), its definition, the face it shows."""

    number: int
    die: Die
    face_number: int
    free: bool = False

    @property
    def face(self) -> Face:
        return self.die.faces[self.face_number - 1]


@dataclass
class Work(ActionLog):
    """The working area of one action: the state as it evolves, the events so far, the engage's tallies."""

    battle: Battle
    running: dict[str, int] = field(default_factory=dict)
    damaged: set[str] = field(default_factory=set)
    defeated: set[str] = field(default_factory=set)
    placed: dict[int, str] = field(default_factory=dict)

    def state_now(self) -> Battle:
        return self.battle

    def _forked(self) -> None:
        self.running = dict(self.running)
        self.damaged = set(self.damaged)
        self.defeated = set(self.defeated)
        self.placed = dict(self.placed)

    @property
    def options(self) -> BotseOptions:
        options: BotseOptions = self.battle.options
        return options

    def unit(self, name: str) -> Unit:
        return self.battle.unit(name)

    def adventurer(self, name: str) -> Adventurer:
        return self.battle.adventurer(name)

    def update(self, unit: Unit) -> None:
        self.battle = self.battle.with_unit(unit)


HANDLERS: Handlers[Work] = Handlers()
"""Each action class to the function that resolves it."""


def resolve(battle: Battle, action: object, dice: DiceSource) -> Resolution:
    work = Work(battle=battle, dice=dice)
    HANDLERS(work, action)
    return work.resolution(work.battle)


# --- ranges -----------------------------------------------------------------------------------------------


def reach_text(adventurer: Adventurer, form: Form) -> str:
    return {
        Form.LIGHT_WEAPON: "adjacent targets only",
        Form.HEAVY_WEAPON: "adjacent targets only",
        Form.DEFENSIVE: "no range: no target",
        Form.RANGED: f"targets 2 to {adventurer.stamina} hexes away (Stamina)",
        Form.MAGIC: f"targets up to {adventurer.magicka} hexes away (Magicka)",
    }[form]


def range_problem(battle: Battle, adventurer: Adventurer, target: Unit, form: Form) -> str | None:
    """Why ``target`` is not in range and sight of ``adventurer`` in ``form``, or None when it is."""
    distance = battle.map.distance(adventurer.position, target.position)
    name = target.name
    if form is Form.DEFENSIVE:
        return "Defensive form has no range: no target can be declared"
    if form in (Form.LIGHT_WEAPON, Form.HEAVY_WEAPON) and distance != 1:
        return f"{name} is {distance} hexes away; {form.value} form reaches adjacent units only"
    if form is Form.RANGED and distance < 2:
        return f"{name} is adjacent; ranged form reaches only units that are not adjacent"
    if form is Form.RANGED and distance > adventurer.stamina:
        return f"{name} is {distance} hexes away; ranged form reaches {adventurer.stamina} (Stamina)"
    if form is Form.MAGIC and distance > adventurer.magicka:
        return f"{name} is {distance} hexes away; magic form reaches {adventurer.magicka} (Magicka)"
    if not battle.map.line_of_sight(adventurer.position, target.position):
        return f"{adventurer.name} cannot see {name}: a blocked hex is in between"
    return None


# --- the engage (and rolling skill dice outside battle) ---------------------------------------------------


@dataclass
class Engage:
    """What the steps decided: who rolls, in which form, at which target, with which dice and item."""

    adventurer: str
    form: Form | None
    target: str | None
    rolled: list[Rolled]
    ability: Ability | None = None
    item: str | None = None
    targets: tuple[str, ...] = ()  # every declared target (``target`` is the first, or the one a result aims at)


@HANDLERS.on(EngageAction, RollSkillDiceAction)
def resolve_roll(work: Work, action: RollFields) -> None:
    """An engage (its six steps), or skill dice rolled outside battle (steps 4 to 6 only): the checks and steps
    made before any die, then the roll and what follows it as steps (:class:`RollDie`, :class:`Results`)."""
    adventurer = work.adventurer(action.adventurer)
    if adventurer.defeated:
        raise RuleRefusal(f"{adventurer.name} is defeated", rule="engage")
    target: str | None = None
    targets: tuple[str, ...] = ()
    form: Form | None = None
    if isinstance(action, EngageAction):
        check_turn_order(adventurer)
        adventurer = gain_fatigue(work, adventurer, action)
        wanted = choose_form(work.dice, work.emit, adventurer) if asking(work.dice, action, "form") else action.form
        form = declare_form(work, adventurer, wanted)
        adventurer = work.adventurer(adventurer.name)
        targets = declare_targets(work, adventurer, form, action)
        target = targets[0] if targets else None
    else:
        work.emit(Note(text="skill dice rolled outside battle: no fatigue, no battle form, no target"))
    pool = gather(work, adventurer, action, form, target, targets)
    work.run(RollDie(1, (0, 0, 0, 0) if pool.plain else (), (), pool) if pool.dice else Results((), (), pool))


def check_turn_order(adventurer: Adventurer) -> None:
    if adventurer.moved_after_engage:
        raise RuleRefusal(
            f"{adventurer.name} moved after engaging this turn: a turn with engages allows one move, "
            "before or after the engages",
            rule="move and engage",
            tip="end the turn first (do: end_turn)",
        )
    if adventurer.moves > 1:
        raise RuleRefusal(
            f"{adventurer.name} already moved {adventurer.moves} times this turn: a turn with engages allows "
            "only one move",
            rule="move and engage",
        )


def gain_fatigue(work: Work, adventurer: Adventurer, action: EngageAction) -> Adventurer:
    """Step 1: no fatigue on the first engage of the turn, then 1 light fatigue die (2 on Expert)."""
    if action.granted:
        if work.options.granted_engage_fatigue == "none":
            work.ruling(
                "granted_engage_fatigue",
                "none",
                "an engage granted by an ability is not an engage action: it gains no fatigue",
            )
            work.emit(FatigueGained(unit=adventurer.name, amount=0, total=adventurer.light_fatigue, reason="granted"))
            return adventurer
        work.ruling("granted_engage_fatigue", "same", "an engage granted by an ability gains fatigue like any other")
    number = adventurer.engages + 1
    work.update(replace(adventurer, engages=number))
    if adventurer.engages == 0:
        work.emit(
            FatigueGained(
                unit=adventurer.name, amount=0, total=adventurer.light_fatigue, reason="first engage this turn"
            )
        )
    else:
        expert = work.options.difficulty == "expert"
        amount = 2 if expert else 1
        reason = f"engage {number} this turn" + (" on Expert" if expert else "")
        take_fatigue(work, adventurer.name, amount, reason, must_fit=True)
    return work.adventurer(adventurer.name)


def declare_form(work: Work, adventurer: Adventurer, wanted: Form | None) -> Form:
    """Step 2: the form declared (or the current one); it fixes the range and which dice may be rolled."""
    form = wanted or adventurer.form
    work.emit(
        FormDeclared(
            unit=adventurer.name, form=form.value, previous=adventurer.form.value, reach=reach_text(adventurer, form)
        )
    )
    if form is not adventurer.form:
        work.update(replace(adventurer, form=form))
    return form


def declare_targets(work: Work, adventurer: Adventurer, form: Form, action: EngageAction) -> tuple[str, ...]:
    """Step 3: one target per engage, unless the chosen item's ability says more (its ``targets``)."""
    names = action.target_names()
    if len(names) > 1:
        item = adventurer.item(action.item) if action.item is not None else None
        allowed = item.ability.targets if item is not None else 1
        if len(names) > allowed:
            whose = f"{item.name}'s ability allows {allowed}" if item is not None else "no item is chosen (item:)"
            raise RuleRefusal(
                f"{len(names)} targets declared: an engage has one target unless an ability says otherwise, and "
                f"{whose}",
                rule="target",
                tip="choose the item whose ability names several targets with item: NAME",
            )
        if len(set(names)) != len(names):
            raise RuleRefusal("a unit is declared as a target twice", rule="target")
    return tuple(n for n in (declare_target(work, adventurer, form, name) for name in names) if n is not None)


def declare_target(work: Work, adventurer: Adventurer, form: Form, name: str | None) -> str | None:
    """Step 3: an optional target, which must be an enemy in sight and in the form's range."""
    if name is None:
        return None
    target = work.unit(name)
    if not isinstance(target, Creature) or target.side != "enemy":
        raise RuleRefusal(f"{name} is not an enemy: only an enemy can be the target of an engage", rule="target")
    if target.defeated:
        raise RuleRefusal(f"{name} is already defeated", rule="target")
    problem = range_problem(work.battle, adventurer, target, form)
    if problem is not None:
        raise RuleRefusal(problem, rule="target range")
    distance = work.battle.map.distance(adventurer.position, target.position)
    work.emit(TargetDeclared(unit=adventurer.name, target=name, distance=distance, reach=reach_text(adventurer, form)))
    return name


def gather(
    work: Work,
    adventurer: Adventurer,
    action: RollFields,
    form: Form | None,
    target: str | None,
    targets: tuple[str, ...],
) -> Pool:
    """Step 4 up to the roll: check the gathered dice (availability, form icons, combat dice, each stat's limit),
    choose one item, add free enemy combat dice; the dice are then rolled together (:class:`RollDie`)."""
    battle = work.battle
    wanted = Counter(action.gather)
    available = Counter(adventurer.available)
    for name, count in wanted.items():
        check_gathered_die(work, adventurer, name, count, available[name], form)
    counts = check_stat_limits(battle, adventurer, wanted)
    engage = action if isinstance(action, EngageAction) else None
    adventurer, item_name, ability, free = choose_ability(work, adventurer, engage, form)
    if free and form is Form.MAGIC:
        raise RuleRefusal("free combat dice are combat dice: none in Magic form", rule="gathering")
    if free and battle.enemy_die is None:
        raise RuleRefusal("free combat dice need an enemy combat die: define one under enemy_dice", rule="free dice")
    adventurer = take_from_rows(work, adventurer, wanted)
    work.emit(
        Gathered(
            unit=adventurer.name,
            dice=tuple(action.gather),
            stamina=counts[Stat.STAMINA],
            stamina_limit=adventurer.stamina,
            magicka=counts[Stat.MAGICKA],
            magicka_limit=adventurer.magicka,
            free=free,
            item=item_name,
        )
    )
    if not action.gather and not free:
        work.emit(Note(text="no dice gathered: the remaining steps still happen"))
    dice = [battle.dice[n] for n in action.gather]
    if free:
        assert battle.enemy_die is not None
        dice += [battle.dice[battle.enemy_die]] * free
    plain = merges_by_effects(work, adventurer, action, form, target, ability, dice)
    return Pool(
        action, adventurer.name, form, target, targets, tuple(dice), len(action.gather), ability, item_name, plain
    )


def check_gathered_die(work: Work, adventurer: Adventurer, name: str, count: int, have: int, form: Form | None) -> None:
    """Step 4, one kind of die gathered ``count`` times: a skill die (not the enemy combat die), available in the
    attribute rows, with no form icon or the form's own (outside battle: ruling ``out_of_battle_form_dice``), and
    no combat die in Magic form."""
    battle = work.battle
    if name not in battle.dice:
        raise RuleRefusal(
            f"there is no die called '{name}'", rule="gathering", tip=f"the dice: {', '.join(battle.dice)}"
        )
    die = battle.dice[name]
    if die.stat is None:
        raise RuleRefusal(
            f"'{name}' is an enemy combat die: it joins a roll only as a free die",
            rule="gathering",
            tip="ask for free dice with free_dice: N (or an item ability that adds them)",
        )
    if count > have:
        raise RuleRefusal(
            f"{adventurer.name} has {have} '{name}' {'die' if have == 1 else 'dice'} available in the "
            f"attribute rows; gathering {count}",
            rule="gathering",
        )
    if die.form is not None:
        if form is None:
            if work.options.out_of_battle_form_dice == "refuse":
                work.ruling(
                    "out_of_battle_form_dice",
                    "refuse",
                    "outside battle the form step is skipped: dice with a battle form icon cannot be rolled",
                )
                raise RuleRefusal(
                    f"'{name}' carries the {die.form.value} form icon and there is no battle form outside "
                    "battle (ruling out_of_battle_form_dice = refuse)",
                    rule="out of battle",
                )
            work.ruling("out_of_battle_form_dice", "allow", "outside battle, dice with a form icon may still be rolled")
        elif die.form is not form:
            raise RuleRefusal(
                f"'{name}' carries the {die.form.value} form icon; the form is {form.value}",
                rule="gathering",
            )
    if die.combat and form is Form.MAGIC:
        raise RuleRefusal(f"'{name}' is a combat die: combat dice cannot be gathered in Magic form", rule="gathering")


def check_stat_limits(battle: Battle, adventurer: Adventurer, wanted: Counter[str]) -> dict[Stat, int]:
    """Step 4: at most Stamina dice that use Stamina and Magicka dice that use Magicka; the count for each stat."""
    counts = {stat: sum(c for n, c in wanted.items() if battle.dice[n].stat is stat) for stat in Stat}
    for stat in Stat:
        limit = adventurer.limit(stat)
        if counts[stat] > limit:
            word = stat.value.capitalize()
            raise RuleRefusal(
                f"gathering {counts[stat]} dice that use {word}, but {adventurer.name} has {word} {limit}: "
                f"at most {limit} such dice per engage",
                rule="gathering limits",
            )
    return counts


def choose_ability(
    work: Work, adventurer: Adventurer, action: EngageAction | None, form: Form | None
) -> tuple[Adventurer, str | None, Ability | None, int]:
    """Step 4: the one item whose ability is used (ready, working in the form), overtaxed when asked; with the
    adventurer after any overtax cost, the item, its ability and the free enemy combat dice in all. Skill dice
    rolled outside battle (``action`` None) choose no item and add no free dice."""
    if action is None:
        return adventurer, None, None, 0
    item_name = action.item
    free = action.free_dice
    if item_name is None and asking(work.dice, action, "item"):
        item_name = choose_item(work.dice, work.emit, adventurer, form)
    if item_name is None:
        if action.overtax:
            raise RuleRefusal("overtax needs an item: choose one with item: NAME", rule="overtax")
        return adventurer, None, None, free
    item = adventurer.item(item_name)
    if item is None:
        raise RuleRefusal(f"{adventurer.name} has no item called '{item_name}'", rule="items")
    if not item.ready:
        raise RuleRefusal(f"{item_name} is not ready", rule="items")
    if form not in item.forms:
        forms = ", ".join(sorted(f.value for f in item.forms))
        shown = form.value if form else "none"
        raise RuleRefusal(f"{item_name}'s ability works in {forms} form, not {shown}", rule="items")
    ability = item.ability
    overtax = action.overtax
    if not overtax and item.overtax_cost is not None and asking(work.dice, action, "overtax"):
        overtax = choose_overtax(work.dice, work.emit, adventurer, item)
    if overtax:
        if item.overtax_cost is None or item.overtax_ability is None:
            raise RuleRefusal(f"{item_name} cannot be overtaxed", rule="overtax")
        adventurer = pay_cost(work, adventurer, item.overtax_cost, f"overtax {item_name}")
        ability = overtaxed(ability, item.overtax_ability)
    return adventurer, item_name, ability, free + ability.free_dice


def overtaxed(ability: Ability, extra: Ability) -> Ability:
    """An item's ability with what overtaxing adds."""
    return Ability(
        damage=ability.damage + extra.damage,
        damage_per_combat_die=ability.damage_per_combat_die + extra.damage_per_combat_die,
        unblockable=ability.unblockable or extra.unblockable,
        free_dice=ability.free_dice + extra.free_dice,
        tenacity=ability.tenacity + extra.tenacity,
        text="; ".join(t for t in (ability.text, extra.text) if t) or None,
    )


def take_from_rows(work: Work, adventurer: Adventurer, wanted: Counter[str]) -> Adventurer:
    """The gathered dice leave the attribute rows (the first of each name)."""
    taken = Counter(wanted)
    kept: list[str] = []
    for name in adventurer.available:
        if taken[name] > 0:
            taken[name] -= 1
        else:
            kept.append(name)
    adventurer = replace(adventurer, available=tuple(kept))
    work.update(adventurer)
    return adventurer


@dataclass(frozen=True)
class Pool:
    """What the engage fixed before its first die: the action, who rolls, in which form, at which targets, which
    dice (the gathered ones, then the free enemy combat dice), with which item and ability; and whether the walk
    may merge its dice by their :data:`Effects` (:func:`merges_by_effects`). The same for every outcome of the
    dice: the steps carry it uncompared."""

    action: RollFields
    adventurer: str
    form: Form | None
    target: str | None
    targets: tuple[str, ...]
    dice: tuple[Die, ...]
    gathered: int  # the first ``gathered`` dice were gathered; the rest are free enemy combat dice
    ability: Ability | None
    item: str | None
    plain: bool


@dataclass(frozen=True)
class RollDie(Step):
    """Step 4, one die of the roll: die ``number`` (from 1) is rolled.

    ``reading`` is what the rest of the engage reads of the dice rolled before it, the step's compared value:
    in a plain engage (:func:`merges_by_effects`) their :data:`Effects` added up, a deliberately coarse key that
    is exact for the odds (see :func:`merges_by_effects`); in any other engage every face rolled so far. ``faces``
    (the face number of every die rolled so far, in roll order) is what the rest needs to go on: uncompared, as
    the outcomes it merges differ only in what the odds do not count. Its die is this step's first draw, so a
    resolution the exact walk resumes here redraws none of the dice before it.

    After the last die comes :class:`Results`, as its own step in a plain engage; in any other it is taken
    within this step (a step there, keyed by every face, would merge nothing and only cost the walk a node per
    outcome)."""

    number: int
    reading: tuple[int, ...]
    faces: tuple[int, ...] = field(compare=False)
    pool: Pool = field(compare=False)

    def advance(self, turn: Work) -> Step | None:
        pool, number = self.pool, self.number
        die = pool.dice[number - 1]
        free = number > pool.gathered
        entry = Rolled(number=number, die=die, face_number=0, free=free)
        kind = "free enemy combat die" if free else die.name
        roll_face(turn, entry, pool.adventurer, f"{kind}, die {number} ({die.sides} faces)")
        faces = (*self.faces, entry.face_number)
        reading = add_effect(self.reading, entry.face) if pool.plain else faces
        if number < len(pool.dice):
            return RollDie(number + 1, reading, faces, pool)
        results = Results(reading, faces, pool)
        if pool.plain:
            return results
        results.advance(turn)
        return None


@dataclass(frozen=True)
class Results(Step):
    """Steps 5 and 6 once every die is rolled: rerolls and turned faces (5a), the results in the player's order
    (5b), the reactions (6) and Defense restored. ``reading`` and ``faces`` as in :class:`RollDie`, for all the
    dice: in a plain engage the outcomes whose dice add up to the same :data:`Effects` are walked once. Also the
    first step of an engage that rolls no dice."""

    reading: tuple[int, ...]
    faces: tuple[int, ...] = field(compare=False)
    pool: Pool = field(compare=False)

    def advance(self, turn: Work) -> None:
        pool = self.pool
        action = pool.action
        rolled = [
            Rolled(number=number, die=die, face_number=face, free=number > pool.gathered)
            for number, (die, face) in enumerate(zip(pool.dice, self.faces, strict=True), start=1)
        ]
        setup = Engage(pool.adventurer, pool.form, pool.target, rolled, pool.ability, pool.item)
        if pool.target is not None:
            setup.targets = pool.targets
        change_faces(turn, setup, action)
        resolve_results(turn, setup, action)
        react(turn, setup, action)
        restore_defense(turn)
        assert sorted(turn.placed) == [r.number for r in setup.rolled], "every rolled die ends in one place"


Effects = tuple[int, int, int, int]
"""What the dice rolled so far in a plain engage do, added up: (blockable damage to the target, unblockable
damage to it, tenacity faces, dice drained by their code)."""


def plain_face(face: Face) -> bool:
    """A face whose whole effect is damage to the target, tenacity, a note for the table or nothing, and whose die
    goes to the cooldown track or is drained."""
    return (
        face.cost is None
        and face.then is None
        and not (face.splash or face.prevent or face.heal or face.status)
        and face.code in (Code.INSTANT, Code.COOLDOWN, Code.DRAINED)
        and not (face.tenacity and (face.damage or face.text))
    )


def merges_by_effects(
    work: Work,
    adventurer: Adventurer,
    action: RollFields,
    form: Form | None,
    target: str | None,
    ability: Ability | None,
    dice: list[Die],
) -> bool:
    """Whether the engage is plain enough for the exact walk to merge the outcomes of its dice by what they do
    added up (:data:`Effects`, the compared ``reading`` of :class:`RollDie` and :class:`Results`), not by which
    die showed which face.

    Plain: one declared target (in range: step 3 checked it), no item, no free dice, no reroll or turned face,
    the results resolved in roll order with their damage summed (ruling ``damage_summing: engage``), not in
    Defensive form, every face :func:`plain_face`, and the cooldown track never refusing a die. Then step 5 does
    for each die, in roll order, what its face alone says: its damage joins the summed damage (dealt once, after
    the last damaging result, to a target nothing else touches before), a tenacity face gains 1, and the die is
    drained (a resolved drained code) or goes to the leftmost open cooldown slot (drained when the track is
    full). Step 6 and the rest read only what that leaves. So whatever is rolled next, every figure the odds
    count (the blows, Health, tenacity, fatigue, how many dice reach the cooldown track, refusals) depends on
    the dice rolled so far only through their sums: which die showed which face changes the log's wording and
    which names sit where on the track, nothing the odds count. Any other engage is keyed by every face rolled,
    so the walk resumes it from each die but merges none of its outcomes."""
    if not isinstance(action, EngageAction) or target is None or ability is not None or len(dice) < 2:
        return False
    if action.reroll or action.turn or action.resolve is not None or asks_players(work.dice):
        return False
    if form is Form.DEFENSIVE or work.options.damage_summing != "engage" or len(action.target_names()) != 1:
        return False
    if len(dice) != len(action.gather):  # free dice
        return False
    if work.options.full_track == "refuse" and sum(1 for slot in adventurer.cooldown if slot is None) < len(dice):
        return False  # the refusal names the die that found the track full
    return all(plain_die(die) for die in dice)


_PLAIN_DICE: dict[int, tuple[Die, bool]] = {}
"""Each die already looked at (by identity, the die kept so that its id is not reused) and whether every face of
it is plain: an exact walk asks for the same dice at every resolution."""


def plain_die(die: Die) -> bool:
    known = _PLAIN_DICE.get(id(die))
    if known is not None and known[0] is die:
        return known[1]
    if len(_PLAIN_DICE) >= 256:
        _PLAIN_DICE.clear()
    answer = all(plain_face(face) for face in die.faces)
    _PLAIN_DICE[id(die)] = (die, answer)
    return answer


def add_effect(running: tuple[int, ...], face: Face) -> Effects:
    """``running`` with what a :func:`plain_face` does in a plain engage added."""
    blockable, through, tenacity, drained = running
    if face.tenacity:
        return (blockable, through, tenacity + 1, drained)
    if face.damage:
        if face.unblockable:
            through += face.damage
        else:
            blockable += face.damage
    if (face.damage or face.text) and face.code is Code.DRAINED:
        drained += 1
    return (blockable, through, tenacity, drained)


CODE_EFFECTS = {
    Code.ACTIVE: "to an active slot once resolved",
    Code.COOLDOWN: "to the cooldown track once resolved (its effect lasts there)",
    Code.DRAINED: "drained once resolved",
    Code.INSTANT: "exhausted once resolved",
    Code.STATUS: "placed as a status once resolved",
}


def face_effect(entry: Rolled) -> str:
    """What the face a die shows does with it, in a few words (its icons are the face's name)."""
    face = entry.face
    if face.blank:
        return "nothing to resolve"
    if face.tenacity:
        return "+1 tenacity, exhausted"
    return "discarded once resolved (a free die)" if entry.free else CODE_EFFECTS[face.code]


def roll_face(work: Work, entry: Rolled, unit: str, purpose: str, *, again: bool = False) -> None:
    """Roll ``entry``'s die (a face number from 1 to its number of faces) and log it as a core ``roll`` of one
    die, naming the face it shows and what the face does; ``again`` for a reroll (step 5a)."""
    die = entry.die
    entry.face_number = roll_die(work.dice, die.sides, purpose)
    free = " (free)" if entry.free else ""
    label = f"die {entry.number} {die.name}{free}" + (" rerolled" if again else "")
    face = entry.face
    shown = face.describe() if face.tenacity or face.blank else face.part_text()
    work.emit(Roll.die(die.sides, entry.face_number, label=label, unit=unit, face=shown, effect=face_effect(entry)))


def cost_problem(work: Work, adventurer: Adventurer, cost: Cost) -> str | None:
    """Why ``cost`` cannot be paid in full, or None."""
    if adventurer.tenacity < cost.tenacity:
        return f"{cost.tenacity} tenacity needed, {adventurer.name} has {adventurer.tenacity}"
    if cost.health and adventurer.health <= cost.health:
        return f"{cost.health} Health to pay, {adventurer.name} has {adventurer.health} (a cost may not bring it to 0)"
    room = fatigue_room(work, adventurer)
    if room is not None and cost.light_fatigue > room:
        return f"{cost.light_fatigue} light fatigue dice to take, {room} open slot(s) on the cooldown track"
    return None


def pay_cost(work: Work, adventurer: Adventurer, cost: Cost, what: str) -> Adventurer:
    """A cost is paid in full or not at all."""
    problem = cost_problem(work, adventurer, cost)
    if problem is not None:
        raise RuleRefusal(f"{adventurer.name} cannot pay the cost of {what} in full: {problem}", rule="costs")
    paid = replace(adventurer, tenacity=adventurer.tenacity - cost.tenacity, health=adventurer.health - cost.health)
    if cost.tenacity:
        work.emit(Spend(unit=adventurer.name, resource="tenacity", amount=cost.tenacity, remaining=paid.tenacity))
    if cost.health:  # Health lost is damage in the one vocabulary, dealt by nobody
        work.emit(
            Damage(
                attacker=None,
                target=adventurer.name,
                amount=cost.health,
                rule=f"Health paid as the cost of {what}",
                defeats=False,
                pool="Health",
                lost=cost.health,
                left=paid.health,
            )
        )
    work.update(paid)
    if cost.light_fatigue:
        take_fatigue(work, adventurer.name, cost.light_fatigue, f"cost of {what}", must_fit=True)
    return work.adventurer(adventurer.name)


def fatigue_room(work: Work, adventurer: Adventurer) -> int | None:
    """How many light fatigue dice the adventurer can receive: the open cooldown slots when fatigue dice go on
    the track, None (no limit) when fatigue is a counter."""
    if work.options.fatigue == "counter":
        return None
    return sum(1 for slot in adventurer.cooldown if slot is None)


def take_fatigue(work: Work, name: str, amount: int, reason: str, *, must_fit: bool) -> None:
    """Gain ``amount`` light fatigue dice: on the cooldown track's leftmost open slots (ruling ``fatigue: track``,
    as the game places them) or on a counter (``fatigue: counter``). When they do not fit, a step that must
    take them is refused; a reaction's fatigue fills what it can and the rest goes back to the supply."""
    adventurer = work.adventurer(name)
    room = fatigue_room(work, adventurer)
    if room is None:
        work.ruling("fatigue", "counter", "light fatigue is counted, not placed on the cooldown track")
        total = adventurer.light_fatigue + amount
        work.update(replace(adventurer, light_fatigue=total))
        work.emit(FatigueGained(unit=name, amount=amount, total=total, reason=reason))
        return
    work.ruling("fatigue", "track", "light fatigue dice go on the cooldown track, leftmost open slot first")
    if amount > room and must_fit:
        raise RuleRefusal(
            f"{name} cannot receive {amount} light fatigue {'die' if amount == 1 else 'dice'} ({reason}): "
            f"the cooldown track has {room} open slot(s)",
            rule="fatigue",
            tip="an adventurer engages only as often as the fatigue it can receive allows; end the turn to recover",
        )
    placed = min(amount, room)
    track = list(adventurer.cooldown)
    for _ in range(placed):
        track[track.index(None)] = FATIGUE_DIE
    total = adventurer.light_fatigue + placed
    work.update(replace(adventurer, cooldown=tuple(track), light_fatigue=total))
    lost = "" if placed == amount else f"; {amount - placed} found no open slot and went back to the supply"
    work.emit(FatigueGained(unit=name, amount=placed, total=total, reason=f"{reason}{lost}"))


def change_faces(work: Work, setup: Engage, action: RollFields) -> None:
    """Step 5a: rerolls and turned faces that abilities allow happen before anything is resolved."""
    for number in action.reroll:
        entry = die_number(setup, number, "reroll")
        roll_face(work, entry, setup.adventurer, f"reroll {entry.die.name}, die {number}", again=True)
    for turned in action.turn:
        entry = die_number(setup, turned.die, "turn")
        if turned.face > entry.die.sides:
            raise RuleRefusal(f"{entry.die.name} has {entry.die.sides} faces, not {turned.face}", rule="turn")
        entry.face_number = turned.face
        work.emit(
            FaceTurned(
                number=entry.number,
                die=entry.die.name,
                face=entry.face_number,
                sides=entry.die.sides,
                shows=entry.face.describe(),
            )
        )


def die_number(setup: Engage, number: int, field_name: str) -> Rolled:
    if not 1 <= number <= len(setup.rolled):
        raise RuleRefusal(
            f"{field_name}: there is no die {number}; {len(setup.rolled)} dice were rolled", rule="results"
        )
    return setup.rolled[number - 1]


# --- step 5: resolving the results ------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    die: int | None  # None: the item's ability
    unit: str | None = None
    hex: Hex | None = None
    target: str | None = None  # with several declared targets: the one this result aims at


def aimed(setup: Engage, choice: Choice) -> Engage:
    """The engage as one result sees it: "the target" is the declared target the result aims at (``target:``
    in ``resolve:``), by default the first."""
    if choice.target is None or choice.target == setup.target:
        return setup
    return replace(setup, target=choice.target)


def result_label(setup: Engage, key: int | None) -> str:
    """A result as the player sees it when choosing: ``die 1 Fire Staff (2 damage [instant])``."""
    if key is None:
        assert setup.ability is not None
        return f"{setup.item}'s ability ({ability_text(setup.ability)})"
    rolled = setup.rolled[key - 1]
    free = ", free" if rolled.free else ""
    return f"die {key} {rolled.die.name}{free} ({rolled.face.describe()})"


def ask_order(work: Work, setup: Engage) -> list[Choice]:
    """Step 5b, left open and asked at the table: the next result (or stop) until every result is chosen."""
    left: list[int | None] = [r.number for r in setup.rolled] + ([None] if setup.ability is not None else [])
    out: list[Choice] = []
    while left:
        options = [result_label(setup, key) for key in left] + ["stop (leave the rest unresolved)"]
        index = ask_choice(work.dice, work.emit, setup.adventurer, "which result next?", options)
        if index == len(left):
            break
        out.append(with_splash_unit(work, setup, Choice(left.pop(index))))
    return out


def with_splash_unit(work: Work, setup: Engage, choice: Choice) -> Choice:
    """A splash result with no unit chosen and several enemies it could hit: asked at the table (option 1 is
    the default, the first such enemy in the scenario)."""
    if choice.die is None or choice.unit is not None or not asks_players(work.dice):
        return choice
    face = setup.rolled[choice.die - 1].face
    if not face.splash:
        return choice
    reference = splash_reference(work, setup, face)
    candidates = splash_candidates(work, setup, reference) if reference is not None else []
    if len(candidates) < 2:
        return choice
    where = "the target" if face.adjacent_to == "target" else "you"
    question = f"die {choice.die}: {face.splash} splash damage to which unit adjacent to {where}?"
    index = ask_choice(work.dice, work.emit, setup.adventurer, question, candidates)
    return replace(choice, unit=candidates[index])


def choices(work: Work, setup: Engage, action: RollFields) -> list[Choice]:
    if action.resolve is None:
        if asks_players(work.dice):
            return ask_order(work, setup)
        found = [Choice(r.number) for r in setup.rolled]
        return found + ([Choice(None)] if setup.ability is not None else [])
    out: list[Choice] = []
    seen: set[int | None] = set()
    for entry in action.resolve:
        aim: str | None = None
        if isinstance(entry, ResultChoice):
            key, unit, where, aim = entry.die, entry.unit, entry.hex, entry.target
        else:
            key, unit, where = entry, None, None
        if aim is not None and aim not in setup.targets:
            declared = ", ".join(setup.targets) or "none"
            raise RuleRefusal(
                f"resolve: {aim} is not a declared target of this engage (declared: {declared})", rule="results"
            )
        number = None if key == "item" else int(key)
        if number is None and setup.ability is None:
            raise RuleRefusal("resolve: 'item' names no ability: no item was chosen for this engage", rule="results")
        if number is not None:
            die_number(setup, number, "resolve")
        if number in seen:
            raise RuleRefusal(f"resolve: {key} is listed twice; each result resolves once", rule="results")
        seen.add(number)
        out.append(Choice(number, unit, (where[0], where[1]) if where is not None else None, aim))
    return [with_splash_unit(work, aimed(setup, choice), choice) for choice in out]


@dataclass
class Plan:
    """What a die result will do: damage and prevention per unit, and where the die goes."""

    damage: dict[str, tuple[int, int]] = field(default_factory=dict)  # unit → (blockable, unblockable)
    prevent: dict[str, int] = field(default_factory=dict)
    done: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    heal: dict[str, int] = field(default_factory=dict)
    code: Code = Code.INSTANT
    status_on: str | None = None
    status_name: str | None = None  # the face's (first) status, placed or not
    statuses: list[str] = field(default_factory=list)  # the statuses placed on ``status_on``
    nowhere: bool = False  # a status-code face whose status had nowhere to go
    cost: Cost | None = None  # paid when the result is resolved

    def add_damage(self, unit: str, amount: int, unblockable: bool) -> None:
        blockable, through = self.damage.get(unit, (0, 0))
        self.damage[unit] = (blockable, through + amount) if unblockable else (blockable + amount, through)


def splash_candidates(work: Work, setup: Engage, reference: Hex) -> list[str]:
    """The living enemies other than the target adjacent to ``reference``, in scenario order."""
    return [
        creature.name
        for creature in work.battle.creatures
        if creature.side == "enemy"
        and not creature.defeated
        and creature.name != setup.target
        and work.battle.map.distance(creature.position, reference) == 1
    ]


def splash_reference(work: Work, setup: Engage, face: Face) -> Hex | None:
    """The hex a splash result's unit must be adjacent to: the target's, or the adventurer's."""
    if face.adjacent_to == "target":
        return work.unit(setup.target).position if setup.target else None
    return work.adventurer(setup.adventurer).position


def splash_unit(work: Work, setup: Engage, choice: Choice, reference: Hex) -> str | None:
    """The unit a splash result damages: the one chosen, else the first enemy adjacent to ``reference``."""
    if choice.unit is not None:
        return choice.unit
    candidates = splash_candidates(work, setup, reference)
    return candidates[0] if candidates else None


def plan_result(work: Work, setup: Engage, rolled: Rolled, choice: Choice) -> Plan:
    """Partial resolution: everything on the face that can be done now, and what has to be skipped.

    A face's ``cost`` must be payable in full, or nothing on the face is done ("do A to do B"); its ``then``
    part is done only when everything before it was done ("do A, then B": A counts as a cost). A face whose
    only possible part is its cost is not resolved, so no cost is paid for nothing."""
    face = rolled.face
    plan = Plan(code=face.code)
    if face.cost is not None:
        problem = cost_problem(work, work.adventurer(setup.adventurer), face.cost)
        if problem:
            plan.skipped.append(f"its cost ({face.cost.describe()}) cannot be paid in full: {problem}")
            return plan
        plan.cost = face.cost
    plan_part(work, setup, rolled, choice, face, plan, first=True)
    if face.then is not None:
        if plan.skipped:
            plan.skipped.append(f"then {face.then.part_text()}: not done, as the part before it was not done in full")
        else:
            plan_part(work, setup, rolled, choice, face.then, plan, first=False)
    if plan.status_name is not None and plan.status_on is None and plan.code is Code.STATUS:
        plan.code = status_nowhere(work, plan)
        plan.nowhere = True
    if plan.cost is not None and plan.done:
        plan.done.insert(0, f"pays {plan.cost.describe()}")
    return plan


def plan_part(
    work: Work, setup: Engage, rolled: Rolled, choice: Choice, face: Face, plan: Plan, *, first: bool
) -> None:
    """One part of a face (the face itself, or its ``then`` part) into ``plan``: its damage to the target, splash
    damage, prevention, healing, status and text for the table, in that order."""
    adventurer = work.battle.adventurer(setup.adventurer)
    damage, prevent = face.damage, face.prevent
    if first and setup.form is Form.DEFENSIVE and rolled.die.combat and damage:
        if rolled.free:
            plan.skipped.append("free enemy dice cannot be placed in active slots in Defensive form")
            return
        prevent, damage, plan.code = prevent + damage, 0, Code.ACTIVE
        plan.done.append(f"Defensive form: the combat die's {face.damage} damage becomes prevent {face.damage}")
    if damage:
        plan_target_damage(work, setup, face, damage, plan)
    if face.splash:
        plan_splash(work, setup, adventurer, choice, face, plan)
    on = choice.unit or adventurer.name
    if prevent:
        if work.battle.unit(on).defeated:
            plan.skipped.append(f"prevent {prevent}: {on} is defeated")
        else:
            plan.prevent[on] = plan.prevent.get(on, 0) + prevent
            plan.done.append(f"{on} prevents {prevent}")
    if face.heal:
        if work.battle.unit(on).defeated:
            plan.skipped.append(f"heal {face.heal}: {on} is defeated")
        else:
            plan.heal[on] = plan.heal.get(on, 0) + face.heal
            plan.done.append(f"{on} heals {face.heal}")
    if face.status:
        plan_status(work, setup, choice, face.status, plan)
    if face.text:
        plan.done.append(f"apply by hand: {face.text}")


def plan_target_damage(work: Work, setup: Engage, face: Face, damage: int, plan: Plan) -> None:
    """A face's damage to the target, when the target is still there and in range (checked at each result)."""
    problem = target_problem(work, setup)
    if problem:
        plan.skipped.append(f"{damage} damage to the target: {problem}")
        return
    assert setup.target is not None
    plan.add_damage(setup.target, damage, face.unblockable)
    plan.done.append(f"{damage} damage to {setup.target}")


def plan_splash(work: Work, setup: Engage, adventurer: Adventurer, choice: Choice, face: Face, plan: Plan) -> None:
    """Splash damage to another living unit adjacent to the target (or to the adventurer)."""
    battle = work.battle
    reference = splash_reference(work, setup, face)
    name = splash_unit(work, setup, choice, reference) if reference is not None else None
    problem = None
    if reference is None:
        problem = "no target declared"
    elif name is None:
        problem = "no other enemy is adjacent"
    else:
        unit = battle.unit(name)
        where = "the target" if face.adjacent_to == "target" else adventurer.name
        if unit.defeated:
            problem = f"{name} is defeated"
        elif name in (setup.target, adventurer.name):
            problem = f"{name} is not another unit adjacent to {where}"
        elif battle.map.distance(unit.position, reference) != 1:
            problem = f"{name} is not adjacent to {where}"
    if problem:
        plan.skipped.append(f"{face.splash} splash damage: {problem}")
        return
    assert name is not None
    plan.add_damage(name, face.splash, face.unblockable)
    plan.done.append(f"{face.splash} damage to {name}, adjacent")


def plan_status(work: Work, setup: Engage, choice: Choice, status: str, plan: Plan) -> None:
    """A status on the chosen unit or hex, else on the target; the face's first status names the die's place."""
    placed_on = choice.unit or (f"hex {list(choice.hex)}" if choice.hex else None) or setup.target
    if plan.status_name is None:
        plan.status_name = status
    if placed_on is None:
        plan.skipped.append(f"status {status}: no unit or hex to place it on")
        return
    if choice.hex is not None and not work.battle.map.contains(choice.hex):
        raise RuleRefusal(f"hex {list(choice.hex)} is off the map", rule="status")
    plan.status_on = placed_on
    plan.statuses.append(status)
    plan.done.append(f"{status} on {placed_on}")


def status_nowhere(work: Work, plan: Plan) -> Code:
    """A status-code face whose status has no unit or hex to go on (no target, or skill dice rolled outside
    battle). Partial resolution: the rest of the face is done and the die is exhausted (ruling
    ``status_nowhere: exhaust``), or the whole result is left unresolved (``not_resolved``)."""
    choice = work.options.status_nowhere
    if choice == "exhaust":
        if plan.done:
            work.ruling(
                "status_nowhere",
                "exhaust",
                "a status with nowhere to go is skipped; the rest of the face is done and the die is exhausted",
            )
        return Code.INSTANT
    work.ruling("status_nowhere", "not_resolved", "a status with nowhere to go leaves the whole result unresolved")
    plan.skipped.extend(f"{done} (not done: the status had nowhere to go)" for done in plan.done)
    plan.done.clear()
    return Code.STATUS


def target_problem(work: Work, setup: Engage) -> str | None:
    """Range is checked again when each result is resolved."""
    if setup.target is None:
        return "no target declared"
    target = work.unit(setup.target)
    if target.defeated:
        return f"{setup.target} is defeated"
    assert setup.form is not None
    return range_problem(work.battle, work.adventurer(setup.adventurer), target, setup.form)


def static_units(work: Work, setup: Engage, choice: Choice) -> list[str]:
    """The non-adventurer units a result would damage or let prevent damage, judged before any is resolved:
    the summed damage to a unit is dealt after the last of them."""
    if choice.die is None:
        return []
    rolled = setup.rolled[choice.die - 1]
    found: list[str] = []
    defensive = setup.form is Form.DEFENSIVE and rolled.die.combat
    for face in (rolled.face, rolled.face.then):
        if face is None:
            continue
        if face.damage and setup.target and not defensive:
            found.append(setup.target)
        if face.splash:
            reference = splash_reference(work, setup, face)
            name = splash_unit(work, setup, choice, reference) if reference is not None else None
            if name:
                found.append(name)
        if (face.prevent or (defensive and face.damage)) and choice.unit:
            found.append(choice.unit)
        defensive = False
    return [n for n in dict.fromkeys(found) if not isinstance(work.unit(n), Adventurer)]


def resolve_results(work: Work, setup: Engage, action: RollFields) -> None:
    """Step 5b: resolve the chosen results one at a time, in the player's order."""
    order = choices(work, setup, action)
    summed = work.options.damage_summing == "engage"
    last: dict[str, int] = {}  # in the order the units are first damaged: the order of the dealings
    for position, choice in enumerate(order):
        for name in static_units(work, aimed(setup, choice), choice):
            last[name] = position
    if last:
        work.ruling(
            "damage_summing",
            work.options.damage_summing,
            "the dice's damage to each non-adventurer unit is summed and dealt after the last result that "
            "damages it (the source's clarification)"
            if summed
            else "each result deals its damage at once (the rulebook's original 5b)",
        )
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
                for name, (blockable, through) in plan.damage.items():
                    if summed and not isinstance(work.unit(name), Adventurer):
                        tally = pending.setdefault(name, [0, 0, 0])
                        tally[0] += blockable
                        tally[1] += through
                    else:
                        deal(work, name, blockable, through, by=setup.adventurer, what=f"die {rolled.number}")
                for name, amount in plan.prevent.items():
                    if summed and not isinstance(work.unit(name), Adventurer):
                        pending.setdefault(name, [0, 0, 0])[2] += amount
                for name, amount in plan.heal.items():
                    heal(work, name, amount, f"die {rolled.number} {rolled.die.name}")
        for name in [n for n, p in last.items() if p == position]:
            blockable, through, prevented = pending.pop(name, [0, 0, 0])
            deal_summed(work, name, blockable, through, prevented, by=setup.adventurer)
    for name, (blockable, through, prevented) in pending.items():  # a safety net: every tally is dealt
        work.emit(Note(text=f"summed damage to {name} left over after the last result: dealt now", unit=name))
        deal_summed(work, name, blockable, through, prevented, by=setup.adventurer)
    for rolled in setup.rolled:
        if rolled.number not in work.placed:
            unresolved(work, setup, rolled, "not resolved")


def heal(work: Work, name: str, amount: int, what: str) -> None:
    """Restore Health, up to the unit's starting (or ``max_health``) Health."""
    unit = work.unit(name)
    cap = max(unit.max_health, unit.health)
    after = min(cap, unit.health + amount)
    work.emit(
        Heal(
            unit=name,
            amount=after - unit.health,
            before=unit.health,
            after=after,
            reason=f"{what}: heal {amount}" + (f", up to Health {cap}" if after < unit.health + amount else ""),
            pool="Health",
        )
    )
    if after != unit.health:
        work.update(replace(unit, health=after))


def deal_summed(work: Work, name: str, blockable: int, through: int, prevented: int, *, by: str) -> None:
    if prevented:
        stopped = min(prevented, blockable)
        work.emit(Note(text=f"{name} prevents {stopped} of the summed damage (prevent {prevented})", unit=name))
        blockable -= stopped
    if blockable or through:
        deal(work, name, blockable, through, by=by, what="summed damage of the dice")


def place_result(work: Work, setup: Engage, rolled: Rolled, plan: Plan) -> bool:
    """Put a resolved die where its code says; False when the result cannot be resolved at all."""
    face = rolled.face
    adventurer = work.adventurer(setup.adventurer)
    if face.tenacity:
        if rolled.free:  # enemy dice carry no tenacity icon (checked on load); kept for safety
            return False
        work.emit(ResultResolved(number=rolled.number, die=rolled.die.name, done="tenacity"))
        adventurer = work.adventurer(setup.adventurer)
        work.update(replace(adventurer, tenacity=adventurer.tenacity + 1))
        work.emit(TenacityGained(unit=adventurer.name, amount=1, total=adventurer.tenacity + 1, reason="tenacity face"))
        exhaust_rolled(work, setup, rolled, "tenacity face")
        return True
    if plan.cost is not None and plan.done == [f"pays {plan.cost.describe()}"]:
        plan.skipped.append("only its cost could be paid")
        plan.done.clear()
    if not plan.done:
        why = "; ".join(plan.skipped) or "a blank face"
        work.emit(Note(text=f"die {rolled.number} {rolled.die.name}: nothing on it can be done ({why})"))
        return False
    if plan.code is Code.ACTIVE and not rolled.free and len(adventurer.active) >= adventurer.active_slots:
        work.emit(Note(text=f"die {rolled.number} {rolled.die.name}: no open active slot, so it cannot be resolved"))
        return False
    done = "; ".join(plan.done) + ("" if not plan.skipped else f" (skipped: {'; '.join(plan.skipped)})")
    work.emit(ResultResolved(number=rolled.number, die=rolled.die.name, done=done))
    if plan.cost is not None:
        pay_cost(work, adventurer, plan.cost, f"die {rolled.number} {rolled.die.name}")
        adventurer = work.adventurer(setup.adventurer)
    if plan.status_on is not None:
        for status in plan.statuses:
            apply_status(work, rolled, plan.status_on, status)
    if rolled.free:
        place_die(work, rolled, "discarded", "free enemy combat die, discarded after use")
    elif plan.code is Code.ACTIVE:
        prevent = plan.prevent.get(adventurer.name, 0)
        placed = Placed(die=rolled.die.name, face=rolled.face.describe(), prevent=prevent)
        work.update(replace(adventurer, active=(*adventurer.active, placed)))
        place_die(work, rolled, "active", "active slot code", slot=len(adventurer.active) + 1)
    elif plan.code is Code.DRAINED:
        work.update(replace(adventurer, drained=(*adventurer.drained, rolled.die.name)))
        place_die(work, rolled, "drained", "drained code")
    elif plan.code is Code.STATUS and plan.status_on is not None and plan.status_name is not None:
        placed = Placed(die=rolled.die.name, face=plan.status_name, on=plan.status_on)
        work.update(replace(adventurer, statuses=(*adventurer.statuses, placed)))
        place_die(work, rolled, "status", "status effect code", on=plan.status_on)
    else:
        why = "cooldown code: its effect lasts while it is there" if plan.code is Code.COOLDOWN else "instant code"
        if plan.nowhere:
            why = "status code, but its status had nowhere to go: ruling status_nowhere"
        exhaust_rolled(work, setup, rolled, why)
    return True


def exhaust_rolled(work: Work, setup: Engage, rolled: Rolled, why: str) -> None:
    """Exhaust a rolled die: the leftmost open cooldown slot, or drained when the track is full."""
    slot = exhaust(work, work.adventurer(setup.adventurer), rolled.die.name)
    if slot is None:
        place_die(work, rolled, "drained", f"{why}; the cooldown track is full, so it is drained instead")
    else:
        place_die(work, rolled, "exhausted", why, slot=slot)


def apply_status(work: Work, rolled: Rolled, on: str, status: str) -> None:
    """The status effect on its unit (a creature keeps the list) or hex, with its event."""
    unit = work.battle.unit(on) if not on.startswith("hex ") else None
    if isinstance(unit, Creature):
        work.update(replace(unit, statuses=(*unit.statuses, status)))
    work.emit(StatusApplied(unit=on, status=status, reason=f"{rolled.die.name}, die {rolled.number}"))


def unresolved(work: Work, setup: Engage, rolled: Rolled, why: str) -> None:
    if rolled.free:
        if work.options.unused_free_dice == "discard":
            work.ruling("unused_free_dice", "discard", "free enemy combat dice are always discarded, never exhausted")
            place_die(work, rolled, "discarded", f"{why}; free enemy combat die")
            return
        work.ruling("unused_free_dice", "exhaust", "an unresolved free die is exhausted like any other die")
    exhaust_rolled(work, setup, rolled, why)


def exhaust(work: Work, adventurer: Adventurer, die: str) -> int | None:
    """Put ``die`` on the leftmost open slot of the cooldown track; the slot number (from 1). On a full track
    the die is drained instead (the game's rule for a full track; its overfatigue die is not modelled), and
    None is returned."""
    track = list(adventurer.cooldown)
    if None not in track:
        if work.options.full_track == "refuse":
            work.ruling("full_track", "refuse", "a die that finds the cooldown track full refuses the action")
            raise RuleRefusal(
                f"{adventurer.name}'s cooldown track has no open slot to exhaust {die} to",
                rule="cooldown track",
                tip="give the adventurer more cooldown_slots, or free the track first",
            )
        work.ruling("full_track", "drain", "a die that finds the cooldown track full is drained instead")
        work.emit(
            Note(
                text=f"{adventurer.name}'s cooldown track is full: {die} is drained instead of exhausted "
                "(overfatigue is not modelled)",
                unit=adventurer.name,
            )
        )
        work.update(replace(adventurer, drained=(*adventurer.drained, die)))
        return None
    slot = track.index(None)
    track[slot] = die
    work.update(replace(adventurer, cooldown=tuple(track)))
    return slot + 1


def place_die(
    work: Work, rolled: Rolled, place: str, reason: str, *, slot: int | None = None, on: str | None = None
) -> None:
    """Put a rolled die in its one place at the end of the engage (:data:`PLACES`), with its event."""
    assert place in PLACES and rolled.number not in work.placed, (rolled.number, place)
    work.placed[rolled.number] = place
    work.emit(DiePlaced(number=rolled.number, die=rolled.die.name, place=place, reason=reason, slot=slot, on=on))


def resolve_item(work: Work, setup: Engage) -> None:
    """The chosen item's ability: its damage is dealt on its own (not summed with the dice)."""
    ability = setup.ability
    assert ability is not None and setup.item is not None
    done: list[str] = []
    if ability.free_dice:
        done.append(f"{ability.free_dice} free combat dice (added to the roll)")
    damage = ability.damage
    if ability.damage_per_combat_die:
        # free enemy combat dice do not count against the limits, but they are combat dice for item effects
        combat = sum(1 for r in setup.rolled if r.die.combat)
        damage += ability.damage_per_combat_die * combat
        done.append(
            f"{ability.damage_per_combat_die} damage per combat die × {combat} combat dice in the roll "
            "(free dice included)"
        )
    views = [replace(setup, target=t) for t in setup.targets] or [setup]
    hit: list[str] = []
    if damage:
        for view in views:
            problem = target_problem(work, view)
            if problem:
                done.append(f"{damage} damage skipped: {problem}")
            else:
                assert view.target is not None
                hit.append(view.target)
                done.append(f"{damage} damage to {view.target}")
    if ability.text:
        done.append(f"apply by hand: {ability.text}")
    work.emit(ResultResolved(number=0, die=setup.item, done="; ".join(done) or "nothing"))
    for name in hit:
        blockable, through = (0, damage) if ability.unblockable else (damage, 0)
        deal(work, name, blockable, through, by=setup.adventurer, what=f"{setup.item}'s ability")
    if ability.tenacity:
        adventurer = work.adventurer(setup.adventurer)
        work.update(replace(adventurer, tenacity=adventurer.tenacity + ability.tenacity))
        work.emit(
            TenacityGained(
                unit=adventurer.name,
                amount=ability.tenacity,
                total=adventurer.tenacity + ability.tenacity,
                reason=f"{setup.item}'s ability",
            )
        )


def deal(work: Work, name: str, blockable: int, through: int, *, by: str, what: str, engage: bool = True) -> None:
    """One dealing of damage: remaining Defense (printed Defense minus the damage already dealt to the unit in
    this engage) stops blockable damage first; the rest is lost Health. Unblockable damage ignores Defense."""
    unit = work.unit(name)
    if isinstance(unit, Adventurer) and blockable and any(p.prevent for p in unit.active):
        blockable = use_prevention(work, unit, blockable)
        unit = work.unit(name)
    amount = blockable + through
    if unit.defeated or amount == 0:
        return
    before = max(0, unit.defense - work.running.get(name, 0))
    stopped = min(before, blockable)
    lost = min(unit.health, amount - stopped)
    health = unit.health - lost
    if engage:
        work.running[name] = work.running.get(name, 0) + amount
    after = max(0, unit.defense - work.running.get(name, 0)) if engage else before
    parts = [what]
    if through:
        parts.append(f"{through} unblockable (ignores Defense)")
    if blockable and before:
        parts.append(f"Defense {before} stops {stopped}")
    elif blockable:
        parts.append("Defense 0")
    else:
        parts.append(f"Defense {before} not used")
    work.emit(
        Damage(
            attacker=by,
            target=name,
            amount=amount,
            rule="; ".join(parts),
            defeats=health == 0,
            pool="Health",
            lost=lost,
            left=health,
        )
    )
    if after < before:
        work.emit(
            Modifier(
                applies_to=f"Defense of {name}",
                reason=f"{work.running[name]} damage dealt to it in this engage",
                amount=after - before,
                total=after,
                unit=name,
            )
        )
    work.update(replace(unit, health=health, defeated=health == 0))
    if amount:
        work.damaged.add(name)
    if health == 0:
        work.defeated.add(name)
        work.emit(Defeat(unit=name, by=by, reason=f"Health 0 ({what})"))


def use_prevention(work: Work, adventurer: Adventurer, blockable: int) -> int:
    """Prevent dice in the adventurer's active slots stop blockable damage dealt to it, in slot order, until
    it is all stopped; each die used leaves its slot and is exhausted (ruling ``adventurer_prevention``).
    Returns the blockable damage left. Unblockable damage ignores prevention."""
    if work.options.adventurer_prevention == "record":
        work.ruling("adventurer_prevention", "record", "prevention in an adventurer's slots is only recorded")
        return blockable
    work.ruling(
        "adventurer_prevention", "use", "a prevent die in the adventurer's active slot stops damage dealt to it"
    )
    kept: list[Placed] = []
    used: list[Placed] = []
    for placed in adventurer.active:
        if placed.prevent and blockable > 0:
            stopped = min(placed.prevent, blockable)
            blockable -= stopped
            used.append(placed)
            work.emit(
                Note(
                    text=f"{adventurer.name}'s {placed.die} in an active slot prevents {stopped} of the damage "
                    f"(prevent {placed.prevent}); the die leaves its slot and is exhausted",
                    unit=adventurer.name,
                )
            )
        else:
            kept.append(placed)
    work.update(replace(adventurer, active=tuple(kept)))
    for placed in used:
        slot = exhaust(work, work.adventurer(adventurer.name), placed.die)
        if slot is not None:
            work.emit(Note(text=f"{placed.die} exhausted to cooldown slot {slot}", unit=adventurer.name))
    return blockable


def restore_defense(work: Work) -> None:
    for name, total in work.running.items():
        unit = work.unit(name)
        lowered = min(unit.defense, total)
        if lowered and not unit.defeated:
            work.emit(
                Modifier(
                    applies_to=f"Defense of {name}",
                    reason="restored after the engage",
                    amount=lowered,
                    total=unit.defense,
                    unit=name,
                )
            )


# --- step 6: reactions ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Trigger:
    """One triggered skill that step 6 looks at: its owner, its place in the owner's skills, and whether it is
    an ally's (an adventurer's or a companion's: optional) or an enemy's (it must be used when it can)."""

    owner: str
    index: int
    skill: Skill
    ally: bool


Phase = tuple[Trigger, ...]

ORDER_TEXT = {
    "allies_first": "step 6: the adventurers' and companions' reactions come before the enemies', so an enemy they "
    "defeat is defeated during the engage (no 'engaged' skill, its 'defeated' skill fires)",
    "enemies_first": "step 6: the enemies' reactions come first, then the adventurers' and companions'; an "
    "enemy's 'engaged' skill is checked against the defeats before it",
}


def react(work: Work, setup: Engage | None, action: RollFields | AuraAction) -> None:
    """Step 6 (and what follows an aura): every triggered skill whose moment came fires once, whoever caused it.

    ``engaged`` skills: the declared targets only, and not when defeated during the engage, step 6 included;
    ``after_engage``: every standing unit, after any roll of skill dice (not after an aura); ``damaged`` and
    ``defeated``: every unit damaged or defeated in this action, by the dice, an item, an aura or another
    unit's reaction (a reaction's damage can so start a chain). A defeated unit uses only its ``defeated``
    skills (and, under ``defeated_reactions: fire_damaged``, its ``damaged`` ones). Enemies must; adventurers
    and companions only when listed in ``reactions:`` (in that order) or chosen at the table.

    Order (ruling ``reaction_order``): the allies' reactions, then the enemies' other reactions, each group
    until none is left to fire, and the targets' ``engaged`` skills last, once nothing else can still defeat
    them (``allies_first``); or the enemies' other reactions, their ``engaged`` skills, then the allies'
    (``enemies_first``). The whole order is repeated while a reaction fires, so chained triggers are caught;
    each skill is used at most once per action, which also ends every chain.
    """
    ruling = work.options.reaction_order
    allies, others, engaged = step_six_triggers(work, action, aura=setup is None)
    phases = [allies, others, engaged] if ruling == "allies_first" else [others, engaged, allies]
    done: set[tuple[str, int]] = set()
    sides: set[bool] = set()  # the sides whose reactions were looked at so far (True: the allies)
    fired_engaged: list[str] = []
    while any(run_phase(work, setup, action, phase, done, sides, fired_engaged) for phase in phases):
        pass
    for trigger in engaged:
        if (trigger.owner, trigger.index) not in done and trigger.owner in work.damaged:
            reason = "it took damage but was not the declared target, so it was not engaged"
            work.emit(
                Reaction(unit=trigger.owner, skill=trigger.skill.name, when="engaged", fired=False, reason=reason)
            )
    for name in fired_engaged:
        if name in work.defeated:
            why = (
                "ruling reaction_order = enemies_first: the enemies reacted before the adventurers and companions"
                if ruling == "enemies_first"
                else "by a chain of reactions that an 'engaged' skill started"
            )
            work.emit(Note(text=f"{name} was defeated in step 6 after its 'engaged' skill fired ({why})", unit=name))


def step_six_triggers(work: Work, action: RollFields | AuraAction, *, aura: bool) -> tuple[Phase, Phase, Phase]:
    """The triggered skills step 6 looks at, in three groups: the allies' (the companions and adventurers listed
    in ``reactions:``, in that order, then the others in the scenario's order), the enemies' other skills, and
    the enemies' ``engaged`` skills (the companions' ones too: a companion is never a declared target). Auras are
    their own action; after an aura only ``damaged`` and ``defeated`` skills can trigger."""
    wanted = ("damaged", "defeated") if aura else ("damaged", "defeated", "after_engage", "engaged")
    allies: list[Trigger] = []
    others: list[Trigger] = []
    engaged: list[Trigger] = []
    units: tuple[Unit, ...] = (*work.battle.creatures, *work.battle.adventurers)
    for unit in units:
        ally = unit.side != "enemy"
        for index, skill in enumerate(unit.skills):
            if skill.when not in wanted:
                continue
            trigger = Trigger(unit.name, index, skill, ally)
            (engaged if skill.when == "engaged" else allies if ally else others).append(trigger)
    listed = {name: place for place, name in enumerate(action.reactions)}
    allies.sort(key=lambda t: listed.get(t.owner, len(listed)))
    return tuple(allies), tuple(others), tuple(engaged)


def run_phase(
    work: Work,
    setup: Engage | None,
    action: RollFields | AuraAction,
    phase: Phase,
    done: set[tuple[str, int]],
    sides: set[bool],
    fired_engaged: list[str],
) -> bool:
    """Look at the group's skills again and again until none is left whose moment came; whether one fired."""
    fired_any = False
    fired = True
    while fired:
        fired = False
        for trigger in phase:
            key = (trigger.owner, trigger.index)
            if key in done:
                continue
            verdict, told = moment(work, setup, trigger)
            if verdict is None:
                continue  # its moment has not come (yet)
            done.add(key)
            if verdict == SILENT:
                continue
            order = work.options.reaction_order
            first = order == "allies_first"  # the side that reacts first: True for the allies
            if trigger.ally != first and first in sides:
                work.ruling("reaction_order", order, ORDER_TEXT[order])  # both sides react: the order decides
            sides.add(trigger.ally)
            if told is not None:
                work.ruling(*told)
            skill = trigger.skill
            if verdict != FIRES:
                work.emit(Reaction(unit=trigger.owner, skill=skill.name, when=skill.when, fired=False, reason=verdict))
                continue
            if trigger.ally and not chosen(work, action, trigger.owner, skill.name, skill.when):
                continue
            owner = work.unit(trigger.owner)
            apply_effect(work, owner, skill.name, skill.when, skill.effect, setup, engage=setup is not None)
            if skill.when == "engaged":
                fired_engaged.append(trigger.owner)
            fired = fired_any = True
    return fired_any


FIRES = "fires"
SILENT = "silent"


def moment(work: Work, setup: Engage | None, trigger: Trigger) -> tuple[str | None, tuple[str, str, str] | None]:
    """Whether a skill's moment has come: ``FIRES``, a reason it does not fire (logged), ``SILENT`` (it cannot
    fire in this action and there is nothing to say: a unit defeated before it), or None (not yet); with the
    ruling (option, value, text) that decided it, if one did."""
    name, when = trigger.owner, trigger.skill.when
    unit = work.unit(name)
    if when == "defeated":
        return (FIRES if name in work.defeated else None), None
    if unit.defeated and name not in work.defeated:
        return SILENT, None  # defeated before this action
    if when == "damaged":
        if name not in work.damaged:
            return None, None
        if name not in work.defeated:
            return FIRES, None
        if work.options.defeated_reactions == "fire_damaged":
            return FIRES, ("defeated_reactions", "fire_damaged", "a defeated unit still uses its 'damaged' skills")
        told = (
            "defeated_reactions",
            "skip_damaged",
            "a unit defeated in the engage does not use its 'damaged' skills either",
        )
        return "it was defeated during the engage (ruling defeated_reactions)", told
    if when == "engaged" and (setup is None or name not in setup.targets):
        return None, None  # not engaged: told at the end of step 6 when it was damaged
    if unit.defeated:
        return "it was defeated during the engage", None
    return FIRES, None


def chosen(work: Work, action: RollFields | AuraAction, unit: str, skill: str, when: str) -> bool:
    """An optional reaction (a companion's or an adventurer's): used when listed in ``reactions:`` or chosen at
    the table; else logged as not used."""
    if unit in action.reactions or choose_reaction(work, action, unit, skill, when):
        return True
    reason = "an optional reaction, not chosen (reactions:)"
    work.emit(Reaction(unit=unit, skill=skill, when=when, fired=False, reason=reason))
    return False


def choose_reaction(work: Work, action: RollFields | AuraAction, unit: str, skill: str, when: str) -> bool:
    """A companion's optional reaction, left open (no ``reactions:``): asked at the table, default no."""
    if not asking(work.dice, action, "reactions"):
        return False
    timing = "after the engage" if when == "after_engage" else f"after being {when}"
    return ask_choice(work.dice, work.emit, unit, f"use {skill} ({timing})?", ["no", "yes"]) == 1


def apply_effect(
    work: Work, owner: Unit, skill: str, when: str, effect: Effect, setup: Engage | None, *, engage: bool
) -> None:
    engager = setup.adventurer if setup is not None else None
    targets = setup.targets if setup is not None else ()
    parts: list[str] = []
    if effect.damage:
        to = {"engager": "the adventurer who engaged", "adjacent": "every adjacent unit", "target": "the target"}
        parts.append(f"{effect.damage} damage to {to[effect.to]}")
    if effect.light_fatigue:
        parts.append(f"{effect.light_fatigue} light fatigue")
    if effect.text:
        parts.append(f"apply by hand: {effect.text}")
    work.emit(Reaction(unit=owner.name, skill=skill, when=when, fired=True, reason="; ".join(parts) or "no effect"))
    victims: list[str] = []
    if effect.damage:
        if effect.to == "engager":
            victims = [engager] if engager else []
            if not victims:
                work.emit(Note(text=f"{skill}: no adventurer engaged, so no one takes its damage", unit=owner.name))
        elif effect.to == "target":
            victims = [t for t in targets if not work.unit(t).defeated]
            if not victims:
                work.emit(Note(text=f"{skill}: no living declared target to damage", unit=owner.name))
        else:
            victims = [
                u.name
                for u in work.battle.units
                if not u.defeated and u.name != owner.name and work.battle.map.distance(u.position, owner.position) == 1
            ]
    blockable, through = (0, effect.damage) if effect.unblockable else (effect.damage, 0)
    for victim in victims:
        deal(work, victim, blockable, through, by=owner.name, what=skill, engage=engage)
    if effect.light_fatigue and engager:
        take_fatigue(work, engager, effect.light_fatigue, skill, must_fit=False)


# --- other actions ----------------------------------------------------------------------------------------


@HANDLERS.on(MoveAction)
def resolve_move(work: Work, action: MoveAction) -> None:
    adventurer = work.adventurer(action.adventurer)
    if adventurer.defeated:
        raise RuleRefusal(f"{adventurer.name} is defeated", rule="move")
    if adventurer.engages and adventurer.moves:
        raise RuleRefusal(
            f"{adventurer.name} already moved this turn: a turn with engages allows only one move",
            rule="move and engage",
        )
    to = (action.to[0], action.to[1])
    battle = work.battle
    if not battle.map.contains(to) or to in battle.map.blocked:
        raise RuleRefusal(f"hex {list(to)} is off the map or blocked", rule="move")
    other = battle.unit_at(to)
    if other is not None and other.name != adventurer.name:
        raise RuleRefusal(f"hex {list(to)} is taken by {other.name}", rule="move")
    if work.options.movement == "stamina":
        work.ruling("movement", "stamina", "a move goes up to Stamina hexes, through open hexes")
        steps = hex_steps(battle, adventurer, to)
        if steps is None:
            raise RuleRefusal(f"{adventurer.name} has no path to {list(to)} through open hexes", rule="movement")
        if steps > adventurer.stamina:
            raise RuleRefusal(
                f"{list(to)} is {steps} hexes away by the shortest open path; {adventurer.name} moves up to "
                f"{adventurer.stamina} (Stamina)",
                rule="movement",
            )
    else:
        work.ruling("movement", "unchecked", "movement allowance and paths are not checked")
    moved = replace(adventurer, position=to, moves=adventurer.moves + 1, moved_after_engage=adventurer.engages > 0)
    work.update(moved)
    work.emit(Move(unit=adventurer.name, origin=adventurer.position, destination=to, path=(to,)))


def hex_steps(battle: Battle, adventurer: Adventurer, to: Hex) -> int | None:
    """The fewest steps from the adventurer's hex to ``to`` through hexes that are on the map, not blocked
    and not taken by another living unit (the goal included), or None when there is no way."""
    start = adventurer.position
    if start == to:
        return 0
    seen = {start}
    frontier = [start]
    steps = 0
    while frontier:
        steps += 1
        following: list[Hex] = []
        for here in frontier:
            for _, there in battle.map.neighbours(here):
                if there in seen or there in battle.map.blocked or not battle.map.contains(there):
                    continue
                other = battle.unit_at(there)
                if other is not None and other.name != adventurer.name:
                    continue
                if there == to:
                    return steps
                seen.add(there)
                following.append(there)
        frontier = following
    return None


@HANDLERS.on(AuraAction)
def resolve_aura(work: Work, action: AuraAction) -> None:
    owner = work.unit(action.unit)
    if not isinstance(owner, Creature):
        raise RuleRefusal(f"{action.unit} has no aura: only enemies and companions have triggered skills", rule="aura")
    skill = next((s for s in owner.skills if s.name == action.skill and s.when == "aura"), None)
    if skill is None:
        auras = [s.name for s in owner.skills if s.when == "aura"]
        raise RuleRefusal(
            f"{owner.name} has no aura called '{action.skill}'",
            rule="aura",
            tip=f"its auras: {', '.join(auras)}" if auras else None,
        )
    if owner.defeated:
        raise RuleRefusal(f"{owner.name} is defeated", rule="aura")
    work.emit(Note(text=f"{skill.name} is not an engage: no unit is engaged by it"))
    apply_effect(work, owner, skill.name, "aura", skill.effect, None, engage=False)
    react(work, None, action)


@HANDLERS.on(EndTurnAction)
def resolve_end_turn(work: Work, action: EndTurnAction) -> None:
    """The turn ends and the adventurer's next one starts: engages and moves reset, then its Recovery step
    (ruling ``recovery``, from the game's turn sequence): the Cooldown stat's number of dice leave the cooldown
    track from the left; skill dice return to the attribute rows, light fatigue dice are discarded; the rest
    slide left."""
    adventurer = work.adventurer(action.adventurer)
    if adventurer.defeated:
        raise RuleRefusal(f"{adventurer.name} is defeated", rule="end_turn")
    adventurer = replace(adventurer, engages=0, moves=0, moved_after_engage=False)
    work.update(adventurer)
    work.emit(Note(text=f"{adventurer.name}'s turn ends: the next engage is the first of a turn", unit=adventurer.name))
    if work.options.recovery == "none":
        work.ruling("recovery", "none", "ending a turn leaves the cooldown track as it is")
        return
    work.ruling(
        "recovery",
        "cooldown_stat",
        "the next turn's Recovery step removes Cooldown-stat dice from the left of the cooldown track",
    )
    dice = [d for d in adventurer.cooldown if d is not None]
    leaving, staying = dice[: adventurer.cooldown_stat], dice[adventurer.cooldown_stat :]
    recovered = tuple(d for d in leaving if d != FATIGUE_DIE)
    fatigue = len(leaving) - len(recovered)
    track = tuple(staying) + (None,) * (len(adventurer.cooldown) - len(staying))
    light = adventurer.light_fatigue - fatigue if work.options.fatigue == "track" else adventurer.light_fatigue
    work.update(
        replace(
            adventurer,
            cooldown=track,
            available=(*adventurer.available, *recovered),
            light_fatigue=max(0, light),
        )
    )
    parts = []
    if recovered:
        parts.append(f"{', '.join(recovered)} back to the attribute rows")
    if fatigue:
        parts.append(f"{fatigue} light fatigue {'die' if fatigue == 1 else 'dice'} discarded")
    work.emit(
        Note(
            text=f"Recovery (Cooldown {adventurer.cooldown_stat}): "
            + ("; ".join(parts) if parts else "the cooldown track is empty"),
            unit=adventurer.name,
        )
    )
