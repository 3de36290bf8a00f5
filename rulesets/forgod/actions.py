"""F0R60D's actions in a scenario file: one pydantic model per ``do:`` kind, and :data:`Action`, their union."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from tabroll.kit import ActionHeader, header
from tabroll.kit.models import Strict, empty_list

from .messages import N_, _
from .words import CheckedStat, DiceText, SquareInput, spelt

# d10s, and the 1dN of an addition drawn from a deck of N cards (72 at most)
DiceList = list[Annotated[int, Field(ge=1, le=72)]]
DICE = N_("The dice this action draws, in order (d10s; 1dN for an addition drawn from a deck of N).")


class _Act(Strict):
    """What every action played as a card's turn may add: its tactical move, its terrain and its additions."""

    move_to: SquareInput | None = Field(
        default=None, description=N_("The square the card moves to first (its tactical move).")
    )
    fly: bool | None = Field(
        default=None,
        description=N_("Terreno Cualquiera only: whether the card moves by air (true) or ground (false) this turn."),
    )
    equip: list[str] = Field(
        default_factory=empty_list,
        max_length=4,
        description=N_("Additions from the hand equipped on the card whose turn it is, in its addition phase."),
    )
    discard: list[str] = Field(
        default_factory=empty_list,
        max_length=20,
        description=N_("Additions sent from the hand to the Óxido this turn."),
    )
    dice: DiceList | None = Field(None, max_length=10_000, description=DICE)


class ResponseInput(Strict):
    """An ability answered once an attack has hit and before its damage is rolled (a heal, an instant)."""

    unit: str = Field(description=N_("The card that answers."))
    ability: str = Field(description=N_("The ability it uses, by name."))
    target: str | None = Field(None, description=N_("The card the ability aims at (default: the card itself)."))


class AttackAction(_Act):
    """A card's attacks for its turn (FA of them, or ``times``), after its tactical move."""

    do: Literal["attack"] = Field(description=N_("The kind of action."))
    attacker: str = Field(description=N_("The card that attacks."))
    target: str = Field(description=N_("The enemy card it attacks."))
    times: int | None = Field(None, ge=1, le=20, description=N_("How many of its FA attacks it makes (default: all)."))
    mode: Literal["melee", "ranged"] | None = Field(
        None,
        description=N_("For a card with both attack types (TA): melee or ranged (default: ranged at an air card)."),
    )
    orange: bool = Field(
        False, description=N_("The target stands on an orange square of the archers' area: attack -6.")
    )
    keep_absorption: bool = Field(
        False,
        description=N_(
            "The target keeps its once-a-round Absorción for a later attack (it applies only its "
            "Absorción Constante now)."
        ),
    )
    area: bool = Field(
        False,
        description=N_(
            "The attack also hits the cards next to its target (as the attacker's card says): one attack "
            "die for all, an evasion and a damage roll for each. On a royal guard, it reaches the commander behind."
        ),
    )
    before_damage: list[ResponseInput] = Field(
        default_factory=empty_list,
        max_length=6,
        description=N_(
            "Abilities used once the first attack has hit and before its damage roll: healing or repair "
            "(the last moment the rules allow it) or instant responses."
        ),
    )

    describe = header(_, N_("{attacker} attacks {target}"), actor="attacker")


class ShieldAction(_Act):
    """Escudo: the card stands next to another of its side and protects it."""

    do: Literal["shield"] = Field(description=N_("The kind of action."))
    unit: str = Field(description=N_("The card that becomes the shield."))
    protects: str = Field(description=N_("The card of its side it protects."))

    describe = header(_, N_("{unit} shields {protects}"), actor="unit")


class ReleaseAction(Strict):
    """A shield or a royal guard stops protecting, and may attack again."""

    do: Literal["release"] = Field(description=N_("The kind of action."))
    unit: str = Field(description=N_("The shield or royal guard."))
    dice: DiceList | None = Field(None, max_length=0, description=N_("No dice: nothing is rolled."))

    describe = header(_, N_("{unit} stops protecting"), actor="unit")


class ChargeAction(_Act):
    """Carga: a melee card moves up to twice its move; the charge hits in its side's next turn."""

    do: Literal["charge"] = Field(description=N_("The kind of action."))
    charger: str = Field(description=N_("The card that charges (melee or dual TA)."))
    target: str = Field(description=N_("The enemy card it charges."))
    cover: str | None = Field(None, description=N_("Cubrir Carga: a card of its side within 2 squares that covers it."))
    flank: bool = Field(False, description=N_("The charge is combined with a flank (an opposed Fortaleza first)."))

    def describe(self) -> ActionHeader:
        if self.flank:
            said = _("{charger} charges {target} (with a flank)", charger=self.charger, target=self.target)
        else:
            said = _("{charger} charges {target}", charger=self.charger, target=self.target)
        return ActionHeader(self.charger, self.do, said)


