"""From a validated scenario file (or an attack typed on the command line) to the initial battle state."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from msgspec.structs import replace

from tabroll.engine import Scenario
from tabroll.errors import InputError
from tabroll.events import machine, prose, said_each
from tabroll.geometry.grid import Board, Square
from tabroll.kit import AnyRuleset, AttackRequest
from tabroll.kit.models import assemble, command_line_model, scenario_options, steps_of, unknown_name
from tabroll.kit.text import cli_values
from tabroll.loading.document import YamlDocument, command_line_document
from tabroll.loading.validation import problems_error, validate

from .actions import UNIT_FIELDS, AttackAction, RegroupAction
from .army import army_problems
from .cards import AdditionInput, DeckCardInput, UnitInput
from .messages import _, n_
from .model import ForgodOptions, ForgodScenario
from .state import LINE_NAMES, ROWS_PER_FIELD, Battle, Card
from .words import plain


def build_scenario(ruleset: AnyRuleset, doc: YamlDocument, overrides: Mapping[str, Any] | None = None) -> Scenario:
    """A scenario file to the battle, checked in the order a table sets one up."""
    model = validate(ForgodScenario, doc)
    options = scenario_options(ruleset, doc, model, overrides or {}, ForgodOptions)
    sides = _sides(model, doc)
    board = Board.build(model.board.width, 2 * ROWS_PER_FIELD)
    shell = Battle(board=board, units=(), options=options, sides=sides)  # the board and sides, no card yet
    cards = _placed_cards(model, doc, shell)
    _check_summoners_and_commanders(model, doc, sides, cards)
    steps = steps_of(doc, model.actions, _action_check(doc, board, {c.name for c in cards}))
    problems = army_problems(model, doc, shell, cards)
    if problems:
        raise problems_error(problems, doc.source)  # one per line, as the model's own problems
    for key in ("reinforcement_cards", "decks", "hands"):
        for side in getattr(model, key):
            if side not in sides:
                raise InputError(
                    _("'{side}' is not one of the sides {sides}", side=side, sides=list(sides)),
                    tip=_("use one of the sides the units are on: {sides}", sides=", ".join(sides)),
                    location=doc.locate((key, side)),
                )
    limit = model.point_limit()
    reserve = None
    if limit is not None:
        spent = [sum(c.cost * c.cards for c in cards if c.side == s and c.paid and not c.in_deck) for s in sides]
        reserve = (limit - spent[0], limit - spent[1])
    battle = Battle(
        board=board,
        units=tuple(cards),
        options=options,
        sides=sides,
        from_deployment=model.from_deployment,
        mode=model.mode,
        reserve=reserve,
        reinforcement_cards=(model.reinforcement_cards.get(sides[0], 0), model.reinforcement_cards.get(sides[1], 0)),
        decks=(_deck(model.decks.get(sides[0])), _deck(model.decks.get(sides[1]))),
        hands=(_pile(model.hands.get(sides[0], [])), _pile(model.hands.get(sides[1], []))),
    )
    return assemble(ruleset, doc, model, options=options, state=battle, steps=steps)


def _sides(model: ForgodScenario, doc: YamlDocument) -> tuple[str, str]:
    """The two sides: as ``sides`` names them (every unit on one of them), or the two the units name."""
    seen = list(dict.fromkeys(u.side for u in model.units.values()))
    if model.sides is not None:
        sides = model.sides
        if sides[0] == sides[1]:
            raise InputError(
                _("the two sides need different names"),
                tip=_("rename one of them, e.g. sides: [red, blue]"),
                location=doc.locate(("sides",)),
            )
        for name, entry in model.units.items():
            if entry.side not in sides:
                raise InputError(
                    _(
                        "unit '{name}' is on side '{side}', which is not one of {sides}",
                        name=name,
                        side=entry.side,
                        sides=list(sides),
                    ),
                    tip=_("put the unit on one of the sides: {sides}", sides=", ".join(sides)),
                    location=doc.locate(("units", name, "side")),
                )
        return sides
    if len(seen) == 2:
        return (seen[0], seen[1])
    raise InputError(
        _(
            "a F0R60D battle has two sides; the units name {sides}: {value}",
            sides=len(seen),
            value=", ".join(seen) or "none",
        ),
        location=doc.locate(("units",)),
        tip=_("give every unit 'side: <name>' with two different names"),
    )


def _placed_cards(model: ForgodScenario, doc: YamlDocument, shell: Battle) -> list[Card]:
    """Every unit as a card: on its square (one card a square, but for one in the air), or in its troop deck."""
    board, sides, width = shell.board, shell.sides, shell.board.width
    cards: list[Card] = []
    for name, entry in model.units.items():
        if entry.in_deck:
            cards.append(_card(name, entry, None))
            continue
        square = _square(shell, name, entry, cards)
        if not board.contains(square):
            raise InputError(
                _(
                    "unit '{name}' stands at {square}, off the board ({width} columns, 6 rows)",
                    name=name,
                    square=list(square),
                    width=width,
                ),
                location=doc.locate(("units", name)),
                tip=_(
                    "rows 0-2 are {sides}'s field (0 retaguardia, 1 normal, 2 avanzada); rows 3-5 are "
                    "{sides2}'s (3 avanzada, 4 normal, 5 retaguardia)",
                    sides=sides[0],
                    sides2=sides[1],
                ),
            )
        card = _card(name, entry, square)
        for other in cards:
            if other.position == square and not (other.in_air or card.in_air):
                raise InputError(
                    _(
                        "units '{other}' and '{name}' both stand at {square}",
                        other=other.name,
                        name=name,
                        square=list(square),
                    ),
                    tip=_("move one of them to a free square"),
                    location=doc.locate(("units", name)),
                )
        if shell.row_line(card.side, square[1]) is None:
            card = replace(card, invading=True)
        cards.append(card)
    return cards


def _check_summoners_and_commanders(
    model: ForgodScenario, doc: YamlDocument, sides: tuple[str, str], cards: list[Card]
) -> None:
    """Every summoner named is a card of the file (unless it fell before), and each side has one commander."""
    names = {c.name for c in cards}
    for name, entry in model.units.items():
        # a summoner fallen before the scenario begins is in the Panteón, not in the file
        if entry.summoner is not None and entry.summoner not in names and not entry.summoner_fallen:
            raise unknown_name(entry.summoner, sorted(names), doc, ("units", name, "summoner"))
    for side in sides:
        commanders = [c.name for c in cards if c.side == side and c.commander]
        if len(commanders) > 1:
            raise InputError(
                _(
                    "{side} has {count} commanders ({commanders}); an army has one",
                    side=side,
                    count=len(commanders),
                    commanders=", ".join(commanders),
                ),
                tip=_("keep 'commander: true' on one unit of the side"),
                location=doc.locate(("units",)),
            )


def _action_check(doc: YamlDocument, board: Board, known: set[str]) -> Callable[[Any, tuple[str | int, ...]], None]:
    """The check of each action, in order: every card it names is ``known`` (the file's, and the new units of the
    splits before it), every square it moves to on the board."""
    width = board.width

    def check(action: Any, path: tuple[str | int, ...]) -> None:
        for field in UNIT_FIELDS:
            value = getattr(action, field, None)
            if isinstance(value, str) and value not in known:
                raise unknown_name(value, sorted(known), doc, (*path, field))
        for j, response in enumerate(getattr(action, "before_damage", [])):
            for field in ("unit", "target"):
                value = getattr(response, field)
                if value is not None and value not in known:
                    raise unknown_name(value, sorted(known), doc, (*path, "before_damage", j, field))
        for field in ("to", "move_to"):
            square = getattr(action, field, None)
            if square is not None and not board.contains((square[0], square[1])):
                raise InputError(
                    _("square {square} is off the board ({width} columns, 6 rows)", square=list(square), width=width),
                    location=doc.locate((*path, field)),
                    tip=_("columns count from 0 to {value}, rows from 0 to 5", value=width - 1),
                )
        if isinstance(action, RegroupAction) and action.into is not None:
            known.add(action.into)  # the new unit of a split, known to the actions after it

    return check


def _square(shell: Battle, name: str, entry: UnitInput, placed: list[Card]) -> Square:
    if entry.at is not None:
        return (entry.at[0], entry.at[1])
    assert entry.line is not None
    row = shell.line_row(entry.side, entry.line)
    if entry.column is not None:
        return (entry.column, row)
    taken = {c.position for c in placed}
    for x in range(shell.board.width):
        if (x, row) not in taken:
            return (x, row)
    raise InputError(
        _(
            "no free square left on {side}'s {line} line for '{name}'",
            side=entry.side,
            line=LINE_NAMES[entry.line],
            name=name,
        ),
        tip=_("give 'column:' or 'at: [x, y]', or make the board wider"),
    )


def _card(name: str, entry: UnitInput, square: Square | None) -> Card:
    """The card of the file's ``entry`` on ``square``: every field the two share, and ``given`` its own way."""
    given: dict[str, Any] = dict(
        name=name,
        position=square,
        additions=tuple(entry.additions),
        abilities=tuple(entry.abilities),
        effects=tuple(entry.effects),
        paralysed=entry.paralysed is not False,
        paralysed_rounds=None if isinstance(entry.paralysed, bool) else entry.paralysed,
    )
    shared = set(Card.__struct_fields__) & UnitInput.model_fields.keys()
    return Card(**{field: getattr(entry, field) for field in shared - given.keys()}, **given)


