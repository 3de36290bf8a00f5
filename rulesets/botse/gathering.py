"""Step 4 up to the roll, and what it fixes for the roll (:class:`~.work.Engage`)."""

from __future__ import annotations

from collections import Counter

from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import Note

from .choices import asking, choose_item, choose_overtax
from .events import Gathered
from .merging import merges_by_effects
from .messages import _, n_, p_
from .model import EngageAction, Form, RollFields, Stat
from .reactions import step_six_triggers
from .state import Ability, Adventurer, Battle
from .track import pay_cost
from .work import BotseTurn, Engage


def gather(
    work: BotseTurn,
    adventurer: Adventurer,
    action: RollFields,
    form: Form | None,
    targets: tuple[str, ...],
) -> Engage:
    """Step 4 up to the roll: check the gathered dice (availability, form icons, combat dice, each stat's limit),
    choose one item, add free enemy combat dice."""
    battle, target = work.state, targets[0] if targets else None
    wanted = Counter(action.gather)
    for name, count in wanted.items():
        check_gathered_die(work, adventurer, name, count, adventurer.available.count(name), form)
    counts = check_stat_limits(battle, adventurer, wanted)
    engage = action if isinstance(action, EngageAction) else None
    adventurer, item_name, ability, free = choose_ability(work, adventurer, engage, form)
    if free and form is Form.MAGIC:
        raise RuleRefusal(_("free combat dice are combat dice: none in Magic form"), rule=p_("rule", "gathering"))
    if free and battle.enemy_die is None:
        raise RuleRefusal(
            _("free combat dice need an enemy combat die: define one under enemy_dice"), rule=p_("rule", "free dice")
        )
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
        work.emit(Note(text=_("no dice gathered: the remaining steps still happen")))
    dice = [battle.dice[n] for n in action.gather]
    if free:
        assert battle.enemy_die is not None
        dice += [battle.dice[battle.enemy_die]] * free
    plain = merges_by_effects(work, adventurer, action, form, target, ability, dice)
    reacts = any(step_six_triggers(work, action, aura=False))
    return Engage(action, adventurer.name, form, target, targets, tuple(dice), len(action.gather), ability,
                  item_name, plain, reacts)  # fmt: skip


def check_gathered_die(
    work: BotseTurn, adventurer: Adventurer, name: str, count: int, have: int, form: Form | None
) -> None:
    """Step 4, one kind of die gathered ``count`` times: a skill die (not the enemy combat die), available in the
    attribute rows, with no form icon or the form's own (outside battle: ruling ``out_of_battle_form_dice``), and
    no combat die in Magic form."""
    battle = work.state
    if name not in battle.dice:
        raise RuleRefusal(
            _("there is no die called '{name}'", name=name),
            rule=p_("rule", "gathering"),
            tip=_("the dice: {dice}", dice=", ".join(battle.dice)),
        )
    die = battle.dice[name]
    if die.stat is None:
        raise RuleRefusal(
            _("'{name}' is an enemy combat die: it joins a roll only as a free die", name=name),
            rule=p_("rule", "gathering"),
            tip=_("ask for free dice with free_dice: N (or an item ability that adds them)"),
        )
    if count > have:
        raise RuleRefusal(
            n_(
                "{unit} has {n} '{name}' die available in the attribute rows; gathering {count}",
                "{unit} has {n} '{name}' dice available in the attribute rows; gathering {count}",
                have,
                unit=adventurer.name,
                name=name,
                count=count,
            ),
            rule=p_("rule", "gathering"),
        )
    if die.form is not None:
        if form is None:
            if work.options.out_of_battle_form_dice == "refuse":
                work.ruling(
                    "out_of_battle_form_dice",
                    "refuse",
                    _("outside battle the form step is skipped: dice with a battle form icon cannot be rolled"),
                )
                raise RuleRefusal(
                    _(
                        "'{name}' carries the {form} form icon and there is no battle form outside "
                        "battle (ruling out_of_battle_form_dice = refuse)",
                        name=name,
                        form=p_("form", die.form.value),
                    ),
                    rule=p_("rule", "out of battle"),
                )
            work.ruling(
                "out_of_battle_form_dice", "allow", _("outside battle, dice with a form icon may still be rolled")
            )
        elif die.form is not form:
            raise RuleRefusal(
                _(
                    "'{name}' carries the {icon} form icon; the form is {form}",
                    name=name,
                    icon=p_("form", die.form.value),
                    form=p_("form", form.value),
                ),
                rule=p_("rule", "gathering"),
            )
    if die.combat and form is Form.MAGIC:
        raise RuleRefusal(
            _("'{name}' is a combat die: combat dice cannot be gathered in Magic form", name=name),
            rule=p_("rule", "gathering"),
        )


