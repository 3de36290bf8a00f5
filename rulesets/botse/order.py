"""Step 5b, the order of the results: from ``resolve:``, in roll order by default, or asked at the table."""

from __future__ import annotations

from msgspec.structs import replace

from tabroll.dice.sources import asks_players
from tabroll.errors import RuleRefusal

from .choices import ability_text, ask_choice
from .messages import _, n_, p_
from .model import ResultChoice, RollFields
from .plan import Choice, splash_candidates, splash_reference
from .work import BotseTurn, Engage, die_number


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
        return _("{item}'s ability ({ability})", item=setup.item, ability=ability_text(setup.ability))
    rolled = setup.rolled[key - 1]
    values = {"number": key, "die": rolled.die.name, "face": rolled.face.describe()}
    if rolled.free:
        return _("die {number} {die}, free ({face})", **values)
    return _("die {number} {die} ({face})", **values)


def ask_order(work: BotseTurn, setup: Engage) -> list[Choice]:
    """Step 5b, left open and asked at the table: the next result (or stop) until every result is chosen."""
    left: list[int | None] = [r.number for r in setup.rolled] + ([None] if setup.ability is not None else [])
    out: list[Choice] = []
    while left:
        options = [result_label(setup, key) for key in left] + [_("stop (leave the rest unresolved)")]
        index = ask_choice(work.dice, work.emit, setup.adventurer, _("which result next?"), options)
        if index == len(left):
            break
        out.append(with_splash_unit(work, setup, Choice(left.pop(index))))
    return out


def with_splash_unit(work: BotseTurn, setup: Engage, choice: Choice) -> Choice:
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
    question = (
        n_(
            "die {number}: {n} splash damage to which unit adjacent to the target?",
            "die {number}: {n} splash damage to which unit adjacent to the target?",
            face.splash,
            number=choice.die,
        )
        if face.adjacent_to == "target"
        else n_(
            "die {number}: {n} splash damage to which unit adjacent to you?",
            "die {number}: {n} splash damage to which unit adjacent to you?",
            face.splash,
            number=choice.die,
        )
    )
    index = ask_choice(work.dice, work.emit, setup.adventurer, question, candidates)
    return replace(choice, unit=candidates[index])


def choices(work: BotseTurn, setup: Engage, action: RollFields) -> list[Choice]:
    if action.resolve is None:
        if asks_players(work.dice):
            return ask_order(work, setup)
        found = [Choice(r.number) for r in setup.rolled]
        return found + ([Choice(None)] if setup.ability is not None else [])
    out: list[Choice] = []
    seen: set[int | None] = set()
    for entry in action.resolve:
        given = entry if isinstance(entry, ResultChoice) else ResultChoice.model_validate({"die": entry})
        key, unit, where, aim = given.die, given.unit, given.hex, given.target
        if aim is not None and aim not in setup.targets:
            declared = ", ".join(setup.targets) or _("none")
            raise RuleRefusal(
                _(
                    "resolve: {unit} is not a declared target of this engage (declared: {declared})",
                    unit=aim,
                    declared=declared,
                ),
                rule=p_("rule", "results"),
            )
        number = None if key == "item" else int(key)
        if number is None and setup.ability is None:
            raise RuleRefusal(
                _("resolve: 'item' names no ability: no item was chosen for this engage"), rule=p_("rule", "results")
            )
        if number is not None:
            die_number(setup, number, "resolve")
        if number in seen:
            raise RuleRefusal(
                _("resolve: {result} is listed twice; each result resolves once", result=key),
                rule=p_("rule", "results"),
            )
        seen.add(number)
        out.append(Choice(number, unit, where, aim))
    return [with_splash_unit(work, aimed(setup, choice), choice) for choice in out]