def _pile(entries: list[DeckCardInput]) -> tuple[AdditionInput, ...]:
    """The cards of a deck or hand, one per card, in the order given."""
    return tuple(AdditionInput(**e.model_dump(exclude={"count"})) for e in entries for _ in range(e.count))


def _deck(entries: list[DeckCardInput] | None) -> tuple[AdditionInput, ...] | None:
    return None if entries is None else _pile(entries)


PLACES = frozenset({"line", "linea", "at", "position", "casilla", "column", "columna"})
"""The stats that place a card (in any spelling :func:`plain` folds to these)."""


def quick_scenario(ruleset: AnyRuleset, request: AttackRequest) -> Scenario:
    """One attack typed on the command line: the attacker on its normal line (or ``--attacker-line``), the target on
    the enemy's (or ``--target-line``); the other fields go to the attack action."""
    target_name = request.target if request.target != request.attacker else f"{request.target} (target)"
    fields = dict(request.fields)

    def entry(who: str, side: str, stats: Mapping[str, str]) -> dict[str, Any]:
        out: dict[str, Any] = {"side": side, **cli_values(stats)}
        line = fields.pop(f"{who}_line", None)
        if line is not None:
            placed = [key for key in out if plain(key).replace(" ", "_") in PLACES]
            if placed:
                raise InputError(
                    _(
                        "--{who}-line {line} and the {who}'s stat {placed} both place it",
                        who=who,
                        line=line,
                        placed=placed[0],
                    ),
                    tip=_("give one of them"),
                )
            out["line"] = line
        out.setdefault("line", "normal")
        out.setdefault("column", 0)
        return out

    units = {
        request.attacker: entry("attacker", "attacker", request.attacker_stats),
        target_name: entry("target", "defender", request.target_stats),
    }
    action = {"do": "attack", "attacker": request.attacker, "target": target_name, **cli_values(fields)}
    data = {
        "ruleset": "forgod",
        "title": _("{attacker} attacks {target}", attacker=request.attacker, target=target_name),
        "board": {"width": 1},
        "units": units,
        "actions": [action],
    }
    built = build_scenario(ruleset, command_line_document(data), request.options)
    # Two cards typed on the command line are one attack, not a battle: no battle's result is judged.
    return replace(built, state=replace(built.state, judged=False))


