"""One plain sentence per event: the shared wording of the text and Rich logs.

A dispatch table maps event kinds to describers; rulesets that register their own event kinds may add a
describer with :func:`describer`. An unknown kind falls back to its fields, so nothing is ever hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabroll import events as ev

Describer = Callable[[Any], str]
DESCRIBERS: dict[str, Describer] = {}


def describer(kind: str) -> Callable[[Describer], Describer]:
    def register(fn: Describer) -> Describer:
        DESCRIBERS[kind] = fn
        return fn

    return register


def sq(position: Any) -> str:
    return f"[{position[0]}, {position[1]}]" if position is not None else "-"


def describe(event: ev.Event) -> str:
    fn = DESCRIBERS.get(event.kind)
    if fn is not None:
        return fn(event)
    fields = {k: v for k, v in event.to_json().items() if k != "kind"}
    return ", ".join(f"{k}={v}" for k, v in fields.items())


def game_over_text(event: ev.GameOver) -> str:
    fall = f"{event.unit} has fallen" + (f", struck by {event.by}" if event.by else "") + "; " if event.unit else ""
    result = f"{event.winner} wins" if event.winner else "the result is left to the table"
    removed = f"; removed: {', '.join(event.removed)}" if event.removed else ""
    return f"GAME OVER: {fall}{result} ({event.reason}){removed}"


def roll_text(event: ev.Roll) -> str:
    if event.shown and (len(event.terms) > 1 or event.total != sum(event.kept) or len(event.values) > 1):
        return f"{event.label}: {event.dice} → {event.shown} = {event.total}"  # drawn from the roll's own shape
    if len(event.values) == 1 and event.kept == event.values:
        shown = str(event.values[0])
    else:
        kept = list(event.kept)
        parts = []
        for value in event.values:
            if value in kept:
                kept.remove(value)
                parts.append(str(value))
            else:
                parts.append(f"~{value}")
        shown = "[" + ", ".join(parts) + "]"
    constant = event.total - sum(event.kept)
    if constant or len(event.values) > 1 or event.kept != event.values:
        return f"{event.label}: {event.dice} → {shown} = {event.total}"
    return f"{event.label}: {event.dice} → {shown}"


DESCRIBERS.update(
    {
        "action": lambda e: f"{e.index}. {e.description}",
        "refused": lambda e: e.reason + (f" [{e.rule}]" if e.rule else ""),
        "ruling": lambda e: f"{e.option} = {e.value}: {e.text}",
        "note": lambda e: e.text,
        "roll": roll_text,
        "modifier": lambda e: f"{e.applies_to} {e.amount:+d} ({e.reason}) → {e.total}",
        "element_bonus": lambda e: f"damage {e.amount:+d} ({e.reason}) → {e.total}",
        "hit": lambda e: f"{e.target} is hit: {e.rule}",
        "miss": lambda e: f"{e.target} is missed: {e.rule}",
        "immune": lambda e: f"{e.target} is immune: {e.reason}",
        "damage": lambda e: (
            f"{e.amount} damage to {e.target}: {e.rule}"
            + (f", {e.pool} {e.vitality_left} left" if e.vitality_left is not None else "")
        ),
        "heal": lambda e: (
            f"{e.unit} heals {e.amount}: {e.reason}"
            + (f" (VIT {e.before} → {e.after})" if e.before is not None else "")
        ),
        "status": lambda e: f"{e.unit} gets {e.status} ({e.reason})",
        "spend": lambda e: f"{e.unit} spends {e.amount} {e.resource} ({e.remaining} left)",
        "move": lambda e: f"{e.unit} moves {sq(e.origin)} → {sq(e.destination)} ({e.reason})",
        "flip": lambda e: f"{e.unit} is flipped",
        "new_round": lambda e: (
            f"round {e.round} begins" + (f"; face up again: {', '.join(e.unflipped)}" if e.unflipped else "")
        ),
        "defeat": lambda e: f"{e.unit} is defeated and leaves the board ({e.reason})",
        "survive": lambda e: f"{e.unit} survives ({e.reason})",
        "game_over": game_over_text,
    }
)