class ImpactAction(Strict):
    """The charge under way hits, at the start of the charging side's next turn."""

    do: Literal["charge_impact"] = Field(description=N_("The kind of action."))
    charger: str = Field(description=N_("The card whose charge hits."))
    escaped: bool = Field(False, description=N_("The target left the charger's attack area: the charge fails."))
    keep_absorption: bool = Field(False, description=N_("The target keeps its once-a-round Absorción for later."))
    dice: DiceList | None = Field(None, max_length=10_000, description=DICE)

    describe = header(_, N_("the charge of {charger} hits"), actor="charger")


class FlankAction(_Act):
    """Flanquear: an opposed Fortaleza; on a win the flanker attacks at +4 attack and +4 damage."""

    do: Literal["flank"] = Field(description=N_("The kind of action."))
    flanker: str = Field(description=N_("The card that flanks."))
    target: str = Field(description=N_("The enemy card it flanks."))
    times: int | None = Field(None, ge=1, le=20, description=N_("How many of its FA attacks it makes (default: all)."))
    keep_absorption: bool = Field(False, description=N_("The target keeps its once-a-round Absorción for later."))

    describe = header(_, N_("{flanker} flanks {target}"), actor="flanker")


class RoyalGuardAction(_Act):
    """Guardia Real: the card stands just in front of its commander, who cannot be attacked while it stands."""

    do: Literal["royal_guard"] = Field(description=N_("The kind of action."))
    unit: str = Field(description=N_("The card that becomes the royal guard."))
    commander: str = Field(description=N_("Its side's commander."))

    describe = header(_, N_("{unit} becomes the royal guard of {commander}"), actor="unit")


class MoveAction(_Act):
    """A card's turn spent moving."""

    do: Literal["move"] = Field(description=N_("The kind of action."))
    unit: str = Field(description=N_("The card that moves."))
    to: SquareInput | None = Field(None, description=N_("The square it moves to (or 'move_to')."))

    def describe(self) -> ActionHeader:
        where = self.to if self.to is not None else self.move_to
        if where is None:
            return ActionHeader(self.unit, self.do, _("{unit} moves", unit=self.unit))
        return ActionHeader(self.unit, self.do, _("{unit} moves to {square}", unit=self.unit, square=list(where)))


class CheckAction(Strict):
    """An opposed Fortaleza or Moral roll between two cards, as a card or the table calls for it."""

    do: Literal["check"] = Field(description=N_("The kind of action."))
    stat: CheckedStat = Field(description=N_("Fortaleza or Moral."))
    attacker: str = Field(description=N_("The card that tests (it must beat the defender: ties go to the defender)."))
    defender: str = Field(description=N_("The card it tests against."))
    dice: DiceList | None = Field(None, max_length=10_000, description=DICE)

    @model_validator(mode="after")
    def _two_cards(self) -> CheckAction:
        if self.attacker == self.defender:
            raise ValueError(
                _("an opposed check needs two cards; '{attacker}' cannot test itself", attacker=self.attacker)
            )
        return self

    def describe(self) -> ActionHeader:
        stat = "Fortaleza" if self.stat == "fortitude" else "Moral"
        return ActionHeader(
            self.attacker,
            self.do,
            _("{attacker} tests {stat} against {defender}", attacker=self.attacker, stat=stat, defender=self.defender),
        )


class HealAction(Strict):
    """A healing or repair ability: not the card's action, any phase, either player's turn."""

    do: Literal["heal"] = Field(description=N_("The kind of action."))
    healer: str = Field(description=N_("The card that heals or repairs."))
    unit: str = Field(description=N_("The card healed (the card taking damage in a detachment)."))
    life: int | None = spelt(None, "life", "PV", ge=0, le=10**6, description=N_("PV restored, as a number."))
    roll: DiceText = Field(None, description=N_("PV restored, as dice (1d10)."))
    cure: bool = Field(False, description=N_("The negative effects (paralysis) end."))
    dice: DiceList | None = Field(None, max_length=100, description=DICE)

    @model_validator(mode="after")
    def _what(self) -> HealAction:
        if self.life is None and self.roll is None and not self.cure:
            raise ValueError(_("say what the ability restores: 'PV: 4', 'roll: 1d10' and/or 'cure: true'"))
        if self.life is not None and self.roll is not None:
            raise ValueError(_("give the PV restored either as a number ('PV') or as dice ('roll'), not both"))
        return self

    describe = header(_, N_("{healer} heals {unit}"), actor="healer")


