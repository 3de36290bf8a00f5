"""F0R60D's card numbers: the bonuses of every roll (attack, damage, evasion, Fortaleza and Moral), and whether a
card's absorptions and abilities are active. Pure functions of the battle: they log nothing and roll nothing."""

from __future__ import annotations

from .cards import AbilityInput
from .messages import _, n_
from .state import Battle, Card

Bonus = tuple[str, int]
"""A named change to a roll: ``("Avanzada", 4)``."""


def _times(reason: str, amount: int, count: int, what: str = " cartas") -> Bonus:
    """A printed bonus multiplied by a count (of ``what``): ``("BA +1 × 3 cartas", 3)``."""
    if count == 1:
        return (reason, amount)
    return (f"{reason} {amount:+d} × {count}{what}", amount * count)


def _card_bonuses(state: Battle, card: Card, stat: str, base: Bonus) -> tuple[list[Bonus], list[str]]:
    """``base`` (the card's own figure), then the bonuses to ``stat`` (attack / damage / evasion) of its equipped
    additions, its constant abilities and the special units around it; and notes on inactive additions."""
    bonuses: list[Bonus] = [base]
    notes: list[str] = []
    for addition in card.additions:
        amount = getattr(addition, stat)
        if amount == 0:
            continue
        if addition.kind == "weapon":
            if addition.copies < card.cards:
                notes.append(
                    n_(
                        "{card}'s weapon {label} is not active: {n} copy for {cards} cards",
                        "{card}'s weapon {label} is not active: {n} copies for {cards} cards",
                        addition.copies,
                        card=card.name,
                        label=addition.label,
                        cards=card.cards,
                    )
                )
                continue
            bonuses.append(_times(f"arma {addition.label}", amount, min(addition.copies, card.cards), ""))
        elif addition.kind == "experience":
            bonuses.append(_times(f"experiencia {addition.label}", amount, addition.copies, ""))
        elif addition.kind == "armour":
            if _armour_active(card):
                bonuses.append((f"armadura {addition.label}", amount))
        else:
            bonuses.append((f"accesorio {addition.label}", amount))
    return bonuses + _constant_bonuses(card, stat) + _special_bonuses(state, card, stat), notes


def _armour_active(card: Card) -> bool:
    return any(a.kind == "armour" and a.copies >= card.cards for a in card.additions)


def absorption_off(state: Battle, card: Card) -> str | None:
    """Why the card may not apply its absorptions (for the log), or None when it may: armour, engineer, summoner
    or commander; or a shield."""
    if card.absorption_active is not None:
        return None if card.absorption_active else _("the table says so (absorption_active: false)")
    if state.shields_on(card.name):
        return None
    ancestral = card.faction.strip().casefold().startswith("ancestral")
    if card.kind == "troop":
        return None if _armour_active(card) else _("no armour for every card")
    if card.kind == "war_machine":
        return None if ancestral or card.engineer else _("a war machine without its engineer")
    if card.kind == "beast":
        if ancestral or (not card.summoner_fallen and (card.summoner is None or state.unit(card.summoner).on_board)):
            return None
        if card.summoner:
            return _("its summoner {summoner} is no longer on the field", summoner=card.summoner)
        return _("its summoner is no longer on the field")
    if card.kind == "special":
        # no armour (it takes no additions), and no engineer, summoner or commander rule for it
        return _("a special unit takes no armour")
    commander = state.commander_of(card.side)
    return None if commander is not None and commander.on_board else _("its side's commander is no longer on the field")


def is_ranged(card: Card, target: Card, mode: str | None) -> bool:
    if card.attack_type == "ranged":
        return True
    if card.attack_type == "dual":
        return mode == "ranged" or (mode is None and target.in_air)
    return False


def ability_active(card: Card, ability: AbilityInput) -> bool:
    """A native ability is always there; an ECB or Liderazgo one needs an equipped experience addition of that
    line, except on beasts and war machines."""
    if ability.activation == "native" or card.kind in ("beast", "war_machine"):
        return True
    return any(a.kind == "experience" and a.line == ability.activation for a in card.additions)