def quick_action(ruleset: AnyRuleset, attacker: str, target: str, fields: Mapping[str, str]) -> AttackAction:
    """An attack action from command-line words, validated like a scenario's action."""
    return command_line_model(
        AttackAction, {"do": "attack", "attacker": attacker, "target": target, **cli_values(fields)}
    )


def card_statuses(battle: Battle, card: Any) -> list[str]:
    """What the final state says of a card beside its numbers, in the language now."""
    statuses: list[str] = []
    if card.on_board:
        statuses.append(_("PV {life}", life=card.front_life))
        if (line := battle.line_of(card)) is not None:
            statuses.append(LINE_NAMES[line])
        if card.cards > 1:
            statuses.append(n_("{n} card", "{n} cards", card.cards))
        if protected := battle.shield_of(card.name):
            statuses.append(_("shield of {protected}", protected=protected))
        if guarded := battle.guarding(card.name):
            statuses.append(_("royal guard of {guarded}", guarded=guarded))
        if charge := battle.charge_by(card.name):
            statuses.append(
                _("charging {victim} (flank)", victim=charge.victim)
                if charge.flank
                else _("charging {victim}", victim=charge.victim)
            )
        if cover := battle.covering(card.name):
            statuses.append(_("covering {charger}", charger=cover.charger))
        if card.absorption_used:
            statuses.append(_("Absorción used this round"))
        if card.in_air:
            statuses.append(_("in the air"))
        if card.paralysed:
            rounds = card.paralysed_rounds
            statuses.append(n_("paralysed ({n} round)", "paralysed ({n} rounds)", rounds) if rounds else _("paralysed"))
    elif card.fled:
        statuses.append(_("fled"))
    elif card.in_deck:
        statuses.append(_("in the troop deck"))
    elif card.joined:
        statuses.append(_("joined {joined}", joined=card.joined))
    return statuses


def summarize(battle: Battle) -> dict[str, Any]:
    """The final state: ``statuses`` the same words in every language, ``statuses_text`` in the language."""
    units = []
    for card in battle.units:
        statuses = said_each(partial(card_statuses, battle, card))
        units.append(
            {
                "name": card.name,
                "side": card.side,
                "position": list(card.position) if card.position is not None else None,
                "defeated": card.defeated,
                "fled": card.fled,
                "cards": card.cards if card.on_board else 0,
                "life": card.front_life if card.on_board else 0,
                "statuses": machine(statuses),
                "statuses_text": prose(statuses),
            }
        )
    summary: dict[str, Any] = {
        "turns": dict(zip(battle.sides, battle.turns, strict=True)),
        "first": battle.first,
        "to_play": battle.to_play,
        "units": units,
    }
    if battle.over:
        summary["result"] = {"over": True, "winner": battle.winner}
    return summary