class ParalyseAction(Strict):
    """An effect (an ability, a power) paralyses a card: it takes no action while it lasts."""

    do: Literal["paralyse"] = Field(description=N_("The kind of action."))
    unit: str = Field(description=N_("The card paralysed."))
    by: str | None = Field(None, description=N_("The card whose effect paralyses it."))
    rounds: int | None = Field(
        None, ge=1, le=99, description=N_("For how many rounds of its side (default: until cured).")
    )
    dice: DiceList | None = Field(None, max_length=0, description=N_("No dice: nothing is rolled."))

    describe = header(_, N_("{unit} is paralysed"), actor="unit")


class RegroupAction(_Act):
    """Reagrupar, in the tactical movement phase: split cards off a detachment, or join a card to one."""

    do: Literal["regroup"] = Field(description=N_("The kind of action."))
    unit: str = Field(description=N_("The card or detachment whose turn it is."))
    split: int | None = Field(None, ge=1, le=8, description=N_("How many cards split off into a new unit."))
    into: str | None = Field(None, min_length=1, max_length=80, description=N_("The name of the new unit of a split."))
    to: SquareInput | None = Field(None, description=N_("The square of the new unit of a split."))
    join: str | None = Field(None, description=N_("The identical detachment the unit joins."))

    @model_validator(mode="after")
    def _one_way(self) -> RegroupAction:
        if (self.split is None) == (self.join is None):
            raise ValueError(_("say 'split: N' (with 'into: <new name>' and 'to: [x, y]') or 'join: <detachment>'"))
        if self.split is not None and (self.into is None or self.to is None):
            raise ValueError(_("a split names the new unit ('into') and its square ('to')"))
        if self.join is not None and (self.into is not None or self.to is not None):
            raise ValueError(_("a join moves the card onto its detachment: no 'into' or 'to'"))
        return self

    describe = header(_, N_("{unit} regroups"), actor="unit")


class ChangeStrategyAction(_Act):
    """Cambio de Estrategia: a unit leaves the field for a card of the troop deck, in the unit's turn."""

    do: Literal["change_strategy"] = Field(description=N_("The kind of action."))
    unit: str = Field(description=N_("The unit sacrificed (it goes to the Panteón)."))
    into: str = Field(description=N_("The troop-deck card that enters on its square."))
    fresh: bool = Field(False, description=N_("The new unit enters without the old one's damage, at twice its PC."))

    describe = header(_, N_("{unit} is exchanged for {into}"), actor="unit")


class ReinforcementsAction(Strict):
    """Llamar Refuerzos: the special card brings troop-deck cards to the field, with 1d10 × the mode's factor PC."""

    do: Literal["reinforcements"] = Field(description=N_("The kind of action."))
    side: str = Field(description=N_("The side that plays the Llamar Refuerzos card."))
    units: dict[str, SquareInput] = Field(
        min_length=1, max_length=20, description=N_("The troop-deck cards called, in order, each with its square.")
    )
    dice: DiceList | None = Field(None, max_length=10, description=DICE)

    describe = header(_, N_("{side} calls reinforcements"), actor="side")


class AbilityAction(_Act):
    """A card uses one of its abilities: its action for the turn (not both an attack and an ability), unless the
    ability heals or repairs, or it is an instant one played as a response (``response: true``)."""

    do: Literal["ability"] = Field(description=N_("The kind of action."))
    unit: str = Field(description=N_("The card that uses the ability."))
    ability: str = Field(description=N_("The ability, by name."))
    target: str | None = Field(None, description=N_("The card it aims at (default: the card itself)."))
    response: bool = Field(False, description=N_("An instant ability played as an answer, outside the card's turn."))

    def describe(self) -> ActionHeader:
        if self.target:
            said = _("{unit} uses {ability} on {target}", unit=self.unit, ability=self.ability, target=self.target)
        else:
            said = _("{unit} uses {ability}", unit=self.unit, ability=self.ability)
        return ActionHeader(self.unit, self.do, said)


class InitiativeAction(Strict):
    """The reaction rolls: 1d10 + the commander's Reacción for each side; the higher acts first."""

    do: Literal["initiative"] = Field(description=N_("The kind of action."))
    dice: DiceList | None = Field(None, max_length=10_000, description=DICE)

    describe = header(_, N_("reaction rolls: who acts first"))


Action = Annotated[
    AttackAction
    | ShieldAction
    | ReleaseAction
    | ChargeAction
    | ImpactAction
    | FlankAction
    | RoyalGuardAction
    | MoveAction
    | CheckAction
    | HealAction
    | ParalyseAction
    | RegroupAction
    | ChangeStrategyAction
    | ReinforcementsAction
    | AbilityAction
    | InitiativeAction,
    Field(discriminator="do"),
]

UNIT_FIELDS = (
    "attacker",
    "target",
    "unit",
    "protects",
    "charger",
    "cover",
    "flanker",
    "commander",
    "defender",
    "healer",
    "by",
    "join",
)
