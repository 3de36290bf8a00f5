"""A legal F0R60D army, checked when a scenario loads: one problem per rule broken, each with its file and line.
The scenario model checks each card; this module checks what needs the whole army (additions, the mode's limits,
points, and at deployment the commander and the formation)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from tabroll.loading.document import YamlDocument
from tabroll.loading.validation import Problem

from .messages import N_, _, n_
from .model import DECK_SIZE, MODE_NAMES, MODE_UNITS, MOST_IDENTICAL, ForgodScenario
from .state import Battle, Card
from .words import INVOCATIONS, KIND_WORDS

MAX_OFF_THE_LINE = 2  # cards a formation may set on its Avanzada or Retaguardia at the start


def army_problems(model: ForgodScenario, doc: YamlDocument, shell: Battle, cards: Sequence[Card]) -> list[Problem]:
    """Every rule of army building the scenario breaks, in file order (``shell``: the battle's board and sides)."""
    found: list[Problem] = []
    for card in cards:
        found += _addition_problems(card, doc)
        found += _summoner_problems(model, doc, card, cards)
    for side in shell.sides:
        army = [c for c in cards if c.side == side and not c.in_deck]
        found += _mode_problems(model, doc, side, army)
        found += _deck_problems(model, doc, side, army)
        if model.from_deployment:
            found += _deployment_problems(doc, shell, side, army)
    return sorted(found, key=lambda p: (p.location.line or 1 << 62, p.location.column or 0))


def _addition_problems(card: Card, doc: YamlDocument) -> list[Problem]:
    """Additions go on troop units only, never a black one, and fit each card's four slots."""
    if not card.additions:
        return []
    here = doc.locate(("units", card.name, "additions"))
    if card.kind != "troop":
        return [
            Problem(
                here,
                _(
                    "{card} is {kind}: additions are equipped on troop units only (addition deck)",
                    card=card.name,
                    kind=_(KIND_WORDS[card.kind]),
                ),
                tip=_("remove its 'additions'"),
            )
        ]
    found: list[Problem] = []
    for i, addition in enumerate(card.additions):
        if addition.kind == "black":
            found.append(
                Problem(
                    doc.locate(("units", card.name, "additions", i, "kind")),
                    _(
                        "{label} is a black addition: it is kept in the hand, never equipped (black additions)",
                        label=addition.label,
                    ),
                    tip=_("move it to the hand (hands:), or equip a non-black addition"),
                )
            )
    if (message := slot_overflow(card)) is not None:
        found.append(Problem(here, message, tip=_(_SLOT_TIP)))
    return found


_SLOT_KINDS = ("weapon", "armour", "experience", "accessory")
_SLOT_TIP = N_("a card holds one weapon-or-accessory, one armour-or-accessory and two experience-or-accessory")


def slot_overflow(card: Card) -> str | None:
    """What overflows the card's addition slots (four per card of the unit), if anything."""
    count = {kind: sum(a.copies for a in card.additions if a.kind == kind) for kind in _SLOT_KINDS}
    n = card.cards
    values = {"card": card.name}
    if count["weapon"] > n:
        return n_(
            "{card} has {count} weapons for {n} card, at most {most} (addition slots)",
            "{card} has {count} weapons for {n} cards, at most {most} (addition slots)",
            n,
            count=count["weapon"],
            most=n,
            **values,
        )
    if count["armour"] > n:
        return n_(
            "{card} has {count} armours for {n} card, at most {most} (addition slots)",
            "{card} has {count} armours for {n} cards, at most {most} (addition slots)",
            n,
            count=count["armour"],
            most=n,
            **values,
        )
    if count["experience"] > 2 * n:
        return n_(
            "{card} has {count} experience for {n} card, at most {most} (addition slots)",
            "{card} has {count} experience for {n} cards, at most {most} (addition slots)",
            n,
            count=count["experience"],
            most=2 * n,
            **values,
        )
    total = sum(count.values())
    if total > 4 * n:
        return n_(
            "{card} has {count} additions for {n} card, at most {most} (addition slots)",
            "{card} has {count} additions for {n} cards, at most {most} (addition slots)",
            n,
            card=card.name,
            count=total,
            most=4 * n,
        )
    return None


def _summoner_problems(model: ForgodScenario, doc: YamlDocument, card: Card, cards: Sequence[Card]) -> list[Problem]:
    """An invocation is deployed only with the card of its own army on the field that summons it; in a battle
    under way that card may have fallen (``summoner_fallen``)."""
    if card.kind not in INVOCATIONS or card.in_deck:
        return []
    rule = _("(choosing cards: an invocation needs the card that summons it)")
    field = doc.locate(("units", card.name, "summoner"))
    if card.summoner_fallen:  # only in a battle under way, and not a card the scenario holds
        if model.from_deployment:
            return [
                Problem(
                    doc.locate(("units", card.name, "summoner_fallen")),
                    _(
                        "{card}'s summoner cannot have fallen at deployment: the battle has not begun {rule}",
                        card=card.name,
                        rule=rule,
                    ),
                    tip=_("remove 'summoner_fallen', and name its summoner on the field"),
                )
            ]
        standing = next((c for c in cards if c.name == card.summoner), None)
        if standing is None:
            return []
        return [
            Problem(
                field,
                _(
                    "{card}'s summoner {standing} is in the scenario, so it has not fallen before it {rule}",
                    card=card.name,
                    standing=standing.name,
                    rule=rule,
                ),
                tip=_("remove 'summoner_fallen' (it falls, if it does, in the battle), or name the fallen card"),
            )
        ]
    if card.summoner is None:
        if not model.from_deployment:
            return []
        return [
            Problem(
                doc.locate(("units", card.name)),
                _(
                    "{card} is {kind} with no summoner; it is deployed only with the card of {side} "
                    "that summons it {rule}",
                    card=card.name,
                    kind=_(KIND_WORDS[card.kind]),
                    side=card.side,
                    rule=rule,
                ),
                tip=_("name it: summoner: <a card of {side}>", side=card.side),
            )
        ]
    summoner = next(c for c in cards if c.name == card.summoner)
    if summoner.name == card.name:
        return [
            Problem(
                field,
                _("{card} cannot be its own summoner {rule}", card=card.name, rule=rule),
                tip=_("name the card that summons it"),
            )
        ]
    if summoner.side != card.side:
        ours = [c.name for c in cards if c.side == card.side and not c.in_deck and c.kind not in INVOCATIONS]
        return [
            Problem(
                field,
                _(
                    "{card}'s summoner {summoner} is a card of {side}; an invocation of {side2} is "
                    "summoned by a card of its own army {rule}",
                    card=card.name,
                    summoner=summoner.name,
                    side=summoner.side,
                    side2=card.side,
                    rule=rule,
                ),
                tip=_("name a card of {side}: {cards}", side=card.side, cards=", ".join(ours))
                if ours
                else _("name a card of {side}", side=card.side),
            )
        ]
    if summoner.in_deck:
        return [
            Problem(
                field,
                _(
                    "{card}'s summoner {summoner} is still in {side}'s troop deck, not in the army on the field {rule}",
                    card=card.name,
                    summoner=summoner.name,
                    side=card.side,
                    rule=rule,
                ),
                tip=_(
                    "place {summoner} on the field, or name a card of {side} that is",
                    summoner=summoner.name,
                    side=card.side,
                ),
            )
        ]
    return []


def _mode_problems(model: ForgodScenario, doc: YamlDocument, side: str, army: list[Card]) -> list[Problem]:
    """The game mode's most units on the field and the campaign points (PC) a side may spend."""
    found: list[Problem] = []
    troops = [c for c in army if c.counts_as_troop]
    if model.mode is not None:
        most = MODE_UNITS[model.mode]
        if len(troops) > most:
            extra = troops[most]
            found.append(
                Problem(
                    doc.locate(("units", extra.name)),
                    _(
                        "{side} fields {count} units; {mode} allows at most {most}, the "
                        "commander included (game modes; invocations and special units do not count)",
                        side=side,
                        count=len(troops),
                        mode=MODE_NAMES[model.mode],
                        most=most,
                    ),
                    tip=_("remove units, or choose a larger mode"),
                )
            )
    limit = model.point_limit()
    paid = [c for c in army if c.paid]
    spent = list(accumulate(c.cost * c.cards for c in paid))  # the PC spent up to each card
    over = next((card for card, total in zip(paid, spent, strict=True) if limit is not None and total > limit), None)
    if over is not None:
        found.append(
            Problem(
                doc.locate(("units", over.name)),
                _(
                    "{side}'s army costs {total} PC; it may spend at most {limit} (campaign points: PC "
                    "per card, each card of a detachment paid)",
                    side=side,
                    total=spent[-1],
                    limit=limit,
                ),
                tip=_("remove cards, or raise 'points'"),
            )
        )
    return found


def _deck_problems(model: ForgodScenario, doc: YamlDocument, side: str, army: list[Card]) -> list[Problem]:
    """The addition deck (six identical at most; at deployment the mode's size and black cards) and the hand (one
    addition per unit on the field)."""
    found: list[Problem] = []
    deck = model.decks.get(side)
    if deck is not None:
        same: dict[tuple[str, str], int] = {}
        for entry in deck:
            same[(entry.kind, entry.name)] = same.get((entry.kind, entry.name), 0) + entry.count
        for (kind, name), count in same.items():
            if count > MOST_IDENTICAL:
                found.append(
                    Problem(
                        doc.locate(("decks", side)),
                        _(
                            "{side}'s addition deck holds {count} cards '{value}'; at most {most} "
                            "identical cards (addition deck)",
                            side=side,
                            count=count,
                            value=name or kind,
                            most=MOST_IDENTICAL,
                        ),
                        tip=_("take the extra copies out of the deck"),
                    )
                )
        if model.from_deployment and model.mode is not None:
            size, black = DECK_SIZE[model.mode]
            total = sum(e.count for e in deck)
            blacks = sum(e.count for e in deck if e.kind == "black")
            if total != size or blacks < black:
                found.append(
                    Problem(
                        doc.locate(("decks", side)),
                        _(
                            "{side}'s addition deck has {total} cards, {blacks} black; {mode} starts with "
                            "{size}, at least {black} of them black (addition deck)",
                            side=side,
                            total=total,
                            blacks=blacks,
                            mode=MODE_NAMES[model.mode],
                            size=size,
                            black=black,
                        ),
                        tip=_("add or remove cards until the deck fits its mode"),
                    )
                )
    hand = model.hands.get(side)
    if hand is not None:
        units = len([c for c in army if c.on_board])
        held = sum(e.count for e in hand)
        if held > units:
            found.append(
                Problem(
                    doc.locate(("hands", side)),
                    n_(
                        "{side} holds {held} additions with {n} unit on the field; the hand holds one per unit "
                        "(addition hand)",
                        "{side} holds {held} additions with {n} units on the field; the hand holds one per unit "
                        "(addition hand)",
                        units,
                        side=side,
                        held=held,
                    ),
                    tip=_("keep one addition in the hand for each unit on the field"),
                )
            )
    return found


def _deployment_problems(doc: YamlDocument, shell: Battle, side: str, army: list[Card]) -> list[Problem]:
    """At deployment: one commander, standing at the right end of the formation, and the starting formation."""
    found: list[Problem] = []
    first = side == shell.sides[0]
    commander = next((c for c in army if c.commander), None)
    if commander is None:
        found.append(
            Problem(
                doc.locate(("units",)),
                _(
                    "{side} has no commander: each player chooses the commander of its troops before the "
                    "battle (choosing the commander)",
                    side=side,
                ),
                tip=_("mark one troop card 'commander: true'"),
            )
        )
    troops = [c for c in army if c.counts_as_troop and c.position is not None]
    found += _formation_problems(doc, shell, side, troops)
    if commander is not None and commander.position is not None and commander in troops:
        # it stands at the right end of its formation: the highest column for the first side
        column = commander.position[0]
        beyond = [
            c.name
            for c in troops
            if c.position is not None and (c.position[0] > column if first else c.position[0] < column)
        ]
        if beyond:
            found.append(
                Problem(
                    doc.locate(("units", commander.name)),
                    n_(
                        "{commander}, the commander, must stand at the right end of {side}'s formation; {beyond} "
                        "stands further right (choosing the commander)",
                        "{commander}, the commander, must stand at the right end of {side}'s formation; {beyond} "
                        "stand further right (choosing the commander)",
                        len(beyond),
                        commander=commander.name,
                        side=side,
                        beyond=", ".join(beyond),
                    ),
                    tip=_("the right is the highest column for the first side, the lowest for the second (facing it)"),
                )
            )
    return found


def _formation_problems(doc: YamlDocument, shell: Battle, side: str, troops: list[Card]) -> list[Problem]:
    """The starting formation: every troop on its own field, at most two off the middle line, which is covered."""
    found: list[Problem] = []
    middle = shell.line_row(side, "normal")
    lines = {c.name: shell.row_line(side, c.position[1]) for c in troops if c.position is not None}
    for card in troops:
        if lines[card.name] is None:
            found.append(
                Problem(
                    doc.locate(("units", card.name)),
                    _(
                        "{card} starts in the enemy field; a formation deploys on its own field (starting formation)",
                        card=card.name,
                    ),
                    tip=_("move the card to its own side's field"),
                )
            )
    off = [c for c in troops if lines[c.name] not in (None, "normal")]
    if len(off) > MAX_OFF_THE_LINE:
        found.append(
            Problem(
                doc.locate(("units", off[MAX_OFF_THE_LINE].name)),
                _(
                    "{side} sets {count} cards on its Avanzada or Retaguardia ({items}); at most "
                    "{most} leave the middle line at the start (starting formation)",
                    side=side,
                    count=len(off),
                    items=", ".join(c.name for c in off),
                    most=MAX_OFF_THE_LINE,
                ),
                tip=_("move the extra cards to the middle line"),
            )
        )
    taken = {c.position[0] for c in troops if c.position is not None and c.position[1] == middle}
    empty = [x for x in range(shell.board.width) if x not in taken]
    if empty:
        found.append(
            Problem(
                doc.locate(("units",)),
                n_(
                    "{side}'s middle line is not covered: column {columns} of row {middle} is empty; the formation "
                    "covers the whole middle line (starting formation)",
                    "{side}'s middle line is not covered: columns {columns} of row {middle} are empty; the formation "
                    "covers the whole middle line (starting formation)",
                    len(empty),
                    side=side,
                    columns=", ".join(str(x) for x in empty),
                    middle=middle,
                ),
                tip=_(
                    "place troops there, or make the board as wide as the middle line (board: {{width: {width}}})",
                    width=len(taken),
                )
                if taken
                else _("place troops on the middle line (line: normal)"),
            )
        )
    return found