def check_stat_limits(battle: Battle, adventurer: Adventurer, wanted: Counter[str]) -> dict[Stat, int]:
    """Step 4: at most Stamina dice that use Stamina and Magicka dice that use Magicka; the count for each stat."""
    counts = {stat: sum(c for n, c in wanted.items() if battle.dice[n].stat is stat) for stat in Stat}
    for stat in Stat:
        limit = adventurer.limit(stat)
        if counts[stat] > limit:
            values = {"count": counts[stat], "unit": adventurer.name, "limit": limit}
            raise RuleRefusal(
                _(
                    "gathering {count} dice that use Stamina, but {unit} has Stamina {limit}: "
                    "at most {limit} such dice per engage",
                    **values,
                )
                if stat is Stat.STAMINA
                else _(
                    "gathering {count} dice that use Magicka, but {unit} has Magicka {limit}: "
                    "at most {limit} such dice per engage",
                    **values,
                ),
                rule=p_("rule", "gathering limits"),
            )
    return counts


def choose_ability(
    work: BotseTurn, adventurer: Adventurer, action: EngageAction | None, form: Form | None
) -> tuple[Adventurer, str | None, Ability | None, int]:
    """Step 4: the one item whose ability is used (ready, working in the form), overtaxed when asked; with the
    adventurer after any overtax cost, the item, its ability and the free enemy combat dice in all."""
    if action is None:
        return adventurer, None, None, 0
    item_name = action.item
    free = action.free_dice
    if item_name is None and asking(work.dice, action, "item"):
        item_name = choose_item(work.dice, work.emit, adventurer, form)
    if item_name is None:
        if action.overtax:
            raise RuleRefusal(_("overtax needs an item: choose one with item: NAME"), rule=p_("rule", "overtax"))
        return adventurer, None, None, free
    item = adventurer.item(item_name)
    if item is None:
        raise RuleRefusal(
            _("{unit} has no item called '{item}'", unit=adventurer.name, item=item_name), rule=p_("rule", "items")
        )
    if not item.ready:
        raise RuleRefusal(_("{item} is not ready", item=item_name), rule=p_("rule", "items"))
    if form not in item.forms:
        forms = ", ".join(p_("form", value) for value in sorted(f.value for f in item.forms))
        shown = p_("form", form.value) if form else _("none")
        raise RuleRefusal(
            _("{item}'s ability works in {forms} form, not {form}", item=item_name, forms=forms, form=shown),
            rule=p_("rule", "items"),
        )
    ability = item.ability
    overtax = action.overtax
    if not overtax and item.overtax_cost is not None and asking(work.dice, action, "overtax"):
        overtax = choose_overtax(work.dice, work.emit, adventurer, item)
    if overtax:
        if item.overtax_cost is None or item.overtax_ability is None:
            raise RuleRefusal(_("{item} cannot be overtaxed", item=item_name), rule=p_("rule", "overtax"))
        adventurer = pay_cost(work, adventurer, item.overtax_cost, _("overtax {item}", item=item_name))
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


def take_from_rows(work: BotseTurn, adventurer: Adventurer, wanted: Counter[str]) -> Adventurer:
    """The gathered dice leave the attribute rows (the first of each name)."""
    taken = dict(wanted)
    kept: list[str] = []
    for name in adventurer.available:
        if taken.get(name, 0) > 0:
            taken[name] -= 1
        else:
            kept.append(name)
    adventurer = replace(adventurer, available=tuple(kept))
    work.put(adventurer)
    return adventurer