def _constant_bonuses(card: Card, stat: str) -> list[Bonus]:
    return [
        (f"habilidad {a.name}", getattr(a, stat))
        for a in card.abilities
        if a.timing == "constant" and getattr(a, stat) and ability_active(card, a)
    ]


def _special_bonuses(state: Battle, card: Card, stat: str) -> list[Bonus]:
    """The effects of the special units on the field that reach ``card`` (its side's or the enemy's, within
    their squares), each its own bonus."""
    bonuses: list[Bonus] = []
    for unit in state.units:
        if unit.kind != "special" or not unit.effects or unit.name == card.name or not unit.on_board:
            continue
        for effect in unit.effects:
            amount = getattr(effect, stat)
            if not amount or (effect.affects == "allies") != (unit.side == card.side):
                continue
            if effect.within is not None:
                if card.position is None or unit.position is None:
                    continue
                if state.board.distance(unit.position, card.position) > effect.within:
                    continue
            named = "" if effect.name == unit.name else f" ({effect.name})"
            bonuses.append((f"unidad especial {unit.name}{named}", amount))
    return bonuses


def attack_bonuses(
    state: Battle, attacker: Card, target: Card, *, mode: str | None = None, orange: bool = False
) -> tuple[list[Bonus], list[str]]:
    bonuses, notes = _card_bonuses(state, attacker, "attack", _times("BA", attacker.attack, attacker.cards))
    line = state.line_of(attacker)
    if line == "front":
        bonuses.append(("Avanzada", 4))
    elif line == "rear":
        bonuses.append(("Retaguardia", -2))
    ranged = is_ranged(attacker, target, mode)
    if target.in_air and not attacker.in_air and ranged and attacker.kind != "power":
        bonuses.append(("Tierra contra Aire, a rango", -2))
    if orange:
        bonuses.append(("casilla naranja", -6))
    return bonuses, notes


def damage_bonuses(state: Battle, attacker: Card, target: Card) -> tuple[list[Bonus], list[str]]:
    bonuses, notes = _card_bonuses(state, attacker, "damage", _times("Daño", attacker.damage, attacker.cards))
    if state.line_of(attacker) == "rear":
        bonuses.append(("Retaguardia", -2))
    charge = state.charge_by(target.name)
    if charge is not None and charge.cover is not None:
        bonuses.append((f"Cubrir Carga por {charge.cover}", -4))
    return bonuses, notes


def evasion_bonuses(state: Battle, card: Card) -> list[Bonus]:
    bonuses = _card_bonuses(state, card, "evasion", ("Evasión", card.evasion))[0]
    line = state.line_of(card)
    if line == "front":
        bonuses.append(("Avanzada", -2))
    elif line == "rear":
        bonuses.append(("Retaguardia", 4))
    if (protected := state.shield_of(card.name)) is not None:
        bonuses.append((f"Escudo de {protected}", -2))
    for shield in state.shields_on(card.name):
        bonuses.append((f"protegido por el Escudo {shield}", 2))
    if state.guarding(card.name) is not None:
        bonuses.append(("Guardia Real", -2))
    charge = state.charge_by(card.name)
    if charge is not None:
        bonuses.append(("cargando" + (" con flanqueo" if charge.flank else ""), -4))
    elif card.name in state.exposed:
        bonuses.append(("flanqueando", -4))
    return bonuses


def check_bonuses(state: Battle, card: Card, stat: str) -> list[Bonus]:
    """Bonuses of a Fortaleza or Moral roll: the stat, +1 per two cards, and the commander's Moral bonus."""
    name = "Fortaleza" if stat == "fortitude" else "Moral"
    bonuses: list[Bonus] = [(name, getattr(card, stat))]
    if card.cards >= 2:
        bonuses.append((f"destacamento de {card.cards} cartas (+1 por cada dos)", card.cards // 2))
    if stat == "morale":
        commander = state.commander_of(card.side)
        if commander is not None and commander.on_board:
            if commander.leader:
                bonuses.append((f"{commander.name}, líder de la facción", 2))
            elif 9 <= commander.level <= 11:
                bonuses.append((f"{commander.name}, comandante de nivel {commander.level}", 1))
    return bonuses + _special_bonuses(state, card, stat)
