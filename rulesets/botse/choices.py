"""The player's choices an action leaves open, asked at the table with ``--prompt``: each is drawn (and recorded)
as a number like a die; with any other dice source the resolver keeps its documented default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabroll.dice.sources import DiceSource, asks_players, choose_number
from tabroll.events import Event, Note

from .messages import _, n_, p_
from .model import Form
from .state import Ability, Adventurer, Item


def asking(dice: DiceSource, action: Any, name: str) -> bool:
    """Whether to ask the players for the choice ``name``: the dice source asks them and the action leaves it open."""
    return asks_players(dice) and name not in action.model_fields_set


def ask_choice(dice: DiceSource, emit: Callable[[Event], None], who: str, question: str, options: list[str]) -> int:
    """Ask ``who`` to choose one of ``options``; the 0-based index chosen, logged as a note."""
    listed = ", ".join(f"{number} = {option}" for number, option in enumerate(options, start=1))
    answer = choose_number(dice, len(options), f"{who}: {question} {listed}")
    chose = _(
        "{unit} chose {answer} = {option} ({question} asked at the table)",
        unit=who,
        answer=answer,
        option=options[answer - 1],
        question=question,
    )
    emit(Note(text=chose, unit=who))
    return answer - 1


def ability_text(ability: Ability) -> str:
    """An item ability in a few words: ``1 damage, 1 free combat die``."""
    parts: list[str] = []
    if ability.damage:
        parts.append(
            n_("{n} damage, unblockable", "{n} damage, unblockable", ability.damage)
            if ability.unblockable
            else n_("{n} damage", "{n} damage", ability.damage)
        )
    if ability.damage_per_combat_die:
        parts.append(n_("{n} damage per combat die", "{n} damage per combat die", ability.damage_per_combat_die))
    if ability.free_dice:
        parts.append(n_("{n} free combat die", "{n} free combat dice", ability.free_dice))
    if ability.tenacity:
        parts.append(n_("+{n} tenacity", "+{n} tenacity", ability.tenacity))
    if ability.text:
        parts.append(ability.text)
    return ", ".join(parts) or _("no effect")


def choose_form(dice: DiceSource, emit: Callable[[Event], None], adventurer: Adventurer) -> Form:
    """Step 2, left open: the current form (option 1) or another one, in the order of the README."""
    forms = [adventurer.form, *(f for f in Form if f is not adventurer.form)]
    options = [_("{form} (current)", form=p_("form", adventurer.form.value)), *(p_("form", f.value) for f in forms[1:])]
    return forms[ask_choice(dice, emit, adventurer.name, _("which battle form?"), options)]


def choose_item(
    dice: DiceSource, emit: Callable[[Event], None], adventurer: Adventurer, form: Form | None
) -> str | None:
    """Step 4, left open: no item (option 1) or one ready item whose ability works in the form."""
    matching = [i for i in adventurer.items if i.ready and form in i.forms]
    if not matching:
        return None
    options = [_("no item"), *(_("{item} ({ability})", item=i.name, ability=ability_text(i.ability)) for i in matching)]
    index = ask_choice(dice, emit, adventurer.name, _("which item?"), options)
    return matching[index - 1].name if index else None


def choose_overtax(dice: DiceSource, emit: Callable[[Event], None], adventurer: Adventurer, item: Item) -> bool:
    """Step 4, left open for an item that can be overtaxed: no (option 1) or pay the cost."""
    assert item.overtax_cost is not None and item.overtax_ability is not None
    yes = _(
        "overtax (pay {cost}; adds {ability})",
        cost=item.overtax_cost.describe(),
        ability=ability_text(item.overtax_ability),
    )
    return ask_choice(dice, emit, adventurer.name, _("overtax {item}?", item=item.name), [_("no"), yes]) == 1
