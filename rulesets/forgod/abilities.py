"""F0R60D's special abilities in use (``do: ability``), healing or repair (``do: heal``) and paralysis
(``do: paralyse``). Which abilities are active, and the constant ones' modifiers, are in ``bonuses.py``."""

from __future__ import annotations

from msgspec.structs import replace

from tabroll.errors import RuleRefusal
from tabroll.events import said

from .actions import AbilityAction, HealAction, ParalyseAction
from .bonuses import ability_active, check_bonuses
from .cards import AbilityInput
from .events import OpposedCheck
from .messages import _, n_
from .state import Battle, Card, at_side
from .turn import HANDLERS, ForgodTurn, restore, turn_moves


def use_ability(turn: ForgodTurn, act: AbilityAction, answering: str | None = None) -> None:
    """A card uses an instant ability: its action for its turn, unless it heals or repairs (any phase) or is played
    as a response (:func:`_response`; ``answering``: the attacker whose ``before_damage`` it is in). An ECB or
    Liderazgo ability needs its experience addition equipped, which goes to the Óxido once used."""
    card = turn.unit(act.unit)
    ability = _instant_ability(card, act.ability)
    if ability.heals:
        turn.note(
            _("{ability} heals or repairs: any phase, and not {card}'s action", ability=ability.name, card=card.name)
        )
    elif act.response:
        answered = _response(turn, card, ability.name, answering)
        turn.note(
            _(
                "{card} answers {answered} with {ability}, an instant ability: not its turn",
                card=card.name,
                answered=answered,
                ability=ability.name,
            )
        )
    else:
        turn_moves(turn, card.name, act)
        card = turn.unit(card.name)
    target, used = _use_allowed(turn.state, card, ability, act.target)
    card = _count_use(turn, card, ability, used)
    if target.name == card.name:
        target = card
    target = restore(turn, card, target, ability.heal, ability.heal_roll, ability.cure)
    if ability.paralyse is not False:
        target = _paralysis(turn, card, ability, target)
    turn.put(target)


HANDLERS.on(AbilityAction)(use_ability)  # not a decorator: its type would lose ``answering``


def _instant_ability(card: Card, name: str) -> AbilityInput:
    """The card's instant ability of that name, if the card may use it: on the field and not paralysed."""
    ability = next((a for a in card.abilities if a.name == name), None)
    if ability is None:
        known = ", ".join(a.name for a in card.abilities) or "none"
        raise RuleRefusal(
            _("{card} has no ability '{name}' (its abilities: {known})", card=card.name, name=name, known=known),
            rule="abilities",
        )
    if not card.on_board:
        raise RuleRefusal(_("{card} is no longer on the field", card=card.name), rule="abilities")
    if card.paralysed:
        raise RuleRefusal(
            _("{card} is paralysed: it takes no action and uses no ability", card=card.name), rule="paralysed"
        )
    if ability.timing == "constant":
        raise RuleRefusal(
            _("{ability} is a constant ability: it works while it is active, it is not used", ability=ability.name),
            tip=_("its modifiers already apply to the card's rolls"),
            rule="abilities",
        )
    return ability


def _use_allowed(state: Battle, card: Card, ability: AbilityInput, aimed: str | None) -> tuple[Card, int]:
    """The ability's target and the card's uses of it since its last turn, if this use is allowed: the ability
    active, its FH not spent, its target on the field and of the kind it aims at."""
    if not ability_active(card, ability):
        line = "ECB" if ability.activation == "ecb" else "Liderazgo"
        raise RuleRefusal(
            _(
                "{ability} needs an equipped {line} experience addition on {card}",
                ability=ability.name,
                line=line,
                card=card.name,
            ),
            rule="abilities",
        )
    used = dict(card.ability_uses).get(ability.name, 0)
    if ability.uses_per_turn is not None and used >= ability.uses_per_turn:
        raise RuleRefusal(
            n_(
                "{card} already used {ability} {n} time since its last turn (FH {most})",
                "{card} already used {ability} {n} times since its last turn (FH {most})",
                used,
                card=card.name,
                ability=ability.name,
                most=ability.uses_per_turn,
            ),
            rule="FH",
        )
    target = state.unit(aimed) if aimed is not None else card
    if not target.on_board:
        raise RuleRefusal(_("{target} is no longer on the field", target=target.name), rule="abilities")
    wanted = {"self": target.name == card.name, "ally": target.side == card.side, "enemy": target.side != card.side}
    if not wanted.get(ability.target, True):
        raise RuleRefusal(
            _(
                "{ability} targets {target}: not {target2}",
                ability=ability.name,
                target=ability.target,
                target2=target.name,
            ),
            rule="abilities",
        )
    return target, used


def _count_use(turn: ForgodTurn, card: Card, ability: AbilityInput, used: int) -> Card:
    """The card after the use: one more use counted (FH), and an ECB or Liderazgo ability's experience addition
    spent (beasts and war machines spend none)."""
    state = turn.state
    uses = dict(card.ability_uses)
    uses[ability.name] = used + 1
    card = replace(card, ability_uses=tuple(uses.items()))
    if ability.activation != "native" and card.kind not in ("beast", "war_machine"):
        spent = next(a for a in card.additions if a.kind == "experience" and a.line == ability.activation)
        left = tuple(
            a.model_copy(update={"copies": a.copies - 1}) if a is spent else a
            for a in card.additions
            if a is not spent or a.copies > 1
        )
        card = replace(card, additions=left)
        index = state.side_index(card.side)
        state = replace(
            state, oxido=at_side(state.oxido, index, (*state.oxido[index], spent.model_copy(update={"copies": 1})))
        )
        turn.note(_("the instant {label} is used: it goes to the Óxido", label=spent.label), card.name)
    turn.state = state.with_unit(card)
    return card


