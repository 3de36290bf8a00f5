"""Build BotSE scenarios in tests and resolve them with exactly the faces a test states."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

from tests import support

EXAMPLES = Path(__file__).resolve().parents[2] / "scenarios" / "botse"


class Die(NamedTuple):
    """A die of a ``roll`` event, read back from its label (``die 2 Enemy Combat (free) rerolled``)."""

    number: int
    die: str
    face: int
    free: bool
    how: str
    shows: str
    effect: str


LABEL = re.compile(r"die (\d+) (.+?)( \(free\))?( rerolled)?$")


class Outcome(support.Outcome):
    """The shared outcome (tests/support.py), with this game's own questions."""

    def dice(self) -> list[Die]:
        """Every die rolled or rerolled (each a core ``roll`` of one die with its face), in order."""
        out: list[Die] = []
        for roll in self.of("roll"):
            found = LABEL.match(roll.label)
            assert found is not None and roll.dice == f"1d{len(self.dice_faces(found[2]))}", roll
            how = "rerolled" if found[4] else "rolled"
            out.append(Die(int(found[1]), found[2], roll.values[0], bool(found[3]), how, roll.faces[0], roll.effect))
        return out

    def dice_faces(self, name: str) -> tuple[Any, ...]:
        return tuple(self.scenario.state.dice[name].faces)

    def places(self, step: int = -1) -> list[tuple[int, str, int | None]]:
        return [(e.number, e.place, e.slot) for e in self.steps[step].events if e.kind == "die_placed"]

    def damage(self) -> list[tuple[str, int, str]]:
        return [(e.target, e.amount, e.rule) for e in self.of("damage")]


def run_file(path: Path | str, session: list[int] | None = None, **options: Any) -> Outcome:
    return support.run_file(path, session, Outcome, **options)


def run_data(data: dict[str, Any], session: list[int] | None = None, **options: Any) -> Outcome:
    return support.run_data(data, session, Outcome, **options)


def adventurer(at: list[int] | None = None, **stats: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"at": at or [0, 0], "stamina": 3, "magicka": 2, "health": 10}
    base.update(stats)
    return base


def battle(
    actions: list[dict[str, Any]],
    adventurers: dict[str, dict[str, Any]] | None = None,
    enemies: dict[str, dict[str, Any]] | None = None,
    companions: dict[str, dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None,
    radius: int = 3,
    blocked: list[list[int]] | None = None,
    **more: Any,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "ruleset": "botse",
        "dice_set": "sample",
        "options": options or {},
        "map": {"radius": radius, "blocked": blocked or []},
        "adventurers": adventurers or {"Ayrenn": adventurer(dice=["Combat", "Combat", "Combat"])},
        "enemies": enemies if enemies is not None else {"Draugr": {"at": [1, 0], "health": 20, "defense": 0}},
        "companions": companions or {},
        "actions": actions,
    }
    data.update(more)
    return data


def engage(gather: list[str], dice: list[int], target: str | None = "Draugr", **more: Any) -> dict[str, Any]:
    action: dict[str, Any] = {"do": "engage", "adventurer": "Ayrenn", "gather": gather, "dice": dice}
    if target is not None:
        action["target"] = target
    action.update(more)
    return action