def _paralysis(turn: ForgodTurn, card: Card, ability: AbilityInput, target: Card) -> Card:
    """A paralysing ability on its target: its save first, if any (1d10 + the stat reaches the figure, or a
    natural 10), then paralysed until cured or for the ability's rounds."""
    saved = False
    if ability.save is not None:
        stat, against = ability.save.stat, ability.save.against
        word = "Fortaleza" if stat == "fortitude" else "Moral"
        purpose = _("{word} roll of {target} against {ability}", word=word, target=target.name, ability=ability.name)
        die = turn.d10(purpose, target.name)
        total = turn.apply(
            die, check_bonuses(turn.state, target, stat), said(lambda: _("{word} roll", word=word)), target.name
        )
        saved = total >= against or die == 10
        rule = _("natural 10") if die == 10 and total < against else f"{total} {'≥' if saved else '<'} {against}"
        turn.emit(
            OpposedCheck(
                stat=word,
                attacker=ability.name,
                defender=target.name,
                attacker_total=against,
                defender_total=total,
                winner=target.name if saved else ability.name,
                rule=rule,
            )
        )
    if saved:
        turn.note(_("{target} resists {ability}", target=target.name, ability=ability.name), target.name)
        return target
    rounds = None if ability.paralyse is True else int(ability.paralyse)
    lasts = _lasting(rounds, target.side)
    turn.status(
        target.name,
        lambda: _("paralysed"),
        _("{ability} of {card}, {lasts}", ability=ability.name, card=card.name, lasts=lasts),
    )
    return replace(target, paralysed=True, paralysed_rounds=rounds)


def _lasting(rounds: int | None, side: str) -> str:
    """How long a paralysis lasts: until cured (None), or a number of ``side``'s rounds."""
    if rounds is None:
        return _("until cured")
    return n_("for {n} round of {side}", "for {n} rounds of {side}", rounds, side=side)


def _response(turn: ForgodTurn, card: Card, ability: str, answering: str | None) -> str:
    """What enemy action a response answers, declared and not yet over: the attack ``answering`` (an enemy's), or
    between actions an enemy charge under way; else a refusal."""
    state = turn.state
    if answering is not None:
        actor = state.unit(answering)
        if actor.side == card.side:
            raise RuleRefusal(
                _(
                    "{card} cannot answer {actor}'s attack with {ability}: a response answers an enemy's "
                    "action, and {actor} is of {side}",
                    card=card.name,
                    actor=actor.name,
                    ability=ability,
                    side=card.side,
                ),
                tip=_("a healing ability may still come here; any other answer is played against an enemy's action"),
                rule="responses",
            )
        return _("{actor}'s attack", actor=actor.name)
    pending = [c for c in state.charges if c.side != card.side]
    if not pending:
        raise RuleRefusal(
            _(
                "{card} cannot answer with {ability}: no enemy action is declared and under way (a "
                "response answers an enemy's action once declared)",
                card=card.name,
                ability=ability,
            ),
            tip=_(
                "answer an enemy's attack in its 'before_damage', or an enemy charge before it hits; "
                "or play the ability as the card's own action (without 'response: true')"
            ),
            rule="responses",
        )
    charges = _(" and ").join(_("{charger}'s charge on {victim}", charger=c.charger, victim=c.victim) for c in pending)
    return _("{charges} (declared, not yet hit)", charges=charges)


@HANDLERS.on(HealAction)
def heal_action(turn: ForgodTurn, act: HealAction) -> None:
    """A healing or repair ability (:func:`~.turn.restore`): not the card's action, any phase, either player's
    turn; never a fallen card back."""
    healer, target = turn.unit(act.healer), turn.unit(act.unit)
    if not healer.on_board:
        raise RuleRefusal(_("{healer} is no longer on the field", healer=healer.name), rule="healing")
    if healer.paralysed:
        raise RuleRefusal(
            _("{healer} is paralysed: it takes no action and uses no ability", healer=healer.name), rule="paralysed"
        )
    if not target.on_board:
        raise RuleRefusal(
            _("{target} has been annihilated: cards in the Panteón are not healed back", target=target.name),
            rule="healing",
        )
    turn.put(restore(turn, healer, target, act.life, act.roll, act.cure))
    turn.note(_("healing is not {healer}'s action: its turn is still to come", healer=healer.name), healer.name)


@HANDLERS.on(ParalyseAction)
def paralyse_action(turn: ForgodTurn, act: ParalyseAction) -> None:
    """An effect (of an ability or a power at the table) paralyses a card: no action while it lasts."""
    card = turn.unit(act.unit)
    if not card.on_board:
        raise RuleRefusal(_("{card} is no longer on the field", card=card.name), rule="paralysed")
    if act.by is not None and not turn.unit(act.by).on_board:
        raise RuleRefusal(_("{by} is no longer on the field", by=act.by), rule="paralysed")
    lasts = _lasting(act.rounds, card.side)
    turn.status(
        card.name,
        lambda: _("paralysed"),
        _("paralysed by {by} {lasts}: it takes no action", by=act.by, lasts=lasts)
        if act.by
        else _("paralysed {lasts}: it takes no action", lasts=lasts),
    )
    turn.put(replace(card, paralysed=True, paralysed_rounds=act.rounds))
